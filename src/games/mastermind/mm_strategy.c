/* mm_strategy.c — the classic one-step strategies of the code-breaker.
 *
 * Each looks one guess ahead: for every candidate guess (one of each class of
 * equivalent guesses, mm_symmetry.c) it counts how the codes still possible
 * would split by answer, scores the split, and plays the best score; ties go
 * to a guess that could be the code, then to the lowest code. That is
 * Knuth's rule for his minimax strategy, and it reproduces his 5,801 guesses
 * over the 1,296 codes exactly. The scores:
 *   knuth     the largest part (smaller is better), Knuth 1977;
 *   irving    the expected size of the part left, sum of squares / n, Irving 1978;
 *   entropy   the information the answer gives, -sum p log p, Neuwirth 1982;
 *   parts     the number of parts, Kooi 2005;
 *   consistent  no score: the lowest code still possible (Shapiro 1983).
 * Scores are whole numbers so that ties are exact: the entropy is kept as
 * sum c log2 c in fixed point (2^-32), the same for equal multisets of
 * part sizes whatever their order. */
#include "mm_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const char *const ar_mm_rule_names[MM_RULES] = {"knuth", "irving", "entropy", "parts", "consistent"};
const char *const ar_mm_rule_summaries[MM_RULES] = {
    "the guess whose largest part is smallest (Knuth 1977: worst case 5 for 4x6)",
    "the guess whose expected part is smallest (Irving 1978)",
    "the guess whose answer tells most: largest entropy (Neuwirth 1982)",
    "the guess with the most possible answers (Kooi 2005)",
    "the lowest code that fits every answer (Shapiro 1983)"};

int ar_mm_rule_find(const char *name)
{
    int i;
    for (i = 0; i < MM_RULES; i++)
        if (strcmp(name, ar_mm_rule_names[i]) == 0)
            return i;
    return -1;
}

ar_status ar_mm_scratch_init(mm_scratch *s, const mm_rules *r, ar_error *err)
{
    s->cand_valid = 0;
    s->cand = malloc(sizeof *s->cand * r->codes);
    s->digits = malloc(sizeof *s->digits * r->codes);
    s->counts = malloc(sizeof *s->counts * r->codes);
    if (!s->cand || !s->digits || !s->counts) {
        ar_mm_scratch_free(s);
        return ar_error_set(err, AR_ERR_MEMORY, "no memory to choose among %u codes", (unsigned)r->codes);
    }
    return AR_OK;
}

void ar_mm_scratch_free(mm_scratch *s)
{
    free(s->cand);
    free(s->digits);
    free(s->counts);
    s->cand = NULL;
    s->digits = NULL;
    s->counts = NULL;
}

struct mm_rule_chooser {
    const mm_rules *r;
    mm_rule rule;
    mm_candidates *cands;
    int64_t *xlogx; /* c log2 c in units of 2^-32, for c = 0..N */
};

mm_rule_chooser *ar_mm_rule_chooser_new(const mm_rules *r, mm_rule rule)
{
    mm_rule_chooser *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->r = r;
    c->rule = rule;
    c->cands = ar_mm_candidates_new(r);
    if (rule == MM_ENTROPY && r->codes <= MM_DENSE_MAX) {
        uint32_t i;
        c->xlogx = malloc(sizeof *c->xlogx * ((size_t)r->codes + 1));
        if (c->xlogx) {
            c->xlogx[0] = 0;
            for (i = 1; i <= r->codes; i++)
                c->xlogx[i] = llround((double)i * log2((double)i) * 4294967296.0);
        }
    }
    if (!c->cands || (rule == MM_ENTROPY && !c->xlogx)) {
        ar_mm_rule_chooser_free(c);
        return NULL;
    }
    return c;
}

void ar_mm_rule_chooser_free(mm_rule_chooser *c)
{
    if (!c)
        return;
    ar_mm_candidates_free(c->cands);
    free(c->xlogx);
    free(c);
}

/* The lowest code of set[] that splits the rest into single codes, or
 * UINT32_MAX. Every rule prefers it to any other guess: its score is the
 * best any guess can have, and it could be the code. */
static uint32_t perfect_in_set(const mm_rules *r, const uint32_t *set, uint32_t n)
{
    uint32_t i, j;
    if (n > (uint32_t)r->answers)
        return UINT32_MAX;
    for (i = 0; i < n; i++) {
        uint64_t seen = 0;
        int ok = 1;
        for (j = 0; j < n && ok; j++) {
            uint64_t bit = 1ull << mm_answer(r, set[i], set[j]);
            ok = !(seen & bit);
            seen |= bit;
        }
        if (ok)
            return set[i];
    }
    return UINT32_MAX;
}

/* The score of a split (lower is better). */
static int64_t score_of(const mm_rule_chooser *c, const uint32_t *count)
{
    int64_t s = 0;
    int a;
    switch (c->rule) {
    case MM_KNUTH:
        for (a = 0; a < c->r->answers; a++)
            if ((int64_t)count[a] > s)
                s = count[a];
        return s;
    case MM_IRVING:
        for (a = 0; a < c->r->answers; a++)
            s += (int64_t)count[a] * count[a];
        return s;
    case MM_ENTROPY:
        for (a = 0; a < c->r->answers; a++)
            s += c->xlogx[count[a]];
        return s;
    default: /* MM_PARTS */
        for (a = 0; a < c->r->answers; a++)
            s -= count[a] != 0;
        return s;
    }
}

static ar_status rule_choose(void *ctx, mm_scratch *s, const mm_history *h, const uint32_t *set,
                             uint32_t n, uint32_t *guess, ar_error *err)
{
    mm_rule_chooser *c = ctx;
    const mm_rules *r = c->r;
    uint32_t m, i, k, best = UINT32_MAX;
    int64_t best_score = 0;
    int best_in = 0;
    (void)err;
    if (n <= 2 || c->rule == MM_CONSISTENT) {
        *guess = set[0];
        return AR_OK;
    }
    if ((best = perfect_in_set(r, set, n)) != UINT32_MAX) {
        *guess = best;
        return AR_OK;
    }
    if (s->cand_valid && s->cand_guesses == h->count &&
        memcmp(s->cand_for, h->guess, sizeof *h->guess * (size_t)h->count) == 0) {
        m = s->cand_count;
    } else {
        m = s->cand_count = ar_mm_candidates(c->cands, h, s->cand);
        memcpy(s->cand_for, h->guess, sizeof *h->guess * (size_t)h->count);
        s->cand_guesses = h->count;
        s->cand_valid = 1;
    }
    if (!r->table)
        for (i = 0; i < n; i++) {
            s->digits[i] = r->digits[set[i]];
            s->counts[i] = r->counts[set[i]];
        }
    for (k = 0; k < m; k++) {
        uint32_t g = s->cand[k], count[MM_MAX_ANSWERS];
        const uint8_t *row = r->table ? r->table + (size_t)g * r->codes : NULL;
        uint32_t dg = r->table ? 0 : r->digits[g];
        uint64_t cg = r->table ? 0 : r->counts[g];
        /* Knuth's, Irving's and the entropy score only grow as codes are
         * counted: a candidate is dropped once its partial score is worse
         * than the best (an equal one could still win the tie-break). */
        int64_t partial = 0, limit = best == UINT32_MAX || c->rule == MM_PARTS ? INT64_MAX : best_score;
        int64_t score;
        int in;
        memset(count, 0, sizeof count);
        for (i = 0; i < n; i++) {
            unsigned a = row ? row[set[i]] : mm_answer_packed(r, dg, cg, s->digits[i], s->counts[i]);
            uint32_t before = count[a]++;
            if (limit == INT64_MAX)
                continue;
            if (c->rule == MM_KNUTH)
                partial = before + 1 > partial ? before + 1 : partial;
            else if (c->rule == MM_IRVING)
                partial += 2 * (int64_t)before + 1;
            else
                partial += c->xlogx[before + 1] - c->xlogx[before];
            if (partial > limit)
                break;
        }
        if (i < n)
            continue;
        score = score_of(c, count);
        in = count[r->win] != 0;
        if (best == UINT32_MAX || score < best_score || (score == best_score && in && !best_in)) {
            best = g;
            best_score = score;
            best_in = in;
        }
    }
    *guess = best;
    return AR_OK;
}

mm_chooser ar_mm_rule_chooser(mm_rule_chooser *c)
{
    mm_chooser ch;
    ch.choose = rule_choose;
    ch.ctx = c;
    return ch;
}
