/* hanoi_bench.c — benchmark suites for Towers of Hanoi at scale:
 *   hanoi-fs   Frame–Stewart lengths checked by complete search: for 4 and 5
 *              pegs and every n that fits, the distance from the standard
 *              start to the standard goal found by the two-bit BFS;
 *   hanoi-bfs  complete depth distributions from the standard start (states,
 *              eccentricity, farthest position, time, memory), with and
 *              without the peg symmetry;
 *   hanoi-pdb  the optimal solver (A* with additive pattern databases and
 *              pivot tables) on random start/goal pairs.
 * --quick runs sizes that take seconds, for CI. Figures are recorded in
 * bench/results/hanoi-scale.md with the machine they were measured on. */
#include "hanoi_internal.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "ariadne/bfs2.h"
#include "ariadne/timer.h"
#include "ariadne/tool.h"

static unsigned bench_threads(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1u : n > 64 ? 64u : (unsigned)n;
}

/* One complete BFS of `pegs` pegs and `discs` discs from the standard start
 * (every disc on peg 1), with the goal every disc on the last peg. */
static int bfs_standard(unsigned pegs, unsigned discs, int symmetry, ar_bfs2_result *r,
                        char *farthest, size_t fsize, ar_mem *mem)
{
    const ar_puzzle *p = &ar_domain_hanoi;
    const ar_bfs2_provider *prov = &ar_hanoi_bfs2_provider;
    char ptext[8], dtext[8];
    ar_param params[2] = {{"pegs", ptext}, {"discs", dtext}};
    ar_instance *inst;
    ar_bfs2_problem pb;
    ar_bfs2_options o;
    ar_error err;
    ar_status st;
    snprintf(ptext, sizeof ptext, "%u", pegs);
    snprintf(dtext, sizeof dtext, "%u", discs);
    if (p->create(NULL, params, 2, &inst, &err) != AR_OK)
        return ar_tool_fail("bench: cannot make a hanoi instance of %u pegs, %u discs", pegs, discs);
    if (prov->open(inst, symmetry, &pb, &err) != AR_OK) {
        p->destroy(inst);
        return ar_tool_fail("bench: %s", err.message);
    }
    ar_bfs2_options_init(&o);
    o.threads = bench_threads();
    o.starts = &pb.start;
    o.start_count = 1;
    o.targets = &pb.goal;
    o.target_count = 1;
    o.mem = mem;
    o.interrupt = &ar_tool_interrupted;
    st = ar_bfs2_run(&pb.space, &o, r, &err);
    if (st == AR_OK && farthest && pb.space.format && r->complete)
        pb.space.format(pb.space.ctx, r->farthest, farthest, fsize);
    prov->close(&pb);
    p->destroy(inst);
    if (st != AR_OK)
        return ar_tool_fail("bench: %s", err.message);
    return 0;
}

static uint64_t frame_stewart(unsigned pegs, unsigned discs)
{
    /* T_3(n) = 2^n - 1; T_k(n) = min over x of 2 T_k(x) + T_{k-1}(n - x). */
    uint64_t t[17][40];
    unsigned k, n, x;
    for (n = 0; n <= discs; n++)
        t[3][n] = ((uint64_t)1 << n) - 1;
    for (k = 4; k <= pegs; k++) {
        t[k][0] = 0;
        for (n = 1; n <= discs; n++) {
            t[k][n] = UINT64_MAX;
            for (x = 0; x < n; x++) {
                uint64_t v = 2 * t[k][x] + t[k - 1][n - x];
                if (v < t[k][n])
                    t[k][n] = v;
            }
        }
    }
    return t[pegs][discs];
}

int ar_hanoi_bench_fs(int quick)
{
    static const unsigned max4[2] = {15, 10}, max5[2] = {13, 8};
    unsigned pegs, n;
    puts("Frame–Stewart lengths verified by complete two-bit breadth-first search from the "
         "standard start\n(with the peg symmetry; `searched` is the distance to the standard "
         "goal found by the search)");
    puts("| pegs | discs | Frame–Stewart | searched | equal | eccentricity | states | seconds |");
    puts("|---:|---:|---:|---:|---|---:|---:|---:|");
    for (pegs = 4; pegs <= 5; pegs++)
        for (n = 1; n <= (pegs == 4 ? max4[quick != 0] : max5[quick != 0]) && !ar_tool_interrupted; n++) {
            ar_bfs2_result r;
            ar_mem mem;
            uint64_t fs = frame_stewart(pegs, n);
            ar_mem_init(&mem, 0);
            if (bfs_standard(pegs, n, 1, &r, NULL, 0, &mem))
                return AR_EXIT_BAD_INPUT;
            if (!r.complete) {
                ar_bfs2_result_free(&r);
                break;
            }
            printf("| %u | %u | %" PRIu64 " | %u | %s | %u | %" PRIu64 " | %.2f |\n", pegs, n, fs,
                   r.target_depths[0], r.target_depths[0] == fs ? "yes" : "**NO**", r.max_depth,
                   r.total_states, r.seconds);
            fflush(stdout);
            ar_bfs2_result_free(&r);
        }
    return 0;
}

int ar_hanoi_bench_bfs(int quick)
{
    unsigned n, sym, last = quick ? 10 : 15;
    ar_bfs2_result big;
    int have_big = 0;
    puts("Complete two-bit BFS of 4-peg Hanoi from the standard start (threads: the CPUs online)");
    puts("| discs | symmetry | states | stored ranks | table | eccentricity | goal at | farthest "
         "| seconds |");
    puts("|---:|---|---:|---:|---:|---:|---:|---|---:|");
    memset(&big, 0, sizeof big);
    for (n = quick ? 6 : 8; n <= last && !ar_tool_interrupted; n++)
        for (sym = 1; sym + 1 > 0 && !ar_tool_interrupted; sym--) {
            ar_bfs2_result r;
            ar_mem mem;
            char far[80], tb[32];
            if (!sym && n > (quick ? 10u : 14u))
                break; /* the plain runs stop a size earlier: 4x the table and time */
            ar_mem_init(&mem, 0);
            if (bfs_standard(4, n, (int)sym, &r, far, sizeof far, &mem))
                return AR_EXIT_BAD_INPUT;
            printf("| %u | %s | %" PRIu64 " | %" PRIu64 " | %s | %u | %u | %s | %.2f |\n", n,
                   sym ? "pegs 2-4" : "none", r.total_states, r.total_ranks,
                   ar_format_bytes(r.table_bytes, tb, sizeof tb), r.max_depth, r.target_depths[0],
                   r.complete ? far : "-", r.seconds);
            fflush(stdout);
            if (sym && n == last) {
                big = r;
                have_big = 1;
            } else {
                ar_bfs2_result_free(&r);
            }
            if (sym == 0)
                break;
        }
    if (have_big) {
        unsigned d;
        printf("\nDepth distribution, 4 pegs, %u discs (states at each depth from the standard "
               "start)\n| depth | states |\n|---:|---:|\n",
               last);
        for (d = 0; d < big.levels; d++)
            printf("| %u | %" PRIu64 " |\n", d, big.layer_states[d]);
        ar_bfs2_result_free(&big);
    }
    return 0;
}

int ar_hanoi_bench_pdb(int quick)
{
    const ar_puzzle *p = &ar_domain_hanoi;
    static const unsigned sizes4[] = {10, 12, 14, 15, 16, 17}, sizes5[] = {8, 10, 12, 13};
    unsigned pegs, i, runs = quick ? 2 : 3;
    puts("Optimal solving of random start/goal pairs (`ariadne generate hanoi --seed S`, S = 1..N)\n"
         "by A* with additive pattern databases (largest group built by the two-bit BFS for the\n"
         "instance's goal) and pivot tables; times include building the databases");
    puts("| pegs | discs | groups | pairs | mean length | mean expanded | mean build s | mean total s "
         "| worst s | peak memory |");
    puts("|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|");
    for (pegs = 4; pegs <= 5; pegs++) {
        const unsigned *sizes = pegs == 4 ? sizes4 : sizes5;
        unsigned count = quick ? 1 : pegs == 4 ? 6 : 4;
        for (i = 0; i < count && !ar_tool_interrupted; i++) {
            unsigned n = quick ? (pegs == 4 ? 9 : 7) : sizes[i], s, solved = 0;
            double total = 0, worst = 0, build = 0, len = 0, exp = 0;
            size_t peak = 0;
            char groups[160] = "";
            for (s = 1; s <= runs && !ar_tool_interrupted; s++) {
                char ptext[8], dtext[8], *text = NULL;
                ar_param params[2] = {{"pegs", ptext}, {"discs", dtext}};
                ar_instance *inst;
                ar_error err;
                ar_result res;
                ar_search_options o;
                ar_hanoi_pdb_config cfg;
                double t0 = ar_now(), el;
                snprintf(ptext, sizeof ptext, "%u", pegs);
                snprintf(dtext, sizeof dtext, "%u", n);
                if (p->generate(params, 2, s, &text, &err) != AR_OK ||
                    p->create(text, params, 2, &inst, &err) != AR_OK) {
                    free(text);
                    return ar_tool_fail("bench: %s", err.message);
                }
                free(text);
                ar_search_options_init(&o);
                o.limits.interrupt = &ar_tool_interrupted;
                o.limits.memory_limit = ar_physical_memory() / 4 * 3;
                o.limits.time_limit = 1800;
                memset(&cfg, 0, sizeof cfg);
                cfg.low = AR_HANOI_PDB_LOW_DEFAULT;
                cfg.cache = 0;
                cfg.group = quick ? n - 3 : 0; /* --quick: several groups, small databases */
                ar_result_init(&res);
                if (ar_hanoi_pdb_solve(inst, &o, &cfg, &res, &err) != AR_OK) {
                    p->destroy(inst);
                    return ar_tool_fail("bench: %s", err.message);
                }
                el = ar_now() - t0;
                if (res.outcome == AR_OUTCOME_SOLVED && res.optimal) {
                    const char *g = strstr(res.note, "groups ");
                    solved++;
                    len += (double)res.length;
                    exp += (double)res.expanded;
                    if (g) {
                        const char *e = strstr(g, " (");
                        snprintf(groups, sizeof groups, "%.*s", e ? (int)(e - g - 7) : 60, g + 7);
                    }
                    {
                        const char *b = strstr(res.note, "; ");
                        if (b)
                            build += atof(b + 2);
                    }
                }
                total += el;
                if (el > worst)
                    worst = el;
                if (res.peak_bytes > peak)
                    peak = res.peak_bytes;
                ar_result_free(&res);
                p->destroy(inst);
            }
            {
                char pb[32];
                printf("| %u | %u | %s | %u/%u | %.1f | %.3g | %.1f | %.1f | %.1f | %s |\n", pegs,
                       n, groups, solved, runs, solved ? len / solved : 0.0,
                       solved ? exp / solved : 0.0, solved ? build / solved : 0.0, total / runs,
                       worst, ar_format_bytes(peak, pb, sizeof pb));
                fflush(stdout);
            }
        }
    }
    return 0;
}
