/* ants_game.h — the parts of the Ants game above the engine: variants from
 * options, position text, what a bot knows (a view built from the contest
 * protocol), the protocol both ways, the bots, and the verbs. */
#ifndef ARIADNE_ANTS_GAME_H
#define ARIADNE_ANTS_GAME_H

#include <stddef.h>
#include <stdint.h>
#include "ariadne/game.h"
#include "ariadne/tool.h"
#include "ants_internal.h"

/* --- ants_text.c --- */
ar_status ar_ants_variant_create_params(const ar_param *params, size_t count, struct ar_variant **out, ar_error *err);
void ar_ants_format_position(const struct ar_variant *v, const void *pos, char *buf, size_t size);
ar_status ar_ants_parse_position(const struct ar_variant *v, const char *text, void *pos, ar_error *err);
uint64_t ar_ants_hash(const struct ar_variant *v, const void *pos);
void ar_ants_observe(const struct ar_variant *v, const void *pos, int player, void *view);
char ar_ants_square_char(const struct ar_variant *v, const void *pos, int sq);

/* --- ants_view.c: what one bot knows, as the contest protocol tells it --- */
typedef struct ants_view {
    int rows, cols, n, turn, turns;
    int viewradius2, attackradius2, spawnradius2, turntime, loadtime;
    long long player_seed;
    uint8_t *water;   /* water seen so far */
    uint8_t *visible; /* squares within the view radius of its ants this turn */
    uint8_t *ant;     /* the owner of the ant on a square as the bot numbers players (0 itself), or 255 */
    uint8_t *food;
    int8_t *hill;     /* the owner of an unrazed hill seen this turn, or -1 */
    int *mine;        /* its ants' squares */
    int nmine;
    int ended;        /* "end" came */
} ants_view;

/* A view after the settings lines (rows and cols known); NULL when out of memory. */
ants_view *ar_ants_view_new(const ants_view *settings);
void ar_ants_view_free(ants_view *view);
/* Forgets the last turn's ants, food and hills (water stays). */
void ar_ants_view_begin_turn(ants_view *view, int turn);
/* Reads one protocol line of a turn (w/f/h/a/d); -1 with why for a bad one. */
int ar_ants_view_read_line(ants_view *view, const char *line, char *why, size_t why_size);
/* After the turn's lines: its ants and what they see. */
void ar_ants_view_finish_turn(ants_view *view);
/* Reads a settings line (turn 0); 1 read, 0 not a setting, -1 bad. */
int ar_ants_view_read_setting(ants_view *settings, const char *line, char *why, size_t why_size);

/* The engine's side: the text a player gets. */
char *ar_ants_protocol_start(const struct ar_variant *v, long long player_seed);
/* The turn's visible lines for `player` (its numbering of players; water it
 * has not been told of, remembered in told_water, n bytes), ending with a
 * newline, without "turn N" and "go". malloc'd. */
char *ar_ants_protocol_turn(const struct ar_variant *v, const void *pos, int player, uint8_t *told_water);
/* The view straight from the engine (no text), for the in-process bots. */
void ar_ants_view_from_engine(ants_view *view, const struct ar_variant *v, const void *pos, int player,
                           uint8_t *told_water);

/* Parses a bot's answer (lines before "go"); orders to out (at most cap),
 * returns the count, or -1 with the first malformed line in why. */
long ar_ants_parse_orders(const struct ar_variant *v, const char *text, ants_order *out, size_t cap, char *why,
                       size_t why_size);

/* --- ants_bots.c, ants_strong.c: the ladder --- */
typedef struct ants_ai ants_ai;
extern const char *const ar_ants_ai_names[];  /* NULL-terminated, weakest first */
ants_ai *ar_ants_ai_new(const char *name, const ants_view *settings, uint64_t seed);
/* Orders for this turn, at most cap; deadline on the ar_now() clock. */
size_t ar_ants_ai_turn(ants_ai *ai, const ants_view *view, ants_order *out, size_t cap, double deadline);
void ar_ants_ai_free(ants_ai *ai);
int ar_ants_ai_known(const char *name);

/* --- the verbs --- */
int ar_ants_bot_main(int argc, char **argv);
int ar_ants_match_main(int argc, char **argv);
int ar_ants_replay_main(const ar_replay_request *request);
int ar_ants_bench(int quick);

#endif
