/* ants_bots.c — the ladder of Ants bots below the strong one, each
 * reimplemented from the contest's description of its sample bot (the
 * starter package's RandomBot, HoldBot, LeftyBot, HunterBot and GreedyBot),
 * and the table that makes any bot of the ladder by name. Every bot sees only
 * its view (ants_view: what the protocol told it) and keeps its own memory.
 *
 *   random  each ant steps in a random direction that is not water and not
 *           already some ant's destination;
 *   hold    gives no orders;
 *   lefty   new ants walk straight (the direction set by the parity of their
 *           square), then follow the wall on their left when they meet water;
 *   hunter  each ant steps toward its nearest food or enemy ant (straight-line
 *           distance), in one of the directions that shorten it;
 *   greedy  each ant chases, in this order, the nearest enemy hill, food,
 *           enemy ant or unseen square, else moves at random. */
#include "ants_bots_internal.h"

#include <stdlib.h>
#include <string.h>

const char *const ar_ants_ai_names[] = {"random", "hold", "lefty", "hunter", "greedy", "strong", "contender", NULL};

int ar_ants_ai_known(const char *name)
{
    for (int i = 0; ar_ants_ai_names[i]; i++)
        if (strcmp(name, ar_ants_ai_names[i]) == 0)
            return 1;
    return 0;
}

ants_ai *ar_ants_ai_new(const char *name, const ants_view *settings, uint64_t seed)
{
    ants_ai *ai = calloc(1, sizeof *ai);
    int n = settings->rows * settings->cols;
    if (!ai)
        return NULL;
    for (ai->kind = 0; ar_ants_ai_names[ai->kind] && strcmp(ar_ants_ai_names[ai->kind], name); ai->kind++)
        ;
    if (!ar_ants_ai_names[ai->kind]) {
        free(ai);
        return NULL;
    }
    ar_rng_seed(&ai->rng, seed);
    ai->n = n;
    ai->taken = calloc((size_t)n, 1);
    ai->state = calloc((size_t)n, 1);
    ai->state2 = calloc((size_t)n, 1);
    ai->dist = malloc(sizeof *ai->dist * (size_t)n);
    ai->queue = malloc(sizeof *ai->queue * (size_t)n);
    if (!ai->taken || !ai->state || !ai->state2 || !ai->dist || !ai->queue ||
        (ai->kind == AI_STRONG && ar_ants_strong_init(ai, settings)) ||
        (ai->kind == AI_CONTENDER && ar_ants_contender_init(ai, settings))) {
        ar_ants_ai_free(ai);
        return NULL;
    }
    return ai;
}

void ar_ants_ai_free(ants_ai *ai)
{
    if (!ai)
        return;
    if (ai->kind == AI_STRONG)
        ar_ants_strong_free(ai);
    if (ai->kind == AI_CONTENDER)
        ar_ants_contender_free(ai);
    free(ai->taken);
    free(ai->state);
    free(ai->state2);
    free(ai->dist);
    free(ai->queue);
    free(ai);
}

static void shuffle4(ar_rng *rng, int *d)
{
    for (int i = 3; i > 0; i--) {
        int j = (int)ar_rng_below(rng, (uint64_t)i + 1), t = d[i];
        d[i] = d[j];
        d[j] = t;
    }
}

/* Whether an ant may step onto sq this turn: not water, not food, not an ant
 * (ants that move away are not known yet), not another order's destination. */
static int free_square(const ants_ai *ai, const ants_view *w, int sq)
{
    return !w->water[sq] && !w->food[sq] && w->ant[sq] == 255 && !ai->taken[sq];
}

static size_t order(ants_ai *ai, const ants_view *w, int sq, int dir, ants_order *out, size_t k, size_t cap)
{
    ai->taken[ants_ai_step(w, sq, dir)] = 1;
    if (k < cap)
        out[k++] = (ants_order){sq, dir};
    return k;
}

static size_t random_turn(ants_ai *ai, const ants_view *w, ants_order *out, size_t cap)
{
    size_t k = 0;
    for (int i = 0; i < w->nmine; i++) {
        int sq = w->mine[i], d[4] = {0, 1, 2, 3}, moved = 0;
        shuffle4(&ai->rng, d);
        for (int j = 0; j < 4 && !moved; j++) {
            int t = ants_ai_step(w, sq, d[j]);
            if (!w->water[t] && !ai->taken[t]) {
                k = order(ai, w, sq, d[j], out, k, cap);
                moved = 1;
            }
        }
        if (!moved)
            ai->taken[sq] = 1;
    }
    return k;
}

/* lefty: state holds 1 + direction for ants walking straight, state2 for
 * ants following a wall, both keyed by the square they will stand on. */
static size_t lefty_turn(ants_ai *ai, const ants_view *w, ants_order *out, size_t cap)
{
    static const int left[4] = {DIR_W, DIR_N, DIR_E, DIR_S}, right[4] = {DIR_E, DIR_S, DIR_W, DIR_N},
                     behind[4] = {DIR_S, DIR_W, DIR_N, DIR_E};
    uint8_t *straight = calloc((size_t)ai->n, 1), *lefty = calloc((size_t)ai->n, 1);
    size_t k = 0;
    if (!straight || !lefty)
        abort();
    for (int i = 0; i < w->nmine; i++) {
        int sq = w->mine[i], r = sq / w->cols, c = sq % w->cols;
        if (!ai->state[sq] && !ai->state2[sq])
            ai->state[sq] = (uint8_t)(1 + (r % 2 == 0 ? (c % 2 == 0 ? DIR_N : DIR_S) : (c % 2 == 0 ? DIR_E : DIR_W)));
        if (ai->state[sq]) {
            int dir = ai->state[sq] - 1, t = ants_ai_step(w, sq, dir);
            if (!w->water[t]) {
                if (w->ant[t] == 255 && !w->food[t] && !ai->taken[t]) {
                    k = order(ai, w, sq, dir, out, k, cap);
                    straight[t] = (uint8_t)(1 + dir);
                } else {
                    straight[sq] = (uint8_t)(1 + left[dir]);
                    ai->taken[sq] = 1;
                }
            } else
                ai->state2[sq] = (uint8_t)(1 + right[dir]);
        }
        if (ai->state2[sq]) {
            int dir = ai->state2[sq] - 1, tries[4] = {left[dir], dir, right[dir], behind[dir]};
            for (int j = 0; j < 4; j++) {
                int t = ants_ai_step(w, sq, tries[j]);
                if (w->water[t])
                    continue;
                if (w->ant[t] == 255 && !w->food[t] && !ai->taken[t]) {
                    k = order(ai, w, sq, tries[j], out, k, cap);
                    lefty[t] = (uint8_t)(1 + tries[j]);
                } else {
                    straight[sq] = (uint8_t)(1 + right[dir]);
                    ai->taken[sq] = 1;
                }
                break;
            }
        }
    }
    memcpy(ai->state, straight, (size_t)ai->n);
    memcpy(ai->state2, lefty, (size_t)ai->n);
    free(straight);
    free(lefty);
    return k;
}

/* The directions from a toward b that shorten the torus distance. */
static int directions_toward(const ants_view *w, int a, int b, int *d)
{
    int k = 0, r1 = a / w->cols, c1 = a % w->cols, r2 = b / w->cols, c2 = b % w->cols;
    int hr = w->rows / 2, hc = w->cols / 2;
    if (r1 < r2)
        d[k++] = r2 - r1 >= hr ? DIR_N : DIR_S;
    if (r2 < r1)
        d[k++] = r1 - r2 >= hr ? DIR_S : DIR_N;
    if (c1 < c2)
        d[k++] = c2 - c1 >= hc ? DIR_W : DIR_E;
    if (c2 < c1)
        d[k++] = c1 - c2 >= hc ? DIR_E : DIR_W;
    return k;
}

static size_t step_toward(ants_ai *ai, const ants_view *w, int sq, int target, ants_order *out, size_t k, size_t cap)
{
    int d[4], nd = directions_toward(w, sq, target, d);
    if (nd == 2 && ar_rng_below(&ai->rng, 2)) {
        int t = d[0];
        d[0] = d[1];
        d[1] = t;
    }
    for (int j = 0; j < nd; j++)
        if (free_square(ai, w, ants_ai_step(w, sq, d[j])))
            return order(ai, w, sq, d[j], out, k, cap);
    ai->taken[sq] = 1;
    return k;
}

static size_t hunter_turn(ants_ai *ai, const ants_view *w, ants_order *out, size_t cap)
{
    size_t k = 0;
    int *targets = ai->queue, nt = 0;
    for (int sq = 0; sq < w->n; sq++)
        if (w->food[sq] || (w->ant[sq] != 255 && w->ant[sq] != 0))
            targets[nt++] = sq;
    for (int i = 0; i < w->nmine; i++) {
        int sq = w->mine[i], best = -1, bd = 1 << 30;
        for (int j = 0; j < nt; j++) {
            int dd = ants_ai_dist2(w, sq, targets[j]);
            if (dd < bd) {
                bd = dd;
                best = targets[j];
            }
        }
        if (best < 0)
            ai->taken[sq] = 1;
        else
            k = step_toward(ai, w, sq, best, out, k, cap);
    }
    return k;
}

/* greedy: targets by kind in order of preference; state2 remembers the
 * squares ever seen, so "unseen" means never seen. */
static size_t greedy_turn(ants_ai *ai, const ants_view *w, ants_order *out, size_t cap)
{
    size_t k = 0;
    for (int sq = 0; sq < w->n; sq++) {
        if (w->visible[sq])
            ai->state2[sq] = 1;
        if (w->hill[sq] > 0)
            ai->state[sq] = 1; /* enemy hills are remembered until seen razed */
        else if (w->visible[sq])
            ai->state[sq] = 0;
    }
    for (int i = 0; i < w->nmine; i++) {
        int sq = w->mine[i], best = -1;
        for (int kind = 0; kind < 4 && best < 0; kind++) {
            int bd = 1 << 30;
            for (int t = 0; t < w->n; t++) {
                int want = kind == 0 ? ai->state[t] : kind == 1 ? w->food[t]
                           : kind == 2 ? (w->ant[t] != 255 && w->ant[t] != 0) : !ai->state2[t];
                if (!want)
                    continue;
                int dd = ants_ai_dist2(w, sq, t);
                if (dd < bd) {
                    bd = dd;
                    best = t;
                }
            }
        }
        if (best >= 0)
            k = step_toward(ai, w, sq, best, out, k, cap);
        if (best < 0 || ai->taken[sq]) {
            /* blocked or nothing to chase: a random free step */
            int d[4] = {0, 1, 2, 3}, moved = 0;
            if (best >= 0)
                ai->taken[sq] = 0;
            shuffle4(&ai->rng, d);
            for (int j = 0; j < 4 && !moved; j++)
                if (free_square(ai, w, ants_ai_step(w, sq, d[j]))) {
                    k = order(ai, w, sq, d[j], out, k, cap);
                    moved = 1;
                }
            if (!moved)
                ai->taken[sq] = 1;
        }
    }
    return k;
}

size_t ar_ants_ai_turn(ants_ai *ai, const ants_view *w, ants_order *out, size_t cap, double deadline)
{
    memset(ai->taken, 0, (size_t)ai->n);
    switch (ai->kind) {
    case AI_RANDOM: return random_turn(ai, w, out, cap);
    case AI_HOLD: return 0;
    case AI_LEFTY: return lefty_turn(ai, w, out, cap);
    case AI_HUNTER: return hunter_turn(ai, w, out, cap);
    case AI_GREEDY: return greedy_turn(ai, w, out, cap);
    case AI_CONTENDER: return ar_ants_contender_turn(ai, w, out, cap, deadline);
    default: return ar_ants_strong_turn(ai, w, out, cap, deadline);
    }
}
