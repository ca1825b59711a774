/* strips_internal.h — what the files of the strips folder share: the
 * descriptor (strips.c), the benchmark suite (strips_bench.c) and the `mea`
 * verb that prints the analysis step by step (strips_tool.c). */
#ifndef ARIADNE_STRIPS_INTERNAL_H
#define ARIADNE_STRIPS_INTERNAL_H

#include "ariadne/puzzle.h"
#include "ariadne/search.h"

extern const ar_puzzle ar_domain_strips;

#include "ariadne/plan.h"

/* `ariadne bench mea`. */
int ar_strips_bench_mea(int quick);

/* An instance's task, the state it starts from, and --protect. */
const ar_plan_task *ar_strips_task(const ar_instance *in, const void **start, int *protect);

/* `ariadne mea`: the analysis step by step (strips_tool.c). */
int ar_strips_mea_tool(int argc, char **argv);

#endif
