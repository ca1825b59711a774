/* checkers_pdn.c — games in Portable Draughts Notation: reading every game
 * of a PDN text with every move checked against the rules, and writing
 * games back.
 *
 * A game is tag pairs ([Event "..."], [FEN "B:W...:B..."] for a game that
 * does not start from the initial position), then the moves: move numbers
 * ("1.", "12..."), moves in standard notation (a capture may be written by
 * its ends, "18x4", when that names one move; "!" and "?" after a move are
 * read as comments), comments in braces or after ';', variations in
 * parentheses (skipped), numeric annotations ($3), and the result that ends
 * the game: "1-0" (Black, who moves first, won), "0-1", "1/2-1/2" or "*"
 * ("2-0", "0-2" and "1-1", as some draughts programs write them, are read
 * too). An illegal move is an error naming the game's move number and side. */
#include "checkers_engine.h"
#include "checkers_pdn.h"

#include <stdlib.h>
#include <string.h>

void ar_checkers_game_init(ck_game *g)
{
    memset(g, 0, sizeof *g);
    ar_checkers_startpos(&g->start);
    strcpy(g->result, "*");
}

void ar_checkers_game_free(ck_game *g)
{
    free(g->moves);
    g->moves = NULL;
    g->count = g->cap = 0;
}

void ar_checkers_game_push(ck_game *g, uint32_t code)
{
    if (g->count == g->cap) {
        g->cap = g->cap ? 2 * g->cap : 64;
        g->moves = ar_xrealloc(g->moves, g->cap * sizeof *g->moves);
    }
    g->moves[g->count++] = code;
}

void ar_checkers_game_tag(ck_game *g, const char *name, const char *value)
{
    unsigned i;
    for (i = 0; i < g->ntags; i++)
        if (!strcmp(g->tags[i][0], name))
            break;
    if (i == g->ntags) {
        if (g->ntags == CK_PDN_TAGS)
            return;
        g->ntags++;
    }
    snprintf(g->tags[i][0], sizeof g->tags[i][0], "%s", name);
    snprintf(g->tags[i][1], sizeof g->tags[i][1], "%s", value);
}

const char *ar_checkers_game_get_tag(const ck_game *g, const char *name)
{
    unsigned i;
    for (i = 0; i < g->ntags; i++)
        if (!strcmp(g->tags[i][0], name))
            return g->tags[i][1];
    return NULL;
}

/* ---------------------------------------------------------------- reading */

static int space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

/* The line number of position at in text. */
static unsigned line_of(const char *text, size_t at)
{
    unsigned line = 1;
    size_t i;
    for (i = 0; i < at; i++)
        line += text[i] == '\n';
    return line;
}

static ar_status read_tag(const char *t, size_t *i, ck_game *g, ar_error *err)
{
    size_t at = *i, n;
    char name[64], value[160];
    size_t k = 0;
    (*i)++;
    while (t[*i] == ' ' || t[*i] == '\t')
        (*i)++;
    n = 0;
    while ((t[*i] >= 'A' && t[*i] <= 'Z') || (t[*i] >= 'a' && t[*i] <= 'z') || (t[*i] >= '0' && t[*i] <= '9') ||
           t[*i] == '_') {
        if (n < sizeof name - 1)
            name[n++] = t[*i];
        (*i)++;
    }
    name[n] = 0;
    while (t[*i] == ' ' || t[*i] == '\t')
        (*i)++;
    if (!n || t[*i] != '"')
        return ar_error_set(err, AR_ERR_INPUT, "line %u: a tag must be [Name \"value\"]", line_of(t, at));
    (*i)++;
    while (t[*i] && t[*i] != '"' && t[*i] != '\n') {
        if (t[*i] == '\\' && (t[*i + 1] == '"' || t[*i + 1] == '\\'))
            (*i)++;
        if (k < sizeof value - 1)
            value[k++] = t[*i];
        (*i)++;
    }
    value[k] = 0;
    if (t[*i] != '"')
        return ar_error_set(err, AR_ERR_INPUT, "line %u: tag %s: the value has no closing quote", line_of(t, at),
                            name);
    (*i)++;
    while (t[*i] == ' ' || t[*i] == '\t')
        (*i)++;
    if (t[*i] != ']')
        return ar_error_set(err, AR_ERR_INPUT, "line %u: tag %s: expected ']'", line_of(t, at), name);
    (*i)++;
    if (!strcmp(name, "FEN")) {
        ar_error e2;
        if (ar_checkers_parse_fen(value, strlen(value), &g->start, NULL, &e2) != AR_OK)
            return ar_error_set(err, AR_ERR_INPUT, "line %u: tag FEN: %s", line_of(t, at), e2.message);
        g->has_fen = 1;
    }
    ar_checkers_game_tag(g, name, value);
    return AR_OK;
}

/* A result token at t: its length, and the canonical result. */
static size_t result_token(const char *t, const char **result)
{
    static const char *const tokens[][2] = {{"1/2-1/2", "1/2-1/2"}, {"1-0", "1-0"}, {"0-1", "0-1"},
                                            {"2-0", "1-0"},         {"0-2", "0-1"}, {"1-1", "1/2-1/2"},
                                            {"*", "*"}};
    size_t k;
    for (k = 0; k < sizeof tokens / sizeof tokens[0]; k++) {
        size_t n = strlen(tokens[k][0]);
        if (!strncmp(t, tokens[k][0], n) && (space(t[n]) || !t[n] || t[n] == '[')) {
            *result = tokens[k][1];
            return n;
        }
    }
    return 0;
}

ar_status ar_checkers_pdn_read(const char *t, size_t *pos, ck_game *g, ar_error *err)
{
    size_t i = *pos;
    ar_checkers_pos p;
    int in_moves = 0, ended = 0;
    ar_checkers_game_init(g);
    while (t[i] && (space(t[i]) || t[i] == ';' || t[i] == '%')) { /* blank lines and comments before a game */
        if (t[i] == ';' || t[i] == '%')
            while (t[i] && t[i] != '\n')
                i++;
        else
            i++;
    }
    if (!t[i]) {
        *pos = i;
        return AR_ERR_UNSUPPORTED;
    }
    while (t[i] == '[') {
        if (read_tag(t, &i, g, err) != AR_OK)
            return AR_ERR_INPUT;
        while (space(t[i]))
            i++;
    }
    ar_checkers_pos_init(&p, &g->start);
    while (t[i] && !ended) {
        const char *res;
        size_t n;
        if (space(t[i])) {
            i++;
            continue;
        }
        if (t[i] == '[' && in_moves)
            break; /* the next game, this one unterminated */
        if (t[i] == '{') {
            size_t at = i;
            while (t[i] && t[i] != '}')
                i++;
            if (!t[i])
                return ar_error_set(err, AR_ERR_INPUT, "line %u: a comment '{' is never closed", line_of(t, at));
            i++;
            continue;
        }
        if (t[i] == ';') {
            while (t[i] && t[i] != '\n')
                i++;
            continue;
        }
        if (t[i] == '(') {
            int depth = 0;
            size_t at = i;
            do {
                if (t[i] == '(')
                    depth++;
                else if (t[i] == ')')
                    depth--;
                i++;
            } while (t[i] && depth > 0);
            if (depth > 0)
                return ar_error_set(err, AR_ERR_INPUT, "line %u: a variation '(' is never closed", line_of(t, at));
            continue;
        }
        if (t[i] == '$') {
            i++;
            while (t[i] >= '0' && t[i] <= '9')
                i++;
            continue;
        }
        if ((n = result_token(t + i, &res)) > 0) {
            snprintf(g->result, sizeof g->result, "%s", res);
            i += n;
            ended = 1;
            break;
        }
        if (t[i] >= '0' && t[i] <= '9') {
            size_t j = i, k;
            while (t[j] >= '0' && t[j] <= '9')
                j++;
            if (t[j] == '.') { /* a move number */
                while (t[j] == '.')
                    j++;
                i = j;
                in_moves = 1;
                continue;
            }
            k = i;
            while (t[k] && !space(t[k]) && t[k] != '{' && t[k] != '(' && t[k] != ';' && t[k] != '!' && t[k] != '?')
                k++;
            if (!memchr(t + i, '-', k - i) && !memchr(t + i, 'x', k - i) && !memchr(t + i, 'X', k - i))
                return ar_error_set(err, AR_ERR_INPUT, "line %u: '%.*s' is neither a move, a move number nor a result",
                                    line_of(t, i), (int)(k - i > 30 ? 30 : k - i), t + i);
            {
                ck_move m;
                ar_error e2;
                unsigned number = (g->count + (g->start.stm == CK_WHITE)) / 2 + 1;
                const char *why = NULL;
                if (ar_checkers_outcome(&p, &why) != AR_ONGOING)
                    return ar_error_set(err, AR_ERR_INPUT, "line %u: move %u (%s) '%.*s': the game is already over (%s)",
                                        line_of(t, i), number, p.b.stm == CK_BLACK ? "Black" : "White",
                                        (int)(k - i > 30 ? 30 : k - i), t + i, why);
                if (ar_checkers_parse_move(&p.b, t + i, k - i, &m, &e2) != AR_OK)
                    return ar_error_set(err, AR_ERR_INPUT, "line %u: move %u (%s): %s", line_of(t, i), number,
                                        p.b.stm == CK_BLACK ? "Black" : "White", e2.message);
                ar_checkers_pos_apply(&p, &m);
                ar_checkers_game_push(g, m.code);
            }
            while (t[k] == '!' || t[k] == '?')
                k++;
            i = k;
            in_moves = 1;
            continue;
        }
        {
            size_t k = i;
            char shown[40];
            while (t[k] && !space(t[k]) && k - i < 30)
                k++;
            snprintf(shown, sizeof shown, "%.*s", (int)(k - i), t + i);
            for (k = 0; shown[k]; k++)
                if ((unsigned char)shown[k] < 32 || (unsigned char)shown[k] > 126)
                    shown[k] = '?';
            return ar_error_set(err, AR_ERR_INPUT, "line %u: '%s' is neither a move, a move number nor a result",
                                line_of(t, i), shown);
        }
    }
    if (!ended && !in_moves && !g->ntags)
        return ar_error_set(err, AR_ERR_INPUT, "line %u: no game here", line_of(t, i));
    if (!ended) { /* the Result tag's value, read as a result token would be ("2-0" is "1-0"; not a result: "*") */
        const char *r = ar_checkers_game_get_tag(g, "Result"), *canonical = "*";
        if (r && result_token(r, &canonical) != strlen(r))
            canonical = "*";
        snprintf(g->result, sizeof g->result, "%s", canonical);
    }
    ar_checkers_game_tag(g, "Result", g->result);
    *pos = i;
    return AR_OK;
}

/* ---------------------------------------------------------------- writing */

/* [Name "value"] with '"' and '\\' escaped and control characters as spaces. */
static void write_tag(FILE *out, const char *name, const char *v)
{
    fprintf(out, "[%s \"", name);
    for (; *v; v++) {
        if (*v == '"' || *v == '\\')
            fputc('\\', out);
        fputc((unsigned char)*v < 32 ? ' ' : *v, out);
    }
    fprintf(out, "\"]\n");
}

void ar_checkers_pdn_write(FILE *out, const ck_game *g)
{
    static const char *const roster[] = {"Event", "Site", "Date", "Round", "Black", "White"};
    ar_checkers_pos p;
    char line[120], mv[64];
    size_t used = 0;
    unsigned i, k;
    for (k = 0; k < 6; k++) {
        const char *v = ar_checkers_game_get_tag(g, roster[k]);
        write_tag(out, roster[k], v ? v : "?");
    }
    fprintf(out, "[Result \"%s\"]\n", g->result);
    fprintf(out, "[GameType \"21\"]\n");
    {
        ck_board start;
        ar_checkers_startpos(&start);
        if (memcmp(&start, &g->start, sizeof start) != 0) {
            char fen[200];
            ar_checkers_format_fen(&g->start, fen, sizeof fen);
            fprintf(out, "[FEN \"%s\"]\n", fen);
        }
    }
    for (i = 0; i < g->ntags; i++) {
        int known = !strcmp(g->tags[i][0], "Result") || !strcmp(g->tags[i][0], "GameType") ||
                    !strcmp(g->tags[i][0], "FEN");
        for (k = 0; k < 6; k++)
            known |= !strcmp(g->tags[i][0], roster[k]);
        if (!known)
            write_tag(out, g->tags[i][0], g->tags[i][1]);
    }
    fputc('\n', out);
    ar_checkers_pos_init(&p, &g->start);
    line[0] = 0;
    for (i = 0; i < g->count; i++) {
        ck_move m;
        size_t len;
        int n = 0;
        if (!ar_checkers_decode(&p.b, g->moves[i], &m))
            break;
        if (p.b.stm == CK_BLACK || i == 0)
            n = snprintf(mv, sizeof mv, "%u%s ", (i + (g->start.stm == CK_WHITE)) / 2 + 1,
                         p.b.stm == CK_BLACK ? "." : "...");
        len = (size_t)n + ar_checkers_move_text(&m, mv + n, sizeof mv - (size_t)n);
        if (used && used + 1 + len > 79) {
            fprintf(out, "%s\n", line);
            used = 0;
        }
        used += (size_t)snprintf(line + used, sizeof line - used, "%s%s", used ? " " : "", mv);
        ar_checkers_pos_apply(&p, &m);
    }
    if (used && used + 1 + strlen(g->result) > 79) {
        fprintf(out, "%s\n", line);
        used = 0;
        line[0] = 0;
    }
    fprintf(out, "%s%s%s\n\n", line, used ? " " : "", g->result);
}
