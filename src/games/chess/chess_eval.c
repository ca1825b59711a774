/* chess_eval.c — the engine's evaluation, in centipawns for the side to
 * move: material, piece-square tables, mobility, king safety and pawn
 * structure, each with a middlegame and an endgame weight, blended by the
 * game phase (the non-pawn material left: 24 at the start, 0 with only
 * kings and pawns) — a "tapered" evaluation, so that the king hides in the
 * middlegame and walks to the centre in the endgame without a jump in the
 * score between the two.
 *
 * The piece-square tables are written as formulas (distance to the centre,
 * advancement) rather than 64-entry lists, which keeps every number an
 * explained choice. The weights are hand-set; docs/games/chess.md says how
 * each was measured against the others by self-play. */
#include "chess_engine.h"

#include <pthread.h>
#include <stdlib.h>

const int ar_chess_piece_value[6] = {100, 320, 330, 500, 900, 0};

static const int value_mg[6] = {90, 320, 330, 480, 950, 0};
static const int value_eg[6] = {110, 300, 320, 540, 1000, 0};
static const int phase_weight[6] = {0, 1, 1, 2, 4, 0};

/* Piece-square bonuses for white (black's mirrored by rank), [type][sq]. */
static int pst_mg[6][64], pst_eg[6][64];
static pthread_once_t pst_once = PTHREAD_ONCE_INIT;

static int centre_distance(int sq)
{
    int f = sq % 8, r = sq / 8;
    int df = f < 4 ? 3 - f : f - 4, dr = r < 4 ? 3 - r : r - 4;
    return df + dr; /* 0 on d4/e4/d5/e5, 6 in a corner */
}

static void build_pst(void)
{
    int sq;
    for (sq = 0; sq < 64; sq++) {
        int f = sq % 8, r = sq / 8, c = centre_distance(sq);
        int central_file = (f == 3 || f == 4);
        /* Pawns: advance, and the centre pawns most in the middlegame. */
        pst_mg[CH_PAWN][sq] = r == 0 || r == 7 ? 0 : (r - 1) * 4 + (central_file ? r * 5 - 5 : 0);
        pst_eg[CH_PAWN][sq] = r == 0 || r == 7 ? 0 : (r - 1) * 8;
        /* Knights love the centre and hate the rim. */
        pst_mg[CH_KNIGHT][sq] = 24 - 10 * c;
        pst_eg[CH_KNIGHT][sq] = 18 - 8 * c;
        pst_mg[CH_BISHOP][sq] = 10 - 4 * c + (r == 0 ? -10 : 0);
        pst_eg[CH_BISHOP][sq] = 10 - 4 * c;
        /* Rooks: the seventh rank; central files a little in the middlegame. */
        pst_mg[CH_ROOK][sq] = (r == 6 ? 20 : 0) + (f == 3 || f == 4 ? 6 : 0);
        pst_eg[CH_ROOK][sq] = r == 6 ? 15 : 0;
        pst_mg[CH_QUEEN][sq] = 5 - 2 * c + (r == 0 ? 0 : -3);
        pst_eg[CH_QUEEN][sq] = 20 - 6 * c;
        /* The king: behind its pawns on a wing in the middlegame, to the
         * centre in the endgame. */
        pst_mg[CH_KING][sq] = (r == 0 ? 10 : -20 * r) + (f == 6 || f == 1 ? 20 : f == 2 ? 5 : 0) -
                              (f == 3 || f == 4 ? 15 : 0);
        pst_eg[CH_KING][sq] = 30 - 10 * c;
    }
}

static const int passed_mg[8] = {0, 5, 10, 15, 30, 55, 90, 0};
static const int passed_eg[8] = {0, 10, 15, 30, 55, 95, 150, 0};

static uint64_t file_mask(int f) { return 0x0101010101010101ULL << f; }

static uint64_t adjacent_files(int f)
{
    return (f > 0 ? file_mask(f - 1) : 0) | (f < 7 ? file_mask(f + 1) : 0);
}

/* Squares in front of sq (towards the promotion rank) on its file and the
 * two beside it: a pawn is passed when no enemy pawn stands there. */
static uint64_t front_span(int colour, int sq)
{
    int f = sq % 8, r = sq / 8;
    uint64_t files = file_mask(f) | adjacent_files(f);
    uint64_t ahead = colour == CH_WHITE ? (r == 7 ? 0 : ~0ULL << (8 * (r + 1)))
                                        : (r == 0 ? 0 : ~0ULL >> (8 * (8 - r)));
    return files & ahead;
}

static uint64_t pawn_attacks(int colour, uint64_t pawns)
{
    const uint64_t not_a = ~file_mask(0), not_h = ~file_mask(7);
    if (colour == CH_WHITE)
        return ((pawns & not_a) << 7) | ((pawns & not_h) << 9);
    return ((pawns & not_a) >> 9) | ((pawns & not_h) >> 7);
}

typedef struct side_score {
    int mg, eg;
} side_score;

static void pawn_structure(const ch_board *b, int c, side_score *s)
{
    uint64_t own = b->pieces[c][CH_PAWN], theirs = b->pieces[c ^ 1][CH_PAWN], p = own;
    int f;
    for (f = 0; f < 8; f++) {
        int n = ch_popcount(own & file_mask(f));
        if (n > 1) {
            s->mg -= 10 * (n - 1);
            s->eg -= 20 * (n - 1);
        }
        if (n && !(own & adjacent_files(f))) {
            s->mg -= 10 * n;
            s->eg -= 15 * n;
        }
    }
    while (p) {
        int sq = ch_pop_lsb(&p);
        if (!(front_span(c, sq) & theirs)) {
            int rel = c == CH_WHITE ? sq / 8 : 7 - sq / 8;
            s->mg += passed_mg[rel];
            s->eg += passed_eg[rel];
        }
    }
}

/* Mobility, and the attacks on the zone around the enemy king. */
static void pieces_activity(const ch_board *b, int c, side_score *s, int *king_attack)
{
    const ch_tables *t = ar_chess_t;
    int them = c ^ 1, type;
    uint64_t safe = ~b->occ[c] & ~pawn_attacks(them, b->pieces[them][CH_PAWN]);
    uint64_t zone = t->king[b->king[them]] | ch_bit(b->king[them]);
    static const int mob_mg[6] = {0, 4, 5, 2, 1, 0}, mob_eg[6] = {0, 4, 5, 4, 2, 0};
    static const int centre_mob[6] = {0, 4, 6, 6, 12, 0};
    static const int attack_units[6] = {0, 2, 2, 3, 5, 0};
    int units = 0, attackers = 0;
    for (type = CH_KNIGHT; type <= CH_QUEEN; type++) {
        uint64_t pcs = b->pieces[c][type];
        while (pcs) {
            int sq = ch_pop_lsb(&pcs);
            uint64_t att = type == CH_KNIGHT   ? t->knight[sq]
                           : type == CH_BISHOP ? ch_bishop_att(sq, b->all)
                           : type == CH_ROOK   ? ch_rook_att(sq, b->all)
                                               : ch_bishop_att(sq, b->all) | ch_rook_att(sq, b->all);
            int mob = ch_popcount(att & safe) - centre_mob[type];
            s->mg += mob * mob_mg[type];
            s->eg += mob * mob_eg[type];
            if (att & zone) {
                units += attack_units[type] * ch_popcount(att & zone);
                attackers++;
            }
        }
    }
    *king_attack = attackers >= 2 ? units * units / 3 : 0;
}

/* Pawns in front of the king on its file and the two beside it. */
static int pawn_shield(const ch_board *b, int c)
{
    int k = b->king[c], f = k % 8, r = k / 8, n = 0, df;
    int fwd = c == CH_WHITE ? 1 : -1;
    for (df = -1; df <= 1; df++) {
        int ff = f + df, dr;
        if (ff < 0 || ff > 7)
            continue;
        for (dr = 1; dr <= 2; dr++) {
            int rr = r + fwd * dr;
            if (rr >= 0 && rr < 8 && b->board[rr * 8 + ff] == c * 6 + CH_PAWN) {
                n += dr == 1 ? 2 : 1;
                break;
            }
        }
    }
    return n;
}

int ar_chess_material(const ch_board *b)
{
    int t, e = 0;
    for (t = CH_PAWN; t < CH_KING; t++)
        e += ar_chess_piece_value[t] *
             (ch_popcount(b->pieces[CH_WHITE][t]) - ch_popcount(b->pieces[CH_BLACK][t]));
    return e;
}

int ar_chess_evaluate(const ch_board *b, ch_eval_terms *terms)
{
    side_score mat[2] = {{0, 0}, {0, 0}}, pst[2] = {{0, 0}, {0, 0}}, mob[2] = {{0, 0}, {0, 0}};
    side_score pawns[2] = {{0, 0}, {0, 0}};
    int king[2] = {0, 0}, attack[2], phase = 0, c, t, mg, eg, score;
    pthread_once(&pst_once, build_pst);
    for (c = 0; c < 2; c++) {
        for (t = CH_PAWN; t <= CH_KING; t++) {
            uint64_t pcs = b->pieces[c][t];
            int n = ch_popcount(pcs);
            mat[c].mg += n * value_mg[t];
            mat[c].eg += n * value_eg[t];
            phase += n * phase_weight[t];
            while (pcs) {
                int sq = ch_pop_lsb(&pcs);
                int rel = c == CH_WHITE ? sq : sq ^ 56;
                pst[c].mg += pst_mg[t][rel];
                pst[c].eg += pst_eg[t][rel];
            }
        }
        if (ch_popcount(b->pieces[c][CH_BISHOP]) >= 2) {
            mat[c].mg += 30;
            mat[c].eg += 50;
        }
        pawn_structure(b, c, &pawns[c]);
        pieces_activity(b, c, &mob[c], &attack[c]);
    }
    for (c = 0; c < 2; c++)
        king[c] = 12 * pawn_shield(b, c) - attack[c ^ 1];
    if (phase > 24)
        phase = 24;
    mg = mat[0].mg - mat[1].mg + pst[0].mg - pst[1].mg + mob[0].mg - mob[1].mg + pawns[0].mg -
         pawns[1].mg + king[0] - king[1];
    eg = mat[0].eg - mat[1].eg + pst[0].eg - pst[1].eg + mob[0].eg - mob[1].eg + pawns[0].eg -
         pawns[1].eg;
    score = (mg * phase + eg * (24 - phase)) / 24;
    if (terms) {
        terms->material = ((mat[0].mg - mat[1].mg) * phase + (mat[0].eg - mat[1].eg) * (24 - phase)) / 24;
        terms->pst = ((pst[0].mg - pst[1].mg) * phase + (pst[0].eg - pst[1].eg) * (24 - phase)) / 24;
        terms->mobility = ((mob[0].mg - mob[1].mg) * phase + (mob[0].eg - mob[1].eg) * (24 - phase)) / 24;
        terms->king_safety = ((king[0] - king[1]) * phase) / 24;
        terms->pawns = ((pawns[0].mg - pawns[1].mg) * phase + (pawns[0].eg - pawns[1].eg) * (24 - phase)) / 24;
        terms->phase = phase;
    }
    /* A side without pawns and with at most a minor piece more cannot win. */
    if (score > 0 && !b->pieces[0][CH_PAWN] && mat[0].mg - mat[1].mg < 400)
        score /= 8;
    if (score < 0 && !b->pieces[1][CH_PAWN] && mat[1].mg - mat[0].mg < 400)
        score /= 8;
    score = b->stm == CH_WHITE ? score : -score;
    return score + 10; /* the side to move has the tempo */
}
