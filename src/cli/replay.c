/* replay.c — `ariadne replay FILE [--html OUT.html] [--turn T]`: reads a
 * replay file and hands it to the game that wrote it. Every replay is one
 * JSON object whose "format" member names its kind ("ariadne-GAME-replay");
 * the game whose descriptor declares that replay_format checks the file
 * strictly and shows it (a summary with the board, or a self-contained HTML
 * page). A file whose format cannot be read goes to the game's strict
 * reader when only one game writes replays, so its message says exactly
 * what is wrong and where; with several, the checks common to every format
 * (empty, not JSON, not an object, an unknown format) are made here.
 * Options are parsed here once for every game (--turn a whole number). */
#include "cli.h"
#include "page_cli.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/json.h"

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

/* With several games writing replays and none named by the file: say what
 * is wrong with it as exactly as one game's reader would for the parts that
 * are common to every format (empty, not JSON, not an object, which format). */
static int refuse_unknown(const ar_replay_request *q)
{
    ar_json root;
    char err[300], known[512] = "", format[128];
    const ar_json *f;
    const ar_game *const *g;
    size_t n = 0;
    int rc;
    if (q->len == 0)
        return ar_tool_fail("%s: the file is empty", q->file);
    if (ar_json_parse(q->text, q->len, NULL, &root, err, sizeof err) != 0)
        return ar_tool_fail("%s: %s", q->file, err);
    for (g = ar_games(); *g; g++)
        if ((*g)->replay && (*g)->replay_format && n < sizeof known)
            n += (size_t)snprintf(known + n, sizeof known - n, "%s%s", n ? ", " : "", (*g)->replay_format);
    f = ar_json_member(&root, "format");
    if (root.type != AR_JSON_OBJECT)
        rc = ar_tool_fail("%s: expected a JSON object, found %s", q->file, ar_json_type_name(root.type));
    else if (!f || f->type != AR_JSON_STRING)
        rc = ar_tool_fail("%s: no \"format\" member naming the kind of replay (%s)", q->file, known);
    else
        rc = ar_tool_fail("%s: format \"%s\" is not a replay this program reads (%s)", q->file,
                          ar_json_excerpt(f->string, format, sizeof format), known);
    ar_json_free(&root);
    return rc;
}

int verb_replay(int argc, char **argv)
{
    ar_replay_request q = {0};
    const ar_game *const *g, *writer = NULL, *only = NULL;
    char why[512], format[128];
    unsigned writers = 0;
    char *text;
    int rc, turn_given = 0;
    uint64_t turn = 0;
    const ar_opt opts[] = {{.name = "html", .kind = AR_OPT_TEXT, .dest = &q.html, .metavar = "OUT.html"},
                           {.name = "turn", .kind = AR_OPT_UINT, .dest = &turn, .max = 100000000, .metavar = "T",
                            .seen = &turn_given},
                           {.name = NULL}};
    ar_tool_cmd cmd = {.name = "replay", .help_topic = "replay", .common = AR_COMMON_JSON | AR_COMMON_QUIET,
                       .options = opts, .min_args = 1, .max_args = 1, .args_usage = "a replay FILE"};
    if ((rc = ar_tool_parse(&cmd, argc, argv, 1)) != 0)
        return rc;
    q.file = cmd.args[0];
    q.turn = turn_given ? (long long)turn : -1;
    q.json = cmd.json;
    if (q.html && turn_given)
        return ar_tool_fail("replay: --turn is for the summary, not with --html");
    if (q.html && q.json)
        return ar_tool_fail("replay: --json is for the summary, not with --html");
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
    if (peek_format(text, format, sizeof format) && strcmp(format, "ariadne-replay") == 0) {
        rc = cli_replay_generic(&q);
        free(text);
        return rc;
    }
    if (peek_format(text, format, sizeof format))
        for (g = ar_games(); *g && !writer; g++)
            if ((*g)->replay && (*g)->replay_format && strcmp((*g)->replay_format, format) == 0)
                writer = *g;
    if (!writer && writers == 1)
        writer = only;
    if (!writer) {
        rc = refuse_unknown(&q);
        free(text);
        return rc;
    }
    rc = writer->replay(&q);
    free(text);
    return rc;
}
