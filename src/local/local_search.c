/* local_search.c — the table of local-search strategies, their parameters
 * (option tables, so `ariadne help` lists them and a misspelt one is an
 * error), and ar_local_search(), which checks that the problem has what the
 * strategy needs, runs it, and says what the best state is (a local optimum
 * or a plateau) over the whole neighbourhood. */
#include "local_internal.h"
#include "ariadne/param.h"

#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#define START_OPTION {"random-start", NULL, "start from a random state, not the problem's constructed one"}
#define CLIMB_OPTIONS                                                                             \
    START_OPTION, {"restarts", "N", "climbs after the first, each from a random state (default 0)"}, \
        {"sideways", "N", "equal-cost moves allowed in a row on a plateau (default 0)"}

static const ar_option_spec hill_options[] = {CLIMB_OPTIONS, {NULL, NULL, NULL}};
static const ar_option_spec first_choice_options[] = {
    CLIMB_OPTIONS,
    {"tries", "N", "random neighbours in a row without improvement before giving up (default 100 + 10 * size)"},
    {NULL, NULL, NULL}};
static const ar_option_spec ils_options[] = {
    START_OPTION, {"kicks", "N", "kicks (perturbations) after the first descent (default 10 * size, at least 100)"},
    {NULL, NULL, NULL}};
static const ar_option_spec anneal_options[] = {
    START_OPTION,
    {"schedule", "S", "cooling: geometric (default), linear, log, lundy-mees"},
    {"t0", "T", "start temperature (default: from --accept)"},
    {"accept", "P", "chance of taking an average worsening move at the start (default 0.3)"},
    {"alpha", "A", "geometric cooling factor per epoch (default 0.95)"},
    {"tmin", "F", "final temperature as a fraction of the start (default 0.0001)"},
    {"epoch", "N", "moves per temperature (default 100 * size, at least 1000)"},
    {"epochs", "N", "the most temperatures (default: until tmin; linear and log 200)"},
    {"reheats", "N", "times to warm up again from the best state when frozen (default 0)"},
    {"reheat", "F", "reheat temperature as a fraction of the start (default 0.5)"},
    {NULL, NULL, NULL}};
static const ar_option_spec beam_options[] = {
    START_OPTION, {"beams", "K", "states kept at each step (default 10)"}, {NULL, NULL, NULL}};
static const ar_option_spec tabu_options[] = {
    START_OPTION,
    {"tenure", "N", "iterations a dropped attribute stays tabu (default 7 + size / 10)"},
    {"steps", "N", "iterations (default 100 + 10 * size)"},
    {NULL, NULL, NULL}};
static const ar_option_spec generate_options[] = {
    {"samples", "N", "random candidates to generate and test (default 10000)"}, {NULL, NULL, NULL}};
static const ar_option_spec no_options[] = {{NULL, NULL, NULL}};

static const ar_local_strategy strategies[] = {
    {.name = "hill",
     .summary = "hill climbing, first improvement (--restarts, --sideways)",
     .options = hill_options},
    {.name = "steepest",
     .summary = "steepest-ascent hill climbing: the best move each step (--restarts, --sideways)",
     .options = hill_options},
    {.name = "first-choice",
     .summary = "first-choice hill climbing: random moves until one improves (--tries)",
     .options = first_choice_options},
    {.name = "ils",
     .summary = "iterated local search: descend, kick, descend, keep the better (--kicks)",
     .options = ils_options},
    {.name = "anneal",
     .summary = "simulated annealing (--schedule, --t0, --alpha, --epoch, --reheats)",
     .options = anneal_options},
    {.name = "local-beam",
     .summary = "local beam search: the k best of all the beam's moves (--beams)",
     .options = beam_options},
    {.name = "tabu",
     .summary = "tabu search: the best non-tabu move, worse or not (--tenure, --steps)",
     .options = tabu_options},
    {.name = "generate",
     .summary = "generate-and-test, random: the best of --samples random candidates",
     .options = generate_options},
    {.name = "enumerate",
     .summary = "generate-and-test, systematic: every candidate in turn; optimal, exponential",
     .options = no_options,
     .complete = 1},
    {.name = NULL}};

const ar_local_strategy *ar_local_strategies(void) { return strategies; }

const ar_local_strategy *ar_local_strategy_find(const char *name)
{
    const ar_local_strategy *s;
    for (s = strategies; name && s->name; s++)
        if (strcmp(s->name, name) == 0)
            return s;
    return NULL;
}

const char *ar_local_end_name(ar_local_end end)
{
    switch (end) {
    case AR_LOCAL_END_NONE: return "not a local optimum";
    case AR_LOCAL_END_LOCAL_OPTIMUM: return "local optimum";
    case AR_LOCAL_END_PLATEAU: return "plateau";
    case AR_LOCAL_END_BOUND: return "lower bound reached";
    case AR_LOCAL_END_EXHAUSTED: return "every candidate generated";
    case AR_LOCAL_END_SOLUTION: return "solution found";
    case AR_LOCAL_END_BUDGET: return "budget spent";
    case AR_LOCAL_END_STOPPED: return "stopped";
    }
    return "?";
}

/* --- parameters --- */

enum { P_FLAG, P_COUNT, P_REAL, P_SCHEDULE };

static const struct param_def {
    const char *name;
    int kind;
    size_t offset;
    double lo, hi; /* P_COUNT: [lo, hi]; P_REAL: (lo, hi], hi 0 meaning none */
} param_defs[] = {
    {"random-start", P_FLAG, offsetof(ar_local_params, random_start), 0, 0},
    {"restarts", P_COUNT, offsetof(ar_local_params, restarts), 0, 1e15},
    {"sideways", P_COUNT, offsetof(ar_local_params, sideways), 0, 1e15},
    {"tries", P_COUNT, offsetof(ar_local_params, tries), 1, 1e15},
    {"kicks", P_COUNT, offsetof(ar_local_params, kicks), 1, 1e15},
    {"schedule", P_SCHEDULE, offsetof(ar_local_params, schedule), 0, 0},
    {"t0", P_REAL, offsetof(ar_local_params, t0), 0, 0},
    {"accept", P_REAL, offsetof(ar_local_params, accept), 0, 0.999999},
    {"alpha", P_REAL, offsetof(ar_local_params, alpha), 0, 0.999999},
    {"tmin", P_REAL, offsetof(ar_local_params, tmin), 0, 0.999999},
    {"epoch", P_COUNT, offsetof(ar_local_params, epoch), 1, 1e15},
    {"epochs", P_COUNT, offsetof(ar_local_params, epochs), 1, 1e15},
    {"reheats", P_COUNT, offsetof(ar_local_params, reheats), 0, 1e15},
    {"reheat", P_REAL, offsetof(ar_local_params, reheat), 0, 1},
    {"beams", P_COUNT, offsetof(ar_local_params, beams), 1, 100000},
    {"tenure", P_COUNT, offsetof(ar_local_params, tenure), 1, 1e15},
    {"steps", P_COUNT, offsetof(ar_local_params, steps), 1, 1e15},
    {"samples", P_COUNT, offsetof(ar_local_params, samples), 1, 1e15},
    {NULL, 0, 0, 0, 0}};

static const char *const schedule_names[] = {"geometric", "linear", "log", "lundy-mees"};

static ar_status parse_one(const struct param_def *d, const char *value, ar_local_params *out,
                           ar_error *err)
{
    char *base = (char *)out + d->offset, *end;
    if (d->kind == P_FLAG) {
        if (value)
            return ar_error_set(err, AR_ERR_INPUT, "parameter %s takes no value", d->name);
        *(int *)(void *)base = 1;
        return AR_OK;
    }
    if (!value || !*value)
        return ar_error_set(err, AR_ERR_INPUT, "parameter %s needs a value", d->name);
    if (d->kind == P_SCHEDULE) {
        size_t i;
        for (i = 0; i < sizeof schedule_names / sizeof schedule_names[0]; i++)
            if (strcmp(value, schedule_names[i]) == 0) {
                *(ar_local_schedule *)(void *)base = (ar_local_schedule)i;
                return AR_OK;
            }
        return ar_error_set(err, AR_ERR_INPUT,
                            "parameter schedule: '%.40s' is not one of geometric, linear, log, lundy-mees",
                            value);
    }
    if (d->kind == P_COUNT) {
        unsigned long long v;
        if (*value < '0' || *value > '9')
            return ar_error_set(err, AR_ERR_INPUT, "parameter %s: '%.40s' is not a whole number", d->name, value);
        errno = 0;
        v = strtoull(value, &end, 10);
        if (*end)
            return ar_error_set(err, AR_ERR_INPUT, "parameter %s: '%.40s' is not a whole number", d->name, value);
        if (errno == ERANGE || (double)v > d->hi)
            return ar_error_set(err, AR_ERR_INPUT, "parameter %s: %.40s is too large (at most %.0f)", d->name,
                                value, d->hi);
        if ((double)v < d->lo)
            return ar_error_set(err, AR_ERR_INPUT, "parameter %s: %.40s is too small (at least %.0f)", d->name,
                                value, d->lo);
        *(uint64_t *)(void *)base = v;
        return AR_OK;
    } else {
        double v;
        if (!ar_read_number(value, &v))
            return ar_error_set(err, AR_ERR_INPUT, "parameter %s: '%.40s' is not a number", d->name, value);
        if (!(v > d->lo))
            return ar_error_set(err, AR_ERR_INPUT, "parameter %s: %.40s is too small (more than %g)", d->name,
                                value, d->lo);
        if (d->hi > 0 && v > d->hi)
            return ar_error_set(err, AR_ERR_INPUT, "parameter %s: %.40s is too large (at most %g)", d->name,
                                value, d->hi);
        *(double *)(void *)base = v;
        return AR_OK;
    }
}

ar_status ar_local_params_parse(const ar_local_strategy *s, const ar_param *params_in, size_t count,
                                ar_local_params *params, ar_error *err)
{
    size_t i;
    memset(params, 0, sizeof *params);
    for (i = 0; i < count; i++) {
        const ar_option_spec *o;
        const struct param_def *d;
        ar_status st;
        for (o = s->options; o && o->name; o++)
            if (strcmp(o->name, params_in[i].name) == 0)
                break;
        if (!o || !o->name)
            return ar_error_set(err, AR_ERR_INPUT, "parameter %s does not apply to %s", params_in[i].name,
                                s->name);
        for (d = param_defs; d->name; d++)
            if (strcmp(d->name, o->name) == 0)
                break;
        if (!d->name)
            return ar_error_set(err, AR_ERR_INTERNAL, "parameter %s has no definition", o->name);
        st = parse_one(d, params_in[i].value, params, err);
        if (st != AR_OK)
            return st;
    }
    return AR_OK;
}

/* --- running one --- */

static const char *missing_slot(const ar_local_problem *P)
{
    if (!P->state_size) return "state_size";
    if (!P->cost) return "cost";
    if (!P->random_state) return "random_state";
    if (!P->first_move || !P->next_move) return "first_move/next_move";
    if (!P->random_move) return "random_move";
    if (!P->apply) return "apply";
    return NULL;
}

ar_status ar_local_search(const ar_local_problem *prob, const ar_local_strategy *s,
                          const ar_local_params *params, ar_run *run, void *best,
                          ar_local_stats *stats, ar_error *err)
{
    lk L;
    ar_status st;
    const char *missing = missing_slot(prob);
    if (missing)
        return ar_error_set(err, AR_ERR_UNSUPPORTED, "the local-search problem has no %s", missing);
    st = ar_lk_init(&L, prob, params, run, best, stats, err);
    if (st != AR_OK)
        return st;
    if (strcmp(s->name, "hill") == 0 || strcmp(s->name, "steepest") == 0 ||
        strcmp(s->name, "first-choice") == 0)
        st = ar_local_run_climb(&L, s->name, err);
    else if (strcmp(s->name, "ils") == 0)
        st = ar_local_run_ils(&L, err);
    else if (strcmp(s->name, "anneal") == 0)
        st = ar_local_run_anneal(&L, err);
    else if (strcmp(s->name, "local-beam") == 0)
        st = ar_local_run_beam(&L, err);
    else if (strcmp(s->name, "tabu") == 0)
        st = ar_local_run_tabu(&L, err);
    else if (strcmp(s->name, "generate") == 0 || strcmp(s->name, "enumerate") == 0)
        st = ar_local_run_generate(&L, strcmp(s->name, "enumerate") == 0, err);
    else
        st = ar_error_set(err, AR_ERR_INPUT, "unknown local-search strategy '%s'", s->name);
    stats->best_kind = AR_LOCAL_END_STOPPED;
    if (st == AR_OK && L.have_best && stats->end != AR_LOCAL_END_STOPPED) {
        /* What the best state is, over the whole neighbourhood (one pass,
         * after the run: it does not count against the limits). */
        uint64_t evaluated = run->res->expanded;
        ar_lk_save_best(&L);
        memcpy(L.cur, L.best, L.ss);
        L.cur_cost = stats->best_cost;
        stats->best_kind = ar_lk_classify(&L, 0, 0);
        run->res->expanded = evaluated; /* the check is not the strategy's work */
    }
    stats->have_best = L.have_best;
    if (!L.have_best)
        stats->best_cost = 0;
    ar_lk_free(&L);
    return st;
}
