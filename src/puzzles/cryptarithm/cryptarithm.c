/* cryptarithm.c — letter arithmetic: give each letter its own digit so that
 * the sum (SEND+MORE=MONEY, and any number of terms) or the product
 * (TWO*TWO=THREE... , any number of factors) holds, no number starting with
 * 0 unless --leading-zeros.
 *
 * Instance: words of letters A-Z joined by '+' (or by '*'), '=', one word:
 * "SEND+MORE=MONEY" (case and spaces do not matter). A move gives a letter
 * its digit, LETTER=DIGIT, in any order (AR_PUZZLE_FREE_ORDER; the searches
 * take the letters in the order they first appear): SEND+MORE=MONEY is
 * solved by `S=9 E=5 N=6 D=7 M=1 O=0 R=8 Y=2`.
 *
 * The model (on the constraint engine): one variable per letter, all
 * different; a sum column by column, with a carry variable between columns
 * (letters of the column + carry in = result letter + 10 x carry out),
 * which propagates far better than one equation over the whole words; a
 * product as a user constraint that checks the last k digits as soon as
 * the letters of the last k columns are fixed (they alone decide the last k
 * digits of a product) and prunes by the bounds of the words. Counting the
 * solutions is `ariadne count cryptarithm` (cryptarithm_tool.c). */
#include "cryptarithm_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/page.h"
#include "ariadne/search.h"
#include "ariadne/tool.h"

/* ------------------------------------------------------------ instances -- */

static ar_status crypt_create(const char *text, const ar_param *params, size_t count, ar_instance **out, ar_error *err)
{
    ar_instance *in;
    const char *p = text ? text : "";
    int where = 0, op = 0, k;
    unsigned len = 0;
    ar_status st;
    *out = NULL;
    if (!(in = calloc(1, sizeof *in)))
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory");
    ar_csp_options_init(&in->csp);
    if ((st = ar_csp_options_from_params(params, count, &in->csp, &in->csp_given, err)) != AR_OK) {
        free(in);
        return st;
    }
    for (k = 0; k < (int)count; k++)
        if (strcmp(params[k].name, "leading-zeros") == 0)
            in->leading_zeros = 1;
    if (!text || !text[strspn(text, " \t\r\n")]) {
        free(in);
        return ar_error_set(err, AR_ERR_INPUT, "instance: give the puzzle, e.g. SEND+MORE=MONEY");
    }
    for (;; p++) {
        char ch = *p;
        if (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n')
            continue;
        if (isalpha((unsigned char)ch)) {
            int letter = toupper((unsigned char)ch) - 'A', idx;
            crypt_word *w;
            if (where == 0 && len == 0 && in->nterms == CRYPT_MAX_TERMS) {
                free(in);
                return ar_error_set(err, AR_ERR_INPUT, "instance: more than %d terms", CRYPT_MAX_TERMS);
            }
            w = where == 0 ? &in->terms[in->nterms] : &in->result;
            if (len == CRYPT_MAX_DIGITS) {
                free(in);
                return ar_error_set(err, AR_ERR_INPUT, "instance: a word longer than %d letters", CRYPT_MAX_DIGITS);
            }
            if ((idx = in->index_of[letter]) == 0) {
                if (in->nletters == 10) {
                    free(in);
                    return ar_error_set(err, AR_ERR_INPUT, "instance: more than 10 different letters (there are ten digits)");
                }
                in->letters[in->nletters++] = (char)('A' + letter);
                idx = in->index_of[letter] = in->nletters;
            }
            w->letter[len++] = (uint8_t)(idx - 1);
            w->len = len;
            continue;
        }
        if (ch == '+' || ch == '*' || ch == '=' || ch == '\0') {
            if (len == 0) {
                free(in);
                if (ch)
                    return ar_error_set(err, AR_ERR_INPUT, "instance: '%c' without a word before it", ch);
                return ar_error_set(err, AR_ERR_INPUT, "instance: no word after '%c'", where ? '=' : op);
            }
            if (where == 0)
                in->nterms++;
            len = 0;
            if (ch == '\0') {
                if (where == 0) {
                    free(in);
                    return ar_error_set(err, AR_ERR_INPUT, "instance: no '=' (expected WORD+WORD=WORD)");
                }
                break;
            }
            if (where == 1) {
                free(in);
                return ar_error_set(err, AR_ERR_INPUT, "instance: '%c' after '=': the result is one word", ch);
            }
            if (ch == '=') {
                where = 1;
            } else if (op && op != ch) {
                free(in);
                return ar_error_set(err, AR_ERR_INPUT, "instance: '+' and '*' mixed (a sum or a product, not both)");
            } else {
                op = ch;
            }
            continue;
        }
        free(in);
        return ar_error_set(err, AR_ERR_INPUT, "instance: '%c' is not a letter, '+', '*' or '='",
                            isprint((unsigned char)ch) ? ch : '?');
    }
    in->product = op == '*';
    if (in->product) {
        for (k = 0; k < (int)in->nterms; k++)
            if (in->terms[k].len > CRYPT_MAX_PRODUCT_DIGITS) {
                free(in);
                return ar_error_set(err, AR_ERR_INPUT, "instance: a factor of more than %d letters", CRYPT_MAX_PRODUCT_DIGITS);
            }
        if (in->result.len > CRYPT_MAX_PRODUCT_DIGITS) {
            free(in);
            return ar_error_set(err, AR_ERR_INPUT, "instance: a product of more than %d letters", CRYPT_MAX_PRODUCT_DIGITS);
        }
    }
    *out = in;
    return AR_OK;
}

static void crypt_destroy(ar_instance *in) { free(in); }

static void crypt_describe(const ar_instance *in, char *buf, size_t size)
{
    char text[512];
    ar_crypt_text(in, text, sizeof text);
    snprintf(buf, size, "%s (%u letters%s)", text, in->nletters, in->leading_zeros ? ", leading zeros allowed" : "");
}

/* A word longer than the result (with no leading zero) exceeds it: a sum
 * has no solution then, nor a product whose other factors are at least 1
 * (each factor of two or more letters is at least 10; a one-letter factor
 * may be 0, so only the sum case and the all-long product are decided). */
static ar_status crypt_check_solvable(const ar_instance *in, ar_error *err)
{
    unsigned t;
    if (in->leading_zeros || in->product)
        return AR_OK;
    for (t = 0; t < in->nterms; t++)
        if (in->terms[t].len > in->result.len)
            return ar_error_set(err, AR_ERR_UNSOLVABLE, "term %u has %u letters and the result %u: the sum is too long",
                                t + 1, in->terms[t].len, in->result.len);
    return AR_OK;
}

/* ---------------------------------------------------------------- states -- */

/* A state: for each letter its digit + 1 (0: none yet). */
static size_t crypt_state_size(const ar_instance *in)
{
    (void)in;
    return 10;
}

static void crypt_initial_state(const ar_instance *in, void *s) { memcpy(s, in->start, 10); }

static int crypt_is_goal(const ar_instance *in, const void *state)
{
    const uint8_t *s = state;
    uint8_t digit[10];
    unsigned l;
    for (l = 0; l < in->nletters; l++) {
        if (!s[l])
            return 0;
        digit[l] = (uint8_t)(s[l] - 1);
    }
    return ar_crypt_holds(in, digit);
}

static void crypt_format_state(const ar_instance *in, const void *state, char *buf, size_t size)
{
    const uint8_t *s = state;
    size_t used = 0;
    unsigned l;
    if (size)
        buf[0] = '\0';
    for (l = 0; l < in->nletters && used < size; l++)
        used += (size_t)snprintf(buf + used, size - used, s[l] ? "%s%c=%u" : "%s%c=?", l ? " " : "", in->letters[l],
                                 s[l] ? s[l] - 1u : 0u);
}

static void crypt_draw(const ar_instance *in, const void *state, char *buf, size_t size)
{
    const uint8_t *s = state;
    char text[512];
    size_t k;
    ar_crypt_text(in, text, sizeof text);
    for (k = 0; text[k]; k++)
        if (isalpha((unsigned char)text[k])) {
            unsigned l = (unsigned)in->index_of[text[k] - 'A'] - 1;
            if (s[l])
                text[k] = (char)('0' + s[l] - 1);
        }
    snprintf(buf, size, "%s", text);
}

/* ----------------------------------------------------------------- moves -- */

#define MOVE(letter, digit) ((ar_move)(letter) | (ar_move)(digit) << 4)

static unsigned crypt_max_moves(const ar_instance *in)
{
    (void)in;
    return 10;
}

static int next_letter(const ar_instance *in, const uint8_t *s)
{
    unsigned l;
    for (l = 0; l < in->nletters; l++)
        if (!s[l])
            return (int)l;
    return -1;
}

/* Whether digit d may go to letter l: unused, and not 0 on a leading letter. */
static int digit_fits(const ar_instance *in, const uint8_t *s, unsigned l, unsigned d)
{
    unsigned k;
    if (d == 0 && ar_crypt_leads(in, l))
        return 0;
    for (k = 0; k < in->nletters; k++)
        if (s[k] == d + 1)
            return 0;
    return 1;
}

static unsigned crypt_legal_moves(const ar_instance *in, const void *state, ar_move *moves)
{
    const uint8_t *s = state;
    int l = next_letter(in, s);
    unsigned d, n = 0;
    if (l < 0)
        return 0;
    for (d = 0; d < 10; d++)
        if (digit_fits(in, s, (unsigned)l, d))
            moves[n++] = MOVE(l, d);
    return n;
}

static void crypt_apply(const ar_instance *in, void *s, ar_move m)
{
    (void)in;
    ((uint8_t *)s)[m & 15u] = (uint8_t)((m >> 4) + 1);
}

static void crypt_undo(const ar_instance *in, void *s, ar_move m)
{
    (void)in;
    ((uint8_t *)s)[m & 15u] = 0;
}

static size_t crypt_format_move(const ar_instance *in, ar_move m, char *buf, size_t size)
{
    int k = snprintf(buf, size, "%c=%u", in->letters[m & 15u], m >> 4);
    return k < 0 ? 0 : (size_t)k;
}

static ar_status crypt_parse_move(const ar_instance *in, const void *state, const char *text, size_t len, ar_move *out,
                                  ar_error *err)
{
    const uint8_t *s = state;
    int l;
    unsigned d;
    if (len != 3 || !isalpha((unsigned char)text[0]) || text[1] != '=' || !isdigit((unsigned char)text[2]))
        return ar_error_set(err, AR_ERR_INPUT, "expected LETTER=DIGIT, e.g. S=9");
    l = in->index_of[toupper((unsigned char)text[0]) - 'A'] - 1;
    d = (unsigned)(text[2] - '0');
    if (l < 0)
        return ar_error_set(err, AR_ERR_INPUT, "%c is not a letter of the puzzle", toupper((unsigned char)text[0]));
    if (s[l])
        return ar_error_set(err, AR_ERR_INPUT, "%c is already %u", in->letters[l], s[l] - 1u);
    if (d == 0 && ar_crypt_leads(in, (unsigned)l))
        return ar_error_set(err, AR_ERR_INPUT, "%c starts a word: it cannot be 0", in->letters[l]);
    if (!digit_fits(in, s, (unsigned)l, d))
        return ar_error_set(err, AR_ERR_INPUT, "%u is already another letter's digit", d);
    *out = MOVE(l, d);
    return AR_OK;
}

/* --------------------------------------------------------------- solving -- */

static ar_status crypt_solve(ar_instance *in, const ar_search_options *opts, const ar_move_sink *sink, ar_result *res,
                             ar_error *err)
{
    ar_csp *m;
    int32_t values[CRYPT_MAX_VARS];
    ar_csp_options o = in->csp;
    crypt_product product;
    ar_status st;
    unsigned l;
    (void)sink;
    if ((st = ar_crypt_model(in, &m, &product, err)) != AR_OK)
        return st;
    o.seed = opts ? opts->seed : 0;
    st = ar_csp_solve_puzzle(m, &o, 0, opts, res, values, err);
    if (st == AR_OK && res->outcome == AR_OUTCOME_SOLVED) {
        ar_move *moves = malloc(in->nletters * sizeof *moves);
        if (!moves) {
            st = ar_error_set(err, AR_ERR_MEMORY, "out of memory");
        } else {
            unsigned n = 0;
            for (l = 0; l < in->nletters; l++)
                if (!in->start[l])
                    moves[n++] = MOVE(l, (unsigned)values[l]);
            free(res->moves);
            res->moves = moves, res->length = res->cost = n;
            res->optimal = 1;
            snprintf(res->note + strlen(res->note), sizeof res->note - strlen(res->note),
                     "; optimal: every solution gives each of the %u letters a digit", in->nletters);
        }
    }
    ar_csp_destroy(m);
    return st;
}

/* The arithmetic for the browser pages (page.h): one cell a character,
 * the letters given a digit as tiles. */
static void crypt_picture(const ar_instance *in, const void *state, ar_scene *scene)
{
    char text[512], label[2] = {0, 0};
    int k, n;
    crypt_draw(in, state, text, sizeof text);
    n = (int)strlen(text);
    ar_scene_grid(scene, 1, n);
    for (k = 0; k < n; k++) {
        label[0] = text[k];
        ar_scene_cell(scene, 0, k, isdigit((unsigned char)text[k]) ? "tile" : isalpha((unsigned char)text[k]) ? "piece" : "text",
                      label);
    }
}

static const ar_domain_solver crypt_solvers[] = {
    {.name = "csp", .summary = "the constraint engine: all different, a sum column by column with carries, a product by its last digits",
     .flags = AR_SOLVER_USES_SEED, .run = crypt_solve},
    {.name = NULL}};

static const char *crypt_default_algorithm(const ar_instance *in)
{
    (void)in;
    return "csp";
}

static ar_status crypt_with_start(const ar_instance *in, const void *state, ar_instance **out, ar_error *err)
{
    if (!(*out = malloc(sizeof **out)))
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory");
    **out = *in;
    memcpy((*out)->start, state, 10);
    return AR_OK;
}

static const ar_option_spec crypt_options[] = {
    {.name = "leading-zeros", .metavar = NULL, .help = "let a word of two or more letters start with 0"},
    AR_CSP_OPTION_SPECS,
    {.name = NULL}};

static const ar_puzzle_example crypt_examples[] = {
    {.options = "", .instance = "SEND+MORE=MONEY", .cost = 8, .note = "Dudeney (1924): the only solution is 9567+1085=10652"},
    {.options = "", .instance = "TWO+TWO=FOUR", .cost = 6, .note = "seven solutions; the first found"},
    {.options = "", .instance = "SATURN+URANUS+NEPTUNE+PLUTO=PLANETS", .cost = 10, .note = "five terms"},
    {.options = "", .instance = "ABC*DE=FGHIJ", .cost = 10, .note = "a product using all ten digits"},
    {.note = NULL}};

extern const ar_tool ar_crypt_tools[];

const ar_puzzle ar_domain_cryptarithm = {
    .name = "cryptarithm",
    .summary = "letter arithmetic: SEND+MORE=MONEY, sums of any length and products; count the solutions",
    .help = "Give each letter its own digit so that the arithmetic holds; no number starts with 0\n"
            "(--leading-zeros allows it). Instance: words of letters joined by '+' or by '*', then\n"
            "'=' and one word: SEND+MORE=MONEY, SATURN+URANUS+NEPTUNE+PLUTO=PLANETS, ABC*DE=FGHIJ.\n"
            "A move gives a letter its digit, LETTER=DIGIT, in any order (solutions list the letters\n"
            "in the order they first appear: S=9 E=5 N=6 D=7 M=1 O=0 R=8 Y=2).\n"
            "\n"
            "The constraint engine solves it (exit 1 when there is no solution): all letters\n"
            "different, a sum column by column with carries, a product by its last digits and the\n"
            "bounds of the words. Its options: --consistency, --alldiff, --var-order, --value-order,\n"
            "--backjump. `ariadne count cryptarithm PUZZLE` counts every solution (--list prints\n"
            "them): SEND+MORE=MONEY has exactly one.",
    .flags = AR_PUZZLE_UNIT_COST | AR_PUZZLE_FIXED_LENGTH | AR_PUZZLE_FREE_ORDER, /* a move for each letter */
    .options = crypt_options,
    .create = crypt_create,
    .destroy = crypt_destroy,
    .describe = crypt_describe,
    .check_solvable = crypt_check_solvable,
    .state_size = crypt_state_size,
    .initial_state = crypt_initial_state,
    .is_goal = crypt_is_goal,
    .format_state = crypt_format_state,
    .draw = crypt_draw,
    .picture = crypt_picture,
    .max_moves = crypt_max_moves,
    .legal_moves = crypt_legal_moves,
    .apply = crypt_apply,
    .undo = crypt_undo,
    .format_move = crypt_format_move,
    .parse_move = crypt_parse_move,
    .solvers = crypt_solvers,
    .default_algorithm = crypt_default_algorithm,
    .with_start = crypt_with_start,
    .examples = crypt_examples,
    .tools = ar_crypt_tools,
};
