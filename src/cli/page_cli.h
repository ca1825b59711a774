/* page_cli.h — the command line's browser pages (page_cli.c): solve's page
 * and the generic replay format. */
#ifndef ARIADNE_PAGE_CLI_H
#define ARIADNE_PAGE_CLI_H

#include "ariadne/page.h"
#include "cli.h"

/* What `solve --html` keeps while the search runs: the page (and its
 * recorded search), and a streamed solution's moves. */
typedef struct solve_page {
    ar_page *pg;
    const char *algo;
    ar_move *moves;
    size_t n, cap;
    int over;           /* more moves than a page shows */
    ar_move_sink next;  /* where streamed moves go on to (the printer) */
} solve_page;

/* Checks --html/--visualise/--compare/--replay and starts the page (and
 * the search's recording); 0 or an exit status after the message. */
int cli_page_begin(cli *c, ar_instance *inst, solve_page *sp);
/* A sink that keeps streamed moves for the page, then hands them on. */
ar_status cli_page_emit(void *ctx, const ar_move *moves, size_t count);
/* After the search: the replay file and the page (with --compare's second
 * search); 0 or an exit status. */
int cli_page_finish(cli *c, ar_instance *inst, const ar_result *res, solve_page *sp);
void cli_page_free(solve_page *sp);

/* A game's page: its variant and sides (players: who played each, NULL: "?"). */
ar_page *cli_game_page_new(const ar_game *g, const ar_variant *v, const char *const *players);
/* Adds the position and the line played from it (as far as its moves are
 * legal, one player at a time), the result line, and writes the page to
 * path; 0 or an exit status. */
int cli_game_page_line(ar_page *pg, const ar_game *g, const ar_variant *v, const void *pos, const ar_gmove *line,
                       unsigned length, const char *result, const char *path, int quiet);

/* `ariadne replay FILE` for the generic format "ariadne-replay". */
int cli_replay_generic(const ar_replay_request *q);

#endif
