/* perft.c — `ariadne perft GAME DEPTH [POSITION]`: the leaves of the legal
 * move tree to DEPTH plies, the standard test of a move generator. A game
 * with its own fast generator gives the count through its `perft` slot; any
 * other game of alternating moves is counted through the interface. Either
 * way the count runs under the limits with progress, stops within a
 * fraction of a second on Ctrl-C or --time-limit with a partial count, and
 * prints text or one JSON object. */
#include "cli.h"
#include "game_cli.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static void print_json(const ar_game *g, const char *position, int depth, const ar_perft_job *job,
                       const ar_perft_result *r, int divide)
{
    unsigned k;
    printf("{\"game\":");
    ar_json_string(stdout, g->name);
    printf(",\"position\":");
    ar_json_string(stdout, position);
    printf(",\"depth\":%d,\"nodes\":%" PRIu64 ",\"complete\":%s,\"stop_reason\":", depth, r->nodes,
           r->complete ? "true" : "false");
    if (r->complete)
        printf("null");
    else
        ar_json_string(stdout, ar_stop_reason_name(r->stop));
    printf(",\"root_moves\":%u,\"root_moves_done\":%u,\"seconds\":%.3f,\"nodes_per_second\":%.0f", job->root_moves,
           r->moves_done, r->seconds, r->seconds > 0 ? (double)r->nodes / r->seconds : 0.0);
    if (divide) {
        printf(",\"divide\":[");
        for (k = 0; k < job->root_moves; k++) {
            char mv[64];
            job->format_root(job->ctx, k, mv, sizeof mv);
            printf("%s{\"move\":", k ? "," : "");
            ar_json_string(stdout, mv);
            printf(",\"nodes\":%" PRIu64 "}", r->per_move[k]);
        }
        printf("]");
    }
    printf("}\n");
}

int verb_perft(int argc, char **argv)
{
    game_args a;
    ar_perft_job job = {0};
    ar_perft_result r = {0};
    ar_search_options so;
    ar_error err;
    ar_progress progress;
    uint64_t depth;
    char why[200], position[4096], name[64];
    void *pos = NULL;
    int rc = game_parse_args(&a, argc, argv, "moves divide position json quiet time-limit");
    unsigned k;
    if (rc)
        return rc;
    if (a.npositional < 1)
        return ar_tool_fail("perft %s: which depth? (ariadne perft %s DEPTH)", a.g->name, a.g->name);
    if (a.npositional > 2 || (a.npositional == 2 && a.position))
        return ar_tool_fail("perft %s: one depth and at most one position (as POSITION or --position)",
                            a.g->name);
    if (ar_tool_parse_uint(a.positional[0], 0, 64, &depth, why, sizeof why))
        return ar_tool_fail("perft %s: depth %s", a.g->name, why);
    if (a.npositional == 2)
        a.position = a.positional[1];
    if ((rc = game_make_variant(&a)) != 0)
        return rc;
    pos = ar_xmalloc(a.g->position_size(a.v));
    if ((rc = game_make_position(&a, a.position, a.moves, pos)) != 0)
        goto done;
    ar_error_clear(&err);
    if ((a.g->perft ? a.g->perft(a.v, pos, &job, &err) : ar_game_perft_job(a.g, a.v, pos, &job, &err)) != AR_OK) {
        rc = ar_tool_fail("perft %s: %s", a.g->name, err.message);
        goto done;
    }
    a.g->format_position(a.v, pos, position, sizeof position);
    snprintf(name, sizeof name, "perft %s", a.g->name);
    ar_progress_init(&progress, stderr, a.progress_mode, name);
    ar_search_options_init(&so);
    so.limits.time_limit = a.time_limit;
    so.limits.interrupt = &ar_tool_interrupted;
    so.progress = &progress;
    r.per_move = ar_xmalloc(sizeof *r.per_move * (job.root_moves ? job.root_moves : 1));
    ar_tool_install_sigint();
    ar_perft_run(&job, (int)depth, &so, &r);
    ar_progress_finish(&progress);
    if (a.json) {
        print_json(a.g, position, (int)depth, &job, &r, a.divide && depth > 0);
    } else {
        if (a.divide && depth > 0) {
            for (k = 0; k < job.root_moves; k++) {
                char mv[64];
                job.format_root(job.ctx, k, mv, sizeof mv);
                if (k < r.moves_done)
                    printf("%s: %" PRIu64 "\n", mv, r.per_move[k]);
            }
            printf("\n");
        }
        if (r.complete)
            printf("perft %d: %" PRIu64 " nodes, %.3f s, %.1f M nodes/s\n", (int)depth, r.nodes, r.seconds,
                   r.seconds > 0 ? (double)r.nodes / r.seconds / 1e6 : 0.0);
        else
            printf("perft %d: at least %" PRIu64 " nodes (partial: stopped by %s after %.2f s, %u of %u root "
                   "moves done)\n",
                   (int)depth, r.nodes, ar_stop_reason_name(r.stop), r.seconds, r.moves_done, job.root_moves);
    }
    rc = r.complete ? AR_EXIT_OK : AR_EXIT_LIMIT;
done:
    free(r.per_move);
    if (job.release)
        job.release(job.ctx);
    free(pos);
    game_args_free(&a);
    return rc;
}
