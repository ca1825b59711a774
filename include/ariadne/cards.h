/* ariadne/cards.h — playing cards: the 52-card deck, its notation, decks and
 * shoes shuffled from a seed, and the classes of three- and five-card hands
 * counted by exact enumeration.
 *
 * The card games share this small library (src/cards/); what a game makes of
 * the cards (its ranking of hands, its bets, its own deck of eleven cards)
 * stays in the game's folder. A card is one byte, rank * 4 + suit: ranks
 * 0..12 are 2 3 4 5 6 7 8 9 T J Q K A, suits 0..3 are clubs, diamonds,
 * hearts, spades. A card is written as its rank and suit letters, "As",
 * "Td", "2c"; the reader also takes "10d" and upper-case suits.
 *
 * Hand classes are those of poker (ar_hand_class); a three-card hand has no
 * two pair, full house or four of a kind, and its straights are three cards
 * in sequence with the ace high (Q-K-A) or low (A-2-3). The classes are
 * listed in the order of five-card poker; a game that ranks them otherwise
 * (three-card games rank a straight above a flush) orders them itself. */
#ifndef ARIADNE_CARDS_H
#define ARIADNE_CARDS_H

#include <stddef.h>
#include <stdint.h>
#include "ariadne/error.h"
#include "ariadne/rng.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef uint8_t ar_card;

#define AR_CARD_RANKS 13
#define AR_CARD_SUITS 4
#define AR_DECK_SIZE 52
#define AR_CARD(rank, suit) ((ar_card)((rank) * 4 + (suit)))
#define AR_CARD_RANK(c) ((int)(c) >> 2)
#define AR_CARD_SUIT(c) ((int)(c) & 3)
#define AR_RANK_ACE 12 /* ranks 0..12 are 2..A */

/* "23456789TJQKA" and "cdhs". */
extern const char ar_card_rank_chars[AR_CARD_RANKS + 1];
extern const char ar_card_suit_chars[AR_CARD_SUITS + 1];

/* Writes the card ("As") with a terminating NUL into buf (3 bytes at
 * least); returns 2. */
size_t ar_card_format(ar_card c, char *buf);
/* Reads one card from len bytes of text ("As", "10d", "TD"); AR_ERR_INPUT
 * saying what is wrong otherwise. */
ar_status ar_card_parse(const char *text, size_t len, ar_card *out, ar_error *err);

/* Fills cards with `decks` complete decks in order (2c 2d 2h 2s 3c ...);
 * returns 52 * decks. */
size_t ar_deck_fill(ar_card *cards, int decks);
/* Shuffles n cards in place (Fisher–Yates, every order equally likely). */
void ar_cards_shuffle(ar_card *cards, size_t n, ar_rng *rng);

typedef enum ar_hand_class {
    AR_HAND_HIGH_CARD = 0,
    AR_HAND_PAIR,
    AR_HAND_TWO_PAIR,
    AR_HAND_THREE_OF_A_KIND,
    AR_HAND_STRAIGHT,
    AR_HAND_FLUSH,
    AR_HAND_FULL_HOUSE,
    AR_HAND_FOUR_OF_A_KIND,
    AR_HAND_STRAIGHT_FLUSH, /* royal flushes excluded */
    AR_HAND_ROYAL_FLUSH,    /* T-J-Q-K-A of a suit (five cards only) */
    AR_HAND_CLASSES
} ar_hand_class;

/* "high card", "pair", ..., "royal flush". */
const char *ar_hand_class_name(ar_hand_class cls);

/* The class of three distinct cards. */
ar_hand_class ar_hand3_class(const ar_card c[3]);
/* The class of five distinct cards. */
ar_hand_class ar_hand5_class(const ar_card c[5]);
/* A number that orders five-card poker hands: a better hand has a larger
 * value, equal hands (the same ranks, suits aside) equal values. */
uint32_t ar_hand5_value(const ar_card c[5]);

/* Counts the hands of k cards (3 or 5) of one deck by class, by visiting all
 * C(52, k) of them; counts has AR_HAND_CLASSES entries. Returns the number of
 * hands (22,100 or 2,598,960), or 0 for another k. */
uint64_t ar_hand_count_classes(int k, uint64_t *counts);

#ifdef __cplusplus
}
#endif
#endif
