/* match.c — `ariadne match GAME --bots A,B[,C...] --games N`: a round robin
 * between bots with a results table and Elo differences with 95% error bars,
 * and the `games` benchmark suite (bench node count, nodes per second, the
 * effect of each search step, an Elo table of the bots).
 *
 * Everything here is printing: games, matches and Elo are in the library
 * (src/gamesearch/arena.c), so later front ends (external bots, a web viewer)
 * reuse them. */
#include "cli.h"
#include "game_cli.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/timer.h"

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

/* The results: the Markdown table, or one JSON object with the match's
 * settings (game, variant, seed, games per pair, opening plies) and the
 * results' members. */
static void print_table(const ar_game *g, const ar_variant *v, const ar_match_table *t, ar_bot **bots, int json,
                        uint64_t seed, unsigned games, unsigned openings)
{
    const char **names = ar_xcalloc(t->bots ? t->bots : 1, sizeof *names);
    unsigned i;
    for (i = 0; i < t->bots; i++)
        names[i] = ar_bot_spec(bots[i]);
    if (json) {
        char desc[160];
        g->describe(v, desc, sizeof desc);
        printf("{\"game\": ");
        ar_json_string(stdout, g->name);
        printf(", \"variant\": ");
        ar_json_string(stdout, desc);
        printf(", \"seed\": %" PRIu64 ", \"games_per_pair\": %u, \"opening_plies\": %u, \"bots\": [", seed,
               games + (games & 1u), openings);
        for (i = 0; i < t->bots; i++) {
            printf("%s", i ? ", " : "");
            ar_json_string(stdout, names[i]);
        }
        printf("], ");
        ar_match_print_json_members(stdout, t, names);
        printf("}\n");
    } else {
        ar_match_print_table(stdout, t, names, 0);
    }
    free(names);
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
            rc = ar_tool_fail("match %s: bot %u: %s", g->name, i + 1, err.message);
            goto done;
        }
        ar_bot_set_interrupt(bots[i], &ar_tool_interrupted);
    }
    memset(&mo, 0, sizeof mo);
    mo.games = games;
    mo.seed = seed;
    mo.random_plies = openings;
    mo.max_plies = max_plies;
    mo.start = start;
    mo.interrupt = &ar_tool_interrupted;
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
        rc = ar_tool_fail("match %s: %s", g->name, err.message);
        goto done;
    }
    if (pr)
        ar_progress_finish(pr);
    if (t.interrupted && !json)
        printf("interrupted after %u games: the table covers the games played\n", t.games_played);
    print_table(g, v, &t, bots, json, seed, games, openings);
    if (t.interrupted)
        rc = AR_EXIT_LIMIT;
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
    const ar_tool *fe;
    /* A game may bring its own front end (maps, replays, external programs). */
    if (argc > 1 && (fe = cli_game_front_end(ar_game_find(argv[1]), "match")) != NULL)
        return fe->run(argc, argv);
    rc = game_parse_args(&a, argc, argv,
                         "bots games seed openings max-plies moves memory-limit json quiet verbose");
    if (rc)
        return rc;
    if (!a.bots)
        return ar_tool_fail("match %s: which bots? e.g. --bots perfect,random (see `ariadne help match`)",
                        a.g->name);
    if (a.npositional > 1)
        return ar_tool_fail("match %s: one start position at most", a.g->name);
    if ((rc = game_make_variant(&a)) != 0)
        return rc;
    list = ar_xstrdup(a.bots);
    {
        char *save = NULL, *tok;
        for (tok = strtok_r(list, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
            if (count >= GAME_CLI_MAX) {
                free(list);
                game_args_free(&a);
                return ar_tool_fail("match: at most %d bots", GAME_CLI_MAX);
            }
            specs[count++] = tok;
        }
    }
    if (count < 2) {
        free(list);
        game_args_free(&a);
        return ar_tool_fail("match %s: --bots needs at least two bots separated by commas", a.g->name);
    }
    if (a.npositional || a.moves) {
        start = ar_xmalloc(a.g->position_size(a.v));
        if ((rc = game_make_position(&a, a.npositional ? a.positional[0] : NULL, a.moves, start)) != 0)
            goto out;
        if (a.g->outcome(a.v, start) != AR_ONGOING) {
            char res[96];
            ar_game_outcome_text(a.g, a.v, a.g->outcome(a.v, start), res, sizeof res);
            rc = ar_tool_fail("match %s: the start position is already finished (%s)", a.g->name, res);
            goto out;
        }
    }
    /* Check the variant and every bot spec before anything is printed. */
    if (ar_game_players(a.g, a.v) != 2) {
        char desc[160];
        a.g->describe(a.v, desc, sizeof desc);
        rc = ar_tool_fail("match %s: round-robin matches are for two players, and this variant (%s) has %d", a.g->name, desc,
                          ar_game_players(a.g, a.v));
        goto out;
    }
    {
        unsigned i;
        for (i = 0; i < count; i++) {
            ar_bot *b;
            ar_error err;
            ar_error_clear(&err);
            if (ar_bot_create(a.g, a.v, specs[i], 0, a.memory_limit, &b, &err) != AR_OK) {
                rc = ar_tool_fail("match %s: bot %u: %s", a.g->name, i + 1, err.message);
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
    ar_tool_install_sigint();
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
    const ar_game *const *games = ar_games(), *const *g;
    const ar_game_bench_position *b;
    const ar_step_info *s;
    uint64_t nodes[64], total, base;
    double secs, base_secs;
    ar_error err;
    size_t i = 0;
    if (ar_game_bench_count(games) > sizeof nodes / sizeof nodes[0])
        return ar_tool_fail("bench games: more than %zu bench positions", sizeof nodes / sizeof nodes[0]);
    ar_error_clear(&err);
    if (ar_game_bench(games, AR_STEPS_ALL, nodes, &total, &secs, &err) != AR_OK)
        return ar_tool_fail("bench games: %s", err.message);
    puts("Table 1. Bench positions, alpha-beta with every step (fixed depths)");
    puts("| game | options | position | depth | nodes |");
    puts("|---|---|---|---:|---:|");
    for (g = games; *g; g++)
        for (b = (*g)->bench_positions; b && b->depth; b++, i++)
            printf("| %s | %s | %s | %d | %" PRIu64 " |\n", (*g)->name,
                   b->options && b->options[0] ? b->options : "-", b->position ? b->position : "start",
                   b->depth, nodes[i]);
    /* Repeat for a stable rate: the run above takes a few hundredths of a second. */
    {
        int reps = quick ? 3 : 30, r;
        double t0 = ar_now();
        for (r = 0; r < reps; r++)
            ar_game_bench(games, AR_STEPS_ALL, NULL, &total, &secs, &err);
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
    for (s = ar_gsearch_steps(); s->name && !ar_tool_interrupted; s++) {
        uint64_t t;
        double sec;
        if (ar_game_bench(games, AR_STEPS_ALL & ~s->bit, NULL, &t, &sec, &err) != AR_OK) {
            printf("| %s | error: %s | | |\n", s->name, err.message);
            continue;
        }
        printf("| %s | %" PRIu64 " | %.2f | %.4f |\n", s->name, t, (double)t / (double)base, sec);
    }
    {
        uint64_t t;
        double sec;
        if (ar_game_bench(games, AR_STEPS_EXACT, NULL, &t, &sec, &err) == AR_OK)
            printf("| only exact steps (no tt-deeper, null, qsearch) | %" PRIu64 " | %.2f | %.4f |\n", t,
                   (double)t / (double)base, sec);
        if (ar_game_bench(games, AR_STEP_ITERATIVE, NULL, &t, &sec, &err) == AR_OK)
            printf("| iterative deepening only (no table, no ordering) | %" PRIu64 " | %.2f | %.4f |\n", t,
                   (double)t / (double)base, sec);
    }
    fflush(stdout);
    /* Elo tables: the bot ladder each game declares. */
    {
        unsigned games_per_pair = quick ? 4 : 40, k = 0;
        for (g = games; *g && !ar_tool_interrupted; g++) {
            const ar_game_bench_ladder *l = (*g)->bench_ladder;
            ar_variant *v;
            ar_param p[8];
            char buf[128], desc[128];
            size_t np, nbots = 0;
            if (!l)
                continue;
            while (l->bots[nbots])
                nbots++;
            snprintf(buf, sizeof buf, "%s", l->options ? l->options : "");
            np = ar_param_split(buf, p, 8);
            if (ar_game_create(*g, p, np, &v, &err) != AR_OK)
                return ar_tool_fail("bench games: %s", err.message);
            (*g)->describe(v, desc, sizeof desc);
            printf("\nTable %u. Elo of bots, %s: %u games per pair, %u random opening plies, seed 1\n",
                   3 + k++, desc, games_per_pair, l->openings);
            fflush(stdout);
            run_match(*g, v, l->bots, (unsigned)nbots, games_per_pair, 1, l->openings, 0, NULL, 0, 0, 0,
                      NULL);
            (*g)->destroy(v);
            fflush(stdout);
        }
    }
    return 0;
}
