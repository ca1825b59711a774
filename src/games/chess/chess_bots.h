/* chess_bots.h — the options shared by chess's bot kinds (chess_bots.c)
 * and the match front end (chess_match.c), which reads the clock and the
 * adjudication scores of the same bots. */
#ifndef ARIADNE_CHESS_BOTS_H
#define ARIADNE_CHESS_BOTS_H

#include "chess_engine.h"

/* Seconds a move may run over the clock before the game is lost on time:
 * a loaded machine delays pipes and scheduling by tens of milliseconds,
 * which should not decide games (cutechess-cli calls this a time margin).
 * The clock is then set to zero, so the margin does not accumulate. */
#define AR_CHESS_TIME_MARGIN 0.25

typedef struct ar_chess_bot_opts {
    double tc_base, tc_inc; /* a clock: seconds per game and per move (0: none) */
    double movetime;        /* seconds per move (0: none) */
    int depth;
    uint64_t nodes;
    int hash_mb;            /* engine */
    unsigned steps;         /* engine: CH_STEP_* */
    char eval[256];         /* engine: eval=FILE (weights of `chess-tune`), handset, tuned or default ("") */
    char command[512];      /* uci/xboard: the program (the rest of the spec) */
    unsigned nopts;         /* uci: setoption NAME VALUE, sent once per process */
    char opt_name[8][48], opt_value[8][48];
} ar_chess_bot_opts;

/* Parses a bot's options ("tc=10+0.1:depth=8", for uci ending in the
 * command); AR_ERR_INPUT naming the bad option. */
ar_status ar_chess_bot_options(const char *text, ar_chess_bot_opts *o, int uci, ar_error *err);

#endif
