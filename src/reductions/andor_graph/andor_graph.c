/* andor_graph.c — an AND-OR graph written out node by node: the lecture
 * notes' examples (data/andor/), and any graph a student wants to watch AO*
 * work on. The text, one statement a line ('#' starts a comment):
 *
 *     A -> B | C D          A is solved through B, or through C and D together
 *     A -> E F : 7          another connector of A, costing 7 (default: one per
 *                           subproblem, the notes' convention)
 *     E = 5                 E is primitive: solved outright at cost 5
 *     F = unsolvable        F cannot be solved
 *     B ~ 4                 AO*'s estimate for B (heuristic "given"; 0 when none)
 *     start A               the problem to solve (default: the first node named)
 *
 * Every node named must be defined (by "->" or "="). Creating the problem
 * also computes every node's cheapest solution cost exactly, by iterating
 * cost(n) = min over connectors (cost + subproblems) down from infinity to
 * its fixed point (which also handles cycles), and refuses an estimate above
 * that cost: the "given" heuristic is then admissible by construction. */
#include "ariadne/andor.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/tool.h"

#define MAX_NODES 4096
#define MAX_ALTS 65536
#define NAME_MAX_LEN 31
#define MAX_COST 1000000000ull
#define INF UINT64_MAX

enum { N_UNDEFINED, N_REDUCED, N_PRIMITIVE, N_UNSOLVABLE };

typedef struct alt {
    uint32_t cost, first, count;
} alt;

struct ar_andor_problem {
    unsigned n, root, max_alts;
    char (*names)[NAME_MAX_LEN + 1];
    unsigned char *kind;
    uint32_t *defined_line, *used_line;
    uint64_t *value;   /* primitive cost */
    uint64_t *est;     /* "~" estimate */
    uint64_t *exact;   /* cheapest solution cost, INF when none */
    uint32_t *alt_first, *alt_count;
    alt *alts;
    uint32_t nalts;
    uint32_t *members;
    uint32_t nmembers;
    char source[64];
};

static void problem_free(ar_andor_problem *g)
{
    if (!g)
        return;
    free(g->names);
    free(g->kind);
    free(g->defined_line);
    free(g->used_line);
    free(g->value);
    free(g->est);
    free(g->exact);
    free(g->alt_first);
    free(g->alt_count);
    free(g->alts);
    free(g->members);
    free(g);
}

/* --- parsing --- */

/* The node called name (len chars), added when new; -1 when too many. */
static int node_id(ar_andor_problem *g, const char *name, size_t len, uint32_t line)
{
    unsigned i;
    for (i = 0; i < g->n; i++)
        if (strlen(g->names[i]) == len && memcmp(g->names[i], name, len) == 0)
            return (int)i;
    if (g->n == MAX_NODES)
        return -1;
    memcpy(g->names[g->n], name, len);
    g->names[g->n][len] = '\0';
    g->kind[g->n] = N_UNDEFINED;
    g->used_line[g->n] = line;
    return (int)g->n++;
}

static int name_char(char c) { return isalnum((unsigned char)c) || c == '_' || c == '-' || c == '.'; }

static const char *skip_blanks(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return s;
}

/* Reads a name at *s into [*start, *start+*len); NULL message on success. */
static const char *read_name(const char **s, const char **start, size_t *len)
{
    const char *p = skip_blanks(*s);
    *start = p;
    while (name_char(*p))
        p++;
    *len = (size_t)(p - *start);
    *s = p;
    if (!*len)
        return "expected a node name (letters, digits, '_', '-', '.')";
    if (*len > NAME_MAX_LEN)
        return "a node name is longer than 31 characters";
    return NULL;
}

static const char *read_number(const char **s, uint64_t max, uint64_t *out)
{
    const char *p = skip_blanks(*s);
    uint64_t v = 0;
    if (!isdigit((unsigned char)*p))
        return "expected a whole number";
    while (isdigit((unsigned char)*p)) {
        v = v * 10 + (uint64_t)(*p - '0');
        if (v > max)
            return "a number above 1000000000";
        p++;
    }
    *out = v;
    *s = p;
    return NULL;
}

/* "A -> B | C D : 5" after the name and arrow: appends A's connectors. */
static const char *parse_alternatives(ar_andor_problem *g, unsigned a, const char *s, uint32_t line)
{
    for (;;) {
        uint32_t count = 0;
        uint64_t cost = 0;
        int explicit_cost = 0;
        if (g->nalts == MAX_ALTS)
            return "more than 65536 connectors";
        g->alts[g->nalts].first = g->nmembers;
        for (;;) {
            const char *start, *why;
            size_t len;
            int id;
            s = skip_blanks(s);
            if (!*s || *s == '|' || *s == ':')
                break;
            if ((why = read_name(&s, &start, &len)) != NULL)
                return why;
            if (count == AR_ANDOR_MAX_ARITY)
                return "a connector of more than 16 subproblems";
            if ((id = node_id(g, start, len, line)) < 0)
                return "more than 4096 nodes";
            if (g->nmembers == MAX_ALTS * 4u)
                return "too many subproblems in all";
            g->members[g->nmembers++] = (uint32_t)id;
            count++;
        }
        if (*s == ':') {
            const char *why;
            s++;
            if ((why = read_number(&s, MAX_COST, &cost)) != NULL)
                return why;
            explicit_cost = 1;
            s = skip_blanks(s);
        }
        if (!count)
            return "an empty alternative (write the subproblems between the '|')";
        g->alts[g->nalts].count = count;
        g->alts[g->nalts].cost = (uint32_t)(explicit_cost ? cost : count);
        if (g->alt_count[a] == 0)
            g->alt_first[a] = g->nalts;
        else if (g->alt_first[a] + g->alt_count[a] != g->nalts)
            return "a node's connectors must be on consecutive lines";
        g->alt_count[a]++;
        g->nalts++;
        if (!*s)
            return NULL;
        if (*s != '|')
            return "expected '|' between alternatives or ': COST' at the end";
        s++;
    }
}

static const char *parse_line(ar_andor_problem *g, char *line, uint32_t no, int *have_start)
{
    const char *s = line, *start, *why;
    size_t len;
    int id;
    s = skip_blanks(s);
    if (strncmp(s, "start", 5) == 0 && (s[5] == ' ' || s[5] == '\t')) {
        s += 5;
        if ((why = read_name(&s, &start, &len)) != NULL)
            return why;
        if (*skip_blanks(s))
            return "expected only a node name after 'start'";
        if (*have_start)
            return "a second 'start' line";
        if ((id = node_id(g, start, len, no)) < 0)
            return "more than 4096 nodes";
        g->root = (unsigned)id;
        *have_start = 1;
        return NULL;
    }
    if ((why = read_name(&s, &start, &len)) != NULL)
        return why;
    if ((id = node_id(g, start, len, no)) < 0)
        return "more than 4096 nodes";
    s = skip_blanks(s);
    if (s[0] == '-' && s[1] == '>') {
        if (g->kind[id] == N_PRIMITIVE || g->kind[id] == N_UNSOLVABLE)
            return "the node already has a cost or is unsolvable; it cannot also be reduced";
        g->kind[id] = N_REDUCED;
        g->defined_line[id] = no;
        return parse_alternatives(g, (unsigned)id, s + 2, no);
    }
    if (*s == '=') {
        s = skip_blanks(s + 1);
        if (g->kind[id] != N_UNDEFINED)
            return "the node is defined twice";
        g->defined_line[id] = no;
        if (strncmp(s, "unsolvable", 10) == 0 && !*skip_blanks(s + 10)) {
            g->kind[id] = N_UNSOLVABLE;
            return NULL;
        }
        if ((why = read_number(&s, MAX_COST, &g->value[id])) != NULL)
            return why;
        if (*skip_blanks(s))
            return "expected only a cost or 'unsolvable' after '='";
        g->kind[id] = N_PRIMITIVE;
        return NULL;
    }
    if (*s == '~') {
        s++;
        if ((why = read_number(&s, MAX_COST, &g->est[id])) != NULL)
            return why;
        if (*skip_blanks(s))
            return "expected only an estimate after '~'";
        return NULL;
    }
    return "expected 'NODE -> ...', 'NODE = COST', 'NODE = unsolvable', 'NODE ~ ESTIMATE' or 'start NODE'";
}

/* Every node's cheapest solution cost: the greatest fixed point of
 * cost(n) = min over connectors of (cost + sum of the subproblems' costs),
 * iterated down from infinity; each round settles at least the cheapest node
 * not yet settled, so n rounds suffice. */
static void exact_costs(ar_andor_problem *g)
{
    unsigned i, round;
    for (i = 0; i < g->n; i++)
        g->exact[i] = g->kind[i] == N_PRIMITIVE ? g->value[i] : INF;
    for (round = 0; round <= g->n; round++) {
        int changed = 0;
        for (i = 0; i < g->n; i++) {
            uint32_t a;
            if (g->kind[i] != N_REDUCED)
                continue;
            for (a = g->alt_first[i]; a < g->alt_first[i] + g->alt_count[i]; a++) {
                uint64_t c = g->alts[a].cost;
                uint32_t k;
                for (k = 0; k < g->alts[a].count && c != INF; k++) {
                    uint64_t m = g->exact[g->members[g->alts[a].first + k]];
                    c = m == INF || c + m >= INF ? INF : c + m;
                }
                if (c < g->exact[i]) {
                    g->exact[i] = c;
                    changed = 1;
                }
            }
        }
        if (!changed)
            break;
    }
}

static ar_status graph_create(const char *text, const ar_param *params, size_t count,
                              ar_andor_problem **out, ar_error *err)
{
    ar_andor_problem *g = calloc(1, sizeof *g);
    const char *name = ar_param_get(params, count, "graph");
    char *copy = NULL, *line, *file_text = NULL;
    uint32_t no = 0;
    unsigned i;
    int have_start = 0;
    *out = NULL;
    if (!g)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory");
    if (name && text) {
        problem_free(g);
        return ar_error_set(err, AR_ERR_INPUT, "give a graph as text or parameter graph, not both");
    }
    if (!name && !text)
        name = "notes";
    if (name) {
        char why[1100];
        file_text = ar_data_read("andor", name, why, sizeof why);
        if (!file_text) {
            problem_free(g);
            return ar_error_set(err, AR_ERR_INPUT, "parameter graph: %.400s", why);
        }
        text = file_text;
        snprintf(g->source, sizeof g->source, "graph %s", name);
    } else
        snprintf(g->source, sizeof g->source, "given graph");
    g->names = malloc(sizeof *g->names * MAX_NODES);
    g->kind = calloc(MAX_NODES, 1);
    g->defined_line = calloc(MAX_NODES, sizeof *g->defined_line);
    g->used_line = calloc(MAX_NODES, sizeof *g->used_line);
    g->value = calloc(MAX_NODES, sizeof *g->value);
    g->est = calloc(MAX_NODES, sizeof *g->est);
    g->exact = calloc(MAX_NODES, sizeof *g->exact);
    g->alt_first = calloc(MAX_NODES, sizeof *g->alt_first);
    g->alt_count = calloc(MAX_NODES, sizeof *g->alt_count);
    g->alts = malloc(sizeof *g->alts * MAX_ALTS);
    g->members = malloc(sizeof *g->members * MAX_ALTS * 4u);
    copy = strdup(text);
    free(file_text);
    if (!g->names || !g->kind || !g->defined_line || !g->used_line || !g->value || !g->est ||
        !g->exact || !g->alt_first || !g->alt_count || !g->alts || !g->members || !copy) {
        free(copy);
        problem_free(g);
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory");
    }
    for (line = copy; line;) {
        char *end = strchr(line, '\n'), *hash;
        const char *why;
        no++;
        if (end)
            *end = '\0';
        if ((hash = strchr(line, '#')) != NULL)
            *hash = '\0';
        if (*skip_blanks(line) && (why = parse_line(g, line, no, &have_start)) != NULL) {
            ar_status st = ar_error_set(err, AR_ERR_INPUT, "%s line %u: %s", g->source, no, why);
            free(copy);
            problem_free(g);
            return st;
        }
        line = end ? end + 1 : NULL;
    }
    free(copy);
    if (!g->n) {
        problem_free(g);
        return ar_error_set(err, AR_ERR_INPUT, "the graph has no nodes");
    }
    for (i = 0; i < g->n; i++) {
        if (g->kind[i] == N_UNDEFINED) {
            ar_status st = ar_error_set(err, AR_ERR_INPUT,
                                        "%s line %u: node %s is never defined (give it "
                                        "alternatives, %s -> ..., or a cost, %s = C)",
                                        g->source, g->used_line[i], g->names[i], g->names[i],
                                        g->names[i]);
            problem_free(g);
            return st;
        }
        if (g->alt_count[i] > g->max_alts)
            g->max_alts = g->alt_count[i];
    }
    exact_costs(g);
    for (i = 0; i < g->n; i++)
        if (g->est[i] && (g->kind[i] != N_REDUCED || g->est[i] > g->exact[i])) {
            ar_status st = g->kind[i] != N_REDUCED
                ? ar_error_set(err, AR_ERR_INPUT, "%s: node %s has an estimate but is not reduced "
                                                  "(estimates are for nodes with '->')",
                               g->source, g->names[i])
                : ar_error_set(err, AR_ERR_INPUT,
                               "%s: the estimate %" PRIu64 " of node %s is above its cheapest "
                               "solution cost %s%" PRIu64 " (AO* needs estimates that never "
                               "overestimate)", g->source, g->est[i], g->names[i],
                               g->exact[i] == INF ? "(none: unsolvable) " : "",
                               g->exact[i] == INF ? (uint64_t)0 : g->exact[i]);
            problem_free(g);
            return st;
        }
    *out = g;
    return AR_OK;
}

static void graph_destroy(ar_andor_problem *g) { problem_free(g); }

static void graph_describe(const ar_andor_problem *g, char *buf, size_t size)
{
    snprintf(buf, size, "%s: %u nodes, %u connectors, solve %s", g->source, g->n, g->nalts,
             g->names[g->root]);
}

/* --- nodes: a node is its index --- */

static uint32_t id_of(const void *node)
{
    uint32_t id;
    memcpy(&id, node, sizeof id);
    return id;
}

static size_t graph_node_size(const ar_andor_problem *g) { (void)g; return sizeof(uint32_t); }

static void graph_root(const ar_andor_problem *g, void *node)
{
    uint32_t id = g->root;
    memcpy(node, &id, sizeof id);
}

static int graph_classify(const ar_andor_problem *g, const void *node, uint64_t *cost)
{
    uint32_t id = id_of(node);
    if (g->kind[id] == N_PRIMITIVE) {
        *cost = g->value[id];
        return AR_ANDOR_PRIMITIVE;
    }
    return g->kind[id] == N_UNSOLVABLE ? AR_ANDOR_UNSOLVABLE : AR_ANDOR_OPEN;
}

static unsigned graph_max_connectors(const ar_andor_problem *g) { return g->max_alts ? g->max_alts : 1; }
static unsigned graph_max_arity(const ar_andor_problem *g) { (void)g; return AR_ANDOR_MAX_ARITY; }

static unsigned graph_expand(const ar_andor_problem *g, const void *node, ar_andor_connector *conns,
                             void *children)
{
    uint32_t id = id_of(node), k, j;
    for (k = 0; k < g->alt_count[id]; k++) {
        const alt *a = &g->alts[g->alt_first[id] + k];
        conns[k].rule = k;
        conns[k].cost = a->cost;
        conns[k].count = a->count;
        for (j = 0; j < a->count; j++)
            memcpy((unsigned char *)children + ((size_t)k * AR_ANDOR_MAX_ARITY + j) * sizeof(uint32_t),
                   &g->members[a->first + j], sizeof(uint32_t));
    }
    return g->alt_count[id];
}

static void graph_format_node(const ar_andor_problem *g, const void *node, char *buf, size_t size)
{
    snprintf(buf, size, "%s", g->names[id_of(node)]);
}

/* "via C+D" */
static void graph_format_rule(const ar_andor_problem *g, const void *node, uint32_t rule, char *buf,
                              size_t size)
{
    uint32_t id = id_of(node), j;
    size_t used = 0;
    const alt *a;
    if (rule >= g->alt_count[id]) {
        snprintf(buf, size, "?");
        return;
    }
    a = &g->alts[g->alt_first[id] + rule];
    used = (size_t)snprintf(buf, size, "via ");
    for (j = 0; j < a->count && used < size; j++)
        used += (size_t)snprintf(buf + used, size - used, "%s%s", j ? "+" : "",
                                 g->names[g->members[a->first + j]]);
    /* Two connectors with the same subproblems (and other costs) read apart. */
    for (j = 0; j < g->alt_count[id]; j++) {
        const alt *b = &g->alts[g->alt_first[id] + j];
        if (j != rule && b->count == a->count &&
            memcmp(&g->members[b->first], &g->members[a->first], sizeof *g->members * a->count) == 0) {
            if (used < size)
                snprintf(buf + used, size - used, ", alternative %u", rule + 1);
            break;
        }
    }
}

static uint64_t h_given(const ar_andor_problem *g, const void *node) { return g->est[id_of(node)]; }
static uint64_t h_zero(const ar_andor_problem *g, const void *node) { (void)g, (void)node; return 0; }

static const ar_andor_heuristic graph_heuristics[] = {
    {.name = "given",
     .summary = "the estimates the graph gives (NODE ~ H; 0 where none), refused when above a "
                "node's cheapest cost",
     .flags = AR_HEURISTIC_ADMISSIBLE,
     .estimate = h_given},
    {.name = "zero",
     .summary = "0 everywhere: AO* then expands in order of cost so far",
     .flags = AR_HEURISTIC_ADMISSIBLE,
     .estimate = h_zero},
    {.name = NULL}};

/* The independent check: the fixed point computed at creation is the true
 * cheapest cost, so no solution may cost less. */
static ar_status graph_answer(const ar_andor_problem *g, const ar_andor_solution *sol, char **text,
                              ar_error *err)
{
    uint32_t root = id_of(ar_andor_solution_node(sol, 0));
    char buf[160];
    if (sol->steps[0].cost < g->exact[root])
        return ar_error_set(err, AR_ERR_UNSOLVABLE, "the tree claims cost %" PRIu64 " for %s, "
                            "below its cheapest possible %" PRIu64, sol->steps[0].cost,
                            g->names[root], g->exact[root]);
    snprintf(buf, sizeof buf, "%s solved at cost %" PRIu64 "; the cheapest possible is %" PRIu64,
             g->names[root], sol->steps[0].cost, g->exact[root]);
    *text = strdup(buf);
    return *text ? AR_OK : ar_error_set(err, AR_ERR_MEMORY, "out of memory");
}

static const ar_option_spec graph_options[] = {
    {.name = "graph",
     .metavar = "NAME",
     .help = "a graph of data/andor/ (notes, notes-simple, tv, cycle); default notes"},
    {.name = NULL}};

static const ar_andor_example graph_examples[] = {
    {.options = "graph=notes", .cost = 18,
     .note = "the notes' example: A through B (cost 18) beats C and D (38), though G looks best"},
    {.options = "graph=notes-simple", .cost = 6,
     .note = "the notes' first figure: B alone (6) beats C and D together (9)"},
    {.options = "graph=tv", .cost = 12,
     .note = "acquire a TV set: stealing is unsolvable, so earn the money and buy it"},
    {.options = "graph=cycle", .cost = 5,
     .note = "a cycle: the connector back to an ancestor is left out"},
    {.options = "", .instance = "goal -> a b | c : 3\na = 2\nb = 2\nc = 1", .cost = 4,
     .note = "a graph given as text: c at 3 + 1 beats a and b at 2 + 2 + 2"},
    {.note = NULL}};

const ar_andor_domain ar_reduction_andor_graph = {
    .name = "andor-graph",
    .summary = "an AND-OR graph written node by node: the notes' examples, or your own",
    .help = "INSTANCE (or -f FILE) is the graph, one statement a line ('#' comments):\n"
            "  A -> B | C D        A is solved through B, or through C and D together\n"
            "  A -> E F : 7        a connector with its own cost (default: 1 per subproblem,\n"
            "                      the notes' convention)\n"
            "  E = 5               a primitive problem, solved outright at cost 5\n"
            "  F = unsolvable      a problem that cannot be solved\n"
            "  B ~ 4               AO*'s estimate for B (heuristic given; 0 when none)\n"
            "  start A             the problem to solve (default: the first node named)\n"
            "Every node named must be defined. The exact cheapest cost of every node is\n"
            "computed when the graph is read, and an estimate above it is refused, so AO*'s\n"
            "answer is proven cheapest. --graph NAME reads data/andor/NAME.txt.",
    .options = graph_options,
    .create = graph_create,
    .destroy = graph_destroy,
    .describe = graph_describe,
    .node_size = graph_node_size,
    .root = graph_root,
    .classify = graph_classify,
    .max_connectors = graph_max_connectors,
    .max_arity = graph_max_arity,
    .expand = graph_expand,
    .format_node = graph_format_node,
    .format_rule = graph_format_rule,
    .heuristics = graph_heuristics,
    .answer = graph_answer,
    .examples = graph_examples,
};
