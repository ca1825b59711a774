/* timer.c — the monotonic clock behind time limits, rates and ETAs. */
#include "ariadne/timer.h"

#include <time.h>

double ar_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
