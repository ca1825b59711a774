/* timer.c — the monotonic clock behind time limits, rates and ETAs, and the
 * CPU-time clocks behind the games' per-move reports and the benchmarks. */
#include "ariadne/timer.h"

#include <time.h>

double ar_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double cpu_clock(clockid_t id)
{
    struct timespec ts;
    if (clock_gettime(id, &ts) != 0)
        return 0;
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double ar_thread_cpu_time(void)
{
#ifdef CLOCK_THREAD_CPUTIME_ID
    return cpu_clock(CLOCK_THREAD_CPUTIME_ID);
#else
    return 0;
#endif
}

double ar_process_cpu_time(void)
{
#ifdef CLOCK_PROCESS_CPUTIME_ID
    return cpu_clock(CLOCK_PROCESS_CPUTIME_ID);
#else
    return 0;
#endif
}
