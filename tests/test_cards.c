/* test_cards.c — the card library (cards.h) and brag's hands: notation,
 * decks and shuffles; the counts of three- and five-card hands by class
 * against the published counts (data/cards/hand-counts.txt) and against an
 * oracle written here that counts by formula, not by enumeration; brag's
 * order of hands; the value (percentile) of a hand; and the lecture notes'
 * tables, with exactly the figures that are off. */
#include "check.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/cards.h"
#include "ariadne/tool.h"
#include "games/brag/brag_internal.h"

static ar_card card(const char *t)
{
    ar_card c = 0;
    ar_error err;
    CHECK_MSG(ar_card_parse(t, strlen(t), &c, &err) == AR_OK, "%s: %s", t, err.message);
    return c;
}

static void hand3(const char *a, const char *b, const char *c, ar_card out[3])
{
    out[0] = card(a);
    out[1] = card(b);
    out[2] = card(c);
}

static void test_notation(void)
{
    char buf[3];
    ar_card c;
    ar_error err;
    int k;
    for (k = 0; k < AR_DECK_SIZE; k++) {
        ar_card_format((ar_card)k, buf);
        CHECK(ar_card_parse(buf, 2, &c, &err) == AR_OK && c == k);
    }
    CHECK(card("As") == AR_CARD(AR_RANK_ACE, 3));
    CHECK(card("10d") == card("Td"));
    CHECK(card("tD") == card("Td"));
    CHECK(card("2c") == 0);
    CHECK(ar_card_parse("1d", 2, &c, &err) == AR_ERR_INPUT && strstr(err.message, "not a card"));
    CHECK(ar_card_parse("Ax", 2, &c, &err) == AR_ERR_INPUT && strstr(err.message, "suit"));
    CHECK(ar_card_parse("As ", 3, &c, &err) == AR_ERR_INPUT);
    CHECK(ar_card_parse("", 0, &c, &err) == AR_ERR_INPUT);
}

static void test_decks(void)
{
    ar_card cards[3 * AR_DECK_SIZE];
    int seen[AR_DECK_SIZE] = {0}, k, moved = 0;
    ar_rng rng;
    CHECK_EQ_U(ar_deck_fill(cards, 3), 156);
    ar_rng_seed(&rng, 7);
    ar_cards_shuffle(cards, 156, &rng);
    for (k = 0; k < 156; k++) {
        seen[cards[k]]++;
        moved += cards[k] != k % AR_DECK_SIZE;
    }
    for (k = 0; k < AR_DECK_SIZE; k++)
        CHECK(seen[k] == 3);
    CHECK(moved > 100);
}

/* Oracle: the classes of three-card hands counted by formula. */
static void formula3(uint64_t counts[AR_HAND_CLASSES])
{
    uint64_t runs = 12; /* A-2-3 .. Q-K-A */
    memset(counts, 0, sizeof(uint64_t) * AR_HAND_CLASSES);
    counts[AR_HAND_THREE_OF_A_KIND] = 13 * 4;                /* C(4,3) per rank */
    counts[AR_HAND_STRAIGHT_FLUSH] = runs * 4;
    counts[AR_HAND_STRAIGHT] = runs * (64 - 4);
    counts[AR_HAND_FLUSH] = 4 * (286 - runs);                /* C(13,3) sets of ranks, not runs */
    counts[AR_HAND_PAIR] = 13 * 6 * 48;
    counts[AR_HAND_HIGH_CARD] = (286 - runs) * (64 - 4);
}

static void test_counts(void)
{
    uint64_t got[AR_HAND_CLASSES], want[AR_HAND_CLASSES];
    char path[1024], why[256], *text, *line, *save = NULL;
    int k, rows = 0;
    CHECK_EQ_U(ar_hand_count_classes(3, got), 22100);
    formula3(want);
    for (k = 0; k < AR_HAND_CLASSES; k++)
        CHECK_MSG(got[k] == want[k], "3 cards, %s: %llu by enumeration, %llu by formula", ar_hand_class_name(k),
                  (unsigned long long)got[k], (unsigned long long)want[k]);
    CHECK(ar_hand_count_classes(4, got) == 0);
    CHECK(ar_data_path("cards/hand-counts.txt", path, sizeof path) == 0);
    text = ar_read_file(path, why, sizeof why);
    CHECK_MSG(text != NULL, "%s", why);
    if (!text)
        return;
    for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        int cards;
        char cls[40];
        unsigned long long hands;
        uint64_t counts[AR_HAND_CLASSES];
        if (line[0] == '#')
            continue;
        CHECK(sscanf(line, "%d|%39[^|]|%llu", &cards, cls, &hands) == 3);
        ar_hand_count_classes(cards, counts);
        for (k = 0; k < AR_HAND_CLASSES && strcmp(ar_hand_class_name(k), cls); k++)
            ;
        CHECK_MSG(k < AR_HAND_CLASSES && counts[k] == hands, "%d cards, %s: %llu published", cards, cls, hands);
        rows++;
    }
    CHECK(rows == 16);
    free(text);
}

static void test_five_card_order(void)
{
    ar_card royal[5], wheel[5], six_high[5], quads[5], boat[5];
    const char *r[] = {"As", "Ks", "Qs", "Js", "Ts"}, *w[] = {"Ac", "2d", "3h", "4s", "5c"},
               *s6[] = {"2c", "3d", "4h", "5s", "6c"}, *q[] = {"9c", "9d", "9h", "9s", "2c"},
               *f[] = {"Kc", "Kd", "Kh", "2s", "2c"};
    int k;
    for (k = 0; k < 5; k++) {
        royal[k] = card(r[k]);
        wheel[k] = card(w[k]);
        six_high[k] = card(s6[k]);
        quads[k] = card(q[k]);
        boat[k] = card(f[k]);
    }
    CHECK(ar_hand5_class(royal) == AR_HAND_ROYAL_FLUSH);
    CHECK(ar_hand5_class(wheel) == AR_HAND_STRAIGHT);
    CHECK(ar_hand5_value(wheel) < ar_hand5_value(six_high));
    CHECK(ar_hand5_value(boat) < ar_hand5_value(quads) && ar_hand5_value(quads) < ar_hand5_value(royal));
}

static void test_brag_order(void)
{
    ar_card h[3], g[3];
    hand3("3c", "3d", "3h", h);
    hand3("Ac", "Ad", "Ah", g);
    CHECK(ar_brag_class(h) == BRAG_PRIAL && ar_brag_key(h) > ar_brag_key(g)); /* threes on top */
    hand3("As", "2s", "3s", h);
    CHECK(ar_brag_class(h) == BRAG_RUNNING_FLUSH && ar_brag_key(g) > ar_brag_key(h));
    hand3("Ks", "Qs", "As", g);
    CHECK(ar_brag_key(h) > ar_brag_key(g)); /* A-2-3 the best running flush */
    hand3("Ac", "2d", "3h", h);
    hand3("Ac", "Kd", "Qh", g);
    CHECK(ar_brag_class(h) == BRAG_RUN && ar_brag_key(h) > ar_brag_key(g));
    hand3("2c", "3d", "4h", g);
    CHECK(ar_brag_class(g) == BRAG_RUN);
    hand3("Ac", "Kc", "Jc", h);
    CHECK(ar_brag_class(h) == BRAG_FLUSH && ar_brag_key(g) > ar_brag_key(h)); /* a run beats a flush */
    hand3("Ah", "Ad", "Kc", g);
    CHECK(ar_brag_class(g) == BRAG_PAIR && ar_brag_key(h) > ar_brag_key(g));
    hand3("2h", "2d", "3c", h);
    hand3("Ah", "Kd", "Jc", g);
    CHECK(ar_brag_key(h) > ar_brag_key(g)); /* the lowest pair beats the best high card */
    hand3("Ah", "Kd", "Jc", h);
    hand3("As", "Kc", "Jd", g);
    CHECK(ar_brag_key(h) == ar_brag_key(g)); /* suits do not break ties */
    /* Values: the share of hands ranking no higher. */
    hand3("3c", "3d", "3h", h);
    CHECK(fabs(ar_brag_value(h) - 1.0) < 1e-12);
    hand3("2c", "3d", "5h", h);
    CHECK(fabs(ar_brag_value(h) - 60.0 / 22100) < 1e-12); /* the worst hand: 60 such hands */
    hand3("Ah", "Kd", "Qc", h);
    {
        char d[32];
        ar_brag_describe(h, d, sizeof d);
        CHECK_STR(d, "A high run");
        hand3("Ah", "2d", "3c", h);
        ar_brag_describe(h, d, sizeof d);
        CHECK_STR(d, "A-2-3 run");
        hand3("7h", "7d", "Kc", h);
        ar_brag_describe(h, d, sizeof d);
        CHECK_STR(d, "7,7");
    }
}

static void test_notes_tables(void)
{
    brag_check checks[64];
    brag_percentile_row rows[50];
    int n = ar_brag_notes_checks(checks, 64), k, off = 0, differ = 0;
    /* Exactly these figures of the notes are off (the rest agree as printed). */
    static const char *const off_expected[] = {"9 high: cumulative %", "10 high: cumulative %",
                                               "A high: probability %", "A high: cumulative %",
                                               "pair: cumulative %",   "flush: cumulative %"};
    CHECK(n == 43);
    for (k = 0; k < n && k < 64; k++)
        if (!checks[k].agrees) {
            CHECK_MSG(off < 6 && strcmp(checks[k].what, off_expected[off]) == 0, "unexpectedly off: %s",
                      checks[k].what);
            off++;
        }
    CHECK(off == 6);
    CHECK(strcmp(checks[0].what, "p1 prial of 3s %") == 0 && checks[0].agrees);
    CHECK(fabs(checks[5].exact - 100.0 * 3744 / 22100) < 1e-9); /* p6, the pairs */
    ar_brag_percentile_table(rows);
    CHECK(rows[0].percent == 50 && rows[49].percent == 99);
    CHECK_STR(rows[25].exact, "2,2"); /* value 75: the lowest pair */
    CHECK_STR(rows[22].exact, "A,K");
    CHECK_STR(rows[49].exact, "K high run");
    for (k = 0; k < 50; k++)
        differ += strcmp(rows[k].exact, rows[k].notes) != 0;
    CHECK_MSG(differ == 12, "%d percentile entries differ from the notes", differ);
}

int main(void)
{
    test_notation();
    test_decks();
    test_counts();
    test_five_card_order();
    test_brag_order();
    test_notes_tables();
    return check_report("test_cards");
}
