/* test_guessit.c — Isaacs' Guess It: the matrix-game solver on games whose
 * solutions are known by hand; the recursive solution (the first player's
 * 0.54 of the notes, the exact value, the states worked by hand) verified as
 * an equilibrium; the exact results of the bots; the rules worked move by
 * move; and the bots measured in the arena against the exact figures. */
#include "check.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/arena.h"
#include "ariadne/matrixgame.h"
#include "games/guessit/guessit_internal.h"

static const ar_game *G;

static void test_matrix_games(void)
{
    ar_matrix_game_solution s;
    ar_error err;
    /* Matching pennies: value 0, each side 1/2. */
    double pennies[] = {1, -1, -1, 1};
    /* Rock, paper, scissors: value 0, each 1/3. */
    double rps[] = {0, -1, 1, 1, 0, -1, -1, 1, 0};
    /* A saddle point: row 1 against column 0, value 2. */
    double saddle[] = {1, 4, 2, 3};
    /* 2 x 2 without a saddle: [[3, -1], [-2, 1]]: row 3/7, column 2/7, value 1/7. */
    double mixed[] = {3, -1, -2, 1};
    /* A dominated row (the middle) and a constant one. */
    double dom[] = {0.25, 0.25, 0.1, 0.2, 1, 0};
    CHECK(ar_matrix_game_solve(pennies, 2, 2, &s, &err) == AR_OK);
    CHECK(fabs(s.value) < 1e-12 && fabs(s.row[0] - 0.5) < 1e-12 && fabs(s.col[0] - 0.5) < 1e-12);
    CHECK(ar_matrix_game_solve(rps, 3, 3, &s, &err) == AR_OK);
    CHECK(fabs(s.value) < 1e-12 && fabs(s.row[2] - 1.0 / 3) < 1e-12 && fabs(s.col[1] - 1.0 / 3) < 1e-12);
    CHECK(ar_matrix_game_gap(rps, 3, 3, s.row, s.col) < 1e-12);
    CHECK(ar_matrix_game_solve(saddle, 2, 2, &s, &err) == AR_OK);
    CHECK(fabs(s.value - 2) < 1e-12 && s.row[1] > 1 - 1e-12 && s.col[0] > 1 - 1e-12);
    CHECK(ar_matrix_game_solve(mixed, 2, 2, &s, &err) == AR_OK);
    CHECK(fabs(s.value - 1.0 / 7) < 1e-12 && fabs(s.row[0] - 3.0 / 7) < 1e-12 && fabs(s.col[0] - 2.0 / 7) < 1e-12);
    CHECK(ar_matrix_game_solve(dom, 3, 2, &s, &err) == AR_OK);
    CHECK(ar_matrix_game_gap(dom, 3, 2, s.row, s.col) < 1e-12);
    CHECK(fabs(s.value - 0.25) < 1e-12);
    /* A pure deviation gains against a wrong answer. */
    {
        double row[2] = {1, 0}, col[2] = {1, 0};
        CHECK(fabs(ar_matrix_game_gap(pennies, 2, 2, row, col) - 2) < 1e-12);
    }
    CHECK(ar_matrix_game_solve(pennies, 0, 2, &s, &err) == AR_ERR_INPUT);
    CHECK(ar_matrix_game_solve(pennies, 17, 2, &s, &err) == AR_ERR_INPUT);
    {
        double bad[] = {1, NAN, 0, 0};
        CHECK(ar_matrix_game_solve(bad, 2, 2, &s, &err) == AR_ERR_INPUT && strstr(err.message, "not a number"));
    }
}

static void test_solution(void)
{
    guessit_solution *sol = malloc(sizeof *sol);
    ar_error err;
    int m, n;
    CHECK(ar_guessit_solve(5, sol, &err) == AR_OK);
    /* The notes: the first player wins with probability 0.54. The exact
     * value, 4449543596704824979 / 8257467066769766146, was found with
     * rational arithmetic by a separate program written for this test. */
    CHECK(fabs(sol->s[5][5].value - 0.54) < 0.005);
    CHECK(fabs(sol->s[5][5].value - 4449543596704824979.0 / 8257467066769766146.0) < 1e-13);
    /* States worked by hand: V(1,1) = 1/2; V(1,2) = 1/2 asking 3/4 of the
     * time, bluffing 1/4, the opponent calling 1/2; V(2,1) = 2/3 asking and
     * bluffing half the time each, calling 1/3. */
    CHECK(fabs(sol->s[1][1].value - 0.5) < 1e-12);
    CHECK(fabs(sol->s[1][2].value - 0.5) < 1e-12 && fabs(sol->s[1][2].bluff - 0.25) < 1e-12 &&
          fabs(sol->s[1][2].call - 0.5) < 1e-12);
    CHECK(fabs(sol->s[2][1].value - 2.0 / 3) < 1e-12 && fabs(sol->s[2][1].bluff - 0.5) < 1e-12 &&
          fabs(sol->s[2][1].call - 1.0 / 3) < 1e-12);
    CHECK(fabs(sol->s[3][3].value - 23.0 / 42) < 1e-12);
    /* Boundaries: sure of the card, or the opponent is. */
    CHECK(sol->s[3][0].value == 1 && sol->s[0][3].value == 0.25);
    /* Every state an equilibrium: no pure deviation gains, locally or
     * through the whole game. */
    for (m = 1; m <= 5; m++)
        for (n = 1; n <= 5; n++)
            CHECK_MSG(sol->s[m][n].gap < 1e-12, "(%d,%d) gap %g", m, n, sol->s[m][n].gap);
    CHECK(ar_guessit_equilibrium_gap(sol) < 1e-12);
    /* The bots' exact results. */
    CHECK(fabs(ar_guessit_match_value(sol, GUESSIT_OPTIMAL, GUESSIT_OPTIMAL, 5) - sol->s[5][5].value) < 1e-12);
    CHECK(fabs(ar_guessit_match_value(sol, GUESSIT_NEVER_BLUFF, GUESSIT_ALWAYS_BLUFF, 5) - 1.0 / 6) < 1e-12);
    CHECK(ar_guessit_match_value(sol, GUESSIT_ALWAYS_BLUFF, GUESSIT_NEVER_BLUFF, 5) == 1);
    CHECK(fabs(ar_guessit_best_response(sol, GUESSIT_OPTIMAL, 5, 1) - sol->s[5][5].value) < 1e-12);
    CHECK(fabs(ar_guessit_best_response(sol, GUESSIT_OPTIMAL, 5, 0) - (1 - sol->s[5][5].value)) < 1e-12);
    CHECK(ar_guessit_best_response(sol, GUESSIT_NEVER_BLUFF, 5, 1) < 1e-12);
    CHECK(ar_guessit_solve(0, sol, &err) == AR_ERR_INPUT && ar_guessit_solve(21, sol, &err) == AR_ERR_INPUT);
    free(sol);
}

static ar_gmove move(const ar_variant *v, const void *pos, int player, const char *t)
{
    ar_gmove m = AR_GMOVE_NONE;
    ar_error err;
    CHECK_MSG(G->parse_move(v, pos, player, t, strlen(t), &m, &err) == AR_OK, "%s: %s", t, err.message);
    CHECK(ar_game_is_legal(G, v, pos, player, m));
    return m;
}

static const char *text(const ar_variant *v, const void *pos)
{
    static char buf[512];
    G->format_position(v, pos, buf, sizeof buf);
    return buf;
}

static void test_rules(void)
{
    ar_param p = {"hand", "2"};
    ar_variant *v;
    ar_error err;
    guessit_pos pos, view;
    ar_gmove m;
    CHECK(ar_game_create(G, &p, 1, &v, &err) == AR_OK);
    /* Five cards AS AH AD AC KS: AH hidden, P1 holds AS AC, P2 AD KS. */
    CHECK(G->parse_position(v, "P1 AS:1 AH:h AD:2 AC:1 KS:2 last:-", &pos, &err) == AR_OK);
    CHECK(G->to_move(v, &pos) == 0);
    G->apply(v, &pos, move(v, &pos, 0, "ask AD")); /* P2 shows AD */
    CHECK_STR(text(v, &pos), "P2 AS:1 AH:h AD:2a1 AC:1 KS:2 last:AD");
    /* P2's view: the hidden card and P1's unasked cards are unknown. */
    G->observe(v, &pos, 1, &view);
    CHECK_STR(text(v, &view), "P2 AS:? AH:? AD:2a1 AC:? KS:2 last:AD");
    G->apply(v, &pos, move(v, &pos, 1, "ask KS")); /* a bluff */
    CHECK_STR(text(v, &pos), "P1 AS:1 AH:h AD:2a1 AC:1 KS:2a2 last:KS");
    {
        guessit_knowledge k;
        G->observe(v, &pos, 0, &view);
        ar_guessit_knowledge(v, &view, &k);
        CHECK(k.call_card == 4 && k.m == 2 && k.ncand == 1); /* AH the one candidate besides the call */
    }
    CHECK(G->parse_move(v, &pos, 0, "ask AD", 6, &m, &err) == AR_ERR_INPUT && strstr(err.message, "asked for already"));
    CHECK(G->parse_move(v, &pos, 0, "guess AS", 8, &m, &err) == AR_ERR_INPUT && strstr(err.message, "yours"));
    CHECK(G->parse_move(v, &pos, 0, "guess AD", 8, &m, &err) == AR_ERR_INPUT && strstr(err.message, "face up"));
    CHECK(G->parse_move(v, &pos, 1, "ask AS", 6, &m, &err) == AR_ERR_INPUT && strstr(err.message, "turn"));
    CHECK(G->parse_move(v, &pos, 0, "fold", 4, &m, &err) == AR_ERR_INPUT);
    G->apply(v, &pos, move(v, &pos, 0, "g AH"));
    CHECK(G->outcome(v, &pos) == AR_WIN_P0);
    CHECK_STR(text(v, &pos), "P1-wins AS:1 AH:h AD:2a1 AC:1 KS:2a2 last:-");
    /* A call of a bluff loses. */
    CHECK(G->parse_position(v, "P1 AS:1 AH:h AD:2 AC:1 KS:2a2 last:KS", &pos, &err) == AR_OK);
    G->apply(v, &pos, move(v, &pos, 0, "guess KS"));
    CHECK(G->outcome(v, &pos) == AR_WIN_P1);
    /* Malformed positions. */
    CHECK(G->parse_position(v, "P1 AS:1 AH:h AD:2 AC:1 last:-", &pos, &err) == AR_ERR_INPUT);
    CHECK(G->parse_position(v, "P1 AS:1 AH:h AD:2 AC:1 KS:1 last:-", &pos, &err) == AR_ERR_INPUT);
    CHECK(G->parse_position(v, "P3 AS:1 AH:h AD:2 AC:1 KS:2 last:-", &pos, &err) == AR_ERR_INPUT);
    CHECK(G->parse_position(v, "P1 AS:1 AH:h AD:2 AC:1 KS:2 last:AD", &pos, &err) == AR_ERR_INPUT);
    CHECK(G->parse_position(v, "P1 AS:1 AH:h AD:2 AC:1 KS:x last:-", &pos, &err) == AR_ERR_INPUT);
    G->destroy(v);
    p.value = "6";
    CHECK(ar_game_create(G, &p, 1, &v, &err) == AR_ERR_INPUT && strstr(err.message, "hand"));
}

/* The bots in the arena against the exact figures: the measured share of
 * wins of the first player lies within four standard errors. */
static void test_arena(void)
{
    ar_variant *v;
    ar_error err;
    ar_bot *bots[2];
    guessit_solution *sol;
    static const struct {
        const char *first, *second;
        guessit_strategy a, b;
    } pairs[] = {{"optimal", "never-bluff", GUESSIT_OPTIMAL, GUESSIT_NEVER_BLUFF},
                 {"never-bluff", "optimal", GUESSIT_NEVER_BLUFF, GUESSIT_OPTIMAL},
                 {"never-bluff", "always-bluff", GUESSIT_NEVER_BLUFF, GUESSIT_ALWAYS_BLUFF},
                 {"optimal", "optimal", GUESSIT_OPTIMAL, GUESSIT_OPTIMAL}};
    int k, games = 3000, g;
    CHECK(ar_game_create(G, NULL, 0, &v, &err) == AR_OK);
    sol = v->sol;
    for (k = 0; k < 4; k++) {
        int wins = 0;
        double exact = ar_guessit_match_value(sol, pairs[k].a, pairs[k].b, 5), se;
        CHECK(ar_bot_create(G, v, pairs[k].first, 11 + (uint64_t)k, 0, &bots[0], &err) == AR_OK);
        CHECK(ar_bot_create(G, v, pairs[k].second, 101 + (uint64_t)k, 0, &bots[1], &err) == AR_OK);
        for (g = 0; g < games; g++) {
            ar_game_record rec;
            CHECK(ar_play_game(G, v, bots, NULL, 0, 1000 * (uint64_t)k + (uint64_t)g, 100, NULL, &rec, &err) == AR_OK);
            wins += rec.outcome == AR_WIN_P0;
        }
        se = sqrt(exact * (1 - exact) / games);
        CHECK_MSG(fabs((double)wins / games - exact) <= 4 * se + 1e-9, "%s vs %s: %d of %d, exact %.4f", pairs[k].first,
                  pairs[k].second, wins, games, exact);
        ar_bot_destroy(bots[0]);
        ar_bot_destroy(bots[1]);
    }
    G->destroy(v);
}

int main(void)
{
    G = ar_game_find("guessit");
    CHECK(G != NULL);
    if (!G)
        return check_report("test_guessit");
    test_matrix_games();
    test_solution();
    test_rules();
    test_arena();
    return check_report("test_guessit");
}
