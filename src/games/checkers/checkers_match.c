/* checkers_match.c — `ariadne match checkers`: games between checkers bots
 * (the engine in any configuration, external programs through `cmd:`, the
 * generic bots) from the three-move ballots of the American Checker
 * Federation, each ballot played once with each colour, with the results
 * table, Elo differences with their 95% intervals and ratings
 * (ar_match_print_table, the same report as every other game's matches),
 * and the games written as PDN and as replay files.
 *
 * The ballots: the ACF's three-move restriction deck, 174 openings numbered
 * by the ACF of which 18 are barred (lost by force or nearly), leaving the
 * 156 played in tournaments. Sources: the ACF list as reproduced in Martin
 * Fierz's CheckerBoard (utility.c, "The ACF list of 3-move ballots") and in
 * Mark VandeWettering's Milhouse (acf-openings.c); the two agree move for
 * move and on the barred ones. A match plays the ballots in a shuffled order
 * fixed by --seed, so deterministic engines meet in varied positions and
 * every pair of bots meets on the same ones. */
#include "ariadne/arena.h"
#include "ariadne/timer.h"
#include "ariadne/tool.h"
#include "checkers_engine.h"
#include "checkers_match.h"
#include "checkers_pdn.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* The ACF three-move deck: ballot k is ACF opening number k (1..174); the
 * barred ones are NULL. */
static const char *const acf[175] = {
    NULL,
    "9-13 21-17 5-9", "9-13 21-17 6-9", NULL, "9-13 22-17 13x22", "9-13 22-18 6-9",
    "9-13 22-18 10-14", "9-13 22-18 10-15", "9-13 22-18 11-15", "9-13 22-18 11-16", "9-13 22-18 12-16",
    "9-13 23-18 5-9", "9-13 23-18 6-9", NULL, "9-13 23-18 10-15", "9-13 23-18 11-15",
    "9-13 23-18 11-16", "9-13 23-18 12-16", "9-13 23-19 5-9", "9-13 23-19 6-9", "9-13 23-19 10-14",
    "9-13 23-19 10-15", "9-13 23-19 11-16", "9-13 24-19 5-9", "9-13 24-19 6-9", "9-13 24-19 10-14",
    NULL, "9-13 24-19 11-15", "9-13 24-19 11-16", "9-13 24-20 5-9", "9-13 24-20 6-9",
    "9-13 24-20 10-14", "9-13 24-20 10-15", "9-13 24-20 11-15", "9-13 24-20 11-16", NULL,
    "9-14 22-17 5-9", "9-14 22-17 6-9", "9-14 22-17 11-15", "9-14 22-17 11-16", "9-14 22-18 5-9",
    "9-14 22-18 10-15", "9-14 22-18 11-15", "9-14 22-18 11-16", NULL, NULL,
    "9-14 23-18 14x23", "9-14 23-19 5-9", NULL, "9-14 23-19 11-16", "9-14 23-19 14-18",
    "9-14 24-19 5-9", NULL, "9-14 24-19 11-15", "9-14 24-19 11-16", "9-14 24-20 5-9",
    "9-14 24-20 10-15", "9-14 24-20 11-15", "9-14 24-20 11-16", "10-14 22-17 7-10", "10-14 22-17 9-13",
    "10-14 22-17 11-15", "10-14 22-17 11-16", "10-14 22-17 14-18", "10-14 22-18 6-10", "10-14 22-18 7-10",
    "10-14 22-18 11-15", "10-14 22-18 11-16", "10-14 22-18 12-16", "10-14 23-18 14x23", "10-14 23-19 6-10",
    "10-14 23-19 7-10", "10-14 23-19 11-15", "10-14 23-19 11-16", "10-14 23-19 14-18", "10-14 24-19 6-10",
    "10-14 24-19 7-10", NULL, "10-14 24-19 11-16", "10-14 24-19 14-18", "10-14 24-20 6-10",
    "10-14 24-20 7-10", "10-14 24-20 11-15", "10-14 24-20 11-16", "10-14 24-20 14-18", "10-15 21-17 6-10",
    "10-15 21-17 7-10", "10-15 21-17 9-13", NULL, "10-15 21-17 11-16", "10-15 21-17 15-18",
    "10-15 22-17 6-10", "10-15 22-17 7-10", "10-15 22-17 9-13", NULL, "10-15 22-17 11-16",
    "10-15 22-17 15-19", "10-15 22-18 15x22", "10-15 23-18 6-10", "10-15 23-18 7-10", "10-15 23-18 9-14",
    "10-15 23-18 11-16", "10-15 23-18 12-16", "10-15 23-19 6-10", "10-15 23-19 7-10", "10-15 23-19 11-16",
    "10-15 24-19 15x24", "10-15 24-20 6-10", "10-15 24-20 7-10", NULL, "10-15 24-20 15-19",
    "11-15 21-17 8-11", "11-15 21-17 9-13", "11-15 21-17 9-14", NULL, "11-15 21-17 15-19",
    "11-15 22-17 8-11", "11-15 22-17 9-13", "11-15 22-17 15-18", "11-15 22-17 15-19", "11-15 22-18 15x22",
    "11-15 23-18 8-11", "11-15 23-18 9-14", "11-15 23-18 10-14", "11-15 23-18 12-16", "11-15 23-18 15-19",
    "11-15 23-19 8-11", "11-15 23-19 9-13", "11-15 23-19 9-14", "11-15 24-19 15x24", "11-15 24-20 8-11",
    "11-15 24-20 12-16", "11-15 24-20 15-18", "11-16 21-17 7-11", "11-16 21-17 8-11", "11-16 21-17 9-13",
    "11-16 21-17 9-14", NULL, "11-16 21-17 16-20", "11-16 22-17 7-11", "11-16 22-17 8-11",
    "11-16 22-17 9-13", "11-16 22-17 16-20", "11-16 22-18 7-11", "11-16 22-18 8-11", NULL,
    "11-16 22-18 16-19", "11-16 22-18 16-20", "11-16 23-18 7-11", "11-16 23-18 8-11", "11-16 23-18 9-14",
    "11-16 23-18 10-14", "11-16 23-18 16-20", "11-16 23-19 16x23", "11-16 24-19 7-11", "11-16 24-19 8-11",
    NULL, "11-16 24-19 16-20", "11-16 24-20 7-11", "11-16 24-20 16-19", "12-16 21-17 9-13",
    "12-16 21-17 9-14", "12-16 21-17 16-19", "12-16 21-17 16-20", "12-16 22-17 16-19", "12-16 22-17 16-20",
    "12-16 22-18 16-19", "12-16 22-18 16-20", NULL, "12-16 23-18 16-19", "12-16 23-18 16-20",
    NULL, "12-16 24-19 16-20", "12-16 24-20 8-12", "12-16 24-20 10-15"};

unsigned ar_checkers_ballot_count(void)
{
    unsigned n = 0, k;
    for (k = 1; k <= 174; k++)
        n += acf[k] != NULL;
    return n;
}

/* The k-th playable ballot (0..155): its ACF number and moves. */
unsigned ar_checkers_ballot(unsigned k, const char **moves)
{
    unsigned n;
    for (n = 1; n <= 174; n++)
        if (acf[n] && k-- == 0) {
            *moves = acf[n];
            return n;
        }
    *moves = NULL;
    return 0;
}

ar_status ar_checkers_ballot_position(unsigned k, ar_checkers_pos *pos, ck_game *rec, ar_error *err)
{
    const char *p;
    unsigned number = ar_checkers_ballot(k, &p);
    ck_board b;
    if (!number)
        return ar_error_set(err, AR_ERR_INPUT, "there are %u ballots, not %u", ar_checkers_ballot_count(), k + 1);
    ar_checkers_startpos(&b);
    ar_checkers_pos_init(pos, &b);
    while (*p) {
        size_t n = strcspn(p, " ");
        ck_move m;
        if (ar_checkers_parse_move(&pos->b, p, n, &m, err) != AR_OK)
            return AR_ERR_INTERNAL; /* the table is checked by the tests */
        ar_checkers_pos_apply(pos, &m);
        if (rec)
            ar_checkers_game_push(rec, m.code);
        p += n;
        while (*p == ' ')
            p++;
    }
    return AR_OK;
}

/* ------------------------------------------------------------- one game */

void ar_checkers_play(const ar_game *g, const ar_variant *v, ar_bot *black, ar_bot *white, unsigned ballot,
                      unsigned max_plies, ck_game *rec, ck_played *r)
{
    ar_checkers_pos pos;
    ar_bot *side[2];
    unsigned ply;
    ar_error err;
    side[CK_BLACK] = black;
    side[CK_WHITE] = white;
    memset(r, 0, sizeof *r);
    r->winner = -1;
    r->on_board = 1;
    ar_checkers_game_init(rec);
    if (ar_checkers_ballot_position(ballot, &pos, rec, &err) != AR_OK) {
        snprintf(r->why, sizeof r->why, "bad ballot");
        return;
    }
    ar_bot_new_game(black);
    if (white != black)
        ar_bot_new_game(white);
    for (ply = 0;; ply++) {
        const char *why;
        ar_game_outcome o = ar_checkers_outcome(&pos, &why);
        int stm = (int)pos.b.stm;
        ar_gmove mv;
        ck_move m;
        if (o != AR_ONGOING) {
            r->winner = o == AR_WIN_P0 ? CK_BLACK : o == AR_WIN_P1 ? CK_WHITE : -1;
            snprintf(r->why, sizeof r->why, "%s", why);
            return;
        }
        if (ply >= max_plies) {
            snprintf(r->why, sizeof r->why, "scored a draw after %u plies (--max-plies)", max_plies);
            return;
        }
        if (ar_tool_interrupted) {
            r->interrupted = 1;
            snprintf(r->why, sizeof r->why, "interrupted");
            return;
        }
        ar_error_clear(&err);
        if (ar_bot_choose(side[stm], &pos, stm, &mv, NULL, &err) != AR_OK ||
            !ar_game_is_legal(g, v, &pos, stm, mv) || !ar_checkers_decode(&pos.b, (uint32_t)mv, &m)) {
            r->winner = stm ^ 1;
            r->on_board = 0;
            snprintf(r->why, sizeof r->why, "%s (%s) failed: %.200s", stm == CK_BLACK ? "black" : "white",
                     ar_bot_spec(side[stm]), err.message[0] ? err.message : "an illegal move");
            return;
        }
        ar_checkers_pos_apply(&pos, &m);
        ar_checkers_game_push(rec, m.code);
    }
}

/* -------------------------------------------------------------- the match */

typedef struct match {
    const ar_game *g;
    ar_variant *v;
    ar_bot **bots;
    unsigned nbots;
    ar_match_table table;
    FILE *pdn;
    const char *replay_dir;
    int verbose, json;
    unsigned played, total, replays;
} match;

static void finish_game(match *mt, ck_game *rec, ar_bot *black, ar_bot *white, unsigned ballot, const ck_played *r)
{
    const char *moves;
    unsigned number = ar_checkers_ballot(ballot, &moves);
    char text[64];
    snprintf(rec->result, sizeof rec->result, "%s",
             r->winner == CK_BLACK ? "1-0" : r->winner == CK_WHITE ? "0-1" : "1/2-1/2");
    ar_checkers_game_tag(rec, "Event", "ariadne match checkers");
    ar_checkers_game_tag(rec, "Site", "ariadne");
    snprintf(text, sizeof text, "%u", mt->played);
    ar_checkers_game_tag(rec, "Round", text);
    ar_checkers_game_tag(rec, "Black", ar_bot_spec(black));
    ar_checkers_game_tag(rec, "White", ar_bot_spec(white));
    snprintf(text, sizeof text, "ACF %u: %s", number, moves);
    ar_checkers_game_tag(rec, "Opening", text);
    ar_checkers_game_tag(rec, "Termination", r->why);
    if (mt->pdn) {
        ar_checkers_pdn_write(mt->pdn, rec);
        fflush(mt->pdn);
    }
    if (mt->replay_dir) {
        char path[4200];
        snprintf(path, sizeof path, "%s/game-%03u.json", mt->replay_dir, mt->played);
        if (ar_checkers_replay_write(path, rec, ar_bot_spec(black), ar_bot_spec(white), r) == 0)
            mt->replays++;
    }
    if (mt->verbose && !mt->json)
        printf("game %u: %s (black) vs %s (white), ACF ballot %u (%s): %s in %u plies (%s)\n", mt->played,
               ar_bot_spec(black), ar_bot_spec(white), number, moves,
               r->winner == CK_BLACK ? "black wins" : r->winner == CK_WHITE ? "white wins" : "draw", rec->count,
               r->why);
}

int ar_checkers_match_main(int argc, char **argv)
{
    const char *bots_text = NULL, *pdn_path = NULL, *replay_dir = NULL;
    uint64_t games = 2, max_plies = 1000;
    int verbose = 0;
    const ar_opt opts[] = {
        {.name = "bots", .kind = AR_OPT_TEXT, .dest = &bots_text, .metavar = "A,B[,...]"},
        {.name = "games", .kind = AR_OPT_UINT, .dest = &games, .min = 1, .max = 1000000, .metavar = "N"},
        {.name = "max-plies", .kind = AR_OPT_UINT, .dest = &max_plies, .min = 1, .max = 100000, .metavar = "N"},
        {.name = "pdn", .kind = AR_OPT_TEXT, .dest = &pdn_path, .metavar = "FILE"},
        {.name = "replay", .kind = AR_OPT_TEXT, .dest = &replay_dir, .metavar = "DIR"},
        {.name = "verbose", .kind = AR_OPT_FLAG, .dest = &verbose},
        {.name = NULL}};
    ar_tool_cmd cmd = {.name = "match checkers", .help_topic = "checkers",
                       .common = AR_COMMON_OUTPUT | AR_COMMON_SEED | AR_COMMON_MEMORY_LIMIT, .options = opts};
    match mt;
    char *list = NULL, *tok, *save = NULL;
    const char **names = NULL;
    unsigned i, j, k, pairs_games, order[200], nballots = ar_checkers_ballot_count();
    ar_error err;
    ar_rng rng;
    int rc = ar_tool_parse(&cmd, argc, argv, 2);
    if (rc)
        return rc;
    if (!bots_text)
        return ar_tool_fail("match checkers: which bots? (--bots A,B, e.g. --bots engine:depth=8,engine:depth=6)");
    memset(&mt, 0, sizeof mt);
    mt.g = ar_game_find("checkers");
    mt.verbose = verbose;
    mt.json = cmd.json;
    mt.replay_dir = replay_dir;
    if (!cmd.given || !(cmd.given & AR_COMMON_SEED))
        cmd.seed = 1;
    if (ar_game_create(mt.g, NULL, 0, &mt.v, &err) != AR_OK)
        return ar_tool_fail("match checkers: %s", err.message);
    list = ar_xstrdup(bots_text);
    mt.bots = ar_xcalloc(64, sizeof *mt.bots);
    for (tok = strtok_r(list, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (mt.nbots == 64) {
            rc = ar_tool_fail("match checkers: at most 64 bots");
            goto done;
        }
        ar_error_clear(&err);
        if (ar_bot_create(mt.g, mt.v, tok, cmd.seed * 1000003u + mt.nbots, cmd.limits.memory_limit,
                          &mt.bots[mt.nbots], &err) != AR_OK) {
            rc = ar_tool_fail("match checkers: bot %u '%s': %s", mt.nbots + 1, tok, err.message);
            goto done;
        }
        ar_bot_set_interrupt(mt.bots[mt.nbots], &ar_tool_interrupted);
        mt.nbots++;
    }
    if (mt.nbots < 2) {
        rc = ar_tool_fail("match checkers: a match needs at least two bots (--bots A,B)");
        goto done;
    }
    if (replay_dir) {
        char why[300];
        if (ar_tool_make_dir(replay_dir, why, sizeof why) != 0) {
            rc = ar_tool_fail("match checkers: --replay: %s", why);
            goto done;
        }
    }
    if (pdn_path && !(mt.pdn = fopen(pdn_path, "w"))) {
        rc = ar_tool_fail("match checkers: cannot write '%s': %s", pdn_path, strerror(errno));
        goto done;
    }
    /* The ballots in an order fixed by the seed. */
    for (k = 0; k < nballots; k++)
        order[k] = k;
    ar_rng_seed(&rng, cmd.seed);
    for (k = nballots - 1; k > 0; k--) {
        unsigned r = (unsigned)ar_rng_below(&rng, k + 1), t = order[k];
        order[k] = order[r];
        order[r] = t;
    }
    pairs_games = (unsigned)(games + (games & 1));
    mt.table.bots = mt.nbots;
    mt.table.pairs = ar_xcalloc((size_t)mt.nbots * mt.nbots, sizeof *mt.table.pairs);
    mt.total = pairs_games * mt.nbots * (mt.nbots - 1) / 2;
    ar_tool_install_sigint();
    for (i = 0; i < mt.nbots && !mt.table.interrupted; i++)
        for (j = i + 1; j < mt.nbots && !mt.table.interrupted; j++)
            for (k = 0; k < pairs_games; k++) {
                ck_game rec;
                ck_played r;
                unsigned ballot = order[(k / 2) % nballots];
                int i_black = k % 2 == 0;
                ar_bot *black = i_black ? mt.bots[i] : mt.bots[j], *white = i_black ? mt.bots[j] : mt.bots[i];
                ar_checkers_play(mt.g, mt.v, black, white, ballot, (unsigned)max_plies, &rec, &r);
                if (r.interrupted) {
                    ar_checkers_game_free(&rec);
                    mt.table.interrupted = 1;
                    break;
                }
                mt.played++;
                ar_match_table_record(&mt.table, i, j,
                                      r.winner < 0 ? 0 : r.winner == (i_black ? CK_BLACK : CK_WHITE) ? 1 : -1);
                finish_game(&mt, &rec, black, white, ballot, &r);
                ar_checkers_game_free(&rec);
                if (!mt.json) {
                    char detail[64];
                    snprintf(detail, sizeof detail, "game %u of %u", mt.played, mt.total);
                    ar_progress_update(&cmd.progress, mt.played, mt.total, "games", detail);
                }
            }
    ar_progress_finish(&cmd.progress);
    names = ar_xcalloc(mt.nbots, sizeof *names);
    for (i = 0; i < mt.nbots; i++)
        names[i] = ar_bot_spec(mt.bots[i]);
    if (!mt.json)
        printf("checkers: %u games from the ACF three-move ballots (seed %llu)%s\n\n", mt.played,
               (unsigned long long)cmd.seed, mt.table.interrupted ? ", interrupted" : "");
    ar_match_print_table(stdout, &mt.table, names, mt.json);
    if (mt.replay_dir && !mt.json)
        printf("\n%u replay files in %s (ariadne replay FILE [--html OUT.html])\n", mt.replays, mt.replay_dir);
    rc = mt.table.interrupted ? AR_EXIT_LIMIT : AR_EXIT_OK;
done:
    if (mt.pdn)
        fclose(mt.pdn);
    for (i = 0; i < mt.nbots; i++)
        ar_bot_destroy(mt.bots[i]);
    free(mt.bots);
    free(names);
    free(list);
    ar_match_table_free(&mt.table);
    if (mt.v)
        mt.g->destroy(mt.v);
    return rc;
}
