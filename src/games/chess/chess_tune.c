/* chess_tune.c — `ariadne chess-tune`: fits the evaluation's weights to
 * labelled positions, the "Texel" method. Each training position is a quiet
 * position of a game (not in check, its quiescence score equal to its
 * static score) with a target T: the game's result R (1, 1/2, 0 for white),
 * or — with --label, or a data file of "cp" lines — an external engine's
 * score S of the position (chess_label.c), T = sigmoid(s S), s a scale fitted
 * so that the starting weights match S best (keeping the evaluation in its
 * own centipawns). The tuner minimises the mean of (T - sigmoid(E))^2 over
 * the positions, where E is the evaluation (white's view) and sigmoid(E) =
 * 1 / (1 + 10^(-K E / 400)); K is fitted first to the starting weights for
 * results, and given (--k, default 1) for scores.
 *
 * The positions come from self-play (the engine against itself at a fixed
 * node count from the match's opening suite, then a few random plies chosen
 * by --seed so games differ: the same command gives the same positions) or
 * from a file of "FEN | RESULT" or "FEN | cp S" lines (which --save-data
 * writes), or from a PGN file; --sample N keeps every Nth of them.
 *
 * The evaluation is linear in its weights but for a fixed scaling of
 * drawish endings, so the tuner asks it once per position, with a trace
 * (ar_chess_evaluate_trace), for each weight's coefficient — tapered by the
 * phase — and then descends the error's exact gradient with Adam, full
 * batch and in a fixed order (deterministic). The weights are rounded to
 * integers at the end, and the error of the real evaluation with them is
 * printed beside the starting one, on the training positions and on every
 * tenth position held out. Output: the weights file (--out) and/or the C
 * table of chess_eval_tuned.c (--c-out). */
#include "ariadne/tool.h"
#include "chess_engine.h"
#include "chess_label.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct sample {
    ch_board b;
    float result; /* white's: 1, 0.5, 0 */
    float target; /* what sigmoid(E) is fitted to: the result, or sigmoid(s cp) */
    int cp;       /* the external engine's score, white's view, when labelled */
    int labelled;
    unsigned game; /* positions of games numbered 9 mod 10 are held out */
} sample;

typedef struct dataset {
    sample *s;
    size_t n, cap;
} dataset;

static void push_sample(dataset *d, const ch_board *b, float result, unsigned game)
{
    if (d->n == d->cap) {
        d->cap = d->cap ? d->cap * 2 : 4096;
        d->s = realloc(d->s, d->cap * sizeof *d->s);
        if (!d->s)
            abort();
    }
    d->s[d->n].b = *b;
    d->s[d->n].game = game;
    d->s[d->n].labelled = 0;
    d->s[d->n].cp = 0;
    d->s[d->n++].result = result;
}

static uint64_t splitmix(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* ------------------------------------------------------------ self-play */

typedef struct tune_opts {
    unsigned games, epochs, label_depth, sample;
    uint64_t nodes, seed;
    double rate, reg, k;
    const char *data, *pgn, *save_data, *out, *c_out, *from, *label;
    unsigned char frozen[CH_NPARAMS]; /* --freeze: weights left as they start */
    ar_progress *progress;            /* a line on a terminal, per --progress / --quiet */
    int keep_last; /* --keep last: the last epoch's weights, not the best held-out */
} tune_opts;

/* One game of the engine against itself; its quiet positions (after the
 * opening and the random plies) are added with the result. Returns the
 * result (white's), or -1 when interrupted. */
static float selfplay_game(ch_engine *e, const ch_eval_params *w, const tune_opts *o, unsigned game, dataset *d)
{
    ar_chess_pos pos;
    uint64_t rng = o->seed * 0x100000001B3ULL + game;
    size_t first = d->n, k;
    unsigned random_plies = 2 + (unsigned)(splitmix(&rng) % 5), ply;
    int run = 0, run_side = 0;
    float result = 0.5f;
    ch_limits lim;
    memset(&lim, 0, sizeof lim);
    lim.nodes = o->nodes;
    ar_chess_play_opening(&pos, NULL, (unsigned)(splitmix(&rng) % ar_chess_opening_count()));
    ar_chess_engine_clear(e);
    for (ply = 0; ply < 400; ply++) {
        ch_move moves[CH_MAX_MOVES], m;
        ch_info info;
        const char *why;
        ar_game_outcome outcome = ar_chess_outcome(&pos, &why);
        if (outcome != AR_ONGOING) {
            result = outcome == AR_WIN_P0 ? 1.0f : outcome == AR_WIN_P1 ? 0.0f : 0.5f;
            break;
        }
        if (ar_tool_interrupted)
            return -1;
        if (ply < random_plies) {
            unsigned n = ar_chess_legal(&pos.b, moves);
            ar_chess_pos_apply(&pos, moves[splitmix(&rng) % n]);
            continue;
        }
        if (!ch_in_check(&pos.b) && ar_chess_quiescence(e, &pos.b) == ar_chess_evaluate(w, &pos.b))
            push_sample(d, &pos.b, 0.5f, game);
        m = ar_chess_search(e, &pos, &lim, &info, NULL);
        /* Adjudication: the searches agree on 10 pawns or more (or a mate)
         * for 8 plies in a row. */
        {
            int white = pos.b.stm == CH_WHITE ? info.score : -info.score;
            int side = white >= 1000 ? 1 : white <= -1000 ? -1 : 0;
            run = side != 0 && side == run_side ? run + 1 : 1;
            run_side = side;
            if (side && run >= 8) {
                result = side > 0 ? 1.0f : 0.0f;
                break;
            }
        }
        ar_chess_pos_apply(&pos, m);
    }
    for (k = first; k < d->n; k++)
        d->s[k].result = result;
    return result;
}

static int selfplay(const ch_eval_params *w, const tune_opts *o, dataset *d)
{
    ch_engine *e = ar_chess_engine_new(8);
    unsigned g, wins = 0, draws = 0, losses = 0;
    ar_chess_engine_set_params(e, w);
    ar_chess_engine_set_stop(e, &ar_tool_interrupted);
    for (g = 0; g < o->games; g++) {
        float r = selfplay_game(e, w, o, g, d);
        if (r < 0)
            break;
        wins += r == 1.0f;
        draws += r == 0.5f;
        losses += r == 0.0f;
        {
            char detail[64];
            snprintf(detail, sizeof detail, "self-play, %zu positions", d->n);
            ar_progress_update(o->progress, g + 1, o->games, "games", detail);
        }
    }
    ar_progress_finish(o->progress);
    ar_chess_engine_free(e);
    printf("self-play: %u games at %llu nodes a move (seed %llu): white %u wins, %u draws, %u losses; "
           "%zu quiet positions\n",
           wins + draws + losses, (unsigned long long)o->nodes, (unsigned long long)o->seed, wins, draws, losses,
           d->n);
    return ar_tool_interrupted ? -1 : 0;
}

/* ---------------------------------------------------------- data files */

static int read_data(const char *path, dataset *d)
{
    char why[256], fault[600] = "";
    char *text = ar_read_file(path, why, sizeof why), *p;
    unsigned line = 0;
    if (!text)
        return ar_tool_fail("chess-tune: %s", why);
    for (p = text; *p && !fault[0]; p += strcspn(p, "\n"), p += *p == '\n') {
        size_t len = strcspn(p, "\n"), used = 0;
        char *bar = memchr(p, '|', len), *r;
        ch_board b;
        ar_error err;
        float result = 0.5f;
        unsigned game;
        int cp = 0, labelled = 0;
        line++;
        if (len == 0 || p[0] == '#')
            continue;
        if (!bar) {
            snprintf(fault, sizeof fault, "expected 'FEN | RESULT'");
            break;
        }
        if (ar_chess_parse_fen(p, (size_t)(bar - p), &b, &used, &err) != AR_OK) {
            snprintf(fault, sizeof fault, "%s", err.message);
            break;
        }
        while (p + used < bar && p[used] == ' ')
            used++;
        if (p + used != bar) {
            snprintf(fault, sizeof fault, "unexpected text after the FEN: '%.*s'",
                     (int)(bar - (p + used) > 20 ? 20 : bar - (p + used)), p + used);
            break;
        }
        for (r = bar + 1; *r == ' '; r++)
            ;
        if (!strncmp(r, "1-0", 3))
            result = 1.0f, r += 3;
        else if (!strncmp(r, "0-1", 3))
            result = 0.0f, r += 3;
        else if (!strncmp(r, "1/2-1/2", 7))
            result = 0.5f, r += 7;
        else if (!strncmp(r, "cp ", 3)) {
            char *end;
            long v = strtol(r + 3, &end, 10);
            if (end == r + 3 || v < -30000 || v > 30000) {
                snprintf(fault, sizeof fault, "score '%.*s' is not 'cp N' (|N| <= 30000)", (int)strcspn(r, "|\r\n"),
                         r);
                break;
            }
            cp = (int)v, labelled = 1, r = end;
        } else {
            snprintf(fault, sizeof fault, "result '%.*s' is not 1-0, 0-1, 1/2-1/2 or cp N", (int)strcspn(r, " \r\n"),
                     r);
            break;
        }
        while (*r == ' ' || *r == '\r')
            r++;
        if (*r == '|') {
            char *end;
            game = (unsigned)strtoul(r + 1, &end, 10);
            r = end == r + 1 ? r : end;
            while (*r == ' ' || *r == '\r')
                r++;
        } else {
            game = line; /* without game numbers every position is a game of its own */
        }
        if (*r && *r != '\n') {
            snprintf(fault, sizeof fault, "unexpected text after the result (a game number?)");
            break;
        }
        push_sample(d, &b, result, game);
        d->s[d->n - 1].cp = cp;
        d->s[d->n - 1].labelled = labelled;
    }
    free(text);
    if (fault[0])
        return ar_tool_fail("chess-tune: %s: line %u: %s", path, line, fault);
    return 0;
}

/* The quiet positions of every finished game of a PGN file (a match's
 * --pgn, e.g. of stronger engines), each with its game's result; the first
 * 16 plies (the opening lines, shared between games) are skipped, and
 * games without a result ("*") too. Game numbers follow the file's order,
 * so every tenth game is held out as for self-play. */
static int read_pgn(const char *path, const ch_eval_params *w, dataset *d, unsigned *games_used)
{
    char why[256];
    char *text = ar_read_file(path, why, sizeof why);
    size_t pos = 0;
    unsigned games = 0;
    ch_engine *e;
    if (!text)
        return ar_tool_fail("chess-tune: %s", why);
    e = ar_chess_engine_new(1);
    ar_chess_engine_set_params(e, w);
    for (;;) {
        ch_game g;
        ar_error err;
        ch_board b;
        float result;
        unsigned i;
        ar_status st = ar_chess_pgn_read(text, &pos, &g, &err);
        if (st == AR_ERR_UNSUPPORTED)
            break;
        if (st != AR_OK) {
            ar_chess_game_free(&g);
            ar_chess_engine_free(e);
            free(text);
            return ar_tool_fail("chess-tune: %s: game %u: %s", path, games + 1, err.message);
        }
        games++;
        if (strcmp(g.result, "*")) {
            result = !strcmp(g.result, "1-0") ? 1.0f : !strcmp(g.result, "0-1") ? 0.0f : 0.5f;
            b = g.start;
            for (i = 0; i < g.count; i++) {
                if (i >= 16 && !ch_in_check(&b) && ar_chess_quiescence(e, &b) == ar_chess_evaluate(w, &b))
                    push_sample(d, &b, result, games - 1);
                ar_chess_make(&b, g.moves[i]);
            }
            (*games_used)++;
        }
        ar_chess_game_free(&g);
    }
    ar_chess_engine_free(e);
    free(text);
    return 0;
}

static int write_data(const char *path, const dataset *d, const char *command)
{
    FILE *f = fopen(path, "w");
    size_t i;
    if (!f)
        return ar_tool_error(AR_EXIT_BAD_INPUT, "chess-tune: cannot write %s", path);
    fprintf(f, "# quiet positions with their game's result or an engine's score (cp, white's view); made by: %s\n",
            command);
    for (i = 0; i < d->n; i++) {
        char fen[128], label[32];
        ar_chess_format_fen(&d->s[i].b, fen, sizeof fen);
        if (d->s[i].labelled)
            snprintf(label, sizeof label, "cp %d", d->s[i].cp);
        else
            snprintf(label, sizeof label, "%s",
                     d->s[i].result == 1.0f ? "1-0" : d->s[i].result == 0.0f ? "0-1" : "1/2-1/2");
        fprintf(f, "%s | %s | %u\n", fen, label, d->s[i].game);
    }
    return fclose(f) == 0 ? 0 : ar_tool_error(AR_EXIT_BAD_INPUT, "chess-tune: writing %s failed", path);
}

/* ------------------------------------------------------------- features */

/* Every position as a sparse row of (weight, tapered coefficient): its
 * evaluation (white's view) is the dot product with the weights. */
typedef struct features {
    size_t *start; /* row i is [start[i], start[i+1]) */
    uint16_t *index;
    float *coef;
    size_t len, cap;
} features;

static void build_features(const dataset *d, const ch_eval_params *w, features *f)
{
    ch_eval_trace *tr = malloc(sizeof *tr);
    size_t i;
    int k;
    if (!tr)
        abort();
    memset(f, 0, sizeof *f);
    f->start = malloc((d->n + 1) * sizeof *f->start);
    if (!f->start)
        abort();
    for (i = 0; i < d->n; i++) {
        const ch_param_group *g;
        ar_chess_evaluate_trace(w, &d->s[i].b, tr);
        f->start[i] = f->len;
        for (g = ar_chess_param_groups; g->name; g++) {
            double taper = g->taper == CH_TAPER_MG   ? tr->phase / 24.0 * tr->scale
                           : g->taper == CH_TAPER_EG ? (24 - tr->phase) / 24.0 * tr->scale
                                                     : 1.0;
            for (k = g->first; k < g->first + g->count; k++) {
                if (tr->coef[k] == 0)
                    continue;
                if (f->len == f->cap) {
                    f->cap = f->cap ? f->cap * 2 : 65536;
                    f->index = realloc(f->index, f->cap * sizeof *f->index);
                    f->coef = realloc(f->coef, f->cap * sizeof *f->coef);
                    if (!f->index || !f->coef)
                        abort();
                }
                f->index[f->len] = (uint16_t)k;
                f->coef[f->len++] = (float)(tr->coef[k] * taper);
            }
        }
    }
    f->start[d->n] = f->len;
    free(tr);
}

static double sigmoid(double k, double e) { return 1.0 / (1.0 + pow(10.0, -k * e / 400.0)); }

/* Mean squared error of the linear model with weights w over the rows i
 * with (i % 10 == 9) == held_out; grad (may be NULL) gets its gradient. */
static double model_error(const dataset *d, const features *f, const double *w, double k, int held_out,
                          double *grad)
{
    double sum = 0;
    size_t i, j, n = 0;
    if (grad)
        memset(grad, 0, CH_NPARAMS * sizeof *grad);
    for (i = 0; i < d->n; i++) {
        double e = 0, s, diff;
        if ((d->s[i].game % 10 == 9) != held_out)
            continue;
        for (j = f->start[i]; j < f->start[i + 1]; j++)
            e += w[f->index[j]] * f->coef[j];
        s = sigmoid(k, e);
        diff = d->s[i].target - s;
        sum += diff * diff;
        n++;
        if (grad) {
            /* d/dw (R - s)^2 = -2 (R - s) s (1 - s) ln10 K / 400 * coef */
            double g = -2.0 * diff * s * (1 - s) * log(10.0) * k / 400.0;
            for (j = f->start[i]; j < f->start[i + 1]; j++)
                grad[f->index[j]] += g * f->coef[j];
        }
    }
    if (grad && n)
        for (j = 0; j < CH_NPARAMS; j++)
            grad[j] /= (double)n;
    return n ? sum / (double)n : 0;
}

/* The same error with the real evaluation (integer weights). */
static double eval_error(const dataset *d, const ch_eval_params *w, double k, int held_out)
{
    double sum = 0;
    size_t i, n = 0;
    for (i = 0; i < d->n; i++) {
        const ch_board *b = &d->s[i].b;
        int e;
        double diff;
        if ((d->s[i].game % 10 == 9) != held_out)
            continue;
        e = ar_chess_evaluate(w, b);
        diff = d->s[i].target - sigmoid(k, b->stm == CH_WHITE ? e : -e);
        sum += diff * diff;
        n++;
    }
    return n ? sum / (double)n : 0;
}

/* The targets: a position's result, or sigmoid(K scale cp) when labelled. */
static void set_targets(dataset *d, double k, double scale)
{
    size_t i;
    for (i = 0; i < d->n; i++)
        d->s[i].target = d->s[i].labelled ? (float)sigmoid(k, scale * d->s[i].cp) : d->s[i].result;
}

/* The training error of the starting weights w as a function of K (for
 * results) or of the label scale (for scores, K fixed). */
static double fit_error(dataset *d, const features *f, const double *w, double k, double x, int labelled)
{
    if (labelled) {
        set_targets(d, k, x);
        return model_error(d, f, w, k, 0, NULL);
    }
    set_targets(d, x, 1);
    return model_error(d, f, w, x, 0, NULL);
}

/* K, or with labels the scale, minimising the starting weights' training
 * error (golden-section search); the targets are set for it. */
static double fit_k(dataset *d, const features *f, const double *w, double k, int labelled)
{
    double lo = labelled ? 0.2 : 0.05, hi = 4.0, phi = (sqrt(5.0) - 1) / 2;
    double a = hi - phi * (hi - lo), b = lo + phi * (hi - lo);
    double fa = fit_error(d, f, w, k, a, labelled), fb = fit_error(d, f, w, k, b, labelled);
    int it;
    for (it = 0; it < 40; it++) {
        if (fa < fb) {
            hi = b, b = a, fb = fa;
            a = hi - phi * (hi - lo);
            fa = fit_error(d, f, w, k, a, labelled);
        } else {
            lo = a, a = b, fa = fb;
            b = lo + phi * (hi - lo);
            fb = fit_error(d, f, w, k, b, labelled);
        }
    }
    if (labelled)
        set_targets(d, k, (lo + hi) / 2);
    else
        set_targets(d, (lo + hi) / 2, 1);
    return (lo + hi) / 2;
}

/* Adam over the weights, full batch, on the training error plus --reg
 * times the squared distance to the starting weights w0; w ends as the
 * weights of the epoch with the lowest held-out error (early stopping;
 * the last epoch's when nothing is held out). Returns the epochs done and
 * sets *best_epoch. */
static unsigned descend(const dataset *d, const features *f, double *w, const double *w0, double k, int held,
                        const tune_opts *o, unsigned *best_epoch)
{
    double *grad = calloc(CH_NPARAMS, sizeof *grad), *m = calloc(CH_NPARAMS, sizeof *m);
    double *v = calloc(CH_NPARAMS, sizeof *v), *best = malloc(CH_NPARAMS * sizeof *best);
    double b1 = 0.9, b2 = 0.999, p1 = 1, p2 = 1, best_err = held ? model_error(d, f, w, k, 1, NULL) : 0;
    unsigned epoch;
    if (!grad || !m || !v || !best)
        abort();
    memcpy(best, w, CH_NPARAMS * sizeof *best);
    *best_epoch = 0;
    for (epoch = 0; epoch < o->epochs && !ar_tool_interrupted; epoch++) {
        double err = model_error(d, f, w, k, 0, grad), held_err = 0;
        int j;
        p1 *= b1;
        p2 *= b2;
        for (j = 0; j < CH_NPARAMS; j++) {
            if (grad[j] == 0 || o->frozen[j])
                continue; /* a weight no position uses (the king's value), or frozen */
            grad[j] += 2 * o->reg * (w[j] - w0[j]);
            m[j] = b1 * m[j] + (1 - b1) * grad[j];
            v[j] = b2 * v[j] + (1 - b2) * grad[j] * grad[j];
            w[j] -= o->rate * (m[j] / (1 - p1)) / (sqrt(v[j] / (1 - p2)) + 1e-12);
        }
        if (held)
            held_err = model_error(d, f, w, k, 1, NULL);
        if (!held || o->keep_last || held_err < best_err) {
            best_err = held_err;
            memcpy(best, w, CH_NPARAMS * sizeof *best);
            *best_epoch = epoch + 1;
        }
        {
            char detail[96];
            snprintf(detail, sizeof detail, "training error %.6f, held out %.6f", err, held_err);
            ar_progress_update(o->progress, epoch + 1, o->epochs, "epochs", detail);
        }
    }
    ar_progress_finish(o->progress);
    memcpy(w, best, CH_NPARAMS * sizeof *best);
    free(grad);
    free(m);
    free(v);
    free(best);
    return epoch;
}

/* ------------------------------------------------------------- outputs */

static int write_c_table(const char *path, const ch_eval_params *p, const char *command)
{
    FILE *f = fopen(path, "w");
    const ch_param_group *g;
    if (!f)
        return ar_tool_error(AR_EXIT_BAD_INPUT, "chess-tune: cannot write %s", path);
    fprintf(f, "/* chess_eval_tuned.c — the tuned evaluation weights (bot option eval=tuned),\n"
               " * fitted by the tuner (chess_tune.c) to the positions its command names; how\n"
               " * they were made and how they play: docs/games/chess.md. Made by, from the\n"
               " * source tree's root (do not edit: run it again):\n *\n"
               " *     %s\n *\n"
               " * Groups in the order of CH_EVAL_GROUPS (chess_engine.h). */\n"
               "#include \"chess_engine.h\"\n\nstatic const ch_eval_params tuned = {{\n",
            command);
    for (g = ar_chess_param_groups; g->name; g++) {
        int k;
        fprintf(f, "    /* %s */", g->name);
        for (k = 0; k < g->count; k++)
            fprintf(f, "%s%d,", k % 16 == 0 ? "\n    " : " ", p->v[g->first + k]);
        fprintf(f, "\n");
    }
    fprintf(f, "}};\n\nconst ch_eval_params *ar_chess_params_tuned(void) { return &tuned; }\n");
    return fclose(f) == 0 ? 0 : ar_tool_error(AR_EXIT_BAD_INPUT, "chess-tune: writing %s failed", path);
}

/* The options (ar_tool_parse), into o; cmd keeps the common ones and the
 * progress line. */
static int parse_options(int argc, char **argv, tune_opts *o, ar_tool_cmd *cmd)
{
    uint64_t games = 200, epochs = 300, every_nth = 1, label_depth = 8, nodes = 2000;
    const char *freeze = NULL;
    int keep = 0;
    const ar_opt opts[] = {
        {.name = "games", .kind = AR_OPT_UINT, .dest = &games, .min = 1, .max = 1000000},
        {.name = "epochs", .kind = AR_OPT_UINT, .dest = &epochs, .min = 1, .max = 1000000},
        {.name = "sample", .kind = AR_OPT_UINT, .dest = &every_nth, .min = 1, .max = 1000000},
        {.name = "label-depth", .kind = AR_OPT_UINT, .dest = &label_depth, .min = 1, .max = 30},
        {.name = "nodes", .kind = AR_OPT_UINT, .dest = &nodes, .min = 1, .max = UINT64_MAX / 2},
        {.name = "k", .kind = AR_OPT_NUMBER, .dest = &o->k, .lo = 0, .lo_open = 1, .hi = 10},
        {.name = "rate", .kind = AR_OPT_NUMBER, .dest = &o->rate, .lo = 0, .lo_open = 1, .hi = 100},
        {.name = "reg", .kind = AR_OPT_NUMBER, .dest = &o->reg, .lo = 0, .hi = 1},
        {.name = "freeze", .kind = AR_OPT_TEXT, .dest = &freeze, .metavar = "GROUP,..."},
        {.name = "keep", .kind = AR_OPT_CHOICE, .dest = &keep, .choices = "best last"},
        {.name = "data", .kind = AR_OPT_TEXT, .dest = &o->data, .metavar = "FILE"},
        {.name = "pgn", .kind = AR_OPT_TEXT, .dest = &o->pgn, .metavar = "FILE"},
        {.name = "save-data", .kind = AR_OPT_TEXT, .dest = &o->save_data, .metavar = "FILE"},
        {.name = "out", .kind = AR_OPT_TEXT, .dest = &o->out, .metavar = "FILE"},
        {.name = "c-out", .kind = AR_OPT_TEXT, .dest = &o->c_out, .metavar = "FILE"},
        {.name = "from", .kind = AR_OPT_TEXT, .dest = &o->from, .metavar = "WEIGHTS"},
        {.name = "label", .kind = AR_OPT_TEXT, .dest = &o->label, .metavar = "UCI-ENGINE"},
        {.name = NULL}};
    int rc;
    memset(o, 0, sizeof *o);
    o->rate = 1.0;
    o->from = "handset";
    o->k = 1.0;
    *cmd = (ar_tool_cmd){.name = "chess-tune", .help_topic = "chess-tune",
                         .common = AR_COMMON_QUIET | AR_COMMON_PROGRESS | AR_COMMON_SEED, .options = opts};
    if ((rc = ar_tool_parse(cmd, argc, argv, 1)) != 0)
        return rc;
    o->games = (unsigned)games, o->epochs = (unsigned)epochs, o->sample = (unsigned)every_nth;
    o->label_depth = (unsigned)label_depth, o->nodes = nodes;
    o->seed = (cmd->given & AR_COMMON_SEED) ? cmd->seed : 1;
    o->keep_last = keep == 1;
    o->progress = &cmd->progress;
    for (const char *p = freeze; p && *p;) {
        size_t len = strcspn(p, ",");
        const ch_param_group *g;
        int k;
        for (g = ar_chess_param_groups; g->name; g++)
            if (strlen(g->name) == len && !strncmp(g->name, p, len))
                break;
        if (!g->name)
            return ar_tool_fail("chess-tune: --freeze: no group '%.*s' (see the weights file's groups)", (int)len,
                                p);
        for (k = g->first; k < g->first + g->count; k++)
            o->frozen[k] = 1;
        p += len + (p[len] == ',');
    }
    if (o->label && ar_chess_label_check(o->label))
        return AR_EXIT_BAD_INPUT;
    if (o->data && o->pgn)
        return ar_tool_fail("chess-tune: --data and --pgn: give one source of positions");
    return 0;
}

int ar_chess_tune_main(int argc, char **argv)
{
    tune_opts o;
    ar_tool_cmd cmd;
    ch_eval_params start, tuned;
    dataset d = {0};
    features f;
    double w[CH_NPARAMS], w0[CH_NPARAMS], k;
    char command[1024];
    unsigned epochs, best_epoch;
    size_t used = 0, held, labelled;
    double scale = 1;
    int i, status = AR_EXIT_OK;
    ar_error err;
    if (parse_options(argc, argv, &o, &cmd))
        return AR_EXIT_BAD_INPUT;
    used = (size_t)snprintf(command, sizeof command, "ariadne");
    for (i = 0; i < argc && used < sizeof command; i++)
        used += (size_t)snprintf(command + used, sizeof command - used, " %s", argv[i]);
    if (!strcmp(o.from, "handset"))
        start = *ar_chess_params_handset();
    else if (!strcmp(o.from, "default"))
        start = *ar_chess_params_default();
    else if (!strcmp(o.from, "tuned"))
        start = *ar_chess_params_tuned();
    else if (ar_chess_params_load(o.from, &start, &err) != AR_OK)
        return ar_tool_fail("chess-tune: --from %s", err.message);
    ar_chess_tables();
    ar_tool_install_sigint();
    if (o.data) {
        if (read_data(o.data, &d)) {
            free(d.s);
            return AR_EXIT_BAD_INPUT;
        }
        printf("data: %zu positions from %s\n", d.n, o.data);
    } else if (o.pgn) {
        unsigned games = 0;
        if (read_pgn(o.pgn, &start, &d, &games)) {
            free(d.s);
            return AR_EXIT_BAD_INPUT;
        }
        printf("pgn: %zu quiet positions from %u finished games of %s\n", d.n, games, o.pgn);
    } else if (selfplay(&start, &o, &d) != 0) {
        free(d.s);
        return ar_tool_error(AR_EXIT_LIMIT, "chess-tune: interrupted during self-play; nothing tuned");
    }
    if (o.sample > 1) {
        size_t from, to = 0;
        for (from = 0; from < d.n; from += o.sample)
            d.s[to++] = d.s[from];
        printf("sample: every %u%s position, %zu of %zu\n", o.sample,
               o.sample % 10 == 1 && o.sample % 100 != 11   ? "st"
               : o.sample % 10 == 2 && o.sample % 100 != 12 ? "nd"
               : o.sample % 10 == 3 && o.sample % 100 != 13 ? "rd"
                                                            : "th",
               to, d.n);
        d.n = to;
    }
    if (o.label && d.n) {
        ch_board *boards = malloc(d.n * sizeof *boards);
        int *cp = malloc(d.n * sizeof *cp);
        size_t j;
        if (!boards || !cp)
            abort();
        for (j = 0; j < d.n; j++)
            boards[j] = d.s[j].b;
        status = ar_chess_label(o.label, o.label_depth, boards, d.n, cp, o.progress);
        for (j = 0; j < d.n && !status; j++)
            d.s[j].cp = cp[j], d.s[j].labelled = 1;
        free(boards);
        free(cp);
        if (status) {
            free(d.s);
            return status;
        }
        printf("label: %zu positions scored by '%s' at depth %u\n", d.n, o.label, o.label_depth);
    }
    if (o.save_data && (status = write_data(o.save_data, &d, command)) != 0) {
        free(d.s);
        return status;
    }
    if (d.n < 10) {
        free(d.s);
        return ar_tool_fail("chess-tune: %zu positions are too few to tune on", d.n);
    }
    build_features(&d, &start, &f);
    for (i = 0; i < CH_NPARAMS; i++)
        w0[i] = w[i] = start.v[i];
    for (i = 0, held = 0; (size_t)i < d.n; i++)
        held += d.s[i].game % 10 == 9;
    for (i = 0, labelled = 0; (size_t)i < d.n; i++)
        labelled += d.s[i].labelled;
    if (labelled) {
        k = o.k;
        scale = fit_k(&d, &f, w, k, 1);
        printf("targets: %zu positions by an engine's score S, sigmoid(%.4f S) with K %.4f (--k); %zu by results\n",
               labelled, scale, k, d.n - labelled);
    } else
        k = fit_k(&d, &f, w, 1, 0);
    epochs = descend(&d, &f, w, w0, k, held > 0, &o, &best_epoch);
    for (i = 0; i < CH_NPARAMS; i++)
        tuned.v[i] = (int)lround(w[i]);
    printf("K %.4f; %u epochs of Adam (rate %g, reg %g) over %zu positions (%zu more, of every tenth game, held "
           "out); the weights of epoch %u (%s)\n",
           k, epochs, o.rate, o.reg, d.n - held, held, best_epoch,
           held && !o.keep_last ? "lowest held-out error" : "the last");
    printf("error (the evaluation, integer weights): training %.6f -> %.6f", eval_error(&d, &start, k, 0),
           eval_error(&d, &tuned, k, 0));
    if (held)
        printf(", held out %.6f -> %.6f\n", eval_error(&d, &start, k, 1), eval_error(&d, &tuned, k, 1));
    else
        printf(", none held out (fewer than 10 games)\n");
    if (ar_tool_interrupted) {
        printf("interrupted after epoch %u: the weights written are the best so far\n", epochs);
        status = AR_EXIT_LIMIT;
    }
    if (o.out) {
        FILE *out = strcmp(o.out, "-") ? fopen(o.out, "w") : stdout;
        if (!out)
            status = ar_tool_error(AR_EXIT_BAD_INPUT, "chess-tune: cannot write %s", o.out);
        else {
            ar_chess_params_write(out, &tuned, command);
            if (out != stdout && fclose(out) != 0)
                status = ar_tool_error(AR_EXIT_BAD_INPUT, "chess-tune: writing %s failed", o.out);
        }
    }
    if (o.c_out && write_c_table(o.c_out, &tuned, command) != 0)
        status = AR_EXIT_BAD_INPUT;
    free(f.start);
    free(f.index);
    free(f.coef);
    free(d.s);
    return status;
}
