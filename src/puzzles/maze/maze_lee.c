/* maze_lee.c — Lee's wave algorithm (the notes' "wave": breadth-first
 * labelling of every square with its fewest moves from the start, the path
 * traced back from the goal by falling numbers), as the `lee` solver, the
 * `maze-waves` verb that prints the numbers, and the `maze` benchmark suite
 * that sets the wave beside A* and Dijkstra (the generic algorithms) on
 * random boards. */
#include "maze_internal.h"
#include "ariadne/run.h"
#include "ariadne/timer.h"
#include "ariadne/tool.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The path from the start to the goal by falling wave numbers: from the goal,
 * step to any square labelled one less from which the piece reaches the
 * current square (the pieces' moves are symmetric, so the squares it reaches
 * from here). moves[] receives the moves from the start, in order. */
static void trace_back(const ar_instance *in, const int32_t *wave, ar_move *path)
{
    ar_move moves[2 * MAZE_MAX_SIDE];
    uint32_t at = in->goal;
    int32_t w = wave[at];
    while (w > 0) {
        unsigned k, n = ar_maze_moves_from(in, at, moves);
        for (k = 0; k < n && wave[MAZE_CELL(moves[k])] != w - 1; k++)
            ;
        path[w - 1] = MAZE_MOVE(at, in->weight[at]);
        at = MAZE_CELL(moves[k]);
        w--;
    }
}

ar_status ar_maze_lee_solve(ar_instance *in, const ar_search_options *opts, const ar_move_sink *sink,
                            ar_result *result, ar_error *err)
{
    ar_run run;
    uint64_t labelled, cost = 0, k;
    int32_t *wave;
    ar_move *path;
    int weighted = 0;
    ar_status st = AR_OK;
    (void)sink;
    ar_run_begin(&run, opts, result);
    run.unit = "squares";
    if (ar_run_check_now(&run)) {
        ar_run_finish(&run);
        return AR_OK;
    }
    if (!(wave = ar_maze_wave(in, 1, &labelled)))
        return ar_error_set(err, AR_ERR_MEMORY, "lee: out of memory for the wave of %ux%u squares", in->rows,
                            in->cols);
    result->expanded = result->generated = labelled;
    if (wave[in->goal] < 0) {
        result->outcome = AR_OUTCOME_NO_SOLUTION;
        snprintf(result->note, sizeof result->note, "the wave covered %" PRIu64 " squares without reaching the goal",
                 labelled);
    } else if (!(path = malloc(sizeof *path * ((size_t)wave[in->goal] + 1)))) {
        st = ar_error_set(err, AR_ERR_MEMORY, "lee: out of memory for the path");
    } else {
        trace_back(in, wave, path);
        for (k = 0; k < (uint64_t)wave[in->goal]; k++)
            cost += MAZE_WEIGHT(path[k]);
        for (k = 0; k < (uint64_t)in->rows * in->cols; k++)
            weighted |= in->weight[k] > 1;
        st = ar_run_set_solution(&run, path, (uint64_t)wave[in->goal], cost, err);
        free(path);
        result->optimal = !weighted;
        result->lower_bound = weighted ? (uint64_t)wave[in->goal] * in->min_weight : cost;
        result->has_lower_bound = 1;
        snprintf(result->note, sizeof result->note, "%s",
                 weighted ? "fewest moves (the wave counts moves); the board has weights, so the cheapest path "
                            "may differ: use --algo astar or ucs"
                          : "optimal: proven by the wave (breadth-first, every move costs 1)");
    }
    free(wave);
    ar_run_finish(&run);
    return st;
}

/* --- ariadne maze-waves --------------------------------------------------- */

int ar_maze_waves_tool(int argc, char **argv)
{
    const char *file = NULL, *board = NULL, *piece = NULL;
    const ar_opt opts[] = {{.name = "f", .kind = AR_OPT_TEXT, .dest = &file, .metavar = "FILE"},
                           {.name = "piece", .kind = AR_OPT_TEXT, .dest = &piece, .metavar = "PIECE"},
                           {.name = NULL}};
    ar_tool_cmd cmd = {.name = "maze-waves", .help_topic = "maze-waves", .common = AR_COMMON_OUTPUT,
                       .options = opts, .max_args = 1, .args_usage = "a board"};
    char *text = NULL, why[256];
    const char *t;
    ar_param params[1];
    size_t nparams = 0;
    ar_instance *in;
    ar_error err;
    uint64_t labelled, r, c;
    int32_t *wave, max = 0;
    ar_move *path = NULL;
    int i, width, status;
    if ((status = ar_tool_parse(&cmd, argc, argv, 1)) != 0)
        return status;
    board = cmd.nargs ? cmd.args[0] : NULL;
    if (file && board)
        return ar_tool_fail("maze-waves: give a board or -f FILE, not both");
    if (!file && !board)
        return ar_tool_fail("maze-waves: which board? (a board as an argument, or -f FILE)");
    if (file && !(text = ar_read_file(file, why, sizeof why)))
        return ar_tool_fail("maze-waves: %s", why);
    for (t = text ? text : board; *t == ' ' || *t == '\t' || *t == '\n' || *t == '\r'; t++)
        ;
    if (!*t) {
        free(text);
        return ar_tool_fail("maze-waves: %s: empty board", file ? file : "the argument");
    }
    if (piece)
        params[nparams++] = (ar_param){"piece", piece};
    if (ar_maze_create(text ? text : board, params, nparams, &in, &err) != AR_OK) {
        free(text);
        return ar_tool_fail("maze-waves: %s", err.message);
    }
    free(text);
    if (!(wave = ar_maze_wave(in, 0, &labelled))) {
        ar_maze_destroy(in);
        return ar_tool_fail("maze-waves: out of memory");
    }
    for (r = 0; r < (uint64_t)in->rows * in->cols; r++)
        max = wave[r] > max ? wave[r] : max;
    if (wave[in->goal] >= 0 && !(path = malloc(sizeof *path * ((size_t)wave[in->goal] + 1)))) {
        free(wave);
        ar_maze_destroy(in);
        return ar_tool_fail("maze-waves: out of memory");
    }
    if (path)
        trace_back(in, wave, path);
    if (cmd.json) { /* the wave as rows of numbers (-1 unreached, null a wall) and the path */
        printf("{\"piece\":\"%s\",\"rows\":%u,\"cols\":%u,\"labelled\":%" PRIu64 ",\"waves\":[",
               ar_maze_piece_name(in->piece), in->rows, in->cols, labelled);
        for (r = 0; r < in->rows; r++) {
            printf("%s[", r ? "," : "");
            for (c = 0; c < in->cols; c++) {
                uint64_t k = r * in->cols + c;
                if (!in->weight[k])
                    printf("%snull", c ? "," : "");
                else
                    printf("%s%d", c ? "," : "", (int)wave[k]);
            }
            printf("]");
        }
        printf("],\"goal\":\"r%uc%u\",\"moves\":", in->goal / in->cols + 1, in->goal % in->cols + 1);
        if (path) {
            printf("%d,\"path\":\"", (int)wave[in->goal]);
            for (i = 0; i < wave[in->goal]; i++)
                printf("%sr%uc%u", i ? " " : "", MAZE_CELL(path[i]) / in->cols + 1, MAZE_CELL(path[i]) % in->cols + 1);
            printf("\"}\n");
        } else {
            printf("null,\"path\":null}\n");
        }
    } else {
        width = snprintf(NULL, 0, "%d", (int)max);
        for (r = 0; r < in->rows; r++) {
            for (c = 0; c < in->cols; c++) {
                uint64_t k = r * in->cols + c;
                if (!in->weight[k])
                    printf("%s%*s", c ? " " : "", width, "#");
                else if (wave[k] < 0)
                    printf("%s%*s", c ? " " : "", width, ".");
                else
                    printf("%s%*d", c ? " " : "", width, (int)wave[k]);
            }
            printf("\n");
        }
        if (path) {
            printf("goal r%uc%u reached in %d moves by the %s:", in->goal / in->cols + 1, in->goal % in->cols + 1,
                   (int)wave[in->goal], ar_maze_piece_name(in->piece));
            for (i = 0; i < wave[in->goal]; i++)
                printf(" r%uc%u", MAZE_CELL(path[i]) / in->cols + 1, MAZE_CELL(path[i]) % in->cols + 1);
            printf("\n");
        }
    }
    if (!path)
        fprintf(stderr, "ariadne: maze-waves: no path: the goal r%uc%u is unreachable (the wave covers %" PRIu64
                        " squares)\n", in->goal / in->cols + 1, in->goal % in->cols + 1, labelled);
    status = path ? AR_EXIT_OK : AR_EXIT_NO_SOLUTION;
    free(path);
    free(wave);
    ar_maze_destroy(in);
    return status;
}

/* --- ariadne bench maze ---------------------------------------------------- */

typedef struct run_row {
    double seconds;
    uint64_t expanded, cost, length;
    int optimal;
} run_row;

static int bench_one(ar_instance *in, const char *algo, const char *heuristic, run_row *row)
{
    ar_search_options opts;
    ar_result res;
    ar_error err;
    double t0 = ar_now();
    ar_search_options_init(&opts);
    opts.algorithm = algo;
    opts.heuristic = heuristic;
    opts.limits.interrupt = &ar_tool_interrupted;
    ar_result_init(&res);
    if (ar_solve(&ar_domain_maze, in, &opts, NULL, &res, &err) != AR_OK)
        return ar_tool_fail("bench maze: %s: %s", algo, err.message);
    row->seconds = ar_now() - t0;
    row->expanded = res.expanded;
    row->cost = res.cost;
    row->length = res.length;
    row->optimal = res.optimal;
    if (res.outcome != AR_OUTCOME_SOLVED) {
        ar_result_free(&res);
        return ar_tool_fail("bench maze: %s did not solve the board", algo);
    }
    {   /* replay, so a benchmark never reports an invalid path */
        char *moves = ar_puzzle_format_moves(&ar_domain_maze, in, res.moves, res.length);
        uint64_t len, cost;
        int solved = 0;
        ar_status st = moves ? ar_puzzle_replay(&ar_domain_maze, in, moves, &len, &cost, &solved, NULL, &err)
                             : AR_ERR_MEMORY;
        free(moves);
        ar_result_free(&res);
        if (st != AR_OK || !solved || cost != row->cost)
            return ar_tool_fail("bench maze: %s's path does not replay", algo);
    }
    return 0;
}

int ar_maze_bench(int quick)
{
    static const unsigned sides[] = {100, 300, 1000};
    static const char *const pieces[] = {"king", "walker", "knight"};
    unsigned s, pc, w, nsides = quick ? 1 : 3;
    printf("## maze: Lee's wave vs A* vs Dijkstra (random boards, 25%% obstacles, seed 1)\n\n");
    printf("| board | piece | weights | algorithm | cost | moves | expanded | seconds |\n");
    printf("|---|---|---|---|---:|---:|---:|---:|\n");
    for (s = 0; s < nsides; s++)
        for (pc = 0; pc < (quick ? 1u : 3u); pc++)
            for (w = 1; w <= 9; w += 8) {
                char rows[16], weights[4], *text;
                ar_param gp[5] = {{"rows", rows}, {"cols", rows}, {"weights", weights}, {"piece", pieces[pc]},
                                  {"density", "25"}};
                ar_instance *in;
                ar_error err;
                static const char *const algos[3][2] = {{"lee", NULL}, {"astar", "distance"}, {"ucs", NULL}};
                unsigned a;
                snprintf(rows, sizeof rows, "%u", sides[s]);
                snprintf(weights, sizeof weights, "%u", w);
                if (ar_domain_maze.generate(gp, 5, 1, &text, &err) != AR_OK ||
                    ar_maze_create(text, gp + 3, 1, &in, &err) != AR_OK)
                    return ar_tool_fail("bench maze: %s", err.message);
                free(text);
                for (a = 0; a < 3; a++) {
                    run_row row = {0};
                    if (bench_one(in, algos[a][0], algos[a][1], &row) != 0) {
                        ar_maze_destroy(in);
                        return AR_EXIT_BAD_INPUT;
                    }
                    printf("| %ux%u | %s | 1..%u | %s%s%s | %" PRIu64 "%s | %" PRIu64 " | %" PRIu64 " | %.3f |\n",
                           sides[s], sides[s], pieces[pc], w, algos[a][0], algos[a][1] ? " " : "",
                           algos[a][1] ? algos[a][1] : "", row.cost, row.optimal ? "" : " (not proven)",
                           row.length, row.expanded, row.seconds);
                    fflush(stdout);
                }
                ar_maze_destroy(in);
                if (ar_tool_interrupted)
                    return AR_EXIT_LIMIT;
            }
    printf("\n");
    return AR_EXIT_OK;
}
