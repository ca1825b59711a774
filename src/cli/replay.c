/* replay.c — `ariadne replay FILE [--html OUT.html] [--turn T]`: reads a
 * replay file and hands it to the game that wrote it. Every replay is one
 * JSON object whose "format" member names its kind ("ariadne-GAME-replay");
 * the game whose descriptor declares that replay_format checks the file
 * strictly and shows it (a summary with the board, or a self-contained HTML
 * page). A file whose format cannot be read goes to the game's strict
 * reader when only one game writes replays, so its message says exactly
 * what is wrong and where; with several, the message says what is wrong
 * with the file as JSON, or which replays it is not. */
#include "cli.h"

#include <stdio.h>
#include "ariadne/json.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* The value of the first "format" member of the top-level object, copied into
 * buf; 0 when there is none that a quick look can find (the game's strict
 * reader then explains what is wrong). */
static int peek_format(const char *text, char *buf, size_t size)
{
    const char *p = strstr(text, "\"format\"");
    size_t n = 0;
    if (!p)
        return 0;
    p += 8;
    while (isspace((unsigned char)*p))
        p++;
    if (*p++ != ':')
        return 0;
    while (isspace((unsigned char)*p))
        p++;
    if (*p++ != '"')
        return 0;
    while (*p && *p != '"' && *p != '\\' && n + 1 < size)
        buf[n++] = *p++;
    buf[n] = '\0';
    return *p == '"';
}

int verb_replay(int argc, char **argv)
{
    ar_replay_request q = {0};
    const ar_game *const *g, *writer = NULL, *only = NULL;
    char why[512], format[128];
    unsigned writers = 0;
    char *text;
    int i, rc;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--html") == 0 || strcmp(argv[i], "--turn") == 0) {
            if (i + 1 >= argc)
                return ar_tool_fail("replay: %s needs a value", argv[i]);
            if (argv[i][2] == 'h')
                q.html = argv[++i];
            else
                q.turn = argv[++i];
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            return ar_tool_fail("replay: unknown option '%s' (see `ariadne help replay`)", argv[i]);
        } else if (q.file) {
            return ar_tool_fail("replay: one replay file at a time ('%s' and '%s')", q.file, argv[i]);
        } else {
            q.file = argv[i];
        }
    }
    if (!q.file)
        return ar_tool_fail("replay: no file (usage: ariadne replay FILE [--html OUT.html] [--turn T])");
    if (q.html && q.turn)
        return ar_tool_fail("replay: --turn is for the text summary, not with --html");
    text = ar_read_file(q.file, why, sizeof why);
    if (!text)
        return ar_tool_fail("%s", why);
    q.text = text;
    q.len = strlen(text);
    for (g = ar_games(); *g; g++)
        if ((*g)->replay && (*g)->replay_format) {
            writers++;
            only = *g;
        }
    if (peek_format(text, format, sizeof format))
        for (g = ar_games(); *g && !writer; g++)
            if ((*g)->replay && (*g)->replay_format && strcmp((*g)->replay_format, format) == 0)
                writer = *g;
    if (!writer && writers == 1)
        writer = only;
    if (!writer) {
        /* Several games write replays and none is named: say what is wrong
         * with the file as JSON, or which formats it is not. */
        ar_json root;
        char err[512], names[256];
        size_t k = 0;
        ar_json_limits lim = {0};
        if (!q.len)
            snprintf(err, sizeof err, "the file is empty");
        else if (ar_json_parse(text, q.len, &lim, &root, err, sizeof err) == 0) {
            snprintf(err, sizeof err, "%s", root.type != AR_JSON_OBJECT ? "expected a JSON object" : "");
            ar_json_free(&root);
        }
        if (!err[0]) {
            names[0] = '\0';
            for (g = ar_games(); *g; g++)
                if ((*g)->replay && (*g)->replay_format && k + 40 < sizeof names) {
                    const char *n = (*g)->name;
                    k += (size_t)snprintf(names + k, sizeof names - k, "%snot %s %c%s replay", k ? ", " : "",
                                          strchr("aeiou", n[0]) ? "an" : "a", toupper((unsigned char)n[0]), n + 1);
                }
            snprintf(err, sizeof err, "its \"format\" names no game's replay here (%s)", names);
        }
        free(text);
        return ar_tool_fail("%s: %s", q.file, err);
    }
    rc = writer->replay(&q);
    free(text);
    return rc;
}
