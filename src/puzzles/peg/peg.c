/* peg.c — peg solitaire: the rules, the move notation and the descriptor.
 *
 * Pegs stand in holes; a peg jumps over an orthogonal neighbour peg into an
 * empty hole just beyond, and the jumped peg is removed. A move, as in the
 * lecture notes, is one peg's chain of consecutive jumps; the goal is one
 * peg left (anywhere, or in a given finish hole). The central game on the
 * English 33-hole board (empty centre, finish in the centre) takes 31 jumps
 * and, at best, 18 moves (Bergholt 1912; Beasley's proof 1964).
 *
 * Move notation (a token has no spaces):
 *   letters (English board): the start hole's letter and then each landing
 *     hole's letter: "ex", "LJHljh". Short forms as in the notes: a bare
 *     letter for one jump ("e") and a letter with a count ("L5"), accepted
 *     when every chain of that length from that peg leaves the same position.
 *   coordinates (any board): the holes visited joined by '-': "d2-d4-f4";
 *     holes are named by column letter and row counted from the top.
 * Moves are written in letters on the English board (unless --notation
 * coords) and in coordinates elsewhere; both are read everywhere they apply. */
#include "peg_internal.h"
#include "ariadne/page.h"
#include "ariadne/rng.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BIT(h) ((uint64_t)1 << (h))
#define MOVE_CAP 65536u /* legal moves listed per position at most (see peg_trails) */

/* --- move codes ---------------------------------------------------------- */

static uint32_t turn_offset(unsigned turns)
{
    uint32_t p = 1;
    while (turns--)
        p *= 3;
    return (p - 1) / 2;
}

ar_move ar_peg_pack(unsigned start, const unsigned char *dirs, unsigned jumps)
{
    uint32_t v = 0;
    unsigned i;
    for (i = 1; i < jumps; i++) {
        unsigned diff = (unsigned)(dirs[i] - dirs[i - 1]) & 3u;
        v = v * 3 + (diff == 0 ? 0u : diff == 3 ? 1u : 2u);
    }
    return (ar_move)(start | (unsigned)dirs[0] << 6 | (turn_offset(jumps - 1) + v) << 8);
}

unsigned ar_peg_unpack(ar_move m, unsigned *start, unsigned char *dirs)
{
    uint32_t v = m >> 8, digits;
    unsigned turns = 0, i;
    while (turns < PEG_MAX_CHAIN - 1 && v >= turn_offset(turns + 1))
        turns++;
    digits = v - turn_offset(turns);
    *start = m & 63u;
    dirs[0] = (unsigned char)(m >> 6 & 3u);
    for (i = turns; i >= 1; i--) { /* least significant digit = last turn */
        static const unsigned char rel[3] = {0, 3, 1};
        dirs[i] = (unsigned char)(digits % 3); /* the turn for now */
        digits /= 3;
        (void)rel;
    }
    for (i = 1; i <= turns; i++) {
        static const unsigned char rel[3] = {0, 3, 1};
        dirs[i] = (unsigned char)((dirs[i - 1] + rel[dirs[i]]) & 3u);
    }
    return turns + 1;
}

uint64_t ar_peg_play(const peg_board *b, uint64_t pos, ar_move m, unsigned *end)
{
    unsigned char dirs[PEG_MAX_CHAIN];
    unsigned at, n = ar_peg_unpack(m, &at, dirs), i;
    pos &= ~BIT(at);
    for (i = 0; i < n; i++) {
        pos &= ~BIT(b->over[at][dirs[i]]);
        at = (unsigned)b->to[at][dirs[i]];
    }
    if (end)
        *end = at;
    return pos | BIT(at);
}

int ar_peg_legal(const peg_board *b, uint64_t pos, ar_move m)
{
    unsigned char dirs[PEG_MAX_CHAIN];
    unsigned at, n = ar_peg_unpack(m, &at, dirs), i;
    if (at >= b->holes || !(pos >> at & 1))
        return 0;
    pos &= ~BIT(at);
    for (i = 0; i < n; i++) {
        int o = b->over[at][dirs[i]], t = b->to[at][dirs[i]];
        if (o < 0 || !(pos >> o & 1) || (pos >> t & 1))
            return 0;
        pos &= ~BIT(o);
        at = (unsigned)t;
    }
    return 1;
}

typedef struct chain_walk {
    const peg_board *b;
    unsigned start, n, cap;
    unsigned char dirs[PEG_MAX_CHAIN];
    ar_move *moves;
} chain_walk;

/* Every chain continuing from hole `at` with the moving peg lifted off pos. */
static void chains_from(chain_walk *w, uint64_t pos, unsigned at, unsigned depth)
{
    static const unsigned char rel[3] = {0, 3, 1};
    unsigned k, first = depth == 0;
    for (k = 0; k < (first ? 4u : 3u); k++) {
        unsigned d = first ? k : (w->dirs[depth - 1] + rel[k]) & 3u;
        int o = w->b->over[at][d], t = w->b->to[at][d];
        if (o < 0 || !(pos >> o & 1) || (pos >> t & 1) || w->n >= w->cap)
            continue;
        w->dirs[depth] = (unsigned char)d;
        w->moves[w->n++] = ar_peg_pack(w->start, w->dirs, depth + 1);
        if (depth + 1 < PEG_MAX_CHAIN)
            chains_from(w, pos & ~BIT(o), (unsigned)t, depth + 1);
    }
}

unsigned ar_peg_chains(const peg_board *b, uint64_t pos, ar_move *moves, unsigned cap)
{
    chain_walk w = {.b = b, .cap = cap, .moves = moves};
    uint64_t p;
    for (p = pos; p; p &= p - 1) {
        w.start = (unsigned)__builtin_ctzll(p);
        chains_from(&w, pos & ~BIT(w.start), w.start, 0);
    }
    return w.n;
}

/* Trails of at most PEG_MAX_CHAIN jumps in the board's jump graph, each
 * jumped hole used once: every chain in any position is one, so their number
 * bounds the legal moves (capped at MOVE_CAP, which no real position nears). */
static void trails(const peg_board *b, uint64_t used, unsigned at, unsigned depth, unsigned *n)
{
    unsigned d;
    for (d = 0; d < 4 && *n < MOVE_CAP; d++) {
        int o = b->over[at][d];
        if (o < 0 || (used >> o & 1))
            continue;
        ++*n;
        if (depth + 1 < PEG_MAX_CHAIN)
            trails(b, used | BIT(o), (unsigned)b->to[at][d], depth + 1, n);
    }
}

static unsigned peg_trails(const peg_board *b)
{
    unsigned n = 0, h;
    for (h = 0; h < b->holes && n < MOVE_CAP; h++)
        trails(b, 0, h, 0, &n);
    return n ? n : 1;
}

/* --- instances ----------------------------------------------------------- */

static ar_status bad_hole(const char *where, const char *text, size_t len, ar_error *err)
{
    return ar_error_set(err, AR_ERR_INPUT, "%s '%.*s%s': no such hole (holes are named like d4: "
                        "column letter, row from the top)", where, len > 12 ? 12 : (int)len, text,
                        len > 12 ? "..." : "");
}

int ar_peg_is_goal(const ar_instance *in, uint64_t pos)
{
    if (pos & (pos - 1))
        return 0;
    return in->finish < 0 || pos == BIT(in->finish);
}

/* Instance: a picture, or "english"/"french", optionally followed by
 * "-> HOLE" (the finish hole). Options: --board, --start HOLE (the single
 * empty hole of a built-in board), --finish, --notation. */
static ar_status peg_create(const char *text, const ar_param *params, size_t count,
                            ar_instance **out, ar_error *err)
{
    ar_instance in;
    const char *board = ar_param_get(params, count, "board"), *start = ar_param_get(params, count, "start");
    const char *finish = ar_param_get(params, count, "finish"), *notation = ar_param_get(params, count, "notation");
    const char *picture = NULL, *why, *arrow = NULL, *from = "instance";
    size_t len = 0, flen = 0;
    unsigned line;
    char name[16];
    memset(&in, 0, sizeof in);
    if (text && text[strspn(text, " \t\r\n")]) {
        arrow = strstr(text, "->");
        len = arrow ? (size_t)(arrow - text) : strlen(text);
        while (len && strchr(" \t\r\n", text[len - 1]))
            len--;
        while (len && strchr("\r\n", text[0]))
            text++, len--;
        if (board)
            return ar_error_set(err, AR_ERR_INPUT, "parameter board: the instance already gives the board");
        if (len < sizeof name && len == strspn(text, "abcdefghijklmnopqrstuvwxyz") &&
            len != strspn(text, "o")) { /* a name, not a row of pegs */
            memcpy(name, text, len);
            name[len] = '\0';
            if (!(picture = ar_peg_builtin(name)))
                return ar_error_set(err, AR_ERR_INPUT, "instance '%s': unknown board (english, french, or a picture of 'o', '.' and ' ')", name);
            len = strlen(picture);
        } else {
            picture = text;
            if (start)
                return ar_error_set(err, AR_ERR_INPUT, "parameter start: applies to the built-in boards (the picture gives the start)");
        }
    } else {
        if (!board)
            board = "english";
        from = "parameter board";
        if (!(picture = ar_peg_builtin(board)))
            return ar_error_set(err, AR_ERR_INPUT, "parameter board '%.60s': unknown board (english or french)", board);
        len = strlen(picture);
    }
    if ((why = ar_peg_parse_picture(picture, len, &in.b, &in.start, &line)) != NULL) {
        if (line)
            return ar_error_set(err, AR_ERR_INPUT, "%s, row %u: %s", from, line, why);
        return ar_error_set(err, AR_ERR_INPUT, "%s: %s", from, why);
    }
    in.finish = -1;
    if (picture != text && !start && !finish && !arrow && strcmp(board ? board : "english", "english") == 0)
        in.finish = ar_peg_hole(&in.b, "d4", 2); /* the central game */
    if (start) {
        int h = ar_peg_hole(&in.b, start, strlen(start));
        if (h < 0)
            return bad_hole("parameter start", start, strlen(start), err);
        in.start = (BIT(in.b.holes - 1) << 1) - 1;
        if (in.b.holes == 64)
            in.start = ~(uint64_t)0;
        in.start &= ~BIT(h);
    }
    if (arrow) {
        const char *f = arrow + 2;
        f += strspn(f, " \t");
        flen = strcspn(f, " \t\r\n");
        if (f[flen + strspn(f + flen, " \t\r\n")])
            return ar_error_set(err, AR_ERR_INPUT, "instance: expected one hole after '->'");
        if (finish)
            return ar_error_set(err, AR_ERR_INPUT, "parameter finish: the instance already gives the finish hole");
        if ((in.finish = ar_peg_hole(&in.b, f, flen)) < 0)
            return bad_hole("instance finish", f, flen, err);
    }
    if (finish && strcmp(finish, "any") != 0 &&
        (in.finish = ar_peg_hole(&in.b, finish, strlen(finish))) < 0)
        return bad_hole("parameter finish", finish, strlen(finish), err);
    if (finish && strcmp(finish, "any") == 0)
        in.finish = -1;
    in.letters = in.b.english;
    if (notation) {
        if (strcmp(notation, "coords") == 0)
            in.letters = 0;
        else if (strcmp(notation, "letters") != 0)
            return ar_error_set(err, AR_ERR_INPUT, "parameter notation '%.60s': expected letters or coords", notation);
        else if (!in.b.english)
            return ar_error_set(err, AR_ERR_INPUT, "parameter notation letters: only the English board has lettered holes");
    }
    in.max_moves = peg_trails(&in.b);
    if (!(*out = malloc(sizeof in)))
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory creating a peg instance");
    **out = in;
    return AR_OK;
}

static void peg_destroy(ar_instance *in) { free(in); }

static void peg_describe(const ar_instance *in, char *buf, size_t size)
{
    char f[16] = "anywhere";
    unsigned pegs = (unsigned)__builtin_popcountll(in->start);
    if (in->finish >= 0)
        ar_peg_hole_name(&in->b, (unsigned)in->finish, f, sizeof f);
    snprintf(buf, size, "peg solitaire, %s board of %u holes, %u pegs, finish: one peg %s%s",
             in->b.english ? "English" : in->b.holes == 37 && in->b.nsym == 8 ? "French" : "drawn", in->b.holes,
             pegs, in->finish >= 0 ? "at " : "", f);
}

/* The rule of three (the notes' 16-class algebra). In GF(4) = {0, 1, w, w^2}
 * with w^2 = w + 1, give hole (r, c) the pair (w^(r+c), w^(r-c)) and a
 * position the sum of its pegs' pairs. A jump along a line removes pegs at
 * two consecutive places and adds one at the next: both exponents run
 * through three consecutive values k, k+1, k+2, and w^k (1 + w + w^2) = 0,
 * so the sum never changes (16 classes: "places 3 apart are equal, two pegs
 * in one place cancel"). A finish differing in class from the start cannot
 * be reached, and if no single hole shares the start's class, one peg cannot
 * be left anywhere. The rule of two (a peg moves an even number of places
 * along each axis) constrains which peg can finish, not where a finish can
 * be, so it adds nothing for these goals; tests/test_peg.c checks the verdict
 * against exhaustive search on small boards and the French-board table. */
static ar_status peg_check_solvable(const ar_instance *in, ar_error *err)
{
    unsigned cls = ar_peg_class(&in->b, in->start), h;
    char name[8];
    if (in->finish >= 0) {
        unsigned fc = ar_peg_class(&in->b, BIT(in->finish));
        if (fc != cls) {
            ar_peg_hole_name(&in->b, (unsigned)in->finish, name, sizeof name);
            return ar_error_set(err, AR_ERR_UNSOLVABLE, "finish hole %s violates the rule of three "
                                "(the start is in class %u of 16, one peg at %s in class %u)",
                                name, cls, name, fc);
        }
        return AR_OK;
    }
    for (h = 0; h < in->b.holes; h++)
        if (ar_peg_class(&in->b, BIT(h)) == cls)
            return AR_OK;
    return ar_error_set(err, AR_ERR_UNSOLVABLE, "every finish hole violates the rule of three (the "
                        "start is in class %u of 16 and no single hole is)", cls);
}

/* --- states: the position, 8 bytes, bit h = hole h holds a peg --- */

static size_t peg_state_size(const ar_instance *in) { (void)in; return sizeof(uint64_t); }

static void peg_initial_state(const ar_instance *in, void *state) { memcpy(state, &in->start, 8); }

static uint64_t load(const void *state)
{
    uint64_t p;
    memcpy(&p, state, 8);
    return p;
}

static int peg_is_goal(const ar_instance *in, const void *state) { return ar_peg_is_goal(in, load(state)); }

static void peg_format_state(const ar_instance *in, const void *state, char *buf, size_t size)
{
    ar_peg_picture(&in->b, load(state), 0, buf, size);
}

static void peg_draw(const ar_instance *in, const void *state, char *buf, size_t size)
{
    ar_peg_picture(&in->b, load(state), 1, buf, size);
}

/* --- moves --- */

static unsigned peg_max_moves(const ar_instance *in) { return in->max_moves; }

static unsigned peg_legal_moves(const ar_instance *in, const void *state, ar_move *moves)
{
    return ar_peg_chains(&in->b, load(state), moves, in->max_moves);
}

static void peg_apply(const ar_instance *in, void *state, ar_move m)
{
    uint64_t p = ar_peg_play(&in->b, load(state), m, NULL);
    memcpy(state, &p, 8);
}

static void peg_undo(const ar_instance *in, void *state, ar_move m)
{
    unsigned char dirs[PEG_MAX_CHAIN];
    unsigned at, start, n = ar_peg_unpack(m, &start, dirs), i;
    uint64_t p = load(state), overs = 0;
    for (at = start, i = 0; i < n; i++) {
        overs |= BIT(in->b.over[at][dirs[i]]);
        at = (unsigned)in->b.to[at][dirs[i]];
    }
    p = (p & ~BIT(at)) | BIT(start) | overs;
    memcpy(state, &p, 8);
}

static size_t peg_format_move(const ar_instance *in, ar_move m, char *buf, size_t size)
{
    unsigned char dirs[PEG_MAX_CHAIN];
    unsigned at, n = ar_peg_unpack(m, &at, dirs), i;
    size_t used = 0;
    char name[8];
    for (i = 0; i <= n; i++) {
        if (in->letters)
            used += (size_t)snprintf(buf + used, used < size ? size - used : 0, "%c", ar_peg_letter(&in->b, at));
        else {
            ar_peg_hole_name(&in->b, at, name, sizeof name);
            used += (size_t)snprintf(buf + used, used < size ? size - used : 0, "%s%s", i ? "-" : "", name);
        }
        if (i < n)
            at = (unsigned)in->b.to[at][dirs[i]];
    }
    return used < size ? used : size ? size - 1 : 0;
}

/* The jump from hole a landing on hole t, as a direction, or -1. */
static int jump_dir(const peg_board *b, unsigned a, unsigned t)
{
    unsigned d;
    for (d = 0; d < 4; d++)
        if (b->to[a][d] == (int)t)
            return (int)d;
    return -1;
}

static ar_status parse_path(const ar_instance *in, uint64_t pos, const unsigned *holes, unsigned n,
                            ar_move *out, ar_error *err)
{
    unsigned char dirs[PEG_MAX_CHAIN];
    unsigned i;
    char a[8], t[8];
    ar_move m;
    if (n - 1 > PEG_MAX_CHAIN)
        return ar_error_set(err, AR_ERR_INPUT, "a move is a chain of at most %u jumps", PEG_MAX_CHAIN);
    ar_peg_hole_name(&in->b, holes[0], a, sizeof a);
    if (!(pos >> holes[0] & 1))
        return ar_error_set(err, AR_ERR_INPUT, "no peg at %s", a);
    pos &= ~BIT(holes[0]);
    for (i = 0; i + 1 < n; i++) {
        int d = jump_dir(&in->b, holes[i], holes[i + 1]);
        ar_peg_hole_name(&in->b, holes[i], a, sizeof a);
        ar_peg_hole_name(&in->b, holes[i + 1], t, sizeof t);
        if (d < 0)
            return ar_error_set(err, AR_ERR_INPUT, "%s to %s is not a jump (two holes along a row or column)", a, t);
        if (i && (((unsigned)d - dirs[i - 1]) & 3u) == 2)
            return ar_error_set(err, AR_ERR_INPUT, "%s to %s jumps back over the hole just emptied", a, t);
        if (!(pos >> in->b.over[holes[i]][d] & 1))
            return ar_error_set(err, AR_ERR_INPUT, "%s to %s: no peg to jump over", a, t);
        if (pos >> holes[i + 1] & 1)
            return ar_error_set(err, AR_ERR_INPUT, "%s to %s: %s is not empty", a, t, t);
        pos &= ~BIT(in->b.over[holes[i]][d]);
        dirs[i] = (unsigned char)d;
    }
    m = ar_peg_pack(holes[0], dirs, n - 1);
    *out = m;
    return AR_OK;
}

static ar_status parse_count(const ar_instance *in, uint64_t pos, unsigned start, unsigned jumps,
                             const char *text, size_t len, ar_move *out, ar_error *err)
{
    ar_move *all = malloc(sizeof *all * in->max_moves);
    unsigned n, i, found = 0;
    uint64_t after = 0;
    ar_status st = AR_OK;
    char a[40], b[40];
    if (!all)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory reading a move");
    n = ar_peg_chains(&in->b, pos & BIT(start) ? pos : 0, all, in->max_moves);
    for (i = 0; i < n && st == AR_OK; i++) {
        unsigned s;
        unsigned char dirs[PEG_MAX_CHAIN];
        uint64_t p;
        if (ar_peg_unpack(all[i], &s, dirs) != jumps || s != start)
            continue;
        p = ar_peg_play(&in->b, pos, all[i], NULL);
        if (found && p != after) {
            peg_format_move(in, *out, a, sizeof a);
            peg_format_move(in, all[i], b, sizeof b);
            st = ar_error_set(err, AR_ERR_INPUT, "'%.*s' is ambiguous: %s or %s", (int)len, text, a, b);
        }
        if (!found)
            *out = all[i], after = p, found = 1;
    }
    free(all);
    if (st == AR_OK && !found)
        st = ar_error_set(err, AR_ERR_INPUT, pos >> start & 1 ? "the peg at %c has no chain of %u jumps"
                          : "no peg at %c", ar_peg_letter(&in->b, start), jumps);
    return st;
}

static ar_status peg_parse_move(const ar_instance *in, const void *state, const char *text,
                                size_t len, ar_move *out, ar_error *err)
{
    uint64_t pos = load(state);
    unsigned holes[PEG_MAX_CHAIN + 2], n = 0;
    size_t i = 0, j;
    int h;
    if (memchr(text, '-', len)) { /* coordinates: d2-d4-f4 */
        while (i <= len) {
            for (j = i; j < len && text[j] != '-'; j++)
                ;
            if ((h = ar_peg_hole(&in->b, text + i, j - i)) < 0 || (j - i == 1))
                return bad_hole("hole", text + i, j - i, err);
            if (n == PEG_MAX_CHAIN + 1)
                return ar_error_set(err, AR_ERR_INPUT, "a move is a chain of at most %u jumps", PEG_MAX_CHAIN);
            holes[n++] = (unsigned)h;
            i = j + 1;
        }
        if (n < 2)
            return ar_error_set(err, AR_ERR_INPUT, "expected holes joined by '-', e.g. d2-d4");
        return parse_path(in, pos, holes, n, out, err);
    }
    if (!in->b.english || len == 0 || ar_peg_hole(&in->b, text, 1) < 0)
        return ar_error_set(err, AR_ERR_INPUT, in->b.english ?
                            "expected hole letters (e.g. ex, LJHljh, L5) or holes joined by '-' (e.g. d2-d4)" :
                            "expected holes joined by '-', e.g. d2-d4 (only the English board has letters)");
    holes[n++] = (unsigned)ar_peg_hole(&in->b, text, 1);
    if (len == 1 || (text[1] >= '0' && text[1] <= '9')) { /* "e", "L5" */
        unsigned jumps = 0;
        for (i = 1; i < len; i++) {
            if (text[i] < '0' || text[i] > '9' || jumps > PEG_MAX_CHAIN)
                return ar_error_set(err, AR_ERR_INPUT, "expected a count of 1 to %u jumps after the letter", PEG_MAX_CHAIN);
            jumps = jumps * 10 + (unsigned)(text[i] - '0');
        }
        if (len == 1)
            jumps = 1;
        if (jumps < 1 || jumps > PEG_MAX_CHAIN)
            return ar_error_set(err, AR_ERR_INPUT, "expected a count of 1 to %u jumps after the letter", PEG_MAX_CHAIN);
        return parse_count(in, pos, holes[0], jumps, text, len, out, err);
    }
    for (i = 1; i < len; i++) {
        if ((h = ar_peg_hole(&in->b, text + i, 1)) < 0)
            return ar_error_set(err, AR_ERR_INPUT, "'%c' is not a hole's letter", text[i]);
        if (n == PEG_MAX_CHAIN + 1)
            return ar_error_set(err, AR_ERR_INPUT, "a move is a chain of at most %u jumps", PEG_MAX_CHAIN);
        holes[n++] = (unsigned)h;
    }
    return parse_path(in, pos, holes, n, out, err);
}

/* --- heuristics --- */

/* A hole is a corner when no line passes through it with holes on both
 * sides: a peg there can never be jumped, only leave by moving itself. A move
 * starts from one peg and lands in one hole, so the number of pegs in
 * corners falls by at most one per move, and the goal keeps at most one
 * (none unless the finish is a corner or open). Hence
 * max(corner pegs - allowed at the end, 1 if not at a goal) is an admissible
 * and consistent bound on the moves left (a move changes it by at most 1). */
static uint64_t peg_corners(const ar_instance *in, const void *state)
{
    uint64_t p = load(state);
    unsigned h, n = 0, allowed;
    if (ar_peg_is_goal(in, p))
        return 0;
    for (h = 0; h < in->b.holes; h++)
        if ((p >> h & 1) && (in->b.over[h][PEG_UP] < 0 || in->b.over[h][PEG_DOWN] < 0) &&
            (in->b.over[h][PEG_LEFT] < 0 || in->b.over[h][PEG_RIGHT] < 0)) {
            /* corner test: no line through h with holes on both sides */
            int r = in->b.row[h], c = in->b.col[h];
            int vert = r > 0 && r + 1 < (int)in->b.rows && in->b.cell[r - 1][c] >= 0 && in->b.cell[r + 1][c] >= 0;
            int hor = c > 0 && c + 1 < (int)in->b.cols && in->b.cell[r][c - 1] >= 0 && in->b.cell[r][c + 1] >= 0;
            n += !vert && !hor;
        }
    allowed = 1;
    if (in->finish >= 0) {
        int r = in->b.row[in->finish], c = in->b.col[in->finish];
        int vert = r > 0 && r + 1 < (int)in->b.rows && in->b.cell[r - 1][c] >= 0 && in->b.cell[r + 1][c] >= 0;
        int hor = c > 0 && c + 1 < (int)in->b.cols && in->b.cell[r][c - 1] >= 0 && in->b.cell[r][c + 1] >= 0;
        allowed = !vert && !hor;
    }
    return n > allowed ? n - allowed : 1;
}

static const ar_heuristic peg_heuristics[] = {
    {.name = "corners",
     .summary = "pegs in holes that can never be jumped, each leaves by a move of its own",
     .flags = AR_HEURISTIC_ADMISSIBLE | AR_HEURISTIC_CONSISTENT,
     .estimate = peg_corners},
    {.name = NULL}};

static const char *peg_default_algorithm(const ar_instance *in)
{
    return in->b.holes <= 25 ? "moves" : "dfs";
}

/* A random single-vacancy problem on the English board: a random empty hole
 * and a random finish the rule of three allows (on the 33-hole board every
 * such problem is solvable, Beasley 1985). */
static ar_status peg_generate(const ar_param *params, size_t count, uint64_t seed, char **text,
                              ar_error *err)
{
    ar_instance *in;
    ar_rng rng;
    unsigned empty, h, ok[64], n = 0;
    char pic[128], name[8];
    ar_status st = peg_create(NULL, params, count, &in, err);
    if (st != AR_OK)
        return st;
    ar_rng_seed(&rng, seed);
    empty = (unsigned)ar_rng_below(&rng, in->b.holes);
    in->start = ((BIT(in->b.holes - 1) << 1) - 1) & ~BIT(empty);
    for (h = 0; h < in->b.holes; h++)
        if (ar_peg_class(&in->b, BIT(h)) == ar_peg_class(&in->b, in->start))
            ok[n++] = h;
    ar_peg_picture(&in->b, in->start, 0, pic, sizeof pic);
    for (h = 0; pic[h]; h++)
        if (pic[h] == '\n')
            pic[h] = '/';
    if (n == 0) {
        peg_destroy(in);
        return ar_error_set(err, AR_ERR_INPUT, "no finish is allowed on this board");
    }
    ar_peg_hole_name(&in->b, ok[ar_rng_below(&rng, n)], name, sizeof name);
    peg_destroy(in);
    if (!(*text = malloc(strlen(pic) + 16)))
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory generating a peg instance");
    sprintf(*text, "%s -> %s", pic, name);
    return AR_OK;
}

static ar_status peg_with_start(const ar_instance *in, const void *state, ar_instance **out,
                                ar_error *err)
{
    if (!(*out = malloc(sizeof **out)))
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory creating a peg instance");
    **out = *in;
    (*out)->start = load(state);
    return AR_OK;
}

static const ar_option_spec peg_options[] = {
    {.name = "board", .metavar = "english|french", .help = "a built-in board (default english)"},
    {.name = "start", .metavar = "HOLE", .help = "built-in board: the one empty hole at the start (default d4)"},
    {.name = "finish", .metavar = "HOLE|any", .help = "the goal: one peg at HOLE (default: d4 on the plain English board, else any)"},
    {.name = "notation", .metavar = "letters|coords", .help = "how moves are written (default letters on the English board)"},
    {.name = NULL}};

static const ar_puzzle_example peg_examples[] = {
    {.options = "", .instance = "ooo.o/..ooo/.oo.o", .cost = 0, .unsolvable = 1,
     .note = "a small picture (pegs o, holes ., rows split by /): no solution, proven at once by the rule of three"},
    {.options = "", .instance = "oooo/oooo/oooo/oooo/.ooo", .cost = 10,
     .note = "a 4x5 board: one peg in 10 moves, proven fewest (breadth-first by moves)"},
    {.options = "", .instance = "english", .cost = 0,
     .note = "the central game: 31 jumps, found by depth-first search in milliseconds"},
    {.options = "board=french start=c1 finish=e7", .cost = 0,
     .note = "the French board from c1 to e7 (its centre start is impossible)"},
    {.note = NULL}};

/* Pegs and holes on the board, with its letters and numbers (page.h). */
static void peg_picture(const ar_instance *in, const void *state, ar_scene *scene)
{
    char buf[4096], cols[128] = "", rows[256] = "";
    size_t k, used = 0, rused = 0;
    int r, c, w = 0, h = 0;
    ar_peg_picture(&in->b, load(state), 0, buf, sizeof buf);
    ar_scene_text_grid(scene, buf, "o=pin .=hole");
    for (k = 0, c = 0; buf[k]; k++) {
        if (buf[k] == '\n') {
            h++;
            c = 0;
        } else if (++c > w) {
            w = c;
        }
    }
    h += k > 0 && buf[k - 1] != '\n';
    for (c = 0; c < w && used + 3 < sizeof cols; c++)
        used += (size_t)snprintf(cols + used, sizeof cols - used, "%s%c", c ? " " : "", 'a' + c % 26);
    for (r = 0; r < h && rused + 5 < sizeof rows; r++)
        rused += (size_t)snprintf(rows + rused, sizeof rows - rused, "%s%d", r ? " " : "", r + 1);
    ar_scene_axes(scene, rows, cols);
}

const ar_puzzle ar_domain_peg = {
    .name = "peg",
    .summary = "peg solitaire: English, French or drawn boards, to one peg; fewest moves proven by search",
    .help = "Instance: english | french | a picture ('o' peg, '.' empty hole, ' ' no hole; rows split\n"
    "by newlines or '/'), optionally followed by '-> HOLE' (finish there). Holes: column letter\n"
    "and row from the top (d4 is the centre). The plain English board is the central game (empty\n"
    "d4, finish d4). A move is one peg's chain of jumps. On the English board moves are written in\n"
    "the lecture notes' letters (a b c / d e f / g h i j k l m / n o p x P O N / M L K J I H G /\n"
    "F E D / C B A): start letter then landing letters, 'ex', 'LJHljh', or short 'e', 'L5' when\n"
    "unambiguous; elsewhere as holes joined by '-', 'd2-d4-f4'. Algorithms: dfs (default on big\n"
    "boards: one peg fast, moves not fewest), moves (breadth-first by moves: fewest moves,\n"
    "proven; default on boards of up to 25 holes; the English central game takes about a minute\n"
    "and proves 18), and the generic ones with the 'corners' bound. The rule of three (the notes'\n"
    "16-class algebra) refuses impossible finishes at once (exit 1). `ariadne bfs peg` counts\n"
    "positions by moves and by jumps (23,475,688 up to symmetry for the central game).",
    .flags = 0,
    .options = peg_options,
    .create = peg_create,
    .destroy = peg_destroy,
    .describe = peg_describe,
    .check_solvable = peg_check_solvable,
    .state_size = peg_state_size,
    .initial_state = peg_initial_state,
    .is_goal = peg_is_goal,
    .format_state = peg_format_state,
    .draw = peg_draw,
    .picture = peg_picture,
    .max_moves = peg_max_moves,
    .legal_moves = peg_legal_moves,
    .apply = peg_apply,
    .undo = peg_undo,
    .format_move = peg_format_move,
    .parse_move = peg_parse_move,
    .heuristics = peg_heuristics,
    .solvers = ar_peg_solvers,
    .default_algorithm = peg_default_algorithm,
    .generate = peg_generate,
    .with_start = peg_with_start,
    .examples = peg_examples,
    .tools = ar_peg_tools,
    .bench_suites = ar_peg_bench_suites,
};
