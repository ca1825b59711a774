/* pw_plan.h — the exact future of planets that the five-step bot and the
 * search bot reason with (pw_fivestep.c): arrivals per planet and turn from
 * fleets in flight and orders already planned, each planet's timeline of
 * owner and ships, the ships a planet can spare, and capture plans. */
#ifndef ARIADNE_PW_PLAN_H
#define ARIADNE_PW_PLAN_H

#include "planetwars_internal.h"

#define PW_HMAX 64
#define PW_MAX_ORDERS 256

typedef struct pw_plan {
    const pw_state *s;
    int H;                                    /* turns looked ahead */
    int arr[PW_MAX_PLANETS][PW_HMAX + 1][3];  /* ships arriving at planet, turn, owner */
    int ships[PW_MAX_PLANETS];                /* ships left on each planet after planned orders */
    pw_order orders[PW_MAX_ORDERS];
    int n;
    /* spare ships and reserve of each planet, valid until the next commit */
    int spare[PW_MAX_PLANETS], reserve[PW_MAX_PLANETS];
    int cached;
} pw_plan;

enum {
    PW_STEP_DEFEND = 1, PW_STEP_ATTACK = 2, PW_STEP_SNIPE = 4, PW_STEP_NEUTRAL = 8, PW_STEP_REINFORCE = 16,
    PW_STEP_ALL = 31,
    PW_STEP_BOLD = 32 /* attacks and captures spend the reserve too */
};

/* The engine's battle: forces per owner -> owner and ships (owner kept on a tie). */
void ar_pw_battle(const int force[3], int *owner, int *ships);
void ar_pw_plan_init(pw_plan *pl, const pw_state *s, int turns_left);
/* Owner and ships of planet i at turns 0..H, with one extra arrival. */
void ar_pw_timeline(const pw_plan *pl, int i, int extra_owner, int extra_ships, int extra_time, int *own, int *shp);
/* Ships planet i can send without falling on the timeline, and the reserve
 * it keeps against the nearest enemy planet (cached until a commit). */
int ar_pw_spare(pw_plan *pl, int i);
int ar_pw_reserve(pw_plan *pl, int i);
void ar_pw_commit(pw_plan *pl, int src, int dst, int ships);
/* The cheapest way (nearest sources first) to take planet j and hold it;
 * the number of sources (0: none) with src/amount, their total and the
 * turn of the last arrival. */
int ar_pw_capture_plan(pw_plan *pl, int j, int use_reserve, int *src, int *amount, int *cost, int *arrive);
void ar_pw_fivestep_plan(pw_plan *pl, unsigned steps);
/* A bot from a planner (which fills pl for s with that many turns left):
 * its orders copied to out (at most cap); returns how many. */
int ar_pw_plan_bot(const pw_state *s, pw_bot_ctx *ctx, void (*planner)(pw_plan *, const pw_state *, int),
                   pw_order *out, int cap);

/* (pw_search.c) One turn of the engine with `mine` for player 1 and
 * `theirs` (given from player 2's side) issued on the same state. */
void ar_pw_play_turn(pw_state *s, const pw_order *mine, int nm, const pw_order *theirs, int nt);
/* Player 1's score of s: every planet's exact future with the fleets still
 * flying (pl is scratch), ships plus growth over the turns that are left
 * (at most 60 after the horizon); +-1e9 when a player is out. */
double ar_pw_score(pw_plan *pl, const pw_state *s, int turns_left);

#endif
