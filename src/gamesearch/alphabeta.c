/* alphabeta.c — negamax alpha-beta with iterative deepening, and plain
 * minimax as the reference it is tested against.
 *
 * The search is written as numbered steps in the manner of Stockfish and
 * Ethereal; each ordering or pruning step is one bit of options.steps, so its
 * worth can be measured by switching it off (`ariadne bench games` prints
 * the node counts). Scores are negamax scores for the player to move; proven
 * results are AR_SCORE_WIN - plies so that faster wins are preferred.
 *
 * Besides its value every node reports a "horizon" flag: whether a heuristic
 * leaf (the evaluation at the depth limit, a quiescence stand-pat, a null-move
 * cutoff) influenced it. A value without horizon is the game value of the
 * node, valid at every depth at least the one searched, which lets the table
 * reuse solved subtrees freely and lets the root stop deepening once the game
 * is solved (tic-tac-toe is solved at depth 9 in one iteration's time).
 *
 * Positions are changed in place with the game's apply/undo; a game without
 * undo gets a copy of the position per ply instead. */
#include "ariadne/gamesearch.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/timer.h"

#define MAXP AR_GAME_MAX_PLY
#define HISTORY_SIZE 4096
#define HISTORY_MAX (1 << 24)

typedef struct engine {
    const ar_game *g;
    const ar_variant *v;
    const ar_gsearch_options *o;
    unsigned steps;
    int use_undo;
    size_t psize;
    unsigned char *stack;  /* one position (undo) or one per ply (copies) */
    unsigned cap;          /* max legal moves of any reachable position */
    ar_gmove *moves;       /* cap per ply */
    int32_t *order;        /* ordering scores, cap per ply */
    uint16_t *index;       /* generation index of each move, cap per ply */
    ar_gmove killers[MAXP + 1][2];
    int32_t history[2][HISTORY_SIZE];
    ar_gmove (*pv)[MAXP + 1]; /* triangular PV table */
    unsigned pv_len[MAXP + 1];
    ar_tt *tt;
    int own_tt;
    ar_mem mem;
    const ar_game_eval *eval;
    uint64_t nodes;
    double start;
    int stopped;
    ar_stop_reason stop;
    ar_gsearch_result *r;
    char via[MAXP + 2][48]; /* on_node: the move into each ply, in notation */
} engine;

/* ------------------------------------------------------------------ helpers */

static void *pos_at(engine *e, int ply)
{
    return e->stack + (e->use_undo ? 0 : (size_t)ply * e->psize);
}

static void make_move(engine *e, int ply, ar_gmove m)
{
    if (!e->use_undo)
        memcpy(pos_at(e, ply + 1), pos_at(e, ply), e->psize);
    e->g->apply(e->v, pos_at(e, ply + 1), m);
}

static void unmake_move(engine *e, int ply, ar_gmove m)
{
    if (e->use_undo)
        e->g->undo(e->v, pos_at(e, ply), m);
}

static void make_null(engine *e, int ply)
{
    if (!e->use_undo)
        memcpy(pos_at(e, ply + 1), pos_at(e, ply), e->psize);
    e->g->pass(e->v, pos_at(e, ply + 1));
}

static void unmake_null(engine *e, int ply)
{
    if (e->use_undo)
        e->g->pass(e->v, pos_at(e, ply));
}

static void check_limits(engine *e)
{
    const ar_limits *l = &e->o->limits;
    if (l->interrupt && *l->interrupt) {
        e->stopped = 1;
        e->stop = AR_STOP_INTERRUPT;
    } else if (l->node_limit && e->nodes >= l->node_limit) {
        e->stopped = 1;
        e->stop = AR_STOP_NODES;
    } else if (l->time_limit > 0 && ar_now() - e->start >= l->time_limit) {
        e->stopped = 1;
        e->stop = AR_STOP_TIME;
    }
}

static int count_node(engine *e)
{
    e->nodes++;
    if ((e->nodes & 1023u) == 0 || (e->o->limits.node_limit && e->nodes >= e->o->limits.node_limit))
        check_limits(e);
    return e->stopped;
}

static ar_score terminal_score(ar_game_outcome oc, int player, int ply)
{
    int r = ar_game_outcome_for(oc, player);
    return r > 0 ? AR_SCORE_WIN - ply : r < 0 ? -(AR_SCORE_WIN - ply) : 0;
}

static ar_score evaluate(engine *e, const void *pos, int player)
{
    int s;
    if (!e->eval)
        return 0;
    s = e->eval->evaluate(e->v, pos, player);
    return s > AR_EVAL_MAX ? AR_EVAL_MAX : s < -AR_EVAL_MAX ? -AR_EVAL_MAX : s;
}

/* Proven scores are stored relative to the node, so that the same position
 * reached at another ply reads the right distance to the end. */
static ar_score to_tt(ar_score s, int ply)
{
    if (s >= AR_SCORE_WIN - MAXP)
        return s + ply;
    if (s <= -(AR_SCORE_WIN - MAXP))
        return s - ply;
    return s;
}

static ar_score from_tt(ar_score s, int ply)
{
    if (s >= AR_SCORE_WIN - MAXP)
        return s - ply;
    if (s <= -(AR_SCORE_WIN - MAXP))
        return s + ply;
    return s;
}

static unsigned history_slot(ar_gmove m)
{
    return (unsigned)((m * 0x9E3779B97F4A7C15ull) >> 52) & (HISTORY_SIZE - 1);
}

static void update_pv(engine *e, int ply, ar_gmove m)
{
    unsigned n = e->pv_len[ply + 1];
    e->pv[ply][0] = m;
    if (n > MAXP - 1)
        n = MAXP - 1;
    memcpy(&e->pv[ply][1], e->pv[ply + 1], n * sizeof(ar_gmove));
    e->pv_len[ply] = n + 1;
}

/* ------------------------------------------------------------ quiescence */

static ar_score quiesce(engine *e, ar_score alpha, ar_score beta, int ply, int qdepth, int *horizon)
{
    void *pos = pos_at(e, ply);
    ar_game_outcome oc;
    ar_score stand, best;
    ar_gmove *moves = e->moves + (size_t)ply * e->cap;
    unsigned n, i;
    int player;
    e->pv_len[ply] = 0;
    if (count_node(e)) {
        *horizon = 1;
        return 0;
    }
    oc = e->g->outcome(e->v, pos);
    player = e->g->to_move(e->v, pos);
    if (oc != AR_ONGOING) {
        *horizon = 0;
        return terminal_score(oc, player, ply);
    }
    *horizon = 1;
    stand = evaluate(e, pos, player);
    if (qdepth <= 0 || ply >= MAXP - 1 || stand >= beta)
        return stand;
    best = stand;
    if (stand > alpha)
        alpha = stand;
    n = e->g->noisy_moves(e->v, pos, moves);
    for (i = 0; i < n; i++) {
        int h;
        ar_score s;
        make_move(e, ply, moves[i]);
        s = -quiesce(e, -beta, -alpha, ply + 1, qdepth - 1, &h);
        unmake_move(e, ply, moves[i]);
        if (e->stopped)
            return 0;
        if (s > best) {
            best = s;
            if (s > alpha) {
                alpha = s;
                update_pv(e, ply, moves[i]);
            }
            if (s >= beta)
                break;
        }
    }
    return best;
}

/* ------------------------------------------------------------- the search */

static ar_score search_node(engine *e, int depth, ar_score alpha, ar_score beta, int ply, int allow_null,
                            int *horizon);

/* A node, told to the watcher (on_node) when there is one. */
static ar_score search(engine *e, int depth, ar_score alpha, ar_score beta, int ply, int allow_null,
                       int *horizon)
{
    ar_search_node_event ev = {0};
    ar_score v;
    if (!e->o->on_node)
        return search_node(e, depth, alpha, beta, ply, allow_null, horizon);
    ev.kind = 'e';
    ev.ply = ply;
    ev.move = ply > 0 ? e->via[ply] : "";
    ev.alpha = alpha;
    ev.beta = beta;
    e->o->on_node(e->o->on_node_ctx, &ev);
    v = search_node(e, depth, alpha, beta, ply, allow_null, horizon);
    ev.kind = 'x';
    ev.value = v;
    e->o->on_node(e->o->on_node_ctx, &ev);
    return v;
}

static ar_score search_node(engine *e, int depth, ar_score alpha, ar_score beta, int ply, int allow_null,
                            int *horizon)
{
    void *pos = pos_at(e, ply);
    const ar_game *g = e->g;
    ar_gmove *moves = e->moves + (size_t)ply * e->cap;
    int32_t *order = e->order + (size_t)ply * e->cap;
    uint16_t *index = e->index + (size_t)ply * e->cap;
    ar_score best = -AR_SCORE_INF, alpha0 = alpha;
    ar_game_outcome oc;
    ar_tt_entry te;
    int have_te = 0, player, any_horizon = 0, bound;
    unsigned n, i, hash_index = 0xFFFFu, best_index = 0xFFFFu;
    uint64_t key = 0;
    ar_gmove best_move = AR_GMOVE_NONE;

    e->pv_len[ply] = 0;

    /* Step 1. Count the node and check the limits (time every 1024 nodes).
     * A stopped search unwinds with meaningless values that the root
     * throws away. */
    if (count_node(e)) {
        *horizon = 1;
        return 0;
    }

    /* Step 2. A finished game scores exactly: a win in p plies is WIN - p. */
    oc = g->outcome(e->v, pos);
    player = g->to_move(e->v, pos);
    if (oc != AR_ONGOING) {
        *horizon = 0;
        return terminal_score(oc, player, ply);
    }

    /* Step 3. At the horizon the evaluation stands in for the game value, or
     * quiescence search resolves the noisy moves first (a position in the
     * middle of a tactic evaluates badly). */
    if (depth <= 0 || ply >= MAXP - 1) {
        if ((e->steps & AR_STEP_QUIESCENCE) && (g->flags & AR_GAME_QUIESCENCE) && g->noisy_moves) {
            int q = e->o->qsearch_depth > 0 ? e->o->qsearch_depth : 8;
            return quiesce(e, alpha, beta, ply, q, horizon);
        }
        *horizon = 1;
        return evaluate(e, pos, player);
    }

    /* Step 4. Transposition table. An entry cuts the search off when it was
     * searched exactly this deep (deeper too with TT_DEEPER: more informed,
     * stronger play, but no longer the fixed-depth value) or when its value
     * did not depend on any heuristic leaf (then it is the game value for
     * every depth at least the stored one). Never at the root, which must
     * return a move. */
    if (e->steps & (AR_STEP_TT | AR_STEP_HASH_MOVE)) {
        key = ar_game_hash(g, e->v, pos);
        e->r->tt_probes++;
        have_te = ar_tt_probe(e->tt, key, &te);
        if (have_te) {
            e->r->tt_hits++;
            if (e->steps & AR_STEP_HASH_MOVE)
                hash_index = te.move_index;
            if ((e->steps & AR_STEP_TT) && ply > 0 &&
                (te.depth == depth || (!te.horizon && te.depth <= depth) ||
                 ((e->steps & AR_STEP_TT_DEEPER) && te.depth > depth))) {
                ar_score s = from_tt(te.score, ply);
                if (te.bound == AR_BOUND_EXACT || (te.bound == AR_BOUND_LOWER && s >= beta) ||
                    (te.bound == AR_BOUND_UPPER && s <= alpha)) {
                    e->r->tt_cutoffs++;
                    *horizon = te.horizon;
                    return s;
                }
            }
        }
    }

    /* Step 5. Null move: if passing (a weaker move in games where moving
     * never hurts) and searching R plies less still fails high, a real move
     * would too, so the node is cut. Not at the root, not twice in a row,
     * not against proven scores, and only when the evaluation already says
     * the mover is doing well. The result is heuristic, hence the horizon. */
    if ((e->steps & AR_STEP_NULL_MOVE) && (g->flags & AR_GAME_NULL_MOVE) && g->pass && allow_null &&
        ply > 0 && depth >= 3 && !AR_SCORE_IS_PROVEN(beta) && evaluate(e, pos, player) >= beta) {
        int r = e->o->null_reduction > 0 ? e->o->null_reduction : 2, h;
        ar_score s;
        make_null(e, ply);
        s = -search(e, depth - 1 - r, -beta, -beta + 1, ply + 1, 0, &h);
        unmake_null(e, ply);
        if (e->stopped) {
            *horizon = 1;
            return 0;
        }
        if (s >= beta) {
            e->r->null_cutoffs++;
            *horizon = 1;
            return AR_SCORE_IS_PROVEN(s) ? beta : s;
        }
    }

    /* Step 6. Generate the moves and give each an ordering score: the
     * table's move first (the best move of an earlier search is usually
     * still best), then the two killers of this ply (moves that refuted a
     * sibling), then by history (how often and how deep a move has caused
     * cutoffs anywhere). Moves are picked best-first one at a time below, so
     * a cutoff after the first move sorts nothing else. */
    n = g->legal_moves(e->v, pos, player, moves);
    for (i = 0; i < n; i++) {
        int32_t s = 0;
        index[i] = (uint16_t)(i < 0xFFFFu ? i : 0xFFFEu);
        if (i == hash_index)
            s = INT32_MAX;
        else if ((e->steps & AR_STEP_KILLERS) && moves[i] == e->killers[ply][0])
            s = INT32_MAX - 2;
        else if ((e->steps & AR_STEP_KILLERS) && moves[i] == e->killers[ply][1])
            s = INT32_MAX - 3;
        else if (e->steps & AR_STEP_HISTORY)
            s = e->history[player][history_slot(moves[i])];
        order[i] = s;
    }

    /* Step 7. Search the moves. With PVS every move after the first is
     * first searched with a null window (alpha, alpha+1), which only asks
     * "is it better?", and searched again fully only if it is. */
    for (i = 0; i < n; i++) {
        unsigned j, k = i;
        ar_gmove m;
        ar_score s;
        int h = 0;
        for (j = i + 1; j < n; j++)
            if (order[j] > order[k])
                k = j;
        if (k != i) {
            ar_gmove tm = moves[i];
            int32_t to = order[i];
            uint16_t ti = index[i];
            moves[i] = moves[k];
            order[i] = order[k];
            index[i] = index[k];
            moves[k] = tm;
            order[k] = to;
            index[k] = ti;
        }
        m = moves[i];
        if (e->o->on_node && ply + 1 <= MAXP)
            g->format_move(e->v, pos, player, m, e->via[ply + 1], sizeof e->via[0]);
        make_move(e, ply, m);
        if (i == 0 || !(e->steps & AR_STEP_PVS)) {
            s = -search(e, depth - 1, -beta, -alpha, ply + 1, 1, &h);
        } else {
            s = -search(e, depth - 1, -alpha - 1, -alpha, ply + 1, 1, &h);
            if (s > alpha && s < beta && !e->stopped)
                s = -search(e, depth - 1, -beta, -alpha, ply + 1, 1, &h);
        }
        unmake_move(e, ply, m);
        if (e->stopped) {
            *horizon = 1;
            return 0;
        }
        any_horizon |= h;
        if (s > best) {
            best = s;
            best_move = m;
            best_index = index[i];
            if (s > alpha) {
                alpha = s;
                update_pv(e, ply, m);
            }
            if (s >= beta) {
                /* A cutoff: remember the move for the siblings (killer)
                 * and everywhere (history, weighted by depth squared). */
                if (e->steps & AR_STEP_KILLERS && e->killers[ply][0] != m) {
                    e->killers[ply][1] = e->killers[ply][0];
                    e->killers[ply][0] = m;
                }
                if (e->steps & AR_STEP_HISTORY) {
                    int32_t *hs = &e->history[player][history_slot(m)];
                    *hs += depth * depth;
                    if (*hs > HISTORY_MAX) {
                        unsigned a;
                        for (a = 0; a < HISTORY_SIZE; a++) {
                            e->history[0][a] /= 2;
                            e->history[1][a] /= 2;
                        }
                    }
                }
                if (e->o->on_node) {
                    ar_search_node_event ev = {0};
                    ev.kind = 'c';
                    ev.ply = ply;
                    ev.pruned = n - i - 1;
                    e->o->on_node(e->o->on_node_ctx, &ev);
                }
                break;
            }
        }
    }

    /* Step 8. Store the result with its bound: exact inside the window,
     * lower after a cutoff, upper when every move failed low. */
    bound = best >= beta ? AR_BOUND_LOWER : best > alpha0 ? AR_BOUND_EXACT : AR_BOUND_UPPER;
    if (e->steps & (AR_STEP_TT | AR_STEP_HASH_MOVE))
        ar_tt_store(e->tt, key, to_tt(best, ply), bound, depth,
                    bound == AR_BOUND_UPPER ? 0xFFFFu : best_index, any_horizon);
    (void)best_move;
    *horizon = any_horizon;
    return best;
}

/* --------------------------------------------------------------- set-up */

static ar_status engine_init(engine *e, const ar_game *g, const ar_variant *v, const void *pos,
                             const ar_gsearch_options *o, ar_gsearch_result *r, int need_tt,
                             ar_error *err)
{
    size_t plies = MAXP + 2;
    memset(e, 0, sizeof *e);
    memset(r, 0, sizeof *r);
    r->best = AR_GMOVE_NONE;
    e->g = g;
    e->v = v;
    e->o = o;
    e->r = r;
    e->steps = o->steps;
    e->start = ar_now();
    e->use_undo = g->undo != NULL;
    e->psize = g->position_size(v);
    e->cap = g->max_moves(v, pos);
    if (e->cap == 0)
        e->cap = 1;
    ar_mem_init(&e->mem, o->limits.memory_limit);
    e->eval = o->eval ? o->eval : ar_game_eval_find(g, NULL);
    e->stack = ar_mem_alloc(&e->mem, e->psize * (e->use_undo ? 1 : plies), 1, "search positions", err);
    e->moves = ar_mem_alloc(&e->mem, sizeof(ar_gmove) * e->cap * plies, 0, "move lists", err);
    e->order = ar_mem_alloc(&e->mem, sizeof(int32_t) * e->cap * plies, 0, "move order", err);
    e->index = ar_mem_alloc(&e->mem, sizeof(uint16_t) * e->cap * plies, 0, "move order", err);
    e->pv = ar_mem_alloc(&e->mem, sizeof(*e->pv) * (MAXP + 1), 0, "principal variation", err);
    if (!e->stack || !e->moves || !e->order || !e->index || !e->pv)
        return AR_ERR_MEMORY;
    memcpy(e->stack, pos, e->psize);
    if (need_tt && (o->steps & (AR_STEP_TT | AR_STEP_HASH_MOVE))) {
        if (o->tt) {
            e->tt = o->tt;
        } else {
            size_t bytes = o->tt_bytes ? o->tt_bytes : (size_t)16 << 20;
            ar_status st;
            if (o->limits.memory_limit && bytes > o->limits.memory_limit / 2)
                bytes = o->limits.memory_limit / 2;
            st = ar_tt_create(bytes, &e->mem, &e->tt, err);
            if (st != AR_OK)
                return st;
            e->own_tt = 1;
        }
        ar_tt_new_search(e->tt);
    }
    return AR_OK;
}

static void engine_free(engine *e)
{
    size_t plies = MAXP + 2;
    if (e->own_tt)
        ar_tt_destroy(e->tt);
    if (e->stack)
        ar_mem_free(&e->mem, e->stack, e->psize * (e->use_undo ? 1 : plies));
    if (e->moves)
        ar_mem_free(&e->mem, e->moves, sizeof(ar_gmove) * e->cap * plies);
    if (e->order)
        ar_mem_free(&e->mem, e->order, sizeof(int32_t) * e->cap * plies);
    if (e->index)
        ar_mem_free(&e->mem, e->index, sizeof(uint16_t) * e->cap * plies);
    if (e->pv)
        ar_mem_free(&e->mem, e->pv, sizeof(*e->pv) * (MAXP + 1));
}

/* What negamax cannot search: more than two players (the value of a
 * position is no longer one number), positions where several players or
 * chance move, and hidden information (the search would read what its
 * player cannot see). Returns AR_ERR_INTERNAL when the search may go on. */
static ar_status check_position(const ar_game *g, const ar_variant *v, const void *pos,
                                ar_gsearch_result *r, int allow_chance, ar_error *err)
{
    int who, players = ar_game_players(g, v);
    if (players > 2)
        return ar_error_set(err, AR_ERR_UNSUPPORTED,
                            "%s: alpha-beta and minimax search two-player games; this variant has %d "
                            "players",
                            g->name, players);
    if (g->outcome(v, pos) != AR_ONGOING) {
        r->score = terminal_score(g->outcome(v, pos), g->to_move(v, pos), 0);
        r->exact = 1;
        return AR_OK;
    }
    who = g->to_move(v, pos);
    if (who == AR_PLAYER_SIMULTANEOUS)
        return ar_error_set(err, AR_ERR_UNSUPPORTED,
                            "%s: alpha-beta needs alternating moves; use mcts for simultaneous "
                            "positions",
                            g->name);
    if (who == AR_PLAYER_CHANCE && !allow_chance)
        return ar_error_set(err, AR_ERR_UNSUPPORTED, "%s: alpha-beta cannot search chance positions",
                            g->name);
    if (g->flags & AR_GAME_HIDDEN)
        return ar_error_set(err, AR_ERR_UNSUPPORTED,
                            "%s: alpha-beta and minimax need the whole position, and this game hides "
                            "part of it from the players (use mcts on a player's view)",
                            g->name);
    return AR_ERR_INTERNAL; /* "go on" */
}

ar_status ar_alphabeta(const ar_game *g, const ar_variant *v, const void *pos,
                       const ar_gsearch_options *o, ar_gsearch_result *r, ar_error *err)
{
    engine e;
    ar_status st;
    int max_depth = o->depth > 0 ? o->depth : MAXP - 1, d;
    ar_score prev = 0;
    memset(r, 0, sizeof *r);
    r->best = AR_GMOVE_NONE;
    st = check_position(g, v, pos, r, 0, err);
    if (st != AR_ERR_INTERNAL)
        return st;
    if (max_depth > MAXP - 1)
        max_depth = MAXP - 1;
    st = engine_init(&e, g, v, pos, o, r, 1, err);
    if (st != AR_OK) {
        engine_free(&e);
        return st;
    }
    /* Step 0. Iterative deepening: each depth's table entries, killers and
     * history order the next depth's search, which usually costs less than
     * searching the last depth alone. Aspiration windows search each depth
     * first in a narrow window around the last score, widening on failure. */
    for (d = (o->steps & AR_STEP_ITERATIVE) ? 1 : max_depth; d <= max_depth; d++) {
        ar_score s, a = -AR_SCORE_INF, b = AR_SCORE_INF;
        int horizon = 0, delta = o->aspiration > 0 ? o->aspiration : 50;
        if ((o->steps & AR_STEP_ASPIRATION) && d > 1 && !AR_SCORE_IS_PROVEN(prev)) {
            a = prev - delta;
            b = prev + delta;
        }
        for (;;) {
            s = search(&e, d, a, b, 0, 1, &horizon);
            if (e.stopped)
                break;
            if (s <= a && a > -AR_SCORE_INF) {
                r->aspiration_fails++;
                delta *= 4;
                a = delta > 2000 ? -AR_SCORE_INF : s - delta;
            } else if (s >= b && b < AR_SCORE_INF) {
                r->aspiration_fails++;
                delta *= 4;
                b = delta > 2000 ? AR_SCORE_INF : s + delta;
            } else {
                break;
            }
        }
        if (e.stopped)
            break;
        prev = s;
        r->score = s;
        r->depth = d;
        /* A proven win or loss is exact too: every line to it was searched to
         * the end (heuristic cutoffs never produce proven scores), and a
         * quicker result would have been found at this depth. */
        r->exact = !horizon || AR_SCORE_IS_PROVEN(s);
        r->pv_length = e.pv_len[0];
        memcpy(r->pv, e.pv[0], r->pv_length * sizeof(ar_gmove));
        r->best = r->pv_length ? r->pv[0] : AR_GMOVE_NONE;
        if (o->progress) {
            char detail[96];
            snprintf(detail, sizeof detail, "depth %d score %d", d, (int)s);
            ar_progress_update(o->progress, e.nodes, 0, "nodes", detail);
        }
        /* A value free of heuristic leaves, or proven, is the game value:
         * deeper searches cannot change it. */
        if (r->exact)
            break;
    }
    r->nodes = e.nodes;
    r->stop = e.stopped ? e.stop : AR_STOP_NONE;
    r->seconds = ar_now() - e.start;
    if (r->depth == 0) {
        /* Stopped before depth 1 completed: any legal move, labelled. */
        ar_gmove *m = e.moves;
        if (g->legal_moves(v, pos, g->to_move(v, pos), m) > 0)
            r->best = m[0];
        engine_free(&e);
        return ar_error_set(err, AR_ERR_LIMIT, "stopped (%s) before depth 1 was searched",
                            ar_stop_reason_name(r->stop));
    }
    engine_free(&e);
    return AR_OK;
}

/* ----------------------------------------------------- plain minimax */

/* A score for `who` (a player, or AR_PLAYER_CHANCE meaning "already for
 * player 0") expressed for player 0. */
static ar_score for_player0(ar_score s, int who) { return who == 1 ? -s : s; }

static ar_score minimax(engine *e, int depth, int ply, int *horizon)
{
    void *pos = pos_at(e, ply);
    const ar_game *g = e->g;
    ar_gmove *moves = e->moves + (size_t)ply * e->cap;
    ar_game_outcome oc;
    ar_score best = -AR_SCORE_INF;
    unsigned n, i;
    int player, any = 0;
    e->pv_len[ply] = 0;
    if (count_node(e)) {
        *horizon = 1;
        return 0;
    }
    oc = g->outcome(e->v, pos);
    player = g->to_move(e->v, pos);
    if (oc != AR_ONGOING) {
        *horizon = 0;
        /* Chance nodes answer for player 0, so a finished position does too
         * when its "player to move" is not a player. */
        return terminal_score(oc, player >= 0 ? player : 0, ply);
    }
    if (depth <= 0 || ply >= MAXP - 1) {
        *horizon = 1;
        return evaluate(e, pos, player >= 0 ? player : 0);
    }
    if (player == AR_PLAYER_CHANCE) {
        /* Expectimax: the probability-weighted mean of the outcomes, for
         * player 0 (the decision node above converts it). */
        ar_gmove out[256];
        double probs[256], sum = 0;
        unsigned cnt = g->chance_outcomes(e->v, pos, out, probs);
        for (i = 0; i < cnt && i < 256; i++) {
            int h, next;
            ar_score s;
            make_move(e, ply, out[i]);
            next = g->to_move(e->v, pos_at(e, ply + 1));
            s = minimax(e, depth - 1, ply + 1, &h);
            unmake_move(e, ply, out[i]);
            if (e->stopped) {
                *horizon = 1;
                return 0;
            }
            any |= h;
            sum += probs[i] * (double)for_player0(s, next);
        }
        *horizon = any;
        return (ar_score)(sum >= 0 ? sum + 0.5 : sum - 0.5);
    }
    n = g->legal_moves(e->v, pos, player, moves);
    for (i = 0; i < n; i++) {
        int h, next;
        ar_score s;
        make_move(e, ply, moves[i]);
        next = g->to_move(e->v, pos_at(e, ply + 1));
        s = minimax(e, depth - 1, ply + 1, &h);
        unmake_move(e, ply, moves[i]);
        if (e->stopped) {
            *horizon = 1;
            return 0;
        }
        s = for_player0(s, next);
        if (player == 1)
            s = -s;
        any |= h;
        if (s > best) {
            best = s;
            update_pv(e, ply, moves[i]);
        }
    }
    *horizon = any;
    return best;
}

ar_status ar_minimax(const ar_game *g, const ar_variant *v, const void *pos,
                     const ar_gsearch_options *o, ar_gsearch_result *r, ar_error *err)
{
    engine e;
    ar_status st;
    ar_gsearch_options plain = *o;
    int horizon;
    ar_score s;
    memset(r, 0, sizeof *r);
    r->best = AR_GMOVE_NONE;
    st = check_position(g, v, pos, r, 1, err);
    if (st != AR_ERR_INTERNAL)
        return st;
    if (g->to_move(v, pos) == AR_PLAYER_CHANCE)
        return ar_error_set(err, AR_ERR_UNSUPPORTED, "minimax: the root must be a decision");
    plain.steps = 0;
    plain.depth = o->depth > 0 ? o->depth : MAXP - 1;
    st = engine_init(&e, g, v, pos, &plain, r, 0, err);
    if (st != AR_OK) {
        engine_free(&e);
        return st;
    }
    s = minimax(&e, plain.depth, 0, &horizon);
    r->nodes = e.nodes;
    r->seconds = ar_now() - e.start;
    r->stop = e.stopped ? e.stop : AR_STOP_NONE;
    if (!e.stopped) {
        r->score = s;
        r->depth = plain.depth;
        r->exact = !horizon;
        r->pv_length = e.pv_len[0];
        memcpy(r->pv, e.pv[0], r->pv_length * sizeof(ar_gmove));
        r->best = r->pv_length ? r->pv[0] : AR_GMOVE_NONE;
    }
    engine_free(&e);
    if (r->stop != AR_STOP_NONE)
        return ar_error_set(err, AR_ERR_LIMIT, "minimax stopped (%s)", ar_stop_reason_name(r->stop));
    return AR_OK;
}
