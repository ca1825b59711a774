/* scene.c — the picture a domain draws of a state for the browser pages
 * (page.h): a grid of styled, labelled cells, points and lines, a caption
 * and the state's text, built by the domains' picture slots and written as
 * JSON for web/page.js. Strings are kept in one arena per scene, so the
 * thousands of frames of a long game reuse the same memory. */
#include "page_internal.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/json.h"
#include "ariadne/memory.h"

/* ------------------------------------------------------------ buffers */

void ar_pg_put(pg_buf *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->len + n + 1)
            cap *= 2;
        b->data = ar_xrealloc(b->data, cap);
        b->cap = cap;
    }
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
}

void ar_pg_puts(pg_buf *b, const char *s)
{
    ar_pg_put(b, s, strlen(s));
}

void ar_pg_printf(pg_buf *b, const char *fmt, ...)
{
    char small[256];
    va_list ap;
    int n;
    va_start(ap, fmt);
    n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n < sizeof small) {
        ar_pg_put(b, small, (size_t)n);
    } else {
        char *big = ar_xmalloc((size_t)n + 1);
        va_start(ap, fmt);
        vsnprintf(big, (size_t)n + 1, fmt, ap);
        va_end(ap);
        ar_pg_put(b, big, (size_t)n);
        free(big);
    }
}

void ar_pg_json_str(pg_buf *b, const char *s)
{
    size_t n = ar_json_escape(s ? s : "", NULL, 0);
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->len + n + 1)
            cap *= 2;
        b->data = ar_xrealloc(b->data, cap);
        b->cap = cap;
    }
    ar_json_escape(s ? s : "", b->data + b->len, n + 1);
    b->len += n;
}

void ar_pg_free(pg_buf *b)
{
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}

/* ------------------------------------------------------------ scenes */

static uint32_t intern(ar_scene *s, const char *text)
{
    uint32_t at;
    if (!text || !*text)
        return 0;
    at = (uint32_t)s->str.len;
    ar_pg_put(&s->str, text, strlen(text) + 1);
    return at;
}

static const char *str_at(const ar_scene *s, uint32_t at)
{
    return at ? s->str.data + at : "";
}

ar_scene *ar_scene_new(void)
{
    ar_scene *s = ar_xcalloc(1, sizeof *s);
    ar_scene_clear(s);
    return s;
}

void ar_scene_clear(ar_scene *s)
{
    s->rows = s->cols = 0;
    s->str.len = 0;
    ar_pg_put(&s->str, "", 1); /* offset 0 is the empty string */
    s->row_labels = s->col_labels = s->caption = s->text = 0;
    s->focus = -1;
    s->space_w = s->space_h = 0;
    s->item_count = 0;
}

void ar_scene_free(ar_scene *s)
{
    if (!s)
        return;
    free(s->cells);
    free(s->items);
    ar_pg_free(&s->str);
    free(s);
}

void ar_scene_grid(ar_scene *s, int rows, int cols)
{
    size_t n, i;
    if (rows < 0 || cols < 0 || (size_t)rows * (size_t)cols > AR_SCENE_MAX_CELLS)
        rows = cols = 0;
    n = (size_t)rows * (size_t)cols;
    if (n > s->cell_cap) {
        s->cells = ar_xrealloc(s->cells, n * sizeof *s->cells);
        s->cell_cap = n;
    }
    for (i = 0; i < n; i++)
        s->cells[i] = (pg_cell){0, 0, 0.0f};
    s->rows = rows;
    s->cols = cols;
}

void ar_scene_cell_sized(ar_scene *s, int row, int col, const char *style, const char *label, double size)
{
    pg_cell *c;
    if (row < 0 || col < 0 || row >= s->rows || col >= s->cols)
        return;
    c = &s->cells[(size_t)row * (size_t)s->cols + (size_t)col];
    c->style = style && strcmp(style, "none") != 0 ? intern(s, style) : 0;
    c->label = intern(s, label);
    c->size = size > 0 && size <= 1 ? (float)size : 0.0f;
}

void ar_scene_cell(ar_scene *s, int row, int col, const char *style, const char *label)
{
    ar_scene_cell_sized(s, row, col, style, label, 0);
}

void ar_scene_axes(ar_scene *s, const char *row_labels, const char *col_labels)
{
    s->row_labels = intern(s, row_labels);
    s->col_labels = intern(s, col_labels);
}

void ar_scene_focus(ar_scene *s, int row, int col)
{
    if (row >= 0 && col >= 0 && row < s->rows && col < s->cols)
        s->focus = row * s->cols + col;
}

void ar_scene_space(ar_scene *s, double width, double height)
{
    s->space_w = width > 0 ? width : 0;
    s->space_h = height > 0 ? height : 0;
}

static void add_item(ar_scene *s, const pg_item *it)
{
    if (s->item_count == s->item_cap) {
        s->item_cap = s->item_cap ? 2 * s->item_cap : 16;
        s->items = ar_xrealloc(s->items, s->item_cap * sizeof *s->items);
    }
    s->items[s->item_count++] = *it;
}

void ar_scene_point(ar_scene *s, double x, double y, double r, const char *style, const char *label)
{
    pg_item it = {'p', x, y, 0, 0, r, intern(s, style), intern(s, label)};
    add_item(s, &it);
}

void ar_scene_line(ar_scene *s, double x1, double y1, double x2, double y2, const char *style,
                   const char *label)
{
    pg_item it = {'l', x1, y1, x2, y2, 0, intern(s, style), intern(s, label)};
    add_item(s, &it);
}

void ar_scene_caption(ar_scene *s, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    s->caption = intern(s, buf);
}

void ar_scene_caption_drawing(ar_scene *s, void (*draw)(const ar_variant *v, const void *pos, char *buf, size_t size),
                              const ar_variant *v, const void *pos)
{
    char *buf = malloc(1 << 16);
    if (!buf)
        return;
    draw(v, pos, buf, 1 << 16);
    ar_scene_caption(s, "%s", buf);
    free(buf);
}

void ar_scene_set_text(ar_scene *s, const char *text)
{
    s->text = intern(s, text);
}

static int plain_style(const char *style);

/* The style a legend ("#=wall .=empty 12=p1") gives character ch. */
static void legend_style(const char *legend, char ch, char *out, size_t size)
{
    const char *w = legend;
    snprintf(out, size, "%s", ch == ' ' ? "empty" : "piece");
    while (w && *w) {
        const char *eq, *end;
        while (*w == ' ')
            w++;
        end = w + strcspn(w, " ");
        eq = memchr(w, '=', (size_t)(end - w));
        /* "==style" names '=' itself: the separator is the last '=' before the style */
        if (eq == w && eq + 1 < end && eq[1] == '=')
            eq++;
        if (eq && memchr(w, ch, (size_t)(eq - w))) {
            size_t n = (size_t)(end - eq - 1);
            if (n >= size)
                n = size - 1;
            memcpy(out, eq + 1, n);
            out[n] = '\0';
            return;
        }
        w = end;
    }
}

void ar_scene_text_grid(ar_scene *s, const char *text, const char *legend)
{
    int rows = 0, cols = 0, r = 0, c = 0;
    const char *t;
    char style[64], label[2] = {0, 0};
    if (!text)
        return;
    for (t = text; *t;) {
        size_t n = strcspn(t, "\n");
        if ((int)n > cols)
            cols = (int)n;
        rows++;
        t += n;
        if (*t == '\n')
            t++;
    }
    ar_scene_grid(s, rows, cols);
    for (t = text; *t; t++) {
        if (*t == '\n') {
            r++;
            c = 0;
            continue;
        }
        legend_style(legend, *t, style, sizeof style);
        label[0] = isalnum((unsigned char)*t) && !plain_style(style) ? *t : '\0';
        ar_scene_cell(s, r, c++, style, label);
    }
}

/* The style the legend gives a word: "WORD=style" exactly, "#=style" for
 * a number, "*=style" for anything else (default "piece"). */
static void word_style(const char *legend, const char *word, size_t len, char *out, size_t size)
{
    const char *w = legend, *any = NULL, *num = NULL;
    size_t k;
    int digits = len > 0;
    for (k = 0; k < len; k++)
        digits &= word[k] >= '0' && word[k] <= '9';
    snprintf(out, size, "piece");
    while (w && *w) {
        const char *end, *eq;
        while (*w == ' ')
            w++;
        end = w + strcspn(w, " ");
        eq = w < end ? memchr(w + 1, '=', (size_t)(end - w - 1)) : NULL;
        if (eq) {
            size_t n = (size_t)(eq - w);
            if (n == len && memcmp(w, word, len) == 0) {
                snprintf(out, size, "%.*s", (int)(end - eq - 1), eq + 1);
                return;
            }
            if (n == 1 && *w == '#')
                num = eq + 1;
            if (n == 1 && *w == '*')
                any = eq + 1;
        }
        w = end;
    }
    if (digits && num)
        snprintf(out, size, "%.*s", (int)strcspn(num, " "), num);
    else if (any)
        snprintf(out, size, "%.*s", (int)strcspn(any, " "), any);
}

void ar_scene_word_grid(ar_scene *s, const char *text, const char *legend, int header_rows, int label_cols)
{
    const char *t, *line;
    int rows = 0, cols = 0, r, pass;
    char style[64], label[64];
    pg_buf rl = {0}, cl = {0};
    for (pass = 0; pass < 2; pass++) {
        r = -header_rows;
        for (line = text; line && *line; r++) {
            size_t n = strcspn(line, "\n");
            int c = -label_cols;
            for (t = line; t < line + n;) {
                size_t len;
                while (t < line + n && (*t == ' ' || *t == '\t'))
                    t++;
                if (t >= line + n)
                    break;
                len = strcspn(t, " \t\n");
                if (len >= sizeof label)
                    len = sizeof label - 1;
                memcpy(label, t, len);
                label[len] = '\0';
                if (pass == 1 && r < 0 && r == -header_rows) {
                    ar_pg_puts(&cl, cl.len ? " " : "");
                    ar_pg_puts(&cl, label);
                } else if (pass == 1 && r >= 0 && c < 0) {
                    ar_pg_puts(&rl, rl.len ? " " : "");
                    ar_pg_puts(&rl, label);
                } else if (pass == 1 && r >= 0) {
                    word_style(legend, t, len, style, sizeof style);
                    ar_scene_cell(s, r, c, style, plain_style(style) ? NULL : label);
                }
                if (r >= 0 && c + 1 > cols)
                    cols = c + 1;
                c++;
                t += len;
            }
            if (r + 1 > rows)
                rows = r + 1;
            line += n;
            if (*line == '\n')
                line++;
        }
        if (pass == 0)
            ar_scene_grid(s, rows, cols);
    }
    ar_scene_axes(s, header_rows || label_cols ? (rl.len ? rl.data : NULL) : NULL, cl.len ? cl.data : NULL);
    ar_pg_free(&rl);
    ar_pg_free(&cl);
}

/* Styles whose look says it all: no label on them. */
static int plain_style(const char *style)
{
    static const char *const plain[] = {"blank", "empty", "wall", "hole", "pin", "stone", "water", "walker", "rod", NULL};
    int k;
    for (k = 0; plain[k]; k++)
        if (strcmp(style, plain[k]) == 0)
            return 1;
    return 0;
}

size_t ar_scene_drawn(const ar_scene *s)
{
    size_t n = s->item_count, i, cells = (size_t)s->rows * (size_t)s->cols;
    for (i = 0; i < cells; i++)
        n += s->cells[i].style != 0;
    return n;
}

void ar_scene_of_state(ar_scene *s, const ar_puzzle *p, const ar_instance *inst, const void *state)
{
    char *text = ar_xmalloc(1 << 16);
    ar_scene_clear(s);
    if (p->picture)
        p->picture(inst, state, s);
    p->format_state(inst, state, text, 1 << 16);
    ar_scene_set_text(s, text);
    free(text);
}

void ar_scene_of_position(ar_scene *s, const ar_game *g, const ar_variant *v, const void *pos)
{
    char *text = ar_xmalloc(1 << 16);
    ar_scene_clear(s);
    if (g->picture)
        g->picture(v, pos, s);
    g->format_position(v, pos, text, 1 << 16);
    ar_scene_set_text(s, text);
    free(text);
}

/* ------------------------------------------------------------ JSON */

void ar_pg_cell_token(const ar_scene *s, size_t index, pg_buf *out)
{
    const pg_cell *c = &s->cells[index];
    const char *label = str_at(s, c->label);
    char tok[256];
    size_t n = (size_t)snprintf(tok, sizeof tok, "%s", c->style ? str_at(s, c->style) : "none");
    if ((*label || c->size > 0) && n + 1 < sizeof tok) {
        tok[n++] = '|';
        for (; *label && n + 1 < sizeof tok; label++)
            tok[n++] = *label == '|' ? '/' : *label;
        tok[n] = '\0';
    }
    if (c->size > 0 && n < sizeof tok)
        snprintf(tok + n, sizeof tok - n, "|%.3g", (double)c->size);
    ar_pg_json_str(out, tok);
}

static void num(pg_buf *b, double x)
{
    if (!isfinite(x))
        x = 0;
    ar_pg_printf(b, "%.4g", x);
}

void ar_pg_scene_rest_json(const ar_scene *s, pg_buf *out)
{
    size_t i;
    ar_pg_printf(out, "\"rows\":%d,\"cols\":%d", s->rows, s->cols);
    if (s->row_labels) {
        ar_pg_puts(out, ",\"rl\":");
        ar_pg_json_str(out, str_at(s, s->row_labels));
    }
    if (s->col_labels) {
        ar_pg_puts(out, ",\"cl\":");
        ar_pg_json_str(out, str_at(s, s->col_labels));
    }
    if (s->focus >= 0)
        ar_pg_printf(out, ",\"focus\":%d", s->focus);
    if (s->space_w > 0 && s->space_h > 0) {
        ar_pg_puts(out, ",\"space\":[");
        num(out, s->space_w);
        ar_pg_puts(out, ",");
        num(out, s->space_h);
        ar_pg_puts(out, "]");
    }
    if (s->item_count) {
        ar_pg_puts(out, ",\"items\":[");
        for (i = 0; i < s->item_count; i++) {
            const pg_item *it = &s->items[i];
            ar_pg_printf(out, "%s[\"%c\",", i ? "," : "", it->kind);
            num(out, it->x1);
            ar_pg_puts(out, ",");
            num(out, it->y1);
            ar_pg_puts(out, ",");
            num(out, it->kind == 'l' ? it->x2 : it->r);
            ar_pg_puts(out, ",");
            num(out, it->kind == 'l' ? it->y2 : 0);
            ar_pg_puts(out, ",");
            ar_pg_json_str(out, str_at(s, it->style));
            ar_pg_puts(out, ",");
            ar_pg_json_str(out, str_at(s, it->label));
            ar_pg_puts(out, "]");
        }
        ar_pg_puts(out, "]");
    }
    if (s->caption) {
        ar_pg_puts(out, ",\"caption\":");
        ar_pg_json_str(out, str_at(s, s->caption));
    }
    ar_pg_puts(out, ",\"text\":");
    ar_pg_json_str(out, str_at(s, s->text));
}

char *ar_scene_json(const ar_scene *s)
{
    pg_buf b = {0};
    size_t i, n = (size_t)s->rows * (size_t)s->cols;
    ar_pg_puts(&b, "{");
    ar_pg_scene_rest_json(s, &b);
    ar_pg_puts(&b, ",\"cells\":[");
    for (i = 0; i < n; i++) {
        if (i)
            ar_pg_puts(&b, ",");
        ar_pg_cell_token(s, i, &b);
    }
    ar_pg_puts(&b, "]}");
    return b.data;
}
