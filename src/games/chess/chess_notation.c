/* chess_notation.c — the ways moves and games are written: UCI long
 * algebraic (e2e4, e7e8q), Standard Algebraic Notation (Nbd7, exd6, O-O,
 * e8=Q#) and PGN games (tags, move numbers, comments, variations and NAGs
 * skipped on reading; the seven-tag roster and SAN written back).
 *
 * Every move read is matched against the legal moves of the position, so a
 * move that reads well but is illegal is refused with the reason. */
#include "chess_internal.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static const char promo_chars[] = "nbrq";
static const char san_pieces[] = "PNBRQK";

void ar_chess_move_uci(ch_move m, char *buf)
{
    int from = ch_from(m), to = ch_to(m);
    buf[0] = (char)('a' + from % 8);
    buf[1] = (char)('1' + from / 8);
    buf[2] = (char)('a' + to % 8);
    buf[3] = (char)('1' + to / 8);
    buf[4] = 0;
    if (m == CH_MOVE_NONE) {
        strcpy(buf, "0000");
    } else if (ch_kind(m) == CH_MOVE_PROMO) {
        buf[4] = promo_chars[ch_promo_type(m) - CH_KNIGHT];
        buf[5] = 0;
    }
}

void ar_chess_move_san(const ch_board *b, ch_move m, char *buf)
{
    ch_move list[CH_MAX_MOVES];
    unsigned n, i;
    int from = ch_from(m), to = ch_to(m), type = b->board[from] % 6;
    int capture = b->board[to] != CH_EMPTY || ch_kind(m) == CH_MOVE_EP;
    size_t k = 0;
    ch_board after;
    if (ch_kind(m) == CH_MOVE_CASTLE) {
        strcpy(buf, to > from ? "O-O" : "O-O-O");
        k = strlen(buf);
    } else {
        if (type == CH_PAWN) {
            if (capture)
                buf[k++] = (char)('a' + from % 8);
        } else {
            int same_file = 0, same_rank = 0, others = 0;
            buf[k++] = san_pieces[type];
            n = ar_chess_legal(b, list);
            for (i = 0; i < n; i++) {
                int f2 = ch_from(list[i]);
                if (f2 != from && ch_to(list[i]) == to && b->board[f2] == b->board[from]) {
                    others++;
                    same_file |= f2 % 8 == from % 8;
                    same_rank |= f2 / 8 == from / 8;
                }
            }
            if (others) {
                if (!same_file)
                    buf[k++] = (char)('a' + from % 8);
                else if (!same_rank)
                    buf[k++] = (char)('1' + from / 8);
                else {
                    buf[k++] = (char)('a' + from % 8);
                    buf[k++] = (char)('1' + from / 8);
                }
            }
        }
        if (capture)
            buf[k++] = 'x';
        buf[k++] = (char)('a' + to % 8);
        buf[k++] = (char)('1' + to / 8);
        if (ch_kind(m) == CH_MOVE_PROMO) {
            buf[k++] = '=';
            buf[k++] = san_pieces[ch_promo_type(m)];
        }
    }
    after = *b;
    ar_chess_make(&after, m);
    if (ch_in_check(&after))
        buf[k++] = ar_chess_legal(&after, list) ? '+' : '#';
    buf[k] = 0;
}

static int square_at(const char *s)
{
    if (s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8')
        return -1;
    return (s[1] - '1') * 8 + (s[0] - 'a');
}

static ar_status parse_uci(const ch_board *b, const char *t, size_t len, ch_move *out, ar_error *err)
{
    ch_move list[CH_MAX_MOVES];
    unsigned n = ar_chess_legal(b, list), i;
    int from = square_at(t), to = square_at(t + 2), promo = -1;
    if (len == 5) {
        const char *p = strchr(promo_chars, tolower((unsigned char)t[4]));
        if (!p || !t[4])
            return ar_error_set(err, AR_ERR_INPUT, "move '%.5s': promotion to '%c' (use n, b, r or q)", t,
                                isprint((unsigned char)t[4]) ? t[4] : '?');
        promo = (int)(p - promo_chars);
    }
    for (i = 0; i < n; i++) {
        ch_move m = list[i];
        if (ch_from(m) != from || ch_to(m) != to)
            continue;
        if (ch_kind(m) == CH_MOVE_PROMO ? promo == ch_promo_type(m) - CH_KNIGHT : promo < 0) {
            *out = m;
            return AR_OK;
        }
        if (ch_kind(m) == CH_MOVE_PROMO && promo < 0)
            return ar_error_set(err, AR_ERR_INPUT, "move '%.*s' promotes: add the piece (%.4sq)",
                                (int)len, t, t);
    }
    if (b->board[from] == CH_EMPTY || b->board[from] / 6 != b->stm)
        return ar_error_set(err, AR_ERR_INPUT, "move '%.*s' is illegal: no %s piece on %.2s", (int)len, t,
                            b->stm ? "black" : "white", t);
    return ar_error_set(err, AR_ERR_INPUT, "move '%.*s' is illegal here%s", (int)len, t,
                        ch_in_check(b) ? " (the king is in check)" : "");
}

/* SAN: [NBRQK][file][rank][x]square[=Q][+#!?], O-O, O-O-O (also 0-0). */
static ar_status parse_san(const ch_board *b, const char *t, size_t len, ch_move *out, ar_error *err)
{
    ch_move list[CH_MAX_MOVES], found = CH_MOVE_NONE;
    unsigned n = ar_chess_legal(b, list), i, matches = 0;
    char s[16];
    size_t k = 0, j;
    int type = CH_PAWN, ffile = -1, frank = -1, to, promo = -1;
    for (j = 0; j < len && k < sizeof s - 1; j++)
        if (!strchr("+#!?", t[j]))
            s[k++] = t[j];
    s[k] = 0;
    if (j < len)
        goto bad;
    if (!strcmp(s, "O-O") || !strcmp(s, "0-0") || !strcmp(s, "O-O-O") || !strcmp(s, "0-0-0")) {
        int kside = k == 3;
        for (i = 0; i < n; i++)
            if (ch_kind(list[i]) == CH_MOVE_CASTLE && (ch_to(list[i]) > ch_from(list[i])) == kside) {
                *out = list[i];
                return AR_OK;
            }
        return ar_error_set(err, AR_ERR_INPUT, "move '%.*s': castling is not legal here", (int)len, t);
    }
    if (k >= 2 && (s[k - 2] == '=' || (strchr("NBRQ", s[k - 1]) && k >= 3 && isdigit((unsigned char)s[k - 2])))) {
        const char *p = strchr(san_pieces, s[k - 1]);
        if (!p || p == san_pieces || s[k - 1] == 'K')
            goto bad;
        promo = (int)(p - san_pieces);
        k -= s[k - 2] == '=' ? 2 : 1;
        s[k] = 0;
    }
    j = 0;
    if (k && strchr("NBRQK", s[0])) {
        type = (int)(strchr(san_pieces, s[0]) - san_pieces);
        j = 1;
    }
    if (k < j + 2)
        goto bad;
    to = square_at(s + k - 2);
    if (to < 0)
        goto bad;
    k -= 2;
    if (k > j && s[k - 1] == 'x')
        k--;
    for (; j < k; j++) {
        if (s[j] >= 'a' && s[j] <= 'h' && ffile < 0)
            ffile = s[j] - 'a';
        else if (s[j] >= '1' && s[j] <= '8' && frank < 0)
            frank = s[j] - '1';
        else
            goto bad;
    }
    for (i = 0; i < n; i++) {
        ch_move m = list[i];
        int from = ch_from(m);
        if (ch_to(m) != to || b->board[from] % 6 != type || ch_kind(m) == CH_MOVE_CASTLE)
            continue;
        if ((ffile >= 0 && from % 8 != ffile) || (frank >= 0 && from / 8 != frank))
            continue;
        if (ch_kind(m) == CH_MOVE_PROMO ? ch_promo_type(m) != promo : promo >= 0)
            continue;
        matches++;
        found = m;
    }
    if (matches == 1) {
        *out = found;
        return AR_OK;
    }
    if (matches > 1)
        return ar_error_set(err, AR_ERR_INPUT, "move '%.*s' is ambiguous (add the file or rank it comes from)",
                            (int)len, t);
    return ar_error_set(err, AR_ERR_INPUT, "move '%.*s' is illegal here%s", (int)len, t,
                        ch_in_check(b) ? " (the king is in check)" : "");
bad:
    return ar_error_set(err, AR_ERR_INPUT, "move '%.*s' is neither UCI (e2e4, e7e8q) nor SAN (Nf3, O-O, e8=Q)",
                        (int)(len > 16 ? 16 : len), t);
}

ar_status ar_chess_parse_move(const ch_board *b, const char *text, size_t len, ch_move *out, ar_error *err)
{
    if (len == 0)
        return ar_error_set(err, AR_ERR_INPUT, "empty move");
    if ((len == 4 || len == 5) && square_at(text) >= 0 && square_at(text + 2) >= 0)
        return parse_uci(b, text, len, out, err);
    return parse_san(b, text, len, out, err);
}

/* ------------------------------------------------------------------- PGN */

void ar_chess_game_push(ch_game *g, ch_move m)
{
    if (g->count == g->cap) {
        g->cap = g->cap ? g->cap * 2 : 64;
        g->moves = realloc(g->moves, g->cap * sizeof *g->moves);
        if (!g->moves)
            abort();
    }
    g->moves[g->count++] = m;
}

void ar_chess_game_free(ch_game *g)
{
    free(g->moves);
    g->moves = NULL;
    g->count = g->cap = 0;
}

static void skip_space(const char *t, size_t *p)
{
    while (t[*p] && isspace((unsigned char)t[*p]))
        (*p)++;
}

static ar_status read_tag(const char *t, size_t *p, ch_game *g, ar_error *err)
{
    size_t k = 0;
    char name[96], value[96];
    size_t vk = 0;
    (*p)++;
    skip_space(t, p);
    while (t[*p] && !isspace((unsigned char)t[*p]) && t[*p] != '"' && t[*p] != ']')
        if (k < sizeof name - 1)
            name[k++] = t[(*p)++];
        else
            (*p)++;
    name[k] = 0;
    skip_space(t, p);
    if (t[*p] != '"')
        return ar_error_set(err, AR_ERR_INPUT, "PGN: tag [%s] has no quoted value", name);
    (*p)++;
    while (t[*p] && t[*p] != '"' && t[*p] != '\n') {
        if (t[*p] == '\\' && t[*p + 1])
            (*p)++;
        if (vk < sizeof value - 1)
            value[vk++] = t[*p];
        (*p)++;
    }
    value[vk] = 0;
    if (t[*p] != '"')
        return ar_error_set(err, AR_ERR_INPUT, "PGN: tag [%s] value is not closed", name);
    (*p)++;
    skip_space(t, p);
    if (t[*p] != ']')
        return ar_error_set(err, AR_ERR_INPUT, "PGN: tag [%s] is not closed by ]", name);
    (*p)++;
    if (g->ntags < 16) {
        strcpy(g->tags[g->ntags][0], name);
        strcpy(g->tags[g->ntags][1], value);
        g->ntags++;
    }
    if (!strcmp(name, "FEN")) {
        ar_status st = ar_chess_parse_fen(value, strlen(value), &g->start, NULL, err);
        if (st != AR_OK)
            return st;
    }
    return AR_OK;
}

ar_status ar_chess_pgn_read(const char *t, size_t *pos, ch_game *g, ar_error *err)
{
    size_t p = *pos;
    ch_board b;
    int in_moves = 0;
    ar_status st;
    memset(g, 0, sizeof *g);
    ar_chess_startpos(&g->start);
    strcpy(g->result, "*");
    skip_space(t, &p);
    if (!t[p]) {
        *pos = p;
        return AR_ERR_UNSUPPORTED;
    }
    while (t[p] == '[') {
        if ((st = read_tag(t, &p, g, err)) != AR_OK)
            return st;
        skip_space(t, &p);
    }
    b = g->start;
    for (;;) {
        size_t start;
        skip_space(t, &p);
        if (!t[p] || (t[p] == '[' && in_moves))
            break;
        if (t[p] == '{') {
            while (t[p] && t[p] != '}')
                p++;
            if (!t[p])
                return ar_error_set(err, AR_ERR_INPUT, "PGN: a comment { is not closed");
            p++;
            continue;
        }
        if (t[p] == ';') {
            while (t[p] && t[p] != '\n')
                p++;
            continue;
        }
        if (t[p] == '(') {
            int depth = 0;
            do {
                if (t[p] == '(')
                    depth++;
                else if (t[p] == ')')
                    depth--;
                else if (t[p] == '{')
                    while (t[p + 1] && t[p] != '}')
                        p++;
                p++;
            } while (t[p] && depth > 0);
            if (depth > 0)
                return ar_error_set(err, AR_ERR_INPUT, "PGN: a variation ( is not closed");
            continue;
        }
        start = p;
        while (t[p] && !isspace((unsigned char)t[p]) && !strchr("{}();[", t[p]))
            p++;
        if (p == start)
            return ar_error_set(err, AR_ERR_INPUT, "PGN: unexpected '%c'", t[p]);
        {
            const char *w = t + start;
            size_t n = p - start, d = 0;
            ch_move m;
            if (t[start] == '$')
                continue;
            if ((n == 3 && !strncmp(w, "1-0", 3)) || (n == 3 && !strncmp(w, "0-1", 3)) ||
                (n == 7 && !strncmp(w, "1/2-1/2", 7)) || (n == 1 && w[0] == '*')) {
                memcpy(g->result, w, n);
                g->result[n] = 0;
                break;
            }
            while (d < n && isdigit((unsigned char)w[d]))
                d++;
            if (d > 0) { /* a move number "12." or "12..." possibly glued to the move */
                size_t digits = d;
                while (d < n && w[d] == '.')
                    d++;
                if (d == digits) /* no dot: not a move number, and no move starts with a digit */
                    return ar_error_set(err, AR_ERR_INPUT,
                                        "PGN: '%.*s' is neither a move nor a move number (\"12.\")", (int)(n < 20 ? n : 20),
                                        w);
                if (d == n)
                    continue;
                w += d;
                n -= d;
            }
            in_moves = 1;
            st = ar_chess_parse_move(&b, w, n, &m, err);
            if (st != AR_OK) {
                char why[AR_ERROR_MESSAGE_MAX];
                snprintf(why, sizeof why, "%s", err ? err->message : "illegal");
                return ar_error_set(err, AR_ERR_INPUT, "PGN: move %u%s %s", (unsigned)b.fullmove,
                                    b.stm ? "..." : ".", why);
            }
            ar_chess_make(&b, m);
            ar_chess_game_push(g, m);
        }
    }
    *pos = p;
    return AR_OK;
}

void ar_chess_pgn_write(FILE *out, const ch_game *g)
{
    ch_board b = g->start, start_pos;
    unsigned i, col = 0;
    char fen[100], startfen[100];
    static const char *const roster[] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};
    ar_chess_startpos(&start_pos);
    ar_chess_format_fen(&g->start, fen, sizeof fen);
    ar_chess_format_fen(&start_pos, startfen, sizeof startfen);
    for (i = 0; i < 7; i++) {
        const char *value = i == 6 ? g->result : "?";
        unsigned j;
        for (j = 0; j < g->ntags; j++)
            if (!strcmp(g->tags[j][0], roster[i]) && i != 6)
                value = g->tags[j][1];
        fprintf(out, "[%s \"%s\"]\n", roster[i], value);
    }
    for (i = 0; i < g->ntags; i++) {
        unsigned j, std = 0;
        for (j = 0; j < 7; j++)
            std |= !strcmp(g->tags[i][0], roster[j]);
        if (!std && strcmp(g->tags[i][0], "FEN") && strcmp(g->tags[i][0], "SetUp"))
            fprintf(out, "[%s \"%s\"]\n", g->tags[i][0], g->tags[i][1]);
    }
    if (strcmp(fen, startfen))
        fprintf(out, "[SetUp \"1\"]\n[FEN \"%s\"]\n", fen);
    fprintf(out, "\n");
    for (i = 0; i < g->count; i++) {
        char word[32], san[16];
        size_t len;
        ar_chess_move_san(&b, g->moves[i], san);
        if (b.stm == CH_WHITE)
            snprintf(word, sizeof word, "%u. %s", (unsigned)b.fullmove, san);
        else if (i == 0)
            snprintf(word, sizeof word, "%u... %s", (unsigned)b.fullmove, san);
        else
            snprintf(word, sizeof word, "%s", san);
        len = strlen(word);
        if (col && col + 1 + len > 79) {
            fputc('\n', out);
            col = 0;
        }
        fprintf(out, "%s%s", col ? " " : "", word);
        col += (unsigned)len + (col ? 1 : 0);
        ar_chess_make(&b, g->moves[i]);
    }
    if (col && col + 1 + strlen(g->result) > 79) {
        fputc('\n', out);
        col = 0;
    }
    fprintf(out, "%s%s\n\n", col ? " " : "", g->result);
}
