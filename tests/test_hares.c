/* test_hares.c — tests of hares and tortoises (src/puzzles/hares/) and of
 * the coin puzzles (src/puzzles/coins/), the notes' two puzzles of rows.
 *
 * A breadth-first search written here over strings, from the rules, gives
 * the fewest moves: for H^M _ T^N it must be M*N + M + N (the closed form
 * the domain's help proves), for n pairs of coins H^n T^n -> (HT)^n it must
 * be Delannoy's n. The domains' own solutions are replayed and must match;
 * every row of up to 6 cells is run through both the domain and the oracle,
 * so the impossibility verdicts (the solvability check and exhausted
 * searches) agree with exhaustive search. Bad rows get one line. */
#include "test_notes_util.h"

#include <stdio.h>

/* --- a small string BFS --- */

#define MAXQ 1000000
#define LEN 24
#define SLOTS (1u << 21)

/* the BFS queue and an open-addressing set of indices into it */
typedef struct sbfs {
    char (*q)[LEN];
    unsigned *depth, n, *slot;
} sbfs;

static unsigned hash_text(const char *s)
{
    unsigned h = 2166136261u;
    while (*s)
        h = (h ^ (unsigned char)*s++) * 16777619u;
    return h;
}

/* Adds s unless present; returns 1 when it was new. */
static int add(sbfs *b, const char *s, unsigned depth)
{
    unsigned h = hash_text(s) & (SLOTS - 1);
    while (b->slot[h]) {
        if (strcmp(b->q[b->slot[h] - 1], s) == 0)
            return 0;
        h = (h + 1) & (SLOTS - 1);
    }
    if (b->n == MAXQ)
        return 0;
    strcpy(b->q[b->n], s);
    b->depth[b->n++] = depth;
    b->slot[h] = b->n;
    return 1;
}

/* hares: the successors of s written from the rules */
static unsigned hare_moves(const char *s, char out[][LEN])
{
    unsigned n = 0, len = (unsigned)strlen(s), i;
    for (i = 0; i < len; i++) {
        int d = s[i] == 'H' ? 1 : s[i] == 'T' ? -1 : 0, one = (int)i + d, two = (int)i + 2 * d;
        char other = s[i] == 'H' ? 'T' : 'H';
        int to = -1;
        if (!d)
            continue;
        if (one >= 0 && one < (int)len && s[one] == '_')
            to = one;
        else if (two >= 0 && two < (int)len && s[one] == other && s[two] == '_')
            to = two;
        if (to >= 0) {
            strcpy(out[n], s);
            out[n][to] = s[i], out[n][i] = '_';
            n++;
        }
    }
    return n;
}

static unsigned fewest(const char *start, int (*goal)(const char *, const void *), const void *g,
                       unsigned (*moves)(const char *, char[][LEN]))
{
    static char q[MAXQ][LEN], next[4000][LEN];
    static unsigned depth[MAXQ], slot[SLOTS];
    sbfs b = {q, depth, 0, slot};
    unsigned head = 0;
    memset(slot, 0, sizeof slot);
    add(&b, start, 0);
    while (head < b.n) {
        unsigned k, m;
        if (goal(q[head], g))
            return depth[head];
        m = moves(q[head], next);
        for (k = 0; k < m; k++)
            add(&b, next[k], depth[head] + 1);
        head++;
    }
    return UINT32_MAX;
}

static int equals(const char *s, const void *g) { return strcmp(s, g) == 0; }

static void test_hares(void)
{
    const ar_puzzle *P = ar_puzzle_find("hares");
    unsigned m, n, len, code;
    uint64_t length, cost;
    int optimal;
    CHECK(P != NULL);
    if (!P)
        return;
    for (m = 0; m <= 4; m++)
        for (n = 0; n <= 4; n++) {
            char start[LEN], goal[LEN], opts[40];
            ar_instance *in;
            unsigned k, want = m * n + m + n;
            for (k = 0; k < m + n + 1; k++)
                start[k] = k < m ? 'H' : k == m ? '_' : 'T', goal[k] = k < n ? 'T' : k == n ? '_' : 'H';
            start[k] = goal[k] = '\0';
            CHECK_EQ_U(fewest(start, equals, goal, hare_moves), want);
            snprintf(opts, sizeof opts, "hares=%u;tortoises=%u", m, n);
            if ((in = notes_must(P, NULL, opts))) {
                CHECK(notes_solve(P, in, NULL, NULL, &length, &cost, &optimal) == AR_OUTCOME_SOLVED);
                CHECK_EQ_U(length, want);
                CHECK(optimal);
                CHECK(notes_solve(P, in, "bfs", NULL, &length, &cost, &optimal) == AR_OUTCOME_SOLVED);
                CHECK_EQ_U(length, want);
                P->destroy(in);
            }
        }
    /* the rule solver: every M, N <= 30 and 255 + 255, replayed, of the
     * closed-form length */
    for (m = 0; m <= 31; m++)
        for (n = 0; n <= 30; n++) {
            char opts[40];
            ar_instance *in;
            unsigned mm = m == 31 ? 255 : m, nn = m == 31 ? 255 : n;
            if (m == 31 && n)
                break;
            snprintf(opts, sizeof opts, "hares=%u;tortoises=%u", mm, nn);
            if ((in = notes_must(P, NULL, opts))) {
                CHECK(notes_solve(P, in, "rule", NULL, &length, &cost, &optimal) == AR_OUTCOME_SOLVED);
                CHECK_EQ_U(length, mm * nn + mm + nn);
                CHECK(optimal);
                P->destroy(in);
            }
        }
    /* every row of 1..6 cells: the domain's verdict and length = the oracle's */
    for (len = 1; len <= 6; len++) {
        unsigned total = 1;
        for (code = 0; code < len; code++)
            total *= 3;
        for (code = 0; code < total; code++) {
            char start[LEN], goal[LEN];
            unsigned c = code, k, truth;
            ar_instance *in;
            for (k = 0; k < len; k++, c /= 3)
                start[k] = "HT_"[c % 3];
            start[len] = '\0';
            for (k = 0; k < len; k++)
                goal[k] = start[len - 1 - k];
            goal[len] = '\0';
            truth = fewest(start, equals, goal, hare_moves);
            if (!(in = notes_must(P, start, NULL)))
                continue;
            if (truth == UINT32_MAX) {
                CHECK_MSG(notes_solve(P, in, "bfs", NULL, &length, &cost, &optimal) == AR_OUTCOME_NO_SOLUTION,
                          "%s should be proven impossible", start);
            } else {
                ar_error err;
                CHECK_MSG(P->check_solvable(in, &err) == AR_OK, "%s rejected: %s", start, err.message);
                CHECK(notes_solve(P, in, "astar", NULL, &length, &cost, &optimal) == AR_OUTCOME_SOLVED);
                CHECK_MSG(length == truth, "%s: %llu moves, oracle %u", start, (unsigned long long)length, truth);
            }
            P->destroy(in);
        }
    }
    {   /* the notes' order HTTHHHTTTHHHTTH, with cells */
        ar_instance *in = notes_must(P, "HHH_TTT", NULL);
        uint64_t l, c;
        int solved;
        ar_error err;
        if (in) {
            CHECK(ar_puzzle_replay(P, in, "H3 T5 T6 H4 H2 H1 T3 T5 T7 H6 H4 H2 T3 T5 H4", &l, &c, &solved, NULL, &err) ==
                  AR_OK);
            CHECK(solved);
            CHECK(ar_puzzle_replay(P, in, "H3 T3", &l, &c, &solved, NULL, &err) == AR_ERR_INPUT);
            CHECK_STR(err.message, "move 2 ('T3'): cell 3 is empty");
            CHECK(ar_puzzle_replay(P, in, "H2", &l, &c, &solved, NULL, &err) == AR_ERR_INPUT);
            CHECK_STR(err.message, "move 1 ('H2'): the hare on cell 2 can neither step nor jump");
            P->destroy(in);
        }
    }
    notes_expect_error(P, "HH_XT", NULL, "instance: unknown character 'X' at position 4 (expected H, T, _ or .)");
    notes_expect_error(P, NULL, "hares=300", "parameter hares: 300 is too large (0..255)");
    notes_expect_error(P, "HH_TT", "hares=2", "parameter hares: the instance row already gives this");
}

/* --- coins --- */

static int coin_room = 4, coin_turn = 0;

static unsigned coin_moves(const char *s, char out[][LEN])
{
    unsigned n = 0, len = (unsigned)strlen(s), i, j, t;
    for (i = 0; i + 1 < len; i++) {
        if (s[i] == '_' || s[i + 1] == '_')
            continue;
        for (j = 0; j + 1 < len; j++)
            for (t = 0; t <= (unsigned)coin_turn; t++) {
                char w[LEN];
                strcpy(w, s);
                w[i] = w[i + 1] = '_';
                if (w[j] != '_' || w[j + 1] != '_' || (j == i && !t))
                    continue;
                w[j] = t ? s[i + 1] : s[i];
                w[j + 1] = t ? s[i] : s[i + 1];
                strcpy(out[n++], w);
            }
    }
    return n;
}

/* the pattern anywhere, read from either end */
static int coin_goal(const char *s, const void *g)
{
    const char *pat = g;
    size_t first = strspn(s, "_"), len = strlen(s), last = len, k, plen = strlen(pat);
    int fw = 1, bw = 1;
    while (last > first && s[last - 1] == '_')
        last--;
    if (last - first != plen)
        return 0;
    for (k = 0; k < plen; k++)
        fw &= s[first + k] == pat[k], bw &= s[last - 1 - k] == pat[k];
    return fw || bw;
}

static void test_coins(void)
{
    const ar_puzzle *P = ar_puzzle_find("coins");
    unsigned n;
    uint64_t length, cost;
    int optimal;
    CHECK(P != NULL);
    if (!P)
        return;
    /* Delannoy: n pairs in n moves, for n = 3, 4 (room n + 1 each side) */
    for (n = 3; n <= 4; n++) {
        char start[LEN], pat[LEN], opts[32];
        unsigned k;
        ar_instance *in;
        coin_room = (int)n + 1;
        memset(start, '_', sizeof start);
        for (k = 0; k < 2 * n; k++)
            start[coin_room + k] = k < n ? 'H' : 'T', pat[k] = k % 2 ? 'T' : 'H';
        start[2 * n + 2 * coin_room] = '\0', pat[2 * n] = '\0';
        coin_turn = 0;
        CHECK_EQ_U(fewest(start, coin_goal, pat, coin_moves), n);
        snprintf(opts, sizeof opts, "pairs=%u", n);
        if ((in = notes_must(P, NULL, opts))) {
            CHECK(notes_solve(P, in, NULL, NULL, &length, &cost, &optimal) == AR_OUTCOME_SOLVED);
            CHECK_EQ_U(length, n);
            CHECK(optimal);
            P->destroy(in);
        }
    }
    {   /* small rows both ways, with and without turning: domain = oracle */
        static const char *const cases[][2] = {{"HHTT", "HTHT"}, {"HTHT", "HHTT"}, {"HHT", "HTH"}, {"HT", "TH"},
                                               {"HTH", "HHT"}, {"HHHT", "HTHH"}, {"HT_TH", "HHTT"}, {"HHTT", "THHT"}};
        unsigned c, t;
        for (c = 0; c < sizeof cases / sizeof cases[0]; c++)
            for (t = 0; t < 2; t++) {
                char inst[64], start[LEN];
                size_t k, len = strlen(cases[c][0]);
                unsigned truth;
                ar_instance *in;
                coin_room = (int)len / 2 + 1, coin_turn = (int)t;
                memset(start, '_', sizeof start);
                memcpy(start + coin_room, cases[c][0], len);
                start[len + 2 * (size_t)coin_room] = '\0';
                truth = fewest(start, coin_goal, cases[c][1], coin_moves);
                snprintf(inst, sizeof inst, "%s -> %s", cases[c][0], cases[c][1]);
                if (!(in = notes_must(P, inst, t ? "reverse" : "")))
                    continue;
                for (k = 0; k < 1; k++) {
                    ar_outcome o = notes_solve(P, in, NULL, NULL, &length, &cost, &optimal);
                    if (truth == UINT32_MAX)
                        CHECK_MSG(o == AR_OUTCOME_NO_SOLUTION, "%s (turn %u): should be impossible", inst, t);
                    else
                        CHECK_MSG(o == AR_OUTCOME_SOLVED && length == truth, "%s (turn %u): %llu moves, oracle %u",
                                  inst, t, (unsigned long long)length, truth);
                }
                P->destroy(in);
            }
    }
    {   /* the notes' two solutions */
        ar_instance *in = notes_must(P, "HHHTTT -> HTHTHT", NULL), *rev = notes_must(P, "HHHTTT -> HTHTHT", "reverse");
        uint64_t l, c;
        int solved;
        ar_error err;
        if (in && rev) {
            CHECK(ar_puzzle_replay(P, in, "0+1>6+7 5+6>8+9 2+3>5+6", &l, &c, &solved, NULL, &err) == AR_OK && solved);
            CHECK(ar_puzzle_replay(P, rev, "0+1>7+6 2+3>9+8 5+6>6+5", &l, &c, &solved, NULL, &err) == AR_OK && solved);
            CHECK(ar_puzzle_replay(P, in, "0+1>7+6", &l, &c, &solved, NULL, &err) == AR_ERR_INPUT);
            CHECK_STR(err.message, "move 1 ('0+1>7+6'): pairs keep their order (use parameter reverse to let them turn round)");
            CHECK(ar_puzzle_replay(P, in, "0+2>7+8", &l, &c, &solved, NULL, &err) == AR_ERR_INPUT);
            CHECK_STR(err.message, "move 1 ('0+2>7+8'): a move lifts two neighbouring coins: 0 and 2 are not neighbours");
            CHECK(ar_puzzle_replay(P, in, "0+1>3+4", &l, &c, &solved, NULL, &err) == AR_ERR_INPUT);
            CHECK_STR(err.message, "move 1 ('0+1>3+4'): cells 3,4 are not free for the pair");
        }
        if (in)
            P->destroy(in);
        if (rev)
            P->destroy(rev);
    }
    {   /* counts differ: proven at once */
        ar_instance *in = notes_must(P, "HHT -> HTT", NULL);
        ar_error err;
        if (in) {
            CHECK(P->check_solvable(in, &err) == AR_ERR_UNSOLVABLE);
            CHECK_STR(err.message, "coins are never turned over: the start has 2 heads and 1 tails, the goal 1 and 2");
            P->destroy(in);
        }
    }
    notes_expect_error(P, "HHTT", NULL, "instance: expected START -> GOAL, e.g. HHHTTT -> HTHTHT");
    notes_expect_error(P, "HHQT -> HTHT", NULL, "instance start: unknown character 'Q' at position 3 (expected H, T, _ or .)");
    notes_expect_error(P, "__ -> HT", NULL, "instance start: no coins");
    notes_expect_error(P, NULL, "pairs=0", "parameter pairs: 0 is too small (1..12)");
}

int main(void)
{
    test_hares();
    test_coins();
    return check_report("test_hares");
}
