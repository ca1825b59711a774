/* magic_xor.c — the lecture notes' XOR construction of 4x4 magic squares.
 *
 * With the entries written 0..15 (so that they are closed under XOR, magic
 * sum 30), the notes start from three tables — the numbers in order by rows,
 * and two tables that pair the bits differently — permute their rows and
 * columns freely (3 x 24 x 24 = 1,728 tables), and apply the "Quaquaversal
 * Quadrimagifier": six swaps of cells, [1,2]<->[3,4], [1,3]<->[4,2],
 * [1,4]<->[2,3], [2,1]<->[4,3], [2,4]<->[3,1], [3,2]<->[4,1]. The notes say
 * this gives 432 essentially different squares, all perfect (the square
 * stays magic when any number 0..15 is XORed into every entry). This file
 * builds every table, checks each result, counts the distinct squares and
 * their classes under rotation and reflection, and tests perfection, so the
 * `magic-xor` verb can state what the construction really gives. */
#include "magic_internal.h"

#include <stdlib.h>
#include <string.h>

static const unsigned char starts[3][16] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
    {0, 1, 4, 5, 2, 3, 6, 7, 8, 9, 12, 13, 10, 11, 14, 15},
    {0, 2, 4, 6, 1, 3, 5, 7, 8, 10, 12, 14, 9, 11, 13, 15}};

/* The six swaps, as 0-based cell pairs (row * 4 + column). */
static const unsigned char swaps[6][2] = {{1, 11}, {2, 13}, {3, 6}, {4, 14}, {7, 8}, {9, 12}};

static void permutation(unsigned k, unsigned char *p)
{
    unsigned char pool[4] = {0, 1, 2, 3};
    unsigned i, left = 4;
    for (i = 0; i < 4; i++) {
        unsigned j = k % left, m;
        k /= left;
        p[i] = pool[j];
        for (m = j; m + 1 < left; m++)
            pool[m] = pool[m + 1];
        left--;
    }
}

static int magic0(const unsigned char *g) /* entries 0..15: lines sum to 30 */
{
    unsigned char one[16];
    unsigned k;
    for (k = 0; k < 16; k++)
        one[k] = (unsigned char)(g[k] + 1);
    return ar_magic_is_magic(one, 4);
}

static int perfect(const unsigned char *g)
{
    unsigned char x[16];
    unsigned k, m;
    for (k = 0; k < 16; k++) {
        for (m = 0; m < 16; m++)
            x[m] = (unsigned char)(g[m] ^ k);
        if (!magic0(x))
            return 0;
    }
    return 1;
}

static uint64_t key(const unsigned char *g)
{
    uint64_t k = 0;
    unsigned m;
    for (m = 0; m < 16; m++)
        k = k << 4 | g[m];
    return k;
}

static int cmp_key(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

void ar_magic_xor(ar_magic_xor_result *r, ar_magic_visit visit, void *ctx)
{
    uint64_t keys[3 * 24 * 24], canon[3 * 24 * 24];
    unsigned s, rp, cp, k, nkeys = 0, ncanon = 0;
    memset(r, 0, sizeof *r);
    for (s = 0; s < 3; s++)
        for (rp = 0; rp < 24; rp++)
            for (cp = 0; cp < 24; cp++) {
                unsigned char pr[4], pc[4], g[16], t;
                unsigned i, j;
                permutation(rp, pr);
                permutation(cp, pc);
                for (i = 0; i < 4; i++)
                    for (j = 0; j < 4; j++)
                        g[i * 4 + j] = starts[s][pr[i] * 4 + pc[j]];
                for (k = 0; k < 6; k++)
                    t = g[swaps[k][0]], g[swaps[k][0]] = g[swaps[k][1]], g[swaps[k][1]] = t;
                r->tables++;
                if (!magic0(g))
                    continue;
                keys[nkeys++] = key(g);
            }
    qsort(keys, nkeys, sizeof *keys, cmp_key);
    for (k = 0; k < nkeys; k++) {
        unsigned char g[16], one[16], img[16];
        uint64_t best = UINT64_MAX;
        unsigned m, sym;
        if (k && keys[k] == keys[k - 1])
            continue;
        r->magic++;
        for (m = 0; m < 16; m++)
            g[m] = (unsigned char)(keys[k] >> (4 * (15 - m)) & 15u), one[m] = (unsigned char)(g[m] + 1);
        r->perfect += perfect(g) != 0;
        for (sym = 0; sym < 8; sym++) {
            uint64_t kk;
            ar_magic_transform(g, 4, sym, img);
            kk = key(img);
            best = kk < best ? kk : best;
        }
        canon[ncanon++] = best;
        if (visit)
            visit(ctx, one, 4);
    }
    qsort(canon, ncanon, sizeof *canon, cmp_key);
    for (k = 0; k < ncanon; k++)
        r->classes += !k || canon[k] != canon[k - 1];
    { /* the notes' worked example: table 2 with rows and columns permuted */
        static const unsigned char example[16] = {15, 11, 14, 10, 13, 9, 12, 8, 7, 3, 6, 2, 5, 1, 4, 0};
        unsigned char t;
        memcpy(r->first, example, 16);
        for (k = 0; k < 6; k++)
            t = r->first[swaps[k][0]], r->first[swaps[k][0]] = r->first[swaps[k][1]], r->first[swaps[k][1]] = t;
        for (k = 0; k < 16; k++)
            r->first[k]++;
    }
}
