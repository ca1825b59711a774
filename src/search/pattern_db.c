/* pattern_db.c — generic pattern databases: backward 0-1 breadth-first search in an
 * abstraction described by callbacks, the versioned file format
 * (docs/pdb-format.md), memory-mapped loading, the cache directory and
 * build-on-demand. Nothing here knows a domain: a puzzle describes its
 * abstractions through ar_pdb_abstraction (optionally with its own builder,
 * e.g. the two-bit BFS) and declares a provider in its descriptor for the
 * `ariadne pdb` verbs.
 *
 * The build keeps two tables: 2-bit marks (unseen, frontier, next, closed)
 * and the entries. A layer is one sweep over the marks, 32 entries per 64-bit
 * word with a branch-free test for "any frontier here"; the frontier and next
 * codes swap with the layer's parity, so no pass relabels next as frontier.
 * A cost-0 predecessor joins the current layer; if it lies behind the sweep
 * the layer is swept again until nothing new appears behind it. */
#include "ariadne/pdb.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "ariadne/rng.h"
#include "ariadne/timer.h"

#define HEADER_BYTES 4096u
static const char file_signature[8] = {'A', 'R', 'I', 'A', 'D', 'P', 'D', 'B'};
#define BOM 0x01020304u

/* Fixed offsets of the header fields (docs/pdb-format.md). */
enum {
    OFF_MAGIC = 0, OFF_VERSION = 8, OFF_BOM = 12, OFF_HBYTES = 16, OFF_BITS = 20, OFF_STEP = 24,
    OFF_MAXDIST = 28, OFF_MAXENTRY = 32, OFF_COUNT = 40, OFF_DATAOFF = 48, OFF_DATABYTES = 56,
    OFF_CHECKSUM = 64, OFF_CAPPED = 72, OFF_UNREACHED = 80, OFF_SECONDS = 88, OFF_HSUM = 96,
    OFF_DOMAIN = 104, OFF_SIZE = 136, OFF_BASE = 168, OFF_PATTERN = 200, OFF_GOAL = 712,
    OFF_END = 1736
};

/* --- estimates and the build ------------------------------------------- */

/* Measured on the development machine (a sliding-piece 7-piece pattern): about 0.5 µs
 * per abstract state expanded, with its predecessors; with a projection about
 * 1.3 searched states per stored entry (the blank's regions). The estimate is
 * for people deciding whether to wait, not a promise. */
#define NS_PER_STATE 520.0

static uint64_t padded(uint64_t count) { return (count + 31u) & ~(uint64_t)31u; }

static uint64_t stored(const ar_pdb_abstraction *a) { return a->project ? a->stored_count : a->count; }

uint64_t ar_pdb_entries(const ar_pdb_abstraction *a) { return stored(a); }

size_t ar_pdb_file_bytes(const ar_pdb_abstraction *a)
{
    return HEADER_BYTES + ar_bitarray_bytes_for(stored(a), a->bits);
}

void ar_pdb_estimate(const ar_pdb_abstraction *a, size_t *bytes, double *seconds)
{
    size_t marks = ar_bitarray_bytes_for(padded(a->count), 2);
    size_t table = ar_bitarray_bytes_for(stored(a), a->bits);
    size_t done = a->project ? (size_t)(stored(a) / 8 + 1) : 0;
    if (bytes)
        *bytes = a->build_bytes ? a->build_bytes : marks + table + done;
    if (seconds)
        *seconds = (a->project ? 1.3 * (double)a->stored_count : (double)a->count) *
                   (a->ns_per_state > 0 ? a->ns_per_state : NS_PER_STATE) * 1e-9;
}

static ar_status check_abstraction(const ar_pdb_abstraction *a, ar_error *err)
{
    if (!a->unrank || !a->rank || !a->goals || !a->predecessors)
        return ar_error_set(err, AR_ERR_INTERNAL, "pattern database: an abstraction callback is missing");
    if (a->exact && (a->step != 1 || a->base || a->project))
        return ar_error_set(err, AR_ERR_INTERNAL,
                            "pattern database: an exact abstraction has step 1, no base and no projection");
    if (a->bits != 4 && a->bits != 8)
        return ar_error_set(err, AR_ERR_UNSUPPORTED, "pattern database: entries of %u bits (use 4 or 8)",
                            a->bits);
    if (a->step != 1 && a->step != 2)
        return ar_error_set(err, AR_ERR_UNSUPPORTED, "pattern database: step %u (use 1 or 2)", a->step);
    if (a->state_size > AR_PDB_MAX_STATE || a->count == 0 || a->count > AR_BITARRAY_MAX_COUNT / 2 ||
        (a->project && (a->stored_count == 0 || a->stored_count > a->count)))
        return ar_error_set(err, AR_ERR_UNSUPPORTED, "pattern database: %" PRIu64 " abstract states is out of range",
                            a->count);
    return AR_OK;
}

typedef struct builder {
    const ar_pdb_abstraction *a;
    const ar_pdb_build_options *o;
    ar_bitarray marks;
    uint8_t *done_bits;          /* with a projection: stored entries already written */
    size_t done_bytes;
    uint64_t written;
    ar_pdb *out;
    unsigned char astate[AR_PDB_MAX_STATE];
    uint64_t preds[AR_PDB_MAX_PREDS];
    unsigned char costs[AR_PDB_MAX_PREDS];
    uint64_t done, next_check;
    unsigned max_entry;
    double start;
} builder;

static ar_status poll(builder *b, unsigned depth, ar_error *err)
{
    char detail[64];
    b->next_check = b->done + 65536;
    if (b->o->interrupt && *b->o->interrupt)
        return ar_error_set(err, AR_ERR_LIMIT, "pattern database build interrupted");
    if (b->o->time_limit > 0 && ar_now() - b->start > b->o->time_limit)
        return ar_error_set(err, AR_ERR_LIMIT, "pattern database build stopped by the time limit");
    if (b->o->progress) {
        snprintf(detail, sizeof detail, "pattern database %.20s, depth %u", b->a->pattern, depth);
        ar_progress_update(b->o->progress, b->done, b->a->project ? 0 : b->a->count, "states", detail);
    }
    return AR_OK;
}

/* Expands abstract state r, closed at distance d: writes its entry and marks
 * its predecessors. Returns 1 when a cost-0 predecessor joined this layer at or
 * behind word w (the sweep must go round again), else 0; -1 on a bad base. */
static int expand(builder *b, uint64_t r, unsigned d, unsigned fcode, unsigned ncode, uint64_t w,
                  uint64_t *next_count)
{
    const ar_pdb_abstraction *a = b->a;
    unsigned base, n, i, e, again = 0;
    uint64_t sr = a->project ? a->project(a->ctx, r) : r;
    ar_bitarray_set(&b->marks, r, 3);
    a->unrank(a->ctx, r, b->astate);
    base = a->base ? a->base(a->ctx, b->astate) : 0;
    if (base > d || (d - base) % a->step)
        return -1;
    /* States close in order of distance, so the first state of a projected
     * entry to close carries the entry's minimum. */
    if (!b->done_bits || !(b->done_bits[sr >> 3] >> (sr & 7) & 1)) {
        e = (d - base) / a->step;
        if (e > b->out->table.mask) {
            e = b->out->table.mask;
            b->out->header.capped++;
        }
        if (e > b->max_entry)
            b->max_entry = e;
        ar_bitarray_set(&b->out->table, sr, e);
        if (b->done_bits)
            b->done_bits[sr >> 3] |= (uint8_t)(1u << (sr & 7));
        b->written++;
    }
    n = a->predecessors(a->ctx, b->astate, b->preds, b->costs);
    /* The marks of the predecessors are scattered over a table of up to
     * gigabytes: ask for all their cache lines before touching any, so the
     * misses overlap instead of queueing. */
    for (i = 0; i < n; i++)
        __builtin_prefetch(&b->marks.data[b->preds[i] >> 2], 1);
    for (i = 0; i < n; i++) {
        uint64_t p = b->preds[i];
        unsigned m = ar_bitarray_get(&b->marks, p);
        if (b->costs[i] == 0) {
            if (m == 0 || m == ncode) {
                if (m == ncode)
                    (*next_count)--;
                ar_bitarray_set(&b->marks, p, fcode);
                if (p / 32 <= w)
                    again = 1;
            }
        } else if (m == 0) {
            ar_bitarray_set(&b->marks, p, ncode);
            (*next_count)++;
        }
    }
    return (int)again;
}

/* The header fields every builder shares: the identity of the abstraction,
 * the layout and the checksum of the entries (the builder sets the counts). */
static void finish_header(const ar_pdb_abstraction *a, ar_pdb *out)
{
    out->header.version = AR_PDB_FORMAT_VERSION;
    out->header.bits = a->bits;
    out->header.step = a->step;
    out->header.count = stored(a);
    out->header.data_offset = HEADER_BYTES;
    out->header.data_bytes = out->table.bytes;
    snprintf(out->header.domain, sizeof out->header.domain, "%s", a->domain);
    snprintf(out->header.size, sizeof out->header.size, "%s", a->size);
    snprintf(out->header.base_name, sizeof out->header.base_name, "%s", a->base_name ? a->base_name : "none");
    snprintf(out->header.pattern, sizeof out->header.pattern, "%s", a->pattern);
    snprintf(out->header.goal, sizeof out->header.goal, "%s", a->goal);
    out->header.checksum = ar_hash_bytes(out->table.data, out->table.bytes);
}

ar_status ar_pdb_build(const ar_pdb_abstraction *a, const ar_pdb_build_options *opts, ar_pdb *out,
                       ar_error *err)
{
    static const ar_pdb_build_options none = {.mem = NULL};
    const ar_pdb_build_options *o = opts ? opts : &none;
    builder *b;
    ar_status st;
    size_t need;
    uint64_t goals[64], words, w, next_count = 0, closed = 0;
    unsigned ng, i, d;
    char nb[32], lb[32];

    memset(out, 0, sizeof *out);
    if ((st = check_abstraction(a, err)) != AR_OK)
        return st;
    ar_pdb_estimate(a, &need, NULL);
    if (o->mem && !ar_mem_fits(o->mem, need))
        return ar_error_set(err, AR_ERR_MEMORY,
                            "pattern database %s %s %s needs %s to build, more than the memory limit "
                            "allows (%s)%s%s",
                            a->domain, a->size, a->pattern, ar_format_bytes(need, nb, sizeof nb),
                            ar_format_bytes(o->mem->limit, lb, sizeof lb),
                            a->smaller ? "; try a smaller pattern: " : "", a->smaller ? a->smaller : "");
    if (a->build) { /* the domain's own builder, after the same checks */
        if ((st = a->build(a, o, out, err)) == AR_OK)
            finish_header(a, out);
        return st;
    }
    b = calloc(1, sizeof *b);
    if (!b)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory starting a pattern database build");
    b->a = a;
    b->o = o;
    b->out = out;
    b->start = ar_now();
    st = ar_bitarray_init(&b->marks, padded(a->count), 2, 0, o->mem, err);
    if (st == AR_OK)
        st = ar_bitarray_init(&out->table, stored(a), a->bits, 0, o->mem, err);
    if (st == AR_OK && a->project) {
        b->done_bytes = (size_t)(stored(a) / 8 + 1);
        b->done_bits = ar_mem_alloc(o->mem, b->done_bytes, 1, "pattern database marks", err);
        if (!b->done_bits)
            st = AR_ERR_MEMORY;
    }
    if (st != AR_OK) {
        ar_bitarray_free(&b->marks);
        ar_bitarray_free(&out->table);
        free(b);
        return st;
    }
    out->mem = o->mem;
    out->accounted = 0; /* the owned table is charged by ar_bitarray_init */

    ng = a->goals(a->ctx, goals, 64);
    for (i = 0; i < ng; i++)
        if (ar_bitarray_get(&b->marks, goals[i]) == 0)
            ar_bitarray_set(&b->marks, goals[i], 1);
    words = padded(a->count) / 32;
    for (d = 0;; d++) {
        unsigned fcode = 1u + (d & 1u), ncode = 2u - (d & 1u);
        uint64_t pattern = (uint64_t)fcode * 0x5555555555555555ull;
        int again;
        next_count = 0;
        do {
            again = 0;
            for (w = 0; w < words; w++) {
                uint64_t word, x, z;
                memcpy(&word, b->marks.data + w * 8, 8);
                x = word ^ pattern;
                z = ~(x | (x >> 1)) & 0x5555555555555555ull; /* fields equal to fcode */
                while (z) {
                    unsigned bit = (unsigned)__builtin_ctzll(z);
                    uint64_t r = w * 32 + bit / 2;
                    int rc;
                    z &= z - 1;
                    if (ar_bitarray_get(&b->marks, r) != fcode)
                        continue; /* closed meanwhile by an earlier pass (cannot happen) */
                    rc = expand(b, r, d, fcode, ncode, w, &next_count);
                    if (rc < 0) {
                        st = ar_error_set(err, AR_ERR_INTERNAL,
                                          "pattern database %s: the base is not admissible or has "
                                          "the wrong parity at rank %" PRIu64 " (distance %u)",
                                          a->pattern, r, d);
                        goto fail;
                    }
                    again |= rc;
                    closed++;
                    if (++b->done >= b->next_check && (st = poll(b, d, err)) != AR_OK)
                        goto fail;
                }
            }
        } while (again);
        if (next_count == 0)
            break;
    }
    out->header.unreached = stored(a) - b->written;
    (void)closed;
    out->header.max_distance = d;
    out->header.max_entry = b->max_entry;
    out->header.build_seconds = ar_now() - b->start;
    finish_header(a, out);
    ar_bitarray_free(&b->marks);
    ar_mem_free(o->mem, b->done_bits, b->done_bytes);
    free(b);
    if (o->progress)
        ar_progress_finish(o->progress);
    return AR_OK;
fail:
    ar_bitarray_free(&b->marks);
    ar_mem_free(o->mem, b->done_bits, b->done_bytes);
    ar_bitarray_free(&out->table);
    free(b);
    memset(out, 0, sizeof *out);
    if (o->progress)
        ar_progress_finish(o->progress);
    return st;
}

/* --- the file format ----------------------------------------------------- */

static void put32(unsigned char *h, unsigned off, uint32_t v) { memcpy(h + off, &v, 4); }
static void put64(unsigned char *h, unsigned off, uint64_t v) { memcpy(h + off, &v, 8); }
static uint32_t get32(const unsigned char *h, unsigned off)
{
    uint32_t v;
    memcpy(&v, h + off, 4);
    return v;
}
static uint64_t get64(const unsigned char *h, unsigned off)
{
    uint64_t v;
    memcpy(&v, h + off, 8);
    return v;
}
static void putstr(unsigned char *h, unsigned off, unsigned len, const char *s)
{
    size_t n = strlen(s);
    memcpy(h + off, s, n < len ? n : len - 1);
}
static int getstr(const unsigned char *h, unsigned off, unsigned len, char *out, size_t size)
{
    const unsigned char *nul = memchr(h + off, 0, len);
    if (!nul || (size_t)(nul - (h + off)) >= size)
        return -1;
    memcpy(out, h + off, (size_t)(nul - (h + off)) + 1);
    return 0;
}

static void encode_header(const ar_pdb_header *hd, unsigned char *h)
{
    double secs = hd->build_seconds;
    uint64_t bits;
    memset(h, 0, HEADER_BYTES);
    memcpy(h + OFF_MAGIC, file_signature, 8);
    put32(h, OFF_VERSION, AR_PDB_FORMAT_VERSION);
    put32(h, OFF_BOM, BOM);
    put32(h, OFF_HBYTES, HEADER_BYTES);
    put32(h, OFF_BITS, hd->bits);
    put32(h, OFF_STEP, hd->step);
    put32(h, OFF_MAXDIST, hd->max_distance);
    put32(h, OFF_MAXENTRY, hd->max_entry);
    put64(h, OFF_COUNT, hd->count);
    put64(h, OFF_DATAOFF, HEADER_BYTES);
    put64(h, OFF_DATABYTES, hd->data_bytes);
    put64(h, OFF_CHECKSUM, hd->checksum);
    put64(h, OFF_CAPPED, hd->capped);
    put64(h, OFF_UNREACHED, hd->unreached);
    memcpy(&bits, &secs, 8);
    put64(h, OFF_SECONDS, bits);
    putstr(h, OFF_DOMAIN, 32, hd->domain);
    putstr(h, OFF_SIZE, 32, hd->size);
    putstr(h, OFF_BASE, 32, hd->base_name);
    putstr(h, OFF_PATTERN, 512, hd->pattern);
    putstr(h, OFF_GOAL, 1024, hd->goal);
    put64(h, OFF_HSUM, ar_hash_bytes(h, HEADER_BYTES));
}

static ar_status decode_header(const unsigned char *h, size_t avail, ar_pdb_header *hd,
                               const char *path, ar_error *err)
{
    unsigned char copy[HEADER_BYTES];
    uint64_t bits;
    memset(hd, 0, sizeof *hd);
    if (avail < sizeof file_signature || memcmp(h, file_signature, sizeof file_signature) != 0)
        return ar_error_set(err, AR_ERR_INPUT, "%s: not an ariadne pattern database (bad signature)", path);
    if (avail < HEADER_BYTES)
        return ar_error_set(err, AR_ERR_INPUT,
                            "%s: truncated: %zu bytes, shorter than the %u-byte header", path, avail,
                            (unsigned)HEADER_BYTES);
    if (get32(h, OFF_BOM) != BOM)
        return ar_error_set(err, AR_ERR_INPUT,
                            "%s: written on a machine of the other byte order; rebuild it here", path);
    hd->version = get32(h, OFF_VERSION);
    if (hd->version != AR_PDB_FORMAT_VERSION)
        return ar_error_set(err, AR_ERR_INPUT, "%s: format version %u, this program reads version %u",
                            path, hd->version, AR_PDB_FORMAT_VERSION);
    memcpy(copy, h, HEADER_BYTES);
    put64(copy, OFF_HSUM, 0);
    if (get32(h, OFF_HBYTES) != HEADER_BYTES || get64(h, OFF_HSUM) != ar_hash_bytes(copy, HEADER_BYTES))
        return ar_error_set(err, AR_ERR_INPUT, "%s: the header is damaged (checksum mismatch)", path);
    hd->bits = get32(h, OFF_BITS);
    hd->step = get32(h, OFF_STEP);
    hd->max_distance = get32(h, OFF_MAXDIST);
    hd->max_entry = get32(h, OFF_MAXENTRY);
    hd->count = get64(h, OFF_COUNT);
    hd->data_offset = get64(h, OFF_DATAOFF);
    hd->data_bytes = get64(h, OFF_DATABYTES);
    hd->checksum = get64(h, OFF_CHECKSUM);
    hd->capped = get64(h, OFF_CAPPED);
    hd->unreached = get64(h, OFF_UNREACHED);
    bits = get64(h, OFF_SECONDS);
    memcpy(&hd->build_seconds, &bits, 8);
    if (getstr(h, OFF_DOMAIN, 32, hd->domain, sizeof hd->domain) ||
        getstr(h, OFF_SIZE, 32, hd->size, sizeof hd->size) ||
        getstr(h, OFF_BASE, 32, hd->base_name, sizeof hd->base_name) ||
        getstr(h, OFF_PATTERN, 512, hd->pattern, sizeof hd->pattern) ||
        getstr(h, OFF_GOAL, 1024, hd->goal, sizeof hd->goal))
        return ar_error_set(err, AR_ERR_INPUT, "%s: a text field of the header is not terminated", path);
    if ((hd->bits != 4 && hd->bits != 8) || (hd->step != 1 && hd->step != 2) ||
        hd->data_offset != HEADER_BYTES || hd->count == 0 || hd->count > AR_BITARRAY_MAX_COUNT ||
        hd->data_bytes != ar_bitarray_bytes_for(hd->count, hd->bits))
        return ar_error_set(err, AR_ERR_INPUT, "%s: inconsistent header (entry width, count or sizes)",
                            path);
    return AR_OK;
}

static ar_status write_all(int fd, const void *buf, size_t len, const char *path, ar_error *err)
{
    const unsigned char *p = buf;
    while (len) {
        size_t chunk = len > ((size_t)1 << 30) ? (size_t)1 << 30 : len;
        ssize_t n = write(fd, p, chunk);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return ar_error_set(err, AR_ERR_IO, "writing %s: %s", path, strerror(errno));
        p += n;
        len -= (size_t)n;
    }
    return AR_OK;
}

ar_status ar_pdb_save(const ar_pdb *pdb, const char *path, ar_error *err)
{
    unsigned char *h = calloc(1, HEADER_BYTES);
    char tmp[4200];
    int fd;
    ar_status st;
    if (!h)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory saving a pattern database");
    encode_header(&pdb->header, h);
    snprintf(tmp, sizeof tmp, "%s.tmp%ld", path, (long)getpid());
    fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) {
        free(h);
        return ar_error_set(err, AR_ERR_IO, "cannot create %s: %s", tmp, strerror(errno));
    }
    st = write_all(fd, h, HEADER_BYTES, tmp, err);
    if (st == AR_OK)
        st = write_all(fd, pdb->table.data, pdb->table.bytes, tmp, err);
    if (close(fd) != 0 && st == AR_OK)
        st = ar_error_set(err, AR_ERR_IO, "closing %s: %s", tmp, strerror(errno));
    if (st == AR_OK && rename(tmp, path) != 0)
        st = ar_error_set(err, AR_ERR_IO, "cannot rename %s to %s: %s", tmp, path, strerror(errno));
    if (st != AR_OK)
        unlink(tmp);
    free(h);
    return st;
}

ar_status ar_pdb_read_header(const char *path, ar_pdb_header *out, ar_error *err)
{
    unsigned char *h = malloc(HEADER_BYTES);
    int fd;
    ssize_t n;
    ar_status st;
    struct stat sb;
    if (!h)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory reading a pattern database header");
    fd = open(path, O_RDONLY);
    if (fd < 0) {
        free(h);
        return ar_error_set(err, AR_ERR_IO, "cannot open %s: %s", path, strerror(errno));
    }
    if (fstat(fd, &sb) == 0 && S_ISDIR(sb.st_mode)) {
        close(fd);
        free(h);
        return ar_error_set(err, AR_ERR_INPUT, "%s: is a directory, not a pattern database file", path);
    }
    n = read(fd, h, HEADER_BYTES);
    st = decode_header(h, n < 0 ? 0 : (size_t)n, out, path, err);
    if (st == AR_OK && (fstat(fd, &sb) != 0 ||
                        (uint64_t)sb.st_size != out->data_offset + out->data_bytes))
        st = ar_error_set(err, AR_ERR_INPUT, "%s: the file is %s than its header says (truncated or "
                                             "damaged)", path,
                          (uint64_t)sb.st_size < out->data_offset + out->data_bytes ? "shorter" : "longer");
    close(fd);
    free(h);
    return st;
}

/* Mapped files, shared by every load in the process: a batch of solves, or
 * copies of an instance, map a database once and reuse the mapping (and its
 * page tables). A file is known by device, inode, size and modification
 * time, so a rebuilt file is mapped anew. A mapping nobody uses stays until
 * its slot is needed. */
#define MAP_SLOTS 32
static struct mapped {
    dev_t dev;
    ino_t ino;
    off_t size;
    struct timespec mtime;
    void *map;
    unsigned refs;
} maps[MAP_SLOTS];
static pthread_mutex_t maps_lock = PTHREAD_MUTEX_INITIALIZER;

static void *map_shared(int fd, const struct stat *sb)
{
    void *map = NULL;
    int i, spare = -1;
    pthread_mutex_lock(&maps_lock);
    for (i = 0; i < MAP_SLOTS; i++) {
        struct mapped *m = &maps[i];
        if (m->map && m->dev == sb->st_dev && m->ino == sb->st_ino && m->size == sb->st_size &&
            m->mtime.tv_sec == sb->st_mtim.tv_sec && m->mtime.tv_nsec == sb->st_mtim.tv_nsec) {
            m->refs++;
            map = m->map;
            break;
        }
        if (spare < 0 && (!m->map || m->refs == 0))
            spare = i;
    }
    if (!map) {
        map = mmap(NULL, (size_t)sb->st_size, PROT_READ, MAP_PRIVATE, fd, 0);
        if (map != MAP_FAILED && spare >= 0) {
            struct mapped *m = &maps[spare];
            if (m->map)
                munmap(m->map, (size_t)m->size);
            m->dev = sb->st_dev;
            m->ino = sb->st_ino;
            m->size = sb->st_size;
            m->mtime = sb->st_mtim;
            m->map = map;
            m->refs = 1;
        }
    }
    pthread_mutex_unlock(&maps_lock);
    return map;
}

/* Releases a mapping: a shared one stays for the next load. */
static void unmap_shared(void *map, size_t size)
{
    int i;
    pthread_mutex_lock(&maps_lock);
    for (i = 0; i < MAP_SLOTS; i++)
        if (maps[i].map == map && maps[i].refs > 0) {
            maps[i].refs--;
            pthread_mutex_unlock(&maps_lock);
            return;
        }
    pthread_mutex_unlock(&maps_lock);
    munmap(map, size);
}

ar_status ar_pdb_load(const char *path, int check_sum, ar_mem *mem, ar_pdb *out, ar_error *err)
{
    int fd;
    struct stat sb;
    void *map;
    ar_status st;
    char nb[32];
    memset(out, 0, sizeof *out);
    if ((st = ar_pdb_read_header(path, &out->header, err)) != AR_OK)
        return st;
    if (mem && !ar_mem_fits(mem, (size_t)out->header.data_bytes))
        return ar_error_set(err, AR_ERR_MEMORY, "pattern database %s needs %s, more than the memory "
                                                "limit leaves", path,
                            ar_format_bytes((size_t)out->header.data_bytes, nb, sizeof nb));
    fd = open(path, O_RDONLY);
    if (fd < 0)
        return ar_error_set(err, AR_ERR_IO, "cannot open %s: %s", path, strerror(errno));
    if (fstat(fd, &sb) != 0) {
        close(fd);
        return ar_error_set(err, AR_ERR_IO, "cannot stat %s: %s", path, strerror(errno));
    }
    map = map_shared(fd, &sb);
    close(fd);
    if (map == MAP_FAILED)
        return ar_error_set(err, AR_ERR_IO, "cannot map %s: %s", path, strerror(errno));
    out->map = map;
    out->map_size = (size_t)sb.st_size;
    ar_bitarray_view(&out->table, (unsigned char *)map + out->header.data_offset, out->header.count,
                     out->header.bits, NULL);
    if (check_sum == AR_PDB_CHECK_SMALL)
        check_sum = out->table.bytes <= AR_PDB_CHECK_SMALL_BYTES;
    if (check_sum && ar_hash_bytes(out->table.data, out->table.bytes) != out->header.checksum) {
        ar_pdb_free(out);
        return ar_error_set(err, AR_ERR_INPUT, "%s: the entries are damaged (checksum mismatch); "
                                               "rebuild it with `ariadne pdb build`", path);
    }
    if (mem) {
        mem->used += out->table.bytes; /* a mapped table is memory the search holds */
        if (mem->used > mem->peak)
            mem->peak = mem->used;
        out->mem = mem;
        out->accounted = out->table.bytes;
    }
    return AR_OK;
}

void ar_pdb_free(ar_pdb *pdb)
{
    if (pdb->map) {
        unmap_shared(pdb->map, pdb->map_size);
        if (pdb->mem && pdb->accounted)
            pdb->mem->used -= pdb->accounted < pdb->mem->used ? pdb->accounted : pdb->mem->used;
    } else {
        ar_bitarray_free(&pdb->table);
    }
    memset(pdb, 0, sizeof *pdb);
}

ar_status ar_pdb_matches(const ar_pdb_header *h, const ar_pdb_abstraction *a, ar_error *err)
{
    const char *what = NULL;
    if (strcmp(h->domain, a->domain) != 0)
        what = "domain";
    else if (strcmp(h->size, a->size) != 0)
        what = "puzzle size";
    else if (strcmp(h->pattern, a->pattern) != 0)
        what = "pattern";
    else if (strcmp(h->goal, a->goal) != 0)
        what = "goal";
    else if (strcmp(h->base_name, a->base_name ? a->base_name : "none") != 0)
        what = "base heuristic";
    else if (h->bits != a->bits || h->step != a->step)
        what = "entry encoding";
    else if (h->count != stored(a))
        what = "number of entries";
    if (what)
        return ar_error_set(err, AR_ERR_INPUT, "the database was built for another %s", what);
    return AR_OK;
}

unsigned ar_pdb_value(const ar_pdb *pdb, const ar_pdb_abstraction *a, const void *astate)
{
    unsigned base = a->base ? a->base(a->ctx, astate) : 0;
    uint64_t r = a->rank(a->ctx, astate);
    return base + pdb->header.step * ar_pdb_entry(pdb, a->project ? a->project(a->ctx, r) : r);
}

ar_status ar_pdb_check(const ar_pdb *pdb, const ar_pdb_abstraction *a, uint64_t samples,
                       uint64_t seed, ar_error *err)
{
    unsigned char *s = malloc(AR_PDB_MAX_STATE), *t = malloc(AR_PDB_MAX_STATE);
    uint64_t goals[64], preds[AR_PDB_MAX_PREDS], k, all = samples >= a->count;
    unsigned char costs[AR_PDB_MAX_PREDS];
    unsigned ng, i, n, cap = pdb->table.mask, closer;
    ar_rng rng;
    ar_status st = AR_OK;
    if (!s || !t) {
        free(s);
        free(t);
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory checking a pattern database");
    }
    ng = a->goals(a->ctx, goals, 64);
    for (i = 0; i < ng && st == AR_OK; i++) {
        a->unrank(a->ctx, goals[i], s);
        if (ar_pdb_value(pdb, a, s) != 0)
            st = ar_error_set(err, AR_ERR_INPUT, "goal rank %" PRIu64 " has value %u, not 0", goals[i],
                              ar_pdb_value(pdb, a, s));
    }
    ar_rng_seed(&rng, seed);
    for (k = 0; k < (all ? a->count : samples) && st == AR_OK; k++) {
        uint64_t r = all ? k : ar_rng_below(&rng, a->count);
        unsigned v, e = ar_pdb_entry(pdb, a->project ? a->project(a->ctx, r) : r);
        a->unrank(a->ctx, r, s);
        if (a->rank(a->ctx, s) != r) {
            st = ar_error_set(err, AR_ERR_INTERNAL, "rank(unrank(%" PRIu64 ")) differs", r);
            break;
        }
        if (e == cap || a->project)
            continue;
        v = ar_pdb_value(pdb, a, s);
        if (a->exact && v == 0) {
            for (i = 0; i < ng && goals[i] != r; i++)
                ;
            if (i == ng) {
                st = ar_error_set(err, AR_ERR_INPUT, "rank %" PRIu64 " has value 0 but is not a goal", r);
                break;
            }
        }
        closer = 0;
        n = a->predecessors(a->ctx, s, preds, costs);
        for (i = 0; i < n; i++) {
            unsigned pe = ar_pdb_entry(pdb, preds[i]), pv;
            if (pe == cap)
                continue;
            a->unrank(a->ctx, preds[i], t);
            pv = ar_pdb_value(pdb, a, t);
            if (pv > v + costs[i]) {
                st = ar_error_set(err, AR_ERR_INPUT,
                                  "inconsistent entries: rank %" PRIu64 " has %u but its predecessor "
                                  "%" PRIu64 " has %u (more than one move further)",
                                  r, v, preds[i], pv);
                break;
            }
            if (a->exact && v > pv + costs[i]) {
                st = ar_error_set(err, AR_ERR_INPUT,
                                  "inconsistent entries: rank %" PRIu64 " has %u but its neighbour "
                                  "%" PRIu64 " has %u (more than one move closer)",
                                  r, v, preds[i], pv);
                break;
            }
            closer |= pv + costs[i] == v;
        }
        if (st == AR_OK && a->exact && v > 0 && !closer)
            st = ar_error_set(err, AR_ERR_INPUT,
                              "rank %" PRIu64 " has %u but no neighbour is a move closer (not a distance)",
                              r, v);
    }
    free(s);
    free(t);
    return st;
}
