/* test_blackjack.c — blackjack's exact calculator against published and
 * independent figures, its chart, the simulator against the exact
 * expectation, and the game's rules:
 *
 *   - the dealer's final totals against the Wizard of Odds' appendix 2b and
 *     against a naive recursion over his draw sequences written here;
 *   - two-card hands' stand/hit/double against appendix 9's tables
 *     (data/cards/woo-hands.txt) to 2e-6;
 *   - the game's expectation against the exact published figures for one
 *     and two decks and the infinite deck (data/cards/blackjack-published.txt)
 *     within 0.01 percentage points (the five-deck rows are in the CLI test);
 *   - the 6-deck S17 DAS late-surrender chart cell by cell against the
 *     published chart (data/cards/chart-6d-s17-das-ls.txt);
 *   - a seeded simulation within its interval of the chart's exact
 *     expectation, and the same result with one thread or two;
 *   - rounds worked by hand: naturals, splits, doubles, surrender, the
 *     dealer's draws, views that hide the hole card, and bad text. */
#include "check.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/tool.h"
#include "games/blackjack/bj_internal.h"

static const ar_game *G;

/* Under the sanitizers every computation is some fifteen times slower: the
 * same checks run on fewer rule sets and hands (the Release build runs all). */
#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZED 1
#endif
#endif
#ifndef SANITIZED
#define SANITIZED 0
#endif

static char *data_file(const char *name)
{
    char path[1024], why[256], *text;
    CHECK_MSG(ar_data_path(name, path, sizeof path) == 0, "%s not found", name);
    text = ar_read_file(path, why, sizeof why);
    CHECK_MSG(text != NULL, "%s", why);
    return text;
}

static int rules_of(const char *words, bj_rules *r)
{
    char buf[200];
    ar_param params[16];
    size_t n;
    ar_error err;
    snprintf(buf, sizeof buf, "%s", words);
    n = ar_param_split(buf, params, 16);
    CHECK_MSG(ar_bj_rules_from_params(params, n, r, &err) == AR_OK, "%s: %s", words, err.message);
    return 0;
}

static int rank_of(char c) { return c == 'A' ? 1 : c == 'T' ? 10 : c - '0'; }

/* ------------------------------------------------------------ the dealer */

/* Oracle: the dealer's totals by every sequence of draws from counts. */
static void naive_dealer(const bj_rules *r, int count[11], int total, int hard, int aces, int cards, int up,
                         double w, double out[6])
{
    int soft = aces && hard + 10 <= 21, t = soft ? hard + 10 : hard, k;
    if (t > 21) {
        out[5] += w;
        return;
    }
    if (t > 17 || (t == 17 && !(soft && r->h17))) {
        out[t - 17] += w;
        return;
    }
    for (k = 1; k <= 10; k++) {
        if (!count[k] || (cards == 1 && ((up == 1 && k == 10) || (up == 10 && k == 1))))
            continue;
        w *= 1; /* keep the weight per branch below */
        count[k]--;
        naive_dealer(r, count, total - 1, hard + k, aces + (k == 1), cards + 1, up, w * (count[k] + 1) / total, out);
        count[k]++;
    }
}

static void test_dealer(void)
{
    char *text = data_file("cards/woo-dealer.txt"), *line, *save = NULL;
    bj_rules r;
    int rows = 0, up, k;
    for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        int decks, upcard;
        char rule[8];
        double want[6], got[6];
        if (line[0] == '#')
            continue;
        CHECK(sscanf(line, "%d|%7[^|]|%d|%lf|%lf|%lf|%lf|%lf|%lf", &decks, rule, &upcard, &want[0], &want[1], &want[2],
                     &want[3], &want[4], &want[5]) == 9);
        ar_bj_rules_default(&r);
        r.decks = decks;
        r.h17 = strcmp(rule, "h17") == 0;
        ar_bj_dealer_outcomes(&r, NULL, upcard, got);
        for (k = 0; k < 6; k++)
            CHECK_MSG(fabs(got[k] - want[k]) < 2e-6, "upcard %d outcome %d: %.7f, published %.7f", upcard, k, got[k],
                      want[k]);
        rows++;
    }
    CHECK(rows == 7);
    free(text);
    /* Every upcard of two decks, H17, against the naive recursion (given no
     * blackjack, so renormalised over the hole cards allowed). */
    rules_of("decks=2 h17", &r);
    for (up = 1; up <= 10; up++) {
        bj_shoe s;
        double naive[6] = {0}, got[6], sum = 0;
        ar_bj_shoe_full(&s, 2);
        s.count[up]--;
        s.total--;
        naive_dealer(&r, s.count, s.total, up, up == 1, 1, up, 1.0, naive);
        for (k = 0; k < 6; k++)
            sum += naive[k];
        ar_bj_dealer_outcomes(&r, &s, up, got);
        for (k = 0; k < 6; k++)
            CHECK_MSG(fabs(got[k] - naive[k] / sum) < 1e-12, "upcard %d outcome %d", up, k);
    }
}

/* ------------------------------------------------------- hands and games */

static void test_hands(void)
{
    char *text = data_file("cards/woo-hands.txt"), *line, *save = NULL, last[64] = "";
    bj_calc *c = NULL;
    int rows = 0;
    for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        char rules[64], up[4], hand[8];
        double stand, hit, dbl;
        bj_rules r;
        bj_hand_ev ev;
        ar_error err;
        if (line[0] == '#')
            continue;
        CHECK(sscanf(line, "%63[^|]|%3[^|]|%7[^|]|%lf|%lf|%lf", rules, up, hand, &stand, &hit, &dbl) == 6);
        if (strcmp(rules, last) != 0) {
            ar_bj_calc_free(c);
            rules_of(rules, &r);
            CHECK(ar_bj_calc_new(&r, NULL, &c, &err) == AR_OK);
            snprintf(last, sizeof last, "%s", rules);
        }
        ar_bj_hand(c, rank_of(up[0]), rank_of(hand[0]), rank_of(hand[2]), &ev);
        CHECK_MSG(fabs(ev.stand - stand) < 2e-6 && fabs(ev.hit - hit) < 2e-6 && fabs(ev.dbl - dbl) < 2e-6,
                  "%s, %s vs %s: %.6f %.6f %.6f, published %.6f %.6f %.6f", rules, hand, up, ev.stand, ev.hit, ev.dbl,
                  stand, hit, dbl);
        rows++;
    }
    CHECK(rows == 39);
    ar_bj_calc_free(c);
    free(text);
}

static void test_published(void)
{
    char *text = data_file("cards/blackjack-published.txt"), *line, *save = NULL;
    int rows = 0;
    for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        char label[80], rules[100];
        double published;
        bj_rules r;
        bj_calc *c;
        bj_game_ev g;
        ar_error err;
        if (line[0] == '#')
            continue;
        CHECK(sscanf(line, "%79[^|]|%99[^|]|%lf|", label, rules, &published) == 3);
        if (strstr(line, "approximate") || strstr(rules, "decks=5"))
            continue; /* the calculator's rule sums; five decks in cli_cards.sh */
        if (SANITIZED && strcmp(rules, "decks=1") != 0 && strcmp(rules, "decks=inf") != 0)
            continue;
        rules_of(rules, &r);
        CHECK(ar_bj_calc_new(&r, NULL, &c, &err) == AR_OK && ar_bj_game(c, &g, NULL, &err) == AR_OK);
        CHECK_MSG(fabs(100 * g.ev - published) <= 0.01, "%s: %+.4f%%, published %+.4f%%", label, 100 * g.ev, published);
        if (r.decks == 0)
            CHECK(fabs(100 * g.ev - published) < 5e-7); /* the infinite deck to every published digit */
        /* A natural against a dealer's: as many as the player's. */
        CHECK(fabs(g.p_natural - g.p_dealer_bj) < 1e-12);
        ar_bj_calc_free(c);
        rows++;
    }
    CHECK(rows == (SANITIZED ? 2 : 7));
    free(text);
}

static void test_chart(void)
{
    char *text = data_file("cards/chart-6d-s17-das-ls.txt"), *line, *save = NULL;
    static const int cols[10] = {2, 3, 4, 5, 6, 7, 8, 9, 10, 1};
    bj_rules r;
    bj_strategy s;
    ar_error err;
    int rows = 0;
    rules_of("decks=6 surrender", &r);
    CHECK(ar_bj_basic_strategy(&r, &s, NULL, &err) == AR_OK);
    for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        char kind[8], what[4], codes[10][4];
        const uint8_t *cells;
        int i;
        if (line[0] == '#')
            continue;
        CHECK(sscanf(line, "%7s %3[^|]|%3s %3s %3s %3s %3s %3s %3s %3s %3s %3s", kind, what, codes[0], codes[1], codes[2],
                     codes[3], codes[4], codes[5], codes[6], codes[7], codes[8], codes[9]) == 12);
        if (strcmp(kind, "pair") == 0)
            cells = s.pair[rank_of(what[0])];
        else if (strcmp(kind, "soft") == 0)
            cells = s.soft2[atoi(what)];
        else
            cells = s.hard2[atoi(what)];
        for (i = 0; i < 10; i++)
            CHECK_MSG(strcmp(ar_bj_code_name(cells[cols[i]]), codes[i]) == 0, "%s %s vs %d: %s, published %s", kind,
                      what, cols[i], ar_bj_code_name(cells[cols[i]]), codes[i]);
        rows++;
    }
    CHECK(rows == 30);
    free(text);
    /* H17 with surrender changes the cells it is known to: 11 vs A and A,7
     * vs 2 double, A,8 vs 6 doubles, 15 vs A and 17 vs A surrender, and 8,8
     * vs A surrenders where it may, else splits. */
    if (SANITIZED)
        return;
    rules_of("decks=6 h17 surrender", &r);
    CHECK(ar_bj_basic_strategy(&r, &s, NULL, &err) == AR_OK);
    CHECK(s.hard2[11][1] == BJ_DH && s.soft2[18][2] == BJ_DS && s.soft2[19][6] == BJ_DS);
    CHECK(s.hard2[15][1] == BJ_RH && s.hard2[17][1] == BJ_RS && s.pair[8][1] == BJ_RP);
}

static void test_simulation(void)
{
    bj_rules r;
    bj_strategy s;
    bj_calc *c;
    bj_sim_options o;
    bj_sim_result one, two;
    ar_error err;
    double exact, cd;
    rules_of("decks=inf", &r);
    CHECK(ar_bj_basic_strategy(&r, &s, NULL, &err) == AR_OK);
    CHECK(ar_bj_calc_new(&r, NULL, &c, &err) == AR_OK);
    CHECK(ar_bj_strategy_ev(c, &s, &exact, NULL, &err) == AR_OK);
    {
        bj_game_ev g;
        CHECK(ar_bj_game(c, &g, NULL, &err) == AR_OK);
        cd = g.ev;
    }
    ar_bj_calc_free(c);
    CHECK(fabs(exact - cd) < 1e-12); /* an infinite deck: the chart is the best play */
    memset(&o, 0, sizeof o);
    o.rules = r;
    o.strategy = &s;
    o.hands = (SANITIZED ? 1u : 3u) * BJ_SIM_CHUNK;
    o.seed = 1;
    o.threads = 2;
    CHECK(ar_bj_simulate(&o, &two, &err) == AR_OK && two.hands == o.hands);
    CHECK_MSG(fabs(two.mean - exact) <= 1.5 * two.half_width, "simulated %.5f ± %.5f, exact %.5f", two.mean,
              two.half_width, exact);
    o.threads = 1;
    CHECK(ar_bj_simulate(&o, &one, &err) == AR_OK && one.mean == two.mean);
    /* One deck, a fresh shoe every hand: the chart's exact expectation. */
    rules_of("decks=1 h17", &r);
    CHECK(ar_bj_basic_strategy(&r, &s, NULL, &err) == AR_OK);
    CHECK(ar_bj_calc_new(&r, NULL, &c, &err) == AR_OK && ar_bj_strategy_ev(c, &s, &exact, NULL, &err) == AR_OK);
    ar_bj_calc_free(c);
    o.rules = r;
    o.threads = 2;
    o.seed = 2;
    CHECK(ar_bj_simulate(&o, &two, &err) == AR_OK);
    CHECK_MSG(fabs(two.mean - exact) <= 1.5 * two.half_width, "one deck: simulated %.5f ± %.5f, exact %.5f",
              two.mean, two.half_width, exact);
    /* The ten-count: a shoe dealt through, the ratio recorded. */
    o.shoe_game = 1;
    o.penetration = 0.75;
    o.count = 1;
    o.hands = BJ_SIM_CHUNK;
    CHECK(ar_bj_simulate(&o, &two, &err) == AR_OK);
    {
        uint64_t total = 0;
        int b;
        for (b = 0; b < BJ_COUNT_BINS; b++)
            total += two.bin_hands[b];
        CHECK(total == two.hands && two.bin_hands[10] > 0); /* 2.2..2.3: a full deck's 2.25 */
    }
    o.penetration = 0.95;
    CHECK(ar_bj_simulate(&o, &two, &err) == AR_ERR_INPUT);
}

/* ------------------------------------------------------------- the game */

static void deal(const ar_variant *v, void *pos, const char *cards)
{
    for (; *cards; cards++) {
        CHECK(G->to_move(v, pos) == AR_PLAYER_CHANCE);
        G->apply(v, pos, (ar_gmove)rank_of(*cards));
    }
}

static void act(const ar_variant *v, void *pos, const char *m)
{
    ar_gmove mv;
    ar_error err;
    CHECK_MSG(G->parse_move(v, pos, 0, m, strlen(m), &mv, &err) == AR_OK, "%s: %s", m, err.message);
    G->apply(v, pos, mv);
}

static const char *text(const ar_variant *v, const void *pos)
{
    static char buf[512];
    G->format_position(v, pos, buf, sizeof buf);
    return buf;
}

static double gain(const ar_variant *v, const void *pos)
{
    double s[2];
    G->scores(v, pos, s);
    return s[0];
}

static void test_rounds(void)
{
    ar_variant *v;
    ar_error err;
    ar_param p[2] = {{"decks", "1"}, {"surrender", NULL}};
    bj_pos pos, view;
    ar_gmove m;
    CHECK(ar_game_create(G, p, 2, &v, &err) == AR_OK);
    /* Deal P, D, P, D: 8 to the player, 6 up, 8, T in the hole. Split the
     * eights; 3 to the first (double it: T), 9 to the second; the dealer
     * draws 5 to 21. */
    G->initial_position(v, &pos);
    deal(v, &pos, "868");
    CHECK_STR(text(v, &pos), "deal 4,4,4,4,4,3,4,2,4,16 6 *88/1/p");
    deal(v, &pos, "T");
    CHECK_STR(text(v, &pos), "play 4,4,4,4,4,3,4,2,4,15 6T *88/1/p");
    G->observe(v, &pos, 0, &view);
    CHECK_STR(text(v, &view), "play 4,4,4,4,4,3,4,2,4,16 6? *88/1/p");
    act(v, &pos, "split");
    CHECK(G->to_move(v, &pos) == AR_PLAYER_CHANCE);
    deal(v, &pos, "3");
    CHECK(G->parse_move(v, &pos, 0, "r", 1, &m, &err) == AR_ERR_INPUT); /* no surrender after a split */
    act(v, &pos, "d");
    deal(v, &pos, "T9");
    CHECK_STR(text(v, &pos), "play 4,4,3,4,4,3,4,2,3,14 6T 83T/2/s *89/1/p");
    act(v, &pos, "s");
    CHECK(G->to_move(v, &pos) == AR_PLAYER_CHANCE); /* the dealer draws */
    deal(v, &pos, "5");
    CHECK(G->outcome(v, &pos) == AR_WIN_P1 && gain(v, &pos) == -1); /* 21 pushes, 17 loses */
    /* A natural pays 3:2; against the dealer's, it pushes. */
    G->initial_position(v, &pos);
    deal(v, &pos, "A9T8");
    CHECK(G->outcome(v, &pos) == AR_WIN_P0 && gain(v, &pos) == 1.5);
    G->initial_position(v, &pos);
    deal(v, &pos, "AATT");
    CHECK(G->outcome(v, &pos) == AR_DRAW);
    G->initial_position(v, &pos);
    deal(v, &pos, "9AT");
    deal(v, &pos, "T");
    CHECK(G->outcome(v, &pos) == AR_WIN_P1 && gain(v, &pos) == -1); /* the dealer checks: blackjack */
    /* Surrender: half the bet. Busting: the dealer does not draw. */
    G->initial_position(v, &pos);
    deal(v, &pos, "TT67");
    act(v, &pos, "surrender");
    CHECK(G->outcome(v, &pos) == AR_WIN_P1 && gain(v, &pos) == -0.5);
    G->initial_position(v, &pos);
    deal(v, &pos, "TT67");
    act(v, &pos, "hit");
    deal(v, &pos, "9");
    CHECK_STR(text(v, &pos), "over 4,4,4,4,4,3,3,4,3,14 T7 T69/1/s");
    CHECK(gain(v, &pos) == -1);
    /* Bad text and moves. */
    CHECK(G->parse_position(v, "play inf 6T *88/1/p", &pos, &err) == AR_ERR_INPUT);
    CHECK(G->parse_position(v, "play 4,4,4,4,4,3,4,2,4,15 6T *88/3/p", &pos, &err) == AR_ERR_INPUT);
    CHECK(G->parse_position(v, "play 4,4,4,4,4,4,4,2,4,15 6T *88/1/p", &pos, &err) == AR_ERR_INPUT &&
          strstr(err.message, "rank 6"));
    CHECK(G->parse_position(v, "play 4,4,4,4,4,3,4,2,4,15 6T 88/1/p", &pos, &err) == AR_ERR_INPUT);
    CHECK(G->parse_position(v, "play 4,4,4,4,4,3,4,2,4,15 6T *88/1/p", &pos, &err) == AR_OK);
    CHECK(G->parse_move(v, &pos, 0, "fold", 4, &m, &err) == AR_ERR_INPUT);
    G->destroy(v);
    p[0].value = "9";
    CHECK(ar_game_create(G, p, 1, &v, &err) == AR_ERR_INPUT && strstr(err.message, "decks"));
    p[0] = (ar_param){"rsa", NULL};
    p[1] = (ar_param){"split-hands", "2"};
    CHECK(ar_game_create(G, p, 2, &v, &err) == AR_ERR_INPUT);
}

int main(void)
{
    G = ar_game_find("blackjack");
    CHECK(G != NULL);
    if (!G)
        return check_report("test_blackjack");
    test_dealer();
    test_hands();
    test_published();
    test_chart();
    test_simulation();
    test_rounds();
    return check_report("test_blackjack");
}
