/* test_pw_future.c — the planet-future model (pw_future.c) against the
 * exact engine, from both players' points of view, on nine positions of
 * real games (fivestep against contender; three maps, turns 0, 25, 60):
 *  - the timelines equal the engine's planets on every turn to the horizon
 *    when nobody gives an order;
 *  - "take": landing that many ships on that turn takes the planet, one
 *    fewer does not;
 *  - "holds": the verdict for every planet and strike turn equals what the
 *    engine shows when every planet of the other player launches its whole
 *    garrison to land on that turn (the strongest single strike);
 *  - "surplus": a planet with its surplus removed survives every such
 *    strike in the engine; with one ship more removed one strike takes it;
 *  - "keep": landing that many ships takes the planet and it survives every
 *    strike landing with it or later in the engine; one fewer loses it to a strike or the
 *    fleets in flight;
 * and the contender bot beats the five-step bot on a few maps. */
#include "check.h"
#include "games/planetwars/planetwars_internal.h"
#include "games/planetwars/pw_cli.h"
#include "games/planetwars/pw_future.h"

#include <stdlib.h>
#include <string.h>

static const char *data_dir;

static int load_map(const char *name, pw_state *s)
{
    char path[4096], why[256], *text;
    ar_error err;
    ar_status st;
    snprintf(path, sizeof path, "%s/planetwars/maps/%s", data_dir, name);
    text = ar_read_file(path, why, sizeof why);
    if (!text)
        return -1;
    st = ar_pw_parse(text, name, 1, s, &err);
    free(text);
    return st == AR_OK ? 0 : -1;
}

static int trip(const pw_state *s, int a, int b)
{
    int d = s->dist[a * s->np + b];
    return d < 1 ? 1 : d;
}

/* Player p's orders from bot fn on s, issued. */
static void issue_bot(pw_state *s, int p, pw_bot_fn fn, int turn)
{
    pw_order o[PW_MAX_ORDERS];
    pw_bot_ctx ctx = {.budget = 1, .turn = turn};
    char why[200];
    int n, k;
    ar_rng_seed(&ctx.rng, 1);
    if (p == 2)
        ar_pw_swap(s);
    n = fn(s, &ctx, o, PW_MAX_ORDERS);
    for (k = 0; k < n; k++)
        CHECK_MSG(ar_pw_issue(s, 1, &o[k], why, sizeof why) == 0, "invalid order: %s", why);
    if (p == 2)
        ar_pw_swap(s);
}

/* A fleet of player p landing on planet i at turn t (from planet i: the
 * engine uses only destination and turns left). */
static void add_fleet(pw_state *s, int p, int ships, int i, int t)
{
    if (s->nf == s->capf) {
        s->capf = s->capf ? s->capf * 2 : 16;
        s->fleets = realloc(s->fleets, (size_t)s->capf * sizeof *s->fleets);
    }
    s->fleets[s->nf].owner = p, s->fleets[s->nf].ships = ships, s->fleets[s->nf].src = i;
    s->fleets[s->nf].dst = i, s->fleets[s->nf].total = t, s->fleets[s->nf].remaining = t;
    s->nf++;
}

/* Plays the other player's strongest strike on planet i landing at turn t
 * (t = 0: none) through the engine from state s to the horizon H; returns
 * whether planet i is p's on every turn from `from` to H. */
static int engine_keeps(const pw_state *s, int i, int p, int t, int from, int H)
{
    pw_state e;
    int u, j, ok = 1;
    char why[200];
    ar_pw_state_copy(&e, s);
    for (u = 0; u < H; u++) {
        if (u >= from && e.planets[i].owner != p)
            ok = 0;
        for (j = 0; t > 0 && j < e.np; j++)
            if (j != i && e.planets[j].owner == 3 - p && trip(&e, j, i) == t - u) {
                pw_order o = {.src = j, .dst = i, .ships = e.planets[j].ships};
                CHECK(ar_pw_issue(&e, 3 - p, &o, why, sizeof why) == 0);
            }
        ar_pw_step(&e);
    }
    if (e.planets[i].owner != p)
        ok = 0;
    ar_pw_state_copy_free(&e);
    return ok;
}

static void check_position(const pw_state *s, int turns_left, const char *where)
{
    pw_plan *pl = malloc(sizeof *pl);
    pw_future *f = malloc(sizeof *f);
    pw_state e;
    int i, t, p, H;
    ar_pw_plan_init(pl, s, turns_left);
    ar_pw_future_init(f, pl);
    H = f->H;
    /* timelines = the engine with no orders */
    ar_pw_state_copy(&e, s);
    for (t = 1; t <= H; t++) {
        ar_pw_step(&e);
        for (i = 0; i < s->np; i++)
            CHECK_MSG(e.planets[i].owner == f->own[i][t] && e.planets[i].ships == f->ships[i][t],
                      "%s: planet %d turn %d: engine %d.%d, model %d.%d", where, i, t, e.planets[i].owner,
                      e.planets[i].ships, f->own[i][t], f->ships[i][t]);
    }
    ar_pw_state_copy_free(&e);
    for (p = 1; p <= 2; p++)
        for (i = 0; i < s->np; i++) {
            if (f->own[i][0] == p) {
                int surplus = ar_pw_future_surplus(f, i, p, 0.0), any_fail = 0, holds_all = 1;
                for (t = 1; t <= H; t++) {
                    int model = ar_pw_future_holds(f, i, p, t), engine = engine_keeps(s, i, p, t, 0, H);
                    CHECK_MSG(model == engine, "%s: player %d planet %d strike at %d: model %d, engine %d", where, p,
                              i, t, model, engine);
                    holds_all = holds_all && model;
                }
                if (!holds_all) {
                    CHECK_MSG(surplus == 0, "%s: player %d planet %d falls to a strike, surplus %d", where, p, i,
                              surplus);
                    continue;
                }
                /* it holds: less its surplus it still does, one more and it does not */
                ar_pw_state_copy(&e, s);
                e.planets[i].ships -= surplus;
                for (t = 1; t <= H; t++)
                    CHECK_MSG(engine_keeps(&e, i, p, t, 0, H), "%s: player %d planet %d less its surplus %d falls "
                              "to a strike at %d", where, p, i, surplus, t);
                if (surplus < s->planets[i].ships) {
                    e.planets[i].ships--;
                    for (t = 0; t <= H && !any_fail; t++)
                        any_fail = !engine_keeps(&e, i, p, t, 0, H);
                    CHECK_MSG(any_fail, "%s: player %d planet %d holds with one more than its surplus %d", where, p,
                              i, surplus);
                }
                ar_pw_state_copy_free(&e);
            } else {
                /* take and keep at a few arrival turns */
                static const int turns[] = {1, 5, 12};
                size_t k;
                for (k = 0; k < sizeof turns / sizeof *turns && turns[k] < H; k++) {
                    int at = turns[k], take = ar_pw_future_take(f, i, p, at), keep = ar_pw_future_keep(f, i, p, at, 0.0, 1);
                    int u, all = 1, one_fails = 0;
                    ar_pw_state_copy(&e, s);
                    add_fleet(&e, p, take, i, at);
                    CHECK_MSG(engine_keeps(&e, i, p, 0, at, at), "%s: player %d lands take=%d on planet %d at %d "
                              "without taking it", where, p, take, i, at);
                    if (take > 0) {
                        e.fleets[e.nf - 1].ships--;
                        CHECK_MSG(!engine_keeps(&e, i, p, 0, at, at), "%s: player %d takes planet %d at %d with "
                                  "take-1=%d", where, p, i, at, take - 1);
                    }
                    CHECK(keep >= take);
                    e.fleets[e.nf - 1].ships = keep;
                    for (u = at; u <= H; u++)
                        all = all && engine_keeps(&e, i, p, u, at, H);
                    all = all && engine_keeps(&e, i, p, 0, at, H);
                    CHECK_MSG(all, "%s: player %d lands keep=%d on planet %d at %d and loses it", where, p, keep, i,
                              at);
                    if (keep > take) {
                        e.fleets[e.nf - 1].ships = keep - 1;
                        one_fails = !engine_keeps(&e, i, p, 0, at, H);
                        for (u = at; u <= H && !one_fails; u++)
                            one_fails = !engine_keeps(&e, i, p, u, at, H);
                        CHECK_MSG(one_fails, "%s: player %d keeps planet %d from %d with keep-1=%d", where, p, i, at,
                                  keep - 1);
                    }
                    ar_pw_state_copy_free(&e);
                }
            }
        }
    free(pl);
    free(f);
}

static void test_model_against_engine(void)
{
    static const char *const maps[] = {"map7.txt", "map23.txt", "map88.txt"};
    static const int stops[] = {0, 25, 60};
    size_t m;
    for (m = 0; m < sizeof maps / sizeof *maps; m++) {
        pw_state s;
        int turn = 0;
        size_t k;
        CHECK(load_map(maps[m], &s) == 0);
        for (k = 0; k < sizeof stops / sizeof *stops; k++) {
            char where[64];
            for (; turn < stops[k] && ar_pw_alive(&s, 1) && ar_pw_alive(&s, 2); turn++) {
                issue_bot(&s, 1, ar_pw_bot_fivestep, turn);
                issue_bot(&s, 2, ar_pw_bot_contender, turn);
                ar_pw_step(&s);
            }
            snprintf(where, sizeof where, "%s turn %d", maps[m], turn);
            check_position(&s, 200 - turn, where);
        }
        ar_pw_state_free(&s);
    }
}

/* The contender against the five-step bot, both seats, a few maps. */
static void test_contender_beats_fivestep(void)
{
    static const char *const maps[] = {"map3.txt", "map30.txt", "map55.txt", "map77.txt"};
    pw_game_options o = {.max_turns = 200, .turn_time = 1, .first_turn_time = 1, .seed = 1};
    int points = 0, games = 0;
    size_t m;
    for (m = 0; m < sizeof maps / sizeof *maps; m++) {
        pw_state map;
        int side;
        CHECK(load_map(maps[m], &map) == 0);
        for (side = 0; side < 2; side++) {
            pw_player a, b, *pl[2];
            pw_game_log log;
            CHECK(ar_pw_player_open(&a, "contender") == 0);
            CHECK(ar_pw_player_open(&b, "fivestep") == 0);
            pl[side] = &a, pl[1 - side] = &b;
            ar_pw_play(&map, pl, &o, &log);
            points += log.result == 1 + side ? 2 : log.result == 0 ? 1 : 0;
            games++;
            ar_pw_game_log_free(&log);
            ar_pw_player_close(&a);
            ar_pw_player_close(&b);
        }
        ar_pw_state_free(&map);
    }
    CHECK_MSG(points >= games * 2 * 3 / 4, "contender scored %d of %d against fivestep", points, games * 2);
}

int main(void)
{
    data_dir = getenv("ARIADNE_DATA");
    if (!data_dir)
        data_dir = "data";
    test_model_against_engine();
    test_contender_beats_fivestep();
    return check_report("test_pw_future");
}
