/* test_bridgit.c — Bridg-it's rules and notation, and its two perfect
 * players.
 *
 * "shannon" (Lehman's solution of the switching game, for either player in
 * every position): its value equals exhaustive search on every position of
 * the n = 2 and n = 3 boards and on random positions of n = 4, the move it
 * picks keeps every won position won, and from every won position of n = 2
 * and 3 (and sampled ones of n = 4) it wins against every reply; on the
 * default n = 5 board it wins from random won positions, as black and as
 * white, against random, alpha-beta and MCTS opponents.
 *
 * "pairing" (Gross's strategy for the first player): proven for n = 2..5 by
 * checking that every way of getting one point of each pair (plus the
 * opening) connects black, played against every white reply on boards up to
 * n = 4, and against random, alpha-beta and MCTS opponents on n = 5. */
#include "check.h"

#include <stdlib.h>
#include <string.h>
#include "ariadne/arena.h"

static ar_variant *make(const ar_game *g, int n)
{
    char size[8];
    ar_param p = {"size", size};
    ar_variant *v = NULL;
    ar_error err;
    snprintf(size, sizeof size, "%d", n);
    CHECK(ar_game_create(g, &p, 1, &v, &err) == AR_OK);
    return v;
}

static int points(int n) { return n * n + (n - 1) * (n - 1); }

/* The pairing partner of point c, read off the strategy itself: with black
 * on the opening and white on c, black's reply is c's partner. */
static int partner_of(const ar_game *g, const ar_variant *v, int n, int c)
{
    char text[400];
    unsigned char pos[256];
    const ar_game_strategy *s = ar_game_strategy_find(g, "pairing");
    ar_gmove m;
    ar_error err;
    int i, cells = points(n);
    for (i = 0; i < cells; i++)
        text[i] = i == 0 ? '*' : i == c ? 'o' : '.';
    text[cells] = '\0';
    if (g->parse_position(v, text, pos, &err) != AR_OK || s->choose(v, pos, NULL, &m, &err) != AR_OK)
        return -1;
    return (int)m;
}

static void test_pairing_proof(void)
{
    const ar_game *g = ar_game_find("bridgit");
    int n;
    for (n = 2; n <= 5; n++) {
        ar_variant *v = make(g, n);
        int cells = points(n), partner[256], first[128], second[128], pairs = 0, c, bad = 0;
        unsigned long mask, total;
        char text[400];
        unsigned char pos[256];
        ar_error err;
        for (c = 1; c < cells; c++)
            partner[c] = partner_of(g, v, n, c);
        for (c = 1; c < cells; c++) {
            CHECK_MSG(partner[c] >= 1 && partner[c] < cells && partner[c] != c && partner[partner[c]] == c,
                      "n=%d: point %d has partner %d", n, c + 1, partner[c] + 1);
            if (partner[c] > c) {
                first[pairs] = c;
                second[pairs] = partner[c];
                pairs++;
            }
        }
        CHECK_EQ_U(pairs, n * n - n);
        total = 1ul << pairs;
        for (mask = 0; mask < total; mask++) {
            int k;
            for (c = 0; c < cells; c++)
                text[c] = '.';
            text[0] = '*';
            for (k = 0; k < pairs; k++) {
                int mine = (mask >> k & 1ul) ? first[k] : second[k];
                text[mine] = '*';
                text[mine == first[k] ? second[k] : first[k]] = 'o';
            }
            text[cells] = '\0';
            if (g->parse_position(v, text, pos, &err) != AR_OK || g->outcome(v, pos) != AR_WIN_P0) {
                if (!bad)
                    fprintf(stderr, "n=%d: black is not connected in %s\n", n, text);
                bad++;
            }
        }
        CHECK_MSG(bad == 0, "n=%d: %d of %lu pair choices fail", n, bad, total);
        g->destroy(v);
    }
}

/* Black with the pairing strategy against every white reply (memoised). */
typedef struct memo {
    uint64_t *keys;
    size_t cap, count;
} memo;

static int memo_has(memo *m, uint64_t k)
{
    size_t i;
    k |= 1;
    for (i = (size_t)(k * 0x9E3779B97F4A7C15ull) & (m->cap - 1); m->keys[i]; i = (i + 1) & (m->cap - 1))
        if (m->keys[i] == k)
            return 1;
    return 0;
}

static void memo_add(memo *m, uint64_t k)
{
    size_t i;
    if (m->count * 2 >= m->cap) {
        memo nm = {calloc(m->cap * 2, 8), m->cap * 2, 0};
        for (i = 0; i < m->cap; i++)
            if (m->keys[i])
                memo_add(&nm, m->keys[i]);
        free(m->keys);
        *m = nm;
    }
    k |= 1;
    for (i = (size_t)(k * 0x9E3779B97F4A7C15ull) & (m->cap - 1); m->keys[i]; i = (i + 1) & (m->cap - 1))
        ;
    m->keys[i] = k;
    m->count++;
}

static int black_always_wins(const ar_game *g, const ar_variant *v, const ar_game_strategy *s, void *pos,
                             memo *m)
{
    ar_game_outcome oc = g->outcome(v, pos);
    uint64_t k;
    int ok = 1;
    if (oc != AR_ONGOING)
        return oc == AR_WIN_P0;
    k = ar_game_hash(g, v, pos);
    if (memo_has(m, k))
        return 1; /* only wins are stored */
    if (g->to_move(v, pos) == 0) {
        ar_gmove mv;
        ar_error err;
        if (s->choose(v, pos, NULL, &mv, &err) != AR_OK || !ar_game_is_legal(g, v, pos, 0, mv))
            return 0;
        g->apply(v, pos, mv);
        ok = black_always_wins(g, v, s, pos, m);
        g->undo(v, pos, mv);
    } else {
        ar_gmove moves[64];
        unsigned n = g->legal_moves(v, pos, 1, moves), i;
        for (i = 0; i < n && ok; i++) {
            g->apply(v, pos, moves[i]);
            ok = black_always_wins(g, v, s, pos, m);
            g->undo(v, pos, moves[i]);
        }
    }
    if (ok)
        memo_add(m, k);
    return ok;
}

/* n = 2, 3 always; n = 4 (about 530,000 positions, a few seconds at -O2,
 * a minute under the sanitizers) when ARIADNE_LONG_TESTS is set. The
 * pair-choice check above already proves the pairing up to n = 5. */
static void test_every_reply(void)
{
    const ar_game *g = ar_game_find("bridgit");
    const ar_game_strategy *s = ar_game_strategy_find(g, "pairing");
    int n, top = getenv("ARIADNE_LONG_TESTS") ? 4 : 3;
    for (n = 2; n <= top; n++) {
        ar_variant *v = make(g, n);
        unsigned char pos[256];
        memo m = {calloc(1024, 8), 1024, 0};
        int value;
        ar_error err;
        g->initial_position(v, pos);
        CHECK(s->value(v, pos, &value, &err) == AR_OK && value == 1);
        CHECK_MSG(black_always_wins(g, v, s, pos, &m), "n=%d: white found a way to win", n);
        free(m.keys);
        g->destroy(v);
    }
}

static void test_opponents(void)
{
    const ar_game *g = ar_game_find("bridgit");
    ar_variant *v = make(g, 5);
    static const char *const opponents[] = {"random", "alphabeta:depth=1:tt=1M", "alphabeta:depth=2:tt=1M",
                                            "alphabeta:depth=3:tt=1M", "mcts:iters=300", "minimax:depth=1"};
    size_t k;
    unsigned lost = 0, games = 0;
    for (k = 0; k < sizeof opponents / sizeof opponents[0]; k++) {
        unsigned rounds = k == 0 ? 200 : k == 4 ? 10 : 2, r;
        for (r = 0; r < rounds; r++) {
            ar_bot *bots[2];
            ar_game_record rec;
            ar_error err;
            CHECK(ar_bot_create(g, v, "pairing:tt=1M", r, 0, &bots[0], &err) == AR_OK);
            CHECK(ar_bot_create(g, v, opponents[k], 1000 + r, 0, &bots[1], &err) == AR_OK);
            CHECK(ar_play_game(g, v, bots, NULL, 0, r, 0, NULL, &rec, &err) == AR_OK);
            games++;
            if (rec.outcome != AR_WIN_P0) {
                lost++;
                fprintf(stderr, "pairing lost to %s: %s\n", opponents[k], rec.moves);
            }
            ar_bot_destroy(bots[0]);
            ar_bot_destroy(bots[1]);
        }
    }
    CHECK(games == 200 + 10 + 4 * 2);
    CHECK_EQ_U(lost, 0);
    g->destroy(v);
}

static void test_rules(void)
{
    const ar_game *g = ar_game_find("bridgit");
    ar_variant *v = make(g, 5), *v2 = make(g, 2);
    unsigned char pos[256];
    char buf[4096];
    ar_error err;
    ar_gmove m;
    ar_param bad = {"size", "13"};
    ar_variant *vb;
    CHECK(ar_game_create(g, &bad, 1, &vb, &err) == AR_ERR_INPUT);
    g->describe(v, buf, sizeof buf);
    CHECK(strstr(buf, "41 points") != NULL);
    g->initial_position(v, pos);
    CHECK(g->to_move(v, pos) == 0);
    CHECK_STR(g->player_name(v, 0), "black");
    CHECK(g->parse_move(v, pos, 0, "41", 2, &m, &err) == AR_OK && m == 40);
    CHECK(g->parse_move(v, pos, 0, "42", 2, &m, &err) == AR_ERR_INPUT && strstr(err.message, "1..41"));
    CHECK(g->parse_move(v, pos, 0, "a1", 2, &m, &err) == AR_ERR_INPUT && strstr(err.message, "number"));
    g->apply(v, pos, 0);
    CHECK(g->parse_move(v, pos, 1, "1", 1, &m, &err) == AR_ERR_INPUT && strstr(err.message, "black"));
    g->format_position(v, pos, buf, sizeof buf);
    CHECK_STR(buf, "*..../..../...../..../...../..../...../..../.....");
    {
        unsigned char p2[256];
        CHECK(g->parse_position(v, buf, p2, &err) == AR_OK);
        CHECK(ar_game_hash(g, v, p2) == ar_game_hash(g, v, pos) && g->to_move(v, p2) == 1);
    }
    g->draw(v, pos, buf, sizeof buf);
    CHECK(strstr(buf, " 41") != NULL && strstr(buf, " H ") != NULL);
    CHECK(g->parse_position(v, "**", pos, &err) == AR_ERR_INPUT && strstr(err.message, "41"));
    CHECK(g->parse_position(v, "***.o/..../...../..../...../..../...../..../.....", pos, &err) == AR_ERR_INPUT &&
          strstr(err.message, "black has 3 bridges and white 1"));
    /* n = 2: points 1..5 (1 2 / 3 / 4 5). Black's column bridges 1 and 4 at
     * x = 1 join bottom and top. */
    CHECK(g->parse_position(v2, "*o/./*o", pos, &err) == AR_OK);
    CHECK(g->outcome(v2, pos) == AR_WIN_P0);
    CHECK(g->parse_position(v2, "o*/o/*.", pos, &err) == AR_ERR_INPUT || g->outcome(v2, pos) != AR_WIN_P0);
    /* White joins left to right along y = 1: points 1 and 2. */
    CHECK(g->parse_position(v2, "oo/./*.", pos, &err) == AR_ERR_INPUT); /* counts: black moves first */
    CHECK(g->parse_position(v2, "oo/*/**", pos, &err) == AR_OK && g->outcome(v2, pos) == AR_WIN_P1);
    /* Apply/undo and null move restore the position. */
    {
        unsigned char p2[256];
        g->initial_position(v, pos);
        memcpy(p2, pos, g->position_size(v));
        g->apply(v, pos, 7);
        g->pass(v, pos);
        g->pass(v, pos);
        g->undo(v, pos, 7);
        CHECK(memcmp(pos, p2, g->position_size(v)) == 0);
    }
    g->destroy(v);
    g->destroy(v2);
}

/* Search agrees: the first player wins the small boards. */
static void test_search_solves(void)
{
    const ar_game *g = ar_game_find("bridgit");
    int n;
    for (n = 2; n <= 3; n++) {
        ar_variant *v = make(g, n);
        unsigned char pos[256];
        ar_gsearch_options o;
        ar_gsearch_result r;
        ar_error err;
        g->initial_position(v, pos);
        ar_gsearch_options_init(&o);
        o.steps = AR_STEPS_EXACT;
        CHECK(ar_alphabeta(g, v, pos, &o, &r, &err) == AR_OK);
        CHECK(r.exact && r.score > 0);
        g->destroy(v);
    }
}

/* ------------------------------------------------ the switching game */

/* Positions' exact values (+1 the mover wins, -1 it loses), or a set of
 * positions (value 1), keyed by the game's 64-bit Zobrist hash. */
typedef struct vmemo {
    uint64_t *keys;
    signed char *vals;
    size_t cap, count;
} vmemo;

static void vmemo_init(vmemo *m)
{
    m->cap = 1024;
    m->count = 0;
    m->keys = calloc(m->cap, sizeof *m->keys);
    m->vals = calloc(m->cap, 1);
}

static void vmemo_free(vmemo *m)
{
    free(m->keys);
    free(m->vals);
}

static size_t vmemo_slot(const vmemo *m, uint64_t k)
{
    size_t i;
    for (i = (size_t)(k * 0x9E3779B97F4A7C15ull >> 20) & (m->cap - 1); m->keys[i] && m->keys[i] != k;
         i = (i + 1) & (m->cap - 1))
        ;
    return i;
}

static int vmemo_get(const vmemo *m, uint64_t k, int *val)
{
    size_t i = vmemo_slot(m, k | 1);
    if (!m->keys[i])
        return 0;
    *val = m->vals[i];
    return 1;
}

static void vmemo_put(vmemo *m, uint64_t k, int val)
{
    size_t i;
    if (m->count * 2 >= m->cap) {
        vmemo big = {calloc(m->cap * 2, sizeof(uint64_t)), calloc(m->cap * 2, 1), m->cap * 2, 0};
        for (i = 0; i < m->cap; i++)
            if (m->keys[i]) {
                size_t j = vmemo_slot(&big, m->keys[i]);
                big.keys[j] = m->keys[i];
                big.vals[j] = m->vals[i];
                big.count++;
            }
        vmemo_free(m);
        *m = big;
    }
    k |= 1;
    i = vmemo_slot(m, k);
    if (!m->keys[i])
        m->count++;
    m->keys[i] = k;
    m->vals[i] = (signed char)val;
}

/* Exhaustive search: the value of pos for the player to move. */
static int solve(const ar_game *g, const ar_variant *v, unsigned char *pos, vmemo *m)
{
    ar_game_outcome oc = g->outcome(v, pos);
    ar_gmove moves[300];
    unsigned n, i;
    int best = -1;
    uint64_t k;
    if (oc != AR_ONGOING)
        return ar_game_outcome_for(oc, g->to_move(v, pos));
    k = ar_game_hash(g, v, pos);
    if (vmemo_get(m, k, &best))
        return best;
    best = -1;
    n = g->legal_moves(v, pos, g->to_move(v, pos), moves);
    for (i = 0; i < n && best < 0; i++) {
        g->apply(v, pos, moves[i]);
        if (solve(g, v, pos, m) < 0)
            best = 1;
        g->undo(v, pos, moves[i]);
    }
    vmemo_put(m, k, best);
    return best;
}

/* Whether `bot`, playing strategy s, wins from pos against every reply
 * (won positions already verified are in `done`). */
static int bot_wins(const ar_game *g, const ar_variant *v, const ar_game_strategy *s, unsigned char *pos,
                    int bot, vmemo *done)
{
    ar_game_outcome oc = g->outcome(v, pos);
    uint64_t k;
    int ok = 1, seen;
    if (oc != AR_ONGOING)
        return ar_game_outcome_for(oc, bot) > 0;
    k = ar_game_hash(g, v, pos);
    if (vmemo_get(done, k, &seen))
        return 1;
    if (g->to_move(v, pos) == bot) {
        ar_gmove mv;
        ar_error err;
        if (s->choose(v, pos, NULL, &mv, &err) != AR_OK || !ar_game_is_legal(g, v, pos, bot, mv))
            return 0;
        g->apply(v, pos, mv);
        ok = bot_wins(g, v, s, pos, bot, done);
        g->undo(v, pos, mv);
    } else {
        ar_gmove moves[300];
        unsigned n = g->legal_moves(v, pos, 1 - bot, moves), i;
        for (i = 0; i < n && ok; i++) {
            g->apply(v, pos, moves[i]);
            ok = bot_wins(g, v, s, pos, bot, done);
            g->undo(v, pos, moves[i]);
        }
    }
    if (ok)
        vmemo_put(done, k, 1);
    return ok;
}

typedef struct shannon_check {
    const ar_game *g;
    const ar_variant *v;
    const ar_game_strategy *s, *pairing;
    vmemo exact, seen, done[2];
    unsigned long positions, won[2], bad_value, bad_move, bad_play, pairing_checked;
} shannon_check;

/* Every check on one ongoing position: the rule's value against exhaustive
 * search; its move is legal and, in a won position, keeps it won; the winner
 * played by the rule beats every reply; the pairing rule, where it applies,
 * agrees. */
static void check_position(shannon_check *sc, unsigned char *pos)
{
    const ar_game *g = sc->g;
    const ar_variant *v = sc->v;
    int exact = solve(g, v, pos, &sc->exact), value = 0, mover = g->to_move(v, pos), winner, pv;
    ar_gmove mv;
    ar_error err;
    sc->positions++;
    if (sc->s->value(v, pos, &value, &err) != AR_OK || value != exact) {
        if (sc->bad_value++ < 5) {
            char text[400];
            g->format_position(v, pos, text, sizeof text);
            fprintf(stderr, "shannon value %d, search %d: %s\n", value, exact, text);
        }
    }
    /* In lost positions the move is a heuristic (and the costliest to
     * choose): only its legality is checked, on every 8th position. */
    if (exact < 0 && sc->positions % 8 != 0) {
    } else if (sc->s->choose(v, pos, NULL, &mv, &err) != AR_OK || !ar_game_is_legal(g, v, pos, mover, mv)) {
        sc->bad_move++;
    } else if (exact > 0) {
        g->apply(v, pos, mv);
        if (solve(g, v, pos, &sc->exact) > 0 && sc->bad_move++ < 5) {
            char text[400];
            g->undo(v, pos, mv);
            g->format_position(v, pos, text, sizeof text);
            fprintf(stderr, "shannon's move %u throws away the win in %s\n", (unsigned)mv + 1, text);
            g->apply(v, pos, mv);
        }
        g->undo(v, pos, mv);
    }
    winner = exact > 0 ? mover : 1 - mover;
    sc->won[winner]++;
    if (!bot_wins(g, v, sc->s, pos, winner, &sc->done[winner]))
        sc->bad_play++;
    if (sc->pairing && sc->pairing->value(v, pos, &pv, NULL) == AR_OK) {
        sc->pairing_checked++;
        if (pv != exact && sc->bad_value++ < 5) {
            char text[400];
            g->format_position(v, pos, text, sizeof text);
            fprintf(stderr, "pairing value %d, search %d: %s\n", pv, exact, text);
        }
    }
}

/* Visits every ongoing position reachable from pos once. */
static void visit_all(shannon_check *sc, unsigned char *pos)
{
    ar_gmove moves[64];
    unsigned n, i;
    int seen;
    uint64_t k;
    if (sc->g->outcome(sc->v, pos) != AR_ONGOING)
        return;
    k = ar_game_hash(sc->g, sc->v, pos);
    if (vmemo_get(&sc->seen, k, &seen))
        return;
    vmemo_put(&sc->seen, k, 1);
    check_position(sc, pos);
    n = sc->g->legal_moves(sc->v, pos, sc->g->to_move(sc->v, pos), moves);
    for (i = 0; i < n; i++) {
        sc->g->apply(sc->v, pos, moves[i]);
        visit_all(sc, pos);
        sc->g->undo(sc->v, pos, moves[i]);
    }
}

static void shannon_check_init(shannon_check *sc, const ar_game *g, const ar_variant *v)
{
    memset(sc, 0, sizeof *sc);
    sc->g = g;
    sc->v = v;
    sc->s = ar_game_strategy_find(g, "shannon");
    sc->pairing = ar_game_strategy_find(g, "pairing");
    vmemo_init(&sc->exact);
    vmemo_init(&sc->seen);
    vmemo_init(&sc->done[0]);
    vmemo_init(&sc->done[1]);
}

static void shannon_check_free(shannon_check *sc)
{
    vmemo_free(&sc->exact);
    vmemo_free(&sc->seen);
    vmemo_free(&sc->done[0]);
    vmemo_free(&sc->done[1]);
}

/* n = 2 and 3: every ongoing position (counted from the rules: positions
 * with b black and w white points, w = b or b - 1, in which nobody has
 * joined). */
static void test_shannon_every_position(void)
{
    const ar_game *g = ar_game_find("bridgit");
    int n;
    CHECK(g->strategies && strcmp(g->strategies[0].name, "shannon") == 0); /* perfect's first choice */
    for (n = 2; n <= 3; n++) {
        ar_variant *v = make(g, n);
        unsigned char pos[256];
        shannon_check sc;
        shannon_check_init(&sc, g, v);
        g->initial_position(v, pos);
        visit_all(&sc, pos);
        fprintf(stderr, "n=%d: %lu positions (%lu won for black, %lu for white), pairing applies in %lu\n", n,
                sc.positions, sc.won[0], sc.won[1], sc.pairing_checked);
        CHECK(sc.positions > (n == 2 ? 50u : 100000u));
        CHECK(sc.won[0] > 0 && sc.won[1] > 0);
        CHECK_EQ_U(sc.bad_value, 0);
        CHECK_EQ_U(sc.bad_move, 0);
        CHECK_EQ_U(sc.bad_play, 0);
        shannon_check_free(&sc);
        g->destroy(v);
    }
}

/* Plays `plies` random moves from the start; 0 if the game ended. */
static int random_position(const ar_game *g, const ar_variant *v, unsigned plies, ar_rng *rng,
                           unsigned char *pos)
{
    unsigned i;
    g->initial_position(v, pos);
    for (i = 0; i < plies; i++) {
        ar_gmove moves[300];
        unsigned n = g->legal_moves(v, pos, g->to_move(v, pos), moves);
        if (n == 0)
            return 0;
        g->apply(v, pos, moves[ar_rng_below(rng, n)]);
    }
    return g->outcome(v, pos) == AR_ONGOING;
}

/* n = 4: random positions with 8..12 free points (more of them with
 * ARIADNE_LONG_TESTS), each checked like every position of the smaller
 * boards (exhaustive value, the move keeps the win, the winner beats every
 * reply). */
static void test_shannon_sampled(void)
{
    const ar_game *g = ar_game_find("bridgit");
    ar_variant *v = make(g, 4);
    unsigned samples = getenv("ARIADNE_LONG_TESTS") ? 2000 : 150, got = 0, tries = 0;
    unsigned char pos[256];
    shannon_check sc;
    ar_rng rng;
    ar_rng_seed(&rng, 4);
    shannon_check_init(&sc, g, v);
    while (got < samples && tries++ < 20 * samples) {
        unsigned free_points = 8 + (unsigned)ar_rng_below(&rng, 5);
        if (!random_position(g, v, (unsigned)points(4) - free_points, &rng, pos))
            continue;
        got++;
        check_position(&sc, pos);
    }
    fprintf(stderr, "n=4: %u positions (%lu won for black, %lu for white), pairing applies in %lu\n", got,
            sc.won[0], sc.won[1], sc.pairing_checked);
    CHECK_EQ_U(got, samples);
    CHECK(sc.won[0] > 0 && sc.won[1] > 0);
    CHECK_EQ_U(sc.bad_value, 0);
    CHECK_EQ_U(sc.bad_move, 0);
    CHECK_EQ_U(sc.bad_play, 0);
    shannon_check_free(&sc);
    g->destroy(v);
}

/* n = 5: from random positions (0..20 random plies), the side that wins
 * with perfect play is the shannon bot; it must win against each opponent.
 * Also: shannon's value agrees with the pairing rule's where that applies,
 * and shannon against itself from the start is a black win. */
static void test_shannon_opponents(void)
{
    const ar_game *g = ar_game_find("bridgit");
    const ar_game_strategy *s = ar_game_strategy_find(g, "shannon"), *pairing = ar_game_strategy_find(g, "pairing");
    ar_variant *v = make(g, 5);
    /* Small tables: the bots' default 16 MiB would be cleared for every game. */
    static const char *const opponents[] = {"random", "alphabeta:depth=2:tt=1M", "alphabeta:depth=3:eval=zero:tt=1M",
                                            "mcts:iters=300", "pairing:depth=1:tt=1M"};
    unsigned char pos[256];
    unsigned r, k, games = 0, lost = 0, as[2] = {0, 0}, positions = 0, agree = 0, won[2] = {0, 0};
    ar_rng rng;
    ar_rng_seed(&rng, 5);
    /* 30 positions won for each colour. */
    for (r = 0; positions < 60 && r < 3000; r++) {
        int value, winner, pv;
        ar_error err;
        if (!random_position(g, v, r % 21, &rng, pos))
            continue;
        CHECK(s->value(v, pos, &value, &err) == AR_OK && (value == 1 || value == -1));
        winner = value > 0 ? g->to_move(v, pos) : 1 - g->to_move(v, pos);
        if (won[winner] == 30)
            continue;
        won[winner]++;
        positions++;
        if (pairing->value(v, pos, &pv, NULL) == AR_OK) {
            agree++;
            CHECK(pv == value);
        }
        for (k = 0; k < sizeof opponents / sizeof opponents[0]; k++) {
            ar_bot *bots[2];
            ar_game_record rec;
            if (k == 0 || positions % 3 == k % 3) { /* the slower opponents on a third of the positions each */
                CHECK(ar_bot_create(g, v, "shannon:tt=1M", r, 0, &bots[winner], &err) == AR_OK);
                CHECK(ar_bot_create(g, v, opponents[k], 1000 + r, 0, &bots[1 - winner], &err) == AR_OK);
                CHECK(ar_play_game(g, v, bots, pos, 0, r, 0, NULL, &rec, &err) == AR_OK);
                games++;
                as[winner]++;
                if (ar_game_outcome_for(rec.outcome, winner) <= 0) {
                    char text[400];
                    lost++;
                    g->format_position(v, pos, text, sizeof text);
                    fprintf(stderr, "shannon (%s) lost to %s from %s: %s\n", g->player_name(v, winner),
                            opponents[k], text, rec.moves);
                }
                ar_bot_destroy(bots[0]);
                ar_bot_destroy(bots[1]);
            }
        }
    }
    fprintf(stderr, "n=5: %u positions, %u games (%u as black, %u as white), pairing rule checked on %u\n",
            positions, games, as[0], as[1], agree);
    CHECK(positions == 60 && as[0] > 20 && as[1] > 20);
    CHECK_EQ_U(lost, 0);
    {
        ar_bot *bots[2];
        ar_game_record rec;
        ar_error err;
        CHECK(ar_bot_create(g, v, "shannon:tt=1M", 1, 0, &bots[0], &err) == AR_OK);
        CHECK(ar_bot_create(g, v, "shannon:tt=1M", 2, 0, &bots[1], &err) == AR_OK);
        CHECK(ar_play_game(g, v, bots, NULL, 0, 1, 0, NULL, &rec, &err) == AR_OK);
        CHECK(rec.outcome == AR_WIN_P0);
        CHECK(strncmp(rec.moves, "1 ", 2) == 0); /* opens at point 1, as the pairing does */
        ar_bot_destroy(bots[0]);
        ar_bot_destroy(bots[1]);
    }
    g->destroy(v);
}

/* Larger boards: the rule answers quickly and consistently (every opening
 * of black wins: after it the graph has exactly two edge-disjoint spanning
 * trees' worth of edges, and they exist), and in a lost position still
 * returns a legal move. */
static void test_shannon_large(void)
{
    const ar_game *g = ar_game_find("bridgit");
    const ar_game_strategy *s = ar_game_strategy_find(g, "shannon");
    int n;
    for (n = 6; n <= 12; n += 6) {
        ar_variant *v = make(g, n);
        unsigned char pos[256];
        ar_gmove mv;
        ar_error err;
        int value;
        int c, losing = 0;
        g->initial_position(v, pos);
        CHECK(s->value(v, pos, &value, &err) == AR_OK && value == 1);
        CHECK(s->choose(v, pos, NULL, &mv, &err) == AR_OK && mv == 0);
        for (c = 0; c < points(n); c++) {
            g->apply(v, pos, (ar_gmove)c);
            if (s->value(v, pos, &value, &err) != AR_OK || value != -1)
                losing++;
            g->undo(v, pos, (ar_gmove)c);
        }
        CHECK_EQ_U(losing, 0);
        g->apply(v, pos, (ar_gmove)(points(n) - 1));
        CHECK(s->value(v, pos, &value, &err) == AR_OK && value == -1);
        CHECK(s->choose(v, pos, NULL, &mv, &err) == AR_OK && ar_game_is_legal(g, v, pos, 1, mv));
        g->destroy(v);
    }
}

#include <time.h>
#define TIMED(f)                                                                      \
    do {                                                                              \
        clock_t t0_ = clock();                                                        \
        f();                                                                          \
        fprintf(stderr, "%s: %.2f s\n", #f, (double)(clock() - t0_) / CLOCKS_PER_SEC); \
    } while (0)

int main(void)
{
    test_rules();
    TIMED(test_pairing_proof);
    TIMED(test_every_reply);
    TIMED(test_search_solves);
    TIMED(test_opponents);
    TIMED(test_shannon_every_position);
    TIMED(test_shannon_sampled);
    TIMED(test_shannon_opponents);
    TIMED(test_shannon_large);
    return check_report("test_bridgit");
}
