/* pw_replay.c — Planet Wars replay files and the bench suite.
 *
 * A replay (written by `match planetwars --replay DIR`) is
 *   {"format":"ariadne-planetwars-replay","version":1,
 *    "map":{"name":"map7.txt","planets":[[x,y,owner,ships,growth],...]},
 *    "max_turns":200,"players":["spec 1","spec 2"],
 *    "orders":[[[[src,dst,ships],...],[...]],...],   one entry per turn, player 1's then 2's
 *    "result":"1"|"2"|"draw","reason":"..."}
 * `ariadne replay FILE` checks it by playing the orders through the engine
 * (an invalid order must be the reason the game ended) and prints the
 * result; --turn T prints the state after T turns; --html OUT writes a page
 * (pw_page.c) that animates every turn's planets and fleets. */
#include "pw_cli.h"
#include "ariadne/json.h"
#include "ariadne/memory.h"
#include "ariadne/timer.h"
#include "ariadne/tool.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------- replays */

static int fail_json(const char *file, const char *msg)
{
    return ar_tool_fail("replay %s: %s", file, msg);
}

static int num_array(const ar_json *a, size_t n)
{
    size_t i;
    if (!a || a->type != AR_JSON_ARRAY || a->count != n)
        return 0;
    for (i = 0; i < n; i++)
        if (a->items[i].type != AR_JSON_NUMBER)
            return 0;
    return 1;
}

/* Plays the replay's orders; states[t] (playback text) for t = 0..turns when
 * states is not NULL. Returns 0, or -1 with why. */
static int replay_play(const ar_json *root, pw_state *map, int *turns_out, int *result, char ***states,
                       char *why, size_t why_size)
{
    const ar_json *orders = ar_json_member(root, "orders"), *mx = ar_json_member(root, "max_turns");
    pw_state s;
    size_t t;
    int failed = 0, max_turns;
    if (!orders || orders->type != AR_JSON_ARRAY || !mx || !mx->integral || mx->integer < 1 || mx->integer > 100000) {
        snprintf(why, why_size, "\"orders\" (an array) and \"max_turns\" (1..100000) are required");
        return -1;
    }
    max_turns = (int)mx->integer;
    ar_pw_state_copy(&s, map);
    if (states) {
        *states = ar_xcalloc(orders->count + 2, sizeof **states);
        (*states)[0] = ar_xmalloc(65536);
        ar_pw_playback(&s, (*states)[0], 65536);
    }
    for (t = 0; t < orders->count && !failed; t++) {
        const ar_json *turn = &orders->items[t];
        int q;
        if (ar_pw_winner(&s, max_turns) >= 0) {
            snprintf(why, why_size, "orders[%zu]: the game was already over", t);
            ar_pw_state_copy_free(&s);
            return -1;
        }
        if (turn->type != AR_JSON_ARRAY || turn->count != 2) {
            snprintf(why, why_size, "orders[%zu]: expected [player 1's orders, player 2's]", t);
            ar_pw_state_copy_free(&s);
            return -1;
        }
        for (q = 0; q < 2 && !failed; q++) {
            const ar_json *list = &turn->items[q];
            size_t k;
            if (list->type != AR_JSON_ARRAY) {
                snprintf(why, why_size, "orders[%zu][%d]: expected an array of [src,dst,ships]", t, q);
                ar_pw_state_copy_free(&s);
                return -1;
            }
            for (k = 0; k < list->count; k++) {
                pw_order o;
                char sub[200];
                if (!num_array(&list->items[k], 3)) {
                    snprintf(why, why_size, "orders[%zu][%d][%zu]: expected [src,dst,ships]", t, q, k);
                    ar_pw_state_copy_free(&s);
                    return -1;
                }
                o.src = (int)list->items[k].items[0].integer, o.dst = (int)list->items[k].items[1].integer;
                o.ships = (int)list->items[k].items[2].integer;
                if (ar_pw_issue(&s, q + 1, &o, sub, sizeof sub) != 0) {
                    failed |= 1 << q;
                    break;
                }
            }
        }
        if (failed) {
            *result = failed == 3 ? 0 : failed == 1 ? 2 : 1;
            break;
        }
        ar_pw_step(&s);
        if (states) {
            (*states)[t + 1] = ar_xmalloc(65536);
            ar_pw_playback(&s, (*states)[t + 1], 65536);
        }
    }
    *turns_out = s.turn;
    if (!failed)
        *result = ar_pw_winner(&s, max_turns);
    ar_pw_state_copy_free(&s);
    return 0;
}

int ar_pw_replay_main(const ar_replay_request *rq)
{
    ar_json root;
    char err[300];
    const ar_json *map, *planets, *res;
    pw_state s;
    char text[PW_MAX_PLANETS * 80 + 1];
    size_t i, len = 0;
    int turns = 0, result = -1, rc = AR_EXIT_OK;
    char **states = NULL;
    ar_error perr;
    if (ar_json_parse(rq->text, rq->len, NULL, &root, err, sizeof err) != 0)
        return fail_json(rq->file, err);
    map = ar_json_member(&root, "map");
    planets = map ? ar_json_member(map, "planets") : NULL;
    res = ar_json_member(&root, "result");
    if (!planets || planets->type != AR_JSON_ARRAY || planets->count > PW_MAX_PLANETS || !res ||
        res->type != AR_JSON_STRING) {
        ar_json_free(&root);
        return fail_json(rq->file, "\"map\".\"planets\" (at most 64) and \"result\" are required");
    }
    for (i = 0; i < planets->count; i++) {
        const ar_json *p = &planets->items[i];
        if (!num_array(p, 5)) {
            ar_json_free(&root);
            return fail_json(rq->file, "map.planets: each planet is [x,y,owner,ships,growth]");
        }
        len += (size_t)snprintf(text + len, sizeof text - len, "P %.17g %.17g %lld %lld %lld\n", p->items[0].number,
                                p->items[1].number, p->items[2].integer, p->items[3].integer, p->items[4].integer);
    }
    if (ar_pw_parse(text, "replay map", 1, &s, &perr) != AR_OK) {
        ar_json_free(&root);
        return fail_json(rq->file, perr.message);
    }
    if (replay_play(&root, &s, &turns, &result, &states, err, sizeof err) != 0) {
        rc = fail_json(rq->file, err);
        goto done;
    }
    {
        const char *want = res->string;
        const char *got = result == 0 ? "draw" : result == 1 ? "1" : result == 2 ? "2" : "unfinished";
        const ar_json *reason = ar_json_member(&root, "reason");
        int external_end = reason && reason->type == AR_JSON_STRING &&
                           (strstr(reason->string, "timed out") || strstr(reason->string, "crashed") ||
                            strstr(reason->string, "bad output"));
        if (strcmp(want, got) != 0 && !external_end) {
            snprintf(err, sizeof err, "the orders give result %s, the file says %s", got, want);
            rc = fail_json(rq->file, err);
            goto done;
        }
        if (rq->html) {
            FILE *out = strcmp(rq->html, "-") == 0 ? stdout : fopen(rq->html, "w");
            if (!out) {
                rc = ar_tool_fail("replay: cannot write '%s'", rq->html);
                goto done;
            }
            ar_pw_write_page(out, &root, &s, (const char *const *)states, turns);
            if (out != stdout)
                fclose(out);
        } else if (rq->turn > turns) {
            rc = ar_replay_bad_turn(rq, turns);
            goto done;
        } else if (rq->json) {
            const ar_json *name = ar_json_member(map, "name");
            printf("{\"game\":\"planetwars\",\"file\":");
            ar_json_string(stdout, rq->file);
            printf(",\"map\":");
            ar_json_string(stdout, name && name->type == AR_JSON_STRING ? name->string : "?");
            printf(",\"turns\":%d,\"result\":", turns);
            ar_json_string(stdout, want);
            printf(",\"reason\":");
            ar_json_string(stdout, reason && reason->type == AR_JSON_STRING ? reason->string : "");
            printf(",\"turn\":%lld,\"state\":", rq->turn >= 0 ? rq->turn : (long long)turns);
            ar_json_string(stdout, states[rq->turn >= 0 ? rq->turn : turns]);
            printf("}\n");
        } else if (rq->turn >= 0) {
            printf("turn %lld: %s\n", rq->turn, states[rq->turn]);
        } else {
            printf("planetwars replay: map %s, %d turns, result %s (%s)\n",
                   ar_json_member(map, "name") && ar_json_member(map, "name")->type == AR_JSON_STRING
                       ? ar_json_member(map, "name")->string : "?",
                   turns, want, reason && reason->type == AR_JSON_STRING ? reason->string : "");
            printf("checked: the orders replayed through the engine give this result\n");
        }
    }
done:
    if (states) {
        for (i = 0; states[i]; i++)
            free(states[i]);
        free(states);
    }
    ar_pw_state_free(&s);
    ar_json_free(&root);
    return rc;
}

/* ---------------------------------------------------------------- bench */

int ar_pw_bench(int quick)
{
    char dir[4096];
    pw_game_options o = {.max_turns = 200, .turn_time = 0.1, .first_turn_time = 0.3, .seed = 1};
    if (ar_data_path("planetwars/maps", dir, sizeof dir) != 0)
        return ar_tool_fail("bench planetwars: no maps: %s", dir);
    printf("## Planet Wars engine speed\n\n");
    {
        /* The engine alone: games between two five-step bots are recorded,
         * then their orders are played again through issue and step. */
        char path[4200];
        int maps = quick ? 3 : 100, m;
        double engine = 0;
        long turns = 0;
        for (m = 1; m <= maps; m++) {
            char why[256], *text;
            pw_state map, s;
            ar_error err;
            pw_player a, b, *pl[2] = {&a, &b};
            pw_game_log log;
            double t0;
            size_t k;
            int rep;
            snprintf(path, sizeof path, "%s/map%d.txt", dir, m);
            text = ar_read_file(path, why, sizeof why);
            if (!text || ar_pw_parse(text, path, 1, &map, &err) != AR_OK) {
                free(text);
                return ar_tool_fail("bench planetwars: cannot read map '%s'", path);
            }
            free(text);
            ar_pw_player_open(&a, "fivestep");
            ar_pw_player_open(&b, "dual");
            ar_pw_play(&map, pl, &o, &log);
            t0 = ar_now();
            for (rep = 0; rep < 20; rep++) {
                char sub[64];
                ar_pw_state_copy(&s, &map);
                for (k = 0; k < log.n || s.turn < log.turns;) {
                    while (k < log.n && log.turn_of[k] / 2 == s.turn) {
                        (void)ar_pw_issue(&s, log.turn_of[k] % 2 + 1, &log.orders[k], sub, sizeof sub);
                        k++;
                    }
                    if (s.turn >= log.turns)
                        break;
                    ar_pw_step(&s);
                }
                turns += s.turn;
                ar_pw_state_copy_free(&s);
            }
            engine += ar_now() - t0;
            ar_pw_game_log_free(&log);
            ar_pw_player_close(&a);
            ar_pw_player_close(&b);
            ar_pw_state_free(&map);
        }
        printf("| maps | turns replayed | seconds | turns/s |\n|---|---|---|---|\n");
        printf("| %d | %ld | %.3f | %.0f |\n\n", maps, turns, engine, engine > 0 ? (double)turns / engine : 0);
    }
    if (quick)
        o.turn_time = o.first_turn_time = 0.02;
    printf("## Planet Wars ladder (turn time %.2f s, first turn %.2f s; every %s map, both sides)\n\n", o.turn_time,
           o.first_turn_time, quick ? "200th" : "4th");
    fflush(stdout);
    {
        pw_match mt = {.bots = quick ? "rage,fivestep,search,contender"
                                     : "random,prospector,bully,dual,rage,fivestep,search,contender",
                       .maps = dir, .every = quick ? 200 : 4, .games = 2, .go = o, .quiet = quick,
                       .progress_mode = quick ? AR_PROGRESS_OFF : AR_PROGRESS_AUTO};
        return ar_pw_run_match(&mt);
    }
}
