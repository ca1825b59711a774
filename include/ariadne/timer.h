/* ariadne/timer.h — monotonic wall-clock time in seconds, for limits and reports. */
#ifndef ARIADNE_TIMER_H
#define ARIADNE_TIMER_H

#ifdef __cplusplus
extern "C" {
#endif

/* Seconds since an arbitrary fixed point (CLOCK_MONOTONIC). */
double ar_now(void);

#ifdef __cplusplus
}
#endif
#endif
