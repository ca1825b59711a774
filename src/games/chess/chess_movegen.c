/* chess_movegen.c — legal move generation and perft.
 *
 * Moves are generated legal, not pseudo-legal: the checkers and the pinned
 * pieces are found first, so a pinned piece moves only along its pin line,
 * a check is answered only by king moves, captures of the checker or
 * interpositions, and the king never steps onto an attacked square (judged
 * with the king taken off the board, so it cannot hide behind itself). En
 * passant, the one move that removes two pieces from a line at once, is
 * tested by recomputing the sliders' attacks on the king with both pawns
 * moved (the pinned-pawn case of a rank with king, two pawns and a rook).
 * Because every generated move is legal, perft counts the last ply by the
 * length of the move list without making the moves ("bulk counting"). */
#include "chess_internal.h"

typedef struct gen {
    const ch_board *b;
    ch_move *out;
    unsigned n;
    int us, them, ksq;
    uint64_t pinned;
    uint64_t target;  /* squares a non-king piece may move to (blocking or capturing a checker) */
    int noisy;        /* captures and queen promotions only */
} gen;

static uint64_t pinned_pieces(const ch_board *b, int us, int ksq)
{
    const ch_tables *t = ar_chess_t;
    int them = us ^ 1;
    uint64_t pinned = 0;
    uint64_t snipers = (ch_rook_att(ksq, 0) & (b->pieces[them][CH_ROOK] | b->pieces[them][CH_QUEEN])) |
                       (ch_bishop_att(ksq, 0) & (b->pieces[them][CH_BISHOP] | b->pieces[them][CH_QUEEN]));
    while (snipers) {
        int s = ch_pop_lsb(&snipers);
        uint64_t between = t->between[ksq][s] & b->all;
        if (between && !(between & (between - 1)) && (between & b->occ[us]))
            pinned |= between;
    }
    return pinned;
}

static void add_targets(gen *g, int from, uint64_t to)
{
    if (g->pinned & ch_bit(from))
        to &= ar_chess_t->line[g->ksq][from];
    while (to)
        g->out[g->n++] = ch_make_move(from, ch_pop_lsb(&to), CH_MOVE_NORMAL, 0);
}

static void add_promotions(gen *g, int from, int to)
{
    int p;
    g->out[g->n++] = ch_make_move(from, to, CH_MOVE_PROMO, 3);
    if (g->noisy)
        return;
    for (p = 0; p < 3; p++)
        g->out[g->n++] = ch_make_move(from, to, CH_MOVE_PROMO, p);
}

static void pawn_moves(gen *g)
{
    const ch_board *b = g->b;
    const ch_tables *t = ar_chess_t;
    int us = g->us;
    int fwd = us == CH_WHITE ? 8 : -8;
    uint64_t pawns = b->pieces[us][CH_PAWN];
    uint64_t last_rank = us == CH_WHITE ? 0xFF00000000000000ULL : 0xFFULL;
    uint64_t third_rank = us == CH_WHITE ? 0xFF0000ULL : 0xFF0000000000ULL;
    while (pawns) {
        int from = ch_pop_lsb(&pawns);
        uint64_t line = (g->pinned & ch_bit(from)) ? t->line[g->ksq][from] : ~(uint64_t)0;
        uint64_t caps = t->pawn[us][from] & b->occ[g->them] & g->target & line;
        int one = from + fwd;
        while (caps) {
            int to = ch_pop_lsb(&caps);
            if (ch_bit(to) & last_rank)
                add_promotions(g, from, to);
            else
                g->out[g->n++] = ch_make_move(from, to, CH_MOVE_NORMAL, 0);
        }
        if (b->board[one] != CH_EMPTY || !(line & ch_bit(one)))
            continue;
        if (ch_bit(one) & last_rank) {
            if (g->target & ch_bit(one))
                add_promotions(g, from, one);
            continue;
        }
        if (g->noisy)
            continue;
        if (g->target & ch_bit(one))
            g->out[g->n++] = ch_make_move(from, one, CH_MOVE_NORMAL, 0);
        if ((ch_bit(one) & third_rank) && b->board[one + fwd] == CH_EMPTY &&
            (g->target & ch_bit(one + fwd)))
            g->out[g->n++] = ch_make_move(from, one + fwd, CH_MOVE_NORMAL, 0);
    }
    if (b->ep != CH_NO_SQ) {
        int ep = b->ep, capsq = ep - fwd;
        uint64_t from_set = t->pawn[g->them][ep] & b->pieces[us][CH_PAWN];
        while (from_set) {
            int from = ch_pop_lsb(&from_set);
            uint64_t occ = (b->all ^ ch_bit(from) ^ ch_bit(capsq)) | ch_bit(ep);
            const uint64_t *p = b->pieces[g->them];
            /* Legal when nothing attacks the king once both pawns have moved
             * (this also decides every case of check). */
            if ((ch_rook_att(g->ksq, occ) & (p[CH_ROOK] | p[CH_QUEEN])) ||
                (ch_bishop_att(g->ksq, occ) & (p[CH_BISHOP] | p[CH_QUEEN])) ||
                (t->knight[g->ksq] & p[CH_KNIGHT]) ||
                (t->pawn[us][g->ksq] & p[CH_PAWN] & ~ch_bit(capsq)))
                continue;
            g->out[g->n++] = ch_make_move(from, ep, CH_MOVE_EP, 0);
        }
    }
}

static void castling_moves(gen *g)
{
    const ch_board *b = g->b;
    int us = g->us, base = us == CH_WHITE ? 0 : 56;
    int kright = us == CH_WHITE ? CH_CASTLE_WK : CH_CASTLE_BK;
    int qright = us == CH_WHITE ? CH_CASTLE_WQ : CH_CASTLE_BQ;
    if ((b->castling & kright) && !(b->all & (ch_bit(base + 5) | ch_bit(base + 6))) &&
        !ar_chess_attacked(b, base + 5, g->them) && !ar_chess_attacked(b, base + 6, g->them))
        g->out[g->n++] = ch_make_move(base + 4, base + 6, CH_MOVE_CASTLE, 0);
    if ((b->castling & qright) &&
        !(b->all & (ch_bit(base + 1) | ch_bit(base + 2) | ch_bit(base + 3))) &&
        !ar_chess_attacked(b, base + 3, g->them) && !ar_chess_attacked(b, base + 2, g->them))
        g->out[g->n++] = ch_make_move(base + 4, base + 2, CH_MOVE_CASTLE, 0);
}

static unsigned generate(const ch_board *b, ch_move *out, int noisy)
{
    const ch_tables *t = ar_chess_t;
    gen g;
    uint64_t checkers, kmoves, occ_noking, pieces;
    g.b = b;
    g.out = out;
    g.n = 0;
    g.us = b->stm;
    g.them = b->stm ^ 1;
    g.ksq = b->king[g.us];
    g.noisy = noisy;
    checkers = ar_chess_attackers(b, g.ksq, g.them, b->all);
    occ_noking = b->all ^ ch_bit(g.ksq);
    kmoves = t->king[g.ksq] & ~b->occ[g.us];
    if (noisy)
        kmoves &= b->occ[g.them];
    while (kmoves) {
        int to = ch_pop_lsb(&kmoves);
        if (!ar_chess_attackers(b, to, g.them, occ_noking))
            out[g.n++] = ch_make_move(g.ksq, to, CH_MOVE_NORMAL, 0);
    }
    if (checkers & (checkers - 1))
        return g.n; /* double check: only the king moves */
    g.pinned = pinned_pieces(b, g.us, g.ksq);
    if (checkers)
        g.target = t->between[g.ksq][ch_lsb(checkers)] | checkers;
    else
        g.target = ~b->occ[g.us];
    if (noisy)
        g.target &= b->occ[g.them] | 0xFF000000000000FFULL;
    pawn_moves(&g);
    if (noisy)
        g.target &= b->occ[g.them];
    pieces = b->pieces[g.us][CH_KNIGHT] & ~g.pinned; /* a pinned knight never moves */
    while (pieces) {
        int from = ch_pop_lsb(&pieces);
        add_targets(&g, from, t->knight[from] & g.target);
    }
    pieces = b->pieces[g.us][CH_BISHOP] | b->pieces[g.us][CH_QUEEN];
    while (pieces) {
        int from = ch_pop_lsb(&pieces);
        add_targets(&g, from, ch_bishop_att(from, b->all) & g.target);
    }
    pieces = b->pieces[g.us][CH_ROOK] | b->pieces[g.us][CH_QUEEN];
    while (pieces) {
        int from = ch_pop_lsb(&pieces);
        add_targets(&g, from, ch_rook_att(from, b->all) & g.target);
    }
    if (!checkers && !noisy)
        castling_moves(&g);
    return g.n;
}

unsigned ar_chess_legal(const ch_board *b, ch_move *out) { return generate(b, out, 0); }

unsigned ar_chess_legal_noisy(const ch_board *b, ch_move *out) { return generate(b, out, 1); }

uint64_t ar_chess_perft(const ch_board *b, int depth)
{
    ch_move moves[CH_MAX_MOVES];
    unsigned n, i;
    uint64_t total = 0;
    if (depth <= 0)
        return 1;
    n = ar_chess_legal(b, moves);
    if (depth == 1)
        return n;
    for (i = 0; i < n; i++) {
        ch_board child = *b;
        ar_chess_make(&child, moves[i]);
        total += ar_chess_perft(&child, depth - 1);
    }
    return total;
}
