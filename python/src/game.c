/* game.c — the registered games from Python: a Game (a variant and a
 * position with its history: legal moves, play, undo, outcome, pictures and
 * one-line position strings), a Bot made from a spec string
 * ("alphabeta:depth=6"), and round-robin matches whose table comes back as
 * data. Bots think and matches play with the GIL released; Ctrl-C stops
 * them as it stops a search (ext.h). */
#include "pygame.h"

#include <stdlib.h>
#include <string.h>

/* --- Game --- */

static unsigned char *position_at(game_object *self, size_t i) { return self->history + i * self->size; }

static int push_position(game_object *self)
{
    if (self->count == self->cap) {
        size_t cap = self->cap ? self->cap * 2 : 16;
        unsigned char *bigger = realloc(self->history, cap * self->size);
        if (!bigger) {
            PyErr_NoMemory();
            return -1;
        }
        self->history = bigger;
        self->cap = cap;
    }
    if (self->count)
        memcpy(position_at(self, self->count), position_at(self, self->count - 1), self->size);
    self->count++;
    self->pos = position_at(self, self->count - 1);
    return 0;
}

static void game_dealloc(game_object *self)
{
    if (self->v)
        self->g->destroy(self->v);
    free(self->history);
    Py_XDECREF(self->moves);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int parse_position(game_object *self, PyObject *text)
{
    ar_error err;
    ar_status st;
    const char *s = PyUnicode_AsUTF8(text);
    char msg[AR_ERROR_MESSAGE_MAX + 80];
    if (!s)
        return -1;
    ar_error_clear(&err);
    st = self->g->parse_position(self->v, s, self->pos, &err);
    if (st == AR_OK)
        return 0;
    snprintf(msg, sizeof msg, "%s: %s", self->g->name, err.message[0] ? err.message : ar_status_name(st));
    self->g->initial_position(self->v, self->pos);
    pyar_raise(st, msg);
    return -1;
}

static int game_init(game_object *self, PyObject *args, PyObject *kw)
{
    const char *name;
    PyObject *position = Py_None, *options = Py_None;
    pyar_params params;
    ar_error err;
    ar_status st;
    static char *kwlist[] = {"name", "position", "options", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kw, "s|OO", kwlist, &name, &position, &options))
        return -1;
    if (self->v)
        return pyar_raise(AR_ERR_INPUT, "a Game is made once"), -1;
    if (!(self->g = ar_game_find(name))) {
        char msg[200];
        snprintf(msg, sizeof msg, "unknown game '%.60s' (see ariadne.games())", name);
        pyar_raise(AR_ERR_INPUT, msg);
        return -1;
    }
    if (pyar_params_from_dict(&params, options, self->g->options, self->g->name, 0) < 0)
        return -1;
    ar_error_clear(&err);
    st = ar_game_create(self->g, params.items, params.count, &self->v, &err);
    pyar_params_free(&params);
    if (st != AR_OK) {
        char msg[AR_ERROR_MESSAGE_MAX + 80];
        snprintf(msg, sizeof msg, "%s: %s", self->g->name, err.message[0] ? err.message : ar_status_name(st));
        self->v = NULL;
        pyar_raise(st, msg);
        return -1;
    }
    self->size = self->g->position_size(self->v);
    if (!(self->moves = PyList_New(0)) || push_position(self) < 0)
        return -1;
    self->g->initial_position(self->v, self->pos);
    if (position != Py_None)
        return PyUnicode_Check(position) ? parse_position(self, position)
                                         : (PyErr_SetString(PyExc_TypeError, "position must be a str"), -1);
    return 0;
}

int pyar_game_ready(game_object *self)
{
    if (!self->v) {
        PyErr_SetString(PyExc_RuntimeError, "the Game was not initialised");
        return 0;
    }
    return 1;
}

PyObject *pyar_move_text(const ar_game *g, const ar_variant *v, const void *pos, int player, ar_gmove m)
{
    char buf[256];
    size_t n = g->format_move(v, pos, player, m, buf, sizeof buf);
    return PyUnicode_DecodeUTF8(buf, (Py_ssize_t)(n < sizeof buf ? n : sizeof buf - 1), "replace");
}

int pyar_game_to_move(game_object *self) { return self->g->to_move(self->v, self->pos); }

static int player_arg(game_object *self, PyObject *player, int *out)
{
    int n = ar_game_players(self->g, self->v);
    long p;
    if (player == Py_None) {
        *out = pyar_game_to_move(self);
        return 0;
    }
    p = PyLong_AsLong(player);
    if ((p == -1 && PyErr_Occurred()) || p < 0 || p >= n) {
        PyErr_Clear();
        PyErr_Format(PyExc_ValueError, "player must be from 0 to %d", n - 1);
        return -1;
    }
    *out = (int)p;
    return 0;
}

static PyObject *game_legal_moves(game_object *self, PyObject *args, PyObject *kw)
{
    PyObject *player_obj = Py_None, *list;
    unsigned n, i;
    int player;
    ar_gmove *moves;
    double *probs;
    static char *kwlist[] = {"player", NULL};
    if (!pyar_game_ready(self) || !PyArg_ParseTupleAndKeywords(args, kw, "|O", kwlist, &player_obj) ||
        player_arg(self, player_obj, &player) < 0)
        return NULL;
    moves = malloc(sizeof *moves * (self->g->max_moves(self->v, self->pos) + 1u));
    probs = malloc(sizeof *probs * (self->g->max_moves(self->v, self->pos) + 1u));
    if (!moves || !probs) {
        free(moves);
        free(probs);
        return PyErr_NoMemory();
    }
    if (self->g->outcome(self->v, self->pos) != AR_ONGOING)
        n = 0;
    else if (player == AR_PLAYER_CHANCE)
        n = self->g->chance_outcomes ? self->g->chance_outcomes(self->v, self->pos, moves, probs) : 0;
    else if (player == AR_PLAYER_SIMULTANEOUS)
        n = self->g->legal_moves(self->v, self->pos, 0, moves), player = 0;
    else
        n = self->g->legal_moves(self->v, self->pos, player, moves);
    list = PyList_New((Py_ssize_t)n);
    for (i = 0; list && i < n; i++) {
        PyObject *t = pyar_move_text(self->g, self->v, self->pos, player < 0 ? 0 : player, moves[i]);
        if (!t)
            Py_CLEAR(list);
        else
            PyList_SET_ITEM(list, (Py_ssize_t)i, t);
    }
    free(moves);
    free(probs);
    return list;
}

/* Parses one move of player in the current position. */
static int parse_move(game_object *self, PyObject *text, int player, ar_gmove *out)
{
    const char *s;
    Py_ssize_t len;
    ar_error err;
    ar_status st;
    if (!PyUnicode_Check(text)) {
        PyErr_SetString(PyExc_TypeError, "a move is a str");
        return -1;
    }
    if (!(s = PyUnicode_AsUTF8AndSize(text, &len)))
        return -1;
    ar_error_clear(&err);
    if (player == AR_PLAYER_CHANCE) {
        unsigned max = self->g->max_moves(self->v, self->pos) + 1u, n = 0, i;
        ar_gmove *moves = malloc(sizeof *moves * max);
        double *probs = malloc(sizeof *probs * max);
        if (moves && probs && self->g->chance_outcomes)
            n = self->g->chance_outcomes(self->v, self->pos, moves, probs);
        for (i = 0; i < n; i++) {
            char buf[256];
            size_t k = self->g->format_move(self->v, self->pos, 0, moves[i], buf, sizeof buf);
            if (k == (size_t)len && memcmp(buf, s, (size_t)len) == 0) {
                *out = moves[i];
                break;
            }
        }
        free(moves);
        free(probs);
        if (i < n)
            return 0;
        st = ar_error_set(&err, AR_ERR_INPUT, "'%.60s' is not a chance outcome of this position", s);
    } else {
        st = self->g->parse_move(self->v, self->pos, player, s, (size_t)len, out, &err);
    }
    if (st == AR_OK)
        return 0;
    {
        char msg[AR_ERROR_MESSAGE_MAX + 80];
        snprintf(msg, sizeof msg, "%s: %s", self->g->name, err.message[0] ? err.message : ar_status_name(st));
        pyar_raise(st, msg);
    }
    return -1;
}

static PyObject *game_play(game_object *self, PyObject *arg)
{
    int who;
    ar_gmove m;
    PyObject *record;
    if (!pyar_game_ready(self))
        return NULL;
    if (self->g->outcome(self->v, self->pos) != AR_ONGOING)
        return pyar_raise(AR_ERR_INPUT, "the game is over");
    who = pyar_game_to_move(self);
    if (who == AR_PLAYER_SIMULTANEOUS) {
        int n = ar_game_players(self->g, self->v), p;
        ar_gmove moves[AR_MAX_PLAYERS];
        PyObject *seq = PySequence_Fast(arg, "players move at once here: give one move per player (a list)"), *slash;
        if (!seq)
            return NULL;
        if (PyUnicode_Check(arg) || PySequence_Fast_GET_SIZE(seq) != n) {
            Py_DECREF(seq);
            return PyErr_Format(PyExc_ValueError, "players move at once here: give a list of %d moves", n);
        }
        for (p = 0; p < n; p++) {
            PyObject *item = PySequence_Fast_GET_ITEM(seq, p);
            moves[p] = AR_GMOVE_NONE;
            if (item != Py_None && parse_move(self, item, p, &moves[p]) < 0) {
                Py_DECREF(seq);
                return NULL;
            }
        }
        slash = PyUnicode_FromString("/");
        record = slash ? PyUnicode_Join(slash, seq) : NULL;
        Py_XDECREF(slash);
        Py_DECREF(seq);
        if (!record || push_position(self) < 0) {
            Py_XDECREF(record);
            return NULL;
        }
        ar_game_apply_simultaneous(self->g, self->v, self->pos, moves);
    } else {
        if (parse_move(self, arg, who, &m) < 0 || push_position(self) < 0)
            return NULL;
        Py_INCREF(arg);
        record = arg;
        self->g->apply(self->v, self->pos, m);
    }
    if (PyList_Append(self->moves, record) < 0) {
        Py_DECREF(record);
        return NULL;
    }
    Py_DECREF(record);
    Py_RETURN_NONE;
}

static PyObject *game_undo(game_object *self, PyObject *unused)
{
    (void)unused;
    if (!pyar_game_ready(self))
        return NULL;
    if (self->count < 2)
        return pyar_raise(AR_ERR_INPUT, "nothing to undo");
    self->count--;
    self->pos = position_at(self, self->count - 1);
    if (PySequence_DelItem(self->moves, PyList_GET_SIZE(self->moves) - 1) < 0)
        return NULL;
    Py_RETURN_NONE;
}

static PyObject *game_draw(game_object *self, PyObject *unused)
{
    char *buf = malloc(65536);
    PyObject *s;
    (void)unused;
    if (!pyar_game_ready(self) || !buf) {
        free(buf);
        return buf ? NULL : PyErr_NoMemory();
    }
    (self->g->draw ? self->g->draw : self->g->format_position)(self->v, self->pos, buf, 65536);
    s = pyar_text(buf);
    free(buf);
    return s;
}

static PyObject *game_get_position(game_object *self, void *closure)
{
    char *buf = malloc(65536);
    PyObject *s;
    (void)closure;
    if (!pyar_game_ready(self) || !buf) {
        free(buf);
        return buf ? NULL : PyErr_NoMemory();
    }
    self->g->format_position(self->v, self->pos, buf, 65536);
    s = pyar_text(buf);
    free(buf);
    return s;
}

static int game_set_position(game_object *self, PyObject *value, void *closure)
{
    (void)closure;
    if (!pyar_game_ready(self))
        return -1;
    if (!value || !PyUnicode_Check(value)) {
        PyErr_SetString(PyExc_TypeError, "position must be a str");
        return -1;
    }
    if (push_position(self) < 0)
        return -1;
    if (parse_position(self, value) < 0) {
        self->count--;
        self->pos = position_at(self, self->count - 1);
        return -1;
    }
    /* a new position starts a new history */
    memmove(self->history, self->pos, self->size);
    self->count = 1;
    self->pos = self->history;
    return PyList_SetSlice(self->moves, 0, PyList_GET_SIZE(self->moves), NULL);
}

static PyObject *game_get_to_move(game_object *self, void *closure)
{
    (void)closure;
    return pyar_game_ready(self) ? PyLong_FromLong(pyar_game_to_move(self)) : NULL;
}

static PyObject *game_get_outcome(game_object *self, void *closure)
{
    char buf[256];
    ar_game_outcome oc;
    (void)closure;
    if (!pyar_game_ready(self))
        return NULL;
    oc = self->g->outcome(self->v, self->pos);
    if (oc == AR_ONGOING)
        Py_RETURN_NONE;
    ar_game_result_text(self->g, self->v, self->pos, buf, sizeof buf);
    return pyar_text(buf);
}

static PyObject *game_get_winner(game_object *self, void *closure)
{
    ar_game_outcome oc;
    (void)closure;
    if (!pyar_game_ready(self))
        return NULL;
    oc = self->g->outcome(self->v, self->pos);
    if (oc == AR_WIN_P0 || oc == AR_WIN_P1)
        return PyLong_FromLong(oc == AR_WIN_P0 ? 0 : 1);
    if (oc == AR_GAME_OVER) {
        double scores[AR_MAX_PLAYERS];
        int n = ar_game_players(self->g, self->v), p, best = 0, ties = 0;
        ar_game_scores(self->g, self->v, self->pos, scores);
        for (p = 1; p < n; p++)
            if (scores[p] > scores[best])
                best = p, ties = 0;
            else if (scores[p] == scores[best])
                ties++;
        if (!ties)
            return PyLong_FromLong(best);
    }
    Py_RETURN_NONE;
}

static PyObject *game_scores(game_object *self, PyObject *unused)
{
    double scores[AR_MAX_PLAYERS];
    int n, p;
    PyObject *list;
    (void)unused;
    if (!pyar_game_ready(self))
        return NULL;
    n = ar_game_players(self->g, self->v);
    ar_game_scores(self->g, self->v, self->pos, scores);
    list = PyList_New(n);
    for (p = 0; list && p < n; p++)
        PyList_SET_ITEM(list, p, PyFloat_FromDouble(scores[p]));
    return list;
}

static PyObject *game_get_over(game_object *self, void *closure)
{
    (void)closure;
    return pyar_game_ready(self) ? PyBool_FromLong(self->g->outcome(self->v, self->pos) != AR_ONGOING) : NULL;
}

static PyObject *game_get_players(game_object *self, void *closure)
{
    (void)closure;
    return pyar_game_ready(self) ? PyLong_FromLong(ar_game_players(self->g, self->v)) : NULL;
}

static PyObject *game_get_name(game_object *self, void *closure)
{
    (void)closure;
    return pyar_game_ready(self) ? PyUnicode_FromString(self->g->name) : NULL;
}

static PyObject *game_get_variant(game_object *self, void *closure)
{
    char buf[512];
    (void)closure;
    if (!pyar_game_ready(self))
        return NULL;
    self->g->describe(self->v, buf, sizeof buf);
    return pyar_text(buf);
}

static PyObject *game_get_moves(game_object *self, void *closure)
{
    (void)closure;
    return pyar_game_ready(self) ? PyList_GetSlice(self->moves, 0, PyList_GET_SIZE(self->moves)) : NULL;
}

static PyObject *game_player_name(game_object *self, PyObject *arg)
{
    int p;
    if (!pyar_game_ready(self) || player_arg(self, arg, &p) < 0)
        return NULL;
    return PyUnicode_FromString(self->g->player_name(self->v, p));
}

/* view(player) -> str: the position as `player` sees it (hidden cards and
 * the like in the game's "unknown" notation): what a bot of that player is
 * shown. */
static PyObject *game_view(game_object *self, PyObject *arg)
{
    int p;
    unsigned char *view;
    char *buf;
    PyObject *s = NULL;
    if (!pyar_game_ready(self) || player_arg(self, arg, &p) < 0)
        return NULL;
    view = malloc(self->size);
    buf = malloc(65536);
    if (view && buf) {
        ar_game_observe(self->g, self->v, self->pos, p, view);
        self->g->format_position(self->v, view, buf, 65536);
        s = pyar_text(buf);
    } else {
        PyErr_NoMemory();
    }
    free(view);
    free(buf);
    return s;
}

/* chance_outcomes() -> [(outcome, probability)] at a chance event, [] elsewhere. */
static PyObject *game_chance_outcomes(game_object *self, PyObject *unused)
{
    unsigned max, n = 0, i;
    ar_gmove *moves;
    double *probs;
    PyObject *list;
    (void)unused;
    if (!pyar_game_ready(self))
        return NULL;
    max = self->g->max_moves(self->v, self->pos) + 1u;
    moves = malloc(sizeof *moves * max);
    probs = malloc(sizeof *probs * max);
    if (!moves || !probs) {
        free(moves);
        free(probs);
        return PyErr_NoMemory();
    }
    if (self->g->outcome(self->v, self->pos) == AR_ONGOING && pyar_game_to_move(self) == AR_PLAYER_CHANCE &&
        self->g->chance_outcomes)
        n = self->g->chance_outcomes(self->v, self->pos, moves, probs);
    list = PyList_New((Py_ssize_t)n);
    for (i = 0; list && i < n; i++) {
        PyObject *t = pyar_move_text(self->g, self->v, self->pos, 0, moves[i]);
        PyObject *item = t ? Py_BuildValue("(Nd)", t, probs[i]) : NULL;
        if (!item)
            Py_CLEAR(list);
        else
            PyList_SET_ITEM(list, (Py_ssize_t)i, item);
    }
    free(moves);
    free(probs);
    return list;
}

static PyMethodDef game_methods[] = {
    {"legal_moves", (PyCFunction)(void (*)(void))game_legal_moves, METH_VARARGS | METH_KEYWORDS,
     "legal_moves(player=None) -> list[str]: the moves of the player to move (or of player)."},
    {"play", (PyCFunction)game_play, METH_O,
     "play(move): plays a move (a list of one move per player where players move at once)."},
    {"undo", (PyCFunction)game_undo, METH_NOARGS, "undo(): takes back the last move."},
    {"draw", (PyCFunction)game_draw, METH_NOARGS, "draw() -> str: a picture of the position for people."},
    {"scores", (PyCFunction)game_scores, METH_NOARGS, "scores() -> list[float]: each player's score."},
    {"player_name", (PyCFunction)game_player_name, METH_O, "player_name(player) -> str"},
    {"view", (PyCFunction)game_view, METH_O, "view(player) -> str: the position as that player sees it."},
    {"chance_outcomes", (PyCFunction)game_chance_outcomes, METH_NOARGS,
     "chance_outcomes() -> list[(str, float)]: a chance event's outcomes and their probabilities."},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef game_getset[] = {
    {"position", (getter)game_get_position, (setter)game_set_position,
     "The position as one line in the game's notation (a FEN where the game has one); assign to set one up.", NULL},
    {"to_move", (getter)game_get_to_move, NULL,
     "The player to move (0, 1, ...), -1 when all move at once, -2 at a chance event.", NULL},
    {"outcome", (getter)game_get_outcome, NULL, "None while the game goes on, else the result in words.", NULL},
    {"winner", (getter)game_get_winner, NULL, "The winner's number, or None (ongoing, a draw, shared).", NULL},
    {"is_over", (getter)game_get_over, NULL, "Whether the game has ended.", NULL},
    {"players", (getter)game_get_players, NULL, "The number of players.", NULL},
    {"name", (getter)game_get_name, NULL, "The game's registry name.", NULL},
    {"variant", (getter)game_get_variant, NULL, "One line naming the variant.", NULL},
    {"moves", (getter)game_get_moves, NULL, "The moves played so far.", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

PyTypeObject pyar_game_type = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "ariadne._ariadne.Game",
    .tp_basicsize = sizeof(game_object),
    .tp_dealloc = (destructor)game_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "Game(name, position=None, options=None): a game of the registry in a position.",
    .tp_methods = game_methods,
    .tp_getset = game_getset,
    .tp_init = (initproc)game_init,
    .tp_new = PyType_GenericNew,
};
