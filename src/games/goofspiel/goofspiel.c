/* goofspiel.c — Goofspiel, the Game of Pure Strategy: the template game.
 *
 * It is small on purpose and uses every part of the game interface that
 * tic-tac-toe does not: more than two players (players), moves made at once
 * (AR_PLAYER_SIMULTANEOUS, apply_simultaneous), chance (chance_outcomes),
 * results as points (scores, AR_GAME_OVER) and hidden information (observe).
 * docs/adding-a-game.md walks through it slot by slot; copy it to start a
 * new game.
 *
 * Rules. Each of N players (--players, 2..10, default 2) holds the cards
 * 1..K (--cards, 1..13, default 5); a prize deck of the cards 1..K is
 * shuffled. Every turn chance turns up the next prize, then all players bid
 * one of their cards at once; the highest bid alone wins the prize's value in
 * points (when several share the highest bid, nobody does); bids are
 * discarded. After K turns the most points wins. With --hidden the players
 * see who won each prize but not the others' bids, so not the others' hands.
 *
 * Cards are written A 2 3 4 5 6 7 8 9 T J Q K (1..13); a move is a card, also
 * accepted as its number ("10" = T). Position text: the prize turned up ('-'
 * while chance turns the next), the prize cards still face down ('-': none),
 * then HAND:POINTS for every player, e.g. "3 A245 A2345:0 A2345:0". In a
 * player's view (--hidden) an unseen hand is written '?' followed by the cards
 * it might hold. */
#include "ariadne/page.h"
#include "ariadne/game.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GS_MAX_CARDS 13

static const char card_chars[] = "A23456789TJQK";

struct ar_variant {
    int players; /* 2..AR_MAX_PLAYERS */
    int cards;   /* K: the cards 1..K in every hand and in the prize deck */
    int hidden;  /* the players see only who won each prize */
};

/* A card c is bit c - 1 of a set. The position is hashed as bytes (the game
 * has no hash slot), so every byte is always written, the padding too. */
typedef struct gs_pos {
    uint16_t deck;                  /* prizes still face down */
    uint16_t hand[AR_MAX_PLAYERS];  /* the cards each player still holds */
    uint16_t unseen;                /* views: players whose hands the viewer cannot see */
    uint8_t prize;                  /* the prize being bid for; 0 while chance turns the next */
    uint8_t points[AR_MAX_PLAYERS]; /* value of the prizes won so far */
    uint8_t zero;                   /* padding, always 0 */
} gs_pos;

static const ar_option_spec gs_options[] = {
    {.name = "players", .metavar = "N", .help = "number of players, 2..10 (default 2)"},
    {.name = "cards", .metavar = "K", .help = "cards 1..K in each hand and in the prize deck, 1..13 "
                                              "(default 5)"},
    {.name = "hidden", .metavar = NULL, .help = "players see who won each prize, not the others' bids"},
    {.name = NULL}};

static uint16_t all_cards(const ar_variant *v) { return (uint16_t)((1u << v->cards) - 1u); }

static int count_cards(unsigned set)
{
    int n = 0;
    for (; set; set &= set - 1)
        n++;
    return n;
}

/* ---------------------------------------------------------------- variants */

static ar_status gs_create(const ar_param *params, size_t count, ar_variant **out, ar_error *err)
{
    long players, cards;
    ar_variant *v;
    ar_status st = ar_param_int(params, count, "players", 2, AR_MAX_PLAYERS, 2, &players, err);
    if (st == AR_OK)
        st = ar_param_int(params, count, "cards", 1, GS_MAX_CARDS, 5, &cards, err);
    if (st != AR_OK)
        return st;
    v = ar_xcalloc(1, sizeof *v);
    v->players = (int)players;
    v->cards = (int)cards;
    /* --hidden is a flag: present without a value. */
    for (; count; count--, params++)
        v->hidden |= strcmp(params->name, "hidden") == 0;
    *out = v;
    return AR_OK;
}

static void gs_destroy(ar_variant *v) { free(v); }

static void gs_describe(const ar_variant *v, char *buf, size_t size)
{
    snprintf(buf, size, "goofspiel, %d players, cards A..%c%s", v->players,
             card_chars[v->cards - 1], v->hidden ? ", hidden bids" : "");
}

static const char *gs_player_name(const ar_variant *v, int player)
{
    static const char *const names[AR_MAX_PLAYERS] = {"P1", "P2", "P3", "P4", "P5",
                                                      "P6", "P7", "P8", "P9", "P10"};
    (void)v;
    return player >= 0 && player < AR_MAX_PLAYERS ? names[player] : "?";
}

static int gs_players(const ar_variant *v) { return v->players; }

/* --------------------------------------------------------------- positions */

static size_t gs_position_size(const ar_variant *v)
{
    (void)v;
    return sizeof(gs_pos);
}

static void gs_initial(const ar_variant *v, void *pos)
{
    gs_pos *p = pos;
    int i;
    memset(p, 0, sizeof *p);
    p->deck = all_cards(v);
    for (i = 0; i < v->players; i++)
        p->hand[i] = all_cards(v);
}

static int finished(const gs_pos *p) { return p->deck == 0 && p->prize == 0; }

static int gs_to_move(const ar_variant *v, const void *pos)
{
    const gs_pos *p = pos;
    (void)v;
    if (finished(p))
        return 0;
    return p->prize ? AR_PLAYER_SIMULTANEOUS : AR_PLAYER_CHANCE;
}

static ar_game_outcome gs_outcome(const ar_variant *v, const void *pos)
{
    const gs_pos *p = pos;
    if (!finished(p))
        return AR_ONGOING;
    /* Two players: say who won, for the engines that know only that. */
    if (v->players > 2)
        return AR_GAME_OVER;
    return p->points[0] > p->points[1] ? AR_WIN_P0 : p->points[1] > p->points[0] ? AR_WIN_P1 : AR_DRAW;
}

static void gs_scores(const ar_variant *v, const void *pos, double *scores)
{
    const gs_pos *p = pos;
    int i;
    for (i = 0; i < v->players; i++)
        scores[i] = p->points[i];
}

/* The card a character names (A 2..9 T J Q K, up to K), or 0. */
static int card_of(const ar_variant *v, char ch)
{
    const char *c = strchr(card_chars, toupper((unsigned char)ch));
    return c && *c && c - card_chars < v->cards ? (int)(c - card_chars) + 1 : 0;
}

/* A set of cards written as card characters, or '-' for none. */
static size_t format_cards(unsigned set, char *buf)
{
    size_t n = 0;
    int c;
    for (c = 1; c <= GS_MAX_CARDS; c++)
        if (set >> (c - 1) & 1u)
            buf[n++] = card_chars[c - 1];
    if (!n)
        buf[n++] = '-';
    buf[n] = '\0';
    return n;
}

/* Reads a token of card characters ('-': none) into *set; no card twice. */
static ar_status parse_cards(const ar_variant *v, const char *tok, size_t len, const char *what,
                             uint16_t *set, ar_error *err)
{
    size_t at;
    *set = 0;
    if (len == 1 && tok[0] == '-')
        return AR_OK;
    for (at = 0; at < len; at++) {
        int c = card_of(v, tok[at]);
        if (!c)
            return ar_error_set(err, AR_ERR_INPUT, "%s: '%c' is not a card A..%c", what, tok[at],
                                card_chars[v->cards - 1]);
        if (*set >> (c - 1) & 1u)
            return ar_error_set(err, AR_ERR_INPUT, "%s: card %c twice", what, card_chars[c - 1]);
        *set = (uint16_t)(*set | 1u << (c - 1));
    }
    return AR_OK;
}

static ar_status gs_parse_position(const ar_variant *v, const char *text, void *pos, ar_error *err)
{
    gs_pos p;
    const char *tok[2 + AR_MAX_PLAYERS + 1];
    size_t len[2 + AR_MAX_PLAYERS + 1];
    int n = 0, i, awarded, total = 0, cards_left = -1;
    uint16_t prize;
    ar_status st;
    memset(&p, 0, sizeof p);
    while (*text && n < 2 + v->players + 1) {
        while (isspace((unsigned char)*text))
            text++;
        if (!*text)
            break;
        tok[n] = text;
        while (*text && !isspace((unsigned char)*text))
            text++;
        len[n] = (size_t)(text - tok[n]);
        n++;
    }
    if (n != 2 + v->players)
        return ar_error_set(err, AR_ERR_INPUT,
                            "%d fields, %d needed: the prize, the deck, then HAND:POINTS for each of "
                            "%d players (e.g. \"3 A245 A2345:0 A2345:0\")",
                            n, 2 + v->players, v->players);
    if ((st = parse_cards(v, tok[0], len[0], "the prize", &prize, err)) != AR_OK ||
        (st = parse_cards(v, tok[1], len[1], "the deck", &p.deck, err)) != AR_OK)
        return st;
    if (count_cards(prize) > 1)
        return ar_error_set(err, AR_ERR_INPUT, "one prize at a time");
    if (prize & p.deck)
        return ar_error_set(err, AR_ERR_INPUT, "the prize is still in the deck");
    for (i = 0; prize >> i; i++)
        p.prize = (uint8_t)(i + 1);
    /* Every seen hand has one card per prize not yet bid for. */
    cards_left = count_cards(p.deck) + (p.prize ? 1 : 0);
    for (i = 0; i < v->players; i++) {
        const char *t = tok[2 + i], *colon = memchr(t, ':', len[2 + i]);
        char what[32];
        long points = 0;
        size_t k;
        int unseen = len[2 + i] && t[0] == '?';
        snprintf(what, sizeof what, "%s's hand", gs_player_name(v, i));
        if (!colon || colon + 1 == t + len[2 + i])
            return ar_error_set(err, AR_ERR_INPUT, "%s: write HAND:POINTS, e.g. A2345:0",
                                gs_player_name(v, i));
        for (k = (size_t)(colon - t) + 1; k < len[2 + i]; k++) {
            if (!isdigit((unsigned char)t[k]) || points > 1000)
                return ar_error_set(err, AR_ERR_INPUT, "%s's points: '%.*s' is not a number",
                                    gs_player_name(v, i), (int)(len[2 + i] - (size_t)(colon - t) - 1),
                                    colon + 1);
            points = points * 10 + (t[k] - '0');
        }
        if (unseen && !v->hidden)
            return ar_error_set(err, AR_ERR_INPUT, "%s: '?' (an unseen hand) only in parameter hidden games",
                                what);
        st = parse_cards(v, t + unseen, (size_t)(colon - t) - (size_t)unseen, what, &p.hand[i], err);
        if (st != AR_OK)
            return st;
        if (unseen)
            p.unseen = (uint16_t)(p.unseen | 1u << i);
        else if (count_cards(p.hand[i]) != cards_left)
            return ar_error_set(err, AR_ERR_INPUT, "%s has %d cards; %d prizes are left to bid for",
                                what, count_cards(p.hand[i]), cards_left);
        p.points[i] = (uint8_t)(points > 255 ? 255 : points);
        total += (int)points;
    }
    /* The points won can be at most the prizes already awarded. */
    awarded = v->cards * (v->cards + 1) / 2 - p.prize;
    for (i = 1; i <= v->cards; i++)
        awarded -= (p.deck >> (i - 1) & 1u) ? i : 0;
    if (total > awarded)
        return ar_error_set(err, AR_ERR_INPUT, "%d points in all, but prizes worth only %d were awarded",
                            total, awarded);
    memcpy(pos, &p, sizeof p);
    return AR_OK;
}

static void gs_format_position(const ar_variant *v, const void *pos, char *buf, size_t size)
{
    const gs_pos *p = pos;
    char hand[GS_MAX_CARDS + 2], deck[GS_MAX_CARDS + 2];
    size_t used;
    int i, n;
    format_cards(p->deck, deck);
    n = snprintf(buf, size, "%c %s", p->prize ? card_chars[p->prize - 1] : '-', deck);
    used = n > 0 ? (size_t)n : 0;
    for (i = 0; i < v->players && used < size; i++) {
        format_cards(p->hand[i], hand);
        n = snprintf(buf + used, size - used, " %s%s:%u", (p->unseen >> i & 1u) ? "?" : "", hand,
                     (unsigned)p->points[i]);
        used += n > 0 ? (size_t)n : 0;
    }
}

/* The table as people see it; with --hidden it shows only what everyone
 * sees (how many cards each holds), since the picture does not know who is
 * looking: `moves` lists a person's own cards. */
static void gs_draw(const ar_variant *v, const void *pos, char *buf, size_t size)
{
    const gs_pos *p = pos;
    char cards[GS_MAX_CARDS + 2];
    size_t used;
    int i, n;
    format_cards(p->deck, cards);
    n = snprintf(buf, size, "  prize: %c    face down: %s\n",
                 p->prize ? card_chars[p->prize - 1] : '-', cards);
    used = n > 0 ? (size_t)n : 0;
    for (i = 0; i < v->players && used < size; i++) {
        format_cards(p->hand[i], cards);
        if (v->hidden)
            n = snprintf(buf + used, size - used, "  %-3s %2d cards   %3u points\n",
                         gs_player_name(v, i), count_cards(p->hand[i]), (unsigned)p->points[i]);
        else
            n = snprintf(buf + used, size - used, "  %-3s %-13s  %3u points\n", gs_player_name(v, i),
                         cards, (unsigned)p->points[i]);
        used += n > 0 ? (size_t)n : 0;
    }
}

/* ------------------------------------------------------------------- moves */

static unsigned gs_max_moves(const ar_variant *v, const void *pos)
{
    (void)pos;
    return (unsigned)v->cards; /* bids and chance outcomes alike */
}

static unsigned gs_legal_moves(const ar_variant *v, const void *pos, int player, ar_gmove *moves)
{
    const gs_pos *p = pos;
    unsigned n = 0;
    int c;
    if (finished(p) || player < 0 || player >= v->players)
        return 0;
    for (c = 1; c <= v->cards; c++)
        if (p->hand[player] >> (c - 1) & 1u)
            moves[n++] = (ar_gmove)c;
    return n;
}

static unsigned gs_chance_outcomes(const ar_variant *v, const void *pos, ar_gmove *moves,
                                   double *probs)
{
    const gs_pos *p = pos;
    unsigned n = 0, i;
    int c;
    for (c = 1; c <= v->cards; c++)
        if (p->deck >> (c - 1) & 1u)
            moves[n++] = (ar_gmove)c;
    for (i = 0; i < n; i++)
        probs[i] = 1.0 / n;
    return n;
}

/* The bids are shown at once: the highest bid alone takes the prize. */
static void gs_apply_simultaneous(const ar_variant *v, void *pos, const ar_gmove *bids)
{
    gs_pos *p = pos;
    int i, winner = -1;
    ar_gmove best = 0;
    for (i = 0; i < v->players; i++) {
        if (bids[i] < 1 || bids[i] > (ar_gmove)v->cards)
            continue; /* no bid (AR_GMOVE_NONE) */
        p->hand[i] = (uint16_t)(p->hand[i] & ~(1u << (bids[i] - 1)));
        if (bids[i] > best) {
            best = bids[i];
            winner = i;
        } else if (bids[i] == best) {
            winner = -1; /* a tie for the highest bid: nobody wins */
        }
    }
    if (winner >= 0)
        p->points[winner] = (uint8_t)(p->points[winner] + p->prize);
    p->prize = 0;
}

/* A chance outcome turns up that prize; with two players a simultaneous
 * move may also come as AR_JOINT_MOVE(bid of P1, bid of P2). */
static void gs_apply(const ar_variant *v, void *pos, ar_gmove move)
{
    gs_pos *p = pos;
    ar_gmove bids[AR_MAX_PLAYERS];
    int i;
    if (p->prize == 0) {
        p->prize = (uint8_t)move;
        p->deck = (uint16_t)(p->deck & ~(1u << (move - 1)));
        return;
    }
    for (i = 0; i < AR_MAX_PLAYERS; i++)
        bids[i] = i < 2 ? AR_JOINT_PART(move, i) : AR_GMOVE_NONE;
    gs_apply_simultaneous(v, pos, bids);
}

static size_t gs_format_move(const ar_variant *v, const void *pos, int player, ar_gmove move,
                             char *buf, size_t size)
{
    (void)v;
    (void)pos;
    (void)player;
    return (size_t)snprintf(buf, size, "%c", move >= 1 && move <= GS_MAX_CARDS ? card_chars[move - 1] : '?');
}

static ar_status gs_parse_move(const ar_variant *v, const void *pos, int player, const char *text,
                               size_t len, ar_gmove *out, ar_error *err)
{
    const gs_pos *p = pos;
    char hand[GS_MAX_CARDS + 2];
    int c = len == 1 ? card_of(v, text[0]) : 0;
    /* Or the card's number: "10" is T. */
    if (len == 2 && isdigit((unsigned char)text[0]) && isdigit((unsigned char)text[1]) &&
        (text[0] - '0') * 10 + (text[1] - '0') <= v->cards)
        c = (text[0] - '0') * 10 + (text[1] - '0');
    else if (len == 1 && text[0] == '1')
        c = 1;
    if (!c)
        return ar_error_set(err, AR_ERR_INPUT, "'%.*s' is not a card: the cards are A..%c (or 1..%d)",
                            (int)(len > 20 ? 20 : len), text, card_chars[v->cards - 1], v->cards);
    if (finished(p))
        return ar_error_set(err, AR_ERR_INPUT, "the game is over");
    if (!(p->hand[player] >> (c - 1) & 1u)) {
        format_cards(p->hand[player], hand);
        return ar_error_set(err, AR_ERR_INPUT, "%s does not hold %c (cards: %s)",
                            gs_player_name(v, player), card_chars[c - 1], hand);
    }
    *out = (ar_gmove)c;
    return AR_OK;
}

/* ----------------------------------------------------- hidden information */

/* With --hidden a player sees the prizes, everyone's points and its own hand;
 * another player's hand becomes "unseen", holding every card it might still
 * have as far as the viewer knows (any card: bids are never shown). */
static void gs_observe(const ar_variant *v, const void *pos, int player, void *view)
{
    gs_pos *w = view;
    int i;
    memmove(w, pos, sizeof *w);
    if (!v->hidden)
        return;
    for (i = 0; i < v->players; i++)
        if (i != player && !(w->unseen >> i & 1u)) {
            w->hand[i] = all_cards(v);
            w->unseen = (uint16_t)(w->unseen | 1u << i);
        }
}

/* ------------------------------------------------------------------ playing */

/* The player's lead in points over the best of the others (x100). */
static int lead_eval(const ar_variant *v, const void *pos, int player)
{
    const gs_pos *p = pos;
    int i, best = 0;
    for (i = 0; i < v->players; i++)
        if (i != player && p->points[i] > best)
            best = p->points[i];
    return 100 * ((int)p->points[player] - best);
}

static const ar_game_eval gs_evals[] = {
    {.name = "lead", .summary = "points ahead of the best other player (x100)", .evaluate = lead_eval},
    {.name = NULL}};

/* Variants the conformance tests play besides the default (three players,
 * hidden bids, all ten players with a whole suit). */
static const char *const gs_test_variants[] = {"players=3", "hidden", "cards=1",
                                               "players=10 cards=13 hidden", NULL};

/* The position as its text drawing, under the board (page.h). */
static void gs_picture(const ar_variant *v, const void *pos, ar_scene *scene)
{
    ar_scene_caption_drawing(scene, gs_draw, v, pos);
}

static const ar_game_example goofspiel_examples[] = {
    {.args = "match goofspiel --bots mcts:iters=500,random --games 10 --seed 1", .note = "hidden bids and a random prize order: MCTS against random bids"},
    {.args = NULL}};

const ar_game ar_game_goofspiel = {
    .name = "goofspiel",
    .summary = "Goofspiel: N players bid cards at once for random prizes; the template game",
    .help = "Each player holds the cards 1..K (--cards K, 1..13, default 5); a shuffled prize\n"
    "deck 1..K is turned up one card a turn, and all players (--players N, 2..10,\n"
    "default 2) bid one card at once: the highest bid alone wins the prize's points\n"
    "(a tie for highest: nobody). Bids are discarded; after K turns the most points\n"
    "wins. --hidden: players see who won each prize, not the others' bids.\n"
    "Cards: A 2..9 T J Q K (1..13). Moves: a card you hold, e.g. 4 (or its number).\n"
    "Position: prize ('-' before it is turned), the deck, then HAND:POINTS per\n"
    "player: \"3 A245 A2345:0 A2345:0\".",
    .flags = AR_GAME_SIMULTANEOUS | AR_GAME_CHANCE | AR_GAME_DRAWS | AR_GAME_ACYCLIC |
             AR_GAME_HIDDEN,
    .options = gs_options,
    .create = gs_create,
    .destroy = gs_destroy,
    .describe = gs_describe,
    .player_name = gs_player_name,
    .position_size = gs_position_size,
    .initial_position = gs_initial,
    .parse_position = gs_parse_position,
    .format_position = gs_format_position,
    .draw = gs_draw,
    .picture = gs_picture,
    .to_move = gs_to_move,
    .outcome = gs_outcome,
    .hash = NULL, /* the bytes are hashed */
    .max_moves = gs_max_moves,
    .legal_moves = gs_legal_moves,
    .apply = gs_apply,
    .undo = NULL, /* engines copy positions */
    .format_move = gs_format_move,
    .parse_move = gs_parse_move,
    .evals = gs_evals,
    .strategies = NULL,
    .default_bot = "mcts",
    .chance_outcomes = gs_chance_outcomes,
    .players = gs_players,
    .apply_simultaneous = gs_apply_simultaneous,
    .scores = gs_scores,
    .observe = gs_observe,
    .test_variants = gs_test_variants,
    .examples = goofspiel_examples,
};
