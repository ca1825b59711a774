/* game_registry.c — the table of games, made from games.def: the one place that
 * lists them. Lookup by name; everything else about a game is reached through
 * its descriptor. */
#include "ariadne/game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define AR_GAME(sym) extern const ar_game sym;
#include "games.def"
#undef AR_GAME

static const ar_game *const registry[] = {
#define AR_GAME(sym) &sym,
#include "games.def"
#undef AR_GAME
    NULL};

const ar_game *const *ar_games(void) { return registry; }

const ar_game *ar_game_find(const char *name)
{
    size_t i;
    if (!name)
        return NULL;
    for (i = 0; registry[i]; i++)
        if (strcmp(registry[i]->name, name) == 0)
            return registry[i];
    return NULL;
}

