/* checkers_dbtool.c — `ariadne checkers-db build|verify|info`: the endgame
 * databases from the command line. `build` makes the databases of 2..N
 * pieces by retrograde analysis on every core (a progress line with rate
 * and ETA; --time-limit and Ctrl-C stop it and nothing half-made is
 * written), writes one file per piece count into the cache directory, and
 * prints per piece count the positions, the wins, losses and draws, the
 * longest win, and the number of positions checked against the table
 * published with the proof that checkers is a draw (Schaeffer et al.,
 * "Checkers is solved", Science 317:1518-1522, 2007, Table 1: positions of
 * N pieces, either side to move counted once). `verify` maps the files
 * (checking each checksum) and recomputes every entry from its moves'
 * entries; `info` prints each file's header; `convert` plays sampled won
 * positions with the engine (databases) against the engine without them. */
#include "ariadne/pdb.h" /* ar_pdb_dir: the one cache directory */
#include "ariadne/search.h"
#include "ariadne/timer.h"
#include "ariadne/tool.h"
#include "checkers_db.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Schaeffer et al. 2007, Table 1 (reproduced at brainwagon.org, 2008). */
static const uint64_t published[] = {0, 120, 6972, 261224, 7092774, 148688232, 2503611964ULL};

typedef struct count_row {
    int n;
    uint64_t stored, one_sided, wins, losses, draws, bytes;
    unsigned longest, classes;
} count_row;

/* The positions of n pieces with only one side on the board (not stored:
 * the side without pieces has lost), counted with the same index. */
static uint64_t one_sided(int n)
{
    uint64_t total = 0;
    int men;
    for (men = 0; men <= n; men++) {
        ck_class *a = ar_checkers_class_new(men, n - men, 0, 0), *b = ar_checkers_class_new(0, 0, men, n - men);
        total += a->size + b->size;
        ar_checkers_class_free(a, 0);
        ar_checkers_class_free(b, 0);
    }
    return total;
}

static void row_of(const ck_db *db, int n, count_row *r)
{
    int list[64][4];
    unsigned m = ar_checkers_db_classes(n, list, 64), i;
    memset(r, 0, sizeof *r);
    r->n = n;
    r->classes = m;
    for (i = 0; i < m; i++) {
        const ck_class *c = db->cls[list[i][0]][list[i][1]][list[i][2]][list[i][3]];
        r->stored += c->size;
        r->wins += c->wins;
        r->losses += c->losses;
        r->draws += c->draws;
        if (c->longest > r->longest)
            r->longest = c->longest;
    }
    r->one_sided = one_sided(n);
    r->bytes = 32 + 48 * (uint64_t)m + r->stored + 8;
}

static void print_rows(const count_row *rows, int nrows, int json, double seconds, const char *dir, const char *verb)
{
    int k, all_match = 1;
    for (k = 0; k < nrows; k++)
        all_match &= rows[k].stored + rows[k].one_sided == published[rows[k].n];
    if (json) {
        printf("{\"verb\":\"%s\",\"dir\":", verb);
        ar_json_string(stdout, dir);
        printf(",\"seconds\":%.3f,\"counts_match_published\":%s,\"pieces\":[", seconds, all_match ? "true" : "false");
        for (k = 0; k < nrows; k++) {
            const count_row *r = &rows[k];
            printf("%s{\"pieces\":%d,\"classes\":%u,\"positions_black_to_move\":%llu,\"one_side_only\":%llu,"
                   "\"positions\":%llu,\"published\":%llu,\"wins\":%llu,\"losses\":%llu,\"draws\":%llu,"
                   "\"longest_plies\":%u,\"file_bytes\":%llu}",
                   k ? "," : "", r->n, r->classes, (unsigned long long)r->stored, (unsigned long long)r->one_sided,
                   (unsigned long long)(r->stored + r->one_sided), (unsigned long long)published[r->n],
                   (unsigned long long)r->wins, (unsigned long long)r->losses, (unsigned long long)r->draws,
                   r->longest, (unsigned long long)r->bytes);
        }
        printf("]}\n");
        return;
    }
    printf("| pieces | classes | stored (Black to move) | one side only | positions | Schaeffer et al. 2007 "
           "| won | lost | drawn | longest (plies) | file |\n|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (k = 0; k < nrows; k++) {
        const count_row *r = &rows[k];
        uint64_t total = r->stored + r->one_sided;
        char size[32];
        printf("| %d | %u | %llu | %llu | %llu | %llu%s | %llu | %llu | %llu | %u | %s |\n", r->n, r->classes,
               (unsigned long long)r->stored, (unsigned long long)r->one_sided, (unsigned long long)total,
               (unsigned long long)published[r->n], total == published[r->n] ? " (equal)" : " — DIFFERENT",
               (unsigned long long)r->wins, (unsigned long long)r->losses, (unsigned long long)r->draws, r->longest,
               ar_format_bytes((size_t)r->bytes, size, sizeof size));
    }
    printf("\nwon/lost/drawn: for the side to move, positions with both sides on the board; the\n"
           "positions column adds those with one side only (lost for the side without pieces), as the\n"
           "published table counts every placement of the pieces once. %s in %.1f s; files in %s\n",
           verb, seconds, dir);
}

/* The options every subcommand takes: --pieces N, --dir DIR, and the
 * common ones `common` names. Fills the directory and the search options. */
typedef struct db_args {
    uint64_t pieces;
    const char *dir_opt;
    char dir[4096];
    ar_tool_cmd cmd;
    ar_search_options so;
} db_args;

static int parse_db_args(db_args *a, int argc, char **argv, const char *name, unsigned common)
{
    const ar_opt opts[] = {{.name = "pieces", .kind = AR_OPT_UINT, .dest = &a->pieces, .min = 2, .max = 5, .metavar = "N"},
                           {.name = "dir", .kind = AR_OPT_TEXT, .dest = &a->dir_opt, .metavar = "DIR"},
                           {.name = NULL}};
    int rc;
    memset(a, 0, sizeof *a);
    a->pieces = 5;
    a->cmd.name = name;
    a->cmd.help_topic = "checkers-db";
    a->cmd.common = common;
    a->cmd.options = opts;
    rc = ar_tool_parse(&a->cmd, argc, argv, 2);
    a->cmd.options = NULL; /* opts lives only here */
    if (rc)
        return rc;
    ar_pdb_dir(a->dir_opt, a->dir, sizeof a->dir);
    ar_search_options_init(&a->so);
    a->so.limits = a->cmd.limits;
    return 0;
}

static int db_build(int argc, char **argv)
{
    db_args a;
    ar_stop_reason stop;
    ck_db *db;
    ar_error err;
    count_row rows[8];
    uint64_t positions, total = 0;
    double t0;
    char why[300];
    int n, rc = parse_db_args(&a, argc, argv, "checkers-db build",
                              AR_COMMON_OUTPUT | AR_COMMON_TIME_LIMIT | AR_COMMON_THREADS);
    if (rc)
        return rc;
    if (!strcmp(a.dir, "off"))
        return ar_tool_fail("checkers-db build: the cache directory is turned off ($ARIADNE_PDB_DIR=off): give --dir DIR");
    if (ar_tool_make_dir(a.dir, why, sizeof why) != 0)
        return ar_tool_fail("checkers-db build: %s", why);
    a.so.progress = &a.cmd.progress;
    db = ar_checkers_db_new((int)a.pieces);
    for (n = 2; n <= (int)a.pieces; n++)
        total += published[n] - one_sided(n);
    if (!a.cmd.quiet)
        ar_progress_note(&a.cmd.progress, "checkers-db build: 2-%d pieces, %llu positions, on %u threads into %s",
                         (int)a.pieces, (unsigned long long)total, ar_tool_threads(&a.cmd), a.dir);
    ar_tool_install_sigint();
    t0 = ar_now();
    if (ar_checkers_db_build(db, 2, (int)a.pieces, ar_tool_threads(&a.cmd), &a.so, &positions, &stop, &err) != AR_OK) {
        ar_progress_finish(&a.cmd.progress);
        ar_checkers_db_close(db);
        if (stop != AR_STOP_NONE)
            return ar_tool_error(AR_EXIT_LIMIT, "checkers-db build: %s; nothing written", err.message);
        return ar_tool_error(AR_EXIT_NO_SOLUTION, "checkers-db build: %s", err.message);
    }
    ar_progress_finish(&a.cmd.progress);
    for (n = 2; n <= (int)a.pieces; n++) {
        char path[4300];
        ar_checkers_db_path(a.dir, n, path, sizeof path);
        if (ar_checkers_db_write(db, n, path, &err) != AR_OK) {
            ar_checkers_db_close(db);
            return ar_tool_error(AR_EXIT_NO_SOLUTION, "checkers-db build: %s", err.message);
        }
        row_of(db, n, &rows[n - 2]);
    }
    print_rows(rows, (int)a.pieces - 1, a.cmd.json, ar_now() - t0, a.dir, "built");
    ar_checkers_db_close(db);
    return AR_EXIT_OK;
}

static int db_verify(int argc, char **argv)
{
    db_args a;
    ar_stop_reason stop;
    ck_db *db;
    ar_error err;
    char first_bad[200];
    count_row rows[8];
    uint64_t checked, bad, all_bad = 0;
    double t0 = ar_now();
    int n, rc = parse_db_args(&a, argc, argv, "checkers-db verify",
                              AR_COMMON_OUTPUT | AR_COMMON_TIME_LIMIT | AR_COMMON_THREADS);
    if (rc)
        return rc;
    if (ar_checkers_db_open(a.dir, (int)a.pieces, &db, &err) != AR_OK)
        return ar_tool_fail("checkers-db verify: %s", err.message);
    a.so.progress = &a.cmd.progress;
    ar_tool_install_sigint();
    for (n = 2; n <= (int)a.pieces; n++) {
        if (ar_checkers_db_verify(db, n, ar_tool_threads(&a.cmd), &a.so, &checked, &bad, first_bad, sizeof first_bad,
                                  &stop, &err) != AR_OK) {
            ar_progress_finish(&a.cmd.progress);
            ar_checkers_db_close(db);
            return ar_tool_error(AR_EXIT_LIMIT, "checkers-db verify: %s", err.message);
        }
        ar_progress_finish(&a.cmd.progress);
        row_of(db, n, &rows[n - 2]);
        all_bad += bad;
        if (bad)
            fprintf(stderr, "ariadne: checkers-db verify: %d pieces: %llu of %llu entries disagree with their "
                            "moves (first: %s)\n",
                    n, (unsigned long long)bad, (unsigned long long)checked, first_bad);
        else if (!a.cmd.json && !a.cmd.quiet)
            fprintf(stderr, "checkers-db verify: %d pieces: %llu entries agree with their moves\n", n,
                    (unsigned long long)checked);
    }
    print_rows(rows, (int)a.pieces - 1, a.cmd.json, ar_now() - t0, a.dir, all_bad ? "checked (DISAGREEMENTS)" : "verified");
    ar_checkers_db_close(db);
    return all_bad ? AR_EXIT_NO_SOLUTION : AR_EXIT_OK;
}

static int db_info(int argc, char **argv)
{
    db_args a;
    ck_db *db;
    ar_error err;
    count_row rows[8];
    int n, rc = parse_db_args(&a, argc, argv, "checkers-db info", AR_COMMON_JSON);
    if (rc)
        return rc;
    if (ar_checkers_db_open(a.dir, (int)a.pieces, &db, &err) != AR_OK)
        return ar_tool_fail("checkers-db info: %s", err.message);
    for (n = 2; n <= (int)a.pieces; n++)
        row_of(db, n, &rows[n - 2]);
    print_rows(rows, (int)a.pieces - 1, a.cmd.json, 0, a.dir, "read");
    ar_checkers_db_close(db);
    return AR_EXIT_OK;
}

/* `checkers-db convert`: the engine with the databases plays sampled won
 * positions against the engine without them (depth 6): every one must be
 * won, in at most its stored distance. */
static int db_convert(int argc, char **argv)
{
    db_args a;
    uint64_t samples = 200;
    ck_db *db;
    ar_error err;
    ar_rng rng;
    int list[64][4];
    unsigned m, k, tried = 0, won = 0, longest = 0;
    ck_engine *winner, *defender;
    double t0 = ar_now();
    int rc;
    char first_fail[200] = "";
    {
        /* --positions on top of the shared options */
        int i, j = 0;
        char *rest[AR_TOOL_MAX_ARGS + 4];
        for (i = 0; i < argc && j < AR_TOOL_MAX_ARGS + 2; i++) {
            if (!strcmp(argv[i], "--positions") && i + 1 < argc) {
                char why[160];
                if (ar_tool_parse_uint(argv[i + 1], 1, 100000, &samples, why, sizeof why) != 0)
                    return ar_tool_fail("checkers-db convert: option --positions: %s", why);
                i++;
                continue;
            }
            rest[j++] = argv[i];
        }
        if ((rc = parse_db_args(&a, j, rest, "checkers-db convert", AR_COMMON_JSON | AR_COMMON_SEED)) != 0)
            return rc;
    }
    if (ar_checkers_db_open(a.dir, (int)a.pieces, &db, &err) != AR_OK)
        return ar_tool_fail("checkers-db convert: %s", err.message);
    ar_rng_seed(&rng, (a.cmd.given & AR_COMMON_SEED) ? a.cmd.seed : 1);
    m = ar_checkers_db_classes((int)a.pieces, list, 64);
    winner = ar_checkers_engine_new(16);
    defender = ar_checkers_engine_new(16);
    ar_checkers_engine_set_db(winner, db);
    ar_tool_install_sigint();
    for (k = 0; tried < samples && k < samples * 100 && !ar_tool_interrupted; k++) {
        const ck_class *c = db->cls[list[k % m][0]][list[k % m][1]][list[k % m][2]][list[k % m][3]];
        uint64_t idx = ar_rng_below(&rng, c->size);
        uint32_t bm, bk, wm, wk;
        ar_checkers_pos p;
        ck_board b;
        int v = c->values[idx], ply, side;
        if (!v || ck_db_result((unsigned)v) != CK_DB_WIN)
            continue;
        ar_checkers_unindex(c, idx, &bm, &bk, &wm, &wk);
        ar_checkers_db_board(bm, bk, wm, wk, &b);
        side = (int)b.stm;
        ar_checkers_pos_init(&p, &b);
        ar_checkers_engine_clear(winner);
        ar_checkers_engine_clear(defender);
        tried++;
        for (ply = 0;; ply++) {
            const char *why;
            ar_game_outcome o = ar_checkers_outcome(&p, &why);
            ck_limits lim;
            ck_info info;
            ck_move mv;
            uint32_t code;
            if (o != AR_ONGOING) {
                int ok = o == (side == CK_BLACK ? AR_WIN_P0 : AR_WIN_P1) && ply <= v - 1;
                won += ok;
                if (ok && (unsigned)ply > longest)
                    longest = (unsigned)ply;
                if (!ok && !first_fail[0]) {
                    char fen[120];
                    ar_checkers_format_fen(&b, fen, sizeof fen);
                    snprintf(first_fail, sizeof first_fail, "%s (won in %d): %s after %d plies", fen, v - 1, why, ply);
                }
                break;
            }
            memset(&lim, 0, sizeof lim);
            lim.depth = (int)p.b.stm == side ? 3 : 6;
            code = ar_checkers_search((int)p.b.stm == side ? winner : defender, &p, &lim, &info);
            if (code == CK_NO_MOVE || !ar_checkers_decode(&p.b, code, &mv))
                break;
            ar_checkers_pos_apply(&p, &mv);
        }
    }
    ar_checkers_engine_free(winner);
    ar_checkers_engine_free(defender);
    ar_checkers_db_close(db);
    if (a.cmd.json)
        printf("{\"pieces\":%d,\"won_positions\":%u,\"converted\":%u,\"longest_plies\":%u,\"seconds\":%.1f}\n",
               (int)a.pieces, tried, won, longest, ar_now() - t0);
    else
        printf("%u of %u sampled won %d-piece positions converted by the engine with the databases against the engine "
               "without them (longest game %u plies) in %.1f s%s%s\n",
               won, tried, (int)a.pieces, longest, ar_now() - t0, first_fail[0] ? "; first failure: " : "", first_fail);
    if (ar_tool_interrupted)
        return AR_EXIT_LIMIT;
    return won == tried ? AR_EXIT_OK : AR_EXIT_NO_SOLUTION;
}

int ar_checkers_db_main(int argc, char **argv)
{
    if (argc < 2)
        return ar_tool_fail("usage: ariadne checkers-db build|verify|info|convert [--pieces N] [--dir DIR]");
    if (!strcmp(argv[1], "build"))
        return db_build(argc, argv);
    if (!strcmp(argv[1], "verify"))
        return db_verify(argc, argv);
    if (!strcmp(argv[1], "info"))
        return db_info(argc, argv);
    if (!strcmp(argv[1], "convert"))
        return db_convert(argc, argv);
    return ar_tool_fail("checkers-db: '%.40s' is not build, verify, info or convert", argv[1]);
}
