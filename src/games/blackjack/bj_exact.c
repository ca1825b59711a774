/* bj_exact.c — the exact expectations of blackjack hands, by recursion on
 * the cards left in the shoe (a combinatorial analysis).
 *
 * A hand is a composition (how many cards of each rank), packed five bits
 * per rank; the shoe it draws from is the starting shoe less the dealer's
 * upcard, less `removed` (the other cards known to be out: the split
 * partners of a split hand) and less the hand itself. The dealer's final
 * totals are computed by following every sequence of his draws from that
 * shoe. Because the dealer checks for blackjack under an ace or a ten, his
 * hole card cannot make one: every probability is computed jointly with
 * that condition (unnormalised, the hole card taken to be drawn after the
 * player's cards, which exchangeability allows) and divided by its
 * probability once, at the hand being valued. So a player's decision at
 * every step is optimal for the exact composition of his cards and the
 * condition, as the Wizard of Odds' appendix 9 tables are computed.
 *
 * Two memo tables (hand values and dealer outcomes, both keyed by the
 * compositions) make each value computed once. */
#include "bj_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ----------------------------------------------------------- memo tables */

typedef struct memo {
    uint64_t *k1, *k2; /* k1 == 0: empty (keys always have a bit set) */
    double *val;
    size_t cap, used;
    int width; /* doubles per entry */
} memo;

static void memo_init(memo *m, int width)
{
    m->cap = 1024;
    m->used = 0;
    m->width = width;
    m->k1 = ar_xcalloc(m->cap, sizeof *m->k1);
    m->k2 = ar_xcalloc(m->cap, sizeof *m->k2);
    m->val = ar_xmalloc(m->cap * (size_t)width * sizeof *m->val);
}

static void memo_free(memo *m)
{
    free(m->k1);
    free(m->k2);
    free(m->val);
}

static size_t memo_slot(const memo *m, uint64_t k1, uint64_t k2)
{
    uint64_t h = (k1 ^ (k2 * 0x9E3779B97F4A7C15ull)) * 0xD6E8FEB86659FD93ull;
    size_t i = (size_t)(h >> 20) & (m->cap - 1);
    while (m->k1[i] && (m->k1[i] != k1 || m->k2[i] != k2))
        i = (i + 1) & (m->cap - 1);
    return i;
}

static double *memo_find(const memo *m, uint64_t k1, uint64_t k2)
{
    size_t i = memo_slot(m, k1, k2);
    return m->k1[i] ? m->val + i * (size_t)m->width : NULL;
}

static double *memo_add(memo *m, uint64_t k1, uint64_t k2)
{
    size_t i;
    if (2 * (m->used + 1) > m->cap) {
        memo old = *m;
        size_t j;
        m->cap *= 2;
        m->used = 0;
        m->k1 = ar_xcalloc(m->cap, sizeof *m->k1);
        m->k2 = ar_xcalloc(m->cap, sizeof *m->k2);
        m->val = ar_xmalloc(m->cap * (size_t)m->width * sizeof *m->val);
        for (j = 0; j < old.cap; j++)
            if (old.k1[j]) {
                size_t s = memo_slot(m, old.k1[j], old.k2[j]);
                m->k1[s] = old.k1[j];
                m->k2[s] = old.k2[j];
                memcpy(m->val + s * (size_t)m->width, old.val + j * (size_t)m->width,
                       (size_t)m->width * sizeof *m->val);
                m->used++;
            }
        memo_free(&old);
    }
    i = memo_slot(m, k1, k2);
    m->k1[i] = k1;
    m->k2[i] = k2;
    m->used++;
    return m->val + i * (size_t)m->width;
}

/* ------------------------------------------------------------ the calculator */

typedef struct dealer_hand {
    uint64_t comp;     /* the cards drawn after the upcard */
    double orders;     /* how many draw sequences make it */
    uint8_t outcome;   /* BJ_D17..BJ_DBUST */
    uint8_t cards;     /* how many */
    uint8_t ranks;     /* how many different ranks */
    uint8_t rank[10], count[10]; /* the ranks drawn and how many of each */
} dealer_hand;

typedef struct dealer_hands {
    dealer_hand *h;
    size_t n, cap;
    memo index; /* comp -> position in h (as a double) */
} dealer_hands;


struct bj_calc {
    bj_rules r;
    bj_shoe shoe;     /* the starting shoe */
    int infinite;
    double p_inf[11]; /* an infinite deck's probabilities */
    memo hands;       /* (hand | up << 50, removed) -> stand, hit, double */
    memo dealer;      /* (removed + hand | up << 50, 1) -> the six outcomes */
    dealer_hands dhands[11]; /* by upcard, found when first needed */
    const volatile sig_atomic_t *interrupt;
};

ar_status ar_bj_calc_new(const bj_rules *r, const bj_shoe *shoe, bj_calc **out, ar_error *err)
{
    bj_calc *c;
    int k;
    if (shoe) {
        int total = 0;
        for (k = 1; k <= 10; k++) {
            if (shoe->count[k] < 0 || shoe->count[k] > 31 * 16)
                return ar_error_set(err, AR_ERR_INPUT, "a shoe with %d cards of rank %d", shoe->count[k], k);
            total += shoe->count[k];
        }
        if (total < 20)
            return ar_error_set(err, AR_ERR_INPUT, "a shoe of %d cards is too small to play from", total);
    }
    c = ar_xcalloc(1, sizeof *c);
    c->r = *r;
    c->infinite = r->decks == 0 && !shoe;
    if (shoe) {
        c->shoe = *shoe;
        c->shoe.total = 0;
        for (k = 1; k <= 10; k++)
            c->shoe.total += shoe->count[k];
    } else {
        ar_bj_shoe_full(&c->shoe, r->decks ? r->decks : 1);
    }
    for (k = 1; k <= 10; k++)
        c->p_inf[k] = k == BJ_TEN ? 4.0 / 13 : 1.0 / 13;
    memo_init(&c->hands, 3);
    memo_init(&c->dealer, BJ_DEALER_OUTCOMES);
    *out = c;
    return AR_OK;
}

void ar_bj_calc_free(bj_calc *c)
{
    int up;
    if (!c)
        return;
    memo_free(&c->hands);
    memo_free(&c->dealer);
    for (up = 1; up <= 10; up++)
        if (c->dhands[up].n) {
            free(c->dhands[up].h);
            memo_free(&c->dhands[up].index);
        }
    free(c);
}

const bj_rules *ar_bj_calc_rules(const bj_calc *c) { return &c->r; }
void ar_bj_calc_set_interrupt(bj_calc *c, const volatile sig_atomic_t *interrupt) { c->interrupt = interrupt; }
int ar_bj_calc_interrupted(const bj_calc *c) { return c->interrupt && *c->interrupt; }

/* The shoe after the upcard and `removed`; the number of cards left. */
static int shoe_after(const bj_calc *c, int up, uint64_t removed, int count[11])
{
    int k, total = 0;
    for (k = 1; k <= 10; k++) {
        count[k] = c->shoe.count[k] - BJ_COMP_COUNT(removed, k) - (k == up);
        if (count[k] < 0)
            count[k] = 0;
        total += count[k];
    }
    return total;
}

double ar_bj_calc_prob(const bj_calc *c, int up, uint64_t removed, int rank)
{
    int count[11], total;
    if (c->infinite)
        return c->p_inf[rank];
    total = shoe_after(c, up, removed, count);
    return total ? (double)count[rank] / total : 0;
}

/* The probability that the hole card does not give the dealer a blackjack. */
double ar_bj_calc_no_bj(const bj_calc *c, int up, uint64_t removed)
{
    int bad = up == BJ_ACE ? BJ_TEN : up == BJ_TEN ? BJ_ACE : 0;
    return bad ? 1.0 - ar_bj_calc_prob(c, up, removed, bad) : 1.0;
}

/* The dealer's best total (soft when it does not bust) and whether soft. */
static int best_total(int hard, int aces, int *soft)
{
    if (aces && hard + 10 <= 21) {
        *soft = 1;
        return hard + 10;
    }
    *soft = 0;
    return hard;
}

/* The dealer's hands. The probability of drawing a given sequence of cards
 * depends only on how many of each rank it holds, not on their order, so
 * the dealer's outcomes are a sum over the multisets of cards he may draw,
 * each counted with the number of its orders that he would actually draw
 * (never standing before the last card, the hole card making no blackjack).
 * Those multisets and counts depend only on the upcard and the rules; they
 * are found once, by following every sequence of draws, and each shoe then
 * costs one pass over them. */
static void enumerate(const bj_calc *c, dealer_hands *dh, uint64_t comp, int hard, int aces, int cards, int up)
{
    int soft, t = best_total(hard, aces, &soft), k;
    if (t > 21 || t >= 18 || (t == 17 && !(soft && c->r.h17))) {
        double *at = memo_find(&dh->index, comp | 1ull << 63, 0);
        if (at) {
            dh->h[(size_t)*at].orders += 1;
            return;
        }
        if (dh->n == dh->cap) {
            dh->cap = dh->cap ? 2 * dh->cap : 256;
            dh->h = ar_xrealloc(dh->h, dh->cap * sizeof *dh->h);
        }
        {
            dealer_hand *h = &dh->h[dh->n];
            int r;
            h->comp = comp;
            h->orders = 1;
            h->outcome = (uint8_t)(t > 21 ? BJ_DBUST : t - 17);
            h->cards = (uint8_t)(cards - 1);
            h->ranks = 0;
            for (r = 1; r <= 10; r++)
                if (BJ_COMP_COUNT(comp, r)) {
                    h->rank[h->ranks] = (uint8_t)r;
                    h->count[h->ranks++] = (uint8_t)BJ_COMP_COUNT(comp, r);
                }
        }
        *memo_add(&dh->index, comp | 1ull << 63, 0) = (double)dh->n;
        dh->n++;
        return;
    }
    for (k = 1; k <= 10; k++) {
        if (cards == 1 && ((up == BJ_ACE && k == BJ_TEN) || (up == BJ_TEN && k == BJ_ACE)))
            continue; /* the hole card made no blackjack */
        enumerate(c, dh, comp + BJ_COMP_ONE(k), hard + k, aces + (k == BJ_ACE), cards + 1, up);
    }
}

static const dealer_hands *dealer_hands_of(bj_calc *c, int up)
{
    dealer_hands *dh = &c->dhands[up];
    if (!dh->n) {
        memo_init(&dh->index, 1);
        enumerate(c, dh, 0, up, up == BJ_ACE, 1, up);
    }
    return dh;
}

/* The dealer's outcomes jointly with "no blackjack" (they sum to its
 * probability), from the shoe after the upcard and `removed`. */
static const double *dealer_joint(bj_calc *c, int up, uint64_t removed)
{
    uint64_t k1 = (c->infinite ? 0 : removed) | (uint64_t)up << 50;
    double *d = memo_find(&c->dealer, k1, 1);
    if (!d) {
        const dealer_hands *dh = dealer_hands_of(c, up);
        double out[BJ_DEALER_OUTCOMES] = {0}, pow_[11][24], inv_ff[24];
        int count[11], total = shoe_after(c, up, removed, count), r, j;
        size_t i;
        /* pow_[r][j]: the chance that j given cards of rank r come out (the
         * falling factorial of the count, or the power of p), over the
         * falling factorial of the shoe for the draws */
        for (r = 1; r <= 10; r++) {
            pow_[r][0] = 1;
            for (j = 1; j < 24; j++)
                pow_[r][j] = pow_[r][j - 1] * (c->infinite ? c->p_inf[r] : (double)(count[r] - j + 1 > 0 ? count[r] - j + 1 : 0));
        }
        inv_ff[0] = 1;
        for (j = 1; j < 24; j++)
            inv_ff[j] = c->infinite ? 1 : (total - j + 1 > 0 ? inv_ff[j - 1] / (total - j + 1) : 0);
        for (i = 0; i < dh->n; i++) {
            const dealer_hand *h = &dh->h[i];
            double p = h->orders * inv_ff[h->cards < 24 ? h->cards : 23];
            for (r = 0; r < h->ranks; r++)
                p *= pow_[h->rank[r]][h->count[r] < 24 ? h->count[r] : 23];
            out[h->outcome] += p;
        }
        d = memo_add(&c->dealer, k1, 1);
        memcpy(d, out, sizeof out);
    }
    return d;
}

void ar_bj_dealer_outcomes(const bj_rules *r, const bj_shoe *s, int up, double out[BJ_DEALER_OUTCOMES])
{
    bj_calc *c;
    ar_error err;
    bj_shoe shoe;
    double sum = 0;
    int k;
    if (s) { /* s has the upcard out already; the calculator takes it out itself */
        shoe = *s;
        shoe.count[up]++;
    }
    if (ar_bj_calc_new(r, s ? &shoe : NULL, &c, &err) != AR_OK) {
        memset(out, 0, sizeof(double) * BJ_DEALER_OUTCOMES);
        return;
    }
    memcpy(out, dealer_joint(c, up, 0), sizeof(double) * BJ_DEALER_OUTCOMES);
    for (k = 0; k < BJ_DEALER_OUTCOMES; k++)
        sum += out[k];
    for (k = 0; k < BJ_DEALER_OUTCOMES; k++)
        out[k] /= sum;
    ar_bj_calc_free(c);
}

/* ------------------------------------------------------------ the player */

static void hand_totals(uint64_t hand, int *hard, int *aces, int *cards)
{
    int k;
    *hard = *aces = *cards = 0;
    for (k = 1; k <= 10; k++) {
        int n = BJ_COMP_COUNT(hand, k);
        *hard += n * k;
        *cards += n;
        if (k == BJ_ACE)
            *aces = n;
    }
}

/* Standing on `hand`: the joint expectation with "no dealer blackjack". */
static double stand_joint(bj_calc *c, int up, uint64_t removed, uint64_t hand)
{
    int hard, aces, cards, soft, t, x;
    const double *d;
    double ev = 0;
    hand_totals(hand, &hard, &aces, &cards);
    t = best_total(hard, aces, &soft);
    if (t > 21)
        return -ar_bj_calc_no_bj(c, up, removed + hand);
    d = dealer_joint(c, up, removed + hand);
    ev = d[BJ_DBUST];
    for (x = 17; x <= 21; x++)
        ev += t > x ? d[x - 17] : t < x ? -d[x - 17] : 0;
    return ev;
}

/* The best of standing and hitting on (stand, hit in vals[0..1]), and
 * doubling in vals[2] (two-card hands: filled when asked). */
static const double *hand_values(bj_calc *c, int up, uint64_t removed, uint64_t hand)
{
    uint64_t k1 = hand | (uint64_t)up << 50;
    double *v = memo_find(&c->hands, k1, c->infinite ? 0 : removed), vals[3];
    int hard, aces, cards, soft, t, k;
    if (v)
        return v;
    hand_totals(hand, &hard, &aces, &cards);
    t = best_total(hard, aces, &soft);
    vals[0] = stand_joint(c, up, removed, hand);
    vals[1] = vals[2] = 0;
    if (t >= 21) {
        vals[1] = vals[2] = -HUGE_VAL; /* never draw to 21 */
    } else {
        for (k = 1; k <= 10; k++) {
            double p = ar_bj_calc_prob(c, up, removed + hand, k);
            uint64_t next = hand + BJ_COMP_ONE(k);
            const double *child;
            if (p == 0)
                continue;
            if (hard + k > 21) {
                double lose = -ar_bj_calc_no_bj(c, up, removed + next);
                vals[1] += p * lose;
                vals[2] += p * 2 * lose;
                continue;
            }
            child = hand_values(c, up, removed, next);
            vals[1] += p * fmax(child[0], child[1]);
            vals[2] += p * 2 * child[0];
        }
    }
    v = memo_add(&c->hands, k1, c->infinite ? 0 : removed);
    memcpy(v, vals, sizeof vals);
    return v;
}

/* Whether the rules allow doubling on this two-card hand. */
static int may_double(const bj_calc *c, uint64_t hand)
{
    int hard, aces, cards;
    hand_totals(hand, &hard, &aces, &cards);
    return ar_bj_may_double(&c->r, hard, aces, cards);
}

double ar_bj_calc_value(bj_calc *c, int up, uint64_t removed, uint64_t hand, int can_double, int can_split_pair,
                        bj_hand_ev *ev)
{
    const double *v = hand_values(c, up, removed, hand);
    double best = fmax(v[0], v[1]);
    (void)can_split_pair;
    if (ev) {
        ev->stand = v[0];
        ev->hit = v[1];
        ev->dbl = -HUGE_VAL;
        ev->split = ev->surrender = -HUGE_VAL;
    }
    if (can_double && may_double(c, hand)) {
        if (ev)
            ev->dbl = v[2];
        best = fmax(best, v[2]);
    }
    return best;
}

/* The rank of a two-card pair, or 0. */
static int pair_rank(uint64_t hand, int cards)
{
    int k;
    if (cards != 2)
        return 0;
    for (k = 1; k <= 10; k++)
        if (BJ_COMP_COUNT(hand, k) == 2)
            return k;
    return 0;
}

double ar_bj_calc_policy_value(bj_calc *c, int up, uint64_t removed, uint64_t hand, const bj_strategy *s, int first)
{
    int hard, aces, cards, soft, t, act, k;
    double sum = 0;
    hand_totals(hand, &hard, &aces, &cards);
    t = best_total(hard, aces, &soft);
    if (t > 21)
        return -ar_bj_calc_no_bj(c, up, removed + hand);
    act = ar_bj_decide(s, hard, aces, cards, pair_rank(hand, cards), 0, up, first && may_double(c, hand), 0);
    if (act != BJ_ACT_HIT && act != BJ_ACT_DOUBLE)
        return stand_joint(c, up, removed, hand);
    for (k = 1; k <= 10; k++) {
        double p = ar_bj_calc_prob(c, up, removed + hand, k);
        uint64_t next = hand + BJ_COMP_ONE(k);
        if (p == 0)
            continue;
        if (act == BJ_ACT_DOUBLE)
            sum += p * 2 * stand_joint(c, up, removed, next);
        else
            sum += p * ar_bj_calc_policy_value(c, up, removed, next, s, 0);
    }
    return sum;
}
