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
#include "ariadne/vec.h"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

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

/* Running a suite. Most suites do not look at Ctrl-C between their rows
 * (each row is a solve or a match run to its end), so the suite runs in a
 * child process writing its Markdown into a pipe, and this process passes
 * on whole lines as they come (or keeps them for --json). On Ctrl-C it
 * passes on nothing more (a row the interrupted work finished would be
 * wrong), gives the suite a moment to stop by itself, ends it, and says
 * that the rows shown were finished before the interrupt: exit 3 within a
 * fraction of a second, however long the suite's current row would have
 * taken. Databases the suites cache are written under a temporary name
 * and renamed when whole, so none is left half-written. */

#define GRACE_SECONDS 0.3

typedef struct captured {
    AR_VEC(char) text;  /* what the suite wrote, NUL-terminated (the NUL not in len) */
    size_t shown;       /* bytes up to the last whole line passed on */
} captured;

static void capture_add(captured *c, const char *buf, size_t n)
{
    ar_vec_reserve(c->text, c->text.len + n + 1);
    memcpy(c->text.data + c->text.len, buf, n);
    c->text.len += n;
    c->text.data[c->text.len] = '\0';
}

/* Passes on the whole lines not yet shown (all of it at the end). */
static void pass_lines(captured *c, int json, int all)
{
    size_t end = c->text.len;
    if (!all)
        while (end > c->shown && c->text.data[end - 1] != '\n')
            end--;
    if (!json && end > c->shown) {
        fwrite(c->text.data + c->shown, 1, end - c->shown, stdout);
        fflush(stdout);
    }
    c->shown = end;
}

static int run_suite(const ar_bench_suite *s, int quick, int json)
{
    static const char note[] = "\ninterrupted (Ctrl-C): the rows above were finished before it; the rest was not "
                               "measured\n";
    captured c;
    int fds[2], status = 0, rc, interrupted = 0, ended = 0;
    double interrupted_at = 0;
    pid_t child;
    fflush(stdout);
    fflush(stderr);
    if (pipe(fds) != 0 || (child = fork()) < 0)
        return ar_tool_error(AR_EXIT_BAD_INPUT, "bench: cannot start the suite: %s", strerror(errno));
    if (child == 0) {
#ifdef __linux__
        prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
        close(fds[0]);
        dup2(fds[1], STDOUT_FILENO);
        close(fds[1]);
        setvbuf(stdout, NULL, _IOLBF, 0);
        ar_tool_install_sigint();
        rc = s->run(quick);
        fflush(stdout);
        _exit(rc);
    }
    close(fds[1]);
    ar_vec_init(c.text);
    c.shown = 0;
    capture_add(&c, "", 0); /* text.data is a string from the start */
    ar_tool_install_sigint();
    while (!ended) {
        struct pollfd p = {.fd = fds[0], .events = POLLIN};
        char buf[4096];
        ssize_t n;
        if (ar_tool_interrupted && !interrupted) {
            interrupted = 1;
            interrupted_at = ar_now();
            kill(child, SIGINT); /* sent by a terminal to both; by `kill` to this process only */
        }
        if (interrupted && ar_now() - interrupted_at > GRACE_SECONDS) {
            kill(child, SIGKILL);
            break;
        }
        if (poll(&p, 1, 20) <= 0)
            continue;
        n = read(fds[0], buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            ended = 1;
            break;
        }
        if (!interrupted) {
            capture_add(&c, buf, (size_t)n);
            pass_lines(&c, json, 0);
        }
    }
    close(fds[0]);
    while (waitpid(child, &status, 0) < 0 && errno == EINTR)
        ;
    if (interrupted) {
        c.text.len = c.shown; /* the whole lines before the interrupt */
        capture_add(&c, note, sizeof note - 1);
        rc = AR_EXIT_LIMIT;
    } else if (WIFEXITED(status)) {
        rc = WEXITSTATUS(status);
    } else { /* a crash: say so after what it printed */
        pass_lines(&c, json, 1);
        fprintf(stderr, "ariadne: bench %s: the suite was ended by signal %d\n", s->name,
                WIFSIGNALED(status) ? WTERMSIG(status) : 0);
        ar_vec_free(c.text);
        return AR_EXIT_NO_SOLUTION;
    }
    if (json)
        markdown_to_json(s->name, quick, rc, c.text.data);
    else
        pass_lines(&c, 0, 1);
    ar_vec_free(c.text);
    return rc;
}

int verb_bench(int argc, char **argv)
{
    int quick = 0, rc;
    const ar_bench_suite *s;
    const ar_opt opts[] = {{.name = "quick", .kind = AR_OPT_FLAG, .dest = &quick}, {.name = NULL}};
    ar_tool_cmd cmd = {.name = "bench", .help_topic = "bench", .common = AR_COMMON_JSON | AR_COMMON_QUIET,
                       .options = opts, .max_args = 1, .args_usage = "a SUITE"};
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
    return run_suite(s, quick, cmd.json);
}
