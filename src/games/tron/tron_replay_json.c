/* tron_replay_json.c — reads a Tron replay file (see tron_replay_json.h):
 * the JSON grammar is ariadne/json.h's; here are the format's own checks and
 * a replay of the moves under the game's rules, so a file that `ariadne
 * replay` accepts is a game that really happened as stated.
 *
 * The moves are replayed by ar_game_tron itself (apply and outcome on a
 * variant made from the file's map), not by a second copy of the rules that
 * could drift from the first: the board a replay shows is the board the match
 * engine played on. Every message names both the member (moves[12][1]) and
 * where it is in the file (line, column). */
#include "tron_replay_json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/json.h"
#include "ariadne/memory.h"
#include "tron_internal.h"

/* ------------------------------------------------------------------------ */
/* The rules                                                                 */

/* A game being replayed: the position under ar_game_tron's rules and what
 * happened on the last turn played. */
typedef struct replay_game {
    const tron_replay *r;
    tron_pos *pos;
    tron_replay_turn last;
} replay_game;

static void game_start(const tron_replay *r, replay_game *g)
{
    g->r = r;
    g->pos = ar_xmalloc(ar_game_tron.position_size(r->variant));
    ar_game_tron.initial_position(r->variant, g->pos);
    memset(&g->last, 0, sizeof g->last);
}

static void game_end(replay_game *g)
{
    free(g->pos);
    g->pos = NULL;
}

/* Plays turn t (both players' moves at once). Returns 1 when the game ends on
 * this turn. Two crashed heads on one cell met head-on; a crash off the map
 * leaves the head on the frame around it, where nothing is drawn. */
static int game_step(replay_game *g, size_t t)
{
    const ar_variant *v = g->r->variant;
    tron_replay_turn *info = &g->last;
    ar_game_outcome outcome;
    int q;
    ar_game_tron.apply(v, g->pos, AR_JOINT_MOVE(g->r->moves[2 * t], g->r->moves[2 * t + 1]));
    outcome = ar_game_tron.outcome(v, g->pos);
    memset(info, 0, sizeof *info);
    for (q = 0; q < 2; q++) {
        info->crashed[q] = g->pos->crash[q] != CRASH_NONE;
        info->off_grid[q] = g->pos->crash[q] == CRASH_OFFMAP;
    }
    info->head_on = info->crashed[0] && info->crashed[1] && g->pos->head[0] == g->pos->head[1];
    info->ended = outcome != AR_ONGOING;
    info->result = outcome == AR_DRAW ? 0 : outcome == AR_WIN_P1 ? 2 : 1;
    return info->ended;
}

static void describe_end(const tron_replay_turn *t, char *out, size_t size)
{
    if (t->head_on)
        snprintf(out, size, "both heads reach the same cell");
    else if (t->crashed[0] && t->crashed[1])
        snprintf(out, size, "both players crash");
    else
        snprintf(out, size, "player %d crashes%s", t->crashed[0] ? 1 : 2,
                 t->off_grid[t->crashed[0] ? 0 : 1] ? " off the edge of the map" : "");
}

static int check_rules(ar_json_check *c, const ar_json *moves, tron_replay *r)
{
    replay_game g;
    size_t t;
    char what[64];
    game_start(r, &g);
    for (t = 0; t < r->turns; t++) {
        if (game_step(&g, t) && t + 1 < r->turns) {
            char path[48];
            describe_end(&g.last, what, sizeof what);
            snprintf(path, sizeof path, "moves[%zu]", t);
            game_end(&g);
            return ar_json_fail(c, &moves->items[t], path, "the game ends on turn %zu (%s), but %zu turns are listed",
                                t + 1, what, r->turns);
        }
    }
    game_end(&g);
    /* Nobody crashed on the last turn: the game ended off the board, as when a
     * bot's program fails or runs out of time before answering (the match
     * engine then records the moves played so far and says so in the reason).
     * The rules cannot check such a result; every move still had to be legal
     * up to there. */
    r->on_board = g.last.ended;
    if (!r->on_board) {
        /* Then the reason must say which bot failed (as the match engine
         * writes it), and the result must follow from that. */
        int loser = strncmp(r->reason, "both players failed", 19) == 0   ? 0
                    : strncmp(r->reason, "player 1 ", 9) == 0 && strstr(r->reason, " failed") ? 1
                    : strncmp(r->reason, "player 2 ", 9) == 0 && strstr(r->reason, " failed") ? 2
                                                                                             : -1;
        if (loser < 0)
            return ar_json_fail(c, NULL, "reason",
                                "the moves do not end the game, so a bot must have failed or run out "
                                "of time after turn %zu, but the reason says \"%.60s\"",
                                r->turns, r->reason);
        if (r->result != (loser == 0 ? 0 : 3 - loser))
            return ar_json_fail(c, NULL, "result",
                                "\"%s\" does not follow from the reason: %s",
                                r->result == 0 ? "draw" : r->result == 1 ? "1" : "2",
                                loser == 0 ? "both failed, a draw" : loser == 1 ? "player 1 failed, so 2 wins"
                                                                                : "player 2 failed, so 1 wins");
        return 0;
    }
    if (g.last.result != r->result) {
        describe_end(&g.last, what, sizeof what);
        return ar_json_fail(c, NULL, "result",
                            "\"%s\" does not match the moves: on turn %zu %s, so the result is %s",
                            r->result == 0 ? "draw" : r->result == 1 ? "1" : "2", r->turns, what,
                            ar_tron_replay_result_name(g.last.result));
    }
    return 0;
}

/* ------------------------------------------------------------------------ */
/* Reading a replay                                                          */

static int read_map(ar_json_check *c, const ar_json *root, tron_replay *r)
{
    const ar_json *map = ar_json_need(c, root, "", "map", AR_JSON_OBJECT), *name, *rows;
    size_t i, j, starts[2] = {0, 0};
    long long width, height;
    if (!map)
        return -1;
    if (!(name = ar_json_need(c, map, "map", "name", AR_JSON_STRING)))
        return -1;
    if (ar_json_need_int(c, map, "map", "width", 1, TRON_REPLAY_MAX_SIDE, &width) ||
        ar_json_need_int(c, map, "map", "height", 1, TRON_REPLAY_MAX_SIDE, &height))
        return -1;
    r->width = (int)width;
    r->height = (int)height;
    if (!(rows = ar_json_need(c, map, "map", "rows", AR_JSON_ARRAY)))
        return -1;
    if (rows->count != (size_t)r->height)
        return ar_json_fail(c, rows, "map.rows", "%zu rows, but the height is %d", rows->count, r->height);
    r->map_name = ar_xstrdup(name->string);
    r->cells = ar_xmalloc((size_t)r->width * (size_t)r->height);
    for (i = 0; i < rows->count; i++) {
        const ar_json *row = &rows->items[i];
        char path[48];
        snprintf(path, sizeof path, "map.rows[%zu]", i);
        if (row->type != AR_JSON_STRING)
            return ar_json_fail(c, row, path, "expected a string, found %s", ar_json_type_name(row->type));
        for (j = 0; j < row->length; j++) {
            char ch = row->string[j];
            if (ch != '#' && ch != ' ' && ch != '1' && ch != '2') {
                unsigned char u = (unsigned char)ch;
                if (u >= 0x21 && u < 0x7f)
                    return ar_json_fail(c, row, path,
                                        "unknown character '%c' in column %zu (a map has '#', ' ', '1' and '2')", ch,
                                        j + 1);
                return ar_json_fail(c, row, path,
                                    "unknown character (byte 0x%02x) in column %zu (a map has '#', ' ', '1' and '2')",
                                    u, j + 1);
            }
            if (ch == '1' || ch == '2') {
                if (starts[ch - '1']++)
                    return ar_json_fail(c, row, path, "a second start cell for player %c (column %zu)", ch, j + 1);
            }
        }
        if (row->length != (size_t)r->width)
            return ar_json_fail(c, row, path, "%zu characters, but the width is %d (ragged rows)", row->length,
                                r->width);
        memcpy(r->cells + i * (size_t)r->width, row->string, (size_t)r->width);
    }
    for (i = 0; i < 2; i++)
        if (!starts[i])
            return ar_json_fail(c, rows, "map.rows", "no start cell for player %zu (a '%zu')", i + 1, i + 1);
    r->variant = ar_tron_variant_from_cells(r->map_name, r->width, r->height, r->cells);
    return 0;
}

static int read_moves(ar_json_check *c, const ar_json *root, tron_replay *r, const ar_json **moves_out)
{
    const ar_json *moves = ar_json_need(c, root, "", "moves", AR_JSON_ARRAY);
    size_t t, k;
    if (!moves)
        return -1;
    *moves_out = moves;
    r->turns = moves->count;
    r->moves = ar_xmalloc(2 * moves->count + 1);
    for (t = 0; t < moves->count; t++) {
        const ar_json *pair = &moves->items[t];
        char path[64];
        snprintf(path, sizeof path, "moves[%zu]", t);
        if (pair->type != AR_JSON_ARRAY)
            return ar_json_fail(c, pair, path, "expected [player 1's direction, player 2's direction], found %s",
                                ar_json_type_name(pair->type));
        if (pair->count != 2)
            return ar_json_fail(c, pair, path, "expected two directions (player 1's, player 2's), found %zu values",
                                pair->count);
        for (k = 0; k < 2; k++) {
            const ar_json *d = &pair->items[k];
            snprintf(path, sizeof path, "moves[%zu][%zu]", t, k);
            if (d->type != AR_JSON_NUMBER || !d->integral || d->integer < 1 || d->integer > 4)
                return ar_json_fail(c, d, path, "player %zu's move is not a direction (1=N, 2=E, 3=S, 4=W)", k + 1);
            r->moves[2 * t + k] = (unsigned char)d->integer;
        }
    }
    return 0;
}

static int read_replay(ar_json_check *c, const ar_json *root, tron_replay *r)
{
    const ar_json *v, *players, *moves = NULL;
    char shown[48];
    size_t i;
    if (root->type != AR_JSON_OBJECT)
        return ar_json_fail(c, root, c->document, "expected a JSON object, found %s", ar_json_type_name(root->type));
    if (!(v = ar_json_need(c, root, "", "format", AR_JSON_STRING)))
        return -1;
    if (strcmp(v->string, TRON_REPLAY_FORMAT) != 0)
        return ar_json_fail(c, v, "format", "\"%s\" is not \"" TRON_REPLAY_FORMAT "\" (not a Tron replay)",
                            ar_json_excerpt(v->string, shown, sizeof shown));
    if (!(v = ar_json_need(c, root, "", "version", AR_JSON_NUMBER)))
        return -1;
    if (!v->integral || v->integer != TRON_REPLAY_VERSION)
        return ar_json_fail(c, v, "version", "unsupported version (this ariadne reads version %d)",
                            TRON_REPLAY_VERSION);
    if (read_map(c, root, r))
        return -1;
    if (!(players = ar_json_need(c, root, "", "players", AR_JSON_ARRAY)))
        return -1;
    if (players->count != 2)
        return ar_json_fail(c, players, "players", "expected two players, found %zu", players->count);
    for (i = 0; i < 2; i++) {
        char path[32];
        snprintf(path, sizeof path, "players[%zu]", i);
        if (players->items[i].type != AR_JSON_STRING)
            return ar_json_fail(c, &players->items[i], path, "expected a string, found %s",
                                ar_json_type_name(players->items[i].type));
        r->players[i] = ar_xstrdup(players->items[i].string);
    }
    if (read_moves(c, root, r, &moves))
        return -1;
    if (!(v = ar_json_need(c, root, "", "result", AR_JSON_STRING)))
        return -1;
    if (strcmp(v->string, "1") == 0)
        r->result = 1;
    else if (strcmp(v->string, "2") == 0)
        r->result = 2;
    else if (strcmp(v->string, "draw") == 0)
        r->result = 0;
    else
        return ar_json_fail(c, v, "result", "\"%s\" is not \"1\", \"2\" or \"draw\"",
                            ar_json_excerpt(v->string, shown, sizeof shown));
    if (!(v = ar_json_need(c, root, "", "reason", AR_JSON_STRING)))
        return -1;
    r->reason = ar_xstrdup(v->string);
    return check_rules(c, moves, r);
}

int ar_tron_replay_read(const char *text, size_t len, tron_replay *r, char *err, size_t err_size)
{
    ar_json root;
    ar_json_check c;
    int rc;
    memset(r, 0, sizeof *r);
    if (err_size)
        err[0] = '\0';
    if (ar_json_parse(text, len, NULL, &root, err, err_size))
        return -1;
    c.text = text;
    c.document = "the replay";
    c.err = err;
    c.err_size = err_size;
    rc = read_replay(&c, &root, r);
    ar_json_free(&root);
    if (rc)
        ar_tron_replay_free(r);
    return rc;
}

void ar_tron_replay_free(tron_replay *r)
{
    free(r->map_name);
    free(r->cells);
    free(r->players[0]);
    free(r->players[1]);
    free(r->moves);
    free(r->reason);
    ar_tron_variant_free(r->variant);
    memset(r, 0, sizeof *r);
}

void ar_tron_replay_board(const tron_replay *r, size_t turn, char *out, size_t out_size, tron_replay_turn *info)
{
    const ar_variant *v = r->variant;
    size_t w = (size_t)r->width, h = (size_t)r->height, t;
    replay_game g;
    int x, y, q;
    if (info)
        memset(info, 0, sizeof *info);
    if (out_size < h * (w + 1) + 1) {
        if (out_size)
            out[0] = '\0';
        return;
    }
    if (turn > r->turns)
        turn = r->turns;
    game_start(r, &g);
    for (t = 0; t < turn && ar_game_tron.outcome(v, g.pos) == AR_ONGOING; t++)
        game_step(&g, t);
    for (y = 0; y < r->height; y++) {
        char *row = out + (size_t)y * (w + 1);
        for (x = 0; x < r->width; x++)
            row[x] = tron_occ(g.pos, (y + 2) * v->w + x + 1) ? '#' : ' ';
        row[w] = '\n';
    }
    out[h * (w + 1)] = '\0';
    for (q = 0; q < 2; q++) {
        int at = g.pos->head[q], hx = at % v->w - 1, hy = at / v->w - 2;
        if (g.pos->crash[q] == CRASH_OFFMAP)
            continue; /* a crash off the edge is not drawn */
        out[(size_t)hy * (w + 1) + (size_t)hx] = g.pos->crash[q] ? 'X' : (char)('1' + q);
    }
    if (info)
        *info = g.last;
    game_end(&g);
}

const char *ar_tron_replay_result_name(int result)
{
    return result == 1 ? "player 1 wins" : result == 2 ? "player 2 wins" : "draw";
}

/* ------------------------------------------------------------------------ */
/* Writing                                                                   */

static void quote(FILE *f, const char *s)
{
    size_t need = ar_json_escape(s, NULL, 0) + 1;
    char *text = ar_xmalloc(need);
    ar_json_escape(s, text, need);
    fputs(text, f);
    free(text);
}

char *ar_tron_replay_write_json(const tron_replay *r, size_t *len)
{
    char *data = NULL, *row = ar_xmalloc((size_t)r->width + 1);
    size_t size = 0, i;
    int y;
    FILE *f = open_memstream(&data, &size);
    if (!f) {
        fputs("ariadne: out of memory\n", stderr);
        abort(); /* as ar_xmalloc does: only when the C library itself has no memory */
    }
    fputs("{\"format\":\"" TRON_REPLAY_FORMAT "\",\"version\":1,\"map\":{\"name\":", f);
    quote(f, r->map_name);
    fprintf(f, ",\"width\":%d,\"height\":%d,\"rows\":[", r->width, r->height);
    for (y = 0; y < r->height; y++) {
        memcpy(row, r->cells + (size_t)y * (size_t)r->width, (size_t)r->width);
        row[r->width] = '\0';
        if (y)
            fputc(',', f);
        quote(f, row);
    }
    fputs("]},\"players\":[", f);
    quote(f, r->players[0]);
    fputc(',', f);
    quote(f, r->players[1]);
    fputs("],\"moves\":[", f);
    for (i = 0; i < r->turns; i++)
        fprintf(f, "%s[%d,%d]", i ? "," : "", r->moves[2 * i], r->moves[2 * i + 1]);
    fputs("],\"result\":", f);
    quote(f, r->result == 0 ? "draw" : r->result == 1 ? "1" : "2");
    fputs(",\"reason\":", f);
    quote(f, r->reason);
    fputc('}', f);
    fclose(f);
    free(row);
    if (len)
        *len = size;
    return data;
}
