/* cards.c — the 52-card deck (cards.h): notation, decks, shuffles, and the
 * poker classes of three- and five-card hands with their exact counts.
 *
 * Classification looks at the rank histogram (pairs, trips, quads), the
 * suits (a flush) and the set of ranks (a straight, the ace playing high or
 * low); the counts visit every combination of k cards in lexicographic
 * order, which for five cards is 2,598,960 hands and well under a second. */
#include "ariadne/cards.h"

#include <ctype.h>
#include <string.h>

const char ar_card_rank_chars[AR_CARD_RANKS + 1] = "23456789TJQKA";
const char ar_card_suit_chars[AR_CARD_SUITS + 1] = "cdhs";

size_t ar_card_format(ar_card c, char *buf)
{
    int rank = AR_CARD_RANK(c), suit = AR_CARD_SUIT(c);
    buf[0] = rank < AR_CARD_RANKS ? ar_card_rank_chars[rank] : '?';
    buf[1] = ar_card_suit_chars[suit];
    buf[2] = '\0';
    return 2;
}

ar_status ar_card_parse(const char *text, size_t len, ar_card *out, ar_error *err)
{
    const char *r, *s;
    size_t rank_len = 1;
    int rank;
    if (len >= 2 && text[0] == '1' && text[1] == '0') {
        rank = 8; /* "10" is T */
        rank_len = 2;
    } else if (len >= 1 && (r = strchr(ar_card_rank_chars, toupper((unsigned char)text[0]))) != NULL &&
               *r) {
        rank = (int)(r - ar_card_rank_chars);
    } else {
        return ar_error_set(err, AR_ERR_INPUT,
                            "'%.*s' is not a card: write a rank 2..9 T J Q K A and a suit c d h s, "
                            "e.g. As or Td",
                            (int)(len > 12 ? 12 : len), text);
    }
    if (len != rank_len + 1 || (s = strchr(ar_card_suit_chars, tolower((unsigned char)text[rank_len]))) ==
                                   NULL || !*s)
        return ar_error_set(err, AR_ERR_INPUT, "'%.*s' is not a card: the suit is one of c d h s (e.g. As, Td)",
                            (int)(len > 12 ? 12 : len), text);
    *out = AR_CARD(rank, (int)(s - ar_card_suit_chars));
    return AR_OK;
}

size_t ar_deck_fill(ar_card *cards, int decks)
{
    size_t n = 0;
    int d, c;
    for (d = 0; d < decks; d++)
        for (c = 0; c < AR_DECK_SIZE; c++)
            cards[n++] = (ar_card)c;
    return n;
}

void ar_cards_shuffle(ar_card *cards, size_t n, ar_rng *rng)
{
    size_t i;
    for (i = n; i > 1; i--) {
        size_t j = (size_t)ar_rng_below(rng, i);
        ar_card t = cards[i - 1];
        cards[i - 1] = cards[j];
        cards[j] = t;
    }
}

const char *ar_hand_class_name(ar_hand_class cls)
{
    static const char *const names[AR_HAND_CLASSES] = {
        "high card", "pair",           "two pair",       "three of a kind", "straight",
        "flush",     "full house",     "four of a kind", "straight flush",  "royal flush"};
    return (unsigned)cls < AR_HAND_CLASSES ? names[cls] : "?";
}

/* The highest rank of a straight made by the set of ranks `mask` with k
 * cards in sequence (the ace also plays low, below the 2), or -1; for A-2-3
 * (or A-2-3-4-5) the highest rank is that of the top card, 3 (or 5), whose
 * rank number is k - 2. */
static int straight_top(unsigned mask, int k)
{
    unsigned run = (1u << k) - 1u;
    int top;
    for (top = AR_RANK_ACE; top >= k - 1; top--)
        if ((mask >> (top - k + 1) & run) == run)
            return top;
    /* the wheel: A plus 2..(k-1) */
    if ((mask >> AR_RANK_ACE & 1u) && (mask & ((1u << (k - 1)) - 1u)) == (1u << (k - 1)) - 1u)
        return k - 2;
    return -1;
}

/* Shared by the three- and five-card classifiers: the largest number of
 * cards of one rank, the number of ranks held twice, and whether all cards
 * share a suit and form a straight. */
static ar_hand_class classify(const ar_card *c, int k, int *top_out)
{
    int count[AR_CARD_RANKS] = {0}, i, most = 0, pairs = 0, flush = 1, top;
    unsigned mask = 0;
    for (i = 0; i < k; i++) {
        int r = AR_CARD_RANK(c[i]);
        count[r]++;
        mask |= 1u << r;
        if (AR_CARD_SUIT(c[i]) != AR_CARD_SUIT(c[0]))
            flush = 0;
    }
    for (i = 0; i < AR_CARD_RANKS; i++) {
        if (count[i] > most)
            most = count[i];
        if (count[i] == 2)
            pairs++;
    }
    top = most == 1 ? straight_top(mask, k) : -1;
    if (top_out)
        *top_out = top;
    if (top >= 0 && flush)
        return k == 5 && top == AR_RANK_ACE ? AR_HAND_ROYAL_FLUSH : AR_HAND_STRAIGHT_FLUSH;
    if (most == 4)
        return AR_HAND_FOUR_OF_A_KIND;
    if (most == 3 && pairs == 1)
        return AR_HAND_FULL_HOUSE;
    if (flush)
        return AR_HAND_FLUSH;
    if (top >= 0)
        return AR_HAND_STRAIGHT;
    if (most == 3)
        return AR_HAND_THREE_OF_A_KIND;
    if (pairs == 2)
        return AR_HAND_TWO_PAIR;
    return pairs == 1 ? AR_HAND_PAIR : AR_HAND_HIGH_CARD;
}

ar_hand_class ar_hand3_class(const ar_card c[3]) { return classify(c, 3, NULL); }

ar_hand_class ar_hand5_class(const ar_card c[5]) { return classify(c, 5, NULL); }

uint32_t ar_hand5_value(const ar_card c[5])
{
    int count[AR_CARD_RANKS] = {0}, i, top, n, want;
    ar_hand_class cls = classify(c, 5, &top);
    uint32_t value = (uint32_t)cls;
    for (i = 0; i < 5; i++)
        count[AR_CARD_RANK(c[i])]++;
    if (top >= 0 && (cls == AR_HAND_STRAIGHT || cls == AR_HAND_STRAIGHT_FLUSH || cls == AR_HAND_ROYAL_FLUSH))
        return value << 20 | (uint32_t)top;
    /* Ranks by multiplicity (quads, trips, pairs, singles), high to low:
     * four nibbles after the class. */
    n = 0;
    for (want = 4; want >= 1; want--)
        for (i = AR_CARD_RANKS - 1; i >= 0; i--)
            if (count[i] == want) {
                value = value << 4 | (uint32_t)i;
                n++;
            }
    while (n++ < 5)
        value <<= 4;
    return value;
}

uint64_t ar_hand_count_classes(int k, uint64_t *counts)
{
    ar_card c[5];
    int idx[5], i;
    uint64_t total = 0;
    if (k != 3 && k != 5)
        return 0;
    memset(counts, 0, sizeof *counts * AR_HAND_CLASSES);
    for (i = 0; i < k; i++)
        idx[i] = i;
    for (;;) {
        for (i = 0; i < k; i++)
            c[i] = (ar_card)idx[i];
        counts[classify(c, k, NULL)]++;
        total++;
        /* the next combination in lexicographic order */
        for (i = k - 1; i >= 0 && idx[i] == AR_DECK_SIZE - k + i; i--)
            ;
        if (i < 0)
            break;
        idx[i]++;
        for (i++; i < k; i++)
            idx[i] = idx[i - 1] + 1;
    }
    return total;
}
