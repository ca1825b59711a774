/* checkers_movegen.c — the rules of English draughts as move generation:
 * simple moves, compulsory captures with every multi-jump followed to its
 * end, crowning, making moves, and perft.
 *
 * Captures first (the notes' "huffing" rule: if a capture exists it must be
 * taken, so simple moves are listed only when no piece can jump). The pieces
 * that can start a jump are found for all pieces at once with shifts; each
 * one's jumps are then followed square by square, depth first, in direction
 * order. The mover's origin counts as empty during its own move (a king may
 * jump in a ring back to where it started), a piece is never jumped twice,
 * and a man that reaches the last row is crowned and stops there even when
 * it could jump on as a king. Any capture may be chosen, not only the
 * longest. Captured pieces stay on the board until the move ends (they can
 * never stand on a landing square, which is of the other colour class, so
 * this only forbids jumping one twice).
 *
 * Every generated move is legal, so perft counts the last ply without making
 * it: by shifts and population counts when nobody can capture, by walking
 * the jumps otherwise ("bulk counting"). */
#include "checkers_internal.h"

#include <string.h>

#define ALWAYS_INLINE inline __attribute__((always_inline))

/* Shifts a set by a signed step (constant after inlining). */
static ALWAYS_INLINE uint64_t sh(uint64_t b, int s) { return s > 0 ? b << s : b >> -s; }

void ar_checkers_startpos(ck_board *b)
{
    memset(b, 0, sizeof *b);
    b->pieces[CK_BLACK] = ck_unpack(0x00000FFFu);
    b->pieces[CK_WHITE] = ck_unpack(0xFFF00000u);
    b->stm = CK_BLACK;
}

/* ---------------------------------------------------------------- jumps */

typedef struct jumper {
    uint64_t opp;   /* pieces that may be jumped */
    uint64_t empty; /* landing squares (the mover's origin included) */
    uint64_t crown; /* the row where a man is crowned */
    ck_move *out;
    unsigned n;
    int from, king, dfirst, dlast; /* the mover and its directions dfirst..dlast-1 */
} jumper;

static void emit_jump(jumper *j, int to, uint64_t captured, unsigned jumps, uint32_t dirs, int crown)
{
    ck_move *m;
    if (j->n >= CK_MAX_MOVES)
        return; /* no position has this many; never write past the list */
    m = &j->out[j->n++];
    m->captured = captured;
    m->code = (uint32_t)(ck_bit_square(j->from) - 1) | (jumps << 5) | (dirs << 9);
    m->from = (uint8_t)j->from;
    m->to = (uint8_t)to;
    m->crown = (uint8_t)crown;
    m->king = (uint8_t)j->king;
}

/* Follows every continuation from square x, having taken `captured` in
 * `jumps` jumps; a path ends where no further jump is possible. A step or a
 * landing off the board shifts onto a ghost bit or out of bits 0..34, where
 * no piece stands and nothing is empty, so it fails the tests by itself. */
static void follow(jumper *j, int x, uint64_t captured, unsigned jumps, uint32_t dirs)
{
    int d, any = 0;
    uint64_t xb = ck_bit(x);
    for (d = j->dfirst; d < j->dlast; d++) {
        int s = ck_dir_step(d);
        uint64_t over = sh(xb, s), land = sh(xb, 2 * s);
        uint32_t nd;
        if (!(j->opp & ~captured & over) || !(j->empty & land))
            continue;
        any = 1;
        nd = dirs | (uint32_t)d << (2 * jumps);
        if (!j->king && (land & j->crown))
            emit_jump(j, x + 2 * s, captured | over, jumps + 1, nd, 1);
        else
            follow(j, x + 2 * s, captured | over, jumps + 1, nd);
    }
    if (!any && jumps)
        emit_jump(j, x, captured, jumps, dirs, 0);
}

/* The pieces of colour us that can jump now, men and kings apart. */
static ALWAYS_INLINE void jumpers(const ck_board *b, const int us, uint64_t *men, uint64_t *kings)
{
    const int f = us == CK_BLACK ? 1 : -1; /* forward */
    uint64_t opp = b->pieces[us ^ 1], empty = ck_empty(b), own = b->pieces[us];
    uint64_t fwd = (sh(opp, -4 * f) & sh(empty, -8 * f)) | (sh(opp, -5 * f) & sh(empty, -10 * f));
    uint64_t back = (sh(opp, 4 * f) & sh(empty, 8 * f)) | (sh(opp, 5 * f) & sh(empty, 10 * f));
    *men = own & ~b->kings & fwd;
    *kings = own & b->kings & (fwd | back);
}

static unsigned captures_of(const ck_board *b, uint64_t men, uint64_t kings, ck_move *out)
{
    jumper j;
    uint64_t all = men | kings;
    int us = (int)b->stm;
    j.opp = b->pieces[us ^ 1];
    j.crown = us == CK_BLACK ? CK_ROW_LAST : CK_ROW_FIRST;
    j.out = out;
    j.n = 0;
    while (all) {
        int x = ck_pop_lsb(&all);
        j.from = x;
        j.king = (kings >> x) & 1;
        j.dfirst = j.king ? 0 : us == CK_BLACK ? 0 : 2;
        j.dlast = j.king ? 4 : j.dfirst + 2;
        j.empty = ck_empty(b) | ck_bit(x);
        follow(&j, x, 0, 0, 0);
    }
    return j.n;
}

int ar_checkers_can_capture(const ck_board *b)
{
    uint64_t men, kings;
    if (b->stm == CK_BLACK)
        jumpers(b, CK_BLACK, &men, &kings);
    else
        jumpers(b, CK_WHITE, &men, &kings);
    return (men | kings) != 0;
}

unsigned ar_checkers_captures(const ck_board *b, ck_move *out)
{
    uint64_t men, kings;
    if (b->stm == CK_BLACK)
        jumpers(b, CK_BLACK, &men, &kings);
    else
        jumpers(b, CK_WHITE, &men, &kings);
    return (men | kings) ? captures_of(b, men, kings, out) : 0;
}

/* ------------------------------------------------------- simple moves */

static ALWAYS_INLINE unsigned simple_moves(const ck_board *b, const int us, ck_move *out)
{
    const int f = us == CK_BLACK ? 1 : -1;
    uint64_t empty = ck_empty(b), own = b->pieces[us], kings = own & b->kings;
    uint64_t crown = us == CK_BLACK ? CK_ROW_LAST : CK_ROW_FIRST;
    uint64_t movers = (own & (sh(empty, -4 * f) | sh(empty, -5 * f))) |
                      (kings & (sh(empty, 4 * f) | sh(empty, 5 * f)));
    unsigned n = 0;
    while (movers) {
        int x = ck_pop_lsb(&movers), d;
        int king = (int)((kings >> x) & 1);
        int dfirst = king ? 0 : us == CK_BLACK ? 0 : 2, dlast = king ? 4 : dfirst + 2;
        for (d = dfirst; d < dlast; d++) {
            int z = x + ck_dir_step(d);
            ck_move *m;
            if (z < 0 || z > 34 || !(empty & ck_bit(z)))
                continue;
            m = &out[n++];
            m->captured = 0;
            m->code = (uint32_t)(ck_bit_square(x) - 1) | ((uint32_t)d << 9);
            m->from = (uint8_t)x;
            m->to = (uint8_t)z;
            m->king = (uint8_t)king;
            m->crown = (uint8_t)(!king && (ck_bit(z) & crown));
        }
    }
    return n;
}

unsigned ar_checkers_legal(const ck_board *b, ck_move *out)
{
    uint64_t men, kings;
    if (b->stm == CK_BLACK) {
        jumpers(b, CK_BLACK, &men, &kings);
        return (men | kings) ? captures_of(b, men, kings, out) : simple_moves(b, CK_BLACK, out);
    }
    jumpers(b, CK_WHITE, &men, &kings);
    return (men | kings) ? captures_of(b, men, kings, out) : simple_moves(b, CK_WHITE, out);
}

/* ------------------------------------------------------------ counting */

/* The number of capture paths of a man of colour us from the square xb,
 * as follow() would list them (opp: the pieces not yet taken). A man never
 * comes back to a square, so its own origin needs no care. */
static unsigned man_paths(uint64_t opp, uint64_t empty, uint64_t xb, const int us)
{
    const int f = us == CK_BLACK ? 1 : -1;
    const uint64_t crown = us == CK_BLACK ? CK_ROW_LAST : CK_ROW_FIRST;
    uint64_t o1 = sh(xb, 4 * f), l1 = sh(xb, 8 * f), o2 = sh(xb, 5 * f), l2 = sh(xb, 10 * f);
    int j1 = (opp & o1) && (empty & l1), j2 = (opp & o2) && (empty & l2);
    unsigned n = 0;
    if (!(j1 | j2))
        return 1;
    if (j1)
        n += (l1 & crown) ? 1 : man_paths(opp & ~o1, empty, l1, us);
    if (j2)
        n += (l2 & crown) ? 1 : man_paths(opp & ~o2, empty, l2, us);
    return n;
}

/* The same for a king (empty includes its origin). */
static unsigned king_paths(uint64_t opp, uint64_t empty, uint64_t xb)
{
    unsigned n = 0;
    int d, any = 0;
    for (d = 0; d < 4; d++) {
        int s = ck_dir_step(d);
        uint64_t over = sh(xb, s), land = sh(xb, 2 * s);
        if ((opp & over) && (empty & land)) {
            any = 1;
            n += king_paths(opp & ~over, empty, land);
        }
    }
    return any ? n : 1;
}

/* The number of legal moves of colour us. Men's captures are counted for
 * all men at once: a man's jumps only go forward, so the pieces it has
 * already taken (behind it) never matter to the next jump, and whether a
 * landing square allows another jump is one set for all of them; only the
 * landings that do are followed one by one. */
static ALWAYS_INLINE unsigned count_moves(const ck_board *b, const int us)
{
    const int f = us == CK_BLACK ? 1 : -1;
    const uint64_t crown = us == CK_BLACK ? CK_ROW_LAST : CK_ROW_FIRST;
    uint64_t empty = ck_empty(b), own = b->pieces[us], opp = b->pieces[us ^ 1];
    uint64_t k = own & b->kings, m = own & ~b->kings;
    uint64_t from4 = sh(opp, -4 * f) & sh(empty, -8 * f), from5 = sh(opp, -5 * f) & sh(empty, -10 * f);
    uint64_t jm = m & (from4 | from5), jk = 0;
    if (k)
        jk = k & (from4 | from5 | (sh(opp, 4 * f) & sh(empty, 8 * f)) | (sh(opp, 5 * f) & sh(empty, 10 * f)));
    if (jm | jk) {
        unsigned n = 0;
        if (jm) {
            uint64_t l4 = sh(m & from4, 8 * f), l5 = sh(m & from5, 10 * f);
            uint64_t more = (from4 | from5) & ~crown, r;
            n += (unsigned)(ck_popcount(l4 & ~more) + ck_popcount(l5 & ~more));
            for (r = l4 & more; r;)
                n += man_paths(opp, empty, ck_bit(ck_pop_lsb(&r)), us);
            for (r = l5 & more; r;)
                n += man_paths(opp, empty, ck_bit(ck_pop_lsb(&r)), us);
        }
        while (jk) {
            int x = ck_pop_lsb(&jk);
            n += king_paths(opp, empty | ck_bit(x), ck_bit(x));
        }
        return n;
    } else {
        unsigned n = (unsigned)(ck_popcount(own & sh(empty, -4 * f)) + ck_popcount(own & sh(empty, -5 * f)));
        if (k)
            n += (unsigned)(ck_popcount(k & sh(empty, 4 * f)) + ck_popcount(k & sh(empty, 5 * f)));
        return n;
    }
}

unsigned ar_checkers_count_moves(const ck_board *b)
{
    return b->stm == CK_BLACK ? count_moves(b, CK_BLACK) : count_moves(b, CK_WHITE);
}

void ar_checkers_make(ck_board *b, const ck_move *m)
{
    int us = (int)b->stm;
    uint64_t delta = ck_bit(m->from) ^ ck_bit(m->to);
    b->pieces[us] ^= delta;
    if (m->king)
        b->kings ^= delta;
    else if (m->crown)
        b->kings |= ck_bit(m->to);
    b->pieces[us ^ 1] &= ~m->captured;
    b->kings &= ~m->captured;
    b->stm = (uint32_t)(us ^ 1);
}

static uint64_t perft_node(const ck_board *b, int depth);

/* One interior node of perft for the side `us`: captures through the move
 * list, simple moves straight from the shifted sets (no list), and the
 * children of a node two plies from the end counted without a call. */
static ALWAYS_INLINE uint64_t perft_side(const ck_board *b, int depth, const int us)
{
    const int f = us == CK_BLACK ? 1 : -1;
    uint64_t men, kings, total = 0, empty, own, crown;
    int d;
    jumpers(b, us, &men, &kings);
    if (men | kings) {
        /* Men whose single jumps end there are played straight from the
         * sets; men with a longer jump and kings through the move list. */
        uint64_t opp = b->pieces[us ^ 1], e = ck_empty(b), m = men & ~b->kings;
        uint64_t from4 = sh(opp, -4 * f) & sh(e, -8 * f), from5 = sh(opp, -5 * f) & sh(e, -10 * f);
        uint64_t more = (from4 | from5) & ~(us == CK_BLACK ? CK_ROW_LAST : CK_ROW_FIRST);
        uint64_t longer = (sh(sh(m & from4, 8 * f) & more, -8 * f)) | (sh(sh(m & from5, 10 * f) & more, -10 * f));
        ck_move list[CK_MAX_MOVES];
        unsigned n, i;
        m &= ~longer;
        for (d = 0; d < 2; d++) {
            int s = (d ? 5 : 4) * f;
            uint64_t j = m & (d ? from5 : from4);
            while (j) {
                int x = ck_pop_lsb(&j);
                uint64_t fb = ck_bit(x), over = sh(fb, s), land = sh(fb, 2 * s);
                ck_board c = *b;
                c.pieces[us] ^= fb | land;
                c.pieces[us ^ 1] &= ~over;
                c.kings = (c.kings & ~over) | (land & (us == CK_BLACK ? CK_ROW_LAST : CK_ROW_FIRST));
                c.stm = (uint32_t)(us ^ 1);
                total += depth == 2 ? count_moves(&c, us ^ 1) : perft_node(&c, depth - 1);
            }
        }
        n = (longer | kings) ? captures_of(b, longer, kings, list) : 0;
        for (i = 0; i < n; i++) {
            ck_board c = *b;
            ar_checkers_make(&c, &list[i]);
            total += depth == 2 ? count_moves(&c, us ^ 1) : perft_node(&c, depth - 1);
        }
        return total;
    }
    empty = ck_empty(b);
    own = b->pieces[us];
    crown = us == CK_BLACK ? CK_ROW_LAST : CK_ROW_FIRST;
    for (d = 0; d < 4; d++) {
        /* Directions 0 and 1 are forward for everyone; 2 and 3 for kings. */
        int s = (d & 1 ? 5 : 4) * (d < 2 ? f : -f);
        uint64_t to = sh(d < 2 ? own : own & b->kings, s) & empty;
        while (to) {
            int t = ck_pop_lsb(&to);
            uint64_t tb = ck_bit(t), fb = ck_bit(t - s);
            ck_board c = *b;
            c.pieces[us] ^= fb | tb;
            if (c.kings & fb)
                c.kings ^= fb | tb;
            else
                c.kings |= tb & crown;
            c.stm = (uint32_t)(us ^ 1);
            total += depth == 2 ? count_moves(&c, us ^ 1) : perft_node(&c, depth - 1);
        }
    }
    return total;
}

static uint64_t perft_node(const ck_board *b, int depth)
{
    return b->stm == CK_BLACK ? perft_side(b, depth, CK_BLACK) : perft_side(b, depth, CK_WHITE);
}

uint64_t ar_checkers_perft(const ck_board *b, int depth)
{
    if (depth <= 0)
        return 1;
    if (depth == 1)
        return ar_checkers_count_moves(b);
    return perft_node(b, depth);
}

const ck_move *ar_checkers_find_code(const ck_move *list, unsigned n, uint32_t code)
{
    unsigned i;
    for (i = 0; i < n; i++)
        if (list[i].code == code)
            return &list[i];
    return NULL;
}
