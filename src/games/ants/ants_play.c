/* ants_play.c — one game of Ants as the contest engine (engine.py) runs it:
 * turn 0 sends every bot the settings and waits up to the load time for its
 * "go"; each turn sends every player still in the game what it sees, waits
 * up to the turn time for its orders, and plays the turn. A bot that times
 * out, crashes, writes a malformed line or gives an invalid order (not its
 * ant, twice the same ant: the contest's strict mode) is out: its ants stand
 * still for the rest of the game and its hills lose their point, and the
 * reason is reported. Orders blocked by water or food are ignored, as in the
 * contest. The ladder's bots read the very text the external ones get. */
#include "ants_play.h"

#include <stdlib.h>
#include <string.h>
#include "ariadne/extprog.h"
#include "ariadne/timer.h"

void ar_ants_times_add(ants_times *t, double ms, double cpu_ms)
{
    if (t->count == t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 256;
        double *m = realloc(t->ms, cap * sizeof *m), *c;
        if (!m)
            abort();
        t->ms = m;
        c = realloc(t->cpu, cap * sizeof *c);
        if (!c)
            abort();
        t->cpu = c;
        t->cap = cap;
    }
    t->ms[t->count] = ms;
    t->cpu[t->count++] = cpu_ms;
}

void ar_ants_times_free(ants_times *t)
{
    free(t->ms);
    free(t->cpu);
    memset(t, 0, sizeof *t);
}

void ar_ants_record_free(ants_record *r)
{
    for (int i = 0; i < r->nframes; i++) {
        free(r->frames[i].ants);
        free(r->frames[i].food);
        free(r->frames[i].dead);
    }
    free(r->frames);
    free(r->hill_end);
    memset(r, 0, sizeof *r);
}

static void record_frame(ants_record *r, const struct ar_variant *v, const void *pos)
{
    const ants_head *h = pos;
    ants_frame *f;
    int na = 0, nf = 0;
    if (r->nframes == r->cap) {
        int cap = r->cap ? 2 * r->cap : 64;
        ants_frame *fr = realloc(r->frames, (size_t)cap * sizeof *fr);
        if (!fr)
            abort();
        r->frames = fr;
        r->cap = cap;
    }
    f = &r->frames[r->nframes++];
    memset(f, 0, sizeof *f);
    for (int sq = 0; sq < v->n; sq++) {
        na += ANTS_MAP(v, pos)[sq] < ANTS_MAX_PLAYERS;
        nf += ANTS_FOOD(v, pos)[sq];
    }
    f->ants = malloc(sizeof(int32_t) * 2 * (size_t)(na + 1));
    f->food = malloc(sizeof(int32_t) * (size_t)(nf + 1));
    f->dead = malloc(sizeof(int32_t) * 2 * (size_t)(h->ndead + 1));
    if (!f->ants || !f->food || !f->dead)
        abort();
    for (int sq = 0; sq < v->n; sq++) {
        if (ANTS_MAP(v, pos)[sq] < ANTS_MAX_PLAYERS) {
            f->ants[2 * f->nants] = sq;
            f->ants[2 * f->nants++ + 1] = ANTS_MAP(v, pos)[sq];
        }
        if (ANTS_FOOD(v, pos)[sq])
            f->food[f->nfood++] = sq;
    }
    for (int i = 0; i < h->ndead; i++) {
        f->dead[2 * i] = ANTS_DEAD_LOC(v, pos)[i];
        f->dead[2 * i + 1] = ANTS_DEAD_OWNER(v, pos)[i];
    }
    f->ndead = h->ndead;
    for (int p = 0; p < v->players; p++)
        f->score[p] = h->score[p];
}

int ar_ants_check_spec(const char *spec, char *why, size_t why_size)
{
    if (strncmp(spec, "cmd:", 4) == 0) {
        ar_error err;
        ar_error_clear(&err);
        if (!spec[4]) {
            snprintf(why, why_size, "bot 'cmd:' names no program (cmd:./mybot, cmd:\"python3 MyBot.py\")");
            return -1;
        }
        if (ar_extprog_check(spec + 4, &err) != AR_OK) {
            snprintf(why, why_size, "bot '%s': %s", spec, err.message);
            return -1;
        }
        return 0;
    }
    if (!ar_ants_ai_known(spec)) {
        snprintf(why, why_size,
                 "bot '%s' is not random, hold, lefty, hunter, greedy, strong, contender or cmd:COMMAND", spec);
        return -1;
    }
    return 0;
}

typedef struct seat {
    ants_ai *ai;
    ants_view *view;
    ar_extprog *prog;
    uint8_t *told; /* water told */
    int out;       /* taken out of the game */
} seat;

static void take_out(const struct ar_variant *v, void *pos, seat *s, ants_result *res, int p, const char *what,
                     const char *reason, int turn)
{
    ar_ants_kill_player(v, pos, p);
    s->out = 1;
    snprintf(res->status[p], sizeof res->status[p], "%s at turn %d: %.120s", what, turn, reason);
    if (s->prog)
        ar_extprog_stop(s->prog);
}

/* One seat's orders for this turn; the seat may be taken out. */
static size_t seat_turn(const ants_game_setup *g, void *pos, seat *s, int p, ants_result *res, ants_order *orders,
                        ants_order *valid)
{
    const struct ar_variant *v = g->v;
    int turn = ((ants_head *)pos)->turn + 1;
    double budget = v->turntime / 1000.0, start = ar_now(), cpu_start = ar_thread_cpu_time() * 1000, ms, cpu;
    long count;
    char why[200];
    if (s->ai) {
        ar_ants_view_from_engine(s->view, v, pos, p, s->told);
        count = (long)ar_ants_ai_turn(s->ai, s->view, orders, (size_t)v->n, start + budget * 0.8);
    } else {
        char *state = ar_ants_protocol_turn(v, pos, p, s->told), head[32];
        const char *block;
        size_t len;
        ar_extprog_status st;
        int n = snprintf(head, sizeof head, "turn %d\n", turn);
        ar_extprog_set_deadline(s->prog, budget);
        st = ar_extprog_send(s->prog, head, (size_t)n);
        if (st == AR_EXTPROG_OK)
            st = ar_extprog_send(s->prog, state, strlen(state));
        if (st == AR_EXTPROG_OK)
            st = ar_extprog_send(s->prog, "go\n", 3);
        free(state);
        if (st == AR_EXTPROG_OK)
            st = ar_extprog_read_until(s->prog, "go", &block, &len);
        if (st != AR_EXTPROG_OK) {
            take_out(v, pos, s, res, p, st == AR_EXTPROG_TIMEOUT ? "timeout" : st == AR_EXTPROG_CRASHED ? "crashed" : "bad output",
                     ar_extprog_reason(s->prog), turn);
            return 0;
        }
        count = ar_ants_parse_orders(v, block, orders, (size_t)v->n, why, sizeof why);
        if (count < 0) {
            take_out(v, pos, s, res, p, "invalid", why, turn);
            return 0;
        }
    }
    ms = (ar_now() - start) * 1000;
    cpu = s->ai ? ar_thread_cpu_time() * 1000 - cpu_start : ms;
    if (g->times)
        ar_ants_times_add(&g->times[p], ms, cpu);
    if ((g->cpu_clock ? cpu : ms) > v->turntime) {
        snprintf(why, sizeof why, "took %.0f ms of %d%s", g->cpu_clock ? cpu : ms, v->turntime,
                 g->cpu_clock && s->ai ? " (CPU)" : "");
        take_out(v, pos, s, res, p, "timeout", why, turn);
        return 0;
    }
    {
        ants_order_report rep;
        size_t kept = ar_ants_validate_orders(v, pos, p, orders, (size_t)count, valid, &rep);
        if (rep.invalid) {
            take_out(v, pos, s, res, p, "invalid", rep.first_problem, turn);
            return 0;
        }
        return kept;
    }
}

static void send_end(const struct ar_variant *v, void *pos, seat *s, int p)
{
    const ants_head *h = pos;
    char line[256], *state;
    int k = snprintf(line, sizeof line, "end\nplayers %d\nscore", v->players);
    if (!s->prog || s->out)
        return;
    /* the scores in the player's own numbering */
    for (int q = 0; q < v->players && k < (int)sizeof line - 16; q++) {
        int who = -1;
        for (int r = 0; r < v->players; r++)
            if (h->sw[p][r] == q)
                who = r;
        if (who >= 0)
            k += snprintf(line + k, sizeof line - (size_t)k, " %d", (int)h->score[who]);
    }
    snprintf(line + k, sizeof line - (size_t)k, "\n");
    state = ar_ants_protocol_turn(v, pos, p, s->told);
    ar_extprog_set_deadline(s->prog, 0.2);
    if (ar_extprog_send(s->prog, line, strlen(line)) == AR_EXTPROG_OK &&
        ar_extprog_send(s->prog, state, strlen(state)) == AR_EXTPROG_OK)
        (void)ar_extprog_send(s->prog, "go\n", 3);
    free(state);
}

int ar_ants_play_game(const ants_game_setup *g, ants_result *res)
{
    const struct ar_variant *v = g->v;
    int np = v->players, rc = 0;
    seat seats[ANTS_MAX_PLAYERS];
    void *pos = malloc(v->size);
    ants_order *orders = malloc(sizeof *orders * (size_t)(v->n + 1));
    ants_order *valid[ANTS_MAX_PLAYERS];
    size_t counts[ANTS_MAX_PLAYERS];
    ants_view settings;
    int was_alive[ANTS_MAX_PLAYERS];
    if (!pos || !orders)
        abort();
    memset(res, 0, sizeof *res);
    memset(seats, 0, sizeof seats);
    res->players = np;
    memset(&settings, 0, sizeof settings);
    settings.rows = v->rows;
    settings.cols = v->cols;
    settings.turns = v->turns;
    settings.turntime = v->turntime;
    settings.loadtime = v->loadtime;
    settings.viewradius2 = v->viewradius2;
    settings.attackradius2 = v->attackradius2;
    settings.spawnradius2 = v->spawnradius2;
    ar_ants_initial(v, pos);
    ar_ants_start_food(v, pos, NULL);
    if (g->record)
        record_frame(g->record, v, pos);
    /* turn 0 */
    for (int p = 0; p < np; p++) {
        seat *s = &seats[p];
        valid[p] = malloc(sizeof(ants_order) * (size_t)(v->n + 1));
        s->told = calloc((size_t)v->n, 1);
        if (!valid[p] || !s->told)
            abort();
        snprintf(res->status[p], sizeof res->status[p], "survived");
        if (strncmp(g->specs[p], "cmd:", 4) == 0) {
            ar_extprog_options o = {.max_line = 256, .max_block = 4u << 20, .echo_stderr = 0};
            char *start = ar_ants_protocol_start(v, (long long)(g->seed + (uint64_t)p));
            const char *block;
            size_t len;
            ar_extprog_status st;
            s->prog = ar_extprog_new(g->specs[p] + 4, &o);
            st = ar_extprog_start(s->prog);
            ar_extprog_set_deadline(s->prog, v->loadtime / 1000.0);
            if (st == AR_EXTPROG_OK)
                st = ar_extprog_send(s->prog, start, strlen(start));
            if (st == AR_EXTPROG_OK)
                st = ar_extprog_read_until(s->prog, "go", &block, &len);
            free(start);
            if (st != AR_EXTPROG_OK)
                take_out(v, pos, s, res, p, st == AR_EXTPROG_TIMEOUT ? "timeout" : "crashed",
                         ar_extprog_reason(s->prog), 0);
        } else {
            settings.player_seed = (long long)(g->seed + (uint64_t)p);
            s->view = ar_ants_view_new(&settings);
            s->ai = s->view ? ar_ants_ai_new(g->specs[p], &settings, g->seed * 7919 + (uint64_t)p) : NULL;
            if (!s->ai)
                abort();
        }
    }
    {
        int over = ar_ants_check_over(v, pos);
        if (over)
            ar_ants_finish(v, pos, over);
    }
    while (!((ants_head *)pos)->ended) {
        if (g->interrupt && *g->interrupt) {
            rc = -1;
            break;
        }
        for (int p = 0; p < np; p++) {
            counts[p] = 0;
            was_alive[p] = ar_ants_is_alive(v, pos, p);
            if (was_alive[p] && !seats[p].out)
                counts[p] = seat_turn(g, pos, &seats[p], p, res, orders, valid[p]);
        }
        for (int p = 0; p < np; p++)
            if (seats[p].out)
                counts[p] = 0;
        ar_ants_play_turn(v, pos, valid, counts, NULL);
        if (((ants_head *)pos)->turn <= 100)
            ar_ants_count_ants(v, pos, res->ants100);
        if (g->record)
            record_frame(g->record, v, pos);
        for (int p = 0; p < np; p++)
            if (was_alive[p] && !ar_ants_is_alive(v, pos, p) && !seats[p].out) {
                snprintf(res->status[p], sizeof res->status[p], "eliminated at turn %d", (int)((ants_head *)pos)->turn);
                send_end(v, pos, &seats[p], p);
                seats[p].out = 1;
                if (seats[p].prog)
                    ar_extprog_stop(seats[p].prog);
            }
    }
    {
        const ants_head *h = pos;
        res->turns = h->turn;
        res->end = h->ended;
        for (int p = 0; p < np; p++)
            res->score[p] = h->score[p];
        for (int i = 0; i < v->nhills; i++) {
            int end = ANTS_HILL_END(v, pos)[i], *lost = &res->first_hill_lost[v->hill_owner[i]];
            if (end > 0 && (*lost == 0 || end < *lost))
                *lost = end;
        }
        for (int p = 0; p < np; p++) {
            res->rank[p] = 1;
            for (int q = 0; q < np; q++)
                res->rank[p] += res->score[q] > res->score[p];
        }
        if (g->record) {
            g->record->hill_end = malloc(sizeof(int32_t) * (size_t)(v->nhills + 1));
            if (!g->record->hill_end)
                abort();
            for (int i = 0; i < v->nhills; i++)
                g->record->hill_end[i] = ANTS_HILL_END(v, pos)[i];
        }
    }
    for (int p = 0; p < np; p++) {
        send_end(v, pos, &seats[p], p);
        ar_extprog_free(seats[p].prog);
        ar_ants_ai_free(seats[p].ai);
        ar_ants_view_free(seats[p].view);
        free(seats[p].told);
        free(valid[p]);
    }
    free(orders);
    free(pos);
    return rc;
}
