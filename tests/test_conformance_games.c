/* test_conformance_games.c — what every registered game must do, checked
 * for each game of ar_games(), so a new game is tested by being registered.
 *
 * For the default variant, the variants of the game's bench positions and
 * ladder, and its test_variants: random playouts from the initial position
 * (fixed seed) stay legal — every applied move is among legal_moves, chance
 * outcomes are positive and sum to 1, move counts stay within max_moves —
 * and end within a bound; undo (when set) restores the position's bytes and
 * hash; format_move/parse_move round-trip for every legal move, and
 * format_position/parse_position for every position (and every view);
 * observe (when set) writes exactly position_size bytes and leaves the
 * observer its legal moves; a finished game has no moves and its scores agree
 * with its outcome; the arena plays it with random bots. A malformed position
 * and an unknown option are refused with AR_ERR_INPUT and a message. */
#include "check.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/page.h"
#include "ariadne/arena.h"

#define PLAYOUTS 8
#define MAX_PLIES 5000
#define GUARD 32 /* bytes after a view that observe must leave alone */

typedef struct ctx {
    const ar_game *g;
    const ar_variant *v;
    const char *options;
    size_t psize;
    unsigned cap; /* max_moves of the initial position: bounds everything reachable */
    int players;
    ar_gmove *moves, *moves2;
    double *probs;
    unsigned char *copy, *parsed, *view;
    char *text, *text2;
} ctx;

#define TEXT_SIZE 65536

static const char *name_of(const ctx *c)
{
    static char buf[160];
    snprintf(buf, sizeof buf, "%s [%s]", c->g->name, c->options[0] ? c->options : "default");
    return buf;
}

/* format_position then parse_position gives the same position (bytes or
 * hash), and formats to the same text again. */
static void check_text_round_trip(ctx *c, const void *pos, const char *what)
{
    ar_error err;
    ar_error_clear(&err);
    c->g->format_position(c->v, pos, c->text, TEXT_SIZE);
    if (c->g->parse_position(c->v, c->text, c->parsed, &err) != AR_OK) {
        CHECK_MSG(0, "%s: %s '%s' does not parse back: %s", name_of(c), what, c->text, err.message);
        return;
    }
    CHECK_MSG(memcmp(c->parsed, pos, c->psize) == 0 ||
                  ar_game_hash(c->g, c->v, c->parsed) == ar_game_hash(c->g, c->v, pos),
              "%s: %s '%s' parses to another position", name_of(c), what, c->text);
    c->g->format_position(c->v, c->parsed, c->text2, TEXT_SIZE);
    CHECK_MSG(strcmp(c->text, c->text2) == 0, "%s: %s '%s' formats again as '%s'", name_of(c), what,
              c->text, c->text2);
}

/* Every legal move of player formats to text that parses to the same move. */
static void check_move_notation(ctx *c, const void *pos, int player, unsigned n)
{
    unsigned i;
    for (i = 0; i < n; i++) {
        char buf[256];
        size_t len = c->g->format_move(c->v, pos, player, c->moves[i], buf, sizeof buf);
        ar_gmove back = AR_GMOVE_NONE;
        ar_error err;
        ar_error_clear(&err);
        CHECK_MSG(len == strlen(buf) && len > 0, "%s: format_move returned %zu for '%s'", name_of(c), len,
                  buf);
        CHECK_MSG(c->g->parse_move(c->v, pos, player, buf, strlen(buf), &back, &err) == AR_OK &&
                      back == c->moves[i],
                  "%s: move '%s' of %s does not parse back (%s)", name_of(c), buf,
                  c->g->player_name(c->v, player), err.message);
    }
}

/* The views of every player: position_size bytes exactly, usable as a
 * position (its text round-trips), with the observer's moves unchanged. */
static void check_views(ctx *c, const void *pos, int who)
{
    int p;
    if (!c->g->observe)
        return;
    for (p = 0; p < c->players; p++) {
        size_t i;
        int intact = 1;
        memset(c->view, 0xA5, c->psize + GUARD);
        ar_game_observe(c->g, c->v, pos, p, c->view);
        for (i = 0; i < GUARD; i++)
            intact &= c->view[c->psize + i] == 0xA5;
        CHECK_MSG(intact, "%s: observe wrote past position_size", name_of(c));
        check_text_round_trip(c, c->view, "a view");
        if (c->g->outcome(c->v, pos) == AR_ONGOING && (who == p || who == AR_PLAYER_SIMULTANEOUS)) {
            unsigned n = c->g->legal_moves(c->v, pos, p, c->moves);
            unsigned n2 = c->g->legal_moves(c->v, c->view, p, c->moves2);
            CHECK_MSG(n == n2 && memcmp(c->moves, c->moves2, n * sizeof(ar_gmove)) == 0,
                      "%s: %s's view changes the player's legal moves", name_of(c),
                      c->g->player_name(c->v, p));
        }
    }
}

/* The end: nobody moves, the outcome suits the number of players, and the
 * scores agree with it. */
static void check_finished(ctx *c, const void *pos)
{
    ar_game_outcome oc = c->g->outcome(c->v, pos);
    double s[AR_MAX_PLAYERS];
    int p;
    for (p = 0; p < c->players; p++)
        CHECK_MSG(c->g->legal_moves(c->v, pos, p, c->moves) == 0, "%s: %s has moves in a finished game",
                  name_of(c), c->g->player_name(c->v, p));
    if (c->players == 2)
        CHECK_MSG(oc == AR_WIN_P0 || oc == AR_WIN_P1 || oc == AR_DRAW,
                  "%s: a two-player game ends with outcome %d", name_of(c), (int)oc);
    else
        CHECK_MSG(oc == AR_GAME_OVER && c->g->scores, "%s: %d players end with outcome %d%s", name_of(c),
                  c->players, (int)oc, c->g->scores ? "" : " and no scores slot");
    ar_game_scores(c->g, c->v, pos, s);
    for (p = 0; p < c->players; p++)
        CHECK(isfinite(s[p]));
    if (oc == AR_WIN_P0)
        CHECK_MSG(s[0] > s[1], "%s: P0 won with %g to %g", name_of(c), s[0], s[1]);
    if (oc == AR_WIN_P1)
        CHECK_MSG(s[1] > s[0], "%s: P1 won with %g to %g", name_of(c), s[1], s[0]);
    if (oc == AR_DRAW)
        CHECK_MSG(s[0] == s[1], "%s: a draw scored %g to %g", name_of(c), s[0], s[1]);
}

/* Plays the move of `who` (chosen[who]; chance's is chosen[0]) or every
 * player's move in place; with undo, first checks that apply then undo
 * restores the bytes and the hash. */
static void play(ctx *c, unsigned char *pos, int who, const ar_gmove *chosen)
{
    int joint = who == AR_PLAYER_SIMULTANEOUS;
    ar_gmove single = chosen[who >= 0 ? who : 0];
    if (c->g->undo && !(joint && c->g->apply_simultaneous)) {
        ar_gmove m = joint ? AR_JOINT_MOVE(chosen[0], chosen[1]) : single;
        uint64_t h = ar_game_hash(c->g, c->v, pos);
        memcpy(c->copy, pos, c->psize);
        c->g->apply(c->v, pos, m);
        c->g->undo(c->v, pos, m);
        CHECK_MSG(memcmp(c->copy, pos, c->psize) == 0 && ar_game_hash(c->g, c->v, pos) == h,
                  "%s: undo did not restore the position", name_of(c));
    }
    if (joint)
        ar_game_apply_simultaneous(c->g, c->v, pos, chosen);
    else
        c->g->apply(c->v, pos, single);
}

/* The position's picture for the browser pages (page.h) draws something
 * (a cell, a point, a line or a caption). */
static void check_picture(ctx *c, const void *pos)
{
    ar_scene *s = ar_scene_new();
    char *json;
    ar_scene_of_position(s, c->g, c->v, pos);
    json = ar_scene_json(s);
    CHECK_MSG(ar_scene_drawn(s) > 0 || strstr(json, "\"caption\"") != NULL, "%s: the picture draws nothing",
              name_of(c));
    free(json);
    ar_scene_free(s);
}

static void playout(ctx *c, ar_rng *rng, unsigned char *pos)
{
    unsigned plies;
    c->g->initial_position(c->v, pos);
    for (plies = 0; plies < MAX_PLIES; plies++) {
        int who, p;
        ar_gmove chosen[AR_MAX_PLAYERS];
        check_text_round_trip(c, pos, "position");
        if (c->g->picture && (plies < 4 || plies % 16 == 0))
            check_picture(c, pos);
        who = c->g->outcome(c->v, pos) == AR_ONGOING ? c->g->to_move(c->v, pos) : 0;
        check_views(c, pos, who);
        if (c->g->outcome(c->v, pos) != AR_ONGOING) {
            check_finished(c, pos);
            return;
        }
        CHECK_MSG(c->g->max_moves(c->v, pos) <= c->cap, "%s: max_moves grew", name_of(c));
        if (who == AR_PLAYER_CHANCE) {
            unsigned n = c->g->chance_outcomes(c->v, pos, c->moves, c->probs), i;
            double sum = 0;
            CHECK_MSG(n > 0 && n <= c->cap, "%s: %u chance outcomes (max_moves %u)", name_of(c), n, c->cap);
            if (n == 0 || n > c->cap)
                return;
            for (i = 0; i < n; i++) {
                CHECK(c->probs[i] > 0);
                sum += c->probs[i];
            }
            CHECK_MSG(fabs(sum - 1) < 1e-9, "%s: chance outcomes sum to %.12f", name_of(c), sum);
            chosen[0] = ar_game_chance_draw(c->g, c->v, pos, rng);
            play(c, pos, who, chosen);
            continue;
        }
        CHECK_MSG(who == AR_PLAYER_SIMULTANEOUS || (who >= 0 && who < c->players),
                  "%s: to_move says %d", name_of(c), who);
        if (who != AR_PLAYER_SIMULTANEOUS && (who < 0 || who >= c->players))
            return;
        {
            int movers = 0;
            for (p = 0; p < c->players; p++) {
                unsigned n;
                chosen[p] = AR_GMOVE_NONE;
                if (who != AR_PLAYER_SIMULTANEOUS && p != who)
                    continue;
                n = c->g->legal_moves(c->v, pos, p, c->moves);
                CHECK_MSG(n <= c->cap, "%s: %u moves, max_moves %u", name_of(c), n, c->cap);
                if (n == 0 || n > c->cap)
                    continue;
                check_move_notation(c, pos, p, n);
                chosen[p] = c->moves[ar_rng_below(rng, n)];
                CHECK(ar_game_is_legal(c->g, c->v, pos, p, chosen[p]));
                movers++;
            }
            CHECK_MSG(movers > 0, "%s: nobody can move in a game in play", name_of(c));
            if (who == AR_PLAYER_SIMULTANEOUS && c->players == 2 && !c->g->apply_simultaneous)
                CHECK_MSG(movers == 2, "%s: a joint move needs both players' moves", name_of(c));
            if (!movers)
                return;
        }
        play(c, pos, who, chosen);
    }
    CHECK_MSG(0, "%s: a random game did not end within %d plies", name_of(c), MAX_PLIES);
}

/* Bad input is refused with AR_ERR_INPUT and a message. */
static void check_bad_input(ctx *c, const unsigned char *start)
{
    static const char *const garbage[] = {"", "@#$%^&*", "\x01\x02\x7f", "99999999999999999999999"};
    ar_error err;
    size_t i;
    for (i = 0; i < sizeof garbage / sizeof garbage[0]; i++) {
        ar_error_clear(&err);
        CHECK_MSG(c->g->parse_position(c->v, garbage[i], c->parsed, &err) == AR_ERR_INPUT && err.message[0],
                  "%s: position text #%zu accepted", name_of(c), i);
    }
    /* A good text with something after it. */
    c->g->format_position(c->v, start, c->text, TEXT_SIZE);
    strcat(c->text, " @@");
    ar_error_clear(&err);
    CHECK_MSG(c->g->parse_position(c->v, c->text, c->parsed, &err) == AR_ERR_INPUT && err.message[0],
              "%s: '%s' accepted", name_of(c), c->text);
}

/* The arena plays the variant to the end with random bots. */
static void check_arena(ctx *c)
{
    ar_bot *bots[AR_MAX_PLAYERS];
    ar_game_record rec;
    ar_error err;
    int p, made = 0;
    for (p = 0; p < c->players; p++, made++)
        if (ar_bot_create(c->g, c->v, "random", (uint64_t)p + 1, 0, &bots[p], &err) != AR_OK) {
            CHECK_MSG(0, "%s: random bot: %s", name_of(c), err.message);
            break;
        }
    if (made == c->players) {
        CHECK_MSG(ar_play_game(c->g, c->v, bots, NULL, 0, 7, MAX_PLIES, NULL, &rec, &err) == AR_OK, "%s: %s",
                  name_of(c), err.message);
        CHECK_MSG(rec.outcome != AR_ONGOING && rec.forfeit < 0 && rec.players == c->players,
                  "%s: the arena's game ended with outcome %d, forfeit %d (%s)", name_of(c), (int)rec.outcome,
                  rec.forfeit, rec.note);
    }
    for (p = 0; p < made; p++)
        ar_bot_destroy(bots[p]);
}

static void check_variant(const ar_game *g, const char *options, uint64_t seed)
{
    ar_param params[16];
    char buf[256];
    size_t np;
    ar_variant *v = NULL;
    ar_error err;
    ctx c;
    unsigned char *pos;
    ar_rng rng;
    int i, p;
    snprintf(buf, sizeof buf, "%s", options);
    np = ar_param_split(buf, params, 16);
    ar_error_clear(&err);
    if (ar_game_create(g, params, np, &v, &err) != AR_OK) {
        CHECK_MSG(0, "%s [%s]: the variant cannot be made: %s", g->name, options, err.message);
        return;
    }
    memset(&c, 0, sizeof c);
    c.g = g;
    c.v = v;
    c.options = options;
    c.psize = g->position_size(v);
    c.players = ar_game_players(g, v);
    CHECK_MSG(c.players >= 2 && c.players <= AR_MAX_PLAYERS, "%s: %d players", name_of(&c), c.players);
    if (c.players < 2 || c.players > AR_MAX_PLAYERS) {
        g->destroy(v);
        return;
    }
    pos = calloc(1, c.psize);
    g->initial_position(v, pos);
    c.cap = g->max_moves(v, pos);
    CHECK(c.cap > 0);
    c.moves = calloc(c.cap + 1, sizeof(ar_gmove));
    c.moves2 = calloc(c.cap + 1, sizeof(ar_gmove));
    c.probs = calloc(c.cap + 1, sizeof(double));
    c.copy = calloc(1, c.psize);
    c.parsed = calloc(1, c.psize);
    c.view = calloc(1, c.psize + GUARD);
    c.text = calloc(1, TEXT_SIZE);
    c.text2 = calloc(1, TEXT_SIZE);
    g->describe(v, buf, sizeof buf);
    CHECK_MSG(buf[0] != '\0', "%s: describe is empty", name_of(&c));
    for (p = 0; p < c.players; p++)
        CHECK_MSG(g->player_name(v, p) && g->player_name(v, p)[0], "%s: player %d has no name", name_of(&c), p);
    CHECK_MSG(!(g->flags & AR_GAME_HIDDEN) == !g->observe, "%s: AR_GAME_HIDDEN and observe disagree",
              name_of(&c));
    CHECK_MSG(!(g->flags & AR_GAME_CHANCE) == !g->chance_outcomes,
              "%s: AR_GAME_CHANCE and chance_outcomes disagree", name_of(&c));
    check_bad_input(&c, pos);
    ar_rng_seed(&rng, seed);
    for (i = 0; i < PLAYOUTS; i++)
        playout(&c, &rng, pos);
    check_arena(&c);
    /* The default bot can be made for the default variant. */
    if (!options[0]) {
        ar_bot *bot;
        CHECK_MSG(ar_bot_create(g, v, g->default_bot, 1, 0, &bot, &err) == AR_OK, "%s: default bot '%s': %s",
                  name_of(&c), g->default_bot, err.message);
        if (bot)
            ar_bot_destroy(bot);
    }
    free(pos);
    free(c.moves);
    free(c.moves2);
    free(c.probs);
    free(c.copy);
    free(c.parsed);
    free(c.view);
    free(c.text);
    free(c.text2);
    g->destroy(v);
}

/* Whether options appeared earlier in the list being tried. */
static int seen_before(const char *const *tried, size_t n, const char *options)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (strcmp(tried[i], options) == 0)
            return 1;
    return 0;
}

int main(void)
{
    const ar_game *const *gp;
    for (gp = ar_games(); *gp; gp++) {
        const ar_game *g = *gp;
        const char *tried[64];
        size_t n = 0, i;
        ar_variant *v;
        ar_error err;
        ar_param bogus = {"no-such-option", "1"};
        const ar_game_bench_position *b;
        const char *const *t;
        CHECK_MSG(g->name && g->summary && g->help && g->default_bot, "a game lacks a name or texts");
        /* every game brings its page: docs/adding-a-game.md, "Its picture" */
        CHECK_MSG(g->picture != NULL, "%s: no picture slot: the browser pages cannot draw it (page.h; "
                  "ar_scene_text_grid makes the smallest)", g->name);
        CHECK_MSG(ar_game_find(g->name) == g, "%s: not found by name", g->name);
        /* `ariadne help GAME` shows examples (tests/cli_examples.sh runs them) */
        CHECK_MSG(g->examples && g->examples[0].args && g->examples[0].note, "%s declares no example", g->name);
        CHECK_MSG(ar_game_create(g, &bogus, 1, &v, &err) == AR_ERR_INPUT && strstr(err.message, "no-such-option"),
                  "%s: an unknown option is not refused by name", g->name);
        tried[n++] = "";
        for (b = g->bench_positions; b && b->depth && n < 64; b++)
            if (!seen_before(tried, n, b->options ? b->options : ""))
                tried[n++] = b->options ? b->options : "";
        if (g->bench_ladder && g->bench_ladder->options && !seen_before(tried, n, g->bench_ladder->options) && n < 64)
            tried[n++] = g->bench_ladder->options;
        for (t = g->test_variants; t && *t && n < 64; t++)
            if (!seen_before(tried, n, *t))
                tried[n++] = *t;
        for (i = 0; i < n; i++) {
            printf("%s [%s]\n", g->name, tried[i][0] ? tried[i] : "default");
            check_variant(g, tried[i], 1000 + i);
        }
    }
    return check_report("test_conformance_games");
}
