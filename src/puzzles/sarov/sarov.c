/* sarov.c — the Sarov towers puzzle of bashni.org, and its optimal solver.
 *
 * C colours (2..16), each with seven bricks numbered 0..6, stand in C+2
 * columns. A move takes the run at the top of a column (the longest top segment
 * of one colour whose numbers go up by one going down) and puts it on an empty
 * column or on a column whose top brick has the same colour and a larger number
 * than the run's bottom brick. The goal is every colour in its own column, 6 at
 * the bottom to 0 on top, the other columns empty. Each run moved is one move.
 *
 * The file has three parts: the domain slots of ar_puzzle (layout parser with
 * line-numbered messages, packed states that keep column identities, moves
 * "a-b" numbered from 1, a generator), the lower bounds (shared by the generic
 * heuristics and the solver), and "sarov-astar", an A* search over states in
 * a column-order-free encoding with the pruning rules proven safe in the
 * comments below and in docs/domains/sarov.md.
 *
 * Two facts carry everything: a run is always moved whole, so two bricks that
 * stand "in sequence" (same colour, the upper one smaller by one) are never
 * separated again; and every move either makes one new such link (or stands a
 * 6 on the floor) or makes none. The optimum is therefore the number of links
 * still missing plus the number of "waste" moves, and all the cleverness goes
 * into bounding the waste. */
#include "ariadne/puzzle.h"
#include "ariadne/rng.h"
#include "ariadne/search.h"
#include "ariadne/timer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SV_NUMS 7 /* bricks per colour, numbered 0..6 */
#define SV_MIN_COLOURS 2
#define SV_MAX_COLOURS 16
#define SV_MAX_COLS (SV_MAX_COLOURS + 2)
#define SV_MAX_BRICKS (SV_MAX_COLOURS * SV_NUMS)
#define SV_FLOOR SV_MAX_BRICKS /* "the brick below" of a brick standing on the floor */
#define SV_NONE 0xFF

/* A brick is one byte: colour * 7 + number. */
static int sv_colour(int b) { return b / SV_NUMS; }
static int sv_num(int b) { return b % SV_NUMS; }

/* Brick `up` stands in sequence on brick `down`: same colour, one smaller.
 * With the colour*7+number coding that is up + 1 == down within one colour. */
static int sv_linked(int down, int up) { return up + 1 == down && down % SV_NUMS != 0; }

struct ar_instance {
    int colours;
    int ncols;
    int nbricks;
    /* The start state in the packed layout below. */
    unsigned char start[SV_MAX_COLS + SV_MAX_BRICKS];
};

/* Packed state (what the interface sees): ncols height bytes, then the bricks
 * of column 1 bottom to top, then those of column 2, and so on. Column
 * identities are kept because moves name columns; the solver forgets them. */
static size_t sv_state_size(const ar_instance *in) { return (size_t)(in->ncols + in->nbricks); }

/* ------------------------------------------------------------------------ */
/* Moves: from | to << 5 | run length << 10 | "lands in sequence" << 14.     */
/* The run length lets undo work from the move alone; the in-sequence bit     */
/* tells whether the run merged with the brick it landed on (then moving it   */
/* back would take a longer run, so the move has no inverse).                 */

static ar_move sv_move_code(int from, int to, int len, int merged)
{
    return (ar_move)((unsigned)from | (unsigned)to << 5 | (unsigned)len << 10 |
                     (unsigned)(merged != 0) << 14);
}
static int sv_move_from(ar_move m) { return (int)(m & 31u); }
static int sv_move_to(ar_move m) { return (int)(m >> 5 & 31u); }
static int sv_move_len(ar_move m) { return (int)(m >> 10 & 15u); }
static int sv_move_merged(ar_move m) { return (int)(m >> 14 & 1u); }

/* ------------------------------------------------------------------------ */
/* Parsing layouts                                                           */

typedef struct sv_parser {
    int line;
    int ncols;   /* columns seen (may exceed SV_MAX_COLS: reported at the end) */
    int maxcol;  /* highest colour index seen, -1 for none */
    int seen_line[SV_MAX_BRICKS]; /* line where each brick appeared, 0 if not yet */
    int height[SV_MAX_COLS];
    unsigned char brick[SV_MAX_COLS][SV_MAX_BRICKS];
} sv_parser;

/* Copies a token for a message: at most 20 characters, unprintables as '?'. */
static void sv_show(const char *tok, size_t len, char *out, size_t size)
{
    size_t i, n = len < 20 ? len : 20;
    if (n + 4 > size)
        n = size - 4;
    for (i = 0; i < n; i++) {
        unsigned char c = (unsigned char)tok[i];
        out[i] = (c >= 32 && c < 127) ? (char)c : '?';
    }
    if (n < len) {
        out[n++] = '.';
        out[n++] = '.';
        out[n++] = '.';
    }
    out[n] = '\0';
}

static int sv_is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' || c == ',';
}

static ar_status sv_parse_brick(sv_parser *ps, const char *tok, size_t len, int col, ar_error *err)
{
    char shown[32];
    int letter, num, b;
    size_t i;
    int digits = len >= 2;
    for (i = 1; i < len; i++)
        if (tok[i] < '0' || tok[i] > '9')
            digits = 0;
    letter = (unsigned char)tok[0];
    sv_show(tok, len, shown, sizeof shown);
    if (!digits || !((letter >= 'a' && letter <= 'z') || (letter >= 'A' && letter <= 'Z')))
        return ar_error_set(err, AR_ERR_INPUT,
                            "line %d: '%s' is not a brick (a colour letter a..p and a number "
                            "0..6, e.g. 'c4'; '-' alone is an empty column)",
                            ps->line, shown);
    if (len != 2 || tok[1] > '6')
        return ar_error_set(err, AR_ERR_INPUT, "line %d: brick '%s': number must be 0..6",
                            ps->line, shown);
    if (letter >= 'A' && letter <= 'Z')
        return ar_error_set(err, AR_ERR_INPUT,
                            "line %d: brick '%s': colour letters are lowercase (a..p)", ps->line,
                            shown);
    if (letter > 'a' + SV_MAX_COLOURS - 1)
        return ar_error_set(err, AR_ERR_INPUT,
                            "line %d: brick '%s': colour must be one of a..p (at most %d colours)",
                            ps->line, shown, SV_MAX_COLOURS);
    num = tok[1] - '0';
    b = (letter - 'a') * SV_NUMS + num;
    if (ps->seen_line[b])
        return ar_error_set(err, AR_ERR_INPUT, "colour %c has two %ds (lines %d and %d)", letter,
                            num, ps->seen_line[b], ps->line);
    ps->seen_line[b] = ps->line;
    if (letter - 'a' > ps->maxcol)
        ps->maxcol = letter - 'a';
    if (col < SV_MAX_COLS)
        ps->brick[col][ps->height[col]++] = (unsigned char)b;
    return AR_OK;
}

/* One column's text (a line, or a part of a line between '/'). */
static ar_status sv_parse_segment(sv_parser *ps, const char *s, const char *end, ar_error *err)
{
    int tokens = 0, dashes = 0, bricks = 0;
    int col = ps->ncols;
    while (s < end) {
        const char *tok;
        size_t len;
        while (s < end && sv_is_space(*s))
            s++;
        if (s >= end)
            break;
        tok = s;
        while (s < end && !sv_is_space(*s))
            s++;
        len = (size_t)(s - tok);
        tokens++;
        if (len == 1 && tok[0] == '-') {
            dashes++;
        } else {
            ar_status st = sv_parse_brick(ps, tok, len, col, err);
            if (st != AR_OK)
                return st;
            bricks++;
        }
        if (dashes && tokens > 1)
            return ar_error_set(err, AR_ERR_INPUT,
                                "line %d: '-' marks an empty column and must stand alone", ps->line);
    }
    if (tokens > 0)
        ps->ncols++;
    return AR_OK;
}

static ar_status sv_parse(const char *text, ar_instance *in, ar_error *err)
{
    sv_parser *ps = calloc(1, sizeof *ps);
    const char *p = text;
    ar_status st = AR_OK;
    int c, n, i, k;
    if (!ps)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory reading a layout");
    ps->maxcol = -1;
    ps->line = 1;
    while (*p && st == AR_OK) {
        const char *eol = strchr(p, '\n');
        const char *cend, *seg, *q;
        if (!eol)
            eol = p + strlen(p);
        cend = memchr(p, '#', (size_t)(eol - p));
        if (!cend)
            cend = eol;
        seg = p;
        for (q = p; st == AR_OK; q++) {
            if (q == cend || *q == '/') {
                st = sv_parse_segment(ps, seg, q, err);
                seg = q + 1;
            }
            if (q == cend)
                break;
        }
        p = *eol ? eol + 1 : eol;
        ps->line++;
    }
    if (st != AR_OK)
        goto done;
    if (ps->maxcol < 0) {
        st = ar_error_set(err, AR_ERR_INPUT,
                          "empty layout: expected one column per line, bricks from bottom to top "
                          "(e.g. 'a6 b3 a5'), '-' for an empty column");
        goto done;
    }
    c = ps->maxcol + 1;
    if (c < SV_MIN_COLOURS) {
        st = ar_error_set(err, AR_ERR_INPUT,
                          "a layout needs at least %d colours (a and b), found only colour a",
                          SV_MIN_COLOURS);
        goto done;
    }
    if (ps->ncols != c + 2) {
        st = ar_error_set(err, AR_ERR_INPUT, "expected %d columns for %d colours (a..%c), found %d",
                          c + 2, c, 'a' + c - 1, ps->ncols);
        goto done;
    }
    for (i = 0; i < c; i++) {
        int present = 0;
        for (n = 0; n < SV_NUMS; n++)
            present += ps->seen_line[i * SV_NUMS + n] != 0;
        if (!present) {
            st = ar_error_set(err, AR_ERR_INPUT,
                              "colour %c is missing (with %d colours the letters are a..%c)",
                              'a' + i, c, 'a' + c - 1);
            goto done;
        }
        for (n = 0; n < SV_NUMS; n++)
            if (!ps->seen_line[i * SV_NUMS + n]) {
                st = ar_error_set(err, AR_ERR_INPUT, "colour %c has no %d", 'a' + i, n);
                goto done;
            }
    }
    in->colours = c;
    in->ncols = c + 2;
    in->nbricks = c * SV_NUMS;
    k = in->ncols;
    for (i = 0; i < in->ncols; i++) {
        in->start[i] = (unsigned char)ps->height[i];
        memcpy(in->start + k, ps->brick[i], (size_t)ps->height[i]);
        k += ps->height[i];
    }
done:
    free(ps);
    return st;
}

static ar_status sv_create(const char *text, const ar_param *params, size_t param_count,
                           ar_instance **out, ar_error *err)
{
    ar_instance *in;
    ar_status st;
    (void)params;
    (void)param_count; /* --colours only matters to generate */
    *out = NULL;
    if (!text)
        return ar_error_set(err, AR_ERR_INPUT,
                            "sarov needs a layout: -f FILE with one column per line, bricks from "
                            "bottom to top (try 'ariadne generate sarov')");
    in = calloc(1, sizeof *in);
    if (!in)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory creating a sarov instance");
    st = sv_parse(text, in, err);
    if (st != AR_OK) {
        free(in);
        return st;
    }
    *out = in;
    return AR_OK;
}

static void sv_destroy(ar_instance *in) { free(in); }

/* ------------------------------------------------------------------------ */
/* Positions as column arrays (the form move generation and bounds work on)  */

typedef struct sv_pos {
    int ncols;
    unsigned char h[SV_MAX_COLS];
    unsigned char c[SV_MAX_COLS][SV_MAX_BRICKS];
} sv_pos;

static void sv_unpack(const ar_instance *in, const unsigned char *s, sv_pos *p)
{
    int i, k = in->ncols;
    p->ncols = in->ncols;
    for (i = 0; i < in->ncols; i++) {
        p->h[i] = s[i];
        memcpy(p->c[i], s + k, s[i]);
        k += s[i];
    }
}

/* Length of the run on top of column i (0 if empty). */
static int sv_run_len(const sv_pos *p, int i)
{
    int h = p->h[i], len;
    if (h == 0)
        return 0;
    len = 1;
    while (len < h && sv_linked(p->c[i][h - len - 1], p->c[i][h - len]))
        len++;
    return len;
}

/* Whether the run of column f may go on column t, and whether it lands in
 * sequence (merged); 0 when illegal. */
static int sv_can_move(const sv_pos *p, int f, int t, int len, int *merged)
{
    int bottom, top;
    if (f == t || p->h[f] == 0)
        return 0;
    bottom = p->c[f][p->h[f] - len];
    if (p->h[t] == 0) {
        *merged = 0;
        return 1;
    }
    top = p->c[t][p->h[t] - 1];
    if (sv_colour(top) != sv_colour(bottom) || sv_num(top) <= sv_num(bottom))
        return 0; /* also covers "nothing goes on a 0" */
    *merged = sv_linked(top, bottom);
    return 1;
}

static void sv_pos_move(sv_pos *p, int f, int t, int len)
{
    memcpy(p->c[t] + p->h[t], p->c[f] + p->h[f] - len, (size_t)len);
    p->h[t] = (unsigned char)(p->h[t] + len);
    p->h[f] = (unsigned char)(p->h[f] - len);
}

/* ------------------------------------------------------------------------ */
/* Lower bounds                                                              */
/*
 * Links. Call the pair (brick x, brick y standing directly on x) a good link
 * when y is x's colour and one smaller, and a brick standing on the floor a
 * good link when it is a 6. A column's maximal stretches of good links are its
 * blocks; the top block is the run. The goal has every link good.
 *
 * (1) Each move removes exactly one link (the one under the moved run) and
 * creates one (under the run's new place). The removed link is bad unless the
 * run is a whole column standing on a 6 on the floor (the run is maximal, so
 * the link under it is bad when it stands on a brick). So a move lowers the
 * number of bad links by at most one, and `bad` is an admissible, consistent
 * bound. A move that lowers it is "good": it puts a run on the brick one
 * above its bottom brick (merging two blocks) or a 6-bottomed run on an empty
 * column. Every other move is "waste", and the optimum is bad + waste.
 *
 * (2) Blocks never split (runs move whole), so a block's bricks stay together
 * and a block X whose bottom brick is k<6 has exactly one good move ever: onto
 * its successor Y, the block whose top brick is k+1 of the same colour. Let
 * first(X) be the time of X's first move (every block with a bad bottom link
 * moves at least once). If X's first move is good, then at that time
 *   - every block above X in its column has moved already, and
 *   - every block above Y in Y's column has moved already (Y must be on top).
 * Draw an arc from X to the block directly above Y. "Above" chains within a
 * column are always respected (a block moves before the blocks under it move
 * for the first time); an arc is respected only when X's first move is good.
 * The order of first moves is a linear order, so the blocks whose arcs are
 * respected cannot close a cycle together with the column chains. Hence every
 * cycle (through arcs and upward column steps) contains a block whose first
 * move is waste, and a set of cycles that share no arc needs that many distinct
 * waste moves (distinct blocks, distinct first moves). The bound is
 * bad + (number of arc-disjoint cycles found greedily, shortest first).
 * A self-cycle is a block lying above its own successor in one column.
 */

typedef struct sv_arcs {
    int n;
    /* arc i: from column/level (the top index of the source block) to the
     * column/index of the brick directly above the successor. */
    unsigned char scol[SV_MAX_BRICKS], slev[SV_MAX_BRICKS];
    unsigned char tcol[SV_MAX_BRICKS], tlev[SV_MAX_BRICKS];
    /* The same arcs in the graph whose vertices are blocks: the source block
     * and the block directly above the successor (the one entered). With the
     * "up" edges (a block to the block directly on it) this graph has exactly
     * the cycles described above. comp[i] is the strongly connected component
     * of arc i's source when the arc lies on some cycle, else SV_NONE. */
    unsigned char sblk[SV_MAX_BRICKS], tblk[SV_MAX_BRICKS];
    unsigned char comp[SV_MAX_BRICKS];
    int nblk;
    unsigned char up[SV_MAX_BRICKS];  /* block directly above, SV_NONE for a top block */
    unsigned char arc[SV_MAX_BRICKS]; /* the block's arc, SV_NONE if it has none */
} sv_arcs;

/* Tarjan's strongly connected components over the block graph (each block
 * has at most two out-edges: up, and its arc). Recursion depth is at most
 * the number of blocks (<= 112). */
typedef struct sv_scc {
    const sv_arcs *a;
    unsigned char index[SV_MAX_BRICKS], low[SV_MAX_BRICKS], comp[SV_MAX_BRICKS];
    unsigned char onstack[SV_MAX_BRICKS], stack[SV_MAX_BRICKS];
    int next, sp, ncomp;
} sv_scc;

static void sv_scc_visit(sv_scc *T, int v)
{
    int out[2], k;
    T->index[v] = T->low[v] = (unsigned char)T->next++;
    T->stack[T->sp++] = (unsigned char)v;
    T->onstack[v] = 1;
    out[0] = T->a->up[v] == SV_NONE ? -1 : T->a->up[v];
    out[1] = T->a->arc[v] == SV_NONE ? -1 : T->a->tblk[T->a->arc[v]];
    for (k = 0; k < 2; k++) {
        int w = out[k];
        if (w < 0)
            continue;
        if (T->index[w] == SV_NONE) {
            sv_scc_visit(T, w);
            if (T->low[w] < T->low[v])
                T->low[v] = T->low[w];
        } else if (T->onstack[w] && T->index[w] < T->low[v]) {
            T->low[v] = T->index[w];
        }
    }
    if (T->low[v] == T->index[v]) {
        int w;
        do {
            w = T->stack[--T->sp];
            T->onstack[w] = 0;
            T->comp[w] = (unsigned char)T->ncomp;
        } while (w != v);
        T->ncomp++;
    }
}

/* Fills a->comp: an arc X -> Z lies on a cycle exactly when Z reaches X, i.e.
 * when X and Z are in one strongly connected component. */
static void sv_arc_components(sv_arcs *a)
{
    sv_scc T;
    int v, i;
    T.a = a;
    T.next = T.sp = T.ncomp = 0;
    memset(T.index, SV_NONE, sizeof T.index);
    memset(T.onstack, 0, sizeof T.onstack);
    for (v = 0; v < a->nblk; v++)
        if (T.index[v] == SV_NONE)
            sv_scc_visit(&T, v);
    for (i = 0; i < a->n; i++)
        a->comp[i] = T.comp[a->sblk[i]] == T.comp[a->tblk[i]] ? T.comp[a->sblk[i]] : SV_NONE;
}

/* Count of arc-disjoint cycles (greedy). Entering a column at level L makes
 * every arc whose source level is >= L usable (one can climb the column), so
 * after arc e the usable arcs are succ(e) = the arcs of column tcol[e] with
 * source level >= tlev[e], and a cycle through arc s is a sequence
 * s = e1, e2, .., ed with e(j+1) in succ(ej) and s in succ(ed). A breadth-
 * first search over arcs, one bit per arc (at most SV_MAX_BRICKS arcs, so
 * SV_SET_WORDS 64-bit words), finds such a cycle with fewest arcs.
 *
 * Short cycles are packed first (they leave more arcs for the others): the
 * packing runs in rounds of growing length m, and in round m every start arc
 * (in index order) whose shortest cycle has at most m arcs gives one such
 * cycle, which is removed at once. Three things keep this cheap without
 * changing what it may return:
 *   - an arc on no cycle at all (its two ends in different strongly connected
 *     components of the block graph) is never a start, and a cycle through s
 *     uses only arcs of s's component, so searches ignore the others;
 *   - each start remembers the length of the shortest cycle its last search
 *     found (lower[s]); arcs only disappear, so a start's shortest cycle never
 *     gets shorter, lower[s] stays a lower bound, and round m searches only
 *     the starts with lower[s] <= m (empty rounds are skipped);
 *   - a start whose search finds no cycle never will (hopeless).
 * The bound's validity does not depend on any of this: any set of arc-
 * disjoint cycles is a valid count, and the greedy order only affects how
 * many are found. */
#define SV_SET_WORDS ((SV_MAX_BRICKS + 63) / 64)
typedef struct sv_set {
    uint64_t w[SV_SET_WORDS];
} sv_set;

static int sv_set_has(const sv_set *x, int i) { return (int)(x->w[i >> 6] >> (i & 63) & 1u); }
static void sv_set_add(sv_set *x, int i) { x->w[i >> 6] |= (uint64_t)1 << (i & 63); }

static int sv_cycle_packing(sv_arcs *a, int ncols)
{
    unsigned char lower[SV_MAX_BRICKS], order[SV_MAX_BRICKS];
    sv_set succ[SV_MAX_BRICKS], prefix[SV_MAX_BRICKS + SV_MAX_COLS + 1], alive;
    sv_set layer[SV_MAX_BRICKS + 1], compset[SV_MAX_BRICKS];
    int colstart[SV_MAX_COLS + 1];
    int found = 0, i, c, s, w, nw = (a->n + 63) / 64;
    unsigned maxlen;
    sv_arc_components(a);
    memset(&alive, 0, sizeof alive);
    for (i = 0; i < a->n; i++)
        if (a->comp[i] != SV_NONE) {
            sv_set_add(&alive, i);
            memset(&compset[a->comp[i]], 0, sizeof compset[0]);
        }
    for (i = 0; i < a->n; i++)
        if (a->comp[i] != SV_NONE)
            sv_set_add(&compset[a->comp[i]], i);
    /* Arcs on cycles, grouped by source column, each group by source level
     * descending; prefix[j] is the set of the first j arcs of this order, so
     * "arcs of column c at level >= L" is one prefix. */
    {
        int cnt[SV_MAX_COLS + 1];
        memset(cnt, 0, sizeof cnt);
        for (i = 0; i < a->n; i++)
            if (a->comp[i] != SV_NONE)
                cnt[a->scol[i] + 1]++;
        colstart[0] = 0;
        for (c = 0; c < ncols; c++)
            colstart[c + 1] = colstart[c] + cnt[c + 1];
        memset(cnt, 0, sizeof cnt);
        for (i = 0; i < a->n; i++) {
            int j;
            if (a->comp[i] == SV_NONE)
                continue;
            j = colstart[a->scol[i]] + cnt[a->scol[i]]++;
            while (j > colstart[a->scol[i]] && a->slev[order[j - 1]] < a->slev[i]) {
                order[j] = order[j - 1];
                j--;
            }
            order[j] = (unsigned char)i;
        }
        for (c = 0; c < ncols; c++) {
            /* column c's prefixes start at prefix[colstart[c] + c] */
            sv_set *pc = &prefix[colstart[c] + c];
            memset(pc, 0, sizeof *pc);
            for (i = 0; i < colstart[c + 1] - colstart[c]; i++) {
                pc[i + 1] = pc[i];
                sv_set_add(&pc[i + 1], order[colstart[c] + i]);
            }
        }
        for (i = 0; i < a->n; i++) {
            int tc = a->tcol[i], j = colstart[tc];
            if (a->comp[i] == SV_NONE)
                continue;
            while (j < colstart[tc + 1] && a->slev[order[j]] >= a->tlev[i])
                j++;
            succ[i] = prefix[j + tc];
        }
    }
    /* A cycle has at least two arcs (a block above its own successor is a
     * self-cycle, counted apart and never made an arc). 255: hopeless. */
    for (i = 0; i < a->n; i++)
        lower[i] = a->comp[i] == SV_NONE ? 255 : 2;
    for (maxlen = 2;;) {
        unsigned next = 255;
        for (s = 0; s < a->n; s++) {
            sv_set avail, seen;
            int d, hit = 0;
            if (lower[s] == 255 || !sv_set_has(&alive, s))
                continue;
            if (lower[s] > maxlen) {
                if (lower[s] < next)
                    next = lower[s];
                continue;
            }
            for (w = 0; w < nw; w++)
                avail.w[w] = alive.w[w] & compset[a->comp[s]].w[w];
            memset(&layer[0], 0, sizeof layer[0]);
            sv_set_add(&layer[0], s);
            seen = layer[0];
            /* layer[d] holds the arcs first reached after d+1 arcs */
            for (d = 0;; d++) {
                sv_set nx;
                int any = 0;
                memset(&nx, 0, sizeof nx);
                for (w = 0; w < nw; w++) {
                    uint64_t bits = layer[d].w[w];
                    while (bits) {
                        int e = w * 64 + __builtin_ctzll(bits);
                        int k;
                        bits &= bits - 1;
                        for (k = 0; k < nw; k++)
                            nx.w[k] |= succ[e].w[k];
                    }
                }
                if (sv_set_has(&nx, s)) {
                    hit = 1;
                    break;
                }
                for (w = 0; w < nw; w++) {
                    nx.w[w] &= avail.w[w] & ~seen.w[w];
                    seen.w[w] |= nx.w[w];
                    any |= nx.w[w] != 0;
                }
                if (!any)
                    break;
                layer[d + 1] = nx;
            }
            if (!hit) {
                lower[s] = 255; /* no cycle through s now, so never again */
            } else if ((unsigned)d + 1 <= maxlen) {
                /* Walk back from the closing arc: in each layer the lowest
                 * arc that reaches the next one. */
                int want = s, j;
                for (j = d; j >= 0; j--) {
                    int e = -1;
                    for (w = 0; w < nw && e < 0; w++) {
                        uint64_t bits = layer[j].w[w];
                        while (bits) {
                            int x = w * 64 + __builtin_ctzll(bits);
                            bits &= bits - 1;
                            if (sv_set_has(&succ[x], want)) {
                                e = x;
                                break;
                            }
                        }
                    }
                    alive.w[e >> 6] &= ~((uint64_t)1 << (e & 63));
                    want = e;
                }
                found++;
            } else {
                lower[s] = (unsigned char)(d + 1);
                if (lower[s] < next)
                    next = lower[s];
            }
        }
        if (next == 255)
            break;
        maxlen = next;
    }
    return found;
}

/* The bound of a position at a given level: 0 bad links (1); 1 adds the
 * self-cycles of (2), blocks above their own successor; 2 adds the packing of
 * longer cycles. Each level is admissible and at least the one before. */
enum { SV_BOUND_LINKS = 0, SV_BOUND_SELF = 1, SV_BOUND_FULL = 2 };

static unsigned sv_bound(const sv_pos *p, int level)
{
    unsigned char locc[SV_MAX_BRICKS], loci[SV_MAX_BRICKS];
    unsigned char blkof[SV_MAX_BRICKS], tbrick[SV_MAX_BRICKS];
    unsigned bad = 0;
    int i, k, self = 0;
    sv_arcs arcs;
    for (i = 0; i < p->ncols; i++)
        for (k = 0; k < p->h[i]; k++) {
            int b = p->c[i][k];
            locc[b] = (unsigned char)i;
            loci[b] = (unsigned char)k;
            if (k == 0 ? sv_num(b) != 6 : !sv_linked(p->c[i][k - 1], b))
                bad++;
        }
    if (level == SV_BOUND_LINKS || bad == 0)
        return bad;
    arcs.n = 0;
    arcs.nblk = 0;
    for (i = 0; i < p->ncols; i++) {
        int top = p->h[i] - 1, above = SV_NONE;
        for (k = top; k >= 0;) {
            /* block [lo..k] with bottom index lo */
            int lo = k, b, s, sc, si, id = arcs.nblk++, j;
            while (lo > 0 && sv_linked(p->c[i][lo - 1], p->c[i][lo]))
                lo--;
            for (j = lo; j <= k; j++)
                blkof[p->c[i][j]] = (unsigned char)id;
            arcs.up[id] = (unsigned char)above;
            arcs.arc[id] = SV_NONE;
            above = id;
            b = p->c[i][lo];
            if (sv_num(b) != 6) {
                s = b + 1; /* the successor's top brick: same colour, one larger */
                sc = locc[s];
                si = loci[s];
                if (si < p->h[sc] - 1) {
                    if (sc == i && si < lo) {
                        self++; /* the block lies above its own successor */
                    } else {
                        arcs.scol[arcs.n] = (unsigned char)i;
                        arcs.slev[arcs.n] = (unsigned char)k;
                        arcs.tcol[arcs.n] = (unsigned char)sc;
                        arcs.tlev[arcs.n] = (unsigned char)(si + 1);
                        arcs.sblk[arcs.n] = (unsigned char)id;
                        tbrick[arcs.n] = p->c[sc][si + 1];
                        arcs.arc[id] = (unsigned char)arcs.n;
                        arcs.n++;
                    }
                }
            }
            k = lo - 1;
        }
    }
    if (level == SV_BOUND_SELF || arcs.n < 2)
        return bad + (unsigned)self;
    for (i = 0; i < arcs.n; i++)
        arcs.tblk[i] = blkof[tbrick[i]];
    return bad + (unsigned)self + (unsigned)sv_cycle_packing(&arcs, p->ncols);
}

/* ------------------------------------------------------------------------ */
/* Interface slots: description, states, moves                               */

static void sv_describe(const ar_instance *in, char *buf, size_t size)
{
    sv_pos p;
    sv_unpack(in, in->start, &p);
    snprintf(buf, size, "Sarov towers: %d colours, %d columns, %d bricks, %u runs to place",
             in->colours, in->ncols, in->nbricks, sv_bound(&p, SV_BOUND_LINKS));
}

static void sv_initial_state(const ar_instance *in, void *state)
{
    memcpy(state, in->start, sv_state_size(in));
}

static int sv_is_goal(const ar_instance *in, const void *state)
{
    sv_pos p;
    sv_unpack(in, state, &p);
    return sv_bound(&p, SV_BOUND_LINKS) == 0; /* no bad link: every column is a whole tower or empty */
}

static void sv_format_state(const ar_instance *in, const void *state, char *buf, size_t size)
{
    sv_pos p;
    size_t used = 0;
    int i, k;
    if (size == 0)
        return;
    buf[0] = '\0';
    sv_unpack(in, state, &p);
    for (i = 0; i < p.ncols; i++) {
        for (k = 0; k < p.h[i]; k++) {
            int b = p.c[i][k];
            int w = snprintf(buf + used, size - used, "%s%c%d", k ? " " : "", 'a' + sv_colour(b),
                             sv_num(b));
            if (w < 0 || (size_t)w >= size - used)
                return;
            used += (size_t)w;
        }
        {
            int w = snprintf(buf + used, size - used, "%s\n", p.h[i] ? "" : "-");
            if (w < 0 || (size_t)w >= size - used)
                return;
            used += (size_t)w;
        }
    }
}

static unsigned sv_max_moves(const ar_instance *in) { return (unsigned)(in->ncols * (in->ncols - 1)); }

static unsigned sv_legal_moves(const ar_instance *in, const void *state, ar_move *moves)
{
    sv_pos p;
    unsigned n = 0;
    int f, t;
    sv_unpack(in, state, &p);
    for (f = 0; f < p.ncols; f++) {
        int len = sv_run_len(&p, f);
        if (!len)
            continue;
        for (t = 0; t < p.ncols; t++) {
            int merged;
            if (sv_can_move(&p, f, t, len, &merged))
                moves[n++] = sv_move_code(f, t, len, merged);
        }
    }
    return n;
}

/* Moves `len` bricks from the top of column f to the top of column t in the
 * packed layout (heights, then the columns' bricks one after another). */
static void sv_packed_move(const ar_instance *in, unsigned char *s, int f, int t, int len)
{
    unsigned char *b = s + in->ncols;
    unsigned char run[SV_NUMS];
    int off[SV_MAX_COLS + 1], i;
    off[0] = 0;
    for (i = 0; i < in->ncols; i++)
        off[i + 1] = off[i] + s[i];
    memcpy(run, b + off[f + 1] - len, (size_t)len);
    if (f < t) {
        memmove(b + off[f + 1] - len, b + off[f + 1], (size_t)(off[t + 1] - off[f + 1]));
        memcpy(b + off[t + 1] - len, run, (size_t)len);
    } else {
        memmove(b + off[t + 1] + len, b + off[t + 1], (size_t)(off[f + 1] - len - off[t + 1]));
        memcpy(b + off[t + 1], run, (size_t)len);
    }
    s[f] = (unsigned char)(s[f] - len);
    s[t] = (unsigned char)(s[t] + len);
}

static void sv_apply(const ar_instance *in, void *state, ar_move m)
{
    sv_packed_move(in, state, sv_move_from(m), sv_move_to(m), sv_move_len(m));
}

static void sv_undo(const ar_instance *in, void *state, ar_move m)
{
    sv_packed_move(in, state, sv_move_to(m), sv_move_from(m), sv_move_len(m));
}

/* Moving the same run straight back undoes a move, unless the run merged with
 * the brick it landed on (then the run on top is longer). The reverse move is
 * not always legal (the run may have stood on another colour); search only
 * compares codes, so returning it anyway is harmless. */
static ar_move sv_inverse(const ar_instance *in, ar_move m)
{
    (void)in;
    if (sv_move_merged(m))
        return AR_NO_MOVE;
    return sv_move_code(sv_move_to(m), sv_move_from(m), sv_move_len(m), 0);
}

static size_t sv_format_move(const ar_instance *in, ar_move m, char *buf, size_t size)
{
    int w;
    (void)in;
    w = snprintf(buf, size, "%d-%d", sv_move_from(m) + 1, sv_move_to(m) + 1);
    return w < 0 ? 0 : (size_t)w;
}

/* Reads a column number 1..ncols from text[*i..len). */
static int sv_read_column(const char *text, size_t len, size_t *i, int *out)
{
    long v = 0;
    size_t start = *i;
    while (*i < len && text[*i] >= '0' && text[*i] <= '9') {
        if (v < 1000)
            v = v * 10 + (text[*i] - '0');
        (*i)++;
    }
    if (*i == start)
        return 0;
    *out = (int)v;
    return 1;
}

static ar_status sv_parse_move(const ar_instance *in, const void *state, const char *text,
                               size_t len, ar_move *out, ar_error *err)
{
    size_t i = 0;
    int f = 0, t = 0, runlen, merged;
    sv_pos p;
    char shown[32];
    sv_show(text, len, shown, sizeof shown);
    if (!sv_read_column(text, len, &i, &f) || i >= len || text[i] != '-' ||
        (i++, !sv_read_column(text, len, &i, &t)) || i != len)
        return ar_error_set(err, AR_ERR_INPUT,
                            "'%s' is not a move: write FROM-TO with column numbers 1..%d, e.g. "
                            "'3-7'",
                            shown, in->ncols);
    if (f < 1 || f > in->ncols || t < 1 || t > in->ncols)
        return ar_error_set(err, AR_ERR_INPUT, "move '%s': columns are numbered 1..%d", shown,
                            in->ncols);
    if (f == t)
        return ar_error_set(err, AR_ERR_INPUT, "move '%s': a run cannot move onto its own column",
                            shown);
    f--;
    t--;
    sv_unpack(in, state, &p);
    runlen = sv_run_len(&p, f);
    if (!runlen)
        return ar_error_set(err, AR_ERR_INPUT, "move '%s': column %d is empty", shown, f + 1);
    if (!sv_can_move(&p, f, t, runlen, &merged)) {
        int bottom = p.c[f][p.h[f] - runlen], top = p.c[t][p.h[t] - 1];
        if (sv_num(top) == 0 && sv_colour(top) == sv_colour(bottom))
            return ar_error_set(err, AR_ERR_INPUT,
                                "move '%s': column %d has %c0 on top and nothing goes on a 0",
                                shown, t + 1, 'a' + sv_colour(top));
        return ar_error_set(err, AR_ERR_INPUT,
                            "move '%s': the run from column %d has %c%d at its bottom, which "
                            "cannot go on %c%d (needs the same colour and a larger number)",
                            shown, f + 1, 'a' + sv_colour(bottom), sv_num(bottom),
                            'a' + sv_colour(top), sv_num(top));
    }
    *out = sv_move_code(f, t, runlen, merged);
    return AR_OK;
}

/* ------------------------------------------------------------------------ */
/* Generic heuristics (for the library's A* and IDA* on the packed state)    */

static uint64_t sv_h_order(const ar_instance *in, const void *state)
{
    sv_pos p;
    sv_unpack(in, state, &p);
    return sv_bound(&p, SV_BOUND_FULL);
}

static uint64_t sv_h_runs(const ar_instance *in, const void *state)
{
    sv_pos p;
    sv_unpack(in, state, &p);
    return sv_bound(&p, SV_BOUND_LINKS);
}

static const ar_heuristic sv_heuristics[] = {
    {"order", "bad links plus waste moves forced by the order of first moves (admissible)",
     AR_HEURISTIC_ADMISSIBLE, NULL, sv_h_order},
    {"runs", "runs not yet standing in sequence: each needs a move (admissible, consistent)",
     AR_HEURISTIC_ADMISSIBLE | AR_HEURISTIC_CONSISTENT, NULL, sv_h_runs},
    {NULL, NULL, 0, NULL, NULL}};

/* ------------------------------------------------------------------------ */
/* The solver: A* on a column-free encoding                                  */
/*
 * Key of a state: for every brick, the brick it stands on (or SV_FLOOR). This
 * says everything about a position except which column is which, so states
 * that differ only by the order of their columns share one key, and the key is
 * updated in O(1) by a move (only the run's bottom brick changes its support).
 * A Zobrist hash over (brick, support) pairs follows the key incrementally.
 *
 * Step 1. Successors are pruned by rules that keep at least one optimal
 *         solution from every state (proofs at each rule in sv_gen).
 * Step 2. Nodes are expanded in order of f = g + h, deepest first among equal
 *         f; h is the bound above, raised by pathmax (h(child) >= h(parent)-1)
 *         since the cycle part is not consistent; a closed node reached again
 *         by a shorter path is reopened, so the result is optimal.
 * Step 3. The first goal taken from the open list is optimal; its moves are
 *         recovered by replaying from the labelled start, matching keys. */

enum { SV_CLOSED = 1, SV_FULL = 2 }; /* node flags */

typedef struct sv_bucket {
    uint32_t *v;
    size_t n, cap;
} sv_bucket;

typedef struct sv_search {
    const ar_instance *in;
    int ncols, nb;
    ar_mem mem;
    ar_error *err;
    /* node store (structure of arrays) */
    unsigned char *keys; /* nb bytes per node */
    uint64_t *hash;
    uint32_t *parent;
    uint16_t *g;
    uint16_t *hv;
    unsigned char *closed;
    size_t count, cap;
    /* hash table of node index + 1 */
    uint32_t *table;
    size_t tcap;
    /* open list: buckets[f][g] (lazily sized) */
    sv_bucket **open;
    size_t *open_gcap;
    size_t fcap;
    size_t fmin;
    unsigned weight; /* f = g + weight * h */
    uint64_t zob[SV_MAX_BRICKS][SV_MAX_BRICKS + 1];
} sv_search;

static void *sv_grow(sv_search *S, void *ptr, size_t old_bytes, size_t new_bytes, const char *what)
{
    if (!ptr)
        return ar_mem_alloc(&S->mem, new_bytes, 1, what, S->err);
    ptr = ar_mem_realloc(&S->mem, ptr, old_bytes, new_bytes, what, S->err);
    if (ptr && new_bytes > old_bytes)
        memset((char *)ptr + old_bytes, 0, new_bytes - old_bytes);
    return ptr;
}

static int sv_reserve_nodes(sv_search *S)
{
    size_t nc, nb = (size_t)S->nb;
    void *p;
    if (S->count < S->cap)
        return 1;
    nc = S->cap ? S->cap * 2 : 1u << 14;
    if (nc > 0xFFFFFFF0u)
        return 0;
#define SV_GROW(field, width, what)                                                     \
    p = sv_grow(S, S->field, S->cap * (width), nc * (width), what);                     \
    if (!p)                                                                             \
        return 0;                                                                       \
    S->field = p;
    SV_GROW(keys, nb, "sarov node keys")
    SV_GROW(hash, sizeof(uint64_t), "sarov node hashes")
    SV_GROW(parent, sizeof(uint32_t), "sarov node parents")
    SV_GROW(g, sizeof(uint16_t), "sarov node costs")
    SV_GROW(hv, sizeof(uint16_t), "sarov node bounds")
    SV_GROW(closed, 1, "sarov node flags")
#undef SV_GROW
    S->cap = nc;
    return 1;
}

static int sv_table_grow(sv_search *S)
{
    size_t nc = S->tcap ? S->tcap * 2 : 1u << 15, i;
    uint32_t *t = ar_mem_alloc(&S->mem, nc * sizeof *t, 1, "sarov hash table", S->err);
    if (!t)
        return 0;
    for (i = 0; i < S->count; i++) {
        size_t j = (size_t)S->hash[i] & (nc - 1);
        while (t[j])
            j = (j + 1) & (nc - 1);
        t[j] = (uint32_t)(i + 1);
    }
    if (S->table)
        ar_mem_free(&S->mem, S->table, S->tcap * sizeof *S->table);
    S->table = t;
    S->tcap = nc;
    return 1;
}

/* Index of the node with this key, or -1; *slot receives where to insert. */
static long sv_lookup(const sv_search *S, const unsigned char *key, uint64_t h, size_t *slot)
{
    size_t j = (size_t)h & (S->tcap - 1);
    while (S->table[j]) {
        size_t n = S->table[j] - 1;
        if (S->hash[n] == h && memcmp(S->keys + n * (size_t)S->nb, key, (size_t)S->nb) == 0)
            return (long)n;
        j = (j + 1) & (S->tcap - 1);
    }
    *slot = j;
    return -1;
}

static int sv_push(sv_search *S, uint32_t node)
{
    size_t f = (size_t)S->g[node] + (size_t)S->weight * S->hv[node], g = S->g[node];
    sv_bucket *b;
    if (f >= S->fcap) {
        size_t nf = f + 64, i;
        void *p1 = sv_grow(S, S->open, S->fcap * sizeof *S->open, nf * sizeof *S->open,
                           "sarov open list");
        if (!p1)
            return 0;
        S->open = p1;
        p1 = sv_grow(S, S->open_gcap, S->fcap * sizeof *S->open_gcap, nf * sizeof *S->open_gcap,
                     "sarov open list");
        if (!p1)
            return 0;
        S->open_gcap = p1;
        for (i = S->fcap; i < nf; i++) {
            S->open[i] = NULL;
            S->open_gcap[i] = 0;
        }
        S->fcap = nf;
    }
    if (g >= S->open_gcap[f]) {
        size_t ng = g + 32;
        void *p1 = sv_grow(S, S->open[f], S->open_gcap[f] * sizeof(sv_bucket),
                           ng * sizeof(sv_bucket), "sarov open list");
        if (!p1)
            return 0;
        S->open[f] = p1;
        S->open_gcap[f] = ng;
    }
    b = &S->open[f][g];
    if (b->n == b->cap) {
        size_t nc = b->cap ? b->cap * 2 : 64;
        void *p1 = sv_grow(S, b->v, b->cap * sizeof *b->v, nc * sizeof *b->v, "sarov open list");
        if (!p1)
            return 0;
        b->v = p1;
        b->cap = nc;
    }
    b->v[b->n++] = node;
    if (f < S->fmin)
        S->fmin = f;
    return 1;
}

/* Pops a live node with the least f, deepest first; -1 when empty. */
static long sv_pop(sv_search *S)
{
    for (; S->fmin < S->fcap; S->fmin++) {
        size_t f = S->fmin, g;
        for (g = S->open_gcap[f]; g-- > 0;) {
            sv_bucket *b = &S->open[f][g];
            while (b->n) {
                uint32_t node = b->v[--b->n];
                if (!(S->closed[node] & SV_CLOSED) && S->g[node] == g)
                    return (long)node;
            }
        }
    }
    return -1;
}

static void sv_search_free(sv_search *S)
{
    size_t f, g, nb = (size_t)S->nb;
    if (S->open) {
        for (f = 0; f < S->fcap; f++) {
            for (g = 0; g < S->open_gcap[f]; g++)
                if (S->open[f][g].v)
                    ar_mem_free(&S->mem, S->open[f][g].v, S->open[f][g].cap * sizeof(uint32_t));
            if (S->open[f])
                ar_mem_free(&S->mem, S->open[f], S->open_gcap[f] * sizeof(sv_bucket));
        }
        ar_mem_free(&S->mem, S->open, S->fcap * sizeof *S->open);
        ar_mem_free(&S->mem, S->open_gcap, S->fcap * sizeof *S->open_gcap);
    }
    if (S->keys) {
        ar_mem_free(&S->mem, S->keys, S->cap * nb);
        ar_mem_free(&S->mem, S->hash, S->cap * sizeof(uint64_t));
        ar_mem_free(&S->mem, S->parent, S->cap * sizeof(uint32_t));
        ar_mem_free(&S->mem, S->g, S->cap * sizeof(uint16_t));
        ar_mem_free(&S->mem, S->hv, S->cap * sizeof(uint16_t));
        ar_mem_free(&S->mem, S->closed, S->cap);
    }
    if (S->table)
        ar_mem_free(&S->mem, S->table, S->tcap * sizeof(uint32_t));
}

/* Key of a position: support of each brick. */
static void sv_key(const sv_pos *p, unsigned char *key)
{
    int i, k;
    for (i = 0; i < p->ncols; i++)
        for (k = 0; k < p->h[i]; k++)
            key[p->c[i][k]] = (unsigned char)(k ? p->c[i][k - 1] : SV_FLOOR);
}

static uint64_t sv_key_hash(const sv_search *S, const unsigned char *key)
{
    uint64_t h = 0;
    int b;
    for (b = 0; b < S->nb; b++)
        h ^= S->zob[b][key[b]];
    return h;
}

/* Rebuilds columns from a key; columns come in order of their bottom brick,
 * then the empty ones. */
static void sv_from_key(const sv_search *S, const unsigned char *key, sv_pos *p)
{
    unsigned char above[SV_MAX_BRICKS];
    int b, n = 0;
    memset(above, SV_NONE, sizeof above);
    for (b = 0; b < S->nb; b++)
        if (key[b] != SV_FLOOR)
            above[key[b]] = (unsigned char)b;
    p->ncols = S->ncols;
    for (b = 0; b < S->nb; b++)
        if (key[b] == SV_FLOOR) {
            int x = b, h = 0;
            while (x != SV_NONE) {
                p->c[n][h++] = (unsigned char)x;
                x = above[x];
            }
            p->h[n++] = (unsigned char)h;
        }
    for (; n < S->ncols; n++)
        p->h[n] = 0;
}

/* Successor moves of a solver position after pruning; returns the count.
 * Moves are (from, to, len) packed by sv_move_code. */
static int sv_gen(const sv_pos *p, ar_move *moves)
{
    unsigned char locc[SV_MAX_BRICKS], loci[SV_MAX_BRICKS];
    int runlen[SV_MAX_COLS];
    int i, k, t, n = 0, empty = -1;
    for (i = 0; i < p->ncols; i++) {
        for (k = 0; k < p->h[i]; k++) {
            locc[p->c[i][k]] = (unsigned char)i;
            loci[p->c[i][k]] = (unsigned char)k;
        }
        runlen[i] = sv_run_len(p, i);
        if (!p->h[i] && empty < 0)
            empty = i;
    }
    /* Rule F (forced merge). Let X be the run on top of column i, its top brick
     * number lo and bottom brick k<6, and let Y, the block topped by k+1, be on
     * top of another column. If lo == 0, or the bricks 0..lo-1 of X's colour
     * already form one block Q, then putting X on Y now is as good as anything:
     * take an optimal solution P; every brick that could ever land on Y or on
     * X is of X's colour and below lo, i.e. Q (or nothing); so playing X->Y
     * first and then P with X's own moves deleted, and Q's first landing on X
     * or Y redirected onto X+Y and its later moves deleted, is legal (every
     * column top is the same as in P or holds strictly fewer bricks, and no
     * column empty in P is occupied) and no longer than P. So one successor
     * suffices. (The story's "glue neighbours always" shortcut is unsafe in
     * general because two pieces may compete for the two seats X and Y offer;
     * here there is at most one piece.) */
    for (i = 0; i < p->ncols; i++) {
        int len = runlen[i], top, bottom, s;
        if (!len)
            continue;
        top = p->c[i][p->h[i] - 1];
        bottom = p->c[i][p->h[i] - len];
        if (sv_num(bottom) == 6)
            continue;
        s = bottom + 1;
        if (locc[s] == i || loci[s] != p->h[locc[s]] - 1)
            continue;
        if (sv_num(top) != 0) {
            int q = top - 1, qc = locc[q], qi = loci[q];
            while (qi + 1 < p->h[qc] && sv_linked(p->c[qc][qi], p->c[qc][qi + 1]))
                qi++;
            if (sv_num(p->c[qc][qi]) != 0)
                continue;
        }
        moves[0] = sv_move_code(i, locc[s], len, 1);
        return 1;
    }
    for (i = 0; i < p->ncols; i++) {
        int len = runlen[i];
        if (!len)
            continue;
        for (t = 0; t < p->ncols; t++) {
            int merged;
            if (p->h[t] == 0) {
                /* Rule E1: empty columns are interchangeable (the key ignores
                 * column order), so only the first one is tried. Rule E2: a
                 * whole column moved onto an empty one only renames columns,
                 * and deleting such a move from any solution leaves a shorter
                 * one (with columns renamed), so it is never tried. This also
                 * covers moving a finished tower. */
                if (t != empty || len == p->h[i])
                    continue;
            }
            if (sv_can_move(p, i, t, len, &merged))
                moves[n++] = sv_move_code(i, t, len, merged);
        }
    }
    return n;
}

/* Writes the moves of the path ending at `goal` into result, in the labelled
 * columns of the instance. */
static ar_status sv_extract(sv_search *S, uint32_t goal, ar_result *result)
{
    const ar_instance *in = S->in;
    size_t len = S->g[goal], i, nb = (size_t)S->nb;
    uint32_t *path = malloc((len + 1) * sizeof *path);
    ar_move *moves = malloc((len ? len : 1) * sizeof *moves);
    unsigned char state[SV_MAX_COLS + SV_MAX_BRICKS], child[SV_MAX_COLS + SV_MAX_BRICKS];
    unsigned char key[SV_MAX_BRICKS];
    ar_move legal[SV_MAX_COLS * SV_MAX_COLS];
    uint32_t n = goal;
    if (!path || !moves) {
        free(path);
        free(moves);
        return ar_error_set(S->err, AR_ERR_MEMORY, "out of memory writing the solution");
    }
    for (i = len + 1; i-- > 0;) {
        path[i] = n;
        n = S->parent[n];
    }
    memcpy(state, in->start, sv_state_size(in));
    for (i = 0; i < len; i++) {
        unsigned cnt = sv_legal_moves(in, state, legal), j;
        int found = 0;
        for (j = 0; j < cnt && !found; j++) {
            sv_pos p;
            memcpy(child, state, sv_state_size(in));
            sv_apply(in, child, legal[j]);
            sv_unpack(in, child, &p);
            sv_key(&p, key);
            if (memcmp(key, S->keys + (size_t)path[i + 1] * nb, nb) == 0) {
                moves[i] = legal[j];
                memcpy(state, child, sv_state_size(in));
                found = 1;
            }
        }
        if (!found) {
            free(path);
            free(moves);
            return ar_error_set(S->err, AR_ERR_INTERNAL,
                                "sarov: could not replay step %zu of the solution", i + 1);
        }
    }
    free(path);
    result->moves = moves;
    result->length = len;
    result->cost = len;
    return AR_OK;
}

/* Limits shared by the passes of one solve. */
typedef struct sv_limits {
    const ar_search_options *opts;
    double t0;
    uint64_t node_budget; /* expansions allowed to this pass (0: no budget) */
    uint64_t expanded, generated;
} sv_limits;

enum { SV_FOUND = -1, SV_EXHAUSTED = -2, SV_BUDGET = -3 }; /* else an ar_stop_reason */

/* Starts a search from the instance's start. */
static int sv_search_init(sv_search *S, const ar_instance *in, size_t memory_limit, ar_error *err)
{
    ar_rng rng;
    sv_pos pos;
    unsigned char key[SV_MAX_BRICKS];
    size_t slot = 0;
    int b, x;
    memset(S, 0, sizeof *S);
    S->in = in;
    S->ncols = in->ncols;
    S->nb = in->nbricks;
    S->err = err;
    S->fmin = (size_t)-1;
    ar_mem_init(&S->mem, memory_limit);
    ar_rng_seed(&rng, 0x5A40F5EEDull);
    for (b = 0; b < SV_MAX_BRICKS; b++)
        for (x = 0; x <= SV_MAX_BRICKS; x++)
            S->zob[b][x] = ar_rng_next(&rng);
    sv_unpack(in, in->start, &pos);
    sv_key(&pos, key);
    if (!sv_reserve_nodes(S) || !sv_table_grow(S))
        return 0;
    memcpy(S->keys, key, (size_t)S->nb);
    S->hash[0] = sv_key_hash(S, key);
    S->hv[0] = (uint16_t)sv_bound(&pos, SV_BOUND_FULL);
    S->closed[0] = SV_FULL;
    S->count = 1;
    sv_lookup(S, key, S->hash[0], &slot);
    S->table[slot] = 1;
    return 1;
}

/* Best-first search from the start with f = g + weight*h (weight 1: A*),
 * keeping only nodes with g + h < ub (a solution of length ub is already
 * known; ub 0: none). Returns SV_FOUND with *goal set, SV_EXHAUSTED when no
 * node is left (no solution shorter than ub), SV_BUDGET, or the stop reason. */
static int sv_search_run(sv_search *S, unsigned weight, unsigned ub, sv_limits *L, long *goal)
{
    const ar_search_options *opts = L->opts;
    size_t nb = (size_t)S->nb;
    uint64_t pass_expanded = 0;
    unsigned char key[SV_MAX_BRICKS];
    ar_move moves[SV_MAX_COLS * SV_MAX_COLS];
    sv_pos pos;
    S->weight = weight;
    if (!sv_push(S, 0))
        return AR_STOP_MEMORY;
    for (;;) {
        long nl = sv_pop(S);
        uint32_t node;
        int nm, j;
        if (nl < 0)
            return SV_EXHAUSTED;
        node = (uint32_t)nl;
        if (S->hv[node] == 0) {
            *goal = nl;
            return SV_FOUND;
        }
        if ((L->expanded & 1023) == 0 && opts) {
            if (opts->limits.interrupt && *opts->limits.interrupt)
                return AR_STOP_INTERRUPT;
            if (opts->limits.time_limit > 0 && ar_now() - L->t0 > opts->limits.time_limit)
                return AR_STOP_TIME;
        }
        if (opts && opts->limits.node_limit && L->expanded >= opts->limits.node_limit)
            return AR_STOP_NODES;
        if (L->node_budget && pass_expanded >= L->node_budget)
            return SV_BUDGET;
        sv_from_key(S, S->keys + (size_t)node * nb, &pos);
        if (!(S->closed[node] & SV_FULL)) {
            /* Lazy evaluation: children get the cheap bound when generated
             * (most are never expanded) and the full one when first taken;
             * a node whose f rises goes back to the open list. */
            unsigned hf = sv_bound(&pos, SV_BOUND_FULL);
            S->closed[node] |= SV_FULL;
            if (hf > S->hv[node]) {
                S->hv[node] = (uint16_t)hf;
                if (ub && S->g[node] + hf >= ub)
                    continue;
                if (!sv_push(S, node))
                    return AR_STOP_MEMORY;
                continue;
            }
        }
        S->closed[node] |= SV_CLOSED;
        L->expanded++;
        pass_expanded++;
        nm = sv_gen(&pos, moves);
        for (j = 0; j < nm; j++) {
            int f = sv_move_from(moves[j]), t = sv_move_to(moves[j]), len = sv_move_len(moves[j]);
            int bot = pos.c[f][pos.h[f] - len];
            int sup = pos.h[t] ? pos.c[t][pos.h[t] - 1] : SV_FLOOR;
            uint64_t h;
            uint16_t gc = (uint16_t)(S->g[node] + 1);
            size_t slot = 0;
            long old;
            unsigned hc;
            memcpy(key, S->keys + (size_t)node * nb, nb);
            h = S->hash[node] ^ S->zob[bot][key[bot]] ^ S->zob[bot][sup];
            key[bot] = (unsigned char)sup;
            old = sv_lookup(S, key, h, &slot);
            L->generated++;
            if (old >= 0) {
                if (gc < S->g[old] && (!ub || gc + S->hv[old] < ub)) {
                    S->g[old] = gc;
                    S->parent[old] = node;
                    S->closed[old] &= (unsigned char)~SV_CLOSED;
                    if (!sv_push(S, (uint32_t)old))
                        return AR_STOP_MEMORY;
                }
                continue;
            }
            sv_pos_move(&pos, f, t, len);
            hc = sv_bound(&pos, SV_BOUND_SELF);
            sv_pos_move(&pos, t, f, len);
            if (hc + 1 < S->hv[node])
                hc = S->hv[node] - 1u; /* pathmax */
            if (ub && gc + hc >= ub)
                continue; /* cannot beat the solution in hand */
            if (!sv_reserve_nodes(S))
                return AR_STOP_MEMORY;
            if (S->count * 2 >= S->tcap) {
                if (!sv_table_grow(S))
                    return AR_STOP_MEMORY;
                sv_lookup(S, key, h, &slot);
            }
            memcpy(S->keys + S->count * nb, key, nb);
            S->hash[S->count] = h;
            S->g[S->count] = gc;
            S->hv[S->count] = (uint16_t)hc;
            S->parent[S->count] = node;
            S->closed[S->count] = 0;
            S->table[slot] = (uint32_t)(S->count + 1);
            if (!sv_push(S, (uint32_t)S->count))
                return AR_STOP_MEMORY;
            S->count++;
        }
    }
}

/* Expansions allowed to the first, greedy pass that finds a solution to hold
 * while A* proves or improves it. */
#define SV_GREEDY_BUDGET 20000u
#define SV_GREEDY_WEIGHT 3u

/* The domain solver: a weighted pass for an incumbent (so a limit still leaves
 * a solution), then A* restricted to f below the incumbent's length. If A*
 * empties its open list the incumbent is optimal; if it finds a goal, that
 * goal is. */
static ar_status sv_astar(ar_instance *in, const ar_search_options *opts, const ar_move_sink *sink,
                          ar_result *result, ar_error *err)
{
    sv_search *S = malloc(sizeof *S);
    sv_limits L;
    size_t memlimit = opts ? opts->limits.memory_limit : 0;
    ar_move *best = NULL;
    uint64_t best_len = 0;
    size_t peak = 0;
    long goal = -1;
    int rc, lower = 0;
    ar_status st = AR_OK;
    (void)sink; /* solutions are short: always returned in result->moves */
    if (!S)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory starting the sarov solver");
    memset(&L, 0, sizeof L);
    L.opts = opts;
    L.t0 = ar_now();

    /* Pass 1: weighted best-first, a bounded number of expansions. */
    L.node_budget = SV_GREEDY_BUDGET;
    if (!sv_search_init(S, in, memlimit, err)) {
        rc = AR_STOP_MEMORY;
    } else {
        rc = sv_search_run(S, SV_GREEDY_WEIGHT, 0, &L, &goal);
        lower = S->hv[0];
    }
    peak = S->mem.peak;
    if (rc == SV_FOUND) {
        st = sv_extract(S, (uint32_t)goal, result);
        best = result->moves;
        best_len = result->length;
        result->moves = NULL;
    }
    sv_search_free(S);
    if (st != AR_OK)
        goto out;
    if (rc == SV_EXHAUSTED) {
        /* The pruning keeps a solution whenever one exists, so an exhausted
         * search (with no upper bound) proves there is none. */
        result->outcome = AR_OUTCOME_NO_SOLUTION;
        snprintf(result->note, sizeof result->note,
                 "every reachable position was searched: this layout has no solution");
        goto out;
    }
    if (rc == SV_FOUND || rc == SV_BUDGET) {
        /* Pass 2: A* below the incumbent. */
        L.node_budget = 0;
        goal = -1;
        if (!sv_search_init(S, in, memlimit, err))
            rc = AR_STOP_MEMORY;
        else
            rc = sv_search_run(S, 1, (unsigned)best_len, &L, &goal);
        if (S->mem.peak > peak)
            peak = S->mem.peak;
        if (rc == SV_FOUND) {
            free(best);
            best = NULL;
            st = sv_extract(S, (uint32_t)goal, result);
        } else if (rc == SV_EXHAUSTED && best) {
            result->moves = best;
            result->length = result->cost = best_len;
            best = NULL;
        } else if (rc != SV_EXHAUSTED) {
            /* Stopped: the least f on the open list is a proven lower bound. */
            lower = (int)(S->fmin < S->fcap ? S->fmin : (size_t)lower);
        }
        sv_search_free(S);
        if (st != AR_OK)
            goto out;
    }
    if (rc == SV_FOUND || rc == SV_EXHAUSTED) {
        if (result->moves) {
            result->outcome = AR_OUTCOME_SOLVED;
            result->optimal = 1;
            result->has_lower_bound = 1;
            result->lower_bound = result->length;
            snprintf(result->note, sizeof result->note,
                     "optimal: A* with an admissible bound (bad links + ordering cycles) and only "
                     "provably safe pruning");
        } else {
            result->outcome = AR_OUTCOME_NO_SOLUTION;
            snprintf(result->note, sizeof result->note,
                     "every reachable position was searched: this layout has no solution");
        }
        goto out;
    }
    /* A limit stopped the search. */
    if (rc == AR_STOP_MEMORY)
        ar_error_clear(err);
    result->outcome = AR_OUTCOME_STOPPED;
    result->stop = (ar_stop_reason)rc;
    result->has_lower_bound = 1;
    result->lower_bound = (uint64_t)lower;
    if (best) {
        result->moves = best;
        result->length = result->cost = best_len;
        best = NULL;
        snprintf(result->note, sizeof result->note,
                 "stopped: best solution found has %llu moves; every solution needs at least %d",
                 (unsigned long long)result->length, lower);
    } else {
        snprintf(result->note, sizeof result->note,
                 "stopped before a solution was found; every solution needs at least %d moves",
                 lower);
    }
out:
    result->expanded = L.expanded;
    result->generated = L.generated;
    result->peak_bytes = peak + sizeof *S;
    free(best);
    free(S);
    return st;
}

static const ar_domain_solver sv_solvers[] = {
    {"sarov-astar",
     "A* with the ordering bound, column-free transposition, safe pruning (optimal)", sv_astar},
    {NULL, NULL, NULL}};

static const char *sv_default_algorithm(const ar_instance *in)
{
    (void)in;
    return "sarov-astar";
}

/* ------------------------------------------------------------------------ */
/* Generator                                                                 */

/* Whether a layout is solvable, decided by the weighted search of the solver
 * (complete: its pruning keeps a solution whenever one exists). Returns 1
 * solvable, 0 proven unsolvable, -1 undecided within the effort cap. */
static int sv_solvable(const ar_instance *in)
{
    sv_search *S = malloc(sizeof *S);
    sv_limits L;
    ar_error err;
    long goal = -1;
    int rc = AR_STOP_MEMORY;
    if (!S)
        return -1;
    memset(&L, 0, sizeof L);
    L.node_budget = 2000000u;
    if (sv_search_init(S, in, (size_t)1 << 30, &err))
        rc = sv_search_run(S, SV_GREEDY_WEIGHT, 0, &L, &goal);
    sv_search_free(S);
    free(S);
    return rc == SV_FOUND ? 1 : rc == SV_EXHAUSTED ? 0 : -1;
}

/* Random layouts: a uniform shuffle of the 7C bricks dealt into C+2 columns
 * as evenly as possible, taller columns first (6 colours: 6 6 5 5 5 5 5 5;
 * 10 colours: ten 6s and two 5s, as on the site). About half of all shuffles
 * have no solution (no column can ever be emptied), so unless --any is given
 * the shuffle is repeated, from the same random stream, until the solver's
 * greedy pass proves the layout solvable. */
static ar_status sv_generate(const ar_param *params, size_t param_count, uint64_t seed,
                             char **text, ar_error *err)
{
    long colours;
    int c, ncols, nb, i, k, q, r, attempt, any = 0;
    unsigned char bricks[SV_MAX_BRICKS];
    ar_instance *in;
    ar_rng rng;
    size_t size, used = 0, pi;
    char *out;
    ar_status st = ar_param_int(params, param_count, "colours", SV_MIN_COLOURS, SV_MAX_COLOURS, 10,
                                &colours, err);
    *text = NULL;
    if (st != AR_OK)
        return st;
    for (pi = 0; pi < param_count; pi++)
        if (strcmp(params[pi].name, "any") == 0)
            any = 1;
    c = (int)colours;
    ncols = c + 2;
    nb = c * SV_NUMS;
    q = nb / ncols;
    r = nb % ncols;
    in = calloc(1, sizeof *in);
    if (!in)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory generating a layout");
    in->colours = c;
    in->ncols = ncols;
    in->nbricks = nb;
    ar_rng_seed(&rng, seed);
    for (attempt = 1;; attempt++) {
        for (i = 0; i < nb; i++)
            bricks[i] = (unsigned char)i;
        for (i = nb - 1; i > 0; i--) { /* Fisher-Yates: every order equally likely */
            int j = (int)ar_rng_below(&rng, (uint64_t)i + 1);
            unsigned char tmp = bricks[i];
            bricks[i] = bricks[j];
            bricks[j] = tmp;
        }
        for (i = 0; i < ncols; i++)
            in->start[i] = (unsigned char)(q + (i < r));
        memcpy(in->start + ncols, bricks, (size_t)nb);
        if (any || sv_solvable(in) == 1)
            break;
        if (attempt >= 1000) {
            free(in);
            return ar_error_set(err, AR_ERR_INTERNAL,
                                "no solvable layout found in 1000 shuffles (seed %llu)",
                                (unsigned long long)seed);
        }
    }
    free(in);
    size = 512 + (size_t)nb * 3 + (size_t)ncols * 2;
    out = malloc(size);
    if (!out)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory generating a layout");
    used += (size_t)snprintf(out + used, size - used,
                             "# Sarov towers: random layout, %d colours, %d columns, seed %llu "
                             "(shuffle %d, %s).\n"
                             "# One column per line, bricks listed from BOTTOM to TOP; a brick is "
                             "a colour letter and a number 0..6.\n",
                             c, ncols, (unsigned long long)seed, attempt,
                             any ? "not checked for a solution" : "proven solvable");
    k = 0;
    for (i = 0; i < ncols; i++) {
        int h = q + (i < r), j;
        for (j = 0; j < h; j++, k++)
            used += (size_t)snprintf(out + used, size - used, "%s%c%d", j ? " " : "",
                                     'a' + sv_colour(bricks[k]), sv_num(bricks[k]));
        used += (size_t)snprintf(out + used, size - used, "%s\n", h ? "" : "-");
    }
    *text = out;
    return AR_OK;
}

/* A copy of the instance starting from `state` (hints, tests from positions). */
static ar_status sv_with_start(const ar_instance *in, const void *state, ar_instance **out,
                               ar_error *err)
{
    ar_instance *copy = malloc(sizeof *copy);
    if (!copy)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory copying a sarov instance");
    *copy = *in;
    memcpy(copy->start, state, sv_state_size(in));
    *out = copy;
    return AR_OK;
}

/* ------------------------------------------------------------------------ */

static const ar_option_spec sv_options[] = {
    {"colours", "C", "number of colours for 'generate' (2..16, default 10)"},
    {"any", NULL, "generate: keep the first shuffle even if it has no solution"},
    {NULL, NULL, NULL}};

const ar_puzzle ar_domain_sarov = {
    .name = "sarov",
    .summary = "Sarov towers (bashni.org): stack each colour 6..0 in its own column",
    .help = "A layout is one column per line, bricks from bottom to top, each brick a colour letter\n"
    "and a number 0..6 (e.g. 'c4'); colours are the first C letters a.., C from 2 to 16, and\n"
    "there must be C+2 columns; a line '-' is an empty column, '#' starts a comment, and '/'\n"
    "may separate columns on one line. A move 'a-b' moves the run on top of column a (the\n"
    "longest top segment of one colour going 3 on 4 on 5) onto column b, which must be empty\n"
    "or have the same colour with a larger number on top. Goal: each colour in its own column,\n"
    "6 at the bottom to 0 on top. Columns are numbered from 1.",
    .flags = AR_PUZZLE_UNIT_COST,
    .options = sv_options,
    .create = sv_create,
    .destroy = sv_destroy,
    .describe = sv_describe,
    .state_size = sv_state_size,
    .initial_state = sv_initial_state,
    .is_goal = sv_is_goal,
    .format_state = sv_format_state,
    .max_moves = sv_max_moves,
    .legal_moves = sv_legal_moves,
    .apply = sv_apply,
    .undo = sv_undo,
    .inverse = sv_inverse,
    .format_move = sv_format_move,
    .parse_move = sv_parse_move,
    .heuristics = sv_heuristics,
    .solvers = sv_solvers,
    .default_algorithm = sv_default_algorithm,
    .generate = sv_generate,
    .with_start = sv_with_start,
};
