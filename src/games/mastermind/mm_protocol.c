/* mm_protocol.c — Mastermind over a line protocol: the code-breaker bot
 * (`ariadne mastermind-bot`) and a code-maker program
 * (`ariadne mastermind-maker`) that speak it.
 *
 * The protocol (docs/games/mastermind.md) is two kinds of lines:
 *     code-breaker -> code-maker:  a guess, P colour digits      "1122"
 *     code-maker -> code-breaker:  black and white pegs          "1 0"
 * ("1B0W", "10" and the other forms of ar_mm_parse_answer are read too).
 * The game ends with the answer of P black pegs. Both sides are told the
 * pegs and colours on their command lines. The bot talks on its standard
 * input and output, so a person can be its code-maker at the terminal, or
 * runs a code-maker program itself (--maker CMD) through the library's
 * adapter for external programs. Answers that no code fits any more end the
 * game with one line, "no code fits your answers", and exit status 2. */
#include "mm_game.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "ariadne/extprog.h"

extern const ar_game ar_game_mastermind;

/* ------------------------------------------------------------ sessions */

ar_status ar_mm_session_answer(mm_session *s, uint32_t guess, const char *line, size_t len,
                               ar_error *err)
{
    const mm_rules *r = s->r;
    unsigned answer;
    ar_status st;
    if (s->won)
        return ar_error_set(err, AR_ERR_INPUT, "the code was found already");
    if (s->h.count >= MM_MAX_ROWS)
        return ar_error_set(err, AR_ERR_INPUT, "more than %d guesses", MM_MAX_ROWS);
    if ((st = ar_mm_parse_answer(r, line, len, &answer, err)) != AR_OK)
        return st;
    s->h.guess[s->h.count] = guess;
    s->h.answer[s->h.count] = (uint8_t)answer;
    s->h.count++;
    if (ar_mm_first_consistent(r, &s->h) == UINT32_MAX) {
        char said[600];
        ar_mm_history_text(r, &s->h, said, sizeof said);
        s->h.count--;
        return ar_error_set(err, AR_ERR_INPUT, "no code fits your answers (%s)", said);
    }
    s->won = answer == (unsigned)r->win;
    return AR_OK;
}

ar_status ar_mm_read_guess(const mm_rules *r, const char *line, size_t len, uint32_t *code, ar_error *err)
{
    while (len && (line[len - 1] == ' ' || line[len - 1] == '\t' || line[len - 1] == '\r'))
        len--;
    while (len && (*line == ' ' || *line == '\t'))
        line++, len--;
    return ar_mm_parse_code(r, line, len, code, err);
}

/* One line of standard input into buf (without its newline): 1 read, 0 end
 * of input, -1 a line longer than the buffer. */
static int read_stdin_line(char *buf, size_t size, size_t *len)
{
    size_t n = 0;
    int c;
    while ((c = getchar()) != EOF && c != '\n') {
        if (n + 1 >= size)
            return -1;
        buf[n++] = (char)c;
    }
    if (c == EOF && n == 0)
        return 0;
    if (n && buf[n - 1] == '\r')
        n--;
    buf[n] = '\0';
    *len = n;
    return 1;
}

/* The variant of pegs x colours with the most rows. */
static int make_variant(const char *verb, uint64_t pegs, uint64_t colours, ar_variant **v)
{
    ar_param params[3];
    char p[8], c[8], rows[8];
    ar_error err;
    snprintf(p, sizeof p, "%u", (unsigned)pegs);
    snprintf(c, sizeof c, "%u", (unsigned)colours);
    snprintf(rows, sizeof rows, "%d", MM_MAX_ROWS);
    params[0].name = "pegs", params[0].value = p;
    params[1].name = "colours", params[1].value = c;
    params[2].name = "rows", params[2].value = rows;
    ar_error_clear(&err);
    if (ar_game_create(&ar_game_mastermind, params, 3, v, &err) != AR_OK)
        return ar_tool_fail("%s: %s", verb, err.message);
    return 0;
}

/* ------------------------------------------------------- the code-breaker */

static const char bot_strategies[] = "best knuth irving entropy parts consistent random-consistent";

int ar_mm_bot_tool(int argc, char **argv)
{
    const char *tree = NULL, *maker = NULL;
    int strategy = 0, given_strategy = 0;
    uint64_t pegs = 4, colours = 6;
    double move_time = 10;
    const ar_opt opts[] = {
        {.name = "strategy", .kind = AR_OPT_CHOICE, .dest = &strategy, .choices = bot_strategies,
         .metavar = "NAME", .seen = &given_strategy},
        {.name = "tree", .kind = AR_OPT_TEXT, .dest = &tree, .metavar = "FILE"},
        {.name = "pegs", .kind = AR_OPT_UINT, .dest = &pegs, .min = 1, .max = MM_MAX_PEGS, .metavar = "P"},
        {.name = "colours", .kind = AR_OPT_UINT, .dest = &colours, .min = 2, .max = MM_MAX_COLOURS, .metavar = "C"},
        {.name = "maker", .kind = AR_OPT_TEXT, .dest = &maker, .metavar = "COMMAND"},
        {.name = "move-time", .kind = AR_OPT_NUMBER, .dest = &move_time, .lo = 0, .lo_open = 1, .metavar = "S"},
        {.name = NULL}};
    ar_tool_cmd cmd = {.name = "mastermind-bot", .help_topic = "mastermind-bot",
                       .common = AR_COMMON_JSON | AR_COMMON_QUIET | AR_COMMON_SEED, .options = opts};
    ar_variant *v = NULL;
    ar_bot *bot = NULL;
    ar_extprog *prog = NULL;
    ar_error err;
    mm_pos pos;
    mm_session sess;
    char spec[4200], line[1024];
    int rc = ar_tool_parse(&cmd, argc, argv, 1), k;
    if (rc)
        return rc;
    if (tree && given_strategy)
        return ar_tool_fail("mastermind-bot: give --strategy or --tree, not both");
    if (cmd.json && !maker)
        return ar_tool_fail("mastermind-bot: --json needs --maker (without it standard output carries the "
                            "protocol)");
    if ((rc = make_variant("mastermind-bot", pegs, colours, &v)) != 0)
        return rc;
    if (tree)
        snprintf(spec, sizeof spec, "tree:file=%s", tree);
    else {
        const char *w = bot_strategies;
        for (k = 0; k < strategy; k++)
            w = strchr(w, ' ') + 1;
        snprintf(spec, sizeof spec, "%.*s", (int)strcspn(w, " "), w);
    }
    ar_error_clear(&err);
    if (ar_bot_create(&ar_game_mastermind, v, spec, (cmd.given & AR_COMMON_SEED) ? cmd.seed : 1, 0, &bot, &err) !=
        AR_OK) {
        ar_game_mastermind.destroy(v);
        return ar_tool_fail("mastermind-bot: %s", err.message);
    }
    if (maker) {
        if (ar_extprog_check(maker, &err) != AR_OK) {
            rc = ar_tool_fail("mastermind-bot: --maker: %s", err.message);
            goto done;
        }
        prog = ar_extprog_new(maker, NULL);
        if (!prog || ar_extprog_start(prog) != AR_EXTPROG_OK) {
            rc = ar_tool_fail("mastermind-bot: cannot start the code-maker '%s': %s", maker,
                              prog ? ar_extprog_reason(prog) : "out of memory");
            goto done;
        }
    }
    ar_game_mastermind.initial_position(v, &pos);
    memset(&sess, 0, sizeof sess);
    sess.r = &v->r;
    while (!sess.won) {
        ar_gmove m;
        ar_bot_info info;
        char g[16];
        const char *answer;
        size_t len = 0;
        if (sess.h.count >= MM_MAX_ROWS) {
            rc = ar_tool_error(AR_EXIT_NO_SOLUTION, "mastermind-bot: the code was not found within %d guesses",
                               MM_MAX_ROWS);
            goto done;
        }
        ar_error_clear(&err);
        if (ar_bot_choose(bot, &pos, MM_BREAKER, &m, &info, &err) != AR_OK) {
            rc = ar_tool_fail("mastermind-bot: %s", err.message);
            goto done;
        }
        ar_mm_format_code(&v->r, (uint32_t)m, g, sizeof g);
        if (prog) {
            char out[24];
            int n = snprintf(out, sizeof out, "%s\n", g);
            const char *l;
            ar_extprog_set_deadline(prog, move_time);
            if (ar_extprog_send(prog, out, (size_t)n) != AR_EXTPROG_OK ||
                ar_extprog_read_line(prog, &l, &len) != AR_EXTPROG_OK) {
                rc = ar_tool_fail("mastermind-bot: the code-maker '%s' gave no answer to %s: it %s", maker, g,
                                  ar_extprog_reason(prog));
                goto done;
            }
            answer = l;
        } else {
            int got;
            printf("%s\n", g);
            fflush(stdout);
            got = read_stdin_line(line, sizeof line, &len);
            if (got == 0) {
                rc = ar_tool_fail("mastermind-bot: no answer to %s (end of input after %d guess%s)", g,
                                  sess.h.count, sess.h.count == 1 ? "" : "es");
                goto done;
            }
            if (got < 0) {
                rc = ar_tool_fail("mastermind-bot: the answer to %s is a line of more than %zu bytes", g,
                                  sizeof line - 2);
                goto done;
            }
            answer = line;
        }
        ar_error_clear(&err);
        if (ar_mm_session_answer(&sess, (uint32_t)m, answer, len, &err) != AR_OK) {
            rc = ar_tool_fail("mastermind-bot: %s", err.message);
            goto done;
        }
        ar_game_mastermind.apply(v, &pos, m);
        ar_game_mastermind.apply(v, &pos, sess.h.answer[sess.h.count - 1]);
    }
    {
        char found[16];
        ar_mm_format_code(&v->r, sess.h.guess[sess.h.count - 1], found, sizeof found);
        if (cmd.json) {
            printf("{\"game\":\"mastermind\",\"pegs\":%u,\"colours\":%u,\"strategy\":", (unsigned)pegs,
                   (unsigned)colours);
            ar_json_string(stdout, spec);
            printf(",\"found\":\"%s\",\"guesses\":%d,\"moves\":[", found, sess.h.count);
            for (k = 0; k < sess.h.count; k++) {
                char gg[16], aa[16];
                ar_mm_format_code(&v->r, sess.h.guess[k], gg, sizeof gg);
                ar_mm_format_answer(&v->r, sess.h.answer[k], aa, sizeof aa);
                printf("%s{\"guess\":\"%s\",\"answer\":\"%s\"}", k ? "," : "", gg, aa);
            }
            printf("]}\n");
        } else if (prog) {
            for (k = 0; k < sess.h.count; k++) {
                char gg[16], aa[16];
                ar_mm_format_code(&v->r, sess.h.guess[k], gg, sizeof gg);
                ar_mm_format_answer(&v->r, sess.h.answer[k], aa, sizeof aa);
                printf("%2d. %s %s\n", k + 1, gg, aa);
            }
            printf("found %s in %d guess%s\n", found, sess.h.count, sess.h.count == 1 ? "" : "es");
        } else if (!cmd.quiet) {
            fprintf(stderr, "ariadne: mastermind-bot: found %s in %d guess%s\n", found, sess.h.count,
                    sess.h.count == 1 ? "" : "es");
        }
    }
    rc = 0;
done:
    ar_extprog_free(prog);
    ar_bot_destroy(bot);
    ar_game_mastermind.destroy(v);
    return rc;
}

/* --------------------------------------------------------- the code-maker */

int ar_mm_maker_tool(int argc, char **argv)
{
    const char *secret_text = NULL;
    int adversary = 0;
    uint64_t pegs = 4, colours = 6, seed;
    const ar_opt opts[] = {
        {.name = "secret", .kind = AR_OPT_TEXT, .dest = &secret_text, .metavar = "CODE"},
        {.name = "adversary", .kind = AR_OPT_FLAG, .dest = &adversary},
        {.name = "pegs", .kind = AR_OPT_UINT, .dest = &pegs, .min = 1, .max = MM_MAX_PEGS, .metavar = "P"},
        {.name = "colours", .kind = AR_OPT_UINT, .dest = &colours, .min = 2, .max = MM_MAX_COLOURS, .metavar = "C"},
        {.name = NULL}};
    ar_tool_cmd cmd = {.name = "mastermind-maker", .help_topic = "mastermind-maker",
                       .common = AR_COMMON_QUIET | AR_COMMON_SEED, .options = opts};
    ar_variant *v = NULL;
    ar_bot *bot = NULL;
    ar_error err;
    mm_pos pos;
    uint32_t secret = 0;
    char line[1024];
    int rc = ar_tool_parse(&cmd, argc, argv, 1), guesses = 0;
    if (rc)
        return rc;
    if (secret_text && (adversary || (cmd.given & AR_COMMON_SEED)))
        return ar_tool_fail("mastermind-maker: --secret fixes the code: --%s does not apply",
                            adversary ? "adversary" : "seed");
    if ((rc = make_variant("mastermind-maker", pegs, colours, &v)) != 0)
        return rc;
    ar_error_clear(&err);
    if (secret_text && ar_mm_parse_code(&v->r, secret_text, strlen(secret_text), &secret, &err) != AR_OK) {
        ar_game_mastermind.destroy(v);
        return ar_tool_fail("mastermind-maker: --secret: %s", err.message);
    }
    if (!secret_text) {
        seed = (cmd.given & AR_COMMON_SEED) ? cmd.seed : (uint64_t)time(NULL);
        if (!(cmd.given & AR_COMMON_SEED) && !adversary && !cmd.quiet)
            fprintf(stderr, "ariadne: mastermind-maker: seed %" PRIu64 "\n", seed);
        if (ar_bot_create(&ar_game_mastermind, v, adversary ? "consistent:maker=adversary" : "consistent", seed, 0,
                          &bot, &err) != AR_OK) {
            ar_game_mastermind.destroy(v);
            return ar_tool_fail("mastermind-maker: %s", err.message);
        }
    }
    ar_game_mastermind.initial_position(v, &pos);
    for (;;) {
        size_t len;
        uint32_t guess;
        ar_gmove answer;
        int got = read_stdin_line(line, sizeof line, &len);
        if (got == 0) {
            rc = ar_tool_error(AR_EXIT_NO_SOLUTION, "mastermind-maker: the code-breaker stopped after %d guess%s "
                               "without finding the code", guesses, guesses == 1 ? "" : "es");
            break;
        }
        if (got < 0) {
            rc = ar_tool_fail("mastermind-maker: guess %d: a line of more than %zu bytes", guesses + 1,
                              sizeof line - 2);
            break;
        }
        ar_error_clear(&err);
        if (ar_mm_read_guess(&v->r, line, len, &guess, &err) != AR_OK) {
            rc = ar_tool_fail("mastermind-maker: guess %d: %s", guesses + 1, err.message);
            break;
        }
        ar_game_mastermind.apply(v, &pos, guess);
        guesses++;
        if (bot) {
            if (ar_bot_choose(bot, &pos, MM_MAKER, &answer, NULL, &err) != AR_OK) {
                rc = ar_tool_fail("mastermind-maker: %s", err.message);
                break;
            }
        } else {
            answer = mm_answer(&v->r, guess, secret);
        }
        ar_game_mastermind.apply(v, &pos, answer);
        printf("%d %d\n", v->r.black[answer], v->r.white[answer]);
        fflush(stdout);
        if (answer == (ar_gmove)v->r.win) {
            if (!cmd.quiet)
                fprintf(stderr, "ariadne: mastermind-maker: found in %d guess%s\n", guesses, guesses == 1 ? "" : "es");
            rc = 0;
            break;
        }
        if (guesses >= MM_MAX_ROWS) {
            rc = ar_tool_error(AR_EXIT_NO_SOLUTION, "mastermind-maker: the code was not found within %d guesses",
                               MM_MAX_ROWS);
            break;
        }
    }
    ar_bot_destroy(bot);
    ar_game_mastermind.destroy(v);
    return rc;
}
