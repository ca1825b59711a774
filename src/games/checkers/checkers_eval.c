/* checkers_eval.c — the engine's evaluation: Samuel's "c1 x piece advantage
 * + c2 x advancement + c3 x centre control + ..." (the lecture notes; A. L.
 * Samuel, "Some studies in machine learning using the game of checkers",
 * IBM J. Res. Dev. 3, 1959), as a linear sum of board terms
 * (CK_EVAL_TERMS in checkers_engine.h) with an opening and an ending weight
 * each, blended by the number of pieces left, so that the worth of a king,
 * of advancing and of trading can change as the board empties.
 *
 * The weights are learned (checkers_learn.c fits them to the results of
 * self-play games and writes checkers_eval_learned.c); the hand-set ones
 * below are the starting point and the baseline the learned ones are
 * measured against. This file also reads and writes the weights file. Every
 * term is computed with shifts and population counts on the ghost-square
 * board; the tables it needs are built once. */
#include "ariadne/tool.h"
#include "checkers_engine.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define CK_TERM_INFO(id, label, text) {.name = label, .help = text},
const ck_term_info ar_checkers_terms[CK_NTERMS] = {CK_EVAL_TERMS(CK_TERM_INFO)};
#undef CK_TERM_INFO

static uint64_t row_mask[8];     /* row r from Black's side (squares 4r+1..4r+4) */
static uint64_t cone[2][35];     /* the squares ahead of a man of each colour, widening by one a row */
static uint64_t centre, side_edges, bridge[2];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static uint64_t squares(const int *list, int n)
{
    uint64_t m = 0;
    int i;
    for (i = 0; i < n; i++)
        m |= ck_bit(ck_square_bit(list[i]));
    return m;
}

static void build_tables(void)
{
    static const int centre_sq[] = {10, 11, 14, 15, 18, 19, 22, 23};
    static const int edge_sq[] = {4, 5, 12, 13, 20, 21, 28, 29};
    static const int black_bridge[] = {1, 3}, white_bridge[] = {30, 32};
    int n, m;
    for (n = 1; n <= 32; n++)
        row_mask[(n - 1) / 4] |= ck_bit(ck_square_bit(n));
    for (n = 1; n <= 32; n++) {
        int r = (n - 1) / 4, c = 2 * ((n - 1) % 4) + (r % 2 == 0);
        for (m = 1; m <= 32; m++) {
            int r2 = (m - 1) / 4, c2 = 2 * ((m - 1) % 4) + (r2 % 2 == 0), dc = c2 > c ? c2 - c : c - c2;
            if (r2 > r && dc <= r2 - r)
                cone[CK_BLACK][ck_square_bit(n)] |= ck_bit(ck_square_bit(m));
            if (r2 < r && dc <= r - r2)
                cone[CK_WHITE][ck_square_bit(n)] |= ck_bit(ck_square_bit(m));
        }
    }
    centre = squares(centre_sq, 8);
    side_edges = squares(edge_sq, 8);
    bridge[CK_BLACK] = squares(black_bridge, 2);
    bridge[CK_WHITE] = squares(white_bridge, 2);
}

/* One side's terms (added to f with the given sign). */
static void side_terms(const ck_board *b, int side, int sign, int *f)
{
    uint64_t own = b->pieces[side], men = own & ~b->kings, kings = own & b->kings;
    uint64_t opp = b->pieces[side ^ 1], empty = ck_empty(b), run, fwd4, fwd5;
    int k;
    f[CK_T_MAN] += sign * ck_popcount(men);
    f[CK_T_KING] += sign * ck_popcount(kings);
    for (k = 1; k <= 6; k++)
        f[CK_T_ROW1 + k - 1] += sign * ck_popcount(men & row_mask[side == CK_BLACK ? k : 7 - k]);
    f[CK_T_CENTRE] += sign * ck_popcount(men & centre);
    f[CK_T_KCENTRE] += sign * ck_popcount(kings & centre);
    f[CK_T_KEDGE] += sign * ck_popcount(kings & side_edges);
    f[CK_T_BACK] += sign * ck_popcount(men & row_mask[side == CK_BLACK ? 0 : 7]);
    f[CK_T_BRIDGE] += sign * ((men & bridge[side]) == bridge[side]);
    if (side == CK_BLACK) {
        fwd4 = empty >> 4;
        fwd5 = empty >> 5;
        f[CK_T_MOBILITY] +=
            sign * (ck_popcount(own & fwd4) + ck_popcount(own & fwd5) + ck_popcount(kings & (empty << 4)) +
                    ck_popcount(kings & (empty << 5)));
    } else {
        fwd4 = empty << 4;
        fwd5 = empty << 5;
        f[CK_T_MOBILITY] +=
            sign * (ck_popcount(own & fwd4) + ck_popcount(own & fwd5) + ck_popcount(kings & (empty >> 4)) +
                    ck_popcount(kings & (empty >> 5)));
    }
    for (run = men; run;) {
        int x = ck_pop_lsb(&run);
        if (!(cone[side][x] & opp)) {
            int row = (ck_bit_square(x) - 1) / 4;
            f[CK_T_RUNAWAY] += sign;
            f[CK_T_RUNROW] += sign * (side == CK_BLACK ? row : 7 - row);
        }
    }
}

void ar_checkers_features(const ck_board *b, int *f, int *phase)
{
    int p;
    pthread_once(&tables_once, build_tables);
    memset(f, 0, sizeof(int) * CK_NTERMS);
    side_terms(b, CK_BLACK, b->stm == CK_BLACK ? 1 : -1, f);
    side_terms(b, CK_WHITE, b->stm == CK_WHITE ? 1 : -1, f);
    f[CK_T_TEMPO] = 1;
    p = ck_popcount(b->pieces[0] | b->pieces[1]);
    *phase = p > CK_PHASE_MAX ? CK_PHASE_MAX : p;
}

int ar_checkers_evaluate(const ck_eval_params *p, const ck_board *b)
{
    int f[CK_NTERMS], phase, i;
    long sum = 0;
    if (!p)
        p = ar_checkers_params_default();
    ar_checkers_features(b, f, &phase);
    for (i = 0; i < CK_NTERMS; i++)
        if (f[i])
            sum += (long)f[i] * (p->opening[i] * phase + p->ending[i] * (CK_PHASE_MAX - phase));
    return (int)(sum / CK_PHASE_MAX);
}

/* ---------------------------------------------------- hand-set weights
 *
 * A man is 100 and a king 130 in the opening, 150 in the ending (kings
 * matter more as the board opens); men gain a little for every row they
 * advance, more in the ending; the centre, the back row and the bridge
 * matter while the board is full; runaway men are worth most in the
 * ending. Round numbers from checkers lore, not measured: the learner's
 * starting point and baseline. */
static const ck_eval_params handset = {
    /*           man king  r1 r2 r3  r4  r5  r6 cen kcen kedge back bridge mob tempo run runrow */
    .opening = {100, 130, 0, 1, 2, 3, 4, 6, 4, 4, -4, 4, 8, 2, 3, 10, 2},
    .ending = {100, 150, 0, 2, 4, 6, 8, 12, 2, 8, -8, 0, 0, 2, 3, 30, 6},
};

const ck_eval_params *ar_checkers_params_handset(void) { return &handset; }
const ck_eval_params *ar_checkers_params_default(void) { return ar_checkers_params_learned(); }

/* --------------------------------------------------------- the file */

static const char *skip_space(const char *p, int *line)
{
    for (;;) {
        if (*p == '#') {
            while (*p && *p != '\n')
                p++;
        } else if (*p == '\n') {
            (*line)++;
            p++;
        } else if (*p == ' ' || *p == '\t' || *p == '\r') {
            p++;
        } else {
            return p;
        }
    }
}

ar_status ar_checkers_params_parse(const char *text, ck_eval_params *out, ar_error *err)
{
    unsigned char seen[CK_NTERMS] = {0};
    const char *p = text;
    int line = 1, i;
    memset(out, 0, sizeof *out);
    for (p = skip_space(p, &line); *p; p = skip_space(p, &line)) {
        size_t len = strcspn(p, " \t\r\n#");
        int t, start_line = line;
        for (t = 0; t < CK_NTERMS; t++)
            if (strlen(ar_checkers_terms[t].name) == len && !strncmp(p, ar_checkers_terms[t].name, len))
                break;
        if (t == CK_NTERMS)
            return ar_error_set(err, AR_ERR_INPUT, "line %d: unknown term '%.*s'", line,
                                (int)(len > 40 ? 40 : len), p);
        if (seen[t]++)
            return ar_error_set(err, AR_ERR_INPUT, "line %d: term '%s' given twice", line,
                                ar_checkers_terms[t].name);
        p += len;
        for (i = 0; i < 2; i++) {
            char *end;
            long v;
            while (*p == ' ' || *p == '\t' || *p == '\r')
                p++;
            v = strtol(p, &end, 10);
            if (end == p || (*end && !strchr(" \t\r\n#", *end)))
                return ar_error_set(err, AR_ERR_INPUT, "line %d: %s: the %s weight is not an integer ('%.12s')",
                                    start_line, ar_checkers_terms[t].name, i ? "ending" : "opening", p);
            if (v < -30000 || v > 30000)
                return ar_error_set(err, AR_ERR_INPUT, "line %d: %s: %ld is out of -30000..30000", start_line,
                                    ar_checkers_terms[t].name, v);
            (i ? out->ending : out->opening)[t] = (int)v;
            p = end;
        }
    }
    for (i = 0; i < CK_NTERMS; i++)
        if (!seen[i])
            return ar_error_set(err, AR_ERR_INPUT, "term '%s' is missing (every term needs a line)",
                                ar_checkers_terms[i].name);
    return AR_OK;
}

static ar_status parse_params_text(const char *text, void *out, ar_error *err)
{
    return ar_checkers_params_parse(text, out, err);
}

ar_status ar_checkers_params_load(const char *path, ck_eval_params *out, ar_error *err)
{
    return ar_parse_file(path, parse_params_text, out, err);
}

void ar_checkers_params_write(FILE *out, const ck_eval_params *p, const char *comment)
{
    int t;
    if (comment)
        fprintf(out, "# %s\n", comment);
    fprintf(out, "# ariadne checkers evaluation weights: TERM OPENING ENDING (docs/games/checkers.md)\n");
    for (t = 0; t < CK_NTERMS; t++)
        fprintf(out, "%-9s %5d %5d   # %s\n", ar_checkers_terms[t].name, p->opening[t], p->ending[t],
                ar_checkers_terms[t].help);
}

ar_status ar_checkers_params_named(const char *name, ck_eval_params *out, ar_error *err)
{
    if (!strcmp(name, "handset"))
        *out = *ar_checkers_params_handset();
    else if (!strcmp(name, "learned"))
        *out = *ar_checkers_params_learned();
    else if (!strcmp(name, "default"))
        *out = *ar_checkers_params_default();
    else
        return ar_checkers_params_load(name, out, err);
    return AR_OK;
}
