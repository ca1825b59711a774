/* test_cryptarithm.c — the cryptarithm domain: SEND+MORE=MONEY unique
 * (Dudeney 1924: 9567 + 1085 = 10652), and the solution counts of sums and
 * products, with and without leading zeros, equal to an enumeration of
 * every digit assignment written here; each consistency of the engine
 * agrees; solutions replay through the rules; unsolvable puzzles and
 * malformed text. */
#include "ariadne/puzzle.h"
#include "ariadne/search.h"
#include "../src/puzzles/cryptarithm/cryptarithm_internal.h"
#include "check.h"

#include <stdlib.h>
#include <string.h>

static const ar_puzzle *P;

/* Every assignment of distinct digits to the letters, checked directly. */
static uint64_t brute(const ar_instance *in, uint8_t *digit, unsigned l, unsigned used)
{
    uint64_t n = 0;
    unsigned d;
    if (l == in->nletters)
        return ar_crypt_holds(in, digit);
    for (d = 0; d < 10; d++)
        if (!(used >> d & 1u) && !(d == 0 && ar_crypt_leads(in, l))) {
            digit[l] = (uint8_t)d;
            n += brute(in, digit, l + 1, used | 1u << d);
        }
    return n;
}

static uint64_t engine_count(const ar_instance *in, ar_csp_consistency c)
{
    ar_csp *m;
    crypt_product product;
    ar_csp_options o;
    ar_csp_outcome out;
    ar_csp_stats st;
    ar_error err;
    if (ar_crypt_model(in, &m, &product, &err) != AR_OK) {
        CHECK_MSG(0, "model: %s", err.message);
        return UINT64_MAX;
    }
    ar_csp_options_init(&o);
    o.consistency = c;
    CHECK(ar_csp_search(m, &o, NULL, 0, NULL, NULL, NULL, &out, &st, &err) == AR_OK);
    ar_csp_destroy(m);
    return st.solutions;
}

static ar_instance *make(const char *text, int leading)
{
    ar_instance *in = NULL;
    ar_error err;
    ar_param p[1] = {{"leading-zeros", NULL}};
    if (P->create(text, p, leading ? 1 : 0, &in, &err) != AR_OK)
        CHECK_MSG(0, "create %s: %s", text, err.message);
    return in;
}

static void check_counts(void)
{
    static const struct { const char *text; int leading; uint64_t published; } cases[] = {
        {"SEND+MORE=MONEY", 0, 1},   /* Dudeney 1924 */
        {"SEND+MORE=MONEY", 1, 0},   /* (counted by the enumeration) */
        {"TWO+TWO=FOUR", 0, 0},      {"ODD+ODD=EVEN", 0, 0},
        {"TO+GO=OUT", 0, 0},         {"SATURN+URANUS+NEPTUNE+PLUTO=PLANETS", 0, 0},
        {"ABC*DE=FGHIJ", 0, 0},      {"TWO*TWO=THREE", 0, 0},
        {"A*B=C", 1, 0},             {"AB*C=DE", 0, 0},
        {"SEND+MOST=MONEY", 0, 0},   {"A+A=B", 0, 0},
    };
    size_t k;
    for (k = 0; k < sizeof cases / sizeof *cases; k++) {
        ar_instance *in = make(cases[k].text, cases[k].leading);
        uint8_t digit[10];
        uint64_t want;
        int c;
        if (!in)
            continue;
        want = brute(in, digit, 0, 0);
        if (cases[k].published)
            CHECK_EQ_U(want, cases[k].published);
        for (c = in->nletters > 8 ? 1 : 0; c < 4; c++) /* plain backtracking is too slow past 8 letters */
            CHECK_MSG(engine_count(in, (ar_csp_consistency)c) == want, "%s (%s): the engine and the enumeration differ",
                      cases[k].text, ar_csp_consistency_name((ar_csp_consistency)c));
        printf("  %s%s: %llu solution(s)\n", cases[k].text, cases[k].leading ? " (leading zeros)" : "",
               (unsigned long long)want);
        P->destroy(in);
    }
}

static void check_solve(void)
{
    ar_instance *in = make("SEND+MORE=MONEY", 0);
    ar_search_options so;
    ar_result res;
    ar_error err;
    char *text;
    uint64_t len, cost;
    int solved = 0;
    if (!in)
        return;
    ar_search_options_init(&so);
    CHECK(ar_solve(P, in, &so, NULL, &res, &err) == AR_OK && res.outcome == AR_OUTCOME_SOLVED);
    text = ar_puzzle_format_moves(P, in, res.moves, res.length);
    CHECK_STR(text, "S=9 E=5 N=6 D=7 M=1 O=0 R=8 Y=2");
    CHECK(ar_puzzle_replay(P, in, text, &len, &cost, &solved, NULL, &err) == AR_OK && solved && len == 8);
    free(text);
    ar_result_free(&res);
    P->destroy(in);
    /* no solution: a term longer than the result, and a search that finds none */
    in = make("ABCD+E=FG", 0);
    CHECK(in && ar_solve(P, in, &so, NULL, &res, &err) == AR_OK && res.outcome == AR_OUTCOME_NO_SOLUTION);
    CHECK(strstr(res.note, "term 1 has 4 letters") != NULL);
    P->destroy(in);
    in = make("AB+AB=AB", 0);
    CHECK(in && ar_solve(P, in, &so, NULL, &res, &err) == AR_OK && res.outcome == AR_OUTCOME_NO_SOLUTION);
    P->destroy(in);
}

static void check_errors(void)
{
    static const struct { const char *text, *message; } bad[] = {
        {"SEND+MORE", "instance: no '=' (expected WORD+WORD=WORD)"},
        {"SEND+MORE=", "instance: no word after '='"},
        {"+MORE=MONEY", "instance: '+' without a word before it"},
        {"SEND+MORE=MON+EY", "instance: '+' after '=': the result is one word"},
        {"A+B*C=D", "instance: '+' and '*' mixed (a sum or a product, not both)"},
        {"SEND+M0RE=MONEY", "instance: '0' is not a letter, '+', '*' or '='"},
        {"ABCDE+FGHIJ=KLM", "instance: more than 10 different letters (there are ten digits)"},
        {"", "instance: give the puzzle, e.g. SEND+MORE=MONEY"},
    };
    size_t k;
    for (k = 0; k < sizeof bad / sizeof *bad; k++) {
        ar_instance *in = NULL;
        ar_error err;
        ar_error_clear(&err);
        CHECK(P->create(bad[k].text, NULL, 0, &in, &err) == AR_ERR_INPUT);
        CHECK_STR(err.message, bad[k].message);
    }
}

int main(void)
{
    P = ar_puzzle_find("cryptarithm");
    CHECK(P != NULL);
    if (!P)
        return check_report("test_cryptarithm");
    check_counts();
    check_solve();
    check_errors();
    return check_report("test_cryptarithm");
}
