/* ariadne/andor.h — problem reduction: AND-OR graphs and their searches.
 *
 * A problem is reduced to subproblems. A node of an AND-OR graph is a
 * problem; each of its connectors is one way to reduce it (an OR choice
 * between connectors), to a set of subproblems that must all be solved (AND),
 * at the connector's own cost. A primitive node is solved outright at a cost
 * of its own; an unsolvable node cannot be solved at all, nor can a node
 * without connectors. A solution is a subgraph: from the root, one connector
 * at each node, down to primitive nodes; its cost is the sum of the
 * connectors' and primitives' costs, each counted as often as the tree below
 * the root uses it.
 *
 * An AND-OR domain is one `const ar_andor_domain` of function pointers,
 * written with designated initialisers, in the style of the puzzle interface
 * (puzzle.h): a node is a fixed-size, canonical block of bytes (equal
 * problems, equal bytes), so the searches can store and share nodes without
 * knowing what they mean. Domains live in src/reductions/NAME/ and are listed
 * by one line each in src/reductions/reductions.def.
 *
 * Two searches (src/andor/): AO* (Martelli and Montanari, Nilsson), which
 * expands only the most promising partial solution and revises costs upward
 * with the labels SOLVED and FUTILITY as the lecture notes describe it; and
 * an exhaustive depth-first search for acyclic graphs that computes every
 * node's cheapest solution. A solution prints as an indented tree that
 * ar_andor_verify reads back and checks step by step against the domain. */
#ifndef ARIADNE_ANDOR_H
#define ARIADNE_ANDOR_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "ariadne/error.h"
#include "ariadne/param.h"
#include "ariadne/search.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ar_andor_problem ar_andor_problem; /* defined by each domain */

struct ar_bench_suite; /* tool.h */
struct ar_andor_solution;

/* What a node is before any search: classify's answer. */
enum {
    AR_ANDOR_OPEN = 0,      /* reduce it by its connectors */
    AR_ANDOR_PRIMITIVE = 1, /* solved outright at a cost */
    AR_ANDOR_UNSOLVABLE = 2 /* cannot be solved */
};

/* Connectors and subproblems per node at most (a domain's bounds must fit). */
#define AR_ANDOR_MAX_ARITY 16

/* One way to reduce a node: `count` subproblems, all to be solved. */
typedef struct ar_andor_connector {
    uint32_t rule;  /* the reduction in the domain's code; format_rule names it */
    uint32_t cost;  /* what applying it costs on top of its subproblems (0 allowed) */
    unsigned count; /* its subproblems, 1..max_arity */
} ar_andor_connector;

/* An estimate of a node's cheapest solution cost, for AO*. */
typedef struct ar_andor_heuristic {
    const char *name;
    const char *summary;
    unsigned flags; /* AR_HEURISTIC_ADMISSIBLE (puzzle.h): never above the true cost */
    uint64_t (*estimate)(const ar_andor_problem *prob, const void *node);
} ar_andor_heuristic;

/* A small problem for `ariadne help NAME` and the conformance tests, which
 * solve it with every algorithm, check the printed tree and the cost. */
typedef struct ar_andor_example {
    const char *options;  /* "name=value ..." ("" for none) */
    const char *instance; /* the INSTANCE text, or NULL */
    uint64_t cost;        /* the cheapest solution's cost (0: not stated) */
    const char *note;     /* one line on what it shows */
} ar_andor_example;

typedef struct ar_andor_domain {
    const char *name;    /* (required) as typed on the command line */
    const char *summary; /* (required) one line for `ariadne list` */
    const char *help;    /* (required) instance syntax, reductions and costs */
    const ar_option_spec *options; /* {NULL}-terminated; may be NULL */

    /* (required) The problem from text (INSTANCE or -f FILE; NULL when none)
     * and options; AR_ERR_INPUT with one line naming what is wrong and where. */
    ar_status (*create)(const char *text, const ar_param *params, size_t param_count,
                        ar_andor_problem **out, ar_error *err);
    void (*destroy)(ar_andor_problem *prob);                               /* (required) */
    void (*describe)(const ar_andor_problem *prob, char *buf, size_t size); /* (required) */

    /* --- nodes --- */
    size_t (*node_size)(const ar_andor_problem *prob);        /* (required) */
    void (*root)(const ar_andor_problem *prob, void *node);    /* (required) */
    /* (required) AR_ANDOR_OPEN, AR_ANDOR_PRIMITIVE (*cost: what solving it
     * costs) or AR_ANDOR_UNSOLVABLE. */
    int (*classify)(const ar_andor_problem *prob, const void *node, uint64_t *cost);
    /* (required) Bounds on expand's output (connectors, and subproblems of one
     * connector, at most AR_ANDOR_MAX_ARITY). */
    unsigned (*max_connectors)(const ar_andor_problem *prob);
    unsigned (*max_arity)(const ar_andor_problem *prob);
    /* (required) The connectors of an open node, in the domain's order of
     * preference, into conns[]; subproblem j of connector i at
     * children + (i * max_arity + j) * node_size. Returns the count (0: the
     * node cannot be reduced, so it is unsolvable). */
    unsigned (*expand)(const ar_andor_problem *prob, const void *node, ar_andor_connector *conns,
                       void *children);
    /* (required) A node as one line, different for different nodes, without
     * two spaces in a row (the tree's annotations follow it after two). */
    void (*format_node)(const ar_andor_problem *prob, const void *node, char *buf, size_t size);
    /* (required) A connector's rule as words, e.g. "parts u=x", without two
     * spaces in a row. Two connectors of one node with the same text must
     * differ in their subproblems: the checker finds a step's connector by
     * its text and the subproblems listed under it. */
    void (*format_rule)(const ar_andor_problem *prob, const void *node, uint32_t rule, char *buf,
                        size_t size);

    /* --- solving --- */
    const ar_andor_heuristic *heuristics; /* {NULL}-terminated, first the default; NULL: 0 */
    /* What a solution means, for people and as an independent check: e.g.
     * the antiderivative it builds, differentiated back; the moves it spells,
     * replayed on the puzzle. Writes a malloc'd line into *text; returns
     * AR_ERR_UNSOLVABLE with the reason when the check fails. NULL: no answer
     * beyond the tree. */
    ar_status (*answer)(const ar_andor_problem *prob, const struct ar_andor_solution *sol,
                        char **text, ar_error *err);

    const ar_andor_example *examples;              /* {.note = NULL}-terminated */
    const struct ar_bench_suite *bench_suites;     /* {NULL}-terminated; may be NULL */
} ar_andor_domain;

/* The registry (src/reductions/reduction_registry.c, from reductions.def). */
const ar_andor_domain *const *ar_andor_domains(void);
const ar_andor_domain *ar_andor_domain_find(const char *name);

/* --- solutions --- */

/* One node of a solution: how it is solved. */
typedef struct ar_andor_step {
    uint64_t cost;      /* the cost of the solution below and including this node */
    uint32_t rule;      /* the connector's rule (count > 0) */
    uint32_t rule_cost; /* the connector's own cost; for a primitive, its cost */
    uint32_t first;     /* its subproblems: children[first .. first + count) */
    uint32_t count;     /* 0: a primitive node */
} ar_andor_step;

/* A solution graph: each distinct node once, the root first; a node shared
 * by several connectors appears once and is counted once per use in costs. */
typedef struct ar_andor_solution {
    size_t node_size;
    uint32_t count;
    unsigned char *nodes; /* count * node_size bytes */
    ar_andor_step *steps; /* count entries */
    uint32_t *children;   /* node indices */
    uint32_t child_count;
} ar_andor_solution;

static inline const void *ar_andor_solution_node(const ar_andor_solution *sol, uint32_t i)
{
    return sol->nodes + (size_t)i * sol->node_size;
}

typedef struct ar_andor_options {
    ar_search_options search; /* algorithm (NULL: "aostar"), heuristic, limits, progress */
    uint64_t futility;        /* AO*: give up once the root's estimate exceeds it (0: never) */
} ar_andor_options;

typedef struct ar_andor_result {
    /* outcome, stop, algorithm, heuristic, cost, optimal and its note, lower
     * bound, nodes expanded and generated, seconds, peak bytes (moves unused) */
    ar_result search;
    ar_andor_solution solution;
    uint64_t graph_nodes;     /* distinct nodes the search stored */
    uint64_t set_aside;       /* connectors that closed a cycle, left out */
} ar_andor_result;

typedef struct ar_andor_algorithm {
    const char *name;
    const char *summary;
} ar_andor_algorithm;

/* "aostar" and "andor-dfs", {NULL}-terminated. */
const ar_andor_algorithm *ar_andor_algorithms(void);

void ar_andor_options_init(ar_andor_options *opts);

/* Solves prob. AR_OK when res is meaningful (solved, no solution, stopped);
 * otherwise an error (unknown algorithm or heuristic). */
ar_status ar_andor_solve(const ar_andor_domain *d, ar_andor_problem *prob,
                         const ar_andor_options *opts, ar_andor_result *res, ar_error *err);
void ar_andor_result_free(ar_andor_result *res);

/* --- the tree people read and the checker reads back ---
 *
 * One line per node, indented two spaces per level below the root:
 *     NODE  <= RULE  (cost C)        reduced by RULE; its subproblems follow,
 *                                    one level deeper, in the rule's order
 *     NODE  (primitive, cost C)      solved outright
 *     NODE  (as above, cost C)       a node already shown, solved the same way
 * C is the cost of the node's solution. Blank lines and lines starting with
 * '#' are ignored. */
ar_status ar_andor_print_tree(FILE *out, const ar_andor_domain *d, const ar_andor_problem *prob,
                              const ar_andor_solution *sol);
/* The same tree as one malloc'd string (NULL when out of memory). */
char *ar_andor_tree_text(const ar_andor_domain *d, const ar_andor_problem *prob,
                         const ar_andor_solution *sol);

typedef struct ar_andor_verdict {
    int solved;       /* every step a reduction of its node, every leaf primitive, costs right */
    uint64_t cost;    /* the root's cost as the steps add up */
    uint64_t lines;   /* nodes read */
    char why[320];    /* when not solved: the first line that fails and why */
} ar_andor_verdict;

/* Checks a tree against the problem from the root down: each line must be
 * the node its parent's step gives, each step one of the node's connectors
 * with exactly its subproblems, each leaf primitive, each stated cost the sum
 * below it. An unreadable line or a step that is not a reduction of its node
 * is AR_ERR_INPUT naming the line; a readable tree that does not solve the
 * problem (a leaf not primitive, a wrong cost) gives AR_OK with solved 0 and
 * the reason. */
ar_status ar_andor_verify(const ar_andor_domain *d, ar_andor_problem *prob, const char *tree,
                          ar_andor_verdict *verdict, ar_error *err);

#ifdef __cplusplus
}
#endif
#endif
