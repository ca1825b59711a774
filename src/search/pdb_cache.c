/* pdb_cache.c — the cache directory of pattern databases: where files live
 * (--pdb-dir, $ARIADNE_PDB_DIR, $XDG_CACHE_HOME/ariadne, ~/.cache/ariadne;
 * "off" keeps them in memory), their names, and
 * ar_pdb_open, which maps a cached file or builds, saves and reports one on
 * first use. The format, the builder and the loader are pattern_db.c's. */
#include "ariadne/pdb.h"
#include "ariadne/tool.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

const char *ar_pdb_dir(const char *dir, char *buf, size_t size)
{
    const char *env = getenv("ARIADNE_PDB_DIR"), *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    if (dir && *dir)
        snprintf(buf, size, "%s", dir);
    else if (env && *env)
        snprintf(buf, size, "%s", env);
    else if (xdg && *xdg)
        snprintf(buf, size, "%s/ariadne", xdg);
    else
        snprintf(buf, size, "%s/.cache/ariadne", home && *home ? home : ".");
    return buf;
}

/* The directory "off" (--pdb-dir off, ARIADNE_PDB_DIR=off): databases are
 * built in memory when needed and never read from or written to disk. */
static int cache_off(const char *dir) { return strcmp(dir, "off") == 0; }

void ar_pdb_file_name(const ar_pdb_abstraction *a, char *buf, size_t size)
{
    size_t i, n;
    int len = snprintf(buf, size, "%s-%s-%s-%ub.pdb", a->domain, a->size, a->pattern, a->bits);
    n = len < 0 ? 0 : (size_t)len < size ? (size_t)len : size - 1;
    for (i = 0; i < n; i++) /* keep the name portable: pattern separators become '.' */
        if (!((buf[i] >= 'a' && buf[i] <= 'z') || (buf[i] >= 'A' && buf[i] <= 'Z') ||
              (buf[i] >= '0' && buf[i] <= '9') || buf[i] == '-' || buf[i] == '.' || buf[i] == '_'))
            buf[i] = '.';
}

ar_status ar_pdb_open(const ar_pdb_abstraction *a, const char *dir, const ar_pdb_build_options *o,
                      ar_pdb *out, int *built, ar_error *err)
{
    char dbuf[4096], name[700], path[4800];
    ar_status st;
    struct stat sb;
    ar_error why;
    *built = 0;
    ar_pdb_dir(dir, dbuf, sizeof dbuf);
    ar_pdb_file_name(a, name, sizeof name);
    snprintf(path, sizeof path, "%s/%s", dbuf, name);
    if (!cache_off(dbuf) && stat(path, &sb) == 0) {
        ar_error_clear(&why);
        /* A large table is mapped without reading it through: the header
         * and the size are checked now, the entries' checksum by `ariadne
         * pdb verify` (a solve touches a few pages of hundreds of megabytes). */
        st = ar_pdb_load(path, AR_PDB_CHECK_SMALL, o ? o->mem : NULL, out, &why);
        if (st != AR_OK) /* the message names the file */
            return ar_error_set(err, st, "pattern database: %s", why.message);
        if (ar_pdb_matches(&out->header, a, &why) != AR_OK) {
            ar_pdb_free(out);
            return ar_error_set(err, AR_ERR_INPUT, "pattern database %s: %s", path, why.message);
        }
        return AR_OK;
    }
    if (o && o->progress) {
        char nb[32], secs[40];
        double t;
        ar_pdb_estimate(a, NULL, &t);
        snprintf(secs, sizeof secs, t < 1 ? "under a second" : "about %.0f s", t);
        ar_progress_note(o->progress, "building the %s pattern database %s %s (first use, %s; %s) %s%s",
                         a->domain, a->size, a->pattern, ar_format_bytes(ar_pdb_file_bytes(a), nb, sizeof nb),
                         secs, cache_off(dbuf) ? "in memory only (the cache is off)" : "to cache in ",
                         cache_off(dbuf) ? "" : dbuf);
    }
    if ((st = ar_pdb_build(a, o, out, err)) != AR_OK)
        return st;
    *built = 1;
    if (cache_off(dbuf))
        return AR_OK;
    if (ar_tool_make_dir(dbuf, why.message, sizeof why.message) != 0 || ar_pdb_save(out, path, &why) != AR_OK) {
        /* The table is built and usable; not caching it only costs time later. */
        if (o && o->progress)
            ar_progress_note(o->progress, "the pattern database is not cached (%s); it will be built "
                                          "again next time", why.message);
    }
    return AR_OK;
}
