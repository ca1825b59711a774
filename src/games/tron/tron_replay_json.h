/* tron_replay_json.h — the Tron replay file (format "ariadne-tron-replay",
 * version 1): reading it strictly (the JSON grammar by ariadne/json.h, the
 * format's own checks here), replaying its moves under the game's own rules
 * (ar_game_tron), drawing the board after any turn, and writing it back as
 * JSON that is safe inside an HTML page.
 *
 * The file, written by `ariadne match tron --replay DIR`, is one JSON object:
 *   {"format":"ariadne-tron-replay","version":1,
 *    "map":{"name":"u","width":W,"height":H,"rows":["####",...]},
 *    "players":["spec of player 1","spec of player 2"],
 *    "moves":[[d1,d2],...], "result":"1"|"2"|"draw", "reason":"one line"}
 * with directions 1=N (row - 1), 2=E, 3=S, 4=W. Members not listed here are
 * ignored (a later writer may add some); a listed member that is missing, has
 * the wrong type or an impossible value is an error.
 *
 * Every move must be legal until the game ends; a game that the moves end
 * (a crash or a head-on collision) must end on the last listed turn with the
 * stated result. A game that the moves do not end ended off the board after
 * the last listed turn: the match engine writes that when a bot's program
 * fails or times out (a loss for it, a draw if both fail), and the reason says
 * so; its result cannot be checked against the board.
 *
 * Used by `ariadne replay` (tron_replay.c) and the fuzz target
 * fuzz/fuzz_replay.c; nothing here prints or exits. */
#ifndef ARIADNE_TRON_REPLAY_JSON_H
#define ARIADNE_TRON_REPLAY_JSON_H

#include <stddef.h>
#include "ariadne/game.h"

#define TRON_REPLAY_FORMAT "ariadne-tron-replay"
#define TRON_REPLAY_VERSION 1
#define TRON_REPLAY_MAX_SIDE 1000 /* width and height; the contest maps are at most 50 */

typedef struct tron_replay {
    char *map_name;
    int width, height;
    char *cells;          /* height*width map characters, row-major: '#', ' ', '1', '2' */
    char *players[2];     /* the players' specs (UTF-8) */
    size_t turns;         /* number of turns (entries of "moves") */
    unsigned char *moves; /* 2*turns directions 1..4: moves[2t] player 1, moves[2t+1] player 2 */
    int result;           /* 0 draw, 1 or 2 the winner */
    char *reason;
    int on_board;         /* the moves end the game under the rules; 0: it ended off the
                             board after the last listed turn (a bot failed or timed out) */
    ar_variant *variant;  /* the map as a variant of ar_game_tron, to replay the moves on */
} tron_replay;

/* What the rules say happened on one turn. */
typedef struct tron_replay_turn {
    int ended;       /* the game ended on this turn */
    int crashed[2];  /* player 1 / player 2 crashed (a head-on collision counts for both) */
    int head_on;     /* both heads moved onto one cell */
    int off_grid[2]; /* the crash was off the edge of the map */
    int result;      /* when ended: 0 draw, 1 or 2 the winner */
} tron_replay_turn;

/* Reads and checks `text` (len bytes, need not be NUL-terminated). On success
 * fills *r (release with ar_tron_replay_free) and returns 0; otherwise returns
 * -1 with one line in err saying what is wrong and where (JSON errors as "line
 * L, column C: ...", others by member path, e.g. "moves[12][1]: ..."). */
int ar_tron_replay_read(const char *text, size_t len, tron_replay *r, char *err, size_t err_size);
void ar_tron_replay_free(tron_replay *r);

/* The board after `turn` turns (0 = the start; at most r->turns) as text:
 * height rows of width characters, each ended by '\n', then a NUL, so
 * out_size must be at least height*(width+1)+1. Walls and trails are '#',
 * floor ' ', the heads of players still riding '1' and '2'; on the final
 * turn a crash onto a cell of the map (a wall, a trail or the cell both heads
 * reached) is 'X', and a crash off the edge is not drawn. *info (may be NULL)
 * says what happened on that turn. r must come from ar_tron_replay_read. */
void ar_tron_replay_board(const tron_replay *r, size_t turn, char *out, size_t out_size, tron_replay_turn *info);

/* "player 1 wins" / "player 2 wins" / "draw" */
const char *ar_tron_replay_result_name(int result);

/* The replay as one line of JSON in the same format (members in the order
 * above), safe to embed in an HTML <script> element: '<', '>', '&', control
 * and non-ASCII characters (so also U+2028/U+2029) are written as \u escapes
 * (ar_json_escape). ar_tron_replay_read of the text gives back the same
 * replay. Returns a malloc'd, NUL-terminated string; *len (may be NULL) gets
 * its length. */
char *ar_tron_replay_write_json(const tron_replay *r, size_t *len);

#endif
