/* bj_sim.c — the blackjack simulator: one player with one box playing a
 * total-dependent strategy (a chart) hand after hand, on every core.
 *
 * Cards come from an infinite deck (each rank drawn with its probability),
 * from a fresh shoe every hand (drawing without replacement by swapping the
 * drawn card to the end of the shoe array, so the shoe never needs
 * shuffling), or from a shoe dealt through to a cut card and then shuffled
 * (the shoe game, where the count of tens varies and Thorp's ten-count can be
 * measured). Random numbers are the library's xoshiro256** stepped inline
 * (rng.h), bounded without bias by Lemire's multiply-and-reject method. Each thread plays its share of
 * the hands from its own seed (the seed and the thread's number), so a run
 * is reproducible for a given seed and thread count. */
#include "bj_internal.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/memory.h"
#include "ariadne/timer.h"

/* ------------------------------------------------------------ random */

/* Uniform in [0, n), n < 2^32, without bias (Lemire), from the library's
 * generator stepped inline. */
static inline uint32_t rng_below(ar_rng *r, uint32_t n)
{
    uint64_t m = (uint64_t)(uint32_t)(ar_rng_next_inline(r) >> 32) * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = (uint32_t)(-n) % n;
        while (low < threshold) {
            m = (uint64_t)(uint32_t)(ar_rng_next_inline(r) >> 32) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/* ---------------------------------------------------------------- cards */

enum { SRC_INFINITE, SRC_FRESH, SRC_SHOE };

typedef struct source {
    int kind;
    uint8_t card[52 * BJ_MAX_DECKS];
    uint32_t n;      /* the shoe's size */
    uint32_t left;   /* SRC_FRESH: cards not drawn this hand */
    uint32_t next;   /* SRC_SHOE: the next card to deal */
    uint32_t cut;    /* SRC_SHOE: shuffle before a hand once this many are dealt */
    int tens_left, others_left;
    ar_rng rng;
} source;

static const uint8_t rank_of13[13] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10};

static void shuffle(source *s)
{
    uint32_t i;
    for (i = s->n; i > 1; i--) {
        uint32_t j = rng_below(&s->rng, i);
        uint8_t t = s->card[i - 1];
        s->card[i - 1] = s->card[j];
        s->card[j] = t;
    }
    s->next = 0;
    s->tens_left = 16 * (int)(s->n / 52);
    s->others_left = (int)s->n - s->tens_left;
}

static inline int draw(source *s)
{
    int c;
    switch (s->kind) {
    case SRC_INFINITE:
        return rank_of13[rng_below(&s->rng, 13)];
    case SRC_FRESH: {
        uint32_t j = rng_below(&s->rng, s->left);
        uint8_t t = s->card[j];
        s->card[j] = s->card[--s->left];
        s->card[s->left] = t;
        return t;
    }
    default:
        if (s->next == s->n)
            shuffle(s); /* ran out within a hand: a rare reshuffle */
        c = s->card[s->next++];
        if (c == BJ_TEN)
            s->tens_left--;
        else
            s->others_left--;
        return c;
    }
}

/* --------------------------------------------------------------- a hand */

typedef struct hand {
    int hard, aces, cards, bet, split_ace, pair;
} hand;

static inline int total_of(int hard, int aces) { return aces && hard + 10 <= 21 ? hard + 10 : hard; }

/* Plays one round; returns the player's result per initial bet. */
static double play_round(const bj_rules *ru, const bj_strategy *st, source *src)
{
    hand h[BJ_MAX_HANDS];
    int up = draw(src), a = draw(src), b = draw(src), hole = draw(src), nh = 1, i, dealt = 0;
    int dhard, daces, dt;
    double result = 0;
    int natural = (a == BJ_ACE && b == BJ_TEN) || (a == BJ_TEN && b == BJ_ACE);
    if ((up == BJ_ACE && hole == BJ_TEN) || (up == BJ_TEN && hole == BJ_ACE))
        return natural ? 0 : -1; /* the dealer checks and has blackjack */
    if (natural)
        return ru->bj_pays;
    h[0].hard = a + b;
    h[0].aces = (a == BJ_ACE) + (b == BJ_ACE);
    h[0].cards = 2;
    h[0].bet = 1;
    h[0].split_ace = 0;
    h[0].pair = a == b ? a : 0;
    for (i = 0; i < nh; i++) {
        hand *x = &h[i];
        for (;;) {
            int act, c, can_split;
            if (x->cards == 1) { /* a split hand takes its second card */
                c = draw(src);
                x->pair = c == x->hard ? c : 0;
                x->hard += c;
                x->aces += c == BJ_ACE;
                x->cards = 2;
                if (x->split_ace && !ru->hit_split_aces) { /* one card to a split ace */
                    if (x->pair && ru->rsa && nh < ru->max_hands)
                        goto split;
                    break;
                }
            }
            can_split = x->pair && nh < ru->max_hands && (x->pair != BJ_ACE || nh == 1 || ru->rsa);
            act = ar_bj_decide(st, x->hard, x->aces, x->cards, x->pair, can_split, up,
                               ar_bj_may_double(ru, x->hard, x->aces, x->cards) && (nh == 1 || ru->das),
                               ru->surrender && nh == 1 && x->cards == 2);
            if (act == BJ_ACT_STAND)
                break;
            if (act == BJ_ACT_SURRENDER)
                return -0.5;
            if (act == BJ_ACT_SPLIT) {
            split:
                x->hard = x->pair;
                x->aces = x->pair == BJ_ACE;
                x->cards = 1;
                x->split_ace = x->pair == BJ_ACE;
                h[nh] = *x;
                nh++;
                continue;
            }
            c = draw(src);
            x->hard += c;
            x->aces += c == BJ_ACE;
            x->cards++;
            x->pair = 0;
            if (act == BJ_ACT_DOUBLE) {
                x->bet = 2;
                break;
            }
            if (total_of(x->hard, x->aces) >= 21)
                break;
        }
    }
    /* The dealer plays if some hand still stands. */
    for (i = 0; i < nh; i++)
        if (h[i].hard <= 21)
            dealt = 1;
    dhard = up + hole;
    daces = (up == BJ_ACE) + (hole == BJ_ACE);
    dt = total_of(dhard, daces);
    if (dealt)
        while (dt < 17 || (dt == 17 && ru->h17 && daces && dhard + 10 == 17)) {
            int c = draw(src);
            dhard += c;
            daces += c == BJ_ACE;
            dt = total_of(dhard, daces);
        }
    for (i = 0; i < nh; i++) {
        int pt = total_of(h[i].hard, h[i].aces);
        if (pt > 21)
            result -= h[i].bet;
        else if (dt > 21 || pt > dt)
            result += h[i].bet;
        else if (pt < dt)
            result -= h[i].bet;
    }
    return result;
}

/* ------------------------------------------------------------- threads */

typedef struct chunk_result {
    uint64_t hands;
    double sum, sumsq, bet_won, bet_won_sq, bet_total;
    uint64_t bin_hands[BJ_COUNT_BINS];
    double bin_sum[BJ_COUNT_BINS], bin_sumsq[BJ_COUNT_BINS];
} chunk_result;

typedef struct shared {
    const bj_sim_options *o;
    chunk_result *chunks;
    uint64_t nchunks, next, done_hands;
    double t0;
    int stop;
    pthread_mutex_t lock;
} shared;

double ar_bj_count_bin_edge(int i)
{
    static const double edges[BJ_COUNT_BINS] = {0,   1.2, 1.4, 1.5, 1.6, 1.7, 1.8, 1.9, 2.0, 2.1, 2.2, 2.3,
                                                2.4, 2.5, 2.6, 2.7, 2.8, 2.9, 3.0, 3.2, 3.4, 3.7, 4.0, 5.0};
    return i >= 0 && i < BJ_COUNT_BINS ? edges[i] : INFINITY;
}

static int bin_of(double ratio)
{
    int i = BJ_COUNT_BINS - 1;
    while (i > 0 && ratio < ar_bj_count_bin_edge(i))
        i--;
    return i;
}

static void play_chunk(const bj_sim_options *o, source *src, uint64_t index, uint64_t hands, chunk_result *r)
{
    uint64_t k;
    ar_rng first;
    memset(r, 0, sizeof *r);
    /* The chunk's generator: seeded by the first number of a generator
     * seeded by the run's seed and the chunk's number. */
    ar_rng_seed(&first, o->seed ^ (index * 0xD1B54A32D192ED03ull));
    ar_rng_seed(&src->rng, first.s[0]);
    if (src->kind == SRC_SHOE)
        shuffle(src);
    for (k = 0; k < hands; k++) {
        double x, units = 1;
        int bin = 0;
        if (src->kind == SRC_SHOE) {
            if (src->next >= src->cut)
                shuffle(src);
            if (o->count) {
                double ratio = src->tens_left ? (double)src->others_left / src->tens_left : 1e9;
                bin = bin_of(ratio);
                if (o->bin_units)
                    units = o->bin_units[bin];
            }
        } else if (src->kind == SRC_FRESH) {
            src->left = src->n;
        }
        x = play_round(&o->rules, o->strategy, src);
        r->sum += x;
        r->sumsq += x * x;
        if (o->count) {
            r->bin_hands[bin]++;
            r->bin_sum[bin] += x;
            r->bin_sumsq[bin] += x * x;
            r->bet_won += units * x;
            r->bet_won_sq += units * units * x * x;
            r->bet_total += units;
        }
    }
    r->hands = hands;
}

static void *worker(void *arg)
{
    shared *sh = arg;
    const bj_sim_options *o = sh->o;
    source *src = malloc(sizeof *src);
    int d, r;
    if (!src) {
        pthread_mutex_lock(&sh->lock);
        sh->stop = 1;
        pthread_mutex_unlock(&sh->lock);
        return NULL;
    }
    memset(src, 0, sizeof *src);
    src->kind = o->rules.decks == 0 ? SRC_INFINITE : o->shoe_game ? SRC_SHOE : SRC_FRESH;
    if (src->kind != SRC_INFINITE) {
        for (d = 0; d < o->rules.decks; d++)
            for (r = 0; r < 52; r++)
                src->card[src->n++] = rank_of13[r % 13];
        src->left = src->n;
        src->cut = (uint32_t)(o->penetration * src->n);
    }
    for (;;) {
        uint64_t index, hands;
        pthread_mutex_lock(&sh->lock);
        if (sh->stop || sh->next == sh->nchunks || (o->interrupt && *o->interrupt) ||
            (o->time_limit > 0 && ar_now() - sh->t0 > o->time_limit)) {
            if (sh->next < sh->nchunks)
                sh->stop = 1;
            pthread_mutex_unlock(&sh->lock);
            break;
        }
        index = sh->next++;
        pthread_mutex_unlock(&sh->lock);
        hands = index + 1 < sh->nchunks || o->hands % BJ_SIM_CHUNK == 0 ? BJ_SIM_CHUNK : o->hands % BJ_SIM_CHUNK;
        play_chunk(o, src, index, hands, &sh->chunks[index]);
        pthread_mutex_lock(&sh->lock);
        sh->done_hands += hands;
        if (o->progress)
            ar_progress_update(o->progress, sh->done_hands, o->hands, "hands", NULL);
        pthread_mutex_unlock(&sh->lock);
    }
    free(src);
    return NULL;
}

ar_status ar_bj_simulate(const bj_sim_options *o, bj_sim_result *out, ar_error *err)
{
    shared sh;
    pthread_t tid[256];
    int t, n = o->threads < 1 ? 1 : o->threads > 256 ? 256 : o->threads, b;
    uint64_t c;
    double sum = 0, sumsq = 0, cpu0 = ar_process_cpu_time();
    if (!o->strategy)
        return ar_error_set(err, AR_ERR_INPUT, "simulation without a strategy");
    if (o->shoe_game && o->rules.decks == 0)
        return ar_error_set(err, AR_ERR_INPUT, "an infinite deck has no shoe to deal through");
    if (o->shoe_game && !(o->penetration > 0 && o->penetration <= 0.9))
        return ar_error_set(err, AR_ERR_INPUT, "penetration %g is not in (0, 0.9]", o->penetration);
    memset(out, 0, sizeof *out);
    memset(&sh, 0, sizeof sh);
    sh.o = o;
    sh.nchunks = (o->hands + BJ_SIM_CHUNK - 1) / BJ_SIM_CHUNK;
    sh.chunks = ar_xcalloc(ar_xsize(sh.nchunks ? sh.nchunks : 1), sizeof *sh.chunks);
    sh.t0 = ar_now();
    pthread_mutex_init(&sh.lock, NULL);
    for (t = 1; t < n; t++)
        if (pthread_create(&tid[t], NULL, worker, &sh) != 0)
            break;
    worker(&sh);
    for (b = 1; b < t; b++)
        pthread_join(tid[b], NULL);
    pthread_mutex_destroy(&sh.lock);
    /* Summed in chunk order, so the result is the same however the chunks
     * were shared out; a stopped run counts the chunks that finished. */
    for (c = 0; c < sh.nchunks; c++) {
        const chunk_result *r = &sh.chunks[c];
        out->hands += r->hands;
        sum += r->sum;
        sumsq += r->sumsq;
        for (b = 0; b < BJ_COUNT_BINS; b++) {
            out->bin_hands[b] += r->bin_hands[b];
            out->bin_sum[b] += r->bin_sum[b];
            out->bin_sumsq[b] += r->bin_sumsq[b];
        }
        out->bet_won += r->bet_won;
        out->bet_won_sq += r->bet_won_sq;
        out->bet_total += r->bet_total;
    }
    free(sh.chunks);
    out->stopped = sh.stop;
    out->seconds = ar_now() - sh.t0;
    out->cpu_seconds = ar_process_cpu_time() - cpu0;
    if (out->hands) {
        double mean = sum / (double)out->hands, var = sumsq / (double)out->hands - mean * mean;
        out->mean = mean;
        out->half_width = 1.959964 * sqrt(var > 0 ? var : 0) / sqrt((double)out->hands);
    }
    return AR_OK;
}
