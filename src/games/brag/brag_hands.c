/* brag_hands.c — the hands of three-card brag: their classes and order, the
 * value of a hand (the fraction of hands it beats or ties, the notes' "value"),
 * and the notes' tables of probabilities and percentiles, reproduced from
 * the enumeration of all 22,100 hands and checked figure by figure.
 *
 * The ranking is built once: the 22,100 keys sorted, so a hand's value is a
 * binary search. The table is built under a once-flag so that two threads
 * (two simulations) can ask at the same time. */
#include "brag_internal.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *ar_brag_class_name(brag_class cls)
{
    static const char *const names[BRAG_CLASSES] = {"high card", "pair", "flush", "run", "running flush",
                                                    "prial"};
    return (unsigned)cls < BRAG_CLASSES ? names[cls] : "?";
}

/* Rank numbers 0..12 are 2..A; the prial of threes and the run A-2-3 get
 * the number 13, above the aces. */
#define RANK_THREE 1
#define ABOVE_ACE 13

static void sort3_desc(int r[3])
{
    int t;
    if (r[0] < r[1]) { t = r[0]; r[0] = r[1]; r[1] = t; }
    if (r[1] < r[2]) { t = r[1]; r[1] = r[2]; r[2] = t; }
    if (r[0] < r[1]) { t = r[0]; r[0] = r[1]; r[1] = t; }
}

/* Ranks high to low, and the top of the run the ranks make (13 for A-2-3),
 * or -1. */
static int run_top(const int r[3])
{
    if (r[0] == r[1] + 1 && r[1] == r[2] + 1)
        return r[0];
    if (r[0] == AR_RANK_ACE && r[1] == 1 && r[2] == 0)
        return ABOVE_ACE;
    return -1;
}

uint32_t ar_brag_key(const ar_card c[3])
{
    int r[3] = {AR_CARD_RANK(c[0]), AR_CARD_RANK(c[1]), AR_CARD_RANK(c[2])};
    int flush = AR_CARD_SUIT(c[0]) == AR_CARD_SUIT(c[1]) && AR_CARD_SUIT(c[1]) == AR_CARD_SUIT(c[2]);
    int top;
    sort3_desc(r);
    if (r[0] == r[2])
        return (uint32_t)BRAG_PRIAL << 16 | (uint32_t)(r[0] == RANK_THREE ? ABOVE_ACE : r[0]);
    top = run_top(r);
    if (top >= 0)
        return (uint32_t)(flush ? BRAG_RUNNING_FLUSH : BRAG_RUN) << 16 | (uint32_t)top;
    if (flush)
        return (uint32_t)BRAG_FLUSH << 16 | (uint32_t)(r[0] << 8 | r[1] << 4 | r[2]);
    if (r[0] == r[1])
        return (uint32_t)BRAG_PAIR << 16 | (uint32_t)(r[0] << 4 | r[2]);
    if (r[1] == r[2])
        return (uint32_t)BRAG_PAIR << 16 | (uint32_t)(r[1] << 4 | r[0]);
    return (uint32_t)BRAG_HIGH_CARD << 16 | (uint32_t)(r[0] << 8 | r[1] << 4 | r[2]);
}

brag_class ar_brag_class(const ar_card c[3]) { return (brag_class)(ar_brag_key(c) >> 16); }

/* ------------------------------------------------- the sorted ranking */

static uint32_t sorted_keys[BRAG_HANDS];
static pthread_once_t ranking_once = PTHREAD_ONCE_INIT;

static int cmp_key(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

static void build_ranking(void)
{
    int a, b, c, n = 0;
    for (a = 0; a < AR_DECK_SIZE; a++)
        for (b = a + 1; b < AR_DECK_SIZE; b++)
            for (c = b + 1; c < AR_DECK_SIZE; c++) {
                ar_card h[3] = {(ar_card)a, (ar_card)b, (ar_card)c};
                sorted_keys[n++] = ar_brag_key(h);
            }
    qsort(sorted_keys, BRAG_HANDS, sizeof sorted_keys[0], cmp_key);
}

void ar_brag_rank_counts(uint32_t key, uint32_t *below, uint32_t *equal)
{
    size_t lo = 0, hi = BRAG_HANDS, first, end;
    pthread_once(&ranking_once, build_ranking);
    while (lo < hi) { /* the first key >= key */
        size_t mid = (lo + hi) / 2;
        if (sorted_keys[mid] < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    first = lo;
    hi = BRAG_HANDS;
    while (lo < hi) { /* the first key > key */
        size_t mid = (lo + hi) / 2;
        if (sorted_keys[mid] <= key)
            lo = mid + 1;
        else
            hi = mid;
    }
    end = lo;
    *below = (uint32_t)first;
    *equal = (uint32_t)(end - first);
}

double ar_brag_value(const ar_card c[3])
{
    uint32_t below, equal;
    ar_brag_rank_counts(ar_brag_key(c), &below, &equal);
    return (double)(below + equal) / BRAG_HANDS;
}

static const char *rank_word(int r)
{
    static const char *const words[14] = {"2", "3", "4", "5", "6", "7", "8",
                                          "9", "10", "J", "Q", "K", "A", "3"};
    return r >= 0 && r <= 13 ? words[r] : "?";
}

void ar_brag_describe(const ar_card c[3], char *buf, size_t size)
{
    uint32_t key = ar_brag_key(c);
    int cls = (int)(key >> 16), t = (int)(key & 0xFFFF);
    switch (cls) {
    case BRAG_PRIAL:
        snprintf(buf, size, "prial of %ss", rank_word(t));
        break;
    case BRAG_RUNNING_FLUSH:
    case BRAG_RUN:
        if (t == ABOVE_ACE)
            snprintf(buf, size, "A-2-3 %s", cls == BRAG_RUN ? "run" : "running flush");
        else
            snprintf(buf, size, "%s high %s", rank_word(t), cls == BRAG_RUN ? "run" : "running flush");
        break;
    case BRAG_FLUSH:
        snprintf(buf, size, "%s high flush", rank_word(t >> 8));
        break;
    case BRAG_PAIR:
        snprintf(buf, size, "%s,%s", rank_word(t >> 4), rank_word(t >> 4));
        break;
    default:
        snprintf(buf, size, "%s,%s", rank_word(t >> 8), rank_word(t >> 4 & 15));
        break;
    }
}

/* ------------------------------------------------------ the notes' tables */

/* The notes' high-card table: for each highest card 5..A the number of
 * ways (pairs of lower ranks that make no run), the approximate probability
 * and the cumulative probability, in per cent; then the classes above. */
static const struct {
    int ways, prob, cum;
} notes_high[10] = {{2, 1, 1},   {5, 1, 2},   {9, 2, 4},   {14, 4, 8},   {20, 5, 13},
                    {27, 7, 20}, {35, 10, 30}, {44, 12, 42}, {54, 15, 57}, {64, 18, 75}};

/* The notes' percentile table, P = 50..99. */
static const char *const notes_percentiles[50] = {
    "K,9",          "K,10",         "K,10",         "K,J",          "K,J",           "K,Q",
    "K,Q",          "A,4",          "A,5",          "A,6",          "A,7",           "A,8",
    "A,8",          "A,9",          "A,9",          "A,10",         "A,10",          "A,J",
    "A,J",          "A,Q",          "A,Q",          "A,Q",          "A,K",           "A,K",
    "A,K",          "2,2",          "2,2",          "3,3",          "4,4",           "5,5",
    "6,6",          "6,6",          "7,7",          "8,8",          "9,9",           "10,10",
    "10,10",        "J,J",          "Q,Q",          "K,K",          "A,A",           "A,A",
    "6 high flush", "9 high flush", "J high flush", "K high flush", "A high flush",  "10 high run",
    "Q high run",   "A high run"};

/* Whether x printed to `decimals` places is `printed` (the notes round to
 * the nearest, and a printed 0 stands for "negligible"). */
static int rounds_to(double x, double printed, int decimals)
{
    char a[32], b[32];
    snprintf(a, sizeof a, "%.*f", decimals, x);
    snprintf(b, sizeof b, "%.*f", decimals, printed);
    return strcmp(a, b) == 0;
}

static int add_check(brag_check *out, int n, int max, const char *what, double notes, double exact,
                     int decimals)
{
    if (n < max) {
        out[n].what = what;
        out[n].notes = notes;
        out[n].exact = exact;
        out[n].agrees = rounds_to(exact, notes, decimals);
    }
    return n + 1;
}

int ar_brag_notes_checks(brag_check *out, int max)
{
    static const char *const high_what[10][3] = {
        {"5 high: ways", "5 high: probability %", "5 high: cumulative %"},
        {"6 high: ways", "6 high: probability %", "6 high: cumulative %"},
        {"7 high: ways", "7 high: probability %", "7 high: cumulative %"},
        {"8 high: ways", "8 high: probability %", "8 high: cumulative %"},
        {"9 high: ways", "9 high: probability %", "9 high: cumulative %"},
        {"10 high: ways", "10 high: probability %", "10 high: cumulative %"},
        {"J high: ways", "J high: probability %", "J high: cumulative %"},
        {"Q high: ways", "Q high: probability %", "Q high: cumulative %"},
        {"K high: ways", "K high: probability %", "K high: cumulative %"},
        {"A high: ways", "A high: probability %", "A high: cumulative %"}};
    uint64_t cls[BRAG_CLASSES] = {0};
    double high[AR_CARD_RANKS] = {0}, pct, cum = 0;
    int a, b, c, n = 0, top;
    for (a = 0; a < AR_DECK_SIZE; a++)
        for (b = a + 1; b < AR_DECK_SIZE; b++)
            for (c = b + 1; c < AR_DECK_SIZE; c++) {
                ar_card h[3] = {(ar_card)a, (ar_card)b, (ar_card)c};
                uint32_t key = ar_brag_key(h);
                cls[key >> 16]++;
                if ((key >> 16) == BRAG_HIGH_CARD)
                    high[key >> 8 & 15]++;
            }
    pct = 100.0 / BRAG_HANDS;
    /* The notes' hand computations p1..p7 (per cent, two decimals). */
    n = add_check(out, n, max, "p1 prial of 3s %", 0.02, 100.0 * 4 / 52 * 3 / 51 * 2 / 50, 2);
    n = add_check(out, n, max, "p2 other prials %", 0.22, (double)(cls[BRAG_PRIAL] - 4) * pct, 2);
    n = add_check(out, n, max, "p3 running flush %", 0.22, (double)cls[BRAG_RUNNING_FLUSH] * pct, 2);
    n = add_check(out, n, max, "p4 run %", 3.26, (double)cls[BRAG_RUN] * pct, 2);
    n = add_check(out, n, max, "p5 flush %", 4.96, (double)cls[BRAG_FLUSH] * pct, 2);
    n = add_check(out, n, max, "p6 pair %", 16.94, (double)cls[BRAG_PAIR] * pct, 2);
    n = add_check(out, n, max, "p7 high card %", 74.4, (double)cls[BRAG_HIGH_CARD] * pct, 1);
    /* The high-card table: each high-card hand is a set of ranks times the
     * 4^3 - 4 suit patterns that are not flushes. */
    for (top = 3; top <= AR_RANK_ACE; top++) {
        int i = top - 3;
        double prob = high[top] * pct;
        cum += prob;
        n = add_check(out, n, max, high_what[i][0], notes_high[i].ways, high[top] / 60.0, 0);
        n = add_check(out, n, max, high_what[i][1], notes_high[i].prob, prob, 0);
        n = add_check(out, n, max, high_what[i][2], notes_high[i].cum, cum, 0);
    }
    cum += (double)cls[BRAG_PAIR] * pct;
    n = add_check(out, n, max, "pair: probability %", 17, (double)cls[BRAG_PAIR] * pct, 0);
    n = add_check(out, n, max, "pair: cumulative %", 92, cum, 0);
    cum += (double)cls[BRAG_FLUSH] * pct;
    n = add_check(out, n, max, "flush: probability %", 5, (double)cls[BRAG_FLUSH] * pct, 0);
    n = add_check(out, n, max, "flush: cumulative %", 97, cum, 0);
    cum += (double)cls[BRAG_RUN] * pct;
    n = add_check(out, n, max, "run: probability %", 3, (double)cls[BRAG_RUN] * pct, 0);
    n = add_check(out, n, max, "run: cumulative %", 100, cum, 0);
    return n;
}

void ar_brag_percentile_table(brag_percentile_row rows[50])
{
    int a, b, c, p;
    uint32_t best[50];
    ar_card hand[50][3];
    for (p = 0; p < 50; p++)
        best[p] = UINT32_MAX;
    /* For each percentile the weakest hand whose value reaches it. */
    for (a = 0; a < AR_DECK_SIZE; a++)
        for (b = a + 1; b < AR_DECK_SIZE; b++)
            for (c = b + 1; c < AR_DECK_SIZE; c++) {
                ar_card h[3] = {(ar_card)a, (ar_card)b, (ar_card)c};
                uint32_t key = ar_brag_key(h), below, equal;
                ar_brag_rank_counts(key, &below, &equal);
                for (p = 0; p < 50; p++)
                    if ((uint64_t)(below + equal) * 100 >= (uint64_t)(50 + p) * BRAG_HANDS &&
                        key < best[p]) {
                        best[p] = key;
                        memcpy(hand[p], h, 3);
                    }
            }
    for (p = 0; p < 50; p++) {
        rows[p].percent = 50 + p;
        ar_brag_describe(hand[p], rows[p].exact, sizeof rows[p].exact);
        rows[p].notes = notes_percentiles[p];
    }
}
