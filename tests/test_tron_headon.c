/* test_tron_headon.c — the positions of the head-on audit (data/tron/head-on,
 * BENCHMARKS.md "issue 17, sixth round") are what their names say.
 *
 * A file of aside/ or aside-1s/, named ...-pPD, is the turn before a head-on
 * collision replayed with player P moving D instead of onto the meeting
 * cell: the cell P came from (one step back from its head against D) is its
 * trail, and the other player's head, which took the meeting cell, is beside
 * it. A file of before/, named ...-kK, is K turns before a collision: under
 * the game's rules some K joint moves without a crash end in a head-on
 * collision on turn K (exhaustive search). A slip of the script that made
 * them (the move aside given to the wrong player or named after the wrong
 * direction, a turn count that no collision fits) breaks these. */
#include "check.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include "games/tron/tron.h"
#include "games/tron/tron_internal.h"
#include "test_tron_util.h"

static const ar_game *G = &ar_game_tron;

/* Whether some `turns` joint moves from p, none crashing before the last,
 * end in a head-on collision on the last. p is restored. */
static int collision_in(const ar_variant *v, tron_pos *p, int turns)
{
    int d0, d1, found = 0;
    for (d0 = 1; d0 <= 4 && !found; d0++)
        for (d1 = 1; d1 <= 4 && !found; d1++) {
            ar_gmove m = AR_JOINT_MOVE(d0, d1);
            G->apply(v, p, m);
            if (p->crash[0] == CRASH_HEADON)
                found = turns == 1;
            else if (!p->crash[0] && !p->crash[1] && turns > 1)
                found = collision_in(v, p, turns - 1);
            G->undo(v, p, m);
        }
    return found;
}

/* The aside check: P and D from the name's ending "-pPD.txt". */
static void check_aside(const ar_variant *v, const char *name)
{
    static const char dirs[] = "NESW";
    const int step[4] = {-v->w, 1, v->w, -1};
    size_t len = strlen(name);
    const char *at = name + (len >= 8 ? len - 8 : len); /* "-pPD.txt" */
    int player, from, other;
    int named = len >= 8 && at[0] == '-' && at[1] == 'p' && (at[2] == '1' || at[2] == '2') && at[3] &&
                strchr(dirs, at[3]);
    CHECK_MSG(named, "%s: no -pPD in the name", name);
    if (!named)
        return;
    player = at[2] - '1';
    from = v->start[player] - step[strchr(dirs, at[3]) - dirs];
    other = v->start[1 - player];
    CHECK_MSG(v->kind[from] == TRON_WALL, "%s: player %d did not come from a trail cell", name, player + 1);
    CHECK_MSG(other == from + 1 || other == from - 1 || other == from + v->w || other == from - v->w,
              "%s: the other head is not beside the cell player %d left", name, player + 1);
}

/* The before check: K from the name's "-kK". */
static void check_before(const ar_variant *v, const char *name)
{
    const char *at = strstr(name, "-k");
    int k = at ? atoi(at + 2) : 0;
    tron_pos *p = malloc(G->position_size(v));
    CHECK_MSG(k >= 1 && k <= 4, "%s: no -kK (K 1 to 4) in the name", name);
    if (p && k >= 1 && k <= 4) {
        G->initial_position(v, p);
        CHECK_MSG(collision_in(v, p, k), "%s: no head-on collision possible on turn %d", name, k);
    }
    free(p);
}

/* Checks every position of dir; returns how many were read. */
static int check_dir(const char *dir, int before)
{
    DIR *d = opendir(dir);
    const char *name;
    char *text;
    int files = 0;
    CHECK_MSG(d != NULL, "cannot open %s", dir);
    if (!d)
        return 0;
    while ((text = tron_next_map_file(d, dir, &name)) != NULL) {
        ar_variant *v = tron_map_of(text, name);
        CHECK_MSG(v != NULL, "%s/%s does not load", dir, name);
        if (v) {
            files++;
            if (before)
                check_before(v, name);
            else
                check_aside(v, name);
            G->destroy(v);
        }
        free(text);
    }
    closedir(d);
    return files;
}

int main(void)
{
    static const struct {
        const char *dir;
        int before, positions;
    } sets[] = {{"aside", 0, 66}, {"aside-1s", 0, 45}, {"before", 1, 50}};
    const char *data = getenv("ARIADNE_DATA");
    char dir[4096];
    size_t i;
    for (i = 0; i < sizeof sets / sizeof sets[0]; i++) {
        int n;
        snprintf(dir, sizeof dir, "%s/tron/head-on/%s", data ? data : "data", sets[i].dir);
        n = check_dir(dir, sets[i].before);
        CHECK_MSG(n == sets[i].positions, "%s: %d positions, expected %d", sets[i].dir, n, sets[i].positions);
    }
    return check_report("test_tron_headon");
}
