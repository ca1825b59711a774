/* perft.c — counting the leaves of a game's legal move tree (gamesearch.h):
 * the root moves counted in order on a worker thread that the run context
 * watches (limits, progress, Ctrl-C), and a job for any game of alternating
 * moves through the interface, so `ariadne perft GAME` works for every game
 * and a game with its own fast generator (its `perft` slot) plugs in the
 * same way. */
#include "ariadne/gamesearch.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/memory.h"
#include "ariadne/run.h"
#include "ariadne/timer.h"

typedef struct perft_work {
    const ar_perft_job *job;
    int depth;
    ar_perft_result *r;
    pthread_mutex_t lock;
    unsigned done;
    volatile sig_atomic_t stop;
} perft_work;

static void *perft_thread(void *arg)
{
    perft_work *w = arg;
    unsigned k;
    for (k = 0; k < w->job->root_moves && !w->stop; k++) {
        uint64_t n = w->job->count_root(w->job->ctx, k, w->depth, &w->stop);
        pthread_mutex_lock(&w->lock);
        w->r->nodes += n;
        if (w->r->per_move)
            w->r->per_move[k] = n;
        if (!w->stop)
            w->done++;
        pthread_mutex_unlock(&w->lock);
    }
    return NULL;
}

static uint64_t perft_done(void *arg)
{
    perft_work *w = arg;
    uint64_t n;
    pthread_mutex_lock(&w->lock);
    n = w->done;
    pthread_mutex_unlock(&w->lock);
    return n;
}

void ar_perft_run(const ar_perft_job *job, int depth, const ar_search_options *opts, ar_perft_result *r)
{
    perft_work w;
    ar_result res;
    ar_run run;
    double t0 = ar_now();
    r->nodes = 0, r->moves_done = 0, r->complete = 1, r->stop = AR_STOP_NONE;
    if (r->per_move)
        memset(r->per_move, 0, sizeof *r->per_move * job->root_moves);
    if (depth <= 0) {
        r->nodes = 1;
        r->seconds = ar_now() - t0;
        return;
    }
    memset(&w, 0, sizeof w);
    w.job = job, w.depth = depth, w.r = r;
    pthread_mutex_init(&w.lock, NULL);
    ar_result_init(&res);
    ar_run_begin(&run, opts, &res);
    ar_run_threads(&run, 1, perft_thread, &w, perft_done, job->root_moves, "root moves", &w.stop);
    pthread_mutex_destroy(&w.lock);
    r->moves_done = w.done;
    r->complete = w.done == job->root_moves;
    r->stop = r->complete ? AR_STOP_NONE : run.stop != AR_STOP_NONE ? run.stop : AR_STOP_INTERRUPT;
    r->seconds = ar_now() - t0;
}

/* --- perft through the game interface --- */

typedef struct game_perft {
    const ar_game *g;
    const ar_variant *v;
    size_t size;
    unsigned char *root;
    ar_gmove *root_moves;
} game_perft;

static uint64_t leaves(const game_perft *gp, const void *pos, int depth, const volatile sig_atomic_t *stop)
{
    ar_gmove moves[512];
    unsigned n, i;
    uint64_t total = 0;
    unsigned char *child;
    if (depth <= 0)
        return 1;
    if (gp->g->outcome(gp->v, pos) != AR_ONGOING)
        return 0;
    n = gp->g->legal_moves(gp->v, pos, gp->g->to_move(gp->v, pos), moves);
    if (depth == 1)
        return n;
    child = ar_xmalloc(gp->size);
    for (i = 0; i < n && !(depth >= 3 && *stop); i++) {
        memcpy(child, pos, gp->size);
        gp->g->apply(gp->v, child, moves[i]);
        total += leaves(gp, child, depth - 1, stop);
    }
    free(child);
    return total;
}

static uint64_t game_count_root(void *ctx, unsigned k, int depth, const volatile sig_atomic_t *stop)
{
    game_perft *gp = ctx;
    unsigned char *child = ar_xmalloc(gp->size);
    uint64_t n;
    memcpy(child, gp->root, gp->size);
    gp->g->apply(gp->v, child, gp->root_moves[k]);
    n = leaves(gp, child, depth - 1, stop);
    free(child);
    return n;
}

static void game_format_root(void *ctx, unsigned k, char *buf, size_t size)
{
    game_perft *gp = ctx;
    gp->g->format_move(gp->v, gp->root, gp->g->to_move(gp->v, gp->root), gp->root_moves[k], buf, size);
}

static void game_perft_release(void *ctx)
{
    game_perft *gp = ctx;
    free(gp->root);
    free(gp->root_moves);
    free(gp);
}

ar_status ar_game_perft_job(const ar_game *g, const ar_variant *v, const void *pos, ar_perft_job *job,
                            ar_error *err)
{
    game_perft *gp;
    int who = g->to_move(v, pos);
    ar_gmove moves[512];
    unsigned n = 0;
    if (who == AR_PLAYER_SIMULTANEOUS || who == AR_PLAYER_CHANCE)
        return ar_error_set(err, AR_ERR_INPUT, "perft counts games of alternating moves, and %s %s", g->name,
                            who == AR_PLAYER_CHANCE ? "has chance moves" : "has moves made at the same time");
    if (g->max_moves && g->max_moves(v, pos) > 512)
        return ar_error_set(err, AR_ERR_INPUT, "a position has more moves than perft can hold (512)");
    if (g->outcome(v, pos) == AR_ONGOING)
        n = g->legal_moves(v, pos, who, moves);
    gp = ar_xmalloc(sizeof *gp);
    gp->g = g, gp->v = v, gp->size = g->position_size(v);
    gp->root = ar_xmalloc(gp->size);
    memcpy(gp->root, pos, gp->size);
    gp->root_moves = ar_xmalloc(sizeof *gp->root_moves * (n ? n : 1));
    memcpy(gp->root_moves, moves, sizeof *moves * n);
    job->root_moves = n;
    job->count_root = game_count_root;
    job->format_root = game_format_root;
    job->release = game_perft_release;
    job->ctx = gp;
    return AR_OK;
}

