/* checkers_replay.c — checkers replay files: written by `match checkers
 * --replay DIR`, read back strictly by `ariadne replay FILE`, which prints
 * the game or writes one self-contained HTML page that animates it
 * (checkers_replay_page.h). The format (docs/games/checkers.md):
 *
 *   {"format": "ariadne-checkers-replay", "version": 1,
 *    "players": ["black's spec", "white's spec"],
 *    "start": "B:W21,...,32:B1,...,12",
 *    "moves": ["9-13", "21-17", ...],
 *    "result": "black" | "white" | "draw",
 *    "reason": "no legal move"}
 *
 * The moves must replay under the rules from `start`. When they end the
 * game, the result must be the rules' and no move may follow; when they do
 * not, the reason must say why the game ended off the board as the match
 * writes it — a bot failed ("black (SPEC) failed: ...", a loss for that
 * side) or the ply limit ("scored a draw after N plies", a draw). */
#include "ariadne/json.h"
#include "ariadne/tool.h"
#include "checkers_match.h"
#include "checkers_replay_page.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define REPLAY_FORMAT "ariadne-checkers-replay"

static void json_text(FILE *f, const char *s)
{
    size_t n = ar_json_escape(s, NULL, 0);
    char *buf = ar_xmalloc(n + 1);
    ar_json_escape(s, buf, n + 1);
    fputs(buf, f);
    free(buf);
}

/* The replay as JSON (HTML-safe strings). */
static void write_json(FILE *f, const char *start, const char *const *moves, unsigned n, const char *black,
                       const char *white, const char *result, const char *reason)
{
    unsigned i;
    fprintf(f, "{\"format\": \"%s\", \"version\": 1,\n \"players\": [", REPLAY_FORMAT);
    json_text(f, black);
    fputs(", ", f);
    json_text(f, white);
    fputs("],\n \"start\": ", f);
    json_text(f, start);
    fputs(",\n \"moves\": [", f);
    for (i = 0; i < n; i++) {
        fputs(i ? (i % 12 ? ", " : ",\n  ") : "", f);
        json_text(f, moves[i]);
    }
    fprintf(f, "],\n \"result\": \"%s\",\n \"reason\": ", result);
    json_text(f, reason);
    fputs("}\n", f);
}

int ar_checkers_replay_write(const char *path, const ck_game *g, const char *black, const char *white,
                             const ck_played *r)
{
    FILE *f = fopen(path, "w");
    char start[200], (*texts)[48] = ar_xcalloc(g->count ? g->count : 1, sizeof *texts);
    const char **moves = ar_xcalloc(g->count ? g->count : 1, sizeof *moves);
    ck_board b = g->start;
    unsigned i;
    int failed;
    if (!f) {
        free(texts);
        free(moves);
        return -1;
    }
    ar_checkers_format_fen(&g->start, start, sizeof start);
    for (i = 0; i < g->count; i++) {
        ck_move m;
        if (!ar_checkers_decode(&b, g->moves[i], &m))
            break;
        ar_checkers_move_text(&m, texts[i], sizeof texts[i]);
        moves[i] = texts[i];
        ar_checkers_make(&b, &m);
    }
    write_json(f, start, moves, i, black, white, r->winner == CK_BLACK ? "black" : r->winner == CK_WHITE ? "white" : "draw",
               r->why);
    failed = ferror(f) != 0;
    failed |= fclose(f) != 0;
    free(texts);
    free(moves);
    return failed ? -1 : 0;
}

/* ---------------------------------------------------------------- reading */

typedef struct replay {
    char players[2][300];
    char start_text[200];
    ck_board start;
    unsigned count;
    char (*moves)[48];
    uint32_t *codes;
    char result[8];
    char reason[300];
    int on_board;
    char end_why[64];
} replay;

static int check(const char *text, const ar_json *root, replay *r, char *why, size_t size)
{
    ar_json_check c = {.text = text, .document = "the replay", .err = why, .err_size = size};
    const ar_json *fmt, *players, *start, *moves, *result, *reason;
    long long version;
    ar_checkers_pos pos;
    ar_error err;
    unsigned i;
    const char *w = NULL;
    if (!(fmt = ar_json_need(&c, root, "", "format", AR_JSON_STRING)))
        return -1;
    if (strcmp(fmt->string, REPLAY_FORMAT) != 0)
        return ar_json_fail(&c, fmt, "format", "expected \"%s\"", REPLAY_FORMAT);
    if (ar_json_need_int(&c, root, "", "version", 1, 1, &version))
        return -1;
    if (!(players = ar_json_need(&c, root, "", "players", AR_JSON_ARRAY)))
        return -1;
    if (players->count != 2)
        return ar_json_fail(&c, players, "players", "expected two strings (black, white)");
    for (i = 0; i < 2; i++) {
        if (players->items[i].type != AR_JSON_STRING)
            return ar_json_fail(&c, &players->items[i], i ? "players[1]" : "players[0]", "expected a string");
        snprintf(r->players[i], sizeof r->players[i], "%s", players->items[i].string);
    }
    if (!(start = ar_json_need(&c, root, "", "start", AR_JSON_STRING)))
        return -1;
    if (ar_checkers_parse_fen(start->string, start->length, &r->start, NULL, &err) != AR_OK)
        return ar_json_fail(&c, start, "start", "%s", err.message);
    ar_checkers_format_fen(&r->start, r->start_text, sizeof r->start_text);
    if (!(moves = ar_json_need(&c, root, "", "moves", AR_JSON_ARRAY)) ||
        !(result = ar_json_need(&c, root, "", "result", AR_JSON_STRING)) ||
        !(reason = ar_json_need(&c, root, "", "reason", AR_JSON_STRING)))
        return -1;
    if (strcmp(result->string, "black") && strcmp(result->string, "white") && strcmp(result->string, "draw"))
        return ar_json_fail(&c, result, "result", "expected \"black\", \"white\" or \"draw\"");
    snprintf(r->result, sizeof r->result, "%s", result->string);
    snprintf(r->reason, sizeof r->reason, "%s", reason->string);
    r->moves = ar_xcalloc(moves->count ? moves->count : 1, sizeof *r->moves);
    r->codes = ar_xcalloc(moves->count ? moves->count : 1, sizeof *r->codes);
    ar_checkers_pos_init(&pos, &r->start);
    for (i = 0; i < moves->count; i++) {
        const ar_json *m = &moves->items[i];
        char path[32];
        ck_move mv;
        snprintf(path, sizeof path, "moves[%u]", i);
        if (m->type != AR_JSON_STRING)
            return ar_json_fail(&c, m, path, "expected a move as a string (\"11-15\")");
        if (ar_checkers_outcome(&pos, &w) != AR_ONGOING)
            return ar_json_fail(&c, m, path, "the game was already over (%s)", w);
        if (ar_checkers_parse_move(&pos.b, m->string, m->length, &mv, &err) != AR_OK)
            return ar_json_fail(&c, m, path, "%s", err.message);
        ar_checkers_move_text(&mv, r->moves[i], sizeof r->moves[i]);
        r->codes[i] = mv.code;
        ar_checkers_pos_apply(&pos, &mv);
    }
    r->count = (unsigned)moves->count;
    {
        ar_game_outcome o = ar_checkers_outcome(&pos, &w);
        const char *expect = o == AR_WIN_P0 ? "black" : o == AR_WIN_P1 ? "white" : "draw";
        r->on_board = o != AR_ONGOING;
        if (r->on_board) {
            snprintf(r->end_why, sizeof r->end_why, "%s", w);
            if (strcmp(expect, r->result) != 0)
                return ar_json_fail(&c, result, "result", "the moves end the game with %s (%s), not %s",
                                    o == AR_DRAW ? "a draw" : o == AR_WIN_P0 ? "black winning" : "white winning", w,
                                    r->result);
        } else if (!strncmp(r->reason, "black (", 7) && strstr(r->reason, ") failed: ")) {
            if (strcmp(r->result, "white") != 0)
                return ar_json_fail(&c, result, "result", "black failed, so white won, not %s", r->result);
        } else if (!strncmp(r->reason, "white (", 7) && strstr(r->reason, ") failed: ")) {
            if (strcmp(r->result, "black") != 0)
                return ar_json_fail(&c, result, "result", "white failed, so black won, not %s", r->result);
        } else if (!strncmp(r->reason, "scored a draw after ", 20)) {
            if (strcmp(r->result, "draw") != 0)
                return ar_json_fail(&c, result, "result", "a game stopped by the ply limit is a draw, not %s",
                                    r->result);
        } else {
            return ar_json_fail(&c, reason, "reason",
                                "the moves do not end the game, and the reason is neither a bot's failure nor the "
                                "ply limit");
        }
    }
    return 0;
}

static void print_clean(const char *s)
{
    for (; *s; s++)
        putchar((unsigned char)*s < 0x20 || *s == 0x7f ? '?' : *s);
}

static int write_page(const replay *r, const char *path)
{
    FILE *out = strcmp(path, "-") == 0 ? stdout : fopen(path, "wb");
    const char *const *line;
    const char **moves;
    unsigned i;
    int failed;
    if (!out)
        return ar_tool_fail("cannot write '%s': %s", path, strerror(errno));
    moves = ar_xcalloc(r->count ? r->count : 1, sizeof *moves);
    for (i = 0; i < r->count; i++)
        moves[i] = r->moves[i];
    for (line = ck_replay_page; *line; line++) {
        if (strcmp(*line, CK_REPLAY_MARKER) == 0)
            write_json(out, r->start_text, moves, r->count, r->players[0], r->players[1], r->result, r->reason);
        else
            fputs(*line, out);
    }
    free(moves);
    failed = ferror(out) != 0;
    failed |= out == stdout ? fflush(out) != 0 : fclose(out) != 0;
    if (failed)
        return ar_tool_fail("error writing '%s'", path);
    return AR_EXIT_OK;
}

int ar_checkers_replay_check(const char *text, size_t len, char *why, size_t size)
{
    ar_json root;
    replay r;
    int rc;
    memset(&r, 0, sizeof r);
    if (ar_json_parse(text, len, NULL, &root, why, size) != 0)
        return -1;
    rc = check(text, &root, &r, why, size);
    free(r.moves);
    free(r.codes);
    ar_json_free(&root);
    return rc;
}

int ar_checkers_replay_main(const ar_replay_request *q)
{
    ar_json root;
    char why[600];
    replay r;
    unsigned turn, i;
    int rc = AR_EXIT_OK;
    memset(&r, 0, sizeof r);
    if (ar_json_parse(q->text, q->len, NULL, &root, why, sizeof why) != 0)
        return ar_tool_fail("%s: %s", q->file, why);
    if (check(q->text, &root, &r, why, sizeof why) != 0) {
        rc = ar_tool_fail("%s: %s", q->file, why);
        goto done;
    }
    turn = r.count;
    if (q->turn >= 0) {
        if (q->turn > (long long)r.count) {
            rc = ar_replay_bad_turn(q, (long long)r.count);
            goto done;
        }
        turn = (unsigned)q->turn;
    }
    if (q->html) {
        rc = write_page(&r, q->html);
    } else if (q->json) {
        ck_board b = r.start;
        char fen[200];
        for (i = 0; i < turn; i++) {
            ck_move m;
            ar_checkers_decode(&b, r.codes[i], &m);
            ar_checkers_make(&b, &m);
        }
        ar_checkers_format_fen(&b, fen, sizeof fen);
        printf("{\"game\":\"checkers\",\"file\":");
        ar_json_string(stdout, q->file);
        printf(",\"players\":[");
        ar_json_string(stdout, r.players[0]);
        printf(",");
        ar_json_string(stdout, r.players[1]);
        printf("],\"start\":");
        ar_json_string(stdout, r.start_text);
        printf(",\"plies\":%u,\"result\":\"%s\",\"reason\":", r.count, r.result);
        ar_json_string(stdout, r.reason);
        printf(",\"on_board\":%s,\"turn\":%u,\"position\":", r.on_board ? "true" : "false", turn);
        ar_json_string(stdout, fen);
        printf("}\n");
    } else {
        ck_board b = r.start;
        char pic[2048];
        fputs("black:  ", stdout);
        print_clean(r.players[0]);
        fputs("\nwhite:  ", stdout);
        print_clean(r.players[1]);
        printf("\nplies:  %u\nresult: %s (", r.count, r.result);
        print_clean(r.reason);
        puts(")");
        if (!r.on_board)
            printf("ended:  off the board after ply %u (see the reason)\n", r.count);
        for (i = 0; i < turn; i++) {
            ck_move m;
            ar_checkers_decode(&b, r.codes[i], &m);
            ar_checkers_make(&b, &m);
        }
        if (turn > 0)
            printf("ply %u: %s\n", turn, r.moves[turn - 1]);
        ar_checkers_draw_board(&b, pic, sizeof pic);
        printf("board after %u plies:\n%s", turn, pic);
    }
done:
    free(r.moves);
    free(r.codes);
    ar_json_free(&root);
    return rc;
}
