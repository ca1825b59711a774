/* test_gamesearch.c — the game engines against each other.
 *
 * Alpha-beta must return plain minimax's value on random game trees and on
 * every tic-tac-toe position; the steps that only reorder or re-window the
 * search (TT, hash move, killers, history, aspiration, PVS, iterative
 * deepening) must never change a fixed-depth value, in every combination;
 * MCTS must find the winning move of simple won positions; limits must stop
 * the search with a move; and the bench node count must equal the recorded
 * number, so that any change in search behaviour is noticed. */
#include "check.h"

#include <stdlib.h>
#include <string.h>
#include "ariadne/gamesearch.h"

/* The bench total with AR_STEPS_ALL. A change here means the search
 * behaves differently: explain it in the commit and record the new number
 * (also in tests/cli_games.sh). */
#define BENCH_NODES 158247u

/* ------------------------------------------------ a random game tree */

/* Position: node id, depth, player to move. Children of id are id*B+1..
 * id*B+B (ids in a large integer space, so no transpositions); leaf values
 * and interior evaluations come from a hash of the id and the tree seed. */
typedef struct rt_pos {
    uint64_t id;
    uint32_t depth;
    uint32_t player;
} rt_pos;

struct ar_variant {
    unsigned branching, height;
    uint64_t seed;
    int draws; /* some leaves are draws */
};

static uint64_t mix(uint64_t x)
{
    x ^= x >> 31;
    x *= 0x7fb5d329728ea185ull;
    x ^= x >> 27;
    x *= 0x81dadef4bc2dd44dull;
    return x ^ (x >> 33);
}

static const char *rt_name(const ar_variant *v, int p)
{
    (void)v;
    return p ? "B" : "A";
}
static size_t rt_size(const ar_variant *v)
{
    (void)v;
    return sizeof(rt_pos);
}
static void rt_initial(const ar_variant *v, void *pos)
{
    rt_pos p = {1, 0, 0};
    (void)v;
    memcpy(pos, &p, sizeof p);
}
static int rt_to_move(const ar_variant *v, const void *pos)
{
    (void)v;
    return (int)((const rt_pos *)pos)->player;
}
/* Leaves: the number of children is 0 at the height, and sometimes earlier. */
static unsigned rt_children(const ar_variant *v, const rt_pos *p)
{
    uint64_t h = mix(p->id ^ v->seed);
    if (p->depth >= v->height)
        return 0;
    if (p->depth >= 2 && h % 7 == 0)
        return 0; /* an early end */
    return 1 + (unsigned)(h >> 8) % v->branching;
}
static ar_game_outcome rt_outcome(const ar_variant *v, const void *pos)
{
    const rt_pos *p = pos;
    uint64_t h;
    if (rt_children(v, p))
        return AR_ONGOING;
    h = mix(p->id * 31 + v->seed) % (v->draws ? 3 : 2);
    return h == 0 ? AR_WIN_P0 : h == 1 ? AR_WIN_P1 : AR_DRAW;
}
static uint64_t rt_hash(const ar_variant *v, const void *pos)
{
    (void)v;
    return mix(((const rt_pos *)pos)->id);
}
static unsigned rt_max(const ar_variant *v, const void *pos)
{
    (void)pos;
    return v->branching;
}
static unsigned rt_legal(const ar_variant *v, const void *pos, int player, ar_gmove *m)
{
    const rt_pos *p = pos;
    unsigned n = rt_children(v, p), i;
    (void)player;
    for (i = 0; i < n; i++)
        m[i] = i;
    return n;
}
static void rt_apply(const ar_variant *v, void *pos, ar_gmove m)
{
    rt_pos *p = pos;
    p->id = p->id * v->branching + 1 + m;
    p->depth++;
    p->player ^= 1;
}
static void rt_undo(const ar_variant *v, void *pos, ar_gmove m)
{
    rt_pos *p = pos;
    p->id = (p->id - 1 - m) / v->branching;
    p->depth--;
    p->player ^= 1;
}
static int rt_eval(const ar_variant *v, const void *pos, int player)
{
    const rt_pos *p = pos;
    int e = (int)(mix(p->id ^ (v->seed * 3)) % 201) - 100;
    return player == 0 ? e : -e;
}
static const ar_game_eval rt_evals[] = {{"hash", "random values", rt_eval}, {NULL, NULL, NULL}};

static const ar_game randtree = {
    .name = "randtree",
    .summary = "random game tree",
    .help = "test only",
    .flags = AR_GAME_ACYCLIC | AR_GAME_DRAWS,
    .player_name = rt_name,
    .position_size = rt_size,
    .initial_position = rt_initial,
    .to_move = rt_to_move,
    .outcome = rt_outcome,
    .hash = rt_hash,
    .max_moves = rt_max,
    .legal_moves = rt_legal,
    .apply = rt_apply,
    .undo = rt_undo,
    .evals = rt_evals,
    .default_bot = "alphabeta"};

static void test_random_trees(void)
{
    unsigned t;
    static const unsigned step_sets[] = {AR_STEPS_EXACT, AR_STEPS_ALL, 0, AR_STEP_TT,
                                         AR_STEP_KILLERS | AR_STEP_HISTORY, AR_STEP_ASPIRATION | AR_STEP_ITERATIVE,
                                         AR_STEP_PVS | AR_STEP_TT | AR_STEP_HASH_MOVE};
    for (t = 0; t < 150; t++) {
        ar_variant v;
        rt_pos root;
        int depth;
        v.branching = 2 + t % 4;
        v.height = 3 + t % 6;
        v.seed = mix(t + 1);
        v.draws = t % 3 == 0;
        rt_initial(&v, &root);
        for (depth = 1; depth <= (int)v.height; depth++) {
            ar_gsearch_options o;
            ar_gsearch_result ref, r;
            ar_error err;
            unsigned k;
            ar_gsearch_options_init(&o);
            o.depth = depth;
            o.tt_bytes = 1 << 16;
            CHECK(ar_minimax(&randtree, &v, &root, &o, &ref, &err) == AR_OK);
            for (k = 0; k < sizeof step_sets / sizeof step_sets[0]; k++) {
                o.steps = step_sets[k];
                CHECK(ar_alphabeta(&randtree, &v, &root, &o, &r, &err) == AR_OK);
                CHECK_MSG(r.score == ref.score, "tree %u depth %d steps %x: alpha-beta %d, minimax %d", t,
                          depth, step_sets[k], r.score, ref.score);
                /* Plain alpha-beta never visits more than minimax. */
                if (step_sets[k] == 0)
                    CHECK(r.nodes <= ref.nodes);
            }
        }
    }
}

/* -------------------------------------------------------- tic-tac-toe */

typedef struct seen_set {
    uint64_t *keys;
    size_t cap, count;
} seen_set;

static int seen_add(seen_set *s, uint64_t k)
{
    size_t i;
    k |= 1; /* 0 marks an empty slot */
    if (s->count * 2 >= s->cap) {
        seen_set n = {calloc(s->cap ? s->cap * 2 : 1024, 8), s->cap ? s->cap * 2 : 1024, 0};
        for (i = 0; i < s->cap; i++)
            if (s->keys[i])
                seen_add(&n, s->keys[i]);
        free(s->keys);
        *s = n;
    }
    for (i = (size_t)(k * 0x9E3779B97F4A7C15ull) & (s->cap - 1); s->keys[i]; i = (i + 1) & (s->cap - 1))
        if (s->keys[i] == k)
            return 0;
    s->keys[i] = k;
    s->count++;
    return 1;
}

static void collect(const ar_game *g, const ar_variant *v, unsigned char *pos, seen_set *s,
                    unsigned char *out, size_t *n)
{
    ar_gmove moves[16];
    unsigned k, i;
    if (!seen_add(s, ar_game_hash(g, v, pos)))
        return;
    memcpy(out + *n * 4, pos, 4);
    (*n)++;
    if (g->outcome(v, pos) != AR_ONGOING)
        return;
    k = g->legal_moves(v, pos, g->to_move(v, pos), moves);
    for (i = 0; i < k; i++) {
        g->apply(v, pos, moves[i]);
        collect(g, v, pos, s, out, n);
        g->undo(v, pos, moves[i]);
    }
}

static void test_tictactoe_all(void)
{
    const ar_game *g = ar_game_find("tictactoe");
    ar_variant *v;
    ar_error err;
    unsigned char pos[4], *all = malloc(4 * 6000);
    seen_set s = {NULL, 0, 0};
    size_t n = 0, i, ongoing = 0, mismatches = 0, mismatches2 = 0;
    CHECK(g->position_size(NULL) == 4);
    CHECK(ar_game_create(g, NULL, 0, &v, &err) == AR_OK);
    g->initial_position(v, pos);
    collect(g, v, pos, &s, all, &n);
    CHECK_EQ_U(n, 5478); /* the known number of legal tic-tac-toe positions */
    for (i = 0; i < n; i++) {
        ar_gsearch_options o;
        ar_gsearch_result ref, r;
        if (g->outcome(v, all + i * 4) != AR_ONGOING)
            continue;
        ongoing++;
        /* Full depth: the game value. */
        ar_gsearch_options_init(&o);
        o.depth = 9;
        o.tt_bytes = 1 << 16;
        CHECK(ar_minimax(g, v, all + i * 4, &o, &ref, &err) == AR_OK);
        CHECK(ref.exact);
        o.steps = AR_STEPS_ALL;
        CHECK(ar_alphabeta(g, v, all + i * 4, &o, &r, &err) == AR_OK);
        mismatches += r.score != ref.score || !r.exact;
        /* Depth 2 with the notes' evaluation: the fixed-depth value. */
        o.depth = 2;
        o.eval = ar_game_eval_find(g, "lines");
        CHECK(ar_minimax(g, v, all + i * 4, &o, &ref, &err) == AR_OK);
        o.steps = AR_STEPS_EXACT;
        CHECK(ar_alphabeta(g, v, all + i * 4, &o, &r, &err) == AR_OK);
        mismatches2 += r.score != ref.score;
    }
    CHECK_EQ_U(ongoing, 4520);
    CHECK_EQ_U(mismatches, 0);
    CHECK_EQ_U(mismatches2, 0);
    free(all);
    free(s.keys);
    g->destroy(v);
}

/* Every combination of the value-preserving steps gives the minimax value at
 * fixed depth on Bridg-it and nim (where positions transpose at different
 * depths, hence no tt-deeper). */
static void test_step_combinations(void)
{
    static const struct {
        const char *game, *opt, *val, *pos;
        int depth;
    } cases[] = {
        {"bridgit", "size", "3", NULL, 5},
        {"bridgit", "size", "3", "*../.o/..*/../...", 4},
        {"bridgit", "size", "4", NULL, 3},
        {"nim", "k", "1", "3 4 5", 5},
        {"nim", "k", "2", "2 3 3", 4},
        {"nim", "take", "half", "40", 6},
    };
    static const unsigned bits[] = {AR_STEP_ITERATIVE, AR_STEP_ASPIRATION, AR_STEP_TT, AR_STEP_HASH_MOVE,
                                    AR_STEP_KILLERS,   AR_STEP_HISTORY,    AR_STEP_PVS};
    size_t c;
    for (c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        const ar_game *g = ar_game_find(cases[c].game);
        ar_param p = {cases[c].opt, cases[c].val};
        ar_variant *v;
        ar_error err;
        unsigned char pos[256];
        ar_gsearch_options o;
        ar_gsearch_result ref, r;
        unsigned mask, bad = 0;
        uint64_t min_nodes = UINT64_MAX, max_nodes = 0;
        CHECK(ar_game_create(g, &p, 1, &v, &err) == AR_OK);
        if (cases[c].pos)
            CHECK_MSG(g->parse_position(v, cases[c].pos, pos, &err) == AR_OK, "%s", err.message);
        else
            g->initial_position(v, pos);
        ar_gsearch_options_init(&o);
        o.depth = cases[c].depth;
        o.eval = g->evals[0].name && strcmp(cases[c].game, "nim") == 0 ? ar_game_eval_find(g, "rule")
                                                                        : NULL;
        CHECK(ar_minimax(g, v, pos, &o, &ref, &err) == AR_OK);
        for (mask = 0; mask < 128; mask++) {
            unsigned k;
            o.steps = 0;
            for (k = 0; k < 7; k++)
                if (mask >> k & 1u)
                    o.steps |= bits[k];
            o.tt_bytes = 1 << 18;
            CHECK(ar_alphabeta(g, v, pos, &o, &r, &err) == AR_OK);
            if (r.score != ref.score) {
                if (!bad)
                    fprintf(stderr, "%s %s: steps %x gave %d, minimax %d\n", cases[c].game,
                            cases[c].pos ? cases[c].pos : "start", o.steps, r.score, ref.score);
                bad++;
            }
            if (r.nodes < min_nodes)
                min_nodes = r.nodes;
            if (r.nodes > max_nodes)
                max_nodes = r.nodes;
        }
        CHECK_EQ_U(bad, 0);
        /* The steps do change the work done. */
        CHECK(min_nodes < max_nodes);
        g->destroy(v);
    }
}

static void test_mcts(void)
{
    static const struct {
        const char *game, *opt, *val, *pos, *best;
    } cases[] = {
        {"nim", NULL, NULL, "1 2", "2:1"},
        {"nim", NULL, NULL, "2 3", "2:1"},
        {"nim", NULL, NULL, "1 2 3 4", "4:4"},
        {"nim", "take", "half", "6", "3"}, /* leave 3 = 2^2 - 1 */
        {"tictactoe", NULL, NULL, "x.o/.x./o..", "c1"},
        {"tictactoe", NULL, NULL, "xx./oo./...", "c3"},
        {"tictactoe", NULL, NULL, "oo./xx./x..", "c3"}, /* O to move wins at c3 */
    };
    size_t c;
    for (c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        const ar_game *g = ar_game_find(cases[c].game);
        ar_param p = {cases[c].opt, cases[c].val};
        ar_variant *v;
        ar_error err;
        unsigned char pos[256];
        ar_mcts_options o;
        ar_mcts_result r, r2;
        char mv[64];
        CHECK(ar_game_create(g, &p, cases[c].opt ? 1 : 0, &v, &err) == AR_OK);
        CHECK_MSG(g->parse_position(v, cases[c].pos, pos, &err) == AR_OK, "%s", err.message);
        ar_mcts_options_init(&o);
        o.iterations = 20000;
        o.seed = 7;
        CHECK(ar_mcts(g, v, pos, g->to_move(v, pos), &o, &r, &err) == AR_OK);
        g->format_move(v, pos, g->to_move(v, pos), r.best, mv, sizeof mv);
        CHECK_MSG(strcmp(mv, cases[c].best) == 0, "%s %s: MCTS chose %s, want %s", cases[c].game,
                  cases[c].pos, mv, cases[c].best);
        CHECK(r.value > 0.8);
        /* Deterministic for a seed. */
        CHECK(ar_mcts(g, v, pos, g->to_move(v, pos), &o, &r2, &err) == AR_OK);
        CHECK(r2.best == r.best && r2.iterations == r.iterations && r2.tree_nodes == r.tree_nodes);
        /* Evaluation-guided playouts find it too. */
        o.playout = AR_PLAYOUT_EVAL;
        CHECK(ar_mcts(g, v, pos, g->to_move(v, pos), &o, &r, &err) == AR_OK);
        g->format_move(v, pos, g->to_move(v, pos), r.best, mv, sizeof mv);
        CHECK_MSG(strcmp(mv, cases[c].best) == 0, "%s %s (eval playouts): chose %s", cases[c].game,
                  cases[c].pos, mv);
        g->destroy(v);
    }
}

static void test_tt(void)
{
    ar_tt *tt;
    ar_tt_entry e;
    ar_error err;
    ar_mem mem;
    uint64_t k;
    ar_mem_init(&mem, 0);
    CHECK(ar_tt_create(1 << 12, &mem, &tt, &err) == AR_OK);
    CHECK(ar_tt_bytes(tt) <= 1 << 12 && ar_tt_capacity(tt) == ar_tt_bytes(tt) / 16);
    CHECK(!ar_tt_probe(tt, 12345, &e));
    ar_tt_store(tt, 12345, -29990, AR_BOUND_LOWER, 7, 3, 0);
    CHECK(ar_tt_probe(tt, 12345, &e));
    CHECK(e.score == -29990 && e.bound == AR_BOUND_LOWER && e.depth == 7 && e.move_index == 3 && !e.horizon);
    /* A shallower bound does not replace a deeper exact entry of the same key. */
    ar_tt_store(tt, 12345, 5, AR_BOUND_EXACT, 9, 1, 1);
    ar_tt_store(tt, 12345, 6, AR_BOUND_UPPER, 2, 0xFFFF, 1);
    CHECK(ar_tt_probe(tt, 12345, &e) && e.score == 5 && e.depth == 9 && e.horizon);
    /* Key 0 is storable. */
    ar_tt_store(tt, 0, 17, AR_BOUND_EXACT, 1, 0xFFFF, 1);
    CHECK(ar_tt_probe(tt, 0, &e) && e.score == 17 && e.move_index == 0xFFFF);
    /* Filling far beyond capacity keeps it working (replacement). */
    for (k = 1; k < 100000; k++)
        ar_tt_store(tt, k * 0x9E3779B97F4A7C15ull, (ar_score)(k % 1000), AR_BOUND_EXACT, (int)(k % 20), 0, 1);
    CHECK(ar_tt_probe(tt, 99999 * 0x9E3779B97F4A7C15ull, &e) && e.score == 999);
    ar_tt_destroy(tt);
    CHECK_EQ_U(mem.used, 0);
    /* A memory limit smaller than the request is refused. */
    ar_mem_init(&mem, 1000);
    CHECK(ar_tt_create(1 << 20, &mem, &tt, &err) == AR_ERR_MEMORY);
}

static void test_limits_and_steps(void)
{
    const ar_game *g = ar_game_find("bridgit");
    ar_variant *v;
    ar_error err;
    unsigned char pos[256];
    ar_gsearch_options o;
    ar_gsearch_result r;
    unsigned steps;
    volatile sig_atomic_t flag = 1;
    CHECK(ar_game_create(g, NULL, 0, &v, &err) == AR_OK);
    g->initial_position(v, pos);
    ar_gsearch_options_init(&o);
    o.limits.node_limit = 3000;
    CHECK(ar_alphabeta(g, v, pos, &o, &r, &err) == AR_OK);
    CHECK(r.stop == AR_STOP_NODES && r.depth >= 1 && r.best != AR_GMOVE_NONE);
    CHECK(r.nodes <= 3001);
    o.limits.node_limit = 0;
    o.limits.interrupt = &flag;
    /* The flag is looked at every 1024 nodes: depth 1 may finish first. */
    ar_alphabeta(g, v, pos, &o, &r, &err);
    CHECK(r.stop == AR_STOP_INTERRUPT && r.best != AR_GMOVE_NONE && r.nodes <= 1024);
    g->destroy(v);
    CHECK(ar_gsearch_parse_steps("all,-null,-qsearch", &steps, &err) == AR_OK);
    CHECK(steps == (AR_STEPS_ALL & ~(unsigned)(AR_STEP_NULL_MOVE | AR_STEP_QUIESCENCE)));
    CHECK(ar_gsearch_parse_steps("tt,killers", &steps, &err) == AR_OK && steps == (AR_STEP_TT | AR_STEP_KILLERS));
    CHECK(ar_gsearch_parse_steps("none", &steps, &err) == AR_OK && steps == 0);
    CHECK(ar_gsearch_parse_steps("tt,bogus", &steps, &err) == AR_ERR_INPUT);
    CHECK(strstr(err.message, "bogus") != NULL);
}

/* The engines refuse, by name, what they cannot search: negamax more than
 * two players or hidden information, MCTS more than two players (it may
 * search a player's view). */
static int rt_three_players(const ar_variant *v)
{
    (void)v;
    return 3;
}
static void rt_observe(const ar_variant *v, const void *pos, int player, void *view)
{
    (void)v;
    (void)player;
    memcpy(view, pos, sizeof(rt_pos));
}

static void test_refusals(void)
{
    ar_game hidden = randtree, three = randtree;
    ar_variant v = {3, 4, 99, 0};
    rt_pos root;
    ar_gsearch_options o;
    ar_gsearch_result r;
    ar_mcts_options mo;
    ar_mcts_result mr;
    ar_error err;
    hidden.flags |= AR_GAME_HIDDEN;
    hidden.observe = rt_observe;
    three.players = rt_three_players;
    rt_initial(&v, &root);
    ar_gsearch_options_init(&o);
    o.depth = 3;
    ar_mcts_options_init(&mo);
    mo.iterations = 50;
    CHECK(ar_alphabeta(&randtree, &v, &root, &o, &r, &err) == AR_OK);
    CHECK(ar_alphabeta(&hidden, &v, &root, &o, &r, &err) == AR_ERR_UNSUPPORTED);
    CHECK(strstr(err.message, "randtree") && strstr(err.message, "whole position"));
    CHECK(ar_minimax(&hidden, &v, &root, &o, &r, &err) == AR_ERR_UNSUPPORTED);
    CHECK(ar_mcts(&hidden, &v, &root, 0, &mo, &mr, &err) == AR_OK && mr.best != AR_GMOVE_NONE);
    CHECK(ar_alphabeta(&three, &v, &root, &o, &r, &err) == AR_ERR_UNSUPPORTED);
    CHECK(strstr(err.message, "3 players") != NULL);
    CHECK(ar_minimax(&three, &v, &root, &o, &r, &err) == AR_ERR_UNSUPPORTED);
    CHECK(ar_mcts(&three, &v, &root, 0, &mo, &mr, &err) == AR_ERR_UNSUPPORTED && mr.best == AR_GMOVE_NONE);
}

static void test_bench(void)
{
    uint64_t total, total2, nodes[64];
    double secs;
    ar_error err;
    CHECK(ar_game_bench(ar_games(), AR_STEPS_ALL, nodes, &total, &secs, &err) == AR_OK);
    printf("bench nodes: %llu\n", (unsigned long long)total);
    CHECK_EQ_U(total, BENCH_NODES);
    CHECK(ar_game_bench(ar_games(), AR_STEPS_ALL, NULL, &total2, &secs, &err) == AR_OK);
    CHECK_EQ_U(total, total2);
}

int main(void)
{
    test_random_trees();
    test_tictactoe_all();
    test_step_combinations();
    test_mcts();
    test_tt();
    test_limits_and_steps();
    test_refusals();
    test_bench();
    return check_report("test_gamesearch");
}
