/* progress.c — progress lines for long searches and table builds.
 *
 * For people at a terminal: one line rewritten in place ("\r" ... "\033[K")
 * with the count in human units, the rate, and when the total is known the
 * percentage and an estimated time to finish. For programs (--progress json):
 * one JSON object per line. The reporter only looks at the clock when asked
 * and prints at most once per interval, so a search can call
 * ar_progress_update() every few thousand nodes at no real cost. All state is
 * in the ar_progress the caller owns. */
#include "ariadne/progress.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "ariadne/timer.h"

#define DEFAULT_INTERVAL 0.25
/* Terminal lines are cut to this many columns so that "\r" can rewrite them:
 * a line that wraps can no longer be overwritten from its start. */
#define TTY_COLUMNS 79

void ar_progress_init(ar_progress *pr, FILE *stream, ar_progress_mode mode, const char *label)
{
    memset(pr, 0, sizeof *pr);
    pr->stream = stream;
    pr->tty = stream ? isatty(fileno(stream)) : 0;
    if (!stream)
        pr->enabled = 0;
    else if (mode == AR_PROGRESS_AUTO)
        pr->enabled = pr->tty;
    else
        pr->enabled = mode == AR_PROGRESS_TEXT || mode == AR_PROGRESS_JSON;
    pr->json = mode == AR_PROGRESS_JSON;
    pr->quiet = mode == AR_PROGRESS_OFF;
    pr->start = ar_now();
    pr->last_print = pr->start;
    pr->interval = DEFAULT_INTERVAL;
    snprintf(pr->label, sizeof pr->label, "%s", label ? label : "");
}

/* Appends printf-style text to buf (of size cap) at *len, never overflowing. */
static void append(char *buf, size_t cap, size_t *len, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

static void append(char *buf, size_t cap, size_t *len, const char *fmt, ...)
{
    va_list ap;
    int n;
    if (*len + 1 >= cap)
        return;
    va_start(ap, fmt);
    n = vsnprintf(buf + *len, cap - *len, fmt, ap);
    va_end(ap);
    if (n > 0)
        *len = (size_t)n >= cap - *len ? cap - 1 : *len + (size_t)n;
}

/* A count for people: 999, 12.3K, 4.57M ... (decimal units, as counts are). */
static void human_count(char *buf, size_t size, double v)
{
    static const char units[] = "KMGTPE";
    int u = -1;
    if (!isfinite(v) || v < 0) {
        snprintf(buf, size, "?");
        return;
    }
    /* Compare against the value that rounds up to the next unit so that
     * 999,960 prints as 1.0M rather than 1000.0K. */
    while (v >= 999.95 && u < 5) {
        v /= 1000.0;
        u++;
    }
    if (u < 0)
        snprintf(buf, size, "%.0f", v);
    else
        snprintf(buf, size, "%.1f%c", v, units[u]);
}

/* A duration for people: 45s, 3m07s, 2h05m, 3d04h. */
static void human_duration(char *buf, size_t size, double s)
{
    unsigned long t;
    if (!isfinite(s) || s < 0 || s > 1e9) {
        snprintf(buf, size, "?");
        return;
    }
    t = (unsigned long)(s + 0.5);
    if (t < 60)
        snprintf(buf, size, "%lus", t);
    else if (t < 3600)
        snprintf(buf, size, "%lum%02lus", t / 60, t % 60);
    else if (t < 86400)
        snprintf(buf, size, "%luh%02lum", t / 3600, t % 3600 / 60);
    else
        snprintf(buf, size, "%lud%02luh", t / 86400, t % 86400 / 3600);
}

/* Length of the valid UTF-8 sequence at s (1..4), or 0 if it is not one. */
static size_t utf8_length(const unsigned char *s)
{
    size_t n, i;
    unsigned c = s[0];
    unsigned long cp;
    if (c < 0x80)
        return 1;
    if (c >= 0xC2 && c <= 0xDF)
        n = 2, cp = c & 0x1Fu;
    else if (c >= 0xE0 && c <= 0xEF)
        n = 3, cp = c & 0x0Fu;
    else if (c >= 0xF0 && c <= 0xF4)
        n = 4, cp = c & 0x07u;
    else
        return 0;
    for (i = 1; i < n; i++) {
        if ((s[i] & 0xC0u) != 0x80u)
            return 0;
        cp = (cp << 6) | (s[i] & 0x3Fu);
    }
    /* Overlong forms, UTF-16 surrogates and values past U+10FFFF are invalid. */
    if ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) || cp > 0x10FFFF ||
        (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return n;
}

/* Appends text as a JSON string literal: quotes, backslashes and control
 * characters escaped, and bytes that are not UTF-8 replaced by U+FFFD, so the
 * line is valid JSON whatever a domain put in its detail text. */
static void append_json_string(char *buf, size_t cap, size_t *len, const char *text)
{
    const unsigned char *s = (const unsigned char *)(text ? text : "");
    append(buf, cap, len, "\"");
    while (*s) {
        size_t n = utf8_length(s);
        if (n == 0) {
            append(buf, cap, len, "\\ufffd");
            s++;
        } else if (n > 1) {
            append(buf, cap, len, "%.*s", (int)n, (const char *)s);
            s += n;
        } else {
            switch (*s) {
            case '"': append(buf, cap, len, "\\\""); break;
            case '\\': append(buf, cap, len, "\\\\"); break;
            case '\n': append(buf, cap, len, "\\n"); break;
            case '\r': append(buf, cap, len, "\\r"); break;
            case '\t': append(buf, cap, len, "\\t"); break;
            default:
                if (*s < 0x20 || *s == 0x7F)
                    append(buf, cap, len, "\\u%04x", (unsigned)*s);
                else
                    append(buf, cap, len, "%c", (char)*s);
            }
            s++;
        }
    }
    append(buf, cap, len, "\"");
}

/* Appends text for a terminal line: control characters (a newline in a
 * detail would break the in-place line) become spaces. */
static void append_plain(char *buf, size_t cap, size_t *len, const char *text)
{
    const unsigned char *s = (const unsigned char *)text;
    for (; *s; s++)
        append(buf, cap, len, "%c", (*s < 0x20 || *s == 0x7F) ? ' ' : (char)*s);
}

/* Cuts buf to at most `columns` characters without splitting a UTF-8
 * sequence (continuation bytes do not take a column). */
static void cut_columns(char *buf, size_t *len, size_t columns)
{
    size_t i, cols = 0;
    for (i = 0; i < *len; i++) {
        if (((unsigned char)buf[i] & 0xC0u) != 0x80u && ++cols > columns) {
            buf[i] = '\0';
            *len = i;
            return;
        }
    }
}

void ar_progress_update(ar_progress *pr, uint64_t done, uint64_t total, const char *unit,
                        const char *detail)
{
    char line[1024], n1[32], n2[32], n3[32];
    size_t len = 0;
    double now, elapsed, rate, eta = -1.0;
    if (!pr || !pr->enabled || !pr->stream)
        return;
    now = ar_now();
    if (now - pr->last_print < pr->interval)
        return;
    pr->last_print = now;
    elapsed = now - pr->start;
    rate = elapsed > 0 ? (double)done / elapsed : 0.0;
    if (total > 0) {
        if (done >= total)
            eta = 0.0;
        else if (rate > 0)
            eta = (double)(total - done) / rate;
    }
    line[0] = '\0';

    if (pr->json) {
        append(line, sizeof line, &len, "{\"progress\":");
        append_json_string(line, sizeof line, &len, pr->label);
        append(line, sizeof line, &len, ",\"done\":%llu,\"total\":%llu,\"unit\":",
               (unsigned long long)done, (unsigned long long)total);
        append_json_string(line, sizeof line, &len, unit);
        append(line, sizeof line, &len, ",\"rate\":%.1f,", rate);
        if (eta >= 0 && isfinite(eta))
            append(line, sizeof line, &len, "\"eta\":%.1f,", eta);
        else
            append(line, sizeof line, &len, "\"eta\":null,");
        append(line, sizeof line, &len, "\"elapsed\":%.3f,\"detail\":", elapsed);
        append_json_string(line, sizeof line, &len, detail);
        /* A detail long enough to fill the buffer would leave the object
         * unterminated; finishing it here keeps every line parseable. */
        if (len + 2 >= sizeof line) {
            len = 0;
            append(line, sizeof line, &len,
                   "{\"progress\":\"\",\"done\":%llu,\"total\":%llu,\"rate\":%.1f,"
                   "\"elapsed\":%.3f,\"detail\":\"(too long)\"}",
                   (unsigned long long)done, (unsigned long long)total, rate, elapsed);
        } else {
            append(line, sizeof line, &len, "}");
        }
        fprintf(pr->stream, "%s\n", line);
        fflush(pr->stream);
        return;
    }

    human_duration(n3, sizeof n3, elapsed);
    if (pr->label[0]) {
        append_plain(line, sizeof line, &len, pr->label);
        append(line, sizeof line, &len, " ");
    }
    human_count(n1, sizeof n1, (double)done);
    append(line, sizeof line, &len, "[%s]: %s", n3, n1);
    if (unit && *unit) {
        append(line, sizeof line, &len, " ");
        append_plain(line, sizeof line, &len, unit);
    }
    human_count(n1, sizeof n1, rate);
    append(line, sizeof line, &len, "  %s/s", n1);
    if (total > 0) {
        human_count(n2, sizeof n2, (double)total);
        append(line, sizeof line, &len, "  %.1f%% of %s", 100.0 * (double)done / (double)total,
               n2);
        if (eta >= 0) {
            human_duration(n1, sizeof n1, eta);
            append(line, sizeof line, &len, "  ETA %s", n1);
        }
    }
    if (detail && *detail) {
        append(line, sizeof line, &len, "  ");
        append_plain(line, sizeof line, &len, detail);
    }
    if (pr->tty) {
        cut_columns(line, &len, TTY_COLUMNS);
        fprintf(pr->stream, "\r%s\033[K", line);
        pr->printed = 1;
    } else {
        fprintf(pr->stream, "%s\n", line);
    }
    fflush(pr->stream);
}

void ar_progress_note(ar_progress *pr, const char *fmt, ...)
{
    va_list ap;
    if (!pr || !pr->stream || pr->quiet)
        return;
    ar_progress_finish(pr);
    fputs("ariadne: ", pr->stream);
    va_start(ap, fmt);
    vfprintf(pr->stream, fmt, ap);
    va_end(ap);
    fputc('\n', pr->stream);
    fflush(pr->stream);
}

void ar_progress_finish(ar_progress *pr)
{
    if (!pr || !pr->stream)
        return;
    if (pr->enabled && !pr->json && pr->tty && pr->printed) {
        fputs("\r\033[K", pr->stream);
        fflush(pr->stream);
    }
    pr->printed = 0;
}
