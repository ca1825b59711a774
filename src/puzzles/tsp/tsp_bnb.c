/* tsp_bnb.c — branch and bound with 1-tree bounds (Held & Karp 1970, 1971;
 * Volgenant & Jonker 1982): proves the optimum of instances such as
 * berlin52 and eil51 in a moment.
 *
 * The bound. A 1-tree is a spanning tree of cities 2..n plus two edges at
 * city 1; every tour is one, so the cheapest 1-tree is a lower bound. With
 * city penalties pi, edge (i,j) weighs d(i,j) + pi(i) + pi(j): each tour's
 * weight grows by exactly 2 * sum(pi), but 1-trees with cities of degree
 * other than 2 change differently, so w(pi) = min 1-tree - 2 sum(pi) is a
 * lower bound for every pi. Subgradient ascent pushes pi up where a city's
 * degree is above 2 and down where it is 1 (step t = lambda (UB - w) /
 * |d - 2|^2, lambda halved when w stops rising), which drives the 1-tree
 * towards a tour. When the best 1-tree is a tour, it is optimal there.
 *
 * The branching (Volgenant & Jonker): at a city v of degree above 2 in the
 * best 1-tree, with free tree edges e1, e2 (cheapest first) the children
 * are: e1 and e2 in (then every other edge at v out); e1 in, e2 out; e1 out
 * (fewer children when v already has edges fixed in). Fixed-in edges get a
 * weight of minus infinity in the tree, fixed-out ones plus infinity; a city
 * with two edges in has its others fixed out, and edges in may never close
 * a cycle short of a whole tour. Depth first, on an explicit stack, each
 * child starting its ascent from its parent's penalties; a node is pruned
 * when its bound, rounded up (tour lengths are whole numbers), reaches the
 * best tour. The first best tour comes from iterated local search, which on
 * these instances is usually optimal already, so the search is a proof. */
#include "tsp_internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FREE 0
#define IN 1
#define OUT (-1)
#define BIG 1e300

typedef struct change {
    uint32_t i, j;
    signed char old;
} change;

typedef struct child_plan {
    uint32_t v, e1, e2; /* the branching city and its two free tree edges' other ends */
    int kin;            /* edges already in at v */
    int count;          /* children: 3 - kin, or 1 when kin == 2 */
} child_plan;

typedef struct frame {
    size_t log_mark; /* the change log's length before this node's fixings */
    child_plan plan;
    int next;        /* the next child to make */
} frame;

typedef struct bnb {
    const tsp_data *d;
    uint32_t n;
    ar_run *run;
    signed char *fix;       /* n * n */
    double *pi, *key, *best_pi, *pis; /* pis: one penalty vector per stack level */
    uint32_t *par, *deg, *best_par, *adj0, best_adj0[2], *order, *uf;
    unsigned char *in_tree;
    int64_t ub;
    uint32_t *best_order;
    change *log;
    size_t nlog, caplog;
    frame *stack;
    size_t depth, capstack;
    uint64_t trees;
    double root_bound;
    char phase[96]; /* the progress line's "best tour ..., root bound ..." */
} bnb;

static double weight(const bnb *B, const double *pi, uint32_t i, uint32_t j)
{
    signed char f = B->fix[(size_t)i * B->n + j];
    if (f == OUT)
        return BIG;
    if (f == IN)
        return -BIG;
    return (double)tsp_dist(B->d, i, j) + pi[i] + pi[j];
}

/* The cheapest 1-tree under pi: par[v] for v >= 2 (tree on 1..n-1 rooted at
 * 1), adj0[0..1] city 0's two edges, deg[] the degrees. Returns 0 when the
 * fixings leave no 1-tree; else its weight w(pi) in *bound and whether it
 * is a tour. */
static int one_tree(bnb *B, const double *pi, double *bound, int *tour)
{
    uint32_t n = B->n, v, it;
    double total = 0, sum_pi = 0;
    B->trees++;
    memset(B->in_tree, 0, n);
    memset(B->deg, 0, sizeof *B->deg * n);
    B->in_tree[1] = 1;
    for (v = 2; v < n; v++) {
        B->key[v] = weight(B, pi, 1, v);
        B->par[v] = 1;
    }
    for (it = 2; it < n; it++) {
        uint32_t best = 0;
        double bk = BIG;
        for (v = 2; v < n; v++)
            if (!B->in_tree[v] && (best == 0 || B->key[v] < bk)) {
                bk = B->key[v];
                best = v;
            }
        if (bk >= BIG)
            return 0; /* the edges fixed out disconnect the cities */
        B->in_tree[best] = 1;
        total += (double)tsp_dist(B->d, best, B->par[best]) + pi[best] + pi[B->par[best]];
        B->deg[best]++;
        B->deg[B->par[best]]++;
        for (v = 2; v < n; v++)
            if (!B->in_tree[v]) {
                double w = weight(B, pi, best, v);
                if (w < B->key[v]) {
                    B->key[v] = w;
                    B->par[v] = best;
                }
            }
    }
    /* City 0: its edges fixed in, then the cheapest others. */
    {
        uint32_t got = 0, k;
        for (v = 1; v < n && got < 2; v++)
            if (B->fix[v] == IN)
                B->adj0[got++] = v;
        while (got < 2) {
            uint32_t best = 0;
            double bw = BIG;
            for (v = 1; v < n; v++) {
                double w;
                if (B->fix[v] != FREE || (got == 1 && v == B->adj0[0]))
                    continue;
                w = weight(B, pi, 0, v);
                if (w < bw) {
                    bw = w;
                    best = v;
                }
            }
            if (bw >= BIG)
                return 0;
            B->adj0[got++] = best;
        }
        for (k = 0; k < 2; k++) {
            total += (double)tsp_dist(B->d, 0, B->adj0[k]) + pi[0] + pi[B->adj0[k]];
            B->deg[B->adj0[k]]++;
        }
        B->deg[0] = 2;
    }
    *tour = 1;
    for (v = 0; v < n; v++) {
        sum_pi += pi[v];
        if (B->deg[v] != 2)
            *tour = 0;
    }
    *bound = total - 2 * sum_pi;
    return 1;
}

/* The 1-tree just computed, when it is a tour, as a city order. */
static void tree_tour(bnb *B, uint32_t *order)
{
    uint32_t n = B->n, v, prev = 0, cur;
    uint32_t (*adj)[2] = (uint32_t(*)[2])(void *)B->uf; /* 2n words of scratch */
    uint32_t *cnt = B->order;
    memset(cnt, 0, sizeof *cnt * n);
    for (v = 2; v < n; v++) {
        uint32_t p = B->par[v];
        adj[v][cnt[v]++] = p;
        adj[p][cnt[p]++] = v;
    }
    adj[0][0] = B->adj0[0], adj[0][1] = B->adj0[1];
    adj[B->adj0[0]][cnt[B->adj0[0]]++] = 0;
    adj[B->adj0[1]][cnt[B->adj0[1]]++] = 0;
    order[0] = 0;
    cur = B->adj0[0];
    for (v = 1; v < n; v++) {
        uint32_t next = adj[cur][0] != prev ? adj[cur][0] : adj[cur][1];
        order[v] = cur;
        prev = cur;
        cur = next;
    }
}

static ar_status record_tour(bnb *B, int64_t length, ar_error *err)
{
    if (length >= B->ub)
        return AR_OK;
    B->ub = length;
    snprintf(B->phase, sizeof B->phase, "best tour %" PRId64 ", root bound %.1f", B->ub, B->root_bound);
    tree_tour(B, B->best_order);
    return ar_tsp_set_solution(B->run, B->d, B->best_order, err);
}

/* Subgradient ascent from pi (updated in place to the best penalties);
 * returns 0 when the node is infeasible or pruned, 1 when it must branch
 * (the best 1-tree is then in par/adj0/deg). */
static int ascend(bnb *B, double *pi, int root, double *node_bound, ar_status *st, ar_error *err)
{
    uint32_t n = B->n, v, max_iter = root ? 100 + 20 * n : 30 + n / 2, period = root ? n / 2 + 10 : 8, quiet = 0, it;
    double lambda = root ? 2.0 : 1.0, best = -BIG;
    *st = AR_OK;
    for (it = 0; it < max_iter; it++) {
        double w, norm = 0, t;
        int tour;
        if ((B->trees & 63) == 0 && ar_run_check_now(B->run))
            return 0;
        if (!one_tree(B, pi, &w, &tour))
            return 0;
        if (tour) {
            /* A tour: optimal under these fixings. */
            int64_t len = (int64_t)llround(w);
            *st = record_tour(B, len, err);
            *node_bound = w;
            return 0;
        }
        if (w > best + 1e-9) {
            best = w;
            memcpy(B->best_pi, pi, sizeof *pi * n);
            quiet = 0;
        } else if (++quiet >= period) {
            lambda /= 2;
            quiet = 0;
            if (lambda < 1e-5)
                break;
        }
        if (best > (double)B->ub - 1 + 1e-7) {
            *node_bound = best;
            return 0; /* no tour here beats the best one */
        }
        for (v = 0; v < n; v++)
            norm += ((double)B->deg[v] - 2) * ((double)B->deg[v] - 2);
        t = lambda * ((double)B->ub - w) / norm;
        for (v = 0; v < n; v++)
            pi[v] += t * ((double)B->deg[v] - 2);
    }
    memcpy(pi, B->best_pi, sizeof *pi * n);
    {
        int tour;
        double w;
        if (!one_tree(B, pi, &w, &tour))
            return 0;
        *node_bound = w;
        if (tour) {
            *st = record_tour(B, (int64_t)llround(w), err);
            return 0;
        }
        return w <= (double)B->ub - 1 + 1e-7;
    }
}

/* --- fixing edges, with an undo log --- */

static int set_fix(bnb *B, uint32_t i, uint32_t j, signed char to)
{
    size_t n = B->n;
    if (B->nlog == B->caplog) {
        size_t cap = B->caplog ? 2 * B->caplog : 1024;
        change *grown = ar_mem_realloc(&B->run->mem, B->log, B->caplog * sizeof *B->log, cap * sizeof *B->log,
                                       "the branch-and-bound log", NULL);
        if (!grown)
            return 0;
        B->log = grown;
        B->caplog = cap;
    }
    B->log[B->nlog].i = i;
    B->log[B->nlog].j = j;
    B->log[B->nlog].old = B->fix[i * n + j];
    B->nlog++;
    B->fix[i * n + j] = B->fix[j * n + i] = to;
    return 1;
}

static void undo_to(bnb *B, size_t mark)
{
    size_t n = B->n;
    while (B->nlog > mark) {
        const change *c = &B->log[--B->nlog];
        B->fix[c->i * n + c->j] = B->fix[c->j * n + c->i] = c->old;
    }
}

static uint32_t count_at(const bnb *B, uint32_t v, signed char what)
{
    uint32_t u, k = 0;
    for (u = 0; u < B->n; u++)
        k += u != v && B->fix[(size_t)v * B->n + u] == what;
    return k;
}

/* Edge (i,j) in, then every free edge at a city with two in fixed out.
 * Returns 0 when that is impossible (a third edge in, a short cycle). */
static int fix_in(bnb *B, uint32_t i, uint32_t j)
{
    uint32_t ends[2], e, u;
    if (B->fix[(size_t)i * B->n + j] == OUT || !set_fix(B, i, j, IN))
        return 0;
    ends[0] = i, ends[1] = j;
    for (e = 0; e < 2; e++) {
        uint32_t v = ends[e], kin = count_at(B, v, IN);
        if (kin > 2)
            return 0;
        if (kin == 2)
            for (u = 0; u < B->n; u++)
                if (u != v && B->fix[(size_t)v * B->n + u] == FREE && !set_fix(B, v, u, OUT))
                    return 0;
    }
    /* The edges in must not close a cycle of fewer than n cities. */
    {
        uint32_t n = B->n, a, b, edges = 0, *uf = B->uf;
        for (a = 0; a < n; a++)
            uf[a] = a;
        for (a = 0; a < n; a++)
            for (b = a + 1; b < n; b++)
                if (B->fix[(size_t)a * n + b] == IN) {
                    uint32_t ra = a, rb = b;
                    while (uf[ra] != ra)
                        ra = uf[ra] = uf[uf[ra]];
                    while (uf[rb] != rb)
                        rb = uf[rb] = uf[uf[rb]];
                    edges++;
                    if (ra == rb && edges < n)
                        return 0;
                    uf[ra] = rb;
                }
    }
    return 1;
}

static int fix_out(bnb *B, uint32_t i, uint32_t j)
{
    if (B->fix[(size_t)i * B->n + j] == IN)
        return 0;
    if (!set_fix(B, i, j, OUT))
        return 0;
    /* a city left with fewer than two possible edges has no tour */
    return B->n - 1 - count_at(B, i, OUT) >= 2 && B->n - 1 - count_at(B, j, OUT) >= 2;
}

/* The branching of the node whose best 1-tree is in par/adj0/deg. */
static child_plan plan_children(bnb *B)
{
    child_plan p;
    uint32_t n = B->n, v, best_v = 0, f[2] = {0, 0}, nf = 0, u;
    double fw[2] = {BIG, BIG};
    memset(&p, 0, sizeof p);
    for (v = 1; v < n; v++)
        if (B->deg[v] > 2 && (best_v == 0 || B->deg[v] > B->deg[best_v]))
            best_v = v;
    v = best_v;
    /* its tree edges that are free, the cheapest two */
    for (u = 0; u < n; u++) {
        int tree_edge = (u >= 1 && v >= 2 && B->par[v] == u) || (u >= 2 && B->par[u] == v) ||
                        (u == 0 && (B->adj0[0] == v || B->adj0[1] == v));
        double w;
        if (!tree_edge || B->fix[(size_t)v * n + u] != FREE)
            continue;
        w = (double)tsp_dist(B->d, v, u);
        if (w < fw[0]) {
            fw[1] = fw[0], f[1] = f[0];
            fw[0] = w, f[0] = u;
        } else if (w < fw[1]) {
            fw[1] = w, f[1] = u;
        }
        nf++;
    }
    p.v = v;
    p.e1 = f[0];
    p.e2 = f[1];
    p.kin = (int)count_at(B, v, IN);
    p.count = p.kin >= 2 ? 1 : 3 - p.kin;
    if (nf < 2 && p.kin == 0)
        p.count = 1; /* cannot happen with degree > 2, but stay safe */
    return p;
}

/* Makes child k of plan p (fixings applied); 0 when it is infeasible. */
static int make_child(bnb *B, const child_plan *p, int k)
{
    uint32_t v = p->v, u;
    if (p->kin >= 2) {
        for (u = 0; u < B->n; u++)
            if (u != v && B->fix[(size_t)v * B->n + u] == FREE && !fix_out(B, v, u))
                return 0;
        return 1;
    }
    if (p->kin == 1) /* children: e1 in; e1 out */
        return k == 0 ? fix_in(B, v, p->e1) : fix_out(B, v, p->e1);
    switch (k) { /* children: e1, e2 in; e1 in, e2 out; e1 out */
    case 0: return fix_in(B, v, p->e1) && fix_in(B, v, p->e2);
    case 1: return fix_in(B, v, p->e1) && fix_out(B, v, p->e2);
    default: return fix_out(B, v, p->e1);
    }
}

static ar_status push_frame(bnb *B, size_t mark, const child_plan *plan, ar_error *err)
{
    if (B->depth == B->capstack) {
        size_t cap = B->capstack ? 2 * B->capstack : 64;
        void *s = ar_mem_realloc(&B->run->mem, B->stack, B->capstack * sizeof *B->stack, cap * sizeof *B->stack,
                                 "the branch-and-bound stack", err);
        void *p;
        if (!s)
            return AR_ERR_MEMORY;
        B->stack = s;
        p = ar_mem_realloc(&B->run->mem, B->pis, B->capstack * B->n * sizeof *B->pis,
                           cap * B->n * sizeof *B->pis, "the branch-and-bound penalties", err);
        if (!p)
            return AR_ERR_MEMORY;
        B->pis = p;
        B->capstack = cap;
    }
    B->stack[B->depth].log_mark = mark;
    B->stack[B->depth].plan = *plan;
    B->stack[B->depth].next = 0;
    memcpy(B->pis + B->depth * B->n, B->pi, sizeof *B->pi * B->n);
    B->depth++;
    return AR_OK;
}

static ar_status search(bnb *B, ar_error *err)
{
    double bound = 0;
    ar_status st;
    child_plan plan;
    if (!ascend(B, B->pi, 1, &bound, &st, err) || st != AR_OK) {
        B->root_bound = bound;
        return st;
    }
    B->root_bound = bound;
    ar_run_lower_bound(B->run, (uint64_t)ceil(bound - 1e-7));
    snprintf(B->phase, sizeof B->phase, "best tour %" PRId64 ", root bound %.1f", B->ub, B->root_bound);
    plan = plan_children(B);
    st = push_frame(B, B->nlog, &plan, err);
    while (st == AR_OK && B->depth > 0) {
        frame *f = &B->stack[B->depth - 1];
        size_t mark;
        if (f->next >= f->plan.count) {
            undo_to(B, f->log_mark);
            B->depth--;
            continue;
        }
        mark = B->nlog;
        B->run->res->expanded++;
        if (ar_run_should_stop(B->run))
            break;
        memcpy(B->pi, B->pis + (B->depth - 1) * B->n, sizeof *B->pi * B->n);
        if (make_child(B, &f->plan, f->next++) && ascend(B, B->pi, 0, &bound, &st, err) && st == AR_OK) {
            plan = plan_children(B);
            st = push_frame(B, mark, &plan, err);
            continue;
        }
        undo_to(B, mark);
        if (B->run->stop != AR_STOP_NONE)
            break;
    }
    return st;
}

ar_status ar_tsp_solve_bnb(ar_instance *inst, const ar_search_options *opts, const ar_move_sink *sink,
                           ar_result *result, ar_error *err)
{
    const tsp_data *d = inst->d;
    uint32_t n = d->n;
    bnb B;
    ar_run run;
    ar_status st;
    int64_t length = 0;
    size_t fix_bytes = (size_t)n * n, vec_bytes = sizeof(double) * n * 3, word_bytes = sizeof(uint32_t) * n * 7;
    (void)sink;
    if (!inst->fresh)
        return ar_error_set(err, AR_ERR_UNSUPPORTED, "bnb-1tree makes whole tours from city 1; use astar mid-tour");
    if (n > TSP_MATRIX_MAX)
        return ar_error_set(err, AR_ERR_UNSUPPORTED, "bnb-1tree: %u cities are too many (at most %u)", n,
                            TSP_MATRIX_MAX);
    memset(&B, 0, sizeof B);
    ar_run_begin(&run, opts, result);
    run.unit = "nodes";
    B.d = d;
    B.n = n;
    B.run = &run;
    B.fix = ar_mem_alloc(&run.mem, fix_bytes, 1, "the edge fixings", err);
    B.pi = B.fix ? ar_mem_alloc(&run.mem, vec_bytes, 1, "the penalties", err) : NULL;
    B.par = B.pi ? ar_mem_alloc(&run.mem, word_bytes + n, 1, "the 1-tree", err) : NULL;
    if (!B.par) {
        st = ar_run_memory_stop(&run, AR_ERR_MEMORY);
        goto out;
    }
    B.key = B.pi + n;
    B.best_pi = B.key + n;
    B.deg = B.par + n;
    B.adj0 = B.deg + n;      /* 2 words used */
    B.order = B.adj0 + n;
    B.uf = B.order + n;      /* 2n words */
    B.best_order = B.uf + 2 * (size_t)n;
    B.in_tree = (unsigned char *)(B.best_order + n);
    /* The first best tour: iterated local search, within the same limits. */
    {
        ar_search_options inner;
        if (opts)
            inner = *opts;
        else
            ar_search_options_init(&inner);
        inner.progress = NULL;
        inner.on_trace = NULL;
        st = ar_tsp_local_tour(inst, "ils", NULL, 0, &inner, B.best_order, &length, err);
    }
    if (st != AR_OK)
        goto out;
    B.ub = length;
    st = ar_tsp_set_solution(&run, d, B.best_order, err);
    if (st != AR_OK)
        goto out;
    snprintf(B.phase, sizeof B.phase, "best tour %" PRId64 ", computing the root bound", B.ub);
    run.phase = B.phase;
    st = search(&B, err);
    st = ar_run_memory_stop(&run, st);
    if (st == AR_OK && run.stop == AR_STOP_NONE) {
        result->optimal = 1;
        ar_run_lower_bound(&run, (uint64_t)B.ub);
        snprintf(result->note, sizeof result->note,
                 "optimal: proven by branch and bound with 1-tree bounds (%" PRIu64 " nodes, %" PRIu64
                 " 1-trees; root bound %.1f)",
                 result->expanded, B.trees, B.root_bound);
    } else if (st == AR_OK) {
        snprintf(result->note, sizeof result->note,
                 "stopped by %s: the best tour found, not proven optimal (root 1-tree bound %.1f)",
                 ar_stop_reason_name(run.stop), B.root_bound);
    }
out:
    if (B.log)
        ar_mem_free(&run.mem, B.log, B.caplog * sizeof *B.log);
    if (B.stack)
        ar_mem_free(&run.mem, B.stack, B.capstack * sizeof *B.stack);
    if (B.pis)
        ar_mem_free(&run.mem, B.pis, B.capstack * n * sizeof *B.pis);
    if (B.par)
        ar_mem_free(&run.mem, B.par, word_bytes + n);
    if (B.pi)
        ar_mem_free(&run.mem, B.pi, vec_bytes);
    if (B.fix)
        ar_mem_free(&run.mem, B.fix, fix_bytes);
    result->generated = B.trees;
    ar_run_finish(&run);
    return st;
}
