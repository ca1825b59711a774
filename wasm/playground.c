/* playground.c — the small C interface the WebAssembly playground (web/
 * playground/) calls: the registries as a catalogue, one open puzzle or game
 * at a time with its history, moves played by their notation, a solve from
 * the current state with the same limits as the command line (and the
 * search recorded for the page's visualiser), and the registry's bots.
 *
 * It lives around the library, as the Python module does (python/src/): it
 * uses the public headers only and names no domain. Every function returns
 * one JSON object as text, owned here and valid until the next call (the
 * page reads it at once); a mistake comes back as {"error": "..."} naming
 * it, as the command line's one line on stderr. Nothing here is specific
 * to WebAssembly: it builds and runs natively too. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/arena.h"
#include "ariadne/game.h"
#include "ariadne/gamesearch.h"
#include "ariadne/limits.h"
#include "ariadne/page.h"
#include "ariadne/puzzle.h"
#include "ariadne/rng.h"
#include "ariadne/search.h"
#include "ariadne/tool.h"
#include "playground.h" /* the functions the page calls (exported by wasm/CMakeLists.txt) */


#define TEXT_MAX 65536
#define LEGAL_SHOWN 600 /* moves listed for clicking; more are typed */

/* ------------------------------------------------------------ the answer */

static char *answer;
static size_t answer_len;

static FILE *begin(void)
{
    free(answer);
    answer = NULL;
    return open_memstream(&answer, &answer_len);
}

static const char *finish(FILE *out)
{
    return fclose(out) == 0 && answer ? answer : "{\"error\": \"out of memory\"}";
}

static const char *fail(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
static const char *fail(const char *fmt, ...)
{
    FILE *out = begin();
    char msg[AR_ERROR_MESSAGE_MAX + 400];
    va_list ap;
    if (!out)
        return "{\"error\": \"out of memory\"}";
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fputs("{\"error\": ", out);
    ar_json_string(out, msg);
    fputs("}", out);
    return finish(out);
}

static void member(FILE *out, const char *name, const char *value, int comma)
{
    fprintf(out, "%s\"%s\": ", comma ? ", " : "", name);
    if (value)
        ar_json_string(out, value);
    else
        fputs("null", out);
}

/* ------------------------------------------------------------- catalogue */

static void option_list(FILE *out, const ar_option_spec *o)
{
    fputs("[", out);
    for (int k = 0; o && o[k].name; k++) {
        fputs(k ? ", {" : "{", out);
        member(out, "name", o[k].name, 0);
        member(out, "metavar", o[k].metavar, 1);
        member(out, "help", o[k].help, 1);
        fputs("}", out);
    }
    fputs("]", out);
}

static void puzzle_entry(FILE *out, const ar_puzzle *p)
{
    fputs("{", out);
    member(out, "name", p->name, 0);
    member(out, "summary", p->summary, 1);
    member(out, "help", p->help, 1);
    fputs(", \"options\": ", out);
    option_list(out, p->options);
    fputs(", \"heuristics\": [", out);
    for (int k = 0; p->heuristics && p->heuristics[k].name; k++) {
        fputs(k ? ", " : "", out);
        ar_json_string(out, p->heuristics[k].name);
    }
    fputs("], \"solvers\": [", out);
    for (int k = 0; p->solvers && p->solvers[k].name; k++) {
        fputs(k ? ", " : "", out);
        ar_json_string(out, p->solvers[k].name);
    }
    fputs("], \"examples\": [", out);
    for (int k = 0; p->examples && p->examples[k].note; k++) {
        fputs(k ? ", {" : "{", out);
        member(out, "options", p->examples[k].options, 0);
        member(out, "instance", p->examples[k].instance, 1);
        member(out, "note", p->examples[k].note, 1);
        fprintf(out, ", \"cost\": %" PRIu64 ", \"unsolvable\": %s}", p->examples[k].cost,
                p->examples[k].unsolvable ? "true" : "false");
    }
    fputs("]}", out);
}

static void bot_kind_list(FILE *out, const ar_bot_kind *kinds, int *first)
{
    for (int k = 0; kinds && kinds[k].name; k++) {
        fputs(*first ? "{" : ", {", out);
        *first = 0;
        member(out, "name", kinds[k].name, 0);
        member(out, "summary", kinds[k].summary, 1);
        member(out, "options", kinds[k].options, 1);
        fputs("}", out);
    }
}

static void game_entry(FILE *out, const ar_game *g)
{
    int first = 1;
    fputs("{", out);
    member(out, "name", g->name, 0);
    member(out, "summary", g->summary, 1);
    member(out, "help", g->help, 1);
    member(out, "default_bot", g->default_bot, 1);
    fprintf(out, ", \"hidden\": %s", g->flags & AR_GAME_HIDDEN ? "true" : "false");
    fputs(", \"options\": ", out);
    option_list(out, g->options);
    fputs(", \"bots\": [", out);
    bot_kind_list(out, g->bot_kinds, &first);
    bot_kind_list(out, ar_bot_kinds(), &first);
    fputs("], \"variants\": [", out);
    for (int k = 0; g->test_variants && g->test_variants[k]; k++) {
        fputs(k ? ", " : "", out);
        ar_json_string(out, g->test_variants[k]);
    }
    fputs("]}", out);
}

const char *pg_catalog(void)
{
    FILE *out = begin();
    const ar_puzzle *const *ps = ar_puzzles();
    const ar_game *const *gs = ar_games();
    const ar_algorithm *algos = ar_algorithms();
    if (!out)
        return "{\"error\": \"out of memory\"}";
    fputs("{\"puzzles\": [", out);
    for (int k = 0; ps[k]; k++) {
        fputs(k ? ",\n" : "", out);
        puzzle_entry(out, ps[k]);
    }
    fputs("],\n\"games\": [", out);
    for (int k = 0; gs[k]; k++) {
        fputs(k ? ",\n" : "", out);
        game_entry(out, gs[k]);
    }
    fputs("],\n\"algorithms\": [", out);
    for (int k = 0; algos[k].name; k++) {
        fputs(k ? ", {" : "{", out);
        member(out, "name", algos[k].name, 0);
        member(out, "summary", algos[k].summary, 1);
        fprintf(out, ", \"optimal\": %s}", algos[k].flags & AR_ALGO_OPTIMAL ? "true" : "false");
    }
    /* what every solve may use (the library's default: half the memory there is) */
    fprintf(out, "], \"memory_limit\": %zu}", ar_default_memory_limit());
    return finish(out);
}

/* --------------------------------------------------------- the session */

/* The open puzzle or game: its options, and every state from the start
 * (history[0]) to the current one, with the move that led to each. */
static struct {
    const ar_puzzle *p;
    ar_instance *inst;
    const ar_game *g;
    ar_variant *v;
    char options[2048];      /* as given */
    char option_words[2048]; /* split into params */
    ar_param params[AR_PARAMS_MAX];
    size_t param_count;
    size_t size;
    unsigned char *history;
    char **moves; /* moves[k] led from history[k] to history[k + 1] */
    size_t count, cap;
    int viewer; /* hidden information: whose view the page shows (-1: everything) */
    ar_bot *bots[AR_MAX_PLAYERS];
    char bot_spec[AR_MAX_PLAYERS][256];
    ar_rng rng;
} S;

static void *current(void)
{
    return S.history + (S.count - 1) * S.size;
}

static void close_session(void)
{
    for (int k = 0; k < AR_MAX_PLAYERS; k++) {
        if (S.bots[k])
            ar_bot_destroy(S.bots[k]);
        S.bots[k] = NULL;
    }
    if (S.inst)
        S.p->destroy(S.inst);
    if (S.v)
        S.g->destroy(S.v);
    for (size_t k = 0; k + 1 < S.count; k++)
        free(S.moves[k]);
    free(S.moves);
    free(S.history);
    memset(&S, 0, sizeof S);
}

/* Appends a copy of the current state (to be changed by a move). */
static void *push(const char *move)
{
    if (S.count == S.cap) {
        S.cap = S.cap ? 2 * S.cap : 64;
        S.history = ar_xrealloc(S.history, S.cap * S.size);
        S.moves = ar_xrealloc(S.moves, S.cap * sizeof *S.moves);
    }
    memcpy(S.history + S.count * S.size, current(), S.size);
    S.moves[S.count - 1] = ar_xstrdup(move);
    return S.history + S.count++ * S.size;
}

const char *pg_open(const char *kind, const char *name, const char *options, const char *start)
{
    ar_error err;
    ar_status st;
    const char *text = start && start[strspn(start, " \t\r\n")] ? start : NULL;
    close_session();
    ar_error_clear(&err);
    snprintf(S.options, sizeof S.options, "%s", options ? options : "");
    memcpy(S.option_words, S.options, sizeof S.options);
    S.param_count = ar_param_split(S.option_words, S.params, AR_PARAMS_MAX);
    if (strcmp(kind, "puzzle") == 0) {
        ar_params checked;
        S.p = ar_puzzle_find(name);
        if (!S.p)
            return fail("unknown puzzle '%.60s'", name);
        /* the options against the domain's table, as the command line holds them */
        ar_params_init(&checked);
        for (size_t k = 0; k < S.param_count; k++) {
            if (S.params[k].value)
                ar_params_text(&checked, S.params[k].name, S.params[k].value);
            else
                ar_params_flag(&checked, S.params[k].name);
        }
        st = ar_params_check(&checked, S.p->options, &err);
        if (st == AR_OK)
            st = S.p->create(text, S.params, S.param_count, &S.inst, &err);
        if (st != AR_OK) {
            S.inst = NULL;
            close_session();
            return fail("%s: %s", name, err.message[0] ? err.message : ar_status_name(st));
        }
        S.size = S.p->state_size(S.inst);
    } else if (strcmp(kind, "game") == 0) {
        S.g = ar_game_find(name);
        if (!S.g)
            return fail("unknown game '%.60s'", name);
        st = ar_game_create(S.g, S.params, S.param_count, &S.v, &err);
        if (st != AR_OK) {
            S.v = NULL;
            close_session();
            return fail("%s: %s", name, err.message[0] ? err.message : ar_status_name(st));
        }
        S.size = S.g->position_size(S.v);
    } else {
        return fail("unknown kind '%.20s' (puzzle or game)", kind);
    }
    S.cap = 64;
    S.history = ar_xcalloc(S.cap, S.size ? S.size : 1);
    S.moves = ar_xcalloc(S.cap, sizeof *S.moves);
    S.count = 1;
    S.viewer = -1;
    ar_rng_seed(&S.rng, 1);
    if (S.p) {
        S.p->initial_state(S.inst, current());
    } else if (text) {
        st = S.g->parse_position(S.v, text, current(), &err);
        if (st != AR_OK) {
            close_session();
            return fail("%s: %s", name, err.message);
        }
    } else {
        S.g->initial_position(S.v, current());
    }
    return pg_state();
}

/* --------------------------------------------------------- the state */

static void move_list(FILE *out, const char *name, unsigned n, const ar_gmove *gm, const ar_move *pm, int player,
                      const void *pos)
{
    char buf[256];
    fprintf(out, ", \"%s\": [", name);
    for (unsigned k = 0; k < n && k < LEGAL_SHOWN; k++) {
        if (pm)
            S.p->format_move(S.inst, pm[k], buf, sizeof buf);
        else
            S.g->format_move(S.v, pos, player, gm[k], buf, sizeof buf);
        fputs(k ? ", " : "", out);
        ar_json_string(out, buf);
    }
    fprintf(out, "], \"%s_count\": %u", name, n);
}

static void game_state(FILE *out, const void *pos)
{
    const ar_game *g = S.g;
    int who = g->to_move(S.v, pos), players = ar_game_players(g, S.v);
    ar_game_outcome oc = g->outcome(S.v, pos);
    unsigned max = g->max_moves(S.v, pos);
    ar_gmove *gm = ar_xcalloc(max ? max : 1, sizeof *gm);
    double *probs = ar_xcalloc(max ? max : 1, sizeof *probs);
    char buf[512];
    ar_game_result_text(g, S.v, pos, buf, sizeof buf);
    fprintf(out, ", \"players\": %d, \"to_move\": %d, \"over\": %s", players, oc == AR_ONGOING ? who : -3,
            oc == AR_ONGOING ? "false" : "true");
    member(out, "result", buf, 1);
    fputs(", \"sides\": [", out);
    for (int p = 0; p < players; p++) {
        fputs(p ? ", " : "", out);
        ar_json_string(out, g->player_name(S.v, p));
    }
    fputs("]", out);
    if (oc == AR_ONGOING && who == AR_PLAYER_CHANCE && g->chance_outcomes)
        move_list(out, "legal", g->chance_outcomes(S.v, pos, gm, probs), gm, NULL, 0, pos);
    else if (oc == AR_ONGOING && who >= 0)
        move_list(out, "legal", g->legal_moves(S.v, pos, who, gm), gm, NULL, who, pos);
    if (oc == AR_ONGOING && who == AR_PLAYER_SIMULTANEOUS) {
        fputs(", \"legal_by_player\": [", out);
        for (int p = 0; p < players; p++) {
            unsigned n = g->legal_moves(S.v, pos, p, gm);
            fputs(p ? ", {\"x\": 0" : "{\"x\": 0", out);
            move_list(out, "legal", n, gm, NULL, p, pos);
            fputs("}", out);
        }
        fputs("]", out);
    }
    free(gm);
    free(probs);
}

const char *pg_state(void)
{
    FILE *out;
    ar_scene *scene;
    char *json, *desc;
    unsigned char *view;
    if (!S.p && !S.g)
        return fail("nothing is open");
    out = begin();
    scene = ar_scene_new();
    desc = ar_xmalloc(TEXT_MAX);
    /* what is shown: the state, or in a game of hidden information a
       person's own view until the game ends */
    view = ar_xmalloc(S.size ? S.size : 1);
    if (S.g && S.viewer >= 0 && S.g->outcome(S.v, current()) == AR_ONGOING)
        ar_game_observe(S.g, S.v, current(), S.viewer, view);
    else
        memcpy(view, current(), S.size);
    if (S.p) {
        ar_scene_of_state(scene, S.p, S.inst, view);
        S.p->describe(S.inst, desc, TEXT_MAX);
    } else {
        ar_scene_of_position(scene, S.g, S.v, view);
        S.g->describe(S.v, desc, TEXT_MAX);
    }
    json = ar_scene_json(scene);
    fprintf(out, "{\"kind\": \"%s\"", S.p ? "puzzle" : "game");
    member(out, "name", S.p ? S.p->name : S.g->name, 1);
    member(out, "describe", desc, 1);
    member(out, "options", S.options, 1);
    fprintf(out, ", \"scene\": %s", json);
    if (S.p)
        (S.p->draw ? S.p->draw : S.p->format_state)(S.inst, view, desc, TEXT_MAX);
    else
        (S.g->draw ? S.g->draw : S.g->format_position)(S.v, view, desc, TEXT_MAX);
    free(view);
    member(out, "drawing", desc, 1);
    fputs(", \"history\": [", out);
    for (size_t k = 0; k + 1 < S.count; k++) {
        fputs(k ? ", " : "", out);
        ar_json_string(out, S.moves[k]);
    }
    fputs("]", out);
    if (S.p) {
        unsigned max = S.p->max_moves(S.inst);
        ar_move *pm = ar_xcalloc(max ? max : 1, sizeof *pm);
        int goal = S.p->is_goal(S.inst, current());
        fprintf(out, ", \"goal\": %s", goal ? "true" : "false");
        move_list(out, "legal", goal ? 0 : S.p->legal_moves(S.inst, current(), pm), NULL, pm, 0, NULL);
        member(out, "default_algo", S.p->default_algorithm ? S.p->default_algorithm(S.inst) : "astar", 1);
        free(pm);
    } else {
        game_state(out, current());
    }
    fputs("}", out);
    free(json);
    free(desc);
    ar_scene_free(scene);
    return finish(out);
}

/* ------------------------------------------------------------ moves */

static int puzzle_move_legal(const void *state, ar_move m)
{
    unsigned max, n;
    ar_move *list;
    int found = 0;
    if (S.p->flags & AR_PUZZLE_FREE_ORDER)
        return 1;
    if (S.p->is_legal)
        return S.p->is_legal(S.inst, state, m);
    max = S.p->max_moves(S.inst);
    list = ar_xcalloc(max ? max : 1, sizeof *list);
    n = S.p->legal_moves(S.inst, state, list);
    for (unsigned k = 0; k < n && !found; k++)
        found = list[k] == m;
    free(list);
    return found;
}

/* One game move in the position's own terms: the mover's move, a chance
 * outcome by its text, or one move a player separated by tabs ("-": none)
 * in a simultaneous turn. */
static int parse_game_move(const void *pos, const char *text, int *who, ar_gmove *moves, ar_error *err)
{
    int players = ar_game_players(S.g, S.v);
    *who = S.g->to_move(S.v, pos);
    if (*who == AR_PLAYER_SIMULTANEOUS) {
        const char *s = text;
        for (int p = 0; p < players; p++) {
            size_t len = strcspn(s, "\t");
            if (len == 1 && *s == '-')
                moves[p] = AR_GMOVE_NONE;
            else if (S.g->parse_move(S.v, pos, p, s, len, &moves[p], err) != AR_OK)
                return -1;
            s += len;
            if (*s == '\t')
                s++;
            else if (p + 1 < players)
                return ar_error_set(err, AR_ERR_INPUT, "a simultaneous turn needs %d moves, one a player", players),
                       -1;
        }
        return 0;
    }
    if (*who == AR_PLAYER_CHANCE) {
        unsigned max = S.g->max_moves(S.v, pos), n;
        ar_gmove *outs = ar_xcalloc(max ? max : 1, sizeof *outs);
        double *probs = ar_xcalloc(max ? max : 1, sizeof *probs);
        n = S.g->chance_outcomes ? S.g->chance_outcomes(S.v, pos, outs, probs) : 0;
        for (unsigned k = 0; k < n; k++) {
            char t[256];
            S.g->format_move(S.v, pos, 0, outs[k], t, sizeof t);
            if (strcmp(t, text) == 0) {
                moves[0] = outs[k];
                free(outs);
                free(probs);
                return 0;
            }
        }
        free(outs);
        free(probs);
        return ar_error_set(err, AR_ERR_INPUT, "'%s' is not an outcome of the chance event here", text), -1;
    }
    return S.g->parse_move(S.v, pos, *who, text, strlen(text), &moves[0], err) == AR_OK ? 0 : -1;
}

const char *pg_play(const char *text)
{
    ar_error err;
    ar_error_clear(&err);
    if (!S.p && !S.g)
        return fail("nothing is open");
    if (S.p) {
        ar_move m;
        if (S.p->is_goal(S.inst, current()))
            return fail("the puzzle is solved: no move after the goal");
        if (S.p->parse_move(S.inst, current(), text, strlen(text), &m, &err) != AR_OK)
            return fail("%s", err.message);
        if (!puzzle_move_legal(current(), m))
            return fail("'%.80s' is not legal here", text);
        S.p->apply(S.inst, push(text), m);
    } else {
        ar_gmove moves[AR_MAX_PLAYERS];
        int who;
        if (S.g->outcome(S.v, current()) != AR_ONGOING)
            return fail("the game is over");
        if (parse_game_move(current(), text, &who, moves, &err) < 0)
            return fail("%s", err.message);
        if (who == AR_PLAYER_SIMULTANEOUS)
            ar_game_apply_simultaneous(S.g, S.v, push(text), moves);
        else
            S.g->apply(S.v, push(text), moves[0]);
    }
    return pg_state();
}

const char *pg_chance(void)
{
    char t[256];
    ar_gmove m;
    if (!S.g || S.g->outcome(S.v, current()) != AR_ONGOING || S.g->to_move(S.v, current()) != AR_PLAYER_CHANCE)
        return fail("no chance event to draw here");
    m = ar_game_chance_draw(S.g, S.v, current(), &S.rng);
    if (m == AR_GMOVE_NONE)
        return fail("the game lists no outcome of this chance event");
    S.g->format_move(S.v, current(), 0, m, t, sizeof t);
    S.g->apply(S.v, push(t), m);
    return pg_state();
}

const char *pg_viewer(int player)
{
    if (!S.g)
        return fail("nothing is open");
    S.viewer = player >= 0 && player < ar_game_players(S.g, S.v) ? player : -1;
    return pg_state();
}

const char *pg_undo(void)
{
    if (!S.p && !S.g)
        return fail("nothing is open");
    if (S.count > 1) {
        S.count--;
        free(S.moves[S.count - 1]);
    }
    return pg_state();
}

/* --------------------------------------------------------- solving */

/* The instance that starts at the current state: the domain's with_start,
 * or the instance made again from the state's text. */
static ar_status instance_here(ar_instance **out, ar_error *err)
{
    char *text;
    ar_status st;
    if (S.p->with_start)
        return S.p->with_start(S.inst, current(), out, err);
    text = ar_xmalloc(TEXT_MAX);
    S.p->format_state(S.inst, current(), text, TEXT_MAX);
    st = S.p->create(text, S.params, S.param_count, out, err);
    free(text);
    return st;
}

/* The page written whole, as the member "page" of the answer. */
static void page_json(FILE *out, ar_page *pg)
{
    char *html = NULL;
    size_t len = 0;
    ar_error err;
    FILE *mem = open_memstream(&html, &len);
    int failed = !mem;
    ar_error_clear(&err);
    if (mem) {
        failed = ar_page_write(pg, mem, &err) != AR_OK;
        failed |= fclose(mem) != 0;
    }
    if (failed)
        member(out, "page_error", "the page could not be written", 1);
    else
        member(out, "page", html, 1);
    free(html);
}

/* The page of the solve (the same page as `solve --html --visualise`):
 * the recorded search, then the solution. */
static void page_member(FILE *out, ar_page *pg, const ar_instance *here, const ar_result *res, const char *line)
{
    ar_error err;
    ar_error_clear(&err);
    ar_page_trace_end(pg, line);
    if (ar_page_puzzle(pg, S.p, here, res->moves, res->outcome == AR_OUTCOME_SOLVED ? res->length : 0, &err) != AR_OK) {
        member(out, "page_error", err.message, 1);
        return;
    }
    ar_page_result(pg, line);
    page_json(out, pg);
}

const char *pg_solve(const char *algo, double time_limit, double node_limit, int visualise)
{
    ar_instance *here = NULL;
    ar_search_options opts;
    ar_result res;
    ar_error err;
    ar_status st;
    ar_page *pg = NULL;
    char line[700], desc[512];
    FILE *out;
    if (!S.p)
        return fail(S.g ? "solving is for puzzles; a game's bots play with pg_bot" : "nothing is open");
    ar_error_clear(&err);
    if (instance_here(&here, &err) != AR_OK)
        return fail("%s: %s", S.p->name, err.message);
    ar_search_options_init(&opts);
    opts.algorithm = algo && *algo ? algo : NULL;
    opts.limits.time_limit = time_limit > 0 ? time_limit : 0;
    opts.limits.node_limit = node_limit > 0 ? (uint64_t)node_limit : 0;
    opts.limits.memory_limit = ar_default_memory_limit();
    if (visualise) {
        ar_page_info info = {0};
        S.p->describe(here, desc, sizeof desc);
        info.kind = "puzzle";
        info.domain = info.title = S.p->name;
        info.summary = S.p->summary;
        info.subtitle = desc;
        pg = ar_page_new(&info);
        ar_page_trace_begin(pg, opts.algorithm ? opts.algorithm
                                : S.p->default_algorithm ? S.p->default_algorithm(here) : "astar",
                            0, S.p, here);
        opts.on_trace = ar_page_trace_point;
        opts.on_trace_ctx = pg;
    }
    ar_result_init(&res);
    st = ar_solve(S.p, here, &opts, NULL, &res, &err);
    if (st != AR_OK) {
        ar_result_free(&res);
        ar_page_free(pg);
        S.p->destroy(here);
        return fail("%s: %s", S.p->name, err.message[0] ? err.message : ar_status_name(st));
    }
    ar_result_line(&res, line, sizeof line);
    out = begin();
    fprintf(out, "{\"outcome\": \"%s\"",
            res.outcome == AR_OUTCOME_SOLVED ? "solved" : res.outcome == AR_OUTCOME_NO_SOLUTION ? "no solution" : "stopped");
    member(out, "stop", res.outcome == AR_OUTCOME_STOPPED ? ar_stop_reason_name(res.stop) : NULL, 1);
    member(out, "line", line, 1);
    member(out, "algorithm", res.algorithm, 1);
    member(out, "heuristic", res.heuristic, 1);
    member(out, "note", res.note, 1);
    fprintf(out, ", \"length\": %" PRIu64 ", \"cost\": %" PRIu64 ", \"optimal\": %s, \"expanded\": %" PRIu64
            ", \"generated\": %" PRIu64 ", \"seconds\": %.6f",
            res.length, res.cost, res.optimal ? "true" : "false", res.expanded, res.generated, res.seconds);
    if (res.has_lower_bound)
        fprintf(out, ", \"lower_bound\": %" PRIu64, res.lower_bound);
    fputs(", \"moves\": [", out);
    for (uint64_t k = 0; res.moves && k < res.length; k++) {
        char buf[256];
        S.p->format_move(here, res.moves[k], buf, sizeof buf);
        fputs(k ? ", " : "", out);
        ar_json_string(out, buf);
    }
    fputs("]", out);
    if (pg)
        page_member(out, pg, here, &res, line);
    fputs("}", out);
    ar_page_free(pg);
    ar_result_free(&res);
    S.p->destroy(here);
    return finish(out);
}

/* --------------------------------------------------------------- bots */

/* The move the bot `spec` chooses for `player` in the current position
 * (not played: the page plays it, so a person sees it first). The bot is
 * kept from one call to the next while its spec stays the same. */
const char *pg_bot(const char *spec, int player, double seed)
{
    ar_error err;
    ar_bot_info info;
    ar_gmove m = AR_GMOVE_NONE;
    char buf[256];
    FILE *out;
    if (!S.g)
        return fail("bots play games: open a game first");
    if (player < 0 || player >= ar_game_players(S.g, S.v))
        return fail("no such player");
    if (S.g->outcome(S.v, current()) != AR_ONGOING)
        return fail("the game is over");
    ar_error_clear(&err);
    if (!S.bots[player] || strcmp(S.bot_spec[player], spec) != 0) {
        if (S.bots[player])
            ar_bot_destroy(S.bots[player]);
        S.bots[player] = NULL;
        if (ar_bot_create(S.g, S.v, spec, (uint64_t)seed, (size_t)256 << 20, &S.bots[player], &err) != AR_OK) {
            S.bots[player] = NULL;
            return fail("bot '%.100s': %s", spec, err.message);
        }
        snprintf(S.bot_spec[player], sizeof S.bot_spec[player], "%s", spec);
    }
    memset(&info, 0, sizeof info);
    if (ar_bot_choose(S.bots[player], current(), player, &m, &info, &err) != AR_OK)
        return fail("bot '%.100s': %s", spec, err.message);
    S.g->format_move(S.v, current(), player, m, buf, sizeof buf);
    out = begin();
    fputs("{", out);
    member(out, "move", buf, 0);
    member(out, "info", info.text, 1);
    fputs("}", out);
    return finish(out);
}

/* Alpha-beta from the current position with its tree recorded: the page of
 * `analyse GAME --html --visualise` (the tree, then the line found). */
const char *pg_analyse(double time_limit)
{
    ar_gsearch_options o;
    ar_gsearch_result r;
    ar_page_info info = {0};
    ar_page_ply *plies;
    ar_page *pg;
    ar_error err;
    ar_status st;
    unsigned char *pos;
    char desc[512], line[700], best[128] = "";
    FILE *out;
    int who;
    if (!S.g)
        return fail("alpha-beta's tree is for games: open a game first");
    if (S.g->outcome(S.v, current()) != AR_ONGOING)
        return fail("the game is over");
    who = S.g->to_move(S.v, current());
    S.g->describe(S.v, desc, sizeof desc);
    info.kind = "game";
    info.domain = info.title = S.g->name;
    info.summary = S.g->summary;
    info.subtitle = desc;
    pg = ar_page_new(&info);
    ar_page_tree_begin(pg, 0);
    ar_gsearch_options_init(&o);
    o.limits.time_limit = time_limit > 0 ? time_limit : 1;
    o.on_node = ar_page_tree_event;
    o.on_node_ctx = pg;
    ar_error_clear(&err);
    st = ar_alphabeta(S.g, S.v, current(), &o, &r, &err);
    if ((st != AR_OK && st != AR_ERR_LIMIT) || r.best == AR_GMOVE_NONE) {
        ar_page_free(pg);
        return fail("alpha-beta: %s", err.message[0] ? err.message : "no move");
    }
    S.g->format_move(S.v, current(), who, r.best, best, sizeof best);
    snprintf(line, sizeof line, "%s to move: %s %d%s, depth %d, %" PRIu64 " nodes; best move %s",
             S.g->player_name(S.v, who), r.exact ? "proven value" : "score", (int)r.score,
             r.stop != AR_STOP_NONE ? " (stopped by a limit: the last completed depth)" : "", r.depth, r.nodes, best);
    ar_page_tree_end(pg, line);
    /* the page's frames: the line found, from here */
    plies = ar_xcalloc(r.pv_length ? r.pv_length : 1, sizeof *plies);
    pos = ar_xmalloc(S.size ? S.size : 1);
    memcpy(pos, current(), S.size);
    for (unsigned k = 0; k < r.pv_length && S.g->outcome(S.v, pos) == AR_ONGOING; k++) {
        plies[k].who = S.g->to_move(S.v, pos);
        plies[k].moves[0] = r.pv[k];
        S.g->apply(S.v, pos, r.pv[k]);
    }
    ar_error_clear(&err);
    out = begin();
    fputs("{", out);
    member(out, "move", best, 0);
    member(out, "line", line, 1);
    fprintf(out, ", \"exact\": %s, \"nodes\": %" PRIu64, r.exact ? "true" : "false", r.nodes);
    if (ar_page_game(pg, S.g, S.v, current(), plies, r.pv_length, &err) == AR_OK) {
        ar_page_result(pg, line);
        page_json(out, pg);
    } else {
        member(out, "page_error", err.message, 1);
    }
    fputs("}", out);
    free(pos);
    free(plies);
    ar_page_free(pg);
    return finish(out);
}
