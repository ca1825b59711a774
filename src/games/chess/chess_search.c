/* chess_search.c — the chess engine's search: alpha-beta specialised to
 * the chess board (its own hot loop, not the game-search library's generic
 * one), written as numbered steps that can each be switched off
 * (CH_STEP_*, the `steps=` option) so that each one's worth can be measured
 * in Elo by self-play:
 *
 *   1. iterative deepening        2. aspiration windows
 *   3. principal-variation search 4. transposition-table cut-offs
 *   5. hash move first            6. captures by MVV-LVA
 *   7. killer moves               8. history heuristic
 *   9. quiescence with stand-pat 10. null move (verified in endgames)
 *  11. check extension
 *
 * plus what every step relies on: draws by repetition and the fifty-move
 * rule inside the tree, mate scores relative to the root, time checks every
 * 1024 nodes. Time management and pondering live in the limits: a search
 * with `infinite` set runs until stopped or until ponderhit replaces its
 * limits (ar_chess_engine_update_limits). */
#include "chess_engine.h"
#include "ariadne/timer.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

const char *const ar_chess_step_names[12] = {NULL,      "iterative", "aspiration", "pvs",
                                             "tt",      "hashmove",  "mvvlva",     "killers",
                                             "history", "qsearch",   "nullmove",   "checkext"};

/* --------------------------------------------------- transposition table
 *
 * An entry is 16 bytes:
 *
 *     bits   0-63   the position's full Zobrist key (so a collision of
 *                   the index never passes for a hit; a full 64-bit
 *                   collision is possible in principle but at 2^-64 per
 *                   probe, and a hash move is still checked for legality)
 *     bits  64-79   best move (ch_move, 0 when none)
 *     bits  80-95   score (int16; mate scores stored relative to this node)
 *     bits  96-103  depth searched (0..255)
 *     bits 104-105  bound: 1 upper (fail low), 2 lower (fail high), 3 exact
 *     bits 106-111  generation (the search that wrote it, mod 64)
 *     bits 112-127  unused (zero)
 *
 * Entries go in buckets of two (32 bytes, half a cache line). Replacement:
 * an entry of the same position is always overwritten; otherwise the entry
 * of the bucket with the lower worth (depth, minus 8 for every generation
 * it is old) gives way. So deep results survive shallow ones within a
 * search, and old searches' entries age out. One thread uses a table. */
typedef struct tt_entry {
    uint64_t key;
    uint16_t move;
    int16_t score;
    uint8_t depth;
    uint8_t bound_gen;
    uint16_t unused;
} tt_entry;

enum { B_UPPER = 1, B_LOWER = 2, B_EXACT = 3 };

struct ch_engine {
    tt_entry *tt;
    size_t tt_buckets; /* a power of two; each bucket is two entries */
    uint8_t generation;
    unsigned steps;
    ch_eval_params params; /* the evaluation's weights (a copy) */
    int16_t history[2][64][64];
    ch_move killers[CH_MAX_PLY][2];
    uint64_t keys[CH_MAX_PLY + AR_CHESS_HISTORY + 8]; /* the game's and the path's keys */
    int nkeys;
    uint64_t nodes;
    int seldepth;
    double start;
    ch_limits lim;
    _Atomic int limits_version, seen_version;
    ch_limits pending;
    atomic_int stop_request;
    const volatile sig_atomic_t *interrupt;
    int stopped;
    ch_move pv[CH_MAX_PLY][CH_MAX_PLY];
    int pvlen[CH_MAX_PLY];
    void (*report)(void *ctx, const ch_info *info);
    void *report_ctx;
};

static size_t tt_bytes_for(size_t mb)
{
    size_t bytes = 32, want = mb * 1024 * 1024;
    while (bytes * 2 <= want)
        bytes *= 2;
    return bytes;
}

void ar_chess_engine_set_hash(ch_engine *e, size_t hash_mb)
{
    size_t bytes = tt_bytes_for(hash_mb ? hash_mb : 1);
    free(e->tt);
    e->tt = calloc(1, bytes);
    if (!e->tt)
        abort();
    e->tt_buckets = bytes / (2 * sizeof(tt_entry));
}

ch_engine *ar_chess_engine_new(size_t hash_mb)
{
    ch_engine *e = calloc(1, sizeof *e);
    if (!e)
        abort();
    ar_chess_tables();
    ar_chess_engine_set_hash(e, hash_mb);
    e->steps = CH_STEP_ALL;
    e->params = *ar_chess_params_default();
    return e;
}

void ar_chess_engine_free(ch_engine *e)
{
    if (!e)
        return;
    free(e->tt);
    free(e);
}

void ar_chess_engine_clear(ch_engine *e)
{
    memset(e->tt, 0, e->tt_buckets * 2 * sizeof(tt_entry));
    memset(e->history, 0, sizeof e->history);
    memset(e->killers, 0, sizeof e->killers);
    e->generation = 0;
}

static int qsearch(ch_engine *e, const ch_board *b, int alpha, int beta, int ply);

void ar_chess_engine_set_steps(ch_engine *e, unsigned steps) { e->steps = steps; }
void ar_chess_engine_set_params(ch_engine *e, const ch_eval_params *p) { e->params = *p; }

int ar_chess_quiescence(ch_engine *e, const ch_board *b)
{
    e->nodes = 0;
    e->stopped = 0;
    memset(&e->lim, 0, sizeof e->lim);
    return qsearch(e, b, -CH_INF, CH_INF, 0);
}
void ar_chess_engine_set_stop(ch_engine *e, const volatile sig_atomic_t *stop) { e->interrupt = stop; }
void ar_chess_engine_request_stop(ch_engine *e) { atomic_store(&e->stop_request, 1); }
void ar_chess_engine_clear_stop(ch_engine *e) { atomic_store(&e->stop_request, 0); }

void ar_chess_engine_set_report(ch_engine *e, void (*report)(void *ctx, const ch_info *info), void *ctx)
{
    e->report = report;
    e->report_ctx = ctx;
}

void ar_chess_engine_update_limits(ch_engine *e, const ch_limits *lim)
{
    e->pending = *lim;
    atomic_fetch_add(&e->limits_version, 1);
}

static tt_entry *tt_probe(ch_engine *e, uint64_t key)
{
    tt_entry *bucket = e->tt + 2 * (key & (e->tt_buckets - 1));
    if (bucket[0].key == key && bucket[0].bound_gen)
        return &bucket[0];
    if (bucket[1].key == key && bucket[1].bound_gen)
        return &bucket[1];
    return NULL;
}

static int entry_worth(const ch_engine *e, const tt_entry *t)
{
    int age = (e->generation - (t->bound_gen >> 2)) & 63;
    return t->bound_gen ? t->depth - 8 * age : -1000;
}

static void tt_store(ch_engine *e, uint64_t key, int depth, int score, int bound, ch_move move, int ply)
{
    tt_entry *bucket = e->tt + 2 * (key & (e->tt_buckets - 1)), *t;
    if (bucket[0].key == key)
        t = &bucket[0];
    else if (bucket[1].key == key)
        t = &bucket[1];
    else
        t = entry_worth(e, &bucket[0]) <= entry_worth(e, &bucket[1]) ? &bucket[0] : &bucket[1];
    if (score > CH_MATE - CH_MAX_PLY)
        score += ply;
    else if (score < -CH_MATE + CH_MAX_PLY)
        score -= ply;
    if (t->key == key && move == CH_MOVE_NONE)
        move = t->move; /* keep the old best move */
    t->key = key;
    t->move = move;
    t->score = (int16_t)score;
    t->depth = (uint8_t)(depth < 0 ? 0 : depth > 255 ? 255 : depth);
    t->bound_gen = (uint8_t)(bound | (e->generation << 2));
    t->unused = 0;
}

static int tt_score(int score, int ply)
{
    if (score > CH_MATE - CH_MAX_PLY)
        return score - ply;
    if (score < -CH_MATE + CH_MAX_PLY)
        return score + ply;
    return score;
}

static int hashfull(const ch_engine *e)
{
    size_t i, n = e->tt_buckets * 2 < 1000 ? e->tt_buckets * 2 : 1000, used = 0;
    for (i = 0; i < n; i++)
        used += e->tt[i].bound_gen && (e->tt[i].bound_gen >> 2) == (e->generation & 63);
    return (int)(used * 1000 / n);
}

/* ------------------------------------------------------------------ time */

static void check_time(ch_engine *e)
{
    double elapsed;
    if (atomic_load(&e->limits_version) != atomic_load(&e->seen_version)) {
        /* ponderhit: the new limits count from now */
        double now = ar_now() - e->start;
        atomic_store(&e->seen_version, atomic_load(&e->limits_version));
        e->lim = e->pending;
        if (e->lim.soft > 0)
            e->lim.soft += now;
        if (e->lim.hard > 0)
            e->lim.hard += now;
    }
    if (atomic_load(&e->stop_request) || (e->interrupt && *e->interrupt)) {
        e->stopped = 1;
        return;
    }
    if (e->lim.nodes && e->nodes >= e->lim.nodes)
        e->stopped = 1;
    if (e->lim.infinite || e->lim.hard <= 0)
        return;
    elapsed = ar_now() - e->start;
    if (elapsed >= e->lim.hard)
        e->stopped = 1;
}

void ar_chess_time_budget(double left, double inc, int movestogo, double overhead, ch_limits *lim)
{
    int moves = movestogo > 0 ? (movestogo < 40 ? movestogo : 40) : 30;
    double usable = left - overhead;
    double soft, hard;
    if (usable < 0.01)
        usable = 0.01;
    soft = usable / moves + inc * 0.75;
    hard = soft * 4;
    if (hard > usable * 0.4)
        hard = usable * 0.4;
    if (soft > hard)
        soft = hard;
    lim->soft = soft * 0.6; /* no new iteration after 60% of the target */
    lim->hard = hard;
}

/* ---------------------------------------------------------------- search */

static int is_repetition(const ch_engine *e, const ch_board *b)
{
    int i, stop = e->nkeys - 1 - b->halfmove;
    if (stop < 0)
        stop = 0;
    for (i = e->nkeys - 3; i >= stop; i -= 2)
        if (e->keys[i] == b->key)
            return 1;
    return 0;
}

static int has_pieces(const ch_board *b, int c)
{
    return (b->pieces[c][CH_KNIGHT] | b->pieces[c][CH_BISHOP] | b->pieces[c][CH_ROOK] |
            b->pieces[c][CH_QUEEN]) != 0;
}

/* Scores of moves for ordering; higher first. */
static void score_moves(const ch_engine *e, const ch_board *b, const ch_move *moves, unsigned n,
                        int *scores, ch_move hash_move, int ply)
{
    unsigned i;
    for (i = 0; i < n; i++) {
        ch_move m = moves[i];
        int victim = b->board[ch_to(m)];
        int s = 0;
        if (m == hash_move && (e->steps & CH_STEP_HASHMOVE)) {
            s = 1 << 30;
        } else if (victim != CH_EMPTY || ch_kind(m) == CH_MOVE_EP || ch_kind(m) == CH_MOVE_PROMO) {
            int vt = victim == CH_EMPTY ? CH_PAWN : victim % 6;
            if (ch_kind(m) == CH_MOVE_PROMO)
                vt = ch_promo_type(m);
            if (e->steps & CH_STEP_MVVLVA)
                s = (1 << 24) + vt * 16 - b->board[ch_from(m)] % 6;
            else
                s = 1 << 24; /* captures first, in generation order */
        } else if ((e->steps & CH_STEP_KILLERS) && m == e->killers[ply][0]) {
            s = (1 << 23) + 2;
        } else if ((e->steps & CH_STEP_KILLERS) && m == e->killers[ply][1]) {
            s = (1 << 23) + 1;
        } else if (e->steps & CH_STEP_HISTORY) {
            s = e->history[b->stm][ch_from(m)][ch_to(m)];
        }
        scores[i] = s;
    }
}

static ch_move pick_next(ch_move *moves, int *scores, unsigned n, unsigned i)
{
    unsigned j, best = i;
    for (j = i + 1; j < n; j++)
        if (scores[j] > scores[best])
            best = j;
    if (best != i) {
        ch_move m = moves[i];
        int s = scores[i];
        moves[i] = moves[best];
        scores[i] = scores[best];
        moves[best] = m;
        scores[best] = s;
    }
    return moves[i];
}

static void count_node(ch_engine *e, int ply)
{
    if ((++e->nodes & 1023) == 0)
        check_time(e);
    if (ply > e->seldepth)
        e->seldepth = ply;
}

/* 9. Quiescence: beyond the horizon only captures and queen promotions are
 * searched, and the side to move may "stand pat" on the static evaluation
 * (it need not capture), so the score of a position is never taken in the
 * middle of an exchange. In check every evasion is searched instead. */
static int qsearch(ch_engine *e, const ch_board *b, int alpha, int beta, int ply)
{
    ch_move moves[CH_MAX_MOVES];
    int scores[CH_MAX_MOVES];
    unsigned n, i;
    int in_check = ch_in_check(b), best, stand;
    count_node(e, ply);
    if (e->stopped)
        return 0;
    if (ply >= CH_MAX_PLY - 1)
        return ar_chess_evaluate(&e->params, b);
    if (in_check) {
        n = ar_chess_legal(b, moves);
        if (n == 0)
            return -CH_MATE + ply;
        best = -CH_INF;
    } else {
        stand = ar_chess_evaluate(&e->params, b);
        if (stand >= beta)
            return stand;
        if (stand > alpha)
            alpha = stand;
        best = stand;
        n = ar_chess_legal_noisy(b, moves);
    }
    score_moves(e, b, moves, n, scores, CH_MOVE_NONE, ply);
    for (i = 0; i < n; i++) {
        ch_move m = pick_next(moves, scores, n, i);
        ch_board child = *b;
        int score;
        ar_chess_make(&child, m);
        score = -qsearch(e, &child, -beta, -alpha, ply + 1);
        if (e->stopped)
            return 0;
        if (score > best) {
            best = score;
            if (score > alpha) {
                alpha = score;
                if (score >= beta)
                    break;
            }
        }
    }
    return best;
}

static int search(ch_engine *e, const ch_board *b, int alpha, int beta, int depth, int ply, int null_ok)
{
    ch_move moves[CH_MAX_MOVES], best_move = CH_MOVE_NONE, hash_move = CH_MOVE_NONE;
    int scores[CH_MAX_MOVES];
    unsigned n, i;
    int in_check, best = -CH_INF, old_alpha = alpha, pv_node = beta - alpha > 1;
    tt_entry *t;
    e->pvlen[ply] = ply;
    if (ply > 0) {
        if (b->halfmove >= 100 || is_repetition(e, b) || ar_chess_insufficient(b))
            return 0;
        /* No line can be shorter than mate here, or longer than being mated. */
        if (alpha < -CH_MATE + ply)
            alpha = -CH_MATE + ply;
        if (beta > CH_MATE - ply - 1)
            beta = CH_MATE - ply - 1;
        if (alpha >= beta)
            return alpha;
    }
    in_check = ch_in_check(b);
    /* 11. Check extension: a check is searched one ply deeper, so that a
     * forcing line is not cut at the horizon while the king is attacked. */
    if (in_check && (e->steps & CH_STEP_CHECKEXT) && ply < CH_MAX_PLY / 2)
        depth++;
    if (depth <= 0 || ply >= CH_MAX_PLY - 1) {
        if (e->steps & CH_STEP_QSEARCH)
            return qsearch(e, b, alpha, beta, ply);
        count_node(e, ply);
        return ar_chess_evaluate(&e->params, b);
    }
    count_node(e, ply);
    if (e->stopped)
        return 0;
    /* 4. Transposition table: a result of this position searched at least
     * as deep answers the node when its bound does (never in PV nodes, so
     * the principal variation stays complete). 5. Its move is tried first. */
    t = (e->steps & (CH_STEP_TT | CH_STEP_HASHMOVE)) ? tt_probe(e, b->key) : NULL;
    if (t) {
        hash_move = t->move;
        if ((e->steps & CH_STEP_TT) && !pv_node && ply > 0 && t->depth >= depth) {
            int s = tt_score(t->score, ply), bound = t->bound_gen & 3;
            if (bound == B_EXACT || (bound == B_LOWER && s >= beta) || (bound == B_UPPER && s <= alpha))
                return s;
        }
    }
    /* 10. Null move: if passing (giving the opponent two moves in a row)
     * still leaves us at or above beta after a reduced search, a real move
     * would too, so the node fails high. Unsound in zugzwang, which is rare
     * with pieces on the board but common in endgames: with at most one
     * minor piece left the fail-high is verified by a reduced normal search. */
    if ((e->steps & CH_STEP_NULLMOVE) && null_ok && !in_check && !pv_node && depth >= 3 &&
        has_pieces(b, b->stm) && ar_chess_evaluate(&e->params, b) >= beta) {
        ch_board child = *b;
        int r = 2 + depth / 4, score;
        ar_chess_make_null(&child);
        e->keys[e->nkeys++] = child.key;
        score = -search(e, &child, -beta, -beta + 1, depth - 1 - r, ply + 1, 0);
        e->nkeys--;
        if (e->stopped)
            return 0;
        if (score >= beta) {
            const uint64_t *p = b->pieces[b->stm];
            int endgame = ch_popcount(p[CH_KNIGHT] | p[CH_BISHOP] | p[CH_ROOK] | p[CH_QUEEN]) <= 1;
            if (score > CH_MATE - CH_MAX_PLY)
                score = beta;
            if (!endgame)
                return score;
            if (search(e, b, beta - 1, beta, depth - 1 - r, ply, 0) >= beta)
                return score;
        }
    }
    n = ar_chess_legal(b, moves);
    if (n == 0)
        return in_check ? -CH_MATE + ply : 0;
    score_moves(e, b, moves, n, scores, hash_move, ply);
    for (i = 0; i < n; i++) {
        ch_move m = pick_next(moves, scores, n, i);
        ch_board child = *b;
        int score;
        ar_chess_make(&child, m);
        e->keys[e->nkeys++] = child.key;
        /* 3. PVS: the first move gets the full window; the others are
         * proved worse with a null window and searched again with the full
         * one only when the proof fails. */
        if (i == 0 || !(e->steps & CH_STEP_PVS)) {
            score = -search(e, &child, -beta, -alpha, depth - 1, ply + 1, 1);
        } else {
            score = -search(e, &child, -alpha - 1, -alpha, depth - 1, ply + 1, 1);
            if (score > alpha && score < beta && !e->stopped)
                score = -search(e, &child, -beta, -alpha, depth - 1, ply + 1, 1);
        }
        e->nkeys--;
        if (e->stopped)
            return 0;
        if (score > best) {
            best = score;
            best_move = m;
            if (score > alpha) {
                int k;
                alpha = score;
                e->pv[ply][ply] = m;
                for (k = ply + 1; k < e->pvlen[ply + 1]; k++)
                    e->pv[ply][k] = e->pv[ply + 1][k];
                e->pvlen[ply] = e->pvlen[ply + 1] > ply + 1 ? e->pvlen[ply + 1] : ply + 1;
                if (score >= beta) {
                    int quiet = b->board[ch_to(m)] == CH_EMPTY && ch_kind(m) == CH_MOVE_NORMAL;
                    if (quiet) {
                        /* 7. Killers: a quiet move that refuted a sibling is
                         * tried early here too. 8. History: quiet moves that
                         * cut off anywhere earn credit by depth squared. */
                        if (e->killers[ply][0] != m) {
                            e->killers[ply][1] = e->killers[ply][0];
                            e->killers[ply][0] = m;
                        }
                        {
                            int16_t *h = &e->history[b->stm][ch_from(m)][ch_to(m)];
                            int v = *h + depth * depth;
                            if (v > 30000) {
                                int c, f, tsq;
                                for (c = 0; c < 2; c++)
                                    for (f = 0; f < 64; f++)
                                        for (tsq = 0; tsq < 64; tsq++)
                                            e->history[c][f][tsq] /= 2;
                                v = *h + depth * depth;
                            }
                            *h = (int16_t)v;
                        }
                    }
                    break;
                }
            }
        }
    }
    if (e->steps & (CH_STEP_TT | CH_STEP_HASHMOVE))
        tt_store(e, b->key, depth, best, best >= beta ? B_LOWER : best > old_alpha ? B_EXACT : B_UPPER,
                 best_move, ply);
    return best;
}

int ar_chess_parse_steps(const char *text, unsigned *steps, ar_error *err)
{
    unsigned s = CH_STEP_ALL;
    const char *p = text;
    while (*p) {
        size_t len = strcspn(p, ",/");
        int off = 0, i, found = 0;
        const char *w = p;
        if (*w == '-') {
            off = 1;
            w++;
            len--;
        }
        if (len == 3 && !strncmp(w, "all", 3)) {
            s = off ? 0 : CH_STEP_ALL;
            found = 1;
        } else if (len == 4 && !strncmp(w, "none", 4)) {
            s = 0;
            found = 1;
        }
        for (i = 1; i < 12 && !found; i++)
            if (strlen(ar_chess_step_names[i]) == len && !strncmp(w, ar_chess_step_names[i], len)) {
                if (off)
                    s &= ~(1u << i);
                else
                    s |= 1u << i;
                found = 1;
            }
        if (!found)
            return ar_error_set(err, AR_ERR_INPUT,
                                "steps: unknown step '%.*s' (iterative, aspiration, pvs, tt, hashmove, "
                                "mvvlva, killers, history, qsearch, nullmove, checkext, all, none)",
                                (int)(len > 20 ? 20 : len), w);
        p += (w - p) + len;
        if (*p == ',' || *p == '/')
            p++;
    }
    *steps = s;
    return AR_OK;
}

static void fill_info(ch_engine *e, ch_info *info, int depth, int score)
{
    int k;
    info->depth = depth;
    info->seldepth = e->seldepth;
    info->score = score;
    info->nodes = e->nodes;
    info->seconds = ar_now() - e->start;
    info->hashfull = hashfull(e);
    info->pvlen = e->pvlen[0];
    for (k = 0; k < info->pvlen; k++)
        info->pv[k] = e->pv[0][k];
}

ch_move ar_chess_search(ch_engine *e, const ar_chess_pos *p, const ch_limits *lim, ch_info *info,
                        ch_move *ponder)
{
    ch_move moves[CH_MAX_MOVES], best = CH_MOVE_NONE;
    unsigned n, i;
    int depth, max_depth, score = 0, prev = 0;
    ch_info local;
    if (!info)
        info = &local;
    memset(info, 0, sizeof *info);
    if (ponder)
        *ponder = CH_MOVE_NONE;
    e->start = ar_now();
    e->lim = *lim;
    atomic_store(&e->seen_version, atomic_load(&e->limits_version));
    e->stopped = 0; /* stop_request is the caller's: cleared only by ar_chess_engine_clear_stop */
    e->nodes = 0;
    e->seldepth = 0;
    e->generation = (uint8_t)((e->generation + 1) & 63);
    e->nkeys = 0;
    for (i = 0; i < p->nhist; i++)
        e->keys[e->nkeys++] = p->hist[i];
    e->keys[e->nkeys++] = p->b.key;
    memset(e->killers, 0, sizeof e->killers);
    n = ar_chess_legal(&p->b, moves);
    if (n == 0)
        return CH_MOVE_NONE;
    best = moves[0];
    max_depth = lim->depth > 0 && lim->depth < CH_MAX_PLY - 8 ? lim->depth : CH_MAX_PLY - 8;
    /* 1. Iterative deepening: search depth 1, 2, 3, ... so that a search
     * stopped by the clock has the best move of the last completed depth,
     * and each iteration's table and killers order the next one. Off: one
     * search at the depth limit (5 when only a time limit is given). */
    depth = (e->steps & CH_STEP_ITERATIVE) ? 1 : (lim->depth > 0 ? max_depth : 5);
    for (; depth <= max_depth; depth++) {
        int alpha = -CH_INF, beta = CH_INF, delta = 25;
        /* 2. Aspiration window: from depth 5 the search expects a score
         * near the last one and widens the window only when it falls out. */
        if ((e->steps & CH_STEP_ASPIRATION) && depth >= 5 && prev > -CH_MATE + CH_MAX_PLY &&
            prev < CH_MATE - CH_MAX_PLY) {
            alpha = prev - delta;
            beta = prev + delta;
        }
        for (;;) {
            score = search(e, &p->b, alpha, beta, depth, 0, 0);
            if (e->stopped)
                break;
            if (score <= alpha) {
                beta = (alpha + beta) / 2;
                alpha = score - delta < -CH_INF ? -CH_INF : score - delta;
                delta *= 2;
            } else if (score >= beta) {
                beta = score + delta > CH_INF ? CH_INF : score + delta;
                delta *= 2;
            } else {
                break;
            }
            if (delta > 1000) {
                alpha = -CH_INF;
                beta = CH_INF;
            }
        }
        if (e->stopped && depth > 1)
            break;
        if (e->pvlen[0] > 0)
            best = e->pv[0][0];
        prev = score;
        fill_info(e, info, depth, score);
        if (ponder)
            *ponder = info->pvlen > 1 ? info->pv[1] : CH_MOVE_NONE;
        if (e->report)
            e->report(e->report_ctx, info);
        if (e->stopped || !(e->steps & CH_STEP_ITERATIVE))
            break;
        if (!e->lim.infinite && e->lim.soft > 0 && ar_now() - e->start >= e->lim.soft)
            break;
        if (score > CH_MATE - CH_MAX_PLY && CH_MATE - score <= depth && !e->lim.infinite)
            break; /* a mate found within the full-width depth */
        check_time(e);
        if (e->stopped)
            break;
    }
    info->nodes = e->nodes;
    info->seconds = ar_now() - e->start;
    return best;
}

/* Positions of the bench: the start, the Chess Programming Wiki's perft
 * positions 2-6, and middlegames and endgames of both colours. */
static const char *const bench_fens[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
    "2r3k1/5pp1/p3p2p/1p1qP3/3P4/1P3Q1P/P4PP1/2R3K1 b - - 0 28",
    "8/8/4k3/3p4/3P4/4K3/8/8 w - - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    NULL};

uint64_t ar_chess_bench_nodes(int depth, double *seconds)
{
    ch_engine *e = ar_chess_engine_new(16);
    ch_limits lim;
    uint64_t total = 0;
    double start = ar_now();
    unsigned i;
    memset(&lim, 0, sizeof lim);
    lim.depth = depth;
    for (i = 0; bench_fens[i]; i++) {
        ar_chess_pos p;
        ch_info info;
        memset(&p, 0, sizeof p);
        ar_chess_parse_fen(bench_fens[i], strlen(bench_fens[i]), &p.b, NULL, NULL);
        ar_chess_engine_clear(e);
        ar_chess_search(e, &p, &lim, &info, NULL);
        total += info.nodes;
    }
    if (seconds)
        *seconds = ar_now() - start;
    ar_chess_engine_free(e);
    return total;
}
