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
 * entries; `info` prints each file's header. */
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
               ar_format_bytes(r->bytes, size, sizeof size));
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
    int n, rc = parse_db_args(&a, argc, argv, "checkers-db build",
                              AR_COMMON_OUTPUT | AR_COMMON_TIME_LIMIT | AR_COMMON_THREADS);
    if (rc)
        return rc;
    if (ar_checkers_mkdirs(a.dir) != 0)
        return ar_tool_fail("checkers-db build: cannot create %s: %s", a.dir, strerror(errno));
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

int ar_checkers_db_main(int argc, char **argv)
{
    if (argc < 2)
        return ar_tool_fail("usage: ariadne checkers-db build|verify|info [--pieces N] [--dir DIR]");
    if (!strcmp(argv[1], "build"))
        return db_build(argc, argv);
    if (!strcmp(argv[1], "verify"))
        return db_verify(argc, argv);
    if (!strcmp(argv[1], "info"))
        return db_info(argc, argv);
    return ar_tool_fail("checkers-db: '%.40s' is not build, verify or info", argv[1]);
}
