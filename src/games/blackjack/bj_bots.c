/* bj_bots.c — the blackjack bots, which are also `ariadne play blackjack`'s
 * hints:
 *
 *   basic    the basic strategy chart computed for the table's rules
 *            (ar_bj_basic_strategy), looked up by total and upcard
 *   optimal  the exact expectation of every action for the cards still
 *            unseen (the player's view: the hole card is one of them),
 *            playing on optimally by composition; it names them all
 *
 * Only the player decides (the dealer's cards are chance outcomes), so the
 * bots are asked for the player's moves only. */
#include "bj_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct bj_bot {
    bj_strategy chart;
    int optimal;
} bj_bot;

static ar_status make_bot(ar_bot *bot, int optimal, const char *options, ar_error *err)
{
    const ar_variant *v = ar_bot_variant(bot);
    bj_bot *b;
    ar_status st;
    if (options && *options)
        return ar_error_set(err, AR_ERR_INPUT, "%s takes no options (got '%s')", optimal ? "optimal" : "basic", options);
    b = ar_xcalloc(1, sizeof *b);
    b->optimal = optimal;
    if ((st = ar_bj_basic_strategy(&v->r, &b->chart, ar_bot_interrupt(bot), err)) != AR_OK) {
        free(b);
        return st;
    }
    ar_bot_set_state(bot, b);
    return AR_OK;
}

static ar_status basic_create(ar_bot *bot, const char *o, ar_error *e) { return make_bot(bot, 0, o, e); }
static ar_status optimal_create(ar_bot *bot, const char *o, ar_error *e) { return make_bot(bot, 1, o, e); }

static const int act_to_move[BJ_ACTIONS] = {0 /* stand */, 1 /* hit */, 2 /* double */, 3 /* split */,
                                            4 /* surrender */};

static int allowed(const ar_gmove *moves, unsigned n, int mv)
{
    unsigned i;
    for (i = 0; i < n; i++)
        if (moves[i] == (ar_gmove)mv)
            return 1;
    return 0;
}

/* The exact expectations of the allowed actions for the view's unseen cards. */
static ar_status exact_choice(const ar_variant *v, const bj_pos *p, const ar_gmove *moves, unsigned n, int *best,
                              char *text, size_t size, ar_error *err)
{
    const uint8_t *cards = p->hand[p->cur];
    int up = p->dealer[0], k, nc = p->nhand[p->cur];
    uint64_t hand = 0;
    bj_shoe shoe;
    bj_calc *c;
    bj_hand_ev ev;
    bj_rules r = v->r;
    double no_bj, val[BJ_ACTIONS];
    ar_status st;
    memset(&shoe, 0, sizeof shoe);
    for (k = 1; k <= 10; k++)
        shoe.count[k] = p->shoe[k];
    shoe.count[up]++;
    for (k = 0; k < nc; k++) {
        shoe.count[cards[k]]++;
        hand += BJ_COMP_ONE(cards[k]);
    }
    r.max_hands = r.max_hands - p->nhands + 1; /* the hands still to come */
    if (r.max_hands < 1)
        r.max_hands = 1;
    if ((st = ar_bj_calc_new(&r, v->r.decks ? &shoe : NULL, &c, err)) != AR_OK)
        return st;
    ar_bj_calc_value(c, up, 0, hand, allowed(moves, n, 2), 0, &ev);
    no_bj = ar_bj_calc_no_bj(c, up, hand); /* the dealer has checked: no blackjack */
    val[0] = ev.stand / no_bj;
    val[1] = allowed(moves, n, 1) ? ev.hit / no_bj : -HUGE_VAL;
    val[2] = allowed(moves, n, 2) && ev.dbl > -HUGE_VAL ? ev.dbl / no_bj : -HUGE_VAL;
    val[3] = allowed(moves, n, 3) ? ar_bj_split_value(c, up, cards[0], NULL) : -HUGE_VAL;
    val[4] = allowed(moves, n, 4) ? -0.5 : -HUGE_VAL;
    ar_bj_calc_free(c);
    *best = 0;
    text[0] = '\0';
    for (k = 0; k < BJ_ACTIONS; k++) {
        if (val[k] == -HUGE_VAL)
            continue;
        if (val[k] > val[*best])
            *best = k;
        snprintf(text + strlen(text), size - strlen(text), "%s%s %+.4f", text[0] ? ", " : "",
                 ar_bj_action_name(k), val[k]);
    }
    return AR_OK;
}

static ar_status bot_choose(ar_bot *bot, const void *pos, int player, ar_gmove *out, ar_bot_info *info,
                            ar_error *err)
{
    bj_bot *b = ar_bot_state(bot);
    const ar_variant *v = ar_bot_variant(bot);
    const bj_pos *p = pos;
    ar_gmove moves[10];
    unsigned n = ar_bj_legal_moves(v, pos, player, moves);
    int act, hard = 0, aces = 0, k, c = p->cur;
    char text[160] = "";
    if (!n)
        return ar_error_set(err, AR_ERR_INPUT, "blackjack: the player has no decision here");
    if (b->optimal) {
        ar_status st = exact_choice(v, p, moves, n, &act, text, sizeof text, err);
        if (st != AR_OK)
            return st;
    } else {
        int pair = p->nhand[c] == 2 && p->hand[c][0] == p->hand[c][1] ? p->hand[c][0] : 0;
        for (k = 0; k < p->nhand[c]; k++) {
            hard += p->hand[c][k];
            aces += p->hand[c][k] == BJ_ACE;
        }
        act = ar_bj_decide(&b->chart, hard, aces, p->nhand[c], pair, allowed(moves, n, 3), p->dealer[0],
                           allowed(moves, n, 2), allowed(moves, n, 4));
        if (!allowed(moves, n, act_to_move[act]))
            act = BJ_ACT_STAND; /* a split ace that may not draw */
        snprintf(text, sizeof text, "basic strategy");
    }
    *out = (ar_gmove)act_to_move[act];
    if (info) {
        memset(info, 0, sizeof *info);
        snprintf(info->text, sizeof info->text, "%s", text);
    }
    return AR_OK;
}

static void bot_destroy(ar_bot *bot) { free(ar_bot_state(bot)); }

const ar_bot_kind ar_bj_bot_kinds[] = {
    {.name = "basic", .summary = "the basic strategy chart computed for the table's rules", .options = "",
     .create = basic_create, .choose = bot_choose, .destroy = bot_destroy},
    {.name = "optimal", .summary = "exact expectations of every action for the cards still unseen", .options = "",
     .create = optimal_create, .choose = bot_choose, .destroy = bot_destroy},
    {.name = NULL}};
