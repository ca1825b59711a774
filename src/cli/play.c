/* play.c — `ariadne play DOMAIN`: a person solves a puzzle at the terminal.
 *
 * Generic over the puzzle interface: the position is drawn with the domain's
 * draw (a picture), else format_state,
 * moves are read in the domain's notation, a bad move is explained (the
 * domain's own parse message) and the prompt comes back with nothing lost.
 * Undo keeps a stack of earlier positions; a hint solves from the current
 * position with the domain's default solver. */
#include "cli.h"
#include "game_cli.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

typedef struct history {
    unsigned char *states;
    ar_move *moves; /* moves[i] led from state i to state i + 1 */
    size_t count, cap, state_size;
} history;

static unsigned char *top_state(history *h) { return h->states + (h->count - 1) * h->state_size; }

/* Pushes a copy of `state`, or of the current top when state is NULL (the
 * copy is made after growing, so it never reads freed memory). */
static void push_state(history *h, const void *state)
{
    if (h->count == h->cap) {
        h->cap = h->cap ? h->cap * 2 : 64;
        h->states = ar_xrealloc(h->states, h->cap * h->state_size);
        h->moves = ar_xrealloc(h->moves, h->cap * sizeof *h->moves);
    }
    memcpy(h->states + h->count * h->state_size, state ? state : (const void *)top_state(h),
           h->state_size);
    h->count++;
}

static ar_status instance_at(cli *c, const ar_instance *inst, const void *state, ar_instance **out,
                             ar_error *err)
{
    const ar_puzzle *p = c->domain;
    char *text;
    ar_status st;
    if (p->with_start)
        return p->with_start(inst, state, out, err);
    text = ar_xmalloc(65536);
    p->format_state(inst, state, text, 65536);
    st = p->create(text, c->params, (size_t)c->param_count, out, err);
    free(text);
    return st;
}

static void show_hint(cli *c, const ar_instance *inst, const void *state)
{
    const ar_puzzle *p = c->domain;
    ar_instance *here = NULL;
    ar_result res;
    ar_error err;
    ar_error_clear(&err);
    if (instance_at(c, inst, state, &here, &err) != AR_OK) {
        printf("no hint available here: %s\n", err.message);
        return;
    }
    if (ar_solve(p, here, &c->search, NULL, &res, &err) != AR_OK) {
        printf("no hint: %s\n", err.message);
    } else if (res.outcome == AR_OUTCOME_NO_SOLUTION) {
        printf("no hint: this position cannot be solved (%s); try undo\n", res.note);
    } else if (!res.moves || res.length == 0) {
        printf("no hint: the solver stopped (%s) before finding a solution\n",
               ar_stop_reason_name(res.stop));
    } else {
        char move[64];
        size_t n = p->format_move(here, res.moves[0], move, sizeof move);
        move[n < sizeof move ? n : sizeof move - 1] = '\0';
        printf("hint: %s  (%" PRIu64 " moves to the goal%s)\n", move, res.length,
               res.optimal ? ", optimal" : ", not proven optimal");
    }
    ar_progress_finish(&c->progress);
    ar_result_free(&res);
    p->destroy(here);
}

/* The moves so far (the last few): what a person wants beside the picture. */
static void show_recent(const ar_puzzle *p, const ar_instance *inst, const history *h)
{
    size_t k, from = h->count > 9 ? h->count - 9 : 1;
    char buf[64];
    if (h->count < 2)
        return;
    printf("moves so far: %zu%s", h->count - 1, from > 1 ? " (the last 8: ... " : " (");
    for (k = from; k < h->count; k++) {
        size_t len = p->format_move(inst, h->moves[k - 1], buf, sizeof buf);
        printf("%s%.*s", k == from ? "" : " ", (int)(len < sizeof buf ? len : sizeof buf - 1), buf);
    }
    printf(")\n");
}

static void show_moves(const ar_puzzle *p, const ar_instance *inst, const void *state)
{
    unsigned max = p->max_moves(inst), n, i;
    ar_move *moves = ar_xmalloc(sizeof *moves * (max + 1u));
    char buf[64];
    n = p->legal_moves(inst, state, moves);
    printf("legal moves:");
    for (i = 0; i < n; i++) {
        size_t len = p->format_move(inst, moves[i], buf, sizeof buf);
        printf(" %.*s", (int)(len < sizeof buf ? len : sizeof buf - 1), buf);
    }
    printf("%s\n", n ? "" : " none");
    free(moves);
}

int verb_play(int argc, char **argv)
{
    if (argc > 1 && ar_game_find(argv[1])) return verb_play_game(argc, argv);
    cli c;
    ar_instance *inst = NULL;
    history h = {NULL, NULL, 0, 0, 0};
    char line[1024], *text;
    int rc;
    const ar_puzzle *p;
    ar_move *legal;

    rc = cli_parse(&c, argc, argv, 1);
    if (rc)
        return rc;
    if (c.positional_count > 1)
        return ar_tool_fail("play: unexpected argument '%s'", c.positional[1]);
    rc = cli_make_instance(&c, c.positional_count ? c.positional[0] : NULL, &inst);
    if (rc) {
        cli_free(&c);
        return rc;
    }
    p = c.domain;
    if (c.search.limits.time_limit <= 0)
        c.search.limits.time_limit = 30.0; /* a hint should not keep a person waiting for ever */
    h.state_size = p->state_size(inst);
    text = ar_xmalloc(65536);
    legal = ar_xmalloc(sizeof *legal * (p->max_moves(inst) + 1u));
    {
        unsigned char *s = ar_xmalloc(h.state_size);
        p->initial_state(inst, s);
        push_state(&h, s);
        free(s);
    }
    printf("%s — type a move, or: undo, hint, moves, restart, help, quit\n", p->name);
    for (;;) {
        unsigned char *state = top_state(&h);
        ar_move m;
        ar_error err;
        size_t len;
        char *cmd;
        if (p->draw)
            p->draw(inst, state, text, 65536);
        else
            p->format_state(inst, state, text, 65536);
        printf("\n%s\n", text);
        show_recent(p, inst, &h);
        if (p->is_goal(inst, state)) /* stays open: undo, restart or quit */
            printf("solved in %zu moves! (undo, restart or quit)\n", h.count - 1);
        printf("move %zu> ", h.count);
        fflush(stdout);
        if (!fgets(line, sizeof line, stdin)) {
            puts("");
            rc = 0;
            break;
        }
        len = strcspn(line, "\r\n");
        line[len] = '\0';
        cmd = line;
        while (*cmd == ' ' || *cmd == '\t')
            cmd++;
        len = strlen(cmd);
        while (len && (cmd[len - 1] == ' ' || cmd[len - 1] == '\t'))
            cmd[--len] = '\0';
        if (!*cmd)
            continue;
        if (strcmp(cmd, "quit") == 0 || strcmp(cmd, "q") == 0) {
            rc = 0;
            break;
        }
        if (strcmp(cmd, "help") == 0 || strcmp(cmd, "?") == 0) {
            printf("%s\n\nCommands: undo, hint, moves, restart, help, quit\n", p->help);
            continue;
        }
        if (strcmp(cmd, "undo") == 0) {
            if (h.count > 1)
                h.count--;
            else
                puts("nothing to undo");
            continue;
        }
        if (strcmp(cmd, "restart") == 0) {
            h.count = 1;
            continue;
        }
        if (strcmp(cmd, "moves") == 0) {
            show_moves(p, inst, state);
            continue;
        }
        if (strcmp(cmd, "hint") == 0) {
            show_hint(&c, inst, state);
            continue;
        }
        ar_error_clear(&err);
        if (p->parse_move(inst, state, cmd, len, &m, &err) != AR_OK) {
            printf("not a move here: %s (type `moves` for the legal moves)\n", err.message);
            continue;
        }
        {
            unsigned n = p->legal_moves(inst, state, legal), i;
            int ok = (p->flags & AR_PUZZLE_FREE_ORDER) != 0; /* parse_move checked it */
            for (i = 0; i < n; i++)
                ok |= legal[i] == m;
            if (p->is_goal(inst, state)) {
                puts("the puzzle is solved: undo, restart or quit");
                continue;
            }
            if (!ok) {
                printf("'%s' is not legal in this position (type `moves` for the legal moves)\n", cmd);
                continue;
            }
        }
        push_state(&h, NULL);
        h.moves[h.count - 2] = m;
        p->apply(inst, top_state(&h), m);
    }
    free(text);
    free(legal);
    free(h.states);
    free(h.moves);
    p->destroy(inst);
    cli_free(&c);
    return rc;
}
