/* mastermind.c — Mastermind as a game of the game interface: the
 * code-breaker guesses, the code-maker answers.
 *
 * mm_game.h says how the two players are modelled (the code-maker's move is
 * the answer, legal while some code fits every answer). This file has the
 * variant (pegs, colours, rows), positions and their text, moves, and the
 * descriptor; the strategies, the exhaustive search and the tree files live
 * in the mm_*.c files beside it (mm_internal.h lists them). */
#include "mm_game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/arena.h"
#include "ariadne/page.h"
#include "ariadne/tool.h"

static const ar_option_spec mm_options[] = {
    {.name = "pegs", .metavar = "P", .help = "pegs in a code, 1..8 (default 4)"},
    {.name = "colours", .metavar = "C", .help = "colours, 2..10 (default 6); written 1..9, and 0 for the tenth"},
    {.name = "rows", .metavar = "R", .help = "guesses the code-breaker has, 1..30 (default 10)"},
    {.name = NULL}};

void ar_mm_pos_history(const mm_pos *p, mm_history *h)
{
    int k;
    h->count = p->rows - p->pending;
    for (k = 0; k < h->count; k++) {
        h->guess[k] = p->guess[k];
        h->answer[k] = p->answer[k];
    }
}

static ar_status mm_create(const ar_param *params, size_t count, ar_variant **out, ar_error *err)
{
    long pegs, colours, rows;
    ar_variant *v;
    ar_status st;
    if ((st = ar_param_int(params, count, "pegs", 1, MM_MAX_PEGS, 4, &pegs, err)) != AR_OK ||
        (st = ar_param_int(params, count, "colours", 2, MM_MAX_COLOURS, 6, &colours, err)) != AR_OK ||
        (st = ar_param_int(params, count, "rows", 1, MM_MAX_ROWS, 10, &rows, err)) != AR_OK)
        return st;
    v = calloc(1, sizeof *v);
    if (!v)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory");
    if ((st = ar_mm_rules_init(&v->r, (int)pegs, (int)colours, err)) != AR_OK) {
        free(v);
        return st;
    }
    v->rows = (int)rows;
    *out = v;
    return AR_OK;
}

static void mm_destroy(ar_variant *v)
{
    ar_mm_rules_free(&v->r);
    free(v);
}

static void mm_describe(const ar_variant *v, char *buf, size_t size)
{
    snprintf(buf, size, "mastermind: %d pegs, %d colours, %d rows", v->r.pegs, v->r.colours, v->rows);
}

static const char *mm_player_name(const ar_variant *v, int player)
{
    (void)v;
    return player == MM_BREAKER ? "code-breaker" : "code-maker";
}

static size_t mm_position_size(const ar_variant *v)
{
    (void)v;
    return sizeof(mm_pos);
}

static void mm_initial(const ar_variant *v, void *pos)
{
    (void)v;
    memset(pos, 0, sizeof(mm_pos));
}

static int mm_won(const ar_variant *v, const mm_pos *p)
{
    return p->rows > 0 && !p->pending && p->answer[p->rows - 1] == v->r.win;
}

static ar_game_outcome mm_outcome(const ar_variant *v, const void *pos)
{
    const mm_pos *p = pos;
    if (mm_won(v, p))
        return AR_WIN_P0;
    if (p->rows >= v->rows && !p->pending)
        return AR_WIN_P1;
    return AR_ONGOING;
}

static int mm_to_move(const ar_variant *v, const void *pos)
{
    const mm_pos *p = pos;
    return mm_outcome(v, pos) == AR_ONGOING && p->pending ? MM_MAKER : MM_BREAKER;
}

static unsigned mm_max_moves(const ar_variant *v, const void *pos)
{
    (void)pos;
    return v->r.codes > (uint32_t)v->r.answers ? v->r.codes : (unsigned)v->r.answers;
}

static unsigned mm_legal_moves(const ar_variant *v, const void *pos, int player, ar_gmove *moves)
{
    const mm_pos *p = pos;
    unsigned n = 0;
    if (mm_outcome(v, pos) != AR_ONGOING || player != mm_to_move(v, pos))
        return 0;
    if (player == MM_BREAKER) {
        uint32_t c;
        for (c = 0; c < v->r.codes; c++)
            moves[n++] = c;
    } else {
        mm_history h;
        uint64_t possible;
        int a;
        ar_mm_pos_history(p, &h);
        possible = ar_mm_possible_answers(&v->r, &h, p->guess[p->rows - 1]);
        for (a = 0; a < v->r.answers; a++)
            if (possible >> a & 1u)
                moves[n++] = (ar_gmove)a;
    }
    return n;
}

static void mm_apply(const ar_variant *v, void *pos, ar_gmove move)
{
    mm_pos *p = pos;
    (void)v;
    if (p->pending) {
        p->answer[p->rows - 1] = (uint8_t)move;
        p->pending = 0;
    } else {
        p->guess[p->rows++] = (uint32_t)move;
        p->pending = 1;
    }
}

static void mm_undo(const ar_variant *v, void *pos, ar_gmove move)
{
    mm_pos *p = pos;
    (void)v;
    (void)move;
    if (p->pending) {
        p->guess[--p->rows] = 0;
        p->pending = 0;
    } else {
        p->answer[p->rows - 1] = 0;
        p->pending = 1;
    }
}

static size_t mm_format_move(const ar_variant *v, const void *pos, int player, ar_gmove move, char *buf,
                             size_t size)
{
    (void)pos;
    return player == MM_BREAKER ? ar_mm_format_code(&v->r, (uint32_t)move, buf, size)
                                : ar_mm_format_answer(&v->r, (unsigned)move, buf, size);
}

static ar_status mm_parse_move(const ar_variant *v, const void *pos, int player, const char *text, size_t len,
                               ar_gmove *out, ar_error *err)
{
    const mm_pos *p = pos;
    ar_status st;
    if (mm_outcome(v, pos) != AR_ONGOING)
        return ar_error_set(err, AR_ERR_INPUT, "the game is over");
    if (player != mm_to_move(v, pos))
        return ar_error_set(err, AR_ERR_INPUT, "it is the %s's turn", mm_player_name(v, mm_to_move(v, pos)));
    if (player == MM_BREAKER) {
        uint32_t code;
        if ((st = ar_mm_parse_code(&v->r, text, len, &code, err)) != AR_OK)
            return st;
        *out = code;
    } else {
        unsigned answer;
        mm_history h;
        if ((st = ar_mm_parse_answer(&v->r, text, len, &answer, err)) != AR_OK)
            return st;
        ar_mm_pos_history(p, &h);
        h.guess[h.count] = p->guess[p->rows - 1];
        h.answer[h.count] = (uint8_t)answer;
        h.count++;
        if (ar_mm_first_consistent(&v->r, &h) == UINT32_MAX) {
            char said[400];
            ar_mm_history_text(&v->r, &h, said, sizeof said);
            return ar_error_set(err, AR_ERR_INPUT, "no code fits your answers (%s): check them", said);
        }
        *out = answer;
    }
    return AR_OK;
}

/* ------------------------------------------------------- position text */

static void mm_format_position(const ar_variant *v, const void *pos, char *buf, size_t size)
{
    const mm_pos *p = pos;
    size_t used = 0;
    int k;
    if (p->rows == 0) {
        snprintf(buf, size, "-");
        return;
    }
    buf[0] = '\0';
    for (k = 0; k < p->rows && used + 24 < size; k++) {
        char g[16], a[16];
        ar_mm_format_code(&v->r, p->guess[k], g, sizeof g);
        if (k == p->rows - 1 && p->pending)
            used += (size_t)snprintf(buf + used, size - used, "%s%s", k ? " " : "", g);
        else {
            ar_mm_format_answer(&v->r, p->answer[k], a, sizeof a);
            used += (size_t)snprintf(buf + used, size - used, "%s%s:%s", k ? " " : "", g, a);
        }
    }
}

static ar_status mm_parse_position(const ar_variant *v, const char *text, void *pos, ar_error *err)
{
    mm_pos p;
    const char *s = text;
    mm_history h;
    memset(&p, 0, sizeof p);
    while (*s == ' ')
        s++;
    if (*s == '\0')
        return ar_error_set(err, AR_ERR_INPUT, "an empty position: write '-' for the start, or guesses "
                                               "with their answers, e.g. '1122:1B0W 1344'");
    if (s[0] == '-' && (s[1] == '\0' || s[1] == ' ')) {
        s++;
        while (*s == ' ')
            s++;
        if (*s) {
            char q[200];
            ar_mm_quote(s, strlen(s), q, sizeof q);
            return ar_error_set(err, AR_ERR_INPUT, "unexpected '%s' after '-' (the start)", q);
        }
        memcpy(pos, &p, sizeof p);
        return AR_OK;
    }
    while (*s) {
        size_t len = strcspn(s, " "), glen = strcspn(s, ": ");
        uint32_t code;
        ar_error sub;
        char where[32];
        snprintf(where, sizeof where, "guess %d", p.rows + 1);
        if (p.pending)
            return ar_error_set(err, AR_ERR_INPUT, "%s: the guess before it has no answer (write GUESS:ANSWER)",
                                where);
        if (mm_won(v, &p))
            return ar_error_set(err, AR_ERR_INPUT, "%s: the code was found already", where);
        if (p.rows >= v->rows)
            return ar_error_set(err, AR_ERR_INPUT, "%s: the board has %d rows", where, v->rows);
        ar_error_clear(&sub);
        if (ar_mm_parse_code(&v->r, s, glen, &code, &sub) != AR_OK)
            return ar_error_set(err, AR_ERR_INPUT, "%s: %s", where, sub.message);
        p.guess[p.rows++] = code;
        if (glen < len) {
            unsigned answer;
            ar_error_clear(&sub);
            if (ar_mm_parse_answer(&v->r, s + glen + 1, len - glen - 1, &answer, &sub) != AR_OK)
                return ar_error_set(err, AR_ERR_INPUT, "%s: %s", where, sub.message);
            p.answer[p.rows - 1] = (uint8_t)answer;
        } else {
            p.pending = 1;
        }
        s += len;
        while (*s == ' ')
            s++;
    }
    ar_mm_pos_history(&p, &h);
    if (ar_mm_first_consistent(&v->r, &h) == UINT32_MAX)
        return ar_error_set(err, AR_ERR_INPUT, "no code fits these answers");
    memcpy(pos, &p, sizeof p);
    return AR_OK;
}

typedef struct counter {
    uint64_t n, cap;
} counter;

static int count_one(void *ctx, uint32_t code)
{
    counter *c = ctx;
    (void)code;
    return ++c->n >= c->cap;
}

static void mm_draw(const ar_variant *v, const void *pos, char *buf, size_t size)
{
    const mm_pos *p = pos;
    size_t used = 0;
    int k;
    mm_history h;
    counter c = {0, 1000000};
    if (v->r.colours == 10)
        used = (size_t)snprintf(buf, size, "  %d pegs, 10 colours (1-9 and 0), %d rows\n", v->r.pegs, v->rows);
    else
        used = (size_t)snprintf(buf, size, "  %d pegs, %d colours (1-%d), %d rows\n", v->r.pegs, v->r.colours,
                                v->r.colours, v->rows);
    for (k = 0; k < p->rows && used + 64 < size; k++) {
        char g[16], a[16];
        ar_mm_format_code(&v->r, p->guess[k], g, sizeof g);
        if (k == p->rows - 1 && p->pending)
            snprintf(a, sizeof a, "?");
        else
            ar_mm_format_answer(&v->r, p->answer[k], a, sizeof a);
        used += (size_t)snprintf(buf + used, size - used, "  %2d.  %s  %s\n", k + 1, g, a);
    }
    ar_mm_pos_history(p, &h);
    if (used + 64 < size && !mm_won(v, p)) {
        ar_mm_each_consistent(&v->r, &h, count_one, &c);
        snprintf(buf + used, size - used, "  %s%llu code%s fit%s the answers; %d guess%s left", c.n >= c.cap ? "over " : "",
                 (unsigned long long)c.n, c.n == 1 ? "" : "s", c.n == 1 ? "s" : "", v->rows - p->rows,
                 v->rows - p->rows == 1 ? "" : "es");
    } else if (used > 0) {
        buf[used - 1] = '\0';
    }
}

/* The board for the browser pages: a row a guess, its pegs in the page's
 * player colours (colour c as p<c>, labelled with its digit), then the
 * answer as black (B) and white (W) pegs, "?" while unanswered; while the
 * game is on, a row of holes for the next guess. The text board is the
 * caption. */
static void mm_picture(const ar_variant *v, const void *pos, ar_scene *scene)
{
    const mm_pos *p = pos;
    const mm_rules *r = &v->r;
    int on = !mm_won(v, p) && p->rows < v->rows && !p->pending;
    int rows = p->rows + on, k, j, col;
    char *text = malloc(4096);
    ar_scene_grid(scene, rows, 2 * r->pegs + 1);
    for (k = 0; k < p->rows; k++) {
        char code[16], label[2] = {0, 0}, style[8];
        ar_mm_format_code(r, p->guess[k], code, sizeof code);
        for (j = 0; j < r->pegs; j++) {
            label[0] = code[j];
            snprintf(style, sizeof style, "p%d", code[j] == '0' ? 10 : code[j] - '0');
            ar_scene_cell(scene, k, j, style, label);
        }
        col = r->pegs + 1;
        if (k == p->rows - 1 && p->pending) {
            ar_scene_cell(scene, k, col, "text", "?");
            continue;
        }
        for (j = 0; j < r->black[p->answer[k]]; j++)
            ar_scene_cell(scene, k, col++, "stone", "B");
        for (j = 0; j < r->white[p->answer[k]]; j++)
            ar_scene_cell(scene, k, col++, "coin-t", "W");
    }
    for (j = 0; on && j < r->pegs; j++)
        ar_scene_cell(scene, p->rows, j, "hole", NULL);
    if (text) {
        mm_draw(v, pos, text, 4096);
        ar_scene_caption(scene, "%s", text);
        free(text);
    }
}

/* A rough value for search bots: the code-breaker is ahead when the codes
 * left can be told apart with the guesses left (K answers a guess). */
static int mm_eval_left(const ar_variant *v, const void *pos, int player)
{
    const mm_pos *p = pos;
    mm_history h;
    counter c = {0, 1000000};
    double need = 0, left = v->rows - p->rows, n;
    int score;
    ar_mm_pos_history(p, &h);
    ar_mm_each_consistent(&v->r, &h, count_one, &c);
    for (n = (double)c.n; n > 1; n /= v->r.answers - 1)
        need += 1;
    score = (int)((left - need) * 1000);
    if (score > AR_EVAL_MAX)
        score = AR_EVAL_MAX;
    if (score < -AR_EVAL_MAX)
        score = -AR_EVAL_MAX;
    return player == MM_BREAKER ? score : -score;
}

static const ar_game_eval mm_evals[] = {
    {.name = "left", .summary = "guesses left against the guesses the codes left need at best",
     .evaluate = mm_eval_left},
    {.name = NULL}};

static const char *const mm_test_variants[] = {"pegs=2 colours=3 rows=4", "pegs=3 colours=10 rows=5",
                                               "pegs=5 colours=8 rows=3", "pegs=1 colours=2 rows=1", NULL};

static const ar_game_example mm_examples[] = {
    {.args = "mastermind-strategy", .note = "Knuth's strategy against every code: 5801 guesses, 1/6/62/533/694"},
    {.args = "mastermind-strategy --strategy optimal --max-guesses 5",
     .note = "the smallest total within 5 guesses, by exhaustive search: 5626 (Koyama & Lai)"},
    {.args = "verify mastermind data/mastermind/optimal-4x6.tree",
     .note = "the optimal strategy's file played against all 1296 codes: 5625 guesses"},
    {.args = "match mastermind --bots knuth,random-consistent --games 4 --seed 1",
     .note = "Knuth's rule and a random code that fits, each as code-breaker and code-maker"},
    {.args = NULL}};

const ar_game ar_game_mastermind = {
    .name = "mastermind",
    .summary = "Mastermind: break a code of P pegs and C colours; Knuth's and the optimal strategies",
    .help =
        "The code-maker holds a code of P pegs (--pegs, 1..8, default 4), each one of C\n"
        "colours (--colours, 2..10, default 6; written 1..9, and 0 for the tenth); colours may\n"
        "repeat. The code-breaker guesses a code and is answered with a black peg for each\n"
        "peg of the right colour in the right place and a white one for each other right\n"
        "colour: 1122 against the code 1213 scores 1B2W. Being answered all black (4B0W)\n"
        "within R guesses (--rows, default 10) wins; otherwise the code-maker wins.\n"
        "The code-maker's move is the answer: any answer some code still fits is legal, so\n"
        "when you play the code-maker (ariadne play mastermind --first bot) you keep a code\n"
        "in mind and answer; an answer no code fits is refused (\"no code fits your\n"
        "answers\"). Moves: a guess \"1122\"; an answer \"2B1W\" (also \"2 1\", \"21\", \"BBW\", \"0\").\n"
        "Position: the guesses with their answers, the last one maybe still unanswered:\n"
        "\"1122:1B0W 1344:0B2W 3526\" ('-' is the start).\n"
        "Bots: best (the optimal tree where there is one, else entropy), knuth, irving, entropy,\n"
        "parts, consistent, random-consistent, tree:file=F; as code-maker each keeps a random\n"
        "secret, or answers as an adversary with maker=adversary (e.g. knuth:maker=adversary).\n"
        "Strategies over every code: ariadne mastermind-strategy; the line-protocol bot:\n"
        "ariadne mastermind-bot; a code-maker program: ariadne mastermind-maker; a strategy\n"
        "file checked against every code: ariadne verify mastermind FILE.",
    .flags = AR_GAME_ACYCLIC,
    .options = mm_options,
    .create = mm_create,
    .destroy = mm_destroy,
    .describe = mm_describe,
    .player_name = mm_player_name,
    .position_size = mm_position_size,
    .initial_position = mm_initial,
    .parse_position = mm_parse_position,
    .format_position = mm_format_position,
    .draw = mm_draw,
    .picture = mm_picture,
    .to_move = mm_to_move,
    .outcome = mm_outcome,
    .hash = NULL, /* the bytes are hashed: unused entries are zero */
    .max_moves = mm_max_moves,
    .legal_moves = mm_legal_moves,
    .apply = mm_apply,
    .undo = mm_undo,
    .format_move = mm_format_move,
    .parse_move = mm_parse_move,
    .evals = mm_evals,
    .strategies = NULL, /* the strategies are bots: they need the codes still possible */
    .default_bot = "best",
    .bot_kinds = ar_mm_bot_kinds,
    .tools = ar_mm_tools,
    .bench_suites = ar_mm_bench_suites,
    .test_variants = mm_test_variants,
    .examples = mm_examples,
};
