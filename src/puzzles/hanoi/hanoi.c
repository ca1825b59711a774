/* hanoi.c — the Towers of Hanoi domain: k pegs (3..16), n discs (1..64), any
 * legal start and goal. This file holds the rules (packed states, legal
 * moves, apply and undo, the move notation `a-b`) and the descriptor, which
 * declares everything the domain offers; the rest of the folder supplies it
 * (hanoi_internal.h lists the files).
 *
 * A position is the peg of each disc, smallest disc first (`1121`); every such
 * assignment is a legal stack. Besides the generic interface (packed states for
 * BFS/A*, admissible heuristics) the domain has its own solvers: three closed
 * forms (hanoi_closed.c) —
 *   - "recursive": 3 pegs, optimal from any position to any position, lengths up
 *     to 2^64-1 computed without search, moves streamed;
 *   - "frame-stewart": tower to tower on k pegs by the Frame-Stewart recursion;
 *   - "fs-heuristic": any start to any goal on 4+ pegs, a fast non-optimal
 *     solution guided by Frame-Stewart tower moves;
 * and "pdb", optimal for any start and goal on 4+ pegs by A* on additive
 * pattern databases (hanoi_pdb_solve.c); `state_after`, the position after m
 * moves of the canonical tower-to-tower solution computed directly (O(n) for 3
 * pegs); the two-bit BFS and pattern-database providers; four bench suites. */
#include "hanoi_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/page.h"
#include "ariadne/tool.h"

/* default_algorithm picks generic A* for non-tower 4+ peg instances when the
 * whole state space has at most this many states: A* with a consistent
 * heuristic never stores more than the space, and 4M packed states with the
 * engine's per-node bookkeeping stay within a few hundred MiB. */
#define ASTAR_STATE_CAP ((uint64_t)1 << 22)

/* ------------------------------------------------------------------ */
/* Positions */

/* top[p] = the smallest disc on peg p of a packed state, or AR_HANOI_NO_DISC
 * when the peg is empty. */
static void find_tops(const ar_instance *inst, const unsigned char *s, unsigned char *top)
{
    unsigned d, found = 0;
    memset(top, AR_HANOI_NO_DISC, inst->pegs);
    for (d = 0; d < inst->discs && found < inst->pegs; d++) {
        unsigned p = hanoi_peg_of(inst, s, d);
        if (top[p] == AR_HANOI_NO_DISC) {
            top[p] = (unsigned char)d;
            found++;
        }
    }
}

/* Writes a position into buf (NUL-terminated, truncated to size). */
static void write_position(const unsigned char *pos, unsigned n, char *buf, size_t size)
{
    unsigned d;
    if (!size)
        return;
    for (d = 0; d < n && d + 1 < size; d++)
        buf[d] = hanoi_peg_char(pos[d]);
    buf[d] = '\0';
}

static void hanoi_describe(const ar_instance *inst, char *buf, size_t size)
{
    char a[AR_HANOI_MAX_DISCS + 1], b[AR_HANOI_MAX_DISCS + 1];
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
    unsigned char pos[AR_HANOI_MAX_DISCS];
    hanoi_unpack(inst, state, pos);
    write_position(pos, inst->discs, buf, size);
}

/* The pegs side by side, each disc as its number from the bottom of its peg
 * up, the pegs' numbers underneath:
 *        1
 *        2
 *   5    3    4
 *  ---  ---  ---
 *   1    2    3          */
static void hanoi_draw(const ar_instance *inst, const void *state, char *buf, size_t size)
{
    unsigned char pos[AR_HANOI_MAX_DISCS], stack[AR_HANOI_MAX_PEGS][AR_HANOI_MAX_DISCS];
    unsigned height[AR_HANOI_MAX_PEGS] = {0}, top = 0, p, row, w = inst->discs >= 10 ? 4 : 3;
    size_t used = 0;
    int d;
#define PUT(...) (used < size ? used += (size_t)snprintf(buf + used, size - used, __VA_ARGS__) : used)
    if (size)
        buf[0] = '\0';
    hanoi_unpack(inst, state, pos);
    for (d = (int)inst->discs - 1; d >= 0; d--) /* largest first: bottom up */
        stack[pos[d]][height[pos[d]]++] = (unsigned char)(d + 1);
    for (p = 0; p < inst->pegs; p++)
        top = height[p] > top ? height[p] : top;
    for (row = top; row > 0; row--) {
        for (p = 0; p < inst->pegs; p++) {
            if (height[p] >= row)
                PUT("%*u%*s", (int)w - 1, stack[p][row - 1], 2, "");
            else
                PUT("%*s", (int)w + 1, "");
        }
        while (used > 0 && used < size && buf[used - 1] == ' ')
            buf[--used] = '\0';
        PUT("\n");
    }
    for (p = 0; p < inst->pegs; p++)
        PUT(" %.*s%s", (int)w - 1, "----", p + 1 < inst->pegs ? " " : "\n");
    for (p = 0; p < inst->pegs; p++)
        PUT("%*c%*s", (int)w - 1, hanoi_peg_char(p), p + 1 < inst->pegs ? 2 : 0, "");
#undef PUT
}

/* The pegs as columns of discs, each disc a bar as wide as its size. */
static void hanoi_picture(const ar_instance *inst, const void *state, ar_scene *scene)
{
    unsigned char pos[AR_HANOI_MAX_DISCS];
    unsigned height[AR_HANOI_MAX_PEGS] = {0}, p, r;
    char names[AR_HANOI_MAX_PEGS * 2 + 1], label[16];
    int d;
    hanoi_unpack(inst, state, pos);
    ar_scene_grid(scene, (int)inst->discs + 1, (int)inst->pegs);
    for (p = 0; p < inst->pegs; p++) {
        for (r = 0; r < inst->discs; r++)
            ar_scene_cell(scene, (int)r, (int)p, "rod", NULL);
        ar_scene_cell(scene, (int)inst->discs, (int)p, "base", NULL);
        names[2 * p] = hanoi_peg_char(p);
        names[2 * p + 1] = p + 1 < inst->pegs ? ' ' : '\0';
    }
    for (d = (int)inst->discs - 1; d >= 0; d--) { /* largest first: bottom up */
        unsigned row = inst->discs - 1 - height[pos[d]]++;
        snprintf(label, sizeof label, "%d", d + 1);
        ar_scene_cell_sized(scene, (int)row, pos[d], "rod+disc", label,
                            0.3 + 0.68 * (double)(d + 1) / (double)inst->discs);
    }
    ar_scene_axes(scene, NULL, names);
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
    unsigned char top[AR_HANOI_MAX_PEGS];
    unsigned a, b, n = 0;
    find_tops(inst, state, top);
    for (a = 0; a < inst->pegs; a++) {
        if (top[a] == AR_HANOI_NO_DISC)
            continue;
        for (b = 0; b < inst->pegs; b++)
            if (b != a && top[b] > top[a]) /* AR_HANOI_NO_DISC (empty) is larger than any disc */
                moves[n++] = AR_HANOI_MOVE(a, b, top[a]);
    }
    return n;
}

static void hanoi_apply(const ar_instance *inst, void *state, ar_move move)
{
    hanoi_set_peg(inst, state, AR_HANOI_MOVE_DISC(move), AR_HANOI_MOVE_TO(move));
}

static void hanoi_undo(const ar_instance *inst, void *state, ar_move move)
{
    hanoi_set_peg(inst, state, AR_HANOI_MOVE_DISC(move), AR_HANOI_MOVE_FROM(move));
}

static ar_move hanoi_inverse(const ar_instance *inst, ar_move move)
{
    (void)inst;
    return AR_HANOI_MOVE(AR_HANOI_MOVE_TO(move), AR_HANOI_MOVE_FROM(move),
                         AR_HANOI_MOVE_DISC(move));
}

static unsigned hanoi_successors(const ar_instance *inst, const void *state, ar_move *moves,
                                 uint32_t *costs, void *states)
{
    unsigned n = hanoi_legal_moves(inst, state, moves), i;
    unsigned char *out = states;
    for (i = 0; i < n; i++) {
        memcpy(out, state, inst->size);
        hanoi_set_peg(inst, out, AR_HANOI_MOVE_DISC(moves[i]), AR_HANOI_MOVE_TO(moves[i]));
        costs[i] = 1;
        out += inst->size;
    }
    return n;
}

/* Every move is undone by the opposite move at the same cost, so the
 * positions one move before s are its successors, reached back by the
 * inverse moves. */
static unsigned hanoi_predecessors(const ar_instance *inst, const void *state, ar_move *moves,
                                   uint32_t *costs, void *states)
{
    unsigned n = hanoi_successors(inst, state, moves, costs, states), i;
    for (i = 0; i < n; i++)
        moves[i] = hanoi_inverse(inst, moves[i]);
    return n;
}

static int hanoi_goal_state(const ar_instance *inst, void *state)
{
    memcpy(state, inst->goal_packed, inst->size);
    return 1;
}

/* Hot path (streams of 2^30 moves go through here): no snprintf. */
static size_t hanoi_format_move(const ar_instance *inst, ar_move move, char *buf, size_t size)
{
    char tmp[8];
    size_t n = 0, i;
    unsigned a = AR_HANOI_MOVE_FROM(move) + 1, b = AR_HANOI_MOVE_TO(move) + 1;
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
    unsigned char top[AR_HANOI_MAX_PEGS];
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
    if (top[a] == AR_HANOI_NO_DISC)
        return ar_error_set(err, AR_ERR_INPUT, "peg %u is empty", a + 1);
    if (top[b] < top[a])
        return ar_error_set(err, AR_ERR_INPUT, "disc %u cannot go on disc %u", top[a] + 1u,
                            top[b] + 1u);
    *out = AR_HANOI_MOVE(a, b, top[a]);
    return AR_OK;
}

/* ------------------------------------------------------------------ */
/* The descriptor */

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

static const ar_option_spec hanoi_options[] = {
    {.name = "pegs", .metavar = "K", .help = "number of pegs, 3..16 (default 3)"},
    {.name = "discs",
     .metavar = "N",
     .help = "number of discs, 1..64 (default: the length of a given position, else 8)"},
    {.name = "from", .metavar = "POS", .help = "start position (default: every disc on peg 1)"},
    {.name = "to", .metavar = "POS", .help = "goal position (default: every disc on peg K)"},
    {.name = "pdb-dir",
     .metavar = "DIR",
     .help = "--algo pdb: pattern database cache (default $XDG_CACHE_HOME/ariadne or "
             "~/.cache/ariadne)"},
    {.name = "pdb-group",
     .metavar = "M",
     .help = "--algo pdb: discs in the largest group (default: 14 on 4 pegs, 12 on 5, "
             "fewer when --memory-limit is small)"},
    {.name = NULL}};

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

static const ar_domain_solver hanoi_solvers[] = {
    {.name = "recursive",
     .summary = "3 pegs: optimal from any position to any position, closed form, streamed",
     .run = ar_hanoi_run_recursive},
    {.name = "frame-stewart",
     .summary = "tower to tower on k pegs by the Frame-Stewart recursion (optimal for 3 and 4 pegs)",
     .run = ar_hanoi_run_frame_stewart},
    {.name = "fs-heuristic",
     .summary = "4+ pegs, any start and goal: fast, Frame-Stewart-guided, not optimal",
     .run = ar_hanoi_run_fs_heuristic},
    {.name = "pdb",
     .summary = "4+ pegs, any start and goal: optimal, A* with additive pattern databases built by "
                "the two-bit BFS",
     .run = ar_hanoi_pdb_run},
    {.name = NULL}};

/* The first one's options size the conformance tests' generated pairs. */
static const ar_puzzle_example hanoi_examples[] = {
    {.options = "pegs=4 discs=8", .instance = "12341234 43214321", .cost = 20,
     .note = "any start to any goal on 4 pegs: A*, 20 moves, optimal"},
    {.options = "pegs=4 discs=10", .cost = 49,
     .note = "the tower on 4 pegs: 49 moves, Frame-Stewart, optimal (Bousch 2014)"},
    {.options = "discs=5", .instance = "13213 22131", .cost = 26,
     .note = "3 pegs from any position to any other: the recursive solver, 26 moves, optimal"},
    {.options = "discs=10", .cost = 1023,
     .note = "the classic tower: 2^10 - 1 moves, streamed (--discs 30 > moves.txt is 2^30 - 1)"},
    {.note = NULL}};

const ar_puzzle ar_domain_hanoi = {
    .name = "hanoi",
    .summary = "Towers of Hanoi: k pegs, n discs, any start and goal",
    .help = "A position gives the peg of each disc, smallest disc first: '1121' has discs 1, 2 and 4\n"
    "on peg 1 and disc 3 on peg 2. Pegs are 1-9, then A-G for 10-16 (or write a comma-separated\n"
    "list such as 1,12,3). INSTANCE is the start position, optionally followed by the goal\n"
    "('1121 3333' or '1121 -> 3333'); --from/--to give them as options. Defaults: all discs on\n"
    "peg 1 to all discs on peg K, 8 discs. A move 'a-b' takes the top disc of peg a onto peg b.\n"
    "At scale: `ariadne bfs hanoi --pegs 4 --discs 15` searches every position from the start\n"
    "(eccentricity 130, the goal at 129); `ariadne pdb build hanoi --pegs 4 --discs 14` builds\n"
    "the pattern databases that --algo pdb loads (--pdb-dir, --pdb-group).",
    .flags = AR_PUZZLE_UNIT_COST | AR_PUZZLE_REVERSIBLE,
    .options = hanoi_options,
    .create = ar_hanoi_create,
    .destroy = ar_hanoi_destroy,
    .describe = hanoi_describe,
    .state_size = hanoi_state_size,
    .initial_state = hanoi_initial_state,
    .is_goal = hanoi_is_goal,
    .format_state = hanoi_format_state,
    .draw = hanoi_draw,
    .picture = hanoi_picture,
    .state_count = hanoi_state_count,
    .max_moves = hanoi_max_moves,
    .legal_moves = hanoi_legal_moves,
    .apply = hanoi_apply,
    .undo = hanoi_undo,
    .inverse = hanoi_inverse,
    .successors = hanoi_successors,
    .format_move = hanoi_format_move,
    .parse_move = hanoi_parse_move,
    .heuristics = ar_hanoi_heuristics,
    .solvers = hanoi_solvers,
    .default_algorithm = hanoi_default_algorithm,
    .state_after = ar_hanoi_state_after,
    .generate = ar_hanoi_generate,
    .with_start = ar_hanoi_with_start,
    .goal_state = hanoi_goal_state,
    .predecessors = hanoi_predecessors,
    .examples = hanoi_examples,
    .pdb = &ar_hanoi_pdb_provider,
    .bfs2 = &ar_hanoi_bfs2_provider,
    .bench_suites = hanoi_bench_suites,
};
