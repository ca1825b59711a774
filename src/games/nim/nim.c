/* nim.c — Nim and its relatives from the lecture notes: the rules (the
 * perfect players are in nim_strategies.c).
 *
 * Heaps of matches; players alternate. Rules, chosen by options:
 *   --take any   (default) take one or more matches from one heap; with
 *                --k K from up to K heaps at once (Moore's Nim_k, 1 <= K <= 4)
 *   --take half  one pile: take at least one match and at most half of the
 *                pile; from a pile of one the last match must be taken
 *   --play normal|misere  whoever takes the last match wins (normal) or loses
 *                (misère). Default: normal for --take any, misère for --take
 *                half (the notes' "the player who takes the last match loses").
 *
 * Perfect play without search (nim_strategies.c, each rule checked against
 * exhaustive search in tests/test_nim.c):
 *   bouton  normal play: a position is lost for the mover iff the XOR of the
 *           heaps is 0; misère: the same while some heap has two or more
 *           matches, otherwise lost iff the number of one-match heaps is odd.
 *   moore   Nim_k, normal play: lost iff for every bit the number of heaps
 *           with that bit set is divisible by k+1 (E. H. Moore, 1910).
 *   half    the one-pile game: lost iff the pile is 2^m - 1 (misère: 1, 3, 7,
 *           15, ...) or 3*2^m - 1 (normal: 2, 5, 11, 23, ...).
 *
 * Position text: the heap sizes separated by spaces, then optionally "first"
 * or "second" for the player to move (default first): "3 4 5", "1 2 second".
 * Up to 16 heaps of at most 4095 matches.
 *
 * Move notation: H:N takes N matches from heap H (heaps numbered from 1):
 * "2:3". A Nim_k move names several heaps joined by '+': "1:2+3:1" (the move
 * code is in nim_internal.h). */
#include "nim_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/page.h"

static const ar_option_spec nim_options[] = {
    {.name = "take",
     .metavar = "any|half",
     .help = "any: from one heap (or up to K); half: one pile, at most half of it"},
    {.name = "play",
     .metavar = "normal|misere",
     .help = "whoever takes the last match wins (normal) or loses (misere)"},
    {.name = "misere", .metavar = NULL, .help = "same as --play misere"},
    {.name = "k", .metavar = "K", .help = "Moore's Nim_k: take from up to K heaps at once (1..4, default 1)"},
    {.name = NULL}};

static ar_status nim_create(const ar_param *params, size_t count, ar_variant **out, ar_error *err)
{
    ar_variant *v;
    const char *take = ar_param_get(params, count, "take");
    const char *play = ar_param_get(params, count, "play");
    long k;
    ar_status st;
    int t = TAKE_ANY, m;
    if (take && strcmp(take, "any") == 0)
        t = TAKE_ANY;
    else if (take && strcmp(take, "half") == 0)
        t = TAKE_HALF;
    else if (take)
        return ar_error_set(err, AR_ERR_INPUT, "parameter take: '%s' is not 'any' or 'half'", take);
    m = t == TAKE_HALF;
    if (play && strcmp(play, "normal") == 0)
        m = 0;
    else if (play && (strcmp(play, "misere") == 0 || strcmp(play, "misère") == 0))
        m = 1;
    else if (play)
        return ar_error_set(err, AR_ERR_INPUT, "parameter play: '%s' is not 'normal' or 'misere'", play);
    /* --misere is a flag: present with no value. */
    {
        size_t i;
        for (i = 0; i < count; i++)
            if (strcmp(params[i].name, "misere") == 0) {
                if (play && strcmp(play, "normal") == 0)
                    return ar_error_set(err, AR_ERR_INPUT,
                                        "parameter misere contradicts parameter play normal (give one of them)");
                m = 1;
            }
    }
    st = ar_param_int(params, count, "k", 1, NIM_MAX_K, 1, &k, err);
    if (st != AR_OK)
        return st;
    if (t == TAKE_HALF && k != 1)
        return ar_error_set(err, AR_ERR_INPUT, "parameter k: the take-at-most-half game has one pile");
    v = ar_xcalloc(1, sizeof *v);
    v->take = t;
    v->misere = m;
    v->k = (unsigned)k;
    *out = v;
    return AR_OK;
}

static void nim_destroy(ar_variant *v) { free(v); }

static void nim_describe(const ar_variant *v, char *buf, size_t size)
{
    if (v->take == TAKE_HALF)
        snprintf(buf, size, "one pile, take at most half, %s play", v->misere ? "misère" : "normal");
    else if (v->k > 1)
        snprintf(buf, size, "Moore's Nim_%u, %s play", v->k, v->misere ? "misère" : "normal");
    else
        snprintf(buf, size, "nim, %s play", v->misere ? "misère" : "normal");
}

static const char *nim_player_name(const ar_variant *v, int player)
{
    (void)v;
    return player == 0 ? "first" : "second";
}

static size_t nim_position_size(const ar_variant *v)
{
    (void)v;
    return sizeof(nim_pos);
}

static void nim_initial(const ar_variant *v, void *pos)
{
    nim_pos *p = pos;
    memset(p, 0, sizeof *p);
    if (v->take == TAKE_HALF) {
        p->count = 1;
        p->heap[0] = 30;
    } else {
        p->count = 3;
        p->heap[0] = 3;
        p->heap[1] = 4;
        p->heap[2] = 5;
    }
}

/* Number of moves of a position: for Nim_k the sum over sets of at most k
 * heaps of the product of their sizes (elementary symmetric sums). */
static uint64_t count_moves(const ar_variant *v, const nim_pos *p)
{
    uint64_t e[NIM_MAX_K + 1] = {1, 0, 0, 0, 0};
    unsigned i, j;
    if (v->take == TAKE_HALF)
        return p->heap[0] >= 2 ? p->heap[0] / 2u : p->heap[0];
    for (i = 0; i < p->count; i++)
        for (j = v->k; j >= 1; j--)
            e[j] += e[j - 1] * p->heap[i];
    {
        uint64_t total = 0;
        for (j = 1; j <= v->k; j++)
            total += e[j];
        return total;
    }
}

static ar_status nim_parse_position(const ar_variant *v, const char *text, void *pos, ar_error *err)
{
    nim_pos *p = pos;
    const char *s = text;
    unsigned n = 0;
    memset(p, 0, sizeof *p);
    for (;;) {
        while (*s == ' ' || *s == '\t' || *s == ',' || *s == '\n' || *s == '\r')
            s++;
        if (!*s)
            break;
        if (isdigit((unsigned char)*s)) {
            unsigned long h = 0;
            const char *start = s;
            while (isdigit((unsigned char)*s)) {
                h = h * 10 + (unsigned long)(*s - '0');
                if (h > NIM_MAX_HEAP)
                    return ar_error_set(err, AR_ERR_INPUT,
                                        "heap %u ('%.10s...') is larger than %d matches", n + 1,
                                        start, NIM_MAX_HEAP);
                s++;
            }
            if (*s && !isspace((unsigned char)*s) && *s != ',')
                return ar_error_set(err, AR_ERR_INPUT, "unexpected '%c' after heap %u", *s, n + 1);
            if (n >= NIM_HEAPS)
                return ar_error_set(err, AR_ERR_INPUT, "more than %d heaps", NIM_HEAPS);
            p->heap[n++] = (uint16_t)h;
            continue;
        }
        if (strncmp(s, "first", 5) == 0 || strncmp(s, "second", 6) == 0) {
            size_t len = s[0] == 'f' ? 5 : 6;
            const char *rest = s + len;
            p->to_move = s[0] == 's';
            while (*rest == ' ' || *rest == '\t' || *rest == '\n' || *rest == '\r')
                rest++;
            if (*rest)
                return ar_error_set(err, AR_ERR_INPUT,
                                    "unexpected '%.20s' after the player to move", rest);
            break;
        }
        return ar_error_set(err, AR_ERR_INPUT,
                            "'%.20s' is not a heap size (whole number) or 'first'/'second'", s);
    }
    if (n == 0)
        return ar_error_set(err, AR_ERR_INPUT, "no heaps given (write sizes like \"3 4 5\")");
    if (v->take == TAKE_HALF && n != 1)
        return ar_error_set(err, AR_ERR_INPUT, "the take-at-most-half game has one pile, not %u", n);
    p->count = (unsigned char)n;
    if (v->k > 1 && count_moves(v, p) > NIM_MOVE_CAP)
        return ar_error_set(err, AR_ERR_INPUT,
                            "this Nim_%u position has more than %u moves; use smaller heaps", v->k,
                            NIM_MOVE_CAP);
    return AR_OK;
}

static void nim_format_position(const ar_variant *v, const void *pos, char *buf, size_t size)
{
    const nim_pos *p = pos;
    size_t used = 0;
    unsigned i;
    (void)v;
    if (size)
        buf[0] = '\0';
    for (i = 0; i < p->count && used < size; i++) {
        int n = snprintf(buf + used, size - used, "%s%u", i ? " " : "", (unsigned)p->heap[i]);
        if (n < 0)
            return;
        used += (size_t)n;
    }
    if (p->to_move && used < size)
        snprintf(buf + used, size - used, " second");
}

static void nim_draw(const ar_variant *v, const void *pos, char *buf, size_t size)
{
    const nim_pos *p = pos;
    size_t used = 0;
    unsigned i, j;
    (void)v;
    if (size)
        buf[0] = '\0';
    for (i = 0; i < p->count && used < size; i++) {
        int n = snprintf(buf + used, size - used, "  heap %2u: ", i + 1);
        if (n < 0)
            return;
        used += (size_t)n;
        for (j = 0; j < p->heap[i] && j < 40 && used + 2 < size; j++)
            buf[used++] = '|';
        if (used < size) {
            n = snprintf(buf + used, size - used, "%s (%u)\n", p->heap[i] > 40 ? "..." : "",
                         (unsigned)p->heap[i]);
            if (n < 0)
                return;
            used += (size_t)n;
        }
    }
}

static int nim_to_move(const ar_variant *v, const void *pos)
{
    (void)v;
    return ((const nim_pos *)pos)->to_move;
}

static ar_game_outcome nim_outcome(const ar_variant *v, const void *pos)
{
    const nim_pos *p = pos;
    int winner;
    if (!nim_all_empty(p))
        return AR_ONGOING;
    /* The player to move did not take the last match: the other one did. */
    winner = v->misere ? p->to_move : 1 - p->to_move;
    return winner == 0 ? AR_WIN_P0 : AR_WIN_P1;
}

static uint64_t nim_hash(const ar_variant *v, const void *pos)
{
    const nim_pos *p = pos;
    uint64_t h = p->to_move ? ar_zobrist(0x4e494d, 0xFFFFF) : 0;
    unsigned i;
    (void)v;
    for (i = 0; i < p->count; i++)
        h ^= ar_zobrist(0x4e494d, (uint64_t)i << 12 | p->heap[i]);
    return h;
}

static unsigned nim_max_moves(const ar_variant *v, const void *pos)
{
    uint64_t n = count_moves(v, pos);
    return n == 0 ? 1u : (unsigned)(n > 0xFFFFFFFFu ? 0xFFFFFFFFu : n);
}

/* Writes every Nim_k move touching heaps >= first, with `slots` slots used in
 * `prefix`. */
static unsigned gen_moves(const ar_variant *v, const nim_pos *p, unsigned first, unsigned slots,
                          ar_gmove prefix, ar_gmove *moves)
{
    unsigned n = 0, i, a;
    if (slots == v->k)
        return 0;
    for (i = first; i < p->count; i++)
        for (a = 1; a <= p->heap[i]; a++) {
            ar_gmove m = prefix | (ar_gmove)(i << 12 | a) << (16 * slots);
            moves[n++] = m;
            n += gen_moves(v, p, i + 1, slots + 1, m, moves + n);
        }
    return n;
}

static unsigned nim_legal_moves(const ar_variant *v, const void *pos, int player, ar_gmove *moves)
{
    const nim_pos *p = pos;
    (void)player;
    if (nim_outcome(v, pos) != AR_ONGOING)
        return 0;
    if (v->take == TAKE_HALF) {
        unsigned h = p->heap[0], a, n = 0;
        unsigned most = h >= 2 ? h / 2 : 1;
        for (a = 1; a <= most; a++)
            moves[n++] = a;
        return n;
    }
    return gen_moves(v, p, 0, 0, 0, moves);
}

static void nim_apply(const ar_variant *v, void *pos, ar_gmove move)
{
    nim_pos *p = pos;
    unsigned i;
    (void)v;
    for (i = 0; i < NIM_MAX_K; i++) {
        unsigned s = SLOT(move, i);
        if (s)
            p->heap[SLOT_HEAP(s)] = (uint16_t)(p->heap[SLOT_HEAP(s)] - SLOT_TAKE(s));
    }
    p->to_move ^= 1;
}

static void nim_undo(const ar_variant *v, void *pos, ar_gmove move)
{
    nim_pos *p = pos;
    unsigned i;
    (void)v;
    for (i = 0; i < NIM_MAX_K; i++) {
        unsigned s = SLOT(move, i);
        if (s)
            p->heap[SLOT_HEAP(s)] = (uint16_t)(p->heap[SLOT_HEAP(s)] + SLOT_TAKE(s));
    }
    p->to_move ^= 1;
}

static size_t nim_format_move(const ar_variant *v, const void *pos, int player, ar_gmove move,
                              char *buf, size_t size)
{
    size_t used = 0;
    unsigned i;
    (void)pos;
    (void)player;
    if (size)
        buf[0] = '\0';
    if (v->take == TAKE_HALF) {
        int n = snprintf(buf, size, "%u", (unsigned)move);
        return n > 0 ? (size_t)n : 0;
    }
    for (i = 0; i < NIM_MAX_K; i++) {
        unsigned s = SLOT(move, i);
        int n;
        if (!s)
            continue;
        n = snprintf(buf + used, used < size ? size - used : 0, "%s%u:%u", used ? "+" : "",
                     SLOT_HEAP(s) + 1, SLOT_TAKE(s));
        if (n < 0)
            break;
        used += (size_t)n;
        if (used >= size)
            used = size ? size - 1 : 0;
    }
    return used;
}

static ar_status nim_parse_move(const ar_variant *v, const void *pos, int player, const char *text,
                                size_t len, ar_gmove *out, ar_error *err)
{
    const nim_pos *p = pos;
    size_t i = 0;
    unsigned parts = 0, used_mask = 0, heaps[NIM_MAX_K], takes[NIM_MAX_K], a, b;
    ar_gmove m = 0;
    (void)player;
    if (nim_outcome(v, pos) != AR_ONGOING)
        return ar_error_set(err, AR_ERR_INPUT, "the game is over");
    if (v->take == TAKE_HALF) {
        /* One pile: the move is just a number; "1:N" is accepted too. */
        unsigned long t = 0;
        size_t j = 0, digits = 0;
        if (len >= 2 && text[0] == '1' && text[1] == ':')
            j = 2;
        for (; j < len && isdigit((unsigned char)text[j]) && digits < 6; j++, digits++)
            t = t * 10 + (unsigned long)(text[j] - '0');
        if (!digits || j != len)
            return ar_error_set(err, AR_ERR_INPUT,
                                "'%.*s' is not a number of matches to take (e.g. 3)",
                                (int)(len > 20 ? 20 : len), text);
        {
            unsigned h = p->heap[0], most = h >= 2 ? h / 2 : 1;
            if (t == 0)
                return ar_error_set(err, AR_ERR_INPUT, "take at least one match");
            if (t > most)
                return ar_error_set(err, AR_ERR_INPUT,
                                    "at most half of the pile may be taken: %u of %u", most, h);
        }
        *out = t;
        return AR_OK;
    }
    while (i < len) {
        unsigned long h = 0, t = 0;
        size_t d = 0;
        while (i < len && isdigit((unsigned char)text[i]) && d < 6) {
            h = h * 10 + (unsigned long)(text[i++] - '0');
            d++;
        }
        if (!d || i >= len || text[i] != ':')
            return ar_error_set(err, AR_ERR_INPUT,
                                "'%.*s' is not a move: write HEAP:MATCHES, e.g. 2:3 takes 3 from heap 2",
                                (int)(len > 30 ? 30 : len), text);
        i++;
        d = 0;
        while (i < len && isdigit((unsigned char)text[i]) && d < 6) {
            t = t * 10 + (unsigned long)(text[i++] - '0');
            d++;
        }
        if (!d)
            return ar_error_set(err, AR_ERR_INPUT, "how many matches from heap %lu? (e.g. %lu:1)",
                                h, h);
        if (h < 1 || h > p->count)
            return ar_error_set(err, AR_ERR_INPUT, "there is no heap %lu (heaps are 1..%u)", h,
                                (unsigned)p->count);
        if (t == 0)
            return ar_error_set(err, AR_ERR_INPUT, "take at least one match from heap %lu", h);
        if (t > p->heap[h - 1])
            return ar_error_set(err, AR_ERR_INPUT, "heap %lu has only %u matches", h,
                                (unsigned)p->heap[h - 1]);
        if (used_mask >> (h - 1) & 1u)
            return ar_error_set(err, AR_ERR_INPUT, "heap %lu is named twice", h);
        if (parts == v->k)
            return ar_error_set(err, AR_ERR_INPUT,
                                "a move takes from at most %u heap%s here", v->k, v->k > 1 ? "s" : "");
        used_mask |= 1u << (h - 1);
        heaps[parts] = (unsigned)(h - 1);
        takes[parts] = (unsigned)t;
        parts++;
        if (i < len) {
            if (text[i] != '+')
                return ar_error_set(err, AR_ERR_INPUT, "unexpected '%c' in move (join heaps with '+')",
                                    text[i]);
            i++;
            if (i == len)
                return ar_error_set(err, AR_ERR_INPUT, "a heap is missing after '+'");
        }
    }
    if (!parts)
        return ar_error_set(err, AR_ERR_INPUT, "empty move");
    /* Slots go by increasing heap, as legal_moves writes them. */
    for (a = 0; a < parts; a++)
        for (b = a + 1; b < parts; b++)
            if (heaps[b] < heaps[a]) {
                unsigned th = heaps[a], tt = takes[a];
                heaps[a] = heaps[b];
                takes[a] = takes[b];
                heaps[b] = th;
                takes[b] = tt;
            }
    for (a = 0; a < parts; a++)
        m |= (ar_gmove)(heaps[a] << 12 | takes[a]) << (16 * a);
    *out = m;
    return AR_OK;
}


static const ar_game_bench_position nim_bench_positions[] = {
    {.options = "", .position = "3 4 5", .depth = 12},
    {.options = "play=misere", .position = "1 2 3 4", .depth = 10},
    {.options = "k=2", .position = "2 3 4", .depth = 9},
    {.options = "take=half", .position = "40", .depth = 20},
    {.depth = 0}};

static const char *const nim_ladder_bots[] = {"perfect", "alphabeta:depth=2:eval=zero", "mcts:iters=300", "random", NULL};
static const ar_game_bench_ladder nim_bench_ladder = {.options = "", .bots = nim_ladder_bots, .openings = 1};

/* Variants the conformance tests play besides the default and the bench's. */
static const char *const nim_test_variants[] = {"misere", "take=half play=normal", "k=3 play=misere", NULL};

/* Each heap a row of stones (page.h). */
static void nim_picture(const ar_variant *v, const void *pos, ar_scene *scene)
{
    char buf[8192], grid[16384];
    size_t used = 0;
    const char *line = buf;
    nim_draw(v, pos, buf, sizeof buf);
    grid[0] = '\0';
    while (*line) {
        size_t n = strcspn(line, "\n"), k, bars = 0;
        for (k = 0; k < n; k++)
            bars += line[k] == '|';
        if (bars > 60)
            bars = 60;
        for (k = 0; k < bars && used + 3 < sizeof grid; k++)
            grid[used++] = 'o';
        if (used + 2 < sizeof grid)
            grid[used++] = '\n';
        line += n;
        if (*line)
            line++;
    }
    grid[used] = '\0';
    ar_scene_text_grid(scene, grid, "o=stone");
    {
        char text[1024];
        nim_format_position(v, pos, text, sizeof text);
        ar_scene_caption(scene, "heaps: %s", text);
    }
}

static const ar_game_example nim_examples[] = {
    {.args = "analyse nim '3 4 5'", .note = "the value of a position and the winning move by Bouton's rule"},
    {.args = "match nim --bots perfect,mcts:iters=200 --games 4 --seed 1", .note = "the perfect player against MCTS: results and Elo with its 95% interval"},
    {.args = NULL}};

const ar_game ar_game_nim = {
    .name = "nim",
    .summary = "Nim: Bouton, misère, Moore's Nim_k, take-at-most-half; perfect players",
    .help = "Heaps of matches; players take in turn. --take any (default): one or more matches\n"
    "from one heap (from up to K heaps with --k K, Moore's Nim_k). --take half: one pile,\n"
    "take at most half of it (from a pile of 1, the last match). --play normal: taking\n"
    "the last match wins; --play misere (or --misere): it loses. Default: normal for\n"
    "--take any, misère for --take half.\n"
    "Position: heap sizes, optionally followed by the player to move: \"3 4 5\",\n"
    "\"1 2 second\" (up to 16 heaps of up to 4095). Default start: 3 4 5 (30 for half).\n"
    "Moves: H:N takes N from heap H (from 1), e.g. 2:3; Nim_k joins heaps with '+',\n"
    "e.g. 1:2+3:1; in the one-pile game just N.\n"
    "Perfect players: bouton, moore, half (`--bot perfect` picks the one that applies).",
    .flags = AR_GAME_ACYCLIC,
    .options = nim_options,
    .create = nim_create,
    .destroy = nim_destroy,
    .describe = nim_describe,
    .player_name = nim_player_name,
    .position_size = nim_position_size,
    .initial_position = nim_initial,
    .parse_position = nim_parse_position,
    .format_position = nim_format_position,
    .draw = nim_draw,
    .picture = nim_picture,
    .to_move = nim_to_move,
    .outcome = nim_outcome,
    .hash = nim_hash,
    .max_moves = nim_max_moves,
    .legal_moves = nim_legal_moves,
    .apply = nim_apply,
    .undo = nim_undo,
    .format_move = nim_format_move,
    .parse_move = nim_parse_move,
    .evals = ar_nim_evals,
    .strategies = ar_nim_strategies,
    .default_bot = "perfect",
    .bench_positions = nim_bench_positions,
    .bench_ladder = &nim_bench_ladder,
    .test_variants = nim_test_variants,
    .examples = nim_examples,
};
