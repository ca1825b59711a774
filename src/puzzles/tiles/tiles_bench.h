/* tiles_bench.h — the benchmark suites of the sliding-tile puzzles:
 * korf100 and korf24 (declared by tiles.c) and loyd (declared by loyd.c,
 * which runs on the tiles solver). Each prints Markdown tables and returns an
 * exit status; quick selects the CI-sized run. */
#ifndef ARIADNE_TILES_BENCH_H
#define ARIADNE_TILES_BENCH_H

int ar_tiles_bench_korf100(int quick);
int ar_tiles_bench_korf24(int quick);
int ar_loyd_bench(int quick);

#endif
