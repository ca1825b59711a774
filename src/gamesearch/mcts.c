/* mcts.c — Monte Carlo tree search with UCT over the game interface.
 *
 * Each iteration: (1) selection — from the root, repeatedly choose a child by
 * UCB1, mean + c sqrt(ln N / n), trying unvisited children first; a move
 * that wins at once is always taken (a small piece of MCTS-solver, which
 * makes the search converge in won positions instead of averaging); (2)
 * expansion — the first node reached that has no children gets them all
 * (their positions are not stored: the path is replayed from the root each
 * iteration, so a node costs only its statistics); (3) playout — random moves
 * (or evaluation-guided ones) to the end of the game; (4) backup — the reward
 * (1 win, 1/2 draw, 0 loss, for each player) is added along the path.
 *
 * Simultaneous positions use decoupled UCT: each player keeps statistics of
 * its own moves and chooses by them without looking at the other's choice;
 * the joint child is created when first chosen. Chance positions are
 * sampled by their probabilities. All randomness comes from options.seed.
 *
 * The tree lives in arrays grown through an ar_mem, so the memory limit
 * stops the search (with the best move so far) instead of the process.
 *
 * Two players only (the rewards are one number per playout, for player 0).
 * In games with hidden information a bot hands MCTS its player's view, and
 * the search treats the view as the position: it plays out whatever the
 * game's "unknown" encoding allows, a cheap stand-in for sampling the hidden
 * parts. */
#include "ariadne/gamesearch.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/timer.h"

enum { KIND_TERMINAL = 3, KIND_NEW = 4 };

typedef struct mnode {
    uint64_t visits;
    double reward;      /* summed reward of the player who chose the move into this node */
    ar_gmove move;      /* the move (or joint move, or chance outcome) into this node */
    uint32_t links;     /* first child link (index into links[]); valid when expanded */
    uint32_t nlinks;
    uint32_t stats;     /* simultaneous: first of n0 + n1 entries in stats[]; chance: probs */
    uint16_t n0, n1;
    int8_t kind;        /* KIND_NEW until expanded; then the player to move, SIMULTANEOUS,
                           CHANCE or KIND_TERMINAL */
    int8_t win_for;     /* terminal: outcome from the side of the player who moved into it:
                           1 won, 0 draw, -1 lost; 2 unknown */
} mnode;

typedef struct mstat {
    ar_gmove move;
    uint64_t visits;
    double reward; /* for chance nodes: the probability */
} mstat;

typedef struct mcts {
    const ar_game *g;
    const ar_variant *v;
    const ar_mcts_options *o;
    ar_mem mem;
    ar_rng rng;
    mnode *nodes;
    size_t nnodes, capnodes;
    uint32_t *links;
    size_t nlinks, caplinks;
    mstat *stats;
    size_t nstats, capstats;
    unsigned char *pos;
    unsigned char *scratch;
    size_t psize;
    unsigned cap;
    ar_gmove *moves;
    ar_gmove *moves2;
    double *probs;
    uint32_t *path;
    int *path_player; /* mover at each path step (or -1 simultaneous, -2 chance) */
    uint32_t *path_a, *path_b; /* simultaneous: the chosen stat index of each player */
    const ar_game_eval *eval;
    double c;
} mcts;

static int grow(mcts *m, void **arr, size_t *cap, size_t need, size_t elem, const char *what)
{
    size_t ncap = *cap ? *cap : 1024;
    void *p;
    if (need <= *cap)
        return 1;
    while (ncap < need)
        ncap *= 2;
    p = ar_mem_realloc(&m->mem, *arr, *cap * elem, ncap * elem, what, NULL);
    if (!p)
        return 0;
    *arr = p;
    *cap = ncap;
    return 1;
}

static uint32_t new_node(mcts *m, ar_gmove move)
{
    mnode *n;
    if (!grow(m, (void **)&m->nodes, &m->capnodes, m->nnodes + 1, sizeof(mnode), "MCTS tree"))
        return 0;
    n = &m->nodes[m->nnodes];
    memset(n, 0, sizeof *n);
    n->move = move;
    n->kind = KIND_NEW;
    n->win_for = 2;
    return (uint32_t)m->nnodes++;
}

/* Reward of a finished game for `player`. */
static double outcome_reward(ar_game_outcome oc, int player)
{
    int r = ar_game_outcome_for(oc, player);
    return r > 0 ? 1.0 : r < 0 ? 0.0 : 0.5;
}

/* Expands node `id` whose position is m->pos. Returns 0 when memory runs out. */
static int expand(mcts *m, uint32_t id)
{
    const ar_game *g = m->g;
    ar_game_outcome oc = g->outcome(m->v, m->pos);
    int who;
    unsigned n, i;
    if (oc != AR_ONGOING) {
        m->nodes[id].kind = KIND_TERMINAL;
        return 1;
    }
    who = g->to_move(m->v, m->pos);
    if (who == AR_PLAYER_SIMULTANEOUS) {
        unsigned n0 = g->legal_moves(m->v, m->pos, 0, m->moves);
        unsigned n1 = g->legal_moves(m->v, m->pos, 1, m->moves2);
        size_t s0 = m->nstats, l0 = m->nlinks;
        if (!grow(m, (void **)&m->stats, &m->capstats, s0 + n0 + n1, sizeof(mstat), "MCTS tree") ||
            !grow(m, (void **)&m->links, &m->caplinks, l0 + (size_t)n0 * n1, sizeof(uint32_t),
                  "MCTS tree"))
            return 0;
        for (i = 0; i < n0; i++) {
            m->stats[s0 + i].move = m->moves[i];
            m->stats[s0 + i].visits = 0;
            m->stats[s0 + i].reward = 0;
        }
        for (i = 0; i < n1; i++) {
            m->stats[s0 + n0 + i].move = m->moves2[i];
            m->stats[s0 + n0 + i].visits = 0;
            m->stats[s0 + n0 + i].reward = 0;
        }
        memset(m->links + l0, 0, sizeof(uint32_t) * n0 * n1);
        m->nstats += n0 + n1;
        m->nlinks += (size_t)n0 * n1;
        m->nodes[id].stats = (uint32_t)s0;
        m->nodes[id].links = (uint32_t)l0;
        m->nodes[id].nlinks = n0 * n1;
        m->nodes[id].n0 = (uint16_t)n0;
        m->nodes[id].n1 = (uint16_t)n1;
        m->nodes[id].kind = (int8_t)who;
        return 1;
    }
    if (who == AR_PLAYER_CHANCE) {
        size_t s0 = m->nstats;
        n = g->chance_outcomes(m->v, m->pos, m->moves, m->probs);
        if (!grow(m, (void **)&m->stats, &m->capstats, s0 + n, sizeof(mstat), "MCTS tree"))
            return 0;
        for (i = 0; i < n; i++) {
            m->stats[s0 + i].move = m->moves[i];
            m->stats[s0 + i].visits = 0;
            m->stats[s0 + i].reward = m->probs[i];
        }
        m->nstats += n;
    } else {
        n = g->legal_moves(m->v, m->pos, who, m->moves);
    }
    {
        size_t l0 = m->nlinks;
        if (!grow(m, (void **)&m->links, &m->caplinks, l0 + n, sizeof(uint32_t), "MCTS tree"))
            return 0;
        for (i = 0; i < n; i++) {
            uint32_t c = new_node(m, m->moves[i]);
            if (!c)
                return 0;
            m->links[l0 + i] = c;
            if (who >= 0) {
                /* Look one move ahead for immediate results (the solver step). */
                ar_game_outcome co;
                memcpy(m->scratch, m->pos, m->psize);
                g->apply(m->v, m->scratch, m->moves[i]);
                co = g->outcome(m->v, m->scratch);
                if (co != AR_ONGOING)
                    m->nodes[c].win_for = (int8_t)ar_game_outcome_for(co, who);
            }
        }
        m->nlinks += n;
        m->nodes[id].links = (uint32_t)l0;
        m->nodes[id].nlinks = n;
        m->nodes[id].stats = who == AR_PLAYER_CHANCE ? (uint32_t)(m->nstats - n) : 0;
        m->nodes[id].kind = (int8_t)who;
    }
    return 1;
}

static double ucb(const mcts *m, double reward, uint64_t visits, double log_parent)
{
    if (visits == 0)
        return 1e300;
    return reward / (double)visits + m->c * sqrt(log_parent / (double)visits);
}

/* UCB choice among n statistics (children or decoupled stats), unvisited
 * ones first in a random order. */
static unsigned choose_ucb_nodes(mcts *m, const mnode *node)
{
    unsigned i, best = 0, unvisited = 0;
    double bestv = -1, lp = log((double)(node->visits ? node->visits : 1));
    for (i = 0; i < node->nlinks; i++) {
        const mnode *c = &m->nodes[m->links[node->links + i]];
        if (c->win_for == 1)
            return i;
        if (c->visits == 0)
            unvisited++;
    }
    if (unvisited) {
        unsigned k = (unsigned)ar_rng_below(&m->rng, unvisited);
        for (i = 0; i < node->nlinks; i++)
            if (m->nodes[m->links[node->links + i]].visits == 0 && k-- == 0)
                return i;
    }
    for (i = 0; i < node->nlinks; i++) {
        const mnode *c = &m->nodes[m->links[node->links + i]];
        double u = ucb(m, c->reward, c->visits, lp);
        if (u > bestv) {
            bestv = u;
            best = i;
        }
    }
    return best;
}

static unsigned choose_ucb_stats(mcts *m, const mstat *s, unsigned n, uint64_t parent_visits)
{
    unsigned i, best = 0, unvisited = 0;
    double bestv = -1, lp = log((double)(parent_visits ? parent_visits : 1));
    for (i = 0; i < n; i++)
        unvisited += s[i].visits == 0;
    if (unvisited) {
        unsigned k = (unsigned)ar_rng_below(&m->rng, unvisited);
        for (i = 0; i < n; i++)
            if (s[i].visits == 0 && k-- == 0)
                return i;
    }
    for (i = 0; i < n; i++) {
        double u = ucb(m, s[i].reward, s[i].visits, lp);
        if (u > bestv) {
            bestv = u;
            best = i;
        }
    }
    return best;
}

static double sigmoid(double x) { return 1.0 / (1.0 + exp(-x / 200.0)); }

/* Plays the game out from m->pos; returns player 0's reward. */
static double playout(mcts *m)
{
    const ar_game *g = m->g;
    unsigned ply;
    unsigned limit = m->o->playout == AR_PLAYOUT_EVAL ? (m->o->playout_depth ? m->o->playout_depth : 20)
                                                       : 100000u;
    double eps = m->o->epsilon > 0 ? m->o->epsilon : 0.1;
    for (ply = 0;; ply++) {
        ar_game_outcome oc = g->outcome(m->v, m->pos);
        int who;
        unsigned n;
        if (oc != AR_ONGOING)
            return outcome_reward(oc, 0);
        if (ply >= limit || ply >= 10000u) {
            if (m->eval)
                return sigmoid((double)m->eval->evaluate(m->v, m->pos, 0));
            return 0.5;
        }
        who = g->to_move(m->v, m->pos);
        if (who == AR_PLAYER_SIMULTANEOUS) {
            unsigned n0 = g->legal_moves(m->v, m->pos, 0, m->moves);
            unsigned n1 = g->legal_moves(m->v, m->pos, 1, m->moves2);
            ar_gmove a = m->moves[ar_rng_below(&m->rng, n0 ? n0 : 1)];
            ar_gmove b = m->moves2[ar_rng_below(&m->rng, n1 ? n1 : 1)];
            g->apply(m->v, m->pos, AR_JOINT_MOVE(a, b));
            continue;
        }
        if (who == AR_PLAYER_CHANCE) {
            double x = ar_rng_double(&m->rng), acc = 0;
            unsigned i;
            n = g->chance_outcomes(m->v, m->pos, m->moves, m->probs);
            for (i = 0; i + 1 < n; i++) {
                acc += m->probs[i];
                if (x < acc)
                    break;
            }
            g->apply(m->v, m->pos, m->moves[i]);
            continue;
        }
        n = g->legal_moves(m->v, m->pos, who, m->moves);
        if (n == 0)
            return 0.5;
        if (m->o->playout == AR_PLAYOUT_EVAL && m->eval && ar_rng_double(&m->rng) >= eps) {
            unsigned i, best = 0;
            int bestv = -AR_SCORE_INF;
            for (i = 0; i < n; i++) {
                int s;
                ar_game_outcome co;
                memcpy(m->scratch, m->pos, m->psize);
                g->apply(m->v, m->scratch, m->moves[i]);
                co = g->outcome(m->v, m->scratch);
                s = co != AR_ONGOING ? ar_game_outcome_for(co, who) * AR_SCORE_WIN
                                     : m->eval->evaluate(m->v, m->scratch, who);
                if (s > bestv) {
                    bestv = s;
                    best = i;
                }
            }
            g->apply(m->v, m->pos, m->moves[best]);
        } else {
            g->apply(m->v, m->pos, m->moves[ar_rng_below(&m->rng, n)]);
        }
    }
}

void ar_mcts_options_init(ar_mcts_options *o)
{
    memset(o, 0, sizeof *o);
    o->exploration = 1.4;
    o->playout = AR_PLAYOUT_RANDOM;
}

static void mcts_free(mcts *m)
{
    ar_mem_free(&m->mem, m->nodes, m->capnodes * sizeof(mnode));
    ar_mem_free(&m->mem, m->links, m->caplinks * sizeof(uint32_t));
    ar_mem_free(&m->mem, m->stats, m->capstats * sizeof(mstat));
    free(m->pos);
    free(m->scratch);
    free(m->moves);
    free(m->moves2);
    free(m->probs);
    free(m->path);
    free(m->path_player);
    free(m->path_a);
    free(m->path_b);
}

static int cmp_stat(const void *a, const void *b)
{
    const ar_mcts_stat *x = a, *y = b;
    if (x->visits != y->visits)
        return x->visits < y->visits ? 1 : -1;
    return x->move < y->move ? -1 : x->move > y->move;
}

ar_status ar_mcts(const ar_game *g, const ar_variant *v, const void *pos, int player,
                  const ar_mcts_options *o, ar_mcts_result *r, ar_error *err)
{
    mcts m;
    double start = ar_now();
    uint64_t it;
    size_t depth_cap = 20000;
    uint32_t root;
    memset(r, 0, sizeof *r);
    r->best = AR_GMOVE_NONE;
    if (ar_game_players(g, v) > 2)
        return ar_error_set(err, AR_ERR_UNSUPPORTED,
                            "%s: MCTS backs up two-player rewards; this variant has %d players",
                            g->name, ar_game_players(g, v));
    if (g->outcome(v, pos) != AR_ONGOING)
        return AR_OK;
    memset(&m, 0, sizeof m);
    m.g = g;
    m.v = v;
    m.o = o;
    m.c = o->exploration > 0 ? o->exploration : 1.4;
    m.eval = o->eval ? o->eval : ar_game_eval_find(g, NULL);
    ar_mem_init(&m.mem, o->limits.memory_limit);
    ar_rng_seed(&m.rng, o->seed);
    m.psize = g->position_size(v);
    m.cap = g->max_moves(v, pos);
    if (m.cap < 1)
        m.cap = 1;
    m.pos = ar_xmalloc(m.psize);
    m.scratch = ar_xmalloc(m.psize);
    m.moves = ar_xmalloc(sizeof(ar_gmove) * m.cap);
    m.moves2 = ar_xmalloc(sizeof(ar_gmove) * m.cap);
    m.probs = ar_xmalloc(sizeof(double) * m.cap);
    m.path = ar_xmalloc(sizeof(uint32_t) * depth_cap);
    m.path_player = ar_xmalloc(sizeof(int) * depth_cap);
    m.path_a = ar_xmalloc(sizeof(uint32_t) * depth_cap);
    m.path_b = ar_xmalloc(sizeof(uint32_t) * depth_cap);
    /* Node 0 is a sentinel so that link value 0 can mean "not created". */
    new_node(&m, AR_GMOVE_NONE); /* returns 0 on success and on failure alike */
    if (m.nnodes != 1 || !(root = new_node(&m, AR_GMOVE_NONE))) {
        mcts_free(&m);
        return ar_error_set(err, AR_ERR_MEMORY, "MCTS: no memory for the root");
    }
    for (it = 0; o->iterations == 0 || it < o->iterations; it++) {
        size_t len = 0, i;
        uint32_t id = root;
        double r0;
        int memory_out = 0;
        if ((it & 63u) == 0 && it) {
            if (o->limits.interrupt && *o->limits.interrupt) {
                r->stop = AR_STOP_INTERRUPT;
                break;
            }
            if (o->limits.time_limit > 0 && ar_now() - start >= o->limits.time_limit) {
                r->stop = AR_STOP_TIME;
                break;
            }
        }
        if (o->iterations == 0 && o->limits.time_limit <= 0 && it >= 1000000) {
            r->stop = AR_STOP_NODES; /* no limit given: a million iterations at most */
            break;
        }
        memcpy(m.pos, pos, m.psize);
        /* (1) selection and (2) expansion */
        for (;;) {
            mnode *node = &m.nodes[id];
            unsigned k;
            if (len >= depth_cap)
                break;
            m.path[len] = id;
            m.path_player[len] = node->kind;
            if (node->kind == KIND_NEW) {
                if (!expand(&m, id)) {
                    memory_out = 1;
                    break;
                }
                len++;
                break; /* play out from here */
            }
            len++;
            node = &m.nodes[id];
            if (node->kind == KIND_TERMINAL)
                break;
            if (node->kind == AR_PLAYER_SIMULTANEOUS) {
                unsigned a = choose_ucb_stats(&m, m.stats + node->stats, node->n0, node->visits);
                unsigned b = choose_ucb_stats(&m, m.stats + node->stats + node->n0, node->n1,
                                              node->visits);
                uint32_t *link = &m.links[node->links + a * node->n1 + b];
                ar_gmove joint = AR_JOINT_MOVE(m.stats[node->stats + a].move,
                                               m.stats[node->stats + node->n0 + b].move);
                m.path_a[len - 1] = a;
                m.path_b[len - 1] = b;
                if (!*link) {
                    uint32_t c = new_node(&m, joint);
                    if (!c) {
                        memory_out = 1;
                        break;
                    }
                    m.links[m.nodes[id].links + a * m.nodes[id].n1 + b] = c;
                }
                g->apply(v, m.pos, joint);
                id = m.links[m.nodes[id].links + a * m.nodes[id].n1 + b];
                continue;
            }
            if (node->kind == AR_PLAYER_CHANCE) {
                double x = ar_rng_double(&m.rng), acc = 0;
                for (k = 0; k + 1 < node->nlinks; k++) {
                    acc += m.stats[node->stats + k].reward;
                    if (x < acc)
                        break;
                }
            } else {
                k = choose_ucb_nodes(&m, node);
            }
            id = m.links[node->links + k];
            g->apply(v, m.pos, m.nodes[id].move);
        }
        if (memory_out) {
            r->stop = AR_STOP_MEMORY;
            break;
        }
        /* (3) playout */
        r0 = playout(&m);
        /* (4) backup: each edge is credited with the reward of the player
         * who chose it. */
        for (i = 0; i < len; i++) {
            mnode *node = &m.nodes[m.path[i]];
            node->visits++;
            if (i + 1 < len) {
                int who = m.path_player[i];
                if (who == AR_PLAYER_SIMULTANEOUS) {
                    m.stats[node->stats + m.path_a[i]].visits++;
                    m.stats[node->stats + m.path_a[i]].reward += r0;
                    m.stats[node->stats + node->n0 + m.path_b[i]].visits++;
                    m.stats[node->stats + node->n0 + m.path_b[i]].reward += 1.0 - r0;
                }
                if (who == 0 || who == 1)
                    m.nodes[m.path[i + 1]].reward += who == 0 ? r0 : 1.0 - r0;
            }
        }
        r->iterations = it + 1;
    }
    /* The answer: the most visited move of `player` at the root. */
    {
        const mnode *rt = &m.nodes[root];
        size_t room = (size_t)(rt->nlinks > rt->n0 + rt->n1 ? rt->nlinks : rt->n0 + rt->n1) + 1;
        ar_mcts_stat *all = ar_xmalloc(sizeof *all * room);
        unsigned n = 0, i;
        if (rt->kind == AR_PLAYER_SIMULTANEOUS) {
            unsigned base = rt->stats + (player == 1 ? rt->n0 : 0);
            unsigned cnt = player == 1 ? rt->n1 : rt->n0;
            for (i = 0; i < cnt; i++, n++) {
                all[n].move = m.stats[base + i].move;
                all[n].visits = m.stats[base + i].visits;
                all[n].mean = all[n].visits ? m.stats[base + i].reward / (double)all[n].visits : 0;
            }
        } else if (rt->kind == 0 || rt->kind == 1) {
            for (i = 0; i < rt->nlinks; i++) {
                const mnode *c = &m.nodes[m.links[rt->links + i]];
                ar_mcts_stat s;
                s.move = c->move;
                s.visits = c->visits;
                s.mean = c->visits ? c->reward / (double)c->visits : 0;
                /* An immediate win is the answer whatever the counts say. */
                if (c->win_for == 1) {
                    s.visits = UINT64_MAX;
                    s.mean = 1;
                }
                all[n++] = s;
            }
        }
        qsort(all, n, sizeof all[0], cmp_stat);
        for (i = 0; i < n && i < 8; i++) {
            r->top[i] = all[i];
            if (r->top[i].visits == UINT64_MAX)
                r->top[i].visits = rt->visits;
        }
        r->top_count = i;
        if (n) {
            r->best = all[0].move;
            r->value = all[0].mean;
        } else if (rt->kind == KIND_NEW || rt->kind == AR_PLAYER_CHANCE) {
            unsigned cnt = g->legal_moves(v, pos, player, m.moves);
            if (cnt)
                r->best = m.moves[0];
        }
        free(all);
    }
    r->tree_nodes = m.nnodes - 1;
    r->peak_bytes = m.mem.peak;
    r->seconds = ar_now() - start;
    mcts_free(&m);
    return AR_OK;
}
