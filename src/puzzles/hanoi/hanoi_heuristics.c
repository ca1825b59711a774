/* hanoi_heuristics.c — admissible heuristics of Towers of Hanoi for the
 * generic searches (misplaced, disc-bound, exact3), and the two bounds the
 * closed-form solvers also use: the disc bound (the fs-heuristic solver's
 * proven lower bound) and the exact 3-peg distance between any two positions
 * (the recursive solver's length). Each comes with the argument that it is
 * admissible and consistent. */
#include "hanoi_internal.h"

#include <string.h>

/* Misplaced: every disc off its goal peg moves at least once, and a move
 * changes one disc's peg, so h changes by at most 1 per move: admissible and
 * consistent. */
static uint64_t misplaced_pos(const ar_instance *inst, const unsigned char *pos,
                              const unsigned char *goal)
{
    unsigned d, c = 0;
    for (d = 0; d < inst->discs; d++)
        c += pos[d] != goal[d];
    return c;
}

/* Disc bound. Pick any misplaced disc m, now on peg S, with goal peg G. Let t1
 * be m's first move (m leaves S) and t2 its last (m lands on G), t1 <= t2. At
 * t1, m is the top of S, so no smaller disc is on S; at t2 m lands on G, so no
 * smaller disc is on G. Hence a smaller disc d (now on p, goal g) passes through
 * p -> (not S at t1) -> (not G at t2) -> g, and moves at least
 *     min over a != S, b != G of [p != a] + [a != b] + [b != g]
 * times, which is
 *     2 if p = S and g = G (off S before t1, onto G after t2),
 *     2 if p = g = S (leave S before t1, come back after it),
 *     2 if p = g = G (leave G before t2, come back after it),
 *     0 if p = g (any other peg), else 1.
 * Disc m moves at least once and every misplaced larger disc at least once.
 * Moves of different discs are different moves, so the sum B_m is a lower
 * bound; h = max over misplaced m of B_m is admissible (0 at the goal).
 *
 * Consistency, h(s) <= 1 + h(s') for a move of disc e from s to s':
 *  - for a pivot m > e, only e's term changes, and never between 0 and 2 (a
 *    0 needs g not in {S, G}; every 2 needs g in {S, G}; g is fixed): |dB| <= 1;
 *  - for a pivot m < e, e's misplaced indicator changes by at most 1;
 *  - e = m moving to X != G: every smaller disc is off S and X at that moment,
 *    so its term (which depends on S only through [p = S]) is unchanged;
 *  - e = m moving onto G: pivot m disappears, but then no smaller disc was on S
 *    or G, so B_m was just the number of misplaced discs, which is at most
 *    1 + h(s') because every pivot of s' counts all misplaced discs.
 *  New pivots only raise h(s'). So h is consistent.
 * Counting discs by (peg, goal) pair makes each B_m O(1) and h O(n). */
uint64_t ar_hanoi_disc_bound(const ar_instance *inst, const unsigned char *pos)
{
    return ar_hanoi_disc_bound_to(inst, pos, inst->goal);
}

uint64_t ar_hanoi_disc_bound_to(const ar_instance *inst, const unsigned char *pos,
                                const unsigned char *goal)
{
    unsigned char cnt[AR_HANOI_MAX_PEGS][AR_HANOI_MAX_PEGS];
    unsigned d, total = 0, below = 0;
    uint64_t best = 0;
    memset(cnt, 0, sizeof cnt);
    for (d = 0; d < inst->discs; d++)
        total += pos[d] != goal[d];
    for (d = 0; d < inst->discs; d++) {
        unsigned p = pos[d], g = goal[d];
        if (p != g) {
            uint64_t b = 1u + below + cnt[p][g] + 2u * cnt[p][p] + 2u * cnt[g][g] + (total - below - 1u);
            if (b > best)
                best = b;
            below++;
        }
        cnt[p][g]++;
    }
    return best;
}

/* Moves to gather discs 0..m-1 (positions pos) into a tower on peg t, 3 pegs.
 * Going down from the largest: a disc already on t stays; otherwise the smaller
 * discs must first go to the third peg o, then the disc moves, and the m' = d
 * smaller discs follow as a tower (2^d - 1 moves) — so the total is the sum of
 * 2^d over the discs where the target changes. Optimal (classic result, by
 * induction on the largest disc that is not on its target). Fits in uint64 for
 * m <= 64. */
static uint64_t gather3(const unsigned char *pos, unsigned m, unsigned t)
{
    uint64_t c = 0;
    unsigned d;
    for (d = m; d-- > 0;)
        if (pos[d] != t) {
            c += (uint64_t)1 << d;
            t = 3u - pos[d] - t;
        }
    return c;
}

/* The optimal 3-peg distance between any two positions of n discs.
 * Only discs up to D, the largest disc where a and b differ, matter: deleting
 * every move of a larger disc from a solution leaves a legal solution (a move's
 * legality depends only on smaller discs), so optimal solutions never move them.
 * Disc D must go from s = a[D] to g = b[D]; r is the third peg.
 *  A. D moves once, s -> g: discs < D gather on r, D moves, they spread to
 *     their goals (the reverse of gathering the goal onto r).
 *  B. D moves twice, s -> r -> g: gather on g, D to r, the tower of D discs
 *     from g to s (2^D - 1), D to g, spread from s.
 * Between two moves of D the smaller discs form a tower on the third peg that
 * must move whole (2^D - 1 moves), so three or more moves of D cost at least
 * 2(2^D - 1) + 3 > 2^(D+1) - 1 >= A: the optimum is min(A, B), with each part
 * optimal as a gather. A <= 2^(D+1) - 1 always fits; B saturates.
 * *twice says which strategy won (A on ties). */
uint64_t ar_hanoi_exact3(const unsigned char *a, const unsigned char *b, unsigned n, int *twice)
{
    unsigned d, D, s, g, r;
    uint64_t A, B;
    if (twice)
        *twice = 0;
    for (d = n; d-- > 0;)
        if (a[d] != b[d])
            break;
    if (d == (unsigned)-1)
        return 0;
    D = d;
    s = a[D];
    g = b[D];
    r = 3u - s - g;
    A = gather3(a, D, r) + 1u + gather3(b, D, r);
    B = hanoi_sat_add(hanoi_sat_add(gather3(a, D, g), gather3(b, D, s)),
                      hanoi_sat_add(hanoi_pow2_minus1(D), 2u));
    if (B < A) {
        if (twice)
            *twice = 1;
        return B;
    }
    return A;
}

static uint64_t h_misplaced(const ar_instance *inst, const void *state)
{
    unsigned char pos[AR_HANOI_MAX_DISCS];
    hanoi_unpack(inst, state, pos);
    return misplaced_pos(inst, pos, inst->goal);
}

/* The backward halves (bidirectional search): moves are reversible at cost 1,
 * so the distance from the start to a position is the distance from the
 * position to the start, and each bound holds with the start as its goal. */
static uint64_t h_misplaced_back(const ar_instance *inst, const void *state)
{
    unsigned char pos[AR_HANOI_MAX_DISCS];
    hanoi_unpack(inst, state, pos);
    return misplaced_pos(inst, pos, inst->start);
}

static uint64_t h_disc_bound_back(const ar_instance *inst, const void *state)
{
    unsigned char pos[AR_HANOI_MAX_DISCS];
    hanoi_unpack(inst, state, pos);
    return ar_hanoi_disc_bound_to(inst, pos, inst->start);
}

static uint64_t h_exact3_back(const ar_instance *inst, const void *state)
{
    unsigned char pos[AR_HANOI_MAX_DISCS];
    hanoi_unpack(inst, state, pos);
    if (inst->pegs != 3)
        return ar_hanoi_disc_bound_to(inst, pos, inst->start);
    return ar_hanoi_exact3(pos, inst->start, inst->discs, NULL);
}

static uint64_t h_disc_bound(const ar_instance *inst, const void *state)
{
    unsigned char pos[AR_HANOI_MAX_DISCS];
    hanoi_unpack(inst, state, pos);
    return ar_hanoi_disc_bound(inst, pos);
}

static uint64_t h_exact3(const ar_instance *inst, const void *state)
{
    unsigned char pos[AR_HANOI_MAX_DISCS];
    hanoi_unpack(inst, state, pos);
    if (inst->pegs != 3) /* prepare refuses this; stay admissible anyway */
        return ar_hanoi_disc_bound(inst, pos);
    return ar_hanoi_exact3(pos, inst->goal, inst->discs, NULL);
}

static ar_status prepare_exact3(ar_instance *inst, ar_mem *mem, ar_error *err)
{
    (void)mem;
    if (inst->pegs != 3)
        return ar_error_set(err, AR_ERR_UNSUPPORTED,
                            "heuristic exact3 needs 3 pegs (this instance has %u); use disc-bound",
                            inst->pegs);
    return AR_OK;
}

const ar_heuristic ar_hanoi_heuristics[] = {
    {.name = "best",
     .summary = "the strongest bound available: exact3 on 3 pegs, disc-bound on 4 or more",
     .flags = AR_HEURISTIC_ADMISSIBLE | AR_HEURISTIC_CONSISTENT,
     .estimate = h_exact3,
     .estimate_from_start = h_exact3_back},
    {.name = "disc-bound",
     .summary = "max over misplaced discs m of 1 + forced moves of smaller discs around m's first "
                "and last moves + misplaced larger discs",
     .flags = AR_HEURISTIC_ADMISSIBLE | AR_HEURISTIC_CONSISTENT,
     .estimate = h_disc_bound,
     .estimate_from_start = h_disc_bound_back},
    {.name = "exact3",
     .summary = "the exact distance for 3 pegs (largest differing disc moved once or twice)",
     .flags = AR_HEURISTIC_ADMISSIBLE | AR_HEURISTIC_CONSISTENT,
     .prepare = prepare_exact3,
     .estimate = h_exact3,
     .estimate_from_start = h_exact3_back},
    {.name = "misplaced",
     .summary = "number of discs not on their goal peg",
     .flags = AR_HEURISTIC_ADMISSIBLE | AR_HEURISTIC_CONSISTENT,
     .estimate = h_misplaced,
     .estimate_from_start = h_misplaced_back},
    {.name = NULL}};
