/* test_magic_pairs.c — the count of magic squares by orthogonal row/column
 * partitions (src/puzzles/magic/magic_pairs.c) against independent counts.
 *
 * Orders 3 and 4 must give 1 / 8 and 880 / 7,040 (OEIS A006052), the same
 * as the cell-by-cell counter of magic_count.c, with one thread and two.
 * Order 5 in full takes a minute (a bench suite runs it); here it is counted
 * for the squares having one given set of five numbers as a row — and also
 * one given set as a column — and compared with a plain enumeration written
 * in this file: every partition of 1..25 into five rows containing that set,
 * every order of those rows top to bottom, every sequence of five disjoint
 * columns (one number from each row set, summing to 65) left to right, each
 * square built and its diagonals summed. The counts by centre value must
 * agree too, and a time limit or Ctrl-C must stop the count early with a
 * lower bound. */
#include "puzzles/magic/magic_internal.h"
#include "check.h"

#include <stdlib.h>
#include <string.h>

/* --- the plain enumeration --- */

typedef struct brute {
    uint32_t must_row, must_col; /* bit v-1 for value v */
    uint32_t rows[5];
    uint32_t cols[5];            /* the column sets in order, for must_col */
    uint32_t trans[3125];
    unsigned ntrans;
    unsigned char order[5];      /* row set at each position, top to bottom */
    uint64_t all;
    uint64_t by_centre[26];
} brute;

static uint32_t set_of(const unsigned *v)
{
    uint32_t s = 0;
    unsigned i;
    for (i = 0; i < 5; i++)
        s |= (uint32_t)1 << (v[i] - 1);
    return s;
}

static unsigned value_in(uint32_t set_bits, uint32_t row)
{
    return (unsigned)__builtin_ctz(set_bits & row) + 1;
}

/* Every order of the row sets top to bottom: the square's rows and columns
 * sum to 65 by construction; sum its diagonals. m[r][j] is the number where
 * row set r meets column j. */
static void brute_orders(brute *b, unsigned char m[5][5], unsigned pos, unsigned placed, unsigned d1, unsigned d2)
{
    unsigned r;
    if (pos == 5) {
        if (d1 == 65 && d2 == 65) {
            b->all++;
            b->by_centre[m[b->order[2]][2]]++;
        }
        return;
    }
    for (r = 0; r < 5; r++)
        if (!(placed >> r & 1)) {
            b->order[pos] = (unsigned char)r;
            brute_orders(b, m, pos + 1, placed | 1u << r, d1 + m[r][pos], d2 + m[r][4 - pos]);
        }
}

/* The columns left to right: each a transversal disjoint from the others;
 * must_col among them. */
static void brute_columns(brute *b, unsigned col, uint32_t used)
{
    unsigned k, i, has_col = 0;
    if (col == 5) {
        for (i = 0; i < 5; i++)
            has_col |= b->cols[i] == b->must_col;
        if (has_col) {
            unsigned char m[5][5];
            unsigned r, j;
            for (r = 0; r < 5; r++)
                for (j = 0; j < 5; j++)
                    m[r][j] = (unsigned char)value_in(b->cols[j], b->rows[r]);
            brute_orders(b, m, 0, 0, 0, 0);
        }
        return;
    }
    for (k = 0; k < b->ntrans; k++) {
        uint32_t t = b->trans[k];
        if ((t & used) || ((t & b->must_col) && t != b->must_col)) /* columns are disjoint */
            continue;
        b->cols[col] = t;
        brute_columns(b, col + 1, used | t);
    }
}

static void brute_transversals(brute *b, unsigned row, unsigned sum, uint32_t t)
{
    unsigned v;
    if (row == 5) {
        if (sum == 65)
            b->trans[b->ntrans++] = t;
        return;
    }
    for (v = 1; v <= 25; v++)
        if (b->rows[row] >> (v - 1) & 1)
            brute_transversals(b, row + 1, sum + v, t | (uint32_t)1 << (v - 1));
}

static void brute_partition(brute *b)
{
    b->ntrans = 0;
    brute_transversals(b, 0, 0, 0);
    brute_columns(b, 0, 0);
}

/* Partitions of 1..25 into five 65-sum rows, one of them must_row and each
 * meeting must_col (which must be a column) once: the other rows are taken
 * each as the row holding the smallest number not yet covered. */
static uint32_t sets65[2000];
static unsigned nsets65;

static void brute_rows(brute *b, unsigned depth, uint32_t covered)
{
    uint32_t full = (1u << 25) - 1, rest = full & ~covered, low;
    unsigned k;
    if (covered == full) {
        brute_partition(b);
        return;
    }
    low = rest & -rest;
    for (k = 0; k < nsets65; k++) {
        uint32_t set = sets65[k];
        if (!(set & low) || (set & covered) || __builtin_popcount(set & b->must_col) != 1)
            continue;
        b->rows[depth] = set;
        brute_rows(b, depth + 1, covered | set);
    }
}

static void brute_count(brute *b, uint32_t must_row, uint32_t must_col)
{
    unsigned v[5];
    memset(b, 0, sizeof *b);
    nsets65 = 0;
    for (v[0] = 1; v[0] <= 25; v[0]++)
        for (v[1] = v[0] + 1; v[1] <= 25; v[1]++)
            for (v[2] = v[1] + 1; v[2] <= 25; v[2]++)
                for (v[3] = v[2] + 1; v[3] <= 25; v[3]++)
                    for (v[4] = v[3] + 1; v[4] <= 25; v[4]++)
                        if (v[0] + v[1] + v[2] + v[3] + v[4] == 65)
                            sets65[nsets65++] = set_of(v);
    b->must_row = must_row, b->must_col = must_col;
    b->rows[0] = must_row;
    brute_rows(b, 1, must_row);
}

/* --- the tests --- */

static void test_small_orders(void)
{
    ar_magic_pairs_options o;
    ar_magic_pairs_result r;
    ar_magic_count_options co;
    ar_magic_count_result cr;
    ar_error err;
    unsigned t;
    for (t = 1; t <= 2; t++) {
        memset(&o, 0, sizeof o);
        o.order = 3, o.threads = t;
        CHECK(ar_magic_pairs_count(&o, &r, &err) == AR_OK);
        CHECK(r.complete);
        CHECK_EQ_U(r.canonical, 1);
        CHECK_EQ_U(r.all, 8);
        CHECK_EQ_U(r.by_centre[5], 8);
        CHECK_EQ_U(r.sets, 8);
        CHECK_EQ_U(r.partitions, 2);
        o.order = 4;
        CHECK(ar_magic_pairs_count(&o, &r, &err) == AR_OK);
        CHECK(r.complete);
        CHECK_EQ_U(r.canonical, 880);
        CHECK_EQ_U(r.all, 7040);
        CHECK_EQ_U(r.sets, 86);
        /* the cell-by-cell counter agrees */
        memset(&co, 0, sizeof co);
        co.order = 4, co.threads = t;
        CHECK(ar_magic_count(&co, &cr, &err) == AR_OK);
        CHECK_EQ_U(cr.canonical, r.canonical);
        co.order = 3;
        CHECK(ar_magic_count(&co, &cr, &err) == AR_OK);
        CHECK_EQ_U(cr.canonical, 1);
    }
    memset(&o, 0, sizeof o);
    o.order = 6;
    CHECK(ar_magic_pairs_count(&o, &r, &err) == AR_ERR_INPUT);
    o.order = 2;
    CHECK(ar_magic_pairs_count(&o, &r, &err) == AR_ERR_INPUT);
}

static void test_order5_subsets(void)
{
    static brute b;
    static const unsigned row[5] = {1, 12, 13, 14, 25}, col[5] = {8, 9, 11, 13, 24};
    ar_magic_pairs_options o;
    ar_magic_pairs_result r;
    ar_error err;
    uint32_t row_set = set_of(row), col_set = set_of(col);
    unsigned k, t;
    brute_count(&b, row_set, col_set);
    CHECK_EQ_U(b.all, 29952); /* as first found by both; what matters is that they agree */
    for (t = 1; t <= 2; t++) {
        memset(&o, 0, sizeof o);
        o.order = 5, o.threads = t, o.row_set = row_set, o.col_set = col_set;
        CHECK(ar_magic_pairs_count(&o, &r, &err) == AR_OK);
        CHECK(r.complete);
        CHECK_EQ_U(r.all, b.all);
        for (k = 1; k <= 25; k++)
            CHECK_EQ_U(r.by_centre[k], b.by_centre[k]);
    }
}

/* A time limit or Ctrl-C stops between row partitions: the count is then
 * labelled incomplete and is a lower bound. */
static void test_stopping(void)
{
    static const unsigned row[5] = {1, 12, 13, 14, 25}, col[5] = {8, 9, 11, 13, 24};
    volatile sig_atomic_t stop = 1;
    ar_magic_pairs_options o;
    ar_magic_pairs_result r;
    ar_error err;
    memset(&o, 0, sizeof o);
    o.order = 5, o.row_set = set_of(row), o.col_set = set_of(col);
    o.time_limit = 1e-9;
    CHECK(ar_magic_pairs_count(&o, &r, &err) == AR_OK);
    CHECK(!r.complete);
    CHECK(r.tasks_done < r.tasks);
    CHECK(r.all < 29952 + 1);
    memset(&o, 0, sizeof o);
    o.order = 4, o.interrupt = &stop, o.threads = 2;
    CHECK(ar_magic_pairs_count(&o, &r, &err) == AR_OK);
    CHECK(!r.complete);
    CHECK_EQ_U(r.tasks_done, 0);
    CHECK_EQ_U(r.all, 0);
}

int main(void)
{
    test_small_orders();
    test_order5_subsets();
    test_stopping();
    return check_report("magic_pairs");
}
