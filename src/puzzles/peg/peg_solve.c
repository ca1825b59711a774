/* peg_solve.c — the peg-solitaire solvers.
 *
 * "dfs": one peg left (or one in the finish hole), fast, moves not fewest.
 * A table of solvable end-game positions is built backwards from the goal;
 * a beam (breadth-first, keeping the positions of least scatter at each peg
 * count) looks for one of them first, and usually finds it. Beside it, and
 * complete: depth-first search over single jumps, remembering every position
 * proven dead (up to the symmetries that keep the goal), so no position is
 * searched twice; jump orders (greedy by scatter, the reading order, centre
 * first) take turns under doubling budgets, sharing the dead positions; and
 * for a single-vacancy start the dual game from each finish takes turns
 * too. The jumps found are grouped into moves (consecutive jumps of one
 * peg). The English central game and every French start to any hole or to
 * any finish the rule of three allows: a few hundredths of a second of CPU
 * (BENCHMARKS.md).
 *
 * "moves": fewest moves, proven. Breadth-first search by moves over positions
 * up to symmetry (peg_count.c): every position reachable in k moves is listed
 * before any in k + 1, so the first level holding a goal is the minimum, and
 * a solution of that length is traced back through the levels. On the English
 * central game it proves 18 (Bergholt's count; Beasley's proof). */
#include "peg_internal.h"
#include "ariadne/run.h"
#include "ariadne/search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BIT(h) ((uint64_t)1 << (h))

/* --- dfs ----------------------------------------------------------------- */

typedef struct jump { uint64_t from, over, to; unsigned char f, t; } jump;

typedef struct dfs {
    const ar_instance *in;
    ar_run *run;
    jump jumps[PEG_MAX_HOLES * 4];
    unsigned njumps, nsym;
    unsigned char syms[PEG_MAX_SYM];
    uint64_t *dead; /* open addressing set of canonical dead positions; 0 = free */
    size_t cap, count;
    unsigned path[PEG_MAX_HOLES];
    ar_error *err;
    int failed;
    uint64_t budget_end;   /* expansions at which this try gives up */
    jump orders[2][PEG_MAX_HOLES * 4]; /* the board's order, and centre first */
    /* the end game (below): canonical positions of at most near_pegs pegs
     * that can still be solved; 0 = free */
    uint64_t *near;
    size_t near_cap, near_count;
    unsigned near_pegs;
    int greedy;            /* order the jumps of each position by the score of where they lead */
    uint64_t nb[PEG_MAX_HOLES]; /* each hole's orthogonal neighbours */
    uint64_t hit;          /* the position where the search met the end game */
    unsigned hit_depth;
} dfs;

static size_t slot_of(uint64_t key, size_t mask)
{
    key ^= key >> 31;
    key *= 0x9E3779B97F4A7C15ull;
    return (size_t)(key >> 20) & mask;
}

/* Open-addressing sets of positions (0 is never a key: a position has pegs). */
static int set_has(const uint64_t *tab, size_t cap, uint64_t key)
{
    size_t i = slot_of(key, cap - 1);
    while (tab[i]) {
        if (tab[i] == key)
            return 1;
        i = (i + 1) & (cap - 1);
    }
    return 0;
}

/* Adds key (1 added, 0 there already, -1 no memory: err filled). */
static int set_add(ar_mem *mem, uint64_t **tab, size_t *cap, size_t *count, uint64_t key, const char *what,
                   ar_error *err)
{
    size_t i;
    if (set_has(*tab, *cap, key))
        return 0;
    if ((*count + 1) * 4 > *cap * 3) {
        size_t old = *cap, k;
        uint64_t *was = *tab, *now = ar_mem_alloc(mem, old * 2 * 8, 1, what, err);
        if (!now)
            return -1;
        *tab = now, *cap = old * 2;
        for (k = 0; k < old; k++)
            if (was[k]) {
                i = slot_of(was[k], *cap - 1);
                while (now[i])
                    i = (i + 1) & (*cap - 1);
                now[i] = was[k];
            }
        ar_mem_free(mem, was, old * 8);
    }
    i = slot_of(key, *cap - 1);
    while ((*tab)[i])
        i = (i + 1) & (*cap - 1);
    (*tab)[i] = key;
    (*count)++;
    return 1;
}

static int dead_has(const dfs *S, uint64_t key) { return set_has(S->dead, S->cap, key); }

static void dead_add(dfs *S, uint64_t key)
{
    if (set_add(&S->run->mem, &S->dead, &S->cap, &S->count, key, "the dead-position table", S->err) < 0)
        S->failed = 1;
}

/* The end game. Before the depth-first search, a breadth-first search
 * backwards from the goal (un-jumping: a peg at t with holes at o and f
 * becomes pegs at f and o) lists every position of 1, 2, ... pegs that can
 * still reach the goal, up to the symmetries the search uses, level by level
 * while the next level fits in NEAR_MAX positions. The forward search then
 * stops at near_pegs pegs: a position listed there is solved, any other is
 * dead: the last jumps cost one lookup instead of a search of positions
 * that are almost solved (on its own this saves little on the French board,
 * whose dead ends are in the middle game), and it is what the beam below
 * aims at: a few hundred positions kept per peg count meet it. The goal
 * is one peg at the finish hole, or (finish "any") one peg at any hole in
 * the start's class of the rule of three: no other single peg is reachable,
 * so the listed positions are exactly the solvable ones. */
#define NEAR_MAX ((size_t)1 << 18)

static ar_status build_end_game(dfs *S)
{
    const peg_board *b = &S->in->b;
    unsigned start_pegs = (unsigned)__builtin_popcountll(S->in->start), h, k, level;
    size_t cap = 1024, n = 0, from, to;
    uint64_t *list = ar_mem_alloc(&S->run->mem, cap * 8, 0, "the end-game list", S->err);
    if (!list)
        return AR_ERR_MEMORY;
    S->near_cap = 1024;
    if (!(S->near = ar_mem_alloc(&S->run->mem, S->near_cap * 8, 1, "the end-game table", S->err))) {
        ar_mem_free(&S->run->mem, list, cap * 8);
        return AR_ERR_MEMORY;
    }
    for (h = 0; h < b->holes; h++)
        if (S->in->finish >= 0 ? (int)h == S->in->finish
                               : ar_peg_class(b, BIT(h)) == ar_peg_class(b, S->in->start)) {
            uint64_t c = ar_peg_canon(b, S->syms, S->nsym, BIT(h));
            if (set_add(&S->run->mem, &S->near, &S->near_cap, &S->near_count, c, "the end-game table", S->err) > 0)
                list[n++] = c; /* at most 64 */
        }
    S->near_pegs = 1;
    from = 0, to = n;
    for (level = 2; level < start_pegs && to > from; level++) {
        size_t prev = to - from, i;
        /* the next level, by the growth of the last, must fit */
        if (level > 2 && S->near_count + prev * (prev / (from ? from : 1) + 3) > NEAR_MAX)
            break;
        for (i = from; i < to; i++) {
            uint64_t q = list[i];
            for (k = 0; k < S->njumps; k++) {
                const jump *j = &S->jumps[k];
                uint64_t p;
                int added;
                if (!(q & j->to) || (q & j->over) || (q & j->from))
                    continue;
                p = ar_peg_canon(b, S->syms, S->nsym, q ^ j->from ^ j->over ^ j->to);
                added = set_add(&S->run->mem, &S->near, &S->near_cap, &S->near_count, p, "the end-game table", S->err);
                if (added < 0)
                    goto out; /* the last level is incomplete: near_pegs stays at the one before */
                if (added) {
                    if (n == cap) {
                        uint64_t *more = ar_mem_realloc(&S->run->mem, list, cap * 8, cap * 16, "the end-game list", S->err);
                        if (!more)
                            goto out;
                        list = more, cap *= 2;
                    }
                    list[n++] = p;
                }
            }
        }
        S->near_pegs = level;
        from = to, to = n;
    }
out:
    ar_error_clear(S->err);
    ar_mem_free(&S->run->mem, list, cap * 8);
    return AR_OK;
}

/* The score by which the greedy orders rank a position: for each peg its
 * empty or missing neighbours, plus `greedy` for a peg with none beside it
 * (it can neither jump nor be jumped until another comes). Low first: the
 * pegs kept in clumps stay able to clear each other. The weight matters in
 * ways no rule predicts (with 4 the French d2 and d3 starts take a tenth
 * of the time they take with 6, c1 the other way round), so the tries take
 * turns with 4 and 5 (peg_dfs). */
static unsigned scatter(const dfs *S, uint64_t pos)
{
    unsigned n = 0;
    uint64_t p = pos;
    while (p) {
        unsigned h = (unsigned)__builtin_ctzll(p), beside;
        p &= p - 1;
        beside = (unsigned)__builtin_popcountll(pos & S->nb[h]);
        n += 4 - beside + (beside ? 0 : (unsigned)S->greedy);
    }
    return n;
}

/* 1: solved (path[0..depth) holds the jumps), 0: dead, -1: stopped, -2:
 * over this try's budget (nothing is marked dead then). */
static int dfs_search(dfs *S, uint64_t pos, unsigned depth)
{
    unsigned k;
    uint64_t key;
    if (S->near && (unsigned)__builtin_popcountll(pos) <= S->near_pegs) {
        if (!set_has(S->near, S->near_cap, ar_peg_canon(&S->in->b, S->syms, S->nsym, pos)))
            return 0;
        S->hit = pos, S->hit_depth = depth;
        return 1;
    }
    if (ar_peg_is_goal(S->in, pos))
        return 1;
    if (!(pos & (pos - 1)))
        return 0;
    key = ar_peg_canon(&S->in->b, S->syms, S->nsym, pos);
    if (dead_has(S, key))
        return 0;
    S->run->res->expanded++;
    if (ar_run_should_stop(S->run))
        return -1;
    if (S->run->res->expanded >= S->budget_end)
        return -2;
    if (S->greedy) {
        unsigned idx[PEG_MAX_HOLES * 4], score[PEG_MAX_HOLES * 4], n = 0, i;
        for (k = 0; k < S->njumps; k++) {
            const jump *j = &S->jumps[k];
            unsigned sc;
            if (!(pos & j->from) || !(pos & j->over) || (pos & j->to))
                continue;
            sc = scatter(S, pos ^ j->from ^ j->over ^ j->to);
            for (i = n; i > 0 && score[i - 1] > sc; i--)
                idx[i] = idx[i - 1], score[i] = score[i - 1];
            idx[i] = k, score[i] = sc, n++;
        }
        for (i = 0; i < n; i++) {
            const jump *j = &S->jumps[idx[i]];
            int r;
            S->run->res->generated++;
            S->path[depth] = idx[i];
            r = dfs_search(S, pos ^ j->from ^ j->over ^ j->to, depth + 1);
            if (r)
                return r;
        }
    } else
        for (k = 0; k < S->njumps; k++) {
            const jump *j = &S->jumps[k];
            int r;
            if (!(pos & j->from) || !(pos & j->over) || (pos & j->to))
                continue;
            S->run->res->generated++;
            S->path[depth] = k;
            r = dfs_search(S, pos ^ j->from ^ j->over ^ j->to, depth + 1);
            if (r)
                return r;
        }
    dead_add(S, key);
    return S->failed ? -1 : 0;
}

/* The beam. Peg solitaire has dead ends in the middle game that a
 * depth-first search, whatever its jump order, can spend minutes in (French
 * c1 -> e1: 43-57 s), while solutions are plentiful: a breadth-first search
 * that keeps at each peg count only the `width` positions of least scatter
 * (clumped pegs can still clear each other) reaches a position of the end
 * game on every French problem with any width tried from 30 to 20,000
 * (0.03-1.3 s; docs/puzzles/peg.md). It proves nothing when it fails, so
 * it only takes turns beside the complete depth-first search (peg_dfs),
 * with widths that double as that search's budgets do. Each kept position
 * remembers its parent and jump, so a hit is traced back into path[]. */
typedef struct beam_node { uint64_t pos; uint32_t parent; uint16_t jump, score; } beam_node;

#define BEAM_MAX_WIDTH ((size_t)1 << 16)
#define BEAM_FANOUT 16 /* candidates kept per position kept, at most */
#define BEAM_SCORES 1024
#define BEAM_FIRST ((size_t)512)

/* 1: solved (path[], hit and hit_depth set), -1: stopped, -2: not found
 * (or no memory for it: the depth-first search goes on without it). */
static int beam_search(dfs *S, size_t width)
{
    const peg_board *b = &S->in->b;
    ar_mem *mem = &S->run->mem;
    unsigned start_pegs = (unsigned)__builtin_popcountll(S->in->start), L, nl = 0, k;
    beam_node *lv[PEG_MAX_HOLES + 1], *cand;
    size_t nlv[PEG_MAX_HOLES + 1], bytes[PEG_MAX_HOLES + 1], candcap = width * BEAM_FANOUT, setcap = 1, i, nc;
    uint64_t *seen;
    unsigned hist[BEAM_SCORES];
    int r = -2;
    if (!S->near || start_pegs <= S->near_pegs)
        return -2;
    while (setcap < candcap * 2)
        setcap <<= 1;
    cand = ar_mem_alloc(mem, candcap * sizeof *cand, 0, "the beam", S->err);
    seen = cand ? ar_mem_alloc(mem, setcap * 8, 0, "the beam", S->err) : NULL;
    lv[0] = seen ? ar_mem_alloc(mem, sizeof *lv[0], 0, "the beam", S->err) : NULL;
    if (!lv[0]) {
        if (seen)
            ar_mem_free(mem, seen, setcap * 8);
        if (cand)
            ar_mem_free(mem, cand, candcap * sizeof *cand);
        ar_error_clear(S->err);
        return -2; /* the depth-first search goes on without it */
    }
    lv[0]->pos = S->in->start;
    nlv[0] = 1, bytes[0] = sizeof *lv[0], nl = 1;
    for (L = 0; r == -2; L++) {
        size_t take, t, acc;
        unsigned thr;
        memset(seen, 0, setcap * 8);
        memset(hist, 0, sizeof hist);
        nc = 0;
        for (i = 0; i < nlv[L] && r == -2; i++) {
            uint64_t pos = lv[L][i].pos;
            for (k = 0; k < S->njumps; k++) {
                const jump *j = &S->jumps[k];
                uint64_t q, key;
                size_t s;
                unsigned sc;
                if (!(pos & j->from) || !(pos & j->over) || (pos & j->to))
                    continue;
                S->run->res->generated++;
                q = pos ^ j->from ^ j->over ^ j->to;
                key = ar_peg_canon(b, S->syms, S->nsym, q);
                if ((unsigned)__builtin_popcountll(q) <= S->near_pegs) {
                    if (!set_has(S->near, S->near_cap, key))
                        continue; /* not listed: dead */
                    S->path[L] = k, S->hit = q, S->hit_depth = L + 1;
                    for (t = i; L > 0; L--) { /* L is not used again */
                        S->path[L - 1] = lv[L][t].jump;
                        t = lv[L][t].parent;
                    }
                    r = 1;
                    break;
                }
                if (nc == candcap || dead_has(S, key))
                    continue;
                s = slot_of(key, setcap - 1);
                while (seen[s] && seen[s] != key)
                    s = (s + 1) & (setcap - 1);
                if (seen[s])
                    continue;
                seen[s] = key;
                sc = scatter(S, q);
                sc = sc < BEAM_SCORES ? sc : BEAM_SCORES - 1;
                cand[nc].pos = q, cand[nc].parent = (uint32_t)i, cand[nc].jump = (uint16_t)k;
                cand[nc].score = (uint16_t)sc;
                hist[sc]++, nc++;
            }
        }
        if (r != -2)
            break;
        S->run->res->expanded += nlv[L];
        if (nc == 0)
            break; /* every line ran into a dead end */
        if (ar_run_should_stop(S->run)) {
            r = -1;
            break;
        }
        /* the least scores: all below thr, then those at thr in the order met */
        for (thr = 0, acc = 0; thr < BEAM_SCORES && acc + hist[thr] <= width; thr++)
            acc += hist[thr];
        take = nc < width ? nc : width;
        bytes[L + 1] = take * sizeof *lv[L + 1];
        if (!(lv[L + 1] = ar_mem_alloc(mem, bytes[L + 1], 0, "the beam", S->err))) {
            ar_error_clear(S->err);
            break;
        }
        nl = L + 2;
        for (i = 0, t = 0; i < nc && t < take; i++)
            if (cand[i].score < thr || (cand[i].score == thr && acc < width && ++acc))
                lv[L + 1][t++] = cand[i];
        nlv[L + 1] = t;
    }
    for (L = 0; L < nl; L++)
        ar_mem_free(mem, lv[L], bytes[L]);
    ar_mem_free(mem, seen, setcap * 8);
    ar_mem_free(mem, cand, candcap * sizeof *cand);
    return r;
}

/* Groups jumps into moves: a jump starting where the last one landed
 * continues the same peg's chain. */
static unsigned to_moves(const dfs *S, unsigned jumps, ar_move *moves)
{
    const peg_board *b = &S->in->b;
    unsigned char dirs[PEG_MAX_CHAIN];
    unsigned i = 0, n = 0;
    while (i < jumps) {
        const jump *j = &S->jumps[S->path[i]];
        unsigned start = j->f, len = 0, at = j->f, d;
        while (i < jumps && len < PEG_MAX_CHAIN && S->jumps[S->path[i]].f == at) {
            j = &S->jumps[S->path[i]];
            for (d = 0; d < 4; d++)
                if (b->to[at][d] == j->t)
                    dirs[len] = (unsigned char)d;
            len++, at = j->t, i++;
        }
        moves[n++] = ar_peg_pack(start, dirs, len);
    }
    return n;
}

/* Jumps into holes near the centre of the board first (a stable insertion
 * sort by the landing hole's distance from the centre): pegs gathered in the
 * middle stay able to jump each other, and the search meets a solution
 * sooner. */
static unsigned centre_distance(const peg_board *b, unsigned h)
{
    int dr = 2 * b->row[h] - ((int)b->rows - 1), dc = 2 * b->col[h] - ((int)b->cols - 1);
    return (unsigned)(dr * dr + dc * dc);
}

static void order_jumps(dfs *S)
{
    unsigned i, k;
    for (i = 1; i < S->njumps; i++) {
        jump j = S->jumps[i];
        unsigned d = centre_distance(&S->in->b, j.t);
        for (k = i; k > 0 && centre_distance(&S->in->b, S->jumps[k - 1].t) > d; k--)
            S->jumps[k] = S->jumps[k - 1];
        S->jumps[k] = j;
    }
}

/* Prepares S for the search of in: jumps, orders, symmetries, tables. */
static ar_status dfs_setup(dfs *S, const ar_instance *in, ar_run *run, ar_error *err)
{
    unsigned h, d;
    S->in = in, S->run = run, S->err = err;
    for (h = 0; h < in->b.holes; h++)
        for (d = 0; d < 4; d++)
            if (in->b.to[h][d] >= 0) {
                jump *j = &S->jumps[S->njumps++];
                j->f = (unsigned char)h, j->t = (unsigned char)in->b.to[h][d];
                j->from = BIT(h), j->over = BIT(in->b.over[h][d]), j->to = BIT(j->t);
            }
    for (h = 0; h < in->b.holes; h++)
        for (d = 0; d < 4; d++)
            if (in->b.over[h][d] >= 0)
                S->nb[h] |= BIT(in->b.over[h][d]);
    memcpy(S->orders[0], S->jumps, sizeof S->jumps);
    order_jumps(S);
    memcpy(S->orders[1], S->jumps, sizeof S->jumps);
    S->nsym = ar_peg_stabiliser(&in->b, 0, in->finish, S->syms);
    S->cap = 1024;
    if (!(S->dead = ar_mem_alloc(&run->mem, S->cap * 8, 1, "the dead-position table", err)))
        return AR_ERR_MEMORY;
    return build_end_game(S);
}

static void dfs_free(dfs *S)
{
    if (S->dead)
        ar_mem_free(&S->run->mem, S->dead, S->cap * 8);
    if (S->near)
        ar_mem_free(&S->run->mem, S->near, S->near_cap * 8);
}

/* Completes path[] after the search met the end game: down through the
 * listed positions (each listed one of k pegs has a jump to one of k - 1). */
static void end_game_path(dfs *S)
{
    uint64_t pos = S->hit;
    unsigned depth = S->hit_depth, k;
    while (S->near && (pos & (pos - 1)))
        for (k = 0; k < S->njumps; k++) {
            const jump *j = &S->jumps[k];
            uint64_t q = pos ^ j->from ^ j->over ^ j->to;
            if ((pos & j->from) && (pos & j->over) && !(pos & j->to) &&
                set_has(S->near, S->near_cap, ar_peg_canon(&S->in->b, S->syms, S->nsym, q))) {
                S->path[depth++] = k, pos = q;
                break;
            }
        }
}

/* The dual game. Un-jumping a position is jumping its complement (pegs for
 * holes), so a way from one vacancy at s to one peg at f, read backwards and
 * complemented, is a way from one vacancy at f to one peg at s. The two
 * searches meet different dead ends (French c1 -> e7: 2.6 s forwards, 0.7 s
 * with the dual e7 -> c1 taking turns), so for a single-vacancy start
 * the dual of each possible finish is searched too, all taking turns under
 * the same budgets; the first to finish wins, and only the direct search's
 * exhaustion proves there is no solution. */
typedef struct dual { ar_instance in; dfs S; } dual;

/* Writes into direct->path the jumps of the dual solution read backwards. */
static void from_dual(dfs *direct, const dfs *D)
{
    uint64_t all = direct->in->b.holes == 64 ? ~(uint64_t)0 : BIT(direct->in->b.holes) - 1, pos[PEG_MAX_HOLES + 1];
    unsigned n = (unsigned)__builtin_popcountll(direct->in->start) - 1, i, k;
    pos[0] = D->in->start;
    for (i = 0; i < n; i++) {
        const jump *j = &D->jumps[D->path[i]];
        pos[i + 1] = pos[i] ^ j->from ^ j->over ^ j->to;
    }
    for (i = 0; i < n; i++) { /* original position i is the complement of dual position n - i */
        uint64_t p = all ^ pos[n - i], q = all ^ pos[n - i - 1];
        for (k = 0; k < direct->njumps; k++) {
            const jump *j = &direct->jumps[k];
            if ((p & j->from) && (p & j->over) && !(p & j->to) && (p ^ j->from ^ j->over ^ j->to) == q)
                break;
        }
        direct->path[i] = k;
    }
}

static ar_status peg_dfs(ar_instance *in, const ar_search_options *opts, const ar_move_sink *sink,
                         ar_result *result, ar_error *err)
{
    dfs *S = calloc(1, sizeof *S);
    dual *duals = NULL;
    ar_run run;
    unsigned n, nd = 0, h, i, winner = 0;
    uint64_t all;
    int r = -2, failed = 0;
    size_t width = 0; /* the beam's width, when it solved */
    ar_status st = AR_OK;
    (void)sink;
    ar_run_begin(&run, opts, result);
    run.phase = "depth-first";
    all = in->b.holes == 64 ? ~(uint64_t)0 : BIT(in->b.holes) - 1;
    if (!S || !(duals = calloc(8, sizeof *duals))) {
        st = ar_error_set(err, AR_ERR_MEMORY, "out of memory");
        goto out;
    }
    st = dfs_setup(S, in, &run, err);
    /* a first beam before the dual games are set up: it alone usually solves */
    if (st == AR_OK && !in->no_beam) {
        S->greedy = 4;
        if ((r = beam_search(S, BEAM_FIRST)) == 1)
            width = BEAM_FIRST;
    }
    if (st == AR_OK && r == -2 && (unsigned)__builtin_popcountll(in->start) + 1 == in->b.holes && in->b.holes > 2)
        for (h = 0; h < in->b.holes && nd < 8 && st == AR_OK; h++)
            if (in->finish >= 0 ? (int)h == in->finish
                                : ar_peg_class(&in->b, BIT(h)) == ar_peg_class(&in->b, in->start)) {
                dual *D = &duals[nd++];
                D->in = *in;
                D->in.start = all ^ BIT(h);
                D->in.finish = __builtin_ctzll(all ^ in->start);
                st = dfs_setup(&D->S, &D->in, &run, err);
            }
    /* Rounds: every live search gets the same budget, doubling every fourth
     * round; the jump order changes each round (greedy by scatter with two
     * weights, the reading order, centre first). Dead positions carry over
     * (dead is dead in any order), so no work is lost and each search stays
     * complete. Every fourth round a beam twice as wide as the last goes
     * first (up to BEAM_MAX_WIDTH): width times the peg counts it passes,
     * about a third of the four rounds' depth-first budgets, so a problem
     * the beam cannot solve costs about a third more (an estimate). */
    if (st == AR_OK && r == -2) {
        static const int greedy[4] = {4, 0, 5, 0};
        unsigned t, live = 1u | ((1u << nd) - 1) << 1;
        for (t = 0; r == -2; t++) {
            uint64_t budget = t / 4 < 40 ? (uint64_t)20000 << (t / 4) : UINT64_MAX;
            size_t w = t / 4 < 16 ? BEAM_FIRST << (t / 4) : 0;
            for (i = 0; i <= nd && r == -2; i++) {
                dfs *T = i ? &duals[i - 1].S : S;
                int ri;
                if (!(live >> i & 1))
                    continue;
                memcpy(T->jumps, T->orders[t % 4 == 3], sizeof T->jumps);
                if (t % 4 == 0 && (t || i) && !in->no_beam && w && w <= BEAM_MAX_WIDTH) {
                    T->greedy = 4;
                    if ((ri = beam_search(T, w)) != -2) {
                        r = ri, winner = i, width = w;
                        break;
                    }
                }
                T->greedy = greedy[t % 4];
                T->budget_end = budget > UINT64_MAX - run.res->expanded ? UINT64_MAX : run.res->expanded + budget;
                ri = dfs_search(T, T->in->start, 0);
                failed |= T->failed;
                if (ri == 1 || ri == -1 || (ri == 0 && i == 0))
                    r = ri, winner = i;
                else if (ri == 0)
                    live &= ~(1u << i); /* that finish is impossible */
            }
        }
    }
    if (r == 1) {
        ar_move moves[PEG_MAX_HOLES];
        unsigned jumps = (unsigned)__builtin_popcountll(in->start) - 1;
        if (winner) {
            end_game_path(&duals[winner - 1].S);
            from_dual(S, &duals[winner - 1].S);
        } else {
            end_game_path(S);
        }
        n = to_moves(S, jumps, moves);
        st = ar_run_set_solution(&run, moves, n, n, err);
        char how[48] = "depth-first search";
        if (width)
            snprintf(how, sizeof how, "a beam of width %zu", width);
        snprintf(result->note, sizeof result->note,
                 "one peg left in %u jumps grouped into %u moves, found by %s%s (fewest moves not sought: --algo moves)",
                 jumps, n, how, winner ? " in the dual game from the finish" : "");
    } else if (r == 0) {
        result->outcome = AR_OUTCOME_NO_SOLUTION;
        snprintf(result->note, sizeof result->note, "every reachable position was searched: no solution");
    } else if (failed) {
        ar_run_stop(&run, AR_STOP_MEMORY);
        ar_error_clear(err);
    }
out:
    for (i = 0; i < nd; i++)
        dfs_free(&duals[i].S);
    if (S)
        dfs_free(S);
    free(S);
    free(duals);
    result->peak_bytes = run.mem.peak;
    ar_run_finish(&run);
    return st == AR_ERR_MEMORY ? ar_run_memory_stop(&run, st) : st;
}

/* --- moves ---------------------------------------------------------------- */

static ar_status peg_fewest(ar_instance *in, const ar_search_options *opts, const ar_move_sink *sink,
                            ar_result *result, ar_error *err)
{
    ar_run run;
    peg_bfs out;
    ar_move moves[PEG_MAX_HOLES];
    ar_status st;
    (void)sink;
    ar_run_begin(&run, opts, result);
    run.phase = "moves";
    st = ar_peg_bfs(in, &run, 1, &out, moves, err);
    if (st == AR_OK && run.stop == AR_STOP_NONE) {
        if (out.goal_level >= 0) {
            st = ar_run_set_solution(&run, moves, (uint64_t)out.goal_level, (uint64_t)out.goal_level, err);
            result->optimal = 1;
            ar_run_lower_bound(&run, (uint64_t)out.goal_level);
            snprintf(result->note, sizeof result->note,
                     "optimal: breadth-first by moves, every position within %d moves searched (%llu up to symmetry)",
                     out.goal_level - 1, (unsigned long long)out.total);
        } else {
            result->outcome = AR_OUTCOME_NO_SOLUTION;
            snprintf(result->note, sizeof result->note,
                     "every reachable position was searched (%llu up to symmetry): no solution",
                     (unsigned long long)out.total);
        }
    } else if (st == AR_OK) {
        /* levels 0 .. out.levels - 1 were complete and held no goal */
        ar_run_lower_bound(&run, out.levels);
        snprintf(result->note, sizeof result->note, "stopped: no solution within %u moves",
                 out.levels ? out.levels - 1 : 0);
    }
    result->peak_bytes = run.mem.peak;
    ar_run_finish(&run);
    return ar_run_memory_stop(&run, st);
}

const ar_domain_solver ar_peg_solvers[] = {
    {.name = "dfs",
     .summary = "one peg left: depth-first over jumps with a table of dead positions (fast, moves not fewest)",
     .run = peg_dfs},
    {.name = "moves",
     .summary = "fewest moves, proven: breadth-first search by moves up to symmetry",
     .run = peg_fewest},
    {.name = NULL}};
