/* mm_codes.c — Mastermind's rules: codes, answers, their notation, and the
 * codes consistent with the answers so far.
 *
 * Everything else in the folder is built on mm_answer (mm_internal.h). The
 * consistent codes are enumerated peg by peg with pruning, so that even the
 * largest game (8 pegs, 10 colours: 10^8 codes) answers "which codes are
 * still possible" without scanning every code. */
#include "mm_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/tool.h"

/* ------------------------------------------------------------ the rules */

static uint32_t digits_computed(const mm_rules *r, uint32_t code)
{
    uint32_t d = 0;
    int i;
    for (i = r->pegs - 1; i >= 0; i--) {
        d |= (code % (uint32_t)r->colours) << (4 * i);
        code /= (uint32_t)r->colours;
    }
    return d;
}

static uint64_t counts_computed(const mm_rules *r, uint32_t code)
{
    uint64_t c = 0;
    int i;
    for (i = 0; i < r->pegs; i++) {
        c += 1ull << (6 * (code % (uint32_t)r->colours));
        code /= (uint32_t)r->colours;
    }
    return c;
}

uint32_t ar_mm_digits_of(const mm_rules *r, uint32_t code)
{
    return r->digits ? r->digits[code] : digits_computed(r, code);
}

uint64_t ar_mm_counts_of(const mm_rules *r, uint32_t code)
{
    return r->counts ? r->counts[code] : counts_computed(r, code);
}

void ar_mm_colours(const mm_rules *r, uint32_t code, uint8_t *colour)
{
    int i;
    for (i = r->pegs - 1; i >= 0; i--) {
        colour[i] = (uint8_t)(code % (uint32_t)r->colours);
        code /= (uint32_t)r->colours;
    }
}

uint32_t ar_mm_code_of(const mm_rules *r, const uint8_t *colour)
{
    uint32_t code = 0;
    int i;
    for (i = 0; i < r->pegs; i++)
        code = code * (uint32_t)r->colours + colour[i];
    return code;
}

ar_status ar_mm_rules_init(mm_rules *r, int pegs, int colours, ar_error *err)
{
    int b, w, k = 0;
    uint32_t i;
    memset(r, 0, sizeof *r);
    if (pegs < 1 || pegs > MM_MAX_PEGS)
        return ar_error_set(err, AR_ERR_INPUT, "parameter pegs: %d is not in 1..%d", pegs, MM_MAX_PEGS);
    if (colours < 2 || colours > MM_MAX_COLOURS)
        return ar_error_set(err, AR_ERR_INPUT, "parameter colours: %d is not in 2..%d", colours,
                            MM_MAX_COLOURS);
    r->pegs = pegs;
    r->colours = colours;
    r->codes = 1;
    for (b = 0; b < pegs; b++)
        r->codes *= (uint32_t)colours;
    for (b = 0; b < pegs; b++)
        r->peg_bits |= 1u << (4 * b);
    memset(r->answer_of, MM_NO_ANSWER, sizeof r->answer_of);
    for (b = 0; b <= pegs; b++)
        for (w = 0; b + w <= pegs; w++) {
            if (b == pegs - 1 && w == 1)
                continue;
            r->answer_of[b][w] = (uint8_t)k;
            r->black[k] = (uint8_t)b;
            r->white[k] = (uint8_t)w;
            k++;
        }
    r->answers = k;
    r->win = k - 1;
    if (r->codes <= MM_DENSE_MAX) {
        r->digits = malloc(sizeof *r->digits * r->codes);
        r->counts = malloc(sizeof *r->counts * r->codes);
        if (!r->digits || !r->counts) {
            ar_mm_rules_free(r);
            return ar_error_set(err, AR_ERR_MEMORY, "no memory for the tables of %u codes", (unsigned)r->codes);
        }
        for (i = 0; i < r->codes; i++) {
            r->digits[i] = digits_computed(r, i);
            r->counts[i] = counts_computed(r, i);
        }
    }
    return AR_OK;
}

ar_status ar_mm_rules_table(mm_rules *r, ar_error *err)
{
    uint32_t i, j;
    if (r->table || r->codes > MM_TABLE_MAX || !r->digits)
        return AR_OK;
    r->table = malloc((size_t)r->codes * r->codes);
    if (!r->table)
        return ar_error_set(err, AR_ERR_MEMORY, "no memory for the answer table");
    for (i = 0; i < r->codes; i++)
        for (j = 0; j < r->codes; j++)
            r->table[(size_t)i * r->codes + j] =
                (uint8_t)mm_answer_packed(r, r->digits[i], r->counts[i], r->digits[j], r->counts[j]);
    return AR_OK;
}

void ar_mm_rules_free(mm_rules *r)
{
    free(r->digits);
    free(r->counts);
    free(r->table);
    r->digits = NULL;
    r->counts = NULL;
    r->table = NULL;
}

/* ------------------------------------------------------------- notation */

static char colour_char(int colour) { return colour < 9 ? (char)('1' + colour) : '0'; }

size_t ar_mm_format_code(const mm_rules *r, uint32_t code, char *buf, size_t size)
{
    uint8_t colour[MM_MAX_PEGS];
    int i;
    if (size == 0)
        return 0;
    ar_mm_colours(r, code, colour);
    for (i = 0; i < r->pegs && (size_t)i + 1 < size; i++)
        buf[i] = colour_char(colour[i]);
    buf[i] = '\0';
    return (size_t)i;
}

size_t ar_mm_format_answer(const mm_rules *r, unsigned answer, char *buf, size_t size)
{
    int n = snprintf(buf, size, "%dB%dW", r->black[answer], r->white[answer]);
    return n < 0 ? 0 : (size_t)n < size ? (size_t)n : size ? size - 1 : 0;
}

void ar_mm_history_text(const mm_rules *r, const mm_history *h, char *buf, size_t size)
{
    size_t used = 0;
    int k;
    if (size)
        buf[0] = '\0';
    for (k = 0; k < h->count && used + 24 < size; k++) {
        char g[16], a[16];
        ar_mm_format_code(r, h->guess[k], g, sizeof g);
        ar_mm_format_answer(r, h->answer[k], a, sizeof a);
        used += (size_t)snprintf(buf + used, size - used, "%s%s %s", k ? ", " : "", g, a);
    }
}

void ar_mm_quote(const char *text, size_t len, char *buf, size_t size)
{
    char copy[64];
    size_t n = len < sizeof copy - 1 ? len : sizeof copy - 1;
    memcpy(copy, text, n);
    copy[n] = '\0';
    if (n < len && n >= 3) /* cut here already: let the quote show it */
        memcpy(copy + n - 3, "...", 3);
    ar_tool_quote(copy, 40, buf, size);
}

/* "1..6", or "1..9 and 0" for ten colours. */
static const char *colour_range(const mm_rules *r, char *buf, size_t size)
{
    if (r->colours == 10)
        snprintf(buf, size, "1..9 and 0");
    else
        snprintf(buf, size, "1..%d", r->colours);
    return buf;
}

ar_status ar_mm_parse_code(const mm_rules *r, const char *text, size_t len, uint32_t *code,
                           ar_error *err)
{
    uint8_t colour[MM_MAX_PEGS];
    char quoted[200], range[16];
    size_t i;
    ar_mm_quote(text, len, quoted, sizeof quoted);
    colour_range(r, range, sizeof range);
    for (i = 0; i < len; i++) {
        char ch = text[i];
        if (ch < '0' || ch > '9')
            return ar_error_set(err, AR_ERR_INPUT,
                                "'%s' is not a code: write %d colours %s, e.g. %.*s", quoted, r->pegs,
                                range, r->pegs, "11223344");
        if ((ch == '0' && r->colours < 10) || (ch != '0' && ch - '0' > r->colours))
            return ar_error_set(err, AR_ERR_INPUT, "'%s': colour %c is not one of %s", quoted, ch, range);
    }
    if (len != (size_t)r->pegs)
        return ar_error_set(err, AR_ERR_INPUT, "'%s' has %zu pegs; a code has %d", quoted, len, r->pegs);
    for (i = 0; i < len; i++)
        colour[i] = (uint8_t)(text[i] == '0' ? 9 : text[i] - '1');
    *code = ar_mm_code_of(r, colour);
    return AR_OK;
}

/* The answer (black, white), or why it is none. */
static ar_status answer_of(const mm_rules *r, long black, long white, const char *quoted,
                           unsigned *answer, ar_error *err)
{
    if (black < 0 || white < 0 || black + white > r->pegs)
        return ar_error_set(err, AR_ERR_INPUT, "'%s': %ld black and %ld white pegs are more than %d",
                            quoted, black, white, r->pegs);
    if (r->answer_of[black][white] == MM_NO_ANSWER)
        return ar_error_set(err, AR_ERR_INPUT,
                            "'%s' cannot happen: with %ld pegs right, the last peg is right or wrong, "
                            "never the right colour in the wrong place",
                            quoted, black);
    *answer = r->answer_of[black][white];
    return AR_OK;
}

ar_status ar_mm_parse_answer(const mm_rules *r, const char *text, size_t len, unsigned *answer,
                             ar_error *err)
{
    char quoted[200];
    long value[2] = {0, 0};
    int suffix[2] = {0, 0}, digits[2] = {0, 0}, tokens = 0;
    long black = 0, white = 0;
    size_t i = 0;
    ar_mm_quote(text, len, quoted, sizeof quoted);
    while (len && (text[len - 1] == ' ' || text[len - 1] == '\t' || text[len - 1] == '\r'))
        len--;
    while (i < len && (text[i] == ' ' || text[i] == '\t'))
        i++;
    if (i == len)
        return ar_error_set(err, AR_ERR_INPUT, "an empty answer: write black and white pegs as 2B1W (or 2 1)");
    if (text[i] < '0' || text[i] > '9') {
        /* letters: one B or W a peg, "-" alone for none */
        if (len - i == 1 && text[i] == '-')
            return answer_of(r, 0, 0, quoted, answer, err);
        for (; i < len; i++) {
            char ch = text[i];
            if (ch == 'b' || ch == 'B')
                black++;
            else if (ch == 'w' || ch == 'W')
                white++;
            else
                goto bad;
        }
        return answer_of(r, black, white, quoted, answer, err);
    }
    /* up to two numbers, each with an optional B or W after it */
    while (i < len) {
        if (tokens == 2 || text[i] < '0' || text[i] > '9')
            goto bad;
        while (i < len && text[i] >= '0' && text[i] <= '9') {
            if (value[tokens] < 1000)
                value[tokens] = value[tokens] * 10 + (text[i] - '0');
            digits[tokens]++;
            i++;
        }
        if (i < len && (text[i] == 'b' || text[i] == 'B'))
            suffix[tokens] = 'B', i++;
        else if (i < len && (text[i] == 'w' || text[i] == 'W'))
            suffix[tokens] = 'W', i++;
        tokens++;
        while (i < len && (text[i] == ' ' || text[i] == ',' || text[i] == '/' || text[i] == '\t'))
            i++;
    }
    if (suffix[0] || suffix[1]) {
        int k;
        if (tokens == 2 && (!suffix[0] || !suffix[1] || suffix[0] == suffix[1]))
            goto bad;
        for (k = 0; k < tokens; k++)
            *(suffix[k] == 'B' ? &black : &white) = value[k];
        return answer_of(r, black, white, quoted, answer, err);
    }
    if (tokens == 2)
        return answer_of(r, value[0], value[1], quoted, answer, err);
    if (digits[0] == 2) /* "21": two digits run together */
        return answer_of(r, value[0] / 10, value[0] % 10, quoted, answer, err);
    if (value[0] == 0)
        return answer_of(r, 0, 0, quoted, answer, err);
bad:
    return ar_error_set(err, AR_ERR_INPUT,
                        "'%s' is not an answer: write black and white pegs as 2B1W (or 2 1)", quoted);
}

/* ------------------------------------------------- consistent codes */

/* The enumeration's state: for each guess, its colours, colour counts and
 * the counts the answer demands; for the partial code, its colours and
 * counts, and per guess the black pegs and colour matches so far. */
typedef struct walk {
    const mm_rules *r;
    const mm_history *h;
    int rows;
    uint8_t gcolour[MM_MAX_ROWS][MM_MAX_PEGS];
    uint8_t gcount[MM_MAX_ROWS][MM_MAX_COLOURS];
    int want_black[MM_MAX_ROWS], want_total[MM_MAX_ROWS];
    int black[MM_MAX_ROWS], total[MM_MAX_ROWS];
    uint8_t colour[MM_MAX_PEGS];
    uint8_t count[MM_MAX_COLOURS];
    int (*visit)(void *ctx, uint32_t code);
    void *ctx;
    uint64_t visited;
    int stop;
} walk;

static void walk_peg(walk *w, int peg)
{
    const mm_rules *r = w->r;
    int left = r->pegs - peg - 1, c, k;
    for (c = 0; c < r->colours && !w->stop; c++) {
        int ok = 1;
        for (k = 0; k < w->rows; k++) {
            w->black[k] += w->gcolour[k][peg] == c;
            w->total[k] += w->count[c] < w->gcount[k][c];
        }
        w->count[c]++;
        w->colour[peg] = (uint8_t)c;
        for (k = 0; k < w->rows && ok; k++)
            ok = w->black[k] <= w->want_black[k] && w->black[k] + left >= w->want_black[k] &&
                 w->total[k] <= w->want_total[k] && w->total[k] + left >= w->want_total[k];
        if (ok) {
            if (left == 0) {
                w->visited++;
                if (w->visit && w->visit(w->ctx, ar_mm_code_of(r, w->colour)))
                    w->stop = 1;
            } else {
                walk_peg(w, peg + 1);
            }
        }
        w->count[c]--;
        for (k = 0; k < w->rows; k++) {
            w->black[k] -= w->gcolour[k][peg] == c;
            w->total[k] -= w->count[c] < w->gcount[k][c];
        }
    }
}

uint64_t ar_mm_each_consistent(const mm_rules *r, const mm_history *h,
                               int (*visit)(void *ctx, uint32_t code), void *ctx)
{
    walk *w = calloc(1, sizeof *w);
    uint64_t visited;
    int k, i;
    if (!w)
        return 0;
    w->r = r;
    w->h = h;
    w->rows = h->count;
    w->visit = visit;
    w->ctx = ctx;
    for (k = 0; k < h->count; k++) {
        ar_mm_colours(r, h->guess[k], w->gcolour[k]);
        for (i = 0; i < r->pegs; i++)
            w->gcount[k][w->gcolour[k][i]]++;
        w->want_black[k] = r->black[h->answer[k]];
        w->want_total[k] = r->black[h->answer[k]] + r->white[h->answer[k]];
    }
    walk_peg(w, 0);
    visited = w->visited;
    free(w);
    return visited;
}

int ar_mm_consistent(const mm_rules *r, const mm_history *h, uint32_t code)
{
    int k;
    for (k = 0; k < h->count; k++)
        if (mm_answer(r, h->guess[k], code) != h->answer[k])
            return 0;
    return 1;
}

static int keep_first(void *ctx, uint32_t code)
{
    *(uint32_t *)ctx = code;
    return 1;
}

uint32_t ar_mm_first_consistent(const mm_rules *r, const mm_history *h)
{
    uint32_t first = UINT32_MAX;
    ar_mm_each_consistent(r, h, keep_first, &first);
    return first;
}

typedef struct answers_ctx {
    const mm_rules *r;
    uint32_t guess;
    uint64_t seen, all;
} answers_ctx;

static int note_answer(void *ctx, uint32_t code)
{
    answers_ctx *a = ctx;
    a->seen |= 1ull << mm_answer(a->r, a->guess, code);
    return a->seen == a->all;
}

uint64_t ar_mm_possible_answers(const mm_rules *r, const mm_history *h, uint32_t guess)
{
    answers_ctx a;
    a.r = r;
    a.guess = guess;
    a.seen = 0;
    a.all = r->answers == 64 ? ~0ull : (1ull << r->answers) - 1;
    if (r->codes <= (1u << 16) || h->count >= MM_MAX_ROWS) {
        ar_mm_each_consistent(r, h, note_answer, &a);
    } else {
        /* Large games: the codes that fit may be millions, so each answer is
         * asked for one code that fits it too, found peg by peg. */
        mm_history with = *h;
        int k;
        with.guess[with.count] = guess;
        with.count++;
        for (k = 0; k < r->answers; k++) {
            with.answer[with.count - 1] = (uint8_t)k;
            if (ar_mm_first_consistent(r, &with) != UINT32_MAX)
                a.seen |= 1ull << k;
        }
    }
    return a.seen;
}

typedef struct set_ctx {
    uint32_t *out;
    uint64_t cap, count;
} set_ctx;

static int collect(void *ctx, uint32_t code)
{
    set_ctx *s = ctx;
    if (s->count < s->cap)
        s->out[s->count] = code;
    s->count++;
    return 0;
}

uint64_t ar_mm_consistent_set(const mm_rules *r, const mm_history *h, uint32_t *out, uint64_t cap)
{
    set_ctx s;
    s.out = out;
    s.cap = cap;
    s.count = 0;
    if (r->table && h->count > 0) {
        /* small games: a scan of the table is quicker than the walk */
        uint32_t c;
        for (c = 0; c < r->codes; c++)
            if (ar_mm_consistent(r, h, c))
                collect(&s, c);
        return s.count;
    }
    ar_mm_each_consistent(r, h, collect, &s);
    return s.count;
}
