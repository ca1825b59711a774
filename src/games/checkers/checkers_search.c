/* checkers_search.c — the checkers engine's search: alpha-beta specialised
 * to the checkers board (its own hot loop, as the chess engine has), with
 * the search techniques of the lecture notes written as numbered steps that
 * can each be switched off (CK_STEP_*, the `steps=` option) so that each
 * one's worth can be measured:
 *
 *   1. iterative deepening          2. aspiration windows
 *   3. principal-variation search   4. transposition-table cut-offs
 *   5. hash move first              6. killer moves
 *   7. history heuristic            8. quiescence over captures
 *   9. forced moves cost no depth  10. endgame databases
 *
 * plus what every step relies on: draws by repetition and the 40-move rule
 * inside the tree, win scores counted from the root, time checks every 1024
 * nodes. The transposition table is the game-search library's (ar_tt,
 * gamesearch.h: a move is stored as its index in the legal-move list,
 * which is why generation order is fixed). */
#include "ariadne/gamesearch.h"
#include "ariadne/timer.h"
#include "checkers_engine.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

const char *const ar_checkers_step_names[11] = {NULL,       "iterative", "aspiration", "pvs",    "tt",    "hashmove",
                                                "killers",  "history",   "qsearch",    "forced", "db"};

#define QSEARCH_PLIES 32 /* captures past the horizon at most (they end: pieces run out) */

struct ck_engine {
    ar_tt *tt;
    size_t hash_mb;
    unsigned steps;
    ck_eval_params params;
    const ck_db *db;
    int db_pieces;
    int16_t history[2][35][35];
    uint32_t killers[CK_MAX_PLY][2];
    uint64_t keys[CK_MAX_PLY + AR_CHECKERS_QUIET_DRAW + 8]; /* the game's then the path's keys */
    int nkeys;
    uint64_t nodes, db_hits;
    int seldepth;
    double start;
    ck_limits lim;
    const volatile sig_atomic_t *interrupt;
    atomic_int stop_request;
    int stopped;
    uint32_t pv[CK_MAX_PLY][CK_MAX_PLY];
    int pvlen[CK_MAX_PLY];
    void (*report)(void *ctx, const ck_info *info);
    void *report_ctx;
};

ck_engine *ar_checkers_engine_new(size_t hash_mb)
{
    ck_engine *e = ar_xcalloc(1, sizeof *e);
    e->steps = CK_STEP_ALL;
    e->params = *ar_checkers_params_default();
    memset(e->killers, 0xFF, sizeof e->killers); /* CK_NO_MOVE */
    ar_checkers_engine_set_hash(e, hash_mb);
    return e;
}

void ar_checkers_engine_free(ck_engine *e)
{
    if (!e)
        return;
    ar_tt_destroy(e->tt);
    free(e);
}

void ar_checkers_engine_set_hash(ck_engine *e, size_t hash_mb)
{
    ar_error err;
    ar_tt_destroy(e->tt);
    e->tt = NULL;
    e->hash_mb = hash_mb ? hash_mb : 1;
    if (ar_tt_create(e->hash_mb << 20, NULL, &e->tt, &err) != AR_OK)
        ar_tt_create(1u << 20, NULL, &e->tt, &err);
}

void ar_checkers_engine_clear(ck_engine *e)
{
    ar_tt_clear(e->tt);
    memset(e->history, 0, sizeof e->history);
    memset(e->killers, 0xFF, sizeof e->killers); /* CK_NO_MOVE */
}

void ar_checkers_engine_set_steps(ck_engine *e, unsigned steps) { e->steps = steps; }
void ar_checkers_engine_set_params(ck_engine *e, const ck_eval_params *p) { e->params = *p; }
void ar_checkers_engine_set_stop(ck_engine *e, const volatile sig_atomic_t *stop) { e->interrupt = stop; }
void ar_checkers_engine_request_stop(ck_engine *e) { atomic_store(&e->stop_request, 1); }
void ar_checkers_engine_clear_stop(ck_engine *e) { atomic_store(&e->stop_request, 0); }

void ar_checkers_engine_set_db(ck_engine *e, const ck_db *db)
{
    e->db = db;
    e->db_pieces = db ? ar_checkers_db_pieces(db) : 0;
}

void ar_checkers_engine_set_report(ck_engine *e, void (*report)(void *ctx, const ck_info *info), void *ctx)
{
    e->report = report;
    e->report_ctx = ctx;
}

int ar_checkers_parse_steps(const char *text, unsigned *steps, ar_error *err)
{
    const char *p = text;
    unsigned s = 0;
    while (*p) {
        size_t len = strcspn(p, ",/");
        int neg = *p == '-', i;
        const char *name = p + neg;
        size_t nlen = len - (size_t)neg;
        if (nlen == 3 && !strncmp(name, "all", 3))
            s = neg ? 0 : CK_STEP_ALL;
        else if (nlen == 4 && !strncmp(name, "none", 4))
            s = 0;
        else {
            for (i = 1; i < 11; i++)
                if (strlen(ar_checkers_step_names[i]) == nlen && !strncmp(name, ar_checkers_step_names[i], nlen))
                    break;
            if (i == 11) {
                ar_error_set(err, AR_ERR_INPUT,
                             "steps: unknown step '%.*s' (all, none, iterative, aspiration, pvs, tt, hashmove, "
                             "killers, history, qsearch, forced, db)",
                             (int)(nlen > 30 ? 30 : nlen), name);
                return -1;
            }
            if (neg)
                s &= ~(1u << i);
            else
                s |= 1u << i;
        }
        p += len;
        if (*p)
            p++;
    }
    *steps = s;
    return 0;
}

/* ------------------------------------------------------------ the node */

static void check_time(ck_engine *e)
{
    if (atomic_load(&e->stop_request) || (e->interrupt && *e->interrupt))
        e->stopped = 1;
    else if (e->lim.nodes && e->nodes >= e->lim.nodes)
        e->stopped = 1;
    else if (e->lim.hard > 0 && ar_now() - e->start >= e->lim.hard)
        e->stopped = 1;
}

static int evaluate(const ck_engine *e, const ck_board *b) { return ar_checkers_evaluate(&e->params, b); }

/* Whether this node's key (keys[idx]) occurred before with the same side to
 * move since the last irreversible move. */
static int repeated(const ck_engine *e, int idx, int quiet)
{
    int i;
    for (i = idx - 2; i >= 0 && i >= idx - quiet; i -= 2)
        if (e->keys[i] == e->keys[idx])
            return 1;
    return 0;
}

/* Scores of proven wins are relative to the root in the tree and relative
 * to the node in the table. */
static int to_tt(int s, int ply) { return s > CK_WIN - 1000 ? s + ply : s < -(CK_WIN - 1000) ? s - ply : s; }
static int from_tt(int s, int ply) { return s > CK_WIN - 1000 ? s - ply : s < -(CK_WIN - 1000) ? s + ply : s; }

/* Move ordering scores: the hash move, then captures by what they take,
 * then the killers, then the history. */
static void order(const ck_engine *e, const ck_board *b, const ck_move *list, unsigned n, int *score, int ply,
                  int hash_index)
{
    unsigned i;
    for (i = 0; i < n; i++) {
        const ck_move *m = &list[i];
        int s = 0;
        if ((int)i == hash_index && (e->steps & CK_STEP_HASHMOVE))
            s = 1 << 30;
        else if (m->captured)
            s = (1 << 24) + 1000 * ck_popcount(m->captured) + 500 * ck_popcount(m->captured & b->kings) + m->crown;
        else if ((e->steps & CK_STEP_KILLERS) && m->code == e->killers[ply][0])
            s = 1 << 22;
        else if ((e->steps & CK_STEP_KILLERS) && m->code == e->killers[ply][1])
            s = (1 << 22) - 1;
        else if (e->steps & CK_STEP_HISTORY)
            s = e->history[b->stm][m->from][m->to] + (m->crown ? 1 << 20 : 0);
        else
            s = m->crown ? 1 << 20 : 0;
        score[i] = s;
    }
}

/* Swaps the best-scored move of i..n-1 into place i. */
static void pick(ck_move *list, int *score, unsigned *index, unsigned i, unsigned n)
{
    unsigned j, best = i;
    for (j = i + 1; j < n; j++)
        if (score[j] > score[best])
            best = j;
    if (best != i) {
        ck_move m = list[i];
        int s = score[i];
        unsigned x = index[i];
        list[i] = list[best];
        list[best] = m;
        score[i] = score[best];
        score[best] = s;
        index[i] = index[best];
        index[best] = x;
    }
}

static void update_pv(ck_engine *e, int ply, uint32_t code)
{
    int k;
    e->pv[ply][ply] = code;
    for (k = ply + 1; k < e->pvlen[ply + 1]; k++)
        e->pv[ply][k] = e->pv[ply + 1][k];
    e->pvlen[ply] = e->pvlen[ply + 1] > ply + 1 ? e->pvlen[ply + 1] : ply + 1;
}

/* The node: depth plies left (<= 0 in quiescence), `quiet` plies since the
 * last irreversible move, the key of b in keys[base + ply]. */
static int search(ck_engine *e, const ck_board *b, int depth, int alpha, int beta, int ply, int quiet, int base)
{
    ck_move list[CK_MAX_MOVES];
    int score[CK_MAX_MOVES];
    unsigned index[CK_MAX_MOVES];
    unsigned n, i, best_index = 0xFFFF;
    int best = -CK_INF, hash_index = -1, alpha0 = alpha, pv_node = beta - alpha > 1;
    uint64_t key = e->keys[base + ply];
    ar_tt_entry te;

    e->pvlen[ply] = ply;
    if ((++e->nodes & 1023) == 0)
        check_time(e);
    if (e->stopped)
        return 0;
    if (ply > e->seldepth)
        e->seldepth = ply;
    if (ply > 0 && (quiet >= AR_CHECKERS_QUIET_DRAW || repeated(e, base + ply, quiet)))
        return 0;
    n = ar_checkers_legal(b, list);
    if (n == 0)
        return -(CK_WIN - ply); /* no move: lost */
    if (ply >= CK_MAX_PLY - 1)
        return evaluate(e, b);

    /* Step 10. Endgame databases: the exact value, with the distance. */
    if ((e->steps & CK_STEP_DB) && ply > 0 && ck_popcount(b->pieces[0] | b->pieces[1]) <= e->db_pieces) {
        int result, plies;
        if (ar_checkers_db_probe(e->db, b, &result, &plies)) {
            e->db_hits++;
            return result == CK_DB_DRAW ? 0 : result == CK_DB_WIN ? CK_WIN - ply - plies : -(CK_WIN - ply - plies);
        }
    }

    /* Step 8. Quiescence: at the horizon a capture is still searched (it
     * is forced, so there is no standing pat while one is pending). */
    if (depth <= 0) {
        if (!(e->steps & CK_STEP_QSEARCH) || !list[0].captured || -depth >= QSEARCH_PLIES)
            return evaluate(e, b);
    }

    /* Step 4. Transposition table. */
    if (e->steps & (CK_STEP_TT | CK_STEP_HASHMOVE)) {
        if (ar_tt_probe(e->tt, key, &te)) {
            if (te.move_index < n)
                hash_index = (int)te.move_index;
            if ((e->steps & CK_STEP_TT) && ply > 0 && te.depth >= depth && !pv_node) {
                int s = from_tt(te.score, ply);
                if (te.bound == AR_BOUND_EXACT || (te.bound == AR_BOUND_LOWER && s >= beta) ||
                    (te.bound == AR_BOUND_UPPER && s <= alpha))
                    return s;
            }
        }
    }

    for (i = 0; i < n; i++)
        index[i] = i;
    order(e, b, list, n, score, ply, hash_index);
    for (i = 0; i < n; i++) {
        ck_board c = *b;
        int s, child_depth = depth - 1;
        pick(list, score, index, i, n);
        /* Step 9. A forced move (the only one) costs no depth. */
        if (n == 1 && (e->steps & CK_STEP_FORCED) && depth > 0)
            child_depth = depth;
        ar_checkers_make(&c, &list[i]);
        e->keys[base + ply + 1] = ck_hash(&c);
        {
            int cq = ck_move_resets(&list[i]) ? 0 : quiet + 1;
            /* Step 3. Principal-variation search: the first move with the
             * full window, the others with a null window first. */
            if (i == 0 || !(e->steps & CK_STEP_PVS)) {
                s = -search(e, &c, child_depth, -beta, -alpha, ply + 1, cq, base);
            } else {
                s = -search(e, &c, child_depth, -alpha - 1, -alpha, ply + 1, cq, base);
                if (s > alpha && s < beta)
                    s = -search(e, &c, child_depth, -beta, -alpha, ply + 1, cq, base);
            }
        }
        if (e->stopped)
            return 0;
        if (s > best) {
            best = s;
            best_index = index[i];
            if (s > alpha) {
                alpha = s;
                update_pv(e, ply, list[i].code);
                if (s >= beta) {
                    if (!list[i].captured && depth > 0) {
                        /* Steps 6 and 7: remember the quiet move that refuted. */
                        if (e->killers[ply][0] != list[i].code) {
                            e->killers[ply][1] = e->killers[ply][0];
                            e->killers[ply][0] = list[i].code;
                        }
                        {
                            int16_t *h = &e->history[b->stm][list[i].from][list[i].to];
                            int v = *h + depth * depth;
                            *h = (int16_t)(v > 16000 ? 16000 : v);
                            if (v > 16000) { /* age every entry so the largest stays in range */
                                int16_t *all = &e->history[0][0][0];
                                size_t k;
                                for (k = 0; k < sizeof e->history / sizeof all[0]; k++)
                                    all[k] = (int16_t)(all[k] / 2);
                            }
                        }
                    }
                    break;
                }
            }
        }
    }
    if (e->steps & (CK_STEP_TT | CK_STEP_HASHMOVE))
        ar_tt_store(e->tt, key, (ar_score)to_tt(best, ply),
                    best >= beta ? AR_BOUND_LOWER : best > alpha0 ? AR_BOUND_EXACT : AR_BOUND_UPPER,
                    depth < 0 ? 0 : depth, best_index, 1);
    return best;
}

/* ------------------------------------------------------------ the root */

int ar_checkers_quiescence(ck_engine *e, const ck_board *b)
{
    e->stopped = 0;
    e->lim.hard = 0;
    e->lim.nodes = 0;
    e->nkeys = 0;
    e->keys[0] = ck_hash(b);
    return search(e, b, 0, -CK_INF, CK_INF, 0, 0, 0);
}

uint32_t ar_checkers_search(ck_engine *e, const ar_checkers_pos *p, const ck_limits *lim, ck_info *info)
{
    ck_move list[CK_MAX_MOVES];
    unsigned n = ar_checkers_legal(&p->b, list), i;
    int depth, max_depth = lim->depth > 0 && lim->depth < CK_MAX_PLY - 1 ? lim->depth : CK_MAX_PLY - 2;
    int prev = 0, base;
    uint32_t best = n ? list[0].code : CK_NO_MOVE;
    memset(info, 0, sizeof *info);
    e->lim = *lim;
    e->start = ar_now();
    e->nodes = e->db_hits = 0;
    e->stopped = 0;
    ar_tt_new_search(e->tt);
    /* The game's keys since the last irreversible move, then the root. */
    for (i = 0; i < p->nhist; i++)
        e->keys[i] = p->hist[i];
    base = (int)p->nhist;
    e->keys[base] = p->key;
    if (n == 0)
        return CK_NO_MOVE;
    if (n == 1 && !lim->nodes && lim->depth <= 0) { /* nothing to think about */
        info->pv[0] = best;
        info->pvlen = 1;
        info->depth = 1;
        return best;
    }
    for (depth = (e->steps & CK_STEP_ITERATIVE) ? 1 : max_depth; depth <= max_depth; depth++) {
        int s, window = 25, alpha = -CK_INF, beta = CK_INF;
        e->seldepth = 0;
        /* Step 2. Aspiration windows around the last score, widened on failure. */
        if ((e->steps & CK_STEP_ASPIRATION) && depth >= 4 && !CK_IS_WIN(prev)) {
            alpha = prev - window;
            beta = prev + window;
        }
        for (;;) {
            s = search(e, &p->b, depth, alpha, beta, 0, (int)p->quiet, base);
            if (e->stopped)
                break;
            if (s <= alpha && alpha > -CK_INF) {
                window *= 4;
                alpha = s - window < -CK_INF ? -CK_INF : s - window;
            } else if (s >= beta && beta < CK_INF) {
                window *= 4;
                beta = s + window > CK_INF ? CK_INF : s + window;
            } else {
                break;
            }
        }
        if (e->stopped && depth > 1)
            break;
        prev = s;
        if (e->pvlen[0] > 0) {
            best = e->pv[0][0];
            info->pvlen = e->pvlen[0];
            memcpy(info->pv, e->pv[0], sizeof(uint32_t) * (size_t)e->pvlen[0]);
        }
        info->depth = depth;
        info->seldepth = e->seldepth;
        info->score = s;
        info->exact = CK_IS_WIN(s);
        info->nodes = e->nodes;
        info->db_hits = e->db_hits;
        info->seconds = ar_now() - e->start;
        if (e->report)
            e->report(e->report_ctx, info);
        if (e->stopped)
            break;
        if (CK_IS_WIN(s) && depth >= 2 && CK_WIN - (s < 0 ? -s : s) < depth)
            break; /* a proven result no deeper search can change */
        if (lim->soft > 0 && ar_now() - e->start >= lim->soft)
            break;
    }
    info->nodes = e->nodes;
    info->db_hits = e->db_hits;
    info->seconds = ar_now() - e->start;
    return best;
}
