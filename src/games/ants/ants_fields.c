/* ants_fields.c — distance fields on a bot's view, shared by the strong
 * bots (strong, contender): a multi-source BFS over the squares not known to
 * be water, and the step that goes down such a field. */
#include "ants_bots_internal.h"

/* Multi-source BFS over land (unknown squares count as land) up to limit
 * steps; field gets the distances, -1 beyond. */
void ar_ants_bfs_field(ants_ai *ai, const ants_view *w, const int *src, int nsrc, int limit, int *field)
{
    int head = 0, tail = 0;
    for (int i = 0; i < w->n; i++)
        field[i] = -1;
    for (int i = 0; i < nsrc; i++)
        if (field[src[i]] < 0) {
            field[src[i]] = 0;
            ai->queue[tail++] = src[i];
        }
    while (head < tail) {
        int sq = ai->queue[head++];
        if (field[sq] >= limit)
            continue;
        for (int d = 0; d < 4; d++) {
            int t = ants_ai_step(w, sq, d);
            if (field[t] < 0 && !w->water[t]) {
                field[t] = field[sq] + 1;
                ai->queue[tail++] = t;
            }
        }
    }
}

/* The step that goes down the field from sq (ties by a random start), or -1. */
int ar_ants_downhill(ants_ai *ai, const ants_view *w, const int *field, int sq)
{
    int best = -1, bd = field[sq] < 0 ? 1 << 30 : field[sq], d0 = (int)ar_rng_below(&ai->rng, 4);
    for (int j = 0; j < 4; j++) {
        int d = (d0 + j) & 3, t = ants_ai_step(w, sq, d);
        if (field[t] >= 0 && field[t] < bd && !w->water[t] && !w->food[t]) {
            bd = field[t];
            best = d;
        }
    }
    return best;
}
