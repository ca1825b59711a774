/* test_tron_util.h — what the Tron tests (test_tron_fill.c,
 * test_tron_plan.c, test_tron_eval.c) share: maps from text and from a directory of position
 * files, random small rooms, small enough for the exhaustive longest-path
 * search to settle, and a game played out between two bots from a
 * position. */
#ifndef ARIADNE_TEST_TRON_UTIL_H
#define ARIADNE_TEST_TRON_UTIL_H

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/rng.h"
#include "ariadne/tool.h"
#include "check.h"
#include "games/tron/tron.h"

/* The variant of map text (contest format), or NULL with the reason on
 * stderr. */
static inline ar_variant *tron_map_of(const char *text, const char *name)
{
    ar_variant *v = NULL;
    ar_error err;
    ar_tron_map_options o;
    memset(&o, 0, sizeof o);
    o.name = name;
    ar_error_clear(&err);
    if (ar_tron_variant_from_text(text, strlen(text), &o, &v, &err) != AR_OK)
        fprintf(stderr, "map %s rejected: %s\n", name, err.message);
    return v;
}

/* Opens $ARIADNE_DATA/tron/SUB (or data/tron/SUB) with its path in dir;
 * NULL, with a note on stderr, when it is not there. */
static inline DIR *tron_open_data_dir(const char *sub, char *dir, size_t size)
{
    const char *data = getenv("ARIADNE_DATA");
    DIR *d;
    snprintf(dir, size, "%s/tron/%s", data ? data : "data", sub);
    d = opendir(dir);
    if (!d)
        fprintf(stderr, "%s not found; skipped\n", dir);
    return d;
}

/* The text of the next position file (*.txt) of directory dir, opened as
 * d, and its name in *name; NULL after the last. A file that cannot be read
 * fails a check and is skipped. */
static inline char *tron_next_map_file(DIR *d, const char *dir, const char **name)
{
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        char path[4400], why[256], *text;
        size_t len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 4, ".txt") != 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        text = ar_read_file(path, why, sizeof why);
        CHECK_MSG(text != NULL, "%s: %s", path, why);
        if (text) {
            *name = e->d_name;
            return text;
        }
    }
    return NULL;
}

/* A map with a room of iw x ih cells (walls with probability 1 in
 * `sparse`), player 1 at a random free cell of it, and player 2 shut in a
 * one-cell pocket; the caller frees the text. */
static inline char *tron_random_room(ar_rng *rng, int iw, int ih, int sparse)
{
    int w = iw + 4, h = ih + 2, x, y, hx = 1 + (int)ar_rng_below(rng, (uint64_t)iw),
        hy = 1 + (int)ar_rng_below(rng, (uint64_t)ih);
    char *t = malloc((size_t)(w + 1) * (size_t)h + 16), *s = t;
    s += sprintf(s, "%d %d\n", w, h);
    for (y = 0; y < h; y++) {
        for (x = 0; x < w; x++) {
            char c = '#';
            if (x == hx && y == hy)
                c = '1';
            else if (y >= 1 && y <= ih && x >= 1 && x <= iw)
                c = ar_rng_below(rng, (uint64_t)sparse) == 0 ? '#' : ' ';
            else if (x == iw + 2 && y == 1)
                c = '2';
            *s++ = c;
        }
        *s++ = '\n';
    }
    *s = '\0';
    return t;
}

/* Plays v from its start: spec0 is player 1. Returns the outcome; *turns
 * (when not NULL) gets the turns played. */
static inline ar_game_outcome tron_play_out(const ar_variant *v, const char *spec0, const char *spec1, unsigned *turns)
{
    ar_bot *bots[2];
    ar_error err;
    ar_tron_record rec;
    ar_game_outcome o;
    CHECK(ar_bot_create(&ar_game_tron, v, spec0, 3, 0, &bots[0], &err) == AR_OK);
    CHECK(ar_bot_create(&ar_game_tron, v, spec1, 4, 0, &bots[1], &err) == AR_OK);
    CHECK(ar_tron_play(v, bots, NULL, &rec, &err) == AR_OK);
    o = rec.outcome;
    if (turns)
        *turns = rec.turns;
    ar_tron_record_free(&rec);
    ar_bot_destroy(bots[0]);
    ar_bot_destroy(bots[1]);
    return o;
}

#endif
