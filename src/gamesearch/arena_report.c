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

/* A JSON number, or null for an unbounded value (JSON has no infinity). */
static void json_number_or_null(FILE *out, double x)
{
    if (isfinite(x))
        fprintf(out, "%.1f", fabs(x) < 0.05 ? 0.0 : x); /* no "-0.0" */
    else
        fputs("null", out);
}

void ar_match_print_json_members(FILE *out, const ar_match_table *t, const char *const *names)
{
    unsigned i, j, n = t->bots;
    int first = 1;
    double *rating = ar_xcalloc(n ? n : 1, sizeof(double)), *error = ar_xcalloc(n ? n : 1, sizeof(double));
    fprintf(out, "\"games_played\": %u, \"interrupted\": %s, \"pairs\": [", t->games_played,
            t->interrupted ? "true" : "false");
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++) {
            const ar_pair_result *r = &t->pairs[i * n + j];
            unsigned games = r->wins + r->draws + r->losses;
            ar_elo e;
            if (i == j || !games || (n == 2 && i == 1))
                continue;
            ar_elo_from_results(r->wins, r->draws, r->losses, &e);
            fprintf(out, "%s{\"bot\": ", first ? "" : ", ");
            first = 0;
            ar_json_string(out, names[i]);
            fprintf(out, ", \"opponent\": ");
            ar_json_string(out, names[j]);
            fprintf(out, ", \"games\": %u, \"wins\": %u, \"draws\": %u, \"losses\": %u, \"score\": %.4f, \"elo\": ",
                    games, r->wins, r->draws, r->losses, e.score);
            json_number_or_null(out, e.diff);
            fprintf(out, ", \"elo_low\": ");
            json_number_or_null(out, e.low);
            fprintf(out, ", \"elo_high\": ");
            json_number_or_null(out, e.high);
            fprintf(out, ", \"unbounded\": %s}",
                    isfinite(e.diff) ? "null" : e.diff > 0 ? "\"above: every game won\"" : "\"below: every game lost\"");
        }
    fprintf(out, "]");
    ar_elo_ratings(t, rating, error);
    fprintf(out, ", \"ratings\": [");
    for (i = 0; i < n; i++) {
        fprintf(out, "%s{\"bot\": ", i ? ", " : "");
        ar_json_string(out, names[i]);
        fprintf(out, ", \"elo\": ");
        json_number_or_null(out, rating[i]);
        fprintf(out, ", \"error95\": ");
        if (isfinite(rating[i]))
            fprintf(out, "%.1f", error[i]);
        else
            fputs("null", out);
        fprintf(out, ", \"unbounded\": %s}",
                isfinite(rating[i]) ? "null" : rating[i] > 0 ? "\"above: won or drew every game\""
                                                            : "\"below: lost every game\"");
    }
    fprintf(out, "]");
    free(rating);
    free(error);
}

void ar_match_print_table(FILE *out, const ar_match_table *t, const char *const *names, int json)
{
    unsigned i, j, n = t->bots;
    double *rating, *error;
    if (json) {
        fputc('{', out);
        ar_match_print_json_members(out, t, names);
        fputs("}\n", out);
        return;
    }
    rating = ar_xcalloc(n ? n : 1, sizeof(double)), error = ar_xcalloc(n ? n : 1, sizeof(double));
    fputs_nl(out, "| bot | opponent | games | wins | draws | losses | score | Elo difference ± 95% [interval] |");
    fputs_nl(out, "|---|---|---:|---:|---:|---:|---:|---|");
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
            fprintf(out, "| %s | %s | %u | %u | %u | %u | %.1f%% | %s |\n", names[i], names[j], games, r->wins,
                    r->draws, r->losses, 100 * e.score, et);
        }
    ar_elo_ratings(t, rating, error);
    fprintf(out, "\nRatings (Bradley-Terry maximum likelihood, mean 0, ± 95%%):\n");
    fputs_nl(out, "| bot | Elo | ± 95% |");
    fputs_nl(out, "|---|---:|---:|");
    for (i = 0; i < n; i++) {
        char r[24];
        fmt_elo(rating[i], r, sizeof r);
        if (isfinite(rating[i]))
            fprintf(out, "| %s | %s | %.0f |\n", names[i], r, error[i]);
        else
            fprintf(out, "| %s | %s (%s every game) | |\n", names[i], r, rating[i] > 0 ? "won or drew" : "lost");
    }
    free(rating);
    free(error);
}

