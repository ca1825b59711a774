/* chess.c — chess as a game of the game interface: the descriptor, the
 * position the generic engines see, and the rules of the game's end.
 *
 * Rules: the FIDE laws of chess — castling (not out of, through or into
 * check; not after the king or that rook has moved), en passant, promotion
 * to a queen, rook, bishop or knight, checkmate and stalemate. The game is
 * drawn as soon as the fifty-move rule (100 plies without a capture or a
 * pawn move), threefold repetition or insufficient material (no sequence of
 * legal moves can mate) applies: engines and matches need a game that ends,
 * so these draws are automatic rather than claimed.
 *
 * Position text: FEN ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -
 * 0 1"). The generic position holds the board and the Zobrist keys of the
 * positions since the last capture or pawn move, which threefold repetition
 * needs; a position read from FEN has no past. Moves are written in UCI long
 * algebraic notation (e2e4, e7e8q, e1g1 for castling) and read in it or in
 * SAN (e4, Nf3, exd5, O-O, e8=Q+). */
#include "ariadne/page.h"
#include "ariadne/arena.h"
#include "ariadne/game.h"
#include "ariadne/memory.h"
#include "ariadne/tool.h"
#include "chess_engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ar_variant {
    int unused;
};

static ar_status chess_create(const ar_param *params, size_t count, ar_variant **out, ar_error *err)
{
    (void)params;
    (void)count;
    (void)err;
    ar_chess_tables();
    *out = ar_xcalloc(1, sizeof **out);
    return AR_OK;
}

static void chess_destroy(ar_variant *v) { free(v); }

static void chess_describe(const ar_variant *v, char *buf, size_t size)
{
    (void)v;
    snprintf(buf, size, "chess");
}

static const char *chess_player_name(const ar_variant *v, int player)
{
    (void)v;
    return player == 0 ? "white" : player == 1 ? "black" : "?";
}

static size_t chess_position_size(const ar_variant *v)
{
    (void)v;
    return sizeof(ar_chess_pos);
}

static void chess_initial(const ar_variant *v, void *pos)
{
    ar_chess_pos *p = pos;
    (void)v;
    memset(p, 0, sizeof *p);
    ar_chess_startpos(&p->b);
}

static ar_status chess_parse_position(const ar_variant *v, const char *text, void *pos, ar_error *err)
{
    ar_chess_pos *p = pos;
    size_t len = strlen(text), used = 0;
    ar_status st;
    (void)v;
    memset(p, 0, sizeof *p);
    st = ar_chess_parse_fen(text, len, &p->b, &used, err);
    if (st != AR_OK)
        return st;
    while (used < len && (text[used] == ' ' || text[used] == '\n' || text[used] == '\r'))
        used++;
    if (used < len)
        return ar_error_set(err, AR_ERR_INPUT, "FEN: unexpected text after the move number: '%.20s'",
                            text + used);
    return AR_OK;
}

static void chess_format_position(const ar_variant *v, const void *pos, char *buf, size_t size)
{
    (void)v;
    ar_chess_format_fen(&((const ar_chess_pos *)pos)->b, buf, size);
}

void ar_chess_draw_board(const ch_board *b, char *buf, size_t size)
{
    static const char glyph[] = "PNBRQKpnbrqk";
    size_t k = 0;
    int r, f;
    char fen[100];
#define EMIT(...) (k += (size_t)snprintf(buf + k, k < size ? size - k : 0, __VA_ARGS__))
    EMIT("    +-----------------+\n");
    for (r = 7; r >= 0; r--) {
        EMIT("  %d | ", r + 1);
        for (f = 0; f < 8; f++) {
            int p = b->board[r * 8 + f];
            EMIT("%c ", p == CH_EMPTY ? ((r + f) % 2 ? '.' : ':') : glyph[p]);
        }
        EMIT("|\n");
    }
    EMIT("    +-----------------+\n      a b c d e f g h\n");
    ar_chess_format_fen(b, fen, sizeof fen);
    EMIT("  %s to move%s   FEN %s\n", b->stm ? "black" : "white", ch_in_check(b) ? " (check)" : "", fen);
#undef EMIT
}

static void chess_draw(const ar_variant *v, const void *pos, char *buf, size_t size)
{
    (void)v;
    ar_chess_draw_board(&((const ar_chess_pos *)pos)->b, buf, size);
}

static int chess_to_move(const ar_variant *v, const void *pos)
{
    (void)v;
    return ((const ar_chess_pos *)pos)->b.stm;
}

int ar_chess_repetitions(const ar_chess_pos *p)
{
    int n = 0;
    unsigned i;
    for (i = 0; i < p->nhist; i++)
        n += p->hist[i] == p->b.key;
    return n;
}

ar_game_outcome ar_chess_outcome(const ar_chess_pos *p, const char **why)
{
    ch_move moves[CH_MAX_MOVES];
    const char *reason = NULL;
    ar_game_outcome o = AR_ONGOING;
    if (ar_chess_legal(&p->b, moves) == 0) {
        if (ch_in_check(&p->b)) {
            o = p->b.stm == CH_WHITE ? AR_WIN_P1 : AR_WIN_P0;
            reason = "checkmate";
        } else {
            o = AR_DRAW;
            reason = "stalemate";
        }
    } else if (p->b.halfmove >= 100) {
        o = AR_DRAW;
        reason = "fifty-move rule";
    } else if (ar_chess_repetitions(p) >= 2) {
        o = AR_DRAW;
        reason = "threefold repetition";
    } else if (ar_chess_insufficient(&p->b)) {
        o = AR_DRAW;
        reason = "insufficient material";
    }
    if (why)
        *why = reason;
    return o;
}

static ar_game_outcome chess_outcome(const ar_variant *v, const void *pos)
{
    (void)v;
    return ar_chess_outcome(pos, NULL);
}

static uint64_t chess_hash(const ar_variant *v, const void *pos)
{
    (void)v;
    return ((const ar_chess_pos *)pos)->b.key;
}

static unsigned chess_max_moves(const ar_variant *v, const void *pos)
{
    (void)v;
    (void)pos;
    return CH_MAX_MOVES;
}

static unsigned chess_legal_moves(const ar_variant *v, const void *pos, int player, ar_gmove *moves)
{
    const ar_chess_pos *p = pos;
    ch_move list[CH_MAX_MOVES];
    unsigned n, i;
    (void)v;
    if (player != p->b.stm || ar_chess_outcome(p, NULL) != AR_ONGOING)
        return 0;
    n = ar_chess_legal(&p->b, list);
    for (i = 0; i < n; i++)
        moves[i] = list[i];
    return n;
}

void ar_chess_pos_apply(ar_chess_pos *p, ch_move m)
{
    uint64_t before = p->b.key;
    ar_chess_make(&p->b, m);
    if (p->b.halfmove == 0) {
        p->nhist = 0;
    } else {
        if (p->nhist == AR_CHESS_HISTORY) { /* only a FEN's long clock gets here */
            memmove(p->hist, p->hist + 1, sizeof p->hist - sizeof p->hist[0]);
            p->nhist--;
        }
        p->hist[p->nhist++] = before;
    }
}

static void chess_apply(const ar_variant *v, void *pos, ar_gmove move)
{
    (void)v;
    ar_chess_pos_apply(pos, (ch_move)move);
}

static size_t chess_format_move(const ar_variant *v, const void *pos, int player, ar_gmove move,
                                char *buf, size_t size)
{
    char text[8];
    (void)v;
    (void)pos;
    (void)player;
    ar_chess_move_uci((ch_move)move, text);
    snprintf(buf, size, "%s", text);
    return strlen(text) < size ? strlen(text) : (size ? size - 1 : 0);
}

static ar_status chess_parse_move(const ar_variant *v, const void *pos, int player, const char *text,
                                  size_t len, ar_gmove *out, ar_error *err)
{
    const ar_chess_pos *p = pos;
    ch_move m;
    ar_status st;
    const char *why;
    (void)v;
    if (player != p->b.stm)
        return ar_error_set(err, AR_ERR_INPUT, "it is %s's move", p->b.stm ? "black" : "white");
    if (ar_chess_outcome(p, &why) != AR_ONGOING)
        return ar_error_set(err, AR_ERR_INPUT, "the game is over (%s)", why);
    st = ar_chess_parse_move(&p->b, text, len, &m, err);
    if (st == AR_OK)
        *out = m;
    return st;
}

static unsigned chess_noisy_moves(const ar_variant *v, const void *pos, ar_gmove *moves)
{
    const ar_chess_pos *p = pos;
    ch_move list[CH_MAX_MOVES];
    unsigned n, i;
    (void)v;
    if (ar_chess_outcome(p, NULL) != AR_ONGOING)
        return 0;
    n = ar_chess_legal_noisy(&p->b, list);
    for (i = 0; i < n; i++)
        moves[i] = list[i];
    return n;
}

static int chess_eval_full(const ar_variant *v, const void *pos, int player)
{
    const ar_chess_pos *p = pos;
    int e = ar_chess_evaluate(NULL, &p->b);
    (void)v;
    return player == p->b.stm ? e : -e;
}

static int chess_eval_material(const ar_variant *v, const void *pos, int player)
{
    const ar_chess_pos *p = pos;
    int e = ar_chess_material(&p->b);
    (void)v;
    return player == CH_WHITE ? e : -e;
}

static const ar_game_eval chess_evals[] = {
    {.name = "full",
     .summary = "material, piece-square tables, mobility, king safety, pawn structure, tapered (centipawns)",
     .evaluate = chess_eval_full},
    {.name = "material",
     .summary = "material only: 100 a pawn, 320 a knight, 330 a bishop, 500 a rook, 900 a queen",
     .evaluate = chess_eval_material},
    {.name = NULL}};

static const ar_bench_suite chess_bench_suites[] = {
    {.name = "chess",
     .summary = "chess: perft counts and speed beside stockfish, the engine's bench node count",
     .run = ar_chess_bench},
    {.name = NULL}};

/* The board with the pieces as chess symbols, light and dark squares,
 * files and ranks (page.h). */
static void chess_picture(const ar_variant *v, const void *pos, ar_scene *scene)
{
    static const char letters[] = "KQRBNPkqrbnp";
    static const char *const glyphs[] = {"\u2654", "\u2655", "\u2656", "\u2657", "\u2658", "\u2659",
                                         "\u265A", "\u265B", "\u265C", "\u265D", "\u265E", "\u265F"};
    char buf[4096];
    const char *line = buf;
    int r = 0;
    chess_draw(v, pos, buf, sizeof buf);
    ar_scene_grid(scene, 8, 8);
    while (*line && r < 8) {
        size_t n = strcspn(line, "\n");
        if (n >= 22 && line[2] >= '1' && line[2] <= '8' && line[4] == '|') {
            int c;
            for (c = 0; c < 8; c++) {
                char ch = line[6 + 2 * c];
                const char *sq = (r + c) % 2 ? "dark" : "light", *at = strchr(letters, ch);
                char style[32];
                if (ch && at) {
                    snprintf(style, sizeof style, "%s+%s", sq, (at - letters) < 6 ? "wp" : "bp");
                    ar_scene_cell(scene, r, c, style, glyphs[(at - letters) % 6 + 6]);
                } else {
                    ar_scene_cell(scene, r, c, sq, NULL);
                }
            }
            r++;
        }
        line += n;
        if (*line)
            line++;
    }
    ar_scene_axes(scene, "8 7 6 5 4 3 2 1", "a b c d e f g h");
}

static const ar_game_example chess_examples[] = {
    {.args = "perft chess 4", .note = "197,281 positions at depth 4 from the start: the move generator's test"},
    {.args = "analyse chess --depth 5", .note = "the engine's view of the start position at depth 5"},
    {.args = NULL}};

const ar_game ar_game_chess = {
    .name = "chess",
    .summary = "chess: complete rules, FEN/SAN/PGN, perft, a UCI engine, matches against UCI engines",
    .help =
        "The FIDE laws of chess: castling, en passant, promotion, check, mate and stalemate; the\n"
        "fifty-move rule, threefold repetition and insufficient material draw at once.\n"
        "Position: FEN (rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1).\n"
        "Moves: UCI long algebraic (e2e4, e7e8q, e1g1 castles), SAN also read (Nf3, exd5, O-O, e8=Q).\n"
        "Bots: engine[:time=S:depth=D:nodes=N:hash=MB:steps=LIST:eval=FILE|handset|tuned:tc=B+I]\n"
        "(the chess engine, default; eval= a weights file of `chess-tune`, or the built-in sets),\n"
        "uci[:tc=B+I:movetime=S:opt.NAME=VALUE...]:COMMAND (an external UCI engine),\n"
        "xboard[:tc=B+I...]:COMMAND (an xboard engine such as fairymax), and the generic\n"
        "alphabeta, mcts and random over the game interface.\n"
        "\n"
        "Chess's own commands (docs/games/chess.md):\n"
        "  ariadne perft chess DEPTH [--fen FEN] [--divide] counts the leaf nodes of the move tree.\n"
        "  ariadne chess-uci is the engine for any UCI chess GUI (stdin/stdout).\n"
        "  ariadne match chess --bots A,B [--games N] [--tc 10+0.1] [--pgn FILE] plays from the\n"
        "      included openings with a clock and adjudication, and reports Elo with its 95% interval.\n"
        "  ariadne chess-pgn FILE checks every move of every game of a PGN file and writes it back.\n"
        "  ariadne chess-tune [--data FILE | --games N | --pgn FILE] [--label ENGINE] [--out FILE]\n"
        "      fits the evaluation's weights (Texel's method) to game results or to a UCI engine's\n"
        "      scores of the positions, and writes them as a file or as C.\n"
        "  ariadne bench chess [--quick] measures perft beside stockfish and the bench node count.",
    .flags = AR_GAME_DRAWS | AR_GAME_QUIESCENCE,
    .options = NULL,
    .create = chess_create,
    .destroy = chess_destroy,
    .describe = chess_describe,
    .player_name = chess_player_name,
    .position_size = chess_position_size,
    .initial_position = chess_initial,
    .parse_position = chess_parse_position,
    .format_position = chess_format_position,
    .draw = chess_draw,
    .picture = chess_picture,
    .to_move = chess_to_move,
    .outcome = chess_outcome,
    .hash = chess_hash,
    .max_moves = chess_max_moves,
    .legal_moves = chess_legal_moves,
    .apply = chess_apply,
    .undo = NULL, /* engines copy the position (the chess engine has its own search) */
    .format_move = chess_format_move,
    .parse_move = chess_parse_move,
    .evals = chess_evals,
    .strategies = NULL,
    .default_bot = "engine:time=1",
    .noisy_moves = chess_noisy_moves,
    .pass = NULL, /* the engine's own search has null-move pruning; a pass is not a chess move */
    .chance_outcomes = NULL,
    .bot_kinds = ar_chess_bot_kinds,
    .tools = ar_chess_tools,
    .perft = ar_chess_perft_job,
    .bench_suites = chess_bench_suites,
    .examples = chess_examples,
};
