/* bench_positions.c — the game-search bench over the positions games declare.
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

size_t ar_game_bench_count(const ar_game *const *games)
{
    size_t n = 0;
    const ar_game_bench_position *b;
    for (; *games; games++)
        for (b = (*games)->bench_positions; b && b->depth; b++)
            n++;
    return n;
}

static ar_status bench_one(const ar_game *g, const ar_game_bench_position *b, unsigned steps,
                           uint64_t *nodes, ar_error *err)
{
    ar_variant *v;
    ar_param params[8];
    char buf[128];
    size_t np;
    unsigned char *pos;
    ar_gsearch_options o;
    ar_gsearch_result r;
    ar_status st;
    snprintf(buf, sizeof buf, "%s", b->options ? b->options : "");
    np = ar_param_split(buf, params, 8);
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
    if (st == AR_OK)
        *nodes = r.nodes;
    return st;
}

ar_status ar_game_bench(const ar_game *const *games, unsigned steps, uint64_t *nodes,
                        uint64_t *total, double *seconds, ar_error *err)
{
    const ar_game_bench_position *b;
    double t0 = ar_now();
    size_t i = 0;
    *total = 0;
    for (; *games; games++)
        for (b = (*games)->bench_positions; b && b->depth; b++, i++) {
            uint64_t n = 0;
            ar_status st = bench_one(*games, b, steps, &n, err);
            if (st != AR_OK)
                return st;
            if (nodes)
                nodes[i] = n;
            *total += n;
        }
    if (seconds)
        *seconds = ar_now() - t0;
    return AR_OK;
}
