/* search_kit.c — what the generic algorithms share beyond the run context:
 * hashing states of the run's domain for the state store, a solution from
 * parent links, and the caller-owned buffers for expanding one state. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

uint64_t ar_run_hash(const void *ctx, const void *state)
{
    const ar_run *run = ctx;
    return ar_puzzle_hash(run->p, run->inst, state);
}

ar_status ar_run_solution_from_links(ar_run *run, const uint32_t *parent, const ar_move *move,
                                     uint32_t goal, uint64_t cost, ar_error *err)
{
    uint64_t length = 0, i;
    uint32_t id;
    ar_move *moves;
    ar_status st;
    for (id = goal; parent[id] != UINT32_MAX; id = parent[id])
        length++;
    moves = malloc(sizeof *moves * (size_t)(length ? length : 1));
    if (!moves)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory storing the solution");
    i = length;
    for (id = goal; parent[id] != UINT32_MAX; id = parent[id])
        moves[--i] = move[id];
    st = ar_run_set_solution(run, moves, length, cost, err);
    free(moves);
    return st;
}

ar_status ar_batch_init(ar_batch *b, const ar_run *run, ar_error *err)
{
    size_t slots = run->max_moves + 1u;
    b->state = malloc(run->state_size);
    b->moves = malloc(sizeof *b->moves * slots);
    b->costs = malloc(sizeof *b->costs * slots);
    b->children = malloc(run->state_size * slots);
    if (!b->state || !b->moves || !b->costs || !b->children) {
        ar_batch_free(b);
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory for successor buffers");
    }
    return AR_OK;
}

void ar_batch_free(ar_batch *b)
{
    free(b->state);
    free(b->moves);
    free(b->costs);
    free(b->children);
    memset(b, 0, sizeof *b);
}

