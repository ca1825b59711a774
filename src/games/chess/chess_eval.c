/* chess_eval.c — the engine's evaluation, in centipawns for the side to
 * move: material, piece-square tables, mobility, king safety and pawn
 * structure, each with a middlegame and an endgame weight, blended by the
 * game phase (the non-pawn material left: 24 at the start, 0 with only
 * kings and pawns) — a "tapered" evaluation, so that the king hides in the
 * middlegame and walks to the centre in the endgame without a jump in the
 * score between the two.
 *
 * Every weight lives in one array (ch_eval_params, its groups listed once in
 * chess_engine.h). The evaluation is written once, as eval_core; called
 * with a trace it also records how much each weight contributed, which is
 * what the tuner (chess_tune.c) fits the weights to. The hand-set weights
 * are built here from formulas (distance to the centre, advancement), each
 * an explained choice; the tuned ones are in chess_eval_tuned.c, and the
 * default is whichever measured stronger (now the tuned ones). This file
 * also reads and writes the weights file. */
#include "ariadne/tool.h"
#include "chess_engine.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

const int ar_chess_piece_value[6] = {100, 320, 330, 500, 900, 0};

static const int phase_weight[6] = {0, 1, 1, 2, 4, 0};
/* Mobility counts from this many safe squares (an average piece's). */
static const int centre_mob[6] = {0, 4, 6, 6, 12, 0};
static const int attack_units[6] = {0, 2, 2, 3, 5, 0};

#define CH_PARAM_GROUP(id, label, n, tp) {.name = label, .first = CH_P_##id, .count = (n), .taper = (tp)},
const ch_param_group ar_chess_param_groups[] = {CH_EVAL_GROUPS(CH_PARAM_GROUP){.name = NULL}};
#undef CH_PARAM_GROUP

/* ------------------------------------------------- the hand-set weights */

static ch_eval_params handset;
static pthread_once_t handset_once = PTHREAD_ONCE_INIT;

static int centre_distance(int sq)
{
    int f = sq % 8, r = sq / 8;
    int df = f < 4 ? 3 - f : f - 4, dr = r < 4 ? 3 - r : r - 4;
    return df + dr; /* 0 on d4/e4/d5/e5, 6 in a corner */
}

static void build_handset(void)
{
    static const int value_mg[6] = {90, 320, 330, 480, 950, 0}, value_eg[6] = {110, 300, 320, 540, 1000, 0};
    static const int passed_mg[8] = {0, 5, 10, 15, 30, 55, 90, 0};
    static const int passed_eg[8] = {0, 10, 15, 30, 55, 95, 150, 0};
    static const int mob_mg[6] = {0, 4, 5, 2, 1, 0}, mob_eg[6] = {0, 4, 5, 4, 2, 0};
    int *v = handset.v, sq, t;
    for (t = 0; t < 6; t++) {
        v[CH_P_VALUE_MG + t] = value_mg[t];
        v[CH_P_VALUE_EG + t] = value_eg[t];
        v[CH_P_MOBILITY_MG + t] = mob_mg[t];
        v[CH_P_MOBILITY_EG + t] = mob_eg[t];
    }
    for (t = 0; t < 8; t++) {
        v[CH_P_PASSED_MG + t] = passed_mg[t];
        v[CH_P_PASSED_EG + t] = passed_eg[t];
    }
    for (sq = 0; sq < 64; sq++) {
        int f = sq % 8, r = sq / 8, c = centre_distance(sq);
        int central_file = (f == 3 || f == 4);
        int *mg = v + CH_P_PST_MG, *eg = v + CH_P_PST_EG;
        /* Pawns: advance, and the centre pawns most in the middlegame. */
        mg[CH_PAWN * 64 + sq] = r == 0 || r == 7 ? 0 : (r - 1) * 4 + (central_file ? r * 5 - 5 : 0);
        eg[CH_PAWN * 64 + sq] = r == 0 || r == 7 ? 0 : (r - 1) * 8;
        /* Knights love the centre and hate the rim. */
        mg[CH_KNIGHT * 64 + sq] = 24 - 10 * c;
        eg[CH_KNIGHT * 64 + sq] = 18 - 8 * c;
        mg[CH_BISHOP * 64 + sq] = 10 - 4 * c + (r == 0 ? -10 : 0);
        eg[CH_BISHOP * 64 + sq] = 10 - 4 * c;
        /* Rooks: the seventh rank; central files a little in the middlegame. */
        mg[CH_ROOK * 64 + sq] = (r == 6 ? 20 : 0) + (central_file ? 6 : 0);
        eg[CH_ROOK * 64 + sq] = r == 6 ? 15 : 0;
        mg[CH_QUEEN * 64 + sq] = 5 - 2 * c + (r == 0 ? 0 : -3);
        eg[CH_QUEEN * 64 + sq] = 20 - 6 * c;
        /* The king: behind its pawns on a wing in the middlegame, to the
         * centre in the endgame. */
        mg[CH_KING * 64 + sq] =
            (r == 0 ? 10 : -20 * r) + (f == 6 || f == 1 ? 20 : f == 2 ? 5 : 0) - (central_file ? 15 : 0);
        eg[CH_KING * 64 + sq] = 30 - 10 * c;
    }
    v[CH_P_BISHOP_PAIR_MG] = 30;
    v[CH_P_BISHOP_PAIR_EG] = 50;
    v[CH_P_DOUBLED_MG] = -10; /* per extra pawn on a file */
    v[CH_P_DOUBLED_EG] = -20;
    v[CH_P_ISOLATED_MG] = -10; /* per pawn without a friend on the files beside */
    v[CH_P_ISOLATED_EG] = -15;
    v[CH_P_SHIELD_MG] = 12; /* per shield unit: 2 a pawn just ahead, 1 two ahead */
    v[CH_P_SHIELD_EG] = 0;
    v[CH_P_KING_ATTACK_MG] = 16; /* times units^2/48 of our attack on the zone of their king */
    v[CH_P_KING_ATTACK_EG] = 0;
    v[CH_P_TEMPO] = 10;
}

const ch_eval_params *ar_chess_params_handset(void)
{
    pthread_once(&handset_once, build_handset);
    return &handset;
}

/* The default is the tuned weights, fitted to Stockfish's scores of 54,481
 * positions (chess_eval_tuned.c): against the hand-set ones they measured
 * +30 [+3, +57] Elo over 576 node-limited games and +83 [+43, +125] over 240
 * games at 2+0.02 (docs/games/chess.md, "What it gave"). */
const ch_eval_params *ar_chess_params_default(void) { return ar_chess_params_tuned(); }

/* ------------------------------------------------------------ the terms */

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

/* One term: n times weight idx for colour c (sign), into the middlegame or
 * endgame sum by the weight's group, and into the trace when there is one.
 * The trace test is a constant in each of the two callers, so the engine's
 * copy of eval_core has none of it. */
#define TERM(acc, idx, n)                                \
    do {                                                 \
        int n_ = (n);                                    \
        acc += sign * P[(idx)] * n_;                     \
        if (trace)                                       \
            trace->coef[(idx)] += sign * n_;             \
    } while (0)

static inline int eval_core(const ch_eval_params *params, const ch_board *b, ch_eval_trace *trace)
{
    const ch_tables *t = ar_chess_t;
    const int *P = params->v;
    int mg = 0, eg = 0, phase = 0, c, type, score, scaled;
    for (c = 0; c < 2; c++) {
        int sign = c == CH_WHITE ? 1 : -1, them = c ^ 1, f, units = 0, attackers = 0;
        uint64_t own = b->pieces[c][CH_PAWN], theirs = b->pieces[them][CH_PAWN], p;
        uint64_t safe = ~b->occ[c] & ~pawn_attacks(them, theirs);
        uint64_t zone = t->king[b->king[them]] | ch_bit(b->king[them]);
        /* Material, phase and piece-square tables. */
        for (type = CH_PAWN; type <= CH_KING; type++) {
            uint64_t pcs = b->pieces[c][type];
            int n = ch_popcount(pcs);
            TERM(mg, CH_P_VALUE_MG + type, n);
            TERM(eg, CH_P_VALUE_EG + type, n);
            phase += n * phase_weight[type];
            while (pcs) {
                int sq = ch_pop_lsb(&pcs), rel = c == CH_WHITE ? sq : sq ^ 56;
                TERM(mg, CH_P_PST_MG + type * 64 + rel, 1);
                TERM(eg, CH_P_PST_EG + type * 64 + rel, 1);
            }
        }
        if (ch_popcount(b->pieces[c][CH_BISHOP]) >= 2) {
            TERM(mg, CH_P_BISHOP_PAIR_MG, 1);
            TERM(eg, CH_P_BISHOP_PAIR_EG, 1);
        }
        /* Pawn structure: doubled, isolated, passed. */
        for (f = 0; f < 8; f++) {
            int n = ch_popcount(own & file_mask(f));
            if (n > 1) {
                TERM(mg, CH_P_DOUBLED_MG, n - 1);
                TERM(eg, CH_P_DOUBLED_EG, n - 1);
            }
            if (n && !(own & adjacent_files(f))) {
                TERM(mg, CH_P_ISOLATED_MG, n);
                TERM(eg, CH_P_ISOLATED_EG, n);
            }
        }
        for (p = own; p;) {
            int sq = ch_pop_lsb(&p);
            if (!(front_span(c, sq) & theirs)) {
                int rel = c == CH_WHITE ? sq / 8 : 7 - sq / 8;
                TERM(mg, CH_P_PASSED_MG + rel, 1);
                TERM(eg, CH_P_PASSED_EG + rel, 1);
            }
        }
        /* Mobility (safe squares beyond an average piece's), and the attacks
         * on the zone around the enemy king. */
        for (type = CH_KNIGHT; type <= CH_QUEEN; type++) {
            uint64_t pcs = b->pieces[c][type];
            while (pcs) {
                int sq = ch_pop_lsb(&pcs), mob;
                uint64_t att = type == CH_KNIGHT   ? t->knight[sq]
                               : type == CH_BISHOP ? ch_bishop_att(sq, b->all)
                               : type == CH_ROOK   ? ch_rook_att(sq, b->all)
                                                   : ch_bishop_att(sq, b->all) | ch_rook_att(sq, b->all);
                mob = ch_popcount(att & safe) - centre_mob[type];
                TERM(mg, CH_P_MOBILITY_MG + type, mob);
                TERM(eg, CH_P_MOBILITY_EG + type, mob);
                if (att & zone) {
                    units += attack_units[type] * ch_popcount(att & zone);
                    attackers++;
                }
            }
        }
        /* King safety: our shield, and our attack on their king. Two
         * attackers at least; the
         * attack grows with the square of its units (/48, so that a weight
         * of 16 is units^2/3). */
        TERM(mg, CH_P_SHIELD_MG, pawn_shield(b, c));
        TERM(eg, CH_P_SHIELD_EG, pawn_shield(b, c));
        if (attackers >= 2) {
            int sq_units = units * units;
            mg += sign * P[CH_P_KING_ATTACK_MG] * sq_units / 48;
            eg += sign * P[CH_P_KING_ATTACK_EG] * sq_units / 48;
            if (trace) {
                trace->coef[CH_P_KING_ATTACK_MG] += sign * sq_units / 48.0;
                trace->coef[CH_P_KING_ATTACK_EG] += sign * sq_units / 48.0;
            }
        }
    }
    if (phase > 24)
        phase = 24;
    score = (mg * phase + eg * (24 - phase)) / 24;
    /* A side without pawns and with at most a minor piece more cannot win
     * (read with the fixed piece values, so that tuning leaves it alone). */
    scaled = 0;
    {
        int material = ar_chess_material(b);
        if (score > 0 && !b->pieces[0][CH_PAWN] && material < 400)
            scaled = 1;
        if (score < 0 && !b->pieces[1][CH_PAWN] && -material < 400)
            scaled = 1;
    }
    if (scaled)
        score /= 8;
    if (trace) {
        trace->phase = phase;
        trace->scale = scaled ? 0.125 : 1.0;
        trace->coef[CH_P_TEMPO] = b->stm == CH_WHITE ? 1 : -1;
    }
    /* The side to move has the tempo. */
    return (b->stm == CH_WHITE ? score : -score) + P[CH_P_TEMPO];
}
#undef TERM

int ar_chess_evaluate(const ch_eval_params *p, const ch_board *b)
{
    return eval_core(p ? p : ar_chess_params_default(), b, NULL);
}

int ar_chess_evaluate_trace(const ch_eval_params *p, const ch_board *b, ch_eval_trace *trace)
{
    memset(trace, 0, sizeof *trace);
    return eval_core(p ? p : ar_chess_params_default(), b, trace);
}

/* ------------------------------------------------------ the weights file */

static const ch_param_group *find_group(const char *name, size_t len)
{
    const ch_param_group *g;
    for (g = ar_chess_param_groups; g->name; g++)
        if (strlen(g->name) == len && !memcmp(g->name, name, len))
            return g;
    return NULL;
}

static const char *skip_space(const char *p, int *line)
{
    for (;;) {
        if (*p == '\n')
            (*line)++;
        if (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
            p++;
        else if (*p == '#')
            while (*p && *p != '\n')
                p++;
        else
            return p;
    }
}

ar_status ar_chess_params_parse(const char *text, ch_eval_params *out, ar_error *err)
{
    unsigned char seen[64] = {0};
    const ch_param_group *g;
    const char *p = text;
    int line = 1;
    memset(out, 0, sizeof *out);
    for (p = skip_space(p, &line); *p; p = skip_space(p, &line)) {
        size_t len = strcspn(p, " \t\r\n#");
        int k;
        g = find_group(p, len);
        if (!g)
            return ar_error_set(err, AR_ERR_INPUT, "line %d: unknown parameter group '%.*s'", line,
                                (int)(len > 40 ? 40 : len), p);
        if (seen[g - ar_chess_param_groups]++)
            return ar_error_set(err, AR_ERR_INPUT, "line %d: group '%s' given twice", line, g->name);
        p += len;
        for (k = 0; k < g->count; k++) {
            char *end;
            long v;
            p = skip_space(p, &line);
            v = strtol(p, &end, 10);
            if (end == p || (*end && !strchr(" \t\r\n#", *end)))
                return ar_error_set(err, AR_ERR_INPUT, "line %d: %s: value %d of %d is not an integer ('%.12s')",
                                    line, g->name, k + 1, g->count, p);
            if (v < -30000 || v > 30000)
                return ar_error_set(err, AR_ERR_INPUT, "line %d: %s: value %ld is out of -30000..30000", line,
                                    g->name, v);
            out->v[g->first + k] = (int)v;
            p = end;
        }
    }
    for (g = ar_chess_param_groups; g->name; g++)
        if (!seen[g - ar_chess_param_groups])
            return ar_error_set(err, AR_ERR_INPUT, "group '%s' (%d values) is missing", g->name, g->count);
    return AR_OK;
}

static ar_status parse_params_text(const char *text, void *out, ar_error *err)
{
    return ar_chess_params_parse(text, out, err);
}

ar_status ar_chess_params_load(const char *path, ch_eval_params *out, ar_error *err)
{
    return ar_parse_file(path, parse_params_text, out, err);
}

void ar_chess_params_write(FILE *out, const ch_eval_params *p, const char *comment)
{
    const ch_param_group *g;
    if (comment)
        fprintf(out, "# %s\n", comment);
    fprintf(out, "# ariadne chess evaluation weights (docs/games/chess.md, \"The weights file\")\n");
    for (g = ar_chess_param_groups; g->name; g++) {
        int k;
        fprintf(out, "%s", g->name);
        for (k = 0; k < g->count; k++)
            fprintf(out, "%s%d", g->count > 8 && k % 8 == 0 ? "\n   " : " ", p->v[g->first + k]);
        fprintf(out, "\n");
    }
}
