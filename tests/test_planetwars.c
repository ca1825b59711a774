/* test_planetwars.c — Planet Wars against the official engine's recorded
 * games (data/planetwars/games: the orders each turn and the planets and
 * fleets after it, from PlayGame.jar), the rules' corner cases, the map
 * parser's messages, and the bots: every bot plays whole games without an
 * invalid order, the five-step bot beats the examples on a few maps, and
 * the search bot's orders do not depend on the turn's time. */
#include "check.h"
#include "games/planetwars/planetwars_internal.h"
#include "games/planetwars/pw_cli.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

static const char *data_dir;

static char *slurp(const char *path)
{
    char why[256];
    return ar_read_file(path, why, sizeof why);
}

static int load_map(const char *name, pw_state *s)
{
    char path[4096], *text;
    ar_error err;
    ar_status st;
    snprintf(path, sizeof path, "%s/planetwars/maps/%s", data_dir, name);
    text = slurp(path);
    if (!text)
        return -1;
    st = ar_pw_parse(text, name, 1, s, &err);
    free(text);
    return st == AR_OK ? 0 : -1;
}

/* Replays one recorded game; returns the number of turns that matched. */
static int replay_fixture(const char *path, int *finished)
{
    char *text = slurp(path), *line, *next;
    pw_state s;
    int have_map = 0, max_turns = 200, turns = 0, in_turn = 0;
    *finished = 0;
    CHECK_MSG(text != NULL, "cannot read %s", path);
    if (!text)
        return 0;
    for (line = text; line && *line; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = 0;
        if (line[0] == '#')
            continue;
        if (strncmp(line, "map ", 4) == 0) {
            have_map = load_map(line + 4, &s) == 0;
            CHECK_MSG(have_map, "%s: cannot load %s", path, line + 4);
            if (!have_map)
                break;
        } else if (strncmp(line, "max_turns ", 10) == 0) {
            max_turns = atoi(line + 10);
        } else if (!have_map) {
            continue;
        }
        if (!in_turn && (line[0] == 'o' || line[0] == 'd' || line[0] == 's')) {
            /* the engine asks for orders only while nobody has won */
            CHECK_MSG(ar_pw_winner(&s, max_turns) < 0, "%s: the game went on after turn %d", path, turns);
            in_turn = 1;
        }
        if (strncmp(line, "o ", 2) == 0) {
            pw_order o;
            int player;
            char why[200];
            CHECK(sscanf(line + 2, "%d %d %d %d", &player, &o.src, &o.dst, &o.ships) == 4);
            if (ar_pw_issue(&s, player, &o, why, sizeof why) != 0)
                ar_pw_drop(&s, player);
        } else if (strncmp(line, "d ", 2) == 0) {
            ar_pw_drop(&s, atoi(line + 2));
        } else if (strncmp(line, "s ", 2) == 0) {
            char got[65536];
            in_turn = 0;
            ar_pw_step(&s);
            ar_pw_playback(&s, got, sizeof got);
            if (strcmp(got, line + 2) != 0) {
                CHECK_MSG(0, "%s: turn %d differs:\n  engine  %s\n  ariadne %s", path, turns + 1, line + 2, got);
                break;
            }
            turns++;
        } else if (strncmp(line, "result ", 7) == 0) {
            int want = strcmp(line + 7, "draw") == 0 ? 0 : atoi(line + 7);
            CHECK_MSG(ar_pw_winner(&s, max_turns) == want, "%s: result %d, recorded %d", path,
                      ar_pw_winner(&s, max_turns), want);
            *finished = 1;
        }
    }
    if (have_map)
        ar_pw_state_free(&s);
    free(text);
    return turns;
}

static void test_recorded_games(void)
{
    char dir[4096];
    DIR *d;
    struct dirent *de;
    int games = 0, turns = 0;
    snprintf(dir, sizeof dir, "%s/planetwars/games", data_dir);
    d = opendir(dir);
    CHECK_MSG(d != NULL, "no directory %s", dir);
    if (!d)
        return;
    while ((de = readdir(d)) != NULL) {
        char path[4400];
        int finished;
        if (de->d_name[0] == '.' || !strstr(de->d_name, ".txt"))
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
        turns += replay_fixture(path, &finished);
        CHECK_MSG(finished, "%s: not replayed to its result", path);
        games++;
    }
    closedir(d);
    CHECK_MSG(games >= 40, "only %d recorded games", games);
    printf("recorded official games: %d, turns reproduced: %d\n", games, turns);
}

static void expect_bad(const char *text, int is_map, const char *fragment)
{
    pw_state s;
    ar_error err;
    ar_status st = ar_pw_parse(text, "m", is_map, &s, &err);
    CHECK_MSG(st == AR_ERR_INPUT && strstr(err.message, fragment), "'%s': %s (wanted '%s')", text,
              st == AR_OK ? "accepted" : err.message, fragment);
    if (st == AR_OK)
        ar_pw_state_free(&s);
}

static void test_bad_maps(void)
{
    expect_bad("P 0 0 1 10 1\nP 1 1 2 10\n", 1, "m line 2: a planet line has 6 fields");
    expect_bad("P 0 0 1 10 1\nP 1 1 2 -3 1\n", 1, "m line 2: bad ship count '-3'");
    expect_bad("P 0 0 1 10 1\nP 1 1 3 10 1\n", 1, "m line 2: unknown owner '3'");
    expect_bad("P 0 0 1 10 1\n", 1, "1 planet; a map needs at least 2");
    expect_bad("P 0 0 1 10 1\nP 1 1 0 10 1\n", 1, "player 2 has no starting planet");
    expect_bad("P 0 0 1 10 1\nP 1 1 2 10 1\nF 1 5 0 1 3 2\n", 1, "m line 3: a map has no fleets");
    expect_bad("P 0 0 1 10 1\nP 1 1 2 10 1\nF 1 5 0 7 3 2\n", 0, "m line 3: fleet planet 7 does not exist");
    expect_bad("P 0 0 1 10 1\nP 1 1 2 10 1\nX\n", 1, "m line 3: expected a 'P'");
    expect_bad("P 0 nan 1 10 1\nP 1 1 2 10 1\n", 1, "m line 1: bad coordinates");
    expect_bad("P 0 0 1 10 x\nP 1 1 2 10 1\n", 1, "m line 1: bad growth rate 'x'");
}

static void test_rules(void)
{
    pw_state s;
    ar_error err;
    pw_order o;
    char why[200];
    /* A tie for the largest force keeps the owner with 0 ships. */
    CHECK(ar_pw_parse("P 0 0 1 10 0\nP 3 0 2 10 0\nF 2 10 1 0 3 1\n", "t", 0, &s, &err) == AR_OK);
    ar_pw_step(&s);
    CHECK_EQ_U(s.planets[0].owner, 1);
    CHECK_EQ_U(s.planets[0].ships, 0);
    CHECK_EQ_U(s.nf, 0);
    ar_pw_state_free(&s);
    /* Three forces: the largest keeps the difference to the second. */
    CHECK(ar_pw_parse("P 0 0 0 5 3\nP 3 0 1 1 0\nP 0 3 2 1 0\nF 1 9 1 0 3 1\nF 2 7 2 0 3 1\n", "t", 0, &s, &err) ==
          AR_OK);
    ar_pw_step(&s);
    CHECK_EQ_U(s.planets[0].owner, 1);
    CHECK_EQ_U(s.planets[0].ships, 2);
    /* Orders: not one's own planet, too many ships, no such planet; the
     * ships leave at once; a trip is ceil(distance). */
    o.src = 2, o.dst = 0, o.ships = 1;
    CHECK(ar_pw_issue(&s, 1, &o, why, sizeof why) != 0);
    o.src = 1, o.ships = 2;
    CHECK(ar_pw_issue(&s, 1, &o, why, sizeof why) != 0);
    o.dst = 9, o.ships = 1;
    CHECK(ar_pw_issue(&s, 1, &o, why, sizeof why) != 0);
    o.src = 0, o.dst = 2, o.ships = 2;
    CHECK(ar_pw_issue(&s, 1, &o, why, sizeof why) == 0);
    CHECK_EQ_U(s.planets[0].ships, 0);
    CHECK_EQ_U(s.fleets[s.nf - 1].total, 3);
    ar_pw_state_free(&s);
    /* Order lines. */
    CHECK(ar_pw_parse_order("1 2 3", 5, &o, why, sizeof why) == 0 && o.src == 1 && o.dst == 2 && o.ships == 3);
    CHECK(ar_pw_parse_order("1 2", 3, &o, why, sizeof why) != 0);
    CHECK(ar_pw_parse_order("1 2 3 4", 7, &o, why, sizeof why) != 0);
    CHECK(ar_pw_parse_order("1 2 x", 5, &o, why, sizeof why) != 0);
    CHECK(ar_pw_parse_order("1 2 -3", 6, &o, why, sizeof why) != 0);
    /* After max_turns turns ships are counted; equal is a draw. */
    CHECK(ar_pw_parse("P 0 0 1 10 1\nP 3 0 2 10 1\n", "t", 1, &s, &err) == AR_OK);
    s.turn = 200;
    CHECK(ar_pw_winner(&s, 200) == -1);
    s.turn = 201;
    CHECK(ar_pw_winner(&s, 200) == 0);
    s.planets[0].ships = 11;
    CHECK(ar_pw_winner(&s, 200) == 1);
    ar_pw_drop(&s, 1);
    s.turn = 5;
    CHECK(ar_pw_winner(&s, 200) == 2);
    ar_pw_state_free(&s);
}

/* Every bot plays both sides against fivestep on a few maps: no invalid
 * order (a game that ends with one is reported by its reason). */
static void test_bots(void)
{
    const pw_bot_kind *k;
    static const char *const maps[] = {"map1.txt", "map17.txt", "map42.txt"};
    pw_game_options o = {.max_turns = 200, .turn_time = 0.05, .first_turn_time = 0.05, .seed = 3};
    int fivestep_points = 0, fivestep_games = 0;
    size_t m;
    for (m = 0; m < sizeof maps / sizeof *maps; m++) {
        pw_state map;
        CHECK(load_map(maps[m], &map) == 0);
        for (k = ar_pw_bot_kinds; k->name; k++) {
            int side;
            if (strcmp(k->name, "search") == 0 && m > 0)
                continue; /* the search is timed: one map is enough here */
            if (strncmp(k->name, "contender-search", 16) == 0)
                continue; /* ~60 ms a turn: test_pw_csearch.c plays its games */
            for (side = 0; side < 2; side++) {
                pw_player a, b, *pl[2];
                pw_game_log log;
                CHECK(ar_pw_player_open(&a, k->name) == 0);
                CHECK(ar_pw_player_open(&b, "fivestep") == 0);
                pl[side] = &a, pl[1 - side] = &b;
                ar_pw_play(&map, pl, &o, &log);
                CHECK_MSG(strstr(log.reason, "invalid") == NULL, "%s vs fivestep on %s: %s", k->name, maps[m],
                          log.reason);
                if (strcmp(k->name, "search") != 0 && strcmp(k->name, "fivestep") != 0 &&
                    strcmp(k->name, "contender") != 0) { /* the contest's examples */
                    fivestep_games++;
                    fivestep_points += log.result == 2 - side ? 2 : log.result == 0 ? 1 : 0;
                }
                ar_pw_game_log_free(&log);
                ar_pw_player_close(&a);
                ar_pw_player_close(&b);
            }
        }
        ar_pw_state_free(&map);
    }
    CHECK_MSG(fivestep_points >= fivestep_games * 2 * 9 / 10, "fivestep scored %d of %d against the examples",
              fivestep_points, fivestep_games * 2);
}

/* Both players decide on the state at the start of the turn, as the
 * contest engine sends it to both before it reads any order: player 2 must
 * not see the fleets player 1 launched this turn. The watcher records the
 * fleets it sees on the first turn; player 1 (fivestep) launches on it. */
static int fleets_seen_first_turn = -1;

static int bot_watcher(const pw_state *s, pw_bot_ctx *ctx, pw_order *out, int cap)
{
    (void)out, (void)cap;
    if (ctx->turn == 0)
        fleets_seen_first_turn = s->nf;
    return 0;
}

static void test_simultaneous(void)
{
    static const pw_bot_kind watcher = {.name = "watcher", .summary = "records what it sees", .choose = bot_watcher};
    pw_game_options o = {.max_turns = 3, .turn_time = 1, .first_turn_time = 1, .seed = 1};
    pw_state map;
    pw_player a, b, *pl[2] = {&a, &b};
    pw_game_log log;
    CHECK(load_map("map1.txt", &map) == 0);
    CHECK(ar_pw_player_open(&a, "fivestep") == 0);
    CHECK(ar_pw_player_open(&b, "random") == 0);
    b.kind = &watcher;
    ar_pw_play(&map, pl, &o, &log);
    CHECK(log.n > 0 && log.turn_of[0] == 0); /* player 1 gave orders on the first turn */
    CHECK_MSG(fleets_seen_first_turn == 0, "player 2 saw %d fleets on the first turn", fleets_seen_first_turn);
    ar_pw_game_log_free(&log);
    ar_pw_player_close(&a);
    ar_pw_player_close(&b);
    ar_pw_state_free(&map);
}

/* The search bot's choice depends on a fixed amount of work, not on the
 * clock: the same game at 5 s and at 60 s a turn (the clock's safety stop
 * far away in both, even under sanitizers on a loaded machine, where 0.5 s
 * was reached) gives the same orders on every turn. */
static void play_search_game(const pw_state *map, double turn_time, pw_game_log *log)
{
    pw_game_options o = {.max_turns = 40, .turn_time = turn_time, .first_turn_time = turn_time, .seed = 5};
    pw_player a, b, *pl[2] = {&a, &b};
    CHECK(ar_pw_player_open(&a, "search") == 0);
    CHECK(ar_pw_player_open(&b, "fivestep") == 0);
    ar_pw_play(map, pl, &o, log);
    ar_pw_player_close(&a);
    ar_pw_player_close(&b);
}

static void test_search_reproducible(void)
{
    pw_state map;
    pw_game_log fast, slow;
    CHECK(load_map("map17.txt", &map) == 0);
    play_search_game(&map, 5, &fast);
    play_search_game(&map, 60, &slow);
    CHECK(fast.n > 0);
    CHECK_MSG(fast.n == slow.n && fast.turns == slow.turns && fast.result == slow.result &&
                  memcmp(fast.orders, slow.orders, fast.n * sizeof *fast.orders) == 0 &&
                  memcmp(fast.turn_of, slow.turn_of, fast.n * sizeof *fast.turn_of) == 0,
              "the search's games differ with the turn time: %zu and %zu orders", fast.n, slow.n);
    ar_pw_game_log_free(&fast);
    ar_pw_game_log_free(&slow);
    ar_pw_state_free(&map);
}

int main(void)
{
    data_dir = getenv("ARIADNE_DATA");
    if (!data_dir)
        data_dir = "data";
    test_bad_maps();
    test_rules();
    test_recorded_games();
    test_bots();
    test_simultaneous();
    test_search_reproducible();
    return check_report("test_planetwars");
}
