/* page_internal.h — what the scene and page writers share: a growing text
 * buffer, and the scene's layout (cells whose strings live in one arena, so
 * drawing a frame allocates nothing once the buffers have grown). Private to
 * src/page. */
#ifndef ARIADNE_PAGE_INTERNAL_H
#define ARIADNE_PAGE_INTERNAL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include "ariadne/page.h"

typedef struct pg_buf {
    char *data;
    size_t len, cap;
} pg_buf;

void ar_pg_put(pg_buf *b, const char *s, size_t n);
void ar_pg_puts(pg_buf *b, const char *s);
void ar_pg_printf(pg_buf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* s as a script-safe JSON string literal (ar_json_escape). */
void ar_pg_json_str(pg_buf *b, const char *s);
void ar_pg_free(pg_buf *b);

typedef struct pg_cell {
    uint32_t style, label; /* offsets into the scene's strings (0: none) */
    float size;            /* 0: not given */
} pg_cell;

typedef struct pg_item {
    char kind; /* 'p' point, 'l' line */
    double x1, y1, x2, y2, r;
    uint32_t style, label;
} pg_item;

struct ar_scene {
    int rows, cols;
    pg_cell *cells;
    size_t cell_cap;
    pg_buf str; /* the strings, NUL-separated; offset 0 is "" */
    uint32_t row_labels, col_labels, caption, text;
    int focus; /* cell index, -1: none */
    double space_w, space_h;
    pg_item *items;
    size_t item_count, item_cap;
};

/* A cell's token for the page: "style", "style|label" or
 * "style|label|size" (a '|' in the label is written '/'). */
void ar_pg_cell_token(const ar_scene *s, size_t index, pg_buf *out);
/* The scene's JSON without its cells (those are written by the page,
 * whole or as changes): "rows","cols","rl","cl","focus","space","items",
 * "caption","text". */
void ar_pg_scene_rest_json(const ar_scene *s, pg_buf *out);

#endif
