/* hanoi_oracle.h — what the Towers of Hanoi tests share (test_hanoi.c and
 * test_hanoi_search.c): instances made through the descriptor, running a
 * domain solver, and an oracle independent of the domain — positions as plain
 * arrays (one byte per disc), the test's own move rules and legality check,
 * and a breadth-first search over them that gives true distances. Functions
 * are static inline so each test takes only what it uses. */
#ifndef ARIADNE_TESTS_HANOI_ORACLE_H
#define ARIADNE_TESTS_HANOI_ORACLE_H

#include "ariadne/puzzle.h"
#include "ariadne/search.h"
#include "ariadne/rng.h"
#include "check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXD 64

extern const ar_puzzle ar_domain_hanoi;
static const ar_puzzle *const P = &ar_domain_hanoi;

/* ------------------------------------------------------------------ */
/* helpers */

static inline char peg_char(unsigned p) { return (char)(p < 9 ? '1' + (int)p : 'A' + (int)(p - 9)); }

static inline void pos_text(const unsigned char *pos, unsigned n, char *buf)
{
    unsigned d;
    for (d = 0; d < n; d++)
        buf[d] = peg_char(pos[d]);
    buf[n] = '\0';
}

static inline void num(char *buf, size_t size, unsigned v) { snprintf(buf, size, "%u", v); }

/* Creates an instance; text may be NULL; pegs/discs 0 = not given. */
static inline ar_instance *make(const char *text, unsigned pegs, unsigned discs, const char *from,
                         const char *to, ar_error *err)
{
    ar_param params[4];
    size_t n = 0;
    char pb[16], db[16];
    ar_instance *inst = NULL;
    if (pegs) {
        num(pb, sizeof pb, pegs);
        params[n].name = "pegs";
        params[n++].value = pb;
    }
    if (discs) {
        num(db, sizeof db, discs);
        params[n].name = "discs";
        params[n++].value = db;
    }
    if (from) {
        params[n].name = "from";
        params[n++].value = from;
    }
    if (to) {
        params[n].name = "to";
        params[n++].value = to;
    }
    ar_error_clear(err);
    if (P->create(text, params, n, &inst, err) != AR_OK)
        return NULL;
    return inst;
}

static inline ar_instance *make_pair(unsigned pegs, const unsigned char *a, const unsigned char *b,
                              unsigned n)
{
    char text[2 * MAXD + 4];
    ar_error err;
    ar_instance *inst;
    pos_text(a, n, text);
    text[n] = ' ';
    pos_text(b, n, text + n + 1);
    inst = make(text, pegs, 0, NULL, NULL, &err);
    CHECK_MSG(inst != NULL, "create '%s': %s", text, err.message);
    return inst;
}

static inline void init_opts(ar_search_options *o) { memset(o, 0, sizeof *o); }

/* Runs a domain solver, storing the moves. */
static inline ar_status run(const char *algo, ar_instance *inst, const ar_move_sink *sink, ar_result *r,
                     ar_error *err)
{
    const ar_domain_solver *s = ar_puzzle_solver(P, algo);
    ar_search_options o;
    init_opts(&o);
    memset(r, 0, sizeof *r);
    r->algorithm = algo;
    ar_error_clear(err);
    if (!s)
        return AR_ERR_INTERNAL;
    return s->run(inst, &o, sink, r, err);
}

/* Applies one move given as text "a-b" to a position with the test's own rules;
 * returns 0 when it is illegal. */
static inline int own_apply(unsigned char *pos, unsigned n, unsigned pegs, const char *text)
{
    unsigned a = 0, b = 0, d, top_a = MAXD, top_b = MAXD;
    const char *s = text;
    while (*s >= '0' && *s <= '9')
        a = a * 10 + (unsigned)(*s++ - '0');
    if (*s++ != '-')
        return 0;
    while (*s >= '0' && *s <= '9')
        b = b * 10 + (unsigned)(*s++ - '0');
    if (*s || a < 1 || b < 1 || a > pegs || b > pegs || a == b)
        return 0;
    a--;
    b--;
    for (d = n; d-- > 0;) {
        if (pos[d] == a)
            top_a = d;
        if (pos[d] == b)
            top_b = d;
    }
    if (top_a == MAXD || top_b < top_a)
        return 0;
    pos[top_a] = (unsigned char)b;
    return 1;
}

/* Replays a move array from start with the test's own rules; returns 1 when
 * every move is legal and the goal is reached. */
static inline int own_verify(const ar_instance *inst, const ar_move *moves, uint64_t len,
                      const unsigned char *start, const unsigned char *goal, unsigned n,
                      unsigned pegs)
{
    unsigned char pos[MAXD];
    uint64_t i;
    char buf[16];
    memcpy(pos, start, n);
    for (i = 0; i < len; i++) {
        P->format_move(inst, moves[i], buf, sizeof buf);
        if (!own_apply(pos, n, pegs, buf)) {
            fprintf(stderr, "move %llu (%s) illegal\n", (unsigned long long)i + 1, buf);
            return 0;
        }
    }
    return memcmp(pos, goal, n) == 0;
}

/* Full BFS from a goal over all pegs^n positions (own move rules): dist[code]
 * where code = sum pos[d] * pegs^d. */
static inline unsigned code_of(const unsigned char *pos, unsigned n, unsigned pegs)
{
    unsigned c = 0, d;
    for (d = n; d-- > 0;)
        c = c * pegs + pos[d];
    return c;
}

static inline void decode(unsigned c, unsigned n, unsigned pegs, unsigned char *pos)
{
    unsigned d;
    for (d = 0; d < n; d++) {
        pos[d] = (unsigned char)(c % pegs);
        c /= pegs;
    }
}

static inline unsigned count_states(unsigned n, unsigned pegs)
{
    unsigned c = 1, d;
    for (d = 0; d < n; d++)
        c *= pegs;
    return c;
}

/* Neighbours of a position (own rules): writes their codes, returns count. */
static inline unsigned neighbours(const unsigned char *pos, unsigned n, unsigned pegs, unsigned *out)
{
    unsigned top[16], a, b, d, k = 0;
    unsigned char tmp[MAXD];
    for (a = 0; a < pegs; a++)
        top[a] = MAXD;
    for (d = n; d-- > 0;)
        top[pos[d]] = d;
    for (a = 0; a < pegs; a++)
        for (b = 0; b < pegs; b++)
            if (a != b && top[a] < top[b]) {
                memcpy(tmp, pos, n);
                tmp[top[a]] = (unsigned char)b;
                out[k++] = code_of(tmp, n, pegs);
            }
    return k;
}

static inline int *bfs(const unsigned char *goal, unsigned n, unsigned pegs)
{
    unsigned total = count_states(n, pegs), head = 0, tail = 0, i;
    int *dist = malloc(sizeof(int) * total);
    unsigned *queue = malloc(sizeof(unsigned) * total);
    unsigned nb[256];
    unsigned char pos[MAXD];
    for (i = 0; i < total; i++)
        dist[i] = -1;
    queue[tail++] = code_of(goal, n, pegs);
    dist[queue[0]] = 0;
    while (head < tail) {
        unsigned c = queue[head++], k;
        decode(c, n, pegs, pos);
        k = neighbours(pos, n, pegs, nb);
        for (i = 0; i < k; i++)
            if (dist[nb[i]] < 0) {
                dist[nb[i]] = dist[c] + 1;
                queue[tail++] = nb[i];
            }
    }
    free(queue);
    return dist;
}

static inline void random_pos(ar_rng *rng, unsigned char *pos, unsigned n, unsigned pegs)
{
    unsigned d;
    for (d = 0; d < n; d++)
        pos[d] = (unsigned char)ar_rng_below(rng, pegs);
}

/* ------------------------------------------------------------------ */
/* Frame-Stewart lengths, OEIS A007664 (4 pegs) and A007665 (5 pegs); the
 * tests also check them against data/facts/reference-values.md. */
static const uint64_t fs4_ref[30] = {1,   3,   5,   9,   13,  17,  25,  33,  41,  49,
                                     65,  81,  97,  113, 129, 161, 193, 225, 257, 289,
                                     321, 385, 449, 513, 577, 641, 705, 769, 897, 1025};
static const uint64_t fs5_ref[30] = {1,  3,  5,  7,   11,  15,  19,  23,  27,  31,
                                     39, 47, 55, 63,  71,  79,  87,  95,  103, 111,
                                     127, 143, 159, 175, 191, 207, 223, 239, 255, 271};

#endif
