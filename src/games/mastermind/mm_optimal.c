/* mm_optimal.c — the code-breaker's strategy with the smallest total number
 * of guesses over all codes, by exhaustive search (Koyama & Lai 1993).
 *
 * T(S), the fewest guesses a strategy needs in all to find every code of a
 * set S (counting, for each code, the guesses from now on), obeys
 *     T({x}) = 1,   T(S) = min over guesses g of  |S| + sum over answers a
 *                          other than the win of T(S_a(g)),
 * where S_a(g) are the codes of S that answer a to g. The search is
 * depth-first branch and bound on this recursion:
 *   - a lower bound for any set of n codes: at most one code is found by a
 *     guess, at most B = K - 1 more by the guesses after each answer, so at
 *     most B^(k-1) with k guesses; filling those places from the top gives
 *     LB(n) (and no strategy at all within the guesses left when n exceeds
 *     the places);
 *   - each candidate guess is first bounded by |S| + sum LB(|S_a|) from the
 *     sizes of its parts, summed while they are counted: a candidate is
 *     dropped as soon as the sum reaches the best total found; one whose
 *     parts have at most two codes costs exactly its bound and needs no
 *     search; the others are tried in order of their bounds (ties: a guess
 *     that could be the code, then the lowest) until a bound reaches the
 *     best total;
 *   - a guess's parts are searched smallest first, each with the budget left
 *     by the best total minus the others' bounds: the small parts' exact
 *     totals tighten the budget of the large ones, and a bad guess is
 *     abandoned early;
 *   - a guess in S that splits the rest into single codes costs 2n - 1, the
 *     least any strategy can, and ends the search of S at once; without one,
 *     S costs at least 2n;
 *   - candidates are one guess of each class of equivalent guesses
 *     (mm_symmetry.c: colours not used yet, and the permutations fixing the
 *     guesses so far), kept per depth for the guesses they were made for;
 *   - every set searched is cached under a 128-bit hash of its codes (and the
 *     guesses left, with a limit): its exact total and best guess, or the
 *     lower bound a failed search proved.
 * This file searches one set; mm_optimal_run.c runs the whole search (the
 * first guesses' parts on the worker threads, the strategy read back from
 * the cache). */
#include "mm_optimal.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ the cache */

int ar_mm_memo_init(mm_memo *m, size_t bytes)
{
    size_t b = 1;
    while (b * 2 * BUCKET * sizeof(mm_entry) <= bytes)
        b *= 2;
    m->e = calloc(b * BUCKET, sizeof(mm_entry));
    if (!m->e)
        return -1;
    m->buckets = b;
    for (b = 0; b < LOCKS; b++)
        pthread_mutex_init(&m->lock[b], NULL);
    return 0;
}

void ar_mm_memo_free(mm_memo *m)
{
    size_t i;
    if (!m->e)
        return;
    for (i = 0; i < LOCKS; i++)
        pthread_mutex_destroy(&m->lock[i]);
    free(m->e);
    m->e = NULL;
}

/* Finds the set's entry; returns 1 and copies it when there is one. */
static int memo_get(mm_memo *m, uint64_t k1, uint64_t k2, mm_entry *out)
{
    size_t b = (size_t)k1 & (m->buckets - 1), i;
    mm_entry *e = m->e + b * BUCKET;
    int found = 0;
    pthread_mutex_lock(&m->lock[b % LOCKS]);
    for (i = 0; i < BUCKET && !found; i++)
        if (e[i].k1 == k1 && e[i].k2 == k2 && e[i].n) {
            *out = e[i];
            found = 1;
        }
    pthread_mutex_unlock(&m->lock[b % LOCKS]);
    return found;
}

/* Records an exact total (with its guess) or a lower bound; an exact entry
 * is never weakened, and a full bucket loses its smallest set. */
static void memo_put(mm_memo *m, uint64_t k1, uint64_t k2, uint32_t n, uint32_t value, int exact,
                     uint32_t guess)
{
    size_t b = (size_t)k1 & (m->buckets - 1), i, victim = 0;
    mm_entry *e = m->e + b * BUCKET;
    pthread_mutex_lock(&m->lock[b % LOCKS]);
    for (i = 0; i < BUCKET; i++) {
        if (e[i].k1 == k1 && e[i].k2 == k2 && e[i].n) {
            if (!(e[i].n & EXACT) && (exact || value > e[i].value)) {
                e[i].value = value;
                e[i].guess = (uint16_t)guess;
                e[i].n = (uint16_t)(n | (exact ? EXACT : 0));
            }
            pthread_mutex_unlock(&m->lock[b % LOCKS]);
            return;
        }
        if ((e[i].n & ~EXACT) < (e[victim].n & ~EXACT))
            victim = i;
    }
    e[victim].k1 = k1;
    e[victim].k2 = k2;
    e[victim].value = value;
    e[victim].guess = (uint16_t)guess;
    e[victim].n = (uint16_t)(n | (exact ? EXACT : 0));
    pthread_mutex_unlock(&m->lock[b % LOCKS]);
}

/* ------------------------------------------------------------ the search */

void ar_mm_lower_bounds(mm_shared *sh)
{
    uint32_t branch = (uint32_t)sh->r->answers - 1, n;
    int left;
    for (left = 0; left <= MAXD; left++) {
        /* codes that can be found with exactly k guesses: 1, B, B^2, ... */
        uint64_t room = 1, used = 0;
        int k = 1;
        sh->lb[left][0] = 0;
        for (n = 1; n <= sh->r->codes; n++) {
            while (k <= left && used == room) {
                used = 0;
                room = room * branch > INF ? INF : room * branch;
                k++;
            }
            if (k > left) {
                sh->lb[left][n] = INF;
                continue;
            }
            sh->lb[left][n] = sh->lb[left][n - 1] + (uint32_t)k;
            used++;
            if (sh->lb[left][n] > INF)
                sh->lb[left][n] = INF;
        }
    }
}

static int stopping(mm_searcher *s)
{
    if (atomic_load_explicit(&s->sh->epoch, memory_order_relaxed) != s->epoch || s->sh->stop)
        s->aborted = 1;
    return s->aborted;
}

static int by_key(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}


/* The candidate guesses after the guesses of s->h (depth of them), from the
 * list kept for this depth when it was made for the same guesses. */
static uint32_t candidates(mm_searcher *s, int depth)
{
    int k;
    if (s->cand_valid[depth]) {
        for (k = 0; k < depth && s->cand_for[depth][k] == s->h.guess[k]; k++)
            ;
        if (k == depth)
            return s->cand_count[depth];
    }
    s->cand_count[depth] = ar_mm_candidates(s->sh->cands, &s->h, s->cand[depth]);
    for (k = 0; k < depth; k++)
        s->cand_for[depth][k] = s->h.guess[k];
    s->cand_valid[depth] = 1;
    return s->cand_count[depth];
}

/* Splits set[] by the answers to g into the arena (the parts in answer
 * order); fills count[], start[] and the parts' hashes. Returns the parts'
 * base in the arena. */
uint16_t *ar_mm_split(mm_searcher *s, const uint16_t *set, uint32_t n, uint32_t g, uint32_t *count,
                       uint32_t *start, uint64_t *h1, uint64_t *h2)
{
    const mm_rules *r = s->sh->r;
    const uint8_t *row = r->table + (size_t)g * r->codes;
    uint16_t *parts = s->arena + s->top;
    uint32_t i, fill[MM_MAX_ANSWERS];
    int a;
    memset(count, 0, sizeof(uint32_t) * (size_t)r->answers);
    for (i = 0; i < n; i++)
        count[row[set[i]]]++;
    start[0] = 0;
    for (a = 0; a < r->answers; a++) {
        start[a + 1] = start[a] + count[a];
        fill[a] = start[a];
        h1[a] = h2[a] = 0;
    }
    for (i = 0; i < n; i++) {
        unsigned ans = row[set[i]];
        parts[fill[ans]++] = set[i];
        h1[ans] ^= s->sh->z1[set[i]];
        h2[ans] ^= s->sh->z2[set[i]];
    }
    s->top += n;
    return parts;
}

/* The total of guess g for set[] (exact when below budget, else a bound at
 * least budget), its parts searched largest first. */
static uint32_t try_guess(mm_searcher *s, const uint16_t *set, uint32_t n, uint32_t g, uint32_t bound,
                          int depth, uint32_t budget)
{
    const mm_rules *r = s->sh->r;
    uint32_t count[MM_MAX_ANSWERS], start[MM_MAX_ANSWERS + 1], running = bound;
    uint64_t h1[MM_MAX_ANSWERS], h2[MM_MAX_ANSWERS];
    int order[MM_MAX_ANSWERS], parts = 0, a, i, j, left = ar_mm_left_of(s->sh, depth + 1);
    size_t mark = s->top;
    uint16_t *base = ar_mm_split(s, set, n, g, count, start, h1, h2);
    for (a = 0; a < r->answers; a++)
        if (a != r->win && count[a] > 2) {
            for (j = parts++; j > 0 && count[order[j - 1]] > count[a]; j--)
                order[j] = order[j - 1];
            order[j] = a;
        }
    s->h.guess[s->h.count] = g;
    s->h.count++;
    for (i = 0; i < parts && running < budget; i++) {
        uint32_t sub_lb, v;
        a = order[i];
        sub_lb = s->sh->lb[left][count[a]];
        s->h.answer[s->h.count - 1] = (uint8_t)a;
        v = ar_mm_solve(s, base + start[a], count[a], h1[a], h2[a], depth + 1, budget - (running - sub_lb), NULL);
        if (s->aborted)
            break;
        running += v - sub_lb;
    }
    s->h.count--;
    s->top = mark;
    return running;
}

uint32_t ar_mm_solve(mm_searcher *s, const uint16_t *set, uint32_t n, uint64_t k1, uint64_t k2, int depth,
                     uint32_t budget, uint32_t *guess_out)
{
    mm_shared *sh = s->sh;
    const mm_rules *r = sh->r;
    int left = ar_mm_left_of(sh, depth);
    uint64_t key1 = k1 ^ (uint64_t)left * 0x9E3779B97F4A7C15ull, key2 = k2;
    uint32_t lb = sh->lb[left][n], best = budget, best_guess = UINT32_MAX, proven = INF, m, i, kept = 0;
    uint64_t *order;
    mm_entry e;
    if (n <= 2 || lb >= budget) {
        if (guess_out)
            *guess_out = set[0];
        return lb;
    }
    if (stopping(s))
        return budget;
    atomic_fetch_add_explicit(&s->nodes, 1, memory_order_relaxed);
    if (memo_get(&sh->memo, key1, key2, &e)) {
        atomic_fetch_add_explicit(&sh->hits, 1, memory_order_relaxed);
        if (e.n & EXACT) {
            if (guess_out)
                *guess_out = e.guess;
            return e.value;
        }
        if (e.value >= budget && !guess_out)
            return e.value;
        if (e.value > lb)
            lb = e.value;
    }
    /* a code of the set that tells all the others apart: 2n - 1, the least possible */
    if (n <= (uint32_t)r->answers && left >= 2) {
        for (i = 0; i < n; i++) {
            const uint8_t *row = r->table + (size_t)set[i] * r->codes;
            uint64_t seen = 0;
            uint32_t j;
            for (j = 0; j < n; j++) {
                uint64_t bit = 1ull << row[set[j]];
                if (seen & bit)
                    break;
                seen |= bit;
            }
            if (j == n) {
                memo_put(&sh->memo, key1, key2, n, 2 * n - 1, 1, set[i]);
                if (guess_out)
                    *guess_out = set[i];
                return 2 * n - 1;
            }
        }
        /* without one, 2n is the least: a guess outside the set finds no code now
         * and each part costs at least its size; one inside leaves a part of two */
        if (lb < 2 * n)
            lb = 2 * n;
        if (lb >= budget && !guess_out) {
            memo_put(&sh->memo, key1, key2, n, lb, 0, 0);
            return lb;
        }
    }
    /* The candidates with their bounds, best bound first. A candidate's bound
     * is summed while its parts are counted, and it is dropped as soon as the
     * sum reaches the best total (the bound only grows). One whose parts have
     * at most two codes costs exactly its bound: it is taken at once when it
     * is better, and ends the search when nothing can beat it. */
    m = candidates(s, depth);
    order = s->order[depth];
    {
        const uint32_t *part_lb = sh->lb[left - 1];
        for (i = 0; i < m; i++) {
            uint32_t g = s->cand[depth][i], count[MM_MAX_ANSWERS], bound = n, most = 0;
            const uint8_t *row = r->table + (size_t)g * r->codes;
            uint32_t j;
            memset(count, 0, sizeof(uint32_t) * (size_t)r->answers);
            for (j = 0; j < n; j++) {
                unsigned a = row[set[j]];
                uint32_t c = count[a]++;
                if (c + 1 > most)
                    most = c + 1;
                if (a != (unsigned)r->win && (bound += part_lb[c + 1] - part_lb[c]) >= best)
                    break;
            }
            if (j < n) {
                if (bound < proven)
                    proven = bound;
                continue;
            }
            if (most == n && !count[r->win]) /* tells nothing */
                continue;
            if (most <= 2) {
                best = bound; /* exact, and below best (else it was dropped) */
                best_guess = g;
                if (best <= lb)
                    break;
                continue;
            }
            order[kept++] = (uint64_t)bound << 24 | (uint64_t)(count[r->win] == 0) << 16 | g;
        }
    }
    if (best <= lb)
        kept = 0; /* proven optimal already */
    qsort(order, kept, sizeof *order, by_key);
    for (i = 0; i < kept; i++) {
        uint32_t bound = (uint32_t)(order[i] >> 24), g = (uint32_t)(order[i] & 0xFFFF), total;
        if (bound >= best) {
            if (bound < proven)
                proven = bound;
            break;
        }
        total = try_guess(s, set, n, g, bound, depth, best);
        if (s->aborted)
            return budget;
        if (total < best) {
            best = total;
            best_guess = g;
            if (best <= lb)
                break; /* nothing can do better */
        } else if (total < proven) {
            proven = total;
        }
    }
    if (best < budget) {
        memo_put(&sh->memo, key1, key2, n, best, 1, best_guess);
        if (guess_out)
            *guess_out = best_guess;
        return best;
    }
    if (proven < lb)
        proven = lb;
    if (proven < budget)
        proven = budget;
    memo_put(&sh->memo, key1, key2, n, proven, 0, 0);
    return proven;
}

int ar_mm_searcher_init(mm_searcher *s, mm_shared *sh)
{
    const mm_rules *r = sh->r;
    int d;
    memset(s, 0, sizeof *s);
    s->sh = sh;
    s->cap = (size_t)r->codes * (MAXD + 2);
    s->arena = malloc(sizeof *s->arena * s->cap);
    atomic_init(&s->nodes, 0);
    if (!s->arena)
        return -1;
    for (d = 0; d <= MAXD; d++)
        if (!(s->order[d] = malloc(sizeof *s->order[d] * r->codes)) ||
            !(s->cand[d] = malloc(sizeof *s->cand[d] * r->codes)))
            return -1;
    return 0;
}

void ar_mm_searcher_free(mm_searcher *s)
{
    int d;
    free(s->arena);
    for (d = 0; d <= MAXD; d++) {
        free(s->order[d]);
        free(s->cand[d]);
    }
}

