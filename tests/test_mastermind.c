/* test_mastermind.c — Mastermind's rules, strategies and exhaustive search
 * against oracles written here, independently of the code under test:
 *   - answers against a plain count of black and white pegs, every pair of
 *     codes of small games and random pairs of large ones;
 *   - the codes that fit a history against a plain filter;
 *   - every strategy tree is walked code by code with the plain answer
 *     function: Knuth's 5,801 with 1/6/62/533/694, Irving's 5,696, entropy's
 *     5,722, most parts' 5,668, Shapiro's 7,471 (the published figures);
 *   - the one-step rules choose among the symmetry-reduced candidates exactly
 *     what they choose among all codes;
 *   - the exhaustive search's optimum of small games equals a brute-force
 *     minimum over every guess (memoised on the set, a 64-bit mask), with
 *     and without a limit on the guesses;
 *   - the committed strategy files (5,625, 5,626, 5,801) walked the same way;
 *   - malformed tree files, bad codes and answers, and answers no code fits
 *     are refused with a message. */
#include "check.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/arena.h"
#include "ariadne/tool.h"
#include "games/mastermind/mm_game.h"

/* ------------------------------------------------------------- oracles */

static int P, C;

static void digits_of(uint32_t code, int *d)
{
    int i;
    for (i = P - 1; i >= 0; i--) {
        d[i] = (int)(code % (uint32_t)C);
        code /= (uint32_t)C;
    }
}

/* Black and white pegs of guess g against secret s, counted plainly. */
static void plain_answer(uint32_t g, uint32_t s, int *black, int *white)
{
    int dg[8], ds[8], i, j, used_s[8] = {0}, used_g[8] = {0};
    digits_of(g, dg);
    digits_of(s, ds);
    *black = *white = 0;
    for (i = 0; i < P; i++)
        if (dg[i] == ds[i]) {
            (*black)++;
            used_g[i] = used_s[i] = 1;
        }
    for (i = 0; i < P; i++)
        for (j = 0; j < P && !used_g[i]; j++)
            if (!used_s[j] && dg[i] == ds[j]) {
                (*white)++;
                used_g[i] = used_s[j] = 1;
            }
}

static uint32_t power(int base, int exp)
{
    uint32_t n = 1;
    while (exp-- > 0)
        n *= (uint32_t)base;
    return n;
}

static int setup(mm_rules *r, int pegs, int colours)
{
    ar_error err;
    P = pegs;
    C = colours;
    if (ar_mm_rules_init(r, pegs, colours, &err) != AR_OK || ar_mm_rules_table(r, &err) != AR_OK) {
        CHECK_MSG(0, "rules %dx%d: %s", pegs, colours, err.message);
        return 0;
    }
    return 1;
}

/* Walks every code down the tree with the plain answer; totals and the
 * count of codes found with k guesses; -1 when some code is not found. */
static long long walk_tree(const mm_rules *r, const mm_node *root, uint32_t *with, int *worst)
{
    long long total = 0;
    uint32_t code;
    *worst = 0;
    memset(with, 0, sizeof(uint32_t) * 32);
    for (code = 0; code < r->codes; code++) {
        const mm_node *n = root;
        int guesses = 1;
        for (;;) {
            int b, w, i;
            const mm_node *next = NULL;
            plain_answer(n->guess, code, &b, &w);
            if (b == P)
                break;
            for (i = 0; i < n->children; i++)
                if (r->black[n->edge[i].answer] == b && r->white[n->edge[i].answer] == w)
                    next = n->edge[i].node;
            if (!next || guesses > 30)
                return -1;
            n = next;
            guesses++;
        }
        total += guesses;
        with[guesses]++;
        if (guesses > *worst)
            *worst = guesses;
    }
    return total;
}

/* -------------------------------------------------------------- rules */

static void test_answers(void)
{
    static const int games[][2] = {{4, 6}, {3, 10}, {2, 2}, {1, 5}};
    size_t k;
    for (k = 0; k < sizeof games / sizeof games[0]; k++) {
        mm_rules r;
        uint32_t a, b;
        int bad = 0;
        if (!setup(&r, games[k][0], games[k][1]))
            continue;
        CHECK_EQ_U(r.codes, power(C, P));
        CHECK_EQ_U(r.answers, (P + 1) * (P + 2) / 2 - 1);
        CHECK(r.table != NULL);
        for (a = 0; a < r.codes; a++)
            for (b = 0; b < r.codes; b++) {
                int bl, wh;
                unsigned ans = mm_answer(&r, a, b);
                unsigned packed = mm_answer_packed(&r, r.digits[a], r.counts[a], r.digits[b], r.counts[b]);
                plain_answer(a, b, &bl, &wh);
                bad += r.black[ans] != bl || r.white[ans] != wh || packed != ans;
            }
        CHECK_MSG(bad == 0, "%dx%d: %d answers differ from the plain count", P, C, bad);
        ar_mm_rules_free(&r);
    }
    {
        /* large games without tables: random pairs */
        static const int big[][2] = {{8, 10}, {5, 8}, {7, 9}};
        ar_rng rng;
        ar_rng_seed(&rng, 7);
        for (k = 0; k < sizeof big / sizeof big[0]; k++) {
            mm_rules r;
            int i, bad = 0;
            if (!setup(&r, big[k][0], big[k][1]))
                continue;
            for (i = 0; i < 200000; i++) {
                uint32_t a = (uint32_t)ar_rng_below(&rng, r.codes), b = (uint32_t)ar_rng_below(&rng, r.codes);
                int bl, wh;
                unsigned ans = mm_answer(&r, a, b);
                plain_answer(a, b, &bl, &wh);
                bad += r.black[ans] != bl || r.white[ans] != wh;
            }
            CHECK_MSG(bad == 0, "%dx%d: %d random answers differ", P, C, bad);
            ar_mm_rules_free(&r);
        }
    }
}

static void test_notation(void)
{
    mm_rules r, r10;
    ar_error err;
    uint32_t code;
    unsigned a;
    char buf[32];
    static const char *const good[][2] = {{"2B1W", "2B1W"}, {"2 1", "2B1W"}, {"21", "2B1W"}, {"2,1", "2B1W"},
                                          {"bbw", "2B1W"}, {"1w", "0B1W"}, {"3B", "3B0W"}, {"0", "0B0W"},
                                          {"-", "0B0W"}, {" 4 0 ", "4B0W"}, {"0B4W", "0B4W"}};
    static const char *const bad[] = {"", "3B1W", "3 1", "5B", "2B3W", "x", "2B1W1", "1 2 3", "BBBBB", "1B1B", "--"};
    size_t i;
    if (!setup(&r, 4, 6) || !setup(&r10, 3, 10))
        return;
    for (i = 0; i < sizeof good / sizeof good[0]; i++) {
        ar_error_clear(&err);
        CHECK_MSG(ar_mm_parse_answer(&r, good[i][0], strlen(good[i][0]), &a, &err) == AR_OK, "'%s': %s",
                  good[i][0], err.message);
        ar_mm_format_answer(&r, a, buf, sizeof buf);
        CHECK_STR(buf, good[i][1]);
    }
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ar_error_clear(&err);
        CHECK_MSG(ar_mm_parse_answer(&r, bad[i], strlen(bad[i]), &a, &err) == AR_ERR_INPUT && err.message[0],
                  "answer '%s' accepted", bad[i]);
    }
    ar_mm_parse_answer(&r, "3B1W", 4, &a, &err);
    CHECK(strstr(err.message, "cannot happen") != NULL);
    CHECK(ar_mm_parse_code(&r, "1122", 4, &code, &err) == AR_OK && code == 7);
    CHECK(ar_mm_parse_code(&r, "6666", 4, &code, &err) == AR_OK && code == 1295);
    CHECK(ar_mm_parse_code(&r, "1172", 4, &code, &err) == AR_ERR_INPUT && strstr(err.message, "colour 7"));
    CHECK(ar_mm_parse_code(&r, "1120", 4, &code, &err) == AR_ERR_INPUT && strstr(err.message, "colour 0"));
    CHECK(ar_mm_parse_code(&r, "112", 3, &code, &err) == AR_ERR_INPUT && strstr(err.message, "has 3 pegs"));
    CHECK(ar_mm_parse_code(&r, "11a2", 4, &code, &err) == AR_ERR_INPUT && strstr(err.message, "not a code"));
    CHECK(ar_mm_parse_code(&r10, "090", 3, &code, &err) == AR_OK);
    ar_mm_format_code(&r10, code, buf, sizeof buf);
    CHECK_STR(buf, "090");
    ar_mm_rules_free(&r);
    ar_mm_rules_free(&r10);
}

/* The codes that fit a history: the peg-by-peg walk against a plain filter. */
static void test_consistent(void)
{
    static const int games[][2] = {{4, 6}, {5, 8}, {3, 10}};
    ar_rng rng;
    size_t k;
    ar_rng_seed(&rng, 11);
    for (k = 0; k < sizeof games / sizeof games[0]; k++) {
        mm_rules r;
        int trial;
        if (!setup(&r, games[k][0], games[k][1]))
            continue;
        for (trial = 0; trial < 20; trial++) {
            mm_history h;
            uint32_t secret = (uint32_t)ar_rng_below(&rng, r.codes), c, *out = malloc(sizeof *out * r.codes);
            uint64_t n, plain = 0, first_plain = UINT64_MAX;
            int rows = 1 + trial % 4, i, same = 1;
            h.count = rows;
            for (i = 0; i < rows; i++) {
                int bl, wh;
                h.guess[i] = (uint32_t)ar_rng_below(&rng, r.codes);
                plain_answer(h.guess[i], secret, &bl, &wh);
                h.answer[i] = r.answer_of[bl][wh];
            }
            n = ar_mm_consistent_set(&r, &h, out, r.codes);
            for (c = 0; c < r.codes; c++) {
                int fits = 1;
                for (i = 0; i < rows && fits; i++) {
                    int bl, wh;
                    plain_answer(h.guess[i], c, &bl, &wh);
                    fits = r.answer_of[bl][wh] == h.answer[i];
                }
                if (fits) {
                    if (plain < n && out[plain] != c)
                        same = 0;
                    if (first_plain == UINT64_MAX)
                        first_plain = c;
                    plain++;
                }
            }
            CHECK_MSG(n == plain && same, "%dx%d: %llu codes fit, the plain filter finds %llu", P, C,
                      (unsigned long long)n, (unsigned long long)plain);
            CHECK_EQ_U(ar_mm_each_consistent(&r, &h, NULL, NULL), plain);
            CHECK_EQ_U(ar_mm_first_consistent(&r, &h), first_plain);
            free(out);
        }
        ar_mm_rules_free(&r);
    }
}

/* The answers some code still fits, in a game large enough (6x8: 262,144
 * codes) to be asked answer by answer, against a tally of the codes that fit. */
static void test_possible_answers(void)
{
    mm_rules r;
    ar_rng rng;
    int trial;
    if (!setup(&r, 6, 8))
        return;
    ar_rng_seed(&rng, 3);
    for (trial = 0; trial < 6; trial++) {
        mm_history h;
        uint32_t secret = (uint32_t)ar_rng_below(&rng, r.codes), guess = (uint32_t)ar_rng_below(&rng, r.codes);
        uint32_t *set = malloc(sizeof *set * r.codes);
        uint64_t n, i, tally = 0;
        int k;
        h.count = trial % 3;
        for (k = 0; k < h.count; k++) {
            h.guess[k] = (uint32_t)ar_rng_below(&rng, r.codes);
            h.answer[k] = (uint8_t)mm_answer(&r, h.guess[k], secret);
        }
        n = ar_mm_consistent_set(&r, &h, set, r.codes);
        for (i = 0; i < n; i++)
            tally |= 1ull << mm_answer(&r, guess, set[i]);
        CHECK_EQ_U(ar_mm_possible_answers(&r, &h, guess), tally);
        free(set);
    }
    ar_mm_rules_free(&r);
}

/* ---------------------------------------------------------- strategies */

static mm_node *rule_tree(const mm_rules *r, mm_rule rule, int threads)
{
    mm_rule_chooser *c = ar_mm_rule_chooser_new(r, rule);
    mm_chooser ch = ar_mm_rule_chooser(c);
    mm_build_options o;
    mm_node *root = NULL;
    ar_error err;
    memset(&o, 0, sizeof o);
    o.threads = threads;
    CHECK_MSG(ar_mm_build(r, &ch, &o, &root, &err) == AR_OK, "%s: %s", ar_mm_rule_names[rule], err.message);
    ar_mm_rule_chooser_free(c);
    return root;
}

/* The published totals of the classic game (S. Gur's table; Knuth 1977). */
static void test_rules(void)
{
    static const struct {
        mm_rule rule;
        long long total;
        int worst;
        const char *first;
    } want[] = {{MM_KNUTH, 5801, 5, "1122"},   {MM_IRVING, 5696, 6, "1123"}, {MM_ENTROPY, 5722, 6, "1234"},
                {MM_PARTS, 5668, 6, "1123"},   {MM_CONSISTENT, 7471, 9, "1111"}};
    mm_rules r;
    size_t k;
    if (!setup(&r, 4, 6))
        return;
    for (k = 0; k < sizeof want / sizeof want[0]; k++) {
        uint32_t with[32];
        int worst, threads;
        for (threads = 1; threads <= 2; threads++) {
            mm_node *t = rule_tree(&r, want[k].rule, threads);
            mm_stats st;
            char g[16];
            long long total;
            if (!t)
                continue;
            total = walk_tree(&r, t, with, &worst);
            ar_mm_format_code(&r, t->guess, g, sizeof g);
            CHECK_MSG(total == want[k].total && worst == want[k].worst, "%s (%d threads): %lld guesses, worst %d",
                      ar_mm_rule_names[want[k].rule], threads, total, worst);
            CHECK_STR(g, want[k].first);
            CHECK(ar_mm_tree_check(&r, t, &st) && (long long)st.total == total && st.worst == worst);
            if (want[k].rule == MM_KNUTH) {
                char dist[64];
                CHECK(with[1] == 1 && with[2] == 6 && with[3] == 62 && with[4] == 533 && with[5] == 694);
                ar_mm_stats_distribution(&st, dist, sizeof dist);
                CHECK_STR(dist, "1/6/62/533/694");
            }
            ar_mm_tree_free(t);
        }
    }
    ar_mm_rules_free(&r);
}

/* Each rule's choice among the candidates is its choice among all codes,
 * on random histories (the symmetry reduction keeps the lowest code of
 * every class, so even the tie-break agrees). */
static void test_candidates(void)
{
    mm_rules r;
    ar_rng rng;
    mm_scratch s;
    ar_error err;
    int trial;
    if (!setup(&r, 4, 6) || ar_mm_scratch_init(&s, &r, &err) != AR_OK)
        return;
    ar_rng_seed(&rng, 5);
    for (trial = 0; trial < 40; trial++) {
        mm_history h;
        uint32_t secret = (uint32_t)ar_rng_below(&rng, r.codes), *set = malloc(sizeof *set * r.codes), n, g;
        int rule, i;
        h.count = trial % 3;
        for (i = 0; i < h.count; i++) {
            /* early guesses with few colours, so that symmetries remain */
            uint8_t col[4];
            int j;
            for (j = 0; j < 4; j++)
                col[j] = (uint8_t)ar_rng_below(&rng, (uint64_t)(2 + i));
            h.guess[i] = ar_mm_code_of(&r, col);
            h.answer[i] = (uint8_t)mm_answer(&r, h.guess[i], secret);
        }
        n = (uint32_t)ar_mm_consistent_set(&r, &h, set, r.codes);
        for (rule = 0; rule < MM_CONSISTENT; rule++) {
            mm_rule_chooser *c = ar_mm_rule_chooser_new(&r, (mm_rule)rule);
            mm_chooser ch = ar_mm_rule_chooser(c);
            uint32_t best = UINT32_MAX, x;
            double best_score = 0;
            int best_in = 0;
            ch.choose(ch.ctx, &s, &h, set, n, &g, &err);
            /* the plain choice: every code scored the same way */
            for (x = 0; x < r.codes; x++) {
                uint32_t count[MM_MAX_ANSWERS] = {0}, k2;
                double score = 0;
                int a, in;
                for (k2 = 0; k2 < n; k2++)
                    count[mm_answer(&r, x, set[k2])]++;
                for (a = 0; a < r.answers; a++) {
                    double cnt = count[a];
                    if (rule == MM_KNUTH && cnt > score)
                        score = cnt;
                    if (rule == MM_IRVING)
                        score += cnt * cnt;
                    if (rule == MM_ENTROPY && cnt > 0)
                        score += cnt * log2(cnt);
                    if (rule == MM_PARTS && cnt > 0)
                        score -= 1;
                }
                in = count[r.win] > 0;
                if (best == UINT32_MAX || score < best_score - 1e-9 ||
                    (score < best_score + 1e-9 && in && !best_in)) {
                    best = x;
                    best_score = score;
                    best_in = in;
                }
            }
            CHECK_MSG(g == best, "%s after %d guesses (%u codes fit): chose %u, all codes give %u",
                      ar_mm_rule_names[rule], h.count, (unsigned)n, (unsigned)g, (unsigned)best);
            ar_mm_rule_chooser_free(c);
        }
        free(set);
    }
    ar_mm_scratch_free(&s);
    ar_mm_rules_free(&r);
}

/* ------------------------------------------------------ optimal search */

/* Brute force: the smallest total over every guess, memoised on the set
 * (a mask of at most 64 codes) and the guesses left. */
typedef struct brute {
    uint32_t n;
    int answer[64][64]; /* black * 10 + white */
    uint64_t *keys;
    int *vals;
    size_t cap;
} brute;

static int brute_total(brute *b, uint64_t set, int left)
{
    size_t slot;
    uint64_t key = set * 0x9E3779B97F4A7C15ull ^ (uint64_t)left;
    int best = 1 << 28, n = __builtin_popcountll(set);
    uint32_t g, c;
    if (left <= 0)
        return 1 << 28;
    if (n == 1)
        return 1;
    for (slot = key & (b->cap - 1); b->keys[slot]; slot = (slot + 1) & (b->cap - 1))
        if (b->keys[slot] == (key | 1))
            return b->vals[slot];
    for (g = 0; g < b->n; g++) {
        uint64_t part[100] = {0};
        int total = n, a, nonempty = 0;
        for (c = 0; c < b->n; c++)
            if (set >> c & 1)
                part[b->answer[g][c]] |= 1ull << c;
        for (a = 0; a < 100; a++)
            nonempty += part[a] != 0;
        if (nonempty == 1 && !part[P * 10])
            continue; /* tells nothing */
        for (a = 0; a < 100 && total < best; a++)
            if (a != P * 10 && part[a])
                total += brute_total(b, part[a], left - 1);
        if (total < best)
            best = total;
    }
    for (slot = key & (b->cap - 1); b->keys[slot]; slot = (slot + 1) & (b->cap - 1))
        ;
    b->keys[slot] = key | 1;
    b->vals[slot] = best;
    return best;
}

static void test_optimal_small(void)
{
    static const int games[][3] = {{2, 3, 0}, {2, 4, 0}, {2, 5, 0}, {2, 6, 0}, {2, 6, 4}, {2, 6, 5}, {3, 3, 0},
                                   {3, 3, 3}, {3, 3, 4}, {2, 7, 0}, {3, 4, 3}, {3, 4, 4}};
    size_t k;
    for (k = 0; k < sizeof games / sizeof games[0]; k++) {
        mm_rules r;
        brute b;
        mm_optimal_options o;
        mm_optimal_result res;
        ar_error err;
        uint32_t g, c, with[32];
        int want, worst, limit = games[k][2];
        if (!setup(&r, games[k][0], games[k][1]))
            continue;
        memset(&b, 0, sizeof b);
        b.n = r.codes;
        b.cap = 1u << 20;
        b.keys = calloc(b.cap, sizeof *b.keys);
        b.vals = calloc(b.cap, sizeof *b.vals);
        for (g = 0; g < r.codes; g++)
            for (c = 0; c < r.codes; c++) {
                int bl, wh;
                plain_answer(g, c, &bl, &wh);
                b.answer[g][c] = bl * 10 + wh;
            }
        want = brute_total(&b, r.codes == 64 ? ~0ull : (1ull << r.codes) - 1, limit ? limit : 30);
        memset(&o, 0, sizeof o);
        o.max_guesses = limit;
        o.threads = 2;
        CHECK(ar_mm_optimal(&r, &o, &res, &err) == AR_OK && res.complete);
        if (want >= 1 << 28) {
            CHECK_MSG(!res.found && !res.tree, "%dx%d within %d: brute force finds no strategy, the search does", P,
                      C, limit);
        } else {
            long long total = res.tree ? walk_tree(&r, res.tree, with, &worst) : -1;
            CHECK_MSG(res.found && (long long)res.total == want && total == want && res.lower == (uint64_t)want,
                      "%dx%d within %d: brute force %d, the search %llu (tree %lld, bound %llu)", P, C, limit, want,
                      (unsigned long long)res.total, total, (unsigned long long)res.lower);
            CHECK(!limit || worst <= limit);
        }
        ar_mm_tree_free(res.tree);
        free(b.keys);
        free(b.vals);
        ar_mm_rules_free(&r);
    }
}

/* Stopped at once, the search proves a bound no larger than the optimum. */
static void test_optimal_stopped(void)
{
    mm_rules r;
    ar_search_options so;
    ar_result rr;
    ar_run run;
    mm_optimal_options o;
    mm_optimal_result res;
    ar_error err;
    if (!setup(&r, 4, 6))
        return;
    ar_search_options_init(&so);
    so.limits.node_limit = 1;
    ar_result_init(&rr);
    ar_run_begin(&run, &so, &rr);
    memset(&o, 0, sizeof o);
    o.threads = 2;
    o.run = &run;
    CHECK(ar_mm_optimal(&r, &o, &res, &err) == AR_OK);
    CHECK(!res.complete && res.lower <= 5625 && res.lower >= 1296);
    CHECK(run.stop == AR_STOP_NODES);
    if (res.tree) {
        uint32_t with[32];
        int worst;
        CHECK(walk_tree(&r, res.tree, with, &worst) == (long long)res.total);
    }
    ar_mm_tree_free(res.tree);
    ar_mm_rules_free(&r);
}

/* ------------------------------------------------------ strategy files */

static char *data_file(const char *rel)
{
    char path[4096], why[300];
    if (ar_data_path(rel, path, sizeof path) != 0) {
        CHECK_MSG(0, "%s not found (%s)", rel, path);
        return NULL;
    }
    return ar_read_file(path, why, sizeof why);
}

static void test_committed_trees(void)
{
    static const struct {
        const char *file;
        long long total;
        int worst;
    } files[] = {{"mastermind/optimal-4x6.tree", 5625, 6},
                 {"mastermind/optimal-4x6-max5.tree", 5626, 5},
                 {"mastermind/knuth-4x6.tree", 5801, 5}};
    size_t k;
    for (k = 0; k < sizeof files / sizeof files[0]; k++) {
        char *text = data_file(files[k].file);
        mm_rules r;
        mm_node *root;
        ar_error err;
        uint32_t with[32];
        int worst;
        mm_stats st;
        if (!text)
            continue;
        CHECK_MSG(ar_mm_tree_read(text, files[k].file, &r, &root, &err) == AR_OK, "%s", err.message);
        free(text);
        if (!root)
            continue;
        P = r.pegs;
        C = r.colours;
        CHECK_EQ_U(walk_tree(&r, root, with, &worst), files[k].total);
        CHECK_EQ_U(worst, files[k].worst);
        CHECK(ar_mm_tree_check(&r, root, &st) && st.total == (uint64_t)files[k].total);
        ar_mm_tree_free(root);
        ar_mm_rules_free(&r);
    }
}

static void test_tree_files(void)
{
    static const struct {
        const char *text, *expect;
    } bad[] = {
        {"", "no header"},
        {"1122\n", "must start with the header"},
        {"mastermind-tree pegs=4\n1122\n", "needs pegs=P and colours=C"},
        {"mastermind-tree pegs=4 colours=6 x=1\n1122\n", "words besides"},
        {"mastermind-tree pegs=9 colours=6\n1122\n", ":1: parameter pegs"},
        {"mastermind-tree pegs=4 colours=6\n", "no first guess"},
        {"mastermind-tree pegs=4 colours=6\n1122\n1123\n", ":3: a second first guess"},
        {"mastermind-tree pegs=4 colours=6\n1122\n 0B0W 3344\n", ":3: odd indentation"},
        {"mastermind-tree pegs=4 colours=6\n1122\n    0B0W 3344\n", ":3: indented 2 levels"},
        {"mastermind-tree pegs=4 colours=6\n1122\n  3B1W 3344\n", ":3: '3B1W' cannot happen"},
        {"mastermind-tree pegs=4 colours=6\n1122\n  4B0W 3344\n", ":3: 4B0W wins"},
        {"mastermind-tree pegs=4 colours=6\n1122\n  0B0W 3347\n", ":3: '3347': colour 7"},
        {"mastermind-tree pegs=4 colours=6\n1122\n  0B0W\n", ":3: the answer 0B0W needs"},
        {"mastermind-tree pegs=4 colours=6\n1122\n  0B0W 3344 5\n", ":3: unexpected text"},
        {"mastermind-tree pegs=4 colours=6\n1122\n  0B0W 3344\n  0 0 5555\n", ":4: "},
        {"mastermind-tree pegs=4 colours=6\n1122\n  0B0W 3344\n  0B0W 5555\n", ":4: a second branch"},
        {"mastermind-tree pegs=4 colours=6\n1122\n\t0B0W 3344\n", ":3: a tab"},
        {"mastermind-tree pegs=8 colours=10\n11223344\n", "too many to check"},
    };
    size_t k;
    for (k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        mm_rules r;
        mm_node *root = (mm_node *)1;
        ar_error err;
        ar_error_clear(&err);
        CHECK_MSG(ar_mm_tree_read(bad[k].text, "t", &r, &root, &err) == AR_ERR_INPUT && !root &&
                      strstr(err.message, bad[k].expect) && !strchr(err.message, '\n'),
                  "bad tree #%zu: '%s' (want '%s')", k, err.message, bad[k].expect);
    }
    {
        /* well-formed, but not a whole strategy: a code not found, a branch never reached */
        static const char *const fails[][2] = {
            {"mastermind-tree pegs=2 colours=2\n11\n  0B0W 22\n", "is not found"},
            {"mastermind-tree pegs=2 colours=2\n# comment\n12\n  0B2W 21\n  1B0W 11\n    0B0W 22\n  0B0W 11\n",
             "line 7: no code reaches"},
            {"mastermind-tree pegs=2 colours=2\n12\n  0B2W 21\n  1B0W 11\n    0B0W 22\n", ""},
        };
        for (k = 0; k < sizeof fails / sizeof fails[0]; k++) {
            mm_rules r;
            mm_node *root;
            mm_stats st;
            ar_error err;
            int ok;
            if (ar_mm_tree_read(fails[k][0], "t", &r, &root, &err) != AR_OK) {
                CHECK_MSG(0, "tree #%zu: %s", k, err.message);
                continue;
            }
            ok = ar_mm_tree_check(&r, root, &st);
            if (fails[k][1][0])
                CHECK_MSG(!ok && strstr(st.why, fails[k][1]), "tree #%zu: '%s'", k, st.why);
            else
                CHECK_MSG(ok && st.total == 1 + 2 + 2 + 3, "tree #%zu: %s", k, st.why);
            ar_mm_tree_free(root);
            ar_mm_rules_free(&r);
        }
    }
}

/* ---------------------------------------------------------- the game */

static void test_game(void)
{
    const ar_game *g = ar_game_find("mastermind");
    ar_variant *v = NULL;
    ar_error err;
    mm_pos pos;
    ar_gmove m;
    char text[256];
    ar_bot *knuth = NULL, *adversary = NULL, *best = NULL;
    ar_game_record rec;
    ar_bot *pair[2];
    uint64_t secret;
    CHECK(g != NULL);
    if (!g || ar_game_create(g, NULL, 0, &v, &err) != AR_OK)
        return;
    P = 4;
    C = 6;
    CHECK(g->parse_position(v, "1122:1B0W 1344:0B2W 3526", &pos, &err) == AR_OK);
    CHECK(g->to_move(v, &pos) == MM_MAKER);
    g->format_position(v, &pos, text, sizeof text);
    CHECK_STR(text, "1122:1B0W 1344:0B2W 3526");
    ar_error_clear(&err);
    CHECK(g->parse_move(v, &pos, MM_MAKER, "4 0", 3, &m, &err) == AR_ERR_INPUT &&
          strstr(err.message, "no code fits your answers"));
    CHECK(g->parse_move(v, &pos, MM_MAKER, "0B1W", 4, &m, &err) == AR_OK);
    CHECK(g->parse_position(v, "1111:4B0W 2222", &pos, &err) == AR_ERR_INPUT);
    CHECK(g->parse_position(v, "1111:0B0W 1111:1B0W", &pos, &err) == AR_ERR_INPUT &&
          strstr(err.message, "no code fits"));
    /* Knuth's strategy finds every secret within 5 against the adversary, and the best bot
     * (the optimal tree) starts with 1123 */
    CHECK(ar_bot_create(g, v, "knuth", 1, 0, &knuth, &err) == AR_OK);
    CHECK(ar_bot_create(g, v, "knuth:maker=adversary", 2, 0, &adversary, &err) == AR_OK);
    CHECK(ar_bot_create(g, v, "best", 3, 0, &best, &err) == AR_OK);
    if (knuth && adversary && best) {
        pair[0] = knuth;
        pair[1] = adversary;
        CHECK(ar_play_game(g, v, pair, NULL, 0, 1, 100, NULL, &rec, &err) == AR_OK);
        CHECK_MSG(rec.outcome == AR_WIN_P0 && rec.plies == 10, "knuth vs adversary: outcome %d in %u plies",
                  (int)rec.outcome, rec.plies);
        g->initial_position(v, &pos);
        CHECK(ar_bot_choose(best, &pos, MM_BREAKER, &m, NULL, &err) == AR_OK && m == 8); /* 1123 */
        /* against a code-maker keeping a random secret: the answers always leave a code
         * (the arena checks every move is legal) and Knuth finds it within 5 */
        for (secret = 1; secret <= 20; secret++) {
            pair[1] = knuth;
            CHECK(ar_play_game(g, v, pair, NULL, 0, secret, 100, NULL, &rec, &err) == AR_OK);
            CHECK_MSG(rec.outcome == AR_WIN_P0 && rec.plies <= 10 && rec.forfeit < 0,
                      "knuth vs a random code: outcome %d in %u plies (%s)", (int)rec.outcome, rec.plies, rec.note);
        }
    }
    ar_bot_destroy(knuth);
    ar_bot_destroy(adversary);
    ar_bot_destroy(best);
    g->destroy(v);
}

/* A session refuses answers no code fits. */
static void test_session(void)
{
    mm_rules r;
    mm_session s;
    ar_error err;
    if (!setup(&r, 4, 6))
        return;
    memset(&s, 0, sizeof s);
    s.r = &r;
    CHECK(ar_mm_session_answer(&s, 7, "0 0", 3, &err) == AR_OK);               /* 1122: no 1, no 2 */
    CHECK(ar_mm_session_answer(&s, 0, "1 0", 3, &err) == AR_ERR_INPUT &&       /* 1111 cannot score */
          strstr(err.message, "no code fits your answers (1122 0B0W, 1111 1B0W)"));
    CHECK(s.h.count == 1);
    CHECK(ar_mm_session_answer(&s, 1295, "4 0", 3, &err) == AR_OK && s.won);   /* 6666 */
    CHECK(ar_mm_session_answer(&s, 1295, "4 0", 3, &err) == AR_ERR_INPUT);
    ar_mm_rules_free(&r);
}

int main(void)
{
    test_answers();
    test_notation();
    test_consistent();
    test_possible_answers();
    test_rules();
    test_candidates();
    test_optimal_small();
    test_optimal_stopped();
    test_committed_trees();
    test_tree_files();
    test_game();
    test_session();
    return check_report("test_mastermind");
}
