/* pdb.c — `ariadne pdb build|info|verify`: pattern databases from the command
 * line. A domain that uses pattern databases registers an ar_pdb_provider
 * (src/search/pdb.c); this file only talks to that interface, so it knows no
 * domain. The databases selected by a domain's options (--size, --pattern,
 * --pdb-dir, ...) are built with an estimate first and progress on stderr,
 * described from their headers, or checked (header, checksum, consistency of
 * sampled entries). `info` and `verify` also take database files directly. */
#include "cli.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "ariadne/pdb.h"
#include "ariadne/timer.h"

#define MAX_ABS 16

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

/* The domain's abstractions for the options in c (and an optional instance). */
static int load_abstractions(cli *c, ar_instance **inst, const ar_pdb_provider **prov,
                             const ar_pdb_abstraction **abs, unsigned *count)
{
    char sample[1024];
    ar_error err;
    int rc;
    *prov = ar_pdb_provider_find(c->domain->name);
    if (!*prov)
        return cli_fail("pdb: the %s domain has no pattern databases", c->domain->name);
    if (c->positional_count > 1)
        return cli_fail("pdb %s: unexpected argument '%s'", c->verb, c->positional[1]);
    sample[0] = '\0';
    if (c->positional_count == 0 && !c->file)
        (*prov)->sample_instance(c->params, (size_t)c->param_count, sample, sizeof sample);
    rc = cli_make_instance(c, c->positional_count ? c->positional[0] : c->file ? NULL : sample, inst);
    if (rc)
        return rc;
    ar_error_clear(&err);
    if ((*prov)->abstractions(*inst, abs, count, &err) != AR_OK) {
        c->domain->destroy(*inst);
        *inst = NULL;
        return cli_fail("pdb: %s", err.message);
    }
    return 0;
}

static void path_of(const ar_pdb_provider *prov, const ar_instance *inst, const ar_pdb_abstraction *a,
                    char *buf, size_t size)
{
    char dir[2048], name[800];
    ar_pdb_dir(prov->dir(inst), dir, sizeof dir);
    ar_pdb_file_name(a, name, sizeof name);
    snprintf(buf, size, "%s/%s", dir, name);
}

static int do_build(cli *c)
{
    ar_instance *inst = NULL;
    const ar_pdb_provider *prov;
    const ar_pdb_abstraction *abs[MAX_ABS];
    unsigned count, i;
    int rc = load_abstractions(c, &inst, &prov, abs, &count);
    char dir[2048];
    if (rc)
        return rc;
    ar_pdb_dir(prov->dir(inst), dir, sizeof dir);
    {
        char mk[2100];
        struct stat sb;
        if (stat(dir, &sb) != 0) {
            snprintf(mk, sizeof mk, "%s", dir);
            /* create the directory and its parents */
            for (char *p = mk + 1; *p; p++)
                if (*p == '/') {
                    *p = '\0';
                    mkdir(mk, 0755);
                    *p = '/';
                }
            mkdir(mk, 0755);
        }
    }
    for (i = 0; i < count && rc == 0; i++) {
        const ar_pdb_abstraction *a = abs[i];
        ar_pdb pdb;
        ar_pdb_build_options o;
        ar_mem mem;
        ar_error err;
        size_t need;
        double secs;
        char path[3000], nb[32], tb[32];
        ar_status st;
        path_of(prov, inst, a, path, sizeof path);
        ar_pdb_estimate(a, &need, &secs);
        if (!c->quiet)
            fprintf(stderr,
                    "ariadne: building %s %s pattern %s: %" PRIu64 " entries, %s on disk, %s while "
                    "building, about %.0f s\n",
                    a->domain, a->size, a->pattern, a->count,
                    ar_format_bytes(ar_bitarray_bytes_for(a->count, a->bits), tb, sizeof tb),
                    ar_format_bytes(need, nb, sizeof nb), secs < 1 ? 1.0 : secs);
        ar_mem_init(&mem, c->search.limits.memory_limit);
        memset(&o, 0, sizeof o);
        o.mem = &mem;
        o.time_limit = c->search.limits.time_limit;
        o.interrupt = c->search.limits.interrupt;
        o.progress = &c->progress;
        ar_error_clear(&err);
        st = ar_pdb_build(a, &o, &pdb, &err);
        if (st == AR_OK) {
            st = ar_pdb_save(&pdb, path, &err);
            if (st == AR_OK) {
                printf("built %s (%.1f s, max distance %u, %" PRIu64 " entries capped)\n", path,
                       pdb.header.build_seconds, pdb.header.max_distance, pdb.header.capped);
                fflush(stdout);
            }
            ar_pdb_free(&pdb);
        }
        if (st != AR_OK) {
            fprintf(stderr, "ariadne: pdb build: %s\n", err.message);
            rc = st == AR_ERR_MEMORY || st == AR_ERR_LIMIT ? EXIT_LIMIT : EXIT_BAD_INPUT;
        }
    }
    c->domain->destroy(inst);
    return rc;
}

static int do_info_domain(cli *c)
{
    ar_instance *inst = NULL;
    const ar_pdb_provider *prov;
    const ar_pdb_abstraction *abs[MAX_ABS];
    unsigned count, i, missing = 0;
    int rc = load_abstractions(c, &inst, &prov, abs, &count);
    if (rc)
        return rc;
    for (i = 0; i < count; i++) {
        char path[3000], nb[32];
        ar_pdb_header h;
        ar_error err;
        size_t need;
        double secs;
        path_of(prov, inst, abs[i], path, sizeof path);
        if (i)
            putchar('\n');
        ar_error_clear(&err);
        if (ar_pdb_read_header(path, &h, &err) == AR_OK) {
            print_header(path, &h);
            if (ar_pdb_matches(&h, abs[i], &err) != AR_OK)
                printf("warning:      %s\n", err.message);
        } else {
            ar_pdb_estimate(abs[i], &need, &secs);
            printf("file:         %s (not built: %s)\n", path, err.message);
            printf("pattern:      %s\n", abs[i]->pattern);
            printf("estimate:     %" PRIu64 " entries, %s to build, about %.0f s\n", abs[i]->count,
                   ar_format_bytes(need, nb, sizeof nb), secs < 1 ? 1.0 : secs);
            missing++;
        }
    }
    c->domain->destroy(inst);
    return 0;
}

static int do_verify_domain(cli *c)
{
    ar_instance *inst = NULL;
    const ar_pdb_provider *prov;
    const ar_pdb_abstraction *abs[MAX_ABS];
    unsigned count, i;
    int rc = load_abstractions(c, &inst, &prov, abs, &count);
    if (rc)
        return rc;
    for (i = 0; i < count; i++) {
        char path[3000];
        ar_pdb pdb;
        ar_error err;
        ar_status st;
        uint64_t samples = abs[i]->count <= 2000000 ? abs[i]->count : 1000000;
        double t0 = ar_now();
        path_of(prov, inst, abs[i], path, sizeof path);
        ar_error_clear(&err);
        st = ar_pdb_load(path, 1, NULL, &pdb, &err);
        if (st == AR_OK) {
            st = ar_pdb_matches(&pdb.header, abs[i], &err);
            if (st == AR_OK)
                st = ar_pdb_check(&pdb, abs[i], samples, 1, &err);
            ar_pdb_free(&pdb);
        }
        if (st != AR_OK) {
            printf("%s: FAILED: %s\n", path, err.message);
            rc = st == AR_ERR_IO ? EXIT_BAD_INPUT : EXIT_NO_SOLUTION;
        } else {
            printf("%s: ok (header, checksum, %s %" PRIu64 " entries consistent, %.1f s)\n", path,
                   samples >= abs[i]->count ? "all" : "a sample of", samples, ar_now() - t0);
        }
    }
    c->domain->destroy(inst);
    return rc;
}

static int do_files(const char *what, int argc, char **argv)
{
    int i, rc = 0;
    for (i = 0; i < argc; i++) {
        ar_error err;
        ar_error_clear(&err);
        if (argv[i][0] == '-')
            return cli_fail("pdb %s: options go with a domain: ariadne pdb %s DOMAIN [options]", what, what);
        if (strcmp(what, "info") == 0) {
            ar_pdb_header h;
            if (ar_pdb_read_header(argv[i], &h, &err) != AR_OK) {
                fprintf(stderr, "ariadne: pdb info: %s\n", err.message);
                rc = EXIT_BAD_INPUT;
                continue;
            }
            if (i)
                putchar('\n');
            print_header(argv[i], &h);
        } else {
            ar_pdb pdb;
            ar_status st = ar_pdb_load(argv[i], 1, NULL, &pdb, &err);
            if (st != AR_OK) {
                printf("%s: FAILED: %s\n", argv[i], err.message);
                rc = st == AR_ERR_IO ? EXIT_BAD_INPUT : EXIT_NO_SOLUTION;
                continue;
            }
            printf("%s: ok (header and checksum; give the domain and its options to check the entries)\n",
                   argv[i]);
            ar_pdb_free(&pdb);
        }
    }
    return rc;
}

int verb_pdb(int argc, char **argv)
{
    cli c;
    int rc;
    const char *what = argc > 1 ? argv[1] : NULL;
    if (!what || (strcmp(what, "build") != 0 && strcmp(what, "info") != 0 && strcmp(what, "verify") != 0))
        return cli_fail("pdb: expected build, info or verify: ariadne pdb build|info|verify DOMAIN "
                        "[options] (see `ariadne help pdb`)");
    if (argc < 3)
        return cli_fail("pdb %s: which domain (or, for info and verify, which files)?", what);
    if (!ar_puzzle_find(argv[2])) {
        if (strcmp(what, "build") == 0)
            return cli_fail("pdb build: unknown domain '%s' (see `ariadne list`)", argv[2]);
        return do_files(what, argc - 2, argv + 2);
    }
    rc = cli_parse(&c, argc - 1, argv + 1, 1);
    if (rc)
        return rc;
    cli_install_sigint();
    if (strcmp(what, "build") == 0)
        rc = do_build(&c);
    else if (strcmp(what, "info") == 0)
        rc = do_info_domain(&c);
    else
        rc = do_verify_domain(&c);
    ar_progress_finish(&c.progress);
    cli_free(&c);
    return rc;
}
