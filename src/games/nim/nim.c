/* nim.c — Nim and its relatives from the lecture notes, with their perfect
 * players.
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
 * Perfect play without search (the strategies below, each checked against
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
 * "2:3". A Nim_k move names several heaps joined by '+': "1:2+3:1". A move
 * code packs up to four 16-bit slots (heap index << 12 | matches), by
 * increasing heap; unused slots are zero. */
#include "ariadne/game.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NIM_HEAPS 16
#define NIM_MAX_HEAP 4095
#define NIM_MAX_K 4
#define NIM_MOVE_CAP 1000000u /* positions with more moves are refused (Nim_k only) */

enum { TAKE_ANY, TAKE_HALF };

struct ar_variant {
    int take;
    int misere;
    unsigned k;
};

typedef struct nim_pos {
    unsigned char count;   /* number of heaps, 1..16 */
    unsigned char to_move; /* 0 first, 1 second */
    uint16_t heap[NIM_HEAPS]; /* unused heaps are 0 */
} nim_pos;

static const ar_option_spec nim_options[] = {
    {"take", "any|half", "any: from one heap (or up to K); half: one pile, at most half of it"},
    {"play", "normal|misere", "whoever takes the last match wins (normal) or loses (misere)"},
    {"misere", NULL, "same as --play misere"},
    {"k", "K", "Moore's Nim_k: take from up to K heaps at once (1..4, default 1)"},
    {NULL, NULL, NULL}};

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
        return ar_error_set(err, AR_ERR_INPUT, "--take: '%s' is not 'any' or 'half'", take);
    m = t == TAKE_HALF;
    if (play && strcmp(play, "normal") == 0)
        m = 0;
    else if (play && (strcmp(play, "misere") == 0 || strcmp(play, "misère") == 0))
        m = 1;
    else if (play)
        return ar_error_set(err, AR_ERR_INPUT, "--play: '%s' is not 'normal' or 'misere'", play);
    /* --misere is a flag: present with no value. */
    {
        size_t i;
        for (i = 0; i < count; i++)
            if (strcmp(params[i].name, "misere") == 0)
                m = 1;
    }
    st = ar_param_int(params, count, "k", 1, NIM_MAX_K, 1, &k, err);
    if (st != AR_OK)
        return st;
    if (t == TAKE_HALF && k != 1)
        return ar_error_set(err, AR_ERR_INPUT, "--k: the take-at-most-half game has one pile");
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

static int all_empty(const nim_pos *p)
{
    unsigned i;
    for (i = 0; i < p->count; i++)
        if (p->heap[i])
            return 0;
    return 1;
}

static ar_game_outcome nim_outcome(const ar_variant *v, const void *pos)
{
    const nim_pos *p = pos;
    int winner;
    if (!all_empty(p))
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

#define SLOT(m, i) ((unsigned)((m) >> (16 * (i))) & 0xFFFFu)
#define SLOT_HEAP(s) ((s) >> 12)
#define SLOT_TAKE(s) ((s) & 0xFFFu)

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

/* ---------------------------------------------------------------- strategies */

static unsigned nim_xor(const nim_pos *p)
{
    unsigned x = 0, i;
    for (i = 0; i < p->count; i++)
        x ^= p->heap[i];
    return x;
}

/* The heap to take one match from in a lost position: the largest (any
 * legal move loses against perfect play; this one keeps the game longest). */
static ar_gmove stall_move(const nim_pos *p)
{
    unsigned i, best = 0;
    for (i = 1; i < p->count; i++)
        if (p->heap[i] > p->heap[best])
            best = i;
    return (ar_gmove)(best << 12 | 1u);
}

static unsigned pick(ar_rng *rng, unsigned n) { return rng && n > 1 ? (unsigned)ar_rng_below(rng, n) : 0; }

static ar_status bouton_value(const ar_variant *v, const void *pos, int *value, ar_error *err)
{
    const nim_pos *p = pos;
    unsigned i, big = 0, ones = 0;
    if (v->take != TAKE_ANY || v->k != 1)
        return ar_error_set(err, AR_ERR_UNSUPPORTED, "Bouton's rule is for plain nim (--k 1, --take any)");
    for (i = 0; i < p->count; i++) {
        big += p->heap[i] >= 2;
        ones += p->heap[i] == 1;
    }
    if (v->misere && big == 0)
        *value = ones % 2 == 0 ? 1 : -1;
    else
        *value = nim_xor(p) ? 1 : -1;
    return AR_OK;
}

static ar_status bouton_choose(const ar_variant *v, const void *pos, ar_rng *rng, ar_gmove *out,
                               ar_error *err)
{
    const nim_pos *p = pos;
    unsigned i, big = 0, ones = 0, x = nim_xor(p), cand[NIM_HEAPS], nc = 0, bigi = 0;
    int value;
    ar_status st = bouton_value(v, pos, &value, err);
    if (st != AR_OK)
        return st;
    if (all_empty(p))
        return ar_error_set(err, AR_ERR_INPUT, "the game is over");
    for (i = 0; i < p->count; i++) {
        if (p->heap[i] >= 2) {
            big++;
            bigi = i;
        }
        ones += p->heap[i] == 1;
    }
    if (value < 0) {
        *out = stall_move(p);
        return AR_OK;
    }
    if (v->misere && big <= 1) {
        if (big == 0) {
            /* An even number of one-heaps: take one, leaving an odd number. */
            for (i = 0; i < p->count; i++)
                if (p->heap[i] == 1)
                    cand[nc++] = i;
            *out = (ar_gmove)(cand[pick(rng, nc)] << 12 | 1u);
            return AR_OK;
        }
        /* One big heap: reduce it to 0 or 1 so that an odd number of
         * one-match heaps remains. */
        {
            unsigned keep = ones % 2 == 0 ? 1u : 0u;
            *out = (ar_gmove)(bigi << 12 | (p->heap[bigi] - keep));
            return AR_OK;
        }
    }
    for (i = 0; i < p->count; i++)
        if ((p->heap[i] ^ x) < p->heap[i])
            cand[nc++] = i;
    i = cand[pick(rng, nc)];
    *out = (ar_gmove)(i << 12 | (p->heap[i] - (p->heap[i] ^ x)));
    return AR_OK;
}

static int moore_lost(const ar_variant *v, const nim_pos *p)
{
    unsigned b, i;
    for (b = 0; b < 12; b++) {
        unsigned c = 0;
        for (i = 0; i < p->count; i++)
            c += p->heap[i] >> b & 1u;
        if (c % (v->k + 1))
            return 0;
    }
    return 1;
}

static ar_status moore_value(const ar_variant *v, const void *pos, int *value, ar_error *err)
{
    if (v->take != TAKE_ANY || v->misere)
        return ar_error_set(err, AR_ERR_UNSUPPORTED, "Moore's rule is for Nim_k in normal play");
    *value = moore_lost(v, pos) ? -1 : 1;
    return AR_OK;
}

/* Moore's construction, from the highest bit down. S holds the heaps chosen
 * to shrink; below the bit where a heap joined S its bits are free, so each
 * bit's count can be fixed either by setting free bits (if enough heaps are
 * free) or by clearing the bit in r more heaps, which then join S. The
 * counts work out so that S never exceeds k heaps. */
static ar_status moore_choose(const ar_variant *v, const void *pos, ar_rng *rng, ar_gmove *out,
                              ar_error *err)
{
    const nim_pos *p = pos;
    unsigned inS[NIM_HEAPS] = {0}, newh[NIM_HEAPS], order[NIM_HEAPS], f = 0, i, j;
    int b, value;
    ar_gmove m = 0;
    ar_status st = moore_value(v, pos, &value, err);
    if (st != AR_OK)
        return st;
    if (all_empty(p))
        return ar_error_set(err, AR_ERR_INPUT, "the game is over");
    if (value < 0) {
        *out = stall_move(p);
        return AR_OK;
    }
    for (i = 0; i < p->count; i++)
        newh[i] = p->heap[i];
    for (b = 11; b >= 0; b--) {
        unsigned c = 0, r, q = v->k + 1, need;
        for (i = 0; i < p->count; i++)
            c += !inS[i] && (p->heap[i] >> b & 1u);
        r = c % q;
        /* Free bits of S heaps start at 0 for this bit. */
        for (i = 0; i < p->count; i++)
            if (inS[i])
                newh[i] &= ~(1u << b);
        if (r == 0)
            continue;
        need = q - r;
        if (need <= f) {
            for (i = 0; i < p->count && need; i++)
                if (inS[i]) {
                    newh[i] |= 1u << b;
                    need--;
                }
            continue;
        }
        /* Clear bit b in r heaps outside S that have it (chosen at random
         * among them when rng is given), and add them to S. */
        {
            unsigned n = 0;
            for (i = 0; i < p->count; i++)
                if (!inS[i] && (p->heap[i] >> b & 1u))
                    order[n++] = i;
            for (i = 0; i < r; i++) {
                unsigned k2 = i + pick(rng, n - i), t = order[i];
                order[i] = order[k2];
                order[k2] = t;
                j = order[i];
                inS[j] = 1;
                newh[j] = (unsigned)(p->heap[j] >> (b + 1)) << (b + 1);
                f++;
            }
        }
    }
    for (i = 0, j = 0; i < p->count; i++)
        if (inS[i]) {
            if (newh[i] >= p->heap[i] || j >= NIM_MAX_K)
                return ar_error_set(err, AR_ERR_INTERNAL, "Moore construction failed");
            m |= (ar_gmove)(i << 12 | (p->heap[i] - newh[i])) << (16 * j);
            j++;
        }
    if (!m)
        return ar_error_set(err, AR_ERR_INTERNAL, "Moore construction found no move");
    *out = m;
    return AR_OK;
}

/* Safe (lost for the mover) pile sizes of the one-pile game. */
static int half_safe(const ar_variant *v, unsigned n)
{
    unsigned t;
    if (v->misere)
        return n != 0 && ((n + 1) & n) == 0; /* 2^m - 1 */
    if (n == 0)
        return 1; /* normal play: the mover has lost */
    if ((n + 1) % 3)
        return 0;
    t = (n + 1) / 3;
    return (t & (t - 1)) == 0; /* 3 * 2^m - 1 */
}

static ar_status half_value(const ar_variant *v, const void *pos, int *value, ar_error *err)
{
    const nim_pos *p = pos;
    if (v->take != TAKE_HALF)
        return ar_error_set(err, AR_ERR_UNSUPPORTED, "the half rule is for --take half");
    if (p->heap[0] == 0)
        *value = v->misere ? 1 : -1;
    else
        *value = half_safe(v, p->heap[0]) ? -1 : 1;
    return AR_OK;
}

static ar_status half_choose(const ar_variant *v, const void *pos, ar_rng *rng, ar_gmove *out,
                             ar_error *err)
{
    const nim_pos *p = pos;
    unsigned n = p->heap[0], most, t;
    int value;
    ar_status st = half_value(v, pos, &value, err);
    (void)rng;
    if (st != AR_OK)
        return st;
    if (n == 0)
        return ar_error_set(err, AR_ERR_INPUT, "the game is over");
    most = n >= 2 ? n / 2 : 1;
    if (value < 0) {
        *out = 1;
        return AR_OK;
    }
    /* Leave the largest safe size reachable (it is at least n - most). */
    for (t = 1; t <= most; t++)
        if (half_safe(v, n - t)) {
            *out = t;
            return AR_OK;
        }
    return ar_error_set(err, AR_ERR_INTERNAL, "no safe reply from %u", n);
}

/* The rule's verdict as an evaluation: +/-1000 when a strategy knows. */
static int rule_eval(const ar_variant *v, const void *pos, int player)
{
    int value = 0, ok;
    const nim_pos *p = pos;
    if (v->take == TAKE_HALF)
        ok = half_value(v, pos, &value, NULL) == AR_OK;
    else if (v->k == 1)
        ok = bouton_value(v, pos, &value, NULL) == AR_OK;
    else
        ok = moore_value(v, pos, &value, NULL) == AR_OK;
    if (!ok)
        return 0;
    return (player == p->to_move ? value : -value) * 1000;
}

static int zero_eval(const ar_variant *v, const void *pos, int player)
{
    (void)v;
    (void)pos;
    (void)player;
    return 0;
}

static const ar_game_eval nim_evals[] = {
    {"zero", "0 everywhere: search decides by reaching the end", zero_eval},
    {"rule", "+/-1000 by the perfect rule (Bouton, Moore or half) where one applies", rule_eval},
    {NULL, NULL, NULL}};

static const ar_game_strategy nim_strategies[] = {
    {"bouton", "Bouton's XOR rule (normal and misère)", bouton_choose, bouton_value},
    {"moore", "Moore's mod-(k+1) rule for Nim_k, normal play", moore_choose, moore_value},
    {"half", "safe piles 2^m-1 (misère) or 3*2^m-1 (normal) of the one-pile game", half_choose,
     half_value},
    {NULL, NULL, NULL, NULL}};

/* The bench node count (`ariadne bench games`, checked by the tests). */
static const ar_game_bench_position nim_bench_positions[] = {
    {.options = "", .position = "3 4 5", .depth = 12},
    {.options = "play=misere", .position = "1 2 3 4", .depth = 10},
    {.options = "k=2", .position = "2 3 4", .depth = 9},
    {.options = "take=half", .position = "40", .depth = 20},
    {.depth = 0}};

static const char *const nim_ladder_bots[] = {"perfect", "alphabeta:depth=2:eval=zero", "mcts:iters=300", "random", NULL};
static const ar_game_bench_ladder nim_bench_ladder = {.options = "", .bots = nim_ladder_bots, .openings = 1};

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
    .to_move = nim_to_move,
    .outcome = nim_outcome,
    .hash = nim_hash,
    .max_moves = nim_max_moves,
    .legal_moves = nim_legal_moves,
    .apply = nim_apply,
    .undo = nim_undo,
    .format_move = nim_format_move,
    .parse_move = nim_parse_move,
    .evals = nim_evals,
    .strategies = nim_strategies,
    .default_bot = "perfect",
    .bench_positions = nim_bench_positions,
    .bench_ladder = &nim_bench_ladder,
};
