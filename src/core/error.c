/* error.c — filling in ar_error; the library's only way of telling what went wrong. */
#include "ariadne/error.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

ar_status ar_error_set(ar_error *err, ar_status status, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        err->status = status;
        va_start(ap, fmt);
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
    }
    return status;
}

void ar_error_clear(ar_error *err)
{
    if (err) {
        err->status = AR_OK;
        err->message[0] = '\0';
    }
}

const char *ar_status_name(ar_status status)
{
    switch (status) {
    case AR_OK: return "ok";
    case AR_ERR_INPUT: return "bad input";
    case AR_ERR_UNSOLVABLE: return "unsolvable";
    case AR_ERR_MEMORY: return "out of memory";
    case AR_ERR_LIMIT: return "limit reached";
    case AR_ERR_IO: return "i/o error";
    case AR_ERR_UNSUPPORTED: return "unsupported";
    case AR_ERR_INTERNAL: return "internal error";
    }
    return "unknown error";
}
