/* guessit_bots.c — what a player of Guess It knows, and the three bots that
 * play on it: the solved optimal strategy, the player who never bluffs and
 * the one who always does.
 *
 * From his view the player to move works out the state of the recursive
 * game (guessit_solve.c): m, his cards nobody has asked for (those his
 * opponent does not know: a card shown face up is known, and so is a bluff
 * the opponent did not call, since he took it for a bluff); the candidates
 * for the hidden card, which are the cards he does not hold that are not
 * face up and that the opponent did not ask for (a "no" he did not call he
 * took for a bluff) — or the one card he asked for and was told no, which
 * must be the hidden one; and, when the opponent's last ask was answered no
 * and the card is not his, the call he must decide now, at the state the
 * asker was in.
 *
 *   optimal       the equilibrium mixture of each state: calls, guesses,
 *                 asks and bluffs with the solved probabilities, choosing
 *                 the card uniformly among the candidates (or his own unasked
 *                 cards for a bluff)
 *   never-bluff   names the card when sure (or when the opponent would be),
 *                 otherwise asks honestly; believes every "no" and calls it
 *   always-bluff  asks for its own unasked cards while it has any, then
 *                 names a candidate; never calls */
#include "guessit_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ar_guessit_knowledge(const ar_variant *v, const guessit_pos *p, guessit_knowledge *k)
{
    int me = p->turn, opp = 1 - me, c, sure = -1;
    memset(k, 0, sizeof *k);
    k->call_card = -1;
    for (c = 0; c < v->cards; c++) {
        if (p->owner[c] == me) {
            if (!p->asked[c]) {
                k->bluff_cards[k->nbluff++] = c;
                k->m++;
            }
            continue;
        }
        if (p->owner[c] == GI_UNDEALT)
            continue;
        if (p->asked[c] == me + 1) {
            if (p->owner[c] != opp) /* my honest ask answered no: the hidden card */
                sure = c;
            continue;
        }
        if (p->asked[c] == opp + 1) {
            if (c == p->last_ask)
                k->call_card = c; /* his "no" to decide on now */
            continue;             /* an older "no" I did not call: taken for his bluff */
        }
        k->candidates[k->ncand++] = c;
    }
    if (sure >= 0) {
        k->candidates[0] = sure;
        k->ncand = 1;
        k->call_card = -1;
    }
    if (k->call_card >= 0) {
        k->call_m = k->ncand; /* his unknown cards before the ask: the candidates and it, less one */
        k->call_n = k->m;
    }
}

typedef struct gi_bot {
    guessit_strategy strategy;
    ar_rng rng;
} gi_bot;

static ar_status make_bot(ar_bot *bot, guessit_strategy s, const char *options, ar_error *err)
{
    gi_bot *b;
    if (options && *options)
        return ar_error_set(err, AR_ERR_INPUT, "%s takes no options (got '%s')", ar_guessit_strategy_name(s),
                            options);
    b = ar_xcalloc(1, sizeof *b);
    b->strategy = s;
    ar_rng_seed(&b->rng, ar_bot_seed(bot));
    ar_bot_set_state(bot, b);
    return AR_OK;
}

static ar_status optimal_create(ar_bot *bot, const char *o, ar_error *e) { return make_bot(bot, GUESSIT_OPTIMAL, o, e); }
static ar_status never_create(ar_bot *bot, const char *o, ar_error *e) { return make_bot(bot, GUESSIT_NEVER_BLUFF, o, e); }
static ar_status always_create(ar_bot *bot, const char *o, ar_error *e) { return make_bot(bot, GUESSIT_ALWAYS_BLUFF, o, e); }

static int pick(ar_rng *rng, const int *cards, int n) { return cards[ar_rng_below(rng, (uint64_t)n)]; }

static ar_status bot_choose(ar_bot *bot, const void *pos, int player, ar_gmove *out, ar_bot_info *info,
                            ar_error *err)
{
    gi_bot *b = ar_bot_state(bot);
    const ar_variant *v = ar_bot_variant(bot);
    const guessit_pos *p = pos;
    guessit_knowledge k;
    double g, a, bl, call, x;
    int m, n;
    if (p->winner || p->dealt < v->cards || p->turn != player)
        return ar_error_set(err, AR_ERR_INPUT, "guessit: it is not P%d's turn", player + 1);
    ar_guessit_knowledge(v, p, &k);
    if (info)
        memset(info, 0, sizeof *info);
    if (k.call_card >= 0) {
        ar_guessit_policy(v->sol, b->strategy, k.call_m, k.call_n, &g, &a, &bl, &call);
        if (ar_rng_double(&b->rng) < call) {
            *out = (ar_gmove)(GI_GUESS + k.call_card);
            if (info)
                snprintf(info->text, sizeof info->text, "calls (probability %.3f at %d/%d)", call, k.call_m,
                         k.call_n);
            return AR_OK;
        }
    }
    if (k.ncand == 0) { /* misled by an uncalled honest "no": any guess will do */
        int c;
        for (c = 0; c < v->cards && (p->owner[c] == player || (p->asked[c] && p->owner[c] == 2 - p->asked[c])); c++)
            ;
        *out = (ar_gmove)(GI_GUESS + c);
        return AR_OK;
    }
    m = k.m;
    n = k.ncand - 1;
    if (m > v->sol->max)
        m = v->sol->max;
    if (n > v->sol->max)
        n = v->sol->max;
    ar_guessit_policy(v->sol, b->strategy, m, n, &g, &a, &bl, &call);
    if (k.nbluff == 0) { /* no card left to bluff with */
        a += bl;
        bl = 0;
    }
    x = ar_rng_double(&b->rng) * (g + a + bl);
    if (x < g || (a == 0 && bl == 0))
        *out = (ar_gmove)(GI_GUESS + pick(&b->rng, k.candidates, k.ncand));
    else if (x < g + a)
        *out = (ar_gmove)pick(&b->rng, k.candidates, k.ncand);
    else
        *out = (ar_gmove)pick(&b->rng, k.bluff_cards, k.nbluff);
    if (info)
        snprintf(info->text, sizeof info->text, "state %d/%d: guess %.3f ask %.3f bluff %.3f (value %.4f)", m,
                 n, g, a, bl, v->sol->s[m][n].value);
    return AR_OK;
}

static void bot_destroy(ar_bot *bot) { free(ar_bot_state(bot)); }

const ar_bot_kind ar_guessit_bot_kinds[] = {
    {.name = "optimal", .summary = "the solved equilibrium: mixed guess/ask/bluff and call probabilities",
     .options = "", .create = optimal_create, .choose = bot_choose, .destroy = bot_destroy},
    {.name = "never-bluff", .summary = "asks honestly, calls every no, names the card when sure",
     .options = "", .create = never_create, .choose = bot_choose, .destroy = bot_destroy},
    {.name = "always-bluff", .summary = "asks for its own cards while it can, never calls, then guesses",
     .options = "", .create = always_create, .choose = bot_choose, .destroy = bot_destroy},
    {.name = NULL}};
