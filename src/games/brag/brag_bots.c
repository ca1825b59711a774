/* brag_bots.c — the bidding strategies of the notes and a few others, as
 * decision rules (shared with the simulation) and as bots.
 *
 * The notes' four-player rule: A bets with a hand of value 75 or more; B
 * with 75 if A bet, else 67; C with 75, 67 or 50 when A, B or nobody bet
 * first; D likewise, and with anything when all passed. Their general form
 * is a threshold of 1 - 1/(n + 1 - first), `first` being the place of the
 * first bet (or one's own place when nobody has bet yet), and after the
 * first round 1 - 1/(still_in * round + 1 - first). The notes' general
 * formula also weighs the pot odds: bet when value * (win / stake) reaches
 * that threshold (win: what the others have put in; stake: what one will
 * have put in after betting).
 *
 *   threshold     the notes' rule without pot odds (75/67/50 for four)
 *   formula       the notes' general formula, with pot odds
 *   never-bluff   bets only on a hand that beats the whole table on
 *                 average, 1 - 1/(still_in * round), whatever its place
 *   always-bet    always bets
 *   random-bluff  the threshold rule, and below it bets with probability p
 *                 (random-bluff:p=0.1, the default 0.1) */
#include "brag_internal.h"
#include <stddef.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const strategy_names[BRAG_STRATEGIES] = {"threshold", "formula", "never-bluff",
                                                            "always-bet", "random-bluff"};

const char *ar_brag_strategy_name(brag_strategy s)
{
    return (unsigned)s < BRAG_STRATEGIES ? strategy_names[s] : "?";
}

/* The options after a strategy's name: random-bluff takes p=P, the
 * probability of a bluff; the others take none. */
static const ar_bot_option brag_options[] = {
    {.name = "p", .type = AR_BOT_OPT_NUMBER, .offset = offsetof(brag_player, bluff), .min = 0, .max = 1},
    {.name = NULL}};

static ar_status parse_options(brag_strategy s, const char *text, brag_player *out, ar_error *err)
{
    const ar_bot_option_set set = {.kind = strategy_names[s], .table = brag_options,
                                   .allowed = s == BRAG_RANDOM_BLUFF ? 1u : 0u};
    return ar_bot_parse_options(&set, text, out, NULL, err);
}

ar_status ar_brag_parse_player(const char *text, brag_player *out, ar_error *err)
{
    int s;
    size_t len = strcspn(text, ":");
    out->bluff = 0.1;
    for (s = 0; s < BRAG_STRATEGIES; s++)
        if (strlen(strategy_names[s]) == len && strncmp(text, strategy_names[s], len) == 0) {
            out->strategy = (brag_strategy)s;
            return parse_options(out->strategy, text[len] ? text + len + 1 : "", out, err);
        }
    return ar_error_set(err, AR_ERR_INPUT,
                        "'%s' is not a brag strategy: threshold, formula, never-bluff, always-bet, "
                        "random-bluff[:p=P]",
                        text);
}

int ar_brag_popcount(unsigned x)
{
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

double ar_brag_threshold(const brag_decision *d)
{
    int first = d->first_bidder ? d->first_bidder : d->place;
    return 1.0 - 1.0 / (double)(d->still_in * d->round + 1 - first);
}

int ar_brag_decide(const brag_player *pl, const brag_decision *d, ar_rng *rng)
{
    switch (pl->strategy) {
    case BRAG_THRESHOLD:
        return d->value >= ar_brag_threshold(d);
    case BRAG_FORMULA:
        return d->value * ((double)d->win / d->stake) >= ar_brag_threshold(d);
    case BRAG_NEVER_BLUFF:
        return d->value >= 1.0 - 1.0 / (double)(d->still_in * d->round);
    case BRAG_ALWAYS_BET:
        return 1;
    case BRAG_RANDOM_BLUFF:
        return d->value >= ar_brag_threshold(d) || ar_rng_double(rng) < pl->bluff;
    default:
        return 0;
    }
}

void ar_brag_decision_of(const ar_variant *v, const brag_pos *p, brag_decision *d)
{
    int i, me = p->turn, pot = 0;
    for (i = 0; i < v->players; i++)
        pot += p->stake[i];
    d->value = p->hand[me][0] == BRAG_NO_CARD ? 0 : ar_brag_value(p->hand[me]);
    d->players = v->players;
    d->place = ar_brag_popcount(p->acting & ((1u << me) - 1u)) + 1;
    d->first_bidder = p->first_bidder;
    d->round = p->round;
    d->still_in = ar_brag_popcount(p->acting);
    d->win = pot - p->stake[me];
    d->stake = p->stake[me] + 1;
}

/* ------------------------------------------------------------------ bots */

typedef struct brag_bot {
    brag_player player;
    ar_rng rng;
} brag_bot;

static ar_status make_bot(ar_bot *bot, brag_strategy s, const char *options, ar_error *err)
{
    brag_bot *b = ar_xcalloc(1, sizeof *b);
    ar_status st;
    b->player.strategy = s;
    b->player.bluff = 0.1;
    st = parse_options(s, options, &b->player, err);
    if (st != AR_OK) {
        free(b);
        return st;
    }
    ar_rng_seed(&b->rng, ar_bot_seed(bot));
    ar_bot_set_state(bot, b);
    return AR_OK;
}

static ar_status threshold_create(ar_bot *bot, const char *o, ar_error *e) { return make_bot(bot, BRAG_THRESHOLD, o, e); }
static ar_status formula_create(ar_bot *bot, const char *o, ar_error *e) { return make_bot(bot, BRAG_FORMULA, o, e); }
static ar_status never_create(ar_bot *bot, const char *o, ar_error *e) { return make_bot(bot, BRAG_NEVER_BLUFF, o, e); }
static ar_status always_create(ar_bot *bot, const char *o, ar_error *e) { return make_bot(bot, BRAG_ALWAYS_BET, o, e); }
static ar_status bluff_create(ar_bot *bot, const char *o, ar_error *e) { return make_bot(bot, BRAG_RANDOM_BLUFF, o, e); }

static ar_status bot_choose(ar_bot *bot, const void *pos, int player, ar_gmove *out, ar_bot_info *info,
                            ar_error *err)
{
    brag_bot *b = ar_bot_state(bot);
    const ar_variant *v = ar_bot_variant(bot);
    const brag_pos *p = pos;
    brag_decision d;
    int bet;
    if (p->over || p->dealt < 3 * v->players || p->turn != player)
        return ar_error_set(err, AR_ERR_INPUT, "brag: it is not %c's turn to bet", 'A' + player);
    ar_brag_decision_of(v, p, &d);
    bet = ar_brag_decide(&b->player, &d, &b->rng);
    *out = bet ? BRAG_BET : BRAG_DROP;
    if (info) {
        memset(info, 0, sizeof *info);
        snprintf(info->text, sizeof info->text, "value %.1f, threshold %.1f, pot odds %d:%d: %s",
                 100 * d.value, 100 * ar_brag_threshold(&d), d.win, d.stake, bet ? "bet" : "drop");
    }
    return AR_OK;
}

static void bot_destroy(ar_bot *bot) { free(ar_bot_state(bot)); }

const ar_bot_kind ar_brag_bot_kinds[] = {
    {.name = "threshold", .summary = "the notes' rule: bet when value >= 1 - 1/(n + 1 - first) (75/67/50)",
     .options = "", .create = threshold_create, .choose = bot_choose, .destroy = bot_destroy},
    {.name = "formula", .summary = "the notes' general formula: value * win/stake >= the threshold",
     .options = "", .create = formula_create, .choose = bot_choose, .destroy = bot_destroy},
    {.name = "never-bluff", .summary = "bets only on a hand that beats the table on average, whatever its place",
     .options = "", .create = never_create, .choose = bot_choose, .destroy = bot_destroy},
    {.name = "always-bet", .summary = "always bets", .options = "", .create = always_create,
     .choose = bot_choose, .destroy = bot_destroy},
    {.name = "random-bluff", .summary = "the threshold rule, and bets with probability p below it",
     .options = "p=P", .create = bluff_create, .choose = bot_choose, .destroy = bot_destroy},
    {.name = NULL}};
