/* csp.c — any constraint satisfaction problem stated in the library's text
 * format (include/ariadne/csp.h, docs/puzzles/csp.md): variables with
 * finite domains, all-different, linear, table and forbidden-pair
 * constraints, interchangeable values. `ariadne solve csp -f model.txt`.
 *
 * Instance: the model's text (-f FILE, or inline with ';' between
 * statements: "var x y : 1..3; x + y = 5"). A move gives a variable its
 * value, NAME=VALUE (x=2), in any order (AR_PUZZLE_FREE_ORDER; the searches
 * take the variables in the order declared); a value is legal when it is
 * in the variable's domain and every constraint whose variables now all
 * have values holds (an all-different among the ones with values). A
 * solution gives every variable its value.
 *
 * Solvers: csp (default), the depth-first engine under the options
 * --consistency, --alldiff, --var-order, --value-order, --backjump; and
 * min-conflicts. Counting is `ariadne count csp` and the methods are
 * compared by `ariadne bench csp` (csp_tool.c, csp_bench.c). */
#include "csp_domain.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/page.h"
#include "ariadne/search.h"
#include "ariadne/tool.h"

#define UNSET AR_CSP_UNSET

/* ------------------------------------------------------------ instances -- */

static void model_destroy(ar_instance *in)
{
    if (!in)
        return;
    ar_csp_destroy(in->m);
    free(in->text), free(in->inc_start), free(in->inc), free(in->start), free(in);
}

/* The constraints of each variable (CSR), for the legality of a value. */
static ar_status incidences(ar_instance *in, ar_error *err)
{
    const ar_csp *m = in->m;
    size_t k, i, n = ar_csp_var_count(m), nc = ar_csp_constraint_count(m), total = 0;
    size_t *fill;
    for (k = 0; k < nc; k++)
        total += ar_csp_constraint_arity(m, k);
    in->inc_start = calloc(n + 1, sizeof *in->inc_start);
    in->inc = malloc((total + 1) * sizeof *in->inc);
    fill = calloc(n + 1, sizeof *fill);
    if (!in->inc_start || !in->inc || !fill) {
        free(fill);
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory");
    }
    for (k = 0; k < nc; k++)
        for (i = 0; i < ar_csp_constraint_arity(m, k); i++)
            in->inc_start[ar_csp_constraint_var(m, k, i) + 1]++;
    for (k = 0; k < n; k++)
        in->inc_start[k + 1] += in->inc_start[k];
    for (k = 0; k < nc; k++)
        for (i = 0; i < ar_csp_constraint_arity(m, k); i++) {
            int v = ar_csp_constraint_var(m, k, i);
            in->inc[in->inc_start[v] + fill[v]++] = (uint32_t)k;
        }
    free(fill);
    return AR_OK;
}

static ar_status model_create(const char *text, const ar_param *params, size_t count, ar_instance **out,
                              ar_error *err)
{
    ar_instance *in = calloc(1, sizeof *in);
    size_t v, n;
    int32_t width = 1;
    ar_status st;
    *out = NULL;
    if (!in)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory");
    ar_csp_options_init(&in->csp);
    if ((st = ar_csp_options_from_params(params, count, &in->csp, &in->csp_given, err)) != AR_OK) {
        free(in);
        return st;
    }
    if (!text || !text[strspn(text, " \t\r\n;")]) {
        free(in);
        return ar_error_set(err, AR_ERR_INPUT, "instance: give a model (-f model.txt, or 'var x y : 1..3; x + y = 5')");
    }
    if ((st = ar_csp_parse(text, &in->m, err)) != AR_OK) {
        free(in);
        return st;
    }
    n = ar_csp_var_count(in->m);
    for (v = 0; v < n; v++)
        if (ar_csp_var_hi(in->m, (int)v) - ar_csp_var_lo(in->m, (int)v) + 1 > width)
            width = ar_csp_var_hi(in->m, (int)v) - ar_csp_var_lo(in->m, (int)v) + 1;
    for (in->value_bits = 0; ((int64_t)1 << in->value_bits) < width; in->value_bits++)
        ;
    if ((uint64_t)n > ((uint64_t)1 << (32 - in->value_bits)) - 1) {
        model_destroy(in);
        return ar_error_set(err, AR_ERR_INPUT, "the model is too large to write as moves (%zu variables of up to %ld "
                            "values: at most 2^32 pairs)", n, (long)width);
    }
    if (!(in->text = malloc(strlen(text) + 1)) || !(in->start = malloc(n * sizeof *in->start))) {
        model_destroy(in);
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory");
    }
    strcpy(in->text, text);
    for (v = 0; v < n; v++)
        in->start[v] = UNSET;
    in->max_width = (unsigned)width;
    if ((st = incidences(in, err)) != AR_OK) {
        model_destroy(in);
        return st;
    }
    *out = in;
    return AR_OK;
}

static void model_describe(const ar_instance *in, char *buf, size_t size)
{
    snprintf(buf, size, "a model of %zu variables and %zu constraints", ar_csp_var_count(in->m),
             ar_csp_constraint_count(in->m));
}

/* ---------------------------------------------------------------- states -- */

static size_t model_state_size(const ar_instance *in) { return ar_csp_var_count(in->m) * sizeof(int32_t); }

static void model_initial_state(const ar_instance *in, void *s)
{
    memcpy(s, in->start, ar_csp_var_count(in->m) * sizeof(int32_t));
}

static int model_is_goal(const ar_instance *in, const void *state)
{
    const int32_t *s = state;
    size_t v, n = ar_csp_var_count(in->m);
    for (v = 0; v < n; v++)
        if (s[v] == UNSET)
            return 0;
    return ar_csp_satisfied(in->m, s, NULL);
}

static void model_format_state(const ar_instance *in, const void *state, char *buf, size_t size)
{
    const int32_t *s = state;
    size_t v, n = ar_csp_var_count(in->m), used = 0;
    if (size)
        buf[0] = '\0';
    for (v = 0; v < n && used + 80 < size; v++)
        used += (size_t)(s[v] == UNSET ? snprintf(buf + used, size - used, "%s%s=?", v ? " " : "", ar_csp_var_name(in->m, (int)v))
                                       : snprintf(buf + used, size - used, "%s%s=%ld", v ? " " : "",
                                                  ar_csp_var_name(in->m, (int)v), (long)s[v]));
    if (v < n && used + 4 < size)
        snprintf(buf + used, size - used, " ...");
}

/* The variables for the browser pages (page.h), eight to a row, those
 * given a value as tiles labelled NAME=VALUE. */
static void model_picture(const ar_instance *in, const void *state, ar_scene *scene)
{
    const int32_t *s = state;
    char label[80];
    size_t v, n = ar_csp_var_count(in->m);
    if (n > 4096)
        n = 4096;
    ar_scene_grid(scene, (int)((n + 7) / 8), n < 8 ? (int)n : 8);
    for (v = 0; v < n; v++) {
        if (s[v] == UNSET)
            snprintf(label, sizeof label, "%s=?", ar_csp_var_name(in->m, (int)v));
        else
            snprintf(label, sizeof label, "%s=%ld", ar_csp_var_name(in->m, (int)v), (long)s[v]);
        ar_scene_cell(scene, (int)(v / 8), (int)(v % 8), s[v] == UNSET ? "empty" : "tile", label);
    }
    ar_scene_caption(scene, "%zu variables, %zu constraints", ar_csp_var_count(in->m), ar_csp_constraint_count(in->m));
}

/* ----------------------------------------------------------------- moves -- */

static ar_move make_move(const ar_instance *in, int v, int32_t value)
{
    return (ar_move)v << in->value_bits | (ar_move)(value - ar_csp_var_lo(in->m, v));
}

static int move_var(const ar_instance *in, ar_move m) { return (int)(in->value_bits == 32 ? 0 : m >> in->value_bits); }

static int32_t move_value(const ar_instance *in, ar_move m)
{
    uint32_t mask = in->value_bits == 32 ? 0xFFFFFFFFu : ((uint32_t)1 << in->value_bits) - 1;
    return ar_csp_var_lo(in->m, move_var(in, m)) + (int32_t)(m & mask);
}

static unsigned model_max_moves(const ar_instance *in) { return in->max_width; }

static int next_var(const ar_instance *in, const int32_t *s)
{
    size_t v, n = ar_csp_var_count(in->m);
    for (v = 0; v < n; v++)
        if (s[v] == UNSET)
            return (int)v;
    return -1;
}

/* Whether v = value keeps the constraints on v satisfiable as far as the
 * assigned variables tell; *bad the first constraint that does not. */
static int fits(const ar_instance *in, const int32_t *s, int v, int32_t value, size_t *bad)
{
    uint32_t e;
    for (e = in->inc_start[v]; e < in->inc_start[v + 1]; e++)
        if (!ar_csp_partial_ok(in->m, in->inc[e], s, v, value)) {
            if (bad)
                *bad = in->inc[e];
            return 0;
        }
    return 1;
}

static unsigned model_legal_moves(const ar_instance *in, const void *state, ar_move *moves)
{
    const int32_t *s = state;
    int v = next_var(in, s);
    int32_t value;
    unsigned n = 0;
    if (v < 0)
        return 0;
    for (value = ar_csp_var_lo(in->m, v); value <= ar_csp_var_hi(in->m, v); value++)
        if (ar_csp_var_allows(in->m, v, value) && fits(in, s, v, value, NULL))
            moves[n++] = make_move(in, v, value);
    return n;
}

static void model_apply(const ar_instance *in, void *s, ar_move m) { ((int32_t *)s)[move_var(in, m)] = move_value(in, m); }

static void model_undo(const ar_instance *in, void *s, ar_move m) { ((int32_t *)s)[move_var(in, m)] = UNSET; }

static size_t model_format_move(const ar_instance *in, ar_move m, char *buf, size_t size)
{
    int k = snprintf(buf, size, "%s=%ld", ar_csp_var_name(in->m, move_var(in, m)), (long)move_value(in, m));
    return k < 0 ? 0 : (size_t)k;
}

static ar_status model_parse_move(const ar_instance *in, const void *state, const char *text, size_t len,
                                  ar_move *out, ar_error *err)
{
    const int32_t *s = state;
    const char *eq = memchr(text, '=', len);
    char name[96], what[160];
    long value = 0;
    size_t k, bad;
    int v, neg = 0;
    if (!eq || eq == text || eq + 1 == text + len || (size_t)(eq - text) >= sizeof name)
        return ar_error_set(err, AR_ERR_INPUT, "expected NAME=VALUE, e.g. x=3");
    memcpy(name, text, (size_t)(eq - text));
    name[eq - text] = '\0';
    k = (size_t)(eq + 1 - text);
    if (text[k] == '-')
        neg = 1, k++;
    if (k == len)
        return ar_error_set(err, AR_ERR_INPUT, "expected NAME=VALUE with a whole number");
    for (; k < len; k++) {
        if (!isdigit((unsigned char)text[k]))
            return ar_error_set(err, AR_ERR_INPUT, "expected NAME=VALUE with a whole number");
        value = value > (1L << 31) ? value : value * 10 + (text[k] - '0');
    }
    value = neg ? -value : value;
    if ((v = ar_csp_var_find(in->m, name)) < 0)
        return ar_error_set(err, AR_ERR_INPUT, "the model has no variable '%.40s'", name);
    if (s[v] != UNSET)
        return ar_error_set(err, AR_ERR_INPUT, "%s already has the value %ld", name, (long)s[v]);
    if (value < INT32_MIN + 1 || value > INT32_MAX || !ar_csp_var_allows(in->m, v, (int32_t)value))
        return ar_error_set(err, AR_ERR_INPUT, "%ld is not in the domain of %s", value, name);
    if (!fits(in, s, v, (int32_t)value, &bad)) {
        ar_csp_describe_constraint(in->m, bad, what, sizeof what);
        return ar_error_set(err, AR_ERR_INPUT, "%s=%ld breaks constraint %zu (%s)", name, value, bad + 1, what);
    }
    *out = make_move(in, v, (int32_t)value);
    return AR_OK;
}

/* ---------------------------------------------------------------- solving -- */

static ar_status solve(ar_instance *in, const ar_search_options *opts, ar_result *res, ar_error *err, int local)
{
    size_t n = ar_csp_var_count(in->m), v, k = 0;
    int32_t *values = malloc((n + 1) * sizeof *values);
    ar_csp_options o = in->csp;
    ar_csp *m = in->m, *fixed = NULL;
    ar_status st;
    if (!values)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory");
    if (local && in->csp_given) {
        free(values);
        return ar_error_set(err, AR_ERR_INPUT, "min-conflicts does not use the constraint search's options");
    }
    for (v = 0; v < n; v++)
        k += in->start[v] != UNSET;
    if (k) { /* values given at the start (with_start): a model with them fixed */
        if ((st = ar_csp_parse(in->text, &fixed, err)) != AR_OK) {
            free(values);
            return st;
        }
        for (v = 0; v < n && st == AR_OK; v++)
            if (in->start[v] != UNSET) {
                int64_t one = 1;
                int var = (int)v;
                st = ar_csp_linear(fixed, &one, &var, 1, AR_CSP_EQ, in->start[v], err);
            }
        m = fixed;
    }
    o.seed = opts ? opts->seed : 0;
    st = ar_csp_solve_puzzle(m, &o, local, opts, res, values, err);
    if (st == AR_OK && res->outcome == AR_OUTCOME_SOLVED) {
        ar_move *moves = malloc((n + 1) * sizeof *moves);
        if (!moves) {
            st = ar_error_set(err, AR_ERR_MEMORY, "out of memory");
        } else {
            for (v = 0, k = 0; v < n; v++)
                if (in->start[v] == UNSET)
                    moves[k++] = make_move(in, (int)v, values[v]);
            free(res->moves);
            res->moves = moves, res->length = res->cost = k;
            res->optimal = 1;
            snprintf(res->note + strlen(res->note), sizeof res->note - strlen(res->note),
                     "; optimal: every solution gives each of the %zu variables a value", k);
        }
    }
    ar_csp_destroy(fixed);
    free(values);
    return st;
}

static ar_status solve_csp(ar_instance *in, const ar_search_options *opts, const ar_move_sink *sink, ar_result *res,
                           ar_error *err)
{
    (void)sink;
    return solve(in, opts, res, err, 0);
}

static ar_status solve_local(ar_instance *in, const ar_search_options *opts, const ar_move_sink *sink,
                             ar_result *res, ar_error *err)
{
    (void)sink;
    return solve(in, opts, res, err, 1);
}

static const ar_domain_solver model_solvers[] = {
    {.name = "csp", .summary = "depth-first with propagation (--consistency, --alldiff, --var-order, --value-order, --backjump)",
     .flags = AR_SOLVER_USES_SEED, .run = solve_csp},
    {.name = "min-conflicts", .summary = "local search from a random assignment: finds, never proves",
     .flags = AR_SOLVER_USES_SEED, .run = solve_local},
    {.name = NULL}};

static const char *model_default_algorithm(const ar_instance *in)
{
    (void)in;
    return "csp";
}

static ar_status model_with_start(const ar_instance *in, const void *state, ar_instance **out, ar_error *err)
{
    ar_status st = model_create(in->text, NULL, 0, out, err);
    if (st != AR_OK)
        return st;
    (*out)->csp = in->csp, (*out)->csp_given = in->csp_given;
    memcpy((*out)->start, state, ar_csp_var_count(in->m) * sizeof(int32_t));
    return AR_OK;
}

static const ar_option_spec model_options[] = {AR_CSP_OPTION_SPECS, {.name = NULL}};

static const ar_puzzle_example model_examples[] = {
    {.options = "", .instance = "var S E N D M O R Y : 0..9; alldiff S E N D M O R Y; S != 0; M != 0; "
                                "1000*S + 100*E + 10*N + D + 1000*M + 100*O + 10*R + E = "
                                "10000*M + 1000*O + 100*N + 10*E + Y",
     .cost = 8, .note = "SEND+MORE=MONEY as one equation over the whole words"},
    {.options = "", .instance = "var q[6] : 1..6; alldiff q; alldiff q[1]+1 q[2]+2 q[3]+3 q[4]+4 q[5]+5 q[6]+6; "
                                "alldiff q[1]-1 q[2]-2 q[3]-3 q[4]-4 q[5]-5 q[6]-6",
     .cost = 6, .note = "six queens: arrays and all-different with offsets"},
    {.options = "consistency=forward", .instance = "var a b c : 1..3; table a b : 1 2, 2 3, 3 1; forbid b c : 2 2; a < c",
     .cost = 3, .note = "tables of allowed and forbidden pairs, forward checking"},
    {.note = NULL}};

extern const ar_tool ar_model_tools[];
extern const ar_bench_suite ar_model_bench_suites[];

const ar_puzzle ar_domain_csp = {
    .name = "csp",
    .summary = "any constraint problem in a small text format: ariadne solve csp -f model.txt",
    .help = "A constraint satisfaction problem in ariadne's text format (-f model.txt, or inline with\n"
            "';' between statements). One statement a line, '#' comments:\n"
            "  var x y z : 1..9          variables and their domain (also 'in'; {1, 3..5, 9} for a set)\n"
            "  var q[8] : 1..8           an array q[1]..q[8]\n"
            "  alldiff x y z             all different; a term may have an offset (q[2]+1), an\n"
            "                            array name alone means all of it\n"
            "  2*x + y - 3 = z           linear: sums of k*VAR, VAR and numbers; = != <= >= < >\n"
            "  table x y : 1 2, 2 3      the pairs (x, y) allowed; forbid x y : ... the pairs refused\n"
            "  interchangeable x y z     the values are interchangeable (colours): search each once\n"
            "A move gives a variable its value, NAME=VALUE (x=3), in any order.\n"
            "\n"
            "csp (default) is depth-first search with propagation: --consistency check|forward|ac3|\n"
            "queue, --alldiff regin|bounds|pairwise, --var-order mrv-degree|mrv|input|wdeg,\n"
            "--value-order min|max|lcv|random, --backjump (docs/methods.md compares them). It proves\n"
            "there is no solution (exit 1). min-conflicts is local search (--seed S): it finds,\n"
            "never proves. `ariadne count csp -f model.txt` counts every solution (--list prints\n"
            "them); data/csp/ holds example models; `ariadne bench csp` compares the methods.",
    .flags = AR_PUZZLE_UNIT_COST | AR_PUZZLE_FIXED_LENGTH | AR_PUZZLE_FREE_ORDER, /* a move for each variable */
    .options = model_options,
    .create = model_create,
    .destroy = model_destroy,
    .describe = model_describe,
    .state_size = model_state_size,
    .initial_state = model_initial_state,
    .is_goal = model_is_goal,
    .format_state = model_format_state,
    .picture = model_picture,
    .max_moves = model_max_moves,
    .legal_moves = model_legal_moves,
    .apply = model_apply,
    .undo = model_undo,
    .format_move = model_format_move,
    .parse_move = model_parse_move,
    .solvers = model_solvers,
    .default_algorithm = model_default_algorithm,
    .with_start = model_with_start,
    .examples = model_examples,
    .tools = ar_model_tools,
    .bench_suites = ar_model_bench_suites,
};
