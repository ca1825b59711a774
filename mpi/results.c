/* results.c — the verbs of ariadne-mpi on every rank, and what rank 0
 * prints: the result in the words of `ariadne solve` and `ariadne bfs` (text,
 * or one JSON object with --json), then every rank's statistics. A solution
 * is replayed by the domain's own rules before it is printed. */
#include "dist.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ariadne/bfs2.h"
#include "ariadne/memory.h"

static int exit_for(ar_status st)
{
    switch (st) {
    case AR_OK:
        return AR_EXIT_OK;
    case AR_ERR_MEMORY:
    case AR_ERR_LIMIT:
        return AR_EXIT_LIMIT;
    case AR_ERR_INTERNAL:
    case AR_ERR_IO:
        return AR_EXIT_NO_SOLUTION; /* a check failed */
    default:
        return AR_EXIT_BAD_INPUT;
    }
}

static const char *status_words(const ar_result *res, char *buf, size_t size)
{
    if (res->outcome == AR_OUTCOME_SOLVED)
        return "solved";
    if (res->outcome == AR_OUTCOME_NO_SOLUTION)
        return "no solution";
    snprintf(buf, size, "stopped by %s %s", ar_stop_reason_name(res->stop),
             res->moves ? "(best solution so far printed, not proven optimal)" : "before any solution was found");
    return buf;
}

static void print_iterations(FILE *out, const dist_run_info *info, int json)
{
    unsigned i;
    if (!info->iterations)
        return;
    if (json) {
        fputs(",\"iterations\":[", out);
        for (i = 0; i < info->iterations; i++)
            fprintf(out, "%s{\"bound\":%" PRIu64 ",\"expanded\":%" PRIu64 "}", i ? "," : "", info->iter_bound[i],
                    info->iter_expanded[i]);
        fputc(']', out);
        return;
    }
    fputs("iterations:  ", out);
    for (i = 0; i < info->iterations; i++)
        fprintf(out, "%sbound %" PRIu64 ": %" PRIu64, i ? ", " : "", info->iter_bound[i], info->iter_expanded[i]);
    fputs(" expanded\n", out);
}

static void print_solve(const dist_run_request *r, const char *desc, const ar_result *res,
                        const dist_run_info *info, const char *moves)
{
    char buf[160];
    const char *status = status_words(res, buf, sizeof buf);
    if (r->cmd->json) {
        fputs("{\"domain\":", stdout);
        ar_json_string(stdout, r->domain->name);
        fputs(",\"instance\":", stdout);
        ar_json_string(stdout, desc);
        printf(",\"algorithm\":\"%s\",\"processes\":%d,\"heuristic\":", info->algorithm, info->size);
        ar_json_string(stdout, info->heuristic);
        if (info->hash) {
            fputs(",\"hash\":", stdout);
            ar_json_string(stdout, info->hash);
        }
        fputs(",\"moves\":", stdout);
        if (moves)
            ar_json_string(stdout, moves);
        else
            fputs("null", stdout);
        printf(",\"length\":%" PRIu64 ",\"cost\":%" PRIu64 ",\"optimal\":%s,\"status\":\"%s\",\"stop_reason\":",
               res->length, res->cost, res->optimal ? "true" : "false", ar_outcome_name(res->outcome));
        if (res->outcome == AR_OUTCOME_STOPPED)
            ar_json_string(stdout, ar_stop_reason_name(res->stop));
        else
            fputs("null", stdout);
        fputs(",\"lower_bound\":", stdout);
        if (res->has_lower_bound)
            printf("%" PRIu64, res->lower_bound);
        else
            fputs("null", stdout);
        printf(",\"nodes_expanded\":%" PRIu64 ",\"nodes_generated\":%" PRIu64 ",\"seconds\":%.6f,", res->expanded,
               res->generated, res->seconds);
        dist_print_stats_json(stdout, info);
        print_iterations(stdout, info, 1);
        fputs("}\n", stdout);
        return;
    }
    printf("domain:      %s (%s)\n", r->domain->name, desc);
    printf("algorithm:   %s on %d process%s (heuristic %s%s%s)\n", info->algorithm, info->size,
           info->size == 1 ? "" : "es", info->heuristic, info->hash ? "; states to processes by " : "",
           info->hash ? info->hash : "");
    if (moves)
        printf("moves:\n%s\nlength:      %" PRIu64 " moves%s", moves, res->length, "");
    if (moves && res->cost != res->length)
        printf(", cost %" PRIu64, res->cost);
    if (moves)
        printf("\noptimal:     %s\n", res->optimal ? "yes (proven)" : "not proven");
    printf("status:      %s\n", status);
    if (res->has_lower_bound && !res->optimal)
        printf("lower bound: %" PRIu64 " (proven: no solution costs less)\n", res->lower_bound);
    printf("nodes:       %" PRIu64 " expanded, %" PRIu64 " generated\n", res->expanded, res->generated);
    print_iterations(stdout, info, 0);
    printf("time:        %.3f s\n", res->seconds);
    dist_print_stats(stdout, info);
}

/* Replays the moves from the start: the printed solution must reach the
 * goal at the cost claimed. */
static ar_status verify(const dist_run_request *r, ar_result *res, char **text, ar_error *err)
{
    uint64_t len = 0, cost = 0;
    int solved = 0;
    ar_status st;
    *text = ar_puzzle_format_moves(r->domain, r->inst, res->moves, res->length);
    if (!*text)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory formatting the solution");
    st = ar_puzzle_replay(r->domain, r->inst, *text, &len, &cost, &solved, NULL, err);
    if (st != AR_OK || !solved || len != res->length || (res->optimal && cost != res->cost))
        return ar_error_set(err, AR_ERR_INTERNAL, "the solution found does not replay to the goal at its cost "
                                                  "(%s): a bug", st != AR_OK ? err->message : "wrong end or cost");
    res->cost = cost;
    return AR_OK;
}

int dist_run_solve(const dist_run_request *r)
{
    ar_result res;
    dist_run_info info;
    ar_error err;
    ar_status st = AR_OK;
    char desc[512], *moves = NULL;
    int rc;
    memset(&info, 0, sizeof info);
    ar_result_init(&res);
    ar_error_clear(&err);
    r->domain->describe(r->inst, desc, sizeof desc);
    if (r->domain->check_solvable && r->domain->check_solvable(r->inst, &err) == AR_ERR_UNSOLVABLE) {
        if (r->rank == 0) {
            if (r->cmd->json) {
                fputs("{\"domain\":", stdout);
                ar_json_string(stdout, r->domain->name);
                fputs(",\"instance\":", stdout);
                ar_json_string(stdout, desc);
                fputs(",\"status\":\"no_solution\",\"note\":", stdout);
                ar_json_string(stdout, err.message);
                fputs("}\n", stdout);
            } else {
                printf("domain:      %s (%s)\nstatus:      no solution\nnote:        %s\n", r->domain->name, desc,
                       err.message);
            }
        }
        return AR_EXIT_NO_SOLUTION;
    }
    ar_error_clear(&err);
    st = r->algo ? dist_ida(r->domain, r->inst, &r->options, &res, &info, &err)
                 : dist_hda(r->domain, r->inst, &r->options, &res, &info, &err);
    if (st == AR_OK && r->rank == 0 && res.moves)
        st = verify(r, &res, &moves, &err);
    st = dist_agree(MPI_COMM_WORLD, st, &err);
    if (st != AR_OK) {
        rc = exit_for(st);
        if (r->rank == 0)
            ar_tool_error(rc, "mpi solve %s: %s", r->domain->name, err.message);
    } else {
        if (r->rank == 0)
            print_solve(r, desc, &res, &info, moves);
        rc = res.outcome == AR_OUTCOME_NO_SOLUTION ? AR_EXIT_NO_SOLUTION
             : res.moves                            ? AR_EXIT_OK
                                                    : AR_EXIT_LIMIT;
    }
    free(moves);
    ar_result_free(&res);
    dist_run_info_free(&info);
    return rc;
}

static void print_bfs(const dist_run_request *r, const char *desc, const ar_bfs2_problem *pb,
                      const ar_bfs2_result *res, const dist_run_info *info)
{
    char buf[512];
    unsigned d;
    int sym = pb->space.orbit != NULL;
    if (res->complete && pb->space.format)
        pb->space.format(pb->space.ctx, res->farthest, buf, sizeof buf);
    if (r->cmd->json) {
        fputs("{\"domain\":", stdout);
        ar_json_string(stdout, r->domain->name);
        fputs(",\"instance\":", stdout);
        ar_json_string(stdout, desc);
        fputs(",\"symmetry\":", stdout);
        ar_json_string(stdout, pb->symmetry);
        printf(",\"processes\":%d,\"complete\":%s,\"stop_reason\":", info->size, res->complete ? "true" : "false");
        if (res->complete)
            fputs("null", stdout);
        else
            ar_json_string(stdout, ar_stop_reason_name(res->stop));
        fputs(",\"depth_states\":[", stdout);
        for (d = 0; d < res->levels; d++)
            printf("%s%" PRIu64, d ? "," : "", res->layer_states[d]);
        fputs("],\"depth_classes\":[", stdout);
        for (d = 0; d < res->levels; d++)
            printf("%s%" PRIu64, d ? "," : "", res->layer_ranks[d]);
        printf("],\"states\":%" PRIu64 ",\"classes\":%" PRIu64, res->total_states, res->total_ranks);
        if (res->complete) {
            printf(",\"eccentricity\":%u,\"farthest\":", res->max_depth);
            if (pb->space.format)
                ar_json_string(stdout, buf);
            else
                printf("%" PRIu64, res->farthest);
        } else {
            printf(",\"eccentricity_at_least\":%u", res->max_depth);
        }
        fputs(",\"goal\":", stdout);
        ar_json_string(stdout, pb->goal_text);
        fputs(",\"goal_distance\":", stdout);
        if (res->target_depths[0] != AR_BFS2_NO_DEPTH)
            printf("%u", res->target_depths[0]);
        else
            fputs("null", stdout);
        printf(",\"seconds\":%.3f,\"table_bytes_per_process\":%zu,\"critical_expansions\":%" PRIu64 ",", res->seconds,
               res->table_bytes, info->critical);
        dist_print_stats_json(stdout, info);
        fputs("}\n", stdout);
        return;
    }
    printf("instance:     %s\nsymmetry:     %s\n%s\n", desc, pb->symmetry, sym ? "depth  states  classes" : "depth  states");
    for (d = 0; d < res->levels; d++) {
        if (sym)
            printf("%u %" PRIu64 " %" PRIu64 "\n", d, res->layer_states[d], res->layer_ranks[d]);
        else
            printf("%u %" PRIu64 "\n", d, res->layer_states[d]);
    }
    printf("states:       %" PRIu64 "%s\n", res->total_states, res->complete ? "" : " (so far: incomplete)");
    if (sym)
        printf("classes:      %" PRIu64 " (of %" PRIu64 " ranks)\n", res->total_ranks, pb->space.count);
    if (res->complete)
        printf("eccentricity: %u\nfarthest:     %s (depth %u)\n", res->max_depth,
               pb->space.format ? buf : "(no notation)", res->max_depth);
    else
        printf("stopped:      %s after depth %u; depths 0..%u above are complete\n",
               ar_stop_reason_name(res->stop), res->max_depth, res->max_depth);
    if (res->target_depths[0] != AR_BFS2_NO_DEPTH)
        printf("goal:         %s at distance %u\n", pb->goal_text, res->target_depths[0]);
    else
        printf("goal:         %s %s\n", pb->goal_text, res->complete ? "not reachable" : "not reached before the stop");
    printf("time:         %.2f s, %d process%s, table %s per process\n", res->seconds, info->size,
           info->size == 1 ? "" : "es", ar_format_bytes(res->table_bytes, buf, sizeof buf));
    if (info->size > 1 && res->total_ranks)
        printf("balance:      the busiest process of each level expanded %.3f times its share, summed over "
               "the levels\n", (double)info->critical * info->size / (double)res->total_ranks);
    dist_print_stats(stdout, info);
}

int dist_run_bfs(const dist_run_request *r)
{
    const ar_bfs2_provider *prov = r->domain->bfs2;
    ar_bfs2_problem pb;
    ar_bfs2_result res;
    dist_run_info info;
    ar_error err;
    ar_status st;
    char desc[512];
    int rc;
    memset(&info, 0, sizeof info);
    memset(&res, 0, sizeof res);
    ar_error_clear(&err);
    if (!prov) {
        if (r->rank == 0)
            ar_tool_fail("mpi bfs: domain '%s' has no dense ranking for the two-bit search (see `ariadne list` "
                         "for those that have)", r->domain->name);
        return AR_EXIT_BAD_INPUT;
    }
    r->domain->describe(r->inst, desc, sizeof desc);
    st = prov->open(r->inst, r->options.symmetry, &pb, &err);
    st = dist_agree(MPI_COMM_WORLD, st, &err);
    if (st != AR_OK) {
        if (r->rank == 0)
            ar_tool_fail("mpi bfs: %s", err.message);
        return AR_EXIT_BAD_INPUT;
    }
    st = dist_bfs(&pb.space, pb.start, pb.goal, &r->options, &res, &info, &err);
    if (st != AR_OK) {
        rc = exit_for(st);
        if (r->rank == 0)
            ar_tool_error(rc, "mpi bfs: %s", err.message);
    } else {
        if (r->rank == 0)
            print_bfs(r, desc, &pb, &res, &info);
        rc = res.complete ? AR_EXIT_OK : AR_EXIT_LIMIT;
    }
    ar_bfs2_result_free(&res);
    dist_run_info_free(&info);
    prov->close(&pb);
    return rc;
}
