/* puzzle_registry.c — the table of puzzle domains, made from puzzles.def: the one
 * place that lists them. Lookup by name; everything else about a puzzle is
 * reached through its descriptor. */
#include "ariadne/puzzle.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define AR_PUZZLE(sym) extern const ar_puzzle sym;
#include "puzzles.def"
#undef AR_PUZZLE

static const ar_puzzle *const registry[] = {
#define AR_PUZZLE(sym) &sym,
#include "puzzles.def"
#undef AR_PUZZLE
    NULL};

const ar_puzzle *const *ar_puzzles(void) { return registry; }

const ar_puzzle *ar_puzzle_find(const char *name)
{
    size_t i;
    if (!name)
        return NULL;
    for (i = 0; registry[i]; i++)
        if (strcmp(registry[i]->name, name) == 0)
            return registry[i];
    return NULL;
}

