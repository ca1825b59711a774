/* checkers_db.c — the endgame databases as data: material classes, the
 * dense index of a position in its class, probing, and the files.
 *
 * File format (one file per piece count N, "checkers-N.ckdb"; all numbers
 * little-endian):
 *
 *     offset  size  field
 *          0     8  magic "ARCKDB01"
 *          8     4  format version (1)
 *         12     4  N, the number of pieces
 *         16     4  M, the number of classes (materials with N pieces, both sides present)
 *         20     4  where the entries start: 32 + 48 M
 *         24     8  the number of entries (positions) in all
 *         32  48 M  per class: men and kings of Black, of White (1 byte each),
 *                   the longest distance (4), where its entries start
 *                   relative to the first entry (8), its entries (8), and the
 *                   positions won, lost and drawn for the side to move (8 each)
 *          ..    ..  the entries, one byte each, class after class (checkers_db.h)
 *       last     8  checksum of every byte before it: h = 14695981039346656037;
 *                   for each 8-byte little-endian word w, h = (h xor w) x
 *                   1099511628211 (mod 2^64); then likewise for each byte left
 *
 * A file is checked when opened (magic, version, N, every class's size
 * against the index's, the checksum) and mapped read-only, so processes
 * share it. */
#include "checkers_db.h"
#include "ariadne/pdb.h" /* ar_pdb_dir: the one cache directory */

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static uint64_t binom[33][33];
static pthread_once_t binom_once = PTHREAD_ONCE_INIT;

static void build_binom(void)
{
    int n, k;
    for (n = 0; n <= 32; n++) {
        binom[n][0] = 1;
        for (k = 1; k <= n; k++)
            binom[n][k] = binom[n - 1][k - 1] + (k <= n - 1 ? binom[n - 1][k] : 0);
    }
}

uint64_t ar_checkers_binomial(int n, int k)
{
    pthread_once(&binom_once, build_binom);
    return n < 0 || k < 0 || k > n || n > 32 ? 0 : binom[n][k];
}

#define WHITE_MEN_SQUARES 0xFFFFFFF0u /* squares 5-32 */
#define BLACK_MEN_SQUARES 0x0FFFFFFFu /* squares 1-28 */
#define BOTH_MEN_SQUARES 0x0FFFFFF0u  /* 5-28, where both may stand */

/* The next mask with the same number of bits (Gosper): colex order. */
static uint32_t next_combination(uint32_t x)
{
    uint32_t c = x & -x, r = x + c;
    return (((r ^ x) >> 2) / c) | r;
}

ck_class *ar_checkers_class_new(int bm, int bk, int wm, int wk)
{
    ck_class *c = ar_xcalloc(1, sizeof *c);
    uint64_t nb = ar_checkers_binomial(28, bm), r, total = 0;
    int free_sq = 32 - bm - wm;
    uint32_t x = bm ? (1u << bm) - 1 : 0;
    c->bm = (uint8_t)bm;
    c->bk = (uint8_t)bk;
    c->wm = (uint8_t)wm;
    c->wk = (uint8_t)wk;
    c->kb = (uint32_t)ar_checkers_binomial(free_sq, bk);
    c->kw = (uint32_t)ar_checkers_binomial(free_sq - bk, wk);
    c->offset = ar_xmalloc(sizeof(uint32_t) * (size_t)(nb + 1));
    for (r = 0; r < nb; r++) {
        int k = __builtin_popcount(x & BOTH_MEN_SQUARES);
        c->offset[r] = (uint32_t)total;
        total += ar_checkers_binomial(28 - k, wm) * c->kb * c->kw;
        if (bm)
            x = next_combination(x);
    }
    c->offset[nb] = (uint32_t)total;
    c->size = total;
    return c;
}

void ar_checkers_class_free(ck_class *c, int free_values)
{
    if (!c)
        return;
    if (free_values)
        free(c->values);
    free(c->offset);
    free(c);
}

/* Colex rank of the squares of mask, each first mapped through pos(). */
uint64_t ar_checkers_index(const ck_class *c, uint32_t bm, uint32_t bk, uint32_t wm, uint32_t wk)
{
    uint64_t rb = 0, rw = 0, rbk = 0, rwk = 0;
    uint32_t men = bm | wm, occ = men | bk, m;
    int i;
    for (i = 1, m = bm; m; i++, m &= m - 1)
        rb += binom[__builtin_ctz(m)][i];
    for (i = 1, m = wm; m; i++, m &= m - 1) {
        int s = __builtin_ctz(m);
        rw += binom[s - 4 - __builtin_popcount(bm & BOTH_MEN_SQUARES & ((1u << s) - 1))][i];
    }
    for (i = 1, m = bk; m; i++, m &= m - 1) {
        int s = __builtin_ctz(m);
        rbk += binom[s - __builtin_popcount(men & ((1u << s) - 1))][i];
    }
    for (i = 1, m = wk; m; i++, m &= m - 1) {
        int s = __builtin_ctz(m);
        rwk += binom[s - __builtin_popcount(occ & ((1u << s) - 1))][i];
    }
    return c->offset[rb] + (rw * c->kb + rbk) * c->kw + rwk;
}

/* The k squares of colex rank r among n places: their places (0..n-1). */
static uint32_t unrank(uint64_t r, int k, int n)
{
    uint32_t out = 0;
    int i, p = n - 1;
    for (i = k; i >= 1; i--) {
        while (p >= 0 && binom[p][i] > r)
            p--;
        r -= binom[p][i];
        out |= 1u << p;
        p--;
    }
    return out;
}

/* Places (bits of `places`) mapped onto the set bits of `avail`, lowest first. */
static uint32_t deposit(uint32_t places, uint32_t avail)
{
    uint32_t out = 0;
    int i = 0;
    while (avail) {
        uint32_t low = avail & -avail;
        if (places & (1u << i))
            out |= low;
        avail &= avail - 1;
        i++;
    }
    return out;
}

void ar_checkers_unindex(const ck_class *c, uint64_t index, uint32_t *bm, uint32_t *bk, uint32_t *wm,
                         uint32_t *wk)
{
    uint64_t nb = ar_checkers_binomial(28, c->bm), lo = 0, hi = nb, rem;
    uint64_t rw, rbk, rwk;
    uint32_t men;
    int k;
    while (hi - lo > 1) { /* the last black-men rank whose first index <= index */
        uint64_t mid = (lo + hi) / 2;
        if (c->offset[mid] <= index)
            lo = mid;
        else
            hi = mid;
    }
    rem = index - c->offset[lo];
    rwk = rem % c->kw;
    rem /= c->kw;
    rbk = rem % c->kb;
    rw = rem / c->kb;
    *bm = unrank(lo, c->bm, 28);
    k = __builtin_popcount(*bm & BOTH_MEN_SQUARES);
    *wm = deposit(unrank(rw, c->wm, 28 - k), WHITE_MEN_SQUARES & ~*bm);
    men = *bm | *wm;
    *bk = deposit(unrank(rbk, c->bk, 32 - c->bm - c->wm), ~men);
    *wk = deposit(unrank(rwk, c->wk, 32 - c->bm - c->wm - c->bk), ~(men | *bk));
}

static uint32_t reverse32(uint32_t x)
{
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    x = ((x >> 4) & 0x0F0F0F0Fu) | ((x & 0x0F0F0F0Fu) << 4);
    x = ((x >> 8) & 0x00FF00FFu) | ((x & 0x00FF00FFu) << 8);
    return (x >> 16) | (x << 16);
}

void ar_checkers_db_masks(const ck_board *b, uint32_t *bm, uint32_t *bk, uint32_t *wm, uint32_t *wk)
{
    uint32_t black = ck_pack(b->pieces[CK_BLACK]), white = ck_pack(b->pieces[CK_WHITE]), kings = ck_pack(b->kings);
    if (b->stm == CK_BLACK) {
        *bm = black & ~kings;
        *bk = black & kings;
        *wm = white & ~kings;
        *wk = white & kings;
    } else { /* turned half a turn, colours swapped */
        *bm = reverse32(white & ~kings);
        *bk = reverse32(white & kings);
        *wm = reverse32(black & ~kings);
        *wk = reverse32(black & kings);
    }
}

void ar_checkers_db_board(uint32_t bm, uint32_t bk, uint32_t wm, uint32_t wk, ck_board *out)
{
    memset(out, 0, sizeof *out);
    out->pieces[CK_BLACK] = ck_unpack(bm | bk);
    out->pieces[CK_WHITE] = ck_unpack(wm | wk);
    out->kings = ck_unpack(bk | wk);
    out->stm = CK_BLACK;
}

int ar_checkers_db_entry(const ck_db *db, const ck_board *b)
{
    uint32_t bm, bk, wm, wk;
    const ck_class *c;
    ar_checkers_db_masks(b, &bm, &bk, &wm, &wk);
    if (!(bm | bk) || !(wm | wk))
        return -1;
    c = ck_db_class(db, bm, bk, wm, wk);
    if (!c || !c->values)
        return -1;
    return c->values[ar_checkers_index(c, bm, bk, wm, wk)];
}

int ar_checkers_db_probe(const ck_db *db, const ck_board *b, int *result, int *plies)
{
    int v;
    if (!db)
        return 0;
    v = ar_checkers_db_entry(db, b);
    if (v < 0)
        return 0;
    *result = ck_db_result((unsigned)v);
    *plies = v ? v - 1 : 0;
    return 1;
}

int ar_checkers_db_pieces(const ck_db *db) { return db ? db->pieces : 0; }

ck_db *ar_checkers_db_new(int pieces)
{
    ck_db *db = ar_xcalloc(1, sizeof *db);
    pthread_once(&binom_once, build_binom);
    db->pieces = pieces;
    return db;
}

unsigned ar_checkers_db_classes(int n, int (*out)[4], unsigned max)
{
    unsigned count = 0;
    int black, bm, wm;
    for (black = 1; black < n; black++)
        for (bm = black; bm >= 0; bm--)
            for (wm = n - black; wm >= 0; wm--) {
                if (count < max) {
                    out[count][0] = bm;
                    out[count][1] = black - bm;
                    out[count][2] = wm;
                    out[count][3] = n - black - wm;
                }
                count++;
            }
    return count;
}

void ar_checkers_db_close(ck_db *db)
{
    int a, b, c, d, n;
    if (!db)
        return;
    for (a = 0; a <= CK_DB_MAX_PIECES; a++)
        for (b = 0; b <= CK_DB_MAX_PIECES; b++)
            for (c = 0; c <= CK_DB_MAX_PIECES; c++)
                for (d = 0; d <= CK_DB_MAX_PIECES; d++)
                    if (db->cls[a][b][c][d])
                        ar_checkers_class_free(db->cls[a][b][c][d], !db->map[a + b + c + d]);
    for (n = 0; n <= CK_DB_MAX_PIECES; n++)
        if (db->map[n])
            munmap(db->map[n], db->map_len[n]);
    free(db);
}

/* ---------------------------------------------------------------- files */

static uint64_t checksum(const unsigned char *p, size_t len)
{
    uint64_t h = 14695981039346656037ULL;
    size_t i = 0;
    for (; i + 8 <= len; i += 8) {
        uint64_t w = 0;
        int k;
        for (k = 7; k >= 0; k--)
            w = (w << 8) | p[i + (size_t)k];
        h = (h ^ w) * 1099511628211ULL;
    }
    for (; i < len; i++)
        h = (h ^ p[i]) * 1099511628211ULL;
    return h;
}

static void put_le(unsigned char *p, uint64_t v, int bytes)
{
    int i;
    for (i = 0; i < bytes; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

static uint64_t get_le(const unsigned char *p, int bytes)
{
    uint64_t v = 0;
    int i;
    for (i = bytes - 1; i >= 0; i--)
        v = (v << 8) | p[i];
    return v;
}

void ar_checkers_db_path(const char *dir, int n, char *buf, size_t size)
{
    char d[4096];
    snprintf(buf, size, "%s/checkers-%d.ckdb", ar_pdb_dir(dir, d, sizeof d), n);
}

ar_status ar_checkers_db_write(const ck_db *db, int n, const char *path, ar_error *err)
{
    int list[64][4];
    unsigned m = ar_checkers_db_classes(n, list, 64), i;
    size_t head = 32 + 48 * (size_t)m, pos, total = 0, data = 0;
    unsigned char *buf;
    char tmp[4200];
    FILE *f;
    for (i = 0; i < m; i++)
        total += ar_xsize(db->cls[list[i][0]][list[i][1]][list[i][2]][list[i][3]]->size);
    buf = malloc(head + total + 8);
    if (!buf)
        return ar_error_set(err, AR_ERR_MEMORY, "%s: no memory for %llu bytes", path,
                            (unsigned long long)(head + total + 8));
    memset(buf, 0, head);
    memcpy(buf, CK_DB_MAGIC, 8);
    put_le(buf + 8, 1, 4);
    put_le(buf + 12, (uint64_t)n, 4);
    put_le(buf + 16, m, 4);
    put_le(buf + 20, head, 4);
    put_le(buf + 24, total, 8);
    for (i = 0; i < m; i++) {
        const ck_class *c = db->cls[list[i][0]][list[i][1]][list[i][2]][list[i][3]];
        unsigned char *r = buf + 32 + 48 * i;
        r[0] = c->bm;
        r[1] = c->bk;
        r[2] = c->wm;
        r[3] = c->wk;
        put_le(r + 4, c->longest, 4);
        put_le(r + 8, data, 8);
        put_le(r + 16, c->size, 8);
        put_le(r + 24, c->wins, 8);
        put_le(r + 32, c->losses, 8);
        put_le(r + 40, c->draws, 8);
        memcpy(buf + head + data, c->values, (size_t)c->size);
        data += (size_t)c->size;
    }
    pos = head + total;
    put_le(buf + pos, checksum(buf, pos), 8);
    snprintf(tmp, sizeof tmp, "%s.part", path);
    f = fopen(tmp, "wb");
    if (!f || fwrite(buf, 1, pos + 8, f) != pos + 8 || fclose(f) != 0) {
        int e = errno;
        free(buf);
        if (f)
            remove(tmp);
        return ar_error_set(err, AR_ERR_IO, "cannot write %s: %s", tmp, strerror(e));
    }
    free(buf);
    if (rename(tmp, path) != 0)
        return ar_error_set(err, AR_ERR_IO, "cannot rename %s to %s: %s", tmp, path, strerror(errno));
    return AR_OK;
}

/* Maps the file of n pieces and checks it; on success the classes point
 * into the mapping. */
static ar_status map_file(ck_db *db, const char *path, int n, int check_sum, ar_error *err)
{
    int list[64][4], fd;
    unsigned m = ar_checkers_db_classes(n, list, 64), i;
    struct stat st;
    unsigned char *p;
    size_t head = 32 + 48 * (size_t)m;
    uint64_t total = 0;
    fd = open(path, O_RDONLY);
    if (fd < 0)
        return ar_error_set(err, AR_ERR_INPUT, "%s: %s (build it: ariadne checkers-db build --pieces %d)", path,
                            strerror(errno), db->pieces);
    if (fstat(fd, &st) != 0 || (size_t)st.st_size < head + 8) {
        close(fd);
        return ar_error_set(err, AR_ERR_INPUT, "%s: too short to be a database (rebuild it)", path);
    }
    p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_SHARED, fd, 0);
    close(fd);
    if (p == MAP_FAILED)
        return ar_error_set(err, AR_ERR_IO, "%s: cannot map: %s", path, strerror(errno));
    db->map[n] = p;
    db->map_len[n] = (size_t)st.st_size;
    if (memcmp(p, CK_DB_MAGIC, 8) != 0 || get_le(p + 8, 4) != 1 || get_le(p + 12, 4) != (uint64_t)n ||
        get_le(p + 16, 4) != m || get_le(p + 20, 4) != head)
        return ar_error_set(err, AR_ERR_INPUT, "%s: not a %d-piece database of this format (rebuild it)", path, n);
    total = get_le(p + 24, 8);
    if ((uint64_t)st.st_size != head + total + 8)
        return ar_error_set(err, AR_ERR_INPUT, "%s: %lld bytes where %llu were expected (rebuild it)", path,
                            (long long)st.st_size, (unsigned long long)(head + total + 8));
    if (check_sum && checksum(p, (size_t)(head + total)) != get_le(p + head + total, 8))
        return ar_error_set(err, AR_ERR_INPUT, "%s: checksum mismatch: the file is damaged (rebuild it)", path);
    for (i = 0; i < m; i++) {
        const unsigned char *r = p + 32 + 48 * i;
        ck_class *c;
        if (r[0] != list[i][0] || r[1] != list[i][1] || r[2] != list[i][2] || r[3] != list[i][3])
            return ar_error_set(err, AR_ERR_INPUT, "%s: class %u is not the expected material", path, i + 1);
        c = ar_checkers_class_new(r[0], r[1], r[2], r[3]);
        db->cls[r[0]][r[1]][r[2]][r[3]] = c;
        if (c->size != get_le(r + 16, 8) || get_le(r + 8, 8) + c->size > total)
            return ar_error_set(err, AR_ERR_INPUT, "%s: class %u has a wrong size", path, i + 1);
        c->values = p + head + get_le(r + 8, 8);
        c->longest = (unsigned)get_le(r + 4, 4);
        c->wins = get_le(r + 24, 8);
        c->losses = get_le(r + 32, 8);
        c->draws = get_le(r + 40, 8);
    }
    return AR_OK;
}

ar_status ar_checkers_db_open(const char *dir, int pieces, ck_db **out, ar_error *err)
{
    ck_db *db;
    int n;
    if (pieces < 2 || pieces > CK_DB_MAX_PIECES)
        return ar_error_set(err, AR_ERR_INPUT, "databases of 2..%d pieces, not %d", CK_DB_MAX_PIECES, pieces);
    db = ar_checkers_db_new(pieces);
    for (n = 2; n <= pieces; n++) {
        char path[4300];
        ar_checkers_db_path(dir, n, path, sizeof path);
        if (map_file(db, path, n, 1, err) != AR_OK) {
            ar_checkers_db_close(db);
            return AR_ERR_INPUT;
        }
    }
    *out = db;
    return AR_OK;
}

ar_status ar_checkers_db_check_file(const char *path, int n, uint64_t *entries, ar_error *err)
{
    ck_db *db = ar_checkers_db_new(n);
    ar_status st = map_file(db, path, n, 1, err);
    if (st == AR_OK && entries)
        *entries = get_le((const unsigned char *)db->map[n] + 24, 8);
    ar_checkers_db_close(db);
    return st;
}

ar_status ar_checkers_db_open_auto(const char *dir, int most, ck_db **out, ar_error *err)
{
    int n = 1;
    char d[4096];
    *out = NULL;
    if (!strcmp(ar_pdb_dir(dir, d, sizeof d), "off"))
        return AR_OK; /* the cache is turned off: play without */
    while (n < most && n < 5) {
        char path[4300];
        struct stat st;
        ar_checkers_db_path(dir, n + 1, path, sizeof path);
        if (stat(path, &st) != 0)
            break;
        n++;
    }
    if (n < 2)
        return AR_OK; /* none built: play without */
    return ar_checkers_db_open(dir, n, out, err);
}
