/* ants_internal.h — what the files of the Ants game share: the rules of one
 * map (the variant), the layout of a position, the engine's turn and the
 * per-player views. The engine follows the contest engine (ants.py of the
 * 2011 Google AI Challenge) step for step, so that recorded contest games
 * replay exactly: orders, collisions, the focus battle rule, razing, spawning,
 * gathering, food, vision, the cutoff and the end-of-game bonus.
 *
 * A position is one block of bytes (the generic interface copies it): a fixed
 * header, then per-square arrays whose offsets the variant computes. A square
 * is an index row * cols + col. */
#ifndef ARIADNE_ANTS_INTERNAL_H
#define ARIADNE_ANTS_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include "ariadne/error.h"
#include "ariadne/game.h"
#include "ariadne/rng.h"

#define ANTS_MAX_PLAYERS 10
#define ANTS_MAX_SIDE 400

/* What a square holds, as the contest engine's map matrix: an ant's owner
 * 0..9, or one of these. */
enum { SQ_LAND = 0xF0, SQ_FOOD = 0xF1, SQ_WATER = 0xF2, SQ_UNSEEN = 0xF3 /* in a player's view */ };

/* Why a game ended (ants.py's "cutoff" strings, ar_ants_end_text). */
enum {
    END_NONE = 0,
    END_EXTERMINATION,
    END_LONE_SURVIVOR,
    END_FOOD,      /* food not being gathered */
    END_NO_RAZING, /* ants not razing hills */
    END_RANK,      /* rank stabilized */
    END_TURNS      /* turn limit reached */
};

/* cutoff_bot values besides an owner (ants.py's LAND and FOOD). */
enum { CUTOFF_LAND = -2, CUTOFF_FOOD = -3 };

typedef struct ants_offset {
    int dr, dc;
} ants_offset;

struct ar_variant {
    char name[128];
    int rows, cols, n, players;
    uint8_t *water; /* n: 1 where water */
    int nhills;
    int *hill_loc, *hill_owner; /* in the map's order, row by row */
    int *hill_at;               /* n: the hill on a square, or -1 */
    int hills_of_first;         /* hills of player 0: everyone's starting score */
    /* settings (contest defaults) */
    int turns, turntime, loadtime;
    int viewradius2, attackradius2, spawnradius2;
    int cutoff_turn;
    double cutoff_percent;
    int food_rate, food_turn, food_start, food_visible; /* fixed for a game */
    uint64_t seed;
    /* neighbourhoods (0 < d2 <= r2), as ants.py lists them */
    ants_offset *view, *attack, *spawn;
    int nview, nattack, nspawn;
    /* the squares each player reaches first at the start (food sections) */
    int *access, access_count[ANTS_MAX_PLAYERS], access_start[ANTS_MAX_PLAYERS];
    /* layout of a position */
    size_t off_map, off_food, off_hill_last, off_hill_by, off_hill_raze, off_hill_end, off_revealed,
        off_dead_loc, off_dead_owner, size;
    size_t revealed_bytes; /* per player */
};

typedef struct ants_head {
    int32_t turn;
    int32_t ended; /* END_* once over */
    int32_t score[ANTS_MAX_PLAYERS], bonus[ANTS_MAX_PLAYERS], hive[ANTS_MAX_PLAYERS];
    uint8_t killed[ANTS_MAX_PLAYERS];   /* out of the game (crash, timeout): ants stand */
    int8_t sw[ANTS_MAX_PLAYERS][ANTS_MAX_PLAYERS]; /* how player p numbers player q (-1 not yet seen) */
    int32_t cutoff_bot, cutoff_turns, hill_kill;
    int64_t food_extra; /* in units of 1/food_turn */
    int32_t ndead;      /* ants killed this turn */
    ar_rng rng;         /* food placement and spawn ties */
} ants_head;

/* Accessors of a position's arrays. */
#define ANTS_MAP(v, p) ((uint8_t *)(p) + (v)->off_map)
#define ANTS_FOOD(v, p) ((uint8_t *)(p) + (v)->off_food)
#define ANTS_HILL_LAST(v, p) ((int32_t *)((uint8_t *)(p) + (v)->off_hill_last))
#define ANTS_HILL_BY(v, p) ((int8_t *)((uint8_t *)(p) + (v)->off_hill_by))
#define ANTS_HILL_RAZE(v, p) ((uint8_t *)(p) + (v)->off_hill_raze)
#define ANTS_HILL_END(v, p) ((int32_t *)((uint8_t *)(p) + (v)->off_hill_end))
#define ANTS_REVEALED(v, p, q) ((uint8_t *)(p) + (v)->off_revealed + (size_t)(q) * (v)->revealed_bytes)
#define ANTS_DEAD_LOC(v, p) ((int32_t *)((uint8_t *)(p) + (v)->off_dead_loc))
#define ANTS_DEAD_OWNER(v, p) ((uint8_t *)(p) + (v)->off_dead_owner)

/* The directions of orders, in the protocol's letters n e s w; 4 = stay. */
enum { DIR_N, DIR_E, DIR_S, DIR_W, DIR_STAY };
extern const char ar_ants_dir_letter[5];

static inline int ants_step(const struct ar_variant *v, int sq, int dir)
{
    int r = sq / v->cols, c = sq % v->cols;
    switch (dir) {
    case DIR_N: r = r ? r - 1 : v->rows - 1; break;
    case DIR_S: r = r + 1 == v->rows ? 0 : r + 1; break;
    case DIR_E: c = c + 1 == v->cols ? 0 : c + 1; break;
    case DIR_W: c = c ? c - 1 : v->cols - 1; break;
    default: break;
    }
    return r * v->cols + c;
}

/* The square at offset o from (r0, c0), wrapped (offsets are small, so a
 * few additions do what a modulo would). */
static inline int ants_offset_rc(const struct ar_variant *v, int r0, int c0, ants_offset o)
{
    int r = r0 + o.dr, c = c0 + o.dc;
    while (r < 0)
        r += v->rows;
    while (r >= v->rows)
        r -= v->rows;
    while (c < 0)
        c += v->cols;
    while (c >= v->cols)
        c -= v->cols;
    return r * v->cols + c;
}

static inline int ants_offset_sq(const struct ar_variant *v, int sq, ants_offset o)
{
    return ants_offset_rc(v, sq / v->cols, sq % v->cols, o);
}

/* The squared torus distance. */
int ar_ants_dist2(const struct ar_variant *v, int a, int b);

/* One order: the ant on square `loc` steps `dir`. */
typedef struct ants_order {
    int32_t loc;
    int32_t dir;
} ants_order;

/* What happened to one player's orders (ants.py's valid, ignored, invalid). */
typedef struct ants_order_report {
    unsigned valid, ignored, invalid;
    char first_problem[160]; /* the first ignored or invalid order and why */
} ants_order_report;

/* A recorded game's choices in place of the engine's own random ones. */
typedef struct ants_script {
    const int32_t *food; /* squares where food appears at the end of the turn */
    size_t nfood;
    const uint8_t *spawn_first; /* n squares: 1 marks the hills chosen first among ties */
} ants_script;

/* --- ants_map.c --- */
/* Parses a map (the contest format) into a variant with the contest
 * settings; AR_ERR_INPUT naming the line. `name` is used in messages. */
ar_status ar_ants_variant_from_text(const char *text, const char *name, struct ar_variant **out, ar_error *err);
/* Finishes a variant after its settings changed: neighbourhoods, layout. */
ar_status ar_ants_variant_prepare(struct ar_variant *v, ar_error *err);
void ar_ants_variant_free(struct ar_variant *v);

/* --- ants_rules.c --- */
/* The start: one ant per hill, scores, vision; food for the start is placed
 * by ar_ants_start_food (or by a script). */
void ar_ants_initial(const struct ar_variant *v, void *pos);
void ar_ants_start_food(const struct ar_variant *v, void *pos, const ants_script *script);
/* Validates and stores nothing: checks one player's orders against pos as the
 * contest engine did, keeping the valid ones in out (at most count). */
size_t ar_ants_validate_orders(const struct ar_variant *v, const void *pos, int player, const ants_order *orders,
                            size_t count, ants_order *out, ants_order_report *report);
/* Plays one turn: orders[p] (already validated; counts[p] of them) for each
 * player still in the game. script may be NULL. Sets ended when the game is
 * over (then the end bonus is added). */
void ar_ants_play_turn(const struct ar_variant *v, void *pos, ants_order *const *orders, const size_t *counts,
                    const ants_script *script);
/* Takes a player out of the game (crash, timeout): its ants stand still for
 * the rest of the game and its remaining hills cost their point. */
void ar_ants_kill_player(const struct ar_variant *v, void *pos, int player);
/* Whether a player still plays (not killed, has ants). */
int ar_ants_is_alive(const struct ar_variant *v, const void *pos, int player);
/* Checks the end conditions (as ants.py's game_over); returns END_* or 0. */
int ar_ants_check_over(const struct ar_variant *v, const void *pos);
/* Ends the game now for `reason` and adds the end-of-game bonus. */
void ar_ants_finish(const struct ar_variant *v, void *pos, int reason);
/* Squares `player` sees (n bytes, 1 = visible). */
void ar_ants_vision(const struct ar_variant *v, const void *pos, int player, uint8_t *visible);
const char *ar_ants_end_text(int reason);
/* The count of each player's ants. */
void ar_ants_count_ants(const struct ar_variant *v, const void *pos, int *counts);

#endif
