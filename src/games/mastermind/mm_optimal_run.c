/* mm_optimal_run.c — the exhaustive search for the optimal strategy as a
 * whole (mm_optimal.c searches one set): the first guesses by their bounds,
 * each one's parts searched by the worker threads under the run's watch
 * (ar_run_threads: progress, time limit, Ctrl-C), and the strategy read
 * back from the cache as a tree. */
#include "mm_optimal.h"

#include <stdlib.h>
#include <string.h>
#include "ariadne/hash.h"
#include "ariadne/timer.h"

/* ------------------------------------------- the first guess, in parallel */

/* One first guess: its parts of more than two codes, shared by the workers. */
typedef struct job {
    mm_shared *sh;
    mm_searcher *workers;
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
    mm_searcher *s = &j->workers[atomic_fetch_add(&j->claimed, 1)];
    mm_shared *sh = j->sh;
    int left = ar_mm_left_of(sh, 1);
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
        v = ar_mm_solve(s, j->base + j->start[a], j->count[a], j->h1[a], j->h2[a], 1, budget, NULL);
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

static uint64_t nodes_of(mm_searcher *w, int threads)
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
static uint32_t first_guess(mm_shared *sh, mm_searcher *workers, int threads, ar_run *run, uint32_t g,
                            uint32_t bound, uint32_t best, int *stopped)
{
    const mm_rules *r = sh->r;
    job j;
    uint16_t *all = malloc(sizeof *all * r->codes), *base;
    uint32_t i, total;
    int a, k;
    mm_searcher root; /* only its arena, which holds the first guess's parts */
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
    base = ar_mm_split(&root, all, r->codes, g, j.count, j.start, j.h1, j.h2);
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
static mm_node *rebuild(mm_searcher *s, const uint16_t *set, uint32_t n, uint64_t k1, uint64_t k2,
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
        ar_mm_solve(s, set, n, k1, k2, depth, INF, &guess);
    base = ar_mm_split(s, set, n, guess, count, start, h1, h2);
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
    mm_shared *sh;
    mm_searcher *workers;
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
    if (!sh || !workers || ar_mm_memo_init(&sh->memo, bytes) != 0) {
        free(workers);
        free(sh);
        if (!rules->table)
            free(with_table.table);
        return ar_error_set(err, AR_ERR_MEMORY, "no memory for the search's cache");
    }
    sh->r = r;
    sh->limit = o->max_guesses;
    ar_mm_lower_bounds(sh);
    for (i = 0; i < r->codes; i++) {
        sh->z1[i] = ar_zobrist(0x6D6D31, i);
        sh->z2[i] = ar_zobrist(0x6D6D32, i);
    }
    sh->cands = ar_mm_candidates_new(r);
    atomic_init(&sh->epoch, 0);
    atomic_init(&sh->hits, 0);
    for (t = 0; t < threads; t++)
        if (ar_mm_searcher_init(&workers[t], sh) != 0) {
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
        int left = ar_mm_left_of(sh, 1), a, j;
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
        mm_searcher *s = &workers[0];
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
    res->memo_bytes = sh->memo.buckets * BUCKET * sizeof(mm_entry);
done:
    res->seconds = ar_now() - t0;
    if (run)
        run->phase = saved_phase; /* phase points into this frame */
    if (!rules->table)
        free(with_table.table);
    for (t = 0; t < threads; t++)
        ar_mm_searcher_free(&workers[t]);
    free(workers);
    ar_mm_candidates_free(sh->cands);
    ar_mm_memo_free(&sh->memo);
    free(sh);
    return st;
}
