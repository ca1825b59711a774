/* hanoi.c — the Towers of Hanoi domain: k pegs (3..16), n discs (1..64), any
 * legal start and goal.
 *
 * A position is the peg of each disc, smallest disc first (`1121`); every such
 * assignment is a legal stack, so parsing only checks lengths and peg numbers.
 * Besides the generic interface (moves `a-b`, packed states for BFS/A*, admissible
 * heuristics) the domain has three closed-form solvers:
 *   - "recursive": 3 pegs, optimal from any position to any position, lengths up
 *     to 2^64-1 computed without search, moves streamed;
 *   - "frame-stewart": tower to tower on k pegs by the Frame-Stewart recursion;
 *   - "fs-heuristic": any start to any goal on 4+ pegs, a fast non-optimal
 *     solution guided by Frame-Stewart tower moves;
 * and `state_after`, the position after m moves of the canonical tower-to-tower
 * solution computed directly (O(n) for 3 pegs).
 *
 * Move codes carry the disc as well as the pegs (from | to << 4 | disc << 8), so
 * apply and undo are O(1) and need no scan for the top disc. */
#include "ariadne/puzzle.h"
#include "ariadne/search.h"
#include "ariadne/timer.h"
#include "ariadne/tool.h"
#include "hanoi_bench.h"
#include "hanoi_bfs2.h" /* ar_hanoi_instance_info, for the two-bit BFS and pattern databases */

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MIN_PEGS 3
#define MAX_PEGS 16
#define MAX_DISCS 64
#define DEFAULT_DISCS 8 /* Lucas's original 1883 toy had eight discs */
#define NO_DISC 0xFFu
#define PDB_DIR_MAX 1024
#define CHUNK 4096
/* Without a sink a solution is held in memory; beyond this many moves (256 MiB
 * of move codes) the caller must stream it instead. */
#define STORE_CAP ((uint64_t)1 << 26)
/* default_algorithm picks generic A* for non-tower 4+ peg instances when the
 * whole state space has at most this many states: A* with a consistent
 * heuristic never stores more than the space, and 4M packed states with the
 * engine's per-node bookkeeping stay within a few hundred MiB. */
#define ASTAR_STATE_CAP ((uint64_t)1 << 22)

#define MOVE(from, to, disc) ((ar_move)((unsigned)(from) | ((unsigned)(to) << 4) | ((unsigned)(disc) << 8)))
#define MOVE_FROM(m) ((unsigned)(m)&15u)
#define MOVE_TO(m) (((unsigned)(m) >> 4) & 15u)
#define MOVE_DISC(m) (((unsigned)(m) >> 8) & 63u)

struct ar_instance {
    unsigned pegs, discs;
    unsigned bits; /* bits per disc in a packed state: 2 when pegs <= 4, else 4 */
    size_t size;   /* packed state size in bytes */
    unsigned char start[MAX_DISCS], goal[MAX_DISCS]; /* 0-based peg of each disc, smallest first */
    unsigned char start_packed[32], goal_packed[32];
    /* Number of "active" discs: the largest disc where start and goal differ is
     * disc `active` (1-based); larger discs never need to move. */
    unsigned active;
    /* Discs 1..active all on one peg at the start (tower_from) and on one peg at
     * the goal (tower_to): the Frame-Stewart and state_after case. */
    int tower;
    unsigned tower_from, tower_to;
    /* fs[k][j]: Frame-Stewart length for j discs on k pegs (saturating);
     * split[k][j]: the number of small discs parked first. */
    uint64_t fs[MAX_PEGS + 1][MAX_DISCS + 1];
    unsigned char split[MAX_PEGS + 1][MAX_DISCS + 1];
    /* The pdb solver's options: the cache directory ("" = the default) and
     * the size of the largest disc group (0 = sized to the memory limit). */
    char pdb_dir[PDB_DIR_MAX];
    unsigned pdb_group;
};

/* ------------------------------------------------------------------ */
/* Saturating arithmetic: lengths up to 2^64-1 are exact, larger ones clamp. */

static uint64_t sat_add(uint64_t a, uint64_t b) { return a > UINT64_MAX - b ? UINT64_MAX : a + b; }

static uint64_t pow2_minus1(unsigned j) { return j >= 64 ? UINT64_MAX : ((uint64_t)1 << j) - 1; }

/* ------------------------------------------------------------------ */
/* Packed states */

static unsigned peg_of(const ar_instance *inst, const unsigned char *s, unsigned d)
{
    unsigned bit = d * inst->bits;
    return ((unsigned)s[bit >> 3] >> (bit & 7u)) & ((1u << inst->bits) - 1u);
}

static void set_peg(const ar_instance *inst, unsigned char *s, unsigned d, unsigned p)
{
    unsigned bit = d * inst->bits;
    unsigned mask = ((1u << inst->bits) - 1u) << (bit & 7u);
    s[bit >> 3] = (unsigned char)(((unsigned)s[bit >> 3] & ~mask) | (p << (bit & 7u)));
}

static void pack(const ar_instance *inst, const unsigned char *pos, unsigned char *s)
{
    unsigned d;
    memset(s, 0, inst->size);
    for (d = 0; d < inst->discs; d++)
        set_peg(inst, s, d, pos[d]);
}

static void unpack(const ar_instance *inst, const unsigned char *s, unsigned char *pos)
{
    unsigned d;
    for (d = 0; d < inst->discs; d++)
        pos[d] = (unsigned char)peg_of(inst, s, d);
}

/* top[p] = the smallest disc on peg p, or NO_DISC when the peg is empty. */
static void find_tops(const ar_instance *inst, const unsigned char *s, unsigned char *top)
{
    unsigned d, found = 0;
    memset(top, NO_DISC, inst->pegs);
    for (d = 0; d < inst->discs && found < inst->pegs; d++) {
        unsigned p = peg_of(inst, s, d);
        if (top[p] == NO_DISC) {
            top[p] = (unsigned char)d;
            found++;
        }
    }
}

static char peg_char(unsigned p) { return (char)(p < 9 ? '1' + (int)p : 'A' + (int)(p - 9)); }

/* ------------------------------------------------------------------ */
/* Parsing positions */

static int is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

/* Parses one position (len bytes). Two notations: one character per disc
 * ('1'..'9', then 'A'..'G' or 'a'..'g' for pegs 10..16), or, when the text has
 * a comma, decimal peg numbers separated by commas ("1,12,3"). */
static ar_status parse_position(const char *text, size_t len, unsigned pegs, const char *what,
                                unsigned char *out, unsigned *count, ar_error *err)
{
    unsigned n = 0;
    size_t i;
    int shown = (int)(len < 40 ? len : 40);
    const char *dots = len > 40 ? "..." : "";
    int commas = memchr(text, ',', len) != NULL;

    if (len == 0)
        return ar_error_set(err, AR_ERR_INPUT, "%s is empty", what);
    for (i = 0; i < len;) {
        unsigned peg = 0;
        char c = text[i];
        if (commas) {
            size_t j = i, digits = 0;
            while (j < len && is_space(text[j]))
                j++;
            if (j < len && ((text[j] >= 'A' && text[j] <= 'G') || (text[j] >= 'a' && text[j] <= 'g'))) {
                peg = 10u + (unsigned)((text[j] | 0x20) - 'a'); /* a letter, as in the compact form */
                digits = 1;
                j++;
            } else {
                while (j < len && text[j] >= '0' && text[j] <= '9') {
                    if (digits < 4)
                        peg = peg * 10 + (unsigned)(text[j] - '0');
                    digits++;
                    j++;
                }
            }
            while (j < len && is_space(text[j]))
                j++;
            if (digits == 0 || (j < len && text[j] != ','))
                return ar_error_set(err, AR_ERR_INPUT,
                                    "%s '%.*s%s': item %u is not a peg number (expected a list "
                                    "like 1,12,3)",
                                    what, shown, text, dots, n + 1);
            if (digits > 3)
                peg = 9999;
            i = j + 1;
            if (j + 1 == len) /* trailing comma */
                return ar_error_set(err, AR_ERR_INPUT, "%s '%.*s%s': ends with a comma", what,
                                    shown, text, dots);
        } else {
            if (c >= '0' && c <= '9')
                peg = (unsigned)(c - '0');
            else if (c >= 'A' && c <= 'G')
                peg = 10u + (unsigned)(c - 'A');
            else if (c >= 'a' && c <= 'g')
                peg = 10u + (unsigned)(c - 'a');
            else if ((unsigned char)c >= 0x20 && (unsigned char)c < 0x7F)
                return ar_error_set(err, AR_ERR_INPUT,
                                    "%s '%.*s%s': character %zu ('%c') is not a peg (pegs are "
                                    "1-9, then A-G for 10-16)",
                                    what, shown, text, dots, i + 1, c);
            else
                return ar_error_set(err, AR_ERR_INPUT,
                                    "%s: character %zu (byte 0x%02X) is not a peg (pegs are 1-9, "
                                    "then A-G for 10-16)",
                                    what, i + 1, (unsigned)(unsigned char)c);
            i++;
        }
        if (n >= MAX_DISCS)
            return ar_error_set(err, AR_ERR_INPUT, "%s '%.*s%s' has more than %d discs", what, shown,
                                text, dots, MAX_DISCS);
        if (peg == 0)
            return ar_error_set(err, AR_ERR_INPUT,
                                "%s '%.*s%s': disc %u is on peg 0 but pegs are numbered from 1", what,
                                shown, text, dots, n + 1);
        if (peg > pegs)
            return ar_error_set(err, AR_ERR_INPUT,
                                "%s '%.*s%s': disc %u is on peg %u but there are only %u pegs%s", what,
                                shown, text, dots, n + 1, peg, pegs,
                                pegs == 3 ? " (use --pegs K)" : "");
        out[n++] = (unsigned char)(peg - 1);
    }
    *count = n;
    return AR_OK;
}

/* Splits the instance text into START and an optional GOAL: "START",
 * "START GOAL" or "START -> GOAL" (surrounding white space ignored). */
static ar_status split_instance(const char *text, const char **a, size_t *alen, const char **b,
                                size_t *blen, ar_error *err)
{
    const char *s = text, *e = text + strlen(text);
    const char *words[3];
    size_t lens[3];
    unsigned count = 0;
    *a = *b = NULL;
    *alen = *blen = 0;
    while (s < e) {
        const char *w;
        while (s < e && is_space(*s))
            s++;
        if (s >= e)
            break;
        if (s + 1 < e && s[0] == '-' && s[1] == '>') { /* an arrow between the two */
            s += 2;
            continue;
        }
        w = s;
        while (s < e && !is_space(*s) && !(s + 1 < e && s[0] == '-' && s[1] == '>'))
            s++;
        if (count == 2)
            return ar_error_set(err, AR_ERR_INPUT,
                                "instance: expected 'START' or 'START GOAL', found a third word '%.*s'",
                                (int)((size_t)(s - w) < 40 ? (size_t)(s - w) : 40), w);
        words[count] = w;
        lens[count] = (size_t)(s - w);
        count++;
    }
    if (count >= 1) {
        *a = words[0];
        *alen = lens[0];
    }
    if (count >= 2) {
        *b = words[1];
        *blen = lens[1];
    }
    return AR_OK;
}

/* Trims white space around an option's text. */
static void trim(const char **s, size_t *len)
{
    while (*len && is_space(**s)) {
        (*s)++;
        (*len)--;
    }
    while (*len && is_space((*s)[*len - 1]))
        (*len)--;
}

static int param_present(const ar_param *params, size_t count, const char *name)
{
    size_t i;
    for (i = 0; i < count; i++)
        if (strcmp(params[i].name, name) == 0)
            return 1;
    return 0;
}

/* ------------------------------------------------------------------ */
/* Frame-Stewart table */

static void fill_fs(ar_instance *inst)
{
    unsigned k, j, x;
    memset(inst->fs, 0, sizeof inst->fs);
    memset(inst->split, 0, sizeof inst->split);
    for (j = 0; j <= MAX_DISCS; j++)
        inst->fs[3][j] = pow2_minus1(j);
    for (k = 4; k <= inst->pegs; k++) {
        inst->fs[k][0] = 0;
        inst->fs[k][1] = 1;
        for (j = 2; j <= MAX_DISCS; j++) {
            uint64_t best = UINT64_MAX;
            unsigned arg = 1;
            /* T_k(j) = min over 1 <= x < j of 2 T_k(x) + T_{k-1}(j-x): park the x
             * smallest discs using all k pegs, move the rest with k-1 pegs, and
             * bring the x back. Ties keep the smallest x. */
            for (x = 1; x < j; x++) {
                uint64_t v = sat_add(sat_add(inst->fs[k][x], inst->fs[k][x]), inst->fs[k - 1][j - x]);
                if (v < best) {
                    best = v;
                    arg = x;
                }
            }
            inst->fs[k][j] = best;
            inst->split[k][j] = (unsigned char)arg;
        }
    }
}

/* ------------------------------------------------------------------ */
/* Instances */

static void setup(ar_instance *inst)
{
    unsigned d;
    inst->bits = inst->pegs <= 4 ? 2u : 4u;
    inst->size = (inst->discs * inst->bits + 7u) / 8u;
    pack(inst, inst->start, inst->start_packed);
    pack(inst, inst->goal, inst->goal_packed);
    inst->active = 0;
    for (d = inst->discs; d-- > 0;)
        if (inst->start[d] != inst->goal[d]) {
            inst->active = d + 1;
            break;
        }
    inst->tower = 1;
    inst->tower_from = inst->active ? inst->start[0] : 0;
    inst->tower_to = inst->active ? inst->goal[0] : 0;
    for (d = 0; d < inst->active; d++)
        if (inst->start[d] != inst->tower_from || inst->goal[d] != inst->tower_to)
            inst->tower = 0;
    fill_fs(inst);
}

static ar_status hanoi_create(const char *text, const ar_param *params, size_t param_count,
                              ar_instance **out, ar_error *err)
{
    long pegs_l, discs_l, group_l;
    unsigned pegs, discs = 0;
    const char *pdb_dir;
    ar_status st;
    const char *itext_a = NULL, *itext_b = NULL;
    size_t ia_len = 0, ib_len = 0;
    unsigned char from_inst[MAX_DISCS], to_inst[MAX_DISCS], from_opt[MAX_DISCS], to_opt[MAX_DISCS];
    unsigned n_from_inst = 0, n_to_inst = 0, n_from_opt = 0, n_to_opt = 0;
    const char *from_text = NULL, *to_text = NULL;
    size_t from_text_len = 0, to_text_len = 0;
    const unsigned char *start = NULL, *goal = NULL;
    unsigned n_start = 0, n_goal = 0;
    const char *start_what = NULL, *goal_what = NULL;
    ar_instance *inst;
    unsigned d;

    *out = NULL;
    st = ar_param_int(params, param_count, "pegs", MIN_PEGS, MAX_PEGS, 3, &pegs_l, err);
    if (st != AR_OK)
        return st;
    pegs = (unsigned)pegs_l;
    st = ar_param_int(params, param_count, "discs", 1, MAX_DISCS, 0, &discs_l, err);
    if (st != AR_OK)
        return st;
    discs = (unsigned)discs_l;
    st = ar_param_int(params, param_count, "pdb-group", 1, MAX_DISCS, 0, &group_l, err);
    if (st != AR_OK)
        return st;
    pdb_dir = ar_param_get(params, param_count, "pdb-dir");
    if (param_present(params, param_count, "pdb-dir") && (!pdb_dir || !*pdb_dir))
        return ar_error_set(err, AR_ERR_INPUT, "option --pdb-dir needs a directory");
    if (pdb_dir && strlen(pdb_dir) >= PDB_DIR_MAX)
        return ar_error_set(err, AR_ERR_INPUT, "option --pdb-dir: the path is too long");

    if (text) {
        st = split_instance(text, &itext_a, &ia_len, &itext_b, &ib_len, err);
        if (st != AR_OK)
            return st;
        if (itext_a) {
            st = parse_position(itext_a, ia_len, pegs, "position", from_inst, &n_from_inst, err);
            if (st != AR_OK)
                return st;
            start = from_inst;
            n_start = n_from_inst;
            start_what = "the instance";
        }
        if (itext_b) {
            st = parse_position(itext_b, ib_len, pegs, "goal position", to_inst, &n_to_inst, err);
            if (st != AR_OK)
                return st;
            goal = to_inst;
            n_goal = n_to_inst;
            goal_what = "the instance's goal";
        }
    }
    if (param_present(params, param_count, "from")) {
        from_text = ar_param_get(params, param_count, "from");
        if (!from_text)
            return ar_error_set(err, AR_ERR_INPUT, "option --from needs a position such as 1121");
        from_text_len = strlen(from_text);
        trim(&from_text, &from_text_len);
        st = parse_position(from_text, from_text_len, pegs, "--from", from_opt, &n_from_opt, err);
        if (st != AR_OK)
            return st;
        if (start && (n_start != n_from_opt || memcmp(start, from_opt, n_start) != 0))
            return ar_error_set(err, AR_ERR_INPUT,
                                "the instance and --from give different start positions ('%.*s' vs "
                                "'%.*s')",
                                (int)(ia_len < 40 ? ia_len : 40), itext_a,
                                (int)(from_text_len < 40 ? from_text_len : 40), from_text);
        start = from_opt;
        n_start = n_from_opt;
        start_what = "--from";
    }
    if (param_present(params, param_count, "to")) {
        to_text = ar_param_get(params, param_count, "to");
        if (!to_text)
            return ar_error_set(err, AR_ERR_INPUT, "option --to needs a position such as 3333");
        to_text_len = strlen(to_text);
        trim(&to_text, &to_text_len);
        st = parse_position(to_text, to_text_len, pegs, "--to", to_opt, &n_to_opt, err);
        if (st != AR_OK)
            return st;
        if (goal && (n_goal != n_to_opt || memcmp(goal, to_opt, n_goal) != 0))
            return ar_error_set(err, AR_ERR_INPUT,
                                "the instance and --to give different goal positions ('%.*s' vs "
                                "'%.*s')",
                                (int)(ib_len < 40 ? ib_len : 40), itext_b,
                                (int)(to_text_len < 40 ? to_text_len : 40), to_text);
        goal = to_opt;
        n_goal = n_to_opt;
        goal_what = "--to";
    }

    /* The number of discs: --discs, else the length of a given position, else
     * the default; every source must agree. */
    if (discs) {
        if (start && n_start != discs)
            return ar_error_set(err, AR_ERR_INPUT, "%s has %u discs but --discs is %u", start_what,
                                n_start, discs);
        if (goal && n_goal != discs)
            return ar_error_set(err, AR_ERR_INPUT, "%s has %u discs but --discs is %u", goal_what,
                                n_goal, discs);
    } else if (start) {
        discs = n_start;
        if (goal && n_goal != discs)
            return ar_error_set(err, AR_ERR_INPUT, "%s has %u discs but %s has %u", goal_what, n_goal,
                                start_what, n_start);
    } else if (goal) {
        discs = n_goal;
    } else {
        discs = DEFAULT_DISCS;
    }

    inst = calloc(1, sizeof *inst);
    if (!inst)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory creating a hanoi instance");
    inst->pegs = pegs;
    inst->discs = discs;
    inst->pdb_group = (unsigned)group_l;
    if (pdb_dir)
        snprintf(inst->pdb_dir, sizeof inst->pdb_dir, "%s", pdb_dir);
    for (d = 0; d < discs; d++) {
        inst->start[d] = start ? start[d] : 0;
        inst->goal[d] = goal ? goal[d] : (unsigned char)(pegs - 1);
    }
    setup(inst);
    *out = inst;
    return AR_OK;
}

static void hanoi_destroy(ar_instance *inst) { free(inst); }

/* Writes a position into buf (NUL-terminated, truncated to size). */
static void write_position(const unsigned char *pos, unsigned n, char *buf, size_t size)
{
    unsigned d;
    if (!size)
        return;
    for (d = 0; d < n && d + 1 < size; d++)
        buf[d] = peg_char(pos[d]);
    buf[d] = '\0';
}

static void hanoi_describe(const ar_instance *inst, char *buf, size_t size)
{
    char a[MAX_DISCS + 1], b[MAX_DISCS + 1];
    write_position(inst->start, inst->discs, a, sizeof a);
    write_position(inst->goal, inst->discs, b, sizeof b);
    if (size)
        snprintf(buf, size, "%u pegs, %u disc%s, %s -> %s", inst->pegs, inst->discs,
                 inst->discs == 1 ? "" : "s", a, b);
}

/* ------------------------------------------------------------------ */
/* States and moves */

static size_t hanoi_state_size(const ar_instance *inst) { return inst->size; }

static void hanoi_initial_state(const ar_instance *inst, void *state)
{
    memcpy(state, inst->start_packed, inst->size);
}

static int hanoi_is_goal(const ar_instance *inst, const void *state)
{
    return memcmp(state, inst->goal_packed, inst->size) == 0;
}

static void hanoi_format_state(const ar_instance *inst, const void *state, char *buf, size_t size)
{
    unsigned char pos[MAX_DISCS];
    unpack(inst, state, pos);
    write_position(pos, inst->discs, buf, size);
}

static uint64_t hanoi_state_count(const ar_instance *inst)
{
    uint64_t c = 1;
    unsigned d;
    for (d = 0; d < inst->discs; d++) {
        if (c > UINT64_MAX / inst->pegs)
            return UINT64_MAX;
        c *= inst->pegs;
    }
    return c;
}

/* Between two pegs at most one direction is legal, so k(k-1)/2 bounds the moves. */
static unsigned hanoi_max_moves(const ar_instance *inst) { return inst->pegs * (inst->pegs - 1) / 2; }

static unsigned hanoi_legal_moves(const ar_instance *inst, const void *state, ar_move *moves)
{
    unsigned char top[MAX_PEGS];
    unsigned a, b, n = 0;
    find_tops(inst, state, top);
    for (a = 0; a < inst->pegs; a++) {
        if (top[a] == NO_DISC)
            continue;
        for (b = 0; b < inst->pegs; b++)
            if (b != a && top[b] > top[a]) /* NO_DISC (empty) is larger than any disc */
                moves[n++] = MOVE(a, b, top[a]);
    }
    return n;
}

static void hanoi_apply(const ar_instance *inst, void *state, ar_move move)
{
    set_peg(inst, state, MOVE_DISC(move), MOVE_TO(move));
}

static void hanoi_undo(const ar_instance *inst, void *state, ar_move move)
{
    set_peg(inst, state, MOVE_DISC(move), MOVE_FROM(move));
}

static ar_move hanoi_inverse(const ar_instance *inst, ar_move move)
{
    (void)inst;
    return MOVE(MOVE_TO(move), MOVE_FROM(move), MOVE_DISC(move));
}

static unsigned hanoi_successors(const ar_instance *inst, const void *state, ar_move *moves,
                                 uint32_t *costs, void *states)
{
    unsigned n = hanoi_legal_moves(inst, state, moves), i;
    unsigned char *out = states;
    for (i = 0; i < n; i++) {
        memcpy(out, state, inst->size);
        set_peg(inst, out, MOVE_DISC(moves[i]), MOVE_TO(moves[i]));
        costs[i] = 1;
        out += inst->size;
    }
    return n;
}

/* Hot path (streams of 2^30 moves go through here): no snprintf. */
static size_t hanoi_format_move(const ar_instance *inst, ar_move move, char *buf, size_t size)
{
    char tmp[8];
    size_t n = 0, i;
    unsigned a = MOVE_FROM(move) + 1, b = MOVE_TO(move) + 1;
    (void)inst;
    if (a < 10 && b < 10 && size >= 4) { /* the common case, written directly */
        buf[0] = (char)('0' + a);
        buf[1] = '-';
        buf[2] = (char)('0' + b);
        buf[3] = '\0';
        return 3;
    }
    if (a >= 10)
        tmp[n++] = (char)('0' + a / 10);
    tmp[n++] = (char)('0' + a % 10);
    tmp[n++] = '-';
    if (b >= 10)
        tmp[n++] = (char)('0' + b / 10);
    tmp[n++] = (char)('0' + b % 10);
    if (!size)
        return 0;
    if (n >= size)
        n = size - 1;
    for (i = 0; i < n; i++)
        buf[i] = tmp[i];
    buf[n] = '\0';
    return n;
}

/* A peg in a move: decimal 1..16, or one letter A-G (a-g) as in positions.
 * Returns the 1-based number (large for an absurd one) or 0 when malformed. */
static unsigned parse_move_peg(const char *s, size_t len)
{
    unsigned v = 0;
    size_t i;
    if (len == 1 && s[0] >= 'A' && s[0] <= 'G')
        return 10u + (unsigned)(s[0] - 'A');
    if (len == 1 && s[0] >= 'a' && s[0] <= 'g')
        return 10u + (unsigned)(s[0] - 'a');
    if (len == 0 || len > 9)
        return len > 9 && s[0] >= '0' && s[0] <= '9' ? 1000000u : 0u;
    for (i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9')
            return 0;
        v = v * 10 + (unsigned)(s[i] - '0');
    }
    return v == 0 ? 1000000u : v; /* peg 0 is reported as not existing */
}

static ar_status hanoi_parse_move(const ar_instance *inst, const void *state, const char *text,
                                  size_t len, ar_move *out, ar_error *err)
{
    const char *dash = len ? memchr(text, '-', len) : NULL;
    unsigned a, b;
    unsigned char top[MAX_PEGS];
    size_t alen, blen;
    if (!dash)
        return ar_error_set(err, AR_ERR_INPUT, "expected a move like 1-3");
    alen = (size_t)(dash - text);
    blen = len - alen - 1;
    a = parse_move_peg(text, alen);
    b = parse_move_peg(dash + 1, blen);
    if (!a || !b)
        return ar_error_set(err, AR_ERR_INPUT, "expected a move like 1-3");
    if (a > inst->pegs || b > inst->pegs) {
        int first = a > inst->pegs;
        unsigned bad = first ? a : b;
        size_t blen_shown = first ? alen : blen;
        if (bad >= 1000000u) /* peg 0 or a number too long to be a peg */
            return ar_error_set(err, AR_ERR_INPUT, "peg '%.*s' does not exist (pegs are 1-%u)",
                                (int)(blen_shown < 20 ? blen_shown : 20), first ? text : dash + 1,
                                inst->pegs);
        return ar_error_set(err, AR_ERR_INPUT, "peg %u does not exist (pegs are 1-%u)", bad,
                            inst->pegs);
    }
    if (a == b)
        return ar_error_set(err, AR_ERR_INPUT, "a move must go to another peg (%u-%u)", a, b);
    a--;
    b--;
    find_tops(inst, state, top);
    if (top[a] == NO_DISC)
        return ar_error_set(err, AR_ERR_INPUT, "peg %u is empty", a + 1);
    if (top[b] < top[a])
        return ar_error_set(err, AR_ERR_INPUT, "disc %u cannot go on disc %u", top[a] + 1u,
                            top[b] + 1u);
    *out = MOVE(a, b, top[a]);
    return AR_OK;
}

/* ------------------------------------------------------------------ */
/* Heuristics */

/* Misplaced: every disc off its goal peg moves at least once, and a move
 * changes one disc's peg, so h changes by at most 1 per move: admissible and
 * consistent. */
static uint64_t misplaced_pos(const ar_instance *inst, const unsigned char *pos)
{
    unsigned d, c = 0;
    for (d = 0; d < inst->discs; d++)
        c += pos[d] != inst->goal[d];
    return c;
}

/* Disc bound. Pick any misplaced disc m, now on peg S, with goal peg G. Let t1
 * be m's first move (m leaves S) and t2 its last (m lands on G), t1 <= t2. At
 * t1, m is the top of S, so no smaller disc is on S; at t2 m lands on G, so no
 * smaller disc is on G. Hence a smaller disc d (now on p, goal g) passes through
 * p -> (not S at t1) -> (not G at t2) -> g, and moves at least
 *     min over a != S, b != G of [p != a] + [a != b] + [b != g]
 * times, which is
 *     2 if p = S and g = G (off S before t1, onto G after t2),
 *     2 if p = g = S (leave S before t1, come back after it),
 *     2 if p = g = G (leave G before t2, come back after it),
 *     0 if p = g (any other peg), else 1.
 * Disc m moves at least once and every misplaced larger disc at least once.
 * Moves of different discs are different moves, so the sum B_m is a lower
 * bound; h = max over misplaced m of B_m is admissible (0 at the goal).
 *
 * Consistency, h(s) <= 1 + h(s') for a move of disc e from s to s':
 *  - for a pivot m > e, only e's term changes, and never between 0 and 2 (a
 *    0 needs g not in {S, G}; every 2 needs g in {S, G}; g is fixed): |dB| <= 1;
 *  - for a pivot m < e, e's misplaced indicator changes by at most 1;
 *  - e = m moving to X != G: every smaller disc is off S and X at that moment,
 *    so its term (which depends on S only through [p = S]) is unchanged;
 *  - e = m moving onto G: pivot m disappears, but then no smaller disc was on S
 *    or G, so B_m was just the number of misplaced discs, which is at most
 *    1 + h(s') because every pivot of s' counts all misplaced discs.
 *  New pivots only raise h(s'). So h is consistent.
 * Counting discs by (peg, goal) pair makes each B_m O(1) and h O(n). */
static uint64_t disc_bound_pos(const ar_instance *inst, const unsigned char *pos)
{
    unsigned char cnt[MAX_PEGS][MAX_PEGS];
    unsigned d, total = 0, below = 0;
    uint64_t best = 0;
    memset(cnt, 0, sizeof cnt);
    for (d = 0; d < inst->discs; d++)
        total += pos[d] != inst->goal[d];
    for (d = 0; d < inst->discs; d++) {
        unsigned p = pos[d], g = inst->goal[d];
        if (p != g) {
            uint64_t b = 1u + below + cnt[p][g] + 2u * cnt[p][p] + 2u * cnt[g][g] + (total - below - 1u);
            if (b > best)
                best = b;
            below++;
        }
        cnt[p][g]++;
    }
    return best;
}

/* Moves to gather discs 0..m-1 (positions pos) into a tower on peg t, 3 pegs.
 * Going down from the largest: a disc already on t stays; otherwise the smaller
 * discs must first go to the third peg o, then the disc moves, and the m' = d
 * smaller discs follow as a tower (2^d - 1 moves) — so the total is the sum of
 * 2^d over the discs where the target changes. Optimal (classic result, by
 * induction on the largest disc that is not on its target). Fits in uint64 for
 * m <= 64. */
static uint64_t gather3(const unsigned char *pos, unsigned m, unsigned t)
{
    uint64_t c = 0;
    unsigned d;
    for (d = m; d-- > 0;)
        if (pos[d] != t) {
            c += (uint64_t)1 << d;
            t = 3u - pos[d] - t;
        }
    return c;
}

/* The optimal 3-peg distance between any two positions of n discs.
 * Only discs up to D, the largest disc where a and b differ, matter: deleting
 * every move of a larger disc from a solution leaves a legal solution (a move's
 * legality depends only on smaller discs), so optimal solutions never move them.
 * Disc D must go from s = a[D] to g = b[D]; r is the third peg.
 *  A. D moves once, s -> g: discs < D gather on r, D moves, they spread to
 *     their goals (the reverse of gathering the goal onto r).
 *  B. D moves twice, s -> r -> g: gather on g, D to r, the tower of D discs
 *     from g to s (2^D - 1), D to g, spread from s.
 * Between two moves of D the smaller discs form a tower on the third peg that
 * must move whole (2^D - 1 moves), so three or more moves of D cost at least
 * 2(2^D - 1) + 3 > 2^(D+1) - 1 >= A: the optimum is min(A, B), with each part
 * optimal as a gather. A <= 2^(D+1) - 1 always fits; B saturates.
 * *twice says which strategy won (A on ties). */
static uint64_t exact3_pos(const unsigned char *a, const unsigned char *b, unsigned n, int *twice)
{
    unsigned d, D, s, g, r;
    uint64_t A, B;
    if (twice)
        *twice = 0;
    for (d = n; d-- > 0;)
        if (a[d] != b[d])
            break;
    if (d == (unsigned)-1)
        return 0;
    D = d;
    s = a[D];
    g = b[D];
    r = 3u - s - g;
    A = gather3(a, D, r) + 1u + gather3(b, D, r);
    B = sat_add(sat_add(gather3(a, D, g), gather3(b, D, s)), sat_add(pow2_minus1(D), 2u));
    if (B < A) {
        if (twice)
            *twice = 1;
        return B;
    }
    return A;
}

static uint64_t h_misplaced(const ar_instance *inst, const void *state)
{
    unsigned char pos[MAX_DISCS];
    unpack(inst, state, pos);
    return misplaced_pos(inst, pos);
}

static uint64_t h_disc_bound(const ar_instance *inst, const void *state)
{
    unsigned char pos[MAX_DISCS];
    unpack(inst, state, pos);
    return disc_bound_pos(inst, pos);
}

static uint64_t h_exact3(const ar_instance *inst, const void *state)
{
    unsigned char pos[MAX_DISCS];
    unpack(inst, state, pos);
    if (inst->pegs != 3) /* prepare refuses this; stay admissible anyway */
        return disc_bound_pos(inst, pos);
    return exact3_pos(pos, inst->goal, inst->discs, NULL);
}

static ar_status prepare_exact3(ar_instance *inst, ar_mem *mem, ar_error *err)
{
    (void)mem;
    if (inst->pegs != 3)
        return ar_error_set(err, AR_ERR_UNSUPPORTED,
                            "heuristic exact3 needs 3 pegs (this instance has %u); use disc-bound",
                            inst->pegs);
    return AR_OK;
}

static const ar_heuristic hanoi_heuristics[] = {
    {"best", "the strongest bound available: exact3 on 3 pegs, disc-bound on 4 or more",
     AR_HEURISTIC_ADMISSIBLE | AR_HEURISTIC_CONSISTENT, NULL, h_exact3},
    {"disc-bound",
     "max over misplaced discs m of 1 + forced moves of smaller discs around m's first and last "
     "moves + misplaced larger discs",
     AR_HEURISTIC_ADMISSIBLE | AR_HEURISTIC_CONSISTENT, NULL, h_disc_bound},
    {"exact3", "the exact distance for 3 pegs (largest differing disc moved once or twice)",
     AR_HEURISTIC_ADMISSIBLE | AR_HEURISTIC_CONSISTENT, prepare_exact3, h_exact3},
    {"misplaced", "number of discs not on their goal peg",
     AR_HEURISTIC_ADMISSIBLE | AR_HEURISTIC_CONSISTENT, NULL, h_misplaced},
    {NULL, NULL, 0, NULL, NULL}};

/* ------------------------------------------------------------------ */
/* Emitting solutions: into a sink in chunks, or into one stored array. */

typedef struct emitter {
    const ar_instance *inst;
    const ar_move_sink *sink; /* NULL: store */
    ar_move *store;
    uint64_t cap;             /* room in store */
    uint64_t count;           /* moves delivered so far */
    const ar_limits *limits;  /* may be NULL */
    double started;
    int stopped;              /* generation should stop */
    ar_stop_reason stop;      /* why, when a limit stopped it */
    ar_status status;         /* a sink error, when the sink stopped it */
    size_t n;
    ar_move buf[CHUNK + 16]; /* slack: a 15-move block is written before the flush check */
} emitter;

static void flush(emitter *e)
{
    if (e->stopped) {
        e->n = 0;
        return;
    }
    if (e->limits) {
        if (e->limits->interrupt && *e->limits->interrupt) {
            e->stopped = 1;
            e->stop = AR_STOP_INTERRUPT;
        } else if (e->limits->time_limit > 0 && ar_now() - e->started > e->limits->time_limit) {
            e->stopped = 1;
            e->stop = AR_STOP_TIME;
        }
        if (e->stopped) {
            e->n = 0;
            return;
        }
    }
    if (e->n == 0)
        return;
    if (e->sink) {
        ar_status st = e->sink->emit(e->sink->ctx, e->buf, e->n);
        if (st != AR_OK) {
            e->status = st;
            e->stopped = 1;
            e->n = 0;
            return;
        }
    } else {
        if (e->count + e->n > e->cap) { /* more moves than the formula: a bug */
            e->status = AR_ERR_INTERNAL;
            e->stopped = 1;
            e->n = 0;
            return;
        }
        memcpy(e->store + e->count, e->buf, e->n * sizeof(ar_move));
    }
    e->count += e->n;
    e->n = 0;
}

static void emit(emitter *e, ar_move m)
{
    e->buf[e->n++] = m;
    if (e->n >= CHUNK)
        flush(e);
}

/* Prepares e for a solution of `length` moves; without a sink the moves are
 * stored, which needs them to fit the cap and the memory limit. */
static ar_status emitter_begin(emitter *e, const ar_instance *inst, const ar_search_options *opts,
                               const ar_move_sink *sink, uint64_t length, const char *algo,
                               ar_error *err)
{
    e->inst = inst;
    e->sink = sink;
    e->store = NULL;
    e->cap = length;
    e->count = 0;
    e->limits = opts ? &opts->limits : NULL;
    e->started = ar_now();
    e->stopped = 0;
    e->stop = AR_STOP_NONE;
    e->status = AR_OK;
    e->n = 0;
    if (!sink) {
        if (length > STORE_CAP)
            return ar_error_set(err, AR_ERR_UNSUPPORTED,
                                "%s: the solution has %" PRIu64
                                " moves, too many to hold in memory (at most %" PRIu64
                                "); stream it to a move sink instead",
                                algo, length, STORE_CAP);
        if (opts && opts->limits.memory_limit &&
            length * sizeof(ar_move) > opts->limits.memory_limit)
            return ar_error_set(err, AR_ERR_MEMORY,
                                "%s: holding the %" PRIu64 " moves needs %" PRIu64
                                " bytes, over the memory limit of %zu; stream them instead",
                                algo, length, length * (uint64_t)sizeof(ar_move),
                                opts->limits.memory_limit);
        e->store = malloc(length ? (size_t)length * sizeof(ar_move) : 1);
        if (!e->store)
            return ar_error_set(err, AR_ERR_MEMORY, "%s: out of memory for %" PRIu64 " moves", algo,
                                length);
    }
    return AR_OK;
}

/* Finishes generation and fills in the result. */
static ar_status emitter_end(emitter *e, ar_result *result, uint64_t length, const char *algo,
                             ar_error *err)
{
    flush(e);
    if (e->status != AR_OK) {
        free(e->store);
        if (e->sink) {
            /* The solution is known in full; only its output was cut short (a
             * closed pipe, Ctrl-C, or a consumer such as `hint` that needs one
             * move). Say what it is, and report the sink's status. */
            result->outcome = AR_OUTCOME_SOLVED;
            result->streamed = 1;
            result->length = length;
            result->cost = length;
        }
        return ar_error_set(err, e->status, "%s: the move output stopped after %" PRIu64 " moves",
                            algo, e->count);
    }
    if (e->stopped) {
        free(e->store);
        result->outcome = AR_OUTCOME_STOPPED;
        result->stop = e->stop;
        result->moves = NULL;
        result->length = 0;
        result->cost = 0;
        result->optimal = 0;
        return AR_OK;
    }
    if (e->count != length) {
        free(e->store);
        return ar_error_set(err, AR_ERR_INTERNAL,
                            "%s: generated %" PRIu64 " moves but the formula gives %" PRIu64, algo,
                            e->count, length);
    }
    result->outcome = AR_OUTCOME_SOLVED;
    result->stop = AR_STOP_NONE;
    result->length = length;
    result->cost = length;
    if (e->sink) {
        result->streamed = 1;
        result->moves = NULL;
        if (!result->peak_bytes)
            result->peak_bytes = sizeof *e;
    } else {
        result->moves = e->store;
        result->peak_bytes = (size_t)length * sizeof(ar_move) + sizeof *e;
    }
    return AR_OK;
}

/* ------------------------------------------------------------------ */
/* Move generators */

/* The 15 moves of a 4-disc tower a -> b via c as (from, to, disc) with pegs as
 * roles 0 = a, 1 = b, 2 = c: the leaves of the recursion are written as one
 * block, which makes streaming 2^30 moves several times faster. */
static const unsigned char tower4_pattern[15][3] = {
    {0, 2, 0}, {0, 1, 1}, {2, 1, 0}, {0, 2, 2}, {1, 0, 0}, {1, 2, 1}, {0, 2, 0}, {0, 1, 3},
    {2, 1, 0}, {2, 0, 1}, {1, 0, 0}, {2, 1, 2}, {0, 2, 0}, {0, 1, 1}, {2, 1, 0}};

/* Classic tower: discs lo..lo+cnt-1 from a to b via c (3 pegs available). */
static void tower3(emitter *e, unsigned lo, unsigned cnt, unsigned a, unsigned b, unsigned c)
{
    if (e->stopped)
        return;
    if (cnt == 4) {
        unsigned role[3], i;
        ar_move *out = e->buf + e->n;
        role[0] = a;
        role[1] = b;
        role[2] = c;
        for (i = 0; i < 15; i++)
            out[i] = MOVE(role[tower4_pattern[i][0]], role[tower4_pattern[i][1]],
                          lo + tower4_pattern[i][2]);
        e->n += 15;
        if (e->n >= CHUNK)
            flush(e);
        return;
    }
    if (cnt == 1) {
        emit(e, MOVE(a, b, lo));
        return;
    }
    if (cnt == 0)
        return;
    tower3(e, lo, cnt - 1, a, c, b);
    emit(e, MOVE(a, b, lo + cnt - 1));
    tower3(e, lo, cnt - 1, c, b, a);
}

static unsigned pick_spare(unsigned mask, unsigned from, unsigned to)
{
    unsigned p;
    for (p = 0; p < MAX_PEGS; p++)
        if ((mask >> p & 1u) && p != from && p != to)
            return p;
    return 0; /* not reached: mask has at least 3 pegs */
}

/* Frame-Stewart: discs lo..lo+cnt-1, a tower on `from` (all smaller discs on
 * pegs outside mask), to `to`, using the kk pegs in mask. */
static void fs_gen(emitter *e, unsigned lo, unsigned cnt, unsigned from, unsigned to,
                   unsigned mask, unsigned kk)
{
    unsigned x, spare;
    if (cnt == 0 || e->stopped)
        return;
    if (cnt == 1) {
        emit(e, MOVE(from, to, lo));
        return;
    }
    spare = pick_spare(mask, from, to);
    if (kk == 3) {
        tower3(e, lo, cnt, from, to, spare);
        return;
    }
    x = e->inst->split[kk][cnt];
    fs_gen(e, lo, x, from, spare, mask, kk);
    fs_gen(e, lo + x, cnt - x, from, to, mask & ~(1u << spare), kk - 1);
    fs_gen(e, lo, x, spare, to, mask, kk);
}

/* 3 pegs: gathers discs 0..m-1 (at pos) into a tower on t, optimally. */
static void gather3_gen(emitter *e, const unsigned char *pos, unsigned m, unsigned t)
{
    unsigned d;
    for (d = m; d-- > 0;) {
        unsigned o;
        if (pos[d] == t)
            continue;
        o = 3u - pos[d] - t;
        gather3_gen(e, pos, d, o);
        emit(e, MOVE(pos[d], t, d));
        tower3(e, 0, d, o, t, pos[d]);
        return;
    }
}

/* 3 pegs: spreads a tower of discs 0..m-1 on f to the positions goal (the
 * reverse of gathering goal onto f). */
static void spread3_gen(emitter *e, const unsigned char *goal, unsigned m, unsigned f)
{
    unsigned d;
    for (d = m; d-- > 0;) {
        unsigned o;
        if (goal[d] == f)
            continue;
        if (e->stopped)
            return;
        o = 3u - f - goal[d];
        tower3(e, 0, d, f, o, goal[d]);
        emit(e, MOVE(f, goal[d], d));
        f = o;
    }
}

/* ------------------------------------------------------------------ */
/* Solvers */

static ar_status run_recursive(ar_instance *inst, const ar_search_options *opts,
                               const ar_move_sink *sink, ar_result *result, ar_error *err)
{
    emitter *e;
    int twice = 0;
    uint64_t length;
    ar_status st;
    if (inst->pegs != 3)
        return ar_error_set(err, AR_ERR_UNSUPPORTED,
                            "recursive solves 3 pegs only (this instance has %u); use frame-stewart, "
                            "fs-heuristic or astar",
                            inst->pegs);
    length = exact3_pos(inst->start, inst->goal, inst->discs, &twice);
    result->has_lower_bound = 1;
    result->lower_bound = length;
    e = malloc(sizeof *e);
    if (!e)
        return ar_error_set(err, AR_ERR_MEMORY, "recursive: out of memory");
    st = emitter_begin(e, inst, opts, sink, length, "recursive", err);
    if (st != AR_OK) {
        free(e);
        return st;
    }
    if (inst->active) {
        unsigned D = inst->active - 1, s = inst->start[D], g = inst->goal[D], r = 3u - s - g;
        if (!twice) {
            gather3_gen(e, inst->start, D, r);
            emit(e, MOVE(s, g, D));
            spread3_gen(e, inst->goal, D, r);
        } else {
            gather3_gen(e, inst->start, D, g);
            emit(e, MOVE(s, r, D));
            tower3(e, 0, D, g, s, r);
            emit(e, MOVE(r, g, D));
            spread3_gen(e, inst->goal, D, s);
        }
    }
    st = emitter_end(e, result, length, "recursive", err);
    free(e);
    if ((st == AR_OK || result->streamed) && result->outcome == AR_OUTCOME_SOLVED) {
        result->optimal = 1;
        snprintf(result->note, sizeof result->note,
                 "optimal: closed form for 3 pegs (the largest differing disc moves %s)",
                 twice ? "twice" : "once");
    }
    return st;
}

/* With more pegs than discs (n <= k-1), tower to tower takes exactly 2n-1
 * moves: the largest disc moves at least once, and each smaller disc must leave
 * the start peg before the largest disc's first move and land on the goal peg
 * after its last move (it cannot be there while the largest disc moves on), so
 * at least twice; 2n-1 is reached by giving each smaller disc its own spare peg
 * (Frame-Stewart does exactly that, T_k(n) = 2n-1 for n < k). The same count
 * gives the lower bound 2n-1 for any k. */
static ar_status run_frame_stewart(ar_instance *inst, const ar_search_options *opts,
                                   const ar_move_sink *sink, ar_result *result, ar_error *err)
{
    emitter *e;
    uint64_t length;
    ar_status st;
    unsigned n = inst->active;
    if (!inst->tower)
        return ar_error_set(err, AR_ERR_UNSUPPORTED,
                            "frame-stewart needs a tower-to-tower instance (the discs that move all "
                            "on one peg at the start and at the goal); use fs-heuristic or astar");
    length = inst->fs[inst->pegs][n];
    result->has_lower_bound = 1;
    result->lower_bound = n ? 2u * (uint64_t)n - 1u : 0u;
    if (inst->pegs == 3)
        result->lower_bound = length;
    e = malloc(sizeof *e);
    if (!e)
        return ar_error_set(err, AR_ERR_MEMORY, "frame-stewart: out of memory");
    st = emitter_begin(e, inst, opts, sink, length, "frame-stewart", err);
    if (st != AR_OK) {
        free(e);
        return st;
    }
    fs_gen(e, 0, n, inst->tower_from, inst->tower_to, (1u << inst->pegs) - 1u, inst->pegs);
    st = emitter_end(e, result, length, "frame-stewart", err);
    free(e);
    if ((st != AR_OK && !result->streamed) || result->outcome != AR_OUTCOME_SOLVED)
        return st;
    if (n == 0) {
        result->optimal = 1;
        snprintf(result->note, sizeof result->note, "optimal: the start is the goal");
    } else if (inst->pegs == 3) {
        result->optimal = 1;
        snprintf(result->note, sizeof result->note, "optimal: 2^n-1 moves for 3 pegs");
    } else if (n < inst->pegs) {
        result->optimal = 1;
        result->lower_bound = length;
        snprintf(result->note, sizeof result->note,
                 "optimal: with more pegs than discs 2n-1 moves is optimal");
    } else if (inst->pegs == 4) {
        result->optimal = 1;
        result->lower_bound = length;
        snprintf(result->note, sizeof result->note,
                 "optimal: Frame-Stewart length, proven optimal for 4 pegs (Bousch 2014)");
    } else {
        result->optimal = 0;
        snprintf(result->note, sizeof result->note,
                 "Frame-Stewart length, conjectured optimal (unproven for 5+ pegs)");
    }
    return st;
}

/* fs-heuristic: any start to any goal on k >= 4 pegs, not optimal.
 * gather[j][t] = moves to bring discs 0..j-1 (from their positions) into a tower
 * on t: a disc already on t stays; otherwise the smaller discs gather on the
 * best intermediate peg I (not the disc's peg, not t), the disc moves, and the
 * smaller ones follow as a Frame-Stewart tower with all k pegs (every other
 * disc is larger, so nothing blocks them). The whole solution: gather discs
 * below the largest differing disc D on the best peg I, move D, and spread them
 * to the goal (the reverse of gathering the goal onto I). */
typedef struct fs_plan {
    uint64_t cost[MAX_DISCS + 1][MAX_PEGS];
    unsigned char via[MAX_DISCS + 1][MAX_PEGS];
} fs_plan;

static void plan_gather(const ar_instance *inst, const unsigned char *pos, unsigned m, fs_plan *pl)
{
    unsigned j, t, i, k = inst->pegs;
    for (t = 0; t < k; t++)
        pl->cost[0][t] = 0;
    for (j = 1; j <= m; j++) {
        unsigned p = pos[j - 1];
        for (t = 0; t < k; t++) {
            uint64_t best = UINT64_MAX;
            unsigned arg = 0;
            if (p == t) {
                pl->cost[j][t] = pl->cost[j - 1][t];
                pl->via[j][t] = (unsigned char)t;
                continue;
            }
            for (i = 0; i < k; i++) {
                uint64_t v;
                if (i == p || i == t)
                    continue;
                v = sat_add(sat_add(pl->cost[j - 1][i], 1u), inst->fs[k][j - 1]);
                if (v < best) {
                    best = v;
                    arg = i;
                }
            }
            pl->cost[j][t] = best;
            pl->via[j][t] = (unsigned char)arg;
        }
    }
}

static void fs_gather_gen(emitter *e, const fs_plan *pl, const unsigned char *pos, unsigned m,
                          unsigned t)
{
    unsigned d, k = e->inst->pegs;
    for (d = m; d-- > 0;) {
        unsigned via;
        if (pos[d] == t)
            continue;
        if (e->stopped)
            return;
        via = pl->via[d + 1][t];
        fs_gather_gen(e, pl, pos, d, via);
        emit(e, MOVE(pos[d], t, d));
        fs_gen(e, 0, d, via, t, (1u << k) - 1u, k);
        return;
    }
}

static void fs_spread_gen(emitter *e, const fs_plan *pl, const unsigned char *goal, unsigned m,
                          unsigned f)
{
    unsigned d, k = e->inst->pegs;
    for (d = m; d-- > 0;) {
        unsigned via;
        if (goal[d] == f)
            continue;
        if (e->stopped)
            return;
        via = pl->via[d + 1][f];
        fs_gen(e, 0, d, f, via, (1u << k) - 1u, k);
        emit(e, MOVE(f, goal[d], d));
        fs_spread_gen(e, pl, goal, d, via);
        return;
    }
}

static ar_status run_fs_heuristic(ar_instance *inst, const ar_search_options *opts,
                                  const ar_move_sink *sink, ar_result *result, ar_error *err)
{
    fs_plan *ps, *pg;
    emitter *e;
    uint64_t length = 0, bound;
    unsigned D = 0, via = 0, i;
    ar_status st;
    if (inst->pegs < 4)
        return ar_error_set(err, AR_ERR_UNSUPPORTED,
                            "fs-heuristic needs 4 or more pegs; use recursive for 3 pegs");
    ps = malloc(sizeof *ps);
    pg = malloc(sizeof *pg);
    e = malloc(sizeof *e);
    if (!ps || !pg || !e) {
        free(ps);
        free(pg);
        free(e);
        return ar_error_set(err, AR_ERR_MEMORY, "fs-heuristic: out of memory");
    }
    if (inst->active) {
        uint64_t best = UINT64_MAX;
        D = inst->active - 1;
        plan_gather(inst, inst->start, D, ps);
        plan_gather(inst, inst->goal, D, pg);
        for (i = 0; i < inst->pegs; i++) {
            uint64_t v;
            if (i == inst->start[D] || i == inst->goal[D])
                continue;
            v = sat_add(sat_add(ps->cost[D][i], pg->cost[D][i]), 1u);
            if (v < best) {
                best = v;
                via = i;
            }
        }
        length = best;
    }
    st = emitter_begin(e, inst, opts, sink, length, "fs-heuristic", err);
    if (st == AR_OK) {
        if (inst->active) {
            fs_gather_gen(e, ps, inst->start, D, via);
            emit(e, MOVE(inst->start[D], inst->goal[D], D));
            fs_spread_gen(e, pg, inst->goal, D, via);
        }
        st = emitter_end(e, result, length, "fs-heuristic", err);
    }
    free(ps);
    free(pg);
    free(e);
    if (st != AR_OK)
        return st;
    bound = disc_bound_pos(inst, inst->start);
    result->has_lower_bound = 1;
    result->lower_bound = bound;
    if (result->outcome == AR_OUTCOME_SOLVED) {
        if (length == bound) {
            result->optimal = 1;
            snprintf(result->note, sizeof result->note,
                     "optimal: the length equals the disc-bound lower bound");
        } else {
            snprintf(result->note, sizeof result->note,
                     "heuristic (Frame-Stewart-guided), not proven optimal");
        }
    }
    return AR_OK;
}

static const ar_domain_solver hanoi_solvers[] = {
    {"recursive", "3 pegs: optimal from any position to any position, closed form, streamed",
     run_recursive},
    {"frame-stewart",
     "tower to tower on k pegs by the Frame-Stewart recursion (optimal for 3 and 4 pegs)",
     run_frame_stewart},
    {"fs-heuristic", "4+ pegs, any start and goal: fast, Frame-Stewart-guided, not optimal",
     run_fs_heuristic},
    {"pdb", "4+ pegs, any start and goal: optimal, A* with additive pattern databases built by "
            "the two-bit BFS", ar_hanoi_pdb_run},
    {NULL, NULL, NULL}};

static const char *hanoi_default_algorithm(const ar_instance *inst)
{
    if (inst->pegs == 3)
        return "recursive";
    if (inst->tower)
        return "frame-stewart";
    if (hanoi_state_count(inst) <= ASTAR_STATE_CAP)
        return "astar";
    /* Pattern databases prove optimality within minutes up to these sizes of
     * the discs that move (bench/results/hanoi-scale.md); beyond, the labelled
     * heuristic answers at once. */
    if ((inst->pegs == 4 && inst->active <= 16) || (inst->pegs == 5 && inst->active <= 13))
        return "pdb";
    return "fs-heuristic";
}

/* ------------------------------------------------------------------ */
/* The state after m moves of the canonical solution */

/* Classic 3-peg solution of discs lo..lo+cnt-1 from a to b via c, after m
 * moves (m <= 2^cnt - 1): the binary method. The largest disc has moved iff m
 * >= 2^(cnt-1); then the rest is the solution of one disc fewer, either from a
 * to c (not yet) or from c to b with m - 2^(cnt-1) moves. */
static void tower3_at(unsigned char *pos, unsigned lo, unsigned cnt, unsigned a, unsigned b,
                      unsigned c, uint64_t m)
{
    unsigned d;
    for (d = cnt; d-- > 0;) {
        uint64_t half = (uint64_t)1 << d;
        unsigned tmp;
        if (m < half) {
            pos[lo + d] = (unsigned char)a;
            tmp = b; /* the rest goes a -> c via b */
            b = c;
            c = tmp;
        } else {
            pos[lo + d] = (unsigned char)b;
            m -= half;
            tmp = a; /* the rest goes c -> b via a */
            a = c;
            c = tmp;
        }
    }
}

static void fill(unsigned char *pos, unsigned lo, unsigned cnt, unsigned p)
{
    unsigned d;
    for (d = 0; d < cnt; d++)
        pos[lo + d] = (unsigned char)p;
}

/* The same for fs_gen, following its three phases without replaying moves. */
static void fs_at(const ar_instance *inst, unsigned char *pos, unsigned lo, unsigned cnt,
                  unsigned from, unsigned to, unsigned mask, unsigned kk, uint64_t m)
{
    unsigned x, spare;
    uint64_t t1, t2;
    if (cnt == 0)
        return;
    if (cnt == 1) {
        pos[lo] = (unsigned char)(m ? to : from);
        return;
    }
    spare = pick_spare(mask, from, to);
    if (kk == 3) {
        tower3_at(pos, lo, cnt, from, to, spare, m);
        return;
    }
    x = inst->split[kk][cnt];
    t1 = inst->fs[kk][x];
    t2 = inst->fs[kk - 1][cnt - x];
    if (m < t1) {
        fill(pos, lo + x, cnt - x, from);
        fs_at(inst, pos, lo, x, from, spare, mask, kk, m);
    } else if (m - t1 < t2) {
        fill(pos, lo, x, spare);
        fs_at(inst, pos, lo + x, cnt - x, from, to, mask & ~(1u << spare), kk - 1, m - t1);
    } else {
        fill(pos, lo + x, cnt - x, to);
        fs_at(inst, pos, lo, x, spare, to, mask, kk, m - t1 - t2);
    }
}

static ar_status hanoi_state_after(const ar_instance *inst, uint64_t moves, void *state,
                                   ar_error *err)
{
    unsigned char pos[MAX_DISCS];
    uint64_t length;
    if (!inst->tower)
        return ar_error_set(err, AR_ERR_UNSUPPORTED,
                            "the state after m moves is computed only for tower-to-tower instances "
                            "(the discs that move all on one peg at the start and at the goal)");
    length = inst->fs[inst->pegs][inst->active];
    if (moves > length)
        return ar_error_set(err, AR_ERR_INPUT, "the solution has only %" PRIu64 " moves", length);
    memcpy(pos, inst->start, inst->discs);
    fs_at(inst, pos, 0, inst->active, inst->tower_from, inst->tower_to, (1u << inst->pegs) - 1u,
          inst->pegs, moves);
    pack(inst, pos, state);
    return AR_OK;
}

/* ------------------------------------------------------------------ */
/* For hanoi_bfs2.c (two-bit BFS, pattern databases, the pdb solver), which
 * works on positions directly. */

void ar_hanoi_instance_info(const ar_instance *inst, unsigned *pegs, unsigned *discs,
                            unsigned char *start, unsigned char *goal)
{
    *pegs = inst->pegs;
    *discs = inst->discs;
    memcpy(start, inst->start, inst->discs);
    memcpy(goal, inst->goal, inst->discs);
}

void ar_hanoi_instance_pdb(const ar_instance *inst, const char **dir, unsigned *group)
{
    *dir = inst->pdb_dir[0] ? inst->pdb_dir : NULL;
    *group = inst->pdb_group;
}

/* ------------------------------------------------------------------ */
/* Random instances */

static ar_status hanoi_generate(const ar_param *params, size_t param_count, uint64_t seed,
                                char **text, ar_error *err)
{
    long pegs, discs;
    ar_status st;
    uint64_t x = seed ^ 0x9E3779B97F4A7C15ull;
    char *out;
    long i;
    st = ar_param_int(params, param_count, "pegs", MIN_PEGS, MAX_PEGS, 3, &pegs, err);
    if (st != AR_OK)
        return st;
    st = ar_param_int(params, param_count, "discs", 1, MAX_DISCS, DEFAULT_DISCS, &discs, err);
    if (st != AR_OK)
        return st;
    out = malloc((size_t)discs * 2 + 2);
    if (!out)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory generating an instance");
    for (i = 0; i < 2 * discs; i++) {
        /* splitmix64 step: a few lines, deterministic for the seed */
        uint64_t z = (x += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        z ^= z >> 31;
        out[i + (i >= discs)] = peg_char((unsigned)(z % (uint64_t)pegs));
    }
    out[discs] = ' ';
    out[2 * discs + 1] = '\0';
    *text = out;
    return AR_OK;
}

/* A copy of inst starting from state (same pegs, discs and goal). */
static ar_status hanoi_with_start(const ar_instance *inst, const void *state, ar_instance **out,
                                  ar_error *err)
{
    ar_instance *copy = malloc(sizeof *copy);
    *out = NULL;
    if (!copy)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory copying a hanoi instance");
    memcpy(copy, inst, sizeof *copy);
    unpack(inst, state, copy->start);
    setup(copy);
    *out = copy;
    return AR_OK;
}

/* ------------------------------------------------------------------ */

static const ar_option_spec hanoi_options[] = {
    {"pegs", "K", "number of pegs, 3..16 (default 3)"},
    {"discs", "N", "number of discs, 1..64 (default: the length of a given position, else 8)"},
    {"from", "POS", "start position (default: every disc on peg 1)"},
    {"to", "POS", "goal position (default: every disc on peg K)"},
    {"pdb-dir", "DIR", "--algo pdb: pattern database cache (default $XDG_CACHE_HOME/ariadne or "
                       "~/.cache/ariadne)"},
    {"pdb-group", "M", "--algo pdb: discs in the largest group (default: 14 on 4 pegs, 12 on 5, "
                       "fewer when --memory-limit is small)"},
    {NULL, NULL, NULL}};

static const ar_bench_suite hanoi_bench_suites[] = {
    {.name = "hanoi",
     .summary = "3-peg streaming rate, 4-peg optimal solve times, search throughput",
     .run = ar_hanoi_bench_solve},
    {.name = "hanoi-fs",
     .summary = "Frame-Stewart lengths for 4 and 5 pegs verified by complete two-bit BFS, every n that fits",
     .run = ar_hanoi_bench_fs},
    {.name = "hanoi-bfs",
     .summary = "complete two-bit BFS of 4-peg Hanoi: depth distributions, eccentricity (130 at n=15), time, memory",
     .run = ar_hanoi_bench_bfs},
    {.name = "hanoi-pdb",
     .summary = "optimal solving of random 4- and 5-peg start/goal pairs with additive pattern databases",
     .run = ar_hanoi_bench_pdb},
    {.name = NULL}};

const ar_puzzle ar_domain_hanoi = {
    .name = "hanoi",
    .summary = "Towers of Hanoi: k pegs, n discs, any start and goal",
    .help = "A position gives the peg of each disc, smallest disc first: '1121' has discs 1, 2 and 4\n"
    "on peg 1 and disc 3 on peg 2. Pegs are 1-9, then A-G for 10-16 (or write a comma-separated\n"
    "list such as 1,12,3). INSTANCE is the start position, optionally followed by the goal\n"
    "('1121 3333' or '1121 -> 3333'); --from/--to give them as options. Defaults: all discs on\n"
    "peg 1 to all discs on peg K, 8 discs. A move 'a-b' takes the top disc of peg a onto peg b.",
    .flags = AR_PUZZLE_UNIT_COST | AR_PUZZLE_REVERSIBLE,
    .options = hanoi_options,
    .create = hanoi_create,
    .destroy = hanoi_destroy,
    .describe = hanoi_describe,
    .state_size = hanoi_state_size,
    .initial_state = hanoi_initial_state,
    .is_goal = hanoi_is_goal,
    .format_state = hanoi_format_state,
    .state_count = hanoi_state_count,
    .max_moves = hanoi_max_moves,
    .legal_moves = hanoi_legal_moves,
    .apply = hanoi_apply,
    .undo = hanoi_undo,
    .inverse = hanoi_inverse,
    .successors = hanoi_successors,
    .format_move = hanoi_format_move,
    .parse_move = hanoi_parse_move,
    .heuristics = hanoi_heuristics,
    .solvers = hanoi_solvers,
    .default_algorithm = hanoi_default_algorithm,
    .state_after = hanoi_state_after,
    .generate = hanoi_generate,
    .with_start = hanoi_with_start,
    .pdb = &ar_pdb_provider_hanoi,
    .bfs2 = &ar_bfs2_provider_hanoi,
    .bench_suites = hanoi_bench_suites,
};
