/* fuzz_common.h — the shared body of the libFuzzer targets for puzzle domains.
 *
 * The input is read as text in three parts: a first line of domain options
 * ("name=value;name=value", names from the domain's option table), then the
 * instance text up to a line "---", then a move string. Whatever create()
 * accepts is exercised further: describe, format_state, legal moves, replaying
 * the moves, and with_start. Any crash, sanitizer report or hang is a bug: every
 * parser must turn bad text into an AR_ERR_INPUT with a message. */
#ifndef ARIADNE_FUZZ_COMMON_H
#define ARIADNE_FUZZ_COMMON_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/puzzle.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fuzz_check_message(ar_status st, const ar_error *err)
{
    /* A failure must explain itself: an empty message is a bug too. */
    if (st != AR_OK && err->message[0] == '\0')
        abort();
}

static int fuzz_puzzle(const char *domain, const uint8_t *data, size_t size)
{
    const ar_puzzle *p = ar_puzzle_find(domain);
    char *text, *line_end, *sep, *instance_text, *moves_text = NULL, *cursor;
    ar_param params[8];
    size_t count = 0;
    ar_instance *inst = NULL;
    ar_error err;
    ar_status st;

    if (!p || size > 65536)
        return 0;
    text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    if (strlen(text) != size) { /* the CLI rejects NUL bytes before a parser sees them */
        free(text);
        return 0;
    }
    line_end = strchr(text, '\n');
    instance_text = line_end ? line_end + 1 : text + size;
    if (line_end)
        *line_end = '\0';
    for (cursor = text; *cursor && count < 8;) {
        char *semi = strchr(cursor, ';'), *eq;
        if (semi)
            *semi = '\0';
        eq = strchr(cursor, '=');
        if (eq) {
            *eq = '\0';
            params[count].name = cursor;
            params[count].value = eq + 1;
        } else {
            params[count].name = cursor;
            params[count].value = NULL;
        }
        count++;
        if (!semi)
            break;
        cursor = semi + 1;
    }
    sep = strstr(instance_text, "\n---\n");
    if (sep) {
        *sep = '\0';
        moves_text = sep + 5;
    }
    ar_error_clear(&err);
    st = p->create(*instance_text ? instance_text : NULL, params, count, &inst, &err);
    fuzz_check_message(st, &err);
    if (st == AR_OK) {
        size_t ss = p->state_size(inst);
        unsigned char *state = malloc(ss + 1);
        char *buf = malloc(65536);
        ar_move *moves = malloc(sizeof *moves * (p->max_moves(inst) + 1u));
        uint64_t length, cost;
        int solved;
        if (state && buf && moves) {
            unsigned n, i;
            p->describe(inst, buf, 65536);
            p->initial_state(inst, state);
            p->format_state(inst, state, buf, 65536);
            (void)p->is_goal(inst, state);
            n = p->legal_moves(inst, state, moves);
            for (i = 0; i < n; i++)
                p->format_move(inst, moves[i], buf, 64);
            if (p->check_solvable) {
                ar_error_clear(&err);
                (void)p->check_solvable(inst, &err);
            }
            if (moves_text) {
                ar_error_clear(&err);
                st = ar_puzzle_replay(p, inst, moves_text, &length, &cost, &solved, state, &err);
                fuzz_check_message(st, &err);
                if (st == AR_OK && p->with_start) {
                    ar_instance *again = NULL;
                    ar_error_clear(&err);
                    st = p->with_start(inst, state, &again, &err);
                    fuzz_check_message(st, &err);
                    if (st == AR_OK)
                        p->destroy(again);
                }
            }
        }
        free(state);
        free(buf);
        free(moves);
        p->destroy(inst);
    }
    free(text);
    return 0;
}

#endif
