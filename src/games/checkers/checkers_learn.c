/* checkers_learn.c — `ariadne checkers-learn`: the evaluation's weights
 * learned from self-play, Samuel's idea ("coefficients obtained over a
 * learning mechanism", the lecture notes) done as Texel-style fitting to
 * game outcomes.
 *
 * One round: the engine plays --games games against itself at --nodes nodes
 * a move, each from an ACF three-move ballot (in turn) followed by 2 to 5
 * random plies chosen by --seed, without endgame databases, so the games
 * differ and reach every phase. Every quiet position of a game (the side to
 * move has no capture, so its quiescence score is its static score) after
 * the ballot becomes a sample labelled with the game's result for the side
 * to move (1, 1/2, 0). The weights then minimise the mean of (R -
 * sigmoid(E))^2, E the evaluation and sigmoid(E) = 1 / (1 + 10^(-K E/400)),
 * K fitted first to the starting weights: the evaluation is linear in its
 * weights (each term's opening weight times phase/24 plus its ending weight
 * times (24-phase)/24), so the exact gradient is cheap, and --epochs steps
 * of Adam descend it, full batch, in a fixed order. The man's weights stay
 * at 100 (the scale). Every tenth game is held out: its error chooses the
 * epoch kept and is printed beside the training error. --rounds R repeats:
 * round r+1 plays with the weights of round r and fits to all games so far
 * (the learner improves by playing itself, as Samuel's did).
 *
 * The same command gives the same weights (the games run on --threads
 * threads, each game's moves depend only on its number). --out writes the
 * weights file, --c-out the C of checkers_eval_learned.c. */
#include "ariadne/run.h"
#include "ariadne/search.h"
#include "ariadne/timer.h"
#include "ariadne/tool.h"
#include "checkers_match.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#define NW (2 * CK_NTERMS) /* weights: opening[0..n), ending[0..n) */

typedef struct sample {
    int8_t f[CK_NTERMS];
    uint8_t phase;
    float result; /* for the side to move */
    unsigned game;
} sample;

typedef struct game_out {
    sample *s;
    size_t n, cap;
} game_out;

typedef struct selfplay {
    ck_eval_params w;
    uint64_t nodes, seed;
    unsigned first, games;
    game_out *out;
    atomic_uint next;
    atomic_uint done;
} selfplay;

static uint64_t mix(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

/* One self-play game; its quiet positions into out. */
static void play_game(ck_engine *e, const selfplay *sp, unsigned game, game_out *out)
{
    ar_checkers_pos pos;
    ar_error err;
    ck_limits lim;
    ar_rng rng;
    unsigned ply, randoms, first_sample;
    float black_result = 0.5f;
    size_t start = out->n, k;
    ar_rng_seed(&rng, mix(sp->seed * 1000003u + game));
    ar_checkers_ballot_position(game % ar_checkers_ballot_count(), &pos, NULL, &err);
    randoms = 2 + (unsigned)ar_rng_below(&rng, 4);
    for (ply = 0; ply < randoms; ply++) {
        ck_move list[CK_MAX_MOVES];
        unsigned n = ar_checkers_legal(&pos.b, list);
        if (!n || ar_checkers_outcome(&pos, NULL) != AR_ONGOING)
            break;
        ar_checkers_pos_apply(&pos, &list[ar_rng_below(&rng, n)]);
    }
    first_sample = 0;
    ar_checkers_engine_clear(e);
    memset(&lim, 0, sizeof lim);
    lim.nodes = sp->nodes;
    for (ply = 0; ply < 600; ply++) {
        const char *why;
        ar_game_outcome o = ar_checkers_outcome(&pos, &why);
        ck_info info;
        ck_move m;
        uint32_t code;
        if (o != AR_ONGOING) {
            black_result = o == AR_WIN_P0 ? 1.0f : o == AR_WIN_P1 ? 0.0f : 0.5f;
            break;
        }
        if (!ar_checkers_can_capture(&pos.b) && ply >= first_sample) {
            sample s;
            int f[CK_NTERMS], phase, i;
            ar_checkers_features(&pos.b, f, &phase);
            for (i = 0; i < CK_NTERMS; i++)
                s.f[i] = (int8_t)f[i];
            s.phase = (uint8_t)phase;
            s.result = pos.b.stm == CK_BLACK ? 1.0f : 0.0f; /* fixed below */
            s.game = game;
            if (out->n == out->cap) {
                out->cap = out->cap ? 2 * out->cap : 128;
                out->s = ar_xrealloc(out->s, out->cap * sizeof *out->s);
            }
            out->s[out->n++] = s;
        }
        code = ar_checkers_search(e, &pos, &lim, &info);
        if (code == CK_NO_MOVE || !ar_checkers_decode(&pos.b, code, &m))
            break;
        ar_checkers_pos_apply(&pos, &m);
    }
    /* s.result held 1 for Black to move, 0 for White: the result for the mover. */
    for (k = start; k < out->n; k++)
        out->s[k].result = out->s[k].result > 0.5f ? black_result : 1.0f - black_result;
}

static void *selfplay_worker(void *arg)
{
    selfplay *sp = arg;
    ck_engine *e = ar_checkers_engine_new(8);
    ar_checkers_engine_set_params(e, &sp->w);
    for (;;) {
        unsigned k = atomic_fetch_add(&sp->next, 1);
        if (k >= sp->games || ar_tool_interrupted)
            break;
        play_game(e, sp, sp->first + k, &sp->out[k]);
        atomic_fetch_add(&sp->done, 1);
    }
    ar_checkers_engine_free(e);
    return NULL;
}

/* ---------------------------------------------------------------- fitting */

typedef struct data {
    sample *s;
    size_t n, cap;
} data;

static double sigmoid(double k, double e) { return 1.0 / (1.0 + pow(10.0, -k * e / 400.0)); }

static double eval_of(const sample *s, const double *w)
{
    double op = 0, en = 0;
    int i;
    for (i = 0; i < CK_NTERMS; i++) {
        op += s->f[i] * w[i];
        en += s->f[i] * w[CK_NTERMS + i];
    }
    return (op * s->phase + en * (CK_PHASE_MAX - s->phase)) / CK_PHASE_MAX;
}

static int held_out(const sample *s) { return s->game % 10 == 9; }

static double error_of(const data *d, const double *w, double k, int held)
{
    double sum = 0;
    size_t i, n = 0;
    for (i = 0; i < d->n; i++) {
        double r;
        if (held_out(&d->s[i]) != held)
            continue;
        r = d->s[i].result - sigmoid(k, eval_of(&d->s[i], w));
        sum += r * r;
        n++;
    }
    return n ? sum / (double)n : 0;
}

static double fit_k(const data *d, const double *w)
{
    double lo = 0.05, hi = 5.0;
    int it;
    for (it = 0; it < 60; it++) { /* golden-section search on the training error */
        double a = hi - (hi - lo) / 1.618, b = lo + (hi - lo) / 1.618;
        if (error_of(d, w, a, 0) < error_of(d, w, b, 0))
            hi = b;
        else
            lo = a;
    }
    return (lo + hi) / 2;
}

static void params_to(const ck_eval_params *p, double *w)
{
    int i;
    for (i = 0; i < CK_NTERMS; i++) {
        w[i] = p->opening[i];
        w[CK_NTERMS + i] = p->ending[i];
    }
}

static void params_from(const double *w, ck_eval_params *p)
{
    int i;
    for (i = 0; i < CK_NTERMS; i++) {
        p->opening[i] = (int)lround(w[i]);
        p->ending[i] = (int)lround(w[CK_NTERMS + i]);
    }
}

/* Adam on the training error; returns the weights of the epoch with the
 * lowest held-out error in best. */
static void descend(const data *d, double *w, double k, unsigned epochs, double rate, double reg,
                    const double *w0, double *best, double *best_err, int quiet)
{
    double m[NW] = {0}, v[NW] = {0};
    unsigned e;
    int i;
    memcpy(best, w, sizeof(double) * NW);
    *best_err = error_of(d, w, k, 1);
    for (e = 1; e <= epochs && !ar_tool_interrupted; e++) {
        double g[NW] = {0}, ln10 = log(10.0);
        size_t j, n = 0;
        for (j = 0; j < d->n; j++) {
            const sample *s = &d->s[j];
            double p, c;
            if (held_out(s))
                continue;
            p = sigmoid(k, eval_of(s, w));
            /* d/dE (R - p)^2 = -2 (R - p) p (1 - p) k ln10 / 400 */
            c = -2.0 * (s->result - p) * p * (1 - p) * k * ln10 / 400.0;
            for (i = 0; i < CK_NTERMS; i++) {
                if (!s->f[i])
                    continue;
                g[i] += c * s->f[i] * s->phase / CK_PHASE_MAX;
                g[CK_NTERMS + i] += c * s->f[i] * (CK_PHASE_MAX - s->phase) / CK_PHASE_MAX;
            }
            n++;
        }
        for (i = 0; i < NW; i++) {
            double gi;
            if (i == CK_T_MAN || i == CK_NTERMS + CK_T_MAN)
                continue; /* the scale */
            gi = (n ? g[i] / (double)n : 0) + 2 * reg * (w[i] - w0[i]);
            m[i] = 0.9 * m[i] + 0.1 * gi;
            v[i] = 0.999 * v[i] + 0.001 * gi * gi;
            w[i] -= rate * (m[i] / (1 - pow(0.9, e))) / (sqrt(v[i] / (1 - pow(0.999, e))) + 1e-12);
        }
        {
            double he = error_of(d, w, k, 1);
            if (he < *best_err) {
                *best_err = he;
                memcpy(best, w, sizeof(double) * NW);
            }
            if (!quiet && (e % 50 == 0 || e == epochs))
                fprintf(stderr, "checkers-learn: epoch %u: training error %.6f, held-out %.6f\n", e,
                        error_of(d, w, k, 0), he);
        }
    }
}

static int write_c(const char *path, const ck_eval_params *p, const char *command)
{
    FILE *f = fopen(path, "w");
    int i;
    if (!f)
        return -1;
    fprintf(f, "/* checkers_eval_learned.c — the evaluation's learned weights, written by\n"
               " * `ariadne checkers-learn --c-out` (checkers_learn.c); the command that made\n"
               " * them is below. Do not edit by hand: run the command again. */\n"
               "#include \"checkers_engine.h\"\n\n/* %s */\nstatic const ck_eval_params learned = {\n"
               "    /*           ",
            command);
    for (i = 0; i < CK_NTERMS; i++)
        fprintf(f, "%s%s", ar_checkers_terms[i].name, i + 1 < CK_NTERMS ? " " : " */\n");
    fprintf(f, "    .opening = {");
    for (i = 0; i < CK_NTERMS; i++)
        fprintf(f, "%d%s", p->opening[i], i + 1 < CK_NTERMS ? ", " : "},\n");
    fprintf(f, "    .ending = {");
    for (i = 0; i < CK_NTERMS; i++)
        fprintf(f, "%d%s", p->ending[i], i + 1 < CK_NTERMS ? ", " : "},\n");
    fprintf(f, "};\n\nconst ck_eval_params *ar_checkers_params_learned(void) { return &learned; }\n");
    return fclose(f) == 0 ? 0 : -1;
}

static uint64_t games_done(void *arg) { return atomic_load(&((selfplay *)arg)->done); }

int ar_checkers_learn_main(int argc, char **argv)
{
    uint64_t games = 2000, nodes = 2000, epochs = 400, rounds = 1;
    double rate = 1.0, reg = 0;
    const char *from = "handset", *out_path = NULL, *c_out = NULL;
    const ar_opt opts[] = {
        {.name = "games", .kind = AR_OPT_UINT, .dest = &games, .min = 10, .max = 10000000, .metavar = "N"},
        {.name = "nodes", .kind = AR_OPT_UINT, .dest = &nodes, .min = 100, .max = 100000000, .metavar = "N"},
        {.name = "epochs", .kind = AR_OPT_UINT, .dest = &epochs, .min = 1, .max = 100000, .metavar = "E"},
        {.name = "rounds", .kind = AR_OPT_UINT, .dest = &rounds, .min = 1, .max = 100, .metavar = "R"},
        {.name = "rate", .kind = AR_OPT_NUMBER, .dest = &rate, .lo = 0, .lo_open = 1, .hi = 1000, .metavar = "R"},
        {.name = "reg", .kind = AR_OPT_NUMBER, .dest = &reg, .lo = 0, .hi = 1000, .metavar = "L"},
        {.name = "from", .kind = AR_OPT_TEXT, .dest = &from, .metavar = "handset|learned|FILE"},
        {.name = "out", .kind = AR_OPT_TEXT, .dest = &out_path, .metavar = "FILE"},
        {.name = "c-out", .kind = AR_OPT_TEXT, .dest = &c_out, .metavar = "FILE"},
        {.name = NULL}};
    ar_tool_cmd cmd = {.name = "checkers-learn", .help_topic = "checkers-learn",
                       .common = AR_COMMON_QUIET | AR_COMMON_PROGRESS | AR_COMMON_SEED | AR_COMMON_THREADS,
                       .options = opts};
    ck_eval_params start, cur;
    double w0[NW], w[NW], best[NW], k = 1, best_err = 0;
    data d = {0};
    char command[1024];
    unsigned r;
    int a, rc = ar_tool_parse(&cmd, argc, argv, 1);
    ar_error err;
    if (rc)
        return rc;
    if (!(cmd.given & AR_COMMON_SEED))
        cmd.seed = 1;
    if (ar_checkers_params_named(from, &start, &err) != AR_OK)
        return ar_tool_fail("checkers-learn: --from: %s", err.message);
    snprintf(command, sizeof command, "ariadne");
    for (a = 0; a < argc; a++)
        if (strncmp(argv[a], "--c-out", 7) && strncmp(argv[a], "--out", 5) && (a == 0 || strcmp(argv[a - 1], "--c-out")) &&
            (a == 0 || strcmp(argv[a - 1], "--out")) && (a == 0 || strcmp(argv[a - 1], "--threads")) &&
            strncmp(argv[a], "--threads", 9) && strlen(command) + strlen(argv[a]) + 2 < sizeof command)
            strcat(strcat(command, " "), argv[a]);
    ar_tool_install_sigint();
    cur = start;
    params_to(&start, w0);
    for (r = 0; r < rounds; r++) {
        selfplay sp;
        ar_search_options so;
        ar_result res;
        ar_run run;
        volatile sig_atomic_t stop = 0;
        unsigned g;
        double t0 = ar_now(), before_train, before_held;
        memset(&sp, 0, sizeof sp);
        sp.w = cur;
        sp.nodes = nodes;
        sp.seed = cmd.seed;
        sp.first = (unsigned)(r * games);
        sp.games = (unsigned)games;
        sp.out = ar_xcalloc(ar_xsize(games), sizeof *sp.out);
        atomic_init(&sp.next, 0);
        atomic_init(&sp.done, 0);
        ar_search_options_init(&so);
        so.limits.interrupt = &ar_tool_interrupted;
        so.progress = &cmd.progress;
        ar_result_init(&res);
        ar_run_begin(&run, &so, &res);
        ar_run_threads(&run, ar_tool_threads(&cmd), selfplay_worker, &sp, games_done, games, "games", &stop);
        ar_progress_finish(&cmd.progress);
        for (g = 0; g < games; g++) {
            size_t j;
            for (j = 0; j < sp.out[g].n; j++) {
                if (d.n == d.cap) {
                    d.cap = d.cap ? 2 * d.cap : 1 << 16;
                    d.s = ar_xrealloc(d.s, d.cap * sizeof *d.s);
                }
                d.s[d.n++] = sp.out[g].s[j];
            }
            free(sp.out[g].s);
        }
        free(sp.out);
        if (ar_tool_interrupted) {
            free(d.s);
            return ar_tool_error(AR_EXIT_LIMIT, "checkers-learn: interrupted while playing round %u; no weights written",
                                 r + 1);
        }
        params_to(&cur, w);
        k = fit_k(&d, w);
        before_train = error_of(&d, w, k, 0);
        before_held = error_of(&d, w, k, 1);
        if (!cmd.quiet)
            fprintf(stderr, "checkers-learn: round %u: %u games, %zu positions in %.1f s; K %.3f; error %.6f, held-out %.6f\n",
                    r + 1, (unsigned)games, d.n, ar_now() - t0, k, before_train, before_held);
        descend(&d, w, k, (unsigned)epochs, rate, reg, w0, best, &best_err, cmd.quiet);
        params_from(best, &cur);
        {
            double wi[NW];
            params_to(&cur, wi);
            printf("round %u: %zu positions of %u games; error %.6f -> %.6f (training), %.6f -> %.6f (held out)\n",
                   r + 1, d.n, (unsigned)(games * (r + 1)), before_train, error_of(&d, wi, k, 0), before_held,
                   error_of(&d, wi, k, 1));
        }
    }
    free(d.s);
    if (ar_tool_interrupted)
        return ar_tool_error(AR_EXIT_LIMIT, "checkers-learn: interrupted; no weights written");
    ar_checkers_params_write(stdout, &cur, command);
    if (out_path) {
        FILE *f = fopen(out_path, "w");
        if (!f)
            return ar_tool_fail("checkers-learn: cannot write '%s'", out_path);
        ar_checkers_params_write(f, &cur, command);
        fclose(f);
    }
    if (c_out && write_c(c_out, &cur, command) != 0)
        return ar_tool_fail("checkers-learn: cannot write '%s'", c_out);
    return AR_EXIT_OK;
}
