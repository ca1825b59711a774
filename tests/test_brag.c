/* test_brag.c — three-card brag's betting game: hands worked out by hand
 * (drops, a lone bettor, a showdown, a second round, a tie, nobody betting),
 * the position text and views, the notes' thresholds (75, 67, 50 for four
 * players, and the general formula), the bots at the table, and a seeded
 * simulation showing the last bidder's advantage with confidence
 * intervals that do not overlap. */
#include "check.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/arena.h"
#include "games/brag/brag_internal.h"

static const ar_game *G;

static ar_variant *variant(const char *players, const char *rounds)
{
    ar_param p[2];
    size_t n = 0;
    ar_variant *v = NULL;
    ar_error err;
    if (players)
        p[n++] = (ar_param){"players", players};
    if (rounds)
        p[n++] = (ar_param){"rounds", rounds};
    CHECK_MSG(ar_game_create(G, p, n, &v, &err) == AR_OK, "%s", err.message);
    return v;
}

static const char *text(const ar_variant *v, const void *pos)
{
    static char buf[512];
    G->format_position(v, pos, buf, sizeof buf);
    return buf;
}

static void play(const ar_variant *v, brag_pos *p, const char *moves)
{
    char buf[256], *tok, *save = NULL;
    snprintf(buf, sizeof buf, "%s", moves);
    for (tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        ar_gmove m;
        ar_error err;
        int who = G->to_move(v, p);
        CHECK_MSG(G->parse_move(v, p, who, tok, strlen(tok), &m, &err) == AR_OK, "%s: %s", tok, err.message);
        CHECK_MSG(who == AR_PLAYER_CHANCE || ar_game_is_legal(G, v, p, who, m), "%s is not legal", tok);
        G->apply(v, p, m);
    }
}

static void scores(const ar_variant *v, const brag_pos *p, const double *want, int n)
{
    double s[BRAG_MAX_PLAYERS];
    int i;
    CHECK(G->outcome(v, p) != AR_ONGOING);
    G->scores(v, p, s);
    for (i = 0; i < n; i++)
        CHECK_MSG(fabs(s[i] - want[i]) < 1e-12, "player %c scores %g, not %g", 'A' + i, s[i], want[i]);
}

static void test_rules(void)
{
    ar_variant *v = variant(NULL, NULL);
    brag_pos p, w;
    ar_error err;
    char d[128];
    G->describe(v, d, sizeof d);
    CHECK_STR(d, "brag, 4 players, showdown after 3 rounds");
    /* The deal: A, B, C, D, A, ... */
    G->initial_position(v, &p);
    CHECK(G->to_move(v, &p) == AR_PLAYER_CHANCE);
    play(v, &p, "As Kd 2h 3c");
    CHECK_STR(text(v, &p), "deal As----/w/1 Kd----/w/1 2h----/w/1 3c----/w/1");
    play(v, &p, "Ad 7d 2d 3d Ac 9d 2c 3h");
    CHECK_STR(text(v, &p), "r1 A f0 AsAdAc/w/1 Kd7d9d/w/1 2h2d2c/w/1 3c3d3h/w/1");
    G->observe(v, &p, 1, &w);
    CHECK_STR(text(v, &w), "r1 A f0 ?\?\?\?\?\?/w/1 Kd7d9d/w/1 ?\?\?\?\?\?/w/1 ?\?\?\?\?\?/w/1");
    /* Everybody bets: a second round among four; A drops, B bets, C and D
     * bet: a third round, then the showdown: D's prial of threes wins. */
    play(v, &p, "b b b b");
    CHECK_STR(text(v, &p), "r2 A f0 AsAdAc/w/2 Kd7d9d/w/2 2h2d2c/w/2 3c3d3h/w/2");
    play(v, &p, "d b b b");
    CHECK_STR(text(v, &p), "r3 B f0 AsAdAc/o/2 Kd7d9d/w/3 2h2d2c/w/3 3c3d3h/w/3");
    play(v, &p, "b d b");
    {
        double want[4] = {-2, -4, -3, 9};
        scores(v, &p, want, 4);
    }
    CHECK_STR(text(v, &p), "end AsAdAc/o/2 Kd7d9d/i/4 2h2d2c/d/3 3c3d3h/i/4");
    /* A lone bettor takes the pot unseen; the one left in a later round too. */
    CHECK(G->parse_position(v, "r1 A f0 AsAdAc/w/1 Kd7d9d/w/1 2h2d2c/w/1 3c3d3h/w/1", &p, &err) == AR_OK);
    play(v, &p, "d b d d");
    {
        double want[4] = {-1, 3, -1, -1};
        scores(v, &p, want, 4);
    }
    CHECK(G->parse_position(v, "r1 A f0 AsAdAc/w/1 Kd7d9d/w/1 2h2d2c/w/1 3c3d3h/w/1", &p, &err) == AR_OK);
    play(v, &p, "b b b d d b d");
    CHECK(G->outcome(v, &p) == AR_GAME_OVER);
    {
        double want[4] = {-2, 5, -2, -1};
        scores(v, &p, want, 4);
    }
    /* Nobody bets: the antes go back. */
    CHECK(G->parse_position(v, "r1 A f0 AsAdAc/w/1 Kd7d9d/w/1 2h2d2c/w/1 3c3d3h/w/1", &p, &err) == AR_OK);
    play(v, &p, "d d d d");
    {
        double want[4] = {0, 0, 0, 0};
        scores(v, &p, want, 4);
    }
    G->destroy(v);
    /* Two players, equal hands share the pot: a draw. */
    v = variant("2", "1");
    CHECK(G->parse_position(v, "r1 A f0 AsKd9c/w/1 AhKs9d/w/1", &p, &err) == AR_OK);
    play(v, &p, "b b");
    CHECK(G->outcome(v, &p) == AR_DRAW);
    /* Bad text and moves. */
    CHECK(G->parse_position(v, "r1 A f0 AsKd9c/w/1", &p, &err) == AR_ERR_INPUT);
    CHECK(G->parse_position(v, "r1 C f0 AsKd9c/w/1 AhKs9d/w/1", &p, &err) == AR_ERR_INPUT);
    CHECK(G->parse_position(v, "r1 A f0 AsKd9c/w/1 AsKs9d/w/1", &p, &err) == AR_ERR_INPUT &&
          strstr(err.message, "twice"));
    CHECK(G->parse_position(v, "r1 A f0 AsKd9c/w/9 AhKs9d/w/1", &p, &err) == AR_ERR_INPUT);
    CHECK(G->parse_position(v, "deal As----/w/1 ------/w/1", &p, &err) == AR_OK);
    CHECK(G->parse_position(v, "deal ------/w/1 Ks----/w/1", &p, &err) == AR_ERR_INPUT);
    CHECK(G->parse_position(v, "r1 A f0 AsKd9c/w/1 AhKs9d/w/1", &p, &err) == AR_OK);
    {
        ar_gmove m;
        CHECK(G->parse_move(v, &p, 0, "raise", 5, &m, &err) == AR_ERR_INPUT);
        CHECK(G->parse_move(v, &p, 1, "bet", 3, &m, &err) == AR_ERR_INPUT && strstr(err.message, "turn"));
    }
    G->destroy(v);
    {
        ar_param bad = {"players", "11"};
        CHECK(ar_game_create(G, &bad, 1, &v, &err) == AR_ERR_INPUT && strstr(err.message, "players"));
    }
}

static void test_thresholds(void)
{
    brag_decision d = {.players = 4, .round = 1, .still_in = 4, .win = 3, .stake = 2};
    brag_player threshold = {.strategy = BRAG_THRESHOLD}, formula = {.strategy = BRAG_FORMULA};
    ar_rng rng;
    ar_error err;
    brag_player parsed;
    ar_rng_seed(&rng, 1);
    /* The notes' four-player rule: A 75; B 67 (75 after A's bet); C 50 (67
     * after B's, 75 after A's); D anything when all passed. */
    d.place = 1;
    CHECK(fabs(ar_brag_threshold(&d) - 0.75) < 1e-12);
    d.place = 2;
    CHECK(fabs(ar_brag_threshold(&d) - 2.0 / 3) < 1e-12);
    d.first_bidder = 1;
    CHECK(fabs(ar_brag_threshold(&d) - 0.75) < 1e-12);
    d.place = 3;
    d.first_bidder = 0;
    CHECK(fabs(ar_brag_threshold(&d) - 0.5) < 1e-12);
    d.first_bidder = 2;
    CHECK(fabs(ar_brag_threshold(&d) - 2.0 / 3) < 1e-12);
    d.place = 4;
    d.first_bidder = 0;
    CHECK(ar_brag_threshold(&d) == 0);
    d.value = 0.01;
    CHECK(ar_brag_decide(&threshold, &d, &rng) == 1);
    /* After a first round where all four bet, the first player needs what
     * the first of eight would: 1 - 1/8. */
    d.round = 2;
    d.place = 1;
    CHECK(fabs(ar_brag_threshold(&d) - 0.875) < 1e-12);
    /* The formula weighs the pot: value * win / stake against the threshold. */
    d.round = 1;
    d.value = 0.6;
    d.win = 3;
    d.stake = 2;
    d.place = 1;
    CHECK(ar_brag_decide(&threshold, &d, &rng) == 0 && ar_brag_decide(&formula, &d, &rng) == 1);
    CHECK(ar_brag_parse_player("random-bluff:p=0.25", &parsed, &err) == AR_OK && parsed.bluff == 0.25);
    CHECK(ar_brag_parse_player("random-bluff:p=2", &parsed, &err) == AR_ERR_INPUT);
    CHECK(ar_brag_parse_player("threshold:x", &parsed, &err) == AR_ERR_INPUT);
    CHECK(ar_brag_parse_player("bluffer", &parsed, &err) == AR_ERR_INPUT && strstr(err.message, "threshold"));
}

static void test_bots(void)
{
    ar_variant *v = variant(NULL, NULL);
    ar_bot *bot;
    ar_error err;
    brag_pos p;
    ar_gmove m;
    ar_bot_info info;
    /* A's A,5 high (value 58) drops; B's pair bets. */
    CHECK(ar_bot_create(G, v, "threshold", 1, 0, &bot, &err) == AR_OK);
    CHECK(G->parse_position(v, "r1 A f0 Ah5s4c/w/1 7c7dKs/w/1 2h3h8d/w/1 9c9hJs/w/1", &p, &err) == AR_OK);
    CHECK(ar_bot_choose(bot, &p, 0, &m, &info, &err) == AR_OK && m == BRAG_DROP);
    CHECK(strstr(info.text, "threshold 75.0") != NULL);
    G->apply(v, &p, m);
    CHECK(ar_bot_choose(bot, &p, 1, &m, &info, &err) == AR_OK && m == BRAG_BET);
    ar_bot_destroy(bot);
    CHECK(ar_bot_create(G, v, "random-bluff:p=1", 1, 0, &bot, &err) == AR_OK);
    CHECK(G->parse_position(v, "r1 A f0 Ah5s4c/w/1 7c7dKs/w/1 2h3h8d/w/1 9c9hJs/w/1", &p, &err) == AR_OK);
    CHECK(ar_bot_choose(bot, &p, 0, &m, &info, &err) == AR_OK && m == BRAG_BET);
    ar_bot_destroy(bot);
    CHECK(ar_bot_create(G, v, "threshold:x", 1, 0, &bot, &err) == AR_ERR_INPUT);
    /* Four bots at the table through the arena. */
    {
        ar_bot *b[4];
        ar_game_record rec;
        const char *specs[4] = {"threshold", "formula", "never-bluff", "always-bet"};
        int i;
        double sum = 0;
        for (i = 0; i < 4; i++)
            CHECK(ar_bot_create(G, v, specs[i], (uint64_t)i, 0, &b[i], &err) == AR_OK);
        CHECK(ar_play_game(G, v, b, NULL, 0, 5, 200, NULL, &rec, &err) == AR_OK);
        for (i = 0; i < 4; i++)
            sum += rec.scores[i];
        CHECK(rec.outcome == AR_GAME_OVER && fabs(sum) < 1e-12);
        for (i = 0; i < 4; i++)
            ar_bot_destroy(b[i]);
    }
    G->destroy(v);
}

/* The notes' point: with everybody playing the threshold rule, the last to
 * bid wins what the first loses; each seat's interval clear of the next. */
static void test_simulation(void)
{
    brag_sim_options o;
    brag_sim_result r;
    ar_error err;
    int i;
    memset(&o, 0, sizeof o);
    o.players = 4;
    o.max_rounds = 3;
    o.hands = 200000;
    o.seed = 7;
    CHECK(ar_brag_simulate(&o, &r, &err) == AR_OK && r.hands == 200000);
    for (i = 0; i + 1 < 4; i++)
        CHECK_MSG(r.per_seat[i].mean + r.per_seat[i].half_width < r.per_seat[i + 1].mean - r.per_seat[i + 1].half_width,
                  "seat %c %.4f ± %.4f, seat %c %.4f ± %.4f", 'A' + i, r.per_seat[i].mean, r.per_seat[i].half_width,
                  'B' + i, r.per_seat[i + 1].mean, r.per_seat[i + 1].half_width);
    CHECK(r.per_seat[3].mean > 0.4 && r.per_seat[0].mean < -0.2);
    CHECK(fabs(r.per_seat[0].mean + r.per_seat[1].mean + r.per_seat[2].mean + r.per_seat[3].mean) < 1e-9);
    CHECK(r.no_contest == 0); /* D always bets when all passed */
    /* Rotating the seats evens them out for the same strategy. */
    o.rotate = 1;
    CHECK(ar_brag_simulate(&o, &r, &err) == AR_OK);
    for (i = 0; i < 4; i++)
        CHECK(fabs(r.per_player[i].mean) <= 2 * r.per_player[i].half_width + 1e-9);
    o.players = 1;
    CHECK(ar_brag_simulate(&o, &r, &err) == AR_ERR_INPUT);
}

int main(void)
{
    G = ar_game_find("brag");
    CHECK(G != NULL);
    if (!G)
        return check_report("test_brag");
    test_rules();
    test_thresholds();
    test_bots();
    test_simulation();
    return check_report("test_brag");
}
