/* fuzz_ants.c — libFuzzer target for the Ants parsers: the map parser, the
 * bot side of the contest protocol (settings and turn lines), the engine
 * side's order parser, and the position text.
 *
 * Input: any bytes, read three ways. (1) As a map: rejected with a message
 * or accepted; an accepted small map is played for a few turns by the strong
 * bot against the random one (every order validated by the engine), and every
 * position's text parses back to the same hash and formats to the same text.
 * (2) As protocol lines fed to a 24 x 24 view, then one turn of the strong
 * bot on what was read. (3) As a bot's answer, parsed into orders on a
 * 12 x 24 map and validated. Any crash, sanitizer report or abort() is a bug.
 *
 * Build: CC=clang cmake -S . -B build-fuzz -DARIADNE_FUZZ=ON -DARIADNE_TESTS=OFF,
 * then run build-fuzz/fuzz/fuzz_ants fuzz/corpus/ants. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "games/ants/ants_play.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
extern const ar_game ar_game_ants;

static void play_a_little(struct ar_variant *v)
{
    const ar_game *g = &ar_game_ants;
    void *pos = malloc(v->size), *again = malloc(v->size);
    size_t tsize = 1024 + (size_t)v->n * 8 + (size_t)v->players * v->revealed_bytes * 3 + (size_t)v->nhills * 40;
    char *text = malloc(tsize), *text2 = malloc(tsize);
    const char *specs[ANTS_MAX_PLAYERS];
    ants_result res;
    ants_game_setup s;
    ar_error err;
    for (int p = 0; p < v->players; p++)
        specs[p] = p % 2 ? "random" : "strong";
    v->turns = 4;
    s = (ants_game_setup){v, specs, 1, NULL, NULL, NULL, 0};
    if (ar_ants_play_game(&s, &res) != 0 || res.turns > 4)
        abort();
    ar_ants_initial(v, pos);
    ar_ants_start_food(v, pos, NULL);
    for (int t = 0; t < 4 && !((ants_head *)pos)->ended; t++) {
        ar_gmove moves[ANTS_MAX_PLAYERS];
        g->format_position(v, pos, text, tsize);
        if (g->parse_position(v, text, again, &err) != AR_OK || g->hash(v, again) != g->hash(v, pos))
            abort();
        g->format_position(v, again, text2, tsize);
        if (strcmp(text, text2) != 0)
            abort();
        for (int p = 0; p < v->players; p++)
            moves[p] = 0;
        g->apply_simultaneous(v, pos, moves);
    }
    free(pos);
    free(again);
    free(text);
    free(text2);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    struct ar_variant *v = NULL;
    ar_error err;
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    /* (1) a map */
    if (ar_ants_variant_from_text(text, "fuzz", &v, &err) == AR_OK) {
        if (v->n <= 1024) {
            v->food_visible = 1;
            if (ar_ants_variant_prepare(v, &err) == AR_OK)
                play_a_little(v);
        }
        ar_ants_variant_free(v);
    } else if (!err.message[0] || strchr(err.message, '\n'))
        abort();
    /* (2) protocol lines to a bot */
    {
        ants_view settings, *w;
        char why[200];
        memset(&settings, 0, sizeof settings);
        settings.rows = settings.cols = 24;
        settings.viewradius2 = 77;
        settings.attackradius2 = 5;
        settings.spawnradius2 = 1;
        settings.turntime = 500;
        w = ar_ants_view_new(&settings);
        ants_ai *ai = w ? ar_ants_ai_new("strong", &settings, 1) : NULL;
        if (w && ai) {
            ants_order orders[600];
            ar_ants_view_begin_turn(w, 1);
            for (char *line = text, *e; line && *line; line = e ? e + 1 : NULL) {
                e = strchr(line, '\n');
                if (e)
                    *e = '\0';
                if (ar_ants_view_read_setting(&settings, line, why, sizeof why) == 0)
                    (void)ar_ants_view_read_line(w, line, why, sizeof why);
                if (e)
                    *e = '\n';
            }
            ar_ants_view_finish_turn(w);
            (void)ar_ants_ai_turn(ai, w, orders, 600, 1e18);
        }
        ar_ants_ai_free(ai);
        ar_ants_view_free(w);
    }
    /* (3) a bot's answer */
    {
        ar_param none[1];
        if (ar_ants_variant_create_params(none, 0, &v, &err) == AR_OK) {
            void *pos = malloc(v->size);
            ants_order orders[64], valid[64];
            ants_order_report rep;
            char why[200];
            long k = ar_ants_parse_orders(v, text, orders, 64, why, sizeof why);
            ar_ants_initial(v, pos);
            if (k > 0)
                (void)ar_ants_validate_orders(v, pos, 0, orders, (size_t)k, valid, &rep);
            free(pos);
            ar_ants_variant_free(v);
        }
    }
    free(text);
    return 0;
}
