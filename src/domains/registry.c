/* registry.c — the table of puzzle domains and the generic helpers every
 * algorithm uses on top of a domain's slots (successor synthesis, hashing,
 * option parsing, replaying a move string). */
#include "ariadne/puzzle.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define AR_DOMAIN(sym) extern const ar_puzzle sym;
#include "domains.def"
#undef AR_DOMAIN

static const ar_puzzle *const registry[] = {
#define AR_DOMAIN(sym) &sym,
#include "domains.def"
#undef AR_DOMAIN
    NULL};

const ar_puzzle *const *ar_puzzles(void) { return registry; }

const ar_puzzle *ar_puzzle_find(const char *name)
{
    size_t i;
    if (!name)
        return NULL;
    for (i = 0; registry[i]; i++)
        if (strcmp(registry[i]->name, name) == 0)
            return registry[i];
    return NULL;
}

const ar_heuristic *ar_puzzle_heuristic(const ar_puzzle *p, const char *name)
{
    const ar_heuristic *h;
    if (!p->heuristics || !p->heuristics[0].name)
        return NULL;
    if (!name)
        return &p->heuristics[0];
    for (h = p->heuristics; h->name; h++)
        if (strcmp(h->name, name) == 0)
            return h;
    return NULL;
}

const ar_domain_solver *ar_puzzle_solver(const ar_puzzle *p, const char *name)
{
    const ar_domain_solver *s;
    if (!p->solvers || !name)
        return NULL;
    for (s = p->solvers; s->name; s++)
        if (strcmp(s->name, name) == 0)
            return s;
    return NULL;
}

const char *ar_param_get(const ar_param *params, size_t count, const char *name)
{
    size_t i;
    const char *found = NULL;
    for (i = 0; i < count; i++)
        if (strcmp(params[i].name, name) == 0)
            found = params[i].value; /* the last occurrence wins, as in most tools */
    return found;
}

ar_status ar_param_int(const ar_param *params, size_t count, const char *name, long min, long max,
                       long fallback, long *out, ar_error *err)
{
    const char *text = ar_param_get(params, count, name);
    char *end;
    long v;
    size_t i;
    int present = 0;
    for (i = 0; i < count; i++)
        if (strcmp(params[i].name, name) == 0)
            present = 1;
    if (!present) {
        *out = fallback;
        return AR_OK;
    }
    if (!text || !*text)
        return ar_error_set(err, AR_ERR_INPUT, "option --%s needs a number", name);
    errno = 0;
    v = strtol(text, &end, 10);
    if (*end || errno || isspace((unsigned char)text[0]))
        return ar_error_set(err, AR_ERR_INPUT, "option --%s: '%s' is not a whole number", name, text);
    if (v < min || v > max)
        return ar_error_set(err, AR_ERR_INPUT, "option --%s: %ld is out of range (%ld..%ld)", name, v,
                            min, max);
    *out = v;
    return AR_OK;
}

/* A 64-bit hash of a byte string: 8 bytes at a time with a multiply-xorshift
 * mix (in the spirit of wyhash/xxhash, written here); good enough spread for
 * open addressing on packed states. */
uint64_t ar_hash_bytes(const void *data, size_t size)
{
    const unsigned char *p = data;
    uint64_t h = 0x9E3779B97F4A7C15ull ^ (size * 0xFF51AFD7ED558CCDull);
    while (size >= 8) {
        uint64_t w;
        memcpy(&w, p, 8);
        h ^= w * 0xC2B2AE3D27D4EB4Full;
        h = (h << 31 | h >> 33) * 0x9E3779B97F4A7C15ull;
        p += 8;
        size -= 8;
    }
    if (size) {
        uint64_t w = 0;
        memcpy(&w, p, size);
        h ^= w * 0xC2B2AE3D27D4EB4Full;
        h = (h << 31 | h >> 33) * 0x9E3779B97F4A7C15ull;
    }
    h ^= h >> 33;
    h *= 0xFF51AFD7ED558CCDull;
    h ^= h >> 29;
    return h;
}

uint64_t ar_puzzle_hash(const ar_puzzle *p, const ar_instance *inst, const void *state)
{
    if (p->hash)
        return p->hash(inst, state);
    return ar_hash_bytes(state, p->state_size(inst));
}

uint32_t ar_puzzle_move_cost(const ar_puzzle *p, const ar_instance *inst, ar_move move)
{
    return p->move_cost ? p->move_cost(inst, move) : 1u;
}

unsigned ar_puzzle_successors(const ar_puzzle *p, const ar_instance *inst, const void *state,
                              ar_move *moves, uint32_t *costs, void *states)
{
    unsigned n, i;
    size_t ss;
    if (p->successors)
        return p->successors(inst, state, moves, costs, states);
    ss = p->state_size(inst);
    n = p->legal_moves(inst, state, moves);
    for (i = 0; i < n; i++) {
        unsigned char *child = (unsigned char *)states + (size_t)i * ss;
        memcpy(child, state, ss);
        p->apply(inst, child, moves[i]);
        costs[i] = ar_puzzle_move_cost(p, inst, moves[i]);
    }
    return n;
}

static int is_separator(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ','; }

ar_status ar_puzzle_replay(const ar_puzzle *p, const ar_instance *inst, const char *moves_text,
                           uint64_t *length, uint64_t *cost, int *solved, void *final_state,
                           ar_error *err)
{
    size_t ss = p->state_size(inst);
    unsigned max = p->max_moves(inst);
    unsigned char *state = malloc(ss ? ss : 1);
    ar_move *legal = malloc(sizeof(ar_move) * (max ? max : 1));
    const char *s = moves_text ? moves_text : "";
    uint64_t n = 0, total = 0;
    ar_status st = AR_OK;
    int single = (p->flags & AR_PUZZLE_SINGLE_CHAR_MOVES) != 0;

    if (!state || !legal) {
        free(state);
        free(legal);
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory replaying moves");
    }
    p->initial_state(inst, state);
    for (;;) {
        const char *tok;
        size_t len;
        ar_move m;
        unsigned count, i;
        int found = 0;
        ar_error perr;
        char shown[64];

        while (*s && is_separator(*s))
            s++;
        if (!*s)
            break;
        tok = s;
        if (single)
            s++;
        else
            while (*s && !is_separator(*s))
                s++;
        len = (size_t)(s - tok);
        snprintf(shown, sizeof shown, "%.*s", (int)(len < 40 ? len : 40), tok);
        n++;
        ar_error_clear(&perr);
        if (p->parse_move(inst, state, tok, len, &m, &perr) != AR_OK) {
            st = ar_error_set(err, AR_ERR_INPUT, "move %" PRIu64 " ('%s'): %s", n, shown,
                              perr.message);
            break;
        }
        count = p->legal_moves(inst, state, legal);
        for (i = 0; i < count; i++)
            if (legal[i] == m)
                found = 1;
        if (!found) {
            st = ar_error_set(err, AR_ERR_INPUT, "move %" PRIu64 " ('%s') is illegal in this position",
                              n, shown);
            break;
        }
        total += ar_puzzle_move_cost(p, inst, m);
        p->apply(inst, state, m);
    }
    if (st == AR_OK) {
        if (length)
            *length = n;
        if (cost)
            *cost = total;
        if (solved)
            *solved = p->is_goal(inst, state);
        if (final_state)
            memcpy(final_state, state, ss);
    }
    free(state);
    free(legal);
    return st;
}
