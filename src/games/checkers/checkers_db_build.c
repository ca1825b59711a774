/* checkers_db_build.c — endgame databases by retrograde analysis, and the
 * pass that verifies them.
 *
 * The classes of N pieces are built after all those of fewer pieces (a
 * capture leads there), and among themselves by the number of men, fewest
 * first (a man crowned without a capture leads to a class with one man
 * fewer). A class is built together with its mirror (Black's and White's
 * material swapped), because a Black-to-move position of one is the other's
 * White-to-move position turned round: the two are one "unit", closed under
 * the moves that neither capture nor crown.
 *
 * One unit: a first pass generates every position's moves. A move that
 * leaves the unit (a capture, a crowning) has its value already; a move that
 * stays is counted. Then the values spread backwards level by level, level
 * d being the positions decided with d plies to go: a position lost in d
 * makes every position that can move into it won in d + 1 (the first such
 * level is the fastest win); a position won in d takes one off the count of
 * undecided moves of every position that can move into it, and a position
 * whose moves are all losing is lost in one more than its longest (its
 * moves out of the unit included). The positions that can move into a
 * position (its predecessors) come from taking back a simple move of the
 * side that just moved, keeping only those where that side had no capture
 * (a capture would have been compulsory). What is left undecided is drawn.
 * Wins have odd distances and losses even ones, so a level's parity says
 * which it holds.
 *
 * Units of the same piece and man counts are independent: `threads`
 * workers take them in turn (progress: positions done of the total, rate
 * and ETA, through the library's ar_run_threads, which also stops them on
 * --time-limit or Ctrl-C). The verifier recomputes every position's value from its moves'
 * stored values and counts disagreements (there must be none). */
#include "ariadne/run.h"
#include "ariadne/timer.h"
#include "checkers_db.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NO_LOSS 0xFF /* cnt of a position with a drawing or winning move out of the unit: it cannot lose */
#define MAX_LEVEL 255

typedef struct bucket {
    uint32_t *ids;
    size_t n, cap;
} bucket;

static void push(bucket *b, uint32_t id)
{
    if (b->n == b->cap) {
        b->cap = b->cap ? b->cap * 2 : 1024;
        b->ids = ar_xrealloc(b->ids, b->cap * sizeof *b->ids);
    }
    b->ids[b->n++] = id;
}

typedef struct unit {
    ck_class *cls[2]; /* the class and its mirror (the same for symmetric material) */
    int ntab;
    uint64_t size[2];
    uint8_t *cnt, *emax; /* per position: undecided moves in the unit; longest losing move out */
    bucket level[MAX_LEVEL + 1];
} unit;

typedef struct builder {
    ck_db *db;
    atomic_ullong done;
    atomic_int failed;
    volatile sig_atomic_t stop; /* set by ar_run_threads when a limit or Ctrl-C stops the run */
    char error[256];
} builder;

/* The value of a White-to-move board (a move's result) from complete
 * classes: the entry of its turned board. White with no pieces has lost. */
static unsigned child_entry(const ck_db *db, const ck_board *c)
{
    if (!c->pieces[CK_WHITE])
        return 1; /* lost, 0 plies */
    return (unsigned)ar_checkers_db_entry(db, c);
}

static int in_unit(const ck_move *m) { return !m->captured && !m->crown; }

static void unit_board(const unit *u, uint32_t id, ck_board *b, int *tab, uint64_t *index)
{
    uint32_t bm, bk, wm, wk;
    *tab = id >= u->size[0];
    *index = *tab ? id - u->size[0] : id;
    ar_checkers_unindex(u->cls[*tab], *index, &bm, &bk, &wm, &wk);
    ar_checkers_db_board(bm, bk, wm, wk, b);
}

/* The unit id of a White-to-move board of this unit (turned round). */
static uint32_t unit_id(const unit *u, const ck_board *c)
{
    uint32_t bm, bk, wm, wk;
    int tab;
    ar_checkers_db_masks(c, &bm, &bk, &wm, &wk);
    tab = u->ntab == 2 && u->cls[1]->bm == ck_popcount(bm) && u->cls[1]->bk == ck_popcount(bk) &&
          u->cls[1]->wm == ck_popcount(wm) && u->cls[1]->wk == ck_popcount(wk);
    return (uint32_t)((tab ? u->size[0] : 0) + ar_checkers_index(u->cls[tab], bm, bk, wm, wk));
}

static uint8_t *value_of(const unit *u, uint32_t id)
{
    return id >= u->size[0] ? &u->cls[1]->values[id - u->size[0]] : &u->cls[0]->values[id];
}

/* The first pass over one position (Black to move). */
static void first_pass(builder *bd, unit *u, uint32_t id)
{
    ck_board b;
    ck_move list[CK_MAX_MOVES];
    unsigned n, i, cnt = 0, best_win = 0, longest_loss = 0;
    int tab, draw_out = 0;
    uint64_t index;
    unit_board(u, id, &b, &tab, &index);
    n = ar_checkers_legal(&b, list);
    if (n == 0) {
        push(&u->level[0], id);
        u->cnt[id] = 0;
        return;
    }
    for (i = 0; i < n; i++) {
        ck_board c = b;
        unsigned v, d;
        if (in_unit(&list[i])) {
            cnt++;
            continue;
        }
        ar_checkers_make(&c, &list[i]);
        v = child_entry(bd->db, &c);
        if (v == 0) {
            draw_out = 1;
            continue;
        }
        d = v; /* the child's distance is v - 1; ours through it is v */
        if (ck_db_result(v) == CK_DB_LOSS) {
            if (!best_win || d < best_win)
                best_win = d;
        } else if (d > longest_loss) {
            longest_loss = d;
        }
    }
    u->emax[id] = (uint8_t)longest_loss;
    /* A drawing or winning move out of the unit: this position can never lose. */
    u->cnt[id] = draw_out || best_win ? NO_LOSS : (uint8_t)cnt;
    if (best_win)
        push(&u->level[best_win], id);
    else if (cnt == 0 && !draw_out)
        push(&u->level[longest_loss], id);
}

/* Positions that can move into the Black-to-move board b: White's simple
 * non-crowning moves taken back, where White had no capture; as unit ids. */
static unsigned predecessors(const unit *u, const ck_board *b, uint32_t *out)
{
    uint64_t white = b->pieces[CK_WHITE], empty = ck_empty(b), w;
    unsigned n = 0;
    for (w = white; w;) {
        int x = ck_pop_lsb(&w), d;
        int king = (b->kings >> x) & 1;
        for (d = 0; d < 4; d++) {
            /* White men move to smaller bits (-4, -5): they came from +4 or +5. */
            int s = d == 0 ? 4 : d == 1 ? 5 : d == 2 ? -4 : -5, from = x + s;
            ck_board r;
            if (!king && s < 0)
                continue;
            if (from < 0 || from > 34 || !(empty & ck_bit(from)))
                continue;
            r = *b;
            r.pieces[CK_WHITE] ^= ck_bit(x) | ck_bit(from);
            if (king)
                r.kings ^= ck_bit(x) | ck_bit(from);
            r.stm = CK_WHITE;
            if (ar_checkers_can_capture(&r))
                continue;
            out[n++] = unit_id(u, &r);
        }
    }
    return n;
}

static ar_status build_unit(builder *bd, unit *u)
{
    uint64_t total = u->size[0] + (u->ntab == 2 ? u->size[1] : 0), id;
    int level;
    u->cnt = ar_xmalloc(ar_xsize(total));
    u->emax = ar_xmalloc(ar_xsize(total));
    for (id = 0; id < total; id++) {
        if ((id & 4095) == 0 && bd->stop)
            return AR_ERR_LIMIT;
        first_pass(bd, u, (uint32_t)id);
    }
    atomic_fetch_add(&bd->done, total);
    for (level = 0; level <= MAX_LEVEL; level++) {
        bucket *bk = &u->level[level];
        size_t k;
        for (k = 0; k < bk->n; k++) {
            uint32_t id0 = bk->ids[k], preds[64];
            uint8_t *v = value_of(u, id0);
            ck_board b;
            int tab;
            uint64_t index;
            unsigned np, j;
            if (*v)
                continue; /* decided at an earlier level */
            if (level == MAX_LEVEL) {
                snprintf(bd->error, sizeof bd->error, "a distance over %d plies does not fit an entry", MAX_LEVEL - 1);
                return AR_ERR_INTERNAL;
            }
            *v = (uint8_t)(level + 1);
            if ((k & 4095) == 0 && bd->stop)
                return AR_ERR_LIMIT;
            unit_board(u, id0, &b, &tab, &index);
            np = predecessors(u, &b, preds);
            for (j = 0; j < np; j++) {
                uint32_t p = preds[j];
                if (*value_of(u, p))
                    continue;
                if (level % 2 == 0) { /* lost here: won there, one ply more */
                    push(&u->level[level + 1], p);
                } else if (u->cnt[p] != NO_LOSS && --u->cnt[p] == 0) {
                    int l = level + 1 > u->emax[p] ? level + 1 : u->emax[p];
                    push(&u->level[l], p);
                }
            }
        }
        free(bk->ids);
        bk->ids = NULL;
        bk->n = bk->cap = 0;
    }
    free(u->cnt);
    free(u->emax);
    u->cnt = u->emax = NULL;
    atomic_fetch_add(&bd->done, total);
    return AR_OK;
}

static void class_stats(ck_class *c)
{
    uint64_t i;
    c->wins = c->losses = c->draws = 0;
    c->longest = 0;
    for (i = 0; i < c->size; i++) {
        unsigned v = c->values[i];
        if (v == 0)
            c->draws++;
        else if (ck_db_result(v) == CK_DB_WIN)
            c->wins++;
        else
            c->losses++;
        if (v && v - 1 > c->longest)
            c->longest = v - 1;
    }
}

/* ------------------------------------------------------------ the workers */

typedef struct job {
    builder *bd;
    unit *units;
    unsigned nunits;
    atomic_uint next;
} job;

static void *worker(void *arg)
{
    job *j = arg;
    for (;;) {
        unsigned k = atomic_fetch_add(&j->next, 1);
        ar_status st;
        if (k >= j->nunits || atomic_load(&j->bd->failed))
            return NULL;
        st = build_unit(j->bd, &j->units[k]);
        if (st != AR_OK)
            atomic_store(&j->bd->failed, (int)st);
    }
}

static uint64_t build_done(void *arg) { return atomic_load(&((job *)arg)->bd->done); }

ar_status ar_checkers_db_build(ck_db *db, int from, int to, unsigned threads, const ar_search_options *so,
                               uint64_t *positions, ar_stop_reason *stop, ar_error *err)
{
    builder bd;
    int n, men, list[64][4];
    uint64_t all = 0;
    ar_result res;
    ar_run run;
    memset(&bd, 0, sizeof bd);
    bd.db = db;
    atomic_init(&bd.done, 0);
    atomic_init(&bd.failed, 0);
    *stop = AR_STOP_NONE;
    /* Every class's layout first (the total is the progress line's). */
    for (n = from; n <= to; n++) {
        unsigned m = ar_checkers_db_classes(n, list, 64), i;
        for (i = 0; i < m; i++) {
            ck_class *c = ar_checkers_class_new(list[i][0], list[i][1], list[i][2], list[i][3]);
            c->values = ar_xcalloc(ar_xsize(c->size ? c->size : 1), 1);
            db->cls[list[i][0]][list[i][1]][list[i][2]][list[i][3]] = c;
            all += 2 * c->size;
        }
    }
    if (positions)
        *positions = all / 2;
    ar_result_init(&res);
    ar_run_begin(&run, so, &res);
    for (n = from; n <= to; n++) {
        unsigned m = ar_checkers_db_classes(n, list, 64);
        for (men = 0; men <= n; men++) {
            unit units[64];
            unsigned nu = 0, i;
            ar_status st;
            job j;
            memset(units, 0, sizeof units);
            for (i = 0; i < m; i++) {
                int *c = list[i];
                ck_class *cl = db->cls[c[0]][c[1]][c[2]][c[3]], *mirror = db->cls[c[2]][c[3]][c[0]][c[1]];
                unsigned k;
                int seen = 0;
                if (c[0] + c[2] != men)
                    continue;
                for (k = 0; k < nu; k++)
                    seen |= units[k].cls[1] == cl;
                if (seen)
                    continue;
                units[nu].cls[0] = cl;
                units[nu].cls[1] = mirror;
                units[nu].ntab = mirror == cl ? 1 : 2;
                units[nu].size[0] = cl->size;
                units[nu].size[1] = mirror->size;
                nu++;
            }
            j.bd = &bd;
            j.units = units;
            j.nunits = nu;
            atomic_init(&j.next, 0);
            ar_run_threads(&run, threads, worker, &j, build_done, all, "positions", &bd.stop);
            st = (ar_status)atomic_load(&bd.failed);
            for (i = 0; i < nu; i++) {
                int b;
                for (b = 0; b <= MAX_LEVEL; b++)
                    free(units[i].level[b].ids);
                free(units[i].cnt);
                free(units[i].emax);
            }
            if (st == AR_ERR_LIMIT || bd.stop) {
                *stop = run.stop != AR_STOP_NONE ? run.stop : AR_STOP_INTERRUPT;
                return ar_error_set(err, AR_ERR_LIMIT, "the %s stopped the %d-piece databases",
                                    ar_stop_reason_name(*stop), n);
            }
            if (st != AR_OK)
                return ar_error_set(err, st, "building the %d-piece databases: %s", n,
                                    bd.error[0] ? bd.error : "failed");
        }
        {
            unsigned i;
            for (i = 0; i < m; i++)
                class_stats(db->cls[list[i][0]][list[i][1]][list[i][2]][list[i][3]]);
        }
    }
    return AR_OK;
}

/* ------------------------------------------------------------ verifying */

/* The entry a position must have, from its moves' entries. */
static unsigned recomputed(const ck_db *db, const ck_board *b)
{
    ck_move list[CK_MAX_MOVES];
    unsigned n = ar_checkers_legal(b, list), i, best_win = 0, longest = 0;
    int draw = 0;
    if (n == 0)
        return 1;
    for (i = 0; i < n; i++) {
        ck_board c = *b;
        unsigned v;
        ar_checkers_make(&c, &list[i]);
        v = child_entry(db, &c);
        if (v == 0)
            draw = 1;
        else if (ck_db_result(v) == CK_DB_LOSS) {
            if (!best_win || v < best_win)
                best_win = v;
        } else if (v > longest)
            longest = v;
    }
    return best_win ? best_win + 1 : draw ? 0 : longest + 1;
}

typedef struct vjob {
    const ck_db *db;
    ck_class **cls;
    unsigned ncls;
    atomic_uint next;
    atomic_ullong done, bad;
    volatile sig_atomic_t stop;
    char first_bad[200];
    pthread_mutex_t lock;
} vjob;

static void *verify_worker(void *arg)
{
    vjob *j = arg;
    for (;;) {
        unsigned k = atomic_fetch_add(&j->next, 1);
        const ck_class *c;
        uint64_t i;
        if (k >= j->ncls)
            return NULL;
        c = j->cls[k];
        for (i = 0; i < c->size; i++) {
            uint32_t bm, bk, wm, wk;
            ck_board b;
            unsigned want;
            if ((i & 4095) == 0 && j->stop)
                return NULL;
            ar_checkers_unindex(c, i, &bm, &bk, &wm, &wk);
            if (ar_checkers_index(c, bm, bk, wm, wk) != i) {
                atomic_fetch_add(&j->bad, 1);
                continue;
            }
            ar_checkers_db_board(bm, bk, wm, wk, &b);
            want = recomputed(j->db, &b);
            if (want != c->values[i] && atomic_fetch_add(&j->bad, 1) == 0) {
                char fen[200];
                ar_checkers_format_fen(&b, fen, sizeof fen);
                pthread_mutex_lock(&j->lock);
                snprintf(j->first_bad, sizeof j->first_bad, "%.120s: stored %u, from its moves %u", fen,
                         c->values[i], want);
                pthread_mutex_unlock(&j->lock);
            }
            if ((i & 1023) == 1023)
                atomic_fetch_add(&j->done, 1024);
        }
        atomic_fetch_add(&j->done, c->size & 1023);
    }
}

static uint64_t verify_done(void *arg) { return atomic_load(&((vjob *)arg)->done); }

ar_status ar_checkers_db_verify(const ck_db *db, int n, unsigned threads, const ar_search_options *so,
                                uint64_t *checked, uint64_t *bad, char *first_bad, size_t size,
                                ar_stop_reason *stop, ar_error *err)
{
    int list[64][4];
    unsigned m = ar_checkers_db_classes(n, list, 64), i;
    ck_class *cls[64];
    uint64_t total = 0;
    ar_result res;
    ar_run run;
    vjob j;
    memset(&j, 0, sizeof j);
    for (i = 0; i < m; i++) {
        cls[i] = db->cls[list[i][0]][list[i][1]][list[i][2]][list[i][3]];
        total += cls[i]->size;
    }
    j.db = db;
    j.cls = cls;
    j.ncls = m;
    atomic_init(&j.next, 0);
    atomic_init(&j.done, 0);
    atomic_init(&j.bad, 0);
    pthread_mutex_init(&j.lock, NULL);
    ar_result_init(&res);
    ar_run_begin(&run, so, &res);
    ar_run_threads(&run, threads, verify_worker, &j, verify_done, total, "positions", &j.stop);
    pthread_mutex_destroy(&j.lock);
    *checked = atomic_load(&j.done);
    *bad = atomic_load(&j.bad);
    *stop = j.stop ? (run.stop != AR_STOP_NONE ? run.stop : AR_STOP_INTERRUPT) : AR_STOP_NONE;
    snprintf(first_bad, size, "%s", j.first_bad);
    if (*stop != AR_STOP_NONE)
        return ar_error_set(err, AR_ERR_LIMIT, "the %s stopped the check of the %d-piece databases",
                            ar_stop_reason_name(*stop), n);
    return AR_OK;
}
