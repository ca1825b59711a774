/* pdb.c — `ariadne pdb build|info|verify`: pattern databases from the command
 * line. A domain that uses pattern databases registers an ar_pdb_provider
 * (src/search/pdb.c); this file only talks to that interface, so it knows no
 * domain. The databases selected by a domain's options (--size, --pattern,
 * --pdb-dir, ...) are built with an estimate first and progress on stderr,
 * described from their headers, or checked (header, checksum, consistency of
 * sampled entries). `info` and `verify` also take database files directly. */
#include "cli.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "ariadne/pdb.h"
#include "ariadne/timer.h"

/* The databases an instance's options select. */
typedef struct selection {
    ar_instance *inst;
    const ar_pdb_provider *prov;
    const ar_pdb_abstraction *abs[AR_PDB_MAX_SELECTED];
    unsigned count;
    void *owned; /* the provider's, released with the selection */
} selection;

static void print_header(const char *path, const ar_pdb_header *h)
{
    char b[32];
    printf("file:         %s\n", path);
    printf("domain:       %s %s\n", h->domain, h->size);
    printf("pattern:      %s\n", h->pattern);
    printf("goal:         %s\n", h->goal);
    printf("entries:      %" PRIu64 " of %u bits (%s), format version %u\n", h->count, h->bits,
           ar_format_bytes((size_t)h->data_bytes, b, sizeof b), h->version);
    printf("encoding:     value = %s + %u * entry\n", h->base_name, h->step);
    printf("max distance: %u (largest entry %u, %" PRIu64 " entries capped, %" PRIu64 " unreached)\n",
           h->max_distance, h->max_entry, h->capped, h->unreached);
    printf("built in:     %.1f s\n", h->build_seconds);
    printf("checksum:     %016" PRIx64 "\n", h->checksum);
}

/* The domain's abstractions for the options in c (and an optional instance),
 * chosen for the run's limits (--memory-limit) as the domain's solver would. */
static int load_abstractions(cli *c, selection *sel)
{
    char sample[1024];
    ar_error err;
    int rc;
    memset(sel, 0, sizeof *sel);
    sel->prov = c->domain->pdb;
    if (!sel->prov)
        return ar_tool_fail("pdb: the %s domain has no pattern databases", c->domain->name);
    if (c->positional_count > 1)
        return ar_tool_fail("%s: unexpected argument '%s'", c->verb, c->positional[1]);
    sample[0] = '\0';
    if (c->positional_count == 0 && !c->file)
        sel->prov->sample_instance(c->params, (size_t)c->param_count, sample, sizeof sample);
    rc = cli_make_instance(c, c->positional_count ? c->positional[0] : c->file || !sample[0] ? NULL : sample,
                           &sel->inst);
    if (rc)
        return rc;
    ar_error_clear(&err);
    if (sel->prov->abstractions(sel->inst, &c->search.limits, sel->abs, &sel->count, &sel->owned,
                                &err) != AR_OK) {
        c->domain->destroy(sel->inst);
        sel->inst = NULL;
        return ar_tool_fail("pdb: %s", err.message);
    }
    return 0;
}

static void selection_free(cli *c, selection *sel)
{
    if (sel->owned && sel->prov->release)
        sel->prov->release(sel->owned);
    if (sel->inst)
        c->domain->destroy(sel->inst);
    memset(sel, 0, sizeof *sel);
}

static void path_of(const selection *sel, const ar_pdb_abstraction *a, char *buf, size_t size)
{
    char dir[2048], name[800];
    ar_pdb_dir(sel->prov->dir(sel->inst), dir, sizeof dir);
    ar_pdb_file_name(a, name, sizeof name);
    snprintf(buf, size, "%s/%s", dir, name);
}

/* Creates dir and its parents and checks that files can be written there, so
 * a bad --pdb-dir is reported before a long build rather than after it. */
static int writable_dir(const char *dir)
{
    char why[300];
    if (ar_tool_make_dir(dir, why, sizeof why) != 0)
        return ar_tool_fail("pdb build: %s", why);
    if (access(dir, W_OK | X_OK) != 0)
        return ar_tool_fail("pdb build: cannot write to %s: %s", dir, strerror(errno));
    return 0;
}

/* --json: the results as one object {"verb": "pdb build", "results": [...]},
 * an item for each database; opened with the first item, so a verb that
 * fails before any result prints nothing on stdout. */
static unsigned json_items;
static const char *json_verb;

static void json_item(const char *status, const char *file)
{
    if (json_items++ == 0)
        printf("{\"verb\":\"%s\",\"results\":[", json_verb);
    else
        printf(",");
    printf("{\"status\":\"%s\",\"file\":", status);
    if (file)
        ar_json_string(stdout, file);
    else
        printf("null");
}

static void json_header(const ar_pdb_header *h)
{
    printf(",\"domain\":");
    ar_json_string(stdout, h->domain);
    printf(",\"size\":");
    ar_json_string(stdout, h->size);
    printf(",\"pattern\":");
    ar_json_string(stdout, h->pattern);
    printf(",\"goal\":");
    ar_json_string(stdout, h->goal);
    printf(",\"entries\":%" PRIu64 ",\"bits\":%u,\"data_bytes\":%" PRIu64 ",\"version\":%u,\"max_distance\":%u,"
           "\"capped\":%" PRIu64 ",\"unreached\":%" PRIu64 ",\"build_seconds\":%.1f,\"checksum\":\"%016" PRIx64 "\"",
           h->count, h->bits, (uint64_t)h->data_bytes, h->version, h->max_distance, h->capped, h->unreached,
           h->build_seconds, h->checksum);
}

static void json_open(const char *verb)
{
    json_items = 0;
    json_verb = verb;
}

/* Ends the object; a verb that failed before any result prints none. */
static void json_close(int rc)
{
    if (json_items)
        printf("]}\n");
    else if (rc == 0)
        printf("{\"verb\":\"%s\",\"results\":[]}\n", json_verb);
}

static int do_build(cli *c)
{
    selection sel;
    unsigned i, todo = 0;
    int rc = load_abstractions(c, &sel);
    char dir[2048];
    if (rc)
        return rc;
    ar_pdb_dir(sel.prov->dir(sel.inst), dir, sizeof dir);
    for (i = 0; i < sel.count; i++)
        todo += !sel.abs[i]->uncached;
    if (todo && (rc = writable_dir(dir)) != 0) {
        selection_free(c, &sel);
        return rc;
    }
    for (i = 0; i < sel.count && rc == 0; i++) {
        const ar_pdb_abstraction *a = sel.abs[i];
        ar_pdb pdb;
        ar_pdb_build_options o;
        ar_mem mem;
        ar_error err;
        size_t need;
        double secs;
        char path[3000], nb[32], tb[32];
        ar_status st;
        if (a->uncached) {
            if (c->json) {
                json_item("skipped", NULL);
                printf(",\"pattern\":");
                ar_json_string(stdout, a->pattern);
                printf(",\"reason\":");
                ar_json_string(stdout, a->uncached);
                printf("}");
            } else {
                printf("skipped %s %s pattern %s: %s\n", a->domain, a->size, a->pattern, a->uncached);
            }
            fflush(stdout);
            continue;
        }
        path_of(&sel, a, path, sizeof path);
        ar_pdb_estimate(a, &need, &secs);
        if (!c->quiet)
            fprintf(stderr,
                    "ariadne: building %s %s pattern %s: %" PRIu64 " entries, %s on disk, %s while "
                    "building, about %.0f s\n",
                    a->domain, a->size, a->pattern, ar_pdb_entries(a),
                    ar_format_bytes(ar_pdb_file_bytes(a), tb, sizeof tb),
                    ar_format_bytes(need, nb, sizeof nb), secs < 1 ? 1.0 : secs);
        ar_mem_init(&mem, c->search.limits.memory_limit);
        memset(&o, 0, sizeof o);
        o.mem = &mem;
        o.time_limit = c->search.limits.time_limit;
        o.interrupt = c->search.limits.interrupt;
        o.progress = &c->progress;
        o.threads = c->threads;
        ar_error_clear(&err);
        st = ar_pdb_build(a, &o, &pdb, &err);
        if (st == AR_OK) {
            st = ar_pdb_save(&pdb, path, &err);
            if (st == AR_OK && c->json) {
                json_item("built", path);
                json_header(&pdb.header);
                printf("}");
            } else if (st == AR_OK) {
                printf("built %s (%.1f s, max distance %u, %" PRIu64 " entries capped)\n", path,
                       pdb.header.build_seconds, pdb.header.max_distance, pdb.header.capped);
                fflush(stdout);
            }
            ar_pdb_free(&pdb);
        }
        if (st != AR_OK) {
            rc = ar_tool_error(ar_tool_exit_for(st), "pdb build: %s", err.message);
        }
    }
    selection_free(c, &sel);
    return rc;
}

static int do_info_domain(cli *c)
{
    selection sel;
    const ar_pdb_abstraction *const *abs = sel.abs;
    unsigned i;
    int rc = load_abstractions(c, &sel);
    if (rc)
        return rc;
    for (i = 0; i < sel.count; i++) {
        char path[3000], nb[32];
        ar_pdb_header h;
        ar_error err;
        size_t need;
        double secs;
        path_of(&sel, abs[i], path, sizeof path);
        if (i)
            putchar('\n');
        ar_error_clear(&err);
        if (c->json) {
            int built = !abs[i]->uncached && ar_pdb_read_header(path, &h, &err) == AR_OK;
            json_item(built ? "built" : abs[i]->uncached ? "not cached" : "not built",
                      abs[i]->uncached ? NULL : path);
            if (built) {
                json_header(&h);
            } else {
                ar_pdb_estimate(abs[i], &need, &secs);
                printf(",\"pattern\":");
                ar_json_string(stdout, abs[i]->pattern);
                printf(",\"entries\":%" PRIu64 ",\"build_bytes\":%zu,\"build_seconds_estimate\":%.0f",
                       ar_pdb_entries(abs[i]), need, secs < 1 ? 1.0 : secs);
            }
            printf("}");
            continue;
        }
        if (abs[i]->uncached) {
            ar_pdb_estimate(abs[i], &need, &secs);
            printf("file:         none, not cached: %s\n", abs[i]->uncached);
            printf("domain:       %s %s\n", abs[i]->domain, abs[i]->size);
            printf("pattern:      %s\n", abs[i]->pattern);
            printf("estimate:     %" PRIu64 " entries, %s to build, about %.0f s\n", ar_pdb_entries(abs[i]),
                   ar_format_bytes(need, nb, sizeof nb), secs < 1 ? 1.0 : secs);
        } else if (ar_pdb_read_header(path, &h, &err) == AR_OK) {
            print_header(path, &h);
            if (ar_pdb_matches(&h, abs[i], &err) != AR_OK)
                printf("warning:      %s\n", err.message);
        } else {
            ar_pdb_estimate(abs[i], &need, &secs);
            printf("file:         %s (not built: %s)\n", path, err.message);
            printf("pattern:      %s\n", abs[i]->pattern);
            printf("estimate:     %" PRIu64 " entries, %s to build, about %.0f s\n", ar_pdb_entries(abs[i]),
                   ar_format_bytes(need, nb, sizeof nb), secs < 1 ? 1.0 : secs);
        }
    }
    selection_free(c, &sel);
    return 0;
}

static int do_verify_domain(cli *c)
{
    selection sel;
    const ar_pdb_abstraction *const *abs = sel.abs;
    unsigned i;
    int rc = load_abstractions(c, &sel);
    if (rc)
        return rc;
    for (i = 0; i < sel.count; i++) {
        char path[3000];
        ar_pdb pdb;
        ar_error err;
        ar_status st;
        uint64_t samples = abs[i]->count <= 2000000 ? abs[i]->count : 1000000;
        double t0 = ar_now();
        if (abs[i]->uncached) {
            if (c->json) {
                json_item("skipped", NULL);
                printf(",\"reason\":");
                ar_json_string(stdout, abs[i]->uncached);
                printf("}");
            } else {
                printf("skipped %s %s pattern %s: %s\n", abs[i]->domain, abs[i]->size, abs[i]->pattern,
                       abs[i]->uncached);
            }
            continue;
        }
        path_of(&sel, abs[i], path, sizeof path);
        ar_error_clear(&err);
        st = ar_pdb_load(path, 1, NULL, &pdb, &err);
        if (st == AR_OK) {
            st = ar_pdb_matches(&pdb.header, abs[i], &err);
            if (st == AR_OK)
                st = ar_pdb_check(&pdb, abs[i], samples, 1, &err);
            ar_pdb_free(&pdb);
        }
        if (st != AR_OK)
            rc = st == AR_ERR_IO ? AR_EXIT_BAD_INPUT : AR_EXIT_NO_SOLUTION;
        if (c->json) {
            json_item(st == AR_OK ? "ok" : "failed", path);
            if (st != AR_OK) {
                printf(",\"reason\":");
                ar_json_string(stdout, err.message);
            } else {
                printf(",\"checked_entries\":%" PRIu64 ",\"all\":%s,\"exact\":%s,\"seconds\":%.1f", samples,
                       samples >= abs[i]->count ? "true" : "false", abs[i]->exact ? "true" : "false",
                       ar_now() - t0);
            }
            printf("}");
        } else if (st != AR_OK) {
            printf("%s: FAILED: %s\n", path, err.message);
        } else {
            printf("%s: ok (header, checksum, %s %" PRIu64 " entries %s, %.1f s)\n", path,
                   samples >= abs[i]->count ? "all" : "a sample of", samples,
                   abs[i]->exact ? "exact: 0 only at the goal, every neighbour within one move, one "
                                   "a move closer"
                                 : "consistent",
                   ar_now() - t0);
        }
    }
    selection_free(c, &sel);
    return rc;
}

/* `pdb info|verify FILE...`: database files given by name. */
static int do_files(const char *what, int argc, char **argv)
{
    int rc = 0;
    unsigned i;
    char name[32];
    ar_tool_cmd cmd;
    snprintf(name, sizeof name, "pdb %s", what);
    cmd = (ar_tool_cmd){.name = name, .help_topic = "pdb", .common = AR_COMMON_JSON | AR_COMMON_QUIET,
                        .min_args = 1, .max_args = AR_TOOL_MAX_ARGS, .args_usage = "database FILEs"};
    if (ar_tool_parse(&cmd, argc, argv, 2))
        return AR_EXIT_BAD_INPUT;
    if (cmd.json)
        json_open(name);
    for (i = 0; i < cmd.nargs; i++) {
        const char *path = cmd.args[i];
        ar_error err;
        ar_error_clear(&err);
        if (strcmp(what, "info") == 0) {
            ar_pdb_header h;
            if (ar_pdb_read_header(path, &h, &err) != AR_OK) {
                rc = ar_tool_fail("pdb info: %s", err.message);
                continue;
            }
            if (cmd.json) {
                json_item("built", path);
                json_header(&h);
                printf("}");
                continue;
            }
            if (i)
                putchar('\n');
            print_header(path, &h);
        } else {
            ar_pdb pdb;
            ar_status st = ar_pdb_load(path, 1, NULL, &pdb, &err);
            if (st != AR_OK)
                rc = st == AR_ERR_IO ? AR_EXIT_BAD_INPUT : AR_EXIT_NO_SOLUTION;
            if (cmd.json) {
                json_item(st == AR_OK ? "ok" : "failed", path);
                if (st != AR_OK) {
                    printf(",\"reason\":");
                    ar_json_string(stdout, err.message);
                }
                printf(",\"checked\":\"header and checksum\"}");
            } else if (st != AR_OK) {
                printf("%s: FAILED: %s\n", path, err.message);
            } else {
                printf("%s: ok (header and checksum; give the domain and its options to check the entries)\n",
                       path);
            }
            if (st == AR_OK)
                ar_pdb_free(&pdb);
        }
    }
    if (cmd.json)
        json_close(rc);
    return rc;
}

int verb_pdb(int argc, char **argv)
{
    cli c;
    int rc;
    const char *what = argc > 1 ? argv[1] : NULL;
    if (!what || (strcmp(what, "build") != 0 && strcmp(what, "info") != 0 && strcmp(what, "verify") != 0))
        return ar_tool_fail("pdb: expected build, info or verify: ariadne pdb build|info|verify DOMAIN "
                        "[options] (see `ariadne help pdb`)");
    if (argc < 3)
        return ar_tool_fail("pdb %s: which domain (or, for info and verify, which files)?", what);
    if (!ar_puzzle_find(argv[2])) {
        if (strcmp(what, "build") == 0)
            return ar_tool_fail("pdb build: unknown domain '%s' (see `ariadne list`)", argv[2]);
        return do_files(what, argc, argv);
    }
    {
        /* Parsed as the verb "pdb build" (info, verify): its options are pdb's. */
        char *args[CLI_MAX_ARGS + 2];
        int n = argc - 1 < CLI_MAX_ARGS + 1 ? argc - 1 : CLI_MAX_ARGS + 1, i;
        args[0] = strcmp(what, "build") == 0 ? "pdb build" : strcmp(what, "info") == 0 ? "pdb info" : "pdb verify";
        for (i = 1; i < n; i++)
            args[i] = argv[i + 1];
        rc = cli_parse(&c, n, args, 1);
    }
    if (rc)
        return rc;
    if (c.threads && strcmp(what, "build") != 0)
        return ar_tool_fail("option --threads applies to pdb build only");
    ar_tool_install_sigint();
    if (c.json)
        json_open(c.verb);
    if (strcmp(what, "build") == 0)
        rc = do_build(&c);
    else if (strcmp(what, "info") == 0)
        rc = do_info_domain(&c);
    else
        rc = do_verify_domain(&c);
    ar_progress_finish(&c.progress);
    if (c.json)
        json_close(rc);
    cli_free(&c);
    return rc;
}
