/* peg_count.c — breadth-first search by moves over peg-solitaire positions,
 * up to the symmetries of the board that keep the start (and the finish):
 * the engine of the "moves" solver, of `ariadne bfs peg` and of the bench
 * suite.
 *
 * Level k lists the positions (one per symmetry class) first reached after k
 * moves; a move is one peg's chain of jumps, and every prefix of a chain is a
 * move too. Every position is stored once in an open-addressing table of
 * 64-bit words: the canonical position (the least of its images) in the low
 * 58 bits and its level + 1 in the top 6, 0 marking a free slot. Since a jump
 * removes exactly one peg, the same set counted by pegs left gives the counts
 * by jumps. For the English central game: 23,475,688 positions, the goal
 * first at move 18 (the proof that 18 is the minimum).
 *
 * A shortest solution is traced back from the goal: the predecessors of a
 * position are found by un-jumping (a peg goes back over an empty hole, which
 * gets its peg back, and may go on), and one whose class is on the level
 * before is taken. The start is fixed by every symmetry used, so the trace
 * ends at the start itself. */
#include "peg_internal.h"
#include "ariadne/run.h"
#include "ariadne/search.h"
#include "ariadne/tool.h"
#include "ariadne/timer.h"
#include "ariadne/progress.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BIT(h) ((uint64_t)1 << (h))
#define KEY_BITS 58
#define KEY_MASK (BIT(KEY_BITS) - 1)

typedef struct bfs_ctx {
    const ar_instance *in;
    const peg_board *b;
    ar_run *run;
    ar_error *err;
    unsigned nsym, bytes;
    uint64_t (*tab)[8][256]; /* tab[s][k][byte]: image of byte k's pegs under symmetry s */
    uint64_t *slots;
    size_t cap, count;
    uint64_t *next;
    size_t nnext, capnext;
    unsigned level; /* level being built */
    int stop_at_goal, failed;
    int goal_level;
    uint64_t goal;
    peg_bfs *out;
} bfs_ctx;

static uint64_t canon(const bfs_ctx *C, uint64_t pos)
{
    uint64_t best = pos;
    unsigned s, k;
    for (s = 1; s < C->nsym; s++) {
        uint64_t t = 0;
        for (k = 0; k < C->bytes; k++)
            t |= C->tab[s][k][pos >> (8 * k) & 255];
        best = t < best ? t : best;
    }
    return best;
}

static size_t hash_slot(uint64_t key, size_t mask)
{
    key ^= key >> 29;
    key *= 0xBF58476D1CE4E5B9ull;
    key ^= key >> 32;
    return (size_t)key & mask;
}

/* The level + 1 stored for key, or 0 when absent. */
static unsigned table_level(const bfs_ctx *C, uint64_t key)
{
    size_t i = hash_slot(key, C->cap - 1);
    while (C->slots[i]) {
        if ((C->slots[i] & KEY_MASK) == key)
            return (unsigned)(C->slots[i] >> KEY_BITS);
        i = (i + 1) & (C->cap - 1);
    }
    return 0;
}

static int grow(bfs_ctx *C)
{
    size_t old = C->cap, k, i;
    uint64_t *was = C->slots, *now = ar_mem_alloc(&C->run->mem, old * 2 * 8, 1, "the position table", C->err);
    if (!now)
        return 0;
    C->slots = now, C->cap = old * 2;
    for (k = 0; k < old; k++)
        if (was[k]) {
            i = hash_slot(was[k] & KEY_MASK, C->cap - 1);
            while (C->slots[i])
                i = (i + 1) & (C->cap - 1);
            C->slots[i] = was[k];
        }
    ar_mem_free(&C->run->mem, was, old * 8);
    return 1;
}

/* A position reached on the level being built. */
static void visit(bfs_ctx *C, uint64_t q)
{
    uint64_t key = canon(C, q);
    size_t i = hash_slot(key, C->cap - 1);
    C->run->res->generated++;
    while (C->slots[i]) {
        if ((C->slots[i] & KEY_MASK) == key)
            return;
        i = (i + 1) & (C->cap - 1);
    }
    C->slots[i] = key | (uint64_t)(C->level + 1) << KEY_BITS;
    C->count++;
    if (C->nnext == C->capnext) {
        size_t nc = C->capnext ? C->capnext * 2 : 1024;
        uint64_t *g = ar_mem_realloc(&C->run->mem, C->next, C->capnext * 8, nc * 8, "a level of positions", C->err);
        if (!g) {
            C->failed = 1;
            return;
        }
        C->next = g, C->capnext = nc;
    }
    C->next[C->nnext++] = key;
    if (C->stop_at_goal && C->goal_level < 0 && ar_peg_is_goal(C->in, q))
        C->goal_level = (int)C->level, C->goal = q;
    if (C->count * 10 > C->cap * 7 && !grow(C))
        C->failed = 1;
}

/* Every chain continuing from `at`, the moving peg lifted off board. */
static void chains(bfs_ctx *C, uint64_t board, unsigned at, int back)
{
    unsigned d;
    for (d = 0; d < 4; d++) {
        int o = C->b->over[at][d], t = C->b->to[at][d];
        if ((int)d == back || o < 0 || !(board >> o & 1) || (board >> t & 1))
            continue;
        visit(C, (board & ~BIT(o)) | BIT(t));
        chains(C, board & ~BIT(o), (unsigned)t, (int)(d ^ 2));
    }
}

static void expand(bfs_ctx *C, uint64_t pos)
{
    uint64_t p;
    for (p = pos; p; p &= p - 1) {
        unsigned h = (unsigned)__builtin_ctzll(p);
        chains(C, pos & ~BIT(h), h, -1);
    }
}

/* --- trace back --- */

typedef struct trace {
    const bfs_ctx *C;
    unsigned want;         /* level + 1 of the predecessor */
    unsigned char dirs[PEG_MAX_HOLES];
    int found;
    uint64_t pred;
    ar_move move;
} trace;

/* Un-jumps from the target: the peg last moved went back from `at` over an
 * empty hole (which gets its peg back) to an empty hole; each stop is a
 * predecessor, and the forward move is the reversed path. */
static void back_chains(trace *T, uint64_t board, unsigned at, unsigned depth)
{
    const peg_board *b = T->C->b;
    unsigned d;
    for (d = 0; d < 4 && !T->found; d++) {
        int o = b->over[at][d], f = b->to[at][d];
        uint64_t pred;
        if (o < 0 || (board >> o & 1) || (board >> f & 1))
            continue;
        T->dirs[depth] = (unsigned char)d;
        pred = board | BIT(o) | BIT(f);
        if (depth < PEG_MAX_CHAIN && table_level(T->C, canon(T->C, pred)) == T->want) {
            unsigned char fw[PEG_MAX_CHAIN];
            unsigned k;
            for (k = 0; k <= depth; k++)
                fw[k] = (unsigned char)(T->dirs[depth - k] ^ 2);
            T->found = 1, T->pred = pred;
            T->move = ar_peg_pack((unsigned)f, fw, depth + 1);
            return;
        }
        if (depth + 1 < PEG_MAX_HOLES)
            back_chains(T, board | BIT(o), (unsigned)f, depth + 1);
    }
}

static int trace_back(const bfs_ctx *C, uint64_t goal, unsigned level, ar_move *moves)
{
    trace T;
    uint64_t cur = goal, p;
    memset(&T, 0, sizeof T);
    T.C = C;
    while (level > 0) {
        T.found = 0, T.want = level; /* the predecessor is on level - 1, stored as level */
        for (p = cur; p && !T.found; p &= p - 1) {
            unsigned h = (unsigned)__builtin_ctzll(p);
            back_chains(&T, cur & ~BIT(h), h, 0);
        }
        if (!T.found)
            return 0;
        moves[--level] = T.move;
        cur = T.pred;
    }
    return cur == C->in->start;
}

ar_status ar_peg_bfs(const ar_instance *in, ar_run *run, int stop_at_goal, peg_bfs *out,
                     ar_move *moves, ar_error *err)
{
    bfs_ctx C;
    unsigned char syms[PEG_MAX_SYM];
    uint64_t *cur = NULL;
    size_t ncur = 0, capcur = 0, i;
    unsigned s, k, h;
    char detail[64];
    ar_status st = AR_OK;
    memset(out, 0, sizeof *out);
    out->goal_level = -1;
    if (in->b.holes > KEY_BITS)
        return ar_error_set(err, AR_ERR_INPUT, "breadth-first search by moves takes boards of at most %d holes", KEY_BITS);
    memset(&C, 0, sizeof C);
    C.in = in, C.b = &in->b, C.run = run, C.err = err, C.out = out;
    C.stop_at_goal = stop_at_goal, C.goal_level = -1;
    C.nsym = ar_peg_stabiliser(&in->b, in->start, stop_at_goal ? in->finish : -1, syms);
    C.bytes = (in->b.holes + 7) / 8;
    C.tab = ar_mem_alloc(&run->mem, sizeof *C.tab * C.nsym, 1, "the symmetry tables", err);
    C.cap = 1u << 16;
    C.slots = ar_mem_alloc(&run->mem, C.cap * 8, 1, "the position table", err);
    if (!C.tab || !C.slots) {
        st = AR_ERR_MEMORY;
        goto done;
    }
    for (s = 0; s < C.nsym; s++)
        for (k = 0; k < C.bytes; k++)
            for (i = 0; i < 256; i++)
                for (h = 0; h < 8; h++)
                    if ((i >> h & 1) && 8 * k + h < in->b.holes)
                        C.tab[s][k][i] |= BIT(in->b.perm[syms[s]][8 * k + h]);
    /* level 0: the start */
    C.level = 0;
    visit(&C, in->start);
    for (;;) {
        uint64_t *t = cur;
        size_t tc = capcur, n;
        unsigned L = C.level;
        if (C.failed)
            break;
        out->by_move[L] = C.nnext;
        out->levels = L + 1;
        for (n = 0; n < C.nnext; n++)
            out->by_pegs[__builtin_popcountll(C.next[n])]++;
        out->total += C.nnext;
        if (C.nnext == 0 || (stop_at_goal && C.goal_level >= 0) || L + 1 >= 80) {
            if (C.nnext == 0)
                out->levels = L;
            break;
        }
        cur = C.next, ncur = C.nnext, capcur = C.capnext;
        C.next = t, C.nnext = 0, C.capnext = tc;
        C.level = L + 1;
        snprintf(detail, sizeof detail, "move %u from %zu positions", L + 1, ncur);
        run->phase = detail;
        for (i = 0; i < ncur && !C.failed; i++) {
            run->res->expanded++;
            if (ar_run_should_stop(run))
                break;
            expand(&C, cur[i]);
        }
        if (run->stop != AR_STOP_NONE)
            break;
    }
    if (C.failed) {
        ar_run_stop(run, AR_STOP_MEMORY);
        ar_error_clear(err);
    }
    out->goal_level = C.goal_level;
    out->goal = C.goal;
    out->table_bytes = C.cap * 8;
    if (moves && C.goal_level >= 0 && run->stop == AR_STOP_NONE &&
        !trace_back(&C, C.goal, (unsigned)C.goal_level, moves))
        st = ar_error_set(err, AR_ERR_INTERNAL, "peg: tracing the solution back failed");
done:
    if (C.tab)
        ar_mem_free(&run->mem, C.tab, sizeof *C.tab * C.nsym);
    if (C.slots)
        ar_mem_free(&run->mem, C.slots, C.cap * 8);
    if (C.next)
        ar_mem_free(&run->mem, C.next, C.capnext * 8);
    if (cur)
        ar_mem_free(&run->mem, cur, capcur * 8);
    return st;
}
