/* test_playground.c — the WebAssembly playground's C interface
 * (wasm/playground.c), built natively so the whole suite, the sanitizers and
 * valgrind check it without emscripten: every answer is valid JSON; the
 * catalogue lists every registered puzzle and game; every puzzle's showcase
 * opens, plays a legal move and takes it back; every game is played to its
 * end (or 150 plies) by random bots through the same calls the page makes
 * (chance events drawn, simultaneous turns joined by tabs); the 8-puzzle is
 * solved optimally (27 moves), the moves replayed by the domain's rules, and
 * the recorded search comes back as a page; a time limit stops a search and
 * says so; tic-tac-toe between perfect bots is a draw; mistakes come back as
 * one error each. */
#include <stdlib.h>
#include <string.h>
#include "ariadne/game.h"
#include "ariadne/json.h"
#include "ariadne/puzzle.h"
#include "check.h"
#include "../wasm/playground.h"

/* The answer parsed (a test failure, and an empty object, when it is not JSON). */
static ar_json parsed;

static const ar_json *parse(const char *text)
{
    char err[200];
    ar_json_free(&parsed);
    memset(&parsed, 0, sizeof parsed);
    if (ar_json_parse(text, strlen(text), NULL, &parsed, err, sizeof err) != 0) {
        CHECK_MSG(0, "not JSON (%s): %.200s", err, text);
        memset(&parsed, 0, sizeof parsed);
    }
    return &parsed;
}

static const char *str(const ar_json *o, const char *name)
{
    const ar_json *m = ar_json_member(o, name);
    return m && m->type == AR_JSON_STRING ? m->string : NULL;
}

static long long num(const ar_json *o, const char *name)
{
    const ar_json *m = ar_json_member(o, name);
    return m && m->type == AR_JSON_NUMBER ? (long long)m->number : -1;
}

static int flag(const ar_json *o, const char *name)
{
    const ar_json *m = ar_json_member(o, name);
    return m && m->type == AR_JSON_BOOL && m->boolean;
}

static size_t count(const ar_json *o, const char *name)
{
    const ar_json *m = ar_json_member(o, name);
    return m && m->type == AR_JSON_ARRAY ? m->count : 0;
}

static void test_catalogue(void)
{
    const ar_json *c = parse(pg_catalog());
    size_t puzzles = 0, games = 0;
    while (ar_puzzles()[puzzles])
        puzzles++;
    while (ar_games()[games])
        games++;
    CHECK_EQ_U(count(c, "puzzles"), puzzles);
    CHECK_EQ_U(count(c, "games"), games);
    CHECK(count(c, "algorithms") >= 5);
}

/* Every puzzle's first example opens; a legal move is played and taken back. */
static void test_every_puzzle(void)
{
    for (const ar_puzzle *const *p = ar_puzzles(); *p; p++) {
        const ar_puzzle_example *ex = (*p)->examples;
        const ar_json *s = parse(pg_open("puzzle", (*p)->name, ex ? ex->options : "", ex && ex->instance ? ex->instance : ""));
        char before[4096], move[256];
        CHECK_MSG(!str(s, "error"), "%s: %s", (*p)->name, str(s, "error"));
        if (str(s, "error"))
            continue;
        CHECK_MSG(ar_json_member(s, "scene") && ar_json_member(s, "scene")->type == AR_JSON_OBJECT, "%s: a scene", (*p)->name);
        snprintf(before, sizeof before, "%s", str(s, "drawing") ? str(s, "drawing") : "");
        if (count(s, "legal") == 0)
            continue;
        snprintf(move, sizeof move, "%s", ar_json_member(s, "legal")->items[0].string);
        s = parse(pg_play(move));
        CHECK_MSG(count(s, "history") == 1, "%s: the move %s is played", (*p)->name, move);
        s = parse(pg_undo());
        CHECK_MSG(count(s, "history") == 0 && str(s, "drawing") && strcmp(str(s, "drawing"), before) == 0,
                  "%s: undo restores the start", (*p)->name);
    }
}

/* Every game to its end by random bots, through the page's calls. */
static void test_every_game(void)
{
    for (const ar_game *const *g = ar_games(); *g; g++) {
        const ar_json *s = parse(pg_open("game", (*g)->name, "", ""));
        int plies = 0;
        CHECK_MSG(!str(s, "error"), "%s: %s", (*g)->name, str(s, "error"));
        while (!str(s, "error") && !flag(s, "over") && plies < 150) {
            long long who = num(s, "to_move");
            char joint[1024] = "";
            if (who == -2) {
                s = parse(pg_chance());
            } else if (who == -1) {
                long long players = num(s, "players");
                for (long long p = 0; p < players; p++) {
                    const ar_json *b = parse(pg_bot("random", (int)p, (double)(plies + p)));
                    size_t at = strlen(joint);
                    snprintf(joint + at, sizeof joint - at, "%s%s", p ? "\t" : "", str(b, "move") ? str(b, "move") : "-");
                }
                s = parse(pg_play(joint));
            } else {
                const ar_json *b = parse(pg_bot("random", (int)who, (double)plies));
                char move[256];
                CHECK_MSG(str(b, "move"), "%s: the random bot moves (%s)", (*g)->name, str(b, "error"));
                if (!str(b, "move"))
                    break;
                snprintf(move, sizeof move, "%s", str(b, "move"));
                s = parse(pg_play(move));
            }
            CHECK_MSG(!str(s, "error"), "%s, ply %d: %s", (*g)->name, plies, str(s, "error"));
            plies++;
        }
        CHECK_MSG(!str(s, "error") && (flag(s, "over") || plies == 150), "%s: played to the end or 150 plies", (*g)->name);
        CHECK_EQ_U(count(s, "history"), plies);
    }
}

static void test_solve(void)
{
    const ar_puzzle *p = ar_puzzle_find("tiles");
    const ar_json *s = parse(pg_open("puzzle", "tiles", "size=3x3", "8 6 7 2 5 4 3 0 1"));
    char moves[1024] = "";
    size_t n;
    CHECK(!str(s, "error"));
    CHECK_STR(str(s, "options"), "size=3x3");
    s = parse(pg_solve("", 30, 0, 1));
    CHECK_STR(str(s, "outcome"), "solved");
    CHECK_EQ_U(num(s, "length"), 27);
    CHECK(flag(s, "optimal"));
    CHECK(str(s, "page") && strstr(str(s, "page"), "\"traces\":[{\"algo\""));
    n = count(s, "moves");
    CHECK_EQ_U(n, 27);
    for (size_t k = 0; k < n; k++) {
        size_t at = strlen(moves);
        snprintf(moves + at, sizeof moves - at, "%s%s", k ? " " : "", ar_json_member(s, "moves")->items[k].string);
    }
    /* the solution replayed by the domain's own rules, from a fresh instance */
    if (p) {
        ar_param param = {"size", "3x3"};
        ar_instance *inst = NULL;
        ar_error err;
        uint64_t length = 0, cost = 0;
        int solved = 0;
        ar_error_clear(&err);
        CHECK(p->create("8 6 7 2 5 4 3 0 1", &param, 1, &inst, &err) == AR_OK);
        CHECK(inst && ar_puzzle_replay(p, inst, moves, &length, &cost, &solved, NULL, &err) == AR_OK);
        CHECK(solved && length == 27);
        if (inst)
            p->destroy(inst);
    }
    /* and through the page's calls, to the goal */
    for (char *tok = strtok(moves, " "); tok; tok = strtok(NULL, " "))
        s = parse(pg_play(tok));
    CHECK(flag(s, "goal"));
    s = parse(pg_play("U"));
    CHECK_MSG(str(s, "error") && strstr(str(s, "error"), "solved"), "no move after the goal: %s", str(s, "error"));
    /* a hint from a played position: a solve from the current state */
    parse(pg_open("puzzle", "tiles", "size=3x3", "8 6 7 2 5 4 3 0 1"));
    parse(pg_play("U"));
    s = parse(pg_solve("idastar", 30, 0, 0));
    CHECK_EQ_U(num(s, "length"), 26); /* U is the first move of the 27-move optimum */
    CHECK(!ar_json_member(s, "page"));
    /* a time limit stops a search, labelled */
    parse(pg_open("puzzle", "tiles", "size=4x4", "15 14 13 12 11 10 9 8 7 6 5 4 3 2 1 0"));
    s = parse(pg_solve("bfs", 0.2, 0, 0));
    CHECK_STR(str(s, "outcome"), "stopped");
    CHECK_STR(str(s, "stop"), "time limit");
    s = parse(pg_solve("astar", 0, 1000, 0));
    CHECK_STR(str(s, "stop"), "node limit");
}

static void test_perfect_draw(void)
{
    const ar_json *s = parse(pg_open("game", "tictactoe", "", ""));
    int plies = 0;
    while (!flag(s, "over") && plies < 9) {
        char move[64];
        const ar_json *b = parse(pg_bot("perfect", (int)num(s, "to_move"), 1));
        snprintf(move, sizeof move, "%s", str(b, "move") ? str(b, "move") : "?");
        s = parse(pg_play(move));
        plies++;
    }
    CHECK(flag(s, "over"));
    CHECK_STR(str(s, "result"), "draw");
    CHECK_EQ_U(plies, 9);
    s = parse(pg_analyse(1));
    CHECK_STR(str(s, "error"), "the game is over");
    /* alpha-beta's tree after b2 a1, as `analyse tictactoe --moves "b2 a1" --html --visualise` */
    parse(pg_open("game", "tictactoe", "", ""));
    parse(pg_play("b2"));
    parse(pg_play("a1"));
    s = parse(pg_analyse(5));
    CHECK(str(s, "move") && flag(s, "exact") && str(s, "line") && strstr(str(s, "line"), "proven value 0"));
    CHECK(str(s, "page") && strstr(str(s, "page"), "\"tree\":{"));
    s = parse(pg_open("game", "tictactoe", "", ""));
    for (int k = 0; k < 9; k++)
        s = parse(pg_play((const char *[]){"b2", "a1", "c3", "a3", "a2", "c2", "b1", "b3", "c1"}[k]));
    CHECK_STR(str(s, "result"), "draw");
    s = parse(pg_undo());
    CHECK(!flag(s, "over") && count(s, "history") == 8 && count(s, "legal") == 1);
}

/* A game of hidden information shows a person only their view until it ends. */
static void test_viewer(void)
{
    int hidden = 0; /* views that hide something (a default variant may hide nothing; some do) */
    for (const ar_game *const *g = ar_games(); *g; g++) {
        char all[8192], own[8192];
        const ar_json *s;
        if (!((*g)->flags & AR_GAME_HIDDEN))
            continue;
        s = parse(pg_open("game", (*g)->name, "", ""));
        while (!str(s, "error") && num(s, "to_move") == -2) /* the deal */
            s = parse(pg_chance());
        snprintf(all, sizeof all, "%s", str(s, "drawing") ? str(s, "drawing") : "");
        for (long long p = 0; p < num(s, "players"); p++) {
            const ar_json *v = parse(pg_viewer((int)p));
            snprintf(own, sizeof own, "%s", str(v, "drawing") ? str(v, "drawing") : "");
            CHECK_MSG(!str(v, "error") && own[0], "%s: player %lld's view", (*g)->name, p);
            hidden += strcmp(own, all) != 0;
        }
        s = parse(pg_viewer(-1));
        CHECK_MSG(str(s, "drawing") && strcmp(str(s, "drawing"), all) == 0, "%s: everything again", (*g)->name);
    }
    CHECK(hidden > 0);
}

static void test_mistakes(void)
{
    const ar_json *s = parse(pg_open("puzzle", "no-such-puzzle", "", ""));
    CHECK(str(s, "error") && strstr(str(s, "error"), "no-such-puzzle"));
    s = parse(pg_solve("", 1, 0, 0));
    CHECK_STR(str(s, "error"), "nothing is open");
    s = parse(pg_open("puzzle", "tiles", "size=3x3 nosuchoption=1", "1 2 3 4 5 6 7 8 0"));
    CHECK(str(s, "error") && strstr(str(s, "error"), "nosuchoption"));
    s = parse(pg_open("puzzle", "tiles", "size=3x3", "1 2 3 4 5 6 7 0 8"));
    s = parse(pg_play("Q"));
    CHECK(str(s, "error") != NULL);
    s = parse(pg_state());
    CHECK_EQ_U(count(s, "history"), 0);
    s = parse(pg_solve("no-such-algo", 1, 0, 0));
    CHECK(str(s, "error") && strstr(str(s, "error"), "no-such-algo"));
    s = parse(pg_open("game", "tictactoe", "", ""));
    s = parse(pg_bot("no-such-bot", 0, 1));
    CHECK(str(s, "error") && strstr(str(s, "error"), "no-such-bot"));
    s = parse(pg_play("b2"));
    s = parse(pg_play("b2"));
    CHECK(str(s, "error") != NULL);
    s = parse(pg_solve("", 1, 0, 0));
    CHECK(str(s, "error") && strstr(str(s, "error"), "puzzles"));
    s = parse(pg_open("game", "tictactoe", "", "not a position"));
    CHECK(str(s, "error") != NULL);
    s = parse(pg_open("nonsense", "tictactoe", "", ""));
    CHECK(str(s, "error") != NULL);
}

int main(void)
{
    test_catalogue();
    test_every_puzzle();
    test_every_game();
    test_solve();
    test_perfect_draw();
    test_viewer();
    test_mistakes();
    pg_open("nonsense", "", "", ""); /* closes the session: nothing left for the leak checkers */
    ar_json_free(&parsed);
    return check_report("test_playground");
}
