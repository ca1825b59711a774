/* ants_replay.c — Ants replay files: written by `match ants --replay`, read
 * back strictly by `ariadne replay FILE`, which prints a summary (or the
 * board at --turn T), or with --html writes a self-contained page that
 * animates the game with a turn slider and a fog-of-war view per player
 * (ants_replay_page.h).
 *
 * Format (JSON): {"format": "ariadne-ants-replay", "version": 1,
 *   "map": {"rows": R, "cols": C, "players": P, "data": [R strings of . and %],
 *           "hills": [[row, col, owner], ...]},
 *   "settings": {"viewradius2": .., "attackradius2": .., "spawnradius2": .., "turns": ..},
 *   "bots": [P names], "status": [P strings],
 *   "frames": [{"ants": [square, owner, ...], "food": [square, ...],
 *               "dead": [square, owner, ...], "scores": [P numbers]}, ...],
 *   "hill_razed": [per hill the turn it was razed, 0 never],
 *   "result": {"scores": [..], "turns": N, "end": "reason"}}
 * A square is row * cols + col; frame t is the board after turn t. */
#include "ants_play.h"

#include <stdlib.h>
#include <string.h>
#include "ariadne/json.h"
#include "ants_replay_page.h"

static void ints(FILE *f, const int32_t *x, int n)
{
    fputc('[', f);
    for (int i = 0; i < n; i++)
        fprintf(f, i ? ",%d" : "%d", (int)x[i]);
    fputc(']', f);
}

int ar_ants_write_replay(FILE *f, const struct ar_variant *v, const char *const *specs, const ants_result *res,
                      const ants_record *rec)
{
    fprintf(f, "{\"format\": \"ariadne-ants-replay\", \"version\": 1,\n \"map\": {\"rows\": %d, \"cols\": %d, "
               "\"players\": %d, \"data\": [\n",
            v->rows, v->cols, v->players);
    for (int r = 0; r < v->rows; r++) {
        fputs("  \"", f);
        for (int c = 0; c < v->cols; c++)
            fputc(v->water[r * v->cols + c] ? '%' : '.', f);
        fputs(r + 1 < v->rows ? "\",\n" : "\"],\n", f);
    }
    fputs("  \"hills\": [", f);
    for (int i = 0; i < v->nhills; i++)
        fprintf(f, "%s[%d,%d,%d]", i ? "," : "", v->hill_loc[i] / v->cols, v->hill_loc[i] % v->cols,
                v->hill_owner[i]);
    fprintf(f, "]},\n \"settings\": {\"viewradius2\": %d, \"attackradius2\": %d, \"spawnradius2\": %d, "
               "\"turns\": %d},\n \"bots\": [",
            v->viewradius2, v->attackradius2, v->spawnradius2, v->turns);
    for (int p = 0; p < v->players; p++) {
        if (p)
            fputs(", ", f);
        ar_json_string(f, specs[p]);
    }
    fputs("],\n \"status\": [", f);
    for (int p = 0; p < v->players; p++) {
        if (p)
            fputs(", ", f);
        ar_json_string(f, res->status[p]);
    }
    fputs("],\n \"frames\": [\n", f);
    for (int t = 0; t < rec->nframes; t++) {
        const ants_frame *fr = &rec->frames[t];
        fputs("  {\"ants\": ", f);
        ints(f, fr->ants, 2 * fr->nants);
        fputs(", \"food\": ", f);
        ints(f, fr->food, fr->nfood);
        fputs(", \"dead\": ", f);
        ints(f, fr->dead, 2 * fr->ndead);
        fputs(", \"scores\": ", f);
        ints(f, fr->score, v->players);
        fputs(t + 1 < rec->nframes ? "},\n" : "}],\n", f);
    }
    fputs(" \"hill_razed\": ", f);
    ints(f, rec->hill_end, v->nhills);
    fputs(",\n \"result\": {\"scores\": ", f);
    {
        int32_t s[ANTS_MAX_PLAYERS];
        for (int p = 0; p < v->players; p++)
            s[p] = res->score[p];
        ints(f, s, v->players);
    }
    fprintf(f, ", \"turns\": %d, \"end\": \"%s\"}}\n", res->turns, ar_ants_end_text(res->end));
    return 0;
}

/* ------------------------------------------------------------- reading */

typedef struct replay {
    int rows, cols, players, nframes, turns;
    const ar_json *data, *hills, *frames, *bots, *scores, *razed;
    const char *end;
} replay;

static int need_int_array(ar_json_check *c, const ar_json *a, const char *path, long long lo, long long hi,
                          size_t multiple)
{
    if (a->type != AR_JSON_ARRAY)
        return ar_json_fail(c, a, path, "expected an array");
    if (multiple > 1 && a->count % multiple)
        return ar_json_fail(c, a, path, "expected pairs of numbers");
    for (size_t i = 0; i < a->count; i++)
        if (a->items[i].type != AR_JSON_NUMBER || !a->items[i].integral || a->items[i].integer < lo ||
            a->items[i].integer > hi)
            return ar_json_fail(c, &a->items[i], path, "item %zu: expected a whole number from %lld to %lld", i, lo, hi);
    return 0;
}

static int check_replay(ar_json_check *c, const ar_json *root, replay *r)
{
    const ar_json *fmt = ar_json_need(c, root, "", "format", AR_JSON_STRING), *map, *res;
    long long x;
    if (!fmt)
        return -1;
    if (strcmp(fmt->string, "ariadne-ants-replay") != 0)
        return ar_json_fail(c, fmt, "format", "not an Ants replay");
    if (ar_json_need_int(c, root, "", "version", 1, 1, &x))
        return -1;
    if (!(map = ar_json_need(c, root, "", "map", AR_JSON_OBJECT)))
        return -1;
    if (ar_json_need_int(c, map, "map", "rows", 2, ANTS_MAX_SIDE, &x))
        return -1;
    r->rows = (int)x;
    if (ar_json_need_int(c, map, "map", "cols", 2, ANTS_MAX_SIDE, &x))
        return -1;
    r->cols = (int)x;
    if (ar_json_need_int(c, map, "map", "players", 2, ANTS_MAX_PLAYERS, &x))
        return -1;
    r->players = (int)x;
    if (!(r->data = ar_json_need(c, map, "map", "data", AR_JSON_ARRAY)) ||
        !(r->hills = ar_json_need(c, map, "map", "hills", AR_JSON_ARRAY)) ||
        !(r->bots = ar_json_need(c, root, "", "bots", AR_JSON_ARRAY)) ||
        !(r->frames = ar_json_need(c, root, "", "frames", AR_JSON_ARRAY)) ||
        !(r->razed = ar_json_need(c, root, "", "hill_razed", AR_JSON_ARRAY)) ||
        !(res = ar_json_need(c, root, "", "result", AR_JSON_OBJECT)))
        return -1;
    if (r->data->count != (size_t)r->rows)
        return ar_json_fail(c, r->data, "map.data", "%zu rows, the map has %d", r->data->count, r->rows);
    for (size_t i = 0; i < r->data->count; i++) {
        const ar_json *row = &r->data->items[i];
        if (row->type != AR_JSON_STRING || row->length != (size_t)r->cols || strspn(row->string, ".%") != row->length)
            return ar_json_fail(c, row, "map.data", "row %zu: expected %d characters . or %%", i, r->cols);
    }
    for (size_t i = 0; i < r->hills->count; i++)
        if (need_int_array(c, &r->hills->items[i], "map.hills", 0, ANTS_MAX_SIDE, 1) || r->hills->items[i].count != 3 ||
            r->hills->items[i].items[0].integer >= r->rows || r->hills->items[i].items[1].integer >= r->cols ||
            r->hills->items[i].items[2].integer >= r->players)
            return ar_json_fail(c, &r->hills->items[i], "map.hills", "hill %zu: expected [row, col, owner] on the map", i);
    if (r->bots->count != (size_t)r->players)
        return ar_json_fail(c, r->bots, "bots", "%zu names for %d players", r->bots->count, r->players);
    if (!r->frames->count)
        return ar_json_fail(c, r->frames, "frames", "no frames");
    for (size_t t = 0; t < r->frames->count; t++) {
        const ar_json *f = &r->frames->items[t], *a, *fo, *d, *s;
        char path[48];
        snprintf(path, sizeof path, "frames[%zu]", t);
        if (f->type != AR_JSON_OBJECT)
            return ar_json_fail(c, f, path, "expected an object");
        if (!(a = ar_json_need(c, f, path, "ants", AR_JSON_ARRAY)) || !(fo = ar_json_need(c, f, path, "food", AR_JSON_ARRAY)) ||
            !(d = ar_json_need(c, f, path, "dead", AR_JSON_ARRAY)) || !(s = ar_json_need(c, f, path, "scores", AR_JSON_ARRAY)))
            return -1;
        long long n = (long long)r->rows * r->cols - 1;
        if (need_int_array(c, a, path, 0, n, 2) || need_int_array(c, fo, path, 0, n, 1) ||
            need_int_array(c, d, path, 0, n, 2) || need_int_array(c, s, path, -100000, 100000, 1))
            return -1;
        for (size_t i = 1; i < a->count; i += 2)
            if (a->items[i].integer >= r->players)
                return ar_json_fail(c, &a->items[i], path, "an ant of player %lld, the game has %d",
                                    a->items[i].integer, r->players);
        if (s->count != (size_t)r->players)
            return ar_json_fail(c, s, path, "%zu scores for %d players", s->count, r->players);
    }
    if (need_int_array(c, r->razed, "hill_razed", 0, 1000000, 1) || r->razed->count != r->hills->count)
        return ar_json_fail(c, r->razed, "hill_razed", "expected one turn per hill");
    if (!(r->scores = ar_json_need(c, res, "result", "scores", AR_JSON_ARRAY)) ||
        need_int_array(c, r->scores, "result.scores", -100000, 100000, 1) || r->scores->count != (size_t)r->players)
        return ar_json_fail(c, res, "result.scores", "expected %d scores", r->players);
    if (ar_json_need_int(c, res, "result", "turns", 0, 1000000, &x))
        return -1;
    r->turns = (int)x;
    if ((size_t)r->turns + 1 != r->frames->count)
        return ar_json_fail(c, res, "result.turns", "%d turns but %zu frames (one per turn and the start)", r->turns,
                            r->frames->count);
    {
        const ar_json *e = ar_json_need(c, res, "result", "end", AR_JSON_STRING);
        if (!e)
            return -1;
        r->end = e->string;
    }
    r->nframes = (int)r->frames->count;
    return 0;
}

static void print_board(const replay *r, int t)
{
    const ar_json *f = &r->frames->items[t], *a = ar_json_member(f, "ants"), *fo = ar_json_member(f, "food");
    char *b = malloc((size_t)r->rows * (size_t)r->cols);
    if (!b)
        abort();
    for (int i = 0; i < r->rows; i++)
        memcpy(b + (size_t)i * r->cols, r->data->items[i].string, (size_t)r->cols);
    for (size_t i = 0; i < r->hills->count; i++) {
        const ar_json *h = &r->hills->items[i];
        long long razed = r->razed->items[i].integer;
        if (!razed || razed > t)
            b[h->items[0].integer * r->cols + h->items[1].integer] = (char)('0' + h->items[2].integer);
    }
    for (size_t i = 0; i < fo->count; i++)
        b[fo->items[i].integer] = '*';
    for (size_t i = 0; i < a->count; i += 2) {
        long long sq = a->items[i].integer;
        char h = b[sq];
        b[sq] = (char)((h >= '0' && h <= '9' ? 'A' : 'a') + a->items[i + 1].integer);
    }
    printf("board after turn %d:\n", t);
    for (int i = 0; i < r->rows; i++)
        printf("%.*s\n", r->cols, b + (size_t)i * r->cols);
    free(b);
}

int ar_ants_replay_main(const ar_replay_request *q)
{
    ar_json root;
    char err[512];
    replay r;
    ar_json_check c = {q->text, "the replay", err, sizeof err};
    ar_json_limits lim = {0};
    int turn = -1;
    memset(&r, 0, sizeof r);
    if (ar_json_parse(q->text, q->len, &lim, &root, err, sizeof err))
        return ar_tool_fail("replay: %s: %s", q->file, err);
    if (check_replay(&c, &root, &r)) {
        ar_json_free(&root);
        return ar_tool_fail("replay: %s: %s", q->file, err);
    }
    if (q->turn > r.turns) {
        ar_json_free(&root);
        return ar_replay_bad_turn(q, r.turns);
    }
    turn = (int)q->turn;
    if (q->html) {
        FILE *out = strcmp(q->html, "-") == 0 ? stdout : fopen(q->html, "w");
        if (!out) {
            ar_json_free(&root);
            return ar_tool_fail("replay: cannot write '%s'", q->html);
        }
        for (int i = 0; ants_replay_template[i]; i++) {
            if (strcmp(ants_replay_template[i], ANTS_REPLAY_MARKER) == 0) {
                /* the replay, safe inside <script>: a '<' can only be in a
                 * string of the checked JSON, where \u003c means the same */
                for (size_t k = 0; k < q->len; k++) {
                    if (q->text[k] == '<')
                        fputs("\\u003c", out);
                    else
                        fputc(q->text[k], out);
                }
                fputc('\n', out);
            } else
                fputs(ants_replay_template[i], out);
        }
        if (out != stdout) {
            fclose(out);
            printf("wrote %s: %dx%d map, %d players, %d turns, %s\n", q->html, r.rows, r.cols, r.players, r.turns, r.end);
        }
        ar_json_free(&root);
        return 0;
    }
    if (q->json) {
        printf("{\"game\":\"ants\",\"file\":");
        ar_json_string(stdout, q->file);
        printf(",\"rows\":%d,\"cols\":%d,\"hills\":%zu,\"turns\":%d,\"end\":", r.rows, r.cols, r.hills->count,
               r.turns);
        ar_json_string(stdout, r.end);
        printf(",\"players\":[");
        for (int p = 0; p < r.players; p++) {
            printf("%s{\"bot\":", p ? "," : "");
            ar_json_string(stdout, r.bots->items[p].type == AR_JSON_STRING ? r.bots->items[p].string : "?");
            printf(",\"score\":%lld}", r.scores->items[p].integer);
        }
        printf("]}\n");
        ar_json_free(&root);
        return 0;
    }
    printf("map:      %dx%d, %d players, %zu hills\n", r.rows, r.cols, r.players, r.hills->count);
    printf("turns:    %d (%s)\n", r.turns, r.end);
    for (int p = 0; p < r.players; p++)
        printf("player %d: %-24s score %lld\n", p, r.bots->items[p].type == AR_JSON_STRING ? r.bots->items[p].string : "?",
               r.scores->items[p].integer);
    print_board(&r, turn >= 0 ? turn : r.turns);
    ar_json_free(&root);
    return 0;
}
