/* brag_sim.c — many hands of brag between bidding strategies, to measure
 * what each seat and each strategy wins per hand, with 95% confidence
 * intervals: the notes' claim that the last to bid has the advantage is a
 * statement about seats, and rotating the players round the table (--rotate)
 * turns it into a fair comparison of strategies.
 *
 * Each hand deals 3n cards from a freshly shuffled deck (a partial
 * Fisher–Yates shuffle: only the cards dealt are drawn), plays the betting
 * through the game's own rules (ar_brag_apply_bid on a position), asks each
 * player's strategy for its decision, and settles the pot. */
#include "brag_internal.h"

#include <math.h>
#include <string.h>

typedef struct accum {
    double sum, sumsq;
    uint64_t n;
} accum;

static void add(accum *a, double x)
{
    a->sum += x;
    a->sumsq += x * x;
    a->n++;
}

static brag_mean mean_of(const accum *a)
{
    brag_mean m = {0, 0, a->n};
    if (a->n) {
        double mean = a->sum / (double)a->n;
        double var = a->n > 1 ? (a->sumsq - a->sum * mean) / (double)(a->n - 1) : 0;
        m.mean = mean;
        m.half_width = 1.959964 * sqrt(var > 0 ? var : 0) / sqrt((double)a->n);
    }
    return m;
}

ar_status ar_brag_simulate(const brag_sim_options *o, brag_sim_result *r, ar_error *err)
{
    ar_variant v = {.players = o->players, .max_rounds = o->max_rounds};
    accum seat[BRAG_MAX_PLAYERS], player[BRAG_MAX_PLAYERS];
    ar_card deck[AR_DECK_SIZE];
    ar_rng rng, decide_rng;
    uint64_t h, no_contest = 0, showdowns = 0;
    int n = o->players, i;
    if (n < 2 || n > BRAG_MAX_PLAYERS || o->max_rounds < 1)
        return ar_error_set(err, AR_ERR_INPUT, "brag simulation: %d players, %d rounds", n, o->max_rounds);
    memset(seat, 0, sizeof seat);
    memset(player, 0, sizeof player);
    memset(r, 0, sizeof *r);
    ar_deck_fill(deck, 1);
    ar_rng_seed(&rng, o->seed);
    ar_rng_seed(&decide_rng, o->seed ^ 0x5851F42D4C957F2Dull);
    for (h = 0; h < o->hands; h++) {
        brag_pos p;
        double net[BRAG_MAX_PLAYERS];
        int shift = o->rotate ? (int)(h % (uint64_t)n) : 0, k, bettors = 0;
        if ((h & 4095) == 0) {
            if (o->interrupt && *o->interrupt) {
                r->interrupted = 1;
                break;
            }
            if (o->progress)
                ar_progress_update(o->progress, h, o->hands, "hands", NULL);
        }
        memset(&p, 0, sizeof p);
        /* Deal: the first 3n cards of a partial shuffle. */
        for (k = 0; k < 3 * n; k++) {
            int j = k + (int)ar_rng_below(&rng, (uint64_t)(AR_DECK_SIZE - k));
            ar_card t = deck[k];
            deck[k] = deck[j];
            deck[j] = t;
            p.hand[k % n][k / n] = deck[k];
        }
        for (i = 0; i < n; i++) {
            p.stake[i] = 1;
            p.state[i] = BRAG_WAITING;
        }
        p.dealt = (uint8_t)(3 * n);
        p.round = 1;
        p.acting = (uint16_t)((1u << n) - 1u);
        while (!p.over) {
            brag_decision d;
            int who = (p.turn + shift) % n; /* the player in this seat */
            ar_brag_decision_of(&v, &p, &d);
            ar_brag_apply_bid(&v, &p, ar_brag_decide(&o->seat[who], &d, &decide_rng));
        }
        ar_brag_settle(&v, &p, net);
        for (i = 0; i < n; i++) {
            bettors += p.state[i] == BRAG_IN;
            add(&seat[i], net[i]);
            add(&player[(i + shift) % n], net[i]);
        }
        no_contest += bettors == 0;
        showdowns += bettors >= 2;
    }
    r->hands = h;
    for (i = 0; i < n; i++) {
        r->per_seat[i] = mean_of(&seat[i]);
        r->per_player[i] = mean_of(&player[i]);
    }
    r->no_contest = h ? (double)no_contest / (double)h : 0;
    r->showdown = h ? (double)showdowns / (double)h : 0;
    return AR_OK;
}
