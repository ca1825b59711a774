/* hanoi_goals.c — the Towers of Hanoi as problem reduction: "move a tower of
 * k discs from peg a to peg b using the pegs of set M" is reduced, for every
 * split s (1 <= s < k) and every parking peg i in M other than a and b, to
 * three subproblems that must all be solved: park the top s discs on i (all of
 * M), move the k - s larger ones to b without touching i (M minus i), bring
 * the s back onto b (all of M). One disc is a primitive problem costing one
 * move; two or more discs with only two pegs are unsolvable. On three pegs the
 * only split that can be solved is s = k - 1, so the cheapest solution costs
 * 2^n - 1; on four or more it is the Frame–Stewart recursion, and the
 * cheapest split is what AO* finds (4 pegs: OEIS A007664; optimal for 4 pegs
 * by Bousch 2014).
 *
 * A node is (k, a, b, M) in eight canonical bytes. The answer expands the
 * solution into moves (`a-b`, the hanoi puzzle's notation) and replays them
 * on that puzzle, found by name through the registry, so each solution is
 * also checked by the ordinary rules. */
#include "ariadne/andor.h"
#include "ariadne/puzzle.h"
#include "ariadne/tool.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PEGS 8
#define MAX_DISCS 63
#define MOVES_SHOWN 64            /* the answer lists at most this many moves */
#define MOVES_REPLAYED (1u << 20) /* and replays solutions up to this length */

struct ar_andor_problem {
    unsigned pegs, discs;
    uint64_t fs[MAX_PEGS + 1][MAX_DISCS + 1]; /* Frame–Stewart numbers, for the help text and tests */
};

typedef struct hnode {
    uint8_t k, from, to, pad;
    uint16_t mask, pad2;
} hnode;

static unsigned popcount(unsigned m)
{
    unsigned c = 0;
    for (; m; m &= m - 1)
        c++;
    return c;
}

static hnode node_of(const void *p)
{
    hnode n;
    memcpy(&n, p, sizeof n);
    return n;
}

static void put_node(void *p, unsigned k, unsigned from, unsigned to, unsigned mask)
{
    hnode n;
    memset(&n, 0, sizeof n);
    n.k = (uint8_t)k;
    n.from = (uint8_t)from;
    n.to = (uint8_t)to;
    n.mask = (uint16_t)mask;
    memcpy(p, &n, sizeof n);
}

static uint64_t sat_add(uint64_t a, uint64_t b) { return a > UINT64_MAX - b ? UINT64_MAX : a + b; }

/* FS(n, p) = min over s of 2 FS(s, p) + FS(n - s, p - 1), FS(1, p) = 1, FS(n, 2) = none. */
static void frame_stewart(ar_andor_problem *h)
{
    unsigned p, n, s;
    for (p = 0; p <= MAX_PEGS; p++)
        for (n = 0; n <= MAX_DISCS; n++)
            h->fs[p][n] = n == 0 ? 0 : n == 1 && p >= 2 ? 1 : UINT64_MAX;
    for (p = 3; p <= MAX_PEGS; p++)
        for (n = 2; n <= MAX_DISCS; n++)
            for (s = 1; s < n; s++)
                if (h->fs[p][s] != UINT64_MAX && h->fs[p - 1][n - s] != UINT64_MAX) {
                    uint64_t c = sat_add(sat_add(h->fs[p][s], h->fs[p][s]), h->fs[p - 1][n - s]);
                    if (c < h->fs[p][n])
                        h->fs[p][n] = c;
                }
}

static ar_status goals_create(const char *text, const ar_param *params, size_t count,
                              ar_andor_problem **out, ar_error *err)
{
    long pegs, discs;
    ar_status st;
    ar_andor_problem *h;
    *out = NULL;
    if (text)
        return ar_error_set(err, AR_ERR_INPUT,
                            "hanoi-goals takes no instance text: give parameter discs and parameter pegs");
    st = ar_param_int(params, count, "pegs", 3, MAX_PEGS, 3, &pegs, err);
    if (st == AR_OK)
        st = ar_param_int(params, count, "discs", 1, MAX_DISCS, 8, &discs, err);
    if (st != AR_OK)
        return st;
    h = calloc(1, sizeof *h);
    if (!h)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory");
    h->pegs = (unsigned)pegs;
    h->discs = (unsigned)discs;
    frame_stewart(h);
    *out = h;
    return AR_OK;
}

static void goals_destroy(ar_andor_problem *h) { free(h); }

static void goals_describe(const ar_andor_problem *h, char *buf, size_t size)
{
    snprintf(buf, size, "%u disc%s from peg 1 to peg %u on %u pegs, reduced to subgoals",
             h->discs, h->discs == 1 ? "" : "s", h->pegs, h->pegs);
}

static size_t goals_node_size(const ar_andor_problem *h) { (void)h; return sizeof(hnode); }

static void goals_root(const ar_andor_problem *h, void *node)
{
    put_node(node, h->discs, 0, h->pegs - 1, (1u << h->pegs) - 1u);
}

static int goals_classify(const ar_andor_problem *h, const void *node, uint64_t *cost)
{
    hnode n = node_of(node);
    (void)h;
    if (n.k <= 1) {
        *cost = n.k;
        return AR_ANDOR_PRIMITIVE;
    }
    return popcount(n.mask) < 3 ? AR_ANDOR_UNSOLVABLE : AR_ANDOR_OPEN;
}

static unsigned goals_max_connectors(const ar_andor_problem *h)
{
    return (h->discs > 1 ? h->discs - 1 : 1) * (h->pegs - 2);
}

static unsigned goals_max_arity(const ar_andor_problem *h) { (void)h; return 3; }

/* Rule code: the split s and the parking peg i. */
static unsigned goals_expand(const ar_andor_problem *h, const void *node, ar_andor_connector *conns,
                             void *children)
{
    hnode n = node_of(node);
    unsigned s, i, c = 0;
    unsigned char *kids = children;
    (void)h;
    for (s = 1; s < n.k; s++)
        for (i = 0; i < MAX_PEGS; i++) {
            unsigned char *k = kids + (size_t)c * 3 * sizeof(hnode);
            if (!(n.mask >> i & 1u) || i == n.from || i == n.to)
                continue;
            conns[c].rule = s | i << 8;
            conns[c].cost = 0;
            conns[c].count = 3;
            put_node(k, s, n.from, i, n.mask);
            put_node(k + sizeof(hnode), n.k - s, n.from, n.to, n.mask & ~(1u << i));
            put_node(k + 2 * sizeof(hnode), s, i, n.to, n.mask);
            c++;
        }
    return c;
}

static void goals_format_node(const ar_andor_problem *h, const void *node, char *buf, size_t size)
{
    hnode n = node_of(node);
    char pegs[MAX_PEGS + 1];
    unsigned i, m = 0;
    (void)h;
    for (i = 0; i < MAX_PEGS; i++)
        if (n.mask >> i & 1u)
            pegs[m++] = (char)('1' + i);
    pegs[m] = '\0';
    snprintf(buf, size, "%u disc%s %u->%u using %s", n.k, n.k == 1 ? "" : "s", n.from + 1u,
             n.to + 1u, pegs);
}

static void goals_format_rule(const ar_andor_problem *h, const void *node, uint32_t rule, char *buf,
                              size_t size)
{
    (void)h, (void)node;
    snprintf(buf, size, "park %u on %u", rule & 0xFFu, (rule >> 8) + 1u);
}

/* Each disc moves at least once; with at least three pegs, each of the k - 1
 * smaller discs sits on the largest at the start and must leave before it
 * moves and come back after (the largest lands on b only when no smaller disc
 * is there): 2k - 1 moves at least. */
static uint64_t h_discs(const ar_andor_problem *h, const void *node)
{
    hnode n = node_of(node);
    (void)h;
    return n.k ? 2u * n.k - 1u : 0;
}

static uint64_t h_zero(const ar_andor_problem *h, const void *node) { (void)h, (void)node; return 0; }

static const ar_andor_heuristic goals_heuristics[] = {
    {.name = "discs",
     .summary = "2k - 1 for k discs: each smaller disc leaves the largest and comes back",
     .flags = AR_HEURISTIC_ADMISSIBLE,
     .estimate = h_discs},
    {.name = "zero", .summary = "0 everywhere", .flags = AR_HEURISTIC_ADMISSIBLE, .estimate = h_zero},
    {.name = NULL}};

/* --- the answer: the moves, replayed on the puzzle --- */

typedef struct spell {
    const ar_andor_solution *sol;
    char *text;
    size_t used, cap;
} spell;

/* Appends the moves of solution node i (an explicit stack: no recursion). */
static int spell_moves(spell *sp, uint32_t i)
{
    uint32_t *stack = malloc(sizeof *stack * (64u * 3u + 1u)), top = 0;
    if (!stack)
        return -1;
    stack[top++] = i;
    while (top) {
        uint32_t x = stack[--top], j;
        const ar_andor_step *s = &sp->sol->steps[x];
        if (s->count == 0) {
            hnode n = node_of(ar_andor_solution_node(sp->sol, x));
            if (n.k == 0)
                continue;
            if (sp->used + 5 > sp->cap) {
                size_t cap = sp->cap ? sp->cap * 2 : 256;
                char *t = realloc(sp->text, cap);
                if (!t) {
                    free(stack);
                    return -1;
                }
                sp->text = t;
                sp->cap = cap;
            }
            sp->used += (size_t)sprintf(sp->text + sp->used, "%s%c-%c", sp->used ? " " : "",
                                        '1' + n.from, '1' + n.to);
            continue;
        }
        for (j = s->count; j-- > 0;)
            stack[top++] = sp->sol->children[s->first + j];
    }
    free(stack);
    return 0;
}

static ar_status goals_answer(const ar_andor_problem *h, const ar_andor_solution *sol, char **text,
                              ar_error *err)
{
    const ar_puzzle *p = ar_puzzle_find("hanoi");
    uint64_t cost = sol->steps[0].cost, length = 0, moves_cost = 0;
    spell sp = {sol, NULL, 0, 0};
    char opts[64], *pv;
    ar_param params[2];
    ar_instance *inst = NULL;
    int solved = 0;
    ar_status st;
    char buf[400];
    if (cost > MOVES_REPLAYED) {
        snprintf(buf, sizeof buf, "%" PRIu64 " moves (Frame-Stewart number %" PRIu64 "), too many "
                 "to replay here", cost, h->fs[h->pegs][h->discs]);
        *text = strdup(buf);
        return *text ? AR_OK : ar_error_set(err, AR_ERR_MEMORY, "out of memory");
    }
    if (!p)
        return ar_error_set(err, AR_ERR_INTERNAL, "the hanoi puzzle is not registered");
    if (spell_moves(&sp, 0))
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory spelling the moves");
    snprintf(opts, sizeof opts, "pegs=%u discs=%u", h->pegs, h->discs);
    pv = opts;
    st = p->create(NULL, params, ar_param_split(pv, params, 2), &inst, err);
    if (st == AR_OK)
        st = ar_puzzle_replay(p, inst, sp.text ? sp.text : "", &length, &moves_cost, &solved, NULL, err);
    if (inst)
        p->destroy(inst);
    if (st == AR_ERR_INPUT) {
        char why[300];
        snprintf(why, sizeof why, "%.290s", err ? err->message : "");
        st = ar_error_set(err, AR_ERR_UNSOLVABLE, "the moves the tree spells are illegal: %s", why);
    }
    else if (st == AR_OK && (!solved || length != cost))
        st = ar_error_set(err, AR_ERR_UNSOLVABLE,
                          "the tree's %" PRIu64 " moves %s, in %" PRIu64 " moves", cost,
                          solved ? "solve the puzzle" : "do not reach the goal", length);
    if (st == AR_OK) {
        if (length <= MOVES_SHOWN)
            snprintf(buf, sizeof buf, "%" PRIu64 " moves, replayed on hanoi: %s", cost,
                     sp.text ? sp.text : "");
        else
            snprintf(buf, sizeof buf, "%" PRIu64 " moves (the Frame-Stewart number is %" PRIu64
                     "), replayed on hanoi; more than %d, not listed", cost,
                     h->fs[h->pegs][h->discs], MOVES_SHOWN);
        *text = strdup(buf);
        if (!*text)
            st = ar_error_set(err, AR_ERR_MEMORY, "out of memory");
    }
    free(sp.text);
    return st;
}

extern const ar_andor_domain ar_reduction_hanoi_goals;

/* --- `ariadne bench hanoi-goals`: AO* and the depth-first search against
 * the Frame-Stewart numbers, computed here by their recurrence --- */

static int goals_bench(int quick)
{
    static const unsigned sizes[] = {5, 10, 15, 20, 25, 30, 40, 50, 63};
    unsigned pegs, k;
    int rc = 0;
    puts("## Hanoi reduced to subgoals: AO* against the depth-first search\n");
    puts("Cost of the cheapest decomposition (moves) against the Frame-Stewart number of the same");
    puts("recurrence; nodes expanded by AO* (heuristic discs) and by the exhaustive depth-first search.\n");
    puts("| pegs | discs | cost | Frame-Stewart | AO* nodes | AO* s | DFS nodes | DFS s |");
    puts("|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (pegs = 3; pegs <= (quick ? 4u : 6u); pegs++)
        for (k = 0; k < sizeof sizes / sizeof *sizes && sizes[k] <= (quick ? 10u : 63u); k++) {
            ar_param params[2];
            char p1[16], p2[16];
            ar_andor_problem *prob;
            ar_andor_options o;
            ar_andor_result r[2];
            ar_error err;
            int a;
            if (pegs > 3 && sizes[k] > (pegs == 4 ? 40u : 30u))
                continue;
            snprintf(p1, sizeof p1, "%u", pegs);
            snprintf(p2, sizeof p2, "%u", sizes[k]);
            params[0] = (ar_param){"pegs", p1};
            params[1] = (ar_param){"discs", p2};
            if (goals_create(NULL, params, 2, &prob, &err) != AR_OK)
                return 2;
            for (a = 0; a < 2; a++) {
                ar_andor_options_init(&o);
                o.search.algorithm = a ? "andor-dfs" : "aostar";
                if (ar_andor_solve(&ar_reduction_hanoi_goals, prob, &o, &r[a], &err) != AR_OK) {
                    goals_destroy(prob);
                    return 2;
                }
            }
            printf("| %u | %u | %" PRIu64 " | %" PRIu64 " | %" PRIu64 " | %.3f | %" PRIu64 " | %.3f |\n", pegs,
                   sizes[k], r[0].search.cost, prob->fs[pegs][sizes[k]], r[0].search.expanded,
                   r[0].search.seconds, r[1].search.expanded, r[1].search.seconds);
            if (r[0].search.cost != prob->fs[pegs][sizes[k]] || r[1].search.cost != r[0].search.cost)
                rc = 1;
            ar_andor_result_free(&r[0]);
            ar_andor_result_free(&r[1]);
            goals_destroy(prob);
        }
    return rc;
}

static const ar_bench_suite goals_suites[] = {
    {.name = "hanoi-goals",
     .summary = "Hanoi by subgoals: AO* and depth-first costs against Frame-Stewart, 3-6 pegs",
     .run = goals_bench},
    {.name = NULL}};

static const ar_option_spec goals_options[] = {
    {.name = "discs", .metavar = "N", .help = "discs, 1..63 (default 8)"},
    {.name = "pegs", .metavar = "K", .help = "pegs, 3..8 (default 3): the tower goes from peg 1 to peg K"},
    {.name = NULL}};

static const ar_andor_example goals_examples[] = {
    {.options = "discs=3", .cost = 7, .note = "three pegs: the only split that works is 2 + 1, 2^3 - 1 moves"},
    {.options = "discs=8 pegs=4", .cost = 33, .note = "four pegs: AO* finds Frame-Stewart's split, 33 moves"},
    {.options = "discs=30 pegs=4", .cost = 1025, .note = "30 discs on four pegs: 1025 moves (OEIS A007664)"},
    {.options = "discs=12 pegs=5", .cost = 47, .note = "five pegs: 47 moves (OEIS A007665)"},
    {.note = NULL}};

const ar_andor_domain ar_reduction_hanoi_goals = {
    .name = "hanoi-goals",
    .summary = "Towers of Hanoi reduced to subgoals: park s discs, move the rest, unpark (AO*)",
    .help = "A tower of --discs N goes from peg 1 to peg K (--pegs K, 3..8). A node is 'k discs\n"
            "a->b using PEGS'; it is reduced, for each split s and parking peg i, to: s discs a->i\n"
            "using PEGS, k-s discs a->b without i, s discs i->b using PEGS (rule 'park s on i',\n"
            "cost 0). One disc costs one move; two or more with only two pegs are unsolvable.\n"
            "The cheapest solution is 2^N - 1 moves on three pegs and the Frame-Stewart number on\n"
            "more; the answer spells the moves and replays them on the hanoi puzzle.",
    .options = goals_options,
    .create = goals_create,
    .destroy = goals_destroy,
    .describe = goals_describe,
    .node_size = goals_node_size,
    .root = goals_root,
    .classify = goals_classify,
    .max_connectors = goals_max_connectors,
    .max_arity = goals_max_arity,
    .expand = goals_expand,
    .format_node = goals_format_node,
    .format_rule = goals_format_rule,
    .heuristics = goals_heuristics,
    .answer = goals_answer,
    .examples = goals_examples,
    .bench_suites = goals_suites,
};
