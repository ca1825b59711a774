/* test_ida_kernel.c — the IDA* kernels of include/ariadne/idakernel.h: the
 * generic one and the sliding-tile engine's.
 *
 * A small driver here runs whole IDA* searches on a kernel, optionally
 * asking for a split at every poll and searching the given-away tasks from a
 * pool, as a parallel driver's workers would. The checks: with or without
 * splits, every iteration that found nothing expands exactly the same number
 * of nodes (a split neither loses nor repeats work), the solution has the
 * optimal length (A*'s) and replays to the goal; without splits the tiles
 * kernel counts exactly what `solve tiles --algo ida` counts, and the
 * generic kernel on tiles with Manhattan distance counts exactly what the
 * tiles kernel counts (the same tree, in the same order). */
#include "ariadne/idakernel.h"
#include "ariadne/puzzle.h"
#include "ariadne/search.h"
#include "check.h"

#include <stdlib.h>
#include <string.h>

#define MAX_ITER 128

typedef struct pooled {
    unsigned char *state;
    uint64_t g;
    ar_move *path;
    uint32_t length;
} pooled;

typedef struct driver {
    size_t ss;
    pooled *pool;
    size_t n, cap;
    int split;        /* ask for a split at every poll */
    uint64_t polls, donated;
} driver;

static int d_poll(void *ctx, uint64_t expanded)
{
    driver *d = ctx;
    (void)expanded;
    d->polls++;
    return d->split ? AR_IDA_SPLIT : AR_IDA_GO;
}

static void push(driver *d, const ar_ida_task *t)
{
    pooled *e;
    if (d->n == d->cap) {
        d->cap = d->cap ? d->cap * 2 : 64;
        d->pool = realloc(d->pool, d->cap * sizeof *d->pool);
    }
    e = &d->pool[d->n++];
    e->state = malloc(d->ss);
    memcpy(e->state, t->state, d->ss);
    e->g = t->g;
    e->length = t->length;
    e->path = malloc(sizeof *e->path * (t->length + 1u));
    if (t->length)
        memcpy(e->path, t->path, sizeof *e->path * t->length);
}

static void d_donate(void *ctx, const ar_ida_task *t)
{
    driver *d = ctx;
    d->donated++;
    push(d, t);
}

static void drop(pooled *e)
{
    free(e->state);
    free(e->path);
}

typedef struct run_result {
    int found;
    uint64_t length, cost, expanded, generated;
    unsigned iterations;
    uint64_t iter_expanded[MAX_ITER];
    uint64_t donated;
    int replay_ok;
} run_result;

/* A whole IDA* on kernel k from the instance's start. */
static run_result drive(const ar_puzzle *p, ar_instance *inst, const ar_ida_kernel *k, const char *heuristic,
                        int split)
{
    run_result r;
    ar_search_options o;
    ar_error err;
    void *s = NULL;
    driver d;
    ar_ida_control ctl;
    unsigned char *start;
    uint64_t bound;
    memset(&r, 0, sizeof r);
    memset(&d, 0, sizeof d);
    ar_search_options_init(&o);
    o.heuristic = heuristic;
    CHECK_MSG(k->open(p, inst, &o, &s, &err) == AR_OK, "%s", err.message);
    if (!s)
        return r;
    d.ss = p->state_size(inst);
    d.split = split;
    ctl.poll = d_poll;
    ctl.donate = d_donate;
    ctl.ctx = &d;
    start = malloc(d.ss);
    p->initial_state(inst, start);
    bound = k->estimate(s, start);
    for (r.iterations = 0; r.iterations < MAX_ITER && !r.found; r.iterations++) {
        uint64_t next = UINT64_MAX;
        ar_ida_task root = {start, 0, NULL, 0};
        push(&d, &root);
        while (d.n) {
            pooled e = d.pool[--d.n];
            ar_ida_task t = {e.state, e.g, e.path, e.length};
            ar_ida_outcome out;
            CHECK(k->search(s, &t, bound, &ctl, &out, &err) == AR_OK);
            drop(&e);
            r.expanded += out.expanded;
            r.generated += out.generated;
            r.iter_expanded[r.iterations] += out.expanded;
            if (out.next_bound < next)
                next = out.next_bound;
            if (out.found && !r.found) {
                char *text = ar_puzzle_format_moves(p, inst, out.moves, out.length);
                uint64_t len, cost;
                int solved;
                r.found = 1;
                r.length = out.length;
                r.cost = out.cost;
                r.replay_ok = text && ar_puzzle_replay(p, inst, text, &len, &cost, &solved, NULL, &err) == AR_OK &&
                              solved && len == out.length && cost == out.cost;
                free(text);
                while (d.n)
                    drop(&d.pool[--d.n]);
            }
        }
        if (!r.found && next == UINT64_MAX)
            break;
        bound = next;
    }
    r.donated = d.donated;
    free(d.pool);
    free(start);
    k->close(s);
    return r;
}

static ar_instance *make(const ar_puzzle *p, const char *text, const char *name, const char *value)
{
    ar_param prm[2];
    ar_instance *inst = NULL;
    ar_error err;
    prm[0].name = name;
    prm[0].value = value;
    CHECK_MSG(p->create(text, prm, name ? 1 : 0, &inst, &err) == AR_OK, "%s: %s", text, err.message);
    return inst;
}

static uint64_t optimal_cost(const ar_puzzle *p, ar_instance *inst, const char *algo, const char *heuristic,
                             uint64_t *expanded)
{
    ar_search_options o;
    ar_result res;
    ar_error err;
    uint64_t c = 0;
    ar_search_options_init(&o);
    o.algorithm = algo;
    o.heuristic = heuristic;
    ar_result_init(&res);
    CHECK_MSG(ar_solve(p, inst, &o, NULL, &res, &err) == AR_OK, "%s", err.message);
    CHECK(res.outcome == AR_OUTCOME_SOLVED && res.optimal);
    c = res.cost;
    if (expanded)
        *expanded = res.expanded;
    ar_result_free(&res);
    return c;
}

/* Every iteration but the last expands the same nodes, split or not. */
static void same_iterations(const run_result *a, const run_result *b)
{
    unsigned i;
    CHECK_EQ_U(a->iterations, b->iterations);
    for (i = 0; i + 1 < a->iterations && i + 1 < b->iterations; i++)
        CHECK_EQ_U(a->iter_expanded[i], b->iter_expanded[i]);
}

static void test_tiles(void)
{
    /* Korf's 15-puzzle no. 12 (45 moves) and no. 9 (46 moves; its
     * iterations are long enough for several splits of one task), and an
     * 8-puzzle at distance 27. */
    static const struct { const char *board, *heuristic; uint64_t cost; } cases[] = {
        {"3 14 9 11 5 4 8 2 13 12 6 7 10 1 15 0", "manhattan", 46},
        {"14 1 9 6 4 8 12 5 7 2 3 0 10 11 13 15", "manhattan", 45},
        {"14 1 9 6 4 8 12 5 7 2 3 0 10 11 13 15", "linear", 45},
        {"8 6 7 2 5 4 3 0 1", "manhattan", 27},
    };
    const ar_puzzle *p = ar_puzzle_find("tiles");
    const ar_ida_kernel *k = ar_puzzle_ida_kernel(p);
    unsigned i;
    CHECK(k != &ar_ida_kernel_generic);
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ar_instance *inst = make(p, cases[i].board, NULL, NULL);
        uint64_t seq_expanded = 0;
        run_result whole, split, generic;
        if (!inst)
            continue;
        CHECK_EQ_U(optimal_cost(p, inst, "ida", cases[i].heuristic, &seq_expanded), cases[i].cost);
        whole = drive(p, inst, k, cases[i].heuristic, 0);
        split = drive(p, inst, k, cases[i].heuristic, 1);
        CHECK(whole.found && split.found && whole.replay_ok && split.replay_ok);
        CHECK_EQ_U(whole.length, cases[i].cost);
        CHECK_EQ_U(split.length, cases[i].cost);
        CHECK_EQ_U(whole.expanded, seq_expanded); /* the kernel is the sequential search */
        same_iterations(&whole, &split);
        if (whole.expanded > 100000)
            CHECK_MSG(split.donated > 0, "no split happened in %llu nodes", (unsigned long long)whole.expanded);
        if (strcmp(cases[i].heuristic, "manhattan") == 0) {
            generic = drive(p, inst, &ar_ida_kernel_generic, "manhattan", 0);
            CHECK(generic.found && generic.replay_ok);
            CHECK_EQ_U(generic.length, cases[i].cost);
            CHECK_EQ_U(generic.expanded, whole.expanded);
            CHECK_EQ_U(generic.generated, whole.generated);
            generic = drive(p, inst, &ar_ida_kernel_generic, "manhattan", 1);
            CHECK(generic.found && generic.replay_ok);
            same_iterations(&whole, &generic);
        }
        p->destroy(inst);
    }
}

/* The generic kernel on domains without a kernel of their own: the length
 * equals A*'s, split or not. */
static void test_generic(void)
{
    static const struct { const char *domain, *text, *opt, *value; } cases[] = {
        {"hanoi", NULL, "discs", "7"},
        {"jugs", NULL, NULL, NULL},
        {"sarov", NULL, NULL, NULL},
    };
    unsigned i;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const ar_puzzle *p = ar_puzzle_find(cases[i].domain);
        const ar_puzzle_example *ex;
        ar_instance *inst;
        run_result whole, split;
        uint64_t cost;
        if (!p)
            continue;
        CHECK(ar_puzzle_ida_kernel(p) == &ar_ida_kernel_generic);
        ex = p->examples; /* the domain's showcase when the case names no instance */
        inst = cases[i].opt || cases[i].text ? make(p, cases[i].text, cases[i].opt, cases[i].value) : NULL;
        if (!inst && ex) {
            ar_param prm[8];
            size_t n = 0;
            char buf[256], *tok, *save = NULL;
            ar_error err;
            snprintf(buf, sizeof buf, "%s", ex->options);
            for (tok = strtok_r(buf, " ", &save); tok && n < 8; tok = strtok_r(NULL, " ", &save)) {
                char *eq = strchr(tok, '=');
                if (eq)
                    *eq++ = '\0';
                prm[n].name = tok;
                prm[n++].value = eq;
            }
            CHECK_MSG(p->create(ex->instance, prm, n, &inst, &err) == AR_OK, "%s", err.message);
        }
        if (!inst)
            continue;
        cost = optimal_cost(p, inst, "astar", NULL, NULL);
        whole = drive(p, inst, &ar_ida_kernel_generic, NULL, 0);
        split = drive(p, inst, &ar_ida_kernel_generic, NULL, 1);
        CHECK_MSG(whole.found && whole.cost == cost && whole.replay_ok, "%s: %llu vs %llu", cases[i].domain,
                  (unsigned long long)whole.cost, (unsigned long long)cost);
        CHECK_MSG(split.found && split.cost == cost && split.replay_ok, "%s split", cases[i].domain);
        same_iterations(&whole, &split);
        p->destroy(inst);
    }
}

int main(void)
{
    test_tiles();
    test_generic();
    return check_report("test_ida_kernel");
}
