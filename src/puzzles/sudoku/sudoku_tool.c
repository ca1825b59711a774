/* sudoku_tool.c — `ariadne count sudoku GRID` (the generic count verb's
 * front end) and the suite `ariadne bench sudoku`:
 *
 *   1. the published hardest puzzles (data/sudoku/hardest.txt, sources in
 *      data/README.md), each solved with its uniqueness proven, checked
 *      against the solution recorded from another program, and timed — the
 *      target is under a millisecond each — beside the constraint engine;
 *   2. 10,000 puzzles (--quick: 1,000) made by `ariadne generate sudoku`
 *      with seeds 1..N, solved by this solver and by Debian's qqwing
 *      (`qqwing --solve --one-line`) on the same file in the same run, the
 *      solutions compared line by line, with and without proving
 *      uniqueness (qqwing's --count-solutions), and the ratio of the times. */
#include "sudoku_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include "ariadne/search.h"
#include "ariadne/timer.h"
#include "ariadne/tool.h"

extern const ar_puzzle ar_domain_sudoku;

/* ---------------------------------------------------------------- count -- */

static int sudoku_count_tool(int argc, char **argv)
{
    const char *file = NULL;
    uint64_t limit = 0;
    const ar_opt opts[] = {{.name = "f", .kind = AR_OPT_TEXT, .dest = &file, .metavar = "FILE"},
                           {.name = "max", .kind = AR_OPT_UINT, .dest = &limit, .min = 1, .metavar = "N"},
                           {.name = NULL}};
    ar_tool_cmd cmd = {.name = "count sudoku", .help_topic = "sudoku",
                       .common = AR_COMMON_OUTPUT | AR_COMMON_TIME_LIMIT | AR_COMMON_NODE_LIMIT, .options = opts,
                       .max_args = 1, .args_usage = "GRID"};
    ar_search_options so;
    ar_result res;
    ar_run run;
    ar_error err;
    ar_instance *in = NULL;
    uint8_t cells[SUDOKU_MAX_CELLS];
    sudoku_stats st = {0, 0, 0};
    char *text = NULL, why[300], line[SUDOKU_MAX_CELLS + 1];
    uint64_t found;
    double t0;
    if (ar_tool_parse(&cmd, argc, argv, 2))
        return AR_EXIT_BAD_INPUT;
    if (file && cmd.nargs)
        return ar_tool_fail("count sudoku: give the grid either as an argument or with -f, not both");
    if (!file && !cmd.nargs)
        return ar_tool_fail("count sudoku: which grid? (ariadne count sudoku GRID, or -f FILE)");
    if (file && !(text = ar_read_file(file, why, sizeof why)))
        return ar_tool_fail("%s", why);
    if (ar_domain_sudoku.create(file ? text : cmd.args[0], NULL, 0, &in, &err) != AR_OK) {
        free(text);
        return ar_tool_fail("%s: %s", file ? file : "count sudoku", err.message);
    }
    free(text);
    ar_tool_install_sigint();
    ar_search_options_init(&so);
    so.limits = cmd.limits;
    so.progress = &cmd.progress;
    ar_result_init(&res);
    ar_run_begin(&run, &so, &res);
    run.unit = "guesses";
    memcpy(cells, in->start, in->sh->cells);
    t0 = ar_now();
    found = ar_domain_sudoku.check_solvable(in, &err) == AR_OK ? ar_sudoku_solve(in->sh, cells, limit, &run, &st) : 0;
    ar_progress_finish(&cmd.progress);
    ar_sudoku_write(in->sh, cells, line);
    if (cmd.json) {
        printf("{\"puzzle\":\"sudoku\",\"size\":%u,\"clues\":%u,\"complete\":%s,\"stop_reason\":", in->sh->side,
               in->given, st.stopped ? "false" : "true");
        if (st.stopped)
            ar_json_string(stdout, ar_stop_reason_name(run.stop));
        else
            printf("null");
        printf(",\"solutions\":%" PRIu64 ",\"at_most\":%s,\"first\":", found, limit && found >= limit ? "true" : "false");
        if (found)
            ar_json_string(stdout, line);
        else
            printf("null");
        printf(",\"guesses\":%" PRIu64 ",\"seconds\":%.6f}\n", st.guesses, ar_now() - t0);
    } else if (st.stopped) {
        printf("stopped by %s: at least %" PRIu64 " solutions (%" PRIu64 " guesses, %.1f s)\n",
               ar_stop_reason_name(run.stop), found, st.guesses, ar_now() - t0);
    } else {
        printf("%s%" PRIu64 " solution%s%s (%" PRIu64 " guesses, %.3f s)\n", limit && found >= limit ? "at least " : "",
               found, found == 1 ? "" : "s", found == 1 ? ": unique" : "", st.guesses, ar_now() - t0);
        if (found)
            printf("first: %s\n", line);
    }
    ar_domain_sudoku.destroy(in);
    return st.stopped ? AR_EXIT_LIMIT : found ? AR_EXIT_OK : AR_EXIT_NO_SOLUTION;
}

const ar_tool ar_sudoku_tools[] = {
    {.name = "count",
     .usage = "ariadne count sudoku GRID|-f FILE [--max N] [--time-limit S] [--node-limit N] [--json] [--quiet]",
     .help = "Counts the solutions of a Sudoku grid (any size the puzzle reads), stopping at --max N\n"
             "when given (--max 2 tells unique from not). Exit 1 when there is none; --time-limit S,\n"
             "--node-limit N (guesses) and Ctrl-C stop with the count so far labelled as a lower bound\n"
             "(exit 3). A progress line goes to stderr on a terminal (--progress, --quiet); --json\n"
             "prints one object with the first solution.",
     .run = sudoku_count_tool},
    {.name = NULL}};

/* ---------------------------------------------------------------- bench -- */

/* The hardest puzzles: each solved (uniqueness proven), checked against the
 * recorded solution, timed as the best of `repeat` runs; the engine beside. */
static int bench_hardest(int quick)
{
    char path[512], *text, why[300], *line, *next;
    unsigned count = 0, bad = 0, repeat = quick ? 3 : 20;
    double worst = 0, total = 0, worst_csp = 0;
    if (ar_data_path("sudoku/hardest.txt", path, sizeof path) != 0)
        return ar_tool_fail("bench sudoku: data/sudoku/hardest.txt not found (looked in %s)", path);
    if (!(text = ar_read_file(path, why, sizeof why)))
        return ar_tool_fail("bench sudoku: %s", why);
    printf("| puzzle | clues | guesses | unique | matches recorded | best of %u (µs) | constraint engine (ms, decisions) |\n"
           "|---|---:|---:|---|---|---:|---:|\n", repeat);
    for (line = text; line && *line; line = next) {
        char grid[128], solution[128], name[160];
        uint8_t start[SUDOKU_MAX_CELLS], cells[SUDOKU_MAX_CELLS];
        unsigned box, k, clues = 0;
        uint64_t found = 0;
        double best = 1e9, t0, tcsp;
        sudoku_stats st = {0, 0, 0};
        ar_error err;
        ar_csp *m;
        ar_instance in;
        ar_csp_outcome out;
        ar_csp_stats cs;
        int32_t values[SUDOKU_MAX_CELLS];
        char got[SUDOKU_MAX_CELLS + 1];
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        if (!*line || *line == '#')
            continue;
        if (sscanf(line, "%127s %127s %159[^\n]", grid, solution, name) != 3 ||
            ar_sudoku_read(grid, start, &box, &err) != AR_OK || box != 3) {
            bad++;
            printf("| malformed line: %.40s | | | | | | |\n", line);
            continue;
        }
        for (k = 0; k < 81; k++)
            clues += start[k] != 0;
        for (k = 0; k < repeat; k++) {
            memcpy(cells, start, 81);
            memset(&st, 0, sizeof st);
            t0 = ar_now();
            found = ar_sudoku_solve(ar_sudoku_shape(3), cells, 2, NULL, &st);
            t0 = ar_now() - t0;
            best = t0 < best ? t0 : best;
        }
        ar_sudoku_write(ar_sudoku_shape(3), cells, got);
        memset(&in, 0, sizeof in);
        in.sh = ar_sudoku_shape(3);
        memcpy(in.start, start, 81);
        tcsp = ar_now();
        memset(&cs, 0, sizeof cs);
        if (ar_sudoku_model(&in, &m, &err) == AR_OK) {
            ar_csp_search(m, NULL, NULL, 1, NULL, NULL, values, &out, &cs, &err);
            ar_csp_destroy(m);
        }
        tcsp = ar_now() - tcsp;
        printf("| %s | %u | %" PRIu64 " | %s | %s | %.1f | %.2f, %" PRIu64 " |\n", name, clues, st.guesses,
               found == 1 ? "yes" : "NO", strcmp(got, solution) == 0 ? "yes" : "NO", best * 1e6, tcsp * 1e3,
               cs.decisions);
        bad += found != 1 || strcmp(got, solution) != 0;
        worst = best > worst ? best : worst, total += best, count++;
        worst_csp = tcsp > worst_csp ? tcsp : worst_csp;
    }
    free(text);
    printf("\n%u puzzles: the slowest in %.1f µs, %.1f µs on average (the target: under 1,000 µs each); the "
           "constraint engine's slowest %.2f ms.\n\n", count, worst * 1e6, count ? total / count * 1e6 : 0.0,
           worst_csp * 1e3);
    return bad ? AR_EXIT_NO_SOLUTION : AR_EXIT_OK;
}

/* Runs qqwing with stdin from `in` and stdout to `out`; its wall and CPU
 * seconds. Returns 0, or -1 when it could not run (not installed). */
static int run_qqwing(const char *in, const char *out, int count_solutions, double *wall, double *cpu)
{
    struct rusage before, after;
    pid_t pid;
    int status, fin, fout;
    double t0;
    getrusage(RUSAGE_CHILDREN, &before);
    fin = open(in, O_RDONLY);
    fout = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (fin < 0 || fout < 0) {
        if (fin >= 0)
            close(fin);
        if (fout >= 0)
            close(fout);
        return -1;
    }
    t0 = ar_now();
    pid = fork();
    if (pid == 0) {
        char *args[] = {"qqwing", "--solve", "--one-line", count_solutions ? "--count-solutions" : "--nostats", NULL};
        dup2(fin, 0);
        dup2(fout, 1);
        execvp("qqwing", args);
        _exit(127);
    }
    close(fin), close(fout);
    if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return -1;
    *wall = ar_now() - t0;
    getrusage(RUSAGE_CHILDREN, &after);
    *cpu = (double)(after.ru_utime.tv_sec - before.ru_utime.tv_sec) +
           (double)(after.ru_utime.tv_usec - before.ru_utime.tv_usec) / 1e6 +
           (double)(after.ru_stime.tv_sec - before.ru_stime.tv_sec) +
           (double)(after.ru_stime.tv_usec - before.ru_stime.tv_usec) / 1e6;
    return 0;
}

/* This solver on the same file, reading each line and writing each
 * solution as qqwing does (to `out`); the wall and CPU seconds. */
static int run_ours(const char *in, const char *out, uint64_t limit, double *wall, double *cpu, unsigned *unique)
{
    FILE *f = fopen(in, "r"), *o = fopen(out, "w");
    char line[256], sol[SUDOKU_MAX_CELLS + 2];
    double t0 = ar_now(), c0 = ar_process_cpu_time();
    *unique = 0;
    if (!f || !o) {
        if (f)
            fclose(f);
        if (o)
            fclose(o);
        return -1;
    }
    while (fgets(line, sizeof line, f)) {
        uint8_t cells[SUDOKU_MAX_CELLS];
        unsigned box;
        ar_error err;
        if (ar_sudoku_read(line, cells, &box, &err) != AR_OK)
            continue;
        *unique += ar_sudoku_solve(ar_sudoku_shape(box), cells, limit, NULL, NULL) == 1;
        ar_sudoku_write(ar_sudoku_shape(box), cells, sol);
        fputs(sol, o);
        fputc('\n', o);
    }
    fclose(f);
    fclose(o);
    *wall = ar_now() - t0, *cpu = ar_process_cpu_time() - c0;
    return 0;
}

/* Whether every line of ours is among qqwing's solution lines, in order. */
static unsigned same_solutions(const char *ours, const char *theirs, unsigned *compared)
{
    FILE *a = fopen(ours, "r"), *b = fopen(theirs, "r");
    char la[256], lb[256];
    unsigned differ = 0;
    *compared = 0;
    if (!a || !b) {
        if (a)
            fclose(a);
        if (b)
            fclose(b);
        return 1;
    }
    while (fgets(la, sizeof la, a)) {
        int got = 0;
        while (fgets(lb, sizeof lb, b))
            if (strlen(lb) >= 81 && lb[0] >= '1' && lb[0] <= '9') { /* a solution line */
                got = 1;
                break;
            }
        (*compared)++;
        differ += !got || strncmp(la, lb, 81) != 0;
    }
    fclose(a);
    fclose(b);
    return differ;
}

static int bench_against_qqwing(int quick)
{
    unsigned n = quick ? 1000 : 10000, k, unique = 0, compared = 0, differ;
    char dir[] = "/tmp/ariadne-sudoku-XXXXXX", puzzles[64], ours[64], theirs[64];
    double gen, w_ours, c_ours, w_q, c_q, w_ou, c_ou, w_qu, c_qu;
    FILE *f;
    char load[32];
    int have_qqwing;
    if (!mkdtemp(dir))
        return ar_tool_fail("bench sudoku: cannot make a temporary directory: %s", strerror(errno));
    snprintf(puzzles, sizeof puzzles, "%s/puzzles.txt", dir);
    snprintf(ours, sizeof ours, "%s/ours.txt", dir);
    snprintf(theirs, sizeof theirs, "%s/qqwing.txt", dir);
    gen = ar_now();
    if (!(f = fopen(puzzles, "w")))
        return ar_tool_fail("bench sudoku: cannot write %s", puzzles);
    for (k = 1; k <= n && !ar_tool_interrupted; k++) {
        char *text = NULL;
        ar_error err;
        if (ar_domain_sudoku.generate(NULL, 0, k, &text, &err) == AR_OK)
            fprintf(f, "%s\n", text);
        free(text);
    }
    fclose(f);
    gen = ar_now() - gen;
    if (ar_tool_interrupted)
        return AR_EXIT_LIMIT;
    ar_tool_load_average(load, sizeof load);
    printf("%u puzzles from `ariadne generate sudoku --seed S`, S = 1..%u (generated in %.1f s); load average %s.\n\n",
           n, n, gen, load);
    printf("| solver | task | wall (s) | CPU (s) | µs per puzzle (CPU) | ratio (qqwing / ariadne, CPU) |\n"
           "|---|---|---:|---:|---:|---:|\n");
    run_ours(puzzles, ours, 1, &w_ours, &c_ours, &unique);
    have_qqwing = run_qqwing(puzzles, theirs, 0, &w_q, &c_q) == 0;
    differ = have_qqwing ? same_solutions(ours, theirs, &compared) : 0;
    run_ours(puzzles, ours, 2, &w_ou, &c_ou, &unique);
    if (have_qqwing)
        have_qqwing = run_qqwing(puzzles, theirs, 1, &w_qu, &c_qu) == 0;
    printf("| ariadne (bitmask) | solve | %.3f | %.3f | %.1f | |\n", w_ours, c_ours, c_ours / n * 1e6);
    if (have_qqwing)
        printf("| qqwing 1.3.4 (Debian) | solve | %.3f | %.3f | %.1f | %.1f |\n", w_q, c_q, c_q / n * 1e6, c_q / c_ours);
    printf("| ariadne (bitmask) | solve and prove unique | %.3f | %.3f | %.1f | |\n", w_ou, c_ou, c_ou / n * 1e6);
    if (have_qqwing)
        printf("| qqwing 1.3.4 (Debian) | solve and count solutions | %.3f | %.3f | %.1f | %.1f |\n", w_qu, c_qu,
               c_qu / n * 1e6, c_qu / c_ou);
    printf("\n%u of %u proven unique by ariadne. ", unique, n);
    if (have_qqwing)
        printf("Solutions compared with qqwing's: %u of %u identical.\n\n", compared - differ, n);
    else
        printf("qqwing is not installed (apt-get install qqwing): no side-by-side figure.\n\n");
    remove(puzzles), remove(ours), remove(theirs), rmdir(dir);
    return differ || unique != n ? AR_EXIT_NO_SOLUTION : AR_EXIT_OK;
}

int ar_sudoku_bench(int quick)
{
    int a, b;
    char load[32];
    ar_tool_install_sigint();
    ar_tool_load_average(load, sizeof load);
    printf("## sudoku: the published hardest puzzles\n\nOne thread; load average %s.\n\n", load);
    a = bench_hardest(quick);
    printf("## sudoku: generated puzzles, side by side with qqwing\n\n");
    b = bench_against_qqwing(quick);
    return a != AR_EXIT_OK ? a : b;
}

const ar_bench_suite ar_sudoku_bench_suites[] = {
    {.name = "sudoku",
     .summary = "Sudoku: the hardest published puzzles (under 1 ms each) and 10,000 generated ones against qqwing",
     .run = ar_sudoku_bench},
    {.name = NULL}};
