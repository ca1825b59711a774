/* loyd_bench.h — `ariadne bench loyd`, the benchmark suite that loyd.c
 * declares: the seed's Loyd's Dilemma squares with the anytime solver. */
#ifndef ARIADNE_LOYD_BENCH_H
#define ARIADNE_LOYD_BENCH_H

#include "ariadne/puzzle.h"

/* The domain's descriptor (loyd.c), which the suite solves with. */
extern const ar_puzzle ar_domain_loyd;

/* Prints a Markdown table and returns an exit status; quick gives each
 * square 1 s instead of 60. */
int ar_loyd_bench(int quick);

#endif
