/* puzzle.c — the generic helpers every algorithm and verb uses on top of a
 * puzzle's slots (puzzle.h): finding a heuristic or a domain solver by name,
 * successor synthesis, hashing, move costs, replaying a move string, printing
 * moves. They serve the interface, so they live with it, not with the list
 * of puzzles. */
#include "ariadne/puzzle.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

size_t ar_puzzle_next_move(const ar_puzzle *p, const char **s, const char **tok)
{
    const char *c = *s;
    while (*c && is_separator(*c))
        c++;
    *tok = c;
    if (!*c) {
        *s = c;
        return 0;
    }
    if (p->flags & AR_PUZZLE_SINGLE_CHAR_MOVES)
        c++;
    else {
        /* a separator inside parentheses belongs to the move: push(desk, room2) */
        int depth = 0;
        while (*c && (depth > 0 || !is_separator(*c))) {
            depth += *c == '(' ? 1 : *c == ')' && depth > 0 ? -1 : 0;
            c++;
        }
    }
    *s = c;
    return (size_t)(c - *tok);
}

ar_status ar_puzzle_replay(const ar_puzzle *p, const ar_instance *inst, const char *moves_text,
                           uint64_t *length, uint64_t *cost, int *solved, void *final_state,
                           ar_error *err)
{
    size_t ss = p->state_size(inst);
    unsigned max = p->max_moves(inst);
    unsigned char *state = malloc(ss ? ss : 1);
    ar_move *legal = malloc(sizeof(ar_move) * (max && !p->is_legal ? max : 1));
    const char *s = moves_text ? moves_text : "";
    uint64_t n = 0, total = 0;
    ar_status st = AR_OK;

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

        if ((len = ar_puzzle_next_move(p, &s, &tok)) == 0)
            break;
        snprintf(shown, sizeof shown, "%.*s", (int)(len < 40 ? len : 40), tok);
        n++;
        ar_error_clear(&perr);
        if (p->parse_move(inst, state, tok, len, &m, &perr) != AR_OK) {
            st = ar_error_set(err, AR_ERR_INPUT, "move %" PRIu64 " ('%s'): %s", n, shown,
                              perr.message);
            break;
        }
        if (p->flags & AR_PUZZLE_FREE_ORDER) {
            found = 1; /* parse_move checked it; the canonical order does not bind */
        } else if (p->is_legal) {
            found = p->is_legal(inst, state, m);
        } else {
            count = p->legal_moves(inst, state, legal);
            for (i = 0; i < count; i++)
                if (legal[i] == m)
                    found = 1;
        }
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

void ar_puzzle_print_moves(FILE *out, const ar_puzzle *p, const ar_instance *inst, const ar_move *moves,
                     uint64_t count, int wrap, uint64_t *column)
{
    /* Moves are formatted into a local buffer and written in large blocks:
     * streaming 2^30 moves of a closed-form solution is bound by this loop,
     * not by the solver. */
    char block[1 << 16];
    size_t used = 0;
    uint64_t i;
    int single = (p->flags & AR_PUZZLE_SINGLE_CHAR_MOVES) != 0;
    for (i = 0; i < count; i++) {
        char buf[64];
        size_t n = p->format_move(inst, moves[i], buf, sizeof buf);
        if (n >= sizeof buf)
            n = sizeof buf - 1;
        if (used + n + 2 > sizeof block) {
            fwrite(block, 1, used, out);
            used = 0;
        }
        if (*column > 0) {
            if (wrap && *column + n + 1 > 78) {
                block[used++] = '\n';
                *column = 0;
            } else if (!single) {
                block[used++] = ' ';
                (*column)++;
            }
        }
        memcpy(block + used, buf, n);
        used += n;
        *column += n;
    }
    fwrite(block, 1, used, out);
}

char *ar_puzzle_format_moves(const ar_puzzle *p, const ar_instance *inst, const ar_move *moves,
                             uint64_t count)
{
    int single = (p->flags & AR_PUZZLE_SINGLE_CHAR_MOVES) != 0;
    size_t cap = 64, used = 0;
    char *text = malloc(cap);
    uint64_t i;
    if (!text)
        return NULL;
    text[0] = '\0';
    for (i = 0; i < count; i++) {
        char buf[64];
        size_t n = p->format_move(inst, moves[i], buf, sizeof buf);
        if (n >= sizeof buf)
            n = sizeof buf - 1;
        if (used + n + 2 > cap) {
            char *bigger;
            while (used + n + 2 > cap)
                cap *= 2;
            if (!(bigger = realloc(text, cap))) {
                free(text);
                return NULL;
            }
            text = bigger;
        }
        if (i && !single)
            text[used++] = ' ';
        memcpy(text + used, buf, n);
        used += n;
        text[used] = '\0';
    }
    return text;
}
