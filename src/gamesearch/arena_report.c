/* arena_report.c — the results of a round robin as people and programs read
 * them (arena.h): a Markdown table of every pair with the Elo difference and
 * its 95% interval, and the Bradley–Terry ratings; or the same as one JSON
 * object. Shared by `ariadne match`, `bench games` and games' own match front
 * ends. */
#include "ariadne/arena.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "ariadne/memory.h"
#include "ariadne/tool.h"

static void fputs_nl(FILE *out, const char *s)
{
    fputs(s, out);
    fputc('\n', out);
}

static void fmt_elo(double x, char *buf, size_t size)
{
    if (isinf(x))
        snprintf(buf, size, "%sinf", x > 0 ? "+" : "-");
    else if (fabs(x) < 0.5)
        snprintf(buf, size, "0");
    else
        snprintf(buf, size, "%+.0f", x);
}

/* "+120 ± 47 [+75, +170]" — the ± is half the interval's width when finite. */
static void elo_text(const ar_elo *e, char *buf, size_t size)
{
    char d[24], lo[24], hi[24];
    fmt_elo(e->diff, d, sizeof d);
    fmt_elo(e->low, lo, sizeof lo);
    fmt_elo(e->high, hi, sizeof hi);
    if (isfinite(e->low) && isfinite(e->high))
        snprintf(buf, size, "%s ± %.0f [%s, %s]", d, (e->high - e->low) / 2, lo, hi);
    else
        snprintf(buf, size, "%s [%s, %s]", d, lo, hi);
}

void ar_match_print_table(FILE *out, const ar_match_table *t, const char *const *names, int json)
{
    unsigned i, j, n = t->bots;
    int first = 1;
    double *rating = ar_xcalloc(n, sizeof(double)), *error = ar_xcalloc(n, sizeof(double));
    if (!json) {
        fputs_nl(out, "| bot | opponent | games | wins | draws | losses | score | Elo difference ± 95% [interval] |");
        fputs_nl(out, "|---|---|---:|---:|---:|---:|---:|---|");
    } else {
        fprintf(out, "{\"pairs\": [");
    }
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++) {
            const ar_pair_result *r = &t->pairs[i * n + j];
            unsigned games = r->wins + r->draws + r->losses;
            ar_elo e;
            char et[96];
            if (i == j || !games || (n == 2 && i == 1))
                continue;
            ar_elo_from_results(r->wins, r->draws, r->losses, &e);
            elo_text(&e, et, sizeof et);
            if (!json) {
                fprintf(out, "| %s | %s | %u | %u | %u | %u | %.1f%% | %s |\n", names[i],
                       names[j], games, r->wins, r->draws, r->losses, 100 * e.score, et);
            } else {
                fprintf(out, "%s{\"bot\": ", first ? "" : ", ");
                first = 0;
                ar_json_string(out, names[i]);
                fprintf(out, ", \"opponent\": ");
                ar_json_string(out, names[j]);
                fprintf(out, ", \"wins\": %u, \"draws\": %u, \"losses\": %u, \"score\": %.4f, \"elo\": %.1f, "
                       "\"elo_low\": %.1f, \"elo_high\": %.1f}",
                       r->wins, r->draws, r->losses, e.score, isfinite(e.diff) ? e.diff : (e.diff > 0 ? 1e9 : -1e9),
                       isfinite(e.low) ? e.low : -1e9, isfinite(e.high) ? e.high : 1e9);
            }
        }
    if (json) {
        fprintf(out, "]");
    }
    ar_elo_ratings(t, rating, error);
    if (!json) {
        fprintf(out, "\nRatings (Bradley-Terry maximum likelihood, mean 0, ± 95%%):\n");
        fputs_nl(out, "| bot | Elo | ± 95% |");
        fputs_nl(out, "|---|---:|---:|");
        for (i = 0; i < n; i++) {
            char r[24];
            fmt_elo(rating[i], r, sizeof r);
            if (isfinite(rating[i]))
                fprintf(out, "| %s | %s | %.0f |\n", names[i], r, error[i]);
            else
                fprintf(out, "| %s | %s (%s every game) | |\n", names[i], r,
                       rating[i] > 0 ? "won or drew" : "lost");
        }
    } else {
        fprintf(out, ", \"ratings\": [");
        for (i = 0; i < n; i++) {
            fprintf(out, "%s{\"bot\": ", i ? ", " : "");
            ar_json_string(out, names[i]);
            fprintf(out, ", \"elo\": %.1f, \"error95\": %.1f}",
                   isfinite(rating[i]) ? rating[i] : (rating[i] > 0 ? 1e9 : -1e9), error[i]);
        }
        fprintf(out, "]}\n");
    }
    free(rating);
    free(error);
}

