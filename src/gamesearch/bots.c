/* bots.c — bots: engine configurations named by a spec string.
 *
 * "alphabeta:depth=6:eval=lines" is the kind `alphabeta` with two options.
 * Each kind is a table of create/choose/new_game/destroy functions
 * (ar_bot_kind), so a later kind (an external program speaking a contest
 * protocol, a UCI engine) plugs in beside these without changing matches or
 * the CLI. The built-in kinds share one option parser; each accepts the
 * options that mean something to it and rejects the others by name. In a
 * game with hidden information a kind is shown only its player's view
 * (ar_bot_choose makes it), and kinds that need the whole position or two
 * players refuse, when made, the games they cannot play. */
#include "ariadne/arena.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ar_bot {
    const ar_game *g;
    const ar_variant *v;
    const ar_bot_kind *kind;
    char *spec;
    uint64_t seed;
    size_t memory_limit;
    const volatile sig_atomic_t *interrupt;
    void *state;
    /* Games with hidden information: the player's view that the kind is
     * shown instead of the position (NULL when the game hides nothing). */
    unsigned char *view;
};

const ar_game *ar_bot_game(const ar_bot *bot) { return bot->g; }
const ar_variant *ar_bot_variant(const ar_bot *bot) { return bot->v; }
void *ar_bot_state(const ar_bot *bot) { return bot->state; }
void ar_bot_set_state(ar_bot *bot, void *state) { bot->state = state; }
uint64_t ar_bot_seed(const ar_bot *bot) { return bot->seed; }
const volatile sig_atomic_t *ar_bot_interrupt(const ar_bot *bot) { return bot->interrupt; }

/* Kinds a game brings itself (searches over its own board, external
 * programs speaking its protocol); they are looked up before the generic
 * kinds, so "alphabeta" means the game's own alpha-beta there. */
static const ar_bot_kind *game_kinds(const ar_game *g) { return g->bot_kinds; }

/* ------------------------------------------------------ shared options */

/* The built-in kinds' options, one table (bot_options.c parses it); each
 * kind allows the entries that mean something to it. */
enum { O_DEPTH, O_TIME, O_NODES, O_EVAL, O_STEPS, O_TT, O_ITERS, O_C, O_PLAYOUT, O_STRATEGY, O_EPSILON, O_PDEPTH };
#define OPT(name) ((uint64_t)1 << (name))

typedef struct bot_opts {
    uint64_t given;
    int depth;
    double time;
    uint64_t nodes;
    const ar_game_eval *eval;
    unsigned steps;
    size_t tt_bytes;
    uint64_t iters;
    double c;
    int playout; /* ar_playout */
    const ar_game_strategy *strategy;
    double epsilon;
    int playout_depth;
} bot_opts;

static ar_status read_eval(const void *game, const char *value, void *field, ar_error *err)
{
    const ar_game_eval *e = ar_game_eval_find(game, value);
    if (!e)
        return ar_error_set(err, AR_ERR_INPUT, "%s has no such evaluation", ((const ar_game *)game)->name);
    memcpy(field, &e, sizeof e);
    return AR_OK;
}

static ar_status read_strategy(const void *game, const char *value, void *field, ar_error *err)
{
    const ar_game_strategy *sg = ar_game_strategy_find(game, value);
    if (!sg)
        return ar_error_set(err, AR_ERR_INPUT, "%s has no such strategy", ((const ar_game *)game)->name);
    memcpy(field, &sg, sizeof sg);
    return AR_OK;
}

static ar_status read_steps(const void *game, const char *value, void *field, ar_error *err)
{
    (void)game;
    return ar_gsearch_parse_steps(value, field, err);
}

static ar_status read_size(const void *game, const char *value, void *field, ar_error *err)
{
    (void)game;
    return ar_parse_size(value, field, err);
}

static const char *const playout_names[] = {"random", "eval", NULL};

static const ar_bot_option option_table[] = {
    [O_DEPTH] = {.name = "depth", .type = AR_BOT_OPT_INT, .offset = offsetof(bot_opts, depth), .min = 1,
                 .max = AR_GAME_MAX_PLY - 1},
    [O_TIME] = {.name = "time", .type = AR_BOT_OPT_SECONDS, .offset = offsetof(bot_opts, time)},
    [O_NODES] = {.name = "nodes", .type = AR_BOT_OPT_COUNT, .offset = offsetof(bot_opts, nodes), .min = 1,
                 .max = 1e15},
    [O_EVAL] = {.name = "eval", .type = AR_BOT_OPT_CUSTOM, .offset = offsetof(bot_opts, eval), .parse = read_eval},
    [O_STEPS] = {.name = "steps", .type = AR_BOT_OPT_CUSTOM, .offset = offsetof(bot_opts, steps),
                 .parse = read_steps},
    [O_TT] = {.name = "tt", .type = AR_BOT_OPT_CUSTOM, .offset = offsetof(bot_opts, tt_bytes), .parse = read_size},
    [O_ITERS] = {.name = "iters", .type = AR_BOT_OPT_COUNT, .offset = offsetof(bot_opts, iters), .min = 1,
                 .max = 1e15},
    [O_C] = {.name = "c", .type = AR_BOT_OPT_NUMBER, .offset = offsetof(bot_opts, c), .min = 0, .max = 1e300},
    [O_PLAYOUT] = {.name = "playout", .type = AR_BOT_OPT_CHOICE, .offset = offsetof(bot_opts, playout),
                   .choices = playout_names},
    [O_STRATEGY] = {.name = "strategy", .type = AR_BOT_OPT_CUSTOM, .offset = offsetof(bot_opts, strategy),
                    .parse = read_strategy},
    [O_EPSILON] = {.name = "epsilon", .type = AR_BOT_OPT_NUMBER, .offset = offsetof(bot_opts, epsilon), .min = 0,
                   .max = 1},
    [O_PDEPTH] = {.name = "playout-depth", .type = AR_BOT_OPT_INT, .offset = offsetof(bot_opts, playout_depth),
                  .min = 1, .max = 10000},
    {.name = NULL}};

static ar_status parse_opts(const ar_bot *bot, const char *kind, const char *text, uint64_t allowed,
                            bot_opts *o, ar_error *err)
{
    const ar_bot_option_set set = {.kind = kind, .table = option_table, .allowed = allowed, .context = bot->g};
    memset(o, 0, sizeof *o);
    o->steps = AR_STEPS_ALL;
    o->playout = AR_PLAYOUT_RANDOM;
    return ar_bot_parse_options(&set, text, o, &o->given, err);
}

static ar_status check_turn(ar_bot *bot, const void *pos, int player, ar_error *err)
{
    int who;
    if (bot->g->outcome(bot->v, pos) != AR_ONGOING)
        return ar_error_set(err, AR_ERR_INPUT, "the game is over");
    who = bot->g->to_move(bot->v, pos);
    if (who != player && who != AR_PLAYER_SIMULTANEOUS)
        return ar_error_set(err, AR_ERR_INPUT, "it is not %s's turn", bot->g->player_name(bot->v, player));
    return AR_OK;
}

/* The generic searches' limits, said when the bot is made rather than at
 * its first move: alpha-beta, minimax and the perfect bot's fallback need
 * two players who see everything; MCTS backs up two-player rewards but may
 * search a player's view. */
static ar_status check_game(const ar_bot *bot, const char *kind, int needs_whole_position,
                            ar_error *err)
{
    int players = ar_game_players(bot->g, bot->v);
    if (players > 2)
        return ar_error_set(err, AR_ERR_UNSUPPORTED,
                            "bot %s searches two-player games; this %s variant has %d players", kind,
                            bot->g->name, players);
    if (needs_whole_position && (bot->g->flags & AR_GAME_HIDDEN))
        return ar_error_set(err, AR_ERR_UNSUPPORTED,
                            "bot %s needs the whole position, and %s hides parts of it from the "
                            "players (try mcts)",
                            kind, bot->g->name);
    return AR_OK;
}

static void score_text(char *buf, size_t size, ar_score s, int exact)
{
    if (AR_SCORE_IS_PROVEN(s))
        snprintf(buf, size, "%s in %d", s > 0 ? "win" : "loss", s > 0 ? AR_SCORE_WIN - s : AR_SCORE_WIN + s);
    else
        snprintf(buf, size, "%+d%s", (int)s, exact ? (s == 0 ? " (proven draw)" : " (proven)") : "");
}

/* ------------------------------------------------------------- random */

typedef struct random_state {
    ar_rng rng;
    ar_gmove *moves;
    unsigned cap;
} random_state;

static ar_status random_create(ar_bot *bot, const char *options, ar_error *err)
{
    bot_opts o;
    random_state *s;
    ar_status st = parse_opts(bot, "random", options, 0, &o, err);
    if (st != AR_OK)
        return st;
    s = ar_xcalloc(1, sizeof *s);
    ar_rng_seed(&s->rng, bot->seed);
    bot->state = s;
    return AR_OK;
}

static ar_status random_choose(ar_bot *bot, const void *pos, int player, ar_gmove *out,
                               ar_bot_info *info, ar_error *err)
{
    random_state *s = bot->state;
    unsigned n, cap = bot->g->max_moves(bot->v, pos);
    ar_status st = check_turn(bot, pos, player, err);
    if (st != AR_OK)
        return st;
    if (cap > s->cap) {
        free(s->moves);
        s->moves = ar_xmalloc(sizeof(ar_gmove) * cap);
        s->cap = cap;
    }
    n = bot->g->legal_moves(bot->v, pos, player, s->moves);
    if (!n)
        return ar_error_set(err, AR_ERR_INTERNAL, "no legal move");
    *out = s->moves[ar_rng_below(&s->rng, n)];
    if (info)
        snprintf(info->text, sizeof info->text, "random choice among %u moves", n);
    return AR_OK;
}

static void random_destroy(ar_bot *bot)
{
    random_state *s = bot->state;
    if (s)
        free(s->moves);
    free(s);
}

/* ------------------------------------------------- alphabeta / minimax */

typedef struct ab_state {
    bot_opts o;
    ar_tt *tt;
    ar_mem mem;
    int plain; /* minimax */
} ab_state;

static ar_status ab_make(ar_bot *bot, const char *kind, const char *options, int plain, ar_error *err)
{
    ab_state *s;
    ar_status st = check_game(bot, kind, 1, err);
    if (st != AR_OK)
        return st;
    s = ar_xcalloc(1, sizeof *s);
    st = parse_opts(bot, kind, options,
                    plain ? (OPT(O_DEPTH) | OPT(O_EVAL) | OPT(O_TIME) | OPT(O_NODES))
                          : (OPT(O_DEPTH) | OPT(O_TIME) | OPT(O_NODES) | OPT(O_EVAL) | OPT(O_STEPS) | OPT(O_TT)),
                              &s->o, err);
    if (st != AR_OK) {
        free(s);
        return st;
    }
    s->plain = plain;
    if (plain && !(s->o.given & OPT(O_DEPTH)))
        s->o.depth = 4;
    /* Without a depth or time, search until solved but at most a second a
     * move (a fixed depth= makes games reproducible; time= does not). */
    if (!plain && !(s->o.given & (OPT(O_DEPTH) | OPT(O_TIME) | OPT(O_NODES))))
        s->o.time = 1.0;
    ar_mem_init(&s->mem, bot->memory_limit);
    if (!plain) {
        size_t bytes = s->o.tt_bytes ? s->o.tt_bytes : (size_t)16 << 20;
        if (bot->memory_limit && bytes > bot->memory_limit)
            bytes = bot->memory_limit;
        st = ar_tt_create(bytes, &s->mem, &s->tt, err);
        if (st != AR_OK) {
            free(s);
            return st;
        }
    }
    bot->state = s;
    return AR_OK;
}

static ar_status ab_create(ar_bot *bot, const char *options, ar_error *err)
{
    return ab_make(bot, "alphabeta", options, 0, err);
}

static ar_status minimax_create(ar_bot *bot, const char *options, ar_error *err)
{
    return ab_make(bot, "minimax", options, 1, err);
}

static ar_status ab_search(ar_bot *bot, ab_state *s, const void *pos, ar_gmove *out, ar_bot_info *info,
                           ar_error *err)
{
    ar_gsearch_options so;
    ar_gsearch_result r;
    ar_status st;
    ar_gsearch_options_init(&so);
    so.steps = s->o.steps;
    so.depth = s->o.depth;
    so.limits.time_limit = s->o.time;
    so.limits.node_limit = s->o.nodes;
    so.limits.interrupt = bot->interrupt;
    so.limits.memory_limit = bot->memory_limit;
    so.eval = s->o.eval;
    so.tt = s->tt;
    st = s->plain ? ar_minimax(bot->g, bot->v, pos, &so, &r, err)
                  : ar_alphabeta(bot->g, bot->v, pos, &so, &r, err);
    if (st != AR_OK && !(st == AR_ERR_LIMIT && r.best != AR_GMOVE_NONE))
        return st;
    *out = r.best;
    if (info) {
        char sc[48];
        score_text(sc, sizeof sc, r.score, r.exact);
        info->has_score = 1;
        info->score = r.score;
        info->exact = r.exact;
        info->depth = r.depth;
        info->nodes = r.nodes;
        info->seconds = r.seconds;
        snprintf(info->text, sizeof info->text, "%s depth %d, score %s, %" PRIu64 " nodes, %.2f s%s",
                 s->plain ? "minimax" : "alpha-beta", r.depth, sc, r.nodes, r.seconds,
                 r.stop != AR_STOP_NONE ? " (stopped by a limit)" : "");
    }
    return AR_OK;
}

static ar_status ab_choose(ar_bot *bot, const void *pos, int player, ar_gmove *out, ar_bot_info *info,
                           ar_error *err)
{
    ar_status st = check_turn(bot, pos, player, err);
    if (st != AR_OK)
        return st;
    return ab_search(bot, bot->state, pos, out, info, err);
}

static void ab_new_game(ar_bot *bot)
{
    ab_state *s = bot->state;
    if (s->tt)
        ar_tt_clear(s->tt);
}

static void ab_destroy(ar_bot *bot)
{
    ab_state *s = bot->state;
    if (!s)
        return;
    ar_tt_destroy(s->tt);
    free(s);
}

/* ---------------------------------------------------------------- mcts */

typedef struct mcts_state {
    bot_opts o;
    ar_rng rng;
} mcts_state;

static ar_status mcts_create(ar_bot *bot, const char *options, ar_error *err)
{
    mcts_state *s;
    ar_status st = check_game(bot, "mcts", 0, err);
    if (st != AR_OK)
        return st;
    s = ar_xcalloc(1, sizeof *s);
    st = parse_opts(bot, "mcts", options,
                    OPT(O_ITERS) | OPT(O_TIME) | OPT(O_C) | OPT(O_PLAYOUT) | OPT(O_EVAL) | OPT(O_EPSILON) |
                        OPT(O_PDEPTH),
                    &s->o, err);
    if (st != AR_OK) {
        free(s);
        return st;
    }
    if (!(s->o.given & (OPT(O_ITERS) | OPT(O_TIME))))
        s->o.iters = 10000;
    ar_rng_seed(&s->rng, bot->seed);
    bot->state = s;
    return AR_OK;
}

static ar_status mcts_choose(ar_bot *bot, const void *pos, int player, ar_gmove *out, ar_bot_info *info,
                             ar_error *err)
{
    mcts_state *s = bot->state;
    ar_mcts_options mo;
    ar_mcts_result r;
    ar_status st = check_turn(bot, pos, player, err);
    if (st != AR_OK)
        return st;
    ar_mcts_options_init(&mo);
    mo.iterations = s->o.iters;
    mo.limits.time_limit = s->o.time;
    mo.limits.interrupt = bot->interrupt;
    mo.limits.memory_limit = bot->memory_limit;
    if (s->o.given & OPT(O_C))
        mo.exploration = s->o.c;
    mo.playout = (ar_playout)s->o.playout;
    mo.eval = s->o.eval;
    mo.epsilon = s->o.epsilon;
    mo.playout_depth = (unsigned)s->o.playout_depth;
    mo.seed = ar_rng_next(&s->rng);
    st = ar_mcts(bot->g, bot->v, pos, player, &mo, &r, err);
    if (st != AR_OK)
        return st;
    if (r.best == AR_GMOVE_NONE)
        return ar_error_set(err, AR_ERR_INTERNAL, "MCTS found no move");
    *out = r.best;
    if (info) {
        info->has_score = 0;
        info->nodes = r.iterations;
        info->seconds = r.seconds;
        snprintf(info->text, sizeof info->text, "MCTS %" PRIu64 " iterations, win rate %.3f, %.2f s",
                 r.iterations, r.value, r.seconds);
    }
    return AR_OK;
}

static void mcts_destroy(ar_bot *bot) { free(bot->state); }

/* ------------------------------------------------------------- perfect */

typedef struct perfect_state {
    ab_state *ab; /* the fallback search */
    const ar_game_strategy *strategy; /* NULL: any that applies */
    ar_rng rng;
} perfect_state;

static ar_status perfect_create(ar_bot *bot, const char *options, ar_error *err)
{
    perfect_state *p;
    ab_state *ab;
    bot_opts o;
    ar_status st = parse_opts(bot, "perfect", options,
                              OPT(O_STRATEGY) | OPT(O_DEPTH) | OPT(O_TIME) | OPT(O_NODES) | OPT(O_EVAL) |
                                  OPT(O_STEPS) | OPT(O_TT),
                              &o, err);
    if (st != AR_OK)
        return st;
    /* Reuse the alphabeta parser for the fallback (strategy= removed). */
    {
        char buf[512];
        char *save = NULL, *tok;
        char rest[512] = "";
        snprintf(buf, sizeof buf, "%s", options);
        for (tok = strtok_r(buf, ":", &save); tok; tok = strtok_r(NULL, ":", &save))
            if (strncmp(tok, "strategy=", 9) != 0) {
                if (rest[0])
                    strncat(rest, ":", sizeof rest - strlen(rest) - 1);
                strncat(rest, tok, sizeof rest - strlen(rest) - 1);
            }
        st = ab_make(bot, "perfect", rest, 0, err);
        if (st != AR_OK)
            return st;
    }
    ab = bot->state;
    p = ar_xcalloc(1, sizeof *p);
    p->ab = ab;
    p->strategy = o.strategy;
    ar_rng_seed(&p->rng, bot->seed);
    bot->state = p;
    return AR_OK;
}

static ar_status perfect_choose(ar_bot *bot, const void *pos, int player, ar_gmove *out,
                                ar_bot_info *info, ar_error *err)
{
    perfect_state *p = bot->state;
    const ar_game_strategy *s;
    ar_error why;
    int pass;
    ar_status st = check_turn(bot, pos, player, err);
    if (st != AR_OK)
        return st;
    ar_error_clear(&why);
    /* The named rule first; where it does not apply (a rule for the other
     * side, a position off its track) the game's other rules, which answer
     * instantly too; search only when no rule applies. */
    for (pass = p->strategy ? 0 : 1; pass < 2; pass++)
    for (s = bot->g->strategies; s && s->name; s++) {
        ar_error e2;
        if (pass == 0 ? s != p->strategy : s == p->strategy && p->strategy)
            continue;
        ar_error_clear(&e2);
        st = s->choose(bot->v, pos, &p->rng, out, &e2);
        if (st == AR_OK) {
            if (info) {
                int value;
                memset(info, 0, sizeof *info);
                if (s->value && s->value(bot->v, pos, &value, NULL) == AR_OK) {
                    info->has_score = 1;
                    info->exact = 1;
                    info->score = value > 0 ? AR_SCORE_WIN : value < 0 ? -AR_SCORE_WIN : 0;
                    snprintf(info->text, sizeof info->text, "by rule (%s): the mover %s", s->name,
                             value > 0 ? "wins" : value < 0 ? "loses against perfect play" : "draws");
                } else {
                    snprintf(info->text, sizeof info->text, "by rule (%s)", s->name);
                }
            }
            return AR_OK;
        }
        if (st != AR_ERR_UNSUPPORTED) {
            if (err)
                *err = e2;
            return st;
        }
        if (!why.message[0] || pass == 0)
            why = e2;
    }
    /* No rule applies: search (exact where the game is small enough). */
    st = ab_search(bot, p->ab, pos, out, info, err);
    if (st == AR_OK && info && why.message[0]) {
        size_t len = strlen(info->text);
        snprintf(info->text + len, sizeof info->text - len, " (no rule: %s)", why.message);
    }
    return st;
}

static void perfect_new_game(ar_bot *bot)
{
    perfect_state *p = bot->state;
    if (p->ab->tt)
        ar_tt_clear(p->ab->tt);
}

static void perfect_destroy(ar_bot *bot)
{
    perfect_state *p = bot->state;
    if (!p)
        return;
    ar_tt_destroy(p->ab->tt);
    free(p->ab);
    free(p);
}

static const ar_bot_kind kinds[] = {
    {.name = "random",
     .summary = "a uniformly random legal move",
     .options = "(none)",
     .create = random_create,
     .choose = random_choose,
     .new_game = NULL,
     .destroy = random_destroy},
    {.name = "alphabeta",
     .summary = "negamax alpha-beta with iterative deepening and all ordering steps",
     .options = "depth=D time=S nodes=N eval=NAME steps=LIST tt=SIZE (default: time=1)",
     .create = ab_create,
     .choose = ab_choose,
     .new_game = ab_new_game,
     .destroy = ab_destroy},
    {.name = "minimax",
     .summary = "plain minimax, no pruning (slow; for comparison)",
     .options = "depth=D (default 4) eval=NAME",
     .create = minimax_create,
     .choose = ab_choose,
     .new_game = ab_new_game,
     .destroy = ab_destroy},
    {.name = "mcts",
     .summary = "Monte Carlo tree search with UCT",
     .options = "iters=N (default 10000) time=S c=X playout=random|eval eval=NAME epsilon=E "
                "playout-depth=N",
     .create = mcts_create,
     .choose = mcts_choose,
     .new_game = NULL,
     .destroy = mcts_destroy},
    {.name = "perfect",
     .summary = "the game's perfect rule where it applies, else alphabeta",
     .options = "strategy=NAME plus the alphabeta options for the fallback",
     .create = perfect_create,
     .choose = perfect_choose,
     .new_game = perfect_new_game,
     .destroy = perfect_destroy},
    {.name = NULL}};

const ar_bot_kind *ar_bot_kinds(void) { return kinds; }

ar_status ar_bot_create(const ar_game *g, const ar_variant *v, const char *spec, uint64_t seed,
                        size_t memory_limit, ar_bot **out, ar_error *err)
{
    ar_bot *bot;
    const ar_bot_kind *k;
    const char *colon = strchr(spec, ':');
    size_t len = colon ? (size_t)(colon - spec) : strlen(spec);
    char name[64], options[512];
    ar_status st;
    *out = NULL;
    if (len == 0 || len >= sizeof name)
        return ar_error_set(err, AR_ERR_INPUT, "bad bot '%s' (see `ariadne help match`)", spec);
    memcpy(name, spec, len);
    name[len] = '\0';
    snprintf(options, sizeof options, "%s", colon ? colon + 1 : "");
    if (strcmp(name, "ab") == 0)
        snprintf(name, sizeof name, "alphabeta");
    k = game_kinds(g);
    while (k && k->name && strcmp(k->name, name) != 0)
        k++;
    if (!k || !k->name)
        for (k = kinds; k->name; k++)
            if (strcmp(k->name, name) == 0)
                break;
    if (!k->name) {
        /* A strategy name is short for perfect:strategy=NAME. */
        if (ar_game_strategy_find(g, name)) {
            char more[sizeof options];
            if (strlen(options) + strlen(name) + 12 >= sizeof options)
                return ar_error_set(err, AR_ERR_INPUT, "bot '%s': options too long", name);
            memcpy(more, options, sizeof more);
            strcpy(options, "strategy=");
            strcat(options, name);
            if (more[0]) {
                strcat(options, ":");
                strcat(options, more);
            }
            for (k = kinds; k->name && strcmp(k->name, "perfect") != 0; k++)
                ;
        } else {
            char list[300] = "";
            const ar_bot_kind *q;
            const ar_game_strategy *s;
            for (q = game_kinds(g); q && q->name; q++) {
                strncat(list, " ", sizeof list - strlen(list) - 1);
                strncat(list, q->name, sizeof list - strlen(list) - 1);
            }
            for (q = kinds; q->name; q++) {
                const ar_bot_kind *own = game_kinds(g);
                while (own && own->name && strcmp(own->name, q->name) != 0)
                    own++;
                if (own && own->name)
                    continue; /* the game's own kind of that name is already listed */
                strncat(list, " ", sizeof list - strlen(list) - 1);
                strncat(list, q->name, sizeof list - strlen(list) - 1);
            }
            for (s = g->strategies; s && s->name; s++) {
                strncat(list, " ", sizeof list - strlen(list) - 1);
                strncat(list, s->name, sizeof list - strlen(list) - 1);
            }
            return ar_error_set(err, AR_ERR_INPUT, "unknown bot '%s' for %s (bots:%s)", name, g->name,
                                list);
        }
    }
    bot = ar_xcalloc(1, sizeof *bot);
    bot->g = g;
    bot->v = v;
    bot->kind = k;
    bot->spec = ar_xstrdup(spec);
    bot->seed = seed;
    bot->memory_limit = memory_limit;
    st = k->create(bot, options, err);
    if (st != AR_OK) {
        free(bot->spec);
        free(bot);
        return st;
    }
    if (g->observe)
        bot->view = ar_xmalloc(g->position_size(v));
    *out = bot;
    return AR_OK;
}

ar_status ar_bot_choose(ar_bot *bot, const void *pos, int player, ar_gmove *out, ar_bot_info *info,
                        ar_error *err)
{
    if (info)
        memset(info, 0, sizeof *info);
    /* Every caller (matches, `play`, hints) goes through here, so no bot
     * can see more than its player does. */
    if (bot->view) {
        bot->g->observe(bot->v, pos, player, bot->view);
        pos = bot->view;
    }
    return bot->kind->choose(bot, pos, player, out, info, err);
}

void ar_bot_new_game(ar_bot *bot)
{
    if (bot->kind->new_game)
        bot->kind->new_game(bot);
}

void ar_bot_set_interrupt(ar_bot *bot, const volatile sig_atomic_t *flag) { bot->interrupt = flag; }

const char *ar_bot_spec(const ar_bot *bot) { return bot->spec; }

void ar_bot_destroy(ar_bot *bot)
{
    if (!bot)
        return;
    if (bot->kind->destroy)
        bot->kind->destroy(bot);
    free(bot->view);
    free(bot->spec);
    free(bot);
}
