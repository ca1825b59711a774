/* limits.c — the words every verb uses for a stop, and the default memory
 * limit (limits.h). */
#include "ariadne/limits.h"

#include "ariadne/memory.h"

const char *ar_stop_reason_name(ar_stop_reason reason)
{
    switch (reason) {
    case AR_STOP_NONE: return "none";
    case AR_STOP_TIME: return "time limit";
    case AR_STOP_MEMORY: return "memory limit";
    case AR_STOP_NODES: return "node limit";
    case AR_STOP_INTERRUPT: return "interrupt (Ctrl-C)";
    case AR_STOP_DEPTH: return "depth limit";
    case AR_STOP_BEAM: return "beam width (states were dropped)";
    case AR_STOP_BUDGET: return "the algorithm's budget (spent without a solution)";
    case AR_STOP_GAVE_UP: return "giving up (an incomplete method found nothing)";
    }
    return "unknown";
}

size_t ar_default_memory_limit(void)
{
    uint64_t half = ar_physical_memory() / 2, cap = (uint64_t)8 << 30; /* 64-bit: 8 GiB overflows a 32-bit size_t */
    return (size_t)(half < cap ? half : cap);
}
