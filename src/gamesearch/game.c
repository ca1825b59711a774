/* game.c — the generic helpers every engine, bot and verb uses on top of a
 * game's slots (game.h): finding an evaluation or a strategy by name,
 * hashing, legality, outcome text, option checking. They serve the
 * interface, so they live with it, not with the list of games. */
#include "ariadne/game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const ar_game_eval *ar_game_eval_find(const ar_game *g, const char *name)
{
    const ar_game_eval *e;
    if (!g->evals || !g->evals[0].name)
        return NULL;
    if (!name)
        return &g->evals[0];
    for (e = g->evals; e->name; e++)
        if (strcmp(e->name, name) == 0)
            return e;
    return NULL;
}

const ar_game_strategy *ar_game_strategy_find(const ar_game *g, const char *name)
{
    const ar_game_strategy *s;
    if (!g->strategies || !g->strategies[0].name)
        return NULL;
    if (!name)
        return &g->strategies[0];
    for (s = g->strategies; s->name; s++)
        if (strcmp(s->name, name) == 0)
            return s;
    return NULL;
}

uint64_t ar_game_hash(const ar_game *g, const ar_variant *v, const void *pos)
{
    return g->hash ? g->hash(v, pos) : ar_hash_bytes(pos, g->position_size(v));
}

int ar_game_is_legal(const ar_game *g, const ar_variant *v, const void *pos, int player,
                     ar_gmove move)
{
    ar_gmove small[64], *moves = small;
    unsigned n, i, cap = g->max_moves(v, pos);
    int found = 0;
    if (g->outcome(v, pos) != AR_ONGOING)
        return 0;
    if (cap > 64)
        moves = ar_xmalloc(sizeof *moves * cap);
    n = g->legal_moves(v, pos, player, moves);
    for (i = 0; i < n && !found; i++)
        found = moves[i] == move;
    if (moves != small)
        free(moves);
    return found;
}

int ar_game_outcome_for(ar_game_outcome outcome, int player)
{
    if (outcome == AR_WIN_P0)
        return player == 0 ? 1 : -1;
    if (outcome == AR_WIN_P1)
        return player == 1 ? 1 : -1;
    return 0;
}

void ar_game_outcome_text(const ar_game *g, const ar_variant *v, ar_game_outcome outcome,
                          char *buf, size_t size)
{
    switch (outcome) {
    case AR_WIN_P0: snprintf(buf, size, "%s wins", g->player_name(v, 0)); break;
    case AR_WIN_P1: snprintf(buf, size, "%s wins", g->player_name(v, 1)); break;
    case AR_DRAW: snprintf(buf, size, "draw"); break;
    default: snprintf(buf, size, "in play"); break;
    }
}

ar_status ar_game_create(const ar_game *g, const ar_param *params, size_t count,
                         ar_variant **out, ar_error *err)
{
    size_t i;
    *out = NULL;
    for (i = 0; i < count; i++) {
        const ar_option_spec *o = g->options;
        while (o && o->name && strcmp(o->name, params[i].name) != 0)
            o++;
        if (!o || !o->name)
            return ar_error_set(err, AR_ERR_INPUT, "%s has no option --%s (see `ariadne help %s`)",
                                g->name, params[i].name, g->name);
        if (o->metavar && !params[i].value)
            return ar_error_set(err, AR_ERR_INPUT, "option --%s needs a value (%s)", o->name,
                                o->metavar);
        if (!o->metavar && params[i].value)
            return ar_error_set(err, AR_ERR_INPUT, "option --%s takes no value", o->name);
    }
    return g->create(params, count, out, err);
}
