/* bj_chart.c — basic strategy computed from the exact expectations, and
 * printed as the usual chart.
 *
 * A chart is total-dependent: one action for each two-card total (hard or
 * soft) or pair against each upcard. Each cell takes the action with the
 * best expectation summed over the two-card hands of that total, weighted by
 * their probabilities given the upcard and no dealer blackjack (with an
 * infinite deck each total has one expectation, so the chart is exact). A
 * cell where doubling or surrender is best also says what to do where it is
 * not allowed (after hitting, after a split without DAS). Hands of three
 * cards or more take hit or stand from the same comparison over the
 * three-card hands of their total. */
#include "bj_internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* The code of the best of (stand, hit, double, surrender) expectations. */
static int best_code(double stand, double hit, double dbl, double surr)
{
    double base = fmax(stand, hit);
    if (dbl > base && dbl >= surr)
        return hit >= stand ? BJ_DH : BJ_DS;
    if (surr > base)
        return hit >= stand ? BJ_RH : BJ_RS;
    return hit > stand ? BJ_H : BJ_S;
}

typedef struct cell_sum {
    double w, stand, hit, dbl, surr;
    int can_double;
} cell_sum;

static void add_hand(cell_sum *cs, double w, const bj_hand_ev *ev)
{
    cs->w += w;
    cs->stand += w * ev->stand;
    cs->hit += w * ev->hit;
    if (ev->dbl > -HUGE_VAL) {
        cs->dbl += w * ev->dbl;
        cs->can_double = 1;
    }
    if (ev->surrender > -HUGE_VAL)
        cs->surr += w * ev->surrender;
}

static int cell_code(const cell_sum *cs, int surrender)
{
    return best_code(cs->stand, cs->hit, cs->can_double ? cs->dbl : -HUGE_VAL, surrender ? cs->surr : -HUGE_VAL);
}

/* Hit or stand for hands of three cards of each total, by the same
 * weighting over the three-card compositions. */
static void multi_card(bj_calc *c, int up, bj_strategy *out)
{
    double hard[32] = {0}, soft[32] = {0}, hw[32] = {0}, sw[32] = {0};
    int a, b, d, t;
    for (a = 1; a <= 10; a++)
        for (b = a; b <= 10; b++)
            for (d = b; d <= 10; d++) {
                uint64_t hand = BJ_COMP_ONE(a) + BJ_COMP_ONE(b) + BJ_COMP_ONE(d);
                int h = a + b + d, aces = (a == 1) + (b == 1) + (d == 1), is_soft = aces && h + 10 <= 21;
                int total = is_soft ? h + 10 : h, perms = a == b && b == d ? 1 : a == b || b == d ? 3 : 6;
                double p = ar_bj_calc_prob(c, up, 0, a) * ar_bj_calc_prob(c, up, BJ_COMP_ONE(a), b) *
                           ar_bj_calc_prob(c, up, BJ_COMP_ONE(a) + BJ_COMP_ONE(b), d) * perms;
                bj_hand_ev ev;
                if (total > 21 || p == 0)
                    continue;
                ar_bj_calc_value(c, up, 0, hand, 0, 0, &ev);
                if (is_soft) {
                    soft[total] += p * (ev.hit - ev.stand);
                    sw[total] += p;
                } else {
                    hard[total] += p * (ev.hit - ev.stand);
                    hw[total] += p;
                }
            }
    for (t = 4; t <= 21; t++) {
        out->hard[t][up] = (uint8_t)(hw[t] > 0 ? (hard[t] > 0 ? BJ_H : BJ_S) : t <= 11 ? BJ_H : BJ_S);
        out->soft[t][up] = (uint8_t)(sw[t] > 0 ? (soft[t] > 0 ? BJ_H : BJ_S) : t <= 17 ? BJ_H : BJ_S);
    }
    out->hard[21][up] = out->soft[21][up] = BJ_S;
}

ar_status ar_bj_basic_strategy(const bj_rules *r, bj_strategy *out, const volatile sig_atomic_t *interrupt,
                               ar_error *err)
{
    bj_calc *c;
    ar_status st;
    int up, a, b, t;
    memset(out, 0, sizeof *out);
    if ((st = ar_bj_calc_new(r, NULL, &c, err)) != AR_OK)
        return st;
    for (up = 1; up <= 10; up++) {
        cell_sum hard[22], soft[22];
        memset(hard, 0, sizeof hard);
        memset(soft, 0, sizeof soft);
        if (interrupt && *interrupt) {
            ar_bj_calc_free(c);
            return ar_error_set(err, AR_ERR_LIMIT, "interrupted");
        }
        for (a = 1; a <= 10; a++)
            for (b = a; b <= 10; b++) {
                uint64_t hand = BJ_COMP_ONE(a) + BJ_COMP_ONE(b);
                double w = ar_bj_calc_prob(c, up, 0, a) * ar_bj_calc_prob(c, up, BJ_COMP_ONE(a), b) * (a == b ? 1 : 2) *
                           ar_bj_calc_no_bj(c, up, hand);
                bj_hand_ev ev;
                if (a == BJ_ACE && b == BJ_TEN)
                    continue; /* a natural */
                ar_bj_hand(c, up, a, b, &ev);
                if (a == b) {
                    int alt = best_code(ev.stand, ev.hit, ev.dbl, ev.surrender), code = alt;
                    double play = fmax(fmax(ev.stand, ev.hit), ev.dbl); /* neither split nor surrender */
                    if (ev.split > play) /* split, unless surrender is better still */
                        code = ev.surrender > ev.split ? BJ_RP : BJ_P;
                    out->pair_alt[a][up] = (uint8_t)alt;
                    out->pair[a][up] = (uint8_t)code;
                    /* totals that only a pair makes in two cards */
                    if (a == BJ_ACE)
                        out->soft2[12][up] = (uint8_t)alt;
                    else if (a == 2 || a == BJ_TEN)
                        out->hard2[2 * a][up] = (uint8_t)alt;
                    continue;
                }
                t = a + b;
                if (a == BJ_ACE)
                    add_hand(&soft[t + 10], w, &ev);
                else
                    add_hand(&hard[t], w, &ev);
            }
        for (t = 5; t <= 19; t++)
            if (hard[t].w > 0)
                out->hard2[t][up] = (uint8_t)cell_code(&hard[t], r->surrender);
        for (t = 13; t <= 20; t++)
            if (soft[t].w > 0)
                out->soft2[t][up] = (uint8_t)cell_code(&soft[t], r->surrender);
        out->hard2[21][up] = out->soft2[21][up] = BJ_S;
        multi_card(c, up, out);
    }
    ar_bj_calc_free(c);
    return AR_OK;
}

static const char up_order[10] = {2, 3, 4, 5, 6, 7, 8, 9, 10, 1};

static size_t row(char *buf, size_t size, const char *label, const uint8_t cells[11])
{
    size_t used;
    int i, n = snprintf(buf, size, "  %-6s", label);
    used = n > 0 ? (size_t)n : 0;
    for (i = 0; i < 10 && used < size; i++) {
        n = snprintf(buf + used, size - used, " %-3s", ar_bj_code_name(cells[(int)up_order[i]]));
        used += n > 0 ? (size_t)n : 0;
    }
    if (used < size) {
        while (used > 0 && buf[used - 1] == ' ')
            used--;
        n = snprintf(buf + used, size - used, "\n");
        used += n > 0 ? (size_t)n : 0;
    }
    return used < size ? used : size;
}

void ar_bj_chart_text(const bj_strategy *s, const bj_rules *r, char *buf, size_t size)
{
    static const char *const rank_label[11] = {"", "A", "2", "3", "4", "5", "6", "7", "8", "9", "T"};
    char desc[160], label[16], note[1024] = "";
    size_t used;
    int t, p, up, n, notes = 0;
    ar_bj_rules_describe(r, desc, sizeof desc);
    n = snprintf(buf, size, "Basic strategy, %s\n          2   3   4   5   6   7   8   9   T   A\nHard\n", desc);
    used = n > 0 ? (size_t)n : 0;
    for (t = 5; t <= 19 && used < size; t++) {
        snprintf(label, sizeof label, "%d", t);
        used += row(buf + used, size - used, label, s->hard2[t]);
    }
    if (used < size) {
        n = snprintf(buf + used, size - used, "Soft\n");
        used += n > 0 ? (size_t)n : 0;
    }
    for (t = 13; t <= 20 && used < size; t++) {
        snprintf(label, sizeof label, "A,%d", t - 11);
        used += row(buf + used, size - used, label, s->soft2[t]);
    }
    if (used < size) {
        n = snprintf(buf + used, size - used, "Pairs\n");
        used += n > 0 ? (size_t)n : 0;
    }
    for (p = 2; p <= 11 && used < size; p++) {
        int rank = p == 11 ? BJ_ACE : p;
        snprintf(label, sizeof label, "%s,%s", rank_label[rank], rank_label[rank]);
        used += row(buf + used, size - used, label, s->pair[rank]);
    }
    /* Where three cards or more play otherwise than the two-card chart. */
    for (t = 12; t <= 20; t++)
        for (up = 1; up <= 10; up++) {
            int two = s->hard2[t][up], hit2 = two == BJ_H || two == BJ_DH || two == BJ_RH;
            if (t <= 19 && (s->hard[t][up] == BJ_H) != hit2 && strlen(note) < sizeof note - 40) {
                char cell[40];
                snprintf(cell, sizeof cell, "%s hard %d vs %s", notes++ ? "," : "", t, rank_label[up]);
                strcat(note, cell);
                strcat(note, s->hard[t][up] == BJ_H ? ": hit" : ": stand");
            }
        }
    if (used < size)
        snprintf(buf + used, size - used,
                 "S stand, H hit, Dh double (else hit), Ds double (else stand), P split,\n"
                 "Rh/Rs/Rp surrender (else hit/stand/split).\n"
                 "Three cards or more: hit or stand as the chart says%s%s.\n",
                 notes ? ", except" : "", note);
}
