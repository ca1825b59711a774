/* clock_gap.c — measures how long the machine can stop a busy thread.
 *
 * A loop that does nothing but read the wall clock (CLOCK_MONOTONIC) and the
 * thread's CPU clock for a number of seconds, and reports the longest step
 * between two reads of each. A program that keeps its time budget can still
 * be reported over it when the machine stalls it; on a virtual machine the
 * stall is counted as the thread's CPU time too, so neither clock tells it
 * from the program's own work. Run one copy alone, then one per core at once:
 *     cc -std=c11 -O2 -o clock_gap bench/clock_gap.c
 *     ./clock_gap 60;  (./clock_gap 60 & ./clock_gap 60 & wait)
 * (BENCHMARKS.md, Planet Wars: where the over-time turns come from). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double read_clock(clockid_t id)
{
    struct timespec t;
    clock_gettime(id, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    double seconds = argc > 1 ? atof(argv[1]) : 60;
    double start = read_clock(CLOCK_MONOTONIC), wall = start, cpu = read_clock(CLOCK_THREAD_CPUTIME_ID);
    double max_wall = 0, max_cpu = 0;
    long over_20ms = 0;
    if (!(seconds > 0 && seconds <= 3600)) {
        fprintf(stderr, "clock_gap: seconds '%s': expected 0 < S <= 3600\n", argv[1]);
        return 2;
    }
    while (wall - start < seconds) {
        double w = read_clock(CLOCK_MONOTONIC), c = read_clock(CLOCK_THREAD_CPUTIME_ID);
        if (w - wall > max_wall)
            max_wall = w - wall;
        if (c - cpu > max_cpu)
            max_cpu = c - cpu;
        over_20ms += w - wall > 0.02;
        wall = w, cpu = c;
    }
    printf("longest step: wall clock %.4f s, thread CPU clock %.4f s; steps over 20 ms: %ld\n", max_wall, max_cpu,
           over_20ms);
    return 0;
}
