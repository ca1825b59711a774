/* bj_internal.h — what the files of the blackjack folder share: the rules
 * (bj_rules.c), the exact calculator of the player's expectations
 * (bj_exact.c: dealer outcomes, stand/hit/double, bj_split.c: splits and
 * the whole game), basic strategy as a chart (bj_chart.c), the simulator
 * and Thorp's ten-count (bj_sim.c, bj_count.c), the game (blackjack.c), its
 * bots (bj_bots.c) and its command-line tools (bj_tools.c).
 *
 * Cards are ranks 1..10: 1 the ace, 10 every ten-valued card (T J Q K). */
#ifndef BJ_INTERNAL_H
#define BJ_INTERNAL_H

#include <signal.h>
#include <stdint.h>
#include "ariadne/arena.h"
#include "ariadne/error.h"
#include "ariadne/game.h"
#include "ariadne/param.h"
#include "ariadne/progress.h"
#include "ariadne/tool.h"

#define BJ_ACE 1
#define BJ_TEN 10
#define BJ_MAX_DECKS 8
#define BJ_MAX_HANDS 4

/* The rules of a table. */
typedef struct bj_rules {
    int decks;          /* 1..8; 0: an infinite deck (every card independent) */
    int h17;            /* the dealer hits soft 17 (else stands on all 17s) */
    int das;            /* double after splitting */
    int max_hands;      /* hands a player may split to, 1 (no split) .. 4 */
    int rsa;            /* aces may be resplit */
    int hit_split_aces; /* split aces may draw more than one card */
    int surrender;      /* late surrender (after the dealer checks for blackjack) */
    double bj_pays;     /* a natural pays this (1.5 for 3:2, 1.2 for 6:5) */
    int double_min;     /* doubling on any two cards (0) or hard totals from 9 or 10 up to 11 */
} bj_rules; /* the dealer always checks for blackjack under an ace or a ten (peek) */

/* The default table: 6 decks, S17, DAS, split to 4 hands, no RSA, one card
 * to split aces, no surrender, 3:2, double any two. */
void ar_bj_rules_default(bj_rules *r);
/* The options of the rules (for the game's and the tools' option tables). */
extern const ar_option_spec ar_bj_rule_options[];
/* Reads the rule options from params (names as in ar_bj_rule_options);
 * AR_ERR_INPUT naming the option and value otherwise. */
ar_status ar_bj_rules_from_params(const ar_param *params, size_t count, bj_rules *r, ar_error *err);
/* Whether the rules allow doubling a hand of this hard total (aces as 1),
 * aces and cards. */
static inline int ar_bj_may_double(const bj_rules *r, int hard, int aces, int cards)
{
    if (cards != 2)
        return 0;
    if (r->double_min == 0)
        return 1;
    return !aces && hard >= r->double_min && hard <= 11;
}
/* "6 decks, S17, DAS, split to 4 hands, no RSA, 3:2" */
void ar_bj_rules_describe(const bj_rules *r, char *buf, size_t size);

/* A shoe: how many cards of each rank are left (index 1..10). */
typedef struct bj_shoe {
    int count[11];
    int total;
} bj_shoe;
void ar_bj_shoe_full(bj_shoe *s, int decks);

/* ------------------------------------------------------- the calculator */

/* The dealer's final totals 17..21 and bust (index 0..5), from an upcard. */
enum { BJ_D17 = 0, BJ_D18, BJ_D19, BJ_D20, BJ_D21, BJ_DBUST, BJ_DEALER_OUTCOMES };

/* The dealer's outcomes for upcard `up` from the shoe s (the upcard already
 * out of it), given that he has no blackjack when he checks for one (peek):
 * out[] sums to 1. With an infinite deck, s is ignored. */
void ar_bj_dealer_outcomes(const bj_rules *r, const bj_shoe *s, int up, double out[BJ_DEALER_OUTCOMES]);

/* The player's expectations for one two-card hand against an upcard, given
 * no dealer blackjack (the tables of the Wizard of Odds' appendix 9), each
 * playing on optimally by the exact composition of the cards. Actions not
 * allowed are -INFINITY (-HUGE_VAL). */
typedef struct bj_hand_ev {
    double stand, hit, dbl, split, surrender;
    double best;    /* the best allowed */
    int action;     /* BJ_ACT_... of the best */
} bj_hand_ev;

enum { BJ_ACT_STAND = 0, BJ_ACT_HIT, BJ_ACT_DOUBLE, BJ_ACT_SPLIT, BJ_ACT_SURRENDER, BJ_ACTIONS };
const char *ar_bj_action_name(int action);

typedef struct bj_calc bj_calc; /* the calculator: rules, shoe, memo tables */
typedef struct bj_strategy bj_strategy; /* a chart (below) */

/* A calculator for the rules, from a full shoe of r->decks decks or (shoe
 * non-NULL) from the given cards (the ten-count and removal tables use
 * shoes with cards taken out). */
ar_status ar_bj_calc_new(const bj_rules *r, const bj_shoe *shoe, bj_calc **out, ar_error *err);
void ar_bj_calc_free(bj_calc *c);
/* The expectations of the hand (a, b) against upcard `up`, given no dealer
 * blackjack. */
void ar_bj_hand(bj_calc *c, int up, int a, int b, bj_hand_ev *ev);

/* The whole game: the player's expected return per initial bet (negative:
 * the house edge) playing every hand optimally by its composition, and its
 * parts. */
typedef struct bj_game_ev {
    double ev;              /* per initial bet */
    double p_natural;       /* the player's blackjack */
    double p_dealer_bj;     /* the dealer's */
    double by_upcard[11];   /* the expectation given each upcard */
} bj_game_ev;
ar_status ar_bj_game(bj_calc *c, bj_game_ev *out, const volatile sig_atomic_t *interrupt, ar_error *err);

/* Private to the calculator's two files. */
double ar_bj_calc_value(bj_calc *c, int up, uint64_t removed, uint64_t hand, int can_double, int can_split_pair,
                        bj_hand_ev *ev);
double ar_bj_calc_no_bj(const bj_calc *c, int up, uint64_t removed);
double ar_bj_calc_prob(const bj_calc *c, int up, uint64_t removed, int rank);
const bj_rules *ar_bj_calc_rules(const bj_calc *c);
int ar_bj_calc_interrupted(const bj_calc *c);
void ar_bj_calc_set_interrupt(bj_calc *c, const volatile sig_atomic_t *interrupt);
/* Compositions packed five bits per rank (rank r at bits 5 (r - 1)). */
#define BJ_COMP_ONE(r) ((uint64_t)1 << (5 * ((r) - 1)))
#define BJ_COMP_COUNT(h, r) ((int)((h) >> (5 * ((r) - 1)) & 31))
/* The split value of the pair (p, p) given no dealer blackjack
 * (bj_split.c): every hand played at its best (s NULL) or by the strategy s. */
double ar_bj_split_value(bj_calc *c, int up, int p, const bj_strategy *s);

/* ------------------------------------------------- strategy and chart */

/* A total-dependent strategy, as a chart: the first decision of a two-card
 * hand (with its fallback when doubling or surrender is not allowed), and
 * hit or stand for hands of three cards or more. */
enum {
    BJ_S = 0, /* stand */
    BJ_H,     /* hit */
    BJ_DH,    /* double, else hit */
    BJ_DS,    /* double, else stand */
    BJ_P,     /* split */
    BJ_RH,    /* surrender, else hit */
    BJ_RS,    /* surrender, else stand */
    BJ_RP,    /* surrender, else split */
    BJ_CODES
};
struct bj_strategy {
    uint8_t hard2[22][11]; /* two-card hard totals 4..21 against upcards 1..10 */
    uint8_t soft2[22][11]; /* two-card soft totals 12..21 (A,A as soft 12) */
    uint8_t pair[11][11];  /* pairs 1..10: BJ_P (or BJ_RP) to split, else the pair's own code */
    uint8_t pair_alt[11][11]; /* the pair's best code without splitting (when it may not split) */
    uint8_t hard[22][11];  /* three cards or more: BJ_S or BJ_H */
    uint8_t soft[22][11];
};
const char *ar_bj_code_name(int code);

/* A code's action given what the rules allow here (-1: split, not allowed). */
static inline int ar_bj_code_action(int code, int can_split, int can_double, int can_surrender)
{
    switch (code) {
    case BJ_H:
        return BJ_ACT_HIT;
    case BJ_DH:
        return can_double ? BJ_ACT_DOUBLE : BJ_ACT_HIT;
    case BJ_DS:
        return can_double ? BJ_ACT_DOUBLE : BJ_ACT_STAND;
    case BJ_P:
        return can_split ? BJ_ACT_SPLIT : -1;
    case BJ_RH:
        return can_surrender ? BJ_ACT_SURRENDER : BJ_ACT_HIT;
    case BJ_RS:
        return can_surrender ? BJ_ACT_SURRENDER : BJ_ACT_STAND;
    case BJ_RP:
        return can_surrender ? BJ_ACT_SURRENDER : can_split ? BJ_ACT_SPLIT : -1;
    default:
        return BJ_ACT_STAND;
    }
}

/* The action of a strategy for a hand: hard total (aces as 1) and aces,
 * cards in it, the rank of its two cards when they are a pair (else 0),
 * whether it may split, the upcard, and whether doubling and surrender are
 * allowed. Returns BJ_ACT_... (never hitting 21). Inline: the simulator's
 * inner loop. */
static inline int ar_bj_decide(const bj_strategy *s, int hard, int aces, int cards, int pair_rank, int can_split,
                               int up, int can_double, int can_surrender)
{
    int soft = aces && hard + 10 <= 21, t = soft ? hard + 10 : hard, a;
    if (t >= 21)
        return BJ_ACT_STAND;
    if (cards != 2)
        return (soft ? s->soft[t][up] : s->hard[t][up]) == BJ_H ? BJ_ACT_HIT : BJ_ACT_STAND;
    if (pair_rank) {
        a = ar_bj_code_action(s->pair[pair_rank][up], can_split, can_double, can_surrender);
        if (a >= 0)
            return a;
        return ar_bj_code_action(s->pair_alt[pair_rank][up], 0, can_double, can_surrender);
    }
    return ar_bj_code_action(soft ? s->soft2[t][up] : s->hard2[t][up], 0, can_double, can_surrender);
}

/* Basic strategy for the rules: each chart cell the action with the best
 * expectation over the two-card hands of that total (weighted by their
 * probabilities; one hand per cell with an infinite deck). */
ar_status ar_bj_basic_strategy(const bj_rules *r, bj_strategy *out, const volatile sig_atomic_t *interrupt,
                               ar_error *err);
/* The chart as text, the usual layout: hard, soft and pair rows against
 * the upcards 2..A. */
void ar_bj_chart_text(const bj_strategy *s, const bj_rules *r, char *buf, size_t size);
/* The exact expectation of playing a total-dependent strategy (instead of
 * the best action for each composition), per initial bet: what the
 * simulator measures. */
ar_status ar_bj_strategy_ev(bj_calc *c, const bj_strategy *s, double *ev, const volatile sig_atomic_t *interrupt,
                            ar_error *err);
/* The joint value (with "no dealer blackjack") of a hand played by the
 * strategy from here on (bj_exact.c); `first` when it may still double. */
double ar_bj_calc_policy_value(bj_calc *c, int up, uint64_t removed, uint64_t hand, const bj_strategy *s, int first);

/* ------------------------------------------------------- the simulator */

#define BJ_COUNT_BINS 24 /* ratio bins of the ten-count curve */

typedef struct bj_sim_options {
    bj_rules rules;
    const bj_strategy *strategy;
    uint64_t hands;
    uint64_t seed;
    int threads;
    int shoe_game;          /* deal through the shoe to the cut card (else a fresh shoe every hand) */
    double penetration;     /* shoe_game: the fraction dealt before reshuffling */
    int count;              /* record the ten-count ratio (others/tens left) before each hand */
    const double *bin_units; /* count: the bet in each ratio bin (NULL: 1 unit always) */
    double time_limit;      /* seconds (0: none); the hands played so far are reported */
    const volatile sig_atomic_t *interrupt;
    ar_progress *progress;  /* may be NULL */
} bj_sim_options;

/* Hands are played in chunks of this many, each from its own seed (the
 * run's seed and the chunk's number), so a run gives the same result with
 * any number of threads. */
#define BJ_SIM_CHUNK (1u << 20)

typedef struct bj_sim_result {
    uint64_t hands;
    double mean, half_width; /* return per hand (flat bet of 1), 95% interval */
    double seconds, cpu_seconds;
    /* the ten-count: per ratio bin (bin edges in ar_bj_count_bin_edge) */
    uint64_t bin_hands[BJ_COUNT_BINS];
    double bin_sum[BJ_COUNT_BINS], bin_sumsq[BJ_COUNT_BINS];
    /* with bets by the count: units won and bet */
    double bet_won, bet_won_sq, bet_total;
    int stopped; /* a time limit or Ctrl-C stopped it early */
} bj_sim_result;

ar_status ar_bj_simulate(const bj_sim_options *o, bj_sim_result *out, ar_error *err);
/* The lower edge of bin i of others/tens ratios (the last bin has no upper edge). */
double ar_bj_count_bin_edge(int i);

/* ------------------------------------------------------------- the game */

#define BJ_MAX_CARDS 21

enum { PH_DEAL = 0, PH_PLAY, PH_DEALER, PH_OVER };
enum { HS_PLAY = 0, HS_HIT, HS_DOUBLE, HS_DONE, HS_SURRENDER };
enum { MV_STAND = 0, MV_HIT, MV_DOUBLE, MV_SPLIT, MV_SURRENDER };

/* A round (blackjack.c describes it): every byte written, hashed as bytes. */
typedef struct bj_pos {
    uint8_t shoe[11];                   /* cards left by rank 1..10 (all 0 with an infinite deck) */
    uint8_t dealer[BJ_MAX_CARDS];       /* 0: the hole card, unseen */
    uint8_t hand[BJ_MAX_HANDS][BJ_MAX_CARDS];
    uint8_t ndealer, nhands, cur, phase;
    uint8_t nhand[BJ_MAX_HANDS];
    uint8_t bet[BJ_MAX_HANDS];
    uint8_t state[BJ_MAX_HANDS];
} bj_pos;

struct ar_variant {
    bj_rules r;
};

/* The best total of cards (ranks) and whether it is soft. */
int ar_bj_cards_total(const uint8_t *cards, int n, int *soft);
int ar_bj_to_move(const ar_variant *v, const void *pos);
unsigned ar_bj_legal_moves(const ar_variant *v, const void *pos, int player, ar_gmove *moves);
/* The text and the views of a round (bj_text.c). */
ar_status ar_bj_parse_position(const ar_variant *v, const char *text, void *pos, ar_error *err);
void ar_bj_format_position(const ar_variant *v, const void *pos, char *buf, size_t size);
void ar_bj_draw(const ar_variant *v, const void *pos, char *buf, size_t size);
void ar_bj_observe(const ar_variant *v, const void *pos, int player, void *view);
extern const char *const ar_bj_test_variants[];

extern const ar_bot_kind ar_bj_bot_kinds[];
extern const ar_tool ar_bj_tools[];
extern const ar_bench_suite ar_bj_bench_suites[];

#endif
