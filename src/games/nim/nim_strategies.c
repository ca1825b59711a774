/* nim_strategies.c — perfect play in nim without search: Bouton's XOR rule
 * (normal and misère), Moore's rule for Nim_k and the safe piles of the
 * one-pile take-at-most-half game (nim.c states the rules and the criteria),
 * and the evaluations, one of which scores positions by these rules. Each
 * rule is checked against exhaustive search in tests/test_nim.c. */
#include "nim_internal.h"

#include <string.h>

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
        return ar_error_set(err, AR_ERR_UNSUPPORTED, "Bouton's rule is for plain nim (parameter k 1, parameter take any)");
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
    if (nim_all_empty(p))
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
    if (nim_all_empty(p))
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
        return ar_error_set(err, AR_ERR_UNSUPPORTED, "the half rule is for parameter take half");
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

const ar_game_eval ar_nim_evals[] = {
    {.name = "zero", .summary = "0 everywhere: search decides by reaching the end", .evaluate = zero_eval},
    {.name = "rule",
     .summary = "+/-1000 by the perfect rule (Bouton, Moore or half) where one applies",
     .evaluate = rule_eval},
    {.name = NULL}};

const ar_game_strategy ar_nim_strategies[] = {
    {.name = "bouton",
     .summary = "Bouton's XOR rule (normal and misère)",
     .choose = bouton_choose,
     .value = bouton_value},
    {.name = "moore",
     .summary = "Moore's mod-(k+1) rule for Nim_k, normal play",
     .choose = moore_choose,
     .value = moore_value},
    {.name = "half",
     .summary = "safe piles 2^m-1 (misère) or 3*2^m-1 (normal) of the one-pile game",
     .choose = half_choose,
     .value = half_value},
    {.name = NULL}};
