/* main.c — `ariadne-mpi`: the distributed searches of ariadne, run under
 * mpirun (or srun) with one process per rank.
 *
 *     mpirun -np 4 ariadne-mpi solve DOMAIN [INSTANCE] [--algo hda|ida] ...
 *     mpirun -np 4 ariadne-mpi bfs DOMAIN [INSTANCE] [--no-symmetry] ...
 *
 * Every rank parses the same command line with the library's one option
 * parser (tool.h) and makes its own copy of the instance; rank 0 does it
 * first and alone prints what is wrong, so a bad command line fails once
 * with one line and exit 2 on every rank. Rank 0 prints the result; every
 * rank returns the same exit status. docs/distributed.md is the manual. */
#include "dist.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "ariadne/bfs2.h"
#include "ariadne/tool.h"

#define MAX_DOMAIN_OPTIONS 48

static const char usage[] =
    "Usage: mpirun -np N ariadne-mpi solve DOMAIN [INSTANCE | -f FILE] [--algo hda|ida] [options]\n"
    "       mpirun -np N ariadne-mpi bfs DOMAIN [INSTANCE | -f FILE] [--no-symmetry] [options]\n"
    "\n"
    "solve: hash-distributed A* (hda, the default; every puzzle) or parallel IDA* with work\n"
    "  stealing (ida; the domain's own IDA* kernel, such as one with pattern databases, or\n"
    "  the generic one). Options: --heuristic H, --hash-group G (hda: abstract Zobrist hashing over\n"
    "  groups of G state bytes), --flush-every N (hda: expansions between sends of part-filled\n"
    "  batches, default 16), --batch-bytes B (default 65536), --time-limit S, --memory-limit\n"
    "  SIZE (per rank), --node-limit N (all ranks together), --json, --quiet, --progress MODE,\n"
    "  and the domain's own options (`ariadne help DOMAIN`).\n"
    "bfs: the distributed two-bit breadth-first search of a domain with a dense ranking\n"
    "  (`ariadne bfs DOMAIN` on one machine), the table split across ranks by rank range.\n"
    "  Options: --no-symmetry, --block B (deal blocks of B states round robin instead of one\n"
    "  range per process), --batch-bytes B, --time-limit S, --memory-limit SIZE (per rank),\n"
    "  --json, --quiet, --progress MODE, and the domain's options.\n"
    "\n"
    "Rank 0 prints the result and a table of every rank's work. Exit status: 0 done, 1 no\n"
    "solution, 2 bad input, 3 a limit stopped the work before any result. A rank that dies\n"
    "ends the whole run (the MPI runtime stops the others). docs/distributed.md has the\n"
    "commands for one machine and for a cluster.\n";

/* A rank the runtime ends (another rank failed, or the job was cancelled)
 * says so, in one line, before it goes. */
static void on_term(int sig)
{
    static const char msg[] = "ariadne-mpi: a rank was stopped by the MPI runtime (another rank "
                              "failed or was killed, or the job was cancelled)\n";
    ssize_t ignored = write(STDERR_FILENO, msg, sizeof msg - 1);
    (void)ignored;
    signal(sig, SIG_DFL);
    raise(sig);
}

typedef struct command {
    const char *verb;
    const ar_puzzle *domain;
    ar_tool_cmd cmd;
    ar_opt opts[16 + MAX_DOMAIN_OPTIONS];
    const char *values[MAX_DOMAIN_OPTIONS];
    int flags[MAX_DOMAIN_OPTIONS], seen[16 + MAX_DOMAIN_OPTIONS];
    size_t first_domain, nopts;
    ar_param params[MAX_DOMAIN_OPTIONS];
    size_t nparams;
    const char *file, *heuristic;
    int algo;                 /* 0 hda, 1 ida */
    int no_symmetry;
    uint64_t hash_group, batch_bytes, flush_every, block;
    char name[64], *text;
} command;

static void add(command *c, ar_opt o)
{
    o.seen = &c->seen[c->nopts];
    c->opts[c->nopts++] = o;
}

/* Parses argv (after the program's name) into c; returns 0 or an exit status. */
static int parse(command *c, int argc, char **argv)
{
    const ar_option_spec *spec;
    size_t k;
    int solve;
    char q[80];
    memset(c, 0, sizeof *c);
    c->batch_bytes = 65536;
    c->flush_every = 16;
    if (argc < 2 || strcmp(argv[1], "help") == 0 || strcmp(argv[1], "--help") == 0) {
        fputs(usage, stdout);
        return argc < 2 ? AR_EXIT_BAD_INPUT : -1;
    }
    c->verb = argv[1];
    solve = strcmp(c->verb, "solve") == 0;
    if (!solve && strcmp(c->verb, "bfs") != 0)
        return ar_tool_fail("ariadne-mpi: unknown verb '%s' (solve or bfs; see `ariadne-mpi help`)",
                            ar_tool_quote(c->verb, 40, q, sizeof q));
    if (argc < 3 || argv[2][0] == '-')
        return ar_tool_fail("mpi %s: which domain? (see `ariadne list`)", c->verb);
    c->domain = ar_puzzle_find(argv[2]);
    if (!c->domain)
        return ar_tool_fail("unknown domain '%s' (see `ariadne list`)", ar_tool_quote(argv[2], 40, q, sizeof q));
    add(c, (ar_opt){.name = "f", .kind = AR_OPT_TEXT, .dest = &c->file, .metavar = "FILE"});
    add(c, (ar_opt){.name = "batch-bytes", .kind = AR_OPT_UINT, .dest = &c->batch_bytes, .metavar = "B",
                    .min = 256, .max = (uint64_t)1 << 30});
    if (solve) {
        add(c, (ar_opt){.name = "algo", .kind = AR_OPT_CHOICE, .dest = &c->algo, .choices = "hda ida"});
        add(c, (ar_opt){.name = "heuristic", .kind = AR_OPT_TEXT, .dest = &c->heuristic, .metavar = "H"});
        add(c, (ar_opt){.name = "hash-group", .kind = AR_OPT_UINT, .dest = &c->hash_group, .metavar = "G",
                        .min = 1, .max = 4096});
        add(c, (ar_opt){.name = "flush-every", .kind = AR_OPT_UINT, .dest = &c->flush_every, .metavar = "N",
                        .min = 1, .max = 1000000000});
    } else {
        add(c, (ar_opt){.name = "no-symmetry", .kind = AR_OPT_FLAG, .dest = &c->no_symmetry});
        add(c, (ar_opt){.name = "block", .kind = AR_OPT_UINT, .dest = &c->block, .metavar = "B",
                        .min = 32, .max = (uint64_t)1 << 48});
    }
    c->first_domain = c->nopts;
    for (spec = c->domain->options, k = 0; spec && spec->name && k < MAX_DOMAIN_OPTIONS; spec++, k++)
        add(c, (ar_opt){.name = spec->name, .kind = spec->metavar ? AR_OPT_TEXT : AR_OPT_FLAG,
                        .dest = spec->metavar ? (void *)&c->values[k] : (void *)&c->flags[k],
                        .metavar = spec->metavar});
    c->opts[c->nopts].name = NULL;
    snprintf(c->name, sizeof c->name, "mpi %s %s", c->verb, c->domain->name);
    c->cmd = (ar_tool_cmd){.name = c->name, .help_topic = c->domain->name, .options = c->opts,
                           .max_args = 1, .args_usage = "INSTANCE",
                           .common = solve ? AR_COMMON_OUTPUT | AR_COMMON_LIMITS
                                           : AR_COMMON_OUTPUT | AR_COMMON_TIME_LIMIT | AR_COMMON_MEMORY_LIMIT,
                           .other_options = solve ? "no-symmetry block" : "algo heuristic hash-group flush-every"};
    if (ar_tool_parse(&c->cmd, argc, argv, 3))
        return AR_EXIT_BAD_INPUT;
    if (c->algo == 1)
        for (k = 0; k < c->first_domain; k++)
            if (c->seen[k] && (strcmp(c->opts[k].name, "hash-group") == 0 || strcmp(c->opts[k].name, "flush-every") == 0))
                return ar_tool_fail("option --%s applies to --algo hda only", c->opts[k].name);
    if (c->file && c->cmd.nargs)
        return ar_tool_fail("give the instance either as an argument or with -f, not both");
    for (k = c->first_domain; k < c->nopts; k++)
        if (c->seen[k]) {
            c->params[c->nparams].name = c->opts[k].name;
            c->params[c->nparams].value = c->opts[k].kind == AR_OPT_TEXT ? *(const char **)c->opts[k].dest : NULL;
            c->nparams++;
        }
    return 0;
}

static int make_instance(command *c, ar_instance **inst)
{
    ar_error err;
    ar_status st;
    const char *text = c->cmd.nargs ? c->cmd.args[0] : NULL;
    ar_error_clear(&err);
    if (c->file) {
        char why[300];
        c->text = ar_read_file(c->file, why, sizeof why);
        if (!c->text)
            return ar_tool_fail("%s", why);
        text = c->text;
    }
    st = c->domain->create(text, c->params, c->nparams, inst, &err);
    if (st != AR_OK) {
        *inst = NULL;
        return ar_tool_fail("%s: %s", c->file ? c->file : c->domain->name,
                            err.message[0] ? err.message : ar_status_name(st));
    }
    return 0;
}

/* Runs step on rank 0 first; when it fails there, every rank returns its
 * status (rank 0 alone has printed the message); else the other ranks run
 * it too. */
static int on_every_rank(int rank, int (*step)(command *, void *), command *c, void *arg)
{
    int rc = 0;
    if (rank == 0)
        rc = step(c, arg);
    MPI_Bcast(&rc, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (rc == 0 && rank != 0) {
        rc = step(c, arg);
        if (rc) /* rank 0 succeeded where this rank failed: a rank-local problem */
            MPI_Abort(MPI_COMM_WORLD, rc);
    }
    return rc;
}

static int step_parse(command *c, void *arg)
{
    char **argv = ((char ***)arg)[0];
    int argc = (int)(intptr_t)((char ***)arg)[1];
    return parse(c, argc, argv);
}

static int step_instance(command *c, void *arg) { return make_instance(c, (ar_instance **)arg); }

int main(int argc, char **argv)
{
    command c;
    ar_instance *inst = NULL;
    int rank = 0, rc;
    void *parse_arg[2];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    signal(SIGTERM, on_term);
    ar_tool_install_sigint();
    parse_arg[0] = argv;
    parse_arg[1] = (void *)(intptr_t)argc;
    rc = on_every_rank(rank, step_parse, &c, parse_arg);
    if (rc == 0)
        rc = on_every_rank(rank, step_instance, &c, &inst);
    if (rc == 0) {
        dist_run_request req;
        memset(&req, 0, sizeof req);
        req.domain = c.domain;
        req.inst = inst;
        req.cmd = &c.cmd;
        req.verb = c.verb;
        req.rank = rank;
        req.options.batch_bytes = (size_t)c.batch_bytes;
        req.options.flush_every = c.flush_every;
        req.options.hash_group = (int)c.hash_group;
        req.options.symmetry = !c.no_symmetry;
        req.options.block = c.block;
        req.algo = c.algo;
        ar_search_options_init(&req.options.search);
        req.options.search.heuristic = c.heuristic;
        req.options.search.limits = c.cmd.limits;
        req.options.search.progress = rank == 0 ? &c.cmd.progress : NULL;
        rc = strcmp(c.verb, "solve") == 0 ? dist_run_solve(&req) : dist_run_bfs(&req);
    }
    if (inst)
        c.domain->destroy(inst);
    free(c.text);
    /* The run is over: a rank the runtime ends now (mpirun does, once rank 0
     * has exited with a status other than 0) has nothing to say. */
    signal(SIGTERM, SIG_DFL);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    /* Rank 0 alone gives the status: mpirun passes on the first one that
     * is not 0, so the others leave with 0 and do not race it. */
    return rank != 0 || rc < 0 ? 0 : rc;
}
