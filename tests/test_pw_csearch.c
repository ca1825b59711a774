/* test_pw_csearch.c — the contender-search bot (pw_csearch.c) against the
 * greedy contender on a known strike position, checked with the engine:
 * our planet B (100 ships, growth 5) faces two enemy planets 7 turns away
 * with 55 ships each — a strike of 110 landing together on turn 7, just
 * beyond the contender's 6-turn threat window — while a rich neutral and an
 * enemy planet invite B's ships away. The contender spends B's ships; the
 * search sees the strike among the opponent's replies and keeps enough at
 * home. Played through the engine against that strike (then no orders),
 * B falls after the contender's orders and holds after the search's.
 * Also: the work-budget mode gives the same orders every time, and the
 * clock mode gives valid orders within its share of the turn. */
#include "check.h"
#include "games/planetwars/planetwars_internal.h"
#include "games/planetwars/pw_cli.h"
#include "ariadne/timer.h"
#include "ariadne/tool.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char strike_position[] = "P 0 0 1 100 5\n"     /* 0: B, ours */
                                      "P 7 0 2 55 1\n"      /* 1: E1, 7 turns from B */
                                      "P 0 7 2 55 1\n"      /* 2: E2, 7 turns from B */
                                      "P -6 0 0 20 5\n"     /* 3: a neutral 6 turns from B */
                                      "P -20 -20 1 10 1\n"; /* 4: our home, far away */

enum { B = 0, TURN = 40 };

static int orders_of(pw_bot_fn fn, const pw_state *s, double budget, pw_order *o)
{
    pw_bot_ctx ctx = {.budget = budget, .started = ar_now(), .turn = TURN};
    ar_rng_seed(&ctx.rng, 1);
    return fn(s, &ctx, o, PW_MAX_PLANETS * 4);
}

static int ships_sent_from(const pw_order *o, int n, int src)
{
    int k, sum = 0;
    for (k = 0; k < n; k++)
        if (o[k].src == src)
            sum += o[k].ships;
    return sum;
}

/* Our orders, then the enemy's strike (E1 and E2 send everything to B, to
 * land on turn 7), then nobody orders: is B ours after turn 10? */
static int b_survives(const pw_state *s, const pw_order *o, int n)
{
    pw_state e;
    char why[200];
    int k, ours;
    ar_pw_state_copy(&e, s);
    for (k = 0; k < n; k++)
        CHECK_MSG(ar_pw_issue(&e, 1, &o[k], why, sizeof why) == 0, "invalid order %d %d %d: %s", o[k].src, o[k].dst,
                  o[k].ships, why);
    for (k = 1; k <= 2; k++) {
        pw_order strike = {.src = k, .dst = B, .ships = e.planets[k].ships};
        CHECK(e.dist[k * e.np + B] == 7);
        CHECK(ar_pw_issue(&e, 2, &strike, why, sizeof why) == 0);
    }
    for (k = 0; k < 10; k++)
        ar_pw_step(&e);
    ours = e.planets[B].owner == 1;
    ar_pw_state_copy_free(&e);
    return ours;
}

static void test_strike_position(void)
{
    pw_state s;
    ar_error err;
    pw_order greedy[PW_MAX_PLANETS * 4], searched[PW_MAX_PLANETS * 4], again[PW_MAX_PLANETS * 4];
    int ng, ns, na;
    CHECK(ar_pw_parse(strike_position, "strike", 0, &s, &err) == AR_OK);
    ng = orders_of(ar_pw_bot_contender, &s, 1, greedy);
    ns = orders_of(ar_pw_bot_contender_search, &s, 1, searched);
    /* the greedy plan spends B's ships beyond what the strike allows */
    CHECK_MSG(ships_sent_from(greedy, ng, B) > ships_sent_from(searched, ns, B),
              "contender sends %d from B, the search %d", ships_sent_from(greedy, ng, B),
              ships_sent_from(searched, ns, B));
    /* and the engine agrees: B falls to the strike after the contender's
     * orders, holds after the search's */
    CHECK_MSG(!b_survives(&s, greedy, ng), "B survives the strike after the contender's orders");
    CHECK_MSG(b_survives(&s, searched, ns), "B falls to the strike after the search's orders");
    /* the work budget: the same orders every time */
    na = orders_of(ar_pw_bot_contender_search, &s, 0.001, again);
    CHECK(na == ns && memcmp(again, searched, sizeof *again * (size_t)ns) == 0);
    ar_pw_state_free(&s);
}

/* A contest map from data/planetwars/maps (0), or -1 (a failed check). */
static int load_map(const char *name, pw_state *s)
{
    char path[4096], why[256], *text;
    const char *data = getenv("ARIADNE_DATA");
    ar_error err;
    ar_status st;
    snprintf(path, sizeof path, "%s/planetwars/maps/%s", data ? data : "data", name);
    text = ar_read_file(path, why, sizeof why);
    CHECK_MSG(text != NULL, "cannot read %s: %s", path, why);
    if (!text)
        return -1;
    st = ar_pw_parse(text, name, 1, s, &err);
    free(text);
    CHECK_MSG(st == AR_OK, "%s: %s", name, err.message);
    return st == AR_OK ? 0 : -1;
}

/* The clock mode on a contest map: valid orders, and it stops at its share
 * of the turn (0.6 of 0.2 s here; generous slack for a loaded machine). */
static void test_clock_mode(void)
{
    pw_state s;
    pw_order o[PW_MAX_PLANETS * 4];
    char why[200];
    double t0;
    int n, k;
    if (load_map("map7.txt", &s) != 0)
        return;
    t0 = ar_now();
    n = orders_of(ar_pw_bot_contender_search_clock, &s, 0.2, o);
    CHECK_MSG(ar_now() - t0 < 1.0, "the clock mode took %.3f s of a 0.2 s turn", ar_now() - t0);
    for (k = 0; k < n; k++)
        CHECK_MSG(ar_pw_issue(&s, 1, &o[k], why, sizeof why) == 0, "invalid order: %s", why);
    ar_pw_state_free(&s);
}

/* Games against the five-step bot on one contest map, both seats, no
 * invalid order: the work mode over the first 6 turns, the clock mode
 * (10 ms turns) over 60. */
static void test_games(void)
{
    static const char *const bots[] = {"contender-search", "contender-search-clock"};
    pw_state map;
    int b, side;
    if (load_map("map17.txt", &map) != 0)
        return;
    for (b = 0; b < 2; b++)
        for (side = 0; side < 2; side++) {
            pw_game_options o = {.max_turns = b == 0 ? 6 : 60, .turn_time = 0.01, .first_turn_time = 0.01, .seed = 1};
            pw_player x, y, *pl[2];
            pw_game_log log;
            CHECK(ar_pw_player_open(&x, bots[b]) == 0);
            CHECK(ar_pw_player_open(&y, "fivestep") == 0);
            pl[side] = &x, pl[1 - side] = &y;
            ar_pw_play(&map, pl, &o, &log);
            CHECK_MSG(strstr(log.reason, "invalid") == NULL, "%s vs fivestep: %s", bots[b], log.reason);
            ar_pw_game_log_free(&log);
            ar_pw_player_close(&x);
            ar_pw_player_close(&y);
        }
    ar_pw_state_free(&map);
}

int main(void)
{
    test_strike_position();
    test_clock_mode();
    test_games();
    return check_report("test_pw_csearch");
}
