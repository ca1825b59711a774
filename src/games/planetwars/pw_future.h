/* pw_future.h — the planet-future model the contender bot decides from
 * (pw_future.c): every planet's exact timeline from the fleets in flight and
 * the orders already planned (pw_plan.h), what each player can land on each
 * planet by each turn if its planets launch everything at the right moment
 * (its reach), the ships needed to take a planet on a given turn and to keep
 * it against the other player's strongest strike, and each planet's surplus:
 * the ships it can send now and still hold against that strike. */
#ifndef ARIADNE_PW_FUTURE_H
#define ARIADNE_PW_FUTURE_H

#include "pw_plan.h"

typedef struct pw_future {
    const pw_plan *pl;
    int H;
    /* timeline of every planet: owner and garrison after turn t (0: now) */
    int own[PW_MAX_PLANETS][PW_HMAX + 1], ships[PW_MAX_PLANETS][PW_HMAX + 1];
    /* reach[p][i][t]: the ships player p (1, 2) lands on planet i at turn t
     * when every other planet j it owns at turn t - d(j, i) launches its
     * whole garrison of that turn toward i (the strongest single strike) */
    int reach[3][PW_MAX_PLANETS][PW_HMAX + 1];
    /* threats count for this many turns after a capture (or after now for
     * a surplus): the H of init unless the caller narrows it — beyond it,
     * the enemy's growth is answered by ours */
    int window;
} pw_future;

/* The model of plan pl (its fleets in flight and committed orders). */
void ar_pw_future_init(pw_future *f, const pw_plan *pl);
/* Ships player p must land on planet i at turn t (1..H) to own it after
 * that turn's battle, given the timeline (0 if it is p's anyway). */
int ar_pw_future_take(const pw_future *f, int i, int p, int t);
/* The other player's strike on planet i at turn t, less p's reach there
 * times support (0: the planet alone; 1: every planet of p answers). */
int ar_pw_future_threat(const pw_future *f, int i, int p, int t, double support);
/* Ships player p must land on planet i at turn t to take it and keep it to
 * the horizon against any one threat (above) landing on a later turn
 * (within window turns) or, with_capture, on that turn too (the defender's
 * reinforcements); -1 when t is beyond the horizon. */
int ar_pw_future_keep(const pw_future *f, int i, int p, int t, double support, int with_capture);
/* The ships planet i of player p can send now and still hold it to the
 * horizon against any one threat (0 if it falls anyway or is not p's). */
int ar_pw_future_surplus(const pw_future *f, int i, int p, double support);
/* Whether planet i, p's now, stays p's on every turn to the horizon when
 * the other player's strike of reach lands at turn t (alone: no support) —
 * the verdict the tests check by playing that strike through the engine. */
int ar_pw_future_holds(const pw_future *f, int i, int p, int t);

/* The contender bot's orders for player 1 of s (pw_contender.c), as a plan
 * (orders in pl->orders). */
void ar_pw_contender_plan(pw_plan *pl, const pw_state *s, int turns_left);

/* Variations of the contender's plan that the search bot (pw_csearch.c)
 * weighs against each other: how much of our reach answers a threat, how
 * many turns threats count (0: only the fleets in flight), whether surplus
 * goes to captures and to the front, and a planet (or -1) that gets every
 * planet's surplus first (a strike). */
typedef struct pw_contender_style {
    double support;
    int window, captures, front, strike;
} pw_contender_style;
extern const pw_contender_style ar_pw_contender_default;
void ar_pw_contender_plan_style(pw_plan *pl, const pw_state *s, int turns_left, const pw_contender_style *st);

#endif
