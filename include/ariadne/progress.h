/* ariadne/progress.h — progress lines on stderr for long work.
 *
 * A reporter prints at most a few lines a second, only when its stream is a
 * terminal (or when forced, e.g. for --progress json), and never when quiet.
 * Searches call ar_progress_update() often; it is cheap when nothing is due. */
#ifndef ARIADNE_PROGRESS_H
#define ARIADNE_PROGRESS_H

#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum ar_progress_mode {
    AR_PROGRESS_AUTO,  /* text lines when the stream is a terminal, else nothing */
    AR_PROGRESS_OFF,   /* --quiet */
    AR_PROGRESS_TEXT,  /* always text (\r-updated line on a terminal) */
    AR_PROGRESS_JSON   /* one JSON object per line */
} ar_progress_mode;

typedef struct ar_progress {
    FILE *stream;
    int enabled;
    int json;
    int tty;
    double start;       /* ar_now() at ar_progress_init */
    double last_print;
    double interval;    /* seconds between lines */
    int printed;        /* something is on the current terminal line */
    int quiet;          /* AR_PROGRESS_OFF: not even notes */
    char label[48];
} ar_progress;

void ar_progress_init(ar_progress *pr, FILE *stream, ar_progress_mode mode, const char *label);
/* Reports `done` units (of `total` if known, else 0) with an extra detail
 * text (may be NULL); prints only when the interval has passed. */
void ar_progress_update(ar_progress *pr, uint64_t done, uint64_t total, const char *unit,
                        const char *detail);
/* A one-line note for the person waiting (what is being built, what could
 * not be cached), printed as "ariadne: note" on the stream whether or not it
 * is a terminal; nothing when quiet (and pr may be NULL). */
void ar_progress_note(ar_progress *pr, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Clears the terminal line so that results print cleanly. */
void ar_progress_finish(ar_progress *pr);

#ifdef __cplusplus
}
#endif
#endif
