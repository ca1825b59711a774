/* batch.c — `ariadne solve DOMAIN -f FILE --batch`: one instance per line of
 * FILE, solved on every core (--threads), one result per instance in input
 * order (a line of text, or a JSON object per line with --json) and a
 * summary line.
 *
 * Every line is read and checked before any search starts, so a bad line is
 * an error (exit 2, naming FILE:LINE) with nothing printed. A domain may read
 * its own batch format (a numbered benchmark list with published optimal
 * lengths, for instance) through its batch_line slot; a published length is
 * then checked against the result. The first instance is solved alone, so
 * whatever it loads or builds once (pattern databases, mapped and shared
 * in-process) is ready before the other threads start. The limits
 * (--time-limit, --node-limit) apply to each instance; --memory-limit is
 * shared out among the threads. Ctrl-C stops every search: the results so
 * far are printed and the summary says how many were not run. */
#include "cli.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "ariadne/timer.h"

typedef struct job {
    unsigned line;            /* 1-based line of FILE */
    char label[64];
    char *text;               /* the instance text */
    uint64_t known_cost;
    int known;
    /* the result */
    int done;
    char *output;             /* what to print for it (malloc'd) */
    ar_outcome outcome;
    int failed, optimal, have_solution;
    uint64_t length, cost, expanded;
    double seconds;
} job;

typedef struct batch {
    cli *c;
    job *jobs;
    size_t count, next, finished;
    ar_search_options search;  /* each job's limits; no progress */
    pthread_mutex_t lock;
    pthread_cond_t changed;
} batch;

static void free_jobs(job *jobs, size_t count)
{
    size_t i;
    for (i = 0; i < count; i++) {
        free(jobs[i].text);
        free(jobs[i].output);
    }
    free(jobs);
}

/* Splits FILE into jobs and checks that every instance can be made. */
static int read_jobs(cli *c, job **out, size_t *count)
{
    const ar_puzzle *p = c->domain;
    char why[300], *text = ar_read_file(c->file, why, sizeof why), *line, *save = NULL;
    job *jobs = NULL;
    size_t n = 0, cap = 0;
    unsigned lineno = 0;
    if (!text)
        return ar_tool_fail("%s", why);
    for (line = text; line; line = save) {
        char *nl = strchr(line, '\n'), inst_text[4096], *start;
        ar_error err;
        ar_instance *inst = NULL;
        job *j;
        save = nl ? nl + 1 : NULL;
        if (nl)
            *nl = '\0';
        lineno++;
        for (start = line; *start == ' ' || *start == '\t' || *start == '\r'; start++)
            ;
        if (*start == '\0' || *start == '#')
            continue;
        if (n == cap) {
            job *bigger = realloc(jobs, (cap = cap ? 2 * cap : 64) * sizeof *jobs);
            if (!bigger) {
                free_jobs(jobs, n);
                free(text);
                return ar_tool_fail("out of memory reading %s", c->file);
            }
            jobs = bigger;
        }
        j = &jobs[n];
        memset(j, 0, sizeof *j);
        j->line = lineno;
        ar_error_clear(&err);
        if (p->batch_line) {
            if (p->batch_line(start, j->label, sizeof j->label, inst_text, sizeof inst_text,
                              &j->known_cost, &j->known, &err) != AR_OK) {
                free_jobs(jobs, n);
                free(text);
                return ar_tool_fail("%s:%u: %s", c->file, lineno, err.message);
            }
            if (!j->label[0])
                snprintf(j->label, sizeof j->label, "line %u", lineno);
        } else {
            snprintf(j->label, sizeof j->label, "line %u", lineno);
            snprintf(inst_text, sizeof inst_text, "%s", start);
        }
        j->text = malloc(strlen(inst_text) + 1);
        n++;
        if (!j->text) {
            free_jobs(jobs, n);
            free(text);
            return ar_tool_fail("out of memory reading %s", c->file);
        }
        strcpy(j->text, inst_text);
        if (p->create(j->text, c->params, (size_t)c->param_count, &inst, &err) != AR_OK) {
            free_jobs(jobs, n);
            free(text);
            return ar_tool_fail("%s:%u: %s", c->file, lineno, err.message[0] ? err.message : "bad instance");
        }
        p->destroy(inst);
    }
    free(text);
    if (n == 0) {
        free(jobs);
        return ar_tool_fail("%s: no instances (one per line; # starts a comment)", c->file);
    }
    *out = jobs;
    *count = n;
    return 0;
}

/* The text line of a result: label, outcome, length, the moves. */
static void write_text(FILE *out, const ar_puzzle *p, ar_instance *inst, const job *j, const ar_result *res)
{
    fprintf(out, "%s: ", j->label);
    if (res->outcome == AR_OUTCOME_NO_SOLUTION) {
        fprintf(out, "no solution (%s)\n", res->note[0] ? res->note : "proven");
        return;
    }
    if (!j->have_solution) {
        fprintf(out, "stopped by %s before a solution was found, %" PRIu64 " nodes, %.3f s\n",
                ar_stop_reason_name(res->stop), res->expanded, res->seconds);
        return;
    }
    fprintf(out, "length %" PRIu64 ", %s", res->length,
            res->optimal ? "optimal (proven)" : res->outcome == AR_OUTCOME_STOPPED ? "best so far (stopped), not proven optimal"
                                                                                : "not proven optimal");
    if (j->known)
        fprintf(out, ", published %" PRIu64 "%s", j->known_cost,
                res->cost == j->known_cost ? "" : res->optimal ? " DIFFERS" : "");
    fprintf(out, ", %" PRIu64 " nodes, %.3f s, moves: ", res->expanded, res->seconds);
    {
        uint64_t column = 0;
        ar_puzzle_print_moves(out, p, inst, res->moves, res->length, 0, &column);
    }
    fputc('\n', out);
}

static void solve_job(batch *b, job *j, const ar_search_options *search)
{
    cli *c = b->c;
    const ar_puzzle *p = c->domain;
    ar_instance *inst = NULL;
    ar_result res;
    ar_error err;
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    ar_status st;
    ar_error_clear(&err);
    st = p->create(j->text, c->params, (size_t)c->param_count, &inst, &err);
    if (st == AR_OK)
        st = ar_solve(p, inst, search, NULL, &res, &err);
    else
        ar_result_init(&res);
    j->outcome = res.outcome;
    j->seconds = res.seconds;
    j->expanded = res.expanded;
    j->length = res.length;
    j->cost = res.cost;
    j->have_solution = st == AR_OK && (res.moves != NULL || (res.outcome == AR_OUTCOME_SOLVED && res.length == 0));
    j->optimal = j->have_solution && res.optimal;
    j->failed = st != AR_OK;
    if (out) {
        if (st != AR_OK) {
            if (c->json) {
                fputs("{\"domain\":", out);
                ar_json_string(out, p->name);
                fputs(",\"label\":", out);
                ar_json_string(out, j->label);
                fputs(",\"status\":\"error\",\"error\":", out);
                ar_json_string(out, err.message[0] ? err.message : ar_status_name(st));
                fputs("}\n", out);
            } else {
                fprintf(out, "%s: error: %s\n", j->label, err.message[0] ? err.message : ar_status_name(st));
            }
        } else if (c->json) {
            printer pr;
            memset(&pr, 0, sizeof pr);
            pr.out = out;
            pr.c = c;
            pr.p = p;
            pr.inst = inst;
            pr.res = &res;
            pr.label = j->label;
            p->describe(inst, pr.description, sizeof pr.description);
            cli_print_json_result(&pr);
        } else {
            write_text(out, p, inst, j, &res);
        }
        fclose(out);
    }
    j->output = buf;
    ar_result_free(&res);
    if (inst)
        p->destroy(inst);
}

static void *worker(void *arg)
{
    batch *b = arg;
    for (;;) {
        job *j;
        pthread_mutex_lock(&b->lock);
        if (b->next >= b->count || ar_tool_interrupted) {
            pthread_mutex_unlock(&b->lock);
            return NULL;
        }
        j = &b->jobs[b->next++];
        pthread_mutex_unlock(&b->lock);
        solve_job(b, j, &b->search);
        pthread_mutex_lock(&b->lock);
        j->done = 1;
        b->finished++;
        pthread_cond_broadcast(&b->changed);
        pthread_mutex_unlock(&b->lock);
    }
}

static void print_summary(const batch *b, size_t printed, unsigned threads, double wall)
{
    size_t i, solved = 0, optimal = 0, stopped = 0, nosol = 0, failed = 0, known = 0, agree = 0;
    uint64_t nodes = 0;
    double cpu = 0;
    for (i = 0; i < printed; i++) {
        const job *j = &b->jobs[i];
        nodes += j->expanded;
        cpu += j->seconds;
        if (j->failed)
            failed++;
        else if (j->outcome == AR_OUTCOME_NO_SOLUTION)
            nosol++;
        else if (j->outcome == AR_OUTCOME_SOLVED && j->have_solution)
            solved++;
        else
            stopped++;
        optimal += (size_t)j->optimal;
        if (j->known && j->have_solution && j->optimal) {
            known++;
            agree += j->cost == j->known_cost;
        }
    }
    if (b->c->json) {
        printf("{\"summary\":{\"instances\":%zu,\"run\":%zu,\"solved\":%zu,\"optimal\":%zu,\"stopped\":%zu,"
               "\"no_solution\":%zu,\"errors\":%zu,\"published_checked\":%zu,\"published_equal\":%zu,"
               "\"nodes_expanded\":%" PRIu64 ",\"solve_seconds\":%.3f,\"wall_seconds\":%.3f,\"threads\":%u}}\n",
               b->count, printed, solved, optimal, stopped, nosol, failed, known, agree, nodes, cpu, wall,
               threads);
        return;
    }
    printf("batch: %zu instance%s, %zu solved (%zu proven optimal), %zu stopped, %zu without solution, "
           "%zu error%s",
           b->count, b->count == 1 ? "" : "s", solved, optimal, stopped, nosol, failed, failed == 1 ? "" : "s");
    if (printed < b->count)
        printf(", %zu not run (interrupted)", b->count - printed);
    if (known)
        printf("; optimal lengths equal to the published ones: %zu/%zu", agree, known);
    printf("; %" PRIu64 " nodes; solve time %.3f s in all; wall %.3f s on %u thread%s\n", nodes, cpu, wall,
           threads, threads == 1 ? "" : "s");
}

int cli_solve_batch(cli *c)
{
    batch b;
    pthread_t tids[256];
    unsigned threads, started = 0, t;
    size_t printed = 0, i;
    int rc;
    double start;
    memset(&b, 0, sizeof b);
    b.c = c;
    if ((rc = read_jobs(c, &b.jobs, &b.count)) != 0) {
        cli_free(c);
        return rc;
    }
    threads = cli_threads(c->threads);
    if (threads > b.count)
        threads = (unsigned)b.count;
    b.search = c->search;
    b.search.progress = NULL;
    if (b.search.limits.memory_limit)
        b.search.limits.memory_limit /= threads;
    pthread_mutex_init(&b.lock, NULL);
    pthread_cond_init(&b.changed, NULL);
    ar_tool_install_sigint();
    start = ar_now();
    /* The first instance alone: what it loads once, the others share. */
    b.next = 1;
    {
        ar_search_options first = b.search;
        first.progress = &c->progress; /* a note if it builds what the others share */
        solve_job(&b, &b.jobs[0], &first);
    }
    b.jobs[0].done = 1;
    b.finished = 1;
    for (t = 0; t < threads && b.count > 1; t++)
        if (pthread_create(&tids[started], NULL, worker, &b) == 0)
            started++;
    if (started == 0)
        worker(&b);
    /* Print in input order as results come in. */
    pthread_mutex_lock(&b.lock);
    for (;;) {
        while (printed < b.count && b.jobs[printed].done) {
            fputs(b.jobs[printed].output ? b.jobs[printed].output : "", stdout);
            printed++;
        }
        fflush(stdout);
        if (printed == b.count)
            break;
        if (ar_tool_interrupted && b.finished == b.next)
            break; /* every started search has stopped and is printed */
        ar_progress_update(&c->progress, b.finished, b.count, "instances", "batch");
        {
            struct timespec ts;
            clock_gettime(CLOCK_REALTIME, &ts);
            ts.tv_nsec += 200000000L;
            if (ts.tv_nsec >= 1000000000L) {
                ts.tv_sec++;
                ts.tv_nsec -= 1000000000L;
            }
            pthread_cond_timedwait(&b.changed, &b.lock, &ts);
        }
    }
    pthread_mutex_unlock(&b.lock);
    for (t = 0; t < started; t++)
        pthread_join(tids[t], NULL);
    ar_progress_finish(&c->progress);
    print_summary(&b, printed, threads, ar_now() - start);
    fflush(stdout);
    rc = AR_EXIT_OK;
    for (i = 0; i < printed; i++) {
        const job *j = &b.jobs[i];
        if (j->failed)
            rc = AR_EXIT_LIMIT;
        else if (j->outcome == AR_OUTCOME_NO_SOLUTION && rc == AR_EXIT_OK)
            rc = AR_EXIT_NO_SOLUTION;
        else if (!(j->outcome == AR_OUTCOME_SOLVED && j->have_solution) && j->outcome != AR_OUTCOME_NO_SOLUTION)
            rc = AR_EXIT_LIMIT;
    }
    if (printed < b.count)
        rc = AR_EXIT_LIMIT;
    pthread_mutex_destroy(&b.lock);
    pthread_cond_destroy(&b.changed);
    free_jobs(b.jobs, b.count);
    cli_free(c);
    return rc;
}
