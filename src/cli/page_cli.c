/* page_cli.c — the command line's browser pages (page.h): `solve ... --html
 * OUT [--visualise [--compare ALGO]] [--replay FILE]`, the generic replay
 * format "ariadne-replay" that `ariadne replay FILE [--html OUT]` reads for
 * every puzzle and game, and the game pages of `analyse GAME ... --html OUT
 * [--visualise]` (the line found; alpha-beta's tree). Domains are reached
 * through the registries only. */
#include "cli.h"
#include "page_cli.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/json.h"
#include "ariadne/local.h"
#include "ariadne/memory.h"

/* ---------------------------------------------------------------- solve */

static const char *algorithm_of(const cli *c, const ar_instance *inst, const char *algo)
{
    if (!algo && c->domain->default_algorithm)
        algo = c->domain->default_algorithm(inst);
    return algo ? algo : "astar";
}

/* A puzzle's page: its name, summary and the instance's description. */
static ar_page *puzzle_page_new(const ar_puzzle *p, const ar_instance *inst)
{
    ar_page_info info = {0};
    char desc[512];
    p->describe(inst, desc, sizeof desc);
    info.kind = "puzzle";
    info.domain = p->name;
    info.title = p->name;
    info.summary = p->summary;
    info.subtitle = desc;
    return ar_page_new(&info);
}

int cli_page_begin(cli *c, ar_instance *inst, solve_page *sp)
{
    memset(sp, 0, sizeof *sp);
    if (!c->html) {
        if (c->visualise)
            return ar_tool_fail("option --visualise puts the search in the page: it needs --html OUT");
        if (c->compare)
            return ar_tool_fail("option --compare needs --html OUT --visualise");
        return 0;
    }
    if (strcmp(c->html, "-") == 0)
        return ar_tool_fail("option --html: solve prints its result on standard output, so give the page a file name");
    if (c->compare && !c->visualise)
        return ar_tool_fail("option --compare shows a second search beside the first: it needs --visualise");
    if (c->visualise && c->trace_file)
        return ar_tool_fail("option --visualise records the search for the page; --trace FILE writes a local "
                            "search's steps: give one of them");
    if (c->compare && !ar_algorithm_find(c->compare))
        return ar_tool_fail("option --compare: '%s' is not a generic search algorithm (astar, bfs, idastar, ...)",
                            c->compare);
    sp->pg = puzzle_page_new(c->domain, inst);
    sp->algo = algorithm_of(c, inst, c->search.algorithm);
    if (c->visualise) {
        ar_page_trace_begin(sp->pg, sp->algo, 0, c->domain, inst);
        c->search.on_trace = ar_page_trace_point;
        c->search.on_trace_ctx = sp->pg;
    }
    return 0;
}

ar_status cli_page_emit(void *ctx, const ar_move *moves, size_t count)
{
    solve_page *sp = ctx;
    size_t i;
    for (i = 0; i < count; i++) {
        if (sp->n == sp->cap) {
            if (sp->cap >= AR_PAGE_MAX_FRAMES) {
                sp->over = 1;
                break;
            }
            sp->cap = sp->cap ? 2 * sp->cap : 1024;
            sp->moves = ar_xrealloc(sp->moves, sp->cap * sizeof *sp->moves);
        }
        sp->moves[sp->n++] = moves[i];
    }
    return sp->next.emit ? sp->next.emit(sp->next.ctx, moves, count) : AR_OK;
}

static int write_page_file(ar_page *pg, const char *path, int quiet, const char *what)
{
    FILE *out = fopen(path, "wb");
    ar_error err;
    int failed;
    if (!out)
        return ar_tool_fail("option --html: cannot write '%s': %s", path, strerror(errno));
    ar_error_clear(&err);
    failed = ar_page_write(pg, out, &err) != AR_OK;
    failed |= fclose(out) != 0;
    if (failed)
        return ar_tool_fail("option --html: error writing '%s'", path);
    if (!quiet)
        fprintf(stderr, "wrote %s: %s\n", path, what);
    return 0;
}

/* The generic replay of a puzzle solution (--replay FILE). */
static int write_puzzle_replay(cli *c, ar_instance *inst, const ar_move *moves, uint64_t n)
{
    FILE *out = fopen(c->replay_out, "wb");
    char *text = ar_puzzle_format_moves(c->domain, inst, moves, n);
    const char *instance = c->instance_text ? c->instance_text : c->positional_count ? c->positional[0] : NULL;
    int k, failed;
    if (!out || !text) {
        free(text);
        if (out)
            fclose(out);
        return ar_tool_fail("option --replay: cannot write '%s': %s", c->replay_out, strerror(errno));
    }
    fprintf(out, "{\"format\": \"ariadne-replay\", \"version\": 1, \"puzzle\": \"%s\",\n \"options\": {",
            c->domain->name);
    for (k = 0; k < c->param_count; k++) {
        fprintf(out, "%s", k ? ", " : "");
        ar_json_string(out, c->params[k].name);
        fputs(": ", out);
        if (c->params[k].value)
            ar_json_string(out, c->params[k].value);
        else
            fputs("true", out);
    }
    fputs("},\n \"instance\": ", out);
    if (instance)
        ar_json_string(out, instance);
    else
        fputs("null", out);
    fputs(",\n \"moves\": ", out);
    ar_json_string(out, text);
    fputs("}\n", out);
    free(text);
    failed = ferror(out) != 0;
    failed |= fclose(out) != 0;
    return failed ? ar_tool_fail("option --replay: error writing '%s'", c->replay_out) : 0;
}

int cli_page_finish(cli *c, ar_instance *inst, const ar_result *res, solve_page *sp)
{
    char line[700], what[800];
    const ar_move *moves = res->moves ? res->moves : sp->moves;
    uint64_t n = res->moves ? res->length : sp->n;
    ar_error err;
    int rc = 0;
    if (c->replay_out && res->outcome == AR_OUTCOME_SOLVED && (res->moves || !sp->over))
        rc = write_puzzle_replay(c, inst, moves, n);
    if (!sp->pg || rc)
        return rc;
    ar_result_line(res, line, sizeof line);
    if (c->visualise) {
        ar_page_trace_end(sp->pg, line);
        if (c->compare) {
            ar_search_options o = c->search;
            ar_result r2;
            char line2[700];
            ar_result_init(&r2);
            o.algorithm = c->compare;
            o.heuristic = ar_algorithm_find(c->compare)->flags & AR_ALGO_USES_HEURISTIC ? c->search.heuristic : NULL;
            o.progress = NULL;
            ar_page_trace_begin(sp->pg, c->compare, 0, c->domain, inst);
            ar_error_clear(&err);
            if (ar_solve(c->domain, inst, &o, NULL, &r2, &err) != AR_OK) {
                ar_result_free(&r2);
                return ar_tool_fail("option --compare %s: %s", c->compare, err.message);
            }
            ar_result_line(&r2, line2, sizeof line2);
            ar_page_trace_end(sp->pg, line2);
            ar_result_free(&r2);
        }
    }
    if (sp->over || (res->outcome == AR_OUTCOME_SOLVED && n + 1 > AR_PAGE_MAX_FRAMES))
        return ar_tool_fail("option --html: the solution has %" PRIu64 " moves, and a page shows at most %d: "
                            "no page written", res->length, AR_PAGE_MAX_FRAMES - 1);
    ar_error_clear(&err);
    if (ar_page_puzzle(sp->pg, c->domain, inst, moves, res->outcome == AR_OUTCOME_SOLVED ? n : 0, &err) != AR_OK)
        return ar_tool_fail("option --html: %s", err.message);
    ar_page_result(sp->pg, line);
    snprintf(what, sizeof what, "%s%s", line,
             c->visualise ? (ar_page_trace_capped(sp->pg) ? "; the search's trace reached its cap" : "; with the search")
                          : "");
    return write_page_file(sp->pg, c->html, c->quiet, what);
}

void cli_page_free(solve_page *sp)
{
    ar_page_free(sp->pg);
    free(sp->moves);
    memset(sp, 0, sizeof *sp);
}

/* ---------------------------------------------------- game pages */

ar_page *cli_game_page_new(const ar_game *g, const ar_variant *v, const char *const *players)
{
    ar_page_info info = {0};
    char desc[512];
    int p;
    g->describe(v, desc, sizeof desc);
    info.kind = "game";
    info.domain = g->name;
    info.title = g->name;
    info.summary = g->summary;
    info.subtitle = desc;
    for (p = 0; p < ar_game_players(g, v) && p < AR_MAX_PLAYERS; p++) {
        info.sides[p] = g->player_name(v, p);
        info.players[p] = players && players[p] ? players[p] : "?";
    }
    return ar_page_new(&info);
}

int cli_game_page_line(ar_page *pg, const ar_game *g, const ar_variant *v, const void *pos, const ar_gmove *line,
                       unsigned length, const char *result, const char *path, int quiet)
{
    size_t ps = g->position_size(v);
    unsigned char *p = ar_xmalloc(ps);
    ar_page_ply *plies = ar_xcalloc(length ? length : 1, sizeof *plies);
    size_t n = 0;
    ar_error err;
    int rc;
    memcpy(p, pos, ps);
    /* the line as far as one player moves at a time and its moves are legal */
    while (n < length && g->outcome(v, p) == AR_ONGOING) {
        int who = g->to_move(v, p);
        if (who < 0 || !ar_game_is_legal(g, v, p, who, line[n]))
            break;
        plies[n].who = who;
        plies[n].moves[0] = line[n];
        g->apply(v, p, line[n]);
        n++;
    }
    ar_error_clear(&err);
    if (ar_page_game(pg, g, v, pos, plies, n, &err) != AR_OK) {
        rc = ar_tool_fail("option --html: %s", err.message);
    } else {
        ar_page_result(pg, result);
        rc = write_page_file(pg, path, quiet, result);
    }
    free(plies);
    free(p);
    return rc;
}

/* --------------------------------------------------- the generic replay */

/* The options object of a replay as name/value params (values kept in the
 * tree; "true" for a flag). */
static int replay_params(const ar_json *opts, ar_json_check *chk, ar_param *params, size_t *count)
{
    size_t i;
    *count = 0;
    if (!opts || opts->type == AR_JSON_NULL)
        return 0;
    if (opts->type != AR_JSON_OBJECT)
        return ar_json_fail(chk, opts, "options", "expected an object of option names and values");
    for (i = 0; i < opts->count && i < 64; i++) {
        const ar_json *val = &opts->items[i];
        params[i].name = opts->keys[i];
        if (val->type == AR_JSON_BOOL && val->boolean)
            params[i].value = NULL;
        else if (val->type == AR_JSON_STRING)
            params[i].value = val->string;
        else
            return ar_json_fail(chk, val, "options", "option \"%s\": expected a string (or true for a flag)",
                                opts->keys[i]);
        (*count)++;
    }
    return 0;
}

static void print_state_summary(const char *label, const char *picture, const char *text)
{
    printf("%s:\n%s%s", label, picture, picture[0] && picture[strlen(picture) - 1] != '\n' ? "\n" : "");
    if (strcmp(picture, text) != 0)
        printf("text: %s\n", text);
}

static int replay_puzzle(const ar_replay_request *q, const ar_json *root, ar_json_check *chk)
{
    const ar_json *name = ar_json_need(chk, root, "", "puzzle", AR_JSON_STRING);
    const ar_json *inst_text = ar_json_member(root, "instance");
    const ar_json *moves = ar_json_need(chk, root, "", "moves", AR_JSON_STRING);
    const ar_puzzle *p;
    ar_param params[64];
    size_t np;
    ar_instance *inst = NULL;
    ar_error err;
    unsigned char *state;
    uint64_t length = 0, cost = 0, k;
    int solved = 0, rc = 0;
    ar_move *list = NULL;
    char *picture, *text;
    if (!name || !moves)
        return ar_tool_fail("%s: %s", q->file, chk->err);
    if (!(p = ar_puzzle_find(name->string)))
        return ar_tool_fail("%s: puzzle \"%s\" is not a domain of this program (ariadne list)", q->file, name->string);
    if (replay_params(ar_json_member(root, "options"), chk, params, &np))
        return ar_tool_fail("%s: %s", q->file, chk->err);
    if (inst_text && inst_text->type != AR_JSON_NULL && inst_text->type != AR_JSON_STRING)
        return ar_tool_fail("%s: instance: expected a string or null", q->file);
    ar_error_clear(&err);
    if (p->create(inst_text && inst_text->type == AR_JSON_STRING ? inst_text->string : NULL, params, np, &inst, &err) !=
        AR_OK)
        return ar_tool_fail("%s: %s: %s", q->file, p->name, err.message);
    state = ar_xmalloc(p->state_size(inst));
    if (ar_puzzle_replay(p, inst, moves->string, &length, &cost, &solved, state, &err) != AR_OK) {
        rc = ar_tool_fail("%s: moves: %s", q->file, err.message);
        goto out;
    }
    if (q->turn > (long long)length) {
        rc = ar_replay_bad_turn(q, (long long)length);
        goto out;
    }
    /* the moves as codes, for the page and --turn */
    {
        ar_move *legal = ar_xmalloc(sizeof *legal * (p->max_moves(inst) + 1u));
        const char *s = moves->string;
        list = ar_xmalloc(sizeof *list * (length + 1));
        p->initial_state(inst, state);
        for (k = 0; k < length; k++) {
            const char *tok;
            size_t len = ar_puzzle_next_move(p, &s, &tok);
            if (p->parse_move(inst, state, tok, len, &list[k], &err) != AR_OK)
                break;
            if (q->turn < 0 || (long long)k < q->turn)
                p->apply(inst, state, list[k]);
        }
        free(legal);
    }
    if (q->html) {
        char line[200];
        ar_page *pg = puzzle_page_new(p, inst);
        ar_error_clear(&err);
        if (ar_page_puzzle(pg, p, inst, list, length, &err) != AR_OK) {
            rc = ar_tool_fail("%s: %s", q->file, err.message);
        } else {
            snprintf(line, sizeof line, "%s in %" PRIu64 " moves, cost %" PRIu64, solved ? "solved" : "not solved",
                     length, cost);
            ar_page_result(pg, line);
            rc = write_page_file(pg, q->html, 0, line);
        }
        ar_page_free(pg);
        goto out;
    }
    picture = ar_xmalloc(1 << 16);
    text = ar_xmalloc(1 << 16);
    if (p->draw)
        p->draw(inst, state, picture, 1 << 16);
    else
        p->format_state(inst, state, picture, 1 << 16);
    p->format_state(inst, state, text, 1 << 16);
    if (q->json) {
        printf("{\"puzzle\":\"%s\",\"file\":", p->name);
        ar_json_string(stdout, q->file);
        printf(",\"moves\":%" PRIu64 ",\"cost\":%" PRIu64 ",\"solved\":%s,\"turn\":%lld,\"position\":", length, cost,
               solved ? "true" : "false", q->turn < 0 ? (long long)length : q->turn);
        ar_json_string(stdout, text);
        printf("}\n");
    } else {
        char desc[512];
        p->describe(inst, desc, sizeof desc);
        printf("puzzle:   %s (%s)\nmoves:    %" PRIu64 " (cost %" PRIu64 ")%s\n", p->name, desc, length, cost,
               solved ? ", solved" : ", not solved");
        print_state_summary(q->turn < 0 ? "final position" : "position", picture, text);
    }
    free(picture);
    free(text);
out:
    free(list);
    free(state);
    p->destroy(inst);
    return rc;
}

/* One move of a game replay's list, for the player(s) to move in pos: a
 * string, or for a simultaneous turn an array of one string per player
 * ("-": none), which a game whose moves contain '/' needs. */
static int parse_game_move(const ar_game *g, const ar_variant *v, const void *pos, const ar_json *m,
                           ar_page_ply *ply, char *why, size_t why_size)
{
    int who = g->to_move(v, pos), players = ar_game_players(g, v), p;
    const char *text = m->type == AR_JSON_STRING ? m->string : "";
    ar_error err;
    ply->who = who;
    ar_error_clear(&err);
    if (who == AR_PLAYER_SIMULTANEOUS && m->type == AR_JSON_ARRAY) {
        if (m->count != (size_t)players) {
            snprintf(why, why_size, "a simultaneous turn needs %d moves, one a player (got %zu)", players, m->count);
            return -1;
        }
        for (p = 0; p < players; p++) {
            const ar_json *one = &m->items[p];
            if (one->type != AR_JSON_STRING) {
                snprintf(why, why_size, "player %d: expected a string", p + 1);
                return -1;
            }
            if (strcmp(one->string, "-") == 0)
                ply->moves[p] = AR_GMOVE_NONE;
            else if (g->parse_move(v, pos, p, one->string, strlen(one->string), &ply->moves[p], &err) != AR_OK) {
                snprintf(why, why_size, "player %d: %s", p + 1, err.message);
                return -1;
            }
        }
        return 0;
    }
    if (m->type != AR_JSON_STRING) {
        snprintf(why, why_size, "expected a string%s", who == AR_PLAYER_SIMULTANEOUS ? " or an array of strings" : "");
        return -1;
    }
    if (who == AR_PLAYER_SIMULTANEOUS) {
        const char *s = text;
        for (p = 0; p < players; p++) {
            size_t len = strcspn(s, "/");
            if (len == 1 && *s == '-')
                ply->moves[p] = AR_GMOVE_NONE;
            else if (g->parse_move(v, pos, p, s, len, &ply->moves[p], &err) != AR_OK) {
                snprintf(why, why_size, "player %d: %s", p + 1, err.message);
                return -1;
            }
            s += len;
            if (*s == '/')
                s++;
            else if (p + 1 < players) {
                snprintf(why, why_size, "a simultaneous turn needs %d moves separated by '/'", players);
                return -1;
            }
        }
        return 0;
    }
    if (who == AR_PLAYER_CHANCE) {
        ar_gmove outs[4096];
        double probs[4096];
        unsigned n = g->chance_outcomes && g->max_moves(v, pos) <= 4096 ? g->chance_outcomes(v, pos, outs, probs) : 0, i;
        for (i = 0; i < n; i++) {
            char t[128];
            g->format_move(v, pos, 0, outs[i], t, sizeof t);
            if (strcmp(t, text) == 0) {
                ply->moves[0] = outs[i];
                return 0;
            }
        }
        snprintf(why, why_size, "'%s' is not an outcome of the chance event here", text);
        return -1;
    }
    if (g->parse_move(v, pos, who, text, strlen(text), &ply->moves[0], &err) != AR_OK) {
        snprintf(why, why_size, "%s", err.message);
        return -1;
    }
    return 0;
}

static int replay_game(const ar_replay_request *q, const ar_json *root, ar_json_check *chk)
{
    const ar_json *name = ar_json_need(chk, root, "", "game", AR_JSON_STRING);
    const ar_json *moves = ar_json_need(chk, root, "", "moves", AR_JSON_ARRAY);
    const ar_json *start = ar_json_member(root, "start"), *players = ar_json_member(root, "players");
    const ar_game *g;
    ar_param params[64];
    size_t np, k, n, ps;
    ar_variant *v = NULL;
    ar_error err;
    unsigned char *pos, *start_pos;
    ar_page_ply *plies;
    int rc = 0;
    char why[600];
    if (!name || !moves)
        return ar_tool_fail("%s: %s", q->file, chk->err);
    if (!(g = ar_game_find(name->string)))
        return ar_tool_fail("%s: game \"%s\" is not a game of this program (ariadne list)", q->file, name->string);
    if (replay_params(ar_json_member(root, "options"), chk, params, &np))
        return ar_tool_fail("%s: %s", q->file, chk->err);
    ar_error_clear(&err);
    if (ar_game_create(g, params, np, &v, &err) != AR_OK)
        return ar_tool_fail("%s: %s: %s", q->file, g->name, err.message);
    ps = g->position_size(v);
    pos = ar_xmalloc(ps);
    start_pos = ar_xmalloc(ps);
    if (start && start->type == AR_JSON_STRING) {
        if (g->parse_position(v, start->string, start_pos, &err) != AR_OK) {
            rc = ar_tool_fail("%s: start: %s", q->file, err.message);
            free(pos);
            free(start_pos);
            g->destroy(v);
            return rc;
        }
    } else {
        g->initial_position(v, start_pos);
    }
    memcpy(pos, start_pos, ps);
    n = moves->count;
    plies = ar_xcalloc(n ? n : 1, sizeof *plies);
    for (k = 0; k < n; k++) {
        const ar_json *m = &moves->items[k];
        if (g->outcome(v, pos) != AR_ONGOING) {
            rc = ar_tool_fail("%s: moves[%zu]: the game was already over", q->file, k);
            goto out;
        }
        if (parse_game_move(g, v, pos, m, &plies[k], why, sizeof why)) {
            if (m->type == AR_JSON_STRING)
                rc = ar_tool_fail("%s: moves[%zu] '%s': %s", q->file, k, m->string, why);
            else
                rc = ar_tool_fail("%s: moves[%zu]: %s", q->file, k, why);
            goto out;
        }
        if (q->turn >= 0 && (long long)k >= q->turn)
            continue;
        if (plies[k].who == AR_PLAYER_SIMULTANEOUS)
            ar_game_apply_simultaneous(g, v, pos, plies[k].moves);
        else
            g->apply(v, pos, plies[k].moves[0]);
    }
    if (q->turn > (long long)n) {
        rc = ar_replay_bad_turn(q, (long long)n);
        goto out;
    }
    if (q->html) {
        const char *names[AR_MAX_PLAYERS] = {0};
        char res[300];
        ar_page *pg;
        int p;
        for (p = 0; p < ar_game_players(g, v) && p < AR_MAX_PLAYERS; p++)
            names[p] = players && players->type == AR_JSON_ARRAY && (size_t)p < players->count &&
                               players->items[p].type == AR_JSON_STRING
                           ? players->items[p].string
                           : "?";
        pg = cli_game_page_new(g, v, names);
        ar_error_clear(&err);
        if (ar_page_game(pg, g, v, start_pos, plies, n, &err) != AR_OK) {
            rc = ar_tool_fail("%s: %s", q->file, err.message);
        } else {
            ar_game_result_text(g, v, pos, res, sizeof res);
            ar_page_result(pg, res);
            rc = write_page_file(pg, q->html, 0, res);
        }
        ar_page_free(pg);
        goto out;
    }
    {
        char *picture = ar_xmalloc(1 << 16), *text = ar_xmalloc(1 << 16), res[300];
        if (g->draw)
            g->draw(v, pos, picture, 1 << 16);
        else
            g->format_position(v, pos, picture, 1 << 16);
        g->format_position(v, pos, text, 1 << 16);
        ar_game_result_text(g, v, pos, res, sizeof res);
        if (q->json) {
            printf("{\"game\":\"%s\",\"file\":", g->name);
            ar_json_string(stdout, q->file);
            printf(",\"moves\":%zu,\"turn\":%lld,\"result\":", n, q->turn < 0 ? (long long)n : q->turn);
            ar_json_string(stdout, res);
            printf(",\"position\":");
            ar_json_string(stdout, text);
            printf("}\n");
        } else {
            char desc[512];
            g->describe(v, desc, sizeof desc);
            printf("game:     %s (%s)\nmoves:    %zu\nresult:   %s\n", g->name, desc, n, res);
            print_state_summary(q->turn < 0 ? "final position" : "position", picture, text);
        }
        free(picture);
        free(text);
    }
out:
    free(plies);
    free(pos);
    free(start_pos);
    g->destroy(v);
    return rc;
}

int cli_replay_generic(const ar_replay_request *q)
{
    ar_json root;
    char err[400];
    ar_json_check chk = {q->text, "the replay", err, sizeof err};
    long long version;
    int rc;
    if (ar_json_parse(q->text, q->len, NULL, &root, err, sizeof err) != 0)
        return ar_tool_fail("%s: %s", q->file, err);
    if (ar_json_need_int(&chk, &root, "", "version", 1, 1, &version))
        rc = ar_tool_fail("%s: %s", q->file, err);
    else if (ar_json_member(&root, "puzzle"))
        rc = replay_puzzle(q, &root, &chk);
    else if (ar_json_member(&root, "game"))
        rc = replay_game(q, &root, &chk);
    else
        rc = ar_tool_fail("%s: the replay names no \"puzzle\" and no \"game\"", q->file);
    ar_json_free(&root);
    return rc;
}
