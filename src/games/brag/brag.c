/* brag.c — three-card brag as the lecture notes play it: the betting game
 * for n players, one hand per game.
 *
 * Rules. Each of n players (--players, 2..10, default 4; seats A, B, C, ...
 * in the order they bid) antes one unit, and chance deals three cards to
 * each, one at a time round the table. In the first round each player in
 * turn bets (puts one more unit in the pot) or drops (loses the ante). When
 * the round is over: nobody bet — the antes are returned; one player bet —
 * he takes the pot without showing; two bet — the higher hand takes the pot;
 * more — another round among them, in the same order, each betting one more
 * unit or dropping, and as soon as one player is left he takes the pot.
 * After --rounds rounds (default 3) those still in show down. Equal hands
 * share the pot. Hands rank as brag_hands.c says (prial, running flush, run,
 * flush, pair, high card; the prial of threes and A-2-3 on top).
 *
 * Moves: bet (b) or drop (d). Chance outcomes are cards ("As", "Td").
 * Position text: the phase — `deal`, `rR S fF` (round R, seat S to act, F
 * the place in this round's order of its first bet, 0 for none) or `end` —
 * then one HAND/STATE/STAKE per seat: the three cards ("--" not yet dealt,
 * "??" hidden from the viewer), the state (w to act this round, i bet, d
 * dropped this round, o out), the units put in. E.g.
 * "r1 C f1 AsKd7c/i/2 2h2c9s/d/1 QhJh4d/w/1 5s6c8d/w/1". */
#include "brag_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/page.h"

static const ar_option_spec brag_options[] = {
    {.name = "players", .metavar = "N", .help = "number of players, 2..10 (default 4)"},
    {.name = "rounds", .metavar = "R", .help = "rounds of betting before a showdown, 1..20 (default 3)"},
    {.name = NULL}};

static int popcount16(unsigned x) { return ar_brag_popcount(x); }

/* ---------------------------------------------------------------- variants */

static ar_status brag_create(const ar_param *params, size_t count, ar_variant **out, ar_error *err)
{
    long players, rounds;
    ar_variant *v;
    ar_status st = ar_param_int(params, count, "players", 2, BRAG_MAX_PLAYERS, 4, &players, err);
    if (st == AR_OK)
        st = ar_param_int(params, count, "rounds", 1, 20, 3, &rounds, err);
    if (st != AR_OK)
        return st;
    v = ar_xcalloc(1, sizeof *v);
    v->players = (int)players;
    v->max_rounds = (int)rounds;
    *out = v;
    return AR_OK;
}

static void brag_destroy(ar_variant *v) { free(v); }

static void brag_describe_variant(const ar_variant *v, char *buf, size_t size)
{
    snprintf(buf, size, "brag, %d players, showdown after %d round%s", v->players, v->max_rounds,
             v->max_rounds == 1 ? "" : "s");
}

static const char *brag_player_name(const ar_variant *v, int player)
{
    static const char *const names[BRAG_MAX_PLAYERS] = {"A", "B", "C", "D", "E", "F", "G", "H", "I", "J"};
    (void)v;
    return player >= 0 && player < BRAG_MAX_PLAYERS ? names[player] : "?";
}

static int brag_players(const ar_variant *v) { return v->players; }

/* --------------------------------------------------------------- positions */

static size_t brag_position_size(const ar_variant *v)
{
    (void)v;
    return sizeof(brag_pos);
}

static void brag_initial(const ar_variant *v, void *pos)
{
    brag_pos *p = pos;
    int i;
    memset(p, 0, sizeof *p);
    memset(p->hand, BRAG_NO_CARD, sizeof p->hand);
    for (i = 0; i < v->players; i++) {
        p->stake[i] = 1; /* the ante */
        p->state[i] = BRAG_WAITING;
    }
    p->acting = (uint16_t)((1u << v->players) - 1u);
}


static int brag_to_move(const ar_variant *v, const void *pos)
{
    const brag_pos *p = pos;
    if (p->over)
        return 0;
    return p->dealt < 3 * v->players ? AR_PLAYER_CHANCE : p->turn;
}

/* Each player's gain in a settled hand: the pot goes to the one player
 * left, or is shared by the best hands of those still in; nobody bet: the
 * antes go back. */
void ar_brag_settle(const ar_variant *v, const brag_pos *p, double *net)
{
    int i, in = 0, winners = 0;
    uint32_t best = 0, key[BRAG_MAX_PLAYERS];
    double pot = 0;
    for (i = 0; i < v->players; i++) {
        pot += p->stake[i];
        net[i] = -(double)p->stake[i];
        in += p->state[i] == BRAG_IN;
    }
    if (in == 0) {
        for (i = 0; i < v->players; i++)
            net[i] = 0;
        return;
    }
    for (i = 0; i < v->players; i++) {
        if (p->state[i] != BRAG_IN)
            continue;
        /* One player left wins without showing (his cards may be unseen). */
        key[i] = in == 1 || p->hand[i][0] == BRAG_NO_CARD ? 1 : ar_brag_key(p->hand[i]);
        if (key[i] > best) {
            best = key[i];
            winners = 1;
        } else if (key[i] == best) {
            winners++;
        }
    }
    for (i = 0; i < v->players; i++)
        if (p->state[i] == BRAG_IN && key[i] == best)
            net[i] += pot / winners;
}

static ar_game_outcome brag_outcome(const ar_variant *v, const void *pos)
{
    const brag_pos *p = pos;
    double net[BRAG_MAX_PLAYERS];
    if (!p->over)
        return AR_ONGOING;
    if (v->players > 2)
        return AR_GAME_OVER;
    ar_brag_settle(v, p, net);
    return net[0] > net[1] ? AR_WIN_P0 : net[1] > net[0] ? AR_WIN_P1 : AR_DRAW;
}

static void brag_scores(const ar_variant *v, const void *pos, double *scores)
{
    ar_brag_settle(v, pos, scores);
}

/* The next seat after `from` still to act this round, or -1. */
static int next_waiting(const ar_variant *v, const brag_pos *p, int from)
{
    int i;
    for (i = from + 1; i < v->players; i++)
        if (p->state[i] == BRAG_WAITING)
            return i;
    return -1;
}

static int count_state(const ar_variant *v, const brag_pos *p, int state)
{
    int i, n = 0;
    for (i = 0; i < v->players; i++)
        n += p->state[i] == state;
    return n;
}

/* A settled hand keeps only what decides the pot: the cards, stakes and
 * states (and who acted in the last round, which the text shows). */
static void finish(brag_pos *p)
{
    p->over = 1;
    p->round = 0;
    p->turn = 0;
    p->first_bidder = 0;
}

void ar_brag_apply_bid(const ar_variant *v, brag_pos *p, int bet)
{
    int me = p->turn, next, in, left;
    if (bet) {
        p->stake[me]++;
        p->state[me] = BRAG_IN;
        if (!p->first_bidder)
            p->first_bidder = (uint8_t)(popcount16(p->acting & ((1u << me) - 1u)) + 1);
    } else {
        p->state[me] = BRAG_OUT;
    }
    in = count_state(v, p, BRAG_IN);
    left = in + count_state(v, p, BRAG_WAITING);
    /* After the first round, the last player left takes the pot at once. */
    if (p->round > 1 && left == 1) {
        int i;
        for (i = 0; i < v->players; i++)
            if (p->state[i] == BRAG_WAITING)
                p->state[i] = BRAG_IN;
        finish(p);
        return;
    }
    next = next_waiting(v, p, me);
    if (next >= 0) {
        p->turn = (uint8_t)next;
        return;
    }
    /* The round is over. */
    if (in <= 2 || p->round >= v->max_rounds) {
        finish(p);
        return;
    }
    {
        int i;
        p->round++;
        p->first_bidder = 0;
        p->acting = 0;
        for (i = 0; i < v->players; i++)
            if (p->state[i] == BRAG_IN) {
                p->state[i] = BRAG_WAITING;
                p->acting = (uint16_t)(p->acting | 1u << i);
            }
        p->turn = (uint8_t)next_waiting(v, p, -1);
    }
}

/* ------------------------------------------------------------------ text */

static const char state_chars[] = "wio";

static char state_char(const brag_pos *p, int i)
{
    if (p->state[i] == BRAG_OUT && (p->acting >> i & 1u))
        return 'd';
    return state_chars[p->state[i] < 3 ? p->state[i] : 2];
}

/* Whether seat i's card k has been dealt. */
static int is_dealt(const ar_variant *v, const brag_pos *p, int i, int k)
{
    return k * v->players + i < p->dealt;
}

static void brag_format_position(const ar_variant *v, const void *pos, char *buf, size_t size)
{
    const brag_pos *p = pos;
    size_t used;
    int i, n;
    if (p->over)
        n = snprintf(buf, size, "end");
    else if (p->dealt < 3 * v->players)
        n = snprintf(buf, size, "deal");
    else
        n = snprintf(buf, size, "r%d %s f%d", p->round, brag_player_name(v, p->turn), p->first_bidder);
    used = n > 0 ? (size_t)n : 0;
    for (i = 0; i < v->players && used < size; i++) {
        char hand[8];
        int k;
        size_t len = 0;
        for (k = 0; k < 3; k++) {
            if (p->hand[i][k] != BRAG_NO_CARD)
                len += ar_card_format(p->hand[i][k], hand + len);
            else {
                char ch = is_dealt(v, p, i, k) ? '?' : '-';
                hand[len++] = ch;
                hand[len++] = ch;
            }
        }
        hand[len] = '\0';
        n = snprintf(buf + used, size - used, " %s/%c/%u", hand, state_char(p, i), (unsigned)p->stake[i]);
        used += n > 0 ? (size_t)n : 0;
    }
}

static ar_status parse_header(const ar_variant *v, const char **tok, const size_t *len, int ntok,
                              brag_pos *p, int *phase, int *at, ar_error *err)
{
    /* phase 0 deal, 1 bidding, 2 end */
    if (ntok < 1)
        return ar_error_set(err, AR_ERR_INPUT, "empty position: write the phase (deal, rR S fF or end) "
                                               "then HAND/STATE/STAKE for each player");
    if (len[0] == 4 && memcmp(tok[0], "deal", 4) == 0) {
        *phase = 0;
        *at = 1;
    } else if (len[0] == 3 && memcmp(tok[0], "end", 3) == 0) {
        *phase = 2;
        *at = 1;
    } else if (tok[0][0] == 'r') {
        long round = 0, first = 0;
        size_t k;
        int seat;
        if (len[0] < 2 || len[0] > 3)
            return ar_error_set(err, AR_ERR_INPUT, "'%.*s' is not a round (r1..r%d)", (int)(len[0] > 8 ? 8 : len[0]),
                                tok[0], v->max_rounds);
        for (k = 1; k < len[0]; k++) {
            if (!isdigit((unsigned char)tok[0][k]))
                return ar_error_set(err, AR_ERR_INPUT, "'%.*s' is not a round (r1..r%d)", (int)len[0], tok[0],
                                    v->max_rounds);
            round = round * 10 + (tok[0][k] - '0');
        }
        if (round < 1 || round > v->max_rounds)
            return ar_error_set(err, AR_ERR_INPUT, "round %ld is not in 1..%d", round, v->max_rounds);
        if (ntok < 3 || len[1] != 1 || (seat = toupper((unsigned char)tok[1][0]) - 'A') < 0 ||
            seat >= v->players)
            return ar_error_set(err, AR_ERR_INPUT, "after the round, the seat to act: A..%c",
                                'A' + v->players - 1);
        if (len[2] < 2 || len[2] > 3 || tok[2][0] != 'f' || !isdigit((unsigned char)tok[2][1]) ||
            (len[2] == 3 && !isdigit((unsigned char)tok[2][2])))
            return ar_error_set(err, AR_ERR_INPUT, "after the seat, fF: the place of the first bet (f0: none)");
        first = tok[2][1] - '0';
        if (len[2] == 3)
            first = first * 10 + (tok[2][2] - '0');
        p->round = (uint8_t)round;
        p->turn = (uint8_t)seat;
        p->first_bidder = (uint8_t)first;
        *phase = 1;
        *at = 3;
    } else {
        return ar_error_set(err, AR_ERR_INPUT, "'%.*s' is not a phase: deal, rR S fF (e.g. r1 A f0) or end",
                            (int)(len[0] > 12 ? 12 : len[0]), tok[0]);
    }
    return AR_OK;
}

static ar_status parse_seat(const ar_variant *v, int i, const char *t, size_t len, brag_pos *p,
                            int *hidden, int *undealt, char *st, ar_error *err)
{
    const char *name = brag_player_name(v, i);
    long stake = 0;
    size_t k;
    int c;
    if (len < 10 || t[6] != '/' || t[8] != '/')
        return ar_error_set(err, AR_ERR_INPUT, "%s: write HAND/STATE/STAKE, e.g. AsKd7c/w/1", name);
    for (c = 0; c < 3; c++) {
        const char *card = t + 2 * c;
        ar_card parsed;
        hidden[c] = undealt[c] = 0;
        if (card[0] == '?' && card[1] == '?')
            hidden[c] = 1;
        else if (card[0] == '-' && card[1] == '-')
            undealt[c] = 1;
        else if (ar_card_parse(card, 2, &parsed, err) != AR_OK)
            return ar_error_set(err, AR_ERR_INPUT, "%s's card %d: %s", name, c + 1, err->message);
        else
            p->hand[i][c] = parsed;
    }
    if (!strchr("wido", t[7]))
        return ar_error_set(err, AR_ERR_INPUT, "%s: state '%c' is not w, i, d or o", name, t[7]);
    *st = t[7];
    for (k = 9; k < len; k++) {
        if (!isdigit((unsigned char)t[k]) || stake > 100)
            return ar_error_set(err, AR_ERR_INPUT, "%s: stake '%.*s' is not a number", name, (int)(len - 9),
                                t + 9);
        stake = stake * 10 + (t[k] - '0');
    }
    if (stake < 1 || stake > v->max_rounds + 1)
        return ar_error_set(err, AR_ERR_INPUT, "%s: a stake of %ld units is not 1..%d", name, stake,
                            v->max_rounds + 1);
    p->stake[i] = (uint8_t)stake;
    return AR_OK;
}

static ar_status brag_parse_position(const ar_variant *v, const char *text, void *pos, ar_error *err)
{
    brag_pos p;
    const char *tok[4 + BRAG_MAX_PLAYERS];
    size_t len[4 + BRAG_MAX_PLAYERS];
    int ntok = 0, phase = 0, at = 0, i, c, dealt = 0, any_hidden = 0, waiting = 0;
    uint64_t seen = 0;
    ar_status st;
    memset(&p, 0, sizeof p);
    memset(p.hand, BRAG_NO_CARD, sizeof p.hand);
    while (*text && ntok < 4 + BRAG_MAX_PLAYERS) {
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
    if ((st = parse_header(v, tok, len, ntok, &p, &phase, &at, err)) != AR_OK)
        return st;
    if (ntok - at != v->players || *text)
        return ar_error_set(err, AR_ERR_INPUT, "%d players need %d HAND/STATE/STAKE fields after the phase",
                            v->players, v->players);
    for (i = 0; i < v->players; i++) {
        int hidden[3], undealt[3];
        char s = 'w';
        if ((st = parse_seat(v, i, tok[at + i], len[at + i], &p, hidden, undealt, &s, err)) != AR_OK)
            return st;
        for (c = 0; c < 3; c++) {
            int should = c * v->players + i; /* the deal order */
            if (!undealt[c])
                dealt = should + 1 > dealt ? should + 1 : dealt;
            any_hidden |= hidden[c];
            if (p.hand[i][c] != BRAG_NO_CARD) {
                if (seen >> p.hand[i][c] & 1u)
                    return ar_error_set(err, AR_ERR_INPUT, "%s: a card dealt twice", brag_player_name(v, i));
                seen |= (uint64_t)1 << p.hand[i][c];
            }
        }
        p.state[i] = s == 'w' ? BRAG_WAITING : s == 'i' ? BRAG_IN : BRAG_OUT;
        if (s != 'o')
            p.acting = (uint16_t)(p.acting | 1u << i);
        waiting += s == 'w';
    }
    /* Cards are dealt in order round the table: no gaps. */
    for (i = 0; i < v->players; i++)
        for (c = 0; c < 3; c++)
            if ((p.hand[i][c] == BRAG_NO_CARD && tok[at + i][2 * c] == '-') != (c * v->players + i >= dealt))
                return ar_error_set(err, AR_ERR_INPUT, "the cards are dealt one at a time round the table: "
                                                       "%s's card %d is out of order",
                                    brag_player_name(v, i), c + 1);
    p.dealt = (uint8_t)dealt;
    p.unseen = (uint8_t)any_hidden;
    if (phase == 0) {
        if (dealt >= 3 * v->players || waiting != v->players)
            return ar_error_set(err, AR_ERR_INPUT, "while dealing, cards are still to come and every player "
                                                   "waits to bet (state w)");
        for (i = 0; i < v->players; i++)
            if (p.stake[i] != 1)
                return ar_error_set(err, AR_ERR_INPUT, "while dealing, every stake is the ante, 1");
    } else if (dealt < 3 * v->players) {
        return ar_error_set(err, AR_ERR_INPUT, "betting begins once every player has three cards");
    }
    if (phase == 1) {
        if (p.state[p.turn] != BRAG_WAITING)
            return ar_error_set(err, AR_ERR_INPUT, "%s is to act but is not waiting (state w)",
                                brag_player_name(v, p.turn));
        if (p.first_bidder > popcount16(p.acting))
            return ar_error_set(err, AR_ERR_INPUT, "f%d: only %d players bet this round", p.first_bidder,
                                popcount16(p.acting));
    } else if (phase == 2) {
        if (waiting)
            return ar_error_set(err, AR_ERR_INPUT, "the hand is over: nobody waits to act (state w)");
        p.over = 1; /* round, turn and first bidder are 0 in a settled hand */
    }
    memcpy(pos, &p, sizeof p);
    return AR_OK;
}

/* The table for people: each seat's cards (with the hand's name and value
 * when all three are seen), state and stake, and the pot. */
static void brag_draw(const ar_variant *v, const void *pos, char *buf, size_t size)
{
    const brag_pos *p = pos;
    size_t used;
    int i, n, pot = 0;
    for (i = 0; i < v->players; i++)
        pot += p->stake[i];
    if (p->over || p->dealt < 3 * v->players)
        n = snprintf(buf, size, "  %s, pot %d\n", p->over ? "the hand is over" : "dealing", pot);
    else
        n = snprintf(buf, size, "  round %d, pot %d\n", p->round, pot);
    used = n > 0 ? (size_t)n : 0;
    for (i = 0; i < v->players && used < size; i++) {
        static const char *const words[] = {"to act", "bet", "dropped"};
        char cards[16] = "", desc[64] = "";
        int k;
        size_t len = 0;
        for (k = 0; k < 3; k++) {
            if (p->hand[i][k] != BRAG_NO_CARD)
                len += ar_card_format(p->hand[i][k], cards + len);
            else {
                char ch = is_dealt(v, p, i, k) ? '?' : '-';
                cards[len++] = ch;
                cards[len++] = ch;
            }
            cards[len++] = ' ';
        }
        cards[len] = '\0';
        if (p->hand[i][2] != BRAG_NO_CARD) {
            char d[32];
            ar_brag_describe(p->hand[i], d, sizeof d);
            snprintf(desc, sizeof desc, "%s (value %.1f)", d, 100 * ar_brag_value(p->hand[i]));
        }
        n = snprintf(buf + used, size - used, "  %s %s %-8s stake %u  %s\n", brag_player_name(v, i), cards,
                     words[p->state[i] < 3 ? p->state[i] : 2], (unsigned)p->stake[i], desc);
        used += n > 0 ? (size_t)n : 0;
    }
    if (used && used <= size)
        buf[used - 1] = '\0';
}

/* ------------------------------------------------------------------- moves */

static unsigned brag_max_moves(const ar_variant *v, const void *pos)
{
    (void)v;
    (void)pos;
    return AR_DECK_SIZE; /* chance: the cards left */
}

static unsigned brag_legal_moves(const ar_variant *v, const void *pos, int player, ar_gmove *moves)
{
    const brag_pos *p = pos;
    if (p->over || p->dealt < 3 * v->players || player != p->turn)
        return 0;
    moves[0] = BRAG_DROP;
    moves[1] = BRAG_BET;
    return 2;
}

static unsigned brag_chance_outcomes(const ar_variant *v, const void *pos, ar_gmove *moves, double *probs)
{
    const brag_pos *p = pos;
    uint64_t seen = 0;
    unsigned n = 0, i;
    int s, k, c;
    for (s = 0; s < v->players; s++)
        for (k = 0; k < 3; k++)
            if (p->hand[s][k] != BRAG_NO_CARD)
                seen |= (uint64_t)1 << p->hand[s][k];
    for (c = 0; c < AR_DECK_SIZE; c++)
        if (!(seen >> c & 1u))
            moves[n++] = (ar_gmove)c;
    for (i = 0; i < n; i++)
        probs[i] = 1.0 / n;
    return n;
}

static void brag_apply(const ar_variant *v, void *pos, ar_gmove move)
{
    brag_pos *p = pos;
    if (p->dealt < 3 * v->players) {
        int seat = p->dealt % v->players, slot = p->dealt / v->players;
        p->hand[seat][slot] = (uint8_t)move;
        p->dealt++;
        if (p->dealt == 3 * v->players) {
            p->round = 1;
            p->turn = 0;
        }
        return;
    }
    ar_brag_apply_bid(v, p, move == BRAG_BET);
}

static size_t brag_format_move(const ar_variant *v, const void *pos, int player, ar_gmove move, char *buf,
                               size_t size)
{
    const brag_pos *p = pos;
    (void)player;
    if (p->dealt < 3 * v->players) {
        char card[3];
        ar_card_format((ar_card)(move < AR_DECK_SIZE ? move : 0), card);
        return (size_t)snprintf(buf, size, "%s", card);
    }
    return (size_t)snprintf(buf, size, "%s", move == BRAG_BET ? "bet" : "drop");
}

static ar_status brag_parse_move(const ar_variant *v, const void *pos, int player, const char *text, size_t len,
                                 ar_gmove *out, ar_error *err)
{
    const brag_pos *p = pos;
    if ((len == 3 && memcmp(text, "bet", 3) == 0) || (len == 1 && text[0] == 'b'))
        *out = BRAG_BET;
    else if ((len == 4 && memcmp(text, "drop", 4) == 0) || (len == 1 && text[0] == 'd'))
        *out = BRAG_DROP;
    else if (p->dealt < 3 * v->players) {
        ar_card c;
        if (ar_card_parse(text, len, &c, err) != AR_OK)
            return err->status;
        *out = c;
        return AR_OK;
    } else
        return ar_error_set(err, AR_ERR_INPUT, "'%.*s' is not a move: bet (b) or drop (d)",
                            (int)(len > 12 ? 12 : len), text);
    if (p->over)
        return ar_error_set(err, AR_ERR_INPUT, "the hand is over");
    if (p->dealt < 3 * v->players)
        return ar_error_set(err, AR_ERR_INPUT, "the cards are still being dealt");
    if (player != p->turn)
        return ar_error_set(err, AR_ERR_INPUT, "it is %s's turn to bet, not %s's", brag_player_name(v, p->turn),
                            brag_player_name(v, player));
    return AR_OK;
}

/* Every player sees his own cards; the others' are hidden until the hand is
 * over. */
static void brag_observe(const ar_variant *v, const void *pos, int player, void *view)
{
    brag_pos *w = view;
    int i, k;
    memmove(w, pos, sizeof *w);
    if (w->over)
        return;
    for (i = 0; i < v->players; i++)
        if (i != player)
            for (k = 0; k < 3; k++)
                if (w->hand[i][k] != BRAG_NO_CARD) {
                    w->hand[i][k] = BRAG_NO_CARD;
                    w->unseen = 1;
                }
}

/* The hand's value less the threshold of the notes' rule (x 10000). */
static int value_eval(const ar_variant *v, const void *pos, int player)
{
    const brag_pos *p = pos;
    brag_decision d;
    if (p->hand[player][2] == BRAG_NO_CARD || p->over)
        return 0;
    ar_brag_decision_of(v, p, &d);
    return (int)(10000 * (d.value - ar_brag_threshold(&d)));
}

static const ar_game_eval brag_evals[] = {
    {.name = "value", .summary = "the hand's value less the notes' betting threshold (x10000)",
     .evaluate = value_eval},
    {.name = NULL}};

static const char *const brag_test_variants[] = {"players=2", "players=3 rounds=1", "players=10 rounds=5", NULL};

/* The position as its text drawing, under the board (page.h). */
static void brag_picture(const ar_variant *v, const void *pos, ar_scene *scene)
{
    ar_scene_caption_drawing(scene, brag_draw, v, pos);
}

static const ar_game_example brag_examples[] = {
    {.args = "brag-sim --hands 20000 --seed 1", .note = "four threshold bidders: the last to bid has the advantage (return per hand ± 95%)"},
    {.args = "match brag --players 2 --bots threshold,random --games 10 --seed 1", .note = "two players: the notes' threshold strategy against random bids (four players: brag-sim)"},
    {.args = "card-odds", .note = "the three-card hand classes counted exactly (22,100 hands)"},
    {.args = NULL}};

const ar_game ar_game_brag = {
    .name = "brag",
    .summary = "three-card brag: n players bet or drop on three cards; the lecture notes' betting game",
    .help = "Every player (--players N, 2..10, default 4; seats A, B, C, ... bid in that order)\n"
    "antes 1 and gets three cards. In turn each bets 1 more or drops. After the first\n"
    "round: nobody bet, antes back; one bet, he takes the pot unseen; two, the better\n"
    "hand takes it; more, another round among them (the last one left takes the pot);\n"
    "after --rounds R (default 3) those left show down. Hands: prial (3-3-3 best) >\n"
    "running flush > run (A-2-3 best) > flush > pair > high card.\n"
    "Moves: bet (b) or drop (d). Bots: threshold (the notes' 75/67/50 rule), formula,\n"
    "never-bluff, always-bet, random-bluff:p=P.\n"
    "Position: the phase (deal, rR S fF, end) then HAND/STATE/STAKE per seat:\n"
    "\"r1 C f1 AsKd7c/i/2 2h2c9s/d/1 QhJh4d/w/1 5s6c8d/w/1\".",
    .flags = AR_GAME_CHANCE | AR_GAME_DRAWS | AR_GAME_ACYCLIC | AR_GAME_HIDDEN,
    .options = brag_options,
    .create = brag_create,
    .destroy = brag_destroy,
    .describe = brag_describe_variant,
    .player_name = brag_player_name,
    .position_size = brag_position_size,
    .initial_position = brag_initial,
    .parse_position = brag_parse_position,
    .format_position = brag_format_position,
    .draw = brag_draw,
    .picture = brag_picture,
    .to_move = brag_to_move,
    .outcome = brag_outcome,
    .hash = NULL, /* the bytes are hashed */
    .max_moves = brag_max_moves,
    .legal_moves = brag_legal_moves,
    .apply = brag_apply,
    .undo = NULL, /* engines copy positions */
    .format_move = brag_format_move,
    .parse_move = brag_parse_move,
    .evals = brag_evals,
    .strategies = NULL,
    .default_bot = "threshold",
    .chance_outcomes = brag_chance_outcomes,
    .players = brag_players,
    .apply_simultaneous = NULL, /* moves are in turn */
    .scores = brag_scores,
    .observe = brag_observe,
    .bot_kinds = ar_brag_bot_kinds,
    .tools = ar_brag_tools,
    .bench_suites = NULL,
    .test_variants = brag_test_variants,
    .examples = brag_examples,
};
