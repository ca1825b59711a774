/* chess_label.h — labelling the tuner's positions with an external UCI
 * engine's score (chess_label.c), for `ariadne chess-tune --label`. */
#ifndef ARIADNE_CHESS_LABEL_H
#define ARIADNE_CHESS_LABEL_H

#include "ariadne/progress.h"
#include "chess_engine.h"

/* A mate score is written as this many centipawns (its sign the winner's):
 * far beyond the sigmoid's range, so its target is a sure win or loss. */
#define CH_LABEL_MATE_CP 3000

/* Whether the engine's program can be run (before any work): 0, or 1
 * after one line on stderr. */
int ar_chess_label_check(const char *command);

/* Asks the UCI engine `command` for its score of each of the n boards at a
 * fixed depth (one thread, 1 MB of hash cleared before each position, so a
 * position's score does not depend on the ones before it), and stores it in
 * cp_white[i] as centipawns from white's side. Returns 0, or an exit status
 * after one line on stderr (the engine cannot be run, crashed, or the run
 * was interrupted). Progress on the progress line (may be NULL). */
int ar_chess_label(const char *command, unsigned depth, const ch_board *boards, size_t n, int *cp_white,
                   ar_progress *progress);

#endif
