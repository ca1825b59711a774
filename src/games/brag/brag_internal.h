/* brag_internal.h — what the files of the three-card brag folder share: the
 * ranking of hands (brag_hands.c), the rules of the betting game (brag.c),
 * the bidding strategies and bots (brag_bots.c), the simulation
 * (brag_sim.c) and the command-line tools (brag_tools.c). */
#ifndef BRAG_INTERNAL_H
#define BRAG_INTERNAL_H

#include <stdint.h>
#include "ariadne/arena.h"
#include "ariadne/cards.h"
#include "ariadne/game.h"
#include "ariadne/progress.h"
#include "ariadne/tool.h"

/* ------------------------------------------------------------ hands */

/* The six classes of brag, worst first. */
typedef enum brag_class {
    BRAG_HIGH_CARD = 0,
    BRAG_PAIR,
    BRAG_FLUSH,
    BRAG_RUN,
    BRAG_RUNNING_FLUSH,
    BRAG_PRIAL,
    BRAG_CLASSES
} brag_class;

#define BRAG_HANDS 22100 /* C(52, 3) */

const char *ar_brag_class_name(brag_class cls);
/* The class of three distinct cards. */
brag_class ar_brag_class(const ar_card c[3]);
/* A number ordering brag hands: larger is better, equal for hands that tie.
 * Prials beat running flushes; the prial of threes is the best hand and
 * A-2-3 the best run (and running flush), above A-K-Q; flushes and high
 * cards compare their cards from the highest down; a pair compares its rank,
 * then the odd card. */
uint32_t ar_brag_key(const ar_card c[3]);
/* The hand's value: the fraction of the 22,100 hands that rank no higher
 * (ties included), in (0, 1]. The notes' "value" is this times 100. */
double ar_brag_value(const ar_card c[3]);
/* The number of hands that rank below the key and the number that tie it. */
void ar_brag_rank_counts(uint32_t key, uint32_t *below, uint32_t *equal);
/* Writes the hand's description by its two most significant cards, as the
 * notes' percentile table does: "K,9", "2,2" (a pair), "6 high flush",
 * "Q high run", "A high running flush", "prial of 7s". */
void ar_brag_describe(const ar_card c[3], char *buf, size_t size);

/* The notes' tables checked against the enumeration (brag_hands.c). */
typedef struct brag_check {
    const char *what;  /* "A high: probability %" */
    double notes;      /* the figure in the notes */
    double exact;      /* the enumeration's figure, same unit */
    int agrees;        /* the notes' figure is the exact one rounded as printed */
} brag_check;
/* Fills up to max checks; returns how many there are. */
int ar_brag_notes_checks(brag_check *out, int max);
/* The percentile table: for P = 50..99, the description of the hand at the
 * P-th percentile (the weakest hand whose value reaches P %), and the notes'
 * entry. */
typedef struct brag_percentile_row {
    int percent;
    char exact[32];
    const char *notes;
} brag_percentile_row;
void ar_brag_percentile_table(brag_percentile_row rows[50]);

/* --------------------------------------------------------- the game */

#define BRAG_MAX_PLAYERS AR_MAX_PLAYERS
#define BRAG_NO_CARD 0xFF

/* The position (every byte written, so it is hashed as bytes). */
typedef struct brag_pos {
    uint16_t acting;                   /* seats in when this round began (bit per seat) */
    uint8_t hand[BRAG_MAX_PLAYERS][3]; /* BRAG_NO_CARD before dealt or when unseen */
    uint8_t stake[BRAG_MAX_PLAYERS];   /* units put in: the ante and the bets */
    uint8_t state[BRAG_MAX_PLAYERS];   /* BRAG_WAITING, BRAG_IN, BRAG_OUT */
    uint8_t dealt;                     /* cards dealt so far (one at a time, round the table) */
    uint8_t round;                     /* 1.. (0 while dealing) */
    uint8_t turn;                      /* the seat to act */
    uint8_t first_bidder;              /* place in this round of its first bet, 0 none */
    uint8_t over;                      /* 1 when the hand is settled */
    uint8_t unseen;                    /* views: 1 when the others' hands are hidden */
} brag_pos;

enum { BRAG_WAITING = 0, BRAG_IN = 1, BRAG_OUT = 2 };
enum { BRAG_DROP = 0, BRAG_BET = 1 };

struct ar_variant {
    int players;    /* 2..10 */
    int max_rounds; /* a showdown among those left after this round */
};

/* What a bidder knows when deciding (from its view of the position). */
typedef struct brag_decision {
    double value;     /* the hand's value in (0, 1] */
    int players;      /* n */
    int place;        /* my place in this round's order, 1.. */
    int first_bidder; /* place of the first bet this round, 0 none */
    int round;        /* 1.. */
    int still_in;     /* players in when the round began */
    int win;          /* units in the pot from the others */
    int stake;        /* my units in the pot if I bet now */
} brag_decision;
/* Fills the decision facts of the player to act from a position or view
 * (brag_bots.c). */
void ar_brag_decision_of(const ar_variant *v, const brag_pos *p, brag_decision *d);

/* The game rules the bots and the simulation share (brag.c): a bet or a
 * drop of the player to act, and each player's gain in a settled hand. */
void ar_brag_apply_bid(const ar_variant *v, brag_pos *p, int bet);
void ar_brag_settle(const ar_variant *v, const brag_pos *p, double *net);
int ar_brag_popcount(unsigned x);

/* -------------------------------------------------------- strategies */

typedef enum brag_strategy {
    BRAG_THRESHOLD = 0, /* the notes' 75/67/50 rule, 1 - 1/(n + 1 - first) */
    BRAG_FORMULA,       /* the notes' general formula with the pot odds */
    BRAG_NEVER_BLUFF,   /* bets only when its hand beats the whole table on average */
    BRAG_ALWAYS_BET,
    BRAG_RANDOM_BLUFF,  /* threshold, plus bets with probability `bluff` below it */
    BRAG_STRATEGIES
} brag_strategy;

typedef struct brag_player {
    brag_strategy strategy;
    double bluff; /* BRAG_RANDOM_BLUFF: probability of betting below the threshold */
} brag_player;

const char *ar_brag_strategy_name(brag_strategy s);
/* Parses "threshold", "formula", "never-bluff", "always-bet",
 * "random-bluff[:p=P]"; AR_ERR_INPUT naming the choices otherwise. */
ar_status ar_brag_parse_player(const char *text, brag_player *out, ar_error *err);
/* The threshold the hand's value must reach for a bet (strategies that have
 * one), from the notes' formulas. */
double ar_brag_threshold(const brag_decision *d);
/* Bet (1) or drop (0). */
int ar_brag_decide(const brag_player *pl, const brag_decision *d, ar_rng *rng);

extern const ar_bot_kind ar_brag_bot_kinds[];

/* ------------------------------------------------------- simulation */

typedef struct brag_sim_options {
    int players;
    int max_rounds;
    brag_player seat[BRAG_MAX_PLAYERS]; /* the strategy of each player */
    int rotate;        /* players change seats every hand, so each plays every seat */
    uint64_t hands;
    uint64_t seed;
    const volatile sig_atomic_t *interrupt;
    ar_progress *progress; /* may be NULL */
} brag_sim_options;

typedef struct brag_mean {
    double mean, half_width; /* 95% confidence interval: mean ± half_width */
    uint64_t n;
} brag_mean;

typedef struct brag_sim_result {
    uint64_t hands;
    brag_mean per_seat[BRAG_MAX_PLAYERS];   /* return per hand of whoever sat there */
    brag_mean per_player[BRAG_MAX_PLAYERS]; /* return per hand of each player (strategy) */
    double no_contest;                      /* fraction of hands nobody bet */
    double showdown;                        /* fraction of hands settled by a showdown */
    int interrupted;
} brag_sim_result;

ar_status ar_brag_simulate(const brag_sim_options *o, brag_sim_result *r, ar_error *err);

extern const ar_tool ar_brag_tools[];

#endif
