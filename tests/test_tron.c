/* test_tron.c — Tron's rules, maps and bots.
 *
 * Rules: every ending — both crash (a draw), both heads onto one cell (a
 * draw), heads swapping cells (both run into a trail: a draw), one crash
 * (into a wall, its own trail, the other's trail, the other's head, off an
 * open-bordered map) — with apply/undo restoring the position and its hash,
 * and position text surviving format -> parse. Maps: every kind of bad map
 * is rejected with a message naming the problem; the lenient protocol parser
 * repairs them instead; all official maps load with the free-cell counts of
 * INDEX.txt. Bots: the endgame filler moves exactly as many times as the
 * longest path (brute force) in random small separated rooms; no bot picks
 * a move that crashes at once while a safe one exists; whole games end with
 * a reason; alpha-beta beats random. */
#include "check.h"

#include <stdlib.h>
#include <string.h>
#include "ariadne/rng.h"
#include "games/tron/tron.h"
#include "games/tron/tron_internal.h"
#include "games/tron/tron_cli.h"

static const ar_game *G = &ar_game_tron;

static ar_variant *map_of(const char *text)
{
    ar_variant *v = NULL;
    ar_error err;
    ar_error_clear(&err);
    if (ar_tron_variant_from_text(text, strlen(text), NULL, &v, &err) != AR_OK)
        fprintf(stderr, "map rejected: %s\n", err.message);
    return v;
}

/* Plays the joint move (directions of player 1 and 2) and checks undo. */
static void play(ar_variant *v, tron_pos *p, int d0, int d1)
{
    size_t size = G->position_size(v);
    tron_pos *copy = malloc(size);
    memcpy(copy, p, size);
    G->apply(v, p, AR_JOINT_MOVE(d0, d1));
    CHECK(G->hash(v, p) != copy->hash || (p->crash[0] && p->crash[1]));
    {
        tron_pos *again = malloc(size);
        memcpy(again, p, size);
        G->undo(v, again, AR_JOINT_MOVE(d0, d1));
        CHECK(memcmp(again, copy, size) == 0);
        free(again);
    }
    /* The incremental hash equals one computed from the position text
     * (when the game goes on; crashed heads off the grid are not shown). */
    {
        char text[4096];
        tron_pos *parsed = malloc(size);
        ar_error err;
        G->format_position(v, p, text, sizeof text);
        CHECK_MSG(G->parse_position(v, text, parsed, &err) == AR_OK, "%s: %s", text, err.message);
        CHECK(G->hash(v, parsed) == G->hash(v, p));
        CHECK(G->outcome(v, parsed) == G->outcome(v, p));
        free(parsed);
    }
    free(copy);
}

static tron_pos *start(ar_variant *v)
{
    tron_pos *p = malloc(G->position_size(v));
    G->initial_position(v, p);
    return p;
}

enum { N = 1, E = 2, S = 3, W = 4 };

static void test_rules(void)
{
    ar_variant *v;
    tron_pos *p;
    /* Both crash into walls: a draw. */
    v = map_of("5 3\n#####\n#1 2#\n#####\n");
    p = start(v);
    play(v, p, N, S);
    CHECK(G->outcome(v, p) == AR_DRAW);
    CHECK(p->crash[0] == CRASH_WALL && p->crash[1] == CRASH_WALL);
    free(p);
    /* Both heads onto the middle cell: a draw (head-on). */
    p = start(v);
    play(v, p, E, W);
    CHECK(G->outcome(v, p) == AR_DRAW);
    CHECK(p->crash[0] == CRASH_HEADON && p->crash[1] == CRASH_HEADON);
    free(p);
    /* Player 2 crashes, player 1 steps into the middle: 1 wins. */
    p = start(v);
    play(v, p, E, N);
    CHECK(G->outcome(v, p) == AR_WIN_P0);
    CHECK(p->crash[0] == 0 && p->crash[1] == CRASH_WALL);
    free(p);
    G->destroy(v);

    /* Heads side by side swap cells: each runs into the other's trail. */
    v = map_of("4 3\n####\n#12#\n####\n");
    p = start(v);
    play(v, p, E, W);
    CHECK(G->outcome(v, p) == AR_DRAW);
    CHECK(p->crash[0] == CRASH_TRAIL && p->crash[1] == CRASH_TRAIL);
    free(p);
    G->destroy(v);

    /* Trails: player 1 runs into its own trail, then into player 2's. */
    v = map_of("6 5\n######\n#    #\n#1  2#\n#    #\n######\n");
    p = start(v);
    play(v, p, N, S);
    play(v, p, E, W);
    CHECK(G->outcome(v, p) == AR_ONGOING);
    play(v, p, S, N); /* 1 moves down into the cell it has not visited: fine */
    CHECK(G->outcome(v, p) == AR_ONGOING);
    play(v, p, W, E); /* 1 into its start cell (own trail); 2 into its own start cell too */
    CHECK(G->outcome(v, p) == AR_DRAW);
    CHECK(p->crash[0] == CRASH_TRAIL && p->crash[1] == CRASH_TRAIL);
    free(p);
    /* Into the other's trail while the other goes on. */
    p = start(v);
    play(v, p, E, N); /* 1 at (2,2), 2 at (4,1) */
    play(v, p, E, W); /* 1 at (3,2), 2 at (3,1) */
    play(v, p, E, W); /* 1 into (4,2): 2's start cell, a trail; 2 to (2,1) */
    CHECK(G->outcome(v, p) == AR_WIN_P1);
    CHECK(p->crash[0] == CRASH_TRAIL && p->crash[1] == 0);
    free(p);
    /* Into the other's head cell of this turn (it becomes trail as it leaves). */
    p = start(v);
    play(v, p, E, S); /* 1 at (2,2), 2 at (4,3) */
    play(v, p, E, W); /* 1 at (3,2), 2 at (3,3) */
    play(v, p, S, W); /* 1 into (3,3), where 2's head was: crash; 2 to (2,3) */
    CHECK(G->outcome(v, p) == AR_WIN_P1);
    CHECK(p->crash[0] == CRASH_TRAIL);
    free(p);
    G->destroy(v);

    /* Open border: walking off the map is a crash (u.txt is open on the right). */
    v = map_of("3 3\n1  \n   \n  2\n");
    CHECK(v != NULL);
    p = start(v);
    play(v, p, W, S);
    CHECK(G->outcome(v, p) == AR_DRAW);
    CHECK(p->crash[0] == CRASH_OFFMAP && p->crash[1] == CRASH_OFFMAP);
    free(p);
    p = start(v);
    play(v, p, N, W); /* 1 off the top; 2 stays on the map */
    CHECK(G->outcome(v, p) == AR_WIN_P1);
    free(p);
    p = start(v);
    play(v, p, E, E); /* 2 off the right */
    CHECK(G->outcome(v, p) == AR_WIN_P0);
    CHECK(p->crash[1] == CRASH_OFFMAP);
    free(p);
    /* A finished game has no legal moves; a running one has all four. */
    {
        ar_gmove moves[4];
        p = start(v);
        CHECK_EQ_U(G->legal_moves(v, p, 0, moves), 4);
        play(v, p, E, E);
        CHECK_EQ_U(G->legal_moves(v, p, 0, moves), 0);
        free(p);
    }
    /* Move text. */
    {
        ar_gmove m;
        ar_error err;
        p = start(v);
        CHECK(G->parse_move(v, p, 0, "3", 1, &m, &err) == AR_OK && m == 3);
        CHECK(G->parse_move(v, p, 0, "W", 1, &m, &err) == AR_OK && m == 4);
        CHECK(G->parse_move(v, p, 0, "north", 5, &m, &err) == AR_OK && m == 1);
        CHECK(G->parse_move(v, p, 0, "5", 1, &m, &err) == AR_ERR_INPUT);
        free(p);
    }
    G->destroy(v);
}

/* The render the contest sends: the asked player is '1'. */
static void test_render(void)
{
    ar_variant *v = map_of("5 3\n#####\n#1 2#\n#####\n");
    tron_pos *p = start(v);
    char buf[128];
    ar_tron_render(v, p, 0, buf, sizeof buf);
    CHECK_STR(buf, "5 3\n#####\n#1 2#\n#####\n");
    ar_tron_render(v, p, 1, buf, sizeof buf);
    CHECK_STR(buf, "5 3\n#####\n#2 1#\n#####\n");
    CHECK(ar_tron_render(v, p, 0, buf, 4) == strlen("5 3\n#####\n#1 2#\n#####\n"));
    free(p);
    G->destroy(v);
}

static void bad_map(const char *text, const char *expect)
{
    ar_variant *v = NULL;
    ar_error err;
    ar_tron_map_options o;
    ar_error_clear(&err);
    CHECK_MSG(ar_tron_variant_from_text(text, strlen(text), NULL, &v, &err) == AR_ERR_INPUT, "accepted: %s",
              text);
    CHECK_MSG(strstr(err.message, expect) != NULL, "message '%s' lacks '%s'", err.message, expect);
    CHECK(strchr(err.message, '\n') == NULL);
    CHECK(v == NULL);
    /* The protocol parser repairs everything but a bad size line or a missing '1'. */
    memset(&o, 0, sizeof o);
    o.lenient = 1;
    ar_error_clear(&err);
    if (ar_tron_variant_from_text(text, strlen(text), &o, &v, &err) == AR_OK) {
        CHECK(err.message[0] != '\0');
        G->destroy(v);
    } else {
        CHECK(strstr(err.message, "size") || strstr(err.message, "'1'") || strstr(err.message, "empty"));
    }
}

static void test_parser(void)
{
    ar_variant *v;
    bad_map("", "empty map");
    bad_map("5\n#####\n", "is not the map size");
    bad_map("5 x\n#####\n", "is not the map size");
    bad_map("0 3\n", "is not the map size");
    bad_map("5 3 1\n#####\n#1 2#\n#####\n", "is not the map size");
    bad_map("5 3\n#####\n#1 2\n#####\n", "row 2 (line 3) has 4 characters");
    bad_map("5 3\n#####\n#1 2##\n#####\n", "row 2 (line 3) has 6 characters");
    bad_map("5 3\n#####\n#1 2#\n", "the map has 2 rows, the size line says 3");
    bad_map("5 3\n#####\n#1 2#\n#####\n#####\n", "more rows than");
    bad_map("5 3\n#####\n#1x2#\n#####\n", "row 2 column 3: unknown character 'x'");
    bad_map("5 3\n#####\n#1\t2#\n#####\n", "unknown character byte 0x09");
    bad_map("5 3\n#####\n#1  #\n#####\n", "no start cell for player 2");
    bad_map("5 3\n#####\n#  2#\n#####\n", "no start cell for player 1");
    bad_map("5 3\n#####\n#112#\n#####\n", "player 1 ('1') appears twice: row 2 column 2 and row 2 column 3");
    bad_map("5 3\n#####\n#122#\n#####\n", "player 2 ('2') appears twice");
    /* \r\n line ends and trailing blank lines are fine. */
    v = map_of("5 3\r\n#####\r\n#1 2#\r\n#####\r\n\r\n");
    CHECK(v != NULL && ar_tron_width(v) == 5 && ar_tron_height(v) == 3);
    if (v) {
        char row[8];
        ar_tron_map_row(v, 1, row);
        CHECK_STR(row, "#1 2#");
        G->destroy(v);
    }
    /* Lenient: a missing opponent is shut away; the bot still has moves. */
    {
        ar_tron_map_options o;
        ar_error err;
        const char *t = "5 3\n#####\n#1  #\n#####\n";
        memset(&o, 0, sizeof o);
        o.lenient = 1;
        ar_error_clear(&err);
        CHECK(ar_tron_variant_from_text(t, strlen(t), &o, &v, &err) == AR_OK);
        CHECK(strstr(err.message, "no opponent") != NULL);
        if (v) {
            tron_pos *p = start(v);
            ar_bot *bot;
            ar_gmove m = 0;
            CHECK(G->outcome(v, p) == AR_ONGOING);
            CHECK(ar_tron_separated(v, p));
            CHECK(ar_bot_create(G, v, "alphabeta:time=0.05", 1, 0, &bot, &err) == AR_OK);
            CHECK(ar_bot_choose(bot, p, 0, &m, NULL, &err) == AR_OK);
            CHECK(m == E);
            ar_bot_destroy(bot);
            free(p);
            G->destroy(v);
        }
    }
}

/* Every official map loads, with the free-cell count INDEX.txt gives. */
static void test_official_maps(void)
{
    const char *data = getenv("ARIADNE_DATA");
    char path[1024], line[512];
    FILE *index;
    unsigned count = 0;
    snprintf(path, sizeof path, "%s/tron/INDEX.txt", data ? data : "data");
    index = fopen(path, "r");
    if (!index) {
        fprintf(stderr, "test_tron: %s not found; official maps skipped\n", path);
        return;
    }
    while (fgets(line, sizeof line, index)) {
        char name[128];
        int w, h, free_cells;
        char *text;
        long len;
        FILE *f;
        ar_variant *v;
        ar_error err;
        ar_tron_map_options o;
        const char *fr = strstr(line, "free=");
        if (line[0] == '#' || !fr || sscanf(line, "%127s %dx%d", name, &w, &h) != 3)
            continue;
        free_cells = atoi(fr + 5);
        snprintf(path, sizeof path, "%s/tron/maps/%s", data ? data : "data", name);
        f = fopen(path, "rb");
        CHECK_MSG(f != NULL, "%s", path);
        if (!f)
            continue;
        fseek(f, 0, SEEK_END);
        len = ftell(f);
        fseek(f, 0, SEEK_SET);
        text = malloc((size_t)len + 1);
        CHECK(fread(text, 1, (size_t)len, f) == (size_t)len);
        fclose(f);
        memset(&o, 0, sizeof o);
        o.name = name;
        ar_error_clear(&err);
        CHECK_MSG(ar_tron_variant_from_text(text, (size_t)len, &o, &v, &err) == AR_OK, "%s: %s", name, err.message);
        if (v) {
            CHECK_MSG(v->free_cells == free_cells, "%s: %d free cells, INDEX says %d", name, v->free_cells,
                      free_cells);
            CHECK(ar_tron_width(v) == w && ar_tron_height(v) == h);
            G->destroy(v);
        }
        free(text);
        count++;
    }
    fclose(index);
    CHECK_EQ_U(count, 26);
}

/* A random room of iw x ih cells for player 1 (walls with probability 1/4),
 * a wall, and an open room of 6 x 7 for player 2 (who outlives player 1). */
static char *random_rooms(ar_rng *rng, int iw, int ih)
{
    int w = iw + 2 + 7, h = (ih > 7 ? ih : 7) + 2, x, y;
    char *t = malloc((size_t)(w + 1) * (size_t)(h + 1) + 16), *s = t;
    s += sprintf(s, "%d %d\n", w, h);
    for (y = 0; y < h; y++) {
        for (x = 0; x < w; x++) {
            char c = '#';
            if (y >= 1 && y <= ih && x >= 1 && x <= iw)
                c = x == 1 && y == 1 ? '1' : ar_rng_below(rng, 4) == 0 ? '#' : ' ';
            else if (y >= 1 && y <= 7 && x >= iw + 2 && x <= iw + 7)
                c = x == iw + 2 && y == 1 ? '2' : ' ';
            *s++ = c;
        }
        *s++ = '\n';
    }
    *s = '\0';
    return t;
}

static void test_filler_exact(void)
{
    ar_rng rng;
    int k, exact = 0;
    ar_rng_seed(&rng, 2010);
    for (k = 0; k < 40; k++) {
        char *text = random_rooms(&rng, 3 + (int)ar_rng_below(&rng, 3), 3 + (int)ar_rng_below(&rng, 3));
        ar_variant *v = map_of(text);
        tron_pos *p;
        ar_bot *bots[2];
        ar_error err;
        ar_tron_record rec;
        int best;
        if (!v) {
            free(text);
            continue;
        }
        p = start(v);
        best = ar_tron_longest_path(v, p, 0, 50000000);
        CHECK(best >= 0);
        CHECK(ar_tron_separated(v, p));
        CHECK(ar_bot_create(G, v, "alphabeta:time=5", 7, 0, &bots[0], &err) == AR_OK);
        CHECK(ar_bot_create(G, v, "wallhug", 8, 0, &bots[1], &err) == AR_OK);
        CHECK(ar_tron_play(v, bots, NULL, &rec, &err) == AR_OK);
        /* Player 1 makes turns - 1 moves and crashes on the last turn. */
        CHECK_MSG(rec.outcome == AR_WIN_P1, "room %d: %s", k, rec.reason);
        CHECK_MSG((int)rec.turns - 1 == best, "room %d: the filler made %u moves, the longest path is %d\n%s", k,
                  rec.turns - 1, best, text);
        exact += (int)rec.turns - 1 == best;
        ar_tron_record_free(&rec);
        ar_bot_destroy(bots[0]);
        ar_bot_destroy(bots[1]);
        free(p);
        G->destroy(v);
        free(text);
    }
    CHECK(exact >= 35);
}

/* No bot chooses a crash while a safe move exists: positions from random
 * games on a few official-like maps, every bot, both players. */
static void test_no_suicide(void)
{
    static const char *const specs[] = {"random", "wallhug", "voronoi", "chambers", "alphabeta:depth=3:endgame=1",
                                        "alphabeta:time=0.004", "alphabeta:depth=2", "chamber-ab:depth=2",
                                        "chamber-ab:time=0.004"};
    static const char *const maps[] = {
        "15 15\n###############\n#             #\n#           1 #\n#             #\n#   ###########\n#   #          \n"
        "#   #          \n#   #          \n#   #          \n#   #          \n#   ###########\n#             #\n"
        "#           2 #\n#             #\n###############\n",
        "9 7\n#########\n#1  #   #\n# # # # #\n#   #   #\n# # # # #\n#      2#\n#########\n",
        "6 4\n######\n#1# 2#\n#   ##\n######\n"};
    ar_rng rng;
    unsigned m, s, trials = 0, bad = 0;
    ar_rng_seed(&rng, 99);
    for (m = 0; m < 3; m++) {
        ar_variant *v = map_of(maps[m]);
        ar_bot *bots[sizeof specs / sizeof specs[0]];
        ar_error err;
        int game;
        for (s = 0; s < sizeof specs / sizeof specs[0]; s++)
            CHECK(ar_bot_create(G, v, specs[s], 5 + s, 0, &bots[s], &err) == AR_OK);
        for (game = 0; game < 5; game++) {
            tron_pos *p = start(v);
            while (G->outcome(v, p) == AR_ONGOING) {
                int q, d;
                ar_gmove mv[2];
                for (q = 0; q < 2; q++) {
                    int safe = 0;
                    for (d = 1; d <= 4; d++)
                        safe += !tron_occ(p, p->head[q] + tron_delta(v->w, d));
                    for (s = 0; s < sizeof specs / sizeof specs[0]; s++) {
                        ar_gmove c;
                        CHECK(ar_bot_choose(bots[s], p, q, &c, NULL, &err) == AR_OK);
                        trials++;
                        if (safe && tron_occ(p, p->head[q] + tron_delta(v->w, (int)c))) {
                            bad++;
                            fprintf(stderr, "%s chose a crash (%d) with a safe move open\n", specs[s], (int)c);
                        }
                    }
                    mv[q] = 1 + ar_rng_below(&rng, 4);
                    /* Random play, but mostly safe, so games last. */
                    for (d = 0; d < 8 && tron_occ(p, p->head[q] + tron_delta(v->w, (int)mv[q])); d++)
                        mv[q] = 1 + ar_rng_below(&rng, 4);
                }
                G->apply(v, p, AR_JOINT_MOVE(mv[0], mv[1]));
            }
            free(p);
        }
        for (s = 0; s < sizeof specs / sizeof specs[0]; s++)
            ar_bot_destroy(bots[s]);
        G->destroy(v);
    }
    CHECK(trials > 500);
    CHECK_EQ_U(bad, 0);
}

/* Whole games: they end, with a reason; the records hold every turn; a
 * search bot beats random from both sides. */
static void test_games(void)
{
    ar_variant *v = map_of("10 8\n##########\n#1       #\n#  ##    #\n#        #\n#    ##  #\n#        #\n"
                           "#       2#\n##########\n");
    ar_bot *ab, *rnd, *bots[2];
    ar_error err;
    int side, wins = 0;
    CHECK(ar_bot_create(G, v, "alphabeta:depth=3", 1, 0, &ab, &err) == AR_OK);
    CHECK(ar_bot_create(G, v, "random", 2, 0, &rnd, &err) == AR_OK);
    for (side = 0; side < 6; side++) {
        ar_tron_record rec;
        bots[side & 1] = ab;
        bots[1 - (side & 1)] = rnd;
        CHECK(ar_tron_play(v, bots, NULL, &rec, &err) == AR_OK);
        CHECK(rec.outcome != AR_ONGOING);
        CHECK(rec.reason[0] != '\0');
        CHECK(rec.timed == rec.turns && rec.failed == 0);
        wins += ar_game_outcome_for(rec.outcome, side & 1) > 0;
        ar_tron_record_free(&rec);
    }
    CHECK_MSG(wins >= 5, "alphabeta:depth=3 won %d of 6 against random", wins);
    /* Unknown bots and bad options are refused by name. */
    CHECK(ar_bot_create(G, v, "alphabeta:depth=x", 1, 0, &bots[0], &err) == AR_ERR_INPUT);
    CHECK(strstr(err.message, "depth") != NULL);
    CHECK(ar_bot_create(G, v, "wallhug:time=1", 1, 0, &bots[0], &err) == AR_ERR_INPUT);
    CHECK(ar_bot_create(G, v, "chamber-ab:headon=sometimes", 1, 0, &bots[0], &err) == AR_ERR_INPUT);
    CHECK(strstr(err.message, "headon") != NULL);
    CHECK(ar_bot_create(G, v, "alphabeta:headon=fixed", 1, 0, &bots[0], &err) == AR_ERR_INPUT);
    CHECK(ar_bot_create(G, v, "chamber-ab:tt=2", 1, 0, &bots[0], &err) == AR_ERR_INPUT);
    CHECK(strstr(err.message, "tt=2") != NULL);
    CHECK(ar_bot_create(G, v, "chamber-ab:extend=yes", 1, 0, &bots[0], &err) == AR_ERR_INPUT);
    CHECK(ar_bot_create(G, v, "alphabeta:tt=1", 1, 0, &bots[0], &err) == AR_ERR_INPUT);
    CHECK(ar_bot_create(G, v, "alphabeta:extend=1", 1, 0, &bots[0], &err) == AR_ERR_INPUT);
    CHECK(ar_bot_create(G, v, "chamber-ab:plan=maybe", 1, 0, &bots[0], &err) == AR_ERR_INPUT);
    CHECK(strstr(err.message, "plan=maybe") != NULL);
    CHECK(ar_bot_create(G, v, "alphabeta:plan=1", 1, 0, &bots[0], &err) == AR_ERR_INPUT);
    CHECK(ar_bot_create(G, v, "chamber-ab:headon=fixed:contempt=50", 1, 0, &bots[0], &err) == AR_OK);
    ar_bot_destroy(bots[0]);
    CHECK(ar_bot_create(G, v, "cmd:", 1, 0, &bots[0], &err) == AR_ERR_INPUT);
    ar_bot_destroy(ab);
    ar_bot_destroy(rnd);
    G->destroy(v);
}

/* chamber-ab's forced moves cost no depth: in a one-cell corridor where
 * player 1's only choices are the corridor east (a head-on meeting four
 * moves on: a draw) and a dead end south (a loss), a one-ply search follows
 * the forced moves to the end and proves the draw; without the extension
 * (extend=0, and alphabeta) the same depth ends at an evaluation. */
static void test_forced_extension(void)
{
    ar_variant *v = map_of("10 4\n##########\n#1      2#\n# ########\n##########\n");
    static const char *const specs[] = {"chamber-ab:depth=1", "chamber-ab:depth=1:extend=0", "alphabeta:depth=1"};
    tron_pos *p = start(v);
    unsigned i;
    for (i = 0; i < 3; i++) {
        ar_bot *bot;
        ar_error err;
        ar_bot_info info;
        ar_gmove m;
        CHECK(ar_bot_create(G, v, specs[i], 1, 0, &bot, &err) == AR_OK);
        CHECK(ar_bot_choose(bot, p, 0, &m, &info, &err) == AR_OK);
        CHECK_MSG(m == AR_TRON_EAST, "%s chose %d (%s)", specs[i], (int)m, info.text);
        if (i == 0)
            CHECK_MSG(strstr(info.text, "score -10.0 cells (proven)") != NULL, "%s: %s", specs[i], info.text);
        else
            CHECK_MSG(strstr(info.text, "proven") == NULL, "%s: %s", specs[i], info.text);
        ar_bot_destroy(bot);
    }
    free(p);
    G->destroy(v);
}

/* An external program: one that answers, one that crashes. */
static void test_external(void)
{
    ar_variant *v = map_of("7 3\n#######\n#1   2#\n#######\n");
    ar_bot *bots[2];
    ar_error err;
    ar_tron_record rec;
    CHECK(ar_bot_create(G, v, "cmd:while read l; do case $l in [0-9]*' '*) read a; read b; read c; echo 2;; esac; done",
                        1, 0, &bots[0], &err) == AR_OK);
    CHECK(ar_bot_create(G, v, "exec:\"exit 3\"", 1, 0, &bots[1], &err) == AR_OK);
    CHECK(ar_tron_play(v, bots, NULL, &rec, &err) == AR_OK);
    CHECK(rec.outcome == AR_WIN_P0);
    CHECK(rec.failed == 2);
    CHECK_MSG(strstr(rec.reason, "exited with status 3") != NULL, "%s", rec.reason);
    ar_tron_record_free(&rec);
    ar_bot_destroy(bots[1]);
    /* The answering program against wallhug: it goes east and meets 2 head-on or crashes. */
    CHECK(ar_bot_create(G, v, "wallhug", 1, 0, &bots[1], &err) == AR_OK);
    CHECK(ar_tron_play(v, bots, NULL, &rec, &err) == AR_OK);
    CHECK(rec.failed == 0);
    CHECK(rec.turns >= 1 && rec.moves[0] == 2);
    ar_tron_record_free(&rec);
    ar_bot_destroy(bots[0]);
    ar_bot_destroy(bots[1]);
    G->destroy(v);
}

/* The move-time table's percentiles: one of the values, never decreasing in
 * p, however few the moves (the median was once above the 99th percentile). */
static void test_percentiles(void)
{
    const double two[] = {0.004, 0.006}, five[] = {1, 2, 3, 4, 5};
    CHECK(ar_tron_percentile(two, 2, 0.5) <= ar_tron_percentile(two, 2, 0.99));
    CHECK(ar_tron_percentile(two, 2, 0.5) == 0.004);
    CHECK(ar_tron_percentile(two, 2, 0.99) == 0.006);
    CHECK(ar_tron_percentile(five, 5, 0.5) == 3);
    CHECK(ar_tron_percentile(five, 5, 0.99) == 5);
    CHECK(ar_tron_percentile(five, 5, 0.2) == 1);
    CHECK(ar_tron_percentile(five, 1, 0.99) == 1);
}

int main(void)
{
    test_percentiles();
    test_rules();
    test_render();
    test_parser();
    test_official_maps();
    test_filler_exact();
    test_no_suicide();
    test_games();
    test_forced_extension();
    test_external();
    return check_report("test_tron");
}
