/* chess_label.c — scores the tuner's positions with an external UCI
 * engine (Debian's Stockfish), so that the evaluation can be fitted to a
 * strong engine's judgement of each position instead of the result of the
 * game it came from: a game's result is a noisy label (a won position is
 * later lost by a blunder, and every position of a drawn game is "equal"),
 * while a depth-limited search of a strong engine labels each position on
 * its own. The engine runs with one thread and its hash cleared before every
 * position, at a fixed depth, so the labels are reproducible on this machine
 * and independent of the order of the positions. Only this labelling step
 * needs the engine; the labelled file (`--save-data`) tunes offline. */
#include "chess_label.h"

#include "ariadne/extprog.h"

#include <stdlib.h>
#include <string.h>

/* Reads lines until one starting with `prefix`; the last "score cp X" or
 * "score mate N" of an info line on the way goes to *score (side to move). */
static ar_extprog_status wait_for(ar_extprog *p, const char *prefix, int *score)
{
    size_t plen = strlen(prefix), len;
    const char *line;
    for (;;) {
        ar_extprog_status st = ar_extprog_read_line(p, &line, &len);
        if (st != AR_EXTPROG_OK)
            return st;
        if (score && !strncmp(line, "info ", 5)) {
            const char *s = strstr(line, " score ");
            /* Bounds (lowerbound/upperbound lines of an aspiration window)
             * are not scores: the final exact line follows them. */
            if (s && !strstr(line, "bound")) {
                if (!strncmp(s + 7, "cp ", 3))
                    *score = atoi(s + 10);
                else if (!strncmp(s + 7, "mate ", 5))
                    *score = atoi(s + 12) > 0 ? CH_LABEL_MATE_CP : -CH_LABEL_MATE_CP;
            }
        }
        if (len >= plen && !strncmp(line, prefix, plen))
            return AR_EXTPROG_OK;
    }
}

static int failed(ar_extprog *p, const char *command, const char *what)
{
    int status = ar_tool_fail("chess-tune: --label '%s' %s: %s", command, what, ar_extprog_reason(p));
    ar_extprog_free(p);
    return status;
}

static int send_text(ar_extprog *p, const char *text)
{
    return ar_extprog_send(p, text, strlen(text)) != AR_EXTPROG_OK;
}

int ar_chess_label_check(const char *command)
{
    ar_error why;
    ar_error_clear(&why);
    if (ar_extprog_check(command, &why) != AR_OK)
        return ar_tool_fail("chess-tune: --label: %s", why.message) != 0;
    return 0;
}

int ar_chess_label(const char *command, unsigned depth, const ch_board *boards, size_t n, int *cp_white,
                   ar_progress *progress)
{
    ar_extprog_options eo;
    ar_extprog *p;
    size_t i;
    if (ar_chess_label_check(command))
        return AR_EXIT_BAD_INPUT;
    memset(&eo, 0, sizeof eo);
    eo.max_line = 1 << 16;
    p = ar_extprog_new(command, &eo);
    ar_extprog_set_deadline(p, 30);
    if (ar_extprog_start(p) != AR_EXTPROG_OK || send_text(p, "uci\n") || wait_for(p, "uciok", NULL) != AR_EXTPROG_OK)
        return failed(p, command, "did not start as a UCI engine");
    if (send_text(p, "setoption name Threads value 1\nsetoption name Hash value 1\nisready\n") ||
        wait_for(p, "readyok", NULL) != AR_EXTPROG_OK)
        return failed(p, command, "did not answer isready");
    for (i = 0; i < n; i++) {
        char fen[128], cmd[256];
        int score = 0;
        if (ar_tool_interrupted) {
            ar_extprog_free(p);
            return ar_tool_error(AR_EXIT_LIMIT, "chess-tune: interrupted while labelling (%zu of %zu done)", i, n);
        }
        ar_chess_format_fen(&boards[i], fen, sizeof fen);
        snprintf(cmd, sizeof cmd, "ucinewgame\nposition fen %s\ngo depth %u\n", fen, depth);
        ar_extprog_set_deadline(p, 60);
        if (send_text(p, cmd) || wait_for(p, "bestmove", &score) != AR_EXTPROG_OK)
            return failed(p, command, "failed on a position");
        cp_white[i] = boards[i].stm == CH_WHITE ? score : -score;
        ar_progress_update(progress, i + 1, n, "positions", "labelling");
    }
    ar_progress_finish(progress);
    send_text(p, "quit\n");
    ar_extprog_free(p);
    return 0;
}
