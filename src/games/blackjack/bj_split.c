/* bj_split.c — pair splitting and the whole game, on top of the hand values
 * of bj_exact.c.
 *
 * Splits follow the Wizard of Odds' method: each split hand is played by
 * its own composition from a shoe with all the pair cards dealt so far taken
 * out, but not the other cards drawn to the other hands. With h hands on the
 * table (h pair cards out), a hand waiting for its second card draws a pair
 * card with probability q_h — and may split again while fewer than the most
 * hands are on the table (aces only with resplitting aces) — or another
 * card, worth X_h on average, or, when it may not split again, it plays the
 * pair as a hand worth Y_h. F(h, w), the expected total of w hands still to
 * be dealt their second card, is
 *
 *   F(h, 0) = 0,
 *   F(h, w) = (1 - q_h) (X_h + F(h, w - 1)) + q_h F(h + 1, w + 1)     (resplit)
 *                                           + q_h (Y_h + F(h, w - 1))  (no resplit)
 *
 * and the pair is worth F(2, 2). Every quantity is conditioned on the dealer
 * having no blackjack, as the hand values are.
 *
 * The game's expectation sums over the upcard and the player's two cards,
 * with their probabilities from the full shoe: a natural pays the payout
 * unless the dealer has one too (a push); otherwise a dealer blackjack takes
 * the bet, and the hand is played at its best action. */
#include "bj_internal.h"

#include <math.h>
#include <string.h>

/* The split hand (p, r) or (p, p) without a further split: its value
 * jointly with "no blackjack", from a shoe with `removed` out besides it. */
static double split_hand(bj_calc *c, int up, int p, int r, uint64_t removed, const bj_strategy *s)
{
    const bj_rules *ru = ar_bj_calc_rules(c);
    uint64_t hand = BJ_COMP_ONE(p) + BJ_COMP_ONE(r);
    bj_hand_ev ev;
    if (p == BJ_ACE && !ru->hit_split_aces) {
        ar_bj_calc_value(c, up, removed, hand, 0, 0, &ev);
        return ev.stand; /* one card to each ace */
    }
    if (s)
        return ar_bj_calc_policy_value(c, up, removed, hand, s, ru->das);
    return ar_bj_calc_value(c, up, removed, hand, ru->das, 0, NULL);
}

double ar_bj_split_value(bj_calc *c, int up, int p, const bj_strategy *s)
{
    const bj_rules *ru = ar_bj_calc_rules(c);
    double X[BJ_MAX_HANDS + 2], Y[BJ_MAX_HANDS + 2], q[BJ_MAX_HANDS + 2];
    double F[BJ_MAX_HANDS + 2][2 * BJ_MAX_HANDS + 2] = {{0}};
    int h, w, r, max = ru->max_hands, resplit = p != BJ_ACE || ru->rsa;
    if (max < 2)
        return -HUGE_VAL;
    for (h = 2; h <= max; h++) {
        /* the context of a hand drawing with h hands out: the other h - 1
         * pair cards are removed besides its own */
        uint64_t others = (uint64_t)(h - 1) * BJ_COMP_ONE(p), all = others + BJ_COMP_ONE(p);
        double no_bj = ar_bj_calc_no_bj(c, up, all), num = 0, den = 0, pp;
        for (r = 1; r <= 10; r++) {
            double pr = ar_bj_calc_prob(c, up, all, r);
            if (r == p || pr == 0)
                continue;
            num += pr * split_hand(c, up, p, r, others, s);
            den += pr * ar_bj_calc_no_bj(c, up, all + BJ_COMP_ONE(r));
        }
        pp = ar_bj_calc_prob(c, up, all, p);
        X[h] = den > 0 ? num / den : 0;
        q[h] = no_bj > 0 ? pp * ar_bj_calc_no_bj(c, up, all + BJ_COMP_ONE(p)) / no_bj : 0;
        Y[h] = pp > 0 ? split_hand(c, up, p, p, others, s) / ar_bj_calc_no_bj(c, up, all + BJ_COMP_ONE(p)) : 0;
    }
    /* F from the most hands down, fewer pending hands first. */
    for (h = max; h >= 2; h--) {
        F[h][0] = 0;
        for (w = 1; w <= 2 * BJ_MAX_HANDS; w++) {
            double again = resplit && h < max ? F[h + 1][w + 1 <= 2 * BJ_MAX_HANDS ? w + 1 : 2 * BJ_MAX_HANDS]
                                              : Y[h] + F[h][w - 1];
            F[h][w] = (1 - q[h]) * (X[h] + F[h][w - 1]) + q[h] * again;
        }
    }
    return F[2][2];
}

void ar_bj_hand(bj_calc *c, int up, int a, int b, bj_hand_ev *ev)
{
    const bj_rules *ru = ar_bj_calc_rules(c);
    uint64_t hand = BJ_COMP_ONE(a) + BJ_COMP_ONE(b);
    double no_bj = ar_bj_calc_no_bj(c, up, hand);
    int k;
    double *vals[BJ_ACTIONS];
    ar_bj_calc_value(c, up, 0, hand, 1, 0, ev);
    ev->stand /= no_bj;
    ev->hit /= no_bj;
    if (ev->dbl > -HUGE_VAL)
        ev->dbl /= no_bj;
    ev->split = a == b && ru->max_hands >= 2 ? ar_bj_split_value(c, up, a, NULL) : -HUGE_VAL;
    ev->surrender = ru->surrender ? -0.5 : -HUGE_VAL;
    vals[BJ_ACT_STAND] = &ev->stand;
    vals[BJ_ACT_HIT] = &ev->hit;
    vals[BJ_ACT_DOUBLE] = &ev->dbl;
    vals[BJ_ACT_SPLIT] = &ev->split;
    vals[BJ_ACT_SURRENDER] = &ev->surrender;
    ev->action = BJ_ACT_STAND;
    ev->best = ev->stand;
    for (k = 1; k < BJ_ACTIONS; k++)
        if (*vals[k] > ev->best) {
            ev->best = *vals[k];
            ev->action = k;
        }
}

/* The normalised expectation of the two-card hand (a, b) played by the
 * strategy s. */
static double policy_hand(bj_calc *c, int up, int a, int b, const bj_strategy *s)
{
    const bj_rules *ru = ar_bj_calc_rules(c);
    uint64_t hand = BJ_COMP_ONE(a) + BJ_COMP_ONE(b);
    double no_bj = ar_bj_calc_no_bj(c, up, hand);
    int hard = a + b, aces = (a == BJ_ACE) + (b == BJ_ACE);
    int act = ar_bj_decide(s, hard, aces, 2, a == b ? a : 0, a == b && ru->max_hands >= 2, up,
                           ar_bj_may_double(ru, hard, aces, 2), ru->surrender);
    if (act == BJ_ACT_SPLIT)
        return ar_bj_split_value(c, up, a, s);
    if (act == BJ_ACT_SURRENDER)
        return -0.5;
    return ar_bj_calc_policy_value(c, up, 0, hand, s, 1) / no_bj;
}

/* The game's expectation with every hand at its best (s NULL) or played by
 * the strategy s. */
static ar_status game_ev(bj_calc *c, const bj_strategy *s, bj_game_ev *out, const volatile sig_atomic_t *interrupt,
                         ar_error *err)
{
    const bj_rules *ru = ar_bj_calc_rules(c);
    int up, a, b;
    memset(out, 0, sizeof *out);
    ar_bj_calc_set_interrupt(c, interrupt);
    for (up = 1; up <= 10; up++) {
        double pu = ar_bj_calc_prob(c, 0, 0, up), sum = 0;
        if (pu == 0)
            continue;
        if (ar_bj_calc_interrupted(c))
            return ar_error_set(err, AR_ERR_LIMIT, "interrupted");
        for (a = 1; a <= 10; a++)
            for (b = a; b <= 10; b++) {
                uint64_t first = BJ_COMP_ONE(a);
                double pab = ar_bj_calc_prob(c, up, 0, a) * ar_bj_calc_prob(c, up, first, b) * (a == b ? 1 : 2);
                double no_bj, ev;
                if (pab == 0)
                    continue;
                no_bj = ar_bj_calc_no_bj(c, up, first + BJ_COMP_ONE(b));
                if ((a == BJ_ACE && b == BJ_TEN)) {
                    ev = no_bj * ru->bj_pays;
                    out->p_natural += pu * pab;
                } else if (s) {
                    ev = -(1 - no_bj) + no_bj * policy_hand(c, up, a, b, s);
                } else {
                    bj_hand_ev h;
                    ar_bj_hand(c, up, a, b, &h);
                    ev = -(1 - no_bj) + no_bj * h.best;
                }
                out->p_dealer_bj += pu * pab * (1 - no_bj);
                sum += pab * ev;
            }
        out->by_upcard[up] = sum;
        out->ev += pu * sum;
    }
    return AR_OK;
}

ar_status ar_bj_game(bj_calc *c, bj_game_ev *out, const volatile sig_atomic_t *interrupt, ar_error *err)
{
    return game_ev(c, NULL, out, interrupt, err);
}

ar_status ar_bj_strategy_ev(bj_calc *c, const bj_strategy *s, double *ev, const volatile sig_atomic_t *interrupt,
                            ar_error *err)
{
    bj_game_ev g;
    ar_status st = game_ev(c, s, &g, interrupt, err);
    *ev = g.ev;
    return st;
}
