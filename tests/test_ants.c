/* test_ants.c — the Ants rules on small hand-made positions (the focus
 * battle rule, collisions, contested food, spawning, razing and its points,
 * the lone survivor's bonus, a player taken out), the protocol text both
 * ways, and the ladder: the strong bot beats every sample bot on a small map
 * within the turn time (CPU time: the test machine may be shared). (The recorded official games are test_ants_oracle.) */
#include "check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/timer.h"
#include "games/ants/ants_play.h"

/* A variant from map lines (rows of equal length), players from the hills. */
static struct ar_variant *make(const char *const *rows, int nrows, int players)
{
    char text[4096];
    size_t k = 0;
    ar_error err;
    struct ar_variant *v;
    k += (size_t)snprintf(text + k, sizeof text - k, "rows %d\ncols %d\nplayers %d\n", nrows, (int)strlen(rows[0]),
                          players);
    for (int i = 0; i < nrows; i++)
        k += (size_t)snprintf(text + k, sizeof text - k, "m %s\n", rows[i]);
    CHECK_MSG(ar_ants_variant_from_text(text, "test", &v, &err) == AR_OK, "%s", err.message);
    v->food_rate = 0; /* no food unless placed */
    v->food_visible = 0;
    v->food_start = 0;
    CHECK(ar_ants_variant_prepare(v, &err) == AR_OK);
    return v;
}

/* Puts an ant of owner on (r, c). */
static void put_ant(struct ar_variant *v, void *pos, int r, int c, int owner)
{
    ANTS_MAP(v, pos)[r * v->cols + c] = (uint8_t)owner;
}

static int ant_at(struct ar_variant *v, void *pos, int r, int c)
{
    uint8_t m = ANTS_MAP(v, pos)[r * v->cols + c];
    return m < ANTS_MAX_PLAYERS ? m : -1;
}

static void turn(struct ar_variant *v, void *pos, ants_order *o0, size_t n0, ants_order *o1, size_t n1)
{
    ants_order *orders[ANTS_MAX_PLAYERS] = {o0, o1};
    size_t counts[ANTS_MAX_PLAYERS] = {n0, n1};
    ar_ants_play_turn(v, pos, orders, counts, NULL);
}

static void test_focus(void)
{
    /* far-apart hills; the fight happens in the middle of a 20 x 20 map */
    static const char *const rows[] = {"0...................", "....................", "....................",
                                       "....................", "....................", "....................",
                                       "....................", "....................", "....................",
                                       "....................", "1...................", "....................",
                                       "....................", "....................", "....................",
                                       "....................", "....................", "....................",
                                       "....................", "...................."};
    struct ar_variant *v = make(rows, 20, 2);
    void *pos = malloc(v->size);
    /* one against one at distance 2 (r2 4 <= 5): both die */
    ar_ants_initial(v, pos);
    put_ant(v, pos, 5, 10, 0);
    put_ant(v, pos, 5, 12, 1);
    turn(v, pos, NULL, 0, NULL, 0);
    CHECK(ant_at(v, pos, 5, 10) == -1 && ant_at(v, pos, 5, 12) == -1);
    CHECK_MSG(((ants_head *)pos)->ndead == 2, "ndead %d ended %d turn %d", ((ants_head *)pos)->ndead, ((ants_head *)pos)->ended, ((ants_head *)pos)->turn);
    /* two against one: the one dies, the two live */
    ar_ants_initial(v, pos);
    put_ant(v, pos, 5, 10, 0);
    put_ant(v, pos, 6, 10, 0);
    put_ant(v, pos, 5, 12, 1);
    turn(v, pos, NULL, 0, NULL, 0);
    CHECK(ant_at(v, pos, 5, 10) == 0 && ant_at(v, pos, 6, 10) == 0 && ant_at(v, pos, 5, 12) == -1);
    /* out of range (r2 9 > 5): nobody dies */
    ar_ants_initial(v, pos);
    put_ant(v, pos, 5, 10, 0);
    put_ant(v, pos, 5, 13, 1);
    turn(v, pos, NULL, 0, NULL, 0);
    CHECK(ant_at(v, pos, 5, 10) == 0 && ant_at(v, pos, 5, 13) == 1);
    /* across the edge of the torus: (0,10) and (19,11) are at r2 2 */
    ar_ants_initial(v, pos);
    put_ant(v, pos, 0, 10, 0);
    put_ant(v, pos, 19, 11, 1);
    turn(v, pos, NULL, 0, NULL, 0);
    CHECK(ant_at(v, pos, 0, 10) == -1 && ant_at(v, pos, 19, 11) == -1);
    /* two of ours stepping onto one square both die; the move is simultaneous */
    ar_ants_initial(v, pos);
    put_ant(v, pos, 5, 5, 0);
    put_ant(v, pos, 5, 7, 0);
    {
        ants_order o[2] = {{5 * 20 + 5, DIR_E}, {5 * 20 + 7, DIR_W}};
        turn(v, pos, o, 2, NULL, 0);
    }
    CHECK(ant_at(v, pos, 5, 6) == -1 && ((ants_head *)pos)->ndead == 2);
    /* a chain: two ants swap squares without dying (no collision on a square) */
    ar_ants_initial(v, pos);
    put_ant(v, pos, 5, 5, 0);
    put_ant(v, pos, 5, 6, 0);
    {
        ants_order o[2] = {{5 * 20 + 5, DIR_E}, {5 * 20 + 6, DIR_W}};
        turn(v, pos, o, 2, NULL, 0);
    }
    CHECK(ant_at(v, pos, 5, 5) == 0 && ant_at(v, pos, 5, 6) == 0);
    free(pos);
    ar_ants_variant_free(v);
}

static void test_food_hills_scores(void)
{
    static const char *const rows[] = {"0.........", "..........", "..........", "..........", "..........",
                                       ".....1....", "..........", "..........", "..........", ".........."};
    struct ar_variant *v = make(rows, 10, 2);
    void *pos = malloc(v->size);
    ants_head *h = pos;
    ants_order o;
    ants_order_report rep;
    /* food next to one player's ant is gathered and spawns an ant next turn */
    ar_ants_initial(v, pos);
    CHECK(h->score[0] == 1 && h->score[1] == 1);
    ANTS_MAP(v, pos)[1] = SQ_FOOD;
    ANTS_FOOD(v, pos)[1] = 1;
    /* the ant on the hill (0,0) is next to the food at (0,1) */
    turn(v, pos, NULL, 0, NULL, 0);
    CHECK(ANTS_FOOD(v, pos)[1] == 0 && h->hive[0] == 1);
    o = (ants_order){0, DIR_S}; /* leave the hill so that the ant can spawn */
    turn(v, pos, &o, 1, NULL, 0);
    CHECK(ant_at(v, pos, 0, 0) == 0 && ant_at(v, pos, 1, 0) == 0 && h->hive[0] == 0);
    /* contested food disappears (with a small attack radius, so that the
     * two ants next to the food do not fight first) */
    v->attackradius2 = 1;
    CHECK(ar_ants_variant_prepare(v, NULL) == AR_OK);
    ar_ants_initial(v, pos);
    put_ant(v, pos, 8, 1, 0);
    put_ant(v, pos, 8, 3, 1);
    ANTS_MAP(v, pos)[8 * 10 + 2] = SQ_FOOD;
    ANTS_FOOD(v, pos)[8 * 10 + 2] = 1;
    turn(v, pos, NULL, 0, NULL, 0);
    CHECK(ANTS_FOOD(v, pos)[82] == 0 && h->hive[0] == 0 && h->hive[1] == 0 && ant_at(v, pos, 8, 1) == 0);
    v->attackradius2 = 5;
    CHECK(ar_ants_variant_prepare(v, NULL) == AR_OK);
    /* orders into food or water are refused as blocked; another's ant is invalid */
    ar_ants_initial(v, pos);
    ANTS_MAP(v, pos)[1] = SQ_FOOD;
    ANTS_FOOD(v, pos)[1] = 1;
    {
        ants_order in[3] = {{0, DIR_E}, {99, DIR_N}, {0, DIR_S}}, out[3];
        size_t kept = ar_ants_validate_orders(v, pos, 0, in, 3, out, &rep);
        CHECK(kept == 1 && out[0].dir == DIR_S && rep.ignored == 1 && rep.invalid == 1);
    }
    /* razing: player 1's ant on player 0's hill; 0 has no ants left: lone survivor */
    ar_ants_initial(v, pos);
    ANTS_MAP(v, pos)[0] = SQ_LAND; /* player 0's ant is elsewhere */
    put_ant(v, pos, 3, 8, 0);
    put_ant(v, pos, 1, 0, 1);
    o = (ants_order){10, DIR_N};
    turn(v, pos, NULL, 0, &o, 1);
    CHECK(ANTS_HILL_BY(v, pos)[0] == 1 && ANTS_HILL_END(v, pos)[0] == 1);
    CHECK(h->score[1] == 3 && h->score[0] == 0);
    CHECK(h->ended == END_RANK); /* 0 can no longer catch up */
    /* taking a player out costs its hills' points and leaves its ants standing */
    ar_ants_initial(v, pos);
    ar_ants_kill_player(v, pos, 1);
    CHECK(h->score[1] == 0 && ant_at(v, pos, 5, 5) == 1 && !ar_ants_is_alive(v, pos, 1));
    CHECK(ar_ants_check_over(v, pos) == END_LONE_SURVIVOR);
    ar_ants_finish(v, pos, END_LONE_SURVIVOR);
    /* the survivor razes the hill left (+2); its owner already lost its point */
    CHECK(h->score[0] == 3 && h->score[1] == 0 && h->bonus[0] == 2 && h->bonus[1] == 0);
    free(pos);
    ar_ants_variant_free(v);
}

static void test_protocol(void)
{
    static const char *const rows[] = {"0...%.....", "..........", "..........", "..........", "..........",
                                       ".....1....", "..........", "..........", "..........", ".........."};
    struct ar_variant *v = make(rows, 10, 2);
    void *pos = malloc(v->size);
    uint8_t *told = calloc((size_t)v->n, 1);
    ants_view s, *w;
    char *text, why[200];
    ants_order orders[8];
    ar_ants_initial(v, pos);
    text = ar_ants_protocol_turn(v, pos, 0, told);
    /* water first, then hills, ants; the enemy is number 1 in 0's eyes */
    CHECK_MSG(strncmp(text, "w 0 4\n", 6) == 0 && strstr(text, "h 0 0 0\n") && strstr(text, "a 0 0 0\n") &&
                  strstr(text, "a 5 5 1\n") && strstr(text, "h 5 5 1\n"),
              "%s", text);
    free(text);
    text = ar_ants_protocol_turn(v, pos, 0, told);
    CHECK_MSG(!strstr(text, "w "), "water is told once: %s", text);
    free(text);
    memset(&s, 0, sizeof s);
    CHECK(ar_ants_view_read_setting(&s, "rows 10", why, sizeof why) == 1);
    CHECK(ar_ants_view_read_setting(&s, "cols 10", why, sizeof why) == 1);
    CHECK(ar_ants_view_read_setting(&s, "viewradius2 77", why, sizeof why) == 1);
    CHECK(ar_ants_view_read_setting(&s, "rows x", why, sizeof why) == 0);
    w = ar_ants_view_new(&s);
    memset(told, 0, (size_t)v->n);
    ar_ants_view_from_engine(w, v, pos, 0, told);
    CHECK(w->nmine == 1 && w->mine[0] == 0 && w->water[4] && w->ant[55] == 1 && w->hill[55] == 1);
    CHECK(ar_ants_view_read_line(w, "a 99 0 1", why, sizeof why) < 0);
    CHECK(ar_ants_view_read_line(w, "x 1 1", why, sizeof why) < 0);
    CHECK(ar_ants_view_read_line(w, "a 1 1", why, sizeof why) < 0);
    CHECK(ar_ants_parse_orders(v, "o 0 0 N\n\no 1 1 e\r\n# note\n", orders, 8, why, sizeof why) == 2 &&
          orders[0].dir == DIR_N && orders[1].loc == 11 && orders[1].dir == DIR_E);
    CHECK(ar_ants_parse_orders(v, "o 0 0 X\n", orders, 8, why, sizeof why) < 0);
    CHECK(ar_ants_parse_orders(v, "o 10 0 N\n", orders, 8, why, sizeof why) < 0);
    CHECK(ar_ants_parse_orders(v, "move\n", orders, 8, why, sizeof why) < 0);
    /* a last line of blanks without a newline (found by the fuzzer: it looped) */
    CHECK(ar_ants_parse_orders(v, "o 0 0 N\n  \r", orders, 8, why, sizeof why) == 1);
    {
        struct ar_variant *w2;
        ar_error err;
        CHECK(ar_ants_variant_from_text("rows 2\ncols 2\nplayers 2\nm 01\nm ..\n \r", "t", &w2, &err) == AR_OK);
        ar_ants_variant_free(w2);
        CHECK(ar_ants_variant_from_text("\r", "t", &w2, &err) == AR_ERR_INPUT);
    }
    ar_ants_view_free(w);
    free(told);
    free(pos);
    ar_ants_variant_free(v);
}

/* The strong bot against each sample bot: two games on a contest map with
 * seats swapped, 300 turns; it must score more in every game and never be
 * taken out (every turn within the 500 ms turn time). */
static void test_ladder(void)
{
    static const char *const samples[] = {"random", "hold", "lefty", "hunter", "greedy", NULL};
    char path[4096];
    ar_param ps[2];
    ar_error err;
    struct ar_variant *v;
    CHECK(ar_data_path("ants/maps/maze/maze_p02_01.map", path, sizeof path) == 0);
    ps[0] = (ar_param){"map", path};
    ps[1] = (ar_param){"turns", "300"};
    CHECK_MSG(ar_ants_variant_create_params(ps, 2, &v, &err) == AR_OK, "%s", err.message);
    for (int s = 0; samples[s]; s++)
        for (int seat = 0; seat < 2; seat++) {
            const char *specs[2];
            ants_times times[2];
            ants_result res;
            ants_game_setup g;
            memset(times, 0, sizeof times);
            specs[seat] = "strong";
            specs[1 - seat] = samples[s];
            g = (ants_game_setup){v, specs, 5, NULL, times, NULL, 1};
            CHECK(ar_ants_play_game(&g, &res) == 0);
            CHECK_MSG(res.score[seat] > res.score[1 - seat] && strcmp(res.status[seat], "survived") == 0,
                      "strong (seat %d) vs %s: %d to %d, %s", seat, samples[s], res.score[seat], res.score[1 - seat],
                      res.status[seat]);
            for (size_t i = 0; i < times[seat].count; i++)
                CHECK_MSG(times[seat].cpu[i] < 500, "strong took %.0f ms of CPU", times[seat].cpu[i]);
            ar_ants_times_free(&times[0]);
            ar_ants_times_free(&times[1]);
        }
    ar_ants_variant_free(v);
}

int main(void)
{
    test_focus();
    test_food_hills_scores();
    test_protocol();
    test_ladder();
    return check_report("test_ants");
}
