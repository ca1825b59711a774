/* checkers.c — English draughts (checkers) as a game of the game
 * interface: the descriptor, the position the generic engines see, and the
 * rules of the game's end.
 *
 * Rules (checkers_movegen.c has the moves): 8x8 board, 12 men a side on the
 * dark squares 1-12 (Black) and 21-32 (White), Black moves first. Men move
 * and capture diagonally forward, kings both ways; captures are compulsory
 * (any capture may be chosen) and a capture goes on while the piece can jump;
 * a man reaching the last row is crowned and its move ends. A player who
 * cannot move loses (a side whose last piece is taken cannot move). Draws: the third repetition of a position, and 40
 * moves each without a man moving or a capture (checkers_engine.h).
 *
 * Position text: PDN FEN ("B:W21,...,32:B1,...,12"). Moves: "11-15",
 * "22x15", "18x11x4". Player 0 is Black. */
#include "ariadne/arena.h"
#include "ariadne/game.h"
#include "ariadne/memory.h"
#include "ariadne/page.h"
#include "ariadne/tool.h"
#include "checkers_engine.h"
#include "checkers_match.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ar_variant {
    int unused;
};

void ar_checkers_pos_init(ar_checkers_pos *p, const ck_board *b)
{
    memset(p, 0, sizeof *p);
    p->b = *b;
    p->key = ck_hash(b);
}

void ar_checkers_pos_apply(ar_checkers_pos *p, const ck_move *m)
{
    uint64_t before = p->key;
    ar_checkers_make(&p->b, m);
    p->key = ck_hash(&p->b);
    if (ck_move_resets(m)) {
        p->quiet = 0;
        p->nhist = 0;
        memset(p->hist, 0, sizeof p->hist);
        return;
    }
    p->quiet++;
    if (p->nhist == AR_CHECKERS_QUIET_DRAW) { /* cannot happen: the game is drawn first */
        memmove(p->hist, p->hist + 1, sizeof p->hist - sizeof p->hist[0]);
        p->nhist--;
    }
    p->hist[p->nhist++] = before;
}

ar_game_outcome ar_checkers_outcome(const ar_checkers_pos *p, const char **why)
{
    const char *reason = NULL;
    ar_game_outcome o = AR_ONGOING;
    unsigned i, reps = 0;
    for (i = 0; i < p->nhist; i++)
        reps += p->hist[i] == p->key;
    if (!p->b.pieces[p->b.stm ^ 1]) { /* only from a FEN: play ends when the last piece is taken */
        o = p->b.stm == CK_BLACK ? AR_WIN_P0 : AR_WIN_P1;
        reason = "no pieces left";
    } else if (ar_checkers_count_moves(&p->b) == 0) {
        o = p->b.stm == CK_BLACK ? AR_WIN_P1 : AR_WIN_P0;
        reason = "no legal move";
    } else if (reps >= 2) {
        o = AR_DRAW;
        reason = "threefold repetition";
    } else if (p->quiet >= AR_CHECKERS_QUIET_DRAW) {
        o = AR_DRAW;
        reason = "40-move rule";
    }
    if (why)
        *why = reason;
    return o;
}

int ar_checkers_decode(const ck_board *b, uint32_t code, ck_move *out)
{
    ck_move list[CK_MAX_MOVES];
    unsigned n = ar_checkers_legal(b, list);
    const ck_move *m = ar_checkers_find_code(list, n, code);
    if (!m)
        return 0;
    *out = *m;
    return 1;
}

/* ---------------------------------------------------------------- slots */

static ar_status ck_create(const ar_param *params, size_t count, ar_variant **out, ar_error *err)
{
    (void)params;
    (void)count;
    (void)err;
    *out = ar_xcalloc(1, sizeof **out);
    return AR_OK;
}

static void ck_destroy(ar_variant *v) { free(v); }

static void ck_describe(const ar_variant *v, char *buf, size_t size)
{
    (void)v;
    snprintf(buf, size, "checkers (English draughts)");
}

static const char *ck_player_name(const ar_variant *v, int player)
{
    (void)v;
    return player == 0 ? "black" : player == 1 ? "white" : "?";
}

static size_t ck_position_size(const ar_variant *v)
{
    (void)v;
    return sizeof(ar_checkers_pos);
}

static void ck_initial(const ar_variant *v, void *pos)
{
    ck_board b;
    (void)v;
    ar_checkers_startpos(&b);
    ar_checkers_pos_init(pos, &b);
}

static ar_status ck_parse_position(const ar_variant *v, const char *text, void *pos, ar_error *err)
{
    ck_board b;
    (void)v;
    if (ar_checkers_parse_fen(text, strlen(text), &b, NULL, err) != AR_OK)
        return AR_ERR_INPUT;
    ar_checkers_pos_init(pos, &b);
    return AR_OK;
}

static void ck_format_position(const ar_variant *v, const void *pos, char *buf, size_t size)
{
    (void)v;
    ar_checkers_format_fen(&((const ar_checkers_pos *)pos)->b, buf, size);
}

static void ck_draw(const ar_variant *v, const void *pos, char *buf, size_t size)
{
    (void)v;
    ar_checkers_draw_board(&((const ar_checkers_pos *)pos)->b, buf, size);
}

/* The browser pages' board: Black's side (squares 1-4) at the top as in
 * the text board, an empty playing square labelled with its number, a man
 * a disc of its side's colour (p1 Black, p2 White), a king the disc with K. */
static void ck_picture(const ar_variant *v, const void *pos, ar_scene *scene)
{
    const ck_board *b = &((const ar_checkers_pos *)pos)->b;
    int n, r, c;
    (void)v;
    ar_scene_grid(scene, 8, 8);
    for (r = 0; r < 8; r++)
        for (c = 0; c < 8; c++)
            ar_scene_cell(scene, r, c, "light", NULL);
    for (n = 1; n <= 32; n++) {
        uint64_t bit = ck_bit(ck_square_bit(n));
        const char *king = b->kings & bit ? "K" : "";
        char label[4];
        r = (n - 1) / 4;
        c = 2 * ((n - 1) % 4) + (r % 2 == 0 ? 1 : 0);
        if (b->pieces[CK_BLACK] & bit) {
            ar_scene_cell(scene, r, c, "dark+p1", king);
        } else if (b->pieces[CK_WHITE] & bit) {
            ar_scene_cell(scene, r, c, "dark+p2", king);
        } else {
            snprintf(label, sizeof label, "%d", n);
            ar_scene_cell(scene, r, c, "dark+muted", label);
        }
    }
    ar_scene_caption(scene, "%s to move", b->stm == CK_BLACK ? "Black" : "White");
}

static int ck_to_move(const ar_variant *v, const void *pos)
{
    (void)v;
    return (int)((const ar_checkers_pos *)pos)->b.stm;
}

static ar_game_outcome ck_outcome(const ar_variant *v, const void *pos)
{
    (void)v;
    return ar_checkers_outcome(pos, NULL);
}

static uint64_t ck_game_hash(const ar_variant *v, const void *pos)
{
    (void)v;
    return ((const ar_checkers_pos *)pos)->key;
}

static unsigned ck_max_moves(const ar_variant *v, const void *pos)
{
    (void)v;
    (void)pos;
    return CK_MAX_MOVES;
}

static unsigned ck_legal_moves(const ar_variant *v, const void *pos, int player, ar_gmove *moves)
{
    const ar_checkers_pos *p = pos;
    ck_move list[CK_MAX_MOVES];
    unsigned n, i;
    (void)v;
    if (player != (int)p->b.stm || ar_checkers_outcome(p, NULL) != AR_ONGOING)
        return 0;
    n = ar_checkers_legal(&p->b, list);
    for (i = 0; i < n; i++)
        moves[i] = list[i].code;
    return n;
}

static void ck_apply(const ar_variant *v, void *pos, ar_gmove move)
{
    ar_checkers_pos *p = pos;
    ck_move m;
    (void)v;
    if (ar_checkers_decode(&p->b, (uint32_t)move, &m))
        ar_checkers_pos_apply(p, &m);
}

static size_t ck_format_move(const ar_variant *v, const void *pos, int player, ar_gmove move, char *buf,
                             size_t size)
{
    const ar_checkers_pos *p = pos;
    ck_move m;
    (void)v;
    (void)player;
    if (!ar_checkers_decode(&p->b, (uint32_t)move, &m)) {
        snprintf(buf, size, "?");
        return size > 1 ? 1 : 0;
    }
    return ar_checkers_move_text(&m, buf, size);
}

static ar_status ck_parse_move(const ar_variant *v, const void *pos, int player, const char *text, size_t len,
                               ar_gmove *out, ar_error *err)
{
    const ar_checkers_pos *p = pos;
    const char *why;
    ck_move m;
    (void)v;
    if (player != (int)p->b.stm)
        return ar_error_set(err, AR_ERR_INPUT, "it is %s's move", p->b.stm == CK_BLACK ? "Black" : "White");
    if (ar_checkers_outcome(p, &why) != AR_ONGOING)
        return ar_error_set(err, AR_ERR_INPUT, "the game is over (%s)", why);
    if (ar_checkers_parse_move(&p->b, text, len, &m, err) != AR_OK)
        return AR_ERR_INPUT;
    *out = m.code;
    return AR_OK;
}

static unsigned ck_noisy_moves(const ar_variant *v, const void *pos, ar_gmove *moves)
{
    const ar_checkers_pos *p = pos;
    ck_move list[CK_MAX_MOVES];
    unsigned n, i;
    (void)v;
    if (ar_checkers_outcome(p, NULL) != AR_ONGOING)
        return 0;
    n = ar_checkers_captures(&p->b, list);
    for (i = 0; i < n; i++)
        moves[i] = list[i].code;
    return n;
}

/* Material only, for the generic engines: a man 100, a king 130. */
static int ck_eval_material(const ar_variant *v, const void *pos, int player)
{
    const ck_board *b = &((const ar_checkers_pos *)pos)->b;
    int e = 100 * (ck_popcount(b->pieces[0]) - ck_popcount(b->pieces[1])) +
            30 * (ck_popcount(b->pieces[0] & b->kings) - ck_popcount(b->pieces[1] & b->kings));
    (void)v;
    return player == 0 ? e : -e;
}

/* The engine's evaluation (learned weights), for the generic engines. */
static int ck_eval_samuel(const ar_variant *v, const void *pos, int player)
{
    const ck_board *b = &((const ar_checkers_pos *)pos)->b;
    int e = ar_checkers_evaluate(NULL, b);
    (void)v;
    return player == (int)b->stm ? e : -e;
}

static const ar_game_eval ck_evals[] = {
    {.name = "samuel",
     .summary = "Samuel's terms with learned weights (the engine's: material, advancement, centre, back rank, "
                "mobility, tempo, runaway men)",
     .evaluate = ck_eval_samuel},
    {.name = "material", .summary = "material only: a man 100, a king 130", .evaluate = ck_eval_material},
    {.name = NULL}};

static const ar_bench_suite ck_bench_suites[] = {
    {.name = "checkers",
     .summary = "checkers: perft against the published counts, the engine's bench node count, the databases' build",
     .run = ar_checkers_bench},
    {.name = NULL}};

static const ar_game_example ck_examples[] = {
    {.args = "perft checkers 9", .note = "3,963,680 leaves at depth 9 from the start, as published (OEIS A133046)"},
    {.args = "analyse checkers \"W:W22,30:B18,1\" --depth 8", .note = "the engine's best line in an ending"},
    {.args = "match checkers --bots engine:depth=6,engine:depth=4 --games 4",
     .note = "two depths of the engine over both colours of two ACF ballots, with Elo"},
    {.args = "checkers-pdn data/checkers/vs-milhouse.pdn --check",
     .note = "every move of the 20 games against Milhouse (BENCHMARKS.md) checked"},
    {.args = "checkers-db build --pieces 3 --dir ckdb",
     .note = "the 2- and 3-piece endgame databases into ./ckdb, counts checked against the published table"},
    {.args = NULL}};

const ar_game ar_game_checkers = {
    .name = "checkers",
    .summary = "checkers (English draughts): rules, PDN, perft, an engine with endgame databases",
    .help = "English draughts on the 8x8 board, squares numbered 1-32 (1-4 on Black's side); Black moves\n"
            "first. Men move and capture diagonally forward, kings both ways; a capture is compulsory\n"
            "(any capture may be chosen) and goes on while the piece can jump; a man reaching the last\n"
            "row is crowned and its move ends. No legal move loses. Draws: a position's third\n"
            "repetition, and 40 moves each without a man moving or a capture.\n"
            "Position: PDN FEN (B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12;\n"
            "K before a king's square, ranges such as B1-12 read).\n"
            "Moves: 11-15, 22x15, 18x11x4 (every landing square), or a capture by its ends (18x4)\n"
            "when that names one move.\n"
            "Bots: engine[:time=S:depth=D:nodes=N:hash=MB:steps=LIST:eval=learned|handset|FILE:db=auto|off|N]\n"
            "(the checkers engine, default; it uses the endgame databases when they are built),\n"
            "cmd[:time=S:depth=D:nodes=N]:COMMAND (a program speaking the checkers-engine protocol), and\n"
            "the generic alphabeta, mcts and random.\n"
            "\n"
            "Checkers's own commands (docs/games/checkers.md):\n"
            "  ariadne perft checkers DEPTH [POSITION] [--divide] counts the leaves of the move tree.\n"
            "  ariadne checkers-engine is the engine behind a UCI-like line protocol (stdin/stdout).\n"
            "  ariadne match checkers --bots A,B [--games N] [--pdn FILE] [--replay DIR] plays from the\n"
            "      ACF three-move ballots and reports Elo with its 95% interval.\n"
            "  ariadne checkers-pdn FILE [--check] checks every move of a PDN file and writes it back.\n"
            "  ariadne checkers-db build [--pieces N] builds the endgame databases (up to 5 pieces).\n"
            "  ariadne checkers-learn [--games N] learns the evaluation's weights from self-play.\n"
            "  ariadne bench checkers [--quick] measures perft, the engine's bench count and the databases.",
    .flags = AR_GAME_DRAWS | AR_GAME_QUIESCENCE,
    .options = NULL,
    .create = ck_create,
    .destroy = ck_destroy,
    .describe = ck_describe,
    .player_name = ck_player_name,
    .position_size = ck_position_size,
    .initial_position = ck_initial,
    .parse_position = ck_parse_position,
    .format_position = ck_format_position,
    .draw = ck_draw,
    .picture = ck_picture,
    .to_move = ck_to_move,
    .outcome = ck_outcome,
    .hash = ck_game_hash,
    .max_moves = ck_max_moves,
    .legal_moves = ck_legal_moves,
    .apply = ck_apply,
    .undo = NULL, /* engines copy the position (the checkers engine has its own search) */
    .format_move = ck_format_move,
    .parse_move = ck_parse_move,
    .evals = ck_evals,
    .strategies = NULL,
    .default_bot = "engine:time=1",
    .noisy_moves = ck_noisy_moves,
    .pass = NULL, /* passing is no checkers move, and zugzwang is common: no null move */
    .chance_outcomes = NULL,
    .bot_kinds = ar_checkers_bot_kinds,
    .tools = ar_checkers_tools,
    .replay_format = "ariadne-checkers-replay",
    .replay = ar_checkers_replay_main,
    .bench_suites = ck_bench_suites,
    .perft = ar_checkers_perft_job,
    .examples = ck_examples,
};
