/* test_notes_util.h — what the tests of the lecture notes' puzzles (maze,
 * hares, coins, magic) share: making an instance from text and
 * "name=value;name" options, expecting a one-line error, and solving with a
 * named algorithm and replaying the solution through ar_puzzle_replay (what
 * `ariadne verify` does), so every solution a test produces is checked. */
#ifndef ARIADNE_TEST_NOTES_UTIL_H
#define ARIADNE_TEST_NOTES_UTIL_H

#include <stdlib.h>
#include <string.h>
#include "ariadne/puzzle.h"
#include "ariadne/search.h"
#include "check.h"

static ar_status notes_make(const ar_puzzle *p, const char *text, const char *opts, ar_instance **inst,
                            ar_error *err)
{
    ar_param params[8];
    char buf[256], *tok, *save = NULL;
    size_t n = 0;
    snprintf(buf, sizeof buf, "%s", opts ? opts : "");
    for (tok = strtok_r(buf, ";", &save); tok && n < 8; tok = strtok_r(NULL, ";", &save)) {
        char *eq = strchr(tok, '=');
        if (eq)
            *eq++ = '\0';
        params[n].name = tok;
        params[n++].value = eq;
    }
    ar_error_clear(err);
    *inst = NULL;
    return p->create(text, params, n, inst, err);
}

static ar_instance *notes_must(const ar_puzzle *p, const char *text, const char *opts)
{
    ar_instance *inst;
    ar_error err;
    ar_status st = notes_make(p, text, opts, &inst, &err);
    CHECK_MSG(st == AR_OK, "%s '%s' [%s]: %s", p->name, text ? text : "(null)", opts ? opts : "", err.message);
    return st == AR_OK ? inst : NULL;
}

static void notes_expect_error(const ar_puzzle *p, const char *text, const char *opts, const char *message)
{
    ar_instance *inst;
    ar_error err;
    ar_status st = notes_make(p, text, opts, &inst, &err);
    CHECK_MSG(st == AR_ERR_INPUT, "%s '%s' [%s] was accepted", p->name, text ? text : "(null)", opts ? opts : "");
    CHECK_STR(err.message, message);
    CHECK_MSG(strchr(err.message, '\n') == NULL, "message is not one line: %s", err.message);
    if (st == AR_OK)
        p->destroy(inst);
}

/* Solves with algo (NULL: the default) and, when solved, replays the moves'
 * text; returns the outcome, with length and cost (UINT64_MAX when none). */
static ar_outcome notes_solve(const ar_puzzle *p, ar_instance *inst, const char *algo, const char *heuristic,
                              uint64_t *length, uint64_t *cost, int *optimal)
{
    ar_search_options opts;
    ar_result res;
    ar_error err;
    ar_status st;
    ar_outcome out;
    ar_search_options_init(&opts);
    opts.algorithm = algo;
    opts.heuristic = heuristic;
    opts.limits.node_limit = 5000000;
    ar_result_init(&res);
    *length = *cost = UINT64_MAX;
    st = ar_solve(p, inst, &opts, NULL, &res, &err);
    if (st == AR_ERR_UNSOLVABLE)
        return AR_OUTCOME_NO_SOLUTION;
    CHECK_MSG(st == AR_OK, "%s: solve with %s: %s", p->name, algo ? algo : "default", err.message);
    out = res.outcome;
    if (optimal)
        *optimal = res.optimal;
    if (st == AR_OK && res.outcome == AR_OUTCOME_SOLVED) {
        char *text = ar_puzzle_format_moves(p, inst, res.moves, res.length);
        uint64_t len = 0, c = 0;
        int solved = 0;
        CHECK(text != NULL);
        if (text) {
            st = ar_puzzle_replay(p, inst, text, &len, &c, &solved, NULL, &err);
            CHECK_MSG(st == AR_OK && solved, "%s: replay of '%.80s': %s", p->name, text, err.message);
            CHECK_EQ_U(len, res.length);
            CHECK_EQ_U(c, res.cost);
            free(text);
        }
        *length = res.length;
        *cost = res.cost;
    }
    ar_result_free(&res);
    return out;
}

#endif
