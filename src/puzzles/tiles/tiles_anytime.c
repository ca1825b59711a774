/* tiles_anytime.c — the sliding-tile engine's weighted and anytime solvers,
 * and ar_tiles_solve, the entry point of the `tiles` and `loyd` solvers:
 * weighted IDA*; the anytime solver (weighted IDA* with falling weights,
 * windows of the incumbent shortened by optimal IDA*, then IDA* raising the
 * proven lower bound); and the glue that picks the heuristic, loads the
 * pattern databases and words the result's note.
 *
 * Each phase of the anytime solver is a search of tiles_ida.c under limits
 * cut from the solver's own run context (a share of the time, a node budget),
 * and the solver keeps the incumbent and the proven bound in that context. */
#include "tiles_board.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/run.h"

/* The share of a time limit after which phase 1 (weighted searches) and
 * phase 1b (windows) give way; phase 2 (optimal IDA*) has the rest. */
#define PHASE1_SHARE 0.3
#define WINDOWS_SHARE 0.6

/* Nodes of the first weighted search (doubled for the next five), and of the
 * optimal search of one window. */
#define WEIGHTED_BUDGET 2000000u
#define WINDOW_BUDGET 300000u

ar_status ar_tiles_wida(const ar_tiles_model *m, const uint8_t *cells, int kind, double weight,
                        const ar_search_options *opts, ar_result *result, ar_error *err)
{
    unsigned weight16 = (unsigned)lround((weight < 1 ? 1 : weight > 64 ? 64 : weight) * 16);
    return ar_tiles_ida(m, cells, kind, weight16, 0, opts, result, err);
}

/* --- anytime ---------------------------------------------------------------- */

/* The options of a search inside `run` that must end `end` seconds after the
 * run began (0: no time limit) and may expand `nodes` nodes (0: no limit). */
static ar_search_options phase_options(const ar_run *run, double end, uint64_t nodes)
{
    ar_search_options o = *run->opts;
    double left = end - ar_run_elapsed(run);
    /* a deadline already passed still needs a positive limit (0 means none):
     * the search then stops at its first check */
    o.limits.time_limit = end > 0 ? (left > 1e-9 ? left : 1e-9) : 0;
    o.limits.node_limit = nodes;
    return o;
}

static void report_best(const ar_run *run, unsigned lower)
{
    const ar_search_options *opts = run->opts;
    char detail[96];
    if (opts->on_improvement)
        opts->on_improvement(opts->on_improvement_ctx, run->res);
    if (opts->progress) {
        snprintf(detail, sizeof detail, "best %llu moves, lower bound %u, %.1f s",
                 (unsigned long long)run->res->length, lower, ar_run_elapsed(run));
        ar_progress_update(opts->progress, run->res->expanded, 0, "nodes", detail);
    }
}

/* Path improvement: a window of the incumbent, from the board after move i to
 * the board after move j, is replaced by an optimal path between the two when
 * IDA* (on a node budget) finds a shorter one. The target board becomes the
 * goal by relabelling every tile with its cell there. Windows slide with
 * overlap and grow; the pass repeats while anything improves, until `end`
 * seconds into the run. Returns the new length of path. */
static unsigned improve_path(const ar_run *run, const ar_tiles_model *m, const uint8_t *start,
                             ar_move *path, unsigned len, double end)
{
    static const unsigned windows[] = {10, 16, 22, 28};
    ar_tiles_model *sub = malloc(sizeof *sub);
    uint8_t (*st)[AR_TILES_MAX] = malloc(sizeof *st * (len + 1));
    ar_search_options o = phase_options(run, end, 0);
    ar_run phase; /* this phase's clock and Ctrl-C */
    unsigned w, i, k, improved = 1;
    o.progress = NULL;
    o.depth_limit = 0;
    if (!sub || !st) {
        free(sub);
        free(st);
        return len;
    }
    ar_run_begin(&phase, &o, run->res);
    while (improved) {
        improved = 0;
        for (w = 0; w < sizeof windows / sizeof windows[0]; w++) {
            memcpy(st[0], start, m->n);
            for (k = 0; k < len; k++) {
                memcpy(st[k + 1], st[k], m->n);
                ar_tiles_apply(m, st[k + 1], (unsigned)path[k]);
            }
            for (i = 0; i + 2 < len; i += windows[w] / 2) {
                unsigned j = i + windows[w] < len ? i + windows[w] : len, p, tb = 0;
                uint8_t relabel[AR_TILES_MAX], src[AR_TILES_MAX];
                ar_search_options wo;
                ar_result r;
                if (ar_run_check_now(&phase)) {
                    free(sub);
                    free(st);
                    return len;
                }
                for (p = 0; p < m->n; p++) {
                    relabel[st[j][p]] = (uint8_t)p;
                    if (st[j][p] == m->blank)
                        tb = p;
                }
                for (p = 0; p < m->n; p++)
                    src[p] = relabel[st[i][p]];
                ar_tiles_model_init(sub, m->rows, m->cols, tb, m->transport, m->domain);
                wo = phase_options(&phase, o.limits.time_limit, WINDOW_BUDGET);
                ar_result_init(&r);
                if (ar_tiles_ida(sub, src, m->transport ? AR_TH_MANHATTAN : AR_TH_LINEAR,
                                 AR_TILES_UNWEIGHTED, j - i, &wo, &r, NULL) == AR_OK &&
                    r.outcome == AR_OUTCOME_SOLVED && r.length < j - i) {
                    unsigned shorter = (unsigned)r.length, q;
                    memmove(path + i + shorter, path + j, sizeof *path * (len - j));
                    for (q = 0; q < shorter; q++)
                        path[i + q] = r.moves[q];
                    len -= (j - i) - shorter;
                    improved = 1;
                    for (k = i; k < len; k++) { /* the boards from i on */
                        memcpy(st[k + 1], st[k], m->n);
                        ar_tiles_apply(m, st[k + 1], (unsigned)path[k]);
                    }
                }
                run->res->expanded += r.expanded;
                run->res->generated += r.generated;
                ar_result_free(&r);
            }
        }
    }
    free(sub);
    free(st);
    return len;
}

/* Phase 1 runs weighted IDA* with falling weights, each run on a node budget
 * and pruned by the incumbent (g + h >= best cannot improve, h being
 * admissible), so every run either improves the solution or gives up quickly.
 * Phase 2 is plain IDA* below the incumbent: each finished iteration raises the
 * proven lower bound, and when the bound meets the incumbent it is optimal (a
 * solution found in phase 2 is optimal at once). In between, windows of the
 * incumbent are replaced by shorter optimal paths (improve_path). A time limit
 * gives 30% to phase 1, 30% to the windows and the rest to phase 2. */
ar_status ar_tiles_anytime(const ar_tiles_model *m, const uint8_t *cells, int kind, const ar_move *seed,
                           unsigned seed_len, const ar_search_options *opts, ar_result *res, ar_error *err)
{
    static const double weights[] = {3.0, 2.0, 1.6, 1.4, 1.25, 1.15, 1.1, 1.05};
    ar_run run;
    ar_tiles_board probe;
    ar_search_options o;
    double limit, phase1_end;
    uint64_t node_limit, used_nodes = 0;
    unsigned i, lower, best = 0;
    ar_result sub;
    ar_status st;

    ar_run_begin(&run, opts, res);
    limit = run.opts->limits.time_limit;
    node_limit = run.opts->limits.node_limit;
    ar_tiles_board_init(&probe, m, cells, kind);
    lower = ar_tiles_board_h(&probe);
    ar_run_lower_bound(&run, lower);
    if (lower == 0) { /* every tile is home: the empty solution */
        st = ar_run_set_solution(&run, NULL, 0, 0, err);
        res->optimal = st == AR_OK;
        ar_run_finish(&run);
        return st;
    }
    if (seed && seed_len) {
        if ((st = ar_run_set_solution(&run, seed, seed_len, seed_len, err)) != AR_OK) {
            ar_run_finish(&run);
            return st;
        }
        best = seed_len;
        report_best(&run, lower);
    }
    phase1_end = limit > 0 ? PHASE1_SHARE * limit : 0;
    for (i = 0; i < sizeof weights / sizeof weights[0]; i++) {
        uint64_t budget = (uint64_t)WEIGHTED_BUDGET << (i < 5 ? i : 5);
        if (node_limit) {
            if (used_nodes >= node_limit)
                break;
            if (budget > node_limit - used_nodes)
                budget = node_limit - used_nodes;
        }
        o = phase_options(&run, phase1_end, budget);
        ar_result_init(&sub);
        st = ar_tiles_ida(m, cells, kind, (unsigned)lround(weights[i] * 16), best, &o, &sub, err);
        res->expanded += sub.expanded;
        res->generated += sub.generated;
        used_nodes += sub.expanded;
        if (st == AR_OK && sub.outcome == AR_OUTCOME_SOLVED && (!best || sub.length < best)) {
            st = ar_run_set_solution(&run, sub.moves, sub.length, sub.length, err);
            if (st == AR_OK) {
                best = (unsigned)sub.length;
                report_best(&run, lower);
            }
        }
        ar_result_free(&sub);
        if (st != AR_OK)
            return st;
        if (best == lower)
            break;
        if (sub.outcome == AR_OUTCOME_STOPPED &&
            (sub.stop == AR_STOP_INTERRUPT || (phase1_end > 0 && ar_run_elapsed(&run) >= phase1_end)))
            break;
    }
    if (best && best > lower) { /* phase 1b: shorten windows of the incumbent */
        unsigned shorter = improve_path(&run, m, cells, res->moves, best,
                                        limit > 0 ? WINDOWS_SHARE * limit : 0);
        if (shorter < best) {
            if ((st = ar_run_set_solution(&run, res->moves, shorter, shorter, err)) != AR_OK)
                return st;
            best = shorter;
            report_best(&run, lower);
        }
    }
    if (best && best == lower) {
        res->optimal = 1;
        ar_run_finish(&run);
        return AR_OK;
    }
    /* Only Ctrl-C ends the solver here: a spent node budget or clock is phase
     * 2's to notice, at its first check. */
    if (run.opts->limits.interrupt && *run.opts->limits.interrupt) {
        ar_run_stop(&run, AR_STOP_INTERRUPT); /* the incumbent, if any, labelled as such */
        ar_run_finish(&run);
        return AR_OK;
    }
    o = phase_options(&run, limit,
                      node_limit ? (node_limit > used_nodes ? node_limit - used_nodes : 1) : 0);
    ar_result_init(&sub);
    st = ar_tiles_ida(m, cells, kind, AR_TILES_UNWEIGHTED, best, &o, &sub, err);
    res->expanded += sub.expanded;
    res->generated += sub.generated;
    if (st != AR_OK) {
        ar_result_free(&sub);
        return st;
    }
    ar_run_lower_bound(&run, sub.lower_bound);
    if (sub.outcome == AR_OUTCOME_SOLVED) { /* shorter than the incumbent and optimal */
        st = ar_run_set_solution(&run, sub.moves, sub.length, sub.length, err);
        res->optimal = st == AR_OK;
        res->lower_bound = sub.length;
        report_best(&run, (unsigned)res->lower_bound);
    } else if (sub.outcome == AR_OUTCOME_NO_SOLUTION && best) {
        /* Nothing shorter than the incumbent exists, so it is the optimum; the
         * bound phase 2 proved for shorter paths may overshoot it. */
        res->optimal = 1;
        res->lower_bound = best;
    } else if (sub.outcome == AR_OUTCOME_STOPPED) {
        ar_run_stop(&run, sub.stop); /* the incumbent stays, labelled not proven */
    }
    ar_result_free(&sub);
    ar_run_finish(&run);
    return st;
}

/* --- the entry point of the domains ------------------------------------------ */

/* The entries the partition's tables store: a partition of up to 64 M
 * entries (6-6-3 on the 15-puzzle: 11.5 M, built in seconds) is built on
 * first use when no heuristic is named; larger ones only when cached or
 * asked for (`--heuristic pdb`, `ariadne pdb build`). */
static uint64_t pdb_entries(const ar_tiles_model *m)
{
    uint64_t total = 0;
    unsigned i;
    for (i = 0; i < m->npat; i++)
        total += ar_pdb_entries(&m->pat[i].abs);
    return total;
}

/* A search that ended without proof on the plain heuristic says what the
 * stronger one costs: the databases of this board, their build time, and
 * the command that builds them once (they are then used by default). */
static void suggest_pdbs(const ar_tiles_model *m, ar_result *res)
{
    double seconds = 0, secs;
    size_t bytes, disk = 0, n = strlen(res->note);
    unsigned i;
    char size_opt[32] = "", db[32];
    for (i = 0; i < m->npat; i++) {
        ar_pdb_estimate(&m->pat[i].abs, &bytes, &secs);
        seconds += secs;
        disk += ar_pdb_file_bytes(&m->pat[i].abs);
    }
    if (!m->transport)
        snprintf(size_opt, sizeof size_opt, " --size %ux%u", m->rows, m->cols);
    snprintf(res->note + n, sizeof res->note - n,
             "; pattern databases %s give far stronger bounds: `ariadne pdb build %s%s` builds them once "
             "(about %.0f min, %s on disk), then they are used by default",
             m->partition, m->domain, size_opt, seconds / 60 < 1 ? 1 : seconds / 60,
             ar_format_bytes(disk, db, sizeof db));
}

ar_status ar_tiles_solve(ar_tiles_model *m, const uint8_t *start, const char *which,
                         const ar_search_options *opts, ar_result *res, ar_error *err)
{
    return ar_tiles_solve_seeded(m, start, which, NULL, 0, opts, res, err);
}

ar_status ar_tiles_solve_seeded(ar_tiles_model *m, const uint8_t *start, const char *which,
                                const ar_move *seed, unsigned seed_len, const ar_search_options *opts,
                                ar_result *res, ar_error *err)
{
    ar_search_options timed;
    int kind;
    ar_status st;
    const char *hname;
    char hdesc[100];
    if (opts->heuristic) {
        kind = ar_tiles_heuristic_kind(m, opts->heuristic);
        if (kind < 0)
            return ar_error_set(err, AR_ERR_INPUT, "unknown heuristic '%.40s' for %s (see `ariadne list`)",
                                opts->heuristic, m->domain);
    } else if (m->npat && strcmp(m->partition, "blocks") != 0 &&
               (ar_tiles_pdbs_cached(m) || pdb_entries(m) <= ((uint64_t)64 << 20))) {
        kind = AR_TH_PDB;
    } else {
        kind = m->transport ? AR_TH_MANHATTAN : AR_TH_LINEAR;
    }
    if (kind == AR_TH_PDB && m->npat == 0)
        return ar_error_set(err, AR_ERR_INPUT, "no pattern database partition for a %ux%u board; give "
                                               "one with parameter pattern", m->rows, m->cols);
    if (kind == AR_TH_PDB) { /* a run of its own: loading may build, under the limits */
        ar_run run;
        ar_run_begin(&run, opts, res);
        st = ar_tiles_load_pdbs(m, &run.mem, opts->progress, &opts->limits, err);
        if (st == AR_ERR_LIMIT) { /* stopped while building: a limit, not an error */
            ar_run_stop(&run, opts->limits.interrupt && *opts->limits.interrupt ? AR_STOP_INTERRUPT
                                                                                : AR_STOP_TIME);
            ar_run_finish(&run);
            snprintf(res->note, sizeof res->note, "stopped while building pattern databases");
            return AR_OK;
        }
        if (st != AR_OK)
            return st;
        ar_run_finish(&run); /* records the build's peak memory */
        if (opts->limits.time_limit > 0) { /* the build spent part of the time limit */
            double left = opts->limits.time_limit - ar_run_elapsed(&run);
            timed = *opts;
            timed.limits.time_limit = left > 1e-3 ? left : 1e-3;
            opts = &timed;
        }
    }
    hname = kind == AR_TH_PDB ? "pdb" : kind == AR_TH_LINEAR ? "linear"
            : m->transport ? "transport" : "manhattan";
    res->heuristic = hname;
    if (kind == AR_TH_PDB)
        snprintf(hdesc, sizeof hdesc, "pattern databases %.50s%s", m->partition,
                 m->reflect ? " with reflection" : "");
    else
        snprintf(hdesc, sizeof hdesc, "%s", kind == AR_TH_LINEAR ? "Manhattan distance + linear conflicts"
                                            : m->transport ? "Manhattan distance with transport"
                                                           : "Manhattan distance");
    if (strcmp(which, "wida") == 0)
        st = ar_tiles_wida(m, start, kind, opts->weight, opts, res, err);
    else if (strcmp(which, "anytime") == 0)
        st = ar_tiles_anytime(m, start, kind, seed, seed_len, opts, res, err);
    else
        st = ar_tiles_ida(m, start, kind, AR_TILES_UNWEIGHTED, 0, opts, res, err);
    if (st != AR_OK)
        return st;
    if (res->outcome == AR_OUTCOME_SOLVED && res->optimal)
        snprintf(res->note, sizeof res->note, "optimal: proven by %s with admissible heuristic %s",
                 strcmp(which, "anytime") == 0 ? "the anytime solver's IDA*" : "IDA*", hdesc);
    else if (res->outcome == AR_OUTCOME_SOLVED)
        snprintf(res->note, sizeof res->note,
                 "not proven optimal (%s, heuristic %s); no solution is shorter than the lower bound",
                 strcmp(which, "wida") == 0 ? "weighted IDA*" : "best found before the limit", hdesc);
    else if (res->outcome == AR_OUTCOME_STOPPED && res->moves)
        snprintf(res->note, sizeof res->note,
                 "stopped by %s: best solution found so far (%llu moves), not proven optimal; "
                 "heuristic %s", ar_stop_reason_name(res->stop), (unsigned long long)res->length, hdesc);
    else if (res->outcome == AR_OUTCOME_STOPPED)
        snprintf(res->note, sizeof res->note, "stopped by %s before any solution (heuristic %s)",
                 ar_stop_reason_name(res->stop), hdesc);
    else if (res->outcome == AR_OUTCOME_NO_SOLUTION)
        snprintf(res->note, sizeof res->note, "no solution: the search space was exhausted");
    if (!res->optimal && kind != AR_TH_PDB && m->npat && strcmp(m->partition, "blocks") != 0)
        suggest_pdbs(m, res);
    return AR_OK;
}
