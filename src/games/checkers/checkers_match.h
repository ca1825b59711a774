/* checkers_match.h — what the match front end (checkers_match.c), the
 * replays (checkers_replay.c), the learner and the bench share: the ACF
 * ballots, one game between two bots from a ballot, and the replay file. */
#ifndef ARIADNE_CHECKERS_MATCH_H
#define ARIADNE_CHECKERS_MATCH_H

#include "checkers_engine.h"
#include "checkers_pdn.h"

/* The playable three-move ballots (156), k = 0..count-1 in ACF order. */
unsigned ar_checkers_ballot_count(void);
/* Ballot k's ACF number (1..174) and its moves ("9-13 21-17 5-9"). */
unsigned ar_checkers_ballot(unsigned k, const char **moves);
/* The position after ballot k (its moves pushed onto rec unless NULL). */
ar_status ar_checkers_ballot_position(unsigned k, ar_checkers_pos *pos, ck_game *rec, ar_error *err);

/* How a game ended. */
typedef struct ck_played {
    int winner;      /* CK_BLACK, CK_WHITE, or -1 a draw */
    int on_board;    /* ended by the rules (or the ply limit); 0: a bot failed */
    int interrupted; /* Ctrl-C: not a result */
    char why[260];
} ck_played;

/* Plays one game from ballot k between two bots (either may fail: it then
 * loses); rec gets the ballot's and the game's moves (free it). */
void ar_checkers_play(const ar_game *g, const ar_variant *v, ar_bot *black, ar_bot *white, unsigned ballot,
                      unsigned max_plies, ck_game *rec, ck_played *r);

/* Writes a game as a replay file (docs/games/checkers.md); 0 or -1. */
int ar_checkers_replay_write(const char *path, const ck_game *g, const char *black, const char *white,
                             const ck_played *r);
int ar_checkers_replay_main(const ar_replay_request *q);
/* Reads and checks a replay text without printing: 0, or -1 with one line in why. */
int ar_checkers_replay_check(const char *text, size_t len, char *why, size_t size);
int ar_checkers_match_main(int argc, char **argv);

#endif
