/* test_ants_oracle.c — the Ants engine against the official engine: games
 * recorded with the contest's ants.py and playgame.py (data/ants/oracle/,
 * replay files as playgame.py writes them: every ant's orders, every food's
 * appearance, every hill, the score history) are replayed through ariadne's
 * engine with the same orders and the same food, and every turn's ants,
 * food, deaths, razed hills and scores must come out exactly as recorded, as
 * must the end (its turn, its reason) and the final scores with the bonus.
 * The players the official engine took out (timeouts, crashes) are taken out
 * at the same turn. Only the order of equally old hills at spawning, which
 * ants.py draws at random, is taken from the recording (the hill where the
 * recorded ant appeared goes first among ties). */
#include "check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "ariadne/json.h"
#include "ariadne/tool.h"
#include "games/ants/ants_game.h"

typedef struct rec_ant {
    int sq, spawn, die, owner;
    const char *orders;
} rec_ant;

static long long num(const ar_json *a, size_t i) { return a->items[i].integer; }

static int dir_of(char c)
{
    switch (c) {
    case 'n': return DIR_N;
    case 'e': return DIR_E;
    case 's': return DIR_S;
    case 'w': return DIR_W;
    default: return DIR_STAY;
    }
}

/* The text the official engine sent a bot (playgame.py --log_input), cut
 * into turns: blocks[t] is what came between "turn t" and "go". */
typedef struct input_log {
    char *text;
    char **blocks;
    int nblocks;
} input_log;

static int load_input(const char *replay_path, int player, input_log *log)
{
    char path[1100], why[256];
    size_t len = strlen(replay_path) - strlen(".replay");
    snprintf(path, sizeof path, "%.*s.bot%d.input", (int)len, replay_path, player);
    memset(log, 0, sizeof *log);
    log->text = ar_read_file(path, why, sizeof why);
    if (!log->text)
        return 0;
    log->blocks = calloc(100000, sizeof *log->blocks);
    for (char *s = log->text; s && *s;) {
        char *e = strchr(s, '\n');
        if (strncmp(s, "turn ", 5) == 0 && e) {
            int t = atoi(s + 5);
            char *go = strstr(e + 1, "\ngo\n");
            if (t > 0 && t < 100000 && go) {
                go[1] = '\0';
                log->blocks[t] = e + 1;
                if (t >= log->nblocks)
                    log->nblocks = t + 1;
                s = go + 4;
                continue;
            }
        }
        s = e ? e + 1 : NULL;
    }
    return 1;
}

static void replay_game(const char *file)
{
    char path[1024], why[256], errbuf[256];
    ar_json root;
    ar_error err;
    ar_json_limits lim = {0};
    snprintf(path, sizeof path, "%s/ants/oracle/%s", getenv("ARIADNE_DATA") ? getenv("ARIADNE_DATA") : "data", file);
    char *text = ar_read_file(path, why, sizeof why);
    CHECK_MSG(text != NULL, "%s: %s", path, why);
    if (!text)
        return;
    int rc = ar_json_parse(text, strlen(text), &lim, &root, errbuf, sizeof errbuf);
    CHECK_MSG(rc == 0, "%s: %s", file, errbuf);
    if (rc) {
        free(text);
        return;
    }
    const ar_json *d = ar_json_member(&root, "replaydata");
    const ar_json *map = ar_json_member(d, "map"), *rows = ar_json_member(map, "data");
    const ar_json *jants = ar_json_member(d, "ants"), *jfood = ar_json_member(d, "food");
    const ar_json *jhills = ar_json_member(d, "hills"), *jscores = ar_json_member(d, "scores");
    const ar_json *status = ar_json_member(&root, "status"), *pturns = ar_json_member(&root, "playerturns");
    const ar_json *final = ar_json_member(&root, "score"), *bonus = ar_json_member(d, "bonus");
    int players = (int)ar_json_member(d, "players")->integer;
    int length = (int)ar_json_member(&root, "game_length")->integer;
    const char *cutoff = ar_json_member(d, "cutoff")->string;

    /* the map as the replay gives it */
    size_t cap = 64 + rows->count * (rows->items[0].length + 4), k = 0;
    char *mt = malloc(cap);
    k += (size_t)snprintf(mt + k, cap - k, "rows %lld\ncols %lld\nplayers %d\n", ar_json_member(map, "rows")->integer,
                          ar_json_member(map, "cols")->integer, players);
    /* the replay's map is drawn at the end of the game: take its water, and
     * the hills from the hill list */
    int ncols = (int)ar_json_member(map, "cols")->integer;
    for (size_t r = 0; r < rows->count; r++) {
        char *line = mt + k + 2;
        k += (size_t)snprintf(mt + k, cap - k, "m %s\n", rows->items[r].string);
        for (int c = 0; c < ncols; c++)
            if (line[c] != '%')
                line[c] = '.';
        for (size_t i = 0; i < jhills->count; i++)
            if (num(&jhills->items[i], 0) == (long long)r)
                line[num(&jhills->items[i], 1)] = (char)('0' + num(&jhills->items[i], 2));
    }
    struct ar_variant *v;
    ar_status st = ar_ants_variant_from_text(mt, file, &v, &err);
    free(mt);
    CHECK_MSG(st == AR_OK, "%s: %s", file, err.message);
    if (st != AR_OK)
        goto done_json;
    v->viewradius2 = (int)ar_json_member(d, "viewradius2")->integer;
    v->attackradius2 = (int)ar_json_member(d, "attackradius2")->integer;
    v->spawnradius2 = (int)ar_json_member(d, "spawnradius2")->integer;
    v->turns = (int)ar_json_member(d, "turns")->integer;
    CHECK(ar_ants_variant_prepare(v, &err) == AR_OK);

    size_t nants = jants->count;
    rec_ant *ants = calloc(nants, sizeof *ants);
    for (size_t i = 0; i < nants; i++) {
        const ar_json *a = &jants->items[i];
        ants[i] = (rec_ant){(int)(num(a, 0) * v->cols + num(a, 1)), (int)num(a, 2), (int)num(a, 3), (int)num(a, 4),
                            a->items[5].string};
    }
    void *pos = malloc(v->size);
    int32_t *food = malloc(sizeof *food * (jfood->count + 1));
    uint8_t *spawn_first = calloc((size_t)v->n, 1), *want = malloc((size_t)v->n);
    ants_order *orders[ANTS_MAX_PLAYERS];
    size_t counts[ANTS_MAX_PLAYERS];
    for (int p = 0; p < players; p++)
        orders[p] = malloc(sizeof(ants_order) * (nants + 1));
    int *where = malloc(sizeof *where * (nants + 1)), mismatches = 0, compared = 0;
    double engine_time = 0; /* CPU time in validating and playing the turns only */
    input_log logs[ANTS_MAX_PLAYERS];
    uint8_t *told[ANTS_MAX_PLAYERS];
    for (int p = 0; p < players; p++) {
        load_input(path, p, &logs[p]);
        told[p] = calloc((size_t)v->n, 1);
    }

    ar_ants_initial(v, pos);
    {
        ants_script s = {food, 0, NULL};
        for (size_t i = 0; i < jfood->count; i++)
            if (num(&jfood->items[i], 2) == 0)
                food[s.nfood++] = (int32_t)(num(&jfood->items[i], 0) * v->cols + num(&jfood->items[i], 1));
        ar_ants_start_food(v, pos, &s);
    }
    for (size_t i = 0; i < nants; i++)
        where[i] = ants[i].sq;
    for (int t = 0; t <= length && mismatches < 5; t++) {
        ants_head *h = (ants_head *)pos;
        /* what the official engine sent each bot still in the game */
        for (int p = 0; p < players && t > 0; p++) {
            if (!logs[p].text || !ar_ants_is_alive(v, pos, p))
                continue;
            char *sent = ar_ants_protocol_turn(v, pos, p, told[p]);
            const char *official = t < logs[p].nblocks ? logs[p].blocks[t] : NULL;
            compared++;
            if ((!official || strcmp(sent, official) != 0) && mismatches++ < 5)
                CHECK_MSG(0, "%s turn %d: the text for player %d differs from the official engine's:\n%.300s\n-- official:\n%.300s",
                          file, t, p, sent, official ? official : "(none)");
            free(sent);
        }
        /* the players the official engine took out this turn */
        for (int p = 0; p < players; p++) {
            const char *s = status->items[p].string;
            if (num(pturns, (size_t)p) == t && (!strcmp(s, "timeout") || !strcmp(s, "crashed") || !strcmp(s, "invalid")))
                ar_ants_kill_player(v, pos, p);
        }
        if (t == 0) {
            int over = ar_ants_check_over(v, pos);
            if (over)
                ar_ants_finish(v, pos, over);
        } else {
            ants_script s = {food, 0, spawn_first};
            memset(spawn_first, 0, (size_t)v->n);
            for (int p = 0; p < players; p++)
                counts[p] = 0;
            for (size_t i = 0; i < nants; i++) {
                const rec_ant *a = &ants[i];
                if (a->spawn == t)
                    spawn_first[a->sq] = 1;
                if (a->spawn <= t - 1 && t - 1 < a->die) {
                    int dir = dir_of(a->orders[t - 1 - a->spawn]);
                    if (dir != DIR_STAY)
                        orders[a->owner][counts[a->owner]++] = (ants_order){where[i], dir};
                    where[i] = ants_step(v, where[i], dir);
                }
            }
            for (size_t i = 0; i < jfood->count; i++)
                if (num(&jfood->items[i], 2) == t)
                    food[s.nfood++] = (int32_t)(num(&jfood->items[i], 0) * v->cols + num(&jfood->items[i], 1));
            double t0 = (double)clock() / CLOCKS_PER_SEC;
            for (int p = 0; p < players; p++) {
                ants_order_report rep;
                size_t kept = ar_ants_validate_orders(v, pos, p, orders[p], counts[p], orders[p], &rep);
                if (kept != counts[p] && mismatches++ < 5)
                    CHECK_MSG(0, "%s turn %d: player %d's recorded order refused: %s", file, t, p, rep.first_problem);
                counts[p] = kept;
            }
            ar_ants_play_turn(v, pos, orders, counts, &s);
            engine_time += (double)clock() / CLOCKS_PER_SEC - t0;
        }
        /* ants */
        memset(want, SQ_LAND, (size_t)v->n);
        for (size_t i = 0; i < nants; i++)
            if (ants[i].spawn <= t && t < ants[i].die)
                want[where[i]] = (uint8_t)ants[i].owner;
        const uint8_t *m = ANTS_MAP(v, pos);
        for (int sq = 0; sq < v->n && mismatches < 5; sq++) {
            int have = m[sq] < ANTS_MAX_PLAYERS ? m[sq] : SQ_LAND;
            if (have != want[sq]) {
                mismatches++;
                CHECK_MSG(0, "%s turn %d: square %d,%d has %s%d, recorded %s%d", file, t, sq / v->cols,
                          sq % v->cols, have == SQ_LAND ? "no ant " : "ant of ", have == SQ_LAND ? 0 : have,
                          want[sq] == SQ_LAND ? "no ant " : "ant of ", want[sq] == SQ_LAND ? 0 : want[sq]);
            }
        }
        /* food */
        memset(want, 0, (size_t)v->n);
        for (size_t i = 0; i < jfood->count; i++) {
            const ar_json *f = &jfood->items[i];
            if (num(f, 2) <= t && t < num(f, 3))
                want[num(f, 0) * v->cols + num(f, 1)] = 1;
        }
        for (int sq = 0; sq < v->n && mismatches < 5; sq++)
            if (ANTS_FOOD(v, pos)[sq] != want[sq]) {
                mismatches++;
                CHECK_MSG(0, "%s turn %d: food at %d,%d is %d, recorded %d", file, t, sq / v->cols, sq % v->cols,
                          ANTS_FOOD(v, pos)[sq], want[sq]);
            }
        /* deaths: the same count per square and owner */
        if (t > 0) {
            int recorded = 0;
            for (size_t i = 0; i < nants; i++)
                if (ants[i].die == t && ants[i].die <= length) {
                    int found = 0;
                    recorded++;
                    for (int j = 0; j < h->ndead; j++)
                        if (ANTS_DEAD_LOC(v, pos)[j] == where[i] && ANTS_DEAD_OWNER(v, pos)[j] == ants[i].owner)
                            found = 1;
                    if (!found && mismatches++ < 5)
                        CHECK_MSG(0, "%s turn %d: recorded death of player %d's ant at %d,%d not seen", file, t,
                                  ants[i].owner, where[i] / v->cols, where[i] % v->cols);
                }
            if (recorded != h->ndead && mismatches++ < 5)
                CHECK_MSG(0, "%s turn %d: %d deaths, recorded %d", file, t, h->ndead, recorded);
        }
        /* hills razed this turn or before */
        for (size_t i = 0; i < jhills->count; i++) {
            const ar_json *hl = &jhills->items[i];
            int sq = (int)(num(hl, 0) * v->cols + num(hl, 1)), hi = v->hill_at[sq];
            int end = (int)num(hl, 3), razed_rec = end <= length && end <= t ? end : 0;
            int razed = ANTS_HILL_END(v, pos)[hi];
            if (razed != razed_rec && mismatches++ < 5)
                CHECK_MSG(0, "%s turn %d: hill %d,%d razed at turn %d, recorded %d", file, t, sq / v->cols,
                          sq % v->cols, razed, razed_rec);
        }
        /* scores (the history is kept before the end bonus) */
        for (int p = 0; p < players; p++) {
            const ar_json *hist = &jscores->items[p];
            int s = h->score[p] - (h->ended ? h->bonus[p] : 0);
            if ((size_t)t < hist->count && num(hist, (size_t)t) != s && mismatches++ < 5)
                CHECK_MSG(0, "%s turn %d: player %d scores %d, recorded %lld", file, t, p, s, num(hist, (size_t)t));
        }
        if (h->ended && t < length && mismatches++ < 5)
            CHECK_MSG(0, "%s: ended at turn %d (%s), recorded turn %d", file, t, ar_ants_end_text(h->ended), length);
    }
    {
        ants_head *h = (ants_head *)pos;
        CHECK_MSG(h->ended != 0, "%s: not over after %d turns", file, length);
        CHECK_MSG(strcmp(ar_ants_end_text(h->ended), cutoff) == 0, "%s: ended by %s, recorded %s", file,
                  ar_ants_end_text(h->ended), cutoff);
        for (int p = 0; p < players; p++) {
            CHECK_MSG(h->score[p] == num(final, (size_t)p), "%s: player %d final score %d, recorded %lld", file, p,
                      h->score[p], num(final, (size_t)p));
            CHECK_MSG(h->bonus[p] == num(bonus, (size_t)p), "%s: player %d bonus %d, recorded %lld", file, p,
                      h->bonus[p], num(bonus, (size_t)p));
        }
        printf("%s: %d players, %d turns, %zu ants, %zu food, ended by %s: %s (%d turns' protocol text compared; "
               "engine %.0f turns/s of CPU)\n",
               file, players, length, nants, jfood->count, cutoff, mismatches ? "MISMATCH" : "reproduced", compared,
               engine_time > 0 ? length / engine_time : 0.0);
    }
    for (int p = 0; p < players; p++) {
        free(orders[p]);
        free(told[p]);
        free(logs[p].text);
        free(logs[p].blocks);
    }
    free(where);
    free(spawn_first);
    free(want);
    free(food);
    free(pos);
    free(ants);
    ar_ants_variant_free(v);
done_json:
    ar_json_free(&root);
    free(text);
}

int main(void)
{
    static const char *const games[] = {"p2_maze_timeout.replay", "p2_cell_maze.replay", "p2_random_walk.replay",
                                        "p4_random_walk_crash.replay", "p8_maze.replay",
                                        "p2_ariadne_strong_vs_hunter.replay",
                                        "p4_ariadne_strong_hunter_lefty_greedy.replay",
                                        "p8_ariadne_four_bots_four_samples.replay", NULL};
    for (int i = 0; games[i]; i++)
        replay_game(games[i]);
    return check_report("test_ants_oracle");
}
