/* tiles_bench.h — the benchmark suites that tiles.c declares: korf100 and
 * korf24. Each prints Markdown tables and returns an exit status; quick
 * selects the CI-sized run. */
#ifndef ARIADNE_TILES_BENCH_H
#define ARIADNE_TILES_BENCH_H

#include "ariadne/puzzle.h"

/* The domain's descriptor (tiles.c), which the suites solve with. */
extern const ar_puzzle ar_domain_tiles;

int ar_tiles_bench_korf100(int quick);
int ar_tiles_bench_korf24(int quick);

#endif
