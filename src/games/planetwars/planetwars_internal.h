/* planetwars_internal.h — what the Planet Wars modules share: the state of
 * a game as the contest engine keeps it (planets, and fleets in the order
 * they were launched), the exact turn of the official engine, the text of
 * states and orders, and the bots that turn a state into orders.
 *
 * The rules (pw_engine.c) follow the Java engine of the Google AI Challenge
 * 2010 (PlayGame.jar) step for step, since its recorded games are the tests'
 * oracle: orders depart as they are read; then owned planets grow, fleets
 * advance, and every planet resolves the battle of its owner's ships and the
 * fleets that have arrived. Player numbers are 1 and 2 (0 is neutral), as in
 * the protocol; a bot always sees itself as player 1. */
#ifndef ARIADNE_PLANETWARS_INTERNAL_H
#define ARIADNE_PLANETWARS_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include "ariadne/error.h"
#include "ariadne/rng.h"

/* The most planets a map may have (the contest's have at most 30). */
#define PW_MAX_PLANETS 64

typedef struct pw_planet {
    double x, y;
    int owner, ships, growth;
} pw_planet;

typedef struct pw_fleet {
    int owner, ships, src, dst, total, remaining;
} pw_fleet;

typedef struct pw_order {
    int src, dst, ships;
} pw_order;

/* A game in progress. dist[a * np + b] is the trip length from a to b. */
typedef struct pw_state {
    int np;
    pw_planet planets[PW_MAX_PLANETS];
    int *dist;     /* np * np, shared by copies (owned by the map) */
    pw_fleet *fleets;
    int nf, capf;
    int turn;      /* turns played */
} pw_state;

/* --------------------------------------------------------- pw_engine.c */

/* Parses a map or a state: "P x y owner ships growth" and (unless is_map)
 * "F owner ships source destination total remaining" lines, '#' comments.
 * A map must have at least 2 planets and a starting planet for each player.
 * AR_ERR_INPUT: "<name> line L: what is wrong". The state owns new fleets
 * and distances; free it with ar_pw_state_free. */
ar_status ar_pw_parse(const char *text, const char *name, int is_map, pw_state *s, ar_error *err);
void ar_pw_state_free(pw_state *s);
/* A deep copy (dist is shared: free only the original's). */
void ar_pw_state_copy(pw_state *dst, const pw_state *src);
void ar_pw_state_copy_free(pw_state *s);
/* The state as the protocol sends it to player pov (1 or 2; 0: as is):
 * that player is owner 1. Returns a malloc'd string. */
char *ar_pw_format(const pw_state *s, int pov);
/* Parses one order line "source destination ships" (decimal integers,
 * single spaces or tabs; nothing else). 0 on success, else -1 with why. */
int ar_pw_parse_order(const char *line, size_t len, pw_order *o, char *why, size_t why_size);
/* Checks and performs one order of player (1 or 2) at once, as the engine
 * does when it reads it: the ships leave the planet. -1 with why when the
 * order is invalid (the engine then drops the player). */
int ar_pw_issue(pw_state *s, int player, const pw_order *o, char *why, size_t why_size);
/* The engine's turn: growth, fleets advance, battles. */
void ar_pw_step(pw_state *s);
/* A player who broke the rules: its planets turn neutral, its fleets vanish
 * (the engine's DropPlayer). */
void ar_pw_drop(pw_state *s, int player);
/* -1 while the game goes on, 0 a draw, else the winner (1 or 2); the
 * engine's Winner(): ships are counted once more than max_turns turns have
 * been played. */
int ar_pw_winner(const pw_state *s, int max_turns);
/* Ships of player (planets and fleets) and its growth per turn. */
int ar_pw_ships(const pw_state *s, int player);
int ar_pw_production(const pw_state *s, int player);
/* The player with a planet or a fleet? */
int ar_pw_alive(const pw_state *s, int player);
/* Swaps players 1 and 2 in place (a bot's point of view). */
void ar_pw_swap(pw_state *s);

/* The playback notation of the engine's output (and of the fixtures): the
 * planets "owner.ships" then the fleets "owner.ships.src.dst.total.left",
 * comma-separated. parse reads it into s, whose planets (np, positions,
 * growth) are already set; it adds the fleets. */
void ar_pw_playback(const pw_state *s, char *buf, size_t size);
ar_status ar_pw_parse_playback(const char *text, pw_state *s, ar_error *err);

/* A variant: one map and the turn limit (planetwars.c). */
struct ar_variant {
    char name[64];
    pw_state map;   /* the initial state */
    int max_turns;
    int fleet_cap;  /* fleets a generic position holds */
};
typedef struct ar_variant ar_variant;
ar_status ar_pw_variant_from_text(const char *text, const char *name, int max_turns, ar_variant **out, ar_error *err);
void ar_pw_variant_free(ar_variant *v);
/* A generic position as a state (fleets malloc'd: ar_pw_state_copy_free). */
void ar_pw_pos_to_state(const ar_variant *v, const void *pos, pw_state *s);

/* ----------------------------------------------------------- pw_bots.c */

typedef struct pw_bot_ctx {
    ar_rng rng;
    double budget;      /* seconds allowed for this turn */
    double started;     /* ar_now() when the turn began */
    int turn;           /* turns played before this one (0: the first) */
} pw_bot_ctx;

/* A bot: orders for player 1 of state s (the bot's own view); returns the
 * number written to out (at most cap). */
typedef int (*pw_bot_fn)(const pw_state *s, pw_bot_ctx *ctx, pw_order *out, int cap);

typedef struct pw_bot_kind {
    const char *name;
    const char *summary;
    pw_bot_fn choose;
} pw_bot_kind;

/* (pw_fivestep.c, pw_search.c) */
int ar_pw_bot_fivestep(const pw_state *s, pw_bot_ctx *ctx, pw_order *out, int cap);
int ar_pw_bot_search(const pw_state *s, pw_bot_ctx *ctx, pw_order *out, int cap);
/* (pw_contender.c) */
int ar_pw_bot_contender(const pw_state *s, pw_bot_ctx *ctx, pw_order *out, int cap);
/* (pw_csearch.c) */
int ar_pw_bot_contender_search(const pw_state *s, pw_bot_ctx *ctx, pw_order *out, int cap);
int ar_pw_bot_contender_search_clock(const pw_state *s, pw_bot_ctx *ctx, pw_order *out, int cap);

extern const pw_bot_kind ar_pw_bot_kinds[]; /* {NULL}-terminated, weakest first */
const pw_bot_kind *ar_pw_bot_find(const char *name);

#endif
