/* bidirectional.c — search from both ends at once: bidirectional breadth-first
 * search (`bibfs`) and MM (`mm`), the front-to-end bidirectional heuristic
 * search of Holte, Felner, Sharon and Sturtevant ("Bidirectional search that
 * is guaranteed to meet in the middle", AAAI 2016).
 *
 * Both need the domain to search backward: the goal as one state
 * (`goal_state`) and the states one move before a state (`predecessors`,
 * puzzle.h). Each direction keeps its own state store with g values and
 * parent links; a backward link holds the move played forward from the state
 * to its parent, so the two halves of a path join into one forward solution.
 * Every state generated in one direction is looked up in the other's store,
 * and each hit is a complete path whose cost is the sum of the two g values.
 *
 * bibfs expands whole layers, each time on the side whose frontier is
 * smaller, and stops when the best meeting mu <= Df + Db + 1 (Df, Db the
 * depths of the deepest generated layers): a path of L <= Df + Db moves would
 * have a node at depth Df from the start and at most Db from the goal, found
 * by both sides and so already met, so nothing shorter than mu remains.
 *
 * MM orders each side by pr(n) = max(f(n), 2g(n)), with f = g + h towards the
 * other end (`estimate` forward, `estimate_from_start` backward), expands the
 * side with the smaller minimum C, and stops when the best meeting U is at most
 * max(C, fminF, fminB, gminF + gminB + 1) — each a lower bound on the optimum
 * when the heuristic is admissible (1: no move costs less). The 2g term is
 * what makes the searches meet in the middle: neither side expands a node
 * beyond half the optimal cost. With a zero heuristic it is MM0, a
 * bidirectional Dijkstra. Stale heap entries are skipped when they surface. */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/heap.h"

#define NO_COST UINT64_MAX

/* One direction: its states, g values, links and (MM) open lists. */
typedef struct side {
    ar_state_store store;
    int store_ready;
    uint32_t *g, *parent;
    ar_move *via;
    unsigned char *closed;
    uint32_t cap_g, cap_parent, cap_via, cap_closed;
    ar_heap by_pr, by_f, by_g; /* MM's open lists, ordered three ways */
    int backward;
} side;

/* A state and its successor batch (successors forward, predecessors
 * backward). */
static unsigned expand_side(ar_run *run, const side *sd, ar_batch *b)
{
    unsigned n;
    if (!sd->backward)
        return ar_run_expand(run, b);
    n = run->p->predecessors(run->inst, b->state, b->moves, b->costs, b->children);
    run->res->expanded++;
    run->res->generated += n;
    return n;
}

static ar_status side_init(ar_run *run, side *sd, int backward, ar_error *err)
{
    memset(sd, 0, sizeof *sd);
    sd->backward = backward;
    ar_heap_init(&sd->by_pr, &run->mem);
    ar_heap_init(&sd->by_f, &run->mem);
    ar_heap_init(&sd->by_g, &run->mem);
    if (ar_store_init(&sd->store, run->state_size, ar_run_hash, run, &run->mem, err) != AR_OK)
        return AR_ERR_MEMORY;
    sd->store_ready = 1;
    return AR_OK;
}

static void side_free(ar_run *run, side *sd)
{
    if (sd->store_ready)
        ar_store_free(&sd->store);
    ar_mem_free(&run->mem, sd->g, (size_t)sd->cap_g * sizeof *sd->g);
    ar_mem_free(&run->mem, sd->parent, (size_t)sd->cap_parent * sizeof *sd->parent);
    ar_mem_free(&run->mem, sd->via, (size_t)sd->cap_via * sizeof *sd->via);
    ar_mem_free(&run->mem, sd->closed, (size_t)sd->cap_closed);
    ar_heap_free(&sd->by_pr);
    ar_heap_free(&sd->by_f);
    ar_heap_free(&sd->by_g);
}

/* Registers state in the side (hash precomputed); a new state gets g
 * UINT32_MAX so the caller's "better path" test accepts it. */
static ar_status side_insert(ar_run *run, side *sd, const void *state, uint64_t hash, uint32_t *id,
                             int *fresh, ar_error *err)
{
    ar_status st = ar_store_insert(&sd->store, state, hash, id, fresh, err);
    uint32_t need = sd->store.count;
    if (st == AR_OK)
        st = ar_run_grow(run, (void **)&sd->g, sizeof *sd->g, &sd->cap_g, need, "g values", err);
    if (st == AR_OK)
        st = ar_run_grow(run, (void **)&sd->parent, sizeof *sd->parent, &sd->cap_parent, need,
                         "parent links", err);
    if (st == AR_OK)
        st = ar_run_grow(run, (void **)&sd->via, sizeof *sd->via, &sd->cap_via, need, "moves", err);
    if (st == AR_OK)
        st = ar_run_grow(run, (void **)&sd->closed, 1, &sd->cap_closed, need, "closed flags", err);
    if (st == AR_OK && *fresh) {
        sd->g[*id] = UINT32_MAX;
        sd->parent[*id] = UINT32_MAX;
        sd->via[*id] = AR_NO_MOVE;
        sd->closed[*id] = 0;
    }
    return st;
}

/* The forward path to the meeting state (forward links), then on from it to
 * the goal (backward links hold forward moves). */
static ar_status join_paths(ar_run *run, const side *fw, uint32_t meet_f, const side *bw,
                            uint32_t meet_b, uint64_t cost, ar_error *err)
{
    uint64_t nf = 0, nb = 0, i;
    uint32_t id;
    ar_move *moves;
    ar_status st;
    for (id = meet_f; fw->parent[id] != UINT32_MAX; id = fw->parent[id])
        nf++;
    for (id = meet_b; bw->parent[id] != UINT32_MAX; id = bw->parent[id])
        nb++;
    moves = malloc(sizeof *moves * (size_t)(nf + nb ? nf + nb : 1));
    if (!moves)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory storing the solution");
    i = nf;
    for (id = meet_f; fw->parent[id] != UINT32_MAX; id = fw->parent[id])
        moves[--i] = fw->via[id];
    i = nf;
    for (id = meet_b; bw->parent[id] != UINT32_MAX; id = bw->parent[id])
        moves[i++] = bw->via[id];
    st = ar_run_set_solution(run, moves, nf + nb, cost, err);
    free(moves);
    return st;
}

static uint64_t moves_cost(const ar_run *run, const ar_result *res)
{
    uint64_t c = 0, i;
    for (i = 0; i < res->length; i++)
        c += ar_puzzle_move_cost(run->p, run->inst, res->moves[i]);
    return c;
}

/* What both searches check first: the slots, the goal state. */
static ar_status check_backward(const ar_puzzle *p, ar_instance *inst, const char *algo,
                                unsigned char *goal, ar_error *err)
{
    if (!p->predecessors || !p->goal_state)
        return ar_error_set(err, AR_ERR_UNSUPPORTED,
                            "%s searches backward from the goal, and %s cannot (it has no "
                            "predecessors); use a one-directional algorithm", algo, p->name);
    if (!p->goal_state(inst, goal))
        return ar_error_set(err, AR_ERR_UNSUPPORTED,
                            "%s needs the goal as one state, and this %s instance has a set of "
                            "goal states", algo, p->name);
    return AR_OK;
}

typedef struct bidi {
    ar_run run;
    side fw, bw;
    ar_batch b;
    unsigned char *goal;
} bidi;

static ar_status bidi_begin(bidi *s, const ar_puzzle *p, ar_instance *inst, const ar_heuristic *h,
                            const ar_search_options *opts, ar_result *res, const char *algo,
                            ar_error *err)
{
    ar_status st;
    memset(s, 0, sizeof *s);
    ar_run_init(&s->run, p, inst, h, opts, res);
    s->goal = malloc(s->run.state_size ? s->run.state_size : 1);
    if (!s->goal)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory");
    st = check_backward(p, inst, algo, s->goal, err);
    if (st == AR_OK)
        st = side_init(&s->run, &s->fw, 0, err);
    if (st == AR_OK)
        st = side_init(&s->run, &s->bw, 1, err);
    if (st == AR_OK)
        st = ar_batch_init(&s->b, &s->run, err);
    return st;
}

static ar_status bidi_end(bidi *s, ar_status st)
{
    ar_result *res = s->run.res;
    if (st == AR_ERR_MEMORY) {
        st = AR_OK;
        ar_run_stop(&s->run, AR_STOP_MEMORY);
    }
    if (s->run.stop != AR_STOP_NONE && res->outcome != AR_OUTCOME_SOLVED)
        res->outcome = AR_OUTCOME_STOPPED;
    if (s->run.stop != AR_STOP_NONE)
        res->stop = s->run.stop;
    ar_run_finish(&s->run);
    side_free(&s->run, &s->fw);
    side_free(&s->run, &s->bw);
    ar_batch_free(&s->b);
    free(s->goal);
    return st;
}

/* Puts the start (forward) and the goal (backward) in their stores with g 0;
 * *meets is set when they are the same state. */
static ar_status bidi_roots(bidi *s, uint32_t *start_id, uint32_t *goal_id, int *meets,
                            ar_error *err)
{
    int fresh;
    ar_status st;
    s->run.p->initial_state(s->run.inst, s->b.state);
    st = side_insert(&s->run, &s->fw, s->b.state, ar_run_hash(&s->run, s->b.state), start_id,
                     &fresh, err);
    if (st == AR_OK)
        st = side_insert(&s->run, &s->bw, s->goal, ar_run_hash(&s->run, s->goal), goal_id, &fresh,
                         err);
    if (st != AR_OK)
        return st;
    s->fw.g[*start_id] = 0;
    s->bw.g[*goal_id] = 0;
    s->run.res->generated = 2;
    *meets = s->run.p->is_goal(s->run.inst, s->b.state);
    return AR_OK;
}

ar_status ar_algo_bibfs(const ar_puzzle *p, ar_instance *inst, const ar_heuristic *h,
                        const ar_search_options *opts, ar_result *res, ar_error *err)
{
    bidi s;
    uint32_t start_id, goal_id, meet_f = 0, meet_b = 0;
    uint32_t begin[2], end[2];
    uint64_t depth[2] = {0, 0}, mu = NO_COST;
    char phase[64];
    int meets;
    ar_status st;

    (void)h;
    st = bidi_begin(&s, p, inst, NULL, opts, res, "bibfs", err);
    if (st == AR_OK)
        st = bidi_roots(&s, &start_id, &goal_id, &meets, err);
    if (st != AR_OK)
        return bidi_end(&s, st);
    res->has_lower_bound = 1;
    if (meets) {
        st = ar_run_set_solution(&s.run, NULL, 0, 0, err);
        return bidi_end(&s, st);
    }
    begin[0] = begin[1] = 0;
    end[0] = end[1] = 1;
    res->lower_bound = 1;
    for (;;) {
        side *me, *other;
        uint32_t id;
        int d;
        if (mu <= depth[0] + depth[1] + 1)
            break;
        if (begin[0] == end[0] || begin[1] == end[1])
            break; /* one side has seen everything it can reach: mu (if any) is optimal */
        d = end[1] - begin[1] < end[0] - begin[0]; /* the smaller frontier */
        me = d ? &s.bw : &s.fw;
        other = d ? &s.fw : &s.bw;
        snprintf(phase, sizeof phase, "depth %llu forward, %llu backward",
                 (unsigned long long)depth[0], (unsigned long long)depth[1]);
        s.run.phase = phase;
        for (id = begin[d]; id < end[d]; id++) {
            unsigned n, i;
            if (ar_run_should_stop(&s.run))
                goto stopped;
            memcpy(s.b.state, ar_store_state(&me->store, id), s.run.state_size);
            n = expand_side(&s.run, me, &s.b);
            for (i = 0; i < n; i++) {
                const unsigned char *child = ar_batch_child(&s.b, &s.run, i);
                uint64_t hash = ar_run_hash(&s.run, child);
                uint32_t cid, oid;
                int fresh;
                st = side_insert(&s.run, me, child, hash, &cid, &fresh, err);
                if (st != AR_OK)
                    return bidi_end(&s, st);
                if (!fresh)
                    continue;
                me->g[cid] = (uint32_t)(depth[d] + 1);
                me->parent[cid] = id;
                me->via[cid] = s.b.moves[i];
                oid = ar_store_find(&other->store, child, hash);
                if (oid != UINT32_MAX && depth[d] + 1 + other->g[oid] < mu) {
                    mu = depth[d] + 1 + other->g[oid];
                    meet_f = d ? oid : cid;
                    meet_b = d ? cid : oid;
                }
            }
        }
        begin[d] = end[d];
        end[d] = me->store.count;
        depth[d]++;
        res->lower_bound = mu < depth[0] + depth[1] + 1 ? mu : depth[0] + depth[1] + 1;
    }
    if (mu == NO_COST) {
        res->outcome = AR_OUTCOME_NO_SOLUTION;
        snprintf(res->note, sizeof res->note,
                 "no solution: every state that reaches the goal was searched (backward)");
        if (begin[0] == end[0])
            snprintf(res->note, sizeof res->note,
                     "no solution: every state reachable from the start was searched");
        return bidi_end(&s, AR_OK);
    }
    st = join_paths(&s.run, &s.fw, meet_f, &s.bw, meet_b, 0, err);
    if (st == AR_OK)
        res->cost = moves_cost(&s.run, res);
    return bidi_end(&s, st);

stopped:
    if (mu != NO_COST) {
        st = join_paths(&s.run, &s.fw, meet_f, &s.bw, meet_b, 0, err);
        if (st == AR_OK)
            res->cost = moves_cost(&s.run, res);
    }
    return bidi_end(&s, st);
}

/* --- MM --- */

static uint64_t h_dir(const ar_run *run, int backward, const void *state)
{
    if (!run->h)
        return 0;
    if (!backward)
        return run->h->estimate(run->inst, state);
    return run->h->estimate_from_start ? run->h->estimate_from_start(run->inst, state) : 0;
}

static ar_status mm_push(side *sd, uint32_t id, uint64_t g, uint64_t h, uint64_t *seq,
                         ar_error *err)
{
    uint64_t f = g + h, pr = f > 2 * g ? f : 2 * g;
    ar_heap_entry e = {(double)pr, f << 20 | (++*seq & 0xFFFFF), id, (uint32_t)g};
    ar_status st = ar_heap_push(&sd->by_pr, e, err);
    if (st == AR_OK) {
        e.priority = (double)f;
        st = ar_heap_push(&sd->by_f, e, err);
    }
    if (st == AR_OK) {
        e.priority = (double)g;
        st = ar_heap_push(&sd->by_g, e, err);
    }
    return st;
}

/* The smallest live entry of one of a side's open lists (NULL when the list
 * is empty): an entry is stale once its state is closed or has a better g. */
static const ar_heap_entry *live_top(const side *sd, ar_heap *heap)
{
    const ar_heap_entry *e;
    ar_heap_entry dead;
    while ((e = ar_heap_peek(heap)) && (sd->closed[e->id] || e->aux != sd->g[e->id]))
        ar_heap_pop(heap, &dead);
    return e;
}

ar_status ar_algo_mm(const ar_puzzle *p, ar_instance *inst, const ar_heuristic *h,
                     const ar_search_options *opts, ar_result *res, ar_error *err)
{
    bidi s;
    uint32_t start_id, goal_id, meet_f = 0, meet_b = 0;
    uint64_t U = NO_COST, seq = 0;
    int meets, bounded = !h || (h->flags & AR_HEURISTIC_ADMISSIBLE);
    ar_status st;

    st = bidi_begin(&s, p, inst, h, opts, res, "mm", err);
    if (st == AR_OK)
        st = bidi_roots(&s, &start_id, &goal_id, &meets, err);
    if (st != AR_OK)
        return bidi_end(&s, st);
    if (meets) {
        st = ar_run_set_solution(&s.run, NULL, 0, 0, err);
        return bidi_end(&s, st);
    }
    st = mm_push(&s.fw, start_id, 0, h_dir(&s.run, 0, s.b.state), &seq, err);
    if (st == AR_OK)
        st = mm_push(&s.bw, goal_id, 0, h_dir(&s.run, 1, s.goal), &seq, err);
    if (st != AR_OK)
        return bidi_end(&s, st);

    for (;;) {
        const ar_heap_entry *pf = live_top(&s.fw, &s.fw.by_pr), *pb = live_top(&s.bw, &s.bw.by_pr);
        const ar_heap_entry *ff, *fb, *gf, *gb;
        uint64_t C, bound;
        ar_heap_entry e;
        side *me, *other;
        unsigned n, i;
        int d;
        if (!pf || !pb)
            break; /* one side is exhausted: every path has met, U is optimal */
        ff = live_top(&s.fw, &s.fw.by_f);
        fb = live_top(&s.bw, &s.bw.by_f);
        gf = live_top(&s.fw, &s.fw.by_g);
        gb = live_top(&s.bw, &s.bw.by_g);
        C = (uint64_t)(pf->priority < pb->priority ? pf->priority : pb->priority);
        bound = C;
        if ((uint64_t)ff->priority > bound)
            bound = (uint64_t)ff->priority;
        if ((uint64_t)fb->priority > bound)
            bound = (uint64_t)fb->priority;
        if ((uint64_t)gf->priority + (uint64_t)gb->priority + 1 > bound)
            bound = (uint64_t)gf->priority + (uint64_t)gb->priority + 1;
        if (bounded)
            ar_run_lower_bound(&s.run, U < bound ? U : bound);
        if (U <= bound)
            break;
        if (ar_run_should_stop(&s.run))
            break;
        d = pb->priority < pf->priority; /* forward on ties */
        me = d ? &s.bw : &s.fw;
        other = d ? &s.fw : &s.bw;
        ar_heap_pop(&me->by_pr, &e);
        me->closed[e.id] = 1;
        memcpy(s.b.state, ar_store_state(&me->store, e.id), s.run.state_size);
        n = expand_side(&s.run, me, &s.b);
        for (i = 0; i < n; i++) {
            const unsigned char *child = ar_batch_child(&s.b, &s.run, i);
            uint64_t hash = ar_run_hash(&s.run, child), ng = (uint64_t)me->g[e.id] + s.b.costs[i];
            uint32_t cid, oid;
            int fresh;
            if (ng >= UINT32_MAX) {
                st = ar_error_set(err, AR_ERR_UNSUPPORTED, "path cost exceeds 2^32");
                return bidi_end(&s, st);
            }
            st = side_insert(&s.run, me, child, hash, &cid, &fresh, err);
            if (st != AR_OK)
                return bidi_end(&s, st);
            if (ng >= me->g[cid])
                continue;
            me->g[cid] = (uint32_t)ng;
            me->parent[cid] = e.id;
            me->via[cid] = s.b.moves[i];
            me->closed[cid] = 0; /* reopened when it was closed with a worse g */
            st = mm_push(me, cid, ng, h_dir(&s.run, d, child), &seq, err);
            if (st != AR_OK)
                return bidi_end(&s, st);
            oid = ar_store_find(&other->store, child, hash);
            if (oid != UINT32_MAX && other->g[oid] != UINT32_MAX && ng + other->g[oid] < U) {
                U = ng + other->g[oid];
                meet_f = d ? oid : cid;
                meet_b = d ? cid : oid;
            }
        }
    }
    if (U == NO_COST) {
        if (s.run.stop == AR_STOP_NONE) {
            res->outcome = AR_OUTCOME_NO_SOLUTION;
            snprintf(res->note, sizeof res->note,
                     "no solution: one side searched every state it can reach");
        }
        return bidi_end(&s, AR_OK);
    }
    st = join_paths(&s.run, &s.fw, meet_f, &s.bw, meet_b, U, err);
    return bidi_end(&s, st);
}
