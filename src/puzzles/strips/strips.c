/* strips.c — planning tasks as a puzzle: operators with preconditions, add
 * and delete lists (plan.h gives the text format), so that the complete
 * searches (breadth-first, A* with h_max) and means-ends analysis (mea.h, the
 * solver `mea`) run on the same operators and their plans are replayed by the
 * same rules. A state is the set of true atoms; a move is a ground operator,
 * written `push(desk,room1,room2)`.
 *
 * The tasks of data/strips/ are the lecture notes' household robot
 * (robot.txt), the Sussman anomaly (sussman.txt, and sussman-swapped.txt with
 * the goals in the other order) and a blocks world MEA solves (blocks.txt);
 * --problem NAME reads one, or INSTANCE / -f FILE gives a task. */
#include "strips_internal.h"
#include "ariadne/mea.h"
#include "ariadne/page.h"
#include "ariadne/plan.h"
#include "ariadne/puzzle.h"
#include "ariadne/tool.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ar_instance {
    ar_plan_task *t;
    char *text;            /* the task as written, for copies from another start */
    unsigned char *start;  /* the state to plan from */
    int protect;
    char source[64];
};

static ar_status strips_create(const char *text, const ar_param *params, size_t count,
                               ar_instance **out, ar_error *err)
{
    const char *name = ar_param_get(params, count, "problem");
    const char *protect = ar_param_get(params, count, "protect");
    char *file_text = NULL;
    ar_instance *in;
    ar_status st;
    *out = NULL;
    if (name && text)
        return ar_error_set(err, AR_ERR_INPUT, "give a task as text or parameter problem, not both");
    if (protect && strcmp(protect, "on") != 0 && strcmp(protect, "off") != 0)
        return ar_error_set(err, AR_ERR_INPUT, "parameter protect: '%.20s' is not on or off", protect);
    if (!name && !text)
        name = "robot";
    in = calloc(1, sizeof *in);
    if (!in)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory");
    in->protect = !protect || strcmp(protect, "on") == 0;
    if (name) {
        char why[1100];
        file_text = ar_data_read("strips", name, why, sizeof why);
        if (!file_text) {
            free(in);
            return ar_error_set(err, AR_ERR_INPUT, "parameter problem: %.400s", why);
        }
        snprintf(in->source, sizeof in->source, "%s", name);
    } else
        snprintf(in->source, sizeof in->source, "given task");
    st = ar_plan_parse(file_text ? file_text : text, &in->t, err);
    in->text = strdup(file_text ? file_text : text);
    free(file_text);
    if (st == AR_OK && (!in->text || !(in->start = malloc(ar_plan_state_size(in->t))))) {
        ar_plan_free(in->t);
        st = ar_error_set(err, AR_ERR_MEMORY, "out of memory");
    }
    if (st != AR_OK) {
        free(in->text);
        if (name && err) { /* name the file in the message */
            char msg[AR_ERROR_MESSAGE_MAX];
            snprintf(msg, sizeof msg, "%s", err->message);
            ar_error_set(err, st, "data/strips/%s.txt %.400s", name, msg);
        }
        free(in);
        return st;
    }
    ar_plan_initial(in->t, in->start);
    *out = in;
    return AR_OK;
}

static void strips_destroy(ar_instance *in)
{
    if (in) {
        ar_plan_free(in->t);
        free(in->text);
        free(in->start);
    }
    free(in);
}

/* The same task from another state (hints while playing, tests). */
static ar_status strips_with_start(const ar_instance *in, const void *state, ar_instance **out,
                                   ar_error *err)
{
    ar_instance *copy = calloc(1, sizeof *copy);
    ar_status st;
    *out = NULL;
    if (!copy)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory");
    st = ar_plan_parse(in->text, &copy->t, err);
    if (st == AR_OK && (!(copy->text = strdup(in->text)) ||
                        !(copy->start = malloc(ar_plan_state_size(copy->t)))))
        st = ar_error_set(err, AR_ERR_MEMORY, "out of memory");
    if (st != AR_OK) {
        strips_destroy(copy);
        return st;
    }
    memcpy(copy->start, state, ar_plan_state_size(copy->t));
    copy->protect = in->protect;
    memcpy(copy->source, in->source, sizeof copy->source);
    *out = copy;
    return AR_OK;
}

static void strips_describe(const ar_instance *in, char *buf, size_t size)
{
    snprintf(buf, size, "%s: %u operators, %u ground, %u atoms", in->source,
             ar_plan_schema_count(in->t), ar_plan_op_count(in->t), ar_plan_atom_count(in->t));
}

const ar_plan_task *ar_strips_task(const ar_instance *in, const void **start, int *protect)
{
    *start = in->start;
    *protect = in->protect;
    return in->t;
}

static ar_status strips_check_solvable(const ar_instance *in, ar_error *err)
{
    ar_status st = ar_plan_check_goal(in->t, err);
    unsigned char *s;
    if (st != AR_OK)
        return st;
    s = malloc(ar_plan_state_size(in->t));
    if (!s)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory");
    memcpy(s, in->start, ar_plan_state_size(in->t));
    /* h_max relaxes the delete lists: an atom it cannot reach, no plan reaches */
    if (ar_plan_hmax(in->t, s) == UINT64_MAX)
        st = ar_error_set(err, AR_ERR_UNSOLVABLE,
                          "a goal atom cannot be reached even ignoring delete lists");
    free(s);
    return st;
}

static size_t strips_state_size(const ar_instance *in) { return ar_plan_state_size(in->t); }
static void strips_initial(const ar_instance *in, void *state)
{
    memcpy(state, in->start, ar_plan_state_size(in->t));
}
static int strips_is_goal(const ar_instance *in, const void *state) { return ar_plan_is_goal(in->t, state); }

static void strips_format_state(const ar_instance *in, const void *state, char *buf, size_t size)
{
    ar_plan_format_state(in->t, state, buf, size);
}

/* The atoms true in the state, one to a row (page.h): the page shows which
 * facts each step adds and deletes. */
static void strips_picture(const ar_instance *in, const void *state, ar_scene *scene)
{
    size_t size = 64 + 96 * (size_t)ar_plan_atom_count(in->t);
    char *buf = malloc(size);
    if (!buf)
        return;
    ar_plan_format_state(in->t, state, buf, size);
    for (char *c = buf; *c; c++)
        if (*c == ' ')
            *c = '\n';
    ar_scene_word_grid(scene, buf, "*=tile", 0, 0);
    if (!*buf)
        ar_scene_caption(scene, "no atom is true");
    free(buf);
}

static unsigned strips_max_moves(const ar_instance *in)
{
    unsigned n = ar_plan_op_count(in->t);
    return n ? n : 1;
}

static unsigned strips_legal_moves(const ar_instance *in, const void *state, ar_move *moves)
{
    return ar_plan_applicable_ops(in->t, state, moves);
}

static void strips_apply(const ar_instance *in, void *state, ar_move m)
{
    ar_plan_apply(in->t, (unsigned)m, state);
}

static size_t strips_format_move(const ar_instance *in, ar_move m, char *buf, size_t size)
{
    return ar_plan_format_op(in->t, (unsigned)m, buf, size);
}

static ar_status strips_parse_move(const ar_instance *in, const void *state, const char *text,
                                   size_t len, ar_move *out, ar_error *err)
{
    char why[200];
    long op = ar_plan_find_op(in->t, text, len, why, sizeof why);
    (void)state;
    if (op < 0)
        return ar_error_set(err, AR_ERR_INPUT, "%s", why);
    *out = (ar_move)op;
    return AR_OK;
}

/* h_max: admissible and consistent (each operator costs 1 and changes every
 * atom's relaxed cost by at most 1). A dead end (a goal atom out of reach)
 * gets a large finite value, which is still admissible. */
static uint64_t h_hmax(const ar_instance *in, const void *state)
{
    uint64_t h = ar_plan_hmax(in->t, state);
    return h == UINT64_MAX ? (uint64_t)1 << 30 : h;
}

static uint64_t h_goals(const ar_instance *in, const void *state)
{
    return ar_plan_goal_count(in->t, state);
}

static const ar_heuristic strips_heuristics[] = {
    {.name = "hmax",
     .summary = "h_max: the costliest goal atom with delete lists ignored (admissible)",
     .flags = AR_HEURISTIC_ADMISSIBLE | AR_HEURISTIC_CONSISTENT,
     .estimate = h_hmax},
    {.name = "goals",
     .summary = "goal atoms not yet true (not admissible: one operator may add several)",
     .flags = 0,
     .estimate = h_goals},
    {.name = NULL}};

static ar_status run_mea(ar_instance *in, const ar_search_options *opts, const ar_move_sink *sink,
                         ar_result *res, ar_error *err)
{
    ar_mea_options mo;
    (void)sink;
    ar_mea_options_init(&mo);
    mo.protect = in->protect;
    mo.start = in->start;
    return ar_mea(in->t, opts, &mo, res, err);
}

static const ar_domain_solver strips_solvers[] = {
    {.name = "mea",
     .summary = "means-ends analysis (GPS): reduce the most important difference, recursing on "
                "preconditions; incomplete (--protect on|off)",
     .run = run_mea},
    {.name = NULL}};

static const char *strips_default_algorithm(const ar_instance *in)
{
    (void)in;
    return "astar";
}

static const ar_option_spec strips_options[] = {
    {.name = "problem",
     .metavar = "NAME",
     .help = "a task of data/strips/: robot (default), sussman, sussman-swapped, blocks"},
    {.name = "protect",
     .metavar = "on|off",
     .help = "mea: a reduced difference may not be undone (default on, GPS's ordering assumption)"},
    {.name = NULL}};

static const ar_tool strips_tools[] = {
    {.name = "mea",
     .usage = "ariadne mea [TASK | -f FILE | --problem NAME] [--protect on|off] [options]",
     .help = "Means-ends analysis on a strips task, step by step: each difference chosen (the goal\n"
             "atom not yet true whose predicate ranks first in the difference table), each operator\n"
             "tried, the first and last parts it recurses on, loops cut and operators refused for\n"
             "undoing a reduced difference, then the plan or 'gives up' (exit 3: that proves\n"
             "nothing). --protect off lets an operator undo a reduced difference. Options:\n"
             "--node-limit N (calls), --time-limit S, --json (the trace as an array), --quiet.\n"
             "Example: ariadne mea --problem robot (on --problem sussman it finds no plan: the anomaly).",
     .run = ar_strips_mea_tool},
    {.name = NULL}};

static const ar_bench_suite strips_bench_suites[] = {
    {.name = "mea",
     .summary = "means-ends analysis against BFS and A* on the household robot and blocks worlds",
     .run = ar_strips_bench_mea},
    {.name = NULL}};

static const ar_puzzle_example strips_examples[] = {
    {.options = "problem=robot", .cost = 14,
     .note = "the notes' household robot moves a desk with a book and a lamp on it: 14 steps"},
    {.options = "problem=sussman", .cost = 6,
     .note = "the Sussman anomaly: A* finds 6 steps; --algo mea gives up (protection on)"},
    {.options = "problem=blocks", .cost = 8,
     .note = "a blocks world: A* finds 8 steps, means-ends analysis (--algo mea) 12"},
    {.note = NULL}};

const ar_puzzle ar_domain_strips = {
    .name = "strips",
    .summary = "planning with operators (pre, add, del): the notes' household robot, blocks worlds",
    .help = "A task (--problem NAME from data/strips/, or INSTANCE / -f FILE) is written:\n"
            "  operator push(?o, ?from, ?to)     an operator and its parameters\n"
            "    pre at(?o, ?from) robot-at(?from) large(?o)\n"
            "    add at(?o, ?to) robot-at(?to)\n"
            "    del at(?o, ?from) robot-at(?from)\n"
            "  init at(desk, room1) ...          the atoms true at the start\n"
            "  goal at(desk, room2) ...          the atoms to make true\n"
            "  reduce at by push carry           a difference-table row, most important first\n"
            "Parameters take distinct constants; each operator costs 1; deletes apply before\n"
            "adds. A move is a ground operator: push(desk,room1,room2). --algo mea plans by\n"
            "means-ends analysis (not complete: with --protect on it gives up on the Sussman\n"
            "anomaly); astar (h_max) and bfs find shortest plans.",
    .flags = AR_PUZZLE_UNIT_COST,
    .options = strips_options,
    .create = strips_create,
    .destroy = strips_destroy,
    .describe = strips_describe,
    .check_solvable = strips_check_solvable,
    .state_size = strips_state_size,
    .initial_state = strips_initial,
    .is_goal = strips_is_goal,
    .format_state = strips_format_state,
    .picture = strips_picture,
    .max_moves = strips_max_moves,
    .legal_moves = strips_legal_moves,
    .apply = strips_apply,
    .format_move = strips_format_move,
    .parse_move = strips_parse_move,
    .heuristics = strips_heuristics,
    .solvers = strips_solvers,
    .default_algorithm = strips_default_algorithm,
    .with_start = strips_with_start,
    .examples = strips_examples,
    .tools = strips_tools,
    .bench_suites = strips_bench_suites,
};
