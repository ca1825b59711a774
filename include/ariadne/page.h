/* ariadne/page.h — pictures of puzzles and games, and the self-contained HTML
 * pages that animate them in a browser.
 *
 * Every domain draws a state for the browser through the `picture` slot of
 * its descriptor (puzzle.h, game.h): it fills an ar_scene, a description of
 * the picture rather than pixels, which the one page script (web/page.js)
 * draws on a canvas. A scene is made of
 *   - a grid of cells, each with a style (from the page's palette: "tile",
 *     "wall", "p1", ... see docs/adding-a-domain.md) and a label,
 *     optionally a size (a disc's width, a jug's level) and labels for the
 *     rows and columns ("a".."h", "8".."1");
 *   - points and lines in the grid's coordinates (cities and a tour, planets
 *     and fleets, bridges);
 *   - a caption, and the domain's text of the state (format_state or
 *     format_position), which the page shows as "board as text" and which
 *     the browser tests compare with the command line's output.
 * The smallest picture is two lines: ar_scene_text_grid() turns a text board
 * (the domain's `draw` output) into a grid of one character per cell, with a
 * legend saying which characters are walls, pieces of player 1, ....
 *
 * The page (ar_page_*) is one HTML file with its script, style and data
 * inline, loading nothing (a Content-Security-Policy forbids it): frame 0 is
 * the start, frame k the state after move k; the page steps, plays and
 * slides through them, lists the moves beside the board, and can animate a
 * recorded search (the visualiser, ar_page_trace_*). Frames are delta-encoded
 * (only changed cells are written), so a long game stays small. */
#ifndef ARIADNE_PAGE_H
#define ARIADNE_PAGE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "ariadne/error.h"
#include "ariadne/game.h"
#include "ariadne/puzzle.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ar_scene ar_scene;

/* --- drawing a scene (what a domain's picture slot calls) --- */

/* A grid of rows x cols cells, all of style "none" (not drawn) until set.
 * At most AR_SCENE_MAX_CELLS cells. */
#define AR_SCENE_MAX_CELLS 250000
void ar_scene_grid(ar_scene *s, int rows, int cols);
/* Cell (row, col) from the top left: its style (one or more palette names
 * joined by '+', e.g. "tile+hi" for a highlighted tile), and label (may be
 * NULL or ""). Out-of-grid cells are ignored. */
void ar_scene_cell(ar_scene *s, int row, int col, const char *style, const char *label);
/* The same with a size in (0, 1]: the width of a "bar" (a disc on a rod), the
 * height of a "level" (water in a jug), the radius of a "disc". */
void ar_scene_cell_sized(ar_scene *s, int row, int col, const char *style, const char *label, double size);
/* Labels of the rows (top to bottom) and columns (left to right), as words
 * separated by spaces ("8 7 6 5 4 3 2 1", "a b c d e f g h"); NULL: none. */
void ar_scene_axes(ar_scene *s, const char *row_labels, const char *col_labels);
/* The cell that stands for the state (the walker's square on a grid, the
 * blank of a sliding puzzle): the search visualiser paints the cells of the
 * states a search expanded, in order (Lee's wave). */
void ar_scene_focus(ar_scene *s, int row, int col);
/* Without a grid: the drawing's extent for points and lines (x to the right,
 * y down, from 0). With a grid, coordinates are in cells (cell (r, c) spans
 * x c..c+1, y r..r+1). */
void ar_scene_space(ar_scene *s, double width, double height);
/* A point (drawn as a circle of radius r) and a line segment, with a style
 * and a label (may be NULL). */
void ar_scene_point(ar_scene *s, double x, double y, double r, const char *style, const char *label);
void ar_scene_line(ar_scene *s, double x1, double y1, double x2, double y2, const char *style,
                   const char *label);
/* One or more lines of text shown under the picture (printf-style). */
void ar_scene_caption(ar_scene *s, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* The board as text: every character of text (rows separated by '\n') is a
 * cell labelled with that character; `legend` gives the style of characters,
 * as "CHARS=STYLE" words separated by spaces ("#=wall .=empty 12=p1"):
 * a character not named gets style "piece", a space "empty". The smallest
 * picture a domain can give: draw into a buffer, then call this. */
void ar_scene_text_grid(ar_scene *s, const char *text, const char *legend);

/* The caption as a game's text drawing (`draw` is its draw slot): the
 * smallest picture a game whose position is not a board can give. */
void ar_scene_caption_drawing(ar_scene *s, void (*draw)(const ar_variant *v, const void *pos, char *buf, size_t size),
                              const ar_variant *v, const void *pos);

/* The board as words: each line of text a row, each word (separated by
 * spaces) a cell labelled with it, styled by the legend ("0=blank #=tile
 * *=piece": a word exactly, '#' any number, '*' anything else). The first
 * header_rows lines are skipped, the first of them giving the columns'
 * labels; the first label_cols words of a row are its label. */
void ar_scene_word_grid(ar_scene *s, const char *text, const char *legend, int header_rows, int label_cols);

/* --- a domain's picture, through the descriptors --- */

/* The scene of a puzzle state / game position: calls the domain's picture
 * slot and records its text (format_state / format_position). */
void ar_scene_of_state(ar_scene *s, const ar_puzzle *p, const ar_instance *inst, const void *state);
void ar_scene_of_position(ar_scene *s, const ar_game *g, const ar_variant *v, const void *pos);

/* A scene on its own (for tests and the playground), its JSON, and release. */
ar_scene *ar_scene_new(void);
void ar_scene_clear(ar_scene *s);
/* One JSON object: {"rows","cols","cells":[tokens],"rl","cl","focus",
 * "space","items","caption","text"}; malloc'd, NUL-terminated. */
char *ar_scene_json(const ar_scene *s);
/* Facts the conformance tests check: the number of cells with a style other
 * than "none", points and lines. */
size_t ar_scene_drawn(const ar_scene *s);
void ar_scene_set_text(ar_scene *s, const char *text);
void ar_scene_free(ar_scene *s);

/* --- the page --- */

typedef struct ar_page ar_page;

typedef struct ar_page_info {
    const char *kind;      /* "puzzle" or "game" */
    const char *domain;    /* the registry name */
    const char *title;     /* the domain's name, shown as the heading */
    const char *summary;   /* what it is, one line (the descriptor's summary) */
    const char *subtitle;  /* the instance or variant, one line */
    const char *players[AR_MAX_PLAYERS]; /* games: who played each side (NULL ends) */
    const char *sides[AR_MAX_PLAYERS];   /* games: the sides' names, player_name ("X", "White") */
    /* A JSON value embedded as data.source for a domain's own checks (a
     * replay file as read), written as given: it must come from ariadne's
     * own writer (script-safe strings, ar_json_escape). May be NULL. */
    const char *source_json;
} ar_page_info;

/* At most this many frames (moves + 1) in one page: a longer solution gets
 * an error naming the limit, never a page cut short. */
#define AR_PAGE_MAX_FRAMES 20000

/* Starts a page; frames are added with ar_page_frame and the page is written
 * by ar_page_finish. */
ar_page *ar_page_new(const ar_page_info *info);
/* A fresh scene for the next frame (cleared); draw into it, then call
 * ar_page_frame. */
ar_scene *ar_page_scene(ar_page *pg);
/* Adds the scene as the next frame: frame 0 has no move (move NULL); frame
 * k > 0 comes after `move` (its notation) by `player` (-1: no player: a
 * puzzle's move, chance, or a simultaneous turn whose text names them all).
 * AR_ERR_LIMIT past AR_PAGE_MAX_FRAMES (the message says so). */
ar_status ar_page_frame(ar_page *pg, const char *move, int player, ar_error *err);
/* The result line shown at the last frame ("solved in 7 moves, optimal",
 * "X wins"). */
void ar_page_result(ar_page *pg, const char *text);

/* --- the search visualiser: a recorded search in the page --- */

/* A search recorded for the page (search.h's on_trace): call
 * ar_page_trace_begin before the search with its name, then hand
 * ar_page_trace_point as the on_trace callback with the page as context.
 * Up to `cap` expansions are kept (0: AR_PAGE_TRACE_CAP); past it the trace
 * says it was cut and the page shows that message. */
#define AR_PAGE_TRACE_CAP 20000
struct ar_trace_point;
void ar_page_trace_begin(ar_page *pg, const char *algorithm, size_t cap, const ar_puzzle *p,
                         const ar_instance *inst);
void ar_page_trace_point(void *page, const struct ar_trace_point *pt);
/* Ends the current trace with the search's result line. */
void ar_page_trace_end(ar_page *pg, const char *result);
/* Whether the current or last trace reached its cap. */
int ar_page_trace_capped(const ar_page *pg);

/* The game tree of alpha-beta (gamesearch.h's on_node, with the page as
 * its context): up to `cap` events (0: AR_PAGE_TRACE_CAP) of the last
 * iteration of the deepening; ar_page_tree_end closes it with the result. */
struct ar_search_node_event;
void ar_page_tree_begin(ar_page *pg, size_t cap);
void ar_page_tree_event(void *page, const struct ar_search_node_event *ev);
void ar_page_tree_end(ar_page *pg, const char *result);

/* Writes the page to out (the template of web/, with the data inline).
 * Returns AR_OK, or AR_ERR_IO. Frees nothing: call ar_page_free. */
ar_status ar_page_write(ar_page *pg, FILE *out, ar_error *err);
void ar_page_free(ar_page *pg);

/* --- whole pages in one call --- */

/* The page of a puzzle solution: the start and the state after each move,
 * replayed with the domain's rules (every move is checked legal). */
ar_status ar_page_puzzle(ar_page *pg, const ar_puzzle *p, const ar_instance *inst, const ar_move *moves,
                         uint64_t count, ar_error *err);
/* One ply of a game for ar_page_game: who moved (a player, or
 * AR_PLAYER_SIMULTANEOUS with moves[] one per player, or AR_PLAYER_CHANCE)
 * and the move(s). */
typedef struct ar_page_ply {
    int who;
    ar_gmove moves[AR_MAX_PLAYERS];
} ar_page_ply;
/* The page of a game: start (NULL: the initial position) and each ply,
 * replayed with the game's rules (legality checked). */
ar_status ar_page_game(ar_page *pg, const ar_game *g, const ar_variant *v, const void *start,
                       const ar_page_ply *plies, size_t count, ar_error *err);

/* The page's parts, embedded from web/ at build time (the playground and
 * tests use them too): the HTML template with its markers, the style and
 * the script. */
const char *ar_page_asset(const char *name); /* "page.html", "page.css", "page.js"; NULL if unknown */

#ifdef __cplusplus
}
#endif
#endif
