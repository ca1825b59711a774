/* test_tron_fill.c — the exact space filler of `chamber-ab` (tron_filler.c)
 * and its proven bound, played by the new default bot against the old
 * `alphabeta`.
 *
 * Bound and search: in hundreds of random small rooms the bound is never
 * below the true longest path (exhaustive search) and the filler's proven
 * result equals it. Endgames from real games (data/tron/endgames: separated
 * positions taken from matches of the two bots on the official maps): on
 * every region small enough for the exhaustive search the filler finds the
 * true longest path, on every region its path never exceeds its bound, and
 * played out against the old `alphabeta` from both sides, chamber-ab makes
 * exactly its longest path, so it never loses an equal-area ending. */
#include "check.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/rng.h"
#include "ariadne/tool.h"
#include "games/tron/tron.h"
#include "games/tron/tron_internal.h"
#include "test_tron_util.h"

static const ar_game *G = &ar_game_tron;

/* The filler from the start position of v for player p, without a clock. */
static tron_fill fill_from_start(const ar_variant *v, int p, uint64_t node_limit)
{
    tron_board b;
    tron_work w;
    tron_fill f;
    tron_pos *pos = malloc(G->position_size(v));
    G->initial_position(v, pos);
    ar_tron_board_init(&b, v);
    ar_tron_work_init(&w, b.n);
    ar_tron_board_load(&b, v, pos);
    memset(&f, 0, sizeof f);
    f.b = &b;
    f.w = &w;
    f.player = p;
    f.node_limit = node_limit;
    ar_tron_fill_search(&f);
    f.b = NULL;
    f.w = NULL;
    ar_tron_work_free(&w);
    ar_tron_board_free(&b);
    free(pos);
    return f;
}

static void test_random_rooms(void)
{
    ar_rng rng;
    int k, tested = 0, tight = 0;
    ar_rng_seed(&rng, 17);
    for (k = 0; k < 600; k++) {
        char *text = tron_random_room(&rng, 2 + (int)ar_rng_below(&rng, 5), 2 + (int)ar_rng_below(&rng, 5),
                                 3 + (int)ar_rng_below(&rng, 4));
        ar_variant *v = tron_map_of(text, "room");
        tron_pos *p;
        int longest;
        if (!v) {
            free(text);
            continue;
        }
        p = malloc(G->position_size(v));
        G->initial_position(v, p);
        longest = ar_tron_longest_path(v, p, 0, 2000000);
        if (longest >= 0) {
            tron_fill f = fill_from_start(v, 0, 0);
            tested++;
            CHECK_MSG(f.bound >= longest, "bound %d below the longest path %d\n%s", f.bound, longest, text);
            CHECK_MSG(f.proven && f.best == longest, "filler %d (proven %d), longest path %d\n%s", f.best, f.proven,
                      longest, text);
            tight += f.bound == longest;
        }
        free(p);
        G->destroy(v);
        free(text);
    }
    CHECK(tested >= 500);
    /* The bound is not just valid but mostly exact on such rooms. */
    CHECK_MSG(tight * 10 >= tested * 7, "bound tight on %d of %d rooms", tight, tested);
}

/* The endgame set: every region either matches the exhaustive search or
 * stays within the bound; played out, chamber-ab never loses an ending in
 * which it has at least as long a path as the opponent. */
static void test_endgames(const char *dir)
{
    DIR *d = opendir(dir);
    const char *name;
    char *text;
    int files = 0, exact = 0, equal = 0;
    CHECK_MSG(d != NULL, "no directory %s", dir);
    if (!d)
        return;
    while ((text = tron_next_map_file(d, dir, &name)) != NULL) {
        ar_variant *v = tron_map_of(text, name);
        tron_pos *p;
        int longest[2], pl;
        CHECK_MSG(v != NULL, "%s/%s", dir, name);
        if (!v) {
            free(text);
            continue;
        }
        files++;
        p = malloc(G->position_size(v));
        G->initial_position(v, p);
        CHECK_MSG(ar_tron_separated(v, p), "%s: the players are not separated", name);
        for (pl = 0; pl < 2; pl++) {
            tron_fill f = fill_from_start(v, pl, 200000);
            longest[pl] = ar_tron_longest_path(v, p, pl, 3000000);
            CHECK_MSG(f.best <= f.bound, "%s", name);
            if (longest[pl] >= 0) {
                exact++;
                CHECK_MSG(longest[pl] <= f.bound, "%s player %d: bound %d, longest %d", name, pl + 1, f.bound,
                          longest[pl]);
                CHECK_MSG(f.best == longest[pl], "%s player %d: filler %d, longest path %d", name, pl + 1,
                          f.best, longest[pl]);
            } else {
                longest[pl] = f.proven ? f.best : -1;
            }
        }
        /* Played out both ways (fixed budgets: reproducible). */
        if (longest[0] >= 0 && longest[1] >= 0) {
            unsigned turns;
            ar_game_outcome o;
            equal += longest[0] == longest[1];
            o = tron_play_out(v, "chamber-ab:depth=4", "alphabeta:depth=4", &turns);
            if (longest[0] >= longest[1])
                CHECK_MSG(o != AR_WIN_P1, "%s: chamber-ab (1) lost with %d v %d", name, longest[0], longest[1]);
            o = tron_play_out(v, "alphabeta:depth=4", "chamber-ab:depth=4", &turns);
            if (longest[1] >= longest[0])
                CHECK_MSG(o != AR_WIN_P0, "%s: chamber-ab (2) lost with %d v %d", name, longest[1], longest[0]);
            o = tron_play_out(v, "chamber-ab:depth=4", "chamber-ab:depth=4", &turns);
            /* Both fill exactly: the game lasts the shorter path plus the crash. */
            CHECK_MSG(o == (longest[0] == longest[1] ? AR_DRAW : longest[0] > longest[1] ? AR_WIN_P0 : AR_WIN_P1),
                      "%s: %d v %d", name, longest[0], longest[1]);
            CHECK_MSG((int)turns == 1 + (longest[0] < longest[1] ? longest[0] : longest[1]), "%s: %u turns for %d v %d",
                      name, turns, longest[0], longest[1]);
        }
        free(p);
        G->destroy(v);
        free(text);
    }
    closedir(d);
    printf("endgames: %d positions, %d regions checked exhaustively, %d equal-area\n", files, exact, equal);
    CHECK(files >= 10);
    CHECK(exact >= 10);
    CHECK(equal >= 3);
}

int main(void)
{
    const char *data = getenv("ARIADNE_DATA");
    char dir[4096];
    test_random_rooms();
    snprintf(dir, sizeof dir, "%s/tron/endgames", data ? data : "data");
    test_endgames(dir);
    return check_report("test_tron_fill");
}
