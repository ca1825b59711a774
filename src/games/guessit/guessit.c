/* guessit.c — Isaacs' Guess It, the card game of bluffing in the lecture
 * notes, as a game of the library.
 *
 * Rules. Eleven cards (--hand N deals N to each, 1..5, from the first 2N+1
 * of AS AH AD AC KS KH KD KC QS QH QD) are shuffled; one is put aside
 * unseen, and each player gets N. In turn (P1 first) a player either names
 * the hidden card — winning if right, losing if wrong — or asks for a card.
 * If the opponent holds it he must show it, face up; otherwise he says no.
 * No card may be asked for twice. Asking for a card of one's own is a bluff:
 * the answer is no, and the opponent must decide whether the asked card is
 * the hidden one (and name it, "calling") or a bluff.
 *
 * Moves: `ask KH` (or `a KH`), `guess KH` (or `g KH`); chance outcomes are
 * the cards dealt, the hidden card first, then P1, P2, P1, ...
 * Position text: the phase (deal, P1 or P2 to move, P1-wins, P2-wins), one
 * CARD:WHERE per card (WHERE: 1 or 2 the player holding it, h hidden, -
 * not dealt, ? unknown to the viewer; then a1 or a2 when P1 or P2 asked for
 * it), and last:CARD, the card asked for on the previous turn (last:-).
 * E.g. "P2 AS:1 AH:2a1 AD:h AC:1 KS:2 KH:1 KD:2 KC:1 QS:2 QH:1 QD:2 last:AH". */
#include "guessit_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/page.h"

static const char *const card_names[GUESSIT_MAX_CARDS] = {"AS", "AH", "AD", "AC", "KS", "KH",
                                                          "KD", "KC", "QS", "QH", "QD"};

const char *ar_guessit_card_name(int card)
{
    return card >= 0 && card < GUESSIT_MAX_CARDS ? card_names[card] : "??";
}

static const ar_option_spec gi_options[] = {
    {.name = "hand", .metavar = "N", .help = "cards dealt to each player, 1..5 (default 5: 11 cards in all)"},
    {.name = NULL}};

static ar_status gi_create(const ar_param *params, size_t count, ar_variant **out, ar_error *err)
{
    long hand;
    ar_variant *v;
    ar_status st = ar_param_int(params, count, "hand", 1, GUESSIT_MAX_HAND, 5, &hand, err);
    if (st != AR_OK)
        return st;
    v = ar_xcalloc(1, sizeof *v);
    v->hand = (int)hand;
    v->cards = 2 * (int)hand + 1;
    v->sol = ar_xmalloc(sizeof *v->sol);
    if ((st = ar_guessit_solve(v->hand, v->sol, err)) != AR_OK) {
        free(v->sol);
        free(v);
        return st;
    }
    *out = v;
    return AR_OK;
}

static void gi_destroy(ar_variant *v)
{
    free(v->sol);
    free(v);
}

static void gi_describe(const ar_variant *v, char *buf, size_t size)
{
    snprintf(buf, size, "guessit, %d cards, %d to each player, one hidden", v->cards, v->hand);
}

static const char *gi_player_name(const ar_variant *v, int player)
{
    (void)v;
    return player == 0 ? "P1" : player == 1 ? "P2" : "?";
}

static size_t gi_position_size(const ar_variant *v)
{
    (void)v;
    return sizeof(guessit_pos);
}

static void gi_initial(const ar_variant *v, void *pos)
{
    guessit_pos *p = pos;
    int c;
    memset(p, 0, sizeof *p);
    for (c = 0; c < GUESSIT_MAX_CARDS; c++)
        p->owner[c] = c < v->cards ? GI_UNDEALT : GUESSIT_NONE;
    p->last_ask = GUESSIT_NONE;
}

static int gi_to_move(const ar_variant *v, const void *pos)
{
    const guessit_pos *p = pos;
    if (p->winner)
        return 0;
    return p->dealt < v->cards ? AR_PLAYER_CHANCE : p->turn;
}

static ar_game_outcome gi_outcome(const ar_variant *v, const void *pos)
{
    const guessit_pos *p = pos;
    (void)v;
    return p->winner == 1 ? AR_WIN_P0 : p->winner == 2 ? AR_WIN_P1 : AR_ONGOING;
}

/* Face up: asked for and held by the other player. */
static int revealed(const guessit_pos *p, int c)
{
    return p->asked[c] && p->owner[c] == 2 - p->asked[c];
}

static unsigned gi_max_moves(const ar_variant *v, const void *pos)
{
    (void)pos;
    return 2u * (unsigned)v->cards;
}

static unsigned gi_legal_moves(const ar_variant *v, const void *pos, int player, ar_gmove *moves)
{
    const guessit_pos *p = pos;
    unsigned n = 0;
    int c;
    if (p->winner || p->dealt < v->cards || player != p->turn)
        return 0;
    for (c = 0; c < v->cards; c++)
        if (!p->asked[c])
            moves[n++] = (ar_gmove)c;
    for (c = 0; c < v->cards; c++)
        if (p->owner[c] != player && !revealed(p, c))
            moves[n++] = (ar_gmove)(GI_GUESS + c);
    return n;
}

static unsigned gi_chance_outcomes(const ar_variant *v, const void *pos, ar_gmove *moves, double *probs)
{
    const guessit_pos *p = pos;
    unsigned n = 0, i;
    int c;
    for (c = 0; c < v->cards; c++)
        if (p->owner[c] == GI_UNDEALT)
            moves[n++] = (ar_gmove)c;
    for (i = 0; i < n; i++)
        probs[i] = 1.0 / n;
    return n;
}

static void gi_apply(const ar_variant *v, void *pos, ar_gmove move)
{
    guessit_pos *p = pos;
    int c = (int)(move % GI_GUESS);
    if (p->dealt < v->cards) {
        p->owner[c] = (uint8_t)(p->dealt == 0 ? GI_HIDDEN : (p->dealt - 1) % 2);
        p->dealt++;
        return;
    }
    if (move >= GI_GUESS) {
        p->winner = (uint8_t)(p->owner[c] == GI_HIDDEN ? p->turn + 1 : 2 - p->turn);
        p->turn = 0;
        p->last_ask = GUESSIT_NONE;
        return;
    }
    p->asked[c] = (uint8_t)(p->turn + 1);
    p->last_ask = (uint8_t)c;
    p->turn = (uint8_t)(1 - p->turn);
}

static size_t gi_format_move(const ar_variant *v, const void *pos, int player, ar_gmove move, char *buf,
                             size_t size)
{
    const guessit_pos *p = pos;
    (void)player;
    if (p->dealt < v->cards)
        return (size_t)snprintf(buf, size, "%s", ar_guessit_card_name((int)move));
    return (size_t)snprintf(buf, size, "%s %s", move >= GI_GUESS ? "guess" : "ask",
                            ar_guessit_card_name((int)(move % GI_GUESS)));
}

static int card_of(const ar_variant *v, const char *t, size_t len)
{
    int c;
    if (len != 2)
        return -1;
    for (c = 0; c < v->cards; c++)
        if (toupper((unsigned char)t[0]) == card_names[c][0] && toupper((unsigned char)t[1]) == card_names[c][1])
            return c;
    return -1;
}

static ar_status gi_parse_move(const ar_variant *v, const void *pos, int player, const char *text, size_t len,
                               ar_gmove *out, ar_error *err)
{
    const guessit_pos *p = pos;
    size_t word = 0, at;
    int c, guess;
    while (word < len && !isspace((unsigned char)text[word]))
        word++;
    at = word;
    while (at < len && isspace((unsigned char)text[at]))
        at++;
    if (p->dealt < v->cards) {
        if ((c = card_of(v, text, len)) < 0)
            return ar_error_set(err, AR_ERR_INPUT, "'%.*s' is not one of the %d cards (AS AH ... as dealt)",
                                (int)(len > 12 ? 12 : len), text, v->cards);
        *out = (ar_gmove)c;
        return AR_OK;
    }
    if ((word == 3 && memcmp(text, "ask", 3) == 0) || (word == 1 && text[0] == 'a'))
        guess = 0;
    else if ((word == 5 && memcmp(text, "guess", 5) == 0) || (word == 1 && text[0] == 'g'))
        guess = 1;
    else
        return ar_error_set(err, AR_ERR_INPUT, "'%.*s' is not a move: ask CARD or guess CARD (e.g. ask KH)",
                            (int)(len > 16 ? 16 : len), text);
    if ((c = card_of(v, text + at, len - at)) < 0)
        return ar_error_set(err, AR_ERR_INPUT, "'%.*s' is not a card of this game: %s..%s", (int)(len - at > 12 ? 12 : len - at),
                            text + at, card_names[0], card_names[v->cards - 1]);
    if (p->winner)
        return ar_error_set(err, AR_ERR_INPUT, "the game is over");
    if (player != p->turn)
        return ar_error_set(err, AR_ERR_INPUT, "it is %s's turn", gi_player_name(v, p->turn));
    if (!guess && p->asked[c])
        return ar_error_set(err, AR_ERR_INPUT, "%s has been asked for already (no card is asked for twice)",
                            card_names[c]);
    if (guess && (p->owner[c] == player || revealed(p, c)))
        return ar_error_set(err, AR_ERR_INPUT, "%s cannot be the hidden card: it is %s", card_names[c],
                            p->owner[c] == player ? "yours" : "face up");
    *out = (ar_gmove)(guess ? GI_GUESS + c : c);
    return AR_OK;
}

/* ----------------------------------------------------------------- text */

static const char where_chars[] = "12h-?";

static void gi_format_position(const ar_variant *v, const void *pos, char *buf, size_t size)
{
    const guessit_pos *p = pos;
    size_t used;
    int c, n;
    if (p->winner)
        n = snprintf(buf, size, "P%d-wins", p->winner);
    else if (p->dealt < v->cards)
        n = snprintf(buf, size, "deal");
    else
        n = snprintf(buf, size, "P%d", p->turn + 1);
    used = n > 0 ? (size_t)n : 0;
    for (c = 0; c < v->cards && used < size; c++) {
        n = snprintf(buf + used, size - used, " %s:%c", card_names[c], where_chars[p->owner[c] < 5 ? p->owner[c] : 4]);
        used += n > 0 ? (size_t)n : 0;
        if (p->asked[c] && used < size) {
            n = snprintf(buf + used, size - used, "a%d", p->asked[c]);
            used += n > 0 ? (size_t)n : 0;
        }
    }
    if (used < size)
        snprintf(buf + used, size - used, " last:%s", p->last_ask == GUESSIT_NONE ? "-" : card_names[p->last_ask]);
}

static ar_status gi_parse_position(const ar_variant *v, const char *text, void *pos, ar_error *err)
{
    guessit_pos p;
    const char *tok[GUESSIT_MAX_CARDS + 3];
    size_t len[GUESSIT_MAX_CARDS + 3];
    int ntok = 0, c, count[5] = {0}, phase;
    memset(&p, 0, sizeof p);
    memset(p.owner, GUESSIT_NONE, sizeof p.owner);
    while (*text && ntok < GUESSIT_MAX_CARDS + 3) {
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
    if (ntok != v->cards + 2 || *text)
        return ar_error_set(err, AR_ERR_INPUT,
                            "write the phase, then CARD:WHERE for each of the %d cards, then last:CARD "
                            "(e.g. \"P1 AS:1 AH:2 AD:h ... last:-\")",
                            v->cards);
    if (len[0] == 4 && memcmp(tok[0], "deal", 4) == 0)
        phase = 0;
    else if (len[0] == 2 && tok[0][0] == 'P' && (tok[0][1] == '1' || tok[0][1] == '2'))
        phase = tok[0][1] - '0';
    else if (len[0] == 7 && tok[0][0] == 'P' && (tok[0][1] == '1' || tok[0][1] == '2') &&
             memcmp(tok[0] + 2, "-wins", 5) == 0)
        phase = 2 + tok[0][1] - '0';
    else
        return ar_error_set(err, AR_ERR_INPUT, "'%.*s' is not a phase: deal, P1, P2, P1-wins or P2-wins",
                            (int)(len[0] > 12 ? 12 : len[0]), tok[0]);
    for (c = 0; c < v->cards; c++) {
        const char *t = tok[1 + c], *w;
        if (len[1 + c] < 4 || t[0] != card_names[c][0] || t[1] != card_names[c][1] || t[2] != ':')
            return ar_error_set(err, AR_ERR_INPUT, "field %d: write %s:WHERE (cards in the order AS AH AD ...)",
                                c + 2, card_names[c]);
        if (!(w = strchr(where_chars, t[3])) || !*w)
            return ar_error_set(err, AR_ERR_INPUT, "%s: '%c' is not 1, 2, h, - or ?", card_names[c], t[3]);
        p.owner[c] = (uint8_t)(w - where_chars);
        count[p.owner[c]]++;
        if (len[1 + c] == 6 && t[4] == 'a' && (t[5] == '1' || t[5] == '2'))
            p.asked[c] = (uint8_t)(t[5] - '0');
        else if (len[1 + c] != 4)
            return ar_error_set(err, AR_ERR_INPUT, "%s: after WHERE only a1 or a2 (asked by P1 or P2)",
                                card_names[c]);
        if (p.asked[c] && (p.owner[c] == GI_UNDEALT || phase == 0))
            return ar_error_set(err, AR_ERR_INPUT, "%s is asked for before the cards are dealt", card_names[c]);
    }
    {
        const char *t = tok[v->cards + 1];
        size_t l = len[v->cards + 1];
        if (l == 6 && memcmp(t, "last:-", 6) == 0)
            p.last_ask = GUESSIT_NONE;
        else if (l == 7 && memcmp(t, "last:", 5) == 0 && (c = card_of(v, t + 5, 2)) >= 0 && p.asked[c])
            p.last_ask = (uint8_t)c;
        else
            return ar_error_set(err, AR_ERR_INPUT, "the last field is last:CARD, a card asked for (or last:-)");
    }
    p.dealt = (uint8_t)(v->cards - count[GI_UNDEALT]);
    /* Dealt in order: the hidden card first, then P1, P2, P1, ... */
    {
        int k = p.dealt, want_h = k >= 1, want1 = k >= 1 ? k / 2 : 0, want2 = k >= 1 ? (k - 1) / 2 : 0;
        if (count[GI_HIDDEN] > want_h || count[GI_P1] > want1 || count[GI_P2] > want2 ||
            (count[GI_UNKNOWN] == 0 && (count[GI_HIDDEN] != want_h || count[GI_P1] != want1)))
            return ar_error_set(err, AR_ERR_INPUT, "%d cards dealt make 1 hidden, %d for P1 and %d for P2", k,
                                want1, want2);
    }
    if ((phase == 0) != (p.dealt < v->cards))
        return ar_error_set(err, AR_ERR_INPUT, phase == 0 ? "'deal' while every card is dealt"
                                                          : "play begins once every card is dealt");
    if (phase == 1 || phase == 2)
        p.turn = (uint8_t)(phase - 1);
    if (phase >= 3) {
        p.winner = (uint8_t)(phase - 2);
        if (p.last_ask != GUESSIT_NONE)
            return ar_error_set(err, AR_ERR_INPUT, "a finished game has last:-");
    }
    if (phase != 0 && phase < 3 && p.last_ask != GUESSIT_NONE && p.asked[p.last_ask] != 2 - p.turn)
        return ar_error_set(err, AR_ERR_INPUT, "last:%s was asked for by the player now to move",
                            card_names[p.last_ask]);
    memcpy(pos, &p, sizeof p);
    return AR_OK;
}

/* The table for people: each player's cards (face up marked), what was
 * asked, and the hidden card's place. */
static void gi_draw(const ar_variant *v, const void *pos, char *buf, size_t size)
{
    const guessit_pos *p = pos;
    size_t used = 0;
    int pl, c, n;
    for (pl = 0; pl < 2 && used < size; pl++) {
        n = snprintf(buf + used, size - used, "  %s:", gi_player_name(v, pl));
        used += n > 0 ? (size_t)n : 0;
        for (c = 0; c < v->cards && used < size; c++)
            if (p->owner[c] == pl) {
                n = snprintf(buf + used, size - used, " %s%s", card_names[c],
                             revealed(p, c) ? "(face up)" : p->asked[c] ? "(bluffed)" : "");
                used += n > 0 ? (size_t)n : 0;
            }
        n = snprintf(buf + used, size - used, "\n");
        used += n > 0 ? (size_t)n : 0;
    }
    if (used < size) {
        n = snprintf(buf + used, size - used, "  asked, answered no:");
        used += n > 0 ? (size_t)n : 0;
    }
    for (c = 0; c < v->cards && used < size; c++)
        if (p->asked[c] && !revealed(p, c)) {
            n = snprintf(buf + used, size - used, " %s (by P%d)", card_names[c], p->asked[c]);
            used += n > 0 ? (size_t)n : 0;
        }
    if (used < size) {
        int hidden = -1;
        for (c = 0; c < v->cards; c++)
            if (p->owner[c] == GI_HIDDEN)
                hidden = c;
        snprintf(buf + used, size - used, "\n  hidden card: %s%s", hidden >= 0 ? card_names[hidden] : "??",
                 p->last_ask != GUESSIT_NONE && !revealed(p, p->last_ask) ? "   (the last ask was answered no)" : "");
    }
}

/* A player sees his own cards and the cards shown face up; the hidden card
 * and the opponent's other cards are unknown until the game is over. */
static void gi_observe(const ar_variant *v, const void *pos, int player, void *view)
{
    guessit_pos *w = view;
    int c;
    memmove(w, pos, sizeof *w);
    if (w->winner)
        return;
    for (c = 0; c < v->cards; c++)
        if ((w->owner[c] == GI_HIDDEN || w->owner[c] == 1 - player) && !revealed(w, c))
            w->owner[c] = GI_UNKNOWN;
}

static const char *const gi_test_variants[] = {"hand=1", "hand=2", "hand=3", NULL};

/* The position as its text drawing, under the board (page.h). */
static void gi_picture(const ar_variant *v, const void *pos, ar_scene *scene)
{
    ar_scene_caption_drawing(scene, gi_draw, v, pos);
}

static const ar_game_example guessit_examples[] = {
    {.args = "guessit-solve", .note = "Isaacs' Guess It solved exactly: the first player wins 0.5389"},
    {.args = "match guessit --bots optimal,never-bluff --games 100 --seed 1", .note = "the equilibrium against a player who never bluffs"},
    {.args = NULL}};

const ar_game ar_game_guessit = {
    .name = "guessit",
    .summary = "Isaacs' Guess It: name the hidden card, ask for cards, bluff; solved exactly",
    .help = "Eleven cards (AS AH AD AC KS KH KD KC QS QH QD); one is hidden, five go to each\n"
    "player (--hand N: N each, 1..5). In turn a player names the hidden card (right\n"
    "wins, wrong loses) or asks for a card: the opponent shows it if he holds it, else\n"
    "says no. No card is asked for twice. Asking for your own card is a bluff; told\n"
    "no, you may 'call' by naming the asked card as the hidden one.\n"
    "Moves: ask KH (a KH), guess KH (g KH). Bots: optimal (the solved mixed strategy),\n"
    "never-bluff, always-bluff. `ariadne guessit-solve` prints the solution.\n"
    "Position: phase (deal, P1, P2, P1-wins, P2-wins), CARD:WHERE per card (1, 2, h,\n"
    "-, ?; a1/a2: asked by P1/P2), last:CARD. \"P2 AS:1 AH:2a1 AD:h ... last:AH\".",
    .flags = AR_GAME_CHANCE | AR_GAME_ACYCLIC | AR_GAME_HIDDEN,
    .options = gi_options,
    .create = gi_create,
    .destroy = gi_destroy,
    .describe = gi_describe,
    .player_name = gi_player_name,
    .position_size = gi_position_size,
    .initial_position = gi_initial,
    .parse_position = gi_parse_position,
    .format_position = gi_format_position,
    .draw = gi_draw,
    .picture = gi_picture,
    .to_move = gi_to_move,
    .outcome = gi_outcome,
    .hash = NULL, /* the bytes are hashed */
    .max_moves = gi_max_moves,
    .legal_moves = gi_legal_moves,
    .apply = gi_apply,
    .undo = NULL, /* engines copy positions */
    .format_move = gi_format_move,
    .parse_move = gi_parse_move,
    .evals = NULL,
    .strategies = NULL,
    .default_bot = "optimal",
    .chance_outcomes = gi_chance_outcomes,
    .players = NULL, /* two */
    .apply_simultaneous = NULL,
    .scores = NULL, /* win 1, loss 0 */
    .observe = gi_observe,
    .bot_kinds = ar_guessit_bot_kinds,
    .tools = ar_guessit_tools,
    .bench_suites = NULL,
    .test_variants = gi_test_variants,
    .examples = guessit_examples,
};
