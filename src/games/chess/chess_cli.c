/* chess_cli.c — chess's own verbs: `ariadne perft chess`, `ariadne
 * chess-pgn`, and `ariadne bench chess` (perft against the published counts
 * and beside stockfish's own `go perft`, and the engine's bench node count),
 * plus the table of tools the descriptor lists. The UCI engine is
 * chess_uci.c, the match front end chess_match.c. */
#include "ariadne/extprog.h"
#include "ariadne/timer.h"
#include "ariadne/tool.h"
#include "chess_engine.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* `ariadne perft chess`: the generic perft verb with chess's own generator
 * (the descriptor's perft slot). The subtrees are counted by the fast
 * ar_chess_perft below 4 plies and with a look at the stop flag above, so a
 * stop comes within a few milliseconds. */
typedef struct chess_perft {
    ch_board root;
    ch_move moves[CH_MAX_MOVES];
} chess_perft;

static uint64_t perft_stoppable(const ch_board *b, int depth, const volatile sig_atomic_t *stop)
{
    ch_move moves[CH_MAX_MOVES];
    unsigned n, i;
    uint64_t total = 0;
    if (depth < 4)
        return ar_chess_perft(b, depth);
    n = ar_chess_legal(b, moves);
    for (i = 0; i < n && !*stop; i++) {
        ch_board child = *b;
        ar_chess_make(&child, moves[i]);
        total += perft_stoppable(&child, depth - 1, stop);
    }
    return total;
}

static uint64_t chess_count_root(void *ctx, unsigned k, int depth, const volatile sig_atomic_t *stop)
{
    chess_perft *cp = ctx;
    ch_board child = cp->root;
    ar_chess_make(&child, cp->moves[k]);
    return perft_stoppable(&child, depth - 1, stop);
}

static void chess_format_root(void *ctx, unsigned k, char *buf, size_t size)
{
    chess_perft *cp = ctx;
    char mv[8];
    ar_chess_move_uci(cp->moves[k], mv);
    snprintf(buf, size, "%s", mv);
}

ar_status ar_chess_perft_job(const ar_variant *v, const void *pos, ar_perft_job *job, ar_error *err)
{
    chess_perft *cp = ar_xmalloc(sizeof *cp);
    (void)v, (void)err;
    cp->root = ((const ar_chess_pos *)pos)->b;
    job->root_moves = ar_chess_legal(&cp->root, cp->moves);
    job->count_root = chess_count_root;
    job->format_root = chess_format_root;
    job->release = free;
    job->ctx = cp;
    return AR_OK;
}

int ar_chess_pgn_main(int argc, char **argv)
{
    char why[256];
    char *text;
    size_t pos = 0;
    unsigned games = 0, moves = 0;
    int check_only = 0, rc;
    const char *path;
    const ar_opt opts[] = {{.name = "check", .kind = AR_OPT_FLAG, .dest = &check_only}, {.name = NULL}};
    ar_tool_cmd cmd = {.name = "chess-pgn", .help_topic = "chess-pgn", .common = AR_COMMON_JSON | AR_COMMON_QUIET,
                       .options = opts, .min_args = 1, .max_args = 1, .args_usage = "a PGN FILE (or - for stdin)"};
    if ((rc = ar_tool_parse(&cmd, argc, argv, 1)) != 0)
        return rc;
    path = cmd.args[0];
    if (cmd.json && !check_only)
        return ar_tool_fail("chess-pgn: --json goes with --check (the games themselves are written as PGN)");
    text = ar_read_file(path, why, sizeof why);
    if (!text)
        return ar_tool_fail("chess-pgn: %s", why);
    for (;;) {
        ch_game g;
        ar_error err;
        ar_status st = ar_chess_pgn_read(text, &pos, &g, &err);
        if (st == AR_ERR_UNSUPPORTED)
            break;
        if (st != AR_OK) {
            ar_chess_game_free(&g);
            free(text);
            return ar_tool_fail("%s: game %u: %s", path, games + 1, err.message);
        }
        games++;
        moves += g.count;
        if (!check_only)
            ar_chess_pgn_write(stdout, &g);
        ar_chess_game_free(&g);
    }
    free(text);
    if (games == 0)
        return ar_tool_fail("%s: no game in the file", path);
    if (cmd.json) {
        printf("{\"file\":");
        ar_json_string(stdout, path);
        printf(",\"games\":%u,\"moves\":%u,\"every_move_legal\":true}\n", games, moves);
    } else if (check_only) {
        printf("%s: %u games, %u moves, every move legal\n", path, games, moves);
    }
    return AR_EXIT_OK;
}

/* ------------------------------------------------------------- the bench */

typedef struct perft_case {
    const char *name, *fen;
    int depth, quick_depth;
    uint64_t nodes, quick_nodes; /* published counts (Chess Programming Wiki, "Perft Results") */
} perft_case;

static const perft_case perft_cases[] = {
    {"start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6, 4, 119060324ULL, 197281ULL},
    {"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5, 3, 193690690ULL,
     97862ULL},
    {"position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 7, 5, 178633661ULL, 674624ULL},
    {"position 4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 6, 4, 706045033ULL,
     422333ULL},
    {"position 5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 5, 3, 89941194ULL, 62379ULL},
    {"position 6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 5, 3,
     164075551ULL, 89890ULL},
    {NULL, NULL, 0, 0, 0, 0}};

/* The bench node count: a depth-7 search of the bench positions
 * (ar_chess_bench_nodes); --quick searches to depth 5. Any change to the
 * search or the evaluation changes these numbers: record the new ones in
 * the same commit. */
#define BENCH_DEPTH 7
#define BENCH_QUICK_DEPTH 5
#define BENCH_NODES 3290210ULL
#define BENCH_QUICK_NODES 403338ULL

/* Seconds stockfish takes for `go perft depth` on fen (start-up excluded),
 * or a negative number when it cannot be run. */
static double stockfish_perft(const char *fen, int depth, uint64_t *nodes)
{
    const char *cmd = "/usr/games/stockfish";
    ar_extprog *p;
    char buf[256];
    const char *line;
    size_t len;
    double t0, t = -1;
    ar_error err;
    if (access(cmd, X_OK) != 0) {
        cmd = "stockfish";
        if (ar_extprog_check(cmd, &err) != AR_OK)
            return -1;
    }
    p = ar_extprog_new(cmd, NULL);
    ar_extprog_set_deadline(p, 600);
    if (ar_extprog_start(p) != AR_EXTPROG_OK)
        goto done;
    if (ar_extprog_send(p, "uci\nisready\n", 12) != AR_EXTPROG_OK)
        goto done;
    do {
        if (ar_extprog_read_line(p, &line, &len) != AR_EXTPROG_OK)
            goto done;
    } while (strcmp(line, "readyok") != 0);
    snprintf(buf, sizeof buf, "position fen %s\ngo perft %d\n", fen, depth);
    t0 = ar_now();
    if (ar_extprog_send(p, buf, strlen(buf)) != AR_EXTPROG_OK)
        goto done;
    do {
        if (ar_extprog_read_line(p, &line, &len) != AR_EXTPROG_OK)
            goto done;
    } while (strncmp(line, "Nodes searched: ", 16) != 0);
    t = ar_now() - t0;
    *nodes = strtoull(line + 16, NULL, 10);
done:
    if (ar_extprog_running(p))
        ar_extprog_send(p, "quit\n", 5);
    ar_extprog_free(p);
    return t;
}

int ar_chess_bench(int quick)
{
    const perft_case *c;
    int bad = 0, depth = quick ? BENCH_QUICK_DEPTH : BENCH_DEPTH;
    uint64_t nodes, expected = quick ? BENCH_QUICK_NODES : BENCH_NODES;
    double secs;
    printf("## Chess perft%s\n\n", quick ? " (quick: small depths, no stockfish)" : "");
    if (quick)
        printf("| position | depth | nodes | published | ariadne s |\n|---|---:|---:|---:|---:|\n");
    else
        printf("| position | depth | nodes | published | ariadne s | ariadne Mn/s | stockfish s | "
               "stockfish Mn/s | ratio |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    fflush(stdout);
    for (c = perft_cases; c->name; c++) {
        ch_board b;
        int d = quick ? c->quick_depth : c->depth;
        uint64_t want = quick ? c->quick_nodes : c->nodes, got, sf_nodes = 0;
        double t0, t, sf;
        ar_chess_parse_fen(c->fen, strlen(c->fen), &b, NULL, NULL);
        t0 = ar_now();
        got = ar_chess_perft(&b, d);
        t = ar_now() - t0;
        bad |= got != want;
        if (quick) {
            printf("| %s | %d | %llu | %llu%s | %.3f |\n", c->name, d, (unsigned long long)got,
                   (unsigned long long)want, got == want ? "" : " MISMATCH", t);
        } else {
            sf = stockfish_perft(c->fen, d, &sf_nodes);
            if (sf > 0)
                printf("| %s | %d | %llu | %llu%s | %.2f | %.1f | %.2f | %.1f | %.2f |\n", c->name, d,
                       (unsigned long long)got, (unsigned long long)want, got == want ? "" : " MISMATCH", t,
                       (double)got / t / 1e6, sf, (double)sf_nodes / sf / 1e6, t / sf);
            else
                printf("| %s | %d | %llu | %llu%s | %.2f | %.1f | (no stockfish) | | |\n", c->name, d,
                       (unsigned long long)got, (unsigned long long)want, got == want ? "" : " MISMATCH", t,
                       (double)got / t / 1e6);
        }
        fflush(stdout);
    }
    nodes = ar_chess_bench_nodes(depth, &secs);
    printf("\n## Chess engine bench\n\nfixed depth %d over 10 positions: %llu nodes in %.2f s (%.0f nodes/s); "
           "recorded %llu%s\n",
           depth, (unsigned long long)nodes, secs, (double)nodes / (secs > 0 ? secs : 1), (unsigned long long)expected,
           nodes == expected ? "" : " — MISMATCH");
    if (nodes != expected)
        bad = 1;
    if (bad)
        fprintf(stderr, "ariadne: bench chess: a count differs from the recorded one\n");
    return bad ? AR_EXIT_NO_SOLUTION : AR_EXIT_OK;
}

const ar_tool ar_chess_tools[] = {
    {.name = "chess-uci",
     .usage = "ariadne chess-uci",
     .help = "The chess engine speaking UCI on stdin/stdout, for any chess GUI or match runner: uci,\n"
             "isready, setoption (Hash, Clear Hash, Ponder, Move Overhead, EvalFile), ucinewgame,\n"
             "position startpos|fen FEN [moves ...], go (wtime btime winc binc movestogo movetime depth\n"
             "nodes mate infinite ponder), stop, ponderhit, quit; info lines give depth, seldepth,\n"
             "score cp|mate, nodes, nps, hashfull, time and pv. Bad commands get an info string and are\n"
             "ignored; end of input ends it after a timed search. See docs/games/chess.md.",
     .run = ar_chess_uci_main},
    {.name = "match",
     .usage = "ariadne match chess --bots A,B[,...] [--games N] [--tc B+I] [--pgn FILE] [--seed S] [--verbose]",
     .help = "Chess's front end of `ariadne match`: every pair of bots plays --games games (default 2, rounded\n"
             "to even) from the included openings (data-free: 24 common opening lines), each opening once\n"
             "with each colour. A bot is engine[:...] (ariadne's engine) or uci[:...]:COMMAND (an external\n"
             "UCI engine; see `ariadne help chess`); --tc B+I gives every bot without a clock of its own\n"
             "B seconds a game plus I a move. Games are adjudicated: a win when both sides' scores agree\n"
             "on 10 pawns or more for 4 plies (or one side reports mate), a draw after move 40 when both\n"
             "report |score| <= 0.1 pawns for 10 plies; and by the rules (mate, stalemate, repetition,\n"
             "fifty moves, material). A bot that fails, plays an illegal move or loses on time loses.\n"
             "Prints a row per game with --verbose, the table with Elo ± 95% and the ratings;\n"
             "--pgn FILE writes every game. Exit: 0 played, 2 a bad bot or option, 3 interrupted.",
     .run = ar_chess_match_main},
    {.name = "chess-pgn",
     .usage = "ariadne chess-pgn FILE|- [--check]",
     .help = "Reads every game of a PGN file, checking every move against the rules, and writes the games\n"
             "back in export form (seven-tag roster, SAN); --check only counts them. An illegal move or a\n"
             "malformed game is one line naming the game and the move, exit 2.",
     .run = ar_chess_pgn_main},
    {.name = "chess-tune",
     .usage = "ariadne chess-tune [--games N] [--nodes N] [--seed S] [--data FILE | --pgn FILE] [--sample N]\n"
              "        [--label UCI-ENGINE [--label-depth D]] [--save-data FILE] [--k K]\n"
              "        [--from handset|tuned|default|FILE] [--freeze GROUP,...] [--epochs E] [--rate R] [--reg L]\n"
              "        [--keep best|last] [--out FILE] [--c-out FILE] [--quiet]",
     .help = "Tunes the evaluation's weights to labelled positions (Texel's method): the quiet positions of\n"
             "--games self-play games (default 200; the engine at --nodes nodes a move, default 2000, from the\n"
             "match's openings plus 2-6 random plies chosen by --seed, default 1), or of --data FILE ('FEN |\n"
             "1-0' or 'FEN | cp 35' lines, as --save-data writes them), or of the finished games of --pgn FILE\n"
             "(the first 16 plies skipped), each labelled with its game's result; --sample N keeps every Nth.\n"
             "--label ENGINE scores each position with a UCI engine instead (e.g. /usr/games/stockfish, at\n"
             "--label-depth, default 8): the target is then sigmoid(s x score), s fitted to the starting\n"
             "weights, K given by --k (1). Then --epochs (300) steps of Adam (step --rate, 1 centipawn) on\n"
             "the mean squared error between the target and a sigmoid of the evaluation (+ --reg x the\n"
             "squared change), starting from --from (the hand-set weights by default), the groups of --freeze\n"
             "left alone; the weights kept are those of the epoch with the lowest held-out error (--keep best,\n"
             "the default) or the last (--keep last). Prints the error of the evaluation before and after, on\n"
             "the training positions and on every tenth game's held out. --out writes the weights file (load\n"
             "it with the bot option eval=FILE or UCI `setoption name EvalFile`), --c-out the C table of\n"
             "chess_eval_tuned.c. Same options, same weights. See docs/games/chess.md.",
     .run = ar_chess_tune_main},
    {.name = NULL}};
