/* test_goofspiel.c — the template game's rules, checked on small games worked
 * out by hand (prizes, bids, ties, points, the end), its notation and
 * position text, what a player sees with --hidden, and what the library does
 * with a game of three players: the arena plays it and scores it, and the
 * engines that cannot search it say so. */
#include "check.h"

#include <stdlib.h>
#include <string.h>
#include "ariadne/arena.h"

static const ar_game *G;

static ar_variant *variant(const char *players, const char *cards, int hidden)
{
    ar_param p[3];
    size_t n = 0;
    ar_variant *v = NULL;
    ar_error err;
    if (players)
        p[n++] = (ar_param){"players", players};
    if (cards)
        p[n++] = (ar_param){"cards", cards};
    if (hidden)
        p[n++] = (ar_param){"hidden", NULL};
    CHECK_MSG(ar_game_create(G, p, n, &v, &err) == AR_OK, "%s", err.message);
    return v;
}

static const char *text(const ar_variant *v, const void *pos)
{
    static char buf[256];
    G->format_position(v, pos, buf, sizeof buf);
    return buf;
}

static ar_gmove card(const ar_variant *v, const void *pos, int player, const char *name)
{
    ar_gmove m = AR_GMOVE_NONE;
    ar_error err;
    CHECK_MSG(G->parse_move(v, pos, player, name, strlen(name), &m, &err) == AR_OK, "%s: %s", name,
              err.message);
    return m;
}

static void test_options(void)
{
    ar_variant *v;
    ar_error err;
    ar_param p = {"players", "11"};
    char buf[128];
    v = variant(NULL, NULL, 0);
    G->describe(v, buf, sizeof buf);
    CHECK_STR(buf, "goofspiel, 2 players, cards A..5");
    CHECK(ar_game_players(G, v) == 2);
    G->destroy(v);
    v = variant("3", "13", 1);
    G->describe(v, buf, sizeof buf);
    CHECK_STR(buf, "goofspiel, 3 players, cards A..K, hidden bids");
    CHECK(ar_game_players(G, v) == 3);
    G->destroy(v);
    CHECK(ar_game_create(G, &p, 1, &v, &err) == AR_ERR_INPUT && strstr(err.message, "players"));
    p = (ar_param){"players", "1"};
    CHECK(ar_game_create(G, &p, 1, &v, &err) == AR_ERR_INPUT);
    p = (ar_param){"cards", "14"};
    CHECK(ar_game_create(G, &p, 1, &v, &err) == AR_ERR_INPUT && strstr(err.message, "cards"));
    p = (ar_param){"cards", "0"};
    CHECK(ar_game_create(G, &p, 1, &v, &err) == AR_ERR_INPUT);
    p = (ar_param){"jokers", "2"};
    CHECK(ar_game_create(G, &p, 1, &v, &err) == AR_ERR_INPUT && strstr(err.message, "jokers"));
}

/* Two players, cards A..3. Prize 2: P1 bids 3, P2 A, so P1 takes 2 points.
 * Prize 3: both bid 2, a tie, nobody scores. Prize A: P1 bids A, P2 3, so P2
 * takes 1. P1 wins 2 to 1. */
static void test_two_player_game(void)
{
    ar_variant *v = variant(NULL, "3", 0);
    unsigned char pos[64];
    ar_gmove moves[8], bids[AR_MAX_PLAYERS];
    double probs[8], scores[AR_MAX_PLAYERS];
    char buf[128];
    unsigned n;
    CHECK(G->position_size(v) <= sizeof pos);
    G->initial_position(v, pos);
    CHECK_STR(text(v, pos), "- A23 A23:0 A23:0");
    CHECK(G->to_move(v, pos) == AR_PLAYER_CHANCE && G->outcome(v, pos) == AR_ONGOING);
    n = G->chance_outcomes(v, pos, moves, probs);
    CHECK(n == 3 && moves[0] == 1 && moves[2] == 3 && probs[0] == 1.0 / 3 && probs[2] == 1.0 / 3);
    CHECK(G->max_moves(v, pos) == 3);

    G->apply(v, pos, 2); /* chance turns up the 2 */
    CHECK_STR(text(v, pos), "2 A3 A23:0 A23:0");
    CHECK(G->to_move(v, pos) == AR_PLAYER_SIMULTANEOUS);
    CHECK(G->legal_moves(v, pos, 1, moves) == 3);
    /* Two players may play a joint move through apply. */
    G->apply(v, pos, AR_JOINT_MOVE(card(v, pos, 0, "3"), card(v, pos, 1, "A")));
    CHECK_STR(text(v, pos), "- A3 A2:2 23:0");

    G->apply(v, pos, 3);
    bids[0] = card(v, pos, 0, "2");
    bids[1] = card(v, pos, 1, "2");
    ar_game_apply_simultaneous(G, v, pos, bids);
    CHECK_STR(text(v, pos), "- A A:2 3:0"); /* the tie: nobody takes the 3 */

    n = G->chance_outcomes(v, pos, moves, probs);
    CHECK(n == 1 && moves[0] == 1 && probs[0] == 1.0);
    G->apply(v, pos, 1);
    CHECK(G->legal_moves(v, pos, 0, moves) == 1 && moves[0] == 1);
    bids[0] = 1;
    bids[1] = 3;
    ar_game_apply_simultaneous(G, v, pos, bids);
    CHECK_STR(text(v, pos), "- - -:2 -:1");
    CHECK(G->outcome(v, pos) == AR_WIN_P0);
    CHECK(G->legal_moves(v, pos, 0, moves) == 0);
    ar_game_scores(G, v, pos, scores);
    CHECK(scores[0] == 2 && scores[1] == 1);
    ar_game_result_text(G, v, pos, buf, sizeof buf);
    CHECK_STR(buf, "P1 wins (P1 2, P2 1)");
    G->destroy(v);
}

/* Three players, cards A..3: ties for the highest bid score for nobody even
 * when a lower bid is alone; the end is AR_GAME_OVER with the points. */
static void test_three_players(void)
{
    ar_variant *v = variant("3", "3", 0);
    unsigned char pos[64];
    ar_gmove bids[AR_MAX_PLAYERS];
    double scores[AR_MAX_PLAYERS];
    char buf[128];
    G->initial_position(v, pos);
    CHECK_STR(text(v, pos), "- A23 A23:0 A23:0 A23:0");
    G->apply(v, pos, 3);
    bids[0] = 1, bids[1] = 3, bids[2] = 3; /* P2 and P3 tie high: nobody */
    ar_game_apply_simultaneous(G, v, pos, bids);
    CHECK_STR(text(v, pos), "- A2 23:0 A2:0 A2:0");
    G->apply(v, pos, 2);
    bids[0] = 3, bids[1] = 2, bids[2] = 1; /* P1 alone highest */
    ar_game_apply_simultaneous(G, v, pos, bids);
    CHECK_STR(text(v, pos), "- A 2:2 A:0 2:0");
    G->apply(v, pos, 1);
    bids[0] = 2, bids[1] = 1, bids[2] = 2; /* P1 and P3 tie: nobody */
    ar_game_apply_simultaneous(G, v, pos, bids);
    CHECK_STR(text(v, pos), "- - -:2 -:0 -:0");
    CHECK(G->outcome(v, pos) == AR_GAME_OVER);
    ar_game_scores(G, v, pos, scores);
    CHECK(scores[0] == 2 && scores[1] == 0 && scores[2] == 0);
    ar_game_outcome_text(G, v, AR_GAME_OVER, buf, sizeof buf);
    CHECK_STR(buf, "game over");
    ar_game_result_text(G, v, pos, buf, sizeof buf);
    CHECK_STR(buf, "P1 wins (P1 2, P2 0, P3 0)");
    /* Shared first place, and a player without a move keeps its cards. */
    CHECK(G->parse_position(v, "2 - 2:0 2:1 3:1", pos, NULL) == AR_OK);
    bids[0] = 2, bids[1] = 2, bids[2] = AR_GMOVE_NONE;
    ar_game_apply_simultaneous(G, v, pos, bids);
    CHECK_STR(text(v, pos), "- - -:0 -:1 3:1");
    ar_game_result_text(G, v, pos, buf, sizeof buf);
    CHECK_STR(buf, "P2 and P3 share first place (P1 0, P2 1, P3 1)");
    G->destroy(v);
}

static void test_notation(void)
{
    ar_variant *v = variant(NULL, "13", 0), *small = variant(NULL, "5", 0);
    unsigned char pos[64];
    ar_gmove m;
    ar_error err;
    char buf[8];
    G->initial_position(v, pos);
    G->apply(v, pos, 7);
    CHECK(card(v, pos, 0, "T") == 10 && card(v, pos, 0, "10") == 10 && card(v, pos, 1, "k") == 13);
    CHECK(card(v, pos, 0, "A") == 1 && card(v, pos, 0, "1") == 1 && card(v, pos, 0, "9") == 9);
    CHECK(G->format_move(v, pos, 0, 12, buf, sizeof buf) == 1 && strcmp(buf, "Q") == 0);
    CHECK(G->parse_move(v, pos, 0, "14", 2, &m, &err) == AR_ERR_INPUT && strstr(err.message, "not a card"));
    CHECK(G->parse_move(v, pos, 0, "x", 1, &m, &err) == AR_ERR_INPUT);
    CHECK(G->parse_move(v, pos, 0, "", 0, &m, &err) == AR_ERR_INPUT);
    G->initial_position(small, pos);
    G->apply(small, pos, 1);
    CHECK(G->parse_move(small, pos, 0, "T", 1, &m, &err) == AR_ERR_INPUT && strstr(err.message, "A..5"));
    G->apply(small, pos, AR_JOINT_MOVE(4, 4));
    CHECK(G->parse_move(small, pos, 1, "4", 1, &m, &err) == AR_ERR_INPUT);
    CHECK_STR(err.message, "P2 does not hold 4 (cards: A235)");
    CHECK(G->parse_position(small, "- - -:7 -:6", pos, &err) == AR_OK);
    CHECK(G->parse_move(small, pos, 0, "3", 1, &m, &err) == AR_ERR_INPUT && strstr(err.message, "over"));
    G->destroy(v);
    G->destroy(small);
}

static void test_position_text(void)
{
    static const struct {
        const char *text, *why;
    } bad[] = {
        {"- A2345 A2345:0", "fields"},
        {"- A2345 A2345:0 A2345:0 A2345:0", "fields"},
        {"3 A2345 A2345:0 A2345:0", "still in the deck"},
        {"34 A25 A2345:0 A2345:0", "one prize"},
        {"3 A245 A245:0 A2345:0", "P1's hand has 4 cards"},
        {"3 A245 A2345 A2345:0", "HAND:POINTS"},
        {"3 A245 A2345:x A2345:0", "not a number"},
        {"3 A245 A2346:0 A2345:0", "not a card"},
        {"3 A245 A2235:0 A2345:0", "twice"},
        {"- A245 A245:2 A245:2", "prizes worth only 3"},
        {"3 A245 A2345:0 ?A2345:0", "only in parameter hidden"},
    };
    ar_variant *v = variant(NULL, NULL, 0), *h = variant(NULL, NULL, 1);
    unsigned char pos[64], again[64];
    ar_error err;
    size_t i;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ar_error_clear(&err);
        CHECK_MSG(G->parse_position(v, bad[i].text, pos, &err) == AR_ERR_INPUT, "'%s' accepted", bad[i].text);
        CHECK_MSG(strstr(err.message, bad[i].why) != NULL, "'%s': %s", bad[i].text, err.message);
    }
    CHECK(G->parse_position(v, "  3   A245 A2345:0   A2345:0 ", pos, &err) == AR_OK);
    CHECK_STR(text(v, pos), "3 A245 A2345:0 A2345:0");
    CHECK(G->parse_position(v, "- 45 53:3 A-3:0", pos, &err) == AR_ERR_INPUT); /* '-' is no card */
    CHECK(G->parse_position(v, "- 45 53:3 3A:0", pos, &err) == AR_OK);
    CHECK_STR(text(v, pos), "- 45 35:3 A3:0");
    G->initial_position(v, again);
    CHECK(G->parse_position(v, "- A2345 A2345:0 A2345:0", pos, &err) == AR_OK);
    CHECK(memcmp(pos, again, G->position_size(v)) == 0);
    /* A view's unseen hand reads back in a --hidden game. */
    CHECK(G->parse_position(h, "3 A245 A2345:0 ?A2345:0", pos, &err) == AR_OK);
    CHECK_STR(text(h, pos), "3 A245 A2345:0 ?A2345:0");
    G->destroy(v);
    G->destroy(h);
}

/* With --hidden a player sees its own hand and everyone's points; the
 * others' hands become "any card". Without it the view is the position. */
static void test_hidden(void)
{
    ar_variant *v = variant(NULL, NULL, 1), *open = variant(NULL, NULL, 0);
    unsigned char pos[64], view[64];
    ar_gmove a[8], b[8];
    unsigned na, nb, i;
    char buf[512];
    CHECK(G->flags & AR_GAME_HIDDEN);
    G->initial_position(v, pos);
    G->apply(v, pos, 3);
    G->apply(v, pos, AR_JOINT_MOVE(5, 2));
    G->apply(v, pos, 4);
    CHECK_STR(text(v, pos), "4 A25 A234:3 A345:0");
    ar_game_observe(G, v, pos, 0, view);
    CHECK_STR(text(v, view), "4 A25 A234:3 ?A2345:0");
    ar_game_observe(G, v, pos, 1, view);
    CHECK_STR(text(v, view), "4 A25 ?A2345:3 A345:0");
    /* The observer's moves are the same in the view. */
    na = G->legal_moves(v, pos, 1, a);
    nb = G->legal_moves(v, view, 1, b);
    CHECK(na == nb && memcmp(a, b, na * sizeof a[0]) == 0);
    /* The view plays on as a position (bots search it). */
    G->apply(v, view, AR_JOINT_MOVE(5, 5));
    CHECK_STR(text(v, view), "- A25 ?A234:3 A34:0");
    /* The picture shows only what everyone sees. */
    G->draw(v, pos, buf, sizeof buf);
    CHECK(strstr(buf, "4 cards") && !strstr(buf, "A234"));
    G->initial_position(open, pos);
    G->apply(open, pos, 2);
    ar_game_observe(G, open, pos, 1, view);
    CHECK(memcmp(pos, view, G->position_size(open)) == 0);
    G->draw(open, pos, buf, sizeof buf);
    CHECK(strstr(buf, "A2345") != NULL);
    for (i = 0; i < 2; i++)
        CHECK(ar_game_is_legal(G, open, pos, (int)i, 5));
    G->destroy(v);
    G->destroy(open);
}

/* The arena plays three players to the end and scores them by points; the
 * engines that cannot search such a game refuse it by name. */
static void test_arena_and_engines(void)
{
    ar_variant *v3 = variant("3", NULL, 0), *v2 = variant(NULL, NULL, 0), *vh = variant(NULL, NULL, 1);
    ar_bot *bots[3], *b;
    ar_game_record rec, again;
    ar_match_table t;
    ar_match_options mo;
    ar_error err;
    unsigned char pos[64];
    ar_gsearch_options so;
    ar_gsearch_result sr;
    ar_mcts_options mco;
    ar_mcts_result mr;
    double total = 0;
    int i;
    for (i = 0; i < 3; i++)
        CHECK(ar_bot_create(G, v3, "random", (uint64_t)i + 1, 0, &bots[i], &err) == AR_OK);
    CHECK(ar_play_game(G, v3, bots, NULL, 0, 9, 0, NULL, &rec, &err) == AR_OK);
    CHECK(rec.outcome == AR_GAME_OVER && rec.players == 3 && rec.plies == 10 && rec.forfeit < 0);
    for (i = 0; i < 3; i++)
        total += rec.scores[i];
    CHECK(total <= 15);
    CHECK_MSG(strchr(rec.moves, '/') && strlen(rec.moves) == 5 * 1 + 5 * 5 + 9, "moves '%s'", rec.moves);
    /* The same seeds, the same game (random bots keep their generator from
     * game to game, so new ones). */
    for (i = 0; i < 3; i++) {
        ar_bot_destroy(bots[i]);
        CHECK(ar_bot_create(G, v3, "random", (uint64_t)i + 1, 0, &bots[i], &err) == AR_OK);
    }
    CHECK(ar_play_game(G, v3, bots, NULL, 0, 9, 0, NULL, &again, &err) == AR_OK);
    CHECK_STR(rec.moves, again.moves);
    memset(&mo, 0, sizeof mo);
    mo.games = 2;
    CHECK(ar_match_run(G, v3, bots, 3, &mo, &t, &err) == AR_ERR_UNSUPPORTED && strstr(err.message, "two players"));
    for (i = 0; i < 3; i++)
        ar_bot_destroy(bots[i]);
    CHECK(ar_bot_create(G, v3, "mcts", 1, 0, &b, &err) == AR_ERR_UNSUPPORTED && strstr(err.message, "3 players"));
    CHECK(ar_bot_create(G, v3, "alphabeta", 1, 0, &b, &err) == AR_ERR_UNSUPPORTED);
    CHECK(ar_bot_create(G, vh, "minimax", 1, 0, &b, &err) == AR_ERR_UNSUPPORTED && strstr(err.message, "hides"));
    CHECK(ar_bot_create(G, vh, "perfect", 1, 0, &b, &err) == AR_ERR_UNSUPPORTED);
    G->initial_position(v3, pos);
    G->apply(v3, pos, 4);
    ar_mcts_options_init(&mco);
    mco.iterations = 10;
    CHECK(ar_mcts(G, v3, pos, 0, &mco, &mr, &err) == AR_ERR_UNSUPPORTED && mr.best == AR_GMOVE_NONE);
    ar_gsearch_options_init(&so);
    so.depth = 2;
    CHECK(ar_alphabeta(G, v3, pos, &so, &sr, &err) == AR_ERR_UNSUPPORTED && strstr(err.message, "two-player"));
    CHECK(ar_minimax(G, v3, pos, &so, &sr, &err) == AR_ERR_UNSUPPORTED);
    G->initial_position(v2, pos);
    G->apply(v2, pos, 4);
    CHECK(ar_alphabeta(G, v2, pos, &so, &sr, &err) == AR_ERR_UNSUPPORTED && strstr(err.message, "alternating"));
    /* MCTS plays both players' bids, on the view with --hidden. */
    CHECK(ar_bot_create(G, vh, "mcts:iters=200", 1, 0, &b, &err) == AR_OK);
    G->initial_position(vh, pos);
    G->apply(vh, pos, 4);
    for (i = 0; i < 2; i++) {
        ar_gmove m;
        CHECK(ar_bot_choose(b, pos, i, &m, NULL, &err) == AR_OK && ar_game_is_legal(G, vh, pos, i, m));
    }
    ar_bot_destroy(b);
    G->destroy(v3);
    G->destroy(v2);
    G->destroy(vh);
}

/* MCTS beats random bidding over a short match (both colours, fixed seeds). */
static void test_mcts_strength(void)
{
    static const char *const specs[2] = {"mcts:iters=1000", "random"};
    int hidden;
    for (hidden = 0; hidden < 2; hidden++) {
        ar_variant *v = variant(NULL, NULL, hidden);
        ar_bot *bots[2];
        ar_match_options mo;
        ar_match_table t;
        ar_error err;
        int i;
        for (i = 0; i < 2; i++)
            CHECK(ar_bot_create(G, v, specs[i], (uint64_t)i + 11, 0, &bots[i], &err) == AR_OK);
        memset(&mo, 0, sizeof mo);
        mo.games = 20;
        mo.seed = 3;
        CHECK(ar_match_run(G, v, bots, 2, &mo, &t, &err) == AR_OK);
        CHECK_MSG(t.pairs[1].wins > 2 * t.pairs[1].losses, "%s: mcts %u wins, %u draws, %u losses",
                  hidden ? "hidden" : "open", t.pairs[1].wins, t.pairs[1].draws, t.pairs[1].losses);
        ar_match_table_free(&t);
        for (i = 0; i < 2; i++)
            ar_bot_destroy(bots[i]);
        G->destroy(v);
    }
}

int main(void)
{
    G = ar_game_find("goofspiel");
    CHECK(G != NULL);
    if (!G)
        return check_report("test_goofspiel");
    test_options();
    test_two_player_game();
    test_three_players();
    test_notation();
    test_position_text();
    test_hidden();
    test_arena_and_engines();
    test_mcts_strength();
    return check_report("test_goofspiel");
}
