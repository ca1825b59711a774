/* test_tictactoe.c — tic-tac-toe's rules and notation, the notes' NX - NO
 * evaluation, and the perfect bot: from every position where the bot's side
 * is not lost it must never lose, whatever the opponent plays (checked over
 * the whole game tree below each position). */
#include "check.h"

#include <stdlib.h>
#include <string.h>
#include "ariadne/arena.h"

/* Worst result (for hero) of the bot against every line of the opponent:
 * 1 win, 0 draw, -1 loss. Positions are 4 bytes; memo by hash. */
typedef struct memo {
    uint64_t key[1 << 16];
    signed char val[1 << 16];
} memo;

static int worst(const ar_game *g, const ar_variant *v, ar_bot *bot, unsigned char *pos, int hero, memo *m)
{
    ar_game_outcome oc = g->outcome(v, pos);
    uint64_t k;
    size_t i;
    int who, best;
    if (oc != AR_ONGOING)
        return ar_game_outcome_for(oc, hero);
    k = ar_game_hash(g, v, pos) | 1;
    for (i = (size_t)(k * 0x9E3779B97F4A7C15ull >> 48); m->key[i]; i = (i + 1) & 0xFFFF)
        if (m->key[i] == k)
            return m->val[i];
    who = g->to_move(v, pos);
    if (who == hero) {
        ar_gmove mv;
        ar_error err;
        if (ar_bot_choose(bot, pos, hero, &mv, NULL, &err) != AR_OK || !ar_game_is_legal(g, v, pos, hero, mv))
            return -2;
        g->apply(v, pos, mv);
        best = worst(g, v, bot, pos, hero, m);
        g->undo(v, pos, mv);
    } else {
        ar_gmove moves[9];
        unsigned n = g->legal_moves(v, pos, who, moves), j;
        best = 1;
        for (j = 0; j < n; j++) {
            int r;
            g->apply(v, pos, moves[j]);
            r = worst(g, v, bot, pos, hero, m);
            g->undo(v, pos, moves[j]);
            if (r < best)
                best = r;
        }
    }
    for (i = (size_t)(k * 0x9E3779B97F4A7C15ull >> 48); m->key[i]; i = (i + 1) & 0xFFFF)
        ;
    m->key[i] = k;
    m->val[i] = (signed char)best;
    return best;
}

static void test_perfect_bot(void)
{
    const ar_game *g = ar_game_find("tictactoe");
    ar_variant *v;
    ar_bot *bot;
    ar_error err;
    unsigned char pos[4];
    static memo m;
    static const char *const starts[] = {"...../....", "x../.o./...", "x../.../..o", ".x./.o./...", "xo./.../..."};
    size_t i;
    int hero;
    CHECK(ar_game_create(g, NULL, 0, &v, &err) == AR_OK);
    CHECK(ar_bot_create(g, v, g->default_bot, 1, 0, &bot, &err) == AR_OK);
    for (i = 0; i < sizeof starts / sizeof starts[0]; i++)
        for (hero = 0; hero < 2; hero++) {
            ar_gsearch_options o;
            ar_gsearch_result r;
            int value, got;
            if (i == 0)
                g->initial_position(v, pos);
            else
                CHECK(g->parse_position(v, starts[i], pos, &err) == AR_OK);
            ar_gsearch_options_init(&o);
            CHECK(ar_alphabeta(g, v, pos, &o, &r, &err) == AR_OK && r.exact);
            value = r.score > 0 ? 1 : r.score < 0 ? -1 : 0;
            if (g->to_move(v, pos) != hero)
                value = -value;
            memset(&m, 0, sizeof m);
            got = worst(g, v, bot, pos, hero, &m);
            CHECK_MSG(got >= value, "start %s as %s: the bot's worst result %d, value %d", starts[i],
                      hero ? "O" : "X", got, value);
        }
    ar_bot_destroy(bot);
    g->destroy(v);
}

static void test_rules(void)
{
    const ar_game *g = ar_game_find("tictactoe");
    ar_variant *v;
    ar_error err;
    unsigned char pos[4];
    char buf[256];
    ar_gmove m;
    const ar_game_eval *e = ar_game_eval_find(g, "lines");
    CHECK(ar_game_create(g, NULL, 0, &v, &err) == AR_OK);
    g->initial_position(v, pos);
    CHECK(e && e->evaluate(v, pos, 0) == 0);
    CHECK(g->parse_move(v, pos, 0, "b2", 2, &m, &err) == AR_OK && m == 4);
    CHECK(g->parse_move(v, pos, 0, "5", 1, &m, &err) == AR_OK && m == 4);
    CHECK(g->parse_move(v, pos, 0, "a1", 2, &m, &err) == AR_OK && m == 6);
    g->apply(v, pos, 4);
    /* X in the centre: 8 lines open for X, 4 for O (the notes' example). */
    CHECK(e->evaluate(v, pos, 0) == 4 && e->evaluate(v, pos, 1) == -4);
    CHECK(g->to_move(v, pos) == 1);
    CHECK(g->parse_move(v, pos, 1, "b2", 2, &m, &err) == AR_ERR_INPUT && strstr(err.message, "taken by X"));
    CHECK(g->parse_move(v, pos, 1, "d4", 2, &m, &err) == AR_ERR_INPUT && strstr(err.message, "column a-c"));
    g->format_position(v, pos, buf, sizeof buf);
    CHECK_STR(buf, ".../.x./...");
    CHECK(g->parse_position(v, "xxx/oo./...", pos, &err) == AR_OK && g->outcome(v, pos) == AR_WIN_P0);
    CHECK(g->parse_move(v, pos, 1, "c2", 2, &m, &err) == AR_ERR_INPUT && strstr(err.message, "over"));
    CHECK(g->parse_position(v, "xxx/ooo/...", pos, &err) == AR_ERR_INPUT);
    CHECK(g->parse_position(v, "xx./.../...", pos, &err) == AR_ERR_INPUT && strstr(err.message, "X has 2"));
    CHECK(g->parse_position(v, "xxo/oox/xox", pos, &err) == AR_OK && g->outcome(v, pos) == AR_DRAW);
    CHECK(g->parse_position(v, "xq./.../...", pos, &err) == AR_ERR_INPUT && strstr(err.message, "square 2"));
    CHECK(g->parse_position(v, "x../...", pos, &err) == AR_ERR_INPUT && strstr(err.message, "6 squares"));
    g->draw(v, pos, buf, sizeof buf);
    CHECK(strstr(buf, "a   b   c") != NULL);
    /* Quiescence's noisy moves: the win and the block. */
    {
        ar_gmove moves[9];
        CHECK(g->parse_position(v, "xx./o../...", pos, &err) == AR_OK);
        CHECK(g->noisy_moves(v, pos, moves) == 1 && moves[0] == 2);
    }
    g->destroy(v);
}

/* Every reachable position, as the player to move and as the other one. */
static void visit_all(const ar_game *g, const ar_variant *v, unsigned char *pos, unsigned char *seen,
                      ar_bot *bot, memo *m, unsigned *checked, unsigned *bad)
{
    ar_gmove moves[9];
    unsigned n, j, code = 0, i;
    int hero;
    {
        char t[16];
        g->format_position(v, pos, t, sizeof t);
        for (i = 0; t[i]; i++)
            if (t[i] != '/')
                code = code * 3 + (t[i] == 'x' ? 1u : t[i] == 'o' ? 2u : 0u);
    }
    if (seen[code])
        return;
    seen[code] = 1;
    if (g->outcome(v, pos) != AR_ONGOING)
        return;
    for (hero = 0; hero < 2; hero++) {
        ar_gsearch_options o;
        ar_gsearch_result r;
        ar_error err;
        int value;
        ar_gsearch_options_init(&o);
        o.tt_bytes = 1 << 16;
        ar_alphabeta(g, v, pos, &o, &r, &err);
        value = r.score > 0 ? 1 : r.score < 0 ? -1 : 0;
        if (g->to_move(v, pos) != hero)
            value = -value;
        (*checked)++;
        if (worst(g, v, bot, pos, hero, &m[hero]) < value)
            (*bad)++;
    }
    n = g->legal_moves(v, pos, g->to_move(v, pos), moves);
    for (j = 0; j < n; j++) {
        g->apply(v, pos, moves[j]);
        visit_all(g, v, pos, seen, bot, m, checked, bad);
        g->undo(v, pos, moves[j]);
    }
}

static void test_every_position(void)
{
    const ar_game *g = ar_game_find("tictactoe");
    ar_variant *v;
    ar_bot *bot;
    ar_error err;
    unsigned char pos[4];
    static memo m[2];
    static unsigned char seen[19683];
    unsigned checked = 0, bad = 0;
    CHECK(ar_game_create(g, NULL, 0, &v, &err) == AR_OK);
    CHECK(ar_bot_create(g, v, "perfect", 1, 0, &bot, &err) == AR_OK);
    g->initial_position(v, pos);
    visit_all(g, v, pos, seen, bot, m, &checked, &bad);
    CHECK_EQ_U(checked, 2 * 4520);
    CHECK_EQ_U(bad, 0);
    ar_bot_destroy(bot);
    g->destroy(v);
}

int main(void)
{
    test_rules();
    test_perfect_bot();
    test_every_position();
    return check_report("test_tictactoe");
}
