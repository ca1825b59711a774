/* fuzz_mastermind_protocol.c — libFuzzer target for the readers of
 * Mastermind's line protocol (src/games/mastermind/mm_protocol.c): the
 * code-breaker's reading of answers, the code-maker's reading of guesses,
 * and the game's own move and position readers, which share them.
 *
 * The first byte picks the game (pegs 1..8, colours 2..10); the rest is
 * lines. Each line is read as an answer to a guess (the lowest code that
 * fits, as the bot's `consistent` strategy would guess), as a guess, as a
 * code-maker's move and as a position. A refusal must be one non-empty line;
 * an accepted answer must leave some code that fits every answer (the
 * session's promise), and an accepted position must format to text that
 * reads back to the same position. A failed check aborts. Seeds:
 * fuzz/corpus/mastermind_protocol. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/game.h"
#include "games/mastermind/mm_game.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

extern const ar_game ar_game_mastermind;

static void one_line(const ar_error *err)
{
    if (!err->message[0] || strchr(err->message, '\n'))
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ar_param params[2];
    char pegs[4], colours[4];
    ar_variant *v;
    ar_error err;
    mm_session s;
    mm_pos pos, back;
    const char *p, *end;
    char *text, fmt[4096];
    if (size < 1)
        return 0;
    {
        int np = 1 + data[0] % 8, nc = 2 + (data[0] / 8) % 9, i;
        long codes = 1;
        for (i = 0; i < np; i++)
            codes *= nc;
        if (codes > 100000) /* large games: setting up their tables is slow, not wrong */
            np = 4;
        snprintf(pegs, sizeof pegs, "%d", np);
        snprintf(colours, sizeof colours, "%d", nc);
    }
    params[0].name = "pegs", params[0].value = pegs;
    params[1].name = "colours", params[1].value = colours;
    if (ar_game_create(&ar_game_mastermind, params, 2, &v, &err) != AR_OK)
        abort();
    text = malloc(size);
    if (!text)
        abort();
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';
    memset(&s, 0, sizeof s);
    s.r = &v->r;
    for (p = text, end = text + size - 1; p < end;) {
        size_t len = strcspn(p, "\n");
        uint32_t guess = ar_mm_first_consistent(&v->r, &s.h), code;
        ar_gmove move;
        char line[512];
        if (guess == UINT32_MAX)
            abort(); /* a session always keeps a code that fits */
        ar_error_clear(&err);
        if (!s.won && ar_mm_session_answer(&s, guess, p, len, &err) != AR_OK)
            one_line(&err);
        ar_error_clear(&err);
        if (ar_mm_read_guess(&v->r, p, len, &code, &err) != AR_OK)
            one_line(&err);
        else if (code >= v->r.codes)
            abort();
        /* the game's readers: a code-maker's move after one guess, and a position */
        ar_game_mastermind.initial_position(v, &pos);
        ar_game_mastermind.apply(v, &pos, guess);
        ar_error_clear(&err);
        if (ar_game_mastermind.parse_move(v, &pos, MM_MAKER, p, len, &move, &err) != AR_OK)
            one_line(&err);
        snprintf(line, sizeof line, "%.*s", (int)(len < sizeof line ? len : sizeof line - 1), p);
        ar_error_clear(&err);
        if (ar_game_mastermind.parse_position(v, line, &pos, &err) != AR_OK) {
            one_line(&err);
        } else {
            ar_game_mastermind.format_position(v, &pos, fmt, sizeof fmt);
            if (ar_game_mastermind.parse_position(v, fmt, &back, &err) != AR_OK || memcmp(&pos, &back, sizeof pos))
                abort();
        }
        p += len + 1;
    }
    free(text);
    ar_game_mastermind.destroy(v);
    return 0;
}
