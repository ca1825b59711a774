/* page_gallery.c — writes one replay file in the generic format
 * ("ariadne-replay", read by `ariadne replay FILE [--html OUT]`) for every
 * registered puzzle and game, so that tests/cli_pages.sh can make each
 * domain's browser page through the command line and test it in headless
 * Chromium. It walks the registries only, so a domain added later gets its
 * page tested without a line here:
 *   - a puzzle: its first solvable help example, solved under a node limit
 *     (the solution, or the best so far of a stopped anytime search);
 *   - a game: its default variant, played from the start by seeded random
 *     legal moves (chance outcomes and simultaneous turns included) for at
 *     most 60 plies.
 * Usage: page_gallery OUTDIR; prints the files written, one a line. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/game.h"
#include "ariadne/json.h"
#include "ariadne/param.h"
#include "ariadne/puzzle.h"
#include "ariadne/rng.h"
#include "ariadne/search.h"
#include "ariadne/tool.h"

#define MAX_PARAMS 16
#define GAME_PLIES 60

static FILE *open_out(const char *dir, const char *kind, const char *name, char *path, size_t size)
{
    FILE *f;
    snprintf(path, size, "%s/%s-%s.json", dir, kind, name);
    if (!(f = fopen(path, "wb")))
        fprintf(stderr, "page_gallery: cannot write %s\n", path);
    return f;
}

static void write_options(FILE *f, const ar_param *params, size_t count)
{
    size_t k;
    fputs(" \"options\": {", f);
    for (k = 0; k < count; k++) {
        fputs(k ? ", " : "", f);
        ar_json_string(f, params[k].name);
        fputs(": ", f);
        if (params[k].value)
            ar_json_string(f, params[k].value);
        else
            fputs("true", f);
    }
    fputs("},\n", f);
}

static int puzzle_replay(const ar_puzzle *p, const char *dir)
{
    const ar_puzzle_example *x = p->examples;
    char buf[256], path[1024], *text;
    ar_param params[MAX_PARAMS];
    size_t count;
    ar_instance *inst = NULL;
    ar_search_options opts;
    ar_result res;
    ar_error err;
    FILE *f;
    while (x && x->note && x->unsolvable)
        x++;
    if (!x || !x->note) {
        fprintf(stderr, "page_gallery: %s has no solvable example\n", p->name);
        return 1;
    }
    snprintf(buf, sizeof buf, "%s", x->options ? x->options : "");
    count = ar_param_split(buf, params, MAX_PARAMS);
    ar_error_clear(&err);
    if (p->create(x->instance, params, count, &inst, &err) != AR_OK) {
        fprintf(stderr, "page_gallery: %s: %s\n", p->name, err.message);
        return 1;
    }
    ar_search_options_init(&opts);
    opts.limits.node_limit = 2000000;
    opts.limits.time_limit = 20;
    if (ar_solve(p, inst, &opts, NULL, &res, &err) != AR_OK || !res.moves) {
        fprintf(stderr, "page_gallery: %s: no solution to show (%s)\n", p->name, err.message);
        p->destroy(inst);
        return 1;
    }
    text = ar_puzzle_format_moves(p, inst, res.moves, res.length);
    if (!text || !(f = open_out(dir, "puzzle", p->name, path, sizeof path))) {
        free(text);
        ar_result_free(&res);
        p->destroy(inst);
        return 1;
    }
    fprintf(f, "{\"format\": \"ariadne-replay\", \"version\": 1, \"puzzle\": \"%s\",\n", p->name);
    write_options(f, params, count);
    fputs(" \"instance\": ", f);
    if (x->instance)
        ar_json_string(f, x->instance);
    else
        fputs("null", f);
    fputs(",\n \"moves\": ", f);
    ar_json_string(f, text);
    fputs("}\n", f);
    fclose(f);
    printf("%s\n", path);
    free(text);
    ar_result_free(&res);
    p->destroy(inst);
    return 0;
}

/* A random legal move of player p (AR_GMOVE_NONE when it has none). */
static ar_gmove random_move(const ar_game *g, const ar_variant *v, const void *pos, int p, ar_rng *rng,
                            ar_gmove *buf)
{
    unsigned n = g->legal_moves(v, pos, p, buf);
    return n ? buf[ar_rng_below(rng, n)] : AR_GMOVE_NONE;
}

static int game_replay(const ar_game *g, const char *dir)
{
    ar_variant *v = NULL;
    ar_error err;
    ar_rng rng;
    unsigned char *pos;
    ar_gmove *buf;
    char path[1024], text[512];
    unsigned ply;
    int players;
    FILE *f;
    ar_error_clear(&err);
    if (ar_game_create(g, NULL, 0, &v, &err) != AR_OK) {
        fprintf(stderr, "page_gallery: %s: %s\n", g->name, err.message);
        return 1;
    }
    if (!(f = open_out(dir, "game", g->name, path, sizeof path))) {
        g->destroy(v);
        return 1;
    }
    players = ar_game_players(g, v);
    pos = malloc(g->position_size(v));
    g->initial_position(v, pos);
    buf = malloc(sizeof *buf * ((size_t)g->max_moves(v, pos) + 4096));
    ar_rng_seed(&rng, 35);
    fprintf(f, "{\"format\": \"ariadne-replay\", \"version\": 1, \"game\": \"%s\", \"options\": {},\n"
               " \"players\": [", g->name);
    for (int p = 0; p < players; p++)
        fprintf(f, "%s\"random\"", p ? ", " : "");
    fputs("],\n \"moves\": [", f);
    for (ply = 0; ply < GAME_PLIES && g->outcome(v, pos) == AR_ONGOING; ply++) {
        int who = g->to_move(v, pos);
        ar_gmove m[AR_MAX_PLAYERS];
        if (g->max_moves(v, pos) > 4096)
            break; /* the buffer's size */
        if (who >= 0 && g->legal_moves(v, pos, who, buf) == 0)
            break;
        fputs(ply ? ", " : "", f);
        if (who == AR_PLAYER_SIMULTANEOUS) {
            /* one string a player: a move may contain '/' (Planet Wars' "1-3/2") */
            fputc('[', f);
            for (int p = 0; p < players; p++) {
                m[p] = random_move(g, v, pos, p, &rng, buf);
                if (m[p] == AR_GMOVE_NONE)
                    snprintf(text, sizeof text, "-");
                else
                    g->format_move(v, pos, p, m[p], text, sizeof text);
                fputs(p ? ", " : "", f);
                ar_json_string(f, text);
            }
            fputc(']', f);
            ar_game_apply_simultaneous(g, v, pos, m);
            continue;
        } else if (who == AR_PLAYER_CHANCE) {
            double *probs = malloc(sizeof *probs * 4096);
            unsigned n = g->chance_outcomes(v, pos, buf, probs);
            m[0] = buf[ar_rng_below(&rng, n)];
            free(probs);
            g->format_move(v, pos, 0, m[0], text, sizeof text);
            g->apply(v, pos, m[0]);
        } else {
            m[0] = random_move(g, v, pos, who, &rng, buf);
            g->format_move(v, pos, who, m[0], text, sizeof text);
            g->apply(v, pos, m[0]);
        }
        ar_json_string(f, text);
    }
    fputs("]}\n", f);
    fclose(f);
    printf("%s\n", path);
    free(buf);
    free(pos);
    g->destroy(v);
    return 0;
}

int main(int argc, char **argv)
{
    const ar_puzzle *const *p;
    const ar_game *const *g;
    int failed = 0;
    if (argc != 2) {
        fprintf(stderr, "usage: page_gallery OUTDIR\n");
        return 2;
    }
    for (p = ar_puzzles(); *p; p++)
        failed |= puzzle_replay(*p, argv[1]);
    for (g = ar_games(); *g; g++)
        failed |= game_replay(*g, argv[1]);
    return failed;
}
