/* test_conformance_puzzles.c — what every registered puzzle must do, checked
 * by looping over the registry, so a new puzzle is tested by being
 * registered (one folder plus one line in puzzles.def).
 *
 * For each puzzle: it declares at least one example; every example creates;
 * the start state's text makes the same instance again (parse/format round
 * trip, through with_start or create); along a seeded random walk, equal
 * states hash equal, undo reverses apply, a move's inverse takes it back,
 * the batch successors agree with legal_moves + apply and move_cost,
 * is_legal accepts every legal move, and
 * every legal move's text parses back to a move with the same effect; the
 * default solver solves the example, the solution replays through the
 * domain's own rules (as `ariadne verify` does) to a goal, with the optimal cost
 * the example states; a malformed instance is rejected with AR_ERR_INPUT; and
 * generated instances (where the domain has a generator, with the first
 * example's options) create, pass the same walk, and solve under a node
 * limit; a solution, or the best so far of a stopped anytime search,
 * verifies. */
#include "ariadne/page.h"
#include "ariadne/puzzle.h"
#include "ariadne/rng.h"
#include "ariadne/search.h"
#include "check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PARAMS 16

typedef struct example_params {
    char buf[256];
    ar_param params[MAX_PARAMS];
    size_t count;
} example_params;

static void split(example_params *e, const char *options)
{
    snprintf(e->buf, sizeof e->buf, "%s", options ? options : "");
    e->count = ar_param_split(e->buf, e->params, MAX_PARAMS);
}

static ar_instance *create(const ar_puzzle *p, const char *text, const example_params *e)
{
    ar_instance *inst = NULL;
    ar_error err;
    ar_error_clear(&err);
    if (p->create(text, e->params, e->count, &inst, &err) != AR_OK) {
        CHECK_MSG(0, "%s: create '%s': %s", p->name, text ? text : "(default)", err.message);
        return NULL;
    }
    return inst;
}

/* The same instance from another start state: with_start, or create from
 * the state's text (the contract of a NULL with_start). */
static ar_instance *restart(const ar_puzzle *p, const ar_instance *inst, const void *state,
                            const example_params *e)
{
    ar_instance *out = NULL;
    ar_error err;
    ar_error_clear(&err);
    if (p->with_start) {
        if (p->with_start(inst, state, &out, &err) != AR_OK)
            CHECK_MSG(0, "%s: with_start: %s", p->name, err.message);
        return out;
    } else {
        char text[1 << 14];
        p->format_state(inst, state, text, sizeof text);
        if (p->create(text, e->params, e->count, &out, &err) != AR_OK)
            CHECK_MSG(0, "%s: create from format_state '%s': %s", p->name, text, err.message);
        return out;
    }
}

/* The state's picture for the browser pages (page.h) draws something: a
 * cell, a point, a line or at least a caption, and its JSON names the
 * state's text. */
static void check_picture(const ar_puzzle *p, const ar_instance *inst, const unsigned char *state)
{
    ar_scene *s = ar_scene_new();
    char *json;
    ar_scene_of_state(s, p, inst, state);
    json = ar_scene_json(s);
    CHECK_MSG(ar_scene_drawn(s) > 0 || strstr(json, "\"caption\"") != NULL,
              "%s: the picture draws nothing", p->name);
    CHECK_MSG(strstr(json, "\"text\":") != NULL, "%s: the picture's JSON has no text", p->name);
    free(json);
    ar_scene_free(s);
}

/* Apply/undo, inverse, successors, hashing and move notation at one state. */
static void check_state(const ar_puzzle *p, const ar_instance *inst, const unsigned char *state)
{
    size_t ss = p->state_size(inst);
    unsigned cap = p->max_moves(inst), n, i, nb;
    ar_move *moves = malloc(sizeof *moves * (cap + 1)), *bmoves = malloc(sizeof *bmoves * (cap + 1));
    uint32_t *costs = malloc(sizeof *costs * (cap + 1));
    unsigned char *children = malloc(ss * (cap + 1)), *work = malloc(ss), *other = malloc(ss);
    uint64_t h = ar_puzzle_hash(p, inst, state);
    n = p->legal_moves(inst, state, moves);
    CHECK_MSG(n <= cap, "%s: %u legal moves, max_moves says %u", p->name, n, cap);
    if (p->picture)
        check_picture(p, inst, state);
    nb = ar_puzzle_successors(p, inst, state, bmoves, costs, children);
    CHECK_MSG(nb == n, "%s: successors gives %u, legal_moves %u", p->name, nb, n);
    for (i = 0; i < n && i < nb; i++) {
        char text[256];
        size_t len;
        ar_move parsed;
        ar_error err;
        memcpy(work, state, ss);
        p->apply(inst, work, moves[i]);
        CHECK_MSG(bmoves[i] == moves[i] && memcmp(children + i * ss, work, ss) == 0,
                  "%s: successor %u differs from apply", p->name, i);
        CHECK_MSG(costs[i] == ar_puzzle_move_cost(p, inst, moves[i]) && costs[i] >= 1,
                  "%s: successor cost %u", p->name, costs[i]);
        CHECK_MSG(!p->is_legal || p->is_legal(inst, state, moves[i]), "%s: is_legal refuses legal move %u",
                  p->name, i);
        if (p->undo) {
            memcpy(other, work, ss);
            p->undo(inst, other, moves[i]);
            CHECK_MSG(memcmp(other, state, ss) == 0, "%s: undo does not reverse apply", p->name);
            CHECK(ar_puzzle_hash(p, inst, other) == h);
        }
        if (p->inverse && p->inverse(inst, moves[i]) != AR_NO_MOVE) {
            memcpy(other, work, ss);
            p->apply(inst, other, p->inverse(inst, moves[i]));
            CHECK_MSG(memcmp(other, state, ss) == 0, "%s: the inverse move does not take it back",
                      p->name);
        }
        len = p->format_move(inst, moves[i], text, sizeof text);
        CHECK_MSG(len > 0 && len < sizeof text, "%s: format_move length %zu", p->name, len);
        ar_error_clear(&err);
        if (p->parse_move(inst, state, text, len, &parsed, &err) != AR_OK) {
            CHECK_MSG(0, "%s: parse_move('%s'): %s", p->name, text, err.message);
        } else {
            memcpy(other, state, ss);
            p->apply(inst, other, parsed);
            CHECK_MSG(memcmp(other, work, ss) == 0, "%s: '%s' parses to another move", p->name, text);
        }
    }
    free(moves);
    free(bmoves);
    free(costs);
    free(children);
    free(work);
    free(other);
}

/* A seeded random walk from the start, checking every state on the way. */
static void walk(const ar_puzzle *p, const ar_instance *inst, const example_params *e, uint64_t seed)
{
    size_t ss = p->state_size(inst);
    unsigned cap = p->max_moves(inst), step;
    unsigned char *state = malloc(ss);
    ar_move *moves = malloc(sizeof *moves * (cap + 1));
    ar_rng rng;
    ar_rng_seed(&rng, seed);
    p->initial_state(inst, state);
    for (step = 0; step < 40; step++) {
        unsigned n;
        check_state(p, inst, state);
        if (step == 20) {
            /* The text of a state mid-walk makes an instance starting there. */
            ar_instance *again = restart(p, inst, state, e);
            if (again) {
                unsigned char *s2 = malloc(ss);
                CHECK_EQ_U(p->state_size(again), ss);
                p->initial_state(again, s2);
                CHECK_MSG(memcmp(s2, state, ss) == 0, "%s: format/parse round trip changes the state",
                          p->name);
                CHECK(ar_puzzle_hash(p, again, s2) == ar_puzzle_hash(p, inst, state));
                free(s2);
                p->destroy(again);
            }
        }
        n = p->legal_moves(inst, state, moves);
        if (n == 0)
            break;
        p->apply(inst, state, moves[ar_rng_below(&rng, n)]);
    }
    free(state);
    free(moves);
}

/* Solves inst with the default algorithm under limits; replays a solution
 * through the domain's own rules. Returns 1 when solved. */
static int solve_and_verify(const ar_puzzle *p, ar_instance *inst, uint64_t node_limit,
                            uint64_t want_cost, const char *what)
{
    ar_search_options opts;
    ar_result res;
    ar_error err;
    int solved = 0;
    ar_search_options_init(&opts);
    opts.limits.node_limit = node_limit;
    opts.limits.time_limit = 30;
    opts.limits.memory_limit = (size_t)2 << 30;
    ar_error_clear(&err);
    if (ar_solve(p, inst, &opts, NULL, &res, &err) != AR_OK) {
        CHECK_MSG(0, "%s %s: solve: %s", p->name, what, err.message);
        return 0;
    }
    if ((res.outcome == AR_OUTCOME_SOLVED || res.outcome == AR_OUTCOME_STOPPED) && res.moves) {
        /* The solution (or the best so far of a stopped search) as text,
         * then replayed: what `ariadne verify` does. */
        char *text = ar_puzzle_format_moves(p, inst, res.moves, res.length);
        uint64_t length = 0, cost = 0;
        int goal = 0;
        CHECK(text != NULL);
        if (!text) {
            ar_result_free(&res);
            return 0;
        }
        ar_error_clear(&err);
        CHECK_MSG(ar_puzzle_replay(p, inst, text, &length, &cost, &goal, NULL, &err) == AR_OK,
                  "%s %s: the solution does not replay: %s", p->name, what, err.message);
        CHECK_MSG(goal, "%s %s: the solution does not reach a goal", p->name, what);
        CHECK_EQ_U(length, res.length);
        CHECK_EQ_U(cost, res.cost);
        if (want_cost) {
            CHECK_MSG(res.cost == want_cost, "%s %s: cost %llu, the example says %llu", p->name,
                      what, (unsigned long long)res.cost, (unsigned long long)want_cost);
            CHECK_MSG(res.optimal, "%s %s: optimal length stated but not proven", p->name, what);
        }
        free(text);
        solved = res.outcome == AR_OUTCOME_SOLVED;
    } else if (want_cost) {
        CHECK_MSG(0, "%s %s: not solved within the test's limits (%s)", p->name, what,
                  ar_stop_reason_name(res.stop));
    }
    ar_result_free(&res);
    return solved;
}

/* An example that has no solution: the default solver proves it. */
static void expect_no_solution(const ar_puzzle *p, ar_instance *inst, const char *what)
{
    ar_search_options opts;
    ar_result res;
    ar_error err;
    ar_search_options_init(&opts);
    opts.limits.time_limit = 30;
    opts.limits.memory_limit = (size_t)2 << 30;
    ar_error_clear(&err);
    if (ar_solve(p, inst, &opts, NULL, &res, &err) != AR_OK) {
        CHECK_MSG(0, "%s %s: solve: %s", p->name, what, err.message);
        return;
    }
    CHECK_MSG(res.outcome == AR_OUTCOME_NO_SOLUTION, "%s %s: declared unsolvable, but the outcome is %s", p->name,
              what, ar_outcome_name(res.outcome));
    ar_result_free(&res);
}

static void check_malformed(const ar_puzzle *p)
{
    static const char *const bad[] = {"@@@ not an instance @@@", "\x01\x02\x03", "-1 -2 -3 ->"};
    size_t i;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ar_instance *inst = NULL;
        ar_error err;
        ar_status st;
        ar_error_clear(&err);
        st = p->create(bad[i], NULL, 0, &inst, &err);
        CHECK_MSG(st == AR_ERR_INPUT && !inst, "%s: a malformed instance is accepted (%s)", p->name,
                  ar_status_name(st));
        CHECK_MSG(st != AR_ERR_INPUT || (err.message[0] && !strchr(err.message, '\n')),
                  "%s: the error is not one line: '%s'", p->name, err.message);
        if (inst)
            p->destroy(inst);
    }
}

static void check_generated(const ar_puzzle *p, const example_params *e)
{
    uint64_t seed;
    unsigned solved = 0;
    for (seed = 1; seed <= 3; seed++) {
        char *text = NULL, what[64];
        ar_instance *inst;
        ar_error err;
        ar_error_clear(&err);
        if (p->generate(e->params, e->count, seed, &text, &err) != AR_OK) {
            CHECK_MSG(0, "%s: generate seed %llu: %s", p->name, (unsigned long long)seed, err.message);
            continue;
        }
        inst = create(p, text, e);
        if (inst) {
            snprintf(what, sizeof what, "generated (seed %llu)", (unsigned long long)seed);
            walk(p, inst, e, seed);
            solved += (unsigned)solve_and_verify(p, inst, 200000, 0, what);
            p->destroy(inst);
        }
        free(text);
    }
    printf("  %s: %u of 3 generated instances solved within the node limit\n", p->name, solved);
}

int main(void)
{
    const ar_puzzle *const *pp;
    for (pp = ar_puzzles(); *pp; pp++) {
        const ar_puzzle *p = *pp;
        const ar_puzzle_example *x;
        unsigned count = 0;
        printf("%s\n", p->name);
        CHECK_MSG(p->name && p->summary && p->help && p->create && p->destroy && p->describe &&
                      p->state_size && p->initial_state && p->is_goal && p->format_state &&
                      p->max_moves && p->legal_moves && p->apply && p->format_move && p->parse_move,
                  "%s: a required slot is missing", p->name);
        /* every domain brings its page: docs/adding-a-domain.md, "Its picture" */
        CHECK_MSG(p->picture != NULL, "%s: no picture slot: the browser pages cannot draw it (page.h; "
                  "ar_scene_text_grid makes the smallest)", p->name);
        CHECK(ar_puzzle_find(p->name) == p);
        for (x = p->examples; x && x->note; x++, count++) {
            example_params e;
            ar_instance *inst;
            char desc[256], what[64];
            split(&e, x->options);
            inst = create(p, x->instance, &e);
            if (!inst)
                continue;
            p->describe(inst, desc, sizeof desc);
            CHECK_MSG(desc[0] != '\0', "%s: empty description", p->name);
            walk(p, inst, &e, 7 + count);
            snprintf(what, sizeof what, "example %u", count + 1);
            if (x->unsolvable)
                expect_no_solution(p, inst, what);
            else
                solve_and_verify(p, inst, 20000000, x->cost, what);
            p->destroy(inst);
            if (count == 0 && p->generate)
                check_generated(p, &e);
        }
        CHECK_MSG(count > 0, "%s declares no example", p->name);
        check_malformed(p);
    }
    return check_report("test_conformance_puzzles");
}
