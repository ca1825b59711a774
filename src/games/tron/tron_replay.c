/* tron_replay.c — `ariadne replay FILE [--html OUT.html] [--turn T]` for Tron
 * replays (the game's front end of the generic verb): checks a replay written
 * by `ariadne match tron --replay DIR` (the reader and the replay of the moves
 * under the rules are in tron_replay_json.c) and either prints a summary with
 * the board, or writes one self-contained HTML page that animates the game.
 *
 * The page is the template of tron_replay_page.h (generated from
 * web/replay.html) with the replay embedded as JSON in a <script> element.
 * The JSON is re-written by ar_tron_replay_write_json rather than copied from
 * the file, so whatever the file contained, the page holds only checked data
 * in a form that cannot close the <script> element early. */
#include "ariadne/memory.h"
#include "ariadne/tool.h"
#include "tron_cli.h"
#include "tron_replay_json.h"
#include "tron_replay_page.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Text from the file shown on a terminal: control characters become '?'. */
static void print_clean(FILE *out, const char *s)
{
    for (; *s; s++)
        fputc((unsigned char)*s < 0x20 || *s == 0x7f ? '?' : *s, out);
}

static int write_html(const tron_replay *r, const char *path)
{
    FILE *out = strcmp(path, "-") == 0 ? stdout : fopen(path, "wb");
    const char *const *line;
    char *json;
    size_t len;
    int failed;
    if (!out)
        return ar_tool_fail("cannot write '%s': %s", path, strerror(errno));
    json = ar_tron_replay_write_json(r, &len);
    for (line = replay_template; *line; line++) {
        if (strcmp(*line, REPLAY_TEMPLATE_MARKER) == 0) {
            fwrite(json, 1, len, out);
            fputc('\n', out);
        } else {
            fputs(*line, out);
        }
    }
    free(json);
    failed = ferror(out) != 0;
    if (out == stdout)
        failed |= fflush(out) != 0;
    else
        failed |= fclose(out) != 0;
    if (failed)
        return ar_tool_fail("error writing '%s'", path);
    return 0;
}

static void print_summary(const tron_replay *r, size_t turn)
{
    size_t size = (size_t)r->height * ((size_t)r->width + 1) + 1;
    char *board = malloc(size);
    tron_replay_turn info;
    int i;
    if (!board) {
        fputs("ariadne: out of memory\n", stderr);
        return;
    }
    ar_tron_replay_board(r, turn, board, size, &info);
    fputs("map:      ", stdout);
    print_clean(stdout, r->map_name);
    printf(" (%dx%d)\n", r->width, r->height);
    for (i = 0; i < 2; i++) {
        printf("player %d: ", i + 1);
        print_clean(stdout, r->players[i]);
        putchar('\n');
    }
    printf("turns:    %zu\n", r->turns);
    printf("result:   %s (", ar_tron_replay_result_name(r->result));
    print_clean(stdout, r->reason);
    puts(")");
    if (!r->on_board)
        printf("ended:    off the board after turn %zu (a bot failed or ran out of time: see the reason)\n",
               r->turns);
    if (turn > 0)
        printf("turn %zu:  player 1 %c, player 2 %c\n", turn, "?NESW"[r->moves[2 * (turn - 1)]],
               "?NESW"[r->moves[2 * (turn - 1) + 1]]);
    printf("board after %zu turn%s:\n%s", turn, turn == 1 ? "" : "s", board);
    free(board);
}

/* The summary as one JSON object (--json). */
static void print_json(const ar_replay_request *q, const tron_replay *r, size_t turn)
{
    size_t size = (size_t)r->height * ((size_t)r->width + 1) + 1;
    char *board = ar_xmalloc(size);
    tron_replay_turn info;
    ar_tron_replay_board(r, turn, board, size, &info);
    printf("{\"game\":\"tron\",\"file\":");
    ar_json_string(stdout, q->file);
    printf(",\"map\":");
    ar_json_string(stdout, r->map_name);
    printf(",\"width\":%d,\"height\":%d,\"players\":[", r->width, r->height);
    ar_json_string(stdout, r->players[0]);
    printf(",");
    ar_json_string(stdout, r->players[1]);
    printf("],\"turns\":%zu,\"result\":\"%s\",\"reason\":", r->turns, ar_tron_replay_result_name(r->result));
    ar_json_string(stdout, r->reason);
    printf(",\"turn\":%zu,\"board\":", turn);
    ar_json_string(stdout, board);
    printf("}\n");
    free(board);
}

int ar_tron_replay_main(const ar_replay_request *q)
{
    const char *file = q->file, *html = q->html;
    char why[512];
    tron_replay r;
    size_t turn;
    int rc = 0;
    if (ar_tron_replay_read(q->text, q->len, &r, why, sizeof why))
        return ar_tool_fail("%s: %s", file, why);
    turn = r.turns;
    if (q->turn >= 0) {
        if ((unsigned long long)q->turn > r.turns) {
            rc = ar_replay_bad_turn(q, (long long)r.turns);
            ar_tron_replay_free(&r);
            return rc;
        }
        turn = (size_t)q->turn;
    }
    if (html) {
        rc = write_html(&r, html);
        if (rc == 0 && strcmp(html, "-") != 0) {
            printf("wrote %s: map ", html);
            print_clean(stdout, r.map_name);
            printf(", %zu turns, %s\n", r.turns, ar_tron_replay_result_name(r.result));
        }
    } else if (q->json) {
        print_json(q, &r, turn);
    } else {
        print_summary(&r, turn);
    }
    ar_tron_replay_free(&r);
    return rc;
}
