/* checkers_notation.c — checkers as text: positions as PDN FEN strings,
 * moves in standard notation, and the board as a picture with its square
 * numbers.
 *
 * FEN (the Portable Draughts Notation's): the side to move, then each
 * side's pieces, "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,...,12"; a
 * king is written with K (K18), a run of squares may be written as a range
 * (B1-12), and a final '.' is allowed. The reader checks everything a
 * position can get wrong (a square twice, a square outside 1..32, a man on
 * the row where it would have been crowned, more than 12 pieces a side) and
 * names the field. Moves: "11-15", a capture "22x15", a multi-jump with every
 * landing square "18x11x4"; a multi-jump may also be given by its first and
 * last squares when that names one move. */
#include "checkers_internal.h"

#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------------- FEN */

static size_t skip_digits(const char *t, size_t i, size_t len)
{
    while (i < len && t[i] >= '0' && t[i] <= '9')
        i++;
    return i;
}

/* A square number at t[*i] (1..32): 0 when it is not one. */
static int read_square(const char *t, size_t *i, size_t len)
{
    size_t j = skip_digits(t, *i, len);
    long v = 0;
    size_t k;
    if (j == *i || j - *i > 2) {
        *i = j;
        return 0;
    }
    for (k = *i; k < j; k++)
        v = v * 10 + (t[k] - '0');
    *i = j;
    return v >= 1 && v <= 32 ? (int)v : 0;
}

/* One side's list ("W21,22,K30,1-4") starting at t[*i] (its colour letter). */
static ar_status read_side(const char *t, size_t *i, size_t len, ck_board *b, uint32_t *seen, int *sides,
                           ar_error *err)
{
    int colour;
    size_t start = *i;
    if (*i >= len || (t[*i] != 'W' && t[*i] != 'B'))
        return ar_error_set(err, AR_ERR_INPUT, "FEN: expected W or B to start a side's pieces at column %zu",
                            *i + 1);
    colour = t[*i] == 'B' ? CK_BLACK : CK_WHITE;
    if (*sides & (1 << colour))
        return ar_error_set(err, AR_ERR_INPUT, "FEN: %s's pieces are given twice (column %zu)",
                            colour ? "White" : "Black", *i + 1);
    *sides |= 1 << colour;
    (*i)++;
    if (*i < len && t[*i] != ':' && t[*i] != '.' && t[*i] != ' ') {
        for (;;) {
            int king = 0, first, last, n;
            size_t at = *i;
            if (*i < len && t[*i] == 'K') {
                king = 1;
                (*i)++;
            }
            first = read_square(t, i, len);
            if (!first)
                return ar_error_set(err, AR_ERR_INPUT, "FEN: '%.*s' at column %zu is not a square 1..32",
                                    (int)(*i > at ? *i - at : 1), t + at, at + 1);
            last = first;
            if (*i < len && t[*i] == '-') {
                (*i)++;
                last = read_square(t, i, len);
                if (!last || last < first)
                    return ar_error_set(err, AR_ERR_INPUT, "FEN: bad range at column %zu (e.g. 1-12)", at + 1);
            }
            for (n = first; n <= last; n++) {
                uint64_t bit = ck_bit(ck_square_bit(n));
                if (*seen & (1u << (n - 1)))
                    return ar_error_set(err, AR_ERR_INPUT, "FEN: square %d is given twice", n);
                *seen |= 1u << (n - 1);
                if (!king && (bit & (colour == CK_BLACK ? CK_ROW_LAST : CK_ROW_FIRST)))
                    return ar_error_set(err, AR_ERR_INPUT,
                                        "FEN: a %s man on %d (%s's men are crowned on %s): write K%d",
                                        colour ? "White" : "Black", n, colour ? "White" : "Black",
                                        colour ? "1-4" : "29-32", n);
                b->pieces[colour] |= bit;
                if (king)
                    b->kings |= bit;
            }
            if (*i < len && t[*i] == ',') {
                (*i)++;
                continue;
            }
            break;
        }
    }
    if (ck_popcount(b->pieces[colour]) > 12)
        return ar_error_set(err, AR_ERR_INPUT, "FEN: %s has %d pieces (at most 12), in '%.*s'",
                            colour ? "White" : "Black", ck_popcount(b->pieces[colour]), (int)(*i - start),
                            t + start);
    return AR_OK;
}

ar_status ar_checkers_parse_fen(const char *text, size_t len, ck_board *b, size_t *used, ar_error *err)
{
    size_t i = 0;
    uint32_t seen = 0;
    int sides = 0;
    memset(b, 0, sizeof *b);
    while (i < len && text[i] == ' ')
        i++;
    if (i >= len)
        return ar_error_set(err, AR_ERR_INPUT, "FEN: empty (e.g. B:W21-32:B1-12)");
    if (text[i] != 'W' && text[i] != 'B')
        return ar_error_set(err, AR_ERR_INPUT,
                            "FEN: it must start with the side to move, W or B (e.g. B:W21-32:B1-12), not '%c'",
                            text[i] >= 32 && text[i] < 127 ? text[i] : '?');
    b->stm = text[i] == 'B' ? CK_BLACK : CK_WHITE;
    i++;
    if (i >= len || text[i] != ':')
        return ar_error_set(err, AR_ERR_INPUT, "FEN: expected ':' after the side to move (column %zu)", i + 1);
    i++;
    if (read_side(text, &i, len, b, &seen, &sides, err) != AR_OK)
        return AR_ERR_INPUT;
    if (i >= len || text[i] != ':')
        return ar_error_set(err, AR_ERR_INPUT, "FEN: expected ':' and the other side's pieces at column %zu",
                            i + 1);
    i++;
    if (read_side(text, &i, len, b, &seen, &sides, err) != AR_OK)
        return AR_ERR_INPUT;
    if (i < len && text[i] == '.')
        i++;
    if (used)
        *used = i;
    else if (i < len)
        return ar_error_set(err, AR_ERR_INPUT, "FEN: unexpected text after the pieces at column %zu: '%.20s'",
                            i + 1, text + i);
    return AR_OK;
}

static size_t put(char *buf, size_t size, size_t k, const char *s)
{
    size_t n = strlen(s);
    if (size && k < size - 1) {
        size_t room = size - 1 - k;
        memcpy(buf + k, s, n < room ? n : room);
        buf[k + (n < room ? n : room)] = 0;
    }
    return k + n;
}

void ar_checkers_format_fen(const ck_board *b, char *buf, size_t size)
{
    size_t k = 0;
    int side, n;
    if (size)
        buf[0] = 0;
    k = put(buf, size, k, b->stm == CK_BLACK ? "B" : "W");
    for (side = 0; side < 2; side++) {
        int colour = side == 0 ? CK_WHITE : CK_BLACK, first = 1;
        k = put(buf, size, k, colour == CK_WHITE ? ":W" : ":B");
        for (n = 1; n <= 32; n++) {
            uint64_t bit = ck_bit(ck_square_bit(n));
            char sq[8];
            if (!(b->pieces[colour] & bit))
                continue;
            snprintf(sq, sizeof sq, "%s%s%d", first ? "" : ",", (b->kings & bit) ? "K" : "", n);
            k = put(buf, size, k, sq);
            first = 0;
        }
    }
}

/* ------------------------------------------------------------------ moves */

/* The squares a move visits: origin, landings (jumps) or destination. */
static unsigned move_path(const ck_move *m, int *squares)
{
    unsigned jumps = (m->code >> 5) & 15, i, n = 0;
    int x = m->from;
    squares[n++] = ck_bit_square(x);
    if (!jumps) {
        squares[n++] = ck_bit_square(m->to);
        return n;
    }
    for (i = 0; i < jumps; i++) {
        x += 2 * ck_dir_step((int)(m->code >> (9 + 2 * i)) & 3);
        squares[n++] = ck_bit_square(x);
    }
    return n;
}

size_t ar_checkers_move_text(const ck_move *m, char *buf, size_t size)
{
    int sq[CK_MAX_JUMPS + 2];
    unsigned n = move_path(m, sq), i;
    size_t k = 0;
    char part[8];
    if (size)
        buf[0] = 0;
    for (i = 0; i < n; i++) {
        snprintf(part, sizeof part, "%s%d", i == 0 ? "" : m->captured ? "x" : "-", sq[i]);
        k = put(buf, size, k, part);
    }
    return k < size ? k : (size ? size - 1 : 0);
}

/* Whether two moves leave the same position. */
static int same_result(const ck_board *b, const ck_move *a, const ck_move *c)
{
    ck_board x = *b, y = *b;
    ar_checkers_make(&x, a);
    ar_checkers_make(&y, c);
    return !memcmp(&x, &y, sizeof x);
}

/* "22x15 or 23x14" for the first few moves of a list. */
static void list_moves(const ck_move *list, unsigned n, char *buf, size_t size)
{
    unsigned i;
    size_t k = 0;
    if (size)
        buf[0] = 0;
    for (i = 0; i < n && i < 6; i++) {
        char mv[48];
        ar_checkers_move_text(&list[i], mv, sizeof mv);
        k = put(buf, size, k, i == 0 ? "" : i + 1 == n ? " or " : ", ");
        k = put(buf, size, k, mv);
    }
    if (n > 6)
        put(buf, size, k, ", ...");
}

ar_status ar_checkers_parse_move(const ck_board *b, const char *text, size_t len, ck_move *out, ar_error *err)
{
    ck_move list[CK_MAX_MOVES];
    int sq[CK_MAX_JUMPS + 2];
    unsigned nsq = 0, n, i, found = 0;
    size_t k = 0;
    int capture_sep = 0;
    const ck_move *match = NULL;
    char shown[40];
    snprintf(shown, sizeof shown, "%.*s", (int)(len < 30 ? len : 30), text);
    for (i = 0; shown[i]; i++)
        if ((unsigned char)shown[i] < 32 || (unsigned char)shown[i] > 126)
            shown[i] = '?';
    while (k < len) {
        size_t j = skip_digits(text, k, len);
        long v = 0;
        size_t d;
        if (j == k || j - k > 2 || nsq >= CK_MAX_JUMPS + 1)
            return ar_error_set(err, AR_ERR_INPUT, "'%s' is not a move (write 11-15, 22x15 or 18x11x4)", shown);
        for (d = k; d < j; d++)
            v = v * 10 + (text[d] - '0');
        if (v < 1 || v > 32)
            return ar_error_set(err, AR_ERR_INPUT, "'%s': %ld is not a square (1..32)", shown, v);
        sq[nsq++] = (int)v;
        k = j;
        if (k < len) {
            if (text[k] != '-' && text[k] != 'x' && text[k] != 'X')
                return ar_error_set(err, AR_ERR_INPUT, "'%s' is not a move (write 11-15, 22x15 or 18x11x4)",
                                    shown);
            capture_sep |= text[k] != '-';
            if (++k == len)
                return ar_error_set(err, AR_ERR_INPUT, "'%s' is not a move (write 11-15, 22x15 or 18x11x4)",
                                    shown);
        }
    }
    if (nsq < 2)
        return ar_error_set(err, AR_ERR_INPUT, "'%s' is not a move (write 11-15, 22x15 or 18x11x4)", shown);
    if (!(b->pieces[b->stm] & ck_bit(ck_square_bit(sq[0]))))
        return ar_error_set(err, AR_ERR_INPUT, "%s: there is no %s piece on %d", shown,
                            b->stm == CK_BLACK ? "Black" : "White", sq[0]);
    n = ar_checkers_legal(b, list);
    for (i = 0; i < n; i++) {
        int path[CK_MAX_JUMPS + 2];
        unsigned np = move_path(&list[i], path);
        int ok = path[0] == sq[0] && path[np - 1] == sq[nsq - 1] &&
                 (nsq == np || (nsq == 2 && list[i].captured));
        unsigned t;
        for (t = 1; ok && nsq == np && t + 1 < np; t++)
            ok = path[t] == sq[t];
        if (!ok)
            continue;
        if (!match || !same_result(b, match, &list[i]))
            found++;
        if (!match)
            match = &list[i];
    }
    if (found == 1) {
        *out = *match;
        return AR_OK;
    }
    if (found > 1) {
        ck_move amb[CK_MAX_MOVES];
        unsigned na = 0;
        for (i = 0; i < n; i++) {
            int path[CK_MAX_JUMPS + 2];
            unsigned np = move_path(&list[i], path);
            if (path[0] == sq[0] && path[np - 1] == sq[nsq - 1])
                amb[na++] = list[i];
        }
        list_moves(amb, na, shown, sizeof shown);
        return ar_error_set(err, AR_ERR_INPUT, "%d%s%d is ambiguous: say which, %s", sq[0],
                            capture_sep ? "x" : "-", sq[nsq - 1], shown);
    }
    if (n && list[0].captured) {
        char moves[200];
        list_moves(list, n, moves, sizeof moves);
        return ar_error_set(err, AR_ERR_INPUT, "%s is not legal: a capture is compulsory (%s)", shown, moves);
    }
    return ar_error_set(err, AR_ERR_INPUT, "%s is not a legal move", shown);
}

/* ------------------------------------------------------------------ board */

void ar_checkers_draw_board(const ck_board *b, char *buf, size_t size)
{
    int r, c;
    size_t k = 0;
    char fen[200], line[96];
    if (size)
        buf[0] = 0;
    k = put(buf, size, k, "   +------------------------+\n");
    for (r = 0; r < 8; r++) {
        size_t used = (size_t)snprintf(line, sizeof line, "   |");
        for (c = 0; c < 8; c++) {
            if ((r + c) % 2 == 0) {
                used += (size_t)snprintf(line + used, sizeof line - used, "   ");
            } else {
                int n = r * 4 + c / 2 + 1;
                uint64_t bit = ck_bit(ck_square_bit(n));
                char p = (b->pieces[CK_BLACK] & bit) ? 'b' : (b->pieces[CK_WHITE] & bit) ? 'w' : 0;
                if (p && (b->kings & bit))
                    p = (char)(p - 'a' + 'A');
                if (p)
                    used += (size_t)snprintf(line + used, sizeof line - used, "  %c", p);
                else
                    used += (size_t)snprintf(line + used, sizeof line - used, "%3d", n);
            }
        }
        snprintf(line + used, sizeof line - used, " |  %2d-%-2d\n", r * 4 + 1, r * 4 + 4);
        k = put(buf, size, k, line);
    }
    k = put(buf, size, k, "   +------------------------+\n");
    ar_checkers_format_fen(b, fen, sizeof fen);
    snprintf(line, sizeof line, "   %s to move (b/B Black man/king, w/W White)\n   FEN ",
             b->stm == CK_BLACK ? "Black" : "White");
    k = put(buf, size, k, line);
    k = put(buf, size, k, fen);
    put(buf, size, k, "\n");
}
