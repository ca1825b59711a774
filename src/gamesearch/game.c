/* game.c — the generic helpers every engine, bot and verb uses on top of a
 * game's slots (game.h): finding an evaluation or a strategy by name,
 * hashing, legality, outcome and result text, option checking, and the
 * defaults of the optional slots (two players, joint moves, scores from the
 * outcome, a view that shows everything), so that callers never test a slot
 * for NULL. They serve the interface, so they live with it, not with the
 * list of games. */
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
    case AR_GAME_OVER: snprintf(buf, size, "game over"); break;
    default: snprintf(buf, size, "in play"); break;
    }
}

int ar_game_players(const ar_game *g, const ar_variant *v)
{
    return g->players ? g->players(v) : 2;
}

void ar_game_apply_simultaneous(const ar_game *g, const ar_variant *v, void *pos,
                                const ar_gmove *moves)
{
    if (g->apply_simultaneous)
        g->apply_simultaneous(v, pos, moves);
    else
        g->apply(v, pos, AR_JOINT_MOVE(moves[0], moves[1]));
}

void ar_game_scores(const ar_game *g, const ar_variant *v, const void *pos, double *scores)
{
    int n = ar_game_players(g, v), p;
    ar_game_outcome oc;
    if (g->scores) {
        g->scores(v, pos, scores);
        return;
    }
    oc = g->outcome(v, pos);
    for (p = 0; p < n; p++) {
        int r = ar_game_outcome_for(oc, p);
        scores[p] = r > 0 ? 1.0 : r < 0 ? 0.0 : 0.5;
    }
}

ar_gmove ar_game_chance_draw(const ar_game *g, const ar_variant *v, const void *pos, ar_rng *rng)
{
    ar_gmove small_moves[64], *moves = small_moves, m = AR_GMOVE_NONE;
    double small_probs[64], *probs = small_probs, x = ar_rng_double(rng), acc = 0;
    unsigned cap = g->max_moves(v, pos), n, i;
    if (cap > 64) {
        moves = ar_xmalloc(sizeof *moves * cap);
        probs = ar_xmalloc(sizeof *probs * cap);
    }
    n = g->chance_outcomes(v, pos, moves, probs);
    /* The last outcome takes whatever rounding leaves over. */
    for (i = 0; i + 1 < n; i++) {
        acc += probs[i];
        if (x < acc)
            break;
    }
    if (n)
        m = moves[i];
    if (moves != small_moves) {
        free(moves);
        free(probs);
    }
    return m;
}

void ar_game_observe(const ar_game *g, const ar_variant *v, const void *pos, int player,
                     void *view)
{
    if (g->observe)
        g->observe(v, pos, player, view);
    else
        memmove(view, pos, g->position_size(v));
}

/* Appends printf-style text at buf + *used, keeping the string terminated
 * when it does not fit. */
static void append_text(char *buf, size_t size, size_t *used, const char *text)
{
    int n;
    if (*used >= size)
        return;
    n = snprintf(buf + *used, size - *used, "%s", text);
    if (n > 0)
        *used += (size_t)n;
}

void ar_game_result_text(const ar_game *g, const ar_variant *v, const void *pos, char *buf,
                         size_t size)
{
    ar_game_outcome oc = g->outcome(v, pos);
    double scores[AR_MAX_PLAYERS], best;
    int n = ar_game_players(g, v), p, leaders = 0;
    size_t used = 0;
    char num[64];
    if (size)
        buf[0] = '\0';
    if (oc == AR_ONGOING || (!g->scores && oc != AR_GAME_OVER)) {
        ar_game_outcome_text(g, v, oc, buf, size);
        return;
    }
    ar_game_scores(g, v, pos, scores);
    best = scores[0];
    for (p = 1; p < n; p++)
        if (scores[p] > best)
            best = scores[p];
    for (p = 0; p < n; p++)
        leaders += scores[p] == best;
    if (leaders == n) {
        append_text(buf, size, &used, "draw");
    } else {
        int named = 0;
        for (p = 0; p < n; p++)
            if (scores[p] == best) {
                append_text(buf, size, &used, named == 0 ? "" : named + 1 == leaders ? " and " : ", ");
                append_text(buf, size, &used, g->player_name(v, p));
                named++;
            }
        append_text(buf, size, &used, leaders == 1 ? " wins" : " share first place");
    }
    append_text(buf, size, &used, " (");
    for (p = 0; p < n; p++) {
        snprintf(num, sizeof num, "%s%s %g", p ? ", " : "", g->player_name(v, p), scores[p]);
        append_text(buf, size, &used, num);
    }
    append_text(buf, size, &used, ")");
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
            return ar_error_set(err, AR_ERR_INPUT, "%s has no parameter %s (see `ariadne help %s`)",
                                g->name, params[i].name, g->name);
        if (o->metavar && !params[i].value)
            return ar_error_set(err, AR_ERR_INPUT, "parameter %s needs a value (%s)", o->name,
                                o->metavar);
        if (!o->metavar && params[i].value)
            return ar_error_set(err, AR_ERR_INPUT, "parameter %s takes no value", o->name);
    }
    return g->create(params, count, out, err);
}
