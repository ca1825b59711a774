/* bench.c — the fixed positions of the game-search bench.
 *
 * As in Stockfish's `bench`, a fixed set of positions is searched to fixed
 * depths and the nodes are summed. The total depends on every detail of the
 * search (move order, table replacement, pruning), so it is recorded in
 * tests/test_gamesearch.c and tests/cli_games.sh: a change in behaviour
 * shows up as a changed number, to be explained and re-recorded. */
#include "ariadne/gamesearch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/timer.h"

static const ar_bench_position positions[] = {
    {"tictactoe", "", NULL, 9},
    {"tictactoe", "", "x../.o./...", 9},
    {"nim", "", "3 4 5", 12},
    {"nim", "play=misere", "1 2 3 4", 10},
    {"nim", "k=2", "2 3 4", 9},
    {"nim", "take=half", "40", 20},
    {"bridgit", "size=3", NULL, 13},
    {"bridgit", "size=4", NULL, 5},
    {"bridgit", "size=5", NULL, 5},
    {"bridgit", "size=5", "*..../..../*..*./..o./o...*/..o./...../..../.....", 4},
    {NULL, NULL, NULL, 0}};

const ar_bench_position *ar_game_bench_positions(void) { return positions; }

/* Splits "a=1 b=2" style options into params (pointers into buf). */
static size_t split_options(char *buf, ar_param *params, size_t max)
{
    size_t n = 0;
    char *save = NULL, *tok;
    for (tok = strtok_r(buf, " ", &save); tok && n < max; tok = strtok_r(NULL, " ", &save)) {
        char *eq = strchr(tok, '=');
        params[n].name = tok;
        params[n].value = NULL;
        if (eq) {
            *eq = '\0';
            params[n].value = eq + 1;
        }
        n++;
    }
    return n;
}

ar_status ar_game_bench(unsigned steps, uint64_t *nodes, uint64_t *total, double *seconds,
                        ar_error *err)
{
    const ar_bench_position *b;
    double t0 = ar_now();
    size_t i = 0;
    *total = 0;
    for (b = positions; b->game; b++, i++) {
        const ar_game *g = ar_game_find(b->game);
        ar_variant *v;
        ar_param params[8];
        char buf[128];
        size_t np;
        unsigned char *pos;
        ar_gsearch_options o;
        ar_gsearch_result r;
        ar_status st;
        if (!g)
            return ar_error_set(err, AR_ERR_INTERNAL, "bench: no game %s", b->game);
        snprintf(buf, sizeof buf, "%s", b->options);
        np = split_options(buf, params, 8);
        st = ar_game_create(g, params, np, &v, err);
        if (st != AR_OK)
            return st;
        pos = ar_xmalloc(g->position_size(v));
        if (b->position)
            st = g->parse_position(v, b->position, pos, err);
        else
            g->initial_position(v, pos);
        if (st == AR_OK) {
            ar_gsearch_options_init(&o);
            o.steps = steps;
            o.depth = b->depth;
            o.tt_bytes = (size_t)4 << 20;
            st = ar_alphabeta(g, v, pos, &o, &r, err);
        }
        free(pos);
        g->destroy(v);
        if (st != AR_OK)
            return st;
        if (nodes)
            nodes[i] = r.nodes;
        *total += r.nodes;
    }
    if (seconds)
        *seconds = ar_now() - t0;
    return AR_OK;
}
