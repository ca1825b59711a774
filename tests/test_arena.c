/* test_arena.c — bots from spec strings and their options' one parser,
 * games, round-robin matches and the Elo arithmetic (checked against values
 * worked out by hand). */
#include "check.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/arena.h"

static int near(double a, double b, double tol) { return fabs(a - b) <= tol; }

static void test_elo(void)
{
    ar_elo e;
    ar_match_table t;
    ar_pair_result pairs[9];
    double rating[3], error[3];
    /* 75%: 400 log10(3) = 190.85. */
    ar_elo_from_results(30, 0, 10, &e);
    CHECK(near(e.score, 0.75, 1e-12) && near(e.diff, 190.85, 0.01));
    /* s = sqrt(p(1-p)/n) = sqrt(0.1875/40) = 0.068465; p +- 1.96 s = 0.61581 .. 0.88419. */
    CHECK(near(e.low, -400 * log10(1 / 0.615811 - 1), 0.5) && near(e.high, -400 * log10(1 / 0.884189 - 1), 0.5));
    CHECK(e.low < e.diff && e.diff < e.high);
    /* Even: 0, symmetric interval; draws shrink it. */
    ar_elo_from_results(10, 0, 10, &e);
    CHECK(near(e.diff, 0, 1e-9) && near(e.low, -e.high, 1e-9));
    {
        ar_elo d;
        ar_elo_from_results(5, 10, 5, &d);
        CHECK(near(d.diff, 0, 1e-9) && d.high < e.high);
    }
    /* All wins: unbounded above, Wilson lower bound 400 log10(n / z^2). */
    ar_elo_from_results(20, 0, 0, &e);
    CHECK(isinf(e.diff) && e.diff > 0 && isinf(e.high));
    CHECK(near(e.low, 400 * log10(20 / (1.959964 * 1.959964)), 0.01));
    ar_elo_from_results(0, 0, 20, &e);
    CHECK(isinf(e.diff) && e.diff < 0 && near(e.high, -400 * log10(20 / (1.959964 * 1.959964)), 0.01));
    /* Ratings: A beats B 3:1, B beats C 3:1, A beats C 9:1 (consistent with
     * Bradley-Terry: gammas 9, 3, 1 -> Elo differences 190.85 each). */
    memset(pairs, 0, sizeof pairs);
    pairs[0 * 3 + 1] = (ar_pair_result){300, 0, 100};
    pairs[1 * 3 + 0] = (ar_pair_result){100, 0, 300};
    pairs[1 * 3 + 2] = (ar_pair_result){300, 0, 100};
    pairs[2 * 3 + 1] = (ar_pair_result){100, 0, 300};
    pairs[0 * 3 + 2] = (ar_pair_result){360, 0, 40};
    pairs[2 * 3 + 0] = (ar_pair_result){40, 0, 360};
    t.bots = 3;
    t.pairs = pairs;
    ar_elo_ratings(&t, rating, error);
    CHECK_MSG(near(rating[0] - rating[1], 190.85, 0.5) && near(rating[1] - rating[2], 190.85, 0.5),
              "ratings %.2f %.2f %.2f", rating[0], rating[1], rating[2]);
    CHECK(near(rating[0] + rating[1] + rating[2], 0, 1e-6));
    CHECK(error[0] > 0 && error[0] < 60);
}

static void test_bots(void)
{
    const ar_game *g = ar_game_find("nim");
    ar_variant *v;
    ar_bot *b;
    ar_error err;
    unsigned char pos[64];
    ar_gmove m;
    ar_bot_info info;
    CHECK(ar_game_create(g, NULL, 0, &v, &err) == AR_OK);
    CHECK(ar_bot_create(g, v, "alphabeta:depth=3:eval=rule", 1, 0, &b, &err) == AR_OK);
    ar_bot_destroy(b);
    CHECK(ar_bot_create(g, v, "alphabeta:dept=3", 1, 0, &b, &err) == AR_ERR_INPUT && strstr(err.message, "dept"));
    CHECK(ar_bot_create(g, v, "alphabeta:depth=x", 1, 0, &b, &err) == AR_ERR_INPUT);
    CHECK(ar_bot_create(g, v, "alphabeta:eval=nope", 1, 0, &b, &err) == AR_ERR_INPUT && strstr(err.message, "nope"));
    CHECK(ar_bot_create(g, v, "deep-thought", 1, 0, &b, &err) == AR_ERR_INPUT && strstr(err.message, "bouton"));
    CHECK(ar_bot_create(g, v, "mcts:iters=100:playout=eval", 1, 0, &b, &err) == AR_OK);
    ar_bot_destroy(b);
    CHECK(ar_bot_create(g, v, "mcts:playout=smart", 1, 0, &b, &err) == AR_ERR_INPUT);
    /* A strategy name is a bot; it answers with the rule's verdict. */
    CHECK(ar_bot_create(g, v, "bouton", 1, 0, &b, &err) == AR_OK);
    g->initial_position(v, pos);
    CHECK(ar_bot_choose(b, pos, 0, &m, &info, &err) == AR_OK);
    CHECK(info.has_score && info.exact && info.score > 0 && strstr(info.text, "bouton"));
    CHECK(ar_bot_choose(b, pos, 1, &m, &info, &err) == AR_ERR_INPUT); /* not second's turn */
    ar_bot_destroy(b);
    g->destroy(v);
}

typedef struct counter {
    unsigned games;
    unsigned plies;
} counter;

static void count_game(void *ctx, unsigned b0, unsigned b1, unsigned k, const ar_game_record *rec)
{
    counter *c = ctx;
    (void)b0;
    (void)b1;
    (void)k;
    c->games++;
    c->plies += rec->plies;
}

static void test_match(void)
{
    const ar_game *g = ar_game_find("tictactoe");
    ar_variant *v;
    ar_error err;
    ar_bot *bots[3];
    ar_match_options o;
    ar_match_table t1, t2;
    counter c = {0, 0};
    CHECK(ar_game_create(g, NULL, 0, &v, &err) == AR_OK);
    CHECK(ar_bot_create(g, v, "perfect", 1, 0, &bots[0], &err) == AR_OK);
    CHECK(ar_bot_create(g, v, "mcts:iters=200", 2, 0, &bots[1], &err) == AR_OK);
    CHECK(ar_bot_create(g, v, "random", 3, 0, &bots[2], &err) == AR_OK);
    memset(&o, 0, sizeof o);
    o.games = 9; /* rounded up to 10 */
    o.seed = 5;
    o.random_plies = 1;
    o.on_game = count_game;
    o.ctx = &c;
    CHECK(ar_match_run(g, v, bots, 3, &o, &t1, &err) == AR_OK);
    CHECK_EQ_U(t1.games_played, 30);
    CHECK_EQ_U(c.games, 30);
    /* The perfect bot never loses after one random ply (no first move loses). */
    CHECK_EQ_U(t1.pairs[0 * 3 + 1].losses + t1.pairs[0 * 3 + 2].losses, 0);
    CHECK_EQ_U(t1.pairs[0 * 3 + 2].wins + t1.pairs[0 * 3 + 2].draws, 10);
    /* Same seeds, same table. */
    o.on_game = NULL;
    {
        ar_bot *again[3];
        unsigned i;
        CHECK(ar_bot_create(g, v, "perfect", 1, 0, &again[0], &err) == AR_OK);
        CHECK(ar_bot_create(g, v, "mcts:iters=200", 2, 0, &again[1], &err) == AR_OK);
        CHECK(ar_bot_create(g, v, "random", 3, 0, &again[2], &err) == AR_OK);
        CHECK(ar_match_run(g, v, again, 3, &o, &t2, &err) == AR_OK);
        CHECK(memcmp(t1.pairs, t2.pairs, 9 * sizeof *t1.pairs) == 0);
        for (i = 0; i < 3; i++)
            ar_bot_destroy(again[i]);
    }
    /* The table is consistent: i's wins against j are j's losses against i. */
    CHECK(t1.pairs[0 * 3 + 1].wins == t1.pairs[1 * 3 + 0].losses);
    ar_match_table_free(&t1);
    ar_match_table_free(&t2);
    CHECK(ar_match_run(g, v, bots, 1, &o, &t1, &err) == AR_ERR_INPUT);
    ar_bot_destroy(bots[0]);
    ar_bot_destroy(bots[1]);
    ar_bot_destroy(bots[2]);
    g->destroy(v);
}

/* A game's record holds its scores: 1 and 0 for a win, 1/2 each for a
 * draw; the result text and the defaults of the optional slots agree. */
static void test_records(void)
{
    const ar_game *nim = ar_game_find("nim"), *ttt = ar_game_find("tictactoe");
    ar_variant *vn, *vt;
    ar_bot *bots[2];
    ar_game_record rec;
    ar_error err;
    unsigned char pos[64], view[64];
    double s[AR_MAX_PLAYERS];
    char buf[128];
    CHECK(ar_game_create(nim, NULL, 0, &vn, &err) == AR_OK);
    CHECK(ar_game_create(ttt, NULL, 0, &vt, &err) == AR_OK);
    CHECK(ar_game_players(nim, vn) == 2);
    /* Nim from 3 4 5: the perfect first player wins against random. */
    CHECK(ar_bot_create(nim, vn, "perfect", 1, 0, &bots[0], &err) == AR_OK);
    CHECK(ar_bot_create(nim, vn, "random", 2, 0, &bots[1], &err) == AR_OK);
    CHECK(ar_play_game(nim, vn, bots, NULL, 0, 1, 0, NULL, &rec, &err) == AR_OK);
    CHECK(rec.outcome == AR_WIN_P0 && rec.players == 2 && rec.scores[0] == 1 && rec.scores[1] == 0);
    ar_bot_destroy(bots[0]);
    ar_bot_destroy(bots[1]);
    /* Tic-tac-toe between perfect players: a draw. */
    CHECK(ar_bot_create(ttt, vt, "perfect", 1, 0, &bots[0], &err) == AR_OK);
    CHECK(ar_play_game(ttt, vt, (ar_bot *const[2]){bots[0], bots[0]}, NULL, 0, 1, 0, NULL, &rec, &err) == AR_OK);
    CHECK(rec.outcome == AR_DRAW && rec.scores[0] == 0.5 && rec.scores[1] == 0.5 && rec.plies == 9);
    /* Stopped by the ply limit: scored a draw. */
    CHECK(ar_play_game(ttt, vt, (ar_bot *const[2]){bots[0], bots[0]}, NULL, 0, 1, 3, NULL, &rec, &err) == AR_OK);
    CHECK(rec.stopped_by_limit && rec.outcome == AR_ONGOING && rec.scores[0] == 0.5 && rec.scores[1] == 0.5);
    ar_bot_destroy(bots[0]);
    /* Scores and result text from the outcome. */
    CHECK(ttt->parse_position(vt, "xxx/oo./...", pos, &err) == AR_OK);
    ar_game_scores(ttt, vt, pos, s);
    CHECK(s[0] == 1 && s[1] == 0);
    ar_game_result_text(ttt, vt, pos, buf, sizeof buf);
    CHECK_STR(buf, "X wins");
    ttt->initial_position(vt, pos);
    ar_game_result_text(ttt, vt, pos, buf, sizeof buf);
    CHECK_STR(buf, "in play");
    ar_game_scores(ttt, vt, pos, s);
    CHECK(s[0] == 0.5 && s[1] == 0.5);
    /* Nothing is hidden: the view is the position. */
    ar_game_observe(ttt, vt, pos, 1, view);
    CHECK(memcmp(pos, view, ttt->position_size(vt)) == 0);
    nim->destroy(vn);
    ttt->destroy(vt);
}


/* ar_bot_parse_options: every type stores what it reads and refuses what
 * it cannot, in one line naming the kind and the item. */
typedef struct opt_fields {
    double time, c;
    int depth, on, pick;
    uint64_t nodes;
    char name[8];
    int custom;
    int others;
    char command[16];
} opt_fields;

static const char test_context[] = "context";

static ar_status read_even(const void *context, const char *value, void *field, ar_error *err)
{
    int v = atoi(value);
    CHECK(context == test_context);
    if (v % 2)
        return ar_error_set(err, AR_ERR_INPUT, "expected an even number");
    memcpy(field, &v, sizeof v);
    return AR_OK;
}

static int read_other(void *out, const char *name, const char *value, ar_error *err)
{
    (void)value;
    if (strncmp(name, "x.", 2) != 0)
        return 0;
    if (strcmp(name, "x.bad") == 0)
        return ar_error_set(err, AR_ERR_INPUT, "bot k: x.bad refused"), -1;
    ((opt_fields *)out)->others++;
    return 1;
}

static const char *const pick_names[] = {"red", "green", "blue", NULL};

static const ar_bot_option test_options[] = {
    {.name = "time", .type = AR_BOT_OPT_SECONDS, .offset = offsetof(opt_fields, time), .max = 10},
    {.name = "depth", .type = AR_BOT_OPT_INT, .offset = offsetof(opt_fields, depth), .min = 1, .max = 9},
    {.name = "nodes", .type = AR_BOT_OPT_COUNT, .offset = offsetof(opt_fields, nodes), .min = 1, .max = 1e15},
    {.name = "c", .type = AR_BOT_OPT_NUMBER, .offset = offsetof(opt_fields, c), .min = 0, .max = 1},
    {.name = "on", .type = AR_BOT_OPT_SWITCH, .offset = offsetof(opt_fields, on)},
    {.name = "pick", .type = AR_BOT_OPT_CHOICE, .offset = offsetof(opt_fields, pick), .choices = pick_names},
    {.name = "name", .type = AR_BOT_OPT_TEXT, .offset = offsetof(opt_fields, name), .size = 8},
    {.name = "even", .type = AR_BOT_OPT_CUSTOM, .offset = offsetof(opt_fields, custom), .parse = read_even},
    {.name = NULL}};

static ar_status parse_test(const char *text, uint64_t allowed, int external, opt_fields *f, uint64_t *given,
                            ar_error *err)
{
    ar_bot_option_set set = {.kind = "k", .table = test_options, .allowed = allowed, .context = test_context,
                             .other = read_other, .other_names = "x.NAME"};
    if (external) {
        set.command = f->command;
        set.command_size = sizeof f->command;
        set.command_example = "k:./prog";
    }
    memset(f, 0, sizeof *f);
    ar_error_clear(err);
    return ar_bot_parse_options(&set, text, f, given, err);
}

static void test_bot_options(void)
{
    static const struct {
        const char *text, *message;
    } refused[] = {
        {"time=0", "bot k: time=0 is not a positive number of seconds"},
        {"time=11", "bot k: time=11 is not a positive number of seconds (too large)"},
        {"time= 1", "bot k: time= 1 is not a positive number of seconds"},
        {"depth=10", "bot k: depth=10 is not a whole number 1..9"},
        {"depth=2.5", "bot k: depth=2.5 is not a whole number 1..9"},
        {"nodes=0", "bot k: nodes=0 is not a whole number >= 1"},
        {"c=1.5", "bot k: c=1.5 is not a number in [0, 1]"},
        {"c=nan", "bot k: c=nan is not a number in [0, 1]"},
        {"on=yes", "bot k: on=yes is not 0 or 1"},
        {"pick=pink", "bot k: pick=pink is not red, green or blue"},
        {"name=", "bot k: name= is empty"},
        {"name=12345678", "bot k: name=12345678 is too long"},
        {"even=3", "bot k: even=3: expected an even number"},
        {"depth", "bot k: option 'depth' needs a value (NAME=VALUE)"},
        {"bogus=1", "bot k has no option 'bogus' (options: time depth nodes c on pick name even x.NAME)"},
        {"x.bad=1", "bot k: x.bad refused"},
    };
    opt_fields f;
    uint64_t given = 0;
    ar_error err;
    size_t i;
    CHECK(parse_test("time=2.5:depth=9:nodes=1000000000000:c=0.25:on=1:pick=blue:name=abc:even=4:x.a=1:x.b=2",
                     AR_BOT_OPT_ALL, 0, &f, &given, &err) == AR_OK);
    CHECK(f.time == 2.5 && f.depth == 9 && f.nodes == 1000000000000u && f.c == 0.25 && f.on == 1 && f.pick == 2 &&
          strcmp(f.name, "abc") == 0 && f.custom == 4 && f.others == 2);
    CHECK_EQ_U(given, 0xffu);
    CHECK(parse_test("", AR_BOT_OPT_ALL, 0, &f, &given, &err) == AR_OK && given == 0);
    CHECK(parse_test("depth=3", ((uint64_t)1 << 1), 0, &f, &given, &err) == AR_OK && given == 2 && f.depth == 3);
    for (i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        CHECK_MSG(parse_test(refused[i].text, AR_BOT_OPT_ALL, 0, &f, NULL, &err) == AR_ERR_INPUT &&
                      strcmp(err.message, refused[i].message) == 0,
                  "%s: got '%s'", refused[i].text, err.message);
    }
    /* An option the kind does not allow is refused by name; the list is the allowed ones. */
    CHECK(parse_test("time=1", ((uint64_t)1 << 1), 0, &f, NULL, &err) == AR_ERR_INPUT &&
          strcmp(err.message, "bot k has no option 'time' (options: depth x.NAME)") == 0);
    /* External programs: the first item without '=' runs to the end of the spec. */
    CHECK(parse_test("depth=2:./prog -v:x", AR_BOT_OPT_ALL, 1, &f, NULL, &err) == AR_OK && f.depth == 2 &&
          strcmp(f.command, "./prog -v:x") == 0);
    CHECK(parse_test("depth=2", AR_BOT_OPT_ALL, 1, &f, NULL, &err) == AR_ERR_INPUT &&
          strcmp(err.message, "bot k: which program? e.g. k:./prog") == 0);
    CHECK(parse_test("./a-program-too-long-to-fit", AR_BOT_OPT_ALL, 1, &f, NULL, &err) == AR_ERR_INPUT &&
          strstr(err.message, "too long") != NULL);
}

int main(void)
{
    test_elo();
    test_bot_options();
    test_bots();
    test_match();
    test_records();
    return check_report("test_arena");
}
