/* tiles_bench.c — the sliding-tile benchmark suites: `ariadne bench korf100`
 * (Korf's 100 15-puzzle instances solved optimally with each heuristic, every
 * length checked against the published one) and `korf24` (Korf & Felner's 50
 * 24-puzzle instances: optimal for the easiest, anytime for all). The
 * instances come from data/tiles (ar_data_path finds it).
 * Pattern databases come from the default cache directory and are built there
 * when missing (their build times are printed from the file headers). */
#include "tiles_bench.h"

#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "ariadne/pdb.h"
#include "ariadne/search.h"
#include "ariadne/timer.h"
#include "ariadne/tool.h"

#define MAX_INSTANCES 128

typedef struct instance {
    unsigned id, length;
    char board[256];
} instance;

/* Finds data/tiles/<name>; 0 on success, else the places looked at in path. */
static int find_data(const char *name, char *path, size_t size)
{
    char rel[128];
    snprintf(rel, sizeof rel, "tiles/%s", name);
    return ar_data_path(rel, path, size);
}

static int read_instances(const char *name, instance *out, unsigned *count)
{
    char path[PATH_MAX + 128], line[512];
    FILE *f;
    unsigned n = 0;
    if (find_data(name, path, sizeof path)) {
        fprintf(stderr, "ariadne: bench: %s\n", path);
        return -1;
    }
    f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "ariadne: bench: cannot open %s\n", path);
        return -1;
    }
    while (fgets(line, sizeof line, f) && n < MAX_INSTANCES) {
        int off = 0;
        if (line[0] == '#' || sscanf(line, "%u %u %n", &out[n].id, &out[n].length, &off) != 2)
            continue;
        snprintf(out[n].board, sizeof out[n].board, "%s", line + off);
        out[n].board[strcspn(out[n].board, "\n")] = '\0';
        n++;
    }
    fclose(f);
    *count = n;
    return 0;
}

typedef struct run_stats {
    uint64_t nodes;
    double seconds;
    unsigned length;
    int optimal, solved;
} run_stats;

/* Solves board; with a template instance (whose pattern databases are
 * loaded) the board is made from it by with_start, so the tables are shared
 * and the time is the search's alone. */
static int run_one(const char *board, const ar_param *params, size_t np, ar_instance *tmpl,
                   const char *algo, const char *heuristic, double weight, double time_limit,
                   run_stats *out)
{
    const ar_puzzle *p = &ar_domain_tiles;
    ar_instance *inst;
    ar_search_options opts;
    ar_result res;
    ar_error err;
    ar_error_clear(&err);
    memset(out, 0, sizeof *out);
    if (p->create(board, params, np, &inst, &err) != AR_OK) {
        fprintf(stderr, "ariadne: bench: %s: %s\n", p->name, err.message);
        return -1;
    }
    if (tmpl) {
        unsigned char state[256];
        ar_instance *copy;
        p->initial_state(inst, state);
        p->destroy(inst);
        if (p->with_start(tmpl, state, &copy, &err) != AR_OK) {
            fprintf(stderr, "ariadne: bench: %s: %s\n", p->name, err.message);
            return -1;
        }
        inst = copy;
    }
    ar_search_options_init(&opts);
    opts.algorithm = algo;
    opts.heuristic = heuristic;
    if (weight > 0)
        opts.weight = weight;
    opts.limits.time_limit = time_limit;
    opts.limits.interrupt = &ar_tool_interrupted;
    if (ar_solve(p, inst, &opts, NULL, &res, &err) != AR_OK) {
        fprintf(stderr, "ariadne: bench: %s: %s\n", p->name, err.message);
        p->destroy(inst);
        return -1;
    }
    out->nodes = res.generated;
    out->seconds = res.seconds;
    out->solved = res.moves != NULL && res.outcome != AR_OUTCOME_NO_SOLUTION;
    out->length = (unsigned)res.length;
    out->optimal = res.optimal;
    /* replay, so a benchmark never reports an invalid solution */
    if (out->solved) {
        char *text = malloc(ar_xsize(res.length + 1));
        uint64_t len = 0, i;
        int solved = 0;
        if (text) {
            for (i = 0; i < res.length; i++) {
                char b[8];
                p->format_move(inst, res.moves[i], b, sizeof b);
                text[i] = b[0];
            }
            text[res.length] = '\0';
            if (ar_puzzle_replay(p, inst, text, &len, NULL, &solved, NULL, &err) != AR_OK || !solved)
                out->solved = 0;
            free(text);
        }
    }
    ar_result_free(&res);
    p->destroy(inst);
    return 0;
}

/* A template instance of a configuration with its pattern databases loaded
 * (built first when missing); prints a row per database with its build time
 * (from the file header) and the time to load it here. */
static ar_instance *template_for(const char *board, const ar_param *params, size_t np, int print)
{
    const ar_puzzle *p = &ar_domain_tiles;
    const ar_pdb_provider *prov = p->pdb;
    const ar_heuristic *h = ar_puzzle_heuristic(p, "pdb");
    const ar_pdb_abstraction *abs[AR_PDB_MAX_SELECTED];
    void *owned = NULL;
    ar_instance *inst;
    ar_error err;
    ar_mem mem;
    unsigned count, i;
    double t0;
    ar_error_clear(&err);
    if (!prov || !h || p->create(board, params, np, &inst, &err) != AR_OK)
        return NULL;
    if (prov->abstractions(inst, NULL, abs, &count, &owned, &err) != AR_OK) {
        p->destroy(inst);
        return NULL;
    }
    if (print) { /* build what is missing, with progress */
        ar_progress pr;
        ar_progress_init(&pr, stderr, AR_PROGRESS_AUTO, "pdb");
        for (i = 0; i < count; i++) {
            ar_pdb pdb;
            ar_pdb_build_options o;
            int built = 0;
            memset(&o, 0, sizeof o);
            o.progress = &pr;
            o.interrupt = &ar_tool_interrupted;
            if (ar_pdb_open(abs[i], prov->dir(inst), &o, &pdb, &built, &err) != AR_OK) {
                fprintf(stderr, "ariadne: bench: %s\n", err.message);
                p->destroy(inst);
                return NULL;
            }
            printf("| %s %s | %s | %" PRIu64 " | %u | %.1f |\n", p->name, abs[i]->size, abs[i]->pattern,
                   pdb.header.count, pdb.header.max_distance, pdb.header.build_seconds);
            ar_pdb_free(&pdb);
        }
        ar_progress_finish(&pr);
    }
    ar_mem_init(&mem, 0);
    t0 = ar_now();
    if (h->prepare(inst, &mem, &err) != AR_OK) {
        fprintf(stderr, "ariadne: bench: %s\n", err.message);
        p->destroy(inst);
        return NULL;
    }
    if (print)
        printf("|  | (loading all, checksums included: %.2f s) | | | |\n", ar_now() - t0);
    return inst;
}

typedef struct config {
    const char *label, *heuristic, *pattern, *reflect;
} config;

int ar_tiles_bench_korf100(int quick)
{
    static instance inst[MAX_INSTANCES];
    static const config configs[] = {
        {.label = "Manhattan", .heuristic = "manhattan"},
        {.label = "linear conflict", .heuristic = "linear"},
        {.label = "PDB 5-5-5", .heuristic = "pdb", .pattern = "5-5-5", .reflect = "off"},
        {.label = "PDB 6-6-3", .heuristic = "pdb", .pattern = "6-6-3", .reflect = "off"},
        {.label = "PDB 6-6-3 + reflection", .heuristic = "pdb", .pattern = "6-6-3", .reflect = "on"},
        {.label = "PDB 7-8", .heuristic = "pdb", .pattern = "7-8", .reflect = "off"},
        {.label = "PDB 7-8 + reflection", .heuristic = "pdb", .pattern = "7-8", .reflect = "on"},
    };
    unsigned n, i, c, first = quick ? 1 : 0, last = quick ? 3 : 7, used = 0;
    static run_stats stats[7][MAX_INSTANCES];
    ar_instance *tmpl[7] = {NULL};
    int bad = 0;
    if (read_instances("korf100.txt", inst, &n))
        return AR_EXIT_BAD_INPUT;
    if (quick) { /* the instances with the shortest solutions, cheap databases only */
        unsigned k = 0;
        for (i = 0; i < n; i++)
            if (inst[i].length <= 42)
                inst[k++] = inst[i];
        n = k;
    }
    puts("Pattern databases (cache directory; built now when missing)");
    puts("| puzzle | pattern (goal cells) | entries | max distance | build s |");
    puts("|---|---|---:|---:|---:|");
    for (c = first; c < last; c++) {
        ar_param params[2] = {{.name = "pattern", .value = configs[c].pattern},
                              {.name = "reflect", .value = configs[c].reflect}};
        int fresh = c == first || !configs[c - 1].pattern ||
                    strcmp(configs[c].pattern ? configs[c].pattern : "", configs[c - 1].pattern) != 0;
        tmpl[c] = NULL;
        if (configs[c].pattern && !(tmpl[c] = template_for(inst[0].board, params, 2, fresh)))
            return AR_EXIT_LIMIT;
    }
    printf("\nKorf's 100 15-puzzle instances%s, optimal IDA* (ariadne solve tiles --algo ida "
           "--heuristic H [--pattern P --reflect on|off]); nodes = generated\n",
           quick ? " (quick: those with optimal length <= 42)" : "");
    printf("| # | length |");
    for (c = first; c < last; c++)
        printf(" %s nodes | s |", configs[c].label);
    printf("\n|---:|---:|");
    for (c = first; c < last; c++)
        printf("---:|---:|");
    putchar('\n');
    fflush(stdout);
    for (i = 0; i < n && !ar_tool_interrupted; i++) {
        printf("| %u | %u |", inst[i].id, inst[i].length);
        for (c = first; c < last && !ar_tool_interrupted; c++) {
            ar_param params[2] = {
                {.name = "pattern", .value = configs[c].pattern ? configs[c].pattern : "6-6-3"},
                {.name = "reflect", .value = configs[c].reflect ? configs[c].reflect : "auto"}};
            run_stats *s = &stats[c][i];
            if (run_one(inst[i].board, params, 2, tmpl[c], "ida", configs[c].heuristic, 0, 0, s) ||
                !s->solved || !s->optimal || s->length != inst[i].length) {
                bad++;
                printf(" WRONG (%u) | |", s->length);
            } else {
                printf(" %" PRIu64 " | %.3f |", s->nodes, s->seconds);
            }
            fflush(stdout);
        }
        putchar('\n');
        used = i + 1;
    }
    printf("\nTotals over %u instances (all lengths equal to the published ones: %s)\n", used,
           bad ? "NO" : "yes");
    puts("| heuristic | total nodes | mean nodes | total s | mean s |");
    puts("|---|---:|---:|---:|---:|");
    for (c = first; c < last; c++) {
        uint64_t nodes = 0;
        double secs = 0;
        for (i = 0; i < used; i++) {
            nodes += stats[c][i].nodes;
            secs += stats[c][i].seconds;
        }
        printf("| %s | %" PRIu64 " | %.0f | %.2f | %.4f |\n", configs[c].label, nodes,
               used ? (double)nodes / used : 0.0, secs, used ? secs / used : 0.0);
    }
    for (c = first; c < last; c++)
        if (tmpl[c])
            ar_domain_tiles.destroy(tmpl[c]);
    return bad ? AR_EXIT_NO_SOLUTION : 0;
}

int ar_tiles_bench_korf24(int quick)
{
    static instance inst[MAX_INSTANCES];
    unsigned n, i, optimal_tries = quick ? 0 : 5, sum_w = 0, sum_opt = 0, k = 0;
    double wtime = quick ? 2 : 10, otime = 300;
    ar_param params[1] = {{.name = "pattern", .value = "6-6-6-6"}};
    const char *heuristic = quick ? "linear" : "pdb";
    if (read_instances("korf24_50.txt", inst, &n))
        return AR_EXIT_BAD_INPUT;
    if (quick)
        n = 2;
    ar_instance *tmpl = NULL;
    if (!quick) {
        puts("Pattern databases (cache directory; built now when missing)");
        puts("| puzzle | pattern (goal cells) | entries | max distance | build s |");
        puts("|---|---|---:|---:|---:|");
        if (!(tmpl = template_for(inst[0].board, params, 1, 1)))
            return AR_EXIT_LIMIT;
        putchar('\n');
    }
    printf("Korf & Felner's 24-puzzle instances%s: anytime solver (weighted IDA*, then IDA*) with "
           "heuristic %s, %.0f s each (ariadne solve tiles --algo anytime --time-limit %.0f)\n",
           quick ? " (quick: first 2, linear conflicts)" : "", heuristic, wtime, wtime);
    puts("| # | optimal | found | excess | proven lower bound | s |");
    puts("|---:|---:|---:|---:|---:|---:|");
    for (i = 0; i < n && !ar_tool_interrupted; i++) {
        run_stats s;
        const ar_puzzle *p = &ar_domain_tiles;
        ar_instance *in;
        ar_search_options opts;
        ar_result res;
        ar_error err;
        ar_error_clear(&err);
        if (p->create(inst[i].board, params, 1, &in, &err) != AR_OK)
            return ar_tool_fail("bench: %s", err.message);
        if (tmpl) { /* share the loaded databases */
            unsigned char state[64];
            ar_instance *copy;
            p->initial_state(in, state);
            p->destroy(in);
            if (p->with_start(tmpl, state, &copy, &err) != AR_OK)
                return ar_tool_fail("bench: %s", err.message);
            in = copy;
        }
        ar_search_options_init(&opts);
        opts.algorithm = "anytime";
        opts.heuristic = heuristic;
        opts.limits.time_limit = wtime;
        opts.limits.interrupt = &ar_tool_interrupted;
        if (ar_solve(p, in, &opts, NULL, &res, &err) != AR_OK) {
            p->destroy(in);
            return ar_tool_fail("bench: %s", err.message);
        }
        memset(&s, 0, sizeof s);
        if (res.moves) {
            printf("| %u | %u | %" PRIu64 " | %+d | %" PRIu64 " | %.1f |\n", inst[i].id, inst[i].length,
                   res.length, (int)res.length - (int)inst[i].length, res.lower_bound, res.seconds);
            sum_w += (unsigned)res.length;
            sum_opt += inst[i].length;
            k++;
        } else {
            printf("| %u | %u | none | | %" PRIu64 " | %.1f |\n", inst[i].id, inst[i].length,
                   res.lower_bound, res.seconds);
        }
        fflush(stdout);
        ar_result_free(&res);
        p->destroy(in);
    }
    if (k)
        printf("\nsolved %u of %u; total length %u against %u optimal (%.2f%% longer)\n", k, n, sum_w,
               sum_opt, 100.0 * (sum_w - sum_opt) / (sum_opt ? sum_opt : 1));
    if (optimal_tries) {
        /* The easiest instances (shortest optimal solutions) optimally. */
        unsigned order[MAX_INSTANCES], j, done = 0;
        for (i = 0; i < n; i++)
            order[i] = i;
        for (i = 0; i < n; i++)
            for (j = i + 1; j < n; j++)
                if (inst[order[j]].length < inst[order[i]].length) {
                    unsigned t = order[i];
                    order[i] = order[j];
                    order[j] = t;
                }
        printf("\nOptimal IDA* with PDB 6-6-6-6 + reflection on the %u easiest instances, %.0f s limit "
               "each (ariadne solve tiles --algo ida --heuristic pdb --time-limit %.0f)\n",
               optimal_tries, otime, otime);
        puts("| # | published | found | proven | nodes | s |");
        puts("|---:|---:|---:|---|---:|---:|");
        for (i = 0; i < optimal_tries && i < n && !ar_tool_interrupted; i++) {
            run_stats s;
            instance *in = &inst[order[i]];
            if (run_one(in->board, params, 1, tmpl, "ida", "pdb", 0, otime, &s))
                continue;
            if (s.solved) {
                printf("| %u | %u | %u | %s | %" PRIu64 " | %.1f |\n", in->id, in->length, s.length,
                       s.optimal ? (s.length == in->length ? "yes, equal" : "yes, DIFFERENT") : "no",
                       s.nodes, s.seconds);
                done += s.optimal && s.length == in->length;
            } else {
                printf("| %u | %u | - | time limit | %" PRIu64 " | %.1f |\n", in->id, in->length, s.nodes,
                       s.seconds);
            }
            fflush(stdout);
        }
        printf("\n%u instances solved optimally with the published lengths\n", done);
    }
    if (tmpl)
        ar_domain_tiles.destroy(tmpl);
    return 0;
}
