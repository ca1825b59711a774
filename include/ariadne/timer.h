/* ariadne/timer.h — time in seconds, for limits and reports: the monotonic
 * wall clock, and the CPU time of the calling thread or of the process (what
 * a move or a benchmark cost while the machine was shared). */
#ifndef ARIADNE_TIMER_H
#define ARIADNE_TIMER_H

#ifdef __cplusplus
extern "C" {
#endif

/* Seconds since an arbitrary fixed point (CLOCK_MONOTONIC). */
double ar_now(void);

/* CPU seconds used so far by the calling thread, and by the whole process
 * (0 where the system cannot tell). Differences of two readings are the
 * CPU time in between. */
double ar_thread_cpu_time(void);
double ar_process_cpu_time(void);

#ifdef __cplusplus
}
#endif
#endif
