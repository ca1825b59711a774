/* tiles_board.c — the board model of the sliding-tile engine: geometry and
 * the table of per-tile lower bounds of a board shape (with Loyd's transport
 * when it is on), the heuristics computed from scratch, solvability by
 * permutation parity, applying a move, and setting up the search board whose
 * bounds tiles_board.h keeps current move by move. */
#include "tiles_board.h"

#include <string.h>

static unsigned absdiff(unsigned a, unsigned b) { return a > b ? a - b : b - a; }

uint64_t ar_tiles_model_states(const ar_tiles_model *m)
{
    uint64_t f = 1;
    unsigned i;
    if (m->n > 20)
        return 0;
    for (i = 2; i <= m->n; i++)
        f *= i;
    return f / 2;
}

void ar_tiles_model_init(ar_tiles_model *m, unsigned rows, unsigned cols, unsigned blank,
                         int transport, const char *domain)
{
    unsigned p, l, r, c;
    memset(m, 0, sizeof *m);
    m->rows = rows;
    m->cols = cols;
    m->n = rows * cols;
    m->blank = blank;
    m->transport = transport;
    m->centre = (rows / 2) * cols + cols / 2;
    m->domain = domain;
    for (p = 0; p < m->n; p++) {
        r = p / cols;
        c = p % cols;
        m->row_of[p] = (uint8_t)r;
        m->col_of[p] = (uint8_t)c;
        m->nb[p][AR_TDIR_UP] = (int8_t)(r > 0 ? (int)(p - cols) : -1);
        m->nb[p][AR_TDIR_DOWN] = (int8_t)(r + 1 < rows ? (int)(p + cols) : -1);
        m->nb[p][AR_TDIR_LEFT] = (int8_t)(c > 0 ? (int)p - 1 : -1);
        m->nb[p][AR_TDIR_RIGHT] = (int8_t)(c + 1 < cols ? (int)p + 1 : -1);
        m->refl[p] = (uint8_t)(rows == cols ? c * cols + r : p);
        if (c == 0)
            m->first_col |= (uint64_t)1 << p;
        if (c + 1 == cols)
            m->last_col |= (uint64_t)1 << p;
    }
    for (l = 0; l < m->n; l++)
        for (p = 0; p < m->n; p++) {
            unsigned md = absdiff(m->row_of[l], m->row_of[p]) + absdiff(m->col_of[l], m->col_of[p]);
            if (transport) { /* walk to the centre, then one transport home */
                unsigned via = absdiff(m->row_of[m->centre], m->row_of[p]) +
                               absdiff(m->col_of[m->centre], m->col_of[p]) + 1;
                if (via < md)
                    md = via;
            }
            m->dist[l][p] = (uint8_t)(l == blank ? 0 : md);
        }
    for (l = 0; l < AR_TILES_MAX; l++)
        m->pat_of[l] = -1;
}

/* --- heuristics from scratch ---------------------------------------------- */

unsigned ar_tiles_manhattan(const ar_tiles_model *m, const uint8_t *cells)
{
    unsigned p, h = 0;
    for (p = 0; p < m->n; p++)
        h += m->dist[cells[p]][p];
    return h;
}

unsigned ar_tiles_manhattan_between(const ar_tiles_model *m, const uint8_t *cells,
                                    const uint8_t *target)
{
    uint8_t at[AR_TILES_MAX];
    unsigned p, h = 0;
    for (p = 0; p < m->n; p++)
        at[target[p]] = (uint8_t)p;
    for (p = 0; p < m->n; p++) {
        unsigned q = at[cells[p]];
        if (cells[p] == m->blank)
            continue;
        h += (m->row_of[p] > m->row_of[q] ? m->row_of[p] - m->row_of[q] : m->row_of[q] - m->row_of[p]) +
             (m->col_of[p] > m->col_of[q] ? m->col_of[p] - m->col_of[q] : m->col_of[q] - m->col_of[p]);
    }
    return h;
}

unsigned ar_tiles_linear(const ar_tiles_model *m, const uint8_t *cells)
{
    unsigned line, h = ar_tiles_manhattan(m, cells);
    if (m->transport)
        return h; /* a transport lets tiles pass each other: conflicts are not admissible */
    for (line = 0; line < m->rows + m->cols; line++)
        h += ar_tiles_line_conflicts(m, cells, line);
    return h;
}

/* Each move of the blank is a transposition of the board (blank included) and
 * changes the blank's distance to its goal cell by one, so the parity of the
 * permutation equals the parity of that distance on every reachable board.
 * For boards of at least 2x2 the converse holds too (Johnson & Story 1879).
 * Loyd's transport is also one transposition but moves the blank to the centre
 * from any distance, which breaks the invariant: every board is reachable. */
int ar_tiles_solvable(const ar_tiles_model *m, const uint8_t *cells)
{
    uint8_t seen[AR_TILES_MAX] = {0};
    unsigned p, parity = 0, b = 0;
    if (m->transport)
        return 1;
    for (p = 0; p < m->n; p++) {
        unsigned len = 0, q = p;
        if (cells[p] == m->blank)
            b = p;
        if (seen[p])
            continue;
        while (!seen[q]) {
            seen[q] = 1;
            q = cells[q];
            len++;
        }
        parity ^= (len - 1) & 1u;
    }
    return parity == ((absdiff(m->row_of[b], m->row_of[m->blank]) +
                       absdiff(m->col_of[b], m->col_of[m->blank])) & 1u);
}

int ar_tiles_apply(const ar_tiles_model *m, uint8_t *cells, unsigned dir)
{
    unsigned b, q;
    for (b = 0; b < m->n && cells[b] != m->blank; b++)
        ;
    if (b == m->n)
        return 0;
    if (dir == AR_TDIR_TRANSPORT) {
        if (!m->transport || b == m->centre)
            return 0;
        q = m->centre;
    } else if (dir < 4 && m->nb[b][dir] >= 0) {
        q = (unsigned)m->nb[b][dir];
    } else {
        return 0;
    }
    cells[b] = cells[q];
    cells[q] = (uint8_t)m->blank;
    return 1;
}

int ar_tiles_heuristic_kind(const ar_tiles_model *m, const char *name)
{
    if (strcmp(name, "manhattan") == 0 || (m->transport && strcmp(name, "transport") == 0))
        return AR_TH_MANHATTAN;
    if (!m->transport && strcmp(name, "linear") == 0)
        return AR_TH_LINEAR;
    if (strcmp(name, "pdb") == 0)
        return AR_TH_PDB;
    return -1;
}

/* --- the search board ------------------------------------------------------ */

void ar_tiles_board_init(ar_tiles_board *s, const ar_tiles_model *m, const uint8_t *cells, int kind)
{
    unsigned p, i;
    memset(s, 0, sizeof *s);
    s->m = m;
    s->kind = kind;
    memcpy(s->cell, cells, m->n);
    for (p = 0; p < m->n; p++) {
        s->pos[cells[p]] = (uint8_t)p;
        s->rpos[m->refl[cells[p]]] = m->refl[p];
        if (cells[p] == m->blank)
            s->blank = p;
    }
    s->md = ar_tiles_manhattan(m, cells);
    if (kind == AR_TH_LINEAR)
        for (i = 0; i < m->rows + m->cols; i++) {
            s->lc[i] = ar_tiles_line_conflicts(m, cells, i);
            s->lcsum += s->lc[i];
        }
    if (kind == AR_TH_PDB) {
        for (i = 0; i < m->npat; i++) {
            s->pv[i] = ar_tiles_pattern_value(&m->pat[i], s->pos);
            s->psum += s->pv[i];
            if (m->reflect) {
                s->rv[i] = ar_tiles_pattern_value(&m->pat[i], s->rpos);
                s->rsum += s->rv[i];
            }
        }
        for (i = 0; i < m->n; i++)
            if (i != m->blank && m->pat_of[i] < 0) {
                s->rest += m->dist[i][s->pos[i]];
                s->rrest += m->dist[i][s->rpos[i]];
            }
    }
}
