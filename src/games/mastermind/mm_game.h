/* mm_game.h — what the game's files share (mastermind.c: the rules of play;
 * mm_bots.c: the bots; mm_tools.c: the verbs): the variant and the
 * position.
 *
 * The game is played between the code-breaker (player 0, who guesses first)
 * and the code-maker (player 1), whose move is the answer to the last guess.
 * The code-maker never writes the secret down: any answer is legal as long as
 * some code still fits every answer given, so a person answering by hand is
 * held to a code without telling it, and a bot may keep a secret or answer
 * as an adversary. The code-breaker wins by being answered all black within
 * the rows of the board; otherwise the code-maker wins. */
#ifndef ARIADNE_MM_GAME_H
#define ARIADNE_MM_GAME_H

#include "ariadne/arena.h"
#include "ariadne/game.h"
#include "ariadne/tool.h"
#include "mm_internal.h"

struct ar_variant {
    mm_rules r;
    int rows;        /* guesses the code-breaker has */
};

/* A position: the guesses and answers so far; unused entries are zero so
 * that the bytes are canonical (the game is hashed as bytes). */
typedef struct mm_pos {
    uint8_t rows;     /* guesses made */
    uint8_t pending;  /* the last guess waits for its answer */
    uint8_t zero[2];
    uint32_t guess[MM_MAX_ROWS];
    uint8_t answer[MM_MAX_ROWS];
    uint8_t zero2[2];
} mm_pos;

enum { MM_BREAKER = 0, MM_MAKER = 1 };

/* The answered guesses of a position as a history. */
void ar_mm_pos_history(const mm_pos *p, mm_history *h);

/* mm_bots.c: the game's own bots. */
extern const ar_bot_kind ar_mm_bot_kinds[];

/* mm_protocol.c: the line-protocol verbs (tools' run functions). */
int ar_mm_bot_tool(int argc, char **argv);
int ar_mm_maker_tool(int argc, char **argv);

/* mm_tools.c and mm_bench.c: its verbs and suite. */
extern const ar_tool ar_mm_tools[];
extern const ar_bench_suite ar_mm_bench_suites[];

#endif
