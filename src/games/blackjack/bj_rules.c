/* bj_rules.c — the rules of a blackjack table as options: decks, the
 * dealer's soft 17, doubling, splitting, surrender and the blackjack payout,
 * shared by the game, the calculator's tools and the simulator. */
#include "bj_internal.h"

#include <stdio.h>
#include <string.h>

void ar_bj_rules_default(bj_rules *r)
{
    memset(r, 0, sizeof *r);
    r->decks = 6;
    r->das = 1;
    r->max_hands = 4;
    r->bj_pays = 1.5;
}

const ar_option_spec ar_bj_rule_options[] = {
    {.name = "decks", .metavar = "N", .help = "decks in the shoe, 1..8, or inf for an infinite deck (default 6)"},
    {.name = "h17", .metavar = NULL, .help = "the dealer hits soft 17 (default: stands on all 17s)"},
    {.name = "no-das", .metavar = NULL, .help = "no doubling after a split"},
    {.name = "split-hands", .metavar = "N", .help = "hands a player may split to, 1 (no splits)..4 (default 4)"},
    {.name = "rsa", .metavar = NULL, .help = "aces may be resplit"},
    {.name = "hit-split-aces", .metavar = NULL, .help = "split aces may draw more than one card"},
    {.name = "surrender", .metavar = NULL, .help = "late surrender"},
    {.name = "bj-pays", .metavar = "X:Y", .help = "a natural pays 3:2 (default), 6:5, 1:1 or 2:1"},
    {.name = "double", .metavar = "WHEN", .help = "doubling on any two cards (any, default), 9-11 or 10-11"},
    {.name = NULL}};

static int has_flag(const ar_param *params, size_t count, const char *name)
{
    size_t i;
    for (i = 0; i < count; i++)
        if (strcmp(params[i].name, name) == 0)
            return 1;
    return 0;
}

ar_status ar_bj_rules_from_params(const ar_param *params, size_t count, bj_rules *r, ar_error *err)
{
    const char *decks = ar_param_get(params, count, "decks");
    const char *pays = ar_param_get(params, count, "bj-pays");
    const char *dbl = ar_param_get(params, count, "double");
    long hands;
    ar_status st;
    ar_bj_rules_default(r);
    if (decks && strcmp(decks, "inf") == 0) {
        r->decks = 0;
    } else {
        long d;
        if ((st = ar_param_int(params, count, "decks", 1, BJ_MAX_DECKS, 6, &d, err)) != AR_OK)
            return ar_error_set(err, AR_ERR_INPUT, "parameter decks: '%s' is not 1..%d or inf", decks ? decks : "",
                                BJ_MAX_DECKS);
        r->decks = (int)d;
    }
    if ((st = ar_param_int(params, count, "split-hands", 1, BJ_MAX_HANDS, 4, &hands, err)) != AR_OK)
        return st;
    r->max_hands = (int)hands;
    r->h17 = has_flag(params, count, "h17");
    r->das = !has_flag(params, count, "no-das");
    r->rsa = has_flag(params, count, "rsa");
    r->hit_split_aces = has_flag(params, count, "hit-split-aces");
    r->surrender = has_flag(params, count, "surrender");
    if (pays) {
        if (strcmp(pays, "3:2") == 0)
            r->bj_pays = 1.5;
        else if (strcmp(pays, "6:5") == 0)
            r->bj_pays = 1.2;
        else if (strcmp(pays, "1:1") == 0)
            r->bj_pays = 1.0;
        else if (strcmp(pays, "2:1") == 0)
            r->bj_pays = 2.0;
        else
            return ar_error_set(err, AR_ERR_INPUT, "parameter bj-pays: '%s' is not 3:2, 6:5, 1:1 or 2:1", pays);
    }
    if (dbl) {
        if (strcmp(dbl, "any") == 0)
            r->double_min = 0;
        else if (strcmp(dbl, "9-11") == 0)
            r->double_min = 9;
        else if (strcmp(dbl, "10-11") == 0)
            r->double_min = 10;
        else
            return ar_error_set(err, AR_ERR_INPUT, "parameter double: '%s' is not any, 9-11 or 10-11", dbl);
    }
    if (r->rsa && r->max_hands < 3)
        return ar_error_set(err, AR_ERR_INPUT, "parameter rsa: resplitting needs parameter split-hands 3 or 4");
    return AR_OK;
}

void ar_bj_rules_describe(const bj_rules *r, char *buf, size_t size)
{
    char decks[32], pays[16];
    if (r->decks)
        snprintf(decks, sizeof decks, "%d deck%s", r->decks, r->decks == 1 ? "" : "s");
    else
        snprintf(decks, sizeof decks, "infinite deck");
    snprintf(pays, sizeof pays, "%s", r->bj_pays == 1.5 ? "3:2" : r->bj_pays == 1.2 ? "6:5" : r->bj_pays == 2 ? "2:1" : "1:1");
    snprintf(buf, size, "%s, %s, %s, %s%s%s%s, BJ pays %s%s", decks, r->h17 ? "H17" : "S17",
             r->das ? "DAS" : "no DAS",
             r->max_hands == 1 ? "no splits" : r->max_hands == 2 ? "split once" : r->max_hands == 3 ? "split to 3 hands" : "split to 4 hands",
             r->max_hands > 2 ? (r->rsa ? ", RSA" : ", no RSA") : "", r->hit_split_aces ? ", hit split aces" : "",
             r->surrender ? ", late surrender" : "", pays,
             r->double_min == 9 ? ", double 9-11" : r->double_min == 10 ? ", double 10-11" : "");
}

void ar_bj_shoe_full(bj_shoe *s, int decks)
{
    int r;
    memset(s, 0, sizeof *s);
    for (r = 1; r <= 9; r++)
        s->count[r] = 4 * decks;
    s->count[BJ_TEN] = 16 * decks;
    s->total = 52 * decks;
}

const char *ar_bj_action_name(int action)
{
    static const char *const names[BJ_ACTIONS] = {"stand", "hit", "double", "split", "surrender"};
    return action >= 0 && action < BJ_ACTIONS ? names[action] : "?";
}

const char *ar_bj_code_name(int code)
{
    static const char *const names[BJ_CODES] = {"S", "H", "Dh", "Ds", "P", "Rh", "Rs", "Rp"};
    return code >= 0 && code < BJ_CODES ? names[code] : "?";
}

int ar_bj_cards_total(const uint8_t *cards, int n, int *soft)
{
    int hard = 0, aces = 0, i;
    for (i = 0; i < n; i++) {
        hard += cards[i];
        aces += cards[i] == BJ_ACE;
    }
    *soft = aces && hard + 10 <= 21;
    return *soft ? hard + 10 : hard;
}
