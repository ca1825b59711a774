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
 * The first guesses' parts are searched by the worker threads, each with the
 * budget the others' bounds leave; the calling thread watches the run
 * (progress, time limit, Ctrl-C). The strategy is read back from the cache. */
#include "mm_internal.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "ariadne/hash.h"
#include "ariadne/timer.h"

#define MAXD 16              /* guesses: deeper strategies are not looked for */
#define INF 0x3FFFFFFFu
#define LOCKS 1024
#define BUCKET 4

/* ------------------------------------------------------------ the cache */

typedef struct entry {
    uint64_t k1, k2;
    uint32_t value;  /* the total, or a lower bound */
    uint16_t guess;  /* the best guess when exact */
    uint16_t n;      /* codes in the set; top bit: exact */
} entry;

typedef struct memo {
    entry *e;
    size_t buckets; /* a power of two */
    pthread_mutex_t lock[LOCKS];
} memo;

#define EXACT 0x8000u

static int memo_init(memo *m, size_t bytes)
{
    size_t b = 1;
    while (b * 2 * BUCKET * sizeof(entry) <= bytes)
        b *= 2;
    m->e = calloc(b * BUCKET, sizeof(entry));
    if (!m->e)
        return -1;
    m->buckets = b;
    for (b = 0; b < LOCKS; b++)
        pthread_mutex_init(&m->lock[b], NULL);
    return 0;
}

static void memo_free(memo *m)
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
static int memo_get(memo *m, uint64_t k1, uint64_t k2, entry *out)
{
    size_t b = (size_t)k1 & (m->buckets - 1), i;
    entry *e = m->e + b * BUCKET;
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
static void memo_put(memo *m, uint64_t k1, uint64_t k2, uint32_t n, uint32_t value, int exact,
                     uint32_t guess)
{
    size_t b = (size_t)k1 & (m->buckets - 1), i, victim = 0;
    entry *e = m->e + b * BUCKET;
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

typedef struct shared {
    const mm_rules *r;
    int limit;                 /* max guesses, or 0 */
    uint32_t lb[MAXD + 1][MM_TABLE_MAX + 1]; /* LB by guesses left (MAXD: no limit) and size */
    uint64_t z1[MM_TABLE_MAX], z2[MM_TABLE_MAX];
    memo memo;
    mm_candidates *cands;
    atomic_int epoch;          /* bumped to abandon the work under way */
    volatile sig_atomic_t stop; /* set by the run's watcher: a limit or Ctrl-C */
    atomic_ullong hits;
} shared;

typedef struct searcher {
    shared *sh;
    mm_history h;
    uint16_t *arena;           /* parts of the sets on the current path */
    size_t top, cap;
    /* The candidates of each depth, kept for the guesses they were made for:
     * they depend on the guesses only, not on the answers, so the parts of
     * one guess (searched one after the other) share one list. */
    uint32_t *cand[MAXD + 1];
    uint32_t cand_count[MAXD + 1];
    uint32_t cand_for[MAXD + 1][MAXD + 1];
    int cand_valid[MAXD + 1];
    uint64_t *order[MAXD + 1]; /* candidates of each depth with their bounds */
    int epoch;                 /* the epoch this searcher works in */
    int aborted;
    atomic_ullong nodes;
} searcher;

/* Guesses left after `depth` guesses, as an index of sh->lb. */
static int left_of(const shared *sh, int depth)
{
    if (!sh->limit)
        return MAXD;
    return sh->limit - depth < 0 ? 0 : sh->limit - depth;
}

static void lower_bounds(shared *sh)
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

static int stopping(searcher *s)
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

static uint32_t solve(searcher *s, const uint16_t *set, uint32_t n, uint64_t k1, uint64_t k2, int depth,
                      uint32_t budget, uint32_t *guess_out);

/* The candidate guesses after the guesses of s->h (depth of them), from the
 * list kept for this depth when it was made for the same guesses. */
static uint32_t candidates(searcher *s, int depth)
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
static uint16_t *split(searcher *s, const uint16_t *set, uint32_t n, uint32_t g, uint32_t *count,
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
static uint32_t try_guess(searcher *s, const uint16_t *set, uint32_t n, uint32_t g, uint32_t bound,
                          int depth, uint32_t budget)
{
    const mm_rules *r = s->sh->r;
    uint32_t count[MM_MAX_ANSWERS], start[MM_MAX_ANSWERS + 1], running = bound;
    uint64_t h1[MM_MAX_ANSWERS], h2[MM_MAX_ANSWERS];
    int order[MM_MAX_ANSWERS], parts = 0, a, i, j, left = left_of(s->sh, depth + 1);
    size_t mark = s->top;
    uint16_t *base = split(s, set, n, g, count, start, h1, h2);
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
        v = solve(s, base + start[a], count[a], h1[a], h2[a], depth + 1, budget - (running - sub_lb), NULL);
        if (s->aborted)
            break;
        running += v - sub_lb;
    }
    s->h.count--;
    s->top = mark;
    return running;
}

static uint32_t solve(searcher *s, const uint16_t *set, uint32_t n, uint64_t k1, uint64_t k2, int depth,
                      uint32_t budget, uint32_t *guess_out)
{
    shared *sh = s->sh;
    const mm_rules *r = sh->r;
    int left = left_of(sh, depth);
    uint64_t key1 = k1 ^ (uint64_t)left * 0x9E3779B97F4A7C15ull, key2 = k2;
    uint32_t lb = sh->lb[left][n], best = budget, best_guess = UINT32_MAX, proven = INF, m, i, kept = 0;
    uint64_t *order;
    entry e;
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

static int searcher_init(searcher *s, shared *sh)
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

static void searcher_free(searcher *s)
{
    int d;
    free(s->arena);
    for (d = 0; d <= MAXD; d++) {
        free(s->order[d]);
        free(s->cand[d]);
    }
}

/* ------------------------------------------- the first guess, in parallel */

/* One first guess: its parts of more than two codes, shared by the workers. */
typedef struct job {
    shared *sh;
    searcher *workers;
    uint32_t guess;
    const uint16_t *base;
    uint32_t count[MM_MAX_ANSWERS], start[MM_MAX_ANSWERS + 1];
    uint64_t h1[MM_MAX_ANSWERS], h2[MM_MAX_ANSWERS];
    int order[MM_MAX_ANSWERS], parts;
    atomic_int next, claimed;
    pthread_mutex_t lock;
    uint32_t running;        /* the bound with the parts searched so far exact */
    uint32_t best;           /* the total to beat */
    int failed;
    int epoch;
    int threads;
} job;

static void *job_worker(void *arg)
{
    job *j = arg;
    searcher *s = &j->workers[atomic_fetch_add(&j->claimed, 1)];
    shared *sh = j->sh;
    int left = left_of(sh, 1);
    for (;;) {
        int i = atomic_fetch_add(&j->next, 1), a;
        uint32_t budget, sub_lb, v;
        if (i >= j->parts)
            break;
        a = j->order[i];
        sub_lb = sh->lb[left][j->count[a]];
        pthread_mutex_lock(&j->lock);
        if (j->failed) {
            pthread_mutex_unlock(&j->lock);
            break;
        }
        budget = j->best - (j->running - sub_lb);
        pthread_mutex_unlock(&j->lock);
        s->h.count = 1;
        s->h.guess[0] = j->guess;
        s->h.answer[0] = (uint8_t)a;
        s->epoch = j->epoch;
        s->aborted = 0;
        s->top = 0;
        v = solve(s, j->base + j->start[a], j->count[a], j->h1[a], j->h2[a], 1, budget, NULL);
        if (s->aborted)
            break;
        pthread_mutex_lock(&j->lock);
        j->running += v - sub_lb;
        if (j->running >= j->best && !j->failed) {
            j->failed = 1;
            atomic_fetch_add(&sh->epoch, 1); /* the other workers abandon this guess */
        }
        pthread_mutex_unlock(&j->lock);
    }
    return NULL;
}

static uint64_t nodes_of(searcher *w, int threads)
{
    uint64_t n = 0;
    int t;
    for (t = 0; t < threads; t++)
        n += atomic_load_explicit(&w[t].nodes, memory_order_relaxed);
    return n;
}

static uint64_t job_nodes(void *arg)
{
    job *j = arg;
    return nodes_of(j->workers, j->threads);
}

/* Searches the parts of first guess g (its bound `bound`) against best;
 * returns the total (exact when below best) or a proven bound. *stopped is
 * set when the run stopped it. */
static uint32_t first_guess(shared *sh, searcher *workers, int threads, ar_run *run, uint32_t g,
                            uint32_t bound, uint32_t best, int *stopped)
{
    const mm_rules *r = sh->r;
    job j;
    uint16_t *all = malloc(sizeof *all * r->codes), *base;
    uint32_t i, total;
    int a, k;
    searcher root; /* only its arena, which holds the first guess's parts */
    memset(&root, 0, sizeof root);
    root.sh = sh;
    root.arena = malloc(sizeof *root.arena * r->codes);
    if (!all || !root.arena) {
        free(all);
        free(root.arena);
        *stopped = 1;
        return bound;
    }
    for (i = 0; i < r->codes; i++)
        all[i] = (uint16_t)i;
    memset(&j, 0, sizeof j);
    base = split(&root, all, r->codes, g, j.count, j.start, j.h1, j.h2);
    j.sh = sh;
    j.workers = workers;
    j.threads = threads;
    j.guess = g;
    j.base = base;
    for (a = 0; a < r->answers; a++)
        if (a != r->win && j.count[a] > 2) {
            for (k = j.parts++; k > 0 && j.count[j.order[k - 1]] > j.count[a]; k--)
                j.order[k] = j.order[k - 1];
            j.order[k] = a;
        }
    atomic_init(&j.next, 0);
    atomic_init(&j.claimed, 0);
    pthread_mutex_init(&j.lock, NULL);
    j.running = bound;
    j.best = best;
    j.epoch = atomic_load(&sh->epoch);
    ar_run_threads(run, (unsigned)threads, job_worker, &j, job_nodes, 0, "sets", &sh->stop);
    if (sh->stop)
        *stopped = 1;
    total = j.running;
    pthread_mutex_destroy(&j.lock);
    free(all);
    free(root.arena);
    return total;
}

/* ------------------------------------------------ the strategy, read back */

/* The tree of the best strategy for set[] after s->h (depth guesses made),
 * its guesses taken from the cache or searched again when evicted. */
static mm_node *rebuild(searcher *s, const uint16_t *set, uint32_t n, uint64_t k1, uint64_t k2,
                        int depth, int has_guess, uint32_t guess)
{
    const mm_rules *r = s->sh->r;
    uint32_t count[MM_MAX_ANSWERS], start[MM_MAX_ANSWERS + 1];
    uint64_t h1[MM_MAX_ANSWERS], h2[MM_MAX_ANSWERS];
    uint16_t *base;
    size_t mark = s->top;
    mm_node *node;
    int a, children = 0, e = 0;
    if (!has_guess)
        solve(s, set, n, k1, k2, depth, INF, &guess);
    base = split(s, set, n, guess, count, start, h1, h2);
    for (a = 0; a < r->answers; a++)
        children += a != r->win && count[a] > 0;
    node = ar_mm_node_new(guess, children);
    if (!node) {
        s->top = mark;
        return NULL;
    }
    s->h.guess[s->h.count] = guess;
    s->h.count++;
    for (a = 0; a < r->answers; a++) {
        if (a == r->win || count[a] == 0)
            continue;
        s->h.answer[s->h.count - 1] = (uint8_t)a;
        node->edge[e].answer = (unsigned)a;
        node->edge[e].node = rebuild(s, base + start[a], count[a], h1[a], h2[a], depth + 1, 0, 0);
        if (!node->edge[e].node) {
            s->h.count--;
            s->top = mark;
            ar_mm_tree_free(node);
            return NULL;
        }
        e++;
    }
    s->h.count--;
    s->top = mark;
    return node;
}

/* ------------------------------------------------------------ the driver */

ar_status ar_mm_optimal(const mm_rules *rules, const mm_optimal_options *o, mm_optimal_result *res,
                        ar_error *err)
{
    mm_rules with_table = *rules, *r = &with_table; /* the search reads every answer from the table */
    shared *sh;
    searcher *workers;
    int threads = o->threads < 1 ? 1 : o->threads > 64 ? 64 : o->threads, t, k, nfirst, stopped = 0;
    uint32_t first[64], bounds[64], proven[64], best, i, code_count[MM_MAX_ANSWERS];
    int order[64], winner = -1;
    size_t bytes = o->memo_bytes ? o->memo_bytes : (size_t)256 << 20;
    double t0 = ar_now();
    ar_status st = AR_OK;
    ar_run local, *run = o->run;
    ar_result local_res;
    char phase[96];
    const char *saved_phase = run ? run->phase : NULL;
    memset(res, 0, sizeof *res);
    if (r->codes > MM_TABLE_MAX)
        return ar_error_set(err, AR_ERR_UNSUPPORTED,
                            "%d pegs and %d colours make %u codes: the exhaustive search is for games of at "
                            "most %u codes (e.g. 4 pegs and 8 colours); use a one-step strategy",
                            r->pegs, r->colours, (unsigned)r->codes, MM_TABLE_MAX);
    if (o->max_guesses < 0 || o->max_guesses > MAXD)
        return ar_error_set(err, AR_ERR_INPUT, "parameter max-guesses: %d is not in 1..%d", o->max_guesses, MAXD);
    if (o->run && o->run->opts->limits.memory_limit && bytes > o->run->opts->limits.memory_limit / 2)
        bytes = o->run->opts->limits.memory_limit / 2;
    if (!rules->table && ar_mm_rules_table(&with_table, err) != AR_OK)
        return AR_ERR_MEMORY;
    sh = calloc(1, sizeof *sh);
    workers = calloc((size_t)threads, sizeof *workers);
    if (!sh || !workers || memo_init(&sh->memo, bytes) != 0) {
        free(workers);
        free(sh);
        if (!rules->table)
            free(with_table.table);
        return ar_error_set(err, AR_ERR_MEMORY, "no memory for the search's cache");
    }
    sh->r = r;
    sh->limit = o->max_guesses;
    lower_bounds(sh);
    for (i = 0; i < r->codes; i++) {
        sh->z1[i] = ar_zobrist(0x6D6D31, i);
        sh->z2[i] = ar_zobrist(0x6D6D32, i);
    }
    sh->cands = ar_mm_candidates_new(r);
    atomic_init(&sh->epoch, 0);
    atomic_init(&sh->hits, 0);
    for (t = 0; t < threads; t++)
        if (searcher_init(&workers[t], sh) != 0) {
            st = ar_error_set(err, AR_ERR_MEMORY, "no memory for the search");
            break;
        }
    if (st != AR_OK || !sh->cands)
        goto done;
    /* the first guesses, by their bounds */
    nfirst = (int)ar_mm_first_guesses(r, first, 64);
    if (nfirst > 64)
        nfirst = 64;
    for (k = 0; k < nfirst; k++) {
        int left = left_of(sh, 1), a, j;
        uint64_t b = r->codes;
        memset(code_count, 0, sizeof code_count);
        for (i = 0; i < r->codes; i++)
            code_count[mm_answer(r, first[k], i)]++;
        for (a = 0; a < r->answers; a++)
            if (a != r->win)
                b += sh->lb[left][code_count[a]];
        bounds[k] = b > INF ? INF : (uint32_t)b;
        proven[k] = bounds[k];
        for (j = k; j > 0 && bounds[order[j - 1]] > bounds[k]; j--)
            order[j] = order[j - 1];
        order[j] = k;
    }
    best = o->upper && o->upper < INF ? (uint32_t)o->upper + 1 : INF;
    if (!run) { /* no limits, no progress: the workers are still watched the same way */
        memset(&local_res, 0, sizeof local_res);
        ar_run_begin(&local, NULL, &local_res);
        run = &local;
    }
    for (k = 0; k < nfirst && !stopped; k++) {
        int f = order[k];
        char g[16];
        uint32_t total;
        if (bounds[f] >= best)
            break; /* sorted: the rest are no better */
        ar_mm_format_code(r, first[f], g, sizeof g);
        snprintf(phase, sizeof phase, "first guess %s (%d of %d), to beat %u", g, k + 1, nfirst,
                 (unsigned)best);
        run->phase = phase;
        total = first_guess(sh, workers, threads, run, first[f], bounds[f], best, &stopped);
        if (stopped) {
            if (total > proven[f])
                proven[f] = total; /* the parts done are exact, the others at their bounds */
            break;
        }
        proven[f] = total;
        if (total < best) {
            best = total;
            winner = f;
        }
    }
    res->complete = !stopped;
    res->lower = INF;
    for (k = 0; k < nfirst; k++) {
        uint32_t b = proven[k];
        if (k == winner)
            b = best;
        if (b < res->lower)
            res->lower = b;
    }
    if (!stopped && winner < 0 && best < INF)
        res->lower = best; /* nothing reaches below `best`: the known total stands */
    if (winner >= 0) {
        uint16_t *all = malloc(sizeof *all * r->codes);
        uint64_t k1 = 0, k2 = 0;
        searcher *s = &workers[0];
        if (all) {
            for (i = 0; i < r->codes; i++) {
                all[i] = (uint16_t)i;
                k1 ^= sh->z1[i];
                k2 ^= sh->z2[i];
            }
            s->h.count = 0;
            s->top = 0;
            s->aborted = 0;
            s->epoch = atomic_load(&sh->epoch);
            res->tree = rebuild(s, all, r->codes, k1, k2, 0, 1, first[winner]);
            free(all);
        }
        if (!res->tree) {
            st = ar_error_set(err, AR_ERR_MEMORY, "no memory for the strategy's tree");
            goto done;
        }
        res->found = 1;
        res->total = best;
    }
    res->nodes = nodes_of(workers, threads);
    res->memo_hits = atomic_load(&sh->hits);
    res->memo_bytes = sh->memo.buckets * BUCKET * sizeof(entry);
done:
    res->seconds = ar_now() - t0;
    if (run)
        run->phase = saved_phase; /* phase points into this frame */
    if (!rules->table)
        free(with_table.table);
    for (t = 0; t < threads; t++)
        searcher_free(&workers[t]);
    free(workers);
    ar_mm_candidates_free(sh->cands);
    memo_free(&sh->memo);
    free(sh);
    return st;
}
