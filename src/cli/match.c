/* match.c — `ariadne match GAME --bots A,B[,C...] --games N`: a round robin
 * between bots with a results table and Elo differences with 95% error bars,
 * and the `games` benchmark suite (bench node count, nodes per second, the
 * effect of each search step, an Elo table of the bots).
 *
 * Everything here is printing: games, matches and Elo are in the library
 * (src/game/arena.c), so later front ends (external bots, a web viewer)
 * reuse them. */
#include "cli.h"
#include "game_cli.h"
#include "tron_cli.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/timer.h"

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

typedef struct match_ctx {
    const ar_game *g;
    const ar_variant *v;
    ar_bot **bots;
    int verbose, json;
    unsigned done, total;
    ar_progress *progress;
} match_ctx;

static void on_game(void *ctx, unsigned b0, unsigned b1, unsigned k, const ar_game_record *rec)
{
    match_ctx *m = ctx;
    char res[96];
    m->done++;
    ar_game_outcome_text(m->g, m->v, rec->outcome, res, sizeof res);
    if (m->verbose && !m->json)
        printf("game %u: %s (%s) vs %s (%s): %s in %u plies%s%s\n   %s\n", m->done,
               ar_bot_spec(m->bots[b0]), m->g->player_name(m->v, 0), ar_bot_spec(m->bots[b1]),
               m->g->player_name(m->v, 1), rec->stopped_by_limit ? "draw (ply limit)" : res, rec->plies,
               rec->note[0] ? "; " : "", rec->note, rec->moves);
    (void)k;
    if (m->progress) {
        char detail[64];
        snprintf(detail, sizeof detail, "game %u of %u", m->done, m->total);
        ar_progress_update(m->progress, m->done, m->total, "games", detail);
    }
}

static void print_table(const ar_match_table *t, ar_bot **bots, int json)
{
    const char **names = ar_xcalloc(t->bots ? t->bots : 1, sizeof *names);
    unsigned i;
    for (i = 0; i < t->bots; i++)
        names[i] = ar_bot_spec(bots[i]);
    cli_match_print_table(t, names, json);
    free(names);
}

void cli_match_print_table(const ar_match_table *t, const char *const *names, int json)
{
    unsigned i, j, n = t->bots;
    double *rating = ar_xcalloc(n, sizeof(double)), *error = ar_xcalloc(n, sizeof(double));
    if (!json) {
        puts("| bot | opponent | games | wins | draws | losses | score | Elo difference ± 95% [interval] |");
        puts("|---|---|---:|---:|---:|---:|---:|---|");
    } else {
        printf("{\"pairs\": [");
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
                printf("| %s | %s | %u | %u | %u | %u | %.1f%% | %s |\n", names[i],
                       names[j], games, r->wins, r->draws, r->losses, 100 * e.score, et);
            } else {
                static int first = 1;
                printf("%s{\"bot\": ", first ? "" : ", ");
                first = 0;
                cli_json_string(stdout, names[i]);
                printf(", \"opponent\": ");
                cli_json_string(stdout, names[j]);
                printf(", \"wins\": %u, \"draws\": %u, \"losses\": %u, \"score\": %.4f, \"elo\": %.1f, "
                       "\"elo_low\": %.1f, \"elo_high\": %.1f}",
                       r->wins, r->draws, r->losses, e.score, isfinite(e.diff) ? e.diff : (e.diff > 0 ? 1e9 : -1e9),
                       isfinite(e.low) ? e.low : -1e9, isfinite(e.high) ? e.high : 1e9);
            }
        }
    if (json) {
        printf("]");
    }
    ar_elo_ratings(t, rating, error);
    if (!json) {
        printf("\nRatings (Bradley-Terry maximum likelihood, mean 0, ± 95%%):\n");
        puts("| bot | Elo | ± 95% |");
        puts("|---|---:|---:|");
        for (i = 0; i < n; i++) {
            char r[24];
            fmt_elo(rating[i], r, sizeof r);
            if (isfinite(rating[i]))
                printf("| %s | %s | %.0f |\n", names[i], r, error[i]);
            else
                printf("| %s | %s (%s every game) | |\n", names[i], r,
                       rating[i] > 0 ? "won or drew" : "lost");
        }
    } else {
        printf(", \"ratings\": [");
        for (i = 0; i < n; i++) {
            printf("%s{\"bot\": ", i ? ", " : "");
            cli_json_string(stdout, names[i]);
            printf(", \"elo\": %.1f, \"error95\": %.1f}",
                   isfinite(rating[i]) ? rating[i] : (rating[i] > 0 ? 1e9 : -1e9), error[i]);
        }
        printf("]}\n");
    }
    free(rating);
    free(error);
}

static int run_match(const ar_game *g, const ar_variant *v, const char *const *specs, unsigned count,
                     unsigned games, uint64_t seed, unsigned openings, unsigned max_plies,
                     const void *start, size_t memory_limit, int verbose, int json, ar_progress *pr)
{
    ar_bot **bots = ar_xcalloc(count, sizeof *bots);
    ar_match_options mo;
    ar_match_table t;
    ar_error err;
    match_ctx ctx;
    unsigned i;
    int rc = 0;
    for (i = 0; i < count; i++) {
        ar_error_clear(&err);
        if (ar_bot_create(g, v, specs[i], seed * 1000003u + i, memory_limit, &bots[i], &err) != AR_OK) {
            rc = cli_fail("match %s: bot %u: %s", g->name, i + 1, err.message);
            goto done;
        }
        ar_bot_set_interrupt(bots[i], &cli_interrupted);
    }
    memset(&mo, 0, sizeof mo);
    mo.games = games;
    mo.seed = seed;
    mo.random_plies = openings;
    mo.max_plies = max_plies;
    mo.start = start;
    mo.interrupt = &cli_interrupted;
    mo.on_game = on_game;
    memset(&ctx, 0, sizeof ctx);
    ctx.g = g;
    ctx.v = v;
    ctx.bots = bots;
    ctx.verbose = verbose;
    ctx.json = json;
    ctx.total = (games + (games & 1u)) * count * (count - 1) / 2;
    ctx.progress = pr;
    mo.ctx = &ctx;
    ar_error_clear(&err);
    if (ar_match_run(g, v, bots, count, &mo, &t, &err) != AR_OK) {
        rc = cli_fail("match %s: %s", g->name, err.message);
        goto done;
    }
    if (pr)
        ar_progress_finish(pr);
    if (t.interrupted && !json)
        printf("interrupted after %u games: the table covers the games played\n", t.games_played);
    print_table(&t, bots, json);
    if (t.interrupted)
        rc = EXIT_LIMIT;
    ar_match_table_free(&t);
done:
    for (i = 0; i < count; i++)
        ar_bot_destroy(bots[i]);
    free(bots);
    return rc;
}

int verb_match(int argc, char **argv)
{
    game_args a;
    const char *specs[GAME_CLI_MAX];
    char *list;
    unsigned count = 0;
    unsigned char *start = NULL;
    int rc;
    ar_progress pr;
    /* Tron plays over map files, with replays: its own front end. */
    if (argc > 1 && strcmp(argv[1], "tron") == 0)
        return cli_tron_match(argc, argv);
    rc = game_parse_args(&a, argc, argv,
                         "bots games seed openings max-plies moves memory-limit json quiet verbose");
    if (rc)
        return rc;
    if (!a.bots)
        return cli_fail("match %s: which bots? e.g. --bots perfect,random (see `ariadne help match`)",
                        a.g->name);
    if (a.npositional > 1)
        return cli_fail("match %s: one start position at most", a.g->name);
    if ((rc = game_make_variant(&a)) != 0)
        return rc;
    list = ar_xstrdup(a.bots);
    {
        char *save = NULL, *tok;
        for (tok = strtok_r(list, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
            if (count >= GAME_CLI_MAX) {
                free(list);
                game_args_free(&a);
                return cli_fail("match: at most %d bots", GAME_CLI_MAX);
            }
            specs[count++] = tok;
        }
    }
    if (count < 2) {
        free(list);
        game_args_free(&a);
        return cli_fail("match %s: --bots needs at least two bots separated by commas", a.g->name);
    }
    if (a.npositional || a.moves) {
        start = ar_xmalloc(a.g->position_size(a.v));
        if ((rc = game_make_position(&a, a.npositional ? a.positional[0] : NULL, a.moves, start)) != 0)
            goto out;
    }
    /* Check every bot spec before anything is printed. */
    {
        unsigned i;
        for (i = 0; i < count; i++) {
            ar_bot *b;
            ar_error err;
            ar_error_clear(&err);
            if (ar_bot_create(a.g, a.v, specs[i], 0, a.memory_limit, &b, &err) != AR_OK) {
                rc = cli_fail("match %s: bot %u: %s", a.g->name, i + 1, err.message);
                goto out;
            }
            ar_bot_destroy(b);
        }
    }
    if (!a.games)
        a.games = 10;
    if (!a.has_openings)
        a.openings = 1;
    game_seed(&a);
    cli_install_sigint();
    ar_progress_init(&pr, stderr, a.quiet ? AR_PROGRESS_OFF : AR_PROGRESS_AUTO, "match");
    if (!a.json) {
        char desc[160];
        unsigned i;
        a.g->describe(a.v, desc, sizeof desc);
        printf("match: %s; %u games per pair (colours alternate), %u random opening plies, seed %" PRIu64
               "\nbots:",
               desc, a.games + (a.games & 1u), a.openings, a.seed);
        for (i = 0; i < count; i++)
            printf(" %s%s", specs[i], i + 1 < count ? "," : "\n\n");
    }
    fflush(stdout);
    rc = run_match(a.g, a.v, specs, count, a.games, a.seed, a.openings, a.max_plies, start, a.memory_limit,
                   a.verbose, a.json, &pr);
out:
    free(start);
    free(list);
    game_args_free(&a);
    return rc;
}

/* ------------------------------------------------------------- bench */

/* The node count CI checks (tests/test_gamesearch.c, tests/cli_games.sh). */
int cli_bench_games(int quick)
{
    const ar_bench_position *b = ar_game_bench_positions();
    const ar_step_info *s;
    uint64_t nodes[64], total, base;
    double secs, base_secs;
    ar_error err;
    size_t i, n = 0;
    while (b[n].game)
        n++;
    ar_error_clear(&err);
    if (ar_game_bench(AR_STEPS_ALL, nodes, &total, &secs, &err) != AR_OK)
        return cli_fail("bench games: %s", err.message);
    puts("Table 1. Bench positions, alpha-beta with every step (fixed depths)");
    puts("| game | options | position | depth | nodes |");
    puts("|---|---|---|---:|---:|");
    for (i = 0; i < n; i++)
        printf("| %s | %s | %s | %d | %" PRIu64 " |\n", b[i].game, b[i].options[0] ? b[i].options : "-",
               b[i].position ? b[i].position : "start", b[i].depth, nodes[i]);
    /* Repeat for a stable rate: the run above takes a few hundredths of a second. */
    {
        int reps = quick ? 3 : 30, r;
        double t0 = ar_now();
        for (r = 0; r < reps; r++)
            ar_game_bench(AR_STEPS_ALL, NULL, &total, &secs, &err);
        secs = (ar_now() - t0) / reps;
    }
    printf("\nbench nodes: %" PRIu64 "   (%.4f s, %.3g nodes/s)\n\n", total, secs,
           secs > 0 ? (double)total / secs : 0.0);
    base = total;
    base_secs = secs;
    puts("Table 2. The effect of each step: every step on except the one named");
    puts("| step off | nodes | vs all on | seconds |");
    puts("|---|---:|---:|---:|");
    printf("| (none) | %" PRIu64 " | 1.00 | %.4f |\n", base, base_secs);
    for (s = ar_gsearch_steps(); s->name && !cli_interrupted; s++) {
        uint64_t t;
        double sec;
        if (ar_game_bench(AR_STEPS_ALL & ~s->bit, NULL, &t, &sec, &err) != AR_OK) {
            printf("| %s | error: %s | | |\n", s->name, err.message);
            continue;
        }
        printf("| %s | %" PRIu64 " | %.2f | %.4f |\n", s->name, t, (double)t / (double)base, sec);
    }
    {
        uint64_t t;
        double sec;
        if (ar_game_bench(AR_STEPS_EXACT, NULL, &t, &sec, &err) == AR_OK)
            printf("| only exact steps (no tt-deeper, null, qsearch) | %" PRIu64 " | %.2f | %.4f |\n", t,
                   (double)t / (double)base, sec);
        if (ar_game_bench(AR_STEP_ITERATIVE, NULL, &t, &sec, &err) == AR_OK)
            printf("| iterative deepening only (no table, no ordering) | %" PRIu64 " | %.2f | %.4f |\n", t,
                   (double)t / (double)base, sec);
    }
    fflush(stdout);
    /* Elo tables. */
    {
        static const char *const ttt_bots[] = {"perfect", "alphabeta:depth=2:eval=lines", "mcts:iters=300",
                                               "random"};
        static const char *const br_bots[] = {"pairing:depth=2", "alphabeta:depth=2", "mcts:iters=300", "random"};
        static const char *const nim_bots[] = {"perfect", "alphabeta:depth=2:eval=zero", "mcts:iters=300", "random"};
        /* One random ply varies the games without losing anything in
         * tic-tac-toe and nim's 3 4 5 pairs; Bridg-it starts from the empty
         * board, where the pairing strategy applies. */
        struct {
            const char *game;
            const char *opt_name, *opt_value;
            const char *const *bots;
            unsigned openings;
        } rows[] = {{"tictactoe", NULL, NULL, ttt_bots, 1},
                    {"nim", NULL, NULL, nim_bots, 1},
                    {"bridgit", "size", "5", br_bots, 0}};
        unsigned games = quick ? 4 : 40, k;
        for (k = 0; k < 3 && !cli_interrupted; k++) {
            const ar_game *g = ar_game_find(rows[k].game);
            ar_variant *v;
            ar_param p[1];
            size_t np = 0;
            char desc[128];
            if (rows[k].opt_name) {
                p[0].name = rows[k].opt_name;
                p[0].value = rows[k].opt_value;
                np = 1;
            }
            if (ar_game_create(g, p, np, &v, &err) != AR_OK)
                return cli_fail("bench games: %s", err.message);
            g->describe(v, desc, sizeof desc);
            printf("\nTable %u. Elo of bots, %s: %u games per pair, %u random opening plies, seed 1\n",
                   3 + k, desc, games, rows[k].openings);
            fflush(stdout);
            run_match(g, v, rows[k].bots, 4, games, 1, rows[k].openings, 0, NULL, 0, 0, 0, NULL);
            g->destroy(v);
            fflush(stdout);
        }
    }
    return 0;
}
