/* blackjack.c — one round of blackjack as a game of the library: a player
 * (P) against the dealer (D), whose play the rules fix.
 *
 * Rules (options in bj_rules.c). Chance deals the player a card, the dealer
 * his upcard, the player a second card and the dealer his hole card. Under
 * an ace or a ten the dealer checks for blackjack: if he has one the round
 * is over (a player's blackjack pushes, anything else loses the bet). A
 * player's blackjack pays the payout. Otherwise the player plays each hand:
 * stand, hit, double (one card more for a second bet), split a pair into two
 * hands (to --split-hands hands; split aces take one card each unless
 * --hit-split-aces) or, with --surrender, give up half the bet. Then the
 * dealer draws to 17 (hitting soft 17 with --h17) unless every hand is bust,
 * and each hand is settled at even money. The dealer never chooses: his
 * cards are chance outcomes, so only the player moves; the game's result is
 * the player's gain in units of his first bet (the dealer's is its
 * opposite).
 *
 * Moves: stand (s), hit (h), double (d), split (p), surrender (r); chance
 * outcomes are ranks A 2 .. 9 T. Position text: the phase (deal, play,
 * dealer, over), the shoe's cards left by rank A..T ("inf" for an infinite
 * deck), the dealer's cards ("-" none yet, "?" the hole card unseen), then
 * each hand as CARDS/BET/STATE (STATE: p in play, h waiting for a hit card,
 * d waiting for its double card, s done, r surrendered; "*" before the hand
 * being played). E.g. "play 24,23,24,24,24,24,24,23,24,95 T? *A7/1/p". */
#include "bj_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/page.h"

static const char rank_chars[] = "?A23456789T";

static ar_status bj_create(const ar_param *params, size_t count, ar_variant **out, ar_error *err)
{
    bj_rules r;
    ar_status st = ar_bj_rules_from_params(params, count, &r, err);
    if (st != AR_OK)
        return st;
    *out = ar_xcalloc(1, sizeof **out);
    (*out)->r = r;
    return AR_OK;
}

static void bj_destroy(ar_variant *v) { free(v); }

static void bj_describe(const ar_variant *v, char *buf, size_t size)
{
    char rules[160];
    ar_bj_rules_describe(&v->r, rules, sizeof rules);
    snprintf(buf, size, "blackjack, %s", rules);
}

static const char *bj_player_name(const ar_variant *v, int player)
{
    (void)v;
    return player == 0 ? "P" : player == 1 ? "D" : "?";
}

static size_t bj_position_size(const ar_variant *v)
{
    (void)v;
    return sizeof(bj_pos);
}

static void bj_initial(const ar_variant *v, void *pos)
{
    bj_pos *p = pos;
    int k;
    memset(p, 0, sizeof *p);
    for (k = 1; k <= 10 && v->r.decks; k++)
        p->shoe[k] = (uint8_t)(k == BJ_TEN ? 16 * v->r.decks : 4 * v->r.decks);
    p->nhands = 1;
    p->bet[0] = 1;
}

/* ----------------------------------------------------------- the flow */

static int hand_total(const uint8_t *cards, int n, int *soft) { return ar_bj_cards_total(cards, n, soft); }

static int is_natural(const uint8_t *c, int n)
{
    return n == 2 && ((c[0] == BJ_ACE && c[1] == BJ_TEN) || (c[0] == BJ_TEN && c[1] == BJ_ACE));
}

static int split_ace_hand(const bj_pos *p, int h) { return p->nhands > 1 && p->hand[h][0] == BJ_ACE; }

/* Moves the round on after a change: over a natural, past finished hands,
 * to the dealer, to the end. */
static void flow(const ar_variant *v, bj_pos *p)
{
    int soft, i;
    if (p->phase == PH_DEAL) {
        if (p->nhand[0] + p->ndealer < 4)
            return;
        if (is_natural(p->dealer, 2) || is_natural(p->hand[0], 2)) {
            p->phase = PH_OVER;
            return;
        }
        p->phase = PH_PLAY;
    }
    if (p->phase == PH_PLAY) {
        while (p->cur < p->nhands) {
            int c = p->cur, n = p->nhand[c], t = hand_total(p->hand[c], n, &soft);
            if (p->state[c] == HS_SURRENDER) {
                p->phase = PH_OVER;
                return;
            }
            if (n < 2 || p->state[c] == HS_HIT || p->state[c] == HS_DOUBLE)
                return; /* waiting for a card */
            if (p->state[c] == HS_PLAY && t < 21) {
                /* a split ace that may not draw: only a resplit is left */
                if (split_ace_hand(p, c) && !v->r.hit_split_aces &&
                    !(p->hand[c][1] == BJ_ACE && v->r.rsa && p->nhands < v->r.max_hands))
                    p->state[c] = HS_DONE;
                else
                    return; /* the player chooses */
            }
            p->state[c] = HS_DONE;
            p->cur++;
        }
        p->phase = PH_DEALER;
        for (i = 0; i < p->nhands; i++)
            if (hand_total(p->hand[i], p->nhand[i], &soft) <= 21)
                break;
        if (i == p->nhands) { /* every hand bust: the dealer does not draw */
            p->phase = PH_OVER;
            return;
        }
    }
    if (p->phase == PH_DEALER) {
        int t = hand_total(p->dealer, p->ndealer, &soft);
        if (t > 17 || (t == 17 && !(soft && v->r.h17)))
            p->phase = PH_OVER;
    }
}

int ar_bj_to_move(const ar_variant *v, const void *pos)
{
    const bj_pos *p = pos;
    (void)v;
    switch (p->phase) {
    case PH_DEAL:
    case PH_DEALER:
        return AR_PLAYER_CHANCE;
    case PH_PLAY:
        return p->nhand[p->cur] < 2 || p->state[p->cur] == HS_HIT || p->state[p->cur] == HS_DOUBLE ? AR_PLAYER_CHANCE : 0;
    default:
        return 0;
    }
}

/* The player's gain in units of the first bet. */
static double gain(const ar_variant *v, const bj_pos *p)
{
    int soft, d = hand_total(p->dealer, p->ndealer, &soft), i;
    double g = 0;
    if (p->phase != PH_OVER || p->dealer[1] == 0)
        return 0;
    if (is_natural(p->dealer, p->ndealer))
        return is_natural(p->hand[0], p->nhand[0]) && p->nhands == 1 ? 0 : -1;
    if (p->nhands == 1 && is_natural(p->hand[0], p->nhand[0]))
        return v->r.bj_pays;
    for (i = 0; i < p->nhands; i++) {
        int t = hand_total(p->hand[i], p->nhand[i], &soft);
        if (p->state[i] == HS_SURRENDER)
            g -= 0.5;
        else if (t > 21)
            g -= p->bet[i];
        else if (d > 21 || t > d)
            g += p->bet[i];
        else if (t < d)
            g -= p->bet[i];
    }
    return g;
}

static ar_game_outcome bj_outcome(const ar_variant *v, const void *pos)
{
    const bj_pos *p = pos;
    double g;
    if (p->phase != PH_OVER)
        return AR_ONGOING;
    g = gain(v, p);
    return g > 0 ? AR_WIN_P0 : g < 0 ? AR_WIN_P1 : AR_DRAW;
}

static void bj_scores(const ar_variant *v, const void *pos, double *scores)
{
    scores[0] = gain(v, pos);
    scores[1] = -scores[0];
}

/* ---------------------------------------------------------------- moves */

static unsigned bj_max_moves(const ar_variant *v, const void *pos)
{
    (void)v;
    (void)pos;
    return 10; /* ten ranks; five actions */
}

static int can_split(const ar_variant *v, const bj_pos *p)
{
    const uint8_t *h = p->hand[p->cur];
    return p->nhand[p->cur] == 2 && h[0] == h[1] && p->nhands < v->r.max_hands &&
           (h[0] != BJ_ACE || p->nhands == 1 || v->r.rsa);
}

unsigned ar_bj_legal_moves(const ar_variant *v, const void *pos, int player, ar_gmove *moves)
{
    const bj_pos *p = pos;
    unsigned n = 0;
    int c = p->cur, hard = 0, aces = 0, i, locked;
    if (player != 0 || ar_bj_to_move(v, pos) != 0 || p->phase != PH_PLAY)
        return 0;
    for (i = 0; i < p->nhand[c]; i++) {
        hard += p->hand[c][i];
        aces += p->hand[c][i] == BJ_ACE;
    }
    locked = split_ace_hand(p, c) && !v->r.hit_split_aces;
    moves[n++] = MV_STAND;
    if (!locked)
        moves[n++] = MV_HIT;
    if (!locked && ar_bj_may_double(&v->r, hard, aces, p->nhand[c]) && (p->nhands == 1 || v->r.das))
        moves[n++] = MV_DOUBLE;
    if (can_split(v, p))
        moves[n++] = MV_SPLIT;
    if (v->r.surrender && p->nhands == 1 && p->nhand[0] == 2)
        moves[n++] = MV_SURRENDER;
    return n;
}

static unsigned bj_chance_outcomes(const ar_variant *v, const void *pos, ar_gmove *moves, double *probs)
{
    const bj_pos *p = pos;
    unsigned n = 0;
    int k, total = 0;
    for (k = 1; k <= 10; k++)
        total += p->shoe[k];
    for (k = 1; k <= 10; k++) {
        double pr = v->r.decks == 0 ? (k == BJ_TEN ? 4.0 / 13 : 1.0 / 13) : total ? (double)p->shoe[k] / total : 0;
        if (pr > 0) {
            moves[n] = (ar_gmove)k;
            probs[n++] = pr;
        }
    }
    return n;
}

static void take_card(const ar_variant *v, bj_pos *p, int rank)
{
    if (v->r.decks && p->shoe[rank])
        p->shoe[rank]--;
}

static void bj_apply(const ar_variant *v, void *pos, ar_gmove move)
{
    bj_pos *p = pos;
    int c = p->cur;
    if (ar_bj_to_move(v, p) == AR_PLAYER_CHANCE && p->phase != PH_OVER) {
        int rank = (int)move;
        take_card(v, p, rank);
        if (p->phase == PH_DEAL) {
            if ((p->nhand[0] + p->ndealer) % 2 == 0)
                p->hand[0][p->nhand[0]++] = (uint8_t)rank;
            else
                p->dealer[p->ndealer++] = (uint8_t)rank;
        } else if (p->phase == PH_DEALER) {
            if (p->ndealer < BJ_MAX_CARDS)
                p->dealer[p->ndealer++] = (uint8_t)rank;
        } else {
            if (p->nhand[c] < BJ_MAX_CARDS)
                p->hand[c][p->nhand[c]++] = (uint8_t)rank;
            if (p->state[c] == HS_HIT)
                p->state[c] = HS_PLAY;
            else if (p->state[c] == HS_DOUBLE)
                p->state[c] = HS_DONE;
        }
        flow(v, p);
        return;
    }
    switch (move) {
    case MV_STAND:
        p->state[c] = HS_DONE;
        break;
    case MV_HIT:
        p->state[c] = HS_HIT;
        break;
    case MV_DOUBLE:
        p->bet[c] = 2;
        p->state[c] = HS_DOUBLE;
        break;
    case MV_SPLIT:
        memmove(&p->hand[c + 2], &p->hand[c + 1], (size_t)(p->nhands - c - 1) * sizeof p->hand[0]);
        memmove(&p->nhand[c + 2], &p->nhand[c + 1], (size_t)(p->nhands - c - 1));
        memmove(&p->bet[c + 2], &p->bet[c + 1], (size_t)(p->nhands - c - 1));
        memmove(&p->state[c + 2], &p->state[c + 1], (size_t)(p->nhands - c - 1));
        memset(p->hand[c + 1], 0, sizeof p->hand[0]);
        p->hand[c + 1][0] = p->hand[c][1];
        p->hand[c][1] = 0;
        p->nhand[c] = p->nhand[c + 1] = 1;
        p->bet[c + 1] = 1;
        p->state[c + 1] = HS_PLAY;
        p->nhands++;
        break;
    default:
        p->state[c] = HS_SURRENDER;
        break;
    }
    flow(v, p);
}

static const char *const move_names[] = {"stand", "hit", "double", "split", "surrender"};

static size_t bj_format_move(const ar_variant *v, const void *pos, int player, ar_gmove move, char *buf,
                             size_t size)
{
    (void)player;
    if (ar_bj_to_move(v, pos) == AR_PLAYER_CHANCE)
        return (size_t)snprintf(buf, size, "%c", move >= 1 && move <= 10 ? rank_chars[move] : '?');
    return (size_t)snprintf(buf, size, "%s", move <= MV_SURRENDER ? move_names[move] : "?");
}

static ar_status bj_parse_move(const ar_variant *v, const void *pos, int player, const char *text, size_t len,
                               ar_gmove *out, ar_error *err)
{
    int k;
    if (ar_bj_to_move(v, pos) == AR_PLAYER_CHANCE) {
        const char *r = len == 1 ? strchr(rank_chars + 1, toupper((unsigned char)text[0])) : NULL;
        if (len == 2 && text[0] == '1' && text[1] == '0')
            r = rank_chars + 10;
        if (!r || !*r)
            return ar_error_set(err, AR_ERR_INPUT, "'%.*s' is not a card rank: A 2..9 T", (int)(len > 8 ? 8 : len),
                                text);
        *out = (ar_gmove)(r - rank_chars);
        return AR_OK;
    }
    for (k = 0; k <= MV_SURRENDER; k++)
        if ((len == strlen(move_names[k]) && memcmp(text, move_names[k], len) == 0) ||
            (len == 1 && text[0] == "shdpr"[k])) {
            ar_gmove moves[10];
            unsigned n = ar_bj_legal_moves(v, pos, player, moves), i;
            for (i = 0; i < n; i++)
                if (moves[i] == (ar_gmove)k) {
                    *out = (ar_gmove)k;
                    return AR_OK;
                }
            return ar_error_set(err, AR_ERR_INPUT, "%s is not allowed now (%s)", move_names[k],
                                k == MV_DOUBLE   ? "doubling needs two cards the rules allow"
                                : k == MV_SPLIT  ? "splitting needs a pair and room for another hand"
                                : k == MV_SURRENDER ? "surrender needs --surrender and the first two cards"
                                                 : "not the player's turn");
        }
    return ar_error_set(err, AR_ERR_INPUT, "'%.*s' is not a move: stand (s), hit (h), double (d), split (p), surrender (r)",
                        (int)(len > 12 ? 12 : len), text);
}

/* The position as its text drawing, under the board (page.h). */
static void bj_picture(const ar_variant *v, const void *pos, ar_scene *scene)
{
    ar_scene_caption_drawing(scene, ar_bj_draw, v, pos);
}

static const ar_game_example blackjack_examples[] = {
    {.args = "blackjack-edge --decks 1", .note = "the house edge of one deck, computed exactly"},
    {.args = "blackjack-sim --hands 100000 --seed 1", .note = "basic strategy simulated: the edge within its confidence interval"},
    {.args = NULL}};

const ar_game ar_game_blackjack = {
    .name = "blackjack",
    .summary = "blackjack: one player against the dealer; basic strategy and house edge computed exactly",
    .help = "Chance deals the player two cards and the dealer an upcard and a hole card; the\n"
    "dealer checks under an ace or ten for blackjack. The player stands, hits, doubles\n"
    "(one more card for a second bet), splits a pair or (--surrender) surrenders half;\n"
    "then the dealer draws to 17 (--h17: hits soft 17). A natural pays 3:2 (--bj-pays).\n"
    "Rules: --decks N|inf --h17 --no-das --split-hands N --rsa --hit-split-aces\n"
    "--surrender --bj-pays X:Y --double any|9-11|10-11. Bots: basic (the computed chart),\n"
    "optimal (exact expectations for the cards left). Moves: stand (s), hit (h),\n"
    "double (d), split (p), surrender (r). Position: phase, shoe by rank A..T (inf),\n"
    "dealer's cards (? unseen), hands CARDS/BET/STATE: \"play 24,23,...,95 T? *A7/1/p\".",
    .flags = AR_GAME_CHANCE | AR_GAME_DRAWS | AR_GAME_ACYCLIC | AR_GAME_HIDDEN,
    .options = ar_bj_rule_options,
    .create = bj_create,
    .destroy = bj_destroy,
    .describe = bj_describe,
    .player_name = bj_player_name,
    .position_size = bj_position_size,
    .initial_position = bj_initial,
    .parse_position = ar_bj_parse_position,
    .format_position = ar_bj_format_position,
    .draw = ar_bj_draw,
    .picture = bj_picture,
    .to_move = ar_bj_to_move,
    .outcome = bj_outcome,
    .hash = NULL, /* the bytes are hashed */
    .max_moves = bj_max_moves,
    .legal_moves = ar_bj_legal_moves,
    .apply = bj_apply,
    .undo = NULL, /* engines copy positions */
    .format_move = bj_format_move,
    .parse_move = bj_parse_move,
    .evals = NULL,
    .strategies = NULL,
    .default_bot = "basic",
    .chance_outcomes = bj_chance_outcomes,
    .players = NULL, /* the player and the dealer */
    .scores = bj_scores,
    .observe = ar_bj_observe,
    .bot_kinds = ar_bj_bot_kinds,
    .tools = ar_bj_tools,
    .bench_suites = ar_bj_bench_suites,
    .test_variants = ar_bj_test_variants,
    .examples = blackjack_examples,
};
