/* ariadne/tron.h — Tron light cycles (Google AI Challenge 2010): maps in the
 * contest format, the Tron bot kinds, bots that are external programs
 * speaking the contest protocol, and one timed game for matches and replays.
 *
 * The game itself is `ar_game_tron` (game.h): a variant is one map (walls,
 * size, start cells) plus the contest's time per move; both players move at
 * once every turn (to_move() is AR_PLAYER_SIMULTANEOUS, apply() takes
 * AR_JOINT_MOVE(player 1's direction, player 2's)). Moves are the protocol's
 * digits: 1 north, 2 east, 3 south, 4 west. Player 0 is the map's '1'.
 *
 * Map text: a line "W H", then H rows of W characters: '#' wall, ' ' floor,
 * '1' and '2' the start cells. Cells off the map count as walls (moving off
 * the grid is a crash), so maps whose border cells are open work. */
#ifndef ARIADNE_TRON_H
#define ARIADNE_TRON_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include "ariadne/arena.h"
#include "ariadne/game.h"

#ifdef __cplusplus
extern "C" {
#endif

extern const ar_game ar_game_tron;

enum { AR_TRON_NORTH = 1, AR_TRON_EAST = 2, AR_TRON_SOUTH = 3, AR_TRON_WEST = 4 };

/* The largest map side accepted (the contest's maps are at most 50). */
#define AR_TRON_MAX_SIDE 255

typedef struct ar_tron_map_options {
    const char *name;       /* shown in descriptions and replays (NULL: "map") */
    double move_time;       /* seconds per move (0: 1, the contest's) */
    double first_move_time; /* seconds for the first move (0: 3) */
    /* Protocol input rather than a map file: rows too short are padded with
     * walls and long ones cut, unknown characters and extra player cells
     * become walls, a missing opponent is shut away off the map. The first
     * such repair is described in err->message while AR_OK is returned. A
     * missing player 1 (or a bad size line) is still an error. */
    int lenient;
} ar_tron_map_options;

/* Makes a variant (a map) from contest map text of len bytes ("\r\n" line
 * ends allowed). Bad maps — a bad size line, ragged rows, a wrong number of
 * rows, unknown characters, a missing or repeated player — give AR_ERR_INPUT
 * with one line naming the problem and the row. */
ar_status ar_tron_variant_from_text(const char *text, size_t len, const ar_tron_map_options *o,
                                    ar_variant **out, ar_error *err);

int ar_tron_width(const ar_variant *v);
int ar_tron_height(const ar_variant *v);
const char *ar_tron_map_name(const ar_variant *v);
double ar_tron_move_time(const ar_variant *v);
double ar_tron_first_move_time(const ar_variant *v);
/* Row y of the map as in its file (W characters, with '1' and '2' at the
 * start cells), NUL-terminated into buf (at least W + 1 bytes). */
void ar_tron_map_row(const ar_variant *v, int y, char *buf);
/* The position as the contest sends it to `player`: "W H\n" and H rows,
 * that player shown as '1' and the other as '2' (a crashed player is not
 * shown). Returns the length needed (without the NUL), like snprintf. */
size_t ar_tron_render(const ar_variant *v, const void *pos, int player, char *buf, size_t size);
/* Whether the players can no longer meet (no free cell is reachable by both). */
int ar_tron_separated(const ar_variant *v, const void *pos);
/* The number of moves player p can still make from pos when alone: the
 * longest path through the free cells from its head, by exhaustive search.
 * For tests on small rooms (exponential); -1 when more than max_nodes
 * search nodes would be needed. */
int ar_tron_longest_path(const ar_variant *v, const void *pos, int p, uint64_t max_nodes);

/* The Tron bot kinds (random, wallhug, voronoi, chambers, alphabeta, chamber-ab —
 * weakest first — and cmd/exec for external programs), {NULL}-terminated; the
 * arena looks them up before its generic kinds when the game is Tron. */
extern const ar_bot_kind ar_tron_bot_kinds[];

/* ------------------------------------------------------------------------ */
/* One game with every move timed (for matches, benchmarks and replays). */

typedef struct ar_tron_record {
    ar_game_outcome outcome; /* AR_WIN_P0: the map's '1' won */
    char reason[400];        /* one line: "player 2 crashed into a wall" */
    unsigned turns;          /* turns played (moves applied) */
    uint8_t *moves;          /* moves[2i + p]: direction 1-4 of player p on turn i (malloc'd) */
    unsigned timed;          /* turns whose times are known (turns, or turns + 1 after a failure) */
    double *seconds;         /* seconds[2i + p]: time bot p took on turn i, wall clock (malloc'd) */
    double *cpu_seconds;     /* the same in CPU time of this thread (an external program's
                                thinking is not in it; a stall of the machine is not either) */
    unsigned failed;         /* bit p set: player p lost by failing (crash, timeout, bad answer) */
} ar_tron_record;

/* Plays one game on v from the map's start with bots[0] as '1' and bots[1]
 * as '2'; both bots are asked every turn before either move is played. A bot
 * that fails (an external program that crashes, times out or answers
 * nonsense) loses; both failing is a draw. AR_ERR_LIMIT when interrupted. */
ar_status ar_tron_play(const ar_variant *v, ar_bot *const bots[2],
                       const volatile sig_atomic_t *interrupt, ar_tron_record *rec, ar_error *err);
/* ar_tron_play calling on_turn(ctx, turns played) after every turn (a
 * match's progress line). */
ar_status ar_tron_play_watched(const ar_variant *v, ar_bot *const bots[2], const volatile sig_atomic_t *interrupt,
                               void (*on_turn)(void *ctx, unsigned turns), void *ctx, ar_tron_record *rec,
                               ar_error *err);
void ar_tron_record_free(ar_tron_record *rec);

#ifdef __cplusplus
}
#endif
#endif
