/* strips_internal.h — what the files of the strips folder share: the
 * descriptor (strips.c) and the benchmark suite (strips_bench.c). */
#ifndef ARIADNE_STRIPS_INTERNAL_H
#define ARIADNE_STRIPS_INTERNAL_H

#include "ariadne/puzzle.h"
#include "ariadne/search.h"

extern const ar_puzzle ar_domain_strips;

/* `ariadne bench mea`. */
int ar_strips_bench_mea(int quick);

#endif
