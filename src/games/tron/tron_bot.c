/* tron_bot.c — `ariadne tron-bot`: a drop-in bot for the Google AI Challenge
 * 2010 Tron engine, speaking its protocol on stdin and stdout.
 *
 * Every turn the engine writes a line "W H" and H rows of W characters ('#'
 * wall, ' ' floor, '1' this bot, '2' the opponent); the bot answers one digit
 * (1 north, 2 east, 3 south, 4 west), a newline, and flushes. Each map is
 * read afresh (stdio reassembles a map that arrives in several reads;
 * "\r\n" is accepted), the bot thinks for the rest of the turn's budget
 * less a safety margin (every search checks the clock at every node), and
 * the answer goes out. The bot itself is kept from turn to turn while the
 * map keeps its size, as the contest kept the program running for a whole
 * game: a bot with a transposition table (chamber-ab) finds the searches
 * of its previous turns there. A map of another size starts a new bot.
 *
 * Bad input never crashes it and never makes it fall silent on a map: a
 * line that is not a size line is reported on stderr and skipped; a map
 * with bad rows is repaired (short rows padded with walls, unknown
 * characters taken as walls, a missing opponent ignored), reported, and
 * answered with a move; without a '1' it answers 1 and says why. End of
 * input ends it with status 0. */
#include "ariadne/tool.h"
#include "tron_cli.h"
#include "tron_internal.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/timer.h"

static int size_line(const char *s, int *w, int *h)
{
    char *end;
    long a, b;
    while (*s == ' ' || *s == '\t')
        s++;
    errno = 0;
    a = strtol(s, &end, 10);
    if (end == s || errno || (*end != ' ' && *end != '\t'))
        return 0;
    s = end;
    b = strtol(s, &end, 10);
    if (end == s || errno)
        return 0;
    while (*end == ' ' || *end == '\t')
        end++;
    if (*end || a < 1 || b < 1 || a > AR_TRON_MAX_SIDE || b > AR_TRON_MAX_SIDE)
        return 0;
    *w = (int)a;
    *h = (int)b;
    return 1;
}

/* One line of stdin without "\n" or "\r\n"; NULL at the end of input. */
static char *get_line(char **buf, size_t *cap)
{
    ssize_t n = getline(buf, cap, stdin);
    if (n < 0)
        return NULL;
    while (n > 0 && ((*buf)[n - 1] == '\n' || (*buf)[n - 1] == '\r'))
        (*buf)[--n] = '\0';
    return *buf;
}

/* The kinds that search against the clock get time=; others think in no time. */
static int timed_kind(const char *spec)
{
    return strncmp(spec, "alphabeta", 9) == 0 || strncmp(spec, "ab", 2) == 0 || strncmp(spec, "chamber-ab", 10) == 0;
}

/* The bot kept between turns, with the map it was made for (a later map of
 * the same size is loaded into it: a search board depends only on the
 * size, the blocked cells and the heads). */
typedef struct kept_bot {
    ar_variant *v;
    ar_bot *bot;
} kept_bot;

static void kept_free(kept_bot *k)
{
    if (k->bot)
        ar_bot_destroy(k->bot);
    if (k->v)
        ar_game_tron.destroy(k->v);
    k->bot = NULL;
    k->v = NULL;
}

/* Chooses a move for the map in text (as read); never fails: a problem is
 * reported and answered with direction 1. */
static int choose(kept_bot *kept, const char *text, size_t len, const char *spec, double move_time, double started,
                  unsigned turn, int verbose)
{
    ar_tron_map_options o;
    ar_variant *v = NULL;
    ar_bot *bot = NULL;
    ar_error err;
    double left;
    int timed = timed_kind(spec) && !strstr(spec, "time=");
    ar_gmove m = AR_TRON_NORTH;
    void *pos;
    char full[600];
    memset(&o, 0, sizeof o);
    o.name = "protocol";
    o.move_time = move_time;
    o.lenient = 1;
    ar_error_clear(&err);
    if (ar_tron_variant_from_text(text, len, &o, &v, &err) != AR_OK) {
        fprintf(stderr, "tron-bot: turn %u: %s; answering 1\n", turn, err.message);
        return AR_TRON_NORTH;
    }
    if (err.message[0])
        fprintf(stderr, "tron-bot: turn %u: bad map: %s\n", turn, err.message);
    /* Think until the budget less a margin for reading, writing and the last
     * node (an evaluation takes well under a millisecond). */
    left = move_time - (ar_now() - started) - (0.05 * move_time + 0.005);
    if (left < 0.002)
        left = 0.002;
    if (timed && kept->bot && kept->v->mw == v->mw && kept->v->mh == v->mh) {
        bot = kept->bot;
        ar_tron_bot_set_time(bot, left);
    } else {
        kept_free(kept);
        if (timed)
            snprintf(full, sizeof full, "%.500s:time=%.4f", spec, left);
        else
            snprintf(full, sizeof full, "%s", spec);
        ar_error_clear(&err);
        if (ar_bot_create(&ar_game_tron, v, full, 0x7e0 + turn, 0, &bot, &err) != AR_OK) {
            fprintf(stderr, "tron-bot: %s; answering 1\n", err.message);
            ar_game_tron.destroy(v);
            return AR_TRON_NORTH;
        }
        if (timed) { /* the others think in fixed budgets and keep nothing */
            kept->bot = bot;
            kept->v = v;
        }
    }
    pos = ar_xmalloc(ar_game_tron.position_size(v));
    ar_game_tron.initial_position(v, pos);
    {
        ar_bot_info info;
        ar_error_clear(&err);
        if (ar_bot_choose(bot, pos, 0, &m, &info, &err) != AR_OK) {
            fprintf(stderr, "tron-bot: turn %u: %s; answering 1\n", turn, err.message);
            m = AR_TRON_NORTH;
        } else if (verbose) {
            fprintf(stderr, "tron-bot: turn %u: %c (%s)\n", turn, (char)('0' + (int)m), info.text);
        }
    }
    free(pos);
    if (kept->bot != bot)
        ar_bot_destroy(bot);
    if (kept->v != v)
        ar_game_tron.destroy(v);
    return m >= 1 && m <= 4 ? (int)m : AR_TRON_NORTH;
}

int ar_tron_bot_main(int argc, char **argv)
{
    const char *spec = "chamber-ab";
    double move_time = 0.9, first_time = 0;
    int verbose = 0, rc;
    char *line = NULL, *text = NULL;
    size_t cap = 0, text_cap = 0;
    unsigned turn = 0, lineno = 0;
    kept_bot kept = {NULL, NULL};
    const ar_opt opts[] = {{.name = "bot", .kind = AR_OPT_TEXT, .dest = &spec, .metavar = "NAME"},
                           {.name = "move-time", .kind = AR_OPT_NUMBER, .dest = &move_time, .lo = 0.005,
                            .lo_open = 1, .hi = 3600, .metavar = "S"},
                           {.name = "first-move-time", .kind = AR_OPT_NUMBER, .dest = &first_time, .lo = 0.005,
                            .lo_open = 1, .hi = 3600, .metavar = "S"},
                           {.name = "verbose", .kind = AR_OPT_FLAG, .dest = &verbose},
                           {.name = NULL}};
    ar_tool_cmd cmd = {.name = "tron-bot", .help_topic = "tron-bot", .common = AR_COMMON_QUIET | AR_COMMON_PROGRESS,
                       .options = opts};
    if ((rc = ar_tool_parse(&cmd, argc, argv, 1)) != 0)
        return rc;
    if (strncmp(spec, "cmd:", 4) == 0 || strncmp(spec, "exec:", 5) == 0)
        return ar_tool_fail("tron-bot: --bot must be one of our own bots, not an external program");
    /* Check the bot spec once, on a tiny map, before the engine starts talking. */
    {
        static const char probe[] = "3 1\n1 2\n";
        ar_tron_map_options o;
        ar_variant *v;
        ar_bot *bot;
        ar_error err;
        memset(&o, 0, sizeof o);
        ar_error_clear(&err);
        if (ar_tron_variant_from_text(probe, sizeof probe - 1, &o, &v, &err) != AR_OK)
            return ar_tool_fail("tron-bot: %s", err.message);
        if (ar_bot_create(&ar_game_tron, v, spec, 1, 0, &bot, &err) != AR_OK) {
            ar_game_tron.destroy(v);
            return ar_tool_fail("tron-bot: --bot %s: %s", spec, err.message);
        }
        ar_bot_destroy(bot);
        ar_game_tron.destroy(v);
    }
    signal(SIGPIPE, SIG_IGN); /* the engine went away: stop at the next write */
    for (;;) {
        int w, h, y;
        size_t len = 0;
        double started;
        if (!get_line(&line, &cap))
            break;
        lineno++;
        started = ar_now();
        if (!size_line(line, &w, &h)) {
            fprintf(stderr, "tron-bot: line %u: ignored '%.60s': expected the map size 'W H'\n", lineno, line);
            continue;
        }
        /* The map text: the size line and H rows, for the lenient parser. */
        {
            size_t need = strlen(line) + 1;
            if (need + 1 > text_cap) {
                text_cap = need + 1024;
                text = ar_xrealloc(text, text_cap);
            }
            memcpy(text, line, need - 1);
            text[need - 1] = '\n';
            len = need;
        }
        for (y = 0; y < h; y++) {
            size_t n;
            if (!get_line(&line, &cap)) {
                fprintf(stderr, "tron-bot: input ended inside a map (%d of %d rows)\n", y, h);
                goto done;
            }
            lineno++;
            n = strlen(line);
            if (len + n + 2 > text_cap) {
                text_cap = (len + n + 2) * 2;
                text = ar_xrealloc(text, text_cap);
            }
            memcpy(text + len, line, n);
            len += n;
            text[len++] = '\n';
        }
        turn++;
        {
            double budget = turn == 1 && first_time > 0 ? first_time : move_time;
            int m = choose(&kept, text, len, spec, budget, started, turn, verbose);
            if (printf("%d\n", m) < 0 || fflush(stdout) != 0)
                break;
        }
    }
done:
    kept_free(&kept);
    free(line);
    free(text);
    /* The end of input is the end of the game; a read error is not. */
    if (ferror(stdin))
        return ar_tool_fail("tron-bot: cannot read standard input: %s", strerror(errno));
    return 0;
}
