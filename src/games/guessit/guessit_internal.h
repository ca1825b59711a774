/* guessit_internal.h — what the files of the Guess It folder share: the
 * exact solution of the game (guessit_solve.c), the rules (guessit.c), the
 * bots (guessit_bots.c) and the command-line tools (guessit_tools.c). */
#ifndef GUESSIT_INTERNAL_H
#define GUESSIT_INTERNAL_H

#include <stdint.h>
#include "ariadne/arena.h"
#include "ariadne/game.h"
#include "ariadne/tool.h"

/* ------------------------------------------------------------ the solution */

/* The largest hand the solver tabulates (the game itself deals 1..5). */
#define GUESSIT_SOLVE_MAX 20

/* One state of the recursive game: the player to move holds m cards the
 * opponent does not know, the opponent n cards he does not know (one card
 * is hidden). The mover guesses, asks for a card he does not hold, or
 * bluffs (asks for one of his own); the opponent, told "no", calls (names
 * the asked card as the hidden one) or not. */
typedef struct guessit_state {
    double value;  /* the mover's probability of winning with both playing well */
    double guess, ask, bluff; /* the mover's optimal mixture */
    double call;   /* the opponent's probability of calling a "no" */
    double gap;    /* the most a pure deviation gains here (0: an equilibrium) */
} guessit_state;

typedef struct guessit_solution {
    int max;                                             /* states m, n = 0..max */
    guessit_state s[GUESSIT_SOLVE_MAX + 1][GUESSIT_SOLVE_MAX + 1];
} guessit_solution;

/* Solves every state with m, n <= max by the recursion V(m, n), deepest
 * first, each state a 3 x 2 matrix game (ar_matrix_game_solve). */
ar_status ar_guessit_solve(int max, guessit_solution *out, ar_error *err);

/* Checks the solution as an equilibrium of the whole game: at every state,
 * against the other's optimal mixture, no pure choice of either player does
 * better than the value (the matrices rebuilt from the solved values), and
 * playing the solved mixtures through the recursion gives back the values.
 * Returns the largest gain found (0 up to rounding). */
double ar_guessit_equilibrium_gap(const guessit_solution *sol);

/* The probability that `first` (playing the strategy on the move first,
 * with m = n = cards each) wins against `second`, computed exactly through
 * the recursion, for the strategies of the bots below. */
typedef enum guessit_strategy {
    GUESSIT_OPTIMAL = 0,
    GUESSIT_NEVER_BLUFF,  /* asks honestly, calls every "no", guesses when sure */
    GUESSIT_ALWAYS_BLUFF, /* asks for its own cards while it can, never calls, then guesses */
    GUESSIT_STRATEGIES
} guessit_strategy;
const char *ar_guessit_strategy_name(guessit_strategy s);
/* A strategy's mixture (guess, ask, bluff) when it moves at the state
 * (m, n), and its probability of calling a "no" from an opponent who asked
 * at (m, n). */
void ar_guessit_policy(const guessit_solution *sol, guessit_strategy s, int m, int n, double *guess,
                       double *ask, double *bluff, double *call);
double ar_guessit_match_value(const guessit_solution *sol, guessit_strategy first, guessit_strategy second,
                              int cards);
/* The chance that the fixed strategy wins (moving first or second, cards
 * each) against an opponent who knows it and answers it as well as he can
 * at every state: how far it can be exploited. */
double ar_guessit_best_response(const guessit_solution *sol, guessit_strategy fixed, int cards, int fixed_first);

/* ------------------------------------------------------------------ the game */

#define GUESSIT_MAX_HAND 5
#define GUESSIT_MAX_CARDS (2 * GUESSIT_MAX_HAND + 1)
#define GUESSIT_NONE 0xFF

/* Where a card is. */
enum { GI_P1 = 0, GI_P2 = 1, GI_HIDDEN = 2, GI_UNDEALT = 3, GI_UNKNOWN = 4 };

typedef struct guessit_pos {
    uint8_t owner[GUESSIT_MAX_CARDS]; /* GI_P1, GI_P2, GI_HIDDEN, GI_UNDEALT; GI_UNKNOWN in views */
    uint8_t asked[GUESSIT_MAX_CARDS]; /* 0, or 1 + the player who asked for it */
    uint8_t dealt;    /* cards dealt so far: the hidden card first, then P1, P2, P1, ... */
    uint8_t turn;     /* the player to move */
    uint8_t last_ask; /* the card asked for on the previous turn, or GUESSIT_NONE */
    uint8_t winner;   /* 0 in play, 1 + the winner when over */
    uint8_t zero[2];  /* padding, always 0 */
} guessit_pos;

struct ar_variant {
    int hand;  /* cards dealt to each player, 1..5 */
    int cards; /* 2 * hand + 1 */
    guessit_solution *sol; /* solved once for the optimal bot */
};

/* Move codes: ask for card c is c, guess card c is 16 + c. */
#define GI_GUESS 16

const char *ar_guessit_card_name(int card);

/* What the player to move knows, from its view: its own cards the opponent
 * does not know (m), the candidates for the hidden card, and the opponent's
 * last ask when it is a call to decide. */
typedef struct guessit_knowledge {
    int m;                                  /* my cards the opponent does not know */
    int candidates[GUESSIT_MAX_CARDS];      /* where the hidden card may be */
    int ncand;                              /* n + 1 */
    int bluff_cards[GUESSIT_MAX_CARDS];     /* my cards nobody has asked for */
    int nbluff;
    int call_card;                          /* the opponent's "no" to call, or -1 */
    int call_m, call_n;                     /* the state (asker's m, my m) of that ask */
} guessit_knowledge;
void ar_guessit_knowledge(const ar_variant *v, const guessit_pos *p, guessit_knowledge *k);

extern const ar_bot_kind ar_guessit_bot_kinds[];
extern const ar_tool ar_guessit_tools[];

#endif
