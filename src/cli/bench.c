/* bench.c — `ariadne bench [SUITE] [--quick]`: lists the benchmark suites
 * (the puzzles' and games' own, declared in their descriptors, and the
 * generic ones of bench_suites.def) and runs one. Suites print Markdown
 * tables; speed is reported there, never asserted in tests, and the figures
 * quoted in BENCHMARKS.md come from these tables. */
#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/memory.h"
#include "ariadne/timer.h"

#include <unistd.h>

static void print_suite(const ar_bench_suite *s, void *ctx)
{
    fprintf((FILE *)ctx, "  %-12s %s\n", s->name, s->summary);
}

static void list_suites(FILE *out)
{
    fputs("Suites:\n", out);
    cli_each_bench_suite(print_suite, out);
}

/* Whether cell is a number as JSON writes one: -?(0|[1-9]d*)(.d+)?([eE][+-]?d+)? */
static int json_number(const char *c)
{
    if (*c == '-')
        c++;
    if (*c == '0')
        c++;
    else if (isdigit((unsigned char)*c))
        while (isdigit((unsigned char)*c))
            c++;
    else
        return 0;
    if (*c == '.') {
        if (!isdigit((unsigned char)*++c))
            return 0;
        while (isdigit((unsigned char)*c))
            c++;
    }
    if (*c == 'e' || *c == 'E') {
        c++;
        if (*c == '+' || *c == '-')
            c++;
        if (!isdigit((unsigned char)*c))
            return 0;
        while (isdigit((unsigned char)*c))
            c++;
    }
    return *c == '\0';
}

/* A cell as a JSON value: a plain number stays a number, anything else is
 * a string. */
static void json_cell(const char *cell)
{
    if (json_number(cell))
        fputs(cell, stdout);
    else
        ar_json_string(stdout, cell);
}

/* Splits a Markdown table row "| a | b |" into trimmed cells (in place). */
static int split_row(char *line, char **cells, int max)
{
    int n = 0;
    char *p = line + 1;
    while (*p && n < max) {
        char *bar = strchr(p, '|'), *a = p, *b;
        if (!bar)
            break;
        *bar = '\0';
        while (*a == ' ')
            a++;
        b = a + strlen(a);
        while (b > a && b[-1] == ' ')
            *--b = '\0';
        cells[n++] = a;
        p = bar + 1;
    }
    return n;
}

/* Writing the suite's Markdown as JSON: sections (a heading, its lines of
 * text, its tables), opened and closed as the lines come. */
typedef struct md_writer {
    int sections;             /* sections written */
    int in_section, in_text, in_tables, in_table;
    int first_text, first_table, first_row;
    char *cols[64];
    int ncols;
} md_writer;

static void md_close_table(md_writer *w)
{
    int k;
    if (!w->in_table)
        return;
    printf("]}");
    for (k = 0; k < w->ncols; k++)
        free(w->cols[k]);
    w->in_table = 0, w->ncols = 0;
}

static void md_close_section(md_writer *w)
{
    if (!w->in_section)
        return;
    md_close_table(w);
    printf(w->in_text ? "],\"tables\":[]}" : "]}");
    w->in_section = w->in_text = w->in_tables = 0;
}

static void md_open_section(md_writer *w, const char *heading)
{
    md_close_section(w);
    printf("%s{\"heading\":", w->sections++ ? "," : "");
    if (heading)
        ar_json_string(stdout, heading);
    else
        printf("null");
    printf(",\"text\":[");
    w->in_section = w->in_text = 1;
    w->first_text = 1;
}

/* The suite's Markdown (headings, text, tables) as one JSON object: the
 * same figures, for programs. */
static void markdown_to_json(const char *suite, int quick, int status, char *md)
{
    char *line, *save = NULL, *cells[64];
    md_writer w;
    int k;
    memset(&w, 0, sizeof w);
    printf("{\"suite\":");
    ar_json_string(stdout, suite);
    printf(",\"quick\":%s,\"exit_status\":%d,\"sections\":[", quick ? "true" : "false", status);
    for (line = strtok_r(md, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        if (line[0] == '#') {
            const char *h = line + strspn(line, "#");
            md_open_section(&w, h + strspn(h, " "));
        } else if (line[0] == '|') {
            char copy[4096];
            int n;
            snprintf(copy, sizeof copy, "%s", line);
            if (!w.in_section)
                md_open_section(&w, NULL);
            if (w.in_text) {
                printf("],\"tables\":[");
                w.in_text = 0, w.in_tables = 1, w.first_table = 1;
            }
            if (!w.in_table) {
                w.ncols = split_row(copy, cells, 64);
                for (k = 0; k < w.ncols; k++)
                    w.cols[k] = strdup(cells[k]);
                printf("%s{\"columns\":[", w.first_table ? "" : ",");
                for (k = 0; k < w.ncols; k++) {
                    printf("%s", k ? "," : "");
                    ar_json_string(stdout, w.cols[k]);
                }
                printf("],\"rows\":[");
                w.in_table = 1, w.first_table = 0, w.first_row = 1;
            } else if (strspn(line, "|-: ") != strlen(line)) { /* not the separator row */
                n = split_row(copy, cells, 64);
                printf("%s{", w.first_row ? "" : ",");
                for (k = 0; k < n && k < w.ncols; k++) {
                    printf("%s", k ? "," : "");
                    ar_json_string(stdout, w.cols[k]);
                    printf(":");
                    json_cell(cells[k]);
                }
                printf("}");
                w.first_row = 0;
            }
        } else {
            md_close_table(&w);
            if (!w.in_section || w.in_tables) /* text after a table: a new untitled section */
                md_open_section(&w, NULL);
            printf("%s", w.first_text ? "" : ",");
            ar_json_string(stdout, line);
            w.first_text = 0;
        }
    }
    md_close_section(&w);
    printf("]}\n");
}

int verb_bench(int argc, char **argv)
{
    int quick = 0, rc, saved;
    const ar_bench_suite *s;
    const ar_opt opts[] = {{.name = "quick", .kind = AR_OPT_FLAG, .dest = &quick}, {.name = NULL}};
    ar_tool_cmd cmd = {.name = "bench", .help_topic = "bench", .common = AR_COMMON_JSON | AR_COMMON_QUIET,
                       .options = opts, .max_args = 1, .args_usage = "a SUITE"};
    FILE *tmp;
    char *md;
    long len;
    if ((rc = ar_tool_parse(&cmd, argc, argv, 1)) != 0)
        return rc;
    if (!cmd.nargs) {
        if (quick)
            return ar_tool_fail("bench: --quick needs a SUITE (`ariadne bench` lists them)");
        list_suites(stdout);
        return 0;
    }
    if (!(s = cli_bench_suite(cmd.args[0]))) {
        char q[64];
        return ar_tool_fail("bench: unknown suite '%s' (`ariadne bench` lists them)",
                            ar_tool_quote(cmd.args[0], 30, q, sizeof q));
    }
    ar_tool_install_sigint();
    if (!cmd.json)
        return s->run(quick);
    /* --json: the suite writes its Markdown to a file, read back as JSON */
    fflush(stdout);
    if (!(tmp = tmpfile()) || (saved = dup(STDOUT_FILENO)) < 0 || dup2(fileno(tmp), STDOUT_FILENO) < 0)
        return ar_tool_error(AR_EXIT_BAD_INPUT, "bench: cannot capture the suite's tables: %s", strerror(errno));
    rc = s->run(quick);
    fflush(stdout);
    dup2(saved, STDOUT_FILENO);
    close(saved);
    len = ftell(tmp);
    md = ar_xmalloc(len > 0 ? (size_t)len + 1 : 1);
    rewind(tmp);
    len = len > 0 ? (long)fread(md, 1, (size_t)len, tmp) : 0;
    md[len] = '\0';
    fclose(tmp);
    markdown_to_json(s->name, quick, rc, md);
    free(md);
    return rc;
}
