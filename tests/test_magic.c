/* test_magic.c — tests of the magic-square domain (src/puzzles/magic/).
 *
 * The counts of orders 3 and 4 (1 and 880 up to symmetry, 8 and 7,040 in
 * all: OEIS A006052, Frenicle 1693) are checked against the counting engine
 * and against searches written here: every permutation of 1..9 for order 3,
 * and a plain row-by-row search without symmetry for order 4. The squares
 * the engine lists are each magic, canonical and distinct. The notes' XOR
 * construction gives the notes' example and 432 classes, all perfect. The
 * puzzle: solutions replay, an impossible completion is proven impossible
 * and the brute force agrees, bad squares get one line. */
#include "puzzles/magic/magic_internal.h"
#include "test_notes_util.h"

#include <stdio.h>

static const ar_puzzle *P;

/* --- independent oracles --- */

static int is_magic_here(const unsigned char *g, unsigned n)
{
    unsigned s = n * (n * n + 1) / 2, i, j, d1 = 0, d2 = 0, seen = 0;
    for (i = 0; i < n * n; i++)
        seen |= 1u << g[i];
    if (seen != (((1u << (n * n)) - 1) << 1))
        return 0;
    for (i = 0; i < n; i++) {
        unsigned r = 0, c = 0;
        for (j = 0; j < n; j++)
            r += g[i * n + j], c += g[j * n + i];
        if (r != s || c != s)
            return 0;
        d1 += g[i * n + i], d2 += g[i * n + n - 1 - i];
    }
    return d1 == s && d2 == s;
}

/* All permutations of 1..9 (Heap's algorithm): the order-3 squares. */
static unsigned brute3(unsigned char corner_value)
{
    unsigned char a[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    unsigned c[9] = {0}, i = 0, count = 0;
    count += is_magic_here(a, 3) && (!corner_value || a[0] == corner_value);
    while (i < 9) {
        if (c[i] < i) {
            unsigned j = i % 2 ? c[i] : 0;
            unsigned char t = a[j];
            a[j] = a[i], a[i] = t;
            count += is_magic_here(a, 3) && (!corner_value || a[0] == corner_value);
            c[i]++, i = 0;
        } else {
            c[i++] = 0;
        }
    }
    return count;
}

/* Order 4 without symmetry: the rows are four sets of 4 values summing to
 * 34 that partition 1..16; choose the first three sets, order each set's
 * values every way, and the last row is forced by the columns. */
static unsigned long brute4(void)
{
    unsigned char sets[100][4], perm[24][4];
    unsigned masks[100], nsets = 0, np = 0, a, b, c, d, i, j, k;
    unsigned long count = 0;
    for (a = 1; a <= 16; a++)
        for (b = a + 1; b <= 16; b++)
            for (c = b + 1; c <= 16; c++)
                for (d = c + 1; d <= 16; d++)
                    if (a + b + c + d == 34) {
                        sets[nsets][0] = (unsigned char)a, sets[nsets][1] = (unsigned char)b;
                        sets[nsets][2] = (unsigned char)c, sets[nsets][3] = (unsigned char)d;
                        masks[nsets++] = 1u << a | 1u << b | 1u << c | 1u << d;
                    }
    for (a = 0; a < 4; a++)
        for (b = 0; b < 4; b++)
            for (c = 0; c < 4; c++)
                if (a != b && a != c && b != c) {
                    perm[np][0] = (unsigned char)a, perm[np][1] = (unsigned char)b;
                    perm[np][2] = (unsigned char)c, perm[np][3] = (unsigned char)(6 - a - b - c);
                    np++;
                }
    for (a = 0; a < nsets; a++)
        for (b = 0; b < nsets; b++)
            for (c = 0; c < nsets; c++) {
                unsigned used = masks[a] | masks[b] | masks[c];
                if ((masks[a] & masks[b]) || (masks[c] & (masks[a] | masks[b])))
                    continue;
                for (i = 0; i < 24; i++)
                    for (j = 0; j < 24; j++)
                        for (k = 0; k < 24; k++) {
                            unsigned char g[16];
                            unsigned col, rest = 0;
                            int ok = 1;
                            for (col = 0; col < 4; col++) {
                                int v;
                                g[col] = sets[a][perm[i][col]];
                                g[4 + col] = sets[b][perm[j][col]];
                                g[8 + col] = sets[c][perm[k][col]];
                                v = 34 - g[col] - g[4 + col] - g[8 + col];
                                if (v < 1 || v > 16 || (used >> v & 1) || (rest >> v & 1)) {
                                    ok = 0;
                                    break;
                                }
                                rest |= 1u << v;
                                g[12 + col] = (unsigned char)v;
                            }
                            count += ok && is_magic_here(g, 4);
                        }
            }
    return count;
}

/* --- the counting engine --- */

typedef struct seen_list {
    unsigned char squares[1000][16];
    unsigned n, bad;
} seen_list;

static int collect(void *ctx, const unsigned char *g, unsigned n)
{
    seen_list *l = ctx;
    unsigned k;
    if (!ar_magic_is_magic(g, n) || !is_magic_here(g, n))
        l->bad++;
    /* canonical: top-left the smallest corner, a(1,2) < a(2,1) */
    if (g[0] > g[n - 1] || g[0] > g[n * (n - 1)] || g[0] > g[n * n - 1] || g[1] > g[n])
        l->bad++;
    for (k = 0; k < l->n; k++)
        if (memcmp(l->squares[k], g, n * n) == 0)
            l->bad++;
    if (l->n < 1000)
        memcpy(l->squares[l->n++], g, n * n);
    return 0;
}

static void test_counts(void)
{
    ar_magic_count_options o;
    ar_magic_count_result r;
    ar_error err;
    static seen_list l;
    unsigned k, t;
    CHECK_EQ_U(brute3(0), 8);
    CHECK_EQ_U(brute4(), 7040);
    for (t = 1; t <= 2; t++) {
        memset(&o, 0, sizeof o);
        o.order = 3, o.threads = t;
        CHECK(ar_magic_count(&o, &r, &err) == AR_OK);
        CHECK_EQ_U(r.canonical, 1);
        CHECK(r.complete);
        CHECK_EQ_U(r.by_centre[5], 1);
        o.order = 4;
        CHECK(ar_magic_count(&o, &r, &err) == AR_OK);
        CHECK_EQ_U(r.canonical, 880);
        CHECK_EQ_U(8 * r.canonical, 7040);
    }
    memset(&o, 0, sizeof o);
    o.order = 4, o.visit = collect, o.ctx = &l;
    CHECK(ar_magic_count(&o, &r, &err) == AR_OK);
    CHECK_EQ_U(l.n, 880);
    CHECK_EQ_U(l.bad, 0);
    /* the 8 images of each listed square are 7,040 distinct magic squares */
    {
        unsigned distinct = 0, bad = 0, i, j;
        static unsigned char all[7040][16];
        for (k = 0; k < l.n; k++)
            for (t = 0; t < 8; t++) {
                ar_magic_transform(l.squares[k], 4, t, all[distinct]);
                bad += !is_magic_here(all[distinct], 4);
                distinct++;
            }
        for (i = 0; i < distinct && bad < 5; i++)
            for (j = i + 1; j < distinct; j++)
                bad += memcmp(all[i], all[j], 16) == 0;
        CHECK_EQ_U(bad, 0);
        CHECK_EQ_U(distinct, 7040);
    }
    /* order 3 by centre: only 5 */
    for (k = 1; k <= 9; k++) {
        memset(&o, 0, sizeof o);
        o.order = 3, o.centre = k;
        CHECK(ar_magic_count(&o, &r, &err) == AR_OK);
        CHECK_EQ_U(r.canonical, k == 5);
    }
    memset(&o, 0, sizeof o);
    o.order = 6;
    CHECK(ar_magic_count(&o, &r, &err) == AR_ERR_INPUT);
    o.order = 4, o.centre = 3;
    CHECK(ar_magic_count(&o, &r, &err) == AR_ERR_INPUT);
}

static void test_xor(void)
{
    ar_magic_xor_result r;
    static const unsigned char notes_example[16] = {16, 3, 2, 13, 5, 10, 11, 8, 9, 6, 7, 12, 4, 15, 14, 1};
    ar_magic_xor(&r, NULL, NULL);
    CHECK_EQ_U(r.tables, 1728);
    CHECK_EQ_U(r.magic, 1728);
    CHECK_EQ_U(r.classes, 432);
    CHECK_EQ_U(r.perfect, 1728);
    CHECK(memcmp(r.first, notes_example, 16) == 0);
    CHECK(is_magic_here(r.first, 4));
}

/* --- the puzzle --- */

static void test_puzzle(void)
{
    ar_instance *in;
    uint64_t len, cost;
    int optimal;
    ar_error err;
    unsigned char s[16];
    ar_move m;
    char text[64];
    /* examples and empty squares of orders 3..5 are completed and replay */
    static const char *const squares[] = {"8 . . / . 5 . / . . .", "16 . . 13 / . 10 11 . / . . . . / 4 . . 1",
                                          ". . . / . . . / . . .", NULL};
    unsigned k;
    for (k = 0; squares[k]; k++)
        if ((in = notes_must(P, squares[k], NULL))) {
            CHECK(notes_solve(P, in, NULL, NULL, &len, &cost, &optimal) == AR_OUTCOME_SOLVED);
            P->destroy(in);
        }
    for (k = 3; k <= 4; k++) { /* order 5 takes seconds: cli_magic.sh */
        snprintf(text, sizeof text, "order=%u", k);
        if ((in = notes_must(P, NULL, text))) {
            CHECK(notes_solve(P, in, NULL, NULL, &len, &cost, &optimal) == AR_OUTCOME_SOLVED);
            CHECK_EQ_U(len, k * k);
            P->destroy(in);
        }
    }
    /* impossible: an order-3 corner is even in every square (the brute force
     * agrees), so 1 in a corner has no completion; the search proves it */
    CHECK_EQ_U(brute3(1), 0);
    CHECK(brute3(2) > 0);
    if ((in = notes_must(P, "1 . . / . . . / . . .", NULL))) {
        CHECK(notes_solve(P, in, NULL, NULL, &len, &cost, &optimal) == AR_OUTCOME_NO_SOLUTION);
        P->destroy(in);
    }
    /* a row that cannot reach the sum: proven before any search */
    if ((in = notes_must(P, "9 8 . / . . . / . . .", NULL))) {
        CHECK(P->check_solvable(in, &err) == AR_ERR_UNSOLVABLE);
        CHECK_STR(err.message, "row 1 (sum 17 so far, 1 empty) cannot reach the magic sum 15");
        P->destroy(in);
    }
    /* moves: reading order, reasons */
    if ((in = notes_must(P, "8 . . / . 5 . / . . .", NULL))) {
        P->initial_state(in, s);
        CHECK(P->parse_move(in, s, "r3c3=2", 6, &m, &err) == AR_OK);
        /* any empty cell, not only the searches' next one (AR_PUZZLE_FREE_ORDER) */
        CHECK(P->parse_move(in, s, "r1c2=1", 6, &m, &err) == AR_OK);
        CHECK((m & 255u) == 1 && (m >> 8) == 1);
        {
            uint64_t played = 0, total = 0;
            int solved = 0;
            CHECK(ar_puzzle_replay(P, in, "r1c2=1 r1c3=6 r2c1=3 r2c3=7 r3c1=4 r3c2=9 r3c3=2", &played, &total,
                                   &solved, NULL, &err) == AR_OK);
            CHECK(solved && played == 7);
        }
        CHECK(P->parse_move(in, s, "r3c3=5", 6, &m, &err) == AR_ERR_INPUT);
        CHECK_STR(err.message, "5 is already in the square");
        CHECK(P->parse_move(in, s, "r3c3=9", 6, &m, &err) == AR_ERR_INPUT);
        CHECK_STR(err.message, "9 on r3c3 leaves a line that cannot reach the magic sum 15");
        CHECK(P->parse_move(in, s, "1,2=3", 5, &m, &err) == AR_ERR_INPUT);
        CHECK_STR(err.message, "expected rROWcCOL=VALUE, e.g. r1c2=7");
        P->destroy(in);
    }
    /* bad squares: one line each */
    notes_expect_error(P, "1 2 3 / 4 5 / 7 8 9", NULL, "instance row 2: 2 cells, but row 1 has 3 (ragged square)");
    notes_expect_error(P, "1 2 3 / 4 x 6 / 7 8 9", NULL,
                       "instance row 2, cell 2: unknown character 'x' (expected numbers and '.')");
    notes_expect_error(P, "1 2 / 3 4", NULL, "instance: order 2; magic squares start at order 3");
    notes_expect_error(P, "1 2 3 / 4 5 6", NULL, "instance: 2 rows of 3 cells: a magic square is square");
    notes_expect_error(P, "1 2 3 / 4 1 6 / 7 8 9", NULL, "instance row 2, cell 2: 1 appears twice");
    notes_expect_error(P, "1 2 3 / 4 10 6 / 7 8 9", NULL, "instance row 2, cell 2: 10 is more than 9");
    notes_expect_error(P, "1 2 3 / 4 0 6 / 7 8 9", NULL, "instance row 2, cell 2: 0 is not a number 1..n²");
    notes_expect_error(P, NULL, "order=0", "parameter order: 0 is too small (3..10)");
    notes_expect_error(P, NULL, "order=1000000", "parameter order: 1000000 is too large (3..10)");
    notes_expect_error(P, "8 . . / . 5 . / . . .", "order=3", "parameter order: the instance square already gives the order");
}

int main(void)
{
    P = ar_puzzle_find("magic");
    CHECK(P != NULL);
    if (!P)
        return check_report("test_magic");
    test_counts();
    test_xor();
    test_puzzle();
    return check_report("test_magic");
}
