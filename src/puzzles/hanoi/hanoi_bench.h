/* hanoi_bench.h — the benchmark suites of Towers of Hanoi, declared in its
 * descriptor (hanoi.c): hanoi (hanoi_bench_solve.c), hanoi-fs, hanoi-bfs and
 * hanoi-pdb (hanoi_bench.c). Each prints Markdown tables and returns an exit
 * status; quick selects the CI-sized run. */
#ifndef ARIADNE_HANOI_BENCH_H
#define ARIADNE_HANOI_BENCH_H

int ar_hanoi_bench_solve(int quick);
int ar_hanoi_bench_fs(int quick);
int ar_hanoi_bench_bfs(int quick);
int ar_hanoi_bench_pdb(int quick);

#endif
