/* bot.c — bots and matches from Python: a Bot is an engine configuration
 * named by a spec string (arena.h: "alphabeta:time=0.1", "mcts:iters=1000",
 * a game's own kinds), made for the variant of a Game; choose() asks it for
 * a move in a position given as a one-line string or a Game. match() plays
 * a round robin and returns the table (wins, draws, losses, Elo ± 95%, the
 * ratings) and every game's record as data; play_game() plays one game of
 * any number of players. */
#include "pygame.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct bot_object {
    PyObject_HEAD
    game_object *game;  /* its variant (and the position choose() uses by default) */
    ar_bot *bot;
    PyObject *info;     /* what it said about its last move */
} bot_object;

static PyTypeObject bot_type;

static void bot_dealloc(bot_object *self)
{
    if (self->bot)
        ar_bot_destroy(self->bot);
    Py_XDECREF(self->game);
    Py_XDECREF(self->info);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int memory_arg(PyObject *memory_limit, size_t *out)
{
    ar_limits limits;
    if (pyar_limits(NULL, memory_limit, NULL, &limits) < 0)
        return -1;
    *out = memory_limit == Py_None ? 0 : limits.memory_limit;
    return 0;
}

static int make_bot(game_object *game, const char *spec, uint64_t seed, size_t memory, ar_bot **out)
{
    ar_error err;
    ar_status st;
    ar_error_clear(&err);
    st = ar_bot_create(game->g, game->v, spec, seed, memory, out, &err);
    if (st != AR_OK) {
        char msg[AR_ERROR_MESSAGE_MAX + 120];
        snprintf(msg, sizeof msg, "%s: bot '%.60s': %s", game->g->name, spec,
                 err.message[0] ? err.message : ar_status_name(st));
        *out = NULL;
        pyar_raise(st, msg);
        return -1;
    }
    return 0;
}

static int bot_init(bot_object *self, PyObject *args, PyObject *kw)
{
    PyObject *game, *memory_limit = Py_None;
    const char *spec;
    unsigned long long seed = 0;
    size_t memory;
    static char *kwlist[] = {"game", "spec", "seed", "memory_limit", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O!s|KO", kwlist, &pyar_game_type, &game, &spec, &seed,
                                     &memory_limit))
        return -1;
    if (self->bot || !pyar_game_ready((game_object *)game) || memory_arg(memory_limit, &memory) < 0)
        return self->bot ? (PyErr_SetString(PyExc_RuntimeError, "a Bot is made once"), -1) : -1;
    if (make_bot((game_object *)game, spec, (uint64_t)seed, memory, &self->bot) < 0)
        return -1;
    Py_INCREF(game);
    self->game = (game_object *)game;
    return 0;
}

static PyObject *info_dict(const ar_bot_info *info)
{
    return Py_BuildValue("{s:N,s:O,s:i,s:K,s:d,s:N}", "score",
                         info->has_score ? PyLong_FromLong(info->score) : (Py_INCREF(Py_None), Py_None), "exact",
                         info->exact ? Py_True : Py_False, "depth", info->depth, "nodes",
                         (unsigned long long)info->nodes, "seconds", info->seconds, "text", pyar_text(info->text));
}

/* choose(position=None, player=None) -> str */
static PyObject *bot_choose(bot_object *self, PyObject *args, PyObject *kw)
{
    PyObject *position = Py_None, *player_obj = Py_None, *out;
    game_object *game = self->game;
    unsigned char *pos;
    ar_bot_info info;
    ar_error err;
    ar_status st;
    ar_gmove m = AR_GMOVE_NONE;
    pyar_stop stop;
    int player;
    static char *kwlist[] = {"position", "player", NULL};
    if (!self->bot)
        return PyErr_Format(PyExc_RuntimeError, "the Bot was not initialised");
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|OO", kwlist, &position, &player_obj))
        return NULL;
    pos = malloc(game->size);
    if (!pos)
        return PyErr_NoMemory();
    if (position == Py_None) {
        memcpy(pos, game->pos, game->size);
    } else if (PyObject_TypeCheck(position, &pyar_game_type)) {
        game_object *other = (game_object *)position;
        char a[512], b[512];
        if (!pyar_game_ready(other)) {
            free(pos);
            return NULL;
        }
        game->g->describe(game->v, a, sizeof a);
        other->g->describe(other->v, b, sizeof b);
        if (other->g != game->g || strcmp(a, b) != 0) {
            free(pos);
            return pyar_raise(AR_ERR_INPUT, "the position is of another game or variant than the bot's");
        }
        memcpy(pos, other->pos, game->size);
    } else if (PyUnicode_Check(position)) {
        char msg[AR_ERROR_MESSAGE_MAX + 80];
        ar_error_clear(&err);
        st = game->g->parse_position(game->v, PyUnicode_AsUTF8(position), pos, &err);
        if (st != AR_OK) {
            free(pos);
            snprintf(msg, sizeof msg, "%s: %s", game->g->name, err.message[0] ? err.message : ar_status_name(st));
            return pyar_raise(st, msg);
        }
    } else {
        free(pos);
        return PyErr_Format(PyExc_TypeError, "position must be a str, a Game or None");
    }
    if (game->g->outcome(game->v, pos) != AR_ONGOING) {
        free(pos);
        return pyar_raise(AR_ERR_INPUT, "the game is over in this position");
    }
    player = game->g->to_move(game->v, pos);
    if (player_obj != Py_None) {
        long p = PyLong_AsLong(player_obj);
        if ((p == -1 && PyErr_Occurred()) || p < 0 || p >= ar_game_players(game->g, game->v)) {
            free(pos);
            PyErr_Clear();
            return pyar_raise(AR_ERR_INPUT, "player is not a player of this game");
        }
        player = (int)p;
    } else if (player < 0) {
        free(pos);
        return pyar_raise(AR_ERR_INPUT, player == AR_PLAYER_CHANCE ? "chance moves here, not a player"
                                                                   : "players move at once here: say which (player=)");
    }
    if (pyar_stop_begin(&stop) < 0) {
        free(pos);
        return NULL;
    }
    ar_bot_set_interrupt(self->bot, stop.flag);
    memset(&info, 0, sizeof info);
    ar_error_clear(&err);
    Py_BEGIN_ALLOW_THREADS
    st = ar_bot_choose(self->bot, pos, player, &m, &info, &err);
    Py_END_ALLOW_THREADS
    ar_bot_set_interrupt(self->bot, NULL);
    if (st == AR_OK) {
        Py_XSETREF(self->info, info_dict(&info));
        out = pyar_move_text(game->g, game->v, pos, player, m);
    } else if (pyar_stop_interrupted(&stop)) {
        PyErr_SetNone(PyExc_KeyboardInterrupt);
        out = NULL;
    } else {
        char msg[AR_ERROR_MESSAGE_MAX + 80];
        snprintf(msg, sizeof msg, "%s: %s", game->g->name, err.message[0] ? err.message : ar_status_name(st));
        out = pyar_raise(st, msg);
    }
    pyar_stop_end(&stop);
    free(pos);
    return out;
}

static PyObject *bot_new_game(bot_object *self, PyObject *unused)
{
    (void)unused;
    if (self->bot)
        ar_bot_new_game(self->bot);
    Py_RETURN_NONE;
}

static PyObject *bot_get_info(bot_object *self, void *closure)
{
    (void)closure;
    if (!self->info)
        Py_RETURN_NONE;
    Py_INCREF(self->info);
    return self->info;
}

static PyObject *bot_get_spec(bot_object *self, void *closure)
{
    (void)closure;
    return self->bot ? PyUnicode_FromString(ar_bot_spec(self->bot)) : NULL;
}

static PyObject *bot_get_game(bot_object *self, void *closure)
{
    (void)closure;
    if (!self->game)
        Py_RETURN_NONE;
    Py_INCREF(self->game);
    return (PyObject *)self->game;
}

static PyMethodDef bot_methods[] = {
    {"choose", (PyCFunction)(void (*)(void))bot_choose, METH_VARARGS | METH_KEYWORDS,
     "choose(position=None, player=None) -> str: the bot's move (position: a str, a Game, or None for "
     "its own game's)."},
    {"new_game", (PyCFunction)bot_new_game, METH_NOARGS, "new_game(): forget what it learnt in the last game."},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef bot_getset[] = {
    {"last_info", (getter)bot_get_info, NULL, "What the bot said about its last move (score, depth, nodes...).",
     NULL},
    {"spec", (getter)bot_get_spec, NULL, "The bot's spec string.", NULL},
    {"game", (getter)bot_get_game, NULL, "The Game whose variant the bot plays.", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject bot_type = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "ariadne._ariadne.Bot",
    .tp_basicsize = sizeof(bot_object),
    .tp_dealloc = (destructor)bot_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "Bot(game, spec, seed=0, memory_limit=None): an engine for a Game's variant.",
    .tp_methods = bot_methods,
    .tp_getset = bot_getset,
    .tp_init = (initproc)bot_init,
    .tp_new = PyType_GenericNew,
};

/* --- matches --- */

typedef struct game_log {
    unsigned bot0, bot1, index;
    ar_game_record rec;
} game_log;

typedef struct match_log {
    game_log *games;
    size_t count, cap;
    int failed;
} match_log;

static void on_game(void *ctx, unsigned bot0, unsigned bot1, unsigned index, const ar_game_record *rec)
{
    match_log *log = ctx;
    if (log->count == log->cap) {
        size_t cap = log->cap ? log->cap * 2 : 16;
        game_log *bigger = realloc(log->games, cap * sizeof *bigger);
        if (!bigger) {
            log->failed = 1;
            return;
        }
        log->games = bigger;
        log->cap = cap;
    }
    log->games[log->count++] = (game_log){bot0, bot1, index, *rec};
}

static PyObject *finite_or_none(double x)
{
    if (isfinite(x))
        return PyFloat_FromDouble(x);
    Py_RETURN_NONE;
}

static PyObject *record_dict(const ar_game_record *rec, const ar_game *g, const ar_variant *v)
{
    char text[128];
    PyObject *scores = PyList_New(rec->players);
    int p;
    for (p = 0; scores && p < rec->players; p++)
        PyList_SET_ITEM(scores, p, PyFloat_FromDouble(rec->scores[p]));
    if (rec->outcome == AR_ONGOING)
        snprintf(text, sizeof text, "stopped (scored a draw)");
    else
        ar_game_outcome_text(g, v, rec->outcome, text, sizeof text);
    return Py_BuildValue("{s:s,s:I,s:N,s:N,s:N,s:N}", "outcome", text, "plies", rec->plies, "forfeit",
                         rec->forfeit >= 0 ? PyLong_FromLong(rec->forfeit) : (Py_INCREF(Py_None), Py_None),
                         "note", pyar_text(rec->note), "moves", pyar_text(rec->moves), "scores", scores);
}

/* The table as data: the pairs (each bot against each other, from its side,
 * with Elo ± 95%), the ratings, and every game. */
static PyObject *table_dict(const ar_match_table *t, PyObject *names, const match_log *log, const ar_game *g,
                            const ar_variant *v)
{
    PyObject *pairs = PyList_New(0), *ratings = PyList_New(0), *games = PyList_New(0);
    double *rating = calloc(t->bots + 1u, sizeof *rating), *error = calloc(t->bots + 1u, sizeof *error);
    unsigned i, j;
    size_t k;
    if (!pairs || !ratings || !games || !rating || !error)
        goto fail;
    for (i = 0; i < t->bots; i++)
        for (j = 0; j < t->bots; j++) {
            const ar_pair_result *r = &t->pairs[i * t->bots + j];
            unsigned n = r->wins + r->draws + r->losses;
            ar_elo elo;
            PyObject *item;
            if (i == j || n == 0 || (t->bots == 2 && i == 1))
                continue; /* the rows of `ariadne match`: both sides, one when there are two bots */
            ar_elo_from_results(r->wins, r->draws, r->losses, &elo);
            item = Py_BuildValue("{s:O,s:O,s:I,s:I,s:I,s:I,s:d,s:N,s:N,s:N}", "bot", PyList_GET_ITEM(names, i),
                                 "opponent", PyList_GET_ITEM(names, j), "games", n, "wins", r->wins, "draws", r->draws,
                                 "losses", r->losses, "score", elo.score, "elo", finite_or_none(elo.diff), "elo_low",
                                 finite_or_none(elo.low), "elo_high", finite_or_none(elo.high));
            if (!item || PyList_Append(pairs, item) < 0) {
                Py_XDECREF(item);
                goto fail;
            }
            Py_DECREF(item);
        }
    ar_elo_ratings(t, rating, error);
    for (i = 0; i < t->bots; i++) {
        PyObject *item = Py_BuildValue("{s:O,s:N,s:d}", "bot", PyList_GET_ITEM(names, i), "elo",
                                       finite_or_none(rating[i]), "error95", error[i]);
        if (!item || PyList_Append(ratings, item) < 0) {
            Py_XDECREF(item);
            goto fail;
        }
        Py_DECREF(item);
    }
    for (k = 0; k < log->count; k++) {
        const game_log *gl = &log->games[k];
        PyObject *rec = record_dict(&gl->rec, g, v), *item;
        item = rec ? Py_BuildValue("{s:O,s:O,s:I,s:N}", "first", PyList_GET_ITEM(names, gl->bot0), "second",
                                   PyList_GET_ITEM(names, gl->bot1), "index", gl->index, "record", rec)
                   : NULL;
        if (!item || PyList_Append(games, item) < 0) {
            Py_XDECREF(item);
            goto fail;
        }
        Py_DECREF(item);
    }
    free(rating);
    free(error);
    return Py_BuildValue("{s:O,s:N,s:N,s:N,s:I,s:O}", "bots", names, "pairs", pairs, "ratings", ratings, "games",
                         games, "games_played", t->games_played, "interrupted",
                         t->interrupted ? Py_True : Py_False);
fail:
    free(rating);
    free(error);
    Py_XDECREF(pairs), Py_XDECREF(ratings), Py_XDECREF(games);
    return NULL;
}

/* Makes one bot per spec for game's variant (seeds as `ariadne match`). */
static ar_bot **make_bots(game_object *game, PyObject *specs, uint64_t seed, size_t memory, Py_ssize_t *count)
{
    Py_ssize_t i, n = PySequence_Fast_GET_SIZE(specs);
    ar_bot **bots = calloc((size_t)n + 1, sizeof *bots);
    if (!bots) {
        PyErr_NoMemory();
        return NULL;
    }
    for (i = 0; i < n; i++) {
        const char *spec = PyUnicode_AsUTF8(PySequence_Fast_GET_ITEM(specs, i));
        if (!spec || make_bot(game, spec, seed * 1000003u + (uint64_t)i, memory, &bots[i]) < 0) {
            while (i-- > 0)
                ar_bot_destroy(bots[i]);
            free(bots);
            return NULL;
        }
    }
    *count = n;
    return bots;
}

static void free_bots(ar_bot **bots, Py_ssize_t n)
{
    Py_ssize_t i;
    for (i = 0; i < n; i++)
        ar_bot_destroy(bots[i]);
    free(bots);
}

static PyObject *py_match(PyObject *self, PyObject *args, PyObject *kw)
{
    PyObject *game, *specs_obj, *specs, *memory_limit = Py_None, *out = NULL, *names;
    unsigned games = 2, openings = 0, max_plies = 0;
    unsigned long long seed = 1;
    Py_ssize_t count = 0;
    ar_bot **bots;
    ar_match_options mo;
    ar_match_table t;
    match_log log;
    ar_error err;
    ar_status st;
    pyar_stop stop;
    game_object *gm;
    static char *kwlist[] = {"game", "bots", "games", "seed", "random_plies", "max_plies", "memory_limit", NULL};
    (void)self;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O!O|IKIIO", kwlist, &pyar_game_type, &game, &specs_obj, &games, &seed,
                                     &openings, &max_plies, &memory_limit))
        return NULL;
    gm = (game_object *)game;
    {
        size_t memory;
        if (!pyar_game_ready(gm) || memory_arg(memory_limit, &memory) < 0 ||
            !(specs = PySequence_Fast(specs_obj, "bots must be a list of spec strings")))
            return NULL;
        if (PySequence_Fast_GET_SIZE(specs) < 2 || games < 1) {
            Py_DECREF(specs);
            return pyar_raise(AR_ERR_INPUT, "a match needs at least two bots and one game per pair");
        }
        bots = make_bots(gm, specs, (uint64_t)seed, memory, &count);
    }
    names = bots ? PySequence_List(specs) : NULL;
    Py_DECREF(specs);
    if (!bots || !names || pyar_stop_begin(&stop) < 0) {
        if (bots)
            free_bots(bots, count);
        Py_XDECREF(names);
        return NULL;
    }
    memset(&mo, 0, sizeof mo);
    memset(&log, 0, sizeof log);
    mo.games = games;
    mo.seed = (uint64_t)seed;
    mo.random_plies = openings;
    mo.max_plies = max_plies;
    mo.start = gm->pos; /* the Game's position: the initial one unless it was set */
    mo.interrupt = stop.flag;
    mo.on_game = on_game;
    mo.ctx = &log;
    ar_error_clear(&err);
    memset(&t, 0, sizeof t);
    Py_BEGIN_ALLOW_THREADS
    st = ar_match_run(gm->g, gm->v, bots, (unsigned)count, &mo, &t, &err);
    Py_END_ALLOW_THREADS
    pyar_stop_end(&stop);
    if (st != AR_OK) {
        char msg[AR_ERROR_MESSAGE_MAX + 80];
        snprintf(msg, sizeof msg, "%s: %s", gm->g->name, err.message[0] ? err.message : ar_status_name(st));
        pyar_raise(st, msg);
    } else if (log.failed) {
        PyErr_NoMemory();
    } else {
        out = table_dict(&t, names, &log, gm->g, gm->v);
    }
    if (st == AR_OK)
        ar_match_table_free(&t);
    free(log.games);
    free_bots(bots, count);
    Py_DECREF(names);
    return out;
}

/* play_game(game, bots, seed=1, random_plies=0, max_plies=0) -> record:
 * one game from the Game's position, bots[p] playing player p. */
static PyObject *py_play_game(PyObject *self, PyObject *args, PyObject *kw)
{
    PyObject *game, *specs_obj, *specs, *memory_limit = Py_None, *out = NULL;
    unsigned openings = 0, max_plies = 0;
    unsigned long long seed = 1;
    Py_ssize_t count = 0;
    ar_bot **bots;
    ar_game_record rec;
    ar_error err;
    ar_status st;
    pyar_stop stop;
    game_object *gm;
    size_t memory;
    static char *kwlist[] = {"game", "bots", "seed", "random_plies", "max_plies", "memory_limit", NULL};
    (void)self;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O!O|KIIO", kwlist, &pyar_game_type, &game, &specs_obj, &seed,
                                     &openings, &max_plies, &memory_limit))
        return NULL;
    gm = (game_object *)game;
    if (!pyar_game_ready(gm) || memory_arg(memory_limit, &memory) < 0 ||
        !(specs = PySequence_Fast(specs_obj, "bots must be a list of spec strings")))
        return NULL;
    if (PySequence_Fast_GET_SIZE(specs) != ar_game_players(gm->g, gm->v)) {
        Py_DECREF(specs);
        return PyErr_Format(PyExc_ValueError, "this variant has %d players: give one bot spec each",
                            ar_game_players(gm->g, gm->v));
    }
    bots = make_bots(gm, specs, (uint64_t)seed, memory, &count);
    Py_DECREF(specs);
    if (!bots || pyar_stop_begin(&stop) < 0) {
        if (bots)
            free_bots(bots, count);
        return NULL;
    }
    ar_error_clear(&err);
    memset(&rec, 0, sizeof rec);
    Py_BEGIN_ALLOW_THREADS
    st = ar_play_game(gm->g, gm->v, bots, gm->pos, openings, (uint64_t)seed, max_plies, stop.flag, &rec, &err);
    Py_END_ALLOW_THREADS
    pyar_stop_end(&stop);
    if (st != AR_OK) {
        char msg[AR_ERROR_MESSAGE_MAX + 80];
        snprintf(msg, sizeof msg, "%s: %s", gm->g->name, err.message[0] ? err.message : ar_status_name(st));
        pyar_raise(st, msg);
    } else {
        out = record_dict(&rec, gm->g, gm->v);
    }
    free_bots(bots, count);
    return out;
}

PyMethodDef pyar_game_methods[] = {
    {"match", (PyCFunction)(void (*)(void))py_match, METH_VARARGS | METH_KEYWORDS, "A round robin between bots."},
    {"play_game", (PyCFunction)(void (*)(void))py_play_game, METH_VARARGS | METH_KEYWORDS, "One game between bots."},
    {NULL, NULL, 0, NULL}};

int pyar_game_init(PyObject *module)
{
    if (PyType_Ready(&pyar_game_type) < 0 || PyType_Ready(&bot_type) < 0)
        return -1;
    if (PyModule_AddObjectRef(module, "Game", (PyObject *)&pyar_game_type) < 0 ||
        PyModule_AddObjectRef(module, "Bot", (PyObject *)&bot_type) < 0)
        return -1;
    return 0;
}
