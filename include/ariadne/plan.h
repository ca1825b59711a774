/* ariadne/plan.h — planning tasks: operators with preconditions, add and
 * delete lists over ground atoms (the formalism of Fikes and Nilsson's
 * planner for the Shakey robot), read from a small text format and grounded.
 *
 * The text, one statement a line ('#' starts a comment):
 *
 *     operator push(?o, ?from, ?to)     an operator and its parameters
 *       pre  at(?o, ?from) robot-at(?from) large(?o)
 *       add  at(?o, ?to) robot-at(?to)
 *       del  at(?o, ?from) robot-at(?from)
 *     init at(desk, room1) robot-at(room2) large(desk)
 *     goal at(desk, room2)
 *     reduce at by push carry           a row of the difference table
 *     objects lamp                      constants used nowhere else
 *
 * An atom is NAME or NAME(ARG, ...), an argument a constant or a ?parameter.
 * pre/add/del lines belong to the operator above them and may repeat, as may
 * init and goal. Grounding gives each parameter every constant, distinct
 * parameters distinct constants, and keeps a ground operator only when its
 * static preconditions (atoms of predicates no operator adds or deletes) hold
 * initially. Applying an operator deletes, then adds. Each operator costs 1.
 *
 * The difference table (for means-ends analysis, mea.h) lists, most important
 * first, a predicate and the operators that reduce a difference in it; a
 * predicate without a row ranks after all rows (in order of first mention)
 * and is reduced by any operator that adds it.
 *
 * A state is a bitset over the task's fluent ground atoms; the generic
 * searches see a task through a puzzle domain that wraps it. */
#ifndef ARIADNE_PLAN_H
#define ARIADNE_PLAN_H

#include <stddef.h>
#include <stdint.h>
#include "ariadne/error.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ar_plan_task ar_plan_task;

#define AR_PLAN_MAX_PARAMS 6
#define AR_PLAN_MAX_ATOMS 4096       /* fluent ground atoms */
#define AR_PLAN_MAX_GROUND_OPS 200000

/* Reads and grounds a task; AR_ERR_INPUT with "line N: ..." on bad input. */
ar_status ar_plan_parse(const char *text, ar_plan_task **out, ar_error *err);
void ar_plan_free(ar_plan_task *t);

/* --- states --- */
size_t ar_plan_state_size(const ar_plan_task *t);
void ar_plan_initial(const ar_plan_task *t, void *state);
int ar_plan_is_goal(const ar_plan_task *t, const void *state);
/* The atoms true in state, space-separated. */
void ar_plan_format_state(const ar_plan_task *t, const void *state, char *buf, size_t size);
/* AR_ERR_UNSOLVABLE when a goal atom is static and false initially. */
ar_status ar_plan_check_goal(const ar_plan_task *t, ar_error *err);

/* --- ground operators --- */
unsigned ar_plan_op_count(const ar_plan_task *t);
int ar_plan_applicable(const ar_plan_task *t, unsigned op, const void *state);
void ar_plan_apply(const ar_plan_task *t, unsigned op, void *state);
/* The operators applicable in state (ops holds ar_plan_op_count entries). */
unsigned ar_plan_applicable_ops(const ar_plan_task *t, const void *state, uint32_t *ops);
/* "push(desk,room1,room2)". */
size_t ar_plan_format_op(const ar_plan_task *t, unsigned op, char *buf, size_t size);
/* The ground operator written text (len bytes; spaces after commas allowed),
 * or -1 with the reason in why. */
long ar_plan_find_op(const ar_plan_task *t, const char *text, size_t len, char *why, size_t why_size);

/* --- bounds on the remaining plan length --- */
/* Goal atoms not yet true (not a lower bound: one operator may add several). */
uint64_t ar_plan_goal_count(const ar_plan_task *t, const void *state);
/* h_max (Bonet and Geffner): the costliest goal atom, each atom costing the
 * cheapest operator that adds it plus its costliest precondition; a lower
 * bound (UINT64_MAX when some goal atom cannot be reached at all). */
uint64_t ar_plan_hmax(const ar_plan_task *t, const void *state);

/* Counts for descriptions: fluent atoms, operators as written. */
unsigned ar_plan_atom_count(const ar_plan_task *t);
unsigned ar_plan_schema_count(const ar_plan_task *t);

#ifdef __cplusplus
}
#endif
#endif
