/* hanoi_rank.c — Towers of Hanoi on dense ranks: the state space that the
 * two-bit breadth-first search (src/search/twobit_bfs.c) walks, for
 * `ariadne bfs hanoi` (the bfs2 provider at the end of the file) and for the
 * pattern databases of hanoi_pdb.c.
 *
 * Ranks. A position of n discs on k pegs is the base-k number whose digit d is
 * the peg of disc d (smallest disc = least significant digit); for k = 4 that
 * is the domain's packed 2-bit state, and a move of disc d from peg a to peg b
 * adds (b - a)·k^d. With symmetry, only canonical positions are ranked: the
 * pegs that are empty at the start are interchangeable (relabelling pegs maps
 * moves to moves and fixes the start), and a position's representative
 * relabels them in order of first appearance, largest disc first. The
 * representatives are ranked densely by counting completions (a table of
 * "how many canonical suffixes of r discs when u interchangeable pegs are
 * already in use"), so a 4-peg space from the standard start needs about a
 * sixth of the table. Each representative stands for e!/(e-u)! positions (e
 * interchangeable pegs, u of them used). docs/puzzles/hanoi-bfs.md has the
 * proof that this is sound. */
#include "hanoi_internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define UNMAPPED 0xFFu /* an interchangeable peg not relabelled yet */
#define LOW_BITS 0x5555555555555555ull

struct ar_hanoi_space {
    ar_bfs2_space bfs;
    unsigned k, n;
    int sym;                       /* ranks are canonical representatives */
    unsigned e;                    /* interchangeable pegs (empty at the start) */
    unsigned char is_e[AR_HANOI_MAX_PEGS], e_list[AR_HANOI_MAX_PEGS], e_index[AR_HANOI_MAX_PEGS];
    unsigned char start[AR_HANOI_MAX_DISCS];
    uint64_t pw[AR_HANOI_MAX_DISCS + 1]; /* k^i */
    uint64_t count;
    uint64_t *cnt;                 /* cnt[r*(e+1)+u]: canonical completions of r discs, u pegs used */
    uint64_t *pre;                 /* pre[(d*(e+1)+u)*(k+1)+c]: completions of choices below c */
    uint64_t orbit_of[AR_HANOI_MAX_PEGS + 1]; /* e!/(e-u)! */
};

/* ------------------------------------------------------------------ */
/* Ranking */

static uint64_t plain_rank(const ar_hanoi_space *hs, const unsigned char *pos)
{
    uint64_t r = 0;
    unsigned d;
    for (d = hs->n; d-- > 0;)
        r = r * hs->k + pos[d];
    return r;
}

static void plain_unrank(const ar_hanoi_space *hs, uint64_t r, unsigned char *pos)
{
    unsigned d;
    if (hs->k == 4) {
        for (d = 0; d < hs->n; d++)
            pos[d] = (unsigned char)((r >> (2 * d)) & 3u);
        return;
    }
    for (d = 0; d < hs->n; d++) {
        pos[d] = (unsigned char)(r % hs->k);
        r /= hs->k;
    }
}

static int allowed(const ar_hanoi_space *hs, unsigned c, unsigned u)
{
    return !hs->is_e[c] || hs->e_index[c] <= u;
}

static unsigned is_new(const ar_hanoi_space *hs, unsigned c, unsigned u)
{
    return hs->is_e[c] && hs->e_index[c] == u;
}

/* The rank of the canonical representative of pos: interchangeable pegs are
 * relabelled e_list[0], e_list[1], ... in order of first appearance going
 * from the largest disc down, and the relabelled digit string is ranked in
 * lexicographic order among canonical strings. */
static uint64_t canon_rank(const ar_hanoi_space *hs, const unsigned char *pos)
{
    unsigned char map[AR_HANOI_MAX_PEGS];
    unsigned d, u = 0, e1 = hs->e + 1, k1 = hs->k + 1;
    uint64_t r = 0;
    memset(map, UNMAPPED, sizeof map);
    for (d = hs->n; d-- > 0;) {
        unsigned c = pos[d], nu = u;
        if (hs->is_e[c]) {
            if (map[c] == UNMAPPED)
                map[c] = hs->e_list[nu++];
            c = map[c];
        }
        r += hs->pre[((size_t)d * e1 + u) * k1 + c];
        u = nu;
    }
    return r;
}

static void canon_unrank(const ar_hanoi_space *hs, uint64_t r, unsigned char *pos)
{
    unsigned d, u = 0, e1 = hs->e + 1, k1 = hs->k + 1, c;
    for (d = hs->n; d-- > 0;) {
        const uint64_t *row = &hs->pre[((size_t)d * e1 + u) * k1];
        /* The choice whose interval [row[c], row[c+1]) holds r: disallowed
         * choices have empty intervals, so the largest c with row[c] <= r. */
        for (c = hs->k - 1; row[c] > r; c--)
            ;
        r -= row[c];
        pos[d] = (unsigned char)c;
        u += is_new(hs, c, u);
    }
}

uint64_t ar_hanoi_space_rank(const ar_hanoi_space *hs, const unsigned char *pos)
{
    return hs->sym ? canon_rank(hs, pos) : plain_rank(hs, pos);
}

void ar_hanoi_space_unrank(const ar_hanoi_space *hs, uint64_t r, unsigned char *pos)
{
    if (hs->sym)
        canon_unrank(hs, r, pos);
    else
        plain_unrank(hs, r, pos);
}

/* ------------------------------------------------------------------ */
/* bfs2 callbacks */

/* 4 pegs, plain ranks: the rank is the packed state; the top of each peg is
 * the lowest digit equal to it, found with a mask (31 when the peg is empty:
 * at most 31 discs fit in 63 bits). Between two pegs exactly one direction is
 * legal unless both are empty: the disc of the smaller top moves, and since
 * its digit is one of the two pegs, flipping (a xor b) into it moves it to
 * the other. No data-dependent branches but the empty-pair test. */
static unsigned succ4(unsigned n, uint64_t r, uint64_t *out)
{
    static const unsigned char pa[6] = {0, 0, 0, 1, 1, 2}, pb[6] = {1, 2, 3, 2, 3, 3};
    uint64_t valid = LOW_BITS & (((uint64_t)1 << (2 * n)) - 1u);
    unsigned top[4], a, i, cnt = 0;
    for (a = 0; a < 4; a++) {
        uint64_t x = r ^ ((uint64_t)a * LOW_BITS);
        uint64_t m = (~(x | (x >> 1)) & valid) | ((uint64_t)1 << 62);
        top[a] = (unsigned)__builtin_ctzll(m) / 2u;
    }
    for (i = 0; i < 6; i++) {
        unsigned ta = top[pa[i]], tb = top[pb[i]], d = ta < tb ? ta : tb;
        out[cnt] = r ^ ((uint64_t)(pa[i] ^ pb[i]) << (2 * d));
        cnt += d < 31u;
    }
    return cnt;
}

/* The canonical rank of pos, of which the discs above d are unchanged from a
 * canonical position: their contribution `prefix` and the number u of
 * interchangeable pegs they use are known, and since they are canonical the
 * relabelling so far is the identity on e_list[0..u-1]. Only discs d..0 are
 * ranked again, so moves of small discs (most moves) cost little. */
static uint64_t canon_rank_from(const ar_hanoi_space *hs, const unsigned char *pos, unsigned d,
                                unsigned u, uint64_t prefix)
{
    unsigned char map[AR_HANOI_MAX_PEGS];
    unsigned j, e1 = hs->e + 1, k1 = hs->k + 1;
    uint64_t r = prefix;
    memset(map, UNMAPPED, sizeof map);
    for (j = 0; j < u; j++)
        map[hs->e_list[j]] = hs->e_list[j];
    for (d++; d-- > 0;) {
        unsigned c = pos[d], nu = u;
        if (hs->is_e[c]) {
            if (map[c] == UNMAPPED)
                map[c] = hs->e_list[nu++];
            c = map[c];
        }
        r += hs->pre[((size_t)d * e1 + u) * k1 + c];
        u = nu;
    }
    return r;
}

/* Successors under symmetry: unrank while recording, for each disc, the rank
 * contributed by the larger discs and how many interchangeable pegs they use;
 * then each move of disc d re-ranks only discs d..0. */
static unsigned sym_successors(const ar_hanoi_space *hs, uint64_t r, unsigned char *pos,
                               uint64_t *out)
{
    uint64_t prefix[AR_HANOI_MAX_DISCS];
    unsigned char used[AR_HANOI_MAX_DISCS], top[AR_HANOI_MAX_PEGS];
    unsigned d, u = 0, e1 = hs->e + 1, k1 = hs->k + 1, c, a, b, cnt = 0;
    uint64_t acc = 0, rest = r;
    for (d = hs->n; d-- > 0;) {
        prefix[d] = acc;
        used[d] = (unsigned char)u;
        const uint64_t *row = &hs->pre[((size_t)d * e1 + u) * k1];
        for (c = hs->k - 1; row[c] > rest; c--)
            ;
        rest -= row[c];
        pos[d] = (unsigned char)c;
        acc += row[c];
        u += is_new(hs, c, u);
    }
    hanoi_tops(hs->k, hs->n, pos, top);
    for (a = 0; a < hs->k; a++) {
        d = top[a];
        if (d == AR_HANOI_NO_DISC)
            continue;
        for (b = 0; b < hs->k; b++) {
            if (b == a || top[b] < d)
                continue;
            pos[d] = (unsigned char)b;
            out[cnt++] = canon_rank_from(hs, pos, d, used[d], prefix[d]);
            pos[d] = (unsigned char)a;
        }
    }
    return cnt;
}

static unsigned space_successors(const void *ctx, uint64_t r, void *scratch, uint64_t *out)
{
    const ar_hanoi_space *hs = ctx;
    unsigned char *pos = scratch, top[AR_HANOI_MAX_PEGS];
    unsigned a, b, cnt = 0;
    if (!hs->sym && hs->k == 4)
        return succ4(hs->n, r, out);
    if (hs->sym)
        return sym_successors(hs, r, pos, out);
    plain_unrank(hs, r, pos);
    hanoi_tops(hs->k, hs->n, pos, top);
    for (a = 0; a < hs->k; a++) {
        unsigned d = top[a];
        if (d == AR_HANOI_NO_DISC)
            continue;
        for (b = 0; b < hs->k; b++) {
            if (b == a || top[b] < d)
                continue;
            out[cnt++] = r - a * hs->pw[d] + b * hs->pw[d];
        }
    }
    return cnt;
}

/* The orbit of a representative is e!/(e-u)! where u is the number of
 * interchangeable pegs it uses. Decoding stops as soon as all e are seen,
 * which for most positions happens within the few largest discs. */
static uint64_t space_orbit(const void *ctx, uint64_t r, void *scratch)
{
    const ar_hanoi_space *hs = ctx;
    unsigned d, u = 0, e1 = hs->e + 1, k1 = hs->k + 1, c;
    (void)scratch;
    for (d = hs->n; d-- > 0 && u < hs->e;) {
        const uint64_t *row = &hs->pre[((size_t)d * e1 + u) * k1];
        for (c = hs->k - 1; row[c] > r; c--)
            ;
        r -= row[c];
        u += is_new(hs, c, u);
    }
    return hs->orbit_of[u];
}

static uint64_t space_rank_cb(const void *ctx, const void *state)
{
    return ar_hanoi_space_rank(ctx, state);
}

static void space_unrank_cb(const void *ctx, uint64_t r, void *state)
{
    ar_hanoi_space_unrank(ctx, r, state);
}

static void space_format(const void *ctx, uint64_t r, char *buf, size_t size)
{
    const ar_hanoi_space *hs = ctx;
    unsigned char pos[AR_HANOI_MAX_DISCS];
    unsigned d;
    if (!size)
        return;
    ar_hanoi_space_unrank(hs, r, pos);
    for (d = 0; d < hs->n && d + 1 < size; d++)
        buf[d] = hanoi_peg_char(pos[d]);
    buf[d] = '\0';
}

/* ------------------------------------------------------------------ */

ar_status ar_hanoi_space_create(unsigned k, unsigned n, const unsigned char *start, int symmetry,
                                ar_hanoi_space **out, ar_error *err)
{
    ar_hanoi_space *hs;
    unsigned d, c, u, p;
    *out = NULL;
    if (k < 3 || k > AR_HANOI_MAX_PEGS || n < 1 || n > AR_HANOI_MAX_DISCS)
        return ar_error_set(err, AR_ERR_INPUT, "hanoi space: %u pegs and %u discs are out of range",
                            k, n);
    hs = ar_xcalloc(1, sizeof *hs);
    hs->k = k;
    hs->n = n;
    hs->pw[0] = 1;
    for (d = 1; d <= n; d++) {
        if (hs->pw[d - 1] > (UINT64_MAX >> 1) / k) {
            free(hs);
            return ar_error_set(err, AR_ERR_UNSUPPORTED,
                                "%u discs on %u pegs is more than 2^63 positions: too many to rank",
                                n, k);
        }
        hs->pw[d] = hs->pw[d - 1] * k;
    }
    for (d = 0; d < n; d++) {
        if (start[d] >= k) {
            free(hs);
            return ar_error_set(err, AR_ERR_INPUT, "hanoi space: disc %u is on peg %u of %u", d + 1,
                                start[d] + 1u, k);
        }
        hs->start[d] = start[d];
    }
    /* The interchangeable pegs: those empty at the start. Permuting them fixes
     * the start, so it preserves every distance from the start. */
    for (p = 0; p < k; p++)
        hs->is_e[p] = 1;
    for (d = 0; d < n; d++)
        hs->is_e[start[d]] = 0;
    for (p = 0; p < k; p++)
        if (hs->is_e[p]) {
            hs->e_index[p] = (unsigned char)hs->e;
            hs->e_list[hs->e++] = (unsigned char)p;
        }
    hs->sym = symmetry && hs->e >= 2;
    if (hs->sym) {
        unsigned e1 = hs->e + 1, k1 = k + 1;
        hs->cnt = ar_xcalloc((size_t)(n + 1) * e1, sizeof *hs->cnt);
        hs->pre = ar_xcalloc((size_t)n * e1 * k1, sizeof *hs->pre);
        for (u = 0; u <= hs->e; u++)
            hs->cnt[u] = 1;
        for (d = 1; d <= n; d++)
            for (u = 0; u <= hs->e; u++) {
                uint64_t s = 0;
                for (c = 0; c < k; c++)
                    if (allowed(hs, c, u))
                        s += hs->cnt[(size_t)(d - 1) * e1 + u + is_new(hs, c, u)];
                hs->cnt[(size_t)d * e1 + u] = s;
            }
        for (d = 0; d < n; d++)
            for (u = 0; u <= hs->e; u++) {
                uint64_t *row = &hs->pre[((size_t)d * e1 + u) * k1];
                row[0] = 0;
                for (c = 0; c < k; c++)
                    row[c + 1] = row[c] + (allowed(hs, c, u)
                                               ? hs->cnt[(size_t)d * e1 + u + is_new(hs, c, u)]
                                               : 0);
            }
        hs->count = hs->cnt[(size_t)n * e1];
        hs->orbit_of[0] = 1;
        for (u = 1; u <= hs->e; u++)
            hs->orbit_of[u] = hs->orbit_of[u - 1] * (hs->e - u + 1);
    } else {
        hs->count = hs->pw[n];
    }
    hs->bfs = (ar_bfs2_space){.count = hs->count,
                              .state_size = n,
                              .scratch_size = AR_HANOI_MAX_DISCS,
                              .ctx = hs,
                              .successors = space_successors,
                              .predecessors = NULL, /* moves are reversible */
                              .orbit = hs->sym ? space_orbit : NULL,
                              .rank = space_rank_cb,
                              .unrank = space_unrank_cb,
                              .format = space_format};
    *out = hs;
    return AR_OK;
}

void ar_hanoi_space_destroy(ar_hanoi_space *hs)
{
    if (!hs)
        return;
    free(hs->cnt);
    free(hs->pre);
    free(hs);
}

const ar_bfs2_space *ar_hanoi_space_bfs2(const ar_hanoi_space *hs) { return &hs->bfs; }

int ar_hanoi_space_symmetric(const ar_hanoi_space *hs) { return hs->sym; }

unsigned ar_hanoi_space_successors(const ar_hanoi_space *hs, uint64_t rank, unsigned char *scratch,
                                   uint64_t *out)
{
    return space_successors(hs, rank, scratch, out);
}

/* ------------------------------------------------------------------ */
/* The bfs2 provider: `ariadne bfs hanoi` */

static ar_status provider_open(const ar_instance *inst, int symmetry, ar_bfs2_problem *out,
                               ar_error *err)
{
    unsigned p, used = 0;
    ar_hanoi_space *hs;
    ar_status st;
    memset(out, 0, sizeof *out);
    st = ar_hanoi_space_create(inst->pegs, inst->discs, inst->start, symmetry, &hs, err);
    if (st != AR_OK)
        return st;
    out->space = hs->bfs;
    out->start = ar_hanoi_space_rank(hs, inst->start);
    out->goal = ar_hanoi_space_rank(hs, inst->goal);
    out->impl = hs;
    for (p = 0; p < inst->discs && p + 1 < sizeof out->goal_text; p++)
        out->goal_text[p] = hanoi_peg_char(inst->goal[p]);
    out->goal_text[p] = '\0';
    if (hs->sym) {
        char list[64];
        size_t len = 0;
        for (p = 0; p < hs->e && len + 4 < sizeof list; p++)
            len += (size_t)snprintf(list + len, sizeof list - len, "%s%u", p ? "," : "",
                                    hs->e_list[p] + 1u);
        for (p = 1; p <= hs->e; p++)
            used = p;
        snprintf(out->symmetry, sizeof out->symmetry,
                 "pegs %s (empty at the start) interchangeable: one state per class, weighted by "
                 "its orbit (up to %" PRIu64 ")",
                 list, hs->orbit_of[used]);
    } else {
        snprintf(out->symmetry, sizeof out->symmetry, "none%s",
                 symmetry ? " (fewer than two pegs are empty at the start)" : "");
    }
    return AR_OK;
}

static void provider_close(ar_bfs2_problem *problem)
{
    ar_hanoi_space_destroy(problem->impl);
    memset(problem, 0, sizeof *problem);
}

const ar_bfs2_provider ar_hanoi_bfs2_provider = {.open = provider_open, .close = provider_close};
