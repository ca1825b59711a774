/* chess_match.c — `ariadne match chess`: games between chess bots (the
 * engine, external UCI engines, the generic bots) from a small included
 * suite of openings, each played once with each colour, with clocks kept
 * by the bots, adjudication of clear results, PGN output, and the results
 * table with Elo differences and their 95% intervals (ar_match_print_table,
 * the same report as every other game's matches).
 *
 * Adjudication saves the time of playing out decided games: a win when the
 * last scores both sides reported agree that one side is 10 pawns or more
 * up (a mate score counts) for 4 plies in a row; a draw after move 40 when
 * both report a score within 0.1 pawns of 0 for 10 plies in a row. Bots that
 * report no score are never adjudicated. */
#include "ariadne/arena.h"
#include "ariadne/timer.h"
#include "ariadne/tool.h"
#include "chess_engine.h"

#include <stdlib.h>
#include <string.h>

/* Openings: main lines of common openings, 4 to 8 plies, UCI moves. */
static const char *const openings[] = {
    "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6",         /* Ruy Lopez */
    "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5",         /* Italian */
    "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6", /* Sicilian, open */
    "e2e4 c7c5 b1c3 b8c6 g2g3",              /* Sicilian, closed */
    "e2e4 e7e6 d2d4 d7d5 b1c3 g8f6",         /* French */
    "e2e4 c7c6 d2d4 d7d5 b1c3 d5e4 c3e4",    /* Caro-Kann */
    "e2e4 d7d6 d2d4 g8f6 b1c3 g7g6",         /* Pirc */
    "e2e4 g8f6 e4e5 f6d5 d2d4 d7d6",         /* Alekhine */
    "e2e4 d7d5 e4d5 d8d5 b1c3 d5a5",         /* Scandinavian */
    "e2e4 e7e5 g1f3 g8f6 f3e5 d7d6",         /* Petrov */
    "e2e4 e7e5 f2f4 e5f4",                   /* King's Gambit */
    "e2e4 e7e5 g1f3 b8c6 d2d4 e5d4 f3d4",    /* Scotch */
    "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6",         /* Queen's Gambit Declined */
    "d2d4 d7d5 c2c4 d5c4 g1f3 g8f6",         /* Queen's Gambit Accepted */
    "d2d4 d7d5 c2c4 c7c6 g1f3 g8f6",         /* Slav */
    "d2d4 g8f6 c2c4 g7g6 b1c3 f8g7 e2e4 d7d6", /* King's Indian */
    "d2d4 g8f6 c2c4 e7e6 b1c3 f8b4",         /* Nimzo-Indian */
    "d2d4 g8f6 c2c4 e7e6 g1f3 b7b6",         /* Queen's Indian */
    "d2d4 g8f6 c2c4 g7g6 b1c3 d7d5",         /* Grünfeld */
    "d2d4 f7f5 g2g3 g8f6 f1g2",              /* Dutch */
    "d2d4 g8f6 c2c4 c7c5 d4d5 b7b5",         /* Benko */
    "c2c4 e7e5 b1c3 g8f6 g1f3 b8c6",         /* English */
    "g1f3 d7d5 g2g3 g8f6 f1g2 c7c6",         /* Réti */
    "d2d4 d7d5 g1f3 g8f6 c1f4 e7e6",         /* London */
    NULL};

int ar_chess_opening_line(const ch_board *b, ch_move *moves, unsigned max, unsigned *n)
{
    unsigned k;
    for (k = 0; openings[k]; k++) {
        ch_board c;
        const char *p = openings[k];
        unsigned count = 0;
        ar_chess_startpos(&c);
        while (*p && count < max) {
            size_t len = strcspn(p, " ");
            if (ar_chess_parse_move(&c, p, len, &moves[count], NULL) != AR_OK)
                break;
            ar_chess_make(&c, moves[count++]);
            p += len;
            while (*p == ' ')
                p++;
        }
        if (*p)
            continue;
        if (c.key == b->key && !memcmp(c.board, b->board, 64)) {
            *n = count;
            return 1;
        }
        if (count < max) { /* or one move after it (the first bot has moved) */
            ch_move list[CH_MAX_MOVES];
            unsigned nl = ar_chess_legal(&c, list), i;
            for (i = 0; i < nl; i++) {
                ch_board d = c;
                ar_chess_make(&d, list[i]);
                if (d.key == b->key && !memcmp(d.board, b->board, 64)) {
                    moves[count++] = list[i];
                    *n = count;
                    return 1;
                }
            }
        }
    }
    return 0;
}

typedef struct match {
    const ar_game *g;
    ar_variant *v;
    ar_bot **bots;
    char **specs;
    unsigned nbots;
    unsigned games;
    int verbose, quiet;
    FILE *pgn;
    ar_match_table table;
    unsigned played, total;
} match;

typedef struct game_result {
    int winner; /* 0 white, 1 black, -1 draw */
    char why[240];
} game_result;

unsigned ar_chess_opening_count(void)
{
    unsigned n = 0;
    while (openings[n])
        n++;
    return n;
}

void ar_chess_play_opening(ar_chess_pos *pos, ch_game *rec, unsigned k)
{
    const char *p = openings[k];
    memset(pos, 0, sizeof *pos);
    ar_chess_startpos(&pos->b);
    while (*p) {
        size_t n = strcspn(p, " ");
        ch_move m;
        if (ar_chess_parse_move(&pos->b, p, n, &m, NULL) != AR_OK)
            break; /* the table is checked by the tests: never happens */
        ar_chess_pos_apply(pos, m);
        if (rec)
            ar_chess_game_push(rec, m);
        p += n;
        while (*p == ' ')
            p++;
    }
}

static void play_one(match *mt, ar_bot *white, ar_bot *black, unsigned opening, ch_game *rec, game_result *r)
{
    ar_chess_pos pos;
    ar_bot *side[2];
    int last_score[2] = {0, 0}, have[2] = {0, 0}, win_run = 0, win_side = -1, draw_run = 0;
    unsigned ply;
    side[0] = white;
    side[1] = black;
    ar_chess_play_opening(&pos, rec, opening);
    ar_bot_new_game(white);
    if (black != white)
        ar_bot_new_game(black);
    r->winner = -1;
    for (ply = 0; ply < 1000; ply++) {
        const char *why;
        ar_game_outcome o = ar_chess_outcome(&pos, &why);
        int stm = pos.b.stm;
        ar_gmove mv;
        ar_bot_info info;
        ar_error err;
        if (o != AR_ONGOING) {
            r->winner = o == AR_WIN_P0 ? 0 : o == AR_WIN_P1 ? 1 : -1;
            snprintf(r->why, sizeof r->why, "%s", why);
            return;
        }
        if (ar_tool_interrupted) {
            snprintf(r->why, sizeof r->why, "interrupted");
            r->winner = -2;
            return;
        }
        memset(&info, 0, sizeof info);
        ar_error_clear(&err);
        if (ar_bot_choose(side[stm], &pos, stm, &mv, &info, &err) != AR_OK ||
            !ar_game_is_legal(mt->g, mt->v, &pos, stm, mv)) {
            r->winner = stm ^ 1;
            snprintf(r->why, sizeof r->why, "%s forfeits: %.200s", stm ? "black" : "white",
                     err.message[0] ? err.message : "an illegal move");
            return;
        }
        ar_chess_pos_apply(&pos, (ch_move)mv);
        ar_chess_game_push(rec, (ch_move)mv);
        if (info.has_score) {
            /* from white's side */
            last_score[stm] = stm == CH_WHITE ? info.score : -info.score;
            have[stm] = 1;
        }
        if (have[0] && have[1]) {
            int w = last_score[0] >= 1000 && last_score[1] >= 1000;
            int b = last_score[0] <= -1000 && last_score[1] <= -1000;
            if (w || b) {
                int s = w ? 0 : 1;
                win_run = win_side == s ? win_run + 1 : 1;
                win_side = s;
            } else {
                win_run = 0;
                win_side = -1;
            }
            if (abs(last_score[0]) <= 10 && abs(last_score[1]) <= 10 && pos.b.fullmove > 40)
                draw_run++;
            else
                draw_run = 0;
            if (win_run >= 4) {
                r->winner = win_side;
                snprintf(r->why, sizeof r->why, "adjudicated: both engines score %s ahead by 10 pawns or more",
                         win_side ? "black" : "white");
                return;
            }
            if (draw_run >= 10) {
                snprintf(r->why, sizeof r->why, "adjudicated draw: both engines score it level");
                return;
            }
        }
    }
    snprintf(r->why, sizeof r->why, "adjudicated draw: 1000 plies");
}

static void record(match *mt, unsigned i, unsigned j, int i_is_white, const game_result *r)
{
    ar_pair_result *ij = &mt->table.pairs[i * mt->nbots + j], *ji = &mt->table.pairs[j * mt->nbots + i];
    int i_side = i_is_white ? 0 : 1;
    if (r->winner == -1) {
        ij->draws++;
        ji->draws++;
    } else if (r->winner == i_side) {
        ij->wins++;
        ji->losses++;
    } else {
        ij->losses++;
        ji->wins++;
    }
    mt->table.games_played++;
}

static void write_pgn(match *mt, ch_game *rec, const char *white, const char *black, unsigned round,
                      const game_result *r)
{
    snprintf(rec->result, sizeof rec->result, "%s", r->winner == 0 ? "1-0" : r->winner == 1 ? "0-1" : "1/2-1/2");
    rec->ntags = 0;
#define TAG(k, v)                                                                                                 \
    do {                                                                                                          \
        snprintf(rec->tags[rec->ntags][0], sizeof rec->tags[0][0], "%.95s", k);                                      \
        snprintf(rec->tags[rec->ntags][1], sizeof rec->tags[0][1], "%.95s", v);                                      \
        rec->ntags++;                                                                                             \
    } while (0)
    {
        char rnd[16];
        snprintf(rnd, sizeof rnd, "%u", round);
        TAG("Event", "ariadne match chess");
        TAG("Site", "ariadne");
        TAG("Round", rnd);
        TAG("White", white);
        TAG("Black", black);
        TAG("Termination", r->why);
    }
#undef TAG
    if (mt->pgn) {
        ar_chess_pgn_write(mt->pgn, rec);
        fflush(mt->pgn);
    }
}

/* A spec with the match's clock added, for chess bot kinds without limits. */
static char *with_clock(const char *spec, const char *tc)
{
    size_t n = strlen(spec) + (tc ? strlen(tc) : 0) + 16;
    char *out = malloc(n);
    if (!out)
        abort();
    if (!tc || strstr(spec, "tc=") || strstr(spec, "time=") || strstr(spec, "depth=") || strstr(spec, "nodes=")) {
        snprintf(out, n, "%s", spec);
    } else if (!strcmp(spec, "engine") || !strncmp(spec, "engine:", 7)) {
        snprintf(out, n, "engine:tc=%s%s", tc, spec + 6);
    } else if (!strncmp(spec, "uci:", 4) || !strncmp(spec, "xboard:", 7)) {
        snprintf(out, n, "%.*s:tc=%s:%s", (int)strcspn(spec, ":"), spec, tc, spec + strcspn(spec, ":") + 1);
    } else {
        snprintf(out, n, "%s", spec);
    }
    return out;
}

int ar_chess_match_main(int argc, char **argv)
{
    match mt;
    const char *bots = NULL, *tc = NULL, *pgn_path = NULL;
    uint64_t games = 2, seed = 1;
    unsigned i, j, k, nopen = 0;
    int rc = AR_EXIT_OK;
    ar_error err;
    char *list, *tok, *save = NULL;
    ar_progress pr;
    const ar_opt opts[] = {{.name = "bots", .kind = AR_OPT_TEXT, .dest = &bots, .metavar = "A,B"},
                           {.name = "games", .kind = AR_OPT_UINT, .dest = &games, .min = 1, .max = 1000000},
                           {.name = "tc", .kind = AR_OPT_TEXT, .dest = &tc, .metavar = "BASE+INC"},
                           {.name = "pgn", .kind = AR_OPT_TEXT, .dest = &pgn_path, .metavar = "FILE"},
                           {.name = "verbose", .kind = AR_OPT_FLAG, .dest = &mt.verbose},
                           {.name = NULL}};
    ar_tool_cmd cmd = {.name = "match chess", .help_topic = "chess", .common = AR_COMMON_OUTPUT | AR_COMMON_SEED,
                       .options = opts};
    memset(&mt, 0, sizeof mt);
    if ((rc = ar_tool_parse(&cmd, argc, argv, 2)) != 0)
        return rc;
    if (cmd.given & AR_COMMON_SEED)
        seed = cmd.seed ? cmd.seed : 1;
    mt.quiet = cmd.quiet;
    if (!bots)
        return ar_tool_fail("match chess: which bots? --bots A,B (e.g. --bots engine,uci:/usr/games/fairymax)");
    if (tc) {
        double b, inc;
        char *end;
        b = strtod(tc, &end);
        inc = *end == '+' ? strtod(end + 1, &end) : 0;
        if (*end || b <= 0 || inc < 0)
            return ar_tool_fail("match chess: --tc '%s' (use BASE+INC in seconds, e.g. 10+0.1)", tc);
    }
    nopen = ar_chess_opening_count();
    mt.g = ar_game_find("chess");
    mt.games = (unsigned)(games + games % 2);
    if (ar_game_create(mt.g, NULL, 0, &mt.v, &err) != AR_OK)
        return ar_tool_fail("match chess: %s", err.message);
    list = malloc(strlen(bots) + 1);
    if (!list)
        abort();
    strcpy(list, bots);
    for (tok = strtok_r(list, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        char *spec = with_clock(tok, tc);
        ar_bot *bot;
        if (ar_bot_create(mt.g, mt.v, spec, seed + mt.nbots, 0, &bot, &err) != AR_OK) {
            rc = ar_tool_fail("match chess: bot '%s': %s", tok, err.message);
            free(spec);
            goto done;
        }
        ar_bot_set_interrupt(bot, &ar_tool_interrupted);
        mt.bots = realloc(mt.bots, (mt.nbots + 1) * sizeof *mt.bots);
        mt.specs = realloc(mt.specs, (mt.nbots + 1) * sizeof *mt.specs);
        if (!mt.bots || !mt.specs)
            abort();
        mt.bots[mt.nbots] = bot;
        mt.specs[mt.nbots] = spec;
        mt.nbots++;
    }
    if (mt.nbots < 2) {
        rc = ar_tool_fail("match chess: --bots needs at least two bots");
        goto done;
    }
    if (pgn_path) {
        mt.pgn = fopen(pgn_path, "w");
        if (!mt.pgn) {
            rc = ar_tool_fail("match chess: cannot write %s", pgn_path);
            goto done;
        }
    }
    mt.table.bots = mt.nbots;
    mt.table.pairs = calloc((size_t)mt.nbots * mt.nbots, sizeof *mt.table.pairs);
    if (!mt.table.pairs)
        abort();
    mt.total = mt.games * mt.nbots * (mt.nbots - 1) / 2;
    ar_tool_install_sigint();
    ar_progress_init(&pr, stderr, cmd.progress_mode, "match chess");
    for (i = 0; i < mt.nbots && !mt.table.interrupted; i++)
        for (j = i + 1; j < mt.nbots && !mt.table.interrupted; j++)
            for (k = 0; k < mt.games; k++) {
                ch_game rec;
                game_result r;
                int i_white = k % 2 == 0;
                unsigned opening = (unsigned)((k / 2 + seed - 1) % nopen);
                double t0 = ar_now();
                memset(&rec, 0, sizeof rec);
                ar_chess_startpos(&rec.start);
                play_one(&mt, i_white ? mt.bots[i] : mt.bots[j], i_white ? mt.bots[j] : mt.bots[i], opening, &rec,
                         &r);
                if (r.winner == -2) {
                    mt.table.interrupted = 1;
                    ar_chess_game_free(&rec);
                    break;
                }
                record(&mt, i, j, i_white, &r);
                mt.played++;
                write_pgn(&mt, &rec, i_white ? mt.specs[i] : mt.specs[j], i_white ? mt.specs[j] : mt.specs[i],
                          mt.played, &r);
                if (mt.verbose && !cmd.json)
                    printf("game %u: %s (white) vs %s (black): %s, %u plies, %.1f s; %s\n", mt.played,
                           i_white ? mt.specs[i] : mt.specs[j], i_white ? mt.specs[j] : mt.specs[i],
                           r.winner == 0 ? "1-0" : r.winner == 1 ? "0-1" : "1/2-1/2", rec.count, ar_now() - t0,
                           r.why);
                {
                    char detail[200];
                    snprintf(detail, sizeof detail, "%s vs %s", mt.specs[i], mt.specs[j]);
                    ar_progress_update(&pr, mt.played, mt.total, "games", detail);
                }
                fflush(stdout);
                ar_chess_game_free(&rec);
            }
    ar_progress_finish(&pr);
    if (cmd.json) {
        printf("{\"game\": \"chess\", \"seed\": %llu, \"games_per_pair\": %u, \"tc\": ",
               (unsigned long long)seed, mt.games);
        if (tc)
            ar_json_string(stdout, tc);
        else
            printf("null");
        printf(", \"bots\": [");
        for (i = 0; i < mt.nbots; i++) {
            printf("%s", i ? ", " : "");
            ar_json_string(stdout, mt.specs[i]);
        }
        printf("], ");
        ar_match_print_json_members(stdout, &mt.table, (const char *const *)mt.specs);
        printf("}\n");
    } else {
        ar_match_print_table(stdout, &mt.table, (const char *const *)mt.specs, 0);
        if (mt.table.interrupted)
            printf("\n(interrupted after %u games: the table covers the games played)\n", mt.played);
    }
    if (mt.table.interrupted)
        rc = AR_EXIT_LIMIT;
done:
    if (mt.pgn)
        fclose(mt.pgn);
    for (i = 0; i < mt.nbots; i++) {
        ar_bot_destroy(mt.bots[i]);
        free(mt.specs[i]);
    }
    free(mt.bots);
    free(mt.specs);
    free(mt.table.pairs);
    free(list);
    mt.g->destroy(mt.v);
    return rc;
}
