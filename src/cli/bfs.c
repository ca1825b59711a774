/* bfs.c — `ariadne bfs DOMAIN`: complete two-bit breadth-first search of an
 * instance's state space from its start (include/ariadne/bfs2.h), for domains
 * whose descriptor has a bfs2 provider. Prints the number of
 * states at each depth, the eccentricity of the start, one position at that
 * depth and the distance to the instance's goal.
 *
 * Options are parsed by cli_parse like every verb's (--threads, --no-symmetry,
 * the limits, --json and the domain's own). */
#include "cli.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "ariadne/bfs2.h"

static void print_text(const cli *c, const char *desc, const ar_bfs2_problem *pb,
                       const ar_bfs2_result *r, ar_mem *mem)
{
    char buf[512], bytes[32];
    unsigned d;
    int sym = pb->space.orbit != NULL;
    (void)c;
    printf("instance:     %s\n", desc);
    printf("symmetry:     %s\n", pb->symmetry);
    printf("%s\n", sym ? "depth  states  classes" : "depth  states");
    for (d = 0; d < r->levels; d++) {
        if (sym)
            printf("%u %" PRIu64 " %" PRIu64 "\n", d, r->layer_states[d], r->layer_ranks[d]);
        else
            printf("%u %" PRIu64 "\n", d, r->layer_states[d]);
    }
    printf("states:       %" PRIu64 "%s\n", r->total_states,
           r->complete ? "" : " (so far: incomplete)");
    if (sym)
        printf("classes:      %" PRIu64 " (of %" PRIu64 " ranks)\n", r->total_ranks, pb->space.count);
    if (r->complete) {
        printf("eccentricity: %u\n", r->max_depth);
        if (pb->space.format) {
            pb->space.format(pb->space.ctx, r->farthest, buf, sizeof buf);
            printf("farthest:     %s (depth %u%s)\n", buf, r->max_depth,
                   sym ? "; with its relabellings of the interchangeable pegs" : "");
        }
    } else {
        printf("stopped:      %s after depth %u; depths 0..%u above are complete, the "
               "eccentricity is at least %u\n",
               ar_stop_reason_name(r->stop), r->max_depth, r->max_depth, r->max_depth);
    }
    snprintf(buf, sizeof buf, "%s", pb->goal_text);
    if (r->target_depths[0] != AR_BFS2_NO_DEPTH)
        printf("goal:         %s at distance %u\n", buf, r->target_depths[0]);
    else
        printf("goal:         %s %s\n", buf,
               r->complete ? "not reachable" : "not reached before the stop");
    printf("time:         %.2f s, %u thread%s, table %s, peak %s\n", r->seconds, r->threads,
           r->threads == 1 ? "" : "s", ar_format_bytes(r->table_bytes, bytes, sizeof bytes),
           ar_format_bytes(mem->peak, buf, sizeof buf));
}

static void print_json(const char *domain, const char *desc, const ar_bfs2_problem *pb,
                       const ar_bfs2_result *r, ar_mem *mem)
{
    char buf[512];
    unsigned d;
    fputs("{\"domain\":", stdout);
    ar_json_string(stdout, domain);
    fputs(",\"instance\":", stdout);
    ar_json_string(stdout, desc);
    fputs(",\"symmetry\":", stdout);
    ar_json_string(stdout, pb->symmetry);
    printf(",\"complete\":%s,\"stop_reason\":", r->complete ? "true" : "false");
    if (r->complete)
        fputs("null", stdout);
    else
        ar_json_string(stdout, ar_stop_reason_name(r->stop));
    fputs(",\"depth_states\":[", stdout);
    for (d = 0; d < r->levels; d++)
        printf("%s%" PRIu64, d ? "," : "", r->layer_states[d]);
    fputs("],\"depth_classes\":[", stdout);
    for (d = 0; d < r->levels; d++)
        printf("%s%" PRIu64, d ? "," : "", r->layer_ranks[d]);
    printf("],\"states\":%" PRIu64 ",\"classes\":%" PRIu64, r->total_states, r->total_ranks);
    if (r->complete) {
        printf(",\"eccentricity\":%u,\"farthest\":", r->max_depth);
        if (pb->space.format) {
            pb->space.format(pb->space.ctx, r->farthest, buf, sizeof buf);
            ar_json_string(stdout, buf);
        } else {
            printf("%" PRIu64, r->farthest);
        }
    } else {
        printf(",\"eccentricity_at_least\":%u", r->max_depth);
    }
    fputs(",\"goal\":", stdout);
    ar_json_string(stdout, pb->goal_text);
    fputs(",\"goal_distance\":", stdout);
    if (r->target_depths[0] != AR_BFS2_NO_DEPTH)
        printf("%u", r->target_depths[0]);
    else
        fputs("null", stdout);
    printf(",\"seconds\":%.3f,\"threads\":%u,\"table_bytes\":%zu,\"peak_bytes\":%zu}\n", r->seconds,
           r->threads, r->table_bytes, mem->peak);
}

int verb_bfs(int argc, char **argv)
{
    int rc;
    unsigned threads;
    cli c;
    ar_instance *inst = NULL;
    const ar_bfs2_provider *prov;
    ar_bfs2_problem pb;
    ar_bfs2_options o;
    ar_bfs2_result r;
    ar_error err;
    ar_mem mem;
    ar_status st;
    char desc[512];
    const ar_tool *fe;

    /* A puzzle may count its states its own way (a set instead of a ranking). */
    if (argc > 1 && (fe = cli_puzzle_front_end(ar_puzzle_find(argv[1]), "bfs")) != NULL)
        return fe->run(argc, argv);
    rc = cli_parse(&c, argc, argv, 1);
    if (rc)
        return rc;
    threads = cli_threads(c.threads);
    if (threads > AR_BFS2_MAX_THREADS)
        threads = AR_BFS2_MAX_THREADS;
    prov = c.domain->bfs2;
    if (!prov) {
        return ar_tool_fail("bfs: domain '%s' has no dense ranking for the two-bit search (see "
                            "`ariadne list` for those that have)",
                            c.domain->name);
    }
    if (c.positional_count > 1) {
        return ar_tool_fail("bfs: unexpected argument '%s'", c.positional[1]);
    }
    rc = cli_make_instance(&c, c.positional_count ? c.positional[0] : NULL, &inst);
    if (rc) {
        cli_free(&c);
        return rc;
    }
    c.domain->describe(inst, desc, sizeof desc);
    ar_error_clear(&err);
    st = prov->open(inst, !c.no_symmetry, &pb, &err);
    if (st != AR_OK) {
        c.domain->destroy(inst);
        cli_free(&c);
        return ar_tool_fail("bfs: %s", err.message);
    }
    ar_tool_install_sigint();
    ar_mem_init(&mem, c.search.limits.memory_limit);
    ar_bfs2_options_init(&o);
    o.threads = threads;
    o.starts = &pb.start;
    o.start_count = 1;
    o.targets = &pb.goal;
    o.target_count = 1;
    o.mem = &mem;
    o.time_limit = c.search.limits.time_limit;
    o.interrupt = c.search.limits.interrupt;
    o.progress = &c.progress;
    o.what = "two-bit BFS";
    st = ar_bfs2_run(&pb.space, &o, &r, &err);
    if (st != AR_OK) {
        rc = ar_tool_fail("bfs: %s", err.message);
        if (st == AR_ERR_MEMORY || st == AR_ERR_LIMIT)
            rc = AR_EXIT_LIMIT; /* a limit refused the work, as for a search */
    } else {
        if (c.json)
            print_json(c.domain->name, desc, &pb, &r, &mem);
        else
            print_text(&c, desc, &pb, &r, &mem);
        rc = r.complete ? AR_EXIT_OK : AR_EXIT_LIMIT;
        ar_bfs2_result_free(&r);
    }
    prov->close(&pb);
    c.domain->destroy(inst);
    cli_free(&c);
    return rc;
}
