/* test_nim.c — nim's rules, notation, and its perfect players against
 * exhaustive search.
 *
 * For every small position of each variant (normal and misère nim, Moore's
 * Nim_k for k = 2, 3, the one-pile take-at-most-half game in both plays) the
 * rule's verdict must equal the value alpha-beta proves, and the rule's
 * player must win from every won position against every possible sequence
 * of replies (the whole game tree below, with positions memoised). */
#include "check.h"

#include <stdlib.h>
#include <string.h>
#include "ariadne/gamesearch.h"

typedef struct memo {
    uint64_t *keys;
    unsigned char *val;
    size_t cap, count;
} memo;

static int memo_get(memo *m, uint64_t k, int *val)
{
    size_t i;
    k |= 1;
    if (!m->cap)
        return 0;
    for (i = (size_t)(k * 0x9E3779B97F4A7C15ull) & (m->cap - 1); m->keys[i]; i = (i + 1) & (m->cap - 1))
        if (m->keys[i] == k) {
            *val = m->val[i];
            return 1;
        }
    return 0;
}

static void memo_put(memo *m, uint64_t k, int val)
{
    size_t i;
    if (m->count * 2 >= m->cap) {
        memo n;
        n.cap = m->cap ? m->cap * 2 : 4096;
        n.keys = calloc(n.cap, 8);
        n.val = calloc(n.cap, 1);
        n.count = 0;
        for (i = 0; i < m->cap; i++)
            if (m->keys[i])
                memo_put(&n, m->keys[i], m->val[i]);
        free(m->keys);
        free(m->val);
        *m = n;
    }
    k |= 1;
    for (i = (size_t)(k * 0x9E3779B97F4A7C15ull) & (m->cap - 1); m->keys[i] && m->keys[i] != k;
         i = (i + 1) & (m->cap - 1))
        ;
    if (!m->keys[i])
        m->count++;
    m->keys[i] = k;
    m->val[i] = (unsigned char)val;
}

/* 1 when `hero` (who uses strategy s) wins from pos against every reply. */
static int hero_wins(const ar_game *g, const ar_variant *v, const ar_game_strategy *s, void *pos,
                     int hero, memo *m)
{
    ar_game_outcome oc = g->outcome(v, pos);
    uint64_t key;
    int val, who;
    if (oc != AR_ONGOING)
        return ar_game_outcome_for(oc, hero) > 0;
    key = ar_game_hash(g, v, pos) ^ (uint64_t)hero * 0x51;
    if (memo_get(m, key, &val))
        return val;
    who = g->to_move(v, pos);
    if (who == hero) {
        ar_gmove mv;
        ar_error err;
        if (s->choose(v, pos, NULL, &mv, &err) != AR_OK || !ar_game_is_legal(g, v, pos, who, mv))
            val = 0;
        else {
            g->apply(v, pos, mv);
            val = hero_wins(g, v, s, pos, hero, m);
            g->undo(v, pos, mv);
        }
    } else {
        unsigned cap = g->max_moves(v, pos), n, i;
        ar_gmove *moves = malloc(sizeof *moves * cap);
        n = g->legal_moves(v, pos, who, moves);
        val = 1;
        for (i = 0; i < n && val; i++) {
            g->apply(v, pos, moves[i]);
            val = hero_wins(g, v, s, pos, hero, m);
            g->undo(v, pos, moves[i]);
        }
        free(moves);
    }
    memo_put(m, key, val);
    return val;
}

/* Checks one variant on all positions with `heaps` heaps of at most `max`. */
static void check_variant(const char *label, const ar_param *params, size_t np, const char *strategy,
                          unsigned heaps, unsigned max)
{
    const ar_game *g = ar_game_find("nim");
    const ar_game_strategy *s = ar_game_strategy_find(g, strategy);
    ar_variant *v;
    ar_error err;
    unsigned sizes[8] = {0}, total = 1, t, i, wins = 0, bad_value = 0, bad_play = 0;
    memo m = {NULL, NULL, 0, 0};
    ar_tt *tt;
    CHECK(s != NULL);
    CHECK_MSG(ar_game_create(g, params, np, &v, &err) == AR_OK, "%s", err.message);
    /* One table for all the searches: entries are keyed by position, and
     * the value reported exact never rests on a heuristic entry. */
    CHECK(ar_tt_create(1 << 22, NULL, &tt, &err) == AR_OK);
    for (i = 0; i < heaps; i++)
        total *= max + 1;
    for (t = 0; t < total; t++) {
        char text[64];
        unsigned char pos[64];
        size_t used = 0;
        unsigned x = t;
        int value;
        ar_gsearch_options o;
        ar_gsearch_result r;
        for (i = 0; i < heaps; i++) {
            sizes[i] = x % (max + 1);
            x /= max + 1;
            used += (size_t)snprintf(text + used, sizeof text - used, "%u ", sizes[i]);
        }
        CHECK(g->parse_position(v, text, pos, &err) == AR_OK);
        if (g->outcome(v, pos) != AR_ONGOING)
            continue;
        CHECK(s->value(v, pos, &value, &err) == AR_OK);
        ar_gsearch_options_init(&o);
        o.tt = tt;
        CHECK(ar_alphabeta(g, v, pos, &o, &r, &err) == AR_OK);
        CHECK(r.exact);
        if ((r.score > 0) != (value > 0)) {
            if (!bad_value)
                fprintf(stderr, "%s: %s: rule says %d, search %d\n", label, text, value, r.score);
            bad_value++;
        }
        if (value > 0) {
            wins++;
            if (!hero_wins(g, v, s, pos, g->to_move(v, pos), &m)) {
                if (!bad_play)
                    fprintf(stderr, "%s: %s: the %s player can be beaten\n", label, text, strategy);
                bad_play++;
            }
        }
    }
    CHECK_MSG(bad_value == 0, "%s: %u wrong verdicts", label, bad_value);
    CHECK_MSG(bad_play == 0, "%s: %u positions lost", label, bad_play);
    CHECK(wins > 0);
    free(m.keys);
    free(m.val);
    ar_tt_destroy(tt);
    g->destroy(v);
}

static void test_rules_exhaustive(void)
{
    ar_param misere = {"misere", NULL}, k2 = {"k", "2"}, k3 = {"k", "3"}, half = {"take", "half"},
             normal = {"play", "normal"};
    ar_param half_normal[2] = {{"take", "half"}, {"play", "normal"}};
    (void)normal;
    check_variant("nim", NULL, 0, "bouton", 4, 6);
    check_variant("nim misere", &misere, 1, "bouton", 4, 6);
    check_variant("nim 1 heap", NULL, 0, "bouton", 1, 30);
    check_variant("Nim_2", &k2, 1, "moore", 3, 7);
    check_variant("Nim_2 4 heaps", &k2, 1, "moore", 4, 4);
    check_variant("Nim_3", &k3, 1, "moore", 4, 4);
    check_variant("half misere", &half, 1, "half", 1, 300);
    check_variant("half normal", half_normal, 2, "half", 1, 300);
}

static void test_notation(void)
{
    const ar_game *g = ar_game_find("nim");
    ar_variant *v, *vk, *vh;
    ar_param k2 = {"k", "2"}, half = {"take", "half"}, bad = {"k", "9"}, badtake = {"take", "some"};
    ar_error err;
    unsigned char pos[64];
    char buf[128];
    ar_gmove m;
    CHECK(ar_game_create(g, NULL, 0, &v, &err) == AR_OK);
    CHECK(ar_game_create(g, &k2, 1, &vk, &err) == AR_OK);
    CHECK(ar_game_create(g, &half, 1, &vh, &err) == AR_OK);
    g->destroy(vk);
    CHECK(ar_game_create(g, &bad, 1, &vk, &err) == AR_ERR_INPUT);
    CHECK(ar_game_create(g, &badtake, 1, &vk, &err) == AR_ERR_INPUT && strstr(err.message, "some"));
    CHECK(ar_game_create(g, &k2, 1, &vk, &err) == AR_OK);
    g->initial_position(v, pos);
    g->format_position(v, pos, buf, sizeof buf);
    CHECK_STR(buf, "3 4 5");
    CHECK(g->parse_position(v, "1 2 second", pos, &err) == AR_OK);
    CHECK(g->to_move(v, pos) == 1);
    g->format_position(v, pos, buf, sizeof buf);
    CHECK_STR(buf, "1 2 second");
    CHECK(g->parse_position(v, "", pos, &err) == AR_ERR_INPUT);
    CHECK(g->parse_position(v, "3 x 5", pos, &err) == AR_ERR_INPUT && strstr(err.message, "x 5"));
    CHECK(g->parse_position(v, "5000", pos, &err) == AR_ERR_INPUT && strstr(err.message, "4095"));
    CHECK(g->parse_position(vh, "3 4", pos, &err) == AR_ERR_INPUT && strstr(err.message, "one pile"));
    CHECK(g->parse_position(v, "3 4 5", pos, &err) == AR_OK);
    CHECK(g->parse_move(v, pos, 0, "2:3", 3, &m, &err) == AR_OK);
    g->format_move(v, pos, 0, m, buf, sizeof buf);
    CHECK_STR(buf, "2:3");
    CHECK(ar_game_is_legal(g, v, pos, 0, m));
    CHECK(g->parse_move(v, pos, 0, "2:5", 3, &m, &err) == AR_ERR_INPUT && strstr(err.message, "only 4"));
    CHECK(g->parse_move(v, pos, 0, "4:1", 3, &m, &err) == AR_ERR_INPUT && strstr(err.message, "no heap 4"));
    CHECK(g->parse_move(v, pos, 0, "2:0", 3, &m, &err) == AR_ERR_INPUT);
    CHECK(g->parse_move(v, pos, 0, "23", 2, &m, &err) == AR_ERR_INPUT && strstr(err.message, "HEAP:MATCHES"));
    CHECK(g->parse_move(v, pos, 0, "1:1+2:1", 7, &m, &err) == AR_ERR_INPUT && strstr(err.message, "at most 1"));
    CHECK(g->parse_position(vk, "3 4 5", pos, &err) == AR_OK);
    CHECK(g->parse_move(vk, pos, 0, "3:1+1:2", 7, &m, &err) == AR_OK);
    g->format_move(vk, pos, 0, m, buf, sizeof buf);
    CHECK_STR(buf, "1:2+3:1");
    CHECK(ar_game_is_legal(g, vk, pos, 0, m));
    CHECK(g->parse_move(vk, pos, 0, "1:1+1:1", 7, &m, &err) == AR_ERR_INPUT && strstr(err.message, "twice"));
    CHECK(g->parse_position(vh, "10", pos, &err) == AR_OK);
    CHECK(g->parse_move(vh, pos, 0, "6", 1, &m, &err) == AR_ERR_INPUT && strstr(err.message, "half"));
    CHECK(g->parse_move(vh, pos, 0, "5", 1, &m, &err) == AR_OK && m == 5);
    /* Apply and undo are inverse; the hash follows. */
    {
        unsigned char p2[64];
        uint64_t h;
        CHECK(g->parse_position(vk, "3 4 5", pos, &err) == AR_OK);
        memcpy(p2, pos, g->position_size(vk));
        h = ar_game_hash(g, vk, pos);
        CHECK(g->parse_move(vk, pos, 0, "1:2+3:1", 7, &m, &err) == AR_OK);
        g->apply(vk, pos, m);
        CHECK(ar_game_hash(g, vk, pos) != h);
        g->format_position(vk, pos, buf, sizeof buf);
        CHECK_STR(buf, "1 4 4 second");
        g->undo(vk, pos, m);
        CHECK(memcmp(pos, p2, g->position_size(vk)) == 0 && ar_game_hash(g, vk, pos) == h);
    }
    g->destroy(v);
    g->destroy(vk);
    g->destroy(vh);
}

/* The notes' example: piles 1 3 5 7 11 13 (XOR 0110) have three winning moves. */
static void test_notes_example(void)
{
    const ar_game *g = ar_game_find("nim");
    ar_variant *v;
    ar_error err;
    unsigned char pos[64], after[64];
    ar_gmove moves[64];
    unsigned n, i, winning = 0;
    const ar_game_strategy *s = ar_game_strategy_find(g, "bouton");
    CHECK(ar_game_create(g, NULL, 0, &v, &err) == AR_OK);
    CHECK(g->parse_position(v, "1 3 5 7 11 13", pos, &err) == AR_OK);
    n = g->legal_moves(v, pos, 0, moves);
    for (i = 0; i < n; i++) {
        int value;
        memcpy(after, pos, g->position_size(v));
        g->apply(v, after, moves[i]);
        CHECK(s->value(v, after, &value, &err) == AR_OK);
        winning += value < 0;
    }
    CHECK_EQ_U(winning, 3);
    g->destroy(v);
}

int main(void)
{
    test_rules_exhaustive();
    test_notation();
    test_notes_example();
    return check_report("test_nim");
}
