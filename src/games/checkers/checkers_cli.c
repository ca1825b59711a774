/* checkers_cli.c — checkers's own verbs (the table the descriptor lists):
 * `checkers-engine` (checkers_protocol.c), `checkers-pdn`, `checkers-db`
 * (checkers_dbtool.c), `checkers-learn` (checkers_learn.c), the front end
 * of `match checkers` (checkers_match.c), and `ariadne bench checkers`:
 * perft against the published counts, the engine's bench node count (CI
 * checks it) and speed, and the endgame databases' build. */
#include "ariadne/search.h"
#include "ariadne/timer.h"
#include "ariadne/tool.h"
#include "checkers_db.h"
#include "checkers_match.h"
#include "checkers_pdn.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ perft
 *
 * `ariadne perft checkers DEPTH [POSITION]`: the generic perft verb with
 * checkers's own generator (the descriptor's perft slot). Subtrees under 6
 * plies (some 40,000 leaves at most in practice) are counted by the fast
 * bulk-counting ar_checkers_perft; above, the stop flag is read at every
 * node, so a stop comes within milliseconds. */
typedef struct ck_perft {
    ck_board root;
    ck_move moves[CK_MAX_MOVES];
} ck_perft;

static uint64_t perft_stoppable(const ck_board *b, int depth, const volatile sig_atomic_t *stop)
{
    ck_move moves[CK_MAX_MOVES];
    unsigned n, i;
    uint64_t total = 0;
    if (depth < 6)
        return ar_checkers_perft(b, depth);
    n = ar_checkers_legal(b, moves);
    for (i = 0; i < n && !*stop; i++) {
        ck_board child = *b;
        ar_checkers_make(&child, &moves[i]);
        total += perft_stoppable(&child, depth - 1, stop);
    }
    return total;
}

static uint64_t perft_count_root(void *ctx, unsigned k, int depth, const volatile sig_atomic_t *stop)
{
    ck_perft *cp = ctx;
    ck_board child = cp->root;
    ar_checkers_make(&child, &cp->moves[k]);
    return perft_stoppable(&child, depth - 1, stop);
}

static void perft_format_root(void *ctx, unsigned k, char *buf, size_t size)
{
    ck_perft *cp = ctx;
    ar_checkers_move_text(&cp->moves[k], buf, size);
}

ar_status ar_checkers_perft_job(const ar_variant *v, const void *pos, ar_perft_job *job, ar_error *err)
{
    ck_perft *cp = ar_xmalloc(sizeof *cp);
    (void)v, (void)err;
    cp->root = ((const ar_checkers_pos *)pos)->b;
    job->root_moves = ar_checkers_legal(&cp->root, cp->moves);
    job->count_root = perft_count_root;
    job->format_root = perft_format_root;
    job->release = free;
    job->ctx = cp;
    return AR_OK;
}

/* ------------------------------------------------------------ checkers-pdn */

static int pdn_main(int argc, char **argv)
{
    int check_only = 0;
    const ar_opt opts[] = {{.name = "check", .kind = AR_OPT_FLAG, .dest = &check_only}, {.name = NULL}};
    ar_tool_cmd cmd = {.name = "checkers-pdn", .help_topic = "checkers-pdn", .common = AR_COMMON_JSON,
                       .options = opts, .min_args = 1, .max_args = 1, .args_usage = "FILE"};
    char why[300];
    char *text;
    size_t pos = 0;
    unsigned games = 0, moves = 0, results[4] = {0, 0, 0, 0};
    int rc = ar_tool_parse(&cmd, argc, argv, 1);
    const char *path;
    if (rc)
        return rc;
    path = cmd.args[0];
    if (cmd.json && !check_only)
        return ar_tool_fail("checkers-pdn: --json reports a check; give --check too");
    text = ar_read_file(path, why, sizeof why);
    if (!text)
        return ar_tool_fail("checkers-pdn: %s", why);
    for (;;) {
        ck_game g;
        ar_error err;
        ar_status st = ar_checkers_pdn_read(text, &pos, &g, &err);
        if (st == AR_ERR_UNSUPPORTED) {
            ar_checkers_game_free(&g);
            break;
        }
        if (st != AR_OK) {
            ar_checkers_game_free(&g);
            free(text);
            return ar_tool_fail("%s: game %u: %s", path, games + 1, err.message);
        }
        games++;
        moves += g.count;
        results[!strcmp(g.result, "1-0") ? 0 : !strcmp(g.result, "0-1") ? 1 : !strcmp(g.result, "*") ? 3 : 2]++;
        if (!check_only)
            ar_checkers_pdn_write(stdout, &g);
        ar_checkers_game_free(&g);
    }
    free(text);
    if (!games)
        return ar_tool_fail("%s: no game in the file", path);
    if (check_only && cmd.json) {
        printf("{\"file\": ");
        ar_json_string(stdout, path);
        printf(", \"games\": %u, \"moves\": %u, \"black_wins\": %u, \"white_wins\": %u, \"draws\": %u, "
               "\"unfinished\": %u, \"legal\": true}\n",
               games, moves, results[0], results[1], results[2], results[3]);
    } else if (check_only) {
        printf("%s: %u games, %u moves, every move legal (Black won %u, White %u, drawn %u, unfinished %u)\n", path,
               games, moves, results[0], results[1], results[2], results[3]);
    }
    return AR_EXIT_OK;
}

/* --------------------------------------------------------------- the bench */

/* The engine's bench positions: the start, and middle games and endings of
 * self-play games from ballots (searched without databases). */
static const char *const bench_fens[] = {
    "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
    "B:W21,22,23,25,28,29,30,31,32:B1,2,3,4,6,7,8,14,19",
    "B:W21,22,23,25,27,29,30,31,32:B1,2,3,4,7,8,12,14,15",
    "B:W13,18,19,22,26,27,28,29,30,31,32:B1,2,3,4,5,6,8,10,11,17,20",
    "B:W10,13,21,22,23,26,27,29,30,31,32:B1,2,3,4,5,6,7,9,12,20",
    "B:W19,21,22,23,24,29,32:B1,3,9,12,13,14,16",
    "B:W13,22,23,26,27,30,32:B1,2,11,12,14,15,20",
    "B:W5,9,14,15,26,30,32:B1,7,16,19,21,24,28",
    "B:W14,18,28,29,30,31:B1,3,4,12,13,24",
    "B:WK3,5,9,22,30:B14,K15,20,21,27",
    "B:W6,7,K15,22,29:B8,26,K27,28",
    "B:W7,11,22:B12,13,K24,27",
    NULL};

uint64_t ar_checkers_bench_nodes(int depth, double *seconds)
{
    uint64_t total = 0;
    double t0 = ar_now();
    unsigned i;
    for (i = 0; bench_fens[i]; i++) {
        ck_engine *e = ar_checkers_engine_new(16);
        ar_checkers_pos p;
        ck_board b;
        ck_limits lim;
        ck_info info;
        if (ar_checkers_parse_fen(bench_fens[i], strlen(bench_fens[i]), &b, NULL, NULL) != AR_OK) {
            ar_checkers_engine_free(e);
            continue;
        }
        ar_checkers_pos_init(&p, &b);
        memset(&lim, 0, sizeof lim);
        lim.depth = depth;
        ar_checkers_search(e, &p, &lim, &info);
        total += info.nodes;
        ar_checkers_engine_free(e);
    }
    if (seconds)
        *seconds = ar_now() - t0;
    return total;
}

/* The bench node count at depth 12 (quick: 9). Any change to the search or
 * the evaluation changes it: record the new numbers in the same commit. */
#define BENCH_DEPTH 12
#define BENCH_QUICK_DEPTH 9
#define BENCH_NODES 17667156ULL
#define BENCH_QUICK_NODES 1410894ULL

/* Times are given twice: wall-clock, and the CPU time of the work (this
 * thread's for perft and the engine, the process's for the two database
 * threads), which a loaded machine disturbs much less. */
int ar_checkers_bench(int quick)
{
    static const uint64_t published[] = {1,       7,        49,        302,        1469,       7361,      36768,
                                         179740,  845931,   3963680,   18391564,   85242128,   388623673, 1766623630ULL};
    int d, bad = 0, maxd = quick ? 10 : 12, depth = quick ? BENCH_QUICK_DEPTH : BENCH_DEPTH;
    uint64_t nodes, expected = quick ? BENCH_QUICK_NODES : BENCH_NODES;
    double secs, cpu;
    ck_board b;
    ar_checkers_startpos(&b);
    printf("## Checkers perft%s\n\n| depth | nodes | published (OEIS A133046) | s | CPU s | M nodes/CPU s |\n"
           "|---:|---:|---:|---:|---:|---:|\n",
           quick ? " (quick)" : "");
    fflush(stdout);
    for (d = 1; d <= maxd; d++) {
        double t0 = ar_now(), c0 = ar_thread_cpu_time(), t, c;
        uint64_t n = ar_checkers_perft(&b, d);
        t = ar_now() - t0;
        c = ar_thread_cpu_time() - c0;
        bad |= n != published[d];
        printf("| %d | %llu | %llu%s | %.3f | %.3f | %.1f |\n", d, (unsigned long long)n,
               (unsigned long long)published[d], n == published[d] ? "" : " MISMATCH", t, c,
               c > 0 ? (double)n / c / 1e6 : 0.0);
        fflush(stdout);
    }
    cpu = ar_thread_cpu_time();
    nodes = ar_checkers_bench_nodes(depth, &secs);
    cpu = ar_thread_cpu_time() - cpu;
    printf("\n## Checkers engine bench\n\nfixed depth %d over 12 positions, no databases: %llu nodes in %.2f s, "
           "%.2f CPU s (%.0f nodes/CPU s); recorded %llu%s\n",
           depth, (unsigned long long)nodes, secs, cpu, (double)nodes / (cpu > 0 ? cpu : 1), (unsigned long long)expected,
           nodes == expected ? "" : " — MISMATCH");
    bad |= nodes != expected;
    {
        int pieces = quick ? 4 : 5;
        ck_db *db = ar_checkers_db_new(pieces);
        ar_search_options so;
        ar_stop_reason stop;
        ar_error err;
        uint64_t positions;
        double t0 = ar_now(), c0 = ar_process_cpu_time();
        ar_search_options_init(&so);
        if (ar_checkers_db_build(db, 2, pieces, 2, &so, &positions, &stop, &err) == AR_OK)
            printf("\n## Checkers endgame databases\n\n2-%d pieces built in memory on 2 threads: %llu positions "
                   "(Black to move, both sides on the board) in %.1f s, %.1f CPU s\n",
                   pieces, (unsigned long long)positions, ar_now() - t0, ar_process_cpu_time() - c0);
        else
            printf("\n## Checkers endgame databases\n\nbuild failed: %s\n", err.message);
        ar_checkers_db_close(db);
    }
    if (bad)
        fprintf(stderr, "ariadne: bench checkers: a count differs from the recorded one\n");
    return bad ? AR_EXIT_NO_SOLUTION : AR_EXIT_OK;
}

/* ---------------------------------------------------------------- the table */

const ar_tool ar_checkers_tools[] = {
    {.name = "checkers-engine",
     .usage = "ariadne checkers-engine",
     .help = "The checkers engine speaking a line protocol modelled on UCI on stdin/stdout, for GUIs,\n"
             "scripts and `match checkers` (bot cmd:COMMAND). Commands: checkers (answered by id lines,\n"
             "options and checkersok), isready (readyok), setoption name Hash|EvalFile|DBPieces|DBDir\n"
             "value V, newgame, position startpos|fen FEN [moves M1 M2 ...], go [movetime MS] [depth D]\n"
             "[nodes N] [infinite] (info lines: depth, seldepth, score cp X|win N|loss N, nodes, nps, time,\n"
             "dbhits, pv; then bestmove M, or bestmove none), stop, quit. A bad command gets one\n"
             "`info string error: ...` line and is ignored. It uses the endgame databases of the cache\n"
             "directory when they are built. See docs/games/checkers.md.",
     .run = ar_checkers_engine_main},
    {.name = "checkers-pdn",
     .usage = "ariadne checkers-pdn FILE|- [--check] [--json]",
     .help = "Reads every game of a PDN file (Portable Draughts Notation: tags, FEN, moves such as 11-15,\n"
             "22x15, 18x11x4, comments, variations skipped, results 1-0 for Black, 0-1, 1/2-1/2, *),\n"
             "checking every move against the rules, and writes the games back in one form; --check only\n"
             "counts them (--json: as one object). An illegal move or a malformed game is one line naming\n"
             "the game, the line and the move number, exit 2.",
     .run = pdn_main},
    {.name = "checkers-db",
     .usage = "ariadne checkers-db build|verify|info|convert [--pieces N] [--dir DIR] [--threads N] [--time-limit S]\n"
              "        [--positions K] [--seed S] [--json]",
     .help = "Endgame databases: win, loss or draw and the distance to the end with best play for every\n"
             "position of 2..N pieces (N at most 5, the default), by retrograde analysis. build makes them\n"
             "on every core (--threads N) with a progress line, writes checkers-2.ckdb ... checkers-N.ckdb\n"
             "into the cache directory (--dir, default $XDG_CACHE_HOME/ariadne or ~/.cache/ariadne) and\n"
             "prints per piece count the positions (checked against the table of Schaeffer et al., Science\n"
             "2007), wins, losses, draws and the longest win; verify maps the files (checksums) and\n"
             "recomputes every entry from its moves; info prints the headers; convert plays --positions K\n"
             "(200) sampled won positions with the engine and the databases against the engine without them\n"
             "(exit 1 unless every one is won within its distance). The engine, checkers-engine and `play\n"
             "checkers` use the files found there. About 1.5 CPU minutes for 5 pieces.\n"
             "Example: ariadne checkers-db build --pieces 3 --dir /tmp/ckdb",
     .run = ar_checkers_db_main},
    {.name = "checkers-learn",
     .usage = "ariadne checkers-learn [--games N] [--nodes N] [--rounds R] [--epochs E] [--rate R] [--reg L]\n"
              "        [--from handset|learned|FILE] [--seed S] [--threads N] [--out FILE] [--c-out FILE]",
     .help = "Learns the evaluation's weights from self-play (Samuel's idea, fitted the Texel way): the\n"
             "engine plays --games games (default 2000) against itself at --nodes nodes a move (2000) from\n"
             "the ACF ballots plus 2-5 random plies chosen by --seed; each quiet position is labelled with\n"
             "its game's result, and --epochs steps of Adam (400, step --rate 1) fit the weights of\n"
             "--from (handset) to the results, the man's weight fixed at 100; every tenth game is held out\n"
             "and chooses the epoch kept. --rounds R plays again with the new weights and refits on all\n"
             "games. Prints the errors and the weights; --out writes the weights file (bot option\n"
             "eval=FILE), --c-out the C of checkers_eval_learned.c. Same options, same weights.",
     .run = ar_checkers_learn_main},
    {.name = "match",
     .usage = "ariadne match checkers --bots A,B[,...] [--games N] [--seed S] [--max-plies N] [--pdn FILE]\n"
              "        [--replay DIR] [--verbose] [--json]",
     .help = "Checkers's front end of `ariadne match`: every pair of bots plays --games games (default 2,\n"
             "rounded to even) from the ACF three-move ballots (156 openings, in an order fixed by --seed),\n"
             "each ballot once with each colour. A bot is engine[:time=S:depth=D:nodes=N:eval=...:db=...],\n"
             "cmd[:time=S]:COMMAND (a program speaking the checkers-engine protocol; one that crashes,\n"
             "answers late or plays an illegal move loses the game), or a generic bot. Prints the table\n"
             "with Elo ± 95% and the ratings; --pdn FILE writes every game, --replay DIR one replay file\n"
             "per game (ariadne replay FILE --html OUT.html). Exit 0 played, 2 bad bots or options,\n"
             "3 interrupted (the games so far are reported).\n"
             "Example: ariadne match checkers --bots engine:depth=6,engine:depth=4 --games 4",
     .run = ar_checkers_match_main},
    {.name = NULL}};
