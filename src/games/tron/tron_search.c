/* tron_search.c — the simultaneous-move alpha-beta of the searching Tron
 * bots (voronoi, chambers, alphabeta, chamber-ab), with its evaluation
 * choice and chamber-ab's two additions: a transposition table and free
 * forced moves.
 *
 * Both players choose without seeing the other's choice. The search takes
 * the pessimistic (paranoid) order of the seed README: we choose our move,
 * then the opponent answers as if it had seen it, and the pair is applied
 * jointly — so a move's value is its worst case over the opponent's
 * replies (maximin), and a head-on collision (a draw) is always open to an
 * opponent who is losing. Moves into walls are never searched: a safe move
 * is never worse than an immediate crash. Killer moves per ply order our
 * moves and the replies; iterative deepening reorders the root.
 *
 * chamber-ab also keeps a transposition table: each node's value (as a
 * bound) and best move, keyed by a hash of the trails, the heads, the side
 * and the contempt. In Tron two different move orders never reach the same
 * position (the trail records the path), so the table does not find
 * transpositions; what it gives is the last iteration's best move at every
 * node and, above all, the previous move's search: after a joint move, the
 * new root was searched one ply less deep a move ago, so the first
 * iterations are answered from the table and the clock goes to the deeper
 * ones (`ariadne bench tron-search`: the same depth in 0.56 of the time).
 *
 * Forced moves: chamber-ab counts depth in half plies, and a joint move
 * costs one half ply for each player that had a choice. A player in a
 * corridor has one safe move, so a race along corridors and through gaps
 * (where territory fights are often decided) is searched through at the
 * cost of the moves that branch. Every forced step fills a cell, so the
 * extension always ends (and MAX_PLY bounds it). */
#include "tron_search.h"

#include <string.h>
#include "ariadne/gamesearch.h"
#include "ariadne/hash.h"
#include "ariadne/timer.h"

/* The table (the library's, gamesearch.h) is made at the bot's first
 * search, sized by its thinking time: about a million entries (16 MB) per
 * second, 2^12 to 2^20 entries; 2^18 without a clock (depth=D). Fresh
 * memory costs a page fault per page on first touch — 13 us each on the
 * machine of BENCHMARKS.md — so a table far larger than the searches fill
 * would spend the first moves' time in the kernel. */
static void tt_allocate(tron_bot *s)
{
    size_t want = s->time > 0 ? (size_t)(s->time * 1e6) : (size_t)1 << 18, n = (size_t)1 << 12;
    ar_error err;
    while (n < want && n < (size_t)1 << 20)
        n <<= 1;
    ar_error_clear(&err);
    if (ar_tt_create(n * 16, NULL, &s->tt, &err) != AR_OK)
        s->tt = NULL; /* no memory: search without one */
}

int ar_tron_out_of_time(tron_bot *s)
{
    if (s->stopped)
        return 1;
    if ((s->interrupt && *s->interrupt) || (s->node_limit && s->nodes >= s->node_limit) ||
        (s->deadline > 0 && (s->nodes & s->clock_mask) == 0 && s->clock() >= s->deadline))
        s->stopped = 1;
    return s->stopped;
}

/* Zobrist keys (hash.h): a blocked cell, player p's head on a cell, our
 * move at a min node, the side and the contempt of a search. */
enum { KEY_CELL = 0x7ab0, KEY_HEAD = 0x7ab1, KEY_MOVE = 0x7ab3, KEY_SIDE = 0x7ab4, KEY_CONTEMPT = 0x7ab5 };

/* The key change of player p stepping from cell a to cell c: c becomes a
 * wall and p's head moves from a to c. */
static uint64_t step_key(int p, int a, int c)
{
    return ar_zobrist(KEY_CELL, (uint64_t)c) ^ ar_zobrist(KEY_HEAD + (uint64_t)p, (uint64_t)a) ^
           ar_zobrist(KEY_HEAD + (uint64_t)p, (uint64_t)c);
}

/* The key of a board: every blocked cell and each head (consistent with
 * step_key). */
static uint64_t board_key(const tron_board *b)
{
    uint64_t k = ar_zobrist(KEY_HEAD, (uint64_t)b->head[0]) ^ ar_zobrist(KEY_HEAD + 1, (uint64_t)b->head[1]);
    int i;
    for (i = 0; i < b->n; i++)
        if (b->cell[i])
            k ^= ar_zobrist(KEY_CELL, (uint64_t)i);
    return k;
}

/* Stores a node's value as a bound. Proven wins and losses are not
 * stored (they count plies from the root), nor values beyond the table's
 * 16 bits (regions of more than 3,000 cells). */
static void tt_store(tron_bot *s, uint64_t key, int depth, int value, int bound, int move)
{
    if (s->tt && !s->stopped && value > -32000 && value < 32000)
        ar_tt_store(s->tt, key, (ar_score)value, bound, depth, move ? (unsigned)move : 0xFFFFu, 1);
}

/* The table's entry for key (*e; 0 when none), and whether it settles a node
 * searched to `depth` with window (alpha, beta): then *value is set. */
static int tt_cut(tron_bot *s, uint64_t key, ar_tt_entry *e, int depth, int alpha, int beta, int *value)
{
    if (!s->tt || !ar_tt_probe(s->tt, key, e)) {
        e->move_index = 0;
        return 0;
    }
    if (e->move_index == 0xFFFFu)
        e->move_index = 0;
    if (e->depth < depth)
        return 0;
    if (e->bound == AR_BOUND_EXACT || (e->bound == AR_BOUND_LOWER && e->score >= beta) ||
        (e->bound == AR_BOUND_UPPER && e->score <= alpha)) {
        *value = e->score;
        s->tt_cuts++;
        return 1;
    }
    return 0;
}

/* The wall-hugger's choice: the largest region, then the fewest free
 * neighbours (keep close to walls, leave open space for later). */
int ar_tron_wallhug_move(tron_bot *s, int p, const int *dirs, int n)
{
    int i, best = dirs[0], best_region = -1, best_free = 5;
    for (i = 0; i < n; i++) {
        int counts[2], region, fr;
        tron_step(&s->b, p, dirs[i]);
        region = ar_tron_reach(&s->b, &s->w, p, counts);
        fr = tron_free_neighbours(&s->b, s->b.head[p]);
        tron_unstep(&s->b, p, dirs[i]);
        if (region > best_region || (region == best_region && fr < best_free)) {
            best = dirs[i];
            best_region = region;
            best_free = fr;
        }
    }
    return best;
}

/* ------------------------------------------------ simultaneous alpha-beta */

int ar_tron_evaluate(tron_bot *s)
{
    s->leaf_evals++;
    s->evals++;
    if (s->voronoi || s->kind == K_VORONOI)
        return ar_tron_eval_voronoi(&s->b, &s->w, s->me);
    /* chamber-ab: ar_tron_eval_chambers_tight's values, by the bitboards
     * of tron_biteval.c or (to time them) the older codes */
    if (s->kind == K_CHAMBER_AB)
        return s->evalcode == EVAL_BITS    ? ar_tron_eval_chambers_bits(&s->b, &s->w, s->me)
               : s->evalcode == EVAL_BYTES ? ar_tron_eval_chambers_fast(&s->b, &s->w, s->me)
                                           : ar_tron_eval_chambers_tight(&s->b, &s->w, s->me);
    return ar_tron_eval_chambers(&s->b, &s->w, s->me);
}

static int max_node(tron_bot *s, int depth, int alpha, int beta, int ply);

/* A leaf's value for a search with window (alpha, beta): chamber-ab (not
 * v1) lets its bitboard evaluation settle a value outside the window with
 * one chamber tree (a bound on that side, which is all alpha-beta needs). */
static int leaf_value(tron_bot *s, int alpha, int beta)
{
    if (s->lazy && s->kind == K_CHAMBER_AB && s->evalcode == EVAL_BITS) {
        int v;
        s->leaf_evals++;
        s->evals++;
        v = ar_tron_eval_chambers_window(&s->b, &s->w, s->me, alpha, beta);
        return v;
    }
    return ar_tron_evaluate(s);
}

/* Moves direction k (a killer: it caused a cutoff at this ply before) to the
 * front of dirs, if present. */
static void order_first(int *dirs, int n, int k)
{
    int i;
    for (i = 1; i < n; i++)
        if (dirs[i] == k) {
            dirs[i] = dirs[0];
            dirs[0] = k;
            return;
        }
}

/* Our move m is chosen; the opponent answers (pessimistically, as if it saw
 * m) and the pair is played. Value for us. */
static int min_node(tron_bot *s, int m, int forced, int depth, int alpha, int beta, int ply)
{
    tron_board *b = &s->b;
    int me = s->me, op = 1 - me, dirs[4], n, i, v = INF, target = b->head[me] + b->delta[m], best_o = 0;
    uint64_t key = 0, key_me = 0;
    ar_tt_entry e;
    if (s->tt) { /* keys only for a bot with a table: the others skip the hashing */
        key = s->key ^ ar_zobrist(KEY_MOVE, (uint64_t)m);
        key_me = s->key ^ step_key(me, b->head[me], target);
    }
    if (tt_cut(s, key, &e, depth, alpha, beta, &v))
        return v;
    v = INF;
    n = tron_safe_moves(b, op, dirs);
    if (n == 0)
        return WIN - ply; /* the opponent crashes; we do not (m is safe) */
    order_first(dirs, n, s->reply[ply < MAX_PLY ? ply : MAX_PLY - 1]);
    order_first(dirs, n, (int)e.move_index);
    for (i = 0; i < n; i++) {
        int o = dirs[i], val;
        if (b->head[op] + b->delta[o] == target) {
            val = -s->contempt; /* head-on: both crash, a draw */
        } else {
            uint64_t saved = s->key;
            if (s->tt)
                s->key = key_me ^ step_key(op, b->head[op], b->head[op] + b->delta[o]);
            tron_step(b, me, m);
            tron_step(b, op, o);
            /* depth counts half plies: a joint move costs two, less one
             * for each side that had no choice (chamber-ab's extension:
             * corridors cost little to look through, so they need not
             * cost depth) */
            int left = depth - (s->extend ? 2 - forced - (n == 1) : 2), w = v < beta ? v : beta;
            if (left <= 0 || ply >= MAX_PLY - 2) {
                val = leaf_value(s, alpha, w);
            } else if (s->pvs && i > 0 && alpha + 1 < w) {
                /* a later reply: first only whether it goes below the best
                 * so far (a null window), then its value if it does */
                val = max_node(s, left, w - 1, w, ply + 1);
                if (!s->stopped && val < w && val > alpha)
                    val = max_node(s, left, alpha, w, ply + 1);
            } else {
                val = max_node(s, left, alpha, w, ply + 1);
            }
            tron_unstep(b, op, o);
            tron_unstep(b, me, m);
            s->key = saved;
            if (s->stopped)
                return 0;
        }
        if (val < v) {
            v = val;
            best_o = o;
            if (v <= alpha) {
                s->reply[ply < MAX_PLY ? ply : MAX_PLY - 1] = o;
                break;
            }
        }
    }
    tt_store(s, key, depth, v, v <= alpha ? AR_BOUND_UPPER : v >= beta ? AR_BOUND_LOWER : AR_BOUND_EXACT, best_o);
    return v;
}

static int max_node(tron_bot *s, int depth, int alpha, int beta, int ply)
{
    tron_board *b = &s->b;
    int dirs[4], n, i, best = -INF, best_d = 0;
    ar_tt_entry e;
    s->nodes++;
    if (ar_tron_out_of_time(s))
        return 0;
    if (tt_cut(s, s->key, &e, depth, alpha, beta, &best))
        return best;
    best = -INF;
    n = tron_safe_moves(b, s->me, dirs);
    if (n == 0) {
        int od[4];
        return tron_safe_moves(b, 1 - s->me, od) ? -WIN + ply : -s->contempt;
    }
    order_first(dirs, n, s->killer[ply < MAX_PLY ? ply : MAX_PLY - 1]);
    order_first(dirs, n, (int)e.move_index);
    for (i = 0; i < n; i++) {
        int a = alpha > best ? alpha : best, v;
        if (s->pvs && i > 0 && a + 1 < beta) {
            /* a later move: first only whether it beats the best (a null
             * window), then its value if it does (principal variation search) */
            v = min_node(s, dirs[i], n == 1, depth, a, a + 1, ply);
            if (!s->stopped && v > a && v < beta)
                v = min_node(s, dirs[i], n == 1, depth, a, beta, ply);
        } else {
            v = min_node(s, dirs[i], n == 1, depth, a, beta, ply);
        }
        if (s->stopped)
            return 0;
        if (v > best) {
            best = v;
            best_d = dirs[i];
            if (best >= beta) {
                s->killer[ply < MAX_PLY ? ply : MAX_PLY - 1] = dirs[i];
                break;
            }
        }
    }
    tt_store(s, s->key, depth, best, best <= alpha ? AR_BOUND_UPPER : best >= beta ? AR_BOUND_LOWER : AR_BOUND_EXACT, best_d);
    return best;
}

/* Iterative deepening over our safe moves (dirs, n > 0). */
void ar_tron_alphabeta_root(tron_bot *s, int *dirs, int n, int max_depth, search_result *r)
{
    int depth;
    r->move = ar_tron_wallhug_move(s, s->me, dirs, n); /* in case depth 1 does not finish */
    r->score = 0;
    r->depth = 0;
    r->proven = 0;
    memset(s->killer, 0, sizeof s->killer);
    memset(s->reply, 0, sizeof s->reply);
    if (s->use_tt && !s->tt)
        tt_allocate(s);
    if (s->tt) {
        /* the side and the value of a draw are part of the key: the same
         * position is worth something else to the other player, or with
         * another contempt */
        s->key = board_key(&s->b) ^ ar_zobrist(KEY_SIDE, (uint64_t)s->me) ^
                 ar_zobrist(KEY_CONTEMPT, (uint64_t)(s->contempt + INF));
        ar_tt_new_search(s->tt);
    }
    for (depth = 1; depth <= max_depth; depth++) {
        int i, best = -INF, best_i = -1, lo = -INF, hi = INF, fail_high = 0, fail_value = 0, stop_move = 0;
        int stop_value = 0;
        s->leaf_evals = 0;
        s->tt_cuts = 0;
        /* an aspiration window around the last iteration's score: searched
         * again with the full window when the score falls outside it. A
         * value at or below the window's bottom is only a bound, so such a
         * move never counts as the best; a move above its top goes first in
         * the wider search, and is played if that search is stopped before
         * it has a better one. */
        if (s->aspire && depth > 1 && r->score > -WIN + 1000 && r->score < WIN - 1000) {
            lo = r->score - s->aspire;
            hi = r->score + s->aspire;
        }
        for (;;) {
            best = -INF;
            best_i = -1;
            for (i = 0; i < n; i++) {
                int a = best > lo ? best : lo, v;
                if (s->pvs && i > 0) {
                    v = min_node(s, dirs[i], n == 1, 2 * depth, a, a + 1, 0);
                    if (!s->stopped && v > a && v < hi) {
                        int full = min_node(s, dirs[i], n == 1, 2 * depth, a, hi, 0);
                        if (s->stopped) { /* beats every move before it; value unknown */
                            stop_move = dirs[i];
                            stop_value = v;
                        } else {
                            v = full;
                        }
                    }
                } else {
                    v = min_node(s, dirs[i], n == 1, 2 * depth, a, hi, 0);
                }
                if (s->stopped)
                    break;
                if (v > best && v > lo) {
                    best = v;
                    best_i = i;
                }
                if (best >= hi)
                    break;
            }
            if (s->stopped || (best_i >= 0 && best < hi))
                break;
            if (best_i >= 0) {
                int d = dirs[best_i];
                memmove(dirs + 1, dirs, sizeof(int) * (size_t)best_i);
                dirs[0] = fail_high = d;
                fail_value = best;
            }
            lo = -INF;
            hi = INF;
        }
        /* Stopped: a move that beat every one before it in this iteration
         * (its null window failed high) or the whole window's top, whose
         * search again did not finish, is better than the last iteration's. */
        if (s->stopped && depth > 1 && (stop_move || (fail_high && best_i <= 0))) {
            r->move = stop_move ? stop_move : fail_high;
            r->score = stop_move ? stop_value : fail_value;
            break;
        }
        if (tron_iteration_end(r, dirs, best_i, best, depth, s->stopped))
            break;
        if (best >= WIN - 1000 || best <= -WIN + 1000 || (s->leaf_evals == 0 && s->tt_cuts == 0)) {
            r->proven = 1;
            break;
        }
    }
}
