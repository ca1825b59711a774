/* game.c — ariadne's games as a library: a bot choosing moves, a game played
 * out, and a rated match.
 *
 * It makes the rules of Bridg-it on a 4 x 5 board from typed options
 * (ar_params, checked against the game's option table), lets the game's
 * perfect player (Lehman's rule) take black, which moves first and wins
 * the game, against an alpha-beta bot, then plays a small round robin of
 * three bots and prints the results table with Elo and its 95% interval. It
 * checks its own answers and exits 0 only when they are right.
 *
 * Build against an installed ariadne:
 *     cc game.c $(pkg-config --cflags --libs ariadne) -o game */
#include <ariadne/ariadne.h>

#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    const ar_game *g = ar_game_find("bridgit");
    ar_params opts;
    ar_variant *v = NULL;
    ar_bot *players[2] = {NULL, NULL}, *field[3] = {NULL, NULL, NULL};
    ar_match_options mo = {0};
    ar_match_table table;
    ar_error err;
    unsigned char *pos;
    const char *names[3] = {"perfect", "alphabeta:depth=3", "random"};
    char text[256];
    unsigned plies = 0, i;
    int ok = 1;

    /* 1. The rules, from options given as C values and checked against the
     *    game's own option table. */
    ar_params_init(&opts);
    ar_params_int(&opts, "size", 4);
    if (!g || ar_params_check(&opts, g->options, &err) != AR_OK ||
        ar_game_create(g, opts.items, opts.count, &v, &err) != AR_OK) {
        fprintf(stderr, "game: %s\n", g ? err.message : "no bridgit in this build");
        return 1;
    }

    /* 2. Two bots, named by spec strings as on the command line. */
    if (ar_bot_create(g, v, "perfect", 1, 0, &players[0], &err) != AR_OK ||
        ar_bot_create(g, v, "alphabeta:depth=3", 2, 0, &players[1], &err) != AR_OK) {
        fprintf(stderr, "game: %s\n", err.message);
        return 1;
    }

    /* 3. A game: each bot chooses for the player to move until it ends. */
    pos = malloc(g->position_size(v));
    g->initial_position(v, pos);
    while (g->outcome(v, pos) == AR_ONGOING) {
        int who = g->to_move(v, pos);
        ar_gmove m;
        char mv[32];
        if (ar_bot_choose(players[who], pos, who, &m, NULL, &err) != AR_OK) {
            fprintf(stderr, "game: %s\n", err.message);
            return 1;
        }
        g->format_move(v, pos, who, m, mv, sizeof mv);
        printf("%s%s", plies ? " " : "moves: ", mv);
        g->apply(v, pos, m);
        plies++;
    }
    ar_game_result_text(g, v, pos, text, sizeof text);
    printf("\nresult after %u plies: %s\n", plies, text);
    ok &= g->outcome(v, pos) == AR_WIN_P0; /* the first player wins Bridg-it, and perfect play does */

    /* 4. A round robin: every pair plays both colours; Elo with its 95% interval. */
    for (i = 0; i < 3; i++)
        if (ar_bot_create(g, v, names[i], 10 + i, 0, &field[i], &err) != AR_OK) {
            fprintf(stderr, "game: %s\n", err.message);
            return 1;
        }
    mo.games = 10;
    mo.seed = 7;
    mo.random_plies = 1;
    if (ar_match_run(g, v, field, 3, &mo, &table, &err) != AR_OK) {
        fprintf(stderr, "game: %s\n", err.message);
        return 1;
    }
    ar_match_print_table(stdout, &table, names, 0);
    /* the perfect player wins every game it plays as black: at least half */
    for (i = 1; i < 3; i++)
        ok &= table.pairs[0 * 3 + i].wins >= mo.games / 2;
    ar_match_table_free(&table);

    for (i = 0; i < 3; i++)
        ar_bot_destroy(field[i]);
    ar_bot_destroy(players[0]);
    ar_bot_destroy(players[1]);
    free(pos);
    g->destroy(v);
    printf("%s\n", ok ? "checked: black won with perfect play, and the perfect player won at least half of its games"
                      : "CHECK FAILED");
    return ok ? 0 : 1;
}
