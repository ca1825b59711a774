/* bj_text.c — a blackjack round as text, as a picture, and as the player
 * sees it (the dealer's hole card unseen until he plays). blackjack.c
 * describes the notation. */
#include "bj_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static const char rank_chars[] = "?A23456789T";
static const char *const phase_names[] = {"deal", "play", "dealer", "over"};
static const char state_chars[] = "phdsr";

const char *const ar_bj_test_variants[] = {"decks=1", "decks=inf h17 surrender", "decks=2 rsa hit-split-aces",
                                           "split-hands=1 bj-pays=6:5 double=9-11", "decks=8 no-das split-hands=2",
                                           NULL};

static size_t put(char *buf, size_t size, size_t used, const char *fmt, const char *s)
{
    int n;
    if (used >= size)
        return used;
    n = snprintf(buf + used, size - used, fmt, s);
    return used + (n > 0 ? (size_t)n : 0);
}

static void cards_text(const uint8_t *c, int n, char *out)
{
    int i;
    for (i = 0; i < n; i++)
        out[i] = rank_chars[c[i] <= 10 ? c[i] : 0];
    if (!n)
        out[n++] = '-';
    out[n] = '\0';
}

void ar_bj_format_position(const ar_variant *v, const void *pos, char *buf, size_t size)
{
    const bj_pos *p = pos;
    char cards[BJ_MAX_CARDS + 2], tmp[64];
    size_t used = 0;
    int k, h;
    used = put(buf, size, used, "%s ", phase_names[p->phase <= PH_OVER ? p->phase : PH_OVER]);
    if (!v->r.decks)
        used = put(buf, size, used, "%s", "inf");
    for (k = 1; k <= 10 && v->r.decks; k++) {
        snprintf(tmp, sizeof tmp, k == 1 ? "%u" : ",%u", (unsigned)p->shoe[k]);
        used = put(buf, size, used, "%s", tmp);
    }
    cards_text(p->dealer, p->ndealer, cards);
    used = put(buf, size, used, " %s", cards);
    for (h = 0; h < p->nhands && h < BJ_MAX_HANDS; h++) {
        cards_text(p->hand[h], p->nhand[h], cards);
        snprintf(tmp, sizeof tmp, " %s%s/%u/%c", h == p->cur ? "*" : "", cards, (unsigned)p->bet[h],
                 state_chars[p->state[h] < 5 ? p->state[h] : 3]);
        used = put(buf, size, used, "%s", tmp);
    }
}

static ar_status parse_cards(const char *t, size_t len, uint8_t *out, uint8_t *n, int hole_ok, const char *what,
                             ar_error *err)
{
    size_t i;
    *n = 0;
    if (len == 1 && t[0] == '-')
        return AR_OK;
    if (len > BJ_MAX_CARDS)
        return ar_error_set(err, AR_ERR_INPUT, "%s: %zu cards (at most %d)", what, len, BJ_MAX_CARDS);
    for (i = 0; i < len; i++) {
        const char *r = strchr(rank_chars, toupper((unsigned char)t[i]));
        if (!r || !*r || (r == rank_chars && !(hole_ok && i == 1)))
            return ar_error_set(err, AR_ERR_INPUT, "%s: '%c' is not a rank A 2..9 T%s", what, t[i],
                                hole_ok ? " (? for the unseen hole card)" : "");
        out[(*n)++] = (uint8_t)(r - rank_chars);
    }
    return AR_OK;
}

ar_status ar_bj_parse_position(const ar_variant *v, const char *text, void *pos, ar_error *err)
{
    bj_pos p;
    const char *tok[3 + BJ_MAX_HANDS + 1];
    size_t len[3 + BJ_MAX_HANDS + 1];
    int ntok = 0, k, h, seen[11] = {0}, stars = 0;
    ar_status st;
    memset(&p, 0, sizeof p);
    while (*text && ntok < 3 + BJ_MAX_HANDS + 1) {
        while (isspace((unsigned char)*text))
            text++;
        if (!*text)
            break;
        tok[ntok] = text;
        while (*text && !isspace((unsigned char)*text))
            text++;
        len[ntok] = (size_t)(text - tok[ntok]);
        ntok++;
    }
    while (isspace((unsigned char)*text))
        text++;
    if (ntok < 4 || ntok > 3 + v->r.max_hands || *text)
        return ar_error_set(err, AR_ERR_INPUT, "write the phase, the shoe, the dealer's cards and 1..%d hands "
                                               "(e.g. \"play inf T? *A7/1/p\")", v->r.max_hands);
    for (k = 0; k <= PH_OVER; k++)
        if (len[0] == strlen(phase_names[k]) && memcmp(tok[0], phase_names[k], len[0]) == 0)
            p.phase = (uint8_t)k;
    if (len[0] != strlen(phase_names[p.phase]) || memcmp(tok[0], phase_names[p.phase], len[0]) != 0)
        return ar_error_set(err, AR_ERR_INPUT, "'%.*s' is not a phase: deal, play, dealer or over",
                            (int)(len[0] > 12 ? 12 : len[0]), tok[0]);
    if (!v->r.decks) {
        if (len[1] != 3 || memcmp(tok[1], "inf", 3) != 0)
            return ar_error_set(err, AR_ERR_INPUT, "an infinite deck's shoe is written inf");
    } else {
        const char *t = tok[1], *end = tok[1] + len[1];
        for (k = 1; k <= 10; k++) {
            long x = 0;
            int digits = 0;
            while (t < end && isdigit((unsigned char)*t) && digits < 4) {
                x = x * 10 + (*t++ - '0');
                digits++;
            }
            if (!digits || (k < 10 && (t >= end || *t++ != ',')) || x > (k == BJ_TEN ? 16 : 4) * v->r.decks)
                return ar_error_set(err, AR_ERR_INPUT, "the shoe is ten counts A..T separated by commas, each at "
                                                       "most the %d decks hold",
                                    v->r.decks);
            p.shoe[k] = (uint8_t)x;
        }
        if (t != end)
            return ar_error_set(err, AR_ERR_INPUT, "the shoe is ten counts A..T separated by commas");
    }
    if ((st = parse_cards(tok[2], len[2], p.dealer, &p.ndealer, 1, "the dealer", err)) != AR_OK)
        return st;
    p.nhands = (uint8_t)(ntok - 3);
    p.cur = p.nhands;
    for (h = 0; h < p.nhands; h++) {
        const char *t = tok[3 + h], *slash;
        size_t l = len[3 + h];
        char what[16];
        snprintf(what, sizeof what, "hand %d", h + 1);
        if (l && t[0] == '*') {
            p.cur = (uint8_t)h;
            stars++;
            t++;
            l--;
        }
        slash = memchr(t, '/', l);
        if (!slash || l - (size_t)(slash - t) != 4 || (slash[1] != '1' && slash[1] != '2') || slash[2] != '/' ||
            !strchr(state_chars, slash[3]) || !slash[3])
            return ar_error_set(err, AR_ERR_INPUT, "%s: write CARDS/BET/STATE, e.g. A7/1/p (bet 1 or 2, state "
                                                   "p h d s r)",
                                what);
        if ((st = parse_cards(t, (size_t)(slash - t), p.hand[h], &p.nhand[h], 0, what, err)) != AR_OK)
            return st;
        p.bet[h] = (uint8_t)(slash[1] - '0');
        p.state[h] = (uint8_t)(strchr(state_chars, slash[3]) - state_chars);
    }
    if (stars > 1)
        return ar_error_set(err, AR_ERR_INPUT, "one hand at most is marked * (the hand being played)");
    if (p.phase == PH_PLAY && (p.cur >= p.nhands || p.state[p.cur] == HS_DONE || p.state[p.cur] == HS_SURRENDER))
        return ar_error_set(err, AR_ERR_INPUT, "in play one hand is being played: mark it * (state p, h or d)");
    for (h = 0; h < p.nhands; h++) {
        if (h < p.cur && p.phase == PH_PLAY && p.state[h] != HS_DONE)
            return ar_error_set(err, AR_ERR_INPUT, "hand %d comes before the hand being played and is not done", h + 1);
        if (p.nhands > 1 && p.nhand[h] == 0)
            return ar_error_set(err, AR_ERR_INPUT, "a split hand %d without cards", h + 1);
        for (k = 0; k < p.nhand[h]; k++)
            seen[p.hand[h][k]]++;
    }
    if (p.phase == PH_DEAL ? !(p.nhands == 1 && p.ndealer + p.nhand[0] < 4 &&
                               (p.nhand[0] == p.ndealer || p.nhand[0] == p.ndealer + 1))
                           : p.ndealer < 2 || p.nhand[0] < 1)
        return ar_error_set(err, AR_ERR_INPUT, p.phase == PH_DEAL ? "while dealing, the player and the dealer get "
                                                                    "one card at a time, the player first"
                                                                  : "after the deal the dealer has two cards");
    if (p.phase == PH_DEAL && p.ndealer == 2)
        return ar_error_set(err, AR_ERR_INPUT, "the deal is over once the dealer has two cards");
    for (k = 0; k < p.ndealer; k++)
        seen[p.dealer[k]]++;
    for (k = 1; k <= 10 && v->r.decks; k++)
        if (p.shoe[k] + seen[k] + (k == BJ_TEN ? 0 : 0) != (k == BJ_TEN ? 16 : 4) * v->r.decks)
            return ar_error_set(err, AR_ERR_INPUT, "rank %c: %d left in the shoe and %d seen make not %d",
                                rank_chars[k], p.shoe[k], seen[k], (k == BJ_TEN ? 16 : 4) * v->r.decks);
    if (seen[0] && v->r.decks)
        p.shoe[0] = 0; /* the unseen hole card is counted in the shoe */
    memcpy(pos, &p, sizeof p);
    return AR_OK;
}

/* The table for people. */
void ar_bj_draw(const ar_variant *v, const void *pos, char *buf, size_t size)
{
    const bj_pos *p = pos;
    char line[160];
    size_t used = 0;
    int h, k, soft, left = 0;
    for (k = 1; k <= 10; k++)
        left += p->shoe[k];
    snprintf(line, sizeof line, "  dealer:");
    used = put(buf, size, used, "%s", line);
    for (k = 0; k < p->ndealer; k++) {
        snprintf(line, sizeof line, " %c", p->dealer[k] ? rank_chars[p->dealer[k]] : '?');
        used = put(buf, size, used, "%s", line);
    }
    if (p->ndealer >= 2 && p->dealer[1]) {
        int t = ar_bj_cards_total(p->dealer, p->ndealer, &soft);
        snprintf(line, sizeof line, "   (%s%d%s)", soft ? "soft " : "", t, t > 21 ? ", bust" : "");
        used = put(buf, size, used, "%s", line);
    }
    for (h = 0; h < p->nhands; h++) {
        int t = ar_bj_cards_total(p->hand[h], p->nhand[h], &soft);
        snprintf(line, sizeof line, "\n  %s%s", p->nhands > 1 ? "hand " : "you:  ", p->nhands > 1 ? "" : "");
        if (p->nhands > 1)
            snprintf(line, sizeof line, "\n  hand %d:", h + 1);
        used = put(buf, size, used, "%s", line);
        for (k = 0; k < p->nhand[h]; k++) {
            snprintf(line, sizeof line, " %c", rank_chars[p->hand[h][k]]);
            used = put(buf, size, used, "%s", line);
        }
        snprintf(line, sizeof line, "   (%s%d%s)  bet %u%s%s", soft ? "soft " : "", t, t > 21 ? ", bust" : "",
                 (unsigned)p->bet[h], p->state[h] == HS_SURRENDER ? ", surrendered" : "",
                 p->phase == PH_PLAY && h == p->cur ? "   <- to play" : "");
        used = put(buf, size, used, "%s", line);
    }
    if (v->r.decks)
        snprintf(line, sizeof line, "\n  shoe: %d cards left, %d of them tens", left, p->shoe[BJ_TEN]);
    else
        snprintf(line, sizeof line, "\n  shoe: infinite deck");
    put(buf, size, used, "%s", line);
}

/* The player does not see the dealer's hole card until the dealer plays:
 * in his view it is unknown and still counted among the cards left. */
void ar_bj_observe(const ar_variant *v, const void *pos, int player, void *view)
{
    bj_pos *w = view;
    memmove(w, pos, sizeof *w);
    if (player != 0 || w->ndealer < 2 || w->phase == PH_DEALER || w->phase == PH_OVER || !w->dealer[1])
        return;
    if (v->r.decks)
        w->shoe[w->dealer[1]]++;
    w->dealer[1] = 0;
}
