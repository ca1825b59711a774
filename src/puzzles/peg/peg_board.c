/* peg_board.c — peg-solitaire boards: reading a picture, the built-in English
 * (33 holes) and French (37 holes) boards, hole names, the pictures drawn for
 * people, the board's symmetries and the rule-of-three class of a position.
 *
 * A picture has one text row per board row: 'o' a hole with a peg, '.' an
 * empty hole, ' ' no hole; rows are separated by newlines or '/'. Holes are
 * named by column letter and row number counted from the top ("d4" is the
 * centre of both built-in boards). On the English board every hole also has
 * its letter from the lecture notes (Beasley's labelling): a b c / d e f /
 * g h i j k l m / n o p x P O N / M L K J I H G / F E D / C B A, so that a
 * capital is the lower-case hole turned half a turn about the centre x. */
#include "peg_internal.h"

#include <stdio.h>
#include <string.h>

static const char english_picture[] = "  ooo\n  ooo\nooooooo\nooo.ooo\nooooooo\n  ooo\n  ooo";
static const char french_picture[] = "  ooo\n ooooo\nooooooo\nooo.ooo\nooooooo\n ooooo\n  ooo";
static const char english_letters[] = "abcdefghijklmnopxPONMLKJIHGFEDCBA";

const char *ar_peg_builtin(const char *name)
{
    if (strcmp(name, "english") == 0)
        return english_picture;
    if (strcmp(name, "french") == 0)
        return french_picture;
    return NULL;
}

const char *ar_peg_parse_picture(const char *text, size_t len, peg_board *b, uint64_t *start,
                                 unsigned *line)
{
    unsigned r = 0, c = 0, rows = 0, cols = 0, top = PEG_MAX_SIDE, left = PEG_MAX_SIDE;
    unsigned rr, cc, n = 0;
    size_t i;
    signed char g[PEG_MAX_SIDE][PEG_MAX_SIDE]; /* 1 peg, 0 empty hole, -1 none */
    memset(g, -1, sizeof g);
    *line = 1;
    for (i = 0; i <= len; i++) {
        char ch = i < len ? text[i] : '\n';
        if (ch == '\r')
            continue;
        if (ch == '\n' || ch == '/') {
            r++, c = 0;
            *line = r + 1;
            continue;
        }
        if (ch != 'o' && ch != '.' && ch != ' ')
            return "expected 'o' (peg), '.' (empty hole) or ' ' (no hole)";
        if (ch != ' ') {
            if (r >= PEG_MAX_SIDE || c >= PEG_MAX_SIDE)
                return "the board is larger than 26 by 26";
            g[r][c] = ch == 'o';
            rows = r + 1 > rows ? r + 1 : rows;
            cols = c + 1 > cols ? c + 1 : cols;
            top = r < top ? r : top;
            left = c < left ? c : left;
            if (++n > PEG_MAX_HOLES)
                return "more than 64 holes";
        }
        c++;
    }
    *line = 0;
    if (n == 0)
        return "no holes";
    memset(b, 0, sizeof *b);
    b->rows = rows - top, b->cols = cols - left;
    memset(b->cell, -1, sizeof b->cell);
    *start = 0;
    n = 0;
    for (rr = top; rr < rows; rr++)
        for (cc = left; cc < cols; cc++)
            if (g[rr][cc] >= 0) {
                b->cell[rr - top][cc - left] = (signed char)n;
                if (g[rr][cc])
                    *start |= (uint64_t)1 << n;
                n++;
            }
    ar_peg_board_finish(b);
    if (!*start)
        return "no pegs";
    return NULL;
}

/* Where symmetry s sends cell (r, c) of a rows x cols box (s >= 4 only for
 * square boxes: they swap rows and columns). */
static void sym_cell(unsigned s, unsigned rows, unsigned cols, unsigned r, unsigned c, unsigned *r2,
                     unsigned *c2)
{
    unsigned R = rows - 1, C = cols - 1;
    switch (s) {
    case 0: *r2 = r, *c2 = c; break;
    case 1: *r2 = r, *c2 = C - c; break;
    case 2: *r2 = R - r, *c2 = c; break;
    case 3: *r2 = R - r, *c2 = C - c; break;
    case 4: *r2 = c, *c2 = r; break;
    case 5: *r2 = C - c, *c2 = r; break;
    case 6: *r2 = c, *c2 = R - r; break;
    default: *r2 = C - c, *c2 = R - r; break;
    }
}

void ar_peg_board_finish(peg_board *b)
{
    static const int dr[4] = {-1, 0, 1, 0}, dc[4] = {0, 1, 0, -1};
    unsigned r, c, d, s, n = 0, h;
    for (r = 0; r < b->rows; r++)
        for (c = 0; c < b->cols; c++)
            if (b->cell[r][c] >= 0) {
                b->row[n] = (unsigned char)r, b->col[n] = (unsigned char)c;
                n++;
            }
    b->holes = n;
    for (h = 0; h < n; h++)
        for (d = 0; d < 4; d++) {
            int r1 = b->row[h] + dr[d], c1 = b->col[h] + dc[d];
            int r2 = r1 + dr[d], c2 = c1 + dc[d];
            b->over[h][d] = b->to[h][d] = -1;
            if (r2 < 0 || c2 < 0 || r2 >= (int)b->rows || c2 >= (int)b->cols)
                continue;
            if (b->cell[r1][c1] < 0 || b->cell[r2][c2] < 0)
                continue;
            b->over[h][d] = b->cell[r1][c1], b->to[h][d] = b->cell[r2][c2];
        }
    b->nsym = 0;
    for (s = 0; s < PEG_MAX_SYM; s++) {
        int ok = s < 4 || b->rows == b->cols;
        for (h = 0; h < n && ok; h++) {
            unsigned r2, c2;
            sym_cell(s, b->rows, b->cols, b->row[h], b->col[h], &r2, &c2);
            ok = b->cell[r2][c2] >= 0;
            if (ok)
                b->perm[b->nsym][h] = (unsigned char)b->cell[r2][c2];
        }
        if (ok)
            b->nsym++;
    }
    b->english = 0;
    if (n == 33 && b->rows == 7 && b->cols == 7) {
        /* the plus shape: arms three holes wide */
        b->english = 1;
        for (r = 0; r < 7; r++)
            for (c = 0; c < 7; c++)
                if ((b->cell[r][c] >= 0) != ((r >= 2 && r <= 4) || (c >= 2 && c <= 4)))
                    b->english = 0;
    }
}

int ar_peg_hole(const peg_board *b, const char *text, size_t len)
{
    unsigned r = 0, c, k;
    if (len == 1 && b->english) {
        const char *p = memchr(english_letters, text[0], 33);
        return p && text[0] ? (int)(p - english_letters) : -1;
    }
    if (len < 2 || len > 3 || text[0] < 'a' || text[0] > 'z')
        return -1;
    c = (unsigned)(text[0] - 'a');
    for (k = 1; k < len; k++) {
        if (text[k] < '0' || text[k] > '9')
            return -1;
        r = r * 10 + (unsigned)(text[k] - '0');
    }
    if (r < 1 || r > b->rows || c >= b->cols)
        return -1;
    return b->cell[r - 1][c];
}

void ar_peg_hole_name(const peg_board *b, unsigned hole, char *buf, size_t size)
{
    snprintf(buf, size, "%c%u", 'a' + b->col[hole], b->row[hole] + 1u);
}

char ar_peg_letter(const peg_board *b, unsigned hole)
{
    return b->english ? english_letters[hole] : '?';
}

/* framed: with column letters and row numbers around it (for play). */
void ar_peg_picture(const peg_board *b, uint64_t pos, int framed, char *buf, size_t size)
{
    size_t used = 0;
    unsigned r, c;
#define PUT(...)                                                                         \
    do {                                                                                 \
        int w_ = snprintf(buf + used, used < size ? size - used : 0, __VA_ARGS__);       \
        used += w_ > 0 ? (size_t)w_ : 0;                                                 \
    } while (0)
    if (size)
        buf[0] = '\0';
    if (framed) {
        PUT("   ");
        for (c = 0; c < b->cols; c++)
            PUT(" %c", 'a' + c);
        PUT("\n");
    }
    for (r = 0; r < b->rows; r++) {
        unsigned last = 0;
        for (c = 0; c < b->cols; c++)
            if (b->cell[r][c] >= 0)
                last = c + 1;
        if (framed)
            PUT("%2u ", r + 1);
        for (c = 0; c < (framed ? b->cols : last); c++) {
            int h = b->cell[r][c];
            char ch = h < 0 ? ' ' : (pos >> h & 1) ? 'o' : '.';
            if (framed)
                PUT(" %c", ch);
            else
                PUT("%c", ch);
        }
        if (r + 1 < b->rows || framed)
            PUT("\n");
    }
#undef PUT
}

unsigned ar_peg_class(const peg_board *b, uint64_t pos)
{
    static const unsigned power[3] = {1, 2, 3}; /* w^0 = 1, w^1 = w, w^2 = w + 1 in GF(4) */
    unsigned sum = 0, diff = 0, h;
    for (h = 0; h < b->holes; h++)
        if (pos >> h & 1) {
            sum ^= power[(b->row[h] + b->col[h]) % 3];
            diff ^= power[(b->row[h] + 3u * PEG_MAX_SIDE - b->col[h]) % 3];
        }
    return sum | diff << 2;
}

uint64_t ar_peg_transform(const peg_board *b, unsigned s, uint64_t pos)
{
    uint64_t out = 0;
    while (pos) {
        unsigned h = (unsigned)__builtin_ctzll(pos);
        pos &= pos - 1;
        out |= (uint64_t)1 << b->perm[s][h];
    }
    return out;
}

unsigned ar_peg_stabiliser(const peg_board *b, uint64_t pos, int hole, unsigned char *syms)
{
    unsigned s, n = 0;
    for (s = 0; s < b->nsym; s++)
        if (ar_peg_transform(b, s, pos) == pos && (hole < 0 || b->perm[s][hole] == hole))
            syms[n++] = (unsigned char)s;
    return n;
}

uint64_t ar_peg_canon(const peg_board *b, const unsigned char *syms, unsigned n, uint64_t pos)
{
    uint64_t best = pos;
    unsigned i;
    for (i = 1; i < n; i++) {
        uint64_t t = ar_peg_transform(b, syms[i], pos);
        best = t < best ? t : best;
    }
    return best;
}
