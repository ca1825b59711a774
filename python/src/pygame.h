/* pygame.h — the Game object, shared by game.c (the object) and bot.c (bots
 * and matches, which play in a Game's variant). */
#ifndef ARIADNE_PYTHON_PYGAME_H
#define ARIADNE_PYTHON_PYGAME_H

#include "ext.h"

typedef struct game_object {
    PyObject_HEAD
    const ar_game *g;
    ar_variant *v;
    size_t size;            /* position bytes */
    unsigned char *pos;     /* the current position: history's last */
    unsigned char *history; /* the position before each move, then the current one */
    size_t count, cap;
    PyObject *moves;        /* the moves played, as text (simultaneous turns "m0/m1") */
} game_object;

extern PyTypeObject pyar_game_type;

/* Whether the Game was initialised (an exception set if not). */
int pyar_game_ready(game_object *self);
int pyar_game_to_move(game_object *self);
/* The text of player's move m in pos. */
PyObject *pyar_move_text(const ar_game *g, const ar_variant *v, const void *pos, int player, ar_gmove m);

#endif
