/* tron_bots.c — the Tron bot kinds, from simple to strong, their options,
 * the endgame space fillers and the move choice (the alpha-beta they share
 * is in tron_search.c).
 *
 *   random     a random move among those that do not crash at once
 *   wallhug    the move into the largest region, hugging walls on ties
 *   voronoi    one joint ply, scored by Voronoi territory
 *   chambers   two joint plies, scored by the tree of chambers (tron_eval.c),
 *              declining head-on draws it can afford to (contempt)
 *   alphabeta  iterative-deepening alpha-beta over joint moves against the
 *              clock with the chambers evaluation and contempt, and the
 *              space filler once separated (endgame=0 turns the filler off)
 *              — the previous default, kept unchanged as the baseline
 *   chamber-ab the default: the same alpha-beta with a transposition table
 *              kept from move to move and forced moves searched without
 *              cost in depth (tron_search.c), the faster evaluation of
 *              tron_fasteval.c with separations scored by a proven bound,
 *              the exact filler of tron_filler.c once separated (and the
 *              kept plan of tron_plan.c where it cannot finish), and
 *              head-on contempt that follows the score
 *
 * Each bot adds one thing to the one before it: wallhug looks at space,
 * voronoi at the opponent, chambers at dead ends and a move further ahead,
 * alphabeta at as many moves as the clock allows, chamber-ab further in the
 * same time and at filling exactly.
 *
 * The filler: once no cell is reachable by both, the game is two separate
 * filling problems and whoever moves longer wins. It is a depth-first
 * search for the longest path from our head, deepened iteratively with the
 * fill estimate (chamber tree capped by parity) at the horizon, pruned by
 * the checkerboard parity bound of the reachable region (a path alternates
 * colours, so it can never be longer); it stops when the best path meets
 * the bound or the tree was searched to its ends (then the result is the
 * exact maximum), or when the time is up.
 *
 * Contempt: a draw scores -contempt tenths of a cell for us. With contempt
 * the paranoid search steps into a cell the opponent can also reach (a
 * head-on draw if it does) only when every other move concedes more than
 * that — a stronger bot gives up a cell rather than its chance to win.
 * chamber-ab sets it each move from the score of its previous search: the
 * base (100) plus half its lead when ahead, up to three times the base (a
 * draw throws the lead away); headon=fixed keeps the base.
 *
 * Time: every search checks the clock at every node and returns the last
 * completed iteration's move; time=S sets the thinking time (default 0.5 of
 * the variant's time per move); depth=D without time= searches to depth D
 * with no clock and the filler to a fixed work budget, so games are
 * reproducible. chambers searches to fixed budgets too (reproducible); half
 * the move time is only its safety clock, reached on the largest maps at
 * very short move times. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/timer.h"
#include "tron_search.h"

/* The lookahead of chambers, in joint plies, and the contempt of the
 * searching bots (tenths of a cell: a draw counts as 10 cells lost). */
#define CHAMBERS_DEPTH 2
#define DEFAULT_CONTEMPT 100
/* chamber-ab's aspiration window at the root, +- tenths of a cell (measured
 * best of 10, 30 and 60 on bench tron-search's positions: 4% fewer
 * instructions to the same depth with 30). */
#define DEFAULT_ASPIRE 30
/* Work budgets of the filler without a clock, in cells visited (each node
 * of the filler flood-fills the region): fixed, so games are reproducible,
 * and small enough to stay well inside the move time on the largest maps.
 * chambers fills a separated region with a small search (the chamber tree
 * at its horizon); alphabeta with depth=D and no time= with a larger one. */
#define CHAMBERS_FILLER_WORK 2000000u
#define FILLER_WORK 20000000u
/* chamber-ab's plan without a clock, in path cells touched (about 0.25 s
 * for a new plan; a tenth of it to lengthen a kept one). */
#define PLAN_WORK 20000000u

/* ------------------------------------------------------------- options */

/* The options, read straight into the bot (ar_bot_parse_options): the
 * searching kinds take the first six, chamber-ab its own eval= and the
 * switches after it. */
enum { T_TIME, T_CLOCK, T_DEPTH, T_ENDGAME, T_CONTEMPT, T_EVAL, T_EVAL_AB, T_HEADON, T_TT, T_EXTEND, T_PLAN, T_PVS,
       T_LAZY, T_ASPIRE };
#define T(name) ((uint64_t)1 << (name))
#define SEARCH_OPTIONS (T(T_TIME) | T(T_CLOCK) | T(T_DEPTH) | T(T_ENDGAME) | T(T_CONTEMPT))

/* chamber-ab's eval= also picks the code that computes it (offset 0: the
 * whole bot). */
static ar_status read_eval_ab(const void *context, const char *value, void *field, ar_error *err)
{
    static const char *const names[] = {"chambers", "voronoi", "bits", "bytes", "reference"};
    tron_bot *s = field;
    int i;
    (void)context;
    for (i = 0; i < 5 && strcmp(names[i], value) != 0; i++)
        ;
    if (i == 5)
        return ar_error_set(err, AR_ERR_INPUT, "expected chambers, voronoi, bits, bytes or reference");
    if (i < 2)
        s->voronoi = i;
    else
        s->evalcode = i == 2 ? EVAL_BITS : i == 3 ? EVAL_BYTES : EVAL_REFERENCE;
    return AR_OK;
}

static const char *const eval_names[] = {"chambers", "voronoi", NULL};
static const char *const headon_names[] = {"score", "fixed", NULL};
static const char *const clock_names[] = {"wall", "cpu", NULL};

static const ar_bot_option tron_options[] = {
    [T_TIME] = {.name = "time", .type = AR_BOT_OPT_SECONDS, .offset = offsetof(tron_bot, time), .max = 3600},
    [T_CLOCK] = {.name = "clock", .type = AR_BOT_OPT_CHOICE, .offset = offsetof(tron_bot, cpu_clock),
                 .choices = clock_names},
    [T_DEPTH] = {.name = "depth", .type = AR_BOT_OPT_INT, .offset = offsetof(tron_bot, depth), .min = 1,
                 .max = MAX_PLY - 8},
    [T_ENDGAME] = {.name = "endgame", .type = AR_BOT_OPT_SWITCH, .offset = offsetof(tron_bot, endgame)},
    [T_CONTEMPT] = {.name = "contempt", .type = AR_BOT_OPT_INT, .offset = offsetof(tron_bot, contempt),
                    .min = -10000, .max = 10000},
    [T_EVAL] = {.name = "eval", .type = AR_BOT_OPT_CHOICE, .offset = offsetof(tron_bot, voronoi),
                .choices = eval_names},
    [T_EVAL_AB] = {.name = "eval", .type = AR_BOT_OPT_CUSTOM, .offset = 0, .parse = read_eval_ab},
    [T_HEADON] = {.name = "headon", .type = AR_BOT_OPT_CHOICE, .offset = offsetof(tron_bot, fixed_contempt),
                  .choices = headon_names},
    [T_TT] = {.name = "tt", .type = AR_BOT_OPT_SWITCH, .offset = offsetof(tron_bot, use_tt)},
    [T_EXTEND] = {.name = "extend", .type = AR_BOT_OPT_SWITCH, .offset = offsetof(tron_bot, extend)},
    [T_PLAN] = {.name = "plan", .type = AR_BOT_OPT_SWITCH, .offset = offsetof(tron_bot, use_plan)},
    [T_PVS] = {.name = "pvs", .type = AR_BOT_OPT_SWITCH, .offset = offsetof(tron_bot, pvs)},
    [T_LAZY] = {.name = "lazy", .type = AR_BOT_OPT_SWITCH, .offset = offsetof(tron_bot, lazy)},
    [T_ASPIRE] = {.name = "aspire", .type = AR_BOT_OPT_INT, .offset = offsetof(tron_bot, aspire), .min = 0,
                  .max = 10000},
    {.name = NULL}};

static ar_status parse_options(tron_bot *s, const char *kind, const char *text, ar_error *err)
{
    ar_bot_option_set set = {.kind = kind, .table = tron_options};
    uint64_t given = 0;
    int search = s->kind >= K_ALPHABETA;
    ar_status st;
    if (s->kind == K_CHAMBER_AB)
        set.allowed = SEARCH_OPTIONS | T(T_EVAL_AB) | T(T_HEADON) | T(T_TT) | T(T_EXTEND) | T(T_PLAN) | T(T_PVS) |
                      T(T_LAZY) | T(T_ASPIRE);
    else if (search)
        set.allowed = SEARCH_OPTIONS | T(T_EVAL);
    st = ar_bot_parse_options(&set, text, s, &given, err);
    if (st != AR_OK)
        return st;
    s->clock = s->cpu_clock ? ar_thread_cpu_time : ar_now;
    if (!(given & T(T_TIME)))
        s->time = search && s->depth ? 0 : 0.5 * ar_tron_move_time(s->v);
    return AR_OK;
}

static ar_status make_bot(ar_bot *bot, int kind, const char *name, const char *options, ar_error *err)
{
    tron_bot *s = ar_xcalloc(1, sizeof *s);
    ar_status st;
    s->kind = kind;
    if (strcmp(name, "chamber-ab-v1") == 0) {
        s->v1 = 1;
        s->evalcode = EVAL_BYTES;
    }
    s->endgame = 1;
    s->contempt = kind >= K_CHAMBERS ? DEFAULT_CONTEMPT : 0;
    s->use_tt = kind == K_CHAMBER_AB;
    s->extend = kind == K_CHAMBER_AB;
    s->use_plan = kind == K_CHAMBER_AB;
    s->pvs = s->lazy = kind == K_CHAMBER_AB && !s->v1;
    s->aspire = kind == K_CHAMBER_AB && !s->v1 ? DEFAULT_ASPIRE : 0;
    s->v = ar_bot_variant(bot);
    st = parse_options(s, name, options, err);
    if (st != AR_OK) {
        free(s);
        return st;
    }
    s->base_contempt = s->contempt;
    s->last_turn = UINT32_MAX;
    /* Reading the clock: the wall clock costs about 0.2 us here, the
     * thread's CPU clock a system call (3 us on this project's virtual
     * machine), against 3-5 us for a node of chamber-ab's search: the CPU
     * clock is read every 16th node by every bot, the wall clock by
     * chamber-ab every 4th (its nodes take at most tens of microseconds,
     * so it stops within a millisecond), every node by the others. */
    s->clock_mask = s->clock == ar_thread_cpu_time ? 15 : kind == K_CHAMBER_AB && !s->v1 ? 3 : 0;
    ar_rng_seed(&s->rng, ar_bot_seed(bot));
    ar_tron_board_init(&s->b, s->v);
    ar_tron_work_init(&s->w, s->b.n);
    ar_bot_set_state(bot, s);
    return AR_OK;
}

static ar_status random_create(ar_bot *bot, const char *o, ar_error *err)
{
    return make_bot(bot, K_RANDOM, "random", o, err);
}
static ar_status wallhug_create(ar_bot *bot, const char *o, ar_error *err)
{
    return make_bot(bot, K_WALLHUG, "wallhug", o, err);
}
static ar_status voronoi_create(ar_bot *bot, const char *o, ar_error *err)
{
    return make_bot(bot, K_VORONOI, "voronoi", o, err);
}
static ar_status chambers_create(ar_bot *bot, const char *o, ar_error *err)
{
    return make_bot(bot, K_CHAMBERS, "chambers", o, err);
}
static ar_status alphabeta_create(ar_bot *bot, const char *o, ar_error *err)
{
    return make_bot(bot, K_ALPHABETA, "alphabeta", o, err);
}
static ar_status chamber_ab_create(ar_bot *bot, const char *o, ar_error *err)
{
    return make_bot(bot, K_CHAMBER_AB, "chamber-ab", o, err);
}
static ar_status chamber_ab_v1_create(ar_bot *bot, const char *o, ar_error *err)
{
    return make_bot(bot, K_CHAMBER_AB, "chamber-ab-v1", o, err);
}

static void bot_destroy(ar_bot *bot)
{
    tron_bot *s = ar_bot_state(bot);
    if (!s)
        return;
    ar_tron_board_free(&s->b);
    ar_tron_work_free(&s->w);
    ar_tt_destroy(s->tt);
    if (s->plan)
        ar_tron_plan_free(s->plan);
    free(s->plan);
    free(s);
}

/* --------------------------------------------------------- space filler */

/* Warnsdorff's order: the cell with the fewest onward exits first (hug the
 * walls, keep open space for later); stable among equals. */
static void warnsdorff(const tron_board *b, int head, int *dirs, int n)
{
    int order[4], i;
    for (i = 0; i < n; i++)
        order[i] = tron_free_neighbours(b, head + b->delta[dirs[i]]);
    for (i = 1; i < n; i++) {
        int j = i, d = dirs[i], o = order[i];
        while (j > 0 && order[j - 1] > o) {
            dirs[j] = dirs[j - 1];
            order[j] = order[j - 1];
            j--;
        }
        dirs[j] = d;
        order[j] = o;
    }
}

static int fill_dfs(tron_bot *s, int depth, int alpha)
{
    tron_board *b = &s->b;
    int me = s->me, dirs[4], n, i, ub, best = 0;
    s->nodes++;
    if (ar_tron_out_of_time(s))
        return 0;
    n = tron_safe_moves(b, me, dirs);
    if (n == 0)
        return 0;
    if (depth == 0) {
        s->leaf_evals++;
        return ar_tron_fill_estimate(b, &s->w, me);
    }
    ub = ar_tron_fill_bound(b, &s->w, me);
    if (ub <= alpha)
        return ub;
    warnsdorff(b, b->head[me], dirs, n);
    for (i = 0; i < n; i++) {
        int v;
        tron_step(b, me, dirs[i]);
        v = 1 + fill_dfs(s, depth - 1, (alpha > best ? alpha : best) - 1);
        tron_unstep(b, me, dirs[i]);
        if (s->stopped)
            return 0;
        if (v > best) {
            best = v;
            if (best >= ub)
                break;
        }
    }
    return best;
}

/* The node budget that spends about `work` cell visits in our region. */
static uint64_t filler_nodes(tron_bot *s, unsigned work)
{
    int counts[2], region = ar_tron_reach(&s->b, &s->w, s->me, counts);
    uint64_t nodes = work / (unsigned)(region + 1);
    return nodes < 64 ? 64 : nodes;
}

static void filler_root(tron_bot *s, int *dirs, int n, search_result *r)
{
    int depth, bound = ar_tron_fill_bound(&s->b, &s->w, s->me);
    r->move = ar_tron_wallhug_move(s, s->me, dirs, n);
    r->score = 0;
    r->depth = 0;
    r->proven = 0;
    r->filler = 1;
    warnsdorff(&s->b, s->b.head[s->me], dirs, n);
    for (depth = 1; depth <= bound; depth++) {
        int i, best = -1, best_i = -1;
        s->leaf_evals = 0;
        for (i = 0; i < n; i++) {
            int v;
            tron_step(&s->b, s->me, dirs[i]);
            v = 1 + fill_dfs(s, depth - 1, best - 1);
            tron_unstep(&s->b, s->me, dirs[i]);
            if (s->stopped)
                break;
            if (v > best) {
                best = v;
                best_i = i;
            }
        }
        if (tron_iteration_end(r, dirs, best_i, best, depth, s->stopped))
            break;
        if (best >= bound || s->leaf_evals == 0) {
            r->proven = 1;
            break;
        }
    }
}

/* chamber-ab's filler beyond the exact search: the path of tron_plan.c,
 * kept from move to move; its length is a path we can follow, so it is
 * the score (proven when it meets the bound). */
static void plan_filler(tron_bot *s, const int *dirs, search_result *r)
{
    tron_plan_limits lim;
    int moves, d;
    if (!s->plan) {
        s->plan = ar_xmalloc(sizeof *s->plan);
        ar_tron_plan_init(s->plan, s->b.n, ar_rng_next(&s->rng));
    }
    lim.deadline = s->deadline;
    lim.clock = s->clock;
    /* Without a clock: the full budget for a new plan, a tenth to go on
     * lengthening a kept one (its work carries over). */
    lim.work = s->deadline > 0 ? 0 : PLAN_WORK;
    lim.work_kept = lim.work / 10;
    lim.interrupt = s->interrupt;
    moves = ar_tron_plan_fill(s->plan, &s->b, &s->w, s->me, &lim);
    d = ar_tron_plan_move(s->plan, &s->b);
    r->move = d ? d : dirs[0];
    r->score = moves;
    r->depth = moves;
    r->proven = s->plan->proven;
    r->filler = 1;
    s->nodes += s->plan->work;
}

/* chamber-ab's filler: the exact branch and bound of tron_filler.c with
 * 40% of the time on regions of up to 80 cells, 2% on larger ones (without
 * a clock, half and a fortieth of the filler's budget); when it proves its
 * path optimal — on every region of the endgame set — that path is played,
 * else the remaining time goes to the kept plan of tron_plan.c (with
 * plan=0, to the iterative-deepening filler above). On large regions a
 * proof is rarely in reach: the short attempt catches the easy ones, and
 * the plan gets nearly all the time. */
static void exact_filler(tron_bot *s, int *dirs, int n, search_result *r)
{
    tron_fill f;
    double now = s->clock();
    int counts[2];
    int small = ar_tron_reach(&s->b, &s->w, s->me, counts) <= 80;
    double share = small ? 0.4 : 0.02;
    memset(&f, 0, sizeof f);
    f.b = &s->b;
    f.w = &s->w;
    f.player = s->me;
    f.exact_only = 1;
    f.deadline = s->deadline > 0 ? now + share * (s->deadline - now) : 0;
    f.clock = s->clock;
    f.clock_mask = s->clock_mask;
    f.interrupt = s->interrupt;
    f.node_limit = s->deadline > 0 ? 0 : filler_nodes(s, small ? FILLER_WORK / 2 : FILLER_WORK / 40);
    ar_tron_fill_search(&f);
    if (f.proven) {
        s->nodes = f.nodes;
        r->move = f.best_move;
        r->score = f.best;
        r->depth = f.best;
        r->proven = 1;
        r->filler = 1;
        return;
    }
    s->nodes = f.nodes;
    s->stopped = 0;
    if (s->use_plan) {
        plan_filler(s, dirs, r);
        return;
    }
    if (s->deadline <= 0)
        s->node_limit = s->nodes + filler_nodes(s, FILLER_WORK);
    filler_root(s, dirs, n, r);
}

/* chamber-ab's value of a head-on draw: the stronger side's contempt grows
 * with its lead (a draw throws the lead away). The lead is the score of the
 * previous search (a move ago), or the evaluation now on the first move. A
 * score below zero does not lower it: the paranoid search scores even
 * positions below zero for both sides (each assumes the other sees its
 * move), and lowering the contempt there made draws more frequent, not
 * fewer (measured: 19 head-on draws in 24 games on the open maps); the base
 * contempt already takes a draw when behind by more than base/10 cells. */
static int position_contempt(tron_bot *s, const tron_pos *p)
{
    int lead = p->turn == s->last_turn + 1 ? s->last_score : ar_tron_evaluate(s);
    int c = s->base_contempt + (lead > 0 ? lead / 2 : 0);
    if (lead >= WIN - 1000 || lead <= -WIN + 1000)
        return s->base_contempt;
    return c > 3 * s->base_contempt ? 3 * s->base_contempt : c;
}

/* -------------------------------------------------------------- choose */

static ar_status tron_choose(ar_bot *bot, const void *pos, int player, ar_gmove *out, ar_bot_info *info,
                             ar_error *err)
{
    tron_bot *s = ar_bot_state(bot);
    const tron_pos *p = pos;
    int dirs[4], n;
    search_result r;
    double t0 = ar_now(), c0 = s->clock();
    if (player < 0 || player > 1)
        return ar_error_set(err, AR_ERR_INPUT, "tron: no player %d", player);
    if (p->crash[0] || p->crash[1])
        return ar_error_set(err, AR_ERR_INPUT, "the game is over");
    s->interrupt = ar_bot_interrupt(bot);
    ar_tron_board_load(&s->b, s->v, p);
    s->me = player;
    s->nodes = 0;
    s->evals = 0;
    s->node_limit = 0;
    s->stopped = 0;
    s->deadline = s->time > 0 ? c0 + s->time : 0;
    memset(&r, 0, sizeof r);
    n = tron_safe_moves(&s->b, player, dirs);
    if (n == 0) {
        *out = AR_TRON_NORTH; /* every move crashes */
        if (info)
            snprintf(info->text, sizeof info->text, "no safe move");
        return AR_OK;
    }
    switch (s->kind) {
    case K_RANDOM:
        r.move = dirs[ar_rng_below(&s->rng, (uint64_t)n)];
        break;
    case K_WALLHUG:
        r.move = ar_tron_wallhug_move(s, player, dirs, n);
        break;
    case K_VORONOI:
        s->deadline = 0; /* one ply: always completes */
        ar_tron_alphabeta_root(s, dirs, n, 1, &r);
        break;
    case K_CHAMBERS:
        /* Fixed budgets make it reproducible; the clock is only a safety net
         * that the budgets keep it from reaching. */
        if (ar_tron_board_separated(&s->b, &s->w)) {
            s->node_limit = filler_nodes(s, CHAMBERS_FILLER_WORK);
            filler_root(s, dirs, n, &r);
        } else {
            ar_tron_alphabeta_root(s, dirs, n, CHAMBERS_DEPTH, &r);
        }
        break;
    case K_ALPHABETA:
        if (n == 1) {
            r.move = dirs[0];
            break;
        }
        if (s->endgame && ar_tron_board_separated(&s->b, &s->w)) {
            if (s->deadline <= 0)
                s->node_limit = filler_nodes(s, FILLER_WORK); /* no clock: reproducible */
            filler_root(s, dirs, n, &r);
        } else {
            ar_tron_alphabeta_root(s, dirs, n, s->depth ? s->depth : MAX_PLY - 8, &r);
        }
        break;
    case K_CHAMBER_AB:
        if (n == 1) {
            r.move = dirs[0];
            break;
        }
        if (s->endgame && ar_tron_board_separated(&s->b, &s->w)) {
            exact_filler(s, dirs, n, &r);
        } else {
            if (!s->fixed_contempt)
                s->contempt = position_contempt(s, p);
            ar_tron_alphabeta_root(s, dirs, n, s->depth ? s->depth : MAX_PLY - 8, &r);
            s->last_score = r.score;
            s->last_turn = p->turn;
        }
        break;
    default:
        break;
    }
    *out = (ar_gmove)r.move;
    if (info) {
        info->nodes = s->nodes;
        info->depth = r.depth;
        info->seconds = ar_now() - t0;
        if (r.filler)
            snprintf(info->text, sizeof info->text, "filler depth %d: %d moves left%s, %" PRIu64 " nodes, %.3f s",
                     r.depth, r.score, r.proven ? " (proven maximum)" : "", s->nodes, info->seconds);
        else if (s->kind >= K_VORONOI && r.depth)
            snprintf(info->text, sizeof info->text, "alpha-beta depth %d, score %s%.1f cells%s, %" PRIu64
                     " nodes, %" PRIu64 " evaluations, %.3f s", r.depth, r.score >= 0 ? "+" : "", r.score / 10.0,
                     r.proven ? " (proven)" : "", s->nodes, s->evals, info->seconds);
        else
            snprintf(info->text, sizeof info->text, "%d safe moves", n);
    }
    return AR_OK;
}

void ar_tron_bot_set_time(ar_bot *bot, double seconds)
{
    tron_bot *s = ar_bot_state(bot);
    if (s && s->kind >= K_ALPHABETA && seconds > 0)
        s->time = seconds;
}

/* ---------------------------------------------------------------- table */

const ar_bot_kind ar_tron_bot_kinds[] = {
    {.name = "random",
     .summary = "a random move among those that do not crash at once",
     .options = "(none)",
     .create = random_create,
     .choose = tron_choose,
     .destroy = bot_destroy},
    {.name = "wallhug",
     .summary = "the move into the largest region, hugging walls on ties",
     .options = "(none)",
     .create = wallhug_create,
     .choose = tron_choose,
     .destroy = bot_destroy},
    {.name = "voronoi",
     .summary = "one joint ply scored by Voronoi territory (cells reached first)",
     .options = "(none)",
     .create = voronoi_create,
     .choose = tron_choose,
     .destroy = bot_destroy},
    {.name = "chambers",
     .summary = "two joint plies scored by the tree of chambers with the parity bound, contempt for draws, "
                "a small filler once separated",
     .options = "(none)",
     .create = chambers_create,
     .choose = tron_choose,
     .destroy = bot_destroy},
    {.name = "alphabeta",
     .summary = "iterative-deepening alpha-beta over joint moves (chambers), filler once separated (the previous "
                "default)",
     .options = "time=S (default 0.5 x move time) clock=wall|cpu depth=D endgame=0|1 eval=chambers|voronoi "
                "contempt=N",
     .create = alphabeta_create,
     .choose = tron_choose,
     .destroy = bot_destroy},
    {.name = "chamber-ab",
     .summary = "the default: alphabeta with a transposition table kept between moves, forced moves free in "
                "depth, a faster evaluation, an exact filler, a planned path for large regions and contempt that "
                "follows the score",
     .options = "time=S (default 0.5 x move time) clock=wall|cpu depth=D endgame=0|1 "
                "eval=chambers|voronoi|bits|bytes|reference "
                "contempt=N headon=score|fixed tt=0|1 extend=0|1 plan=0|1 pvs=0|1 lazy=0|1 aspire=N",
     .create = chamber_ab_create,
     .choose = tron_choose,
     .destroy = bot_destroy},
    {.name = "chamber-ab-v1",
     .summary = "chamber-ab as issue 17 left it (byte-label evaluation, its search), kept to measure the default "
                "against",
     .options = "time=S (default 0.5 x move time) clock=wall|cpu depth=D endgame=0|1 "
                "eval=chambers|voronoi|bits|bytes|reference "
                "contempt=N headon=score|fixed tt=0|1 extend=0|1 plan=0|1 pvs=0|1 lazy=0|1 aspire=N",
     .create = chamber_ab_v1_create,
     .choose = tron_choose,
     .destroy = bot_destroy},
    {.name = "cmd",
     .summary = "an external program speaking the contest protocol (run by /bin/sh -c)",
     .options = "the command line: cmd:./mybot, cmd:\"python3 bot.py\"",
     .create = ar_tron_extern_create,
     .choose = ar_tron_extern_choose,
     .new_game = ar_tron_extern_new_game,
     .destroy = ar_tron_extern_destroy},
    {.name = "exec",
     .summary = "the same as cmd",
     .options = "the command line",
     .create = ar_tron_extern_create,
     .choose = ar_tron_extern_choose,
     .new_game = ar_tron_extern_new_game,
     .destroy = ar_tron_extern_destroy},
    {.name = NULL}};
