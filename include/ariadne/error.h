/* ariadne/error.h — status codes and the error struct every fallible call fills in.
 *
 * The library never prints and never exits: a function that can fail returns an
 * ar_status and, when it fails, writes one human-readable line into an ar_error
 * that the caller owns. The CLI turns the status into an exit code. */
#ifndef ARIADNE_ERROR_H
#define ARIADNE_ERROR_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum ar_status {
    AR_OK = 0,
    AR_ERR_INPUT,       /* malformed instance, option or move text (exit 2) */
    AR_ERR_UNSOLVABLE,  /* the instance provably has no solution (exit 1) */
    AR_ERR_MEMORY,      /* an allocation would exceed the memory limit or failed */
    AR_ERR_LIMIT,       /* a time/node limit or an interrupt stopped the work */
    AR_ERR_IO,          /* reading or writing a file failed */
    AR_ERR_UNSUPPORTED, /* the domain or algorithm cannot do what was asked */
    AR_ERR_INTERNAL     /* a bug: an invariant did not hold */
} ar_status;

#define AR_ERROR_MESSAGE_MAX 512

typedef struct ar_error {
    ar_status status;
    char message[AR_ERROR_MESSAGE_MAX];
} ar_error;

/* Records status and a printf-style message in err (which may be NULL) and
 * returns status, so a failing path can be written `return ar_error_set(...)`. */
ar_status ar_error_set(ar_error *err, ar_status status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Clears err to AR_OK with an empty message. */
void ar_error_clear(ar_error *err);

/* A short name for a status ("bad input", "out of memory", ...). */
const char *ar_status_name(ar_status status);

#ifdef __cplusplus
}
#endif
#endif
