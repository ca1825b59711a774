/* chess_board.c — the chess board: attack tables (magic bitboards, their
 * multipliers found by trial with a fixed seed and recorded below),
 * Zobrist keys, FEN in and out with every check of a legal position, making
 * moves, and the material-draw rule.
 *
 * The tables are built on first use under pthread_once and never written
 * again, so any number of searches may read them at once. */
#include "chess_internal.h"

#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static ch_tables tables;
const ch_tables *ar_chess_t;
static uint64_t rook_store[102400];
static uint64_t bishop_store[5248];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static uint64_t next_random(uint64_t *s)
{
    /* xorshift64*: a fixed sequence for magics and Zobrist keys. */
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 0x2545F4914F6CDD1DULL;
}

/* Attacks of a slider walking the given directions until blocked. */
static uint64_t slide(int sq, uint64_t occ, const int (*dirs)[2])
{
    uint64_t att = 0;
    int d;
    for (d = 0; d < 4; d++) {
        int f = sq % 8 + dirs[d][0], r = sq / 8 + dirs[d][1];
        for (; f >= 0 && f < 8 && r >= 0 && r < 8; f += dirs[d][0], r += dirs[d][1]) {
            att |= ch_bit(r * 8 + f);
            if (occ & ch_bit(r * 8 + f))
                break;
        }
    }
    return att;
}

static const int rook_dirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
static const int bishop_dirs[4][2] = {{1, 1}, {-1, 1}, {1, -1}, {-1, -1}};

/* The squares whose occupancy matters to a slider on sq: its rays without
 * their last square. */
static uint64_t relevant_mask(int sq, const int (*dirs)[2])
{
    uint64_t m = 0;
    int d;
    for (d = 0; d < 4; d++) {
        int f = sq % 8 + dirs[d][0], r = sq / 8 + dirs[d][1];
        while (f + dirs[d][0] >= 0 && f + dirs[d][0] < 8 && r + dirs[d][1] >= 0 &&
               r + dirs[d][1] < 8 && f >= 0 && f < 8 && r >= 0 && r < 8) {
            m |= ch_bit(r * 8 + f);
            f += dirs[d][0];
            r += dirs[d][1];
        }
    }
    return m;
}

/* The multipliers the trial search below finds from the seed of
 * build_tables, square a1 first, recorded so that start-up does not repeat
 * it (0.25 s of every chess command); each is checked as it fills the
 * table, and the seed goes on from where the search left it, so the
 * Zobrist keys are those of the search. */
static const uint64_t rook_magics[64] = {
    0x1080004008801020ULL, 0x0840092002c03000ULL, 0x1900200010400900ULL, 0x0880100008000480ULL,
    0x4200100420080200ULL, 0x8100020100080400ULL, 0x0200040110886200ULL, 0x0200008040220411ULL,
    0x0404800084400220ULL, 0x0000401000402000ULL, 0x0086001081220440ULL, 0x0408800800100280ULL,
    0x000a001201040820ULL, 0x8848800200840080ULL, 0x4001000100040200ULL, 0x0442000102105084ULL,
    0x9080010020804100ULL, 0x0040404000201009ULL, 0x0000808010002009ULL, 0x2200090021d00100ULL,
    0x0008008008040080ULL, 0x0004004002010040ULL, 0x0011040008015042ULL, 0x00000a0001768104ULL,
    0x0000800080204009ULL, 0x2010004140002001ULL, 0x9800200280100080ULL, 0x1000100080080080ULL,
    0x0442000a00049020ULL, 0x2100040080020080ULL, 0x0800120400900148ULL, 0x0010040a00128541ULL,
    0x2800804000800030ULL, 0x1010002000400041ULL, 0x4000200011004100ULL, 0x0610008410800800ULL,
    0x0400802402800800ULL, 0xc100020080800400ULL, 0x0002000802000401ULL, 0x0182085882000401ULL,
    0x0220204000808000ULL, 0x2860100040024022ULL, 0x0001002004110040ULL, 0x99101042000a0020ULL,
    0x0004080004008080ULL, 0x0010040002008080ULL, 0x2012004881020004ULL, 0x8300842444820011ULL,
    0x0088403882010200ULL, 0x0820400080210100ULL, 0x0110910040a00300ULL, 0x0801100280080480ULL,
    0x0242009008200600ULL, 0x1002000489500200ULL, 0x0040800200010080ULL, 0x0091800041000080ULL,
    0x0000209300488001ULL, 0x04c1002414824001ULL, 0x020020000b001041ULL, 0x7000100004200901ULL,
    0x8002002004100802ULL, 0x30010002084c0007ULL, 0x0888221800813004ULL, 0x4000002840840112ULL,
};
static const uint64_t bishop_magics[64] = {
    0xa010041108003100ULL, 0x006082020a002900ULL, 0x6810010619200000ULL, 0x08281a0520000408ULL,
    0x0001104001000400ULL, 0x0018901008048400ULL, 0x00040a0210245280ULL, 0x000200210808a402ULL,
    0x9140048410821200ULL, 0x0800091010820041ULL, 0x20504804832202c0ULL, 0x0100091401081000ULL,
    0x8021011140000012ULL, 0x0810020804450400ULL, 0x208b0542109008a2ULL, 0x0080084a08040204ULL,
    0x0040e2a80811244cULL, 0x2505022008008108ULL, 0x0430220100420040ULL, 0x010a040420220040ULL,
    0x1105000290400000ULL, 0x0093001200822120ULL, 0x4000a62048043004ULL, 0x280120048a015004ULL,
    0x006090002a020814ULL, 0x44042000240800d0ULL, 0x01102800040a4400ULL, 0x1004080080220040ULL,
    0x0001001011004024ULL, 0x0010044000805040ULL, 0x0914041200820100ULL, 0x0004821012821480ULL,
    0x0024040500c05021ULL, 0x0088611002080200ULL, 0x0116080a00040020ULL, 0x4000020080080080ULL,
    0x2450450140840040ULL, 0x0000880201484100ULL, 0x0222020404020092ULL, 0x8081110600002e00ULL,
    0x2842101105000801ULL, 0x1100809008001025ULL, 0x00020202221c0400ULL, 0x0422014022009020ULL,
    0x0210046102100c00ULL, 0xc004008082029102ULL, 0x00aa461801101200ULL, 0x0404080080201108ULL,
    0x020542108c205002ULL, 0x0410544804100100ULL, 0x0040910841100000ULL, 0x0400200042021100ULL,
    0x00004204850400c0ULL, 0x0200100410a42102ULL, 0x1040020801210102ULL, 0x0805040410420000ULL,
    0x2884804130100200ULL, 0x800c262201242000ULL, 0x1058000194108800ULL, 0x0014221054420204ULL,
    0x0104000012a02200ULL, 0x0200881003300100ULL, 0x0140400202840100ULL, 0x0402020801010201ULL,
};
#define SEED_AFTER_MAGICS 0x7db1a3ec31697511ULL

/* Whether magic m maps the n occupancies onto their attacks without a
 * clash, filling the table at `attacks` as it goes. */
static int fill_attacks(const ch_magic *m, uint64_t magic, uint64_t *attacks, const uint64_t *occs,
                        const uint64_t *atts, unsigned n, unsigned *epoch, unsigned attempt)
{
    unsigned i;
    for (i = 0; i < n; i++) {
        unsigned idx = (unsigned)(((occs[i] & m->mask) * magic) >> m->shift);
        if (epoch[idx] != attempt) {
            epoch[idx] = attempt;
            attacks[idx] = atts[i];
        } else if (attacks[idx] != atts[i]) {
            return 0;
        }
    }
    return 1;
}

/* Fills the attack tables of every square from `store` with the recorded
 * multipliers; a square whose recorded one fails (never, unless the table
 * above is edited) gets one by trial (sparse random numbers). Returns
 * whether all the recorded ones served. */
static int init_magics(ch_magic *magics, const uint64_t *recorded, uint64_t *store, const int (*dirs)[2],
                       uint64_t *seed)
{
    static uint64_t occs[4096], atts[4096];
    static unsigned epoch[4096];
    unsigned attempt = 0;
    size_t offset = 0;
    int sq, all_recorded = 1;
    for (sq = 0; sq < 64; sq++) {
        ch_magic *m = &magics[sq];
        unsigned n = 0, bits;
        uint64_t sub = 0;
        m->mask = relevant_mask(sq, dirs);
        bits = (unsigned)ch_popcount(m->mask);
        m->shift = 64 - bits;
        m->attacks = store + offset;
        do { /* every subset of the mask (carry-rippler) */
            occs[n] = sub;
            atts[n++] = slide(sq, sub, dirs);
            sub = (sub - m->mask) & m->mask;
        } while (sub);
        m->magic = recorded[sq];
        if (!fill_attacks(m, m->magic, store + offset, occs, atts, n, epoch, ++attempt)) {
            all_recorded = 0;
            for (;;) {
                m->magic = next_random(seed) & next_random(seed) & next_random(seed);
                if (ch_popcount((m->mask * m->magic) >> 56) >= 6 &&
                    fill_attacks(m, m->magic, store + offset, occs, atts, n, epoch, ++attempt))
                    break;
            }
        }
        offset += (size_t)1 << bits;
    }
    return all_recorded;
}

static void build_tables(void)
{
    ch_tables *t = &tables;
    uint64_t seed = 0x9E3779B97F4A7C15ULL;
    int sq, a, b, i, j;
    static const int kn[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    for (sq = 0; sq < 64; sq++) {
        int f = sq % 8, r = sq / 8;
        for (i = 0; i < 8; i++) {
            int nf = f + kn[i][0], nr = r + kn[i][1];
            if (nf >= 0 && nf < 8 && nr >= 0 && nr < 8)
                t->knight[sq] |= ch_bit(nr * 8 + nf);
        }
        for (i = -1; i <= 1; i++)
            for (j = -1; j <= 1; j++) {
                int nf = f + i, nr = r + j;
                if ((i || j) && nf >= 0 && nf < 8 && nr >= 0 && nr < 8)
                    t->king[sq] |= ch_bit(nr * 8 + nf);
            }
        if (r < 7) {
            if (f > 0)
                t->pawn[CH_WHITE][sq] |= ch_bit(sq + 7);
            if (f < 7)
                t->pawn[CH_WHITE][sq] |= ch_bit(sq + 9);
        }
        if (r > 0) {
            if (f > 0)
                t->pawn[CH_BLACK][sq] |= ch_bit(sq - 9);
            if (f < 7)
                t->pawn[CH_BLACK][sq] |= ch_bit(sq - 7);
        }
    }
    for (a = 0; a < 64; a++)
        for (b = 0; b < 64; b++) {
            if (a == b)
                continue;
            if (slide(a, 0, rook_dirs) & ch_bit(b)) {
                t->between[a][b] = slide(a, ch_bit(b), rook_dirs) & slide(b, ch_bit(a), rook_dirs);
                t->line[a][b] = (slide(a, 0, rook_dirs) & slide(b, 0, rook_dirs)) | ch_bit(a) | ch_bit(b);
            } else if (slide(a, 0, bishop_dirs) & ch_bit(b)) {
                t->between[a][b] =
                    slide(a, ch_bit(b), bishop_dirs) & slide(b, ch_bit(a), bishop_dirs);
                t->line[a][b] =
                    (slide(a, 0, bishop_dirs) & slide(b, 0, bishop_dirs)) | ch_bit(a) | ch_bit(b);
            }
        }
    if (init_magics(t->rook, rook_magics, rook_store, rook_dirs, &seed) &
        init_magics(t->bishop, bishop_magics, bishop_store, bishop_dirs, &seed))
        seed = SEED_AFTER_MAGICS;
    for (i = 0; i < 12; i++)
        for (sq = 0; sq < 64; sq++)
            t->zob_piece[i][sq] = next_random(&seed);
    for (i = 0; i < 16; i++)
        t->zob_castle[i] = i ? next_random(&seed) : 0;
    for (i = 0; i < 8; i++)
        t->zob_ep[i] = next_random(&seed);
    t->zob_side = next_random(&seed);
    ar_chess_t = t;
}

const ch_tables *ar_chess_tables(void)
{
    pthread_once(&tables_once, build_tables);
    return &tables;
}

uint64_t ar_chess_attackers(const ch_board *b, int sq, int by, uint64_t occ)
{
    const ch_tables *t = ar_chess_t;
    const uint64_t *p = b->pieces[by];
    return (t->pawn[by ^ 1][sq] & p[CH_PAWN]) | (t->knight[sq] & p[CH_KNIGHT]) |
           (t->king[sq] & p[CH_KING]) | (ch_rook_att(sq, occ) & (p[CH_ROOK] | p[CH_QUEEN])) |
           (ch_bishop_att(sq, occ) & (p[CH_BISHOP] | p[CH_QUEEN]));
}

int ar_chess_attacked(const ch_board *b, int sq, int by)
{
    return ar_chess_attackers(b, sq, by, b->all) != 0;
}

/* ------------------------------------------------------------ board edits */

static void put(ch_board *b, int piece, int sq)
{
    uint64_t bit = ch_bit(sq);
    b->board[sq] = (uint8_t)piece;
    b->pieces[piece / 6][piece % 6] |= bit;
    b->occ[piece / 6] |= bit;
    b->all |= bit;
    b->key ^= ar_chess_t->zob_piece[piece][sq];
}

static void take(ch_board *b, int sq)
{
    int piece = b->board[sq];
    uint64_t bit = ch_bit(sq);
    b->board[sq] = CH_EMPTY;
    b->pieces[piece / 6][piece % 6] ^= bit;
    b->occ[piece / 6] ^= bit;
    b->all ^= bit;
    b->key ^= ar_chess_t->zob_piece[piece][sq];
}

static void clear_board(ch_board *b)
{
    ar_chess_tables();
    memset(b, 0, sizeof *b);
    memset(b->board, CH_EMPTY, sizeof b->board);
    b->ep = CH_NO_SQ;
    b->fullmove = 1;
}

/* Castling rights kept after a move from or to each square. */
static uint8_t castle_keep(int sq)
{
    switch (sq) {
    case 0: return (uint8_t)~CH_CASTLE_WQ & 15;
    case 4: return (uint8_t)~(CH_CASTLE_WK | CH_CASTLE_WQ) & 15;
    case 7: return (uint8_t)~CH_CASTLE_WK & 15;
    case 56: return (uint8_t)~CH_CASTLE_BQ & 15;
    case 60: return (uint8_t)~(CH_CASTLE_BK | CH_CASTLE_BQ) & 15;
    case 63: return (uint8_t)~CH_CASTLE_BK & 15;
    default: return 15;
    }
}

/* Sets the en passant square behind a pawn that just moved two squares,
 * only when a pawn of the side now to move attacks it (so equal positions
 * have equal keys). */
static void set_ep(ch_board *b, int sq)
{
    if (ar_chess_t->pawn[b->stm ^ 1][sq] & b->pieces[b->stm][CH_PAWN]) {
        b->ep = (uint8_t)sq;
        b->key ^= ar_chess_t->zob_ep[sq % 8];
    }
}

void ar_chess_make(ch_board *b, ch_move m)
{
    const ch_tables *t = ar_chess_t;
    int from = ch_from(m), to = ch_to(m), kind = ch_kind(m);
    int piece = b->board[from], us = b->stm;
    int type = piece % 6;
    b->halfmove++;
    if (b->ep != CH_NO_SQ) {
        b->key ^= t->zob_ep[b->ep % 8];
        b->ep = CH_NO_SQ;
    }
    if (kind == CH_MOVE_EP) {
        take(b, to + (us == CH_WHITE ? -8 : 8));
    } else if (b->board[to] != CH_EMPTY) {
        take(b, to);
        b->halfmove = 0;
    }
    take(b, from);
    if (kind == CH_MOVE_PROMO)
        put(b, us * 6 + ch_promo_type(m), to);
    else
        put(b, piece, to);
    if (kind == CH_MOVE_CASTLE) {
        int rfrom = to > from ? to + 1 : to - 2, rto = to > from ? to - 1 : to + 1;
        take(b, rfrom);
        put(b, us * 6 + CH_ROOK, rto);
    }
    if (type == CH_KING)
        b->king[us] = (uint8_t)to;
    b->key ^= t->zob_castle[b->castling];
    b->castling &= castle_keep(from) & castle_keep(to);
    b->key ^= t->zob_castle[b->castling];
    b->stm ^= 1;
    b->key ^= t->zob_side;
    if (type == CH_PAWN) {
        b->halfmove = 0;
        if (to - from == 16 || from - to == 16)
            set_ep(b, (from + to) / 2);
    }
    if (us == CH_BLACK)
        b->fullmove++;
}

void ar_chess_make_null(ch_board *b)
{
    if (b->ep != CH_NO_SQ) {
        b->key ^= ar_chess_t->zob_ep[b->ep % 8];
        b->ep = CH_NO_SQ;
    }
    b->stm ^= 1;
    b->key ^= ar_chess_t->zob_side;
    b->halfmove++;
}

int ar_chess_insufficient(const ch_board *b)
{
    uint64_t minors, bishops;
    int c;
    for (c = 0; c < 2; c++)
        if (b->pieces[c][CH_PAWN] | b->pieces[c][CH_ROOK] | b->pieces[c][CH_QUEEN])
            return 0;
    minors = b->pieces[0][CH_KNIGHT] | b->pieces[1][CH_KNIGHT] | b->pieces[0][CH_BISHOP] |
             b->pieces[1][CH_BISHOP];
    if (ch_popcount(minors) <= 1)
        return 1;
    /* Only bishops, all on squares of one colour: nobody can ever mate. */
    bishops = b->pieces[0][CH_BISHOP] | b->pieces[1][CH_BISHOP];
    if (bishops == minors) {
        const uint64_t dark = 0xAA55AA55AA55AA55ULL;
        return (bishops & dark) == 0 || (bishops & ~dark) == 0;
    }
    return 0;
}

/* ------------------------------------------------------------------- FEN */

void ar_chess_startpos(ch_board *b)
{
    static const char start[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    ar_chess_parse_fen(start, sizeof start - 1, b, NULL, NULL);
}

static const char piece_chars[] = "PNBRQKpnbrqk";

/* The next space-separated field of text[*at..len); returns its length. */
static size_t next_field(const char *text, size_t len, size_t *at, const char **field)
{
    size_t start;
    while (*at < len && (text[*at] == ' ' || text[*at] == '\t'))
        (*at)++;
    start = *at;
    while (*at < len && text[*at] != ' ' && text[*at] != '\t' && text[*at] != '\n' &&
           text[*at] != '\r')
        (*at)++;
    *field = text + start;
    return *at - start;
}

static int parse_count(const char *f, size_t n, long max, long *out)
{
    long v = 0;
    size_t i;
    if (n == 0 || n > 6)
        return -1;
    for (i = 0; i < n; i++) {
        if (!isdigit((unsigned char)f[i]))
            return -1;
        v = v * 10 + (f[i] - '0');
    }
    if (v > max)
        return -1;
    *out = v;
    return 0;
}

/* Checks that the pieces could come from a game: one king each, no pawns on
 * the first or last rank, at most 16 men and 8 pawns a side, and no more
 * promoted pieces than missing pawns. */
static ar_status check_material(const ch_board *b, ar_error *err)
{
    static const char *const side[2] = {"white", "black"};
    int c;
    if ((b->pieces[0][CH_PAWN] | b->pieces[1][CH_PAWN]) & 0xFF000000000000FFULL)
        return ar_error_set(err, AR_ERR_INPUT, "FEN: a pawn on the first or last rank");
    for (c = 0; c < 2; c++) {
        const uint64_t *p = b->pieces[c];
        int kings = ch_popcount(p[CH_KING]), pawns = ch_popcount(p[CH_PAWN]);
        int extra = 0;
        if (kings != 1)
            return ar_error_set(err, AR_ERR_INPUT, "FEN: %s has %d kings (must have one)", side[c], kings);
        if (ch_popcount(b->occ[c]) > 16)
            return ar_error_set(err, AR_ERR_INPUT, "FEN: %s has %d pieces (at most 16)", side[c],
                                ch_popcount(b->occ[c]));
        if (pawns > 8)
            return ar_error_set(err, AR_ERR_INPUT, "FEN: %s has %d pawns (at most 8)", side[c], pawns);
        extra += ch_popcount(p[CH_KNIGHT]) > 2 ? ch_popcount(p[CH_KNIGHT]) - 2 : 0;
        extra += ch_popcount(p[CH_BISHOP]) > 2 ? ch_popcount(p[CH_BISHOP]) - 2 : 0;
        extra += ch_popcount(p[CH_ROOK]) > 2 ? ch_popcount(p[CH_ROOK]) - 2 : 0;
        extra += ch_popcount(p[CH_QUEEN]) > 1 ? ch_popcount(p[CH_QUEEN]) - 1 : 0;
        if (extra > 8 - pawns)
            return ar_error_set(err, AR_ERR_INPUT,
                                "FEN: %s has %d promoted pieces but only %d pawns are missing",
                                side[c], extra, 8 - pawns);
    }
    return AR_OK;
}

static ar_status parse_placement(const char *f, size_t n, ch_board *b, ar_error *err)
{
    int rank = 7, file = 0;
    size_t i;
    for (i = 0; i < n; i++) {
        char ch = f[i];
        const char *p;
        if (ch == '/') {
            if (file != 8)
                return ar_error_set(err, AR_ERR_INPUT, "FEN: rank %d has %d squares (must have 8)",
                                    rank + 1, file);
            if (--rank < 0)
                return ar_error_set(err, AR_ERR_INPUT, "FEN: more than 8 ranks");
            file = 0;
        } else if (ch >= '1' && ch <= '8') {
            file += ch - '0';
            if (file > 8)
                return ar_error_set(err, AR_ERR_INPUT, "FEN: rank %d has more than 8 squares", rank + 1);
        } else if (ch && (p = strchr(piece_chars, ch)) != NULL) {
            if (file >= 8)
                return ar_error_set(err, AR_ERR_INPUT, "FEN: rank %d has more than 8 squares", rank + 1);
            put(b, (int)(p - piece_chars), rank * 8 + file);
            file++;
        } else {
            return ar_error_set(err, AR_ERR_INPUT, "FEN: '%c' is not a piece (PNBRQK, pnbrqk, 1-8 or /)",
                                isprint((unsigned char)ch) ? ch : '?');
        }
    }
    if (rank != 0 || file != 8)
        return ar_error_set(err, AR_ERR_INPUT, "FEN: the board has %d ranks (must have 8 of 8 squares)",
                            8 - rank);
    return AR_OK;
}

static ar_status parse_castling(const char *f, size_t n, ch_board *b, ar_error *err)
{
    size_t i;
    if (n == 1 && f[0] == '-')
        return AR_OK;
    for (i = 0; i < n; i++) {
        static const char rights[] = "KQkq";
        const char *p = f[i] ? strchr(rights, f[i]) : NULL;
        int r, c, rook_sq;
        if (!p)
            return ar_error_set(err, AR_ERR_INPUT, "FEN: castling rights '%.*s' (use KQkq or -)",
                                (int)(n > 8 ? 8 : n), f);
        r = (int)(p - rights);
        c = r / 2;
        if (b->castling & (1 << r))
            return ar_error_set(err, AR_ERR_INPUT, "FEN: castling right '%c' given twice", f[i]);
        rook_sq = (c ? 56 : 0) + (r % 2 ? 0 : 7);
        if (b->board[c ? 60 : 4] != c * 6 + CH_KING || b->board[rook_sq] != c * 6 + CH_ROOK)
            return ar_error_set(err, AR_ERR_INPUT,
                                "FEN: castling right '%c' but the king or rook is not at home", f[i]);
        b->castling |= (uint8_t)(1 << r);
    }
    return AR_OK;
}

static ar_status parse_ep(const char *f, size_t n, ch_board *b, ar_error *err)
{
    int sq, us = b->stm;
    if (n == 1 && f[0] == '-')
        return AR_OK;
    if (n != 2 || f[0] < 'a' || f[0] > 'h' || f[1] < '1' || f[1] > '8')
        return ar_error_set(err, AR_ERR_INPUT, "FEN: en passant square '%.*s' (use e3, d6 or -)",
                            (int)(n > 8 ? 8 : n), f);
    sq = (f[1] - '1') * 8 + (f[0] - 'a');
    /* The pawn that just moved two squares stands in front of the square,
     * which it crossed, and from which it came. */
    if ((us == CH_WHITE && f[1] != '6') || (us == CH_BLACK && f[1] != '3') ||
        b->board[us == CH_WHITE ? sq - 8 : sq + 8] != (us ^ 1) * 6 + CH_PAWN ||
        b->board[sq] != CH_EMPTY || b->board[us == CH_WHITE ? sq + 8 : sq - 8] != CH_EMPTY)
        return ar_error_set(err, AR_ERR_INPUT,
                            "FEN: en passant square %.2s but no pawn can just have passed it", f);
    set_ep(b, sq);
    return AR_OK;
}

ar_status ar_chess_parse_fen(const char *text, size_t len, ch_board *b, size_t *used, ar_error *err)
{
    size_t at = 0, n;
    const char *f;
    long half = 0, full = 1;
    ar_status st;
    clear_board(b);
    n = next_field(text, len, &at, &f);
    if (n == 0)
        return ar_error_set(err, AR_ERR_INPUT, "FEN: empty (expected the board, e.g. rnbqkbnr/pppppppp/...)");
    if ((st = parse_placement(f, n, b, err)) != AR_OK || (st = check_material(b, err)) != AR_OK)
        return st;
    b->king[0] = (uint8_t)ch_lsb(b->pieces[0][CH_KING]);
    b->king[1] = (uint8_t)ch_lsb(b->pieces[1][CH_KING]);
    n = next_field(text, len, &at, &f);
    if (n != 1 || (f[0] != 'w' && f[0] != 'b'))
        return ar_error_set(err, AR_ERR_INPUT, "FEN: side to move '%.*s' (use w or b)",
                            (int)(n > 8 ? 8 : n), f);
    if (f[0] == 'b') {
        b->stm = CH_BLACK;
        b->key ^= ar_chess_t->zob_side;
    }
    n = next_field(text, len, &at, &f);
    if (n == 0)
        return ar_error_set(err, AR_ERR_INPUT, "FEN: castling rights missing (KQkq or -)");
    if ((st = parse_castling(f, n, b, err)) != AR_OK)
        return st;
    b->key ^= ar_chess_t->zob_castle[b->castling];
    n = next_field(text, len, &at, &f);
    if (n == 0)
        return ar_error_set(err, AR_ERR_INPUT, "FEN: en passant square missing (e3, d6 or -)");
    if ((st = parse_ep(f, n, b, err)) != AR_OK)
        return st;
    /* The two move counters are optional (EPD-style FEN leaves them out). */
    {
        size_t save = at;
        n = next_field(text, len, &at, &f);
        if (n) {
            if (parse_count(f, n, 10000, &half) != 0)
                return ar_error_set(err, AR_ERR_INPUT, "FEN: halfmove clock '%.*s' (0..10000)",
                                    (int)(n > 8 ? 8 : n), f);
            n = next_field(text, len, &at, &f);
            if (parse_count(f, n, 10000, &full) != 0 || full < 1)
                return ar_error_set(err, AR_ERR_INPUT, "FEN: move number '%.*s' (1..10000)",
                                    (int)(n > 8 ? 8 : n), f);
        } else {
            at = save;
        }
        (void)save;
    }
    b->halfmove = (uint16_t)half;
    b->fullmove = (uint16_t)full;
    if (ar_chess_attacked(b, b->king[b->stm ^ 1], b->stm))
        return ar_error_set(err, AR_ERR_INPUT, "FEN: the side not to move (%s) is in check",
                            b->stm ? "white" : "black");
    if (ch_popcount(ar_chess_attackers(b, b->king[b->stm], b->stm ^ 1, b->all)) > 2)
        return ar_error_set(err, AR_ERR_INPUT, "FEN: the king is in check by more than two pieces");
    if (used)
        *used = at;
    return AR_OK;
}

void ar_chess_format_fen(const ch_board *b, char *buf, size_t size)
{
    char out[100];
    size_t k = 0;
    int r, f;
    for (r = 7; r >= 0; r--) {
        int empty = 0;
        for (f = 0; f < 8; f++) {
            int p = b->board[r * 8 + f];
            if (p == CH_EMPTY) {
                empty++;
                continue;
            }
            if (empty)
                out[k++] = (char)('0' + empty);
            empty = 0;
            out[k++] = piece_chars[p];
        }
        if (empty)
            out[k++] = (char)('0' + empty);
        if (r)
            out[k++] = '/';
    }
    out[k++] = ' ';
    out[k++] = b->stm ? 'b' : 'w';
    out[k++] = ' ';
    if (!b->castling)
        out[k++] = '-';
    for (r = 0; r < 4; r++)
        if (b->castling & (1 << r))
            out[k++] = "KQkq"[r];
    out[k++] = ' ';
    if (b->ep == CH_NO_SQ) {
        out[k++] = '-';
    } else {
        out[k++] = (char)('a' + b->ep % 8);
        out[k++] = (char)('1' + b->ep / 8);
    }
    out[k] = 0;
    snprintf(buf, size, "%s %u %u", out, (unsigned)b->halfmove, (unsigned)b->fullmove);
}
