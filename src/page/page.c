/* page.c — the self-contained HTML page of a solution, a game or a recorded
 * search (page.h): frames of scenes, delta-encoded (a frame lists only the
 * cells that changed, with a whole frame every KEYFRAME frames so the page
 * can jump anywhere quickly), the move list, the result, recorded searches,
 * and the template of web/page.html with web/page.css and web/page.js put in
 * place of its markers. Every string goes through ar_json_escape, which
 * writes '<', '>' and '&' as \u escapes, so nothing in the data can end the
 * <script> element it lives in. */
#include "page_internal.h"

#include <stdlib.h>
#include <string.h>
#include "ariadne/memory.h"
#include "ariadne/gamesearch.h"
#include "ariadne/search.h"

enum { KEYFRAME = 64, FRAME_TEXT_MAX = 4096, TRACE_BOARD_MAX_CELLS = 100 };

struct ar_page {
    char *strings[4 + 2 * AR_MAX_PLAYERS]; /* kind, domain, title, subtitle, players, sides */
    char *summary;
    char *source;
    ar_scene *scene, *scratch;
    pg_buf frames;
    size_t frame_count;
    /* the previous frame's cell tokens, for the changes */
    pg_buf prev_tokens;
    size_t *prev_offsets, prev_cap;
    int prev_rows, prev_cols;
    pg_buf cur_tokens;
    size_t *cur_offsets, cur_cap;
    char *final_text;
    char *result;
    /* recorded searches */
    pg_buf traces;
    size_t trace_count;
    int in_trace, trace_capped;
    size_t trace_points, trace_cap, trace_boards;
    pg_buf boards;
    const ar_puzzle *trace_p;
    const ar_instance *trace_inst;
    /* a game tree (alpha-beta) */
    pg_buf tree;
    int in_tree, tree_capped;
    size_t tree_events, tree_cap;
};

static char *dup_or_null(const char *s)
{
    return s ? ar_xstrdup(s) : NULL;
}

ar_page *ar_page_new(const ar_page_info *info)
{
    ar_page *pg = ar_xcalloc(1, sizeof *pg);
    int i;
    pg->strings[0] = dup_or_null(info->kind);
    pg->strings[1] = dup_or_null(info->domain);
    pg->strings[2] = dup_or_null(info->title);
    pg->strings[3] = dup_or_null(info->subtitle);
    for (i = 0; i < AR_MAX_PLAYERS && info->players[i]; i++)
        pg->strings[4 + i] = ar_xstrdup(info->players[i]);
    for (i = 0; i < AR_MAX_PLAYERS && info->sides[i]; i++)
        pg->strings[4 + AR_MAX_PLAYERS + i] = ar_xstrdup(info->sides[i]);
    pg->source = dup_or_null(info->source_json);
    pg->summary = dup_or_null(info->summary);
    pg->scene = ar_scene_new();
    pg->scratch = ar_scene_new();
    return pg;
}

void ar_page_free(ar_page *pg)
{
    size_t i;
    if (!pg)
        return;
    for (i = 0; i < sizeof pg->strings / sizeof pg->strings[0]; i++)
        free(pg->strings[i]);
    free(pg->source);
    free(pg->summary);
    ar_scene_free(pg->scene);
    ar_scene_free(pg->scratch);
    ar_pg_free(&pg->frames);
    ar_pg_free(&pg->prev_tokens);
    ar_pg_free(&pg->cur_tokens);
    free(pg->prev_offsets);
    free(pg->cur_offsets);
    free(pg->final_text);
    free(pg->result);
    ar_pg_free(&pg->traces);
    ar_pg_free(&pg->boards);
    ar_pg_free(&pg->tree);
    free(pg);
}

ar_scene *ar_page_scene(ar_page *pg)
{
    ar_scene_clear(pg->scene);
    return pg->scene;
}

/* The scene's cell tokens into b, each followed by a NUL, their offsets in
 * *offsets. */
static void tokens_of(const ar_scene *s, pg_buf *b, size_t **offsets, size_t *cap)
{
    size_t n = (size_t)s->rows * (size_t)s->cols, i;
    b->len = 0;
    if (n > *cap) {
        *offsets = ar_xrealloc(*offsets, n * sizeof **offsets);
        *cap = n;
    }
    for (i = 0; i < n; i++) {
        (*offsets)[i] = b->len;
        ar_pg_cell_token(s, i, b);
        ar_pg_put(b, "", 1);
    }
}

ar_status ar_page_frame(ar_page *pg, const char *move, int player, ar_error *err)
{
    const ar_scene *s = pg->scene;
    size_t n = (size_t)s->rows * (size_t)s->cols, i;
    int whole;
    const char *text = s->text ? s->str.data + s->text : "";
    if (pg->frame_count >= AR_PAGE_MAX_FRAMES)
        return ar_error_set(err, AR_ERR_LIMIT, "a page shows at most %d moves, and this has more",
                            AR_PAGE_MAX_FRAMES - 1);
    tokens_of(s, &pg->cur_tokens, &pg->cur_offsets, &pg->cur_cap);
    whole = pg->frame_count % KEYFRAME == 0 || s->rows != pg->prev_rows || s->cols != pg->prev_cols;
    ar_pg_puts(&pg->frames, pg->frame_count ? ",\n{" : "{");
    if (move) {
        ar_pg_puts(&pg->frames, "\"m\":");
        ar_pg_json_str(&pg->frames, move);
        ar_pg_printf(&pg->frames, ",\"p\":%d,", player);
    }
    if (whole) {
        ar_pg_puts(&pg->frames, "\"cells\":[");
        for (i = 0; i < n; i++) {
            if (i)
                ar_pg_puts(&pg->frames, ",");
            ar_pg_puts(&pg->frames, pg->cur_tokens.data + pg->cur_offsets[i]);
        }
    } else {
        int first = 1;
        ar_pg_puts(&pg->frames, "\"d\":[");
        for (i = 0; i < n; i++)
            if (strcmp(pg->cur_tokens.data + pg->cur_offsets[i], pg->prev_tokens.data + pg->prev_offsets[i]) != 0) {
                ar_pg_printf(&pg->frames, "%s%zu,", first ? "" : ",", i);
                ar_pg_puts(&pg->frames, pg->cur_tokens.data + pg->cur_offsets[i]);
                first = 0;
            }
    }
    ar_pg_puts(&pg->frames, "],");
    /* the text of a long board goes in the final frame only (finalText) */
    if (strlen(text) > FRAME_TEXT_MAX) {
        ar_scene tmp = *s;
        tmp.text = 0;
        ar_pg_scene_rest_json(&tmp, &pg->frames);
    } else {
        ar_pg_scene_rest_json(s, &pg->frames);
    }
    ar_pg_puts(&pg->frames, "}");
    free(pg->final_text);
    pg->final_text = ar_xstrdup(text);
    /* the current tokens become the previous ones */
    {
        pg_buf tb = pg->prev_tokens;
        size_t *to = pg->prev_offsets, tc = pg->prev_cap;
        pg->prev_tokens = pg->cur_tokens;
        pg->prev_offsets = pg->cur_offsets;
        pg->prev_cap = pg->cur_cap;
        pg->cur_tokens = tb;
        pg->cur_offsets = to;
        pg->cur_cap = tc;
    }
    pg->prev_rows = s->rows;
    pg->prev_cols = s->cols;
    pg->frame_count++;
    return AR_OK;
}

void ar_page_result(ar_page *pg, const char *text)
{
    free(pg->result);
    pg->result = dup_or_null(text);
}

/* ------------------------------------------------------------ traces */

void ar_page_trace_begin(ar_page *pg, const char *algorithm, size_t cap, const ar_puzzle *p,
                         const ar_instance *inst)
{
    char *base;
    void *state;
    if (pg->in_trace)
        ar_page_trace_end(pg, NULL);
    pg->in_trace = 1;
    pg->trace_capped = 0;
    pg->trace_points = 0;
    pg->trace_boards = 0;
    pg->trace_cap = cap ? cap : AR_PAGE_TRACE_CAP;
    pg->trace_p = p;
    pg->trace_inst = inst;
    pg->boards.len = 0;
    state = ar_xmalloc(p->state_size(inst));
    p->initial_state(inst, state);
    ar_scene_of_state(pg->scratch, p, inst, state);
    free(state);
    base = ar_scene_json(pg->scratch);
    ar_pg_puts(&pg->traces, pg->trace_count ? ",\n{" : "{");
    ar_pg_puts(&pg->traces, "\"algo\":");
    ar_pg_json_str(&pg->traces, algorithm);
    ar_pg_printf(&pg->traces, ",\"cap\":%zu,\"base\":%s,\"points\":[", pg->trace_cap, base);
    free(base);
    pg->trace_count++;
}

void ar_page_trace_point(void *page, const ar_trace_point *pt)
{
    ar_page *pg = page;
    if (!pg->in_trace || !pt->event)
        return;
    if (strcmp(pt->event, "expand") == 0 && pt->state) {
        int board = -1;
        if (pg->trace_points >= pg->trace_cap) {
            pg->trace_capped = 1;
            return;
        }
        ar_scene_clear(pg->scratch);
        if (pg->trace_p->picture)
            pg->trace_p->picture(pg->trace_inst, pt->state, pg->scratch);
        if (pg->scratch->rows * pg->scratch->cols <= TRACE_BOARD_MAX_CELLS && pg->scratch->rows > 0) {
            size_t i, n = (size_t)pg->scratch->rows * (size_t)pg->scratch->cols;
            ar_pg_puts(&pg->boards, pg->trace_boards ? ",[" : "[");
            for (i = 0; i < n; i++) {
                if (i)
                    ar_pg_puts(&pg->boards, ",");
                ar_pg_cell_token(pg->scratch, i, &pg->boards);
            }
            ar_pg_puts(&pg->boards, "]");
            board = (int)pg->trace_boards++;
        }
        ar_pg_printf(&pg->traces, "%s[%llu,%llu,%llu,%llu,%llu,%d,%d]", pg->trace_points ? "," : "",
                  (unsigned long long)pt->step, (unsigned long long)pt->g, (unsigned long long)pt->h,
                  (unsigned long long)pt->frontier, (unsigned long long)pt->bound, pg->scratch->focus, board);
        pg->trace_points++;
    } else if ((strcmp(pt->event, "iteration") == 0 || strcmp(pt->event, "layer") == 0) &&
               pg->trace_points < pg->trace_cap) {
        ar_pg_printf(&pg->traces, "%s[\"%s\",%llu]", pg->trace_points ? "," : "", pt->event,
                  (unsigned long long)pt->bound);
        pg->trace_points++;
    }
}

void ar_page_trace_end(ar_page *pg, const char *result)
{
    if (!pg->in_trace)
        return;
    ar_pg_puts(&pg->traces, "],\"boards\":[");
    if (pg->boards.len)
        ar_pg_put(&pg->traces, pg->boards.data, pg->boards.len);
    ar_pg_printf(&pg->traces, "],\"capped\":%s,\"result\":", pg->trace_capped ? "true" : "false");
    ar_pg_json_str(&pg->traces, result ? result : "");
    ar_pg_puts(&pg->traces, "}");
    pg->in_trace = 0;
}

int ar_page_trace_capped(const ar_page *pg)
{
    return pg->trace_capped;
}

/* ------------------------------------------------------------ game trees */

void ar_page_tree_begin(ar_page *pg, size_t cap)
{
    pg->in_tree = 1;
    pg->tree_capped = 0;
    pg->tree_events = 0;
    pg->tree_cap = cap ? cap : AR_PAGE_TRACE_CAP;
    pg->tree.len = 0;
}

void ar_page_tree_end(ar_page *pg, const char *result)
{
    if (!pg->in_tree)
        return;
    pg->in_tree = 0;
    if (!pg->tree.len)
        return;
    ar_pg_printf(&pg->tree, "],\"capped\":%s,\"result\":", pg->tree_capped ? "true" : "false");
    ar_pg_json_str(&pg->tree, result ? result : "");
    ar_pg_puts(&pg->tree, "}");
}

void ar_page_tree_event(void *page, const ar_search_node_event *ev)
{
    ar_page *pg = page;
    if (!pg->in_tree)
        return;
    /* iterative deepening enters the root once per depth: keep the last */
    if (ev->kind == 'e' && ev->ply == 0) {
        pg->tree.len = 0;
        pg->tree_events = 0;
        pg->tree_capped = 0;
        ar_pg_puts(&pg->tree, "{\"algo\":\"alphabeta\",\"events\":[");
    }
    if (pg->tree_events >= pg->tree_cap) {
        pg->tree_capped = 1;
        return;
    }
    ar_pg_puts(&pg->tree, pg->tree_events ? "," : "");
    if (ev->kind == 'e') {
        ar_pg_printf(&pg->tree, "[\"e\",%d,", ev->ply);
        ar_pg_json_str(&pg->tree, ev->move);
        ar_pg_printf(&pg->tree, ",%d,%d]", (int)ev->alpha, (int)ev->beta);
    } else if (ev->kind == 'x') {
        ar_pg_printf(&pg->tree, "[\"x\",%d,%d]", ev->ply, (int)ev->value);
    } else {
        ar_pg_printf(&pg->tree, "[\"c\",%d,%u]", ev->ply, ev->pruned);
    }
    pg->tree_events++;
}

/* ------------------------------------------------------------ writing */

static void write_data(ar_page *pg, pg_buf *d)
{
    int i;
    ar_pg_puts(d, "{\"v\":1,\"kind\":");
    ar_pg_json_str(d, pg->strings[0]);
    ar_pg_puts(d, ",\"domain\":");
    ar_pg_json_str(d, pg->strings[1]);
    ar_pg_puts(d, ",\"title\":");
    ar_pg_json_str(d, pg->strings[2]);
    ar_pg_puts(d, ",\"summary\":");
    ar_pg_json_str(d, pg->summary);
    ar_pg_puts(d, ",\"subtitle\":");
    ar_pg_json_str(d, pg->strings[3]);
    ar_pg_puts(d, ",\"players\":[");
    for (i = 0; i < AR_MAX_PLAYERS && pg->strings[4 + i]; i++) {
        if (i)
            ar_pg_puts(d, ",");
        ar_pg_json_str(d, pg->strings[4 + i]);
    }
    ar_pg_puts(d, "],\"sides\":[");
    for (i = 0; i < AR_MAX_PLAYERS && pg->strings[4 + AR_MAX_PLAYERS + i]; i++) {
        if (i)
            ar_pg_puts(d, ",");
        ar_pg_json_str(d, pg->strings[4 + AR_MAX_PLAYERS + i]);
    }
    ar_pg_puts(d, "],\"result\":");
    ar_pg_json_str(d, pg->result);
    ar_pg_puts(d, ",\"finalText\":");
    ar_pg_json_str(d, pg->final_text);
    /* the last frame's cells whole, so a test can check the page's own
       rebuilding of them from the changes */
    ar_pg_puts(d, ",\"finalCells\":[");
    {
        size_t k, n = (size_t)pg->prev_rows * (size_t)pg->prev_cols;
        for (k = 0; k < n && pg->frame_count; k++) {
            if (k)
                ar_pg_puts(d, ",");
            ar_pg_puts(d, pg->prev_tokens.data + pg->prev_offsets[k]);
        }
    }
    ar_pg_printf(d, "],\"keyframe\":%d,\"frames\":[\n", KEYFRAME);
    if (pg->frames.len)
        ar_pg_put(d, pg->frames.data, pg->frames.len);
    ar_pg_puts(d, "],\n\"traces\":[");
    if (pg->traces.len)
        ar_pg_put(d, pg->traces.data, pg->traces.len);
    ar_pg_puts(d, "]");
    if (pg->tree.len) {
        ar_pg_puts(d, ",\n\"tree\":");
        ar_pg_put(d, pg->tree.data, pg->tree.len);
    }
    if (pg->source) {
        ar_pg_puts(d, ",\n\"source\":");
        ar_pg_puts(d, pg->source);
    }
    ar_pg_puts(d, "}");
}

ar_status ar_page_write(ar_page *pg, FILE *out, ar_error *err)
{
    const char *tpl = ar_page_asset("page.html");
    const char *at = tpl;
    pg_buf data = {0};
    if (pg->in_trace)
        ar_page_trace_end(pg, NULL);
    if (pg->in_tree)
        ar_page_tree_end(pg, NULL);
    write_data(pg, &data);
    while (at && *at) {
        const char *mark = strchr(at, '@');
        if (!mark) {
            fputs(at, out);
            break;
        }
        fwrite(at, 1, (size_t)(mark - at), out);
        if (strncmp(mark, "@PAGE_CSS@", 10) == 0) {
            fputs(ar_page_asset("page.css"), out);
            at = mark + 10;
        } else if (strncmp(mark, "@PAGE_JS@", 9) == 0) {
            fputs(ar_page_asset("page.js"), out);
            at = mark + 9;
        } else if (strncmp(mark, "@PAGE_DATA@", 11) == 0) {
            fwrite(data.data, 1, data.len, out);
            at = mark + 11;
        } else {
            fputc('@', out);
            at = mark + 1;
        }
    }
    ar_pg_free(&data);
    if (ferror(out))
        return ar_error_set(err, AR_ERR_IO, "error writing the page");
    return AR_OK;
}

/* ------------------------------------------------------------ whole pages */

ar_status ar_page_puzzle(ar_page *pg, const ar_puzzle *p, const ar_instance *inst, const ar_move *moves,
                         uint64_t count, ar_error *err)
{
    size_t ss = p->state_size(inst);
    unsigned char *state = ar_xmalloc(ss);
    ar_move *legal = ar_xmalloc(sizeof *legal * (p->max_moves(inst) + 1u));
    char text[256];
    uint64_t k;
    ar_status st;
    if (count + 1 > AR_PAGE_MAX_FRAMES) {
        free(state);
        free(legal);
        return ar_error_set(err, AR_ERR_LIMIT,
                            "a page shows at most %d moves, and this solution has %llu", AR_PAGE_MAX_FRAMES - 1,
                            (unsigned long long)count);
    }
    p->initial_state(inst, state);
    ar_scene_of_state(ar_page_scene(pg), p, inst, state);
    st = ar_page_frame(pg, NULL, -1, err);
    for (k = 0; k < count && st == AR_OK; k++) {
        unsigned n = p->legal_moves(inst, state, legal), i;
        for (i = 0; i < n && legal[i] != moves[k]; i++)
            ;
        if (i == n && !(p->flags & AR_PUZZLE_FREE_ORDER)) {
            st = ar_error_set(err, AR_ERR_INPUT, "move %llu is not legal in the position before it",
                              (unsigned long long)k + 1);
            break;
        }
        p->format_move(inst, moves[k], text, sizeof text);
        p->apply(inst, state, moves[k]);
        ar_scene_of_state(ar_page_scene(pg), p, inst, state);
        st = ar_page_frame(pg, text, -1, err);
    }
    free(state);
    free(legal);
    return st;
}

ar_status ar_page_game(ar_page *pg, const ar_game *g, const ar_variant *v, const void *start,
                       const ar_page_ply *plies, size_t count, ar_error *err)
{
    size_t ps = g->position_size(v);
    unsigned char *pos = ar_xmalloc(ps);
    char text[512];
    size_t k;
    int players = ar_game_players(g, v);
    ar_status st;
    if (start)
        memcpy(pos, start, ps);
    else
        g->initial_position(v, pos);
    ar_scene_of_position(ar_page_scene(pg), g, v, pos);
    st = ar_page_frame(pg, NULL, -1, err);
    for (k = 0; k < count && st == AR_OK; k++) {
        const ar_page_ply *ply = &plies[k];
        int who = g->to_move(v, pos), p;
        size_t used = 0;
        if (g->outcome(v, pos) != AR_ONGOING || who != ply->who) {
            st = ar_error_set(err, AR_ERR_INPUT, "ply %zu is not the turn of the position before it", k + 1);
            break;
        }
        if (who == AR_PLAYER_SIMULTANEOUS) {
            for (p = 0; p < players && used + 64 < sizeof text; p++) {
                if (p)
                    text[used++] = '/';
                if (ply->moves[p] == AR_GMOVE_NONE) {
                    text[used++] = '-';
                    text[used] = '\0';
                } else if (!ar_game_is_legal(g, v, pos, p, ply->moves[p])) {
                    st = ar_error_set(err, AR_ERR_INPUT, "ply %zu: player %d's move is not legal", k + 1, p + 1);
                    break;
                } else {
                    g->format_move(v, pos, p, ply->moves[p], text + used, 60);
                    used += strlen(text + used);
                }
            }
            if (st != AR_OK)
                break;
            ar_game_apply_simultaneous(g, v, pos, ply->moves);
        } else {
            int mover = who < 0 ? 0 : who;
            if (who >= 0 && !ar_game_is_legal(g, v, pos, who, ply->moves[0])) {
                st = ar_error_set(err, AR_ERR_INPUT, "ply %zu is not a legal move", k + 1);
                break;
            }
            g->format_move(v, pos, mover, ply->moves[0], text, sizeof text);
            g->apply(v, pos, ply->moves[0]);
        }
        ar_scene_of_position(ar_page_scene(pg), g, v, pos);
        st = ar_page_frame(pg, text, who, err);
    }
    free(pos);
    return st;
}
