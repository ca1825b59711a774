/* test_local.c — the local-search engine (local.h) on small problems made
 * here, whose answers are known by construction.
 *
 * A one-dimensional landscape over x = 0..99 with a strict local minimum at
 * x = 20 (cost 50) behind a barrier of height 10, a plateau at cost 30 over
 * x = 60..70 and the global minimum at x = 80 (cost 10): hill climbing from
 * x = 10 must end on the local optimum and say so, from inside the plateau
 * it must say plateau, and sideways moves must carry it across; annealing,
 * tabu search, restarts and random generate-and-test must find x = 80;
 * systematic generate-and-test must test all 100 candidates and prove it.
 * A rugged random landscape over 12-bit strings checks reproducibility by
 * seed, limits, the known lower bound, and a satisfaction problem. The trace
 * of a climb must be decreasing and end with how the climb ended. */
#include "ariadne/local.h"
#include "check.h"

#include <stdlib.h>
#include <string.h>
#include "ariadne/hash.h"

/* --- the landscape --- */

typedef struct line {
    int32_t start;
} line;

static int64_t f(int32_t x)
{
    if (x <= 20)
        return 100 - (int64_t)(5 * x) / 2; /* down to the local minimum 50 at 20 */
    if (x <= 30)
        return 50 + (x - 20);              /* the barrier, up to 60 */
    if (x <= 60)
        return 60 - (x - 30);              /* down to 30 */
    if (x <= 70)
        return 30;                         /* the plateau */
    if (x <= 80)
        return 30 - 2 * (x - 70);          /* down to the global minimum 10 at 80 */
    return 10 + (x - 80);
}

static int64_t line_cost(void *ctx, const void *s)
{
    int32_t x;
    (void)ctx;
    memcpy(&x, s, sizeof x);
    return f(x);
}

static void line_random(void *ctx, void *s, ar_rng *rng)
{
    int32_t x = (int32_t)ar_rng_below(rng, 100);
    (void)ctx;
    memcpy(s, &x, sizeof x);
}

static void line_initial(void *ctx, void *s, ar_rng *rng)
{
    (void)rng;
    memcpy(s, &((line *)ctx)->start, sizeof(int32_t));
}

static int32_t x_of(const void *s)
{
    int32_t x;
    memcpy(&x, s, sizeof x);
    return x;
}

/* Moves: a = -1 or +1, where it stays inside 0..99. */
static int line_first(void *ctx, const void *s, ar_local_move *m)
{
    (void)ctx;
    memset(m, 0, sizeof *m);
    m->a = x_of(s) > 0 ? -1 : 1;
    return 1;
}

static int line_next(void *ctx, const void *s, ar_local_move *m)
{
    (void)ctx;
    if (m->a == -1 && x_of(s) < 99) {
        m->a = 1;
        return 1;
    }
    return 0;
}

static int line_random_move(void *ctx, const void *s, ar_rng *rng, ar_local_move *m)
{
    int32_t x = x_of(s);
    (void)ctx;
    memset(m, 0, sizeof *m);
    m->a = x == 0 ? 1 : x == 99 ? -1 : ar_rng_below(rng, 2) ? 1 : -1;
    return 1;
}

static void line_apply(void *ctx, void *s, const ar_local_move *m)
{
    int32_t x = x_of(s) + m->a;
    (void)ctx;
    memcpy(s, &x, sizeof x);
}

static int line_first_candidate(void *ctx, void *s)
{
    int32_t x = 0;
    (void)ctx;
    memcpy(s, &x, sizeof x);
    return 1;
}

static int line_next_candidate(void *ctx, void *s)
{
    int32_t x = x_of(s) + 1;
    (void)ctx;
    if (x > 99)
        return 0;
    memcpy(s, &x, sizeof x);
    return 1;
}

static ar_local_problem line_problem(line *L, int32_t start)
{
    ar_local_problem p;
    memset(&p, 0, sizeof p);
    L->start = start;
    p.ctx = L;
    p.state_size = sizeof(int32_t);
    p.size = 10;
    p.cost = line_cost;
    p.random_state = line_random;
    p.initial_state = line_initial;
    p.first_move = line_first;
    p.next_move = line_next;
    p.random_move = line_random_move;
    p.apply = line_apply; /* no delta: the engine's generic one */
    p.first_candidate = line_first_candidate;
    p.next_candidate = line_next_candidate;
    return p;
}

typedef struct trace_log {
    int count, decreasing;
    int64_t last;
    char first[32], final[32];
} trace_log;

static void on_trace(void *ctx, const ar_trace_point *pt)
{
    trace_log *t = ctx;
    if (t->count == 0)
        snprintf(t->first, sizeof t->first, "%s", pt->event);
    else if (pt->current > t->last)
        t->decreasing = 0;
    snprintf(t->final, sizeof t->final, "%s", pt->event);
    t->last = pt->current;
    t->count++;
}

/* Runs strategy `name` with "a=1 b=2" parameters into best (the state's
 * bytes); checks that the best state has the reported cost. */
static void run_into(const ar_local_problem *p, const char *name, const char *params, uint64_t seed,
                     const ar_search_options *opts, ar_local_stats *st, void *best)
{
    const ar_local_strategy *s = ar_local_strategy_find(name);
    ar_local_params par;
    ar_param pv[8];
    char buf[128];
    ar_result res;
    ar_run r;
    ar_error err;
    CHECK_MSG(s != NULL, "strategy %s", name);
    if (!s)
        return;
    snprintf(buf, sizeof buf, "%s", params ? params : "");
    ar_error_clear(&err);
    CHECK_MSG(ar_local_params_parse(s, pv, ar_param_split(buf, pv, 8), &par, &err) == AR_OK, "%s %s: %s", name,
              params ? params : "", err.message);
    par.seed = seed;
    ar_result_init(&res);
    ar_run_begin(&r, opts, &res);
    CHECK_MSG(ar_local_search(p, s, &par, &r, best, st, &err) == AR_OK, "%s: %s", name, err.message);
    ar_run_finish(&r);
    CHECK(st->have_best);
    CHECK_EQ_U(st->evaluations, res.expanded);
    CHECK_MSG(p->cost(p->ctx, best) == st->best_cost, "%s: the best state's cost %lld, reported %lld", name,
              (long long)p->cost(p->ctx, best), (long long)st->best_cost);
}

/* The best x of a run on the landscape. */
static int32_t run(const ar_local_problem *p, const char *name, const char *params, uint64_t seed,
                   const ar_search_options *opts, ar_local_stats *st)
{
    int32_t x = -1;
    run_into(p, name, params, seed, opts, st, &x);
    return x;
}

static void landscape(void)
{
    line L;
    ar_local_problem p = line_problem(&L, 10);
    ar_local_stats st;
    ar_search_options o;
    trace_log t;

    /* Hill climbing from 10 ends on the local optimum at 20 and says so. */
    memset(&t, 0, sizeof t);
    t.decreasing = 1;
    ar_search_options_init(&o);
    o.on_trace = on_trace;
    o.on_trace_ctx = &t;
    CHECK_EQ_U(run(&p, "hill", NULL, 1, &o, &st), 20);
    CHECK(st.end == AR_LOCAL_END_LOCAL_OPTIMUM && st.best_kind == AR_LOCAL_END_LOCAL_OPTIMUM);
    CHECK_EQ_U(st.best_cost, 50);
    CHECK_EQ_U(st.start_cost, 75);
    CHECK_EQ_U(st.steps, 10);
    CHECK(t.decreasing);
    CHECK_STR(t.first, "start");
    CHECK_STR(t.final, "local-optimum");
    CHECK_EQ_U(t.count, 12); /* start, ten moves, the end */
    CHECK_EQ_U(run(&p, "steepest", NULL, 1, NULL, &st), 20);
    CHECK(st.end == AR_LOCAL_END_LOCAL_OPTIMUM);
    CHECK_EQ_U(run(&p, "first-choice", NULL, 1, NULL, &st), 20);
    CHECK(st.end == AR_LOCAL_END_LOCAL_OPTIMUM);
    /* ILS's fallback kick (three random moves) is too small for a barrier of ten. */
    CHECK_EQ_U(run(&p, "ils", "kicks=200", 1, NULL, &st), 20);
    CHECK(st.end == AR_LOCAL_END_BUDGET && st.kicks == 200);

    /* Inside the plateau: no move improves, some keep the cost. */
    p = line_problem(&L, 65);
    CHECK_EQ_U(f(run(&p, "hill", NULL, 1, NULL, &st)), 30);
    CHECK(st.end == AR_LOCAL_END_PLATEAU && st.best_kind == AR_LOCAL_END_PLATEAU);
    CHECK_EQ_U(st.steps, 0);
    CHECK(run(&p, "steepest", NULL, 1, NULL, &st) >= 60);
    CHECK(st.end == AR_LOCAL_END_PLATEAU);
    /* Sideways moves walk off the plateau's edge and down to 80. */
    CHECK_EQ_U(run(&p, "hill", "sideways=10000", 1, NULL, &st), 80);
    CHECK(st.sideways > 0 && st.end == AR_LOCAL_END_LOCAL_OPTIMUM);
    CHECK_EQ_U(run(&p, "steepest", "sideways=10000", 2, NULL, &st), 80);

    /* The methods that leave local optima find the global one from 10. */
    p = line_problem(&L, 10);
    CHECK_EQ_U(run(&p, "hill", "restarts=40", 3, NULL, &st), 80);
    CHECK(st.climbs == 41 && st.local_optima + st.plateaus == 41 && st.end == AR_LOCAL_END_BUDGET);
    CHECK(st.local_optima > 0 && st.plateaus > 0);
    CHECK_EQ_U(run(&p, "anneal", "t0=5 epoch=2000", 4, NULL, &st), 80);
    CHECK(st.uphill > 0 && st.end == AR_LOCAL_END_BUDGET);
    CHECK_EQ_U(run(&p, "anneal", "t0=5 epoch=2000 reheats=2", 4, NULL, &st), 80);
    CHECK_EQ_U(st.reheats, 2);
    CHECK_EQ_U(run(&p, "anneal", "t0=5 epoch=2000 schedule=linear", 5, NULL, &st), 80);
    /* Lundy-Mees spends little time warm: it needs a warmer start. */
    CHECK_EQ_U(run(&p, "anneal", "t0=50 epoch=20000 schedule=lundy-mees", 5, NULL, &st), 80);
    CHECK(run(&p, "anneal", "t0=5 epoch=200 schedule=log epochs=50", 5, NULL, &st) >= 0);
    CHECK(st.end == AR_LOCAL_END_BUDGET && st.temperature > 1); /* log cooling is still warm */
    CHECK_EQ_U(run(&p, "tabu", "steps=300 tenure=12", 6, NULL, &st), 80);
    CHECK(st.uphill > 0);
    CHECK_EQ_U(run(&p, "generate", "samples=2000", 7, NULL, &st), 80);
    CHECK(st.end == AR_LOCAL_END_BUDGET && st.steps == 2000);
    CHECK_EQ_U(run(&p, "local-beam", "beams=20", 8, NULL, &st), 80);

    /* Systematic generate-and-test: all 100 candidates, optimal. */
    CHECK_EQ_U(run(&p, "enumerate", NULL, 0, NULL, &st), 80);
    CHECK(st.end == AR_LOCAL_END_EXHAUSTED);
    CHECK_EQ_U(st.steps, 100);
    CHECK_EQ_U(st.evaluations, 100);

    /* A known lower bound ends the run at once when it is reached. */
    p.has_lower_bound = 1;
    p.lower_bound = 10;
    CHECK_EQ_U(run(&p, "anneal", "t0=5 epoch=100000", 4, NULL, &st), 80);
    CHECK(st.end == AR_LOCAL_END_BOUND);
    CHECK(st.evaluations < 100000);
    CHECK_EQ_U(run(&p, "enumerate", NULL, 0, NULL, &st), 80);
    CHECK(st.end == AR_LOCAL_END_BOUND && st.steps == 81);
}

/* --- a rugged landscape over 12-bit strings --- */

static int64_t bits_cost(void *ctx, const void *s)
{
    uint16_t v;
    (void)ctx;
    memcpy(&v, s, sizeof v);
    return (int64_t)(ar_hash_bytes(&v, sizeof v) % 1000);
}

static void bits_random(void *ctx, void *s, ar_rng *rng)
{
    uint16_t v = (uint16_t)ar_rng_below(rng, 4096);
    (void)ctx;
    memcpy(s, &v, sizeof v);
}

static int bits_first(void *ctx, const void *s, ar_local_move *m)
{
    (void)ctx, (void)s;
    memset(m, 0, sizeof *m);
    return 1;
}

static int bits_next(void *ctx, const void *s, ar_local_move *m)
{
    (void)ctx, (void)s;
    return ++m->a < 12;
}

static int bits_random_move(void *ctx, const void *s, ar_rng *rng, ar_local_move *m)
{
    (void)ctx, (void)s;
    memset(m, 0, sizeof *m);
    m->a = (int32_t)ar_rng_below(rng, 12);
    return 1;
}

static void bits_apply(void *ctx, void *s, const ar_local_move *m)
{
    uint16_t v;
    (void)ctx;
    memcpy(&v, s, sizeof v);
    v ^= (uint16_t)(1u << m->a);
    memcpy(s, &v, sizeof v);
}

static int bits_first_candidate(void *ctx, void *s)
{
    uint16_t v = 0;
    (void)ctx;
    memcpy(s, &v, sizeof v);
    return 1;
}

static int bits_next_candidate(void *ctx, void *s)
{
    uint16_t v;
    (void)ctx;
    memcpy(&v, s, sizeof v);
    if (++v >= 4096)
        return 0;
    memcpy(s, &v, sizeof v);
    return 1;
}

static int never(void *ctx, const void *s)
{
    (void)ctx, (void)s;
    return 0;
}

static int target_0x5a5(void *ctx, const void *s)
{
    uint16_t v;
    (void)ctx;
    memcpy(&v, s, sizeof v);
    return v == 0x5a5;
}

static ar_local_problem bits_problem(void)
{
    ar_local_problem p;
    memset(&p, 0, sizeof p);
    p.state_size = sizeof(uint16_t);
    p.size = 12;
    p.cost = bits_cost;
    p.random_state = bits_random;
    p.first_move = bits_first;
    p.next_move = bits_next;
    p.random_move = bits_random_move;
    p.apply = bits_apply;
    p.first_candidate = bits_first_candidate;
    p.next_candidate = bits_next_candidate;
    return p;
}

static uint16_t bits_run(const ar_local_problem *p, const char *name, const char *params, uint64_t seed,
                         const ar_search_options *o, ar_local_stats *st)
{
    uint16_t best = 0;
    run_into(p, name, params, seed, o, st, &best);
    return best;
}

static void rugged(void)
{
    ar_local_problem p = bits_problem();
    ar_local_stats a, b;
    ar_search_options o;
    int64_t global = 1000;
    uint16_t v, w;
    const char *const names[] = {"hill", "steepest", "first-choice", "ils", "anneal", "local-beam", "tabu",
                                 "generate"};
    size_t i;
    for (v = 0; v < 4096; v++) {
        int64_t c = bits_cost(NULL, &v);
        global = c < global ? c : global;
    }
    /* The same seed gives the same run; every strategy. */
    for (i = 0; i < sizeof names / sizeof names[0]; i++) {
        v = bits_run(&p, names[i], NULL, 11, NULL, &a);
        w = bits_run(&p, names[i], NULL, 11, NULL, &b);
        CHECK_MSG(v == w && a.steps == b.steps && a.evaluations == b.evaluations && a.uphill == b.uphill &&
                      a.best_cost == b.best_cost,
                  "%s is not reproducible by seed", names[i]);
        CHECK(a.best_cost >= global);
    }
    v = bits_run(&p, "anneal", NULL, 11, NULL, &a);
    w = bits_run(&p, "anneal", NULL, 12, NULL, &b);
    CHECK_MSG(a.steps != b.steps || a.uphill != b.uphill || v != w, "another seed gives the same annealing run");
    /* Restarts reach the optimum a single climb misses on this landscape. */
    v = bits_run(&p, "hill", "random-start", 1, NULL, &a);
    CHECK(a.end == AR_LOCAL_END_LOCAL_OPTIMUM || a.end == AR_LOCAL_END_PLATEAU);
    bits_run(&p, "hill", "restarts=400", 1, NULL, &a);
    CHECK_EQ_U(a.best_cost, global);
    bits_run(&p, "enumerate", NULL, 0, NULL, &a);
    CHECK_EQ_U(a.best_cost, global);
    CHECK(a.end == AR_LOCAL_END_EXHAUSTED && a.steps == 4096);

    /* A node limit stops the run with its best state so far. */
    ar_search_options_init(&o);
    o.limits.node_limit = 500;
    bits_run(&p, "anneal", "epoch=100000", 3, &o, &a);
    CHECK(a.end == AR_LOCAL_END_STOPPED && a.best_kind == AR_LOCAL_END_STOPPED);
    CHECK(a.evaluations >= 500 && a.evaluations < 600);
    bits_run(&p, "enumerate", NULL, 0, &o, &a);
    CHECK(a.end == AR_LOCAL_END_STOPPED && a.steps == 500);

    /* A satisfaction problem: generate-and-test stops at the first solution. */
    p.is_solution = target_0x5a5;
    v = bits_run(&p, "enumerate", NULL, 0, NULL, &a);
    CHECK(v == 0x5a5 && a.end == AR_LOCAL_END_SOLUTION && a.steps == 0x5a5 + 1);
    p.is_solution = never;
    bits_run(&p, "enumerate", NULL, 0, NULL, &a);
    CHECK(a.end == AR_LOCAL_END_EXHAUSTED && a.steps == 4096);
}

static void parameters(void)
{
    const ar_local_strategy *anneal = ar_local_strategy_find("anneal");
    ar_local_params par;
    ar_error err;
    ar_param bad[][1] = {{{"restarts", "3"}}, {{"alpha", "1.5"}}, {{"alpha", "x"}}, {{"schedule", "fast"}},
                         {{"random-start", "yes"}}, {{"epoch", "0"}}, {{"epoch", "-3"}}, {{"t0", "0"}}};
    const char *want[] = {"does not apply to anneal", "too large", "not a number", "not one of",
                          "takes no value", "too small", "not a whole number", "too small"};
    ar_param good[] = {{"schedule", "lundy-mees"}, {"alpha", "0.9"}, {"epoch", "77"}, {"random-start", NULL}};
    size_t i;
    CHECK(anneal && ar_local_strategy_find("no-such") == NULL);
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ar_error_clear(&err);
        CHECK_MSG(ar_local_params_parse(anneal, bad[i], 1, &par, &err) == AR_ERR_INPUT && strstr(err.message, want[i]) &&
                      strstr(err.message, "parameter "),
                  "%s=%s: '%s'", bad[i][0].name, bad[i][0].value ? bad[i][0].value : "", err.message);
    }
    CHECK(ar_local_params_parse(anneal, good, 4, &par, &err) == AR_OK);
    CHECK(par.schedule == AR_SCHEDULE_LUNDY_MEES && par.alpha == 0.9 && par.epoch == 77 && par.random_start);
    CHECK_STR(ar_local_end_name(AR_LOCAL_END_PLATEAU), "plateau");
    {   /* A problem without a random move cannot run. */
        line L;
        ar_local_problem p = line_problem(&L, 10);
        ar_local_stats st;
        ar_result res;
        ar_run r;
        unsigned char best[8];
        p.random_move = NULL;
        ar_result_init(&res);
        ar_run_begin(&r, NULL, &res);
        CHECK(ar_local_search(&p, anneal, &par, &r, best, &st, &err) == AR_ERR_UNSUPPORTED);
        CHECK(strstr(err.message, "random_move") != NULL);
    }
}

int main(void)
{
    landscape();
    rugged();
    parameters();
    return check_report("test_local");
}
