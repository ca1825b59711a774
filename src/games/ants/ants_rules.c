/* ants_rules.c — the Ants engine: one turn as the contest engine (ants.py,
 * finish_turn) plays it, in its order: orders (ants colliding on one square
 * all die), the focus battle rule, razing, spawning from the hive, gathering,
 * food, vision, the cutoff counter and the end conditions with the
 * end-of-game bonus. Where ants.py draws at random (food squares, the order
 * of equally old hills when spawning) the engine draws from the position's
 * own generator, or takes a recorded game's choices (ants_script). */
#include "ants_internal.h"

#include <stdlib.h>
#include <string.h>
#include <stdio.h>

#define HEAD(p) ((ants_head *)(p))
#define CHEAD(p) ((const ants_head *)(p))
#define IS_ANT(x) ((x) < ANTS_MAX_PLAYERS)

static void update_revealed(const struct ar_variant *v, void *pos);

/* Marks the squares within the view radius of the ants on squares sqs. */
static void mark_vision(const struct ar_variant *v, const int *sqs, int count, uint8_t *visible)
{
    memset(visible, 0, (size_t)v->n);
    for (int i = 0; i < count; i++) {
        int sq = sqs[i], r0 = sq / v->cols, c0 = sq % v->cols;
        visible[sq] = 1;
        for (int k = 0; k < v->nview; k++)
            visible[ants_offset_rc(v, r0, c0, v->view[k])] = 1;
    }
}

void ar_ants_vision(const struct ar_variant *v, const void *pos, int player, uint8_t *visible)
{
    const uint8_t *map = ANTS_MAP(v, pos);
    int *sqs = malloc(sizeof *sqs * (size_t)v->n), k = 0;
    if (!sqs)
        abort();
    for (int sq = 0; sq < v->n; sq++)
        if (map[sq] == player)
            sqs[k++] = sq;
    mark_vision(v, sqs, k, visible);
    free(sqs);
}

void ar_ants_count_ants(const struct ar_variant *v, const void *pos, int *counts)
{
    const uint8_t *map = ANTS_MAP(v, pos);
    for (int p = 0; p < ANTS_MAX_PLAYERS; p++)
        counts[p] = 0;
    for (int sq = 0; sq < v->n; sq++)
        if (IS_ANT(map[sq]))
            counts[map[sq]]++;
}

int ar_ants_is_alive(const struct ar_variant *v, const void *pos, int player)
{
    const uint8_t *map = ANTS_MAP(v, pos);
    if (CHEAD(pos)->killed[player])
        return 0;
    for (int sq = 0; sq < v->n; sq++)
        if (map[sq] == player)
            return 1;
    return 0;
}

void ar_ants_initial(const struct ar_variant *v, void *pos)
{
    ants_head *h = HEAD(pos);
    uint8_t *map = ANTS_MAP(v, pos);
    memset(pos, 0, v->size);
    for (int sq = 0; sq < v->n; sq++)
        map[sq] = v->water[sq] ? SQ_WATER : SQ_LAND;
    for (int i = 0; i < v->nhills; i++) {
        map[v->hill_loc[i]] = (uint8_t)v->hill_owner[i];
        ANTS_HILL_BY(v, pos)[i] = -1;
    }
    for (int p = 0; p < ANTS_MAX_PLAYERS; p++) {
        h->score[p] = p < v->players ? v->hills_of_first : 0;
        for (int q = 0; q < ANTS_MAX_PLAYERS; q++)
            h->sw[p][q] = (int8_t)(p == q ? 0 : -1);
    }
    h->cutoff_bot = CUTOFF_LAND;
    ar_rng_seed(&h->rng, v->seed);
    update_revealed(v, pos);
}

static void add_food(const struct ar_variant *v, void *pos, int sq)
{
    uint8_t *map = ANTS_MAP(v, pos);
    if (map[sq] != SQ_LAND)
        return;
    map[sq] = SQ_FOOD;
    ANTS_FOOD(v, pos)[sq] = 1;
}

/* ants.py's "sections" placement: amount / players rounds, each putting one
 * food on a random square of every player's section. Returns what is left. */
static int food_sections(const struct ar_variant *v, void *pos, int amount)
{
    ants_head *h = HEAD(pos);
    for (int round = 0; round < amount / v->players; round++)
        for (int p = 0; p < v->players; p++)
            if (v->access_count[p])
                add_food(v, pos, v->access[v->access_start[p] + (int)ar_rng_below(&h->rng, (uint64_t)v->access_count[p])]);
    return amount % v->players;
}

void ar_ants_start_food(const struct ar_variant *v, void *pos, const ants_script *script)
{
    ants_head *h = HEAD(pos);
    int land = v->n, first_hill[ANTS_MAX_PLAYERS];
    if (script) {
        for (size_t i = 0; i < script->nfood; i++)
            add_food(v, pos, script->food[i]);
        return;
    }
    for (int sq = 0; sq < v->n; sq++)
        land -= v->water[sq];
    for (int p = 0; p < v->players; p++)
        first_hill[p] = -1;
    for (int i = v->nhills - 1; i >= 0; i--)
        first_hill[v->hill_owner[i]] = v->hill_loc[i];
    /* food in sight of every start, at the same offsets for everyone */
    for (int k = 0; k < v->food_visible; k++) {
        ants_offset o = v->view[ar_rng_below(&h->rng, (uint64_t)v->nview)];
        for (int p = 0; p < v->players; p++)
            add_food(v, pos, ants_offset_sq(v, first_hill[p], o));
    }
    if (v->food_start > 0) {
        int amount = land / v->food_start - v->food_visible * v->players;
        if (amount > 0)
            food_sections(v, pos, amount);
    }
}

/* ants.py's update_revealed: marks what each player sees as revealed and
 * numbers the enemies each player meets in the order it meets them. */
static void update_revealed(const struct ar_variant *v, void *pos)
{
    ants_head *h = HEAD(pos);
    const uint8_t *map = ANTS_MAP(v, pos);
    uint8_t *vis = malloc((size_t)v->n);
    int *sqs = malloc(sizeof *sqs * (size_t)v->n), start[ANTS_MAX_PLAYERS + 1] = {0}, fill[ANTS_MAX_PLAYERS];
    if (!vis || !sqs)
        abort();
    /* the ants by owner, in square order (one pass over the map) */
    for (int sq = 0; sq < v->n; sq++)
        if (IS_ANT(map[sq]))
            start[map[sq] + 1]++;
    for (int p = 0; p < ANTS_MAX_PLAYERS; p++) {
        start[p + 1] += start[p];
        fill[p] = start[p];
    }
    for (int sq = 0; sq < v->n; sq++)
        if (IS_ANT(map[sq]))
            sqs[fill[map[sq]]++] = sq;
    for (int p = 0; p < v->players; p++) {
        uint8_t *rev = ANTS_REVEALED(v, pos, p);
        int known = 0;
        for (int q = 0; q < v->players; q++)
            known += h->sw[p][q] >= 0;
        mark_vision(v, sqs + start[p], start[p + 1] - start[p], vis);
        for (int sq = 0; sq < v->n; sq++) {
            if (!vis[sq])
                continue;
            if (IS_ANT(map[sq]) && h->sw[p][map[sq]] < 0)
                h->sw[p][map[sq]] = (int8_t)known++;
            rev[sq >> 3] |= (uint8_t)(1u << (sq & 7));
        }
    }
    free(vis);
    free(sqs);
}

static void kill_at(const struct ar_variant *v, void *pos, int sq, int owner)
{
    ants_head *h = HEAD(pos);
    int hill = v->hill_at[sq];
    ANTS_MAP(v, pos)[sq] = SQ_LAND;
    ANTS_DEAD_LOC(v, pos)[h->ndead] = sq;
    ANTS_DEAD_OWNER(v, pos)[h->ndead] = (uint8_t)owner;
    h->ndead++;
    /* an ant dying on a hill stalls the cutoff counter */
    if (hill >= 0 && v->hill_owner[hill] != h->cutoff_bot && ANTS_HILL_BY(v, pos)[hill] < 0)
        h->hill_kill = 1;
}

size_t ar_ants_validate_orders(const struct ar_variant *v, const void *pos, int player, const ants_order *orders,
                            size_t count, ants_order *out, ants_order_report *report)
{
    const uint8_t *map = ANTS_MAP(v, pos);
    size_t kept = 0;
    memset(report, 0, sizeof *report);
    for (size_t i = 0; i < count; i++) {
        const ants_order *o = &orders[i];
        const char *why = NULL;
        int ignored = 0;
        if (o->loc < 0 || o->loc >= v->n)
            why = "out of bounds";
        else if (map[o->loc] != player)
            why = "not player ant";
        else {
            for (size_t j = 0; j < kept; j++)
                if (out[j].loc == o->loc)
                    why = "duplicate order";
            if (!why) {
                int dest = ants_step(v, o->loc, o->dir);
                if (map[dest] == SQ_FOOD || map[dest] == SQ_WATER) {
                    why = "move blocked";
                    ignored = 1;
                }
            }
        }
        if (why) {
            if (ignored)
                report->ignored++;
            else
                report->invalid++;
            if (!report->first_problem[0])
                snprintf(report->first_problem, sizeof report->first_problem, "o %d %d %c # %s",
                         o->loc >= 0 && o->loc < v->n ? o->loc / v->cols : -1,
                         o->loc >= 0 && o->loc < v->n ? o->loc % v->cols : -1, ar_ants_dir_letter[o->dir & 3], why);
            continue;
        }
        out[kept++] = *o;
        report->valid++;
    }
    return kept;
}

static void do_orders(const struct ar_variant *v, void *pos, ants_order *const *orders, const size_t *counts,
                      uint8_t *dir, uint8_t *arrivals, uint8_t *owner_at)
{
    uint8_t *map = ANTS_MAP(v, pos);
    memset(dir, DIR_STAY, (size_t)v->n);
    memset(arrivals, 0, (size_t)v->n);
    if (orders)
        for (int p = 0; p < v->players; p++)
            for (size_t i = 0; orders[p] && i < counts[p]; i++)
                dir[orders[p][i].loc] = (uint8_t)orders[p][i].dir;
    for (int sq = 0; sq < v->n; sq++) {
        owner_at[sq] = map[sq];
        if (IS_ANT(map[sq])) {
            int dest = ants_step(v, sq, dir[sq]);
            if (arrivals[dest] < 255)
                arrivals[dest]++;
            map[sq] = SQ_LAND;
        }
    }
    for (int sq = 0; sq < v->n; sq++) {
        if (!IS_ANT(owner_at[sq]))
            continue;
        int dest = ants_step(v, sq, dir[sq]);
        if (arrivals[dest] == 1)
            map[dest] = owner_at[sq];
    }
    /* every ant that shares its square dies */
    for (int sq = 0; sq < v->n; sq++) {
        if (!IS_ANT(owner_at[sq]))
            continue;
        int dest = ants_step(v, sq, dir[sq]);
        if (arrivals[dest] > 1)
            kill_at(v, pos, dest, owner_at[sq]);
    }
}

/* The focus rule: an ant dies when some enemy within the attack radius has
 * no more enemies around it than it has itself. */
static void do_attack(const struct ar_variant *v, void *pos, int *enemies, int *doomed)
{
    uint8_t *map = ANTS_MAP(v, pos);
    int ndoomed = 0;
    for (int sq = 0; sq < v->n; sq++) {
        enemies[sq] = 0;
        if (!IS_ANT(map[sq]))
            continue;
        for (int k = 0; k < v->nattack; k++) {
            int t = ants_offset_sq(v, sq, v->attack[k]);
            if (IS_ANT(map[t]) && map[t] != map[sq])
                enemies[sq]++;
        }
    }
    for (int sq = 0; sq < v->n; sq++) {
        if (!IS_ANT(map[sq]) || !enemies[sq])
            continue;
        int weakest_enemy = 1 << 30;
        for (int k = 0; k < v->nattack; k++) {
            int t = ants_offset_sq(v, sq, v->attack[k]);
            if (IS_ANT(map[t]) && map[t] != map[sq] && enemies[t] < weakest_enemy)
                weakest_enemy = enemies[t];
        }
        if (weakest_enemy <= enemies[sq])
            doomed[ndoomed++] = sq;
    }
    for (int i = 0; i < ndoomed; i++)
        kill_at(v, pos, doomed[i], map[doomed[i]]);
}

static void do_raze(const struct ar_variant *v, void *pos)
{
    ants_head *h = HEAD(pos);
    const uint8_t *map = ANTS_MAP(v, pos);
    for (int i = 0; i < v->nhills; i++) {
        int a = map[v->hill_loc[i]];
        if (!IS_ANT(a))
            continue;
        if (a == v->hill_owner[i])
            ANTS_HILL_LAST(v, pos)[i] = h->turn;
        else if (ANTS_HILL_BY(v, pos)[i] < 0) {
            ANTS_HILL_BY(v, pos)[i] = (int8_t)a;
            ANTS_HILL_END(v, pos)[i] = h->turn;
            h->score[a] += 2;
            if (!ANTS_HILL_RAZE(v, pos)[i]) {
                ANTS_HILL_RAZE(v, pos)[i] = 1;
                h->score[v->hill_owner[i]] -= 1;
            }
            h->cutoff_turns = 0;
        }
    }
}

/* New ants from the hive: least recently touched hills first. */
static void do_spawn(const struct ar_variant *v, void *pos, const ants_script *script, int *order, double *key)
{
    ants_head *h = HEAD(pos);
    uint8_t *map = ANTS_MAP(v, pos);
    for (int p = 0; p < v->players; p++) {
        int k = 0;
        for (int i = 0; i < v->nhills; i++)
            if (v->hill_owner[i] == p && ANTS_HILL_BY(v, pos)[i] < 0) {
                order[k] = i;
                key[i] = script && script->spawn_first ? (script->spawn_first[v->hill_loc[i]] ? 0.0 : 1.0)
                                                       : ar_rng_double(&h->rng);
                k++;
            }
        /* insertion sort by (last touched, tie key) */
        for (int a = 1; a < k; a++) {
            int x = order[a], b = a - 1;
            while (b >= 0 && (ANTS_HILL_LAST(v, pos)[order[b]] > ANTS_HILL_LAST(v, pos)[x] ||
                              (ANTS_HILL_LAST(v, pos)[order[b]] == ANTS_HILL_LAST(v, pos)[x] && key[order[b]] > key[x]))) {
                order[b + 1] = order[b];
                b--;
            }
            order[b + 1] = x;
        }
        for (int a = 0; a < k; a++) {
            int sq = v->hill_loc[order[a]];
            if (h->hive[p] > 0 && !IS_ANT(map[sq])) {
                h->hive[p]--;
                map[sq] = (uint8_t)p;
                ANTS_HILL_LAST(v, pos)[order[a]] = h->turn;
            }
        }
    }
}

static void do_gather(const struct ar_variant *v, void *pos)
{
    ants_head *h = HEAD(pos);
    uint8_t *map = ANTS_MAP(v, pos), *food = ANTS_FOOD(v, pos);
    for (int sq = 0; sq < v->n; sq++) {
        unsigned near = 0;
        int owner = -1;
        if (!food[sq])
            continue;
        for (int k = 0; k < v->nspawn; k++) {
            int t = ants_offset_sq(v, sq, v->spawn[k]);
            if (IS_ANT(map[t])) {
                near |= 1u << map[t];
                owner = map[t];
            }
        }
        if (!near)
            continue;
        food[sq] = 0;
        map[sq] = SQ_LAND;
        if ((near & (near - 1)) == 0)
            h->hive[owner]++;
    }
}

static int hills_left(const struct ar_variant *v, const void *pos, int player)
{
    int k = 0;
    for (int i = 0; i < v->nhills; i++)
        if (v->hill_owner[i] == player && ANTS_HILL_BY(v, pos)[i] < 0)
            k++;
    return k;
}

static int rank_stabilized(const struct ar_variant *v, const void *pos, const int *alive)
{
    const ants_head *h = CHEAD(pos);
    int left[ANTS_MAX_PLAYERS], total = 0;
    for (int p = 0; p < v->players; p++)
        total += left[p] = hills_left(v, pos, p);
    for (int p = 0; p < v->players; p++) {
        if (!alive[p] || !left[p])
            continue;
        int max_score = h->score[p] + 2 * (total - left[p]);
        for (int o = 0; o < v->players; o++) {
            if (o == p)
                continue;
            int min_score = h->score[o] - left[o];
            if ((h->score[p] < h->score[o] && max_score >= min_score) ||
                (h->score[p] == h->score[o] && max_score > min_score))
                return 0;
        }
    }
    return 1;
}

int ar_ants_check_over(const struct ar_variant *v, const void *pos)
{
    const ants_head *h = CHEAD(pos);
    int counts[ANTS_MAX_PLAYERS], alive[ANTS_MAX_PLAYERS], remaining = 0;
    ar_ants_count_ants(v, pos, counts);
    for (int p = 0; p < v->players; p++)
        remaining += alive[p] = !h->killed[p] && counts[p] > 0;
    if (remaining < 1)
        return END_EXTERMINATION;
    if (remaining == 1)
        return END_LONE_SURVIVOR;
    if (h->cutoff_turns >= v->cutoff_turn)
        return h->cutoff_bot == CUTOFF_FOOD ? END_FOOD : END_NO_RAZING;
    if (rank_stabilized(v, pos, alive))
        return END_RANK;
    return END_NONE;
}

void ar_ants_finish(const struct ar_variant *v, void *pos, int reason)
{
    ants_head *h = HEAD(pos);
    int winner = -1, remaining = 0;
    for (int p = 0; p < v->players; p++)
        if (ar_ants_is_alive(v, pos, p)) {
            remaining++;
            winner = p;
        }
    if (remaining == 1) {
        /* the lone survivor razes every hill left; their owners lose them */
        for (int i = 0; i < v->nhills; i++) {
            int owner = v->hill_owner[i];
            if (owner == winner)
                continue;
            if (ANTS_HILL_BY(v, pos)[i] < 0) {
                h->bonus[winner] += 2;
                ANTS_HILL_BY(v, pos)[i] = (int8_t)winner;
            }
            if (!ANTS_HILL_RAZE(v, pos)[i]) {
                h->bonus[owner] -= 1;
                ANTS_HILL_RAZE(v, pos)[i] = 1;
            }
        }
        for (int p = 0; p < v->players; p++)
            h->score[p] += h->bonus[p];
    }
    h->ended = reason;
}

void ar_ants_kill_player(const struct ar_variant *v, void *pos, int player)
{
    ants_head *h = HEAD(pos);
    if (h->killed[player])
        return;
    h->killed[player] = 1;
    for (int i = 0; i < v->nhills; i++)
        if (v->hill_owner[i] == player && !ANTS_HILL_RAZE(v, pos)[i]) {
            ANTS_HILL_RAZE(v, pos)[i] = 1;
            h->score[player] -= 1;
        }
}

/* ants.py's cutoff: one owner (a player, or the food) holding 85% of the
 * population for cutoff_turn turns in a row ends the game. */
static void update_cutoff(const struct ar_variant *v, void *pos)
{
    ants_head *h = HEAD(pos);
    const uint8_t *food = ANTS_FOOD(v, pos);
    long pop[ANTS_MAX_PLAYERS] = {0}, nfood = 0, total = 0;
    int present[ANTS_MAX_PLAYERS] = {0}, counts[ANTS_MAX_PLAYERS], found = CUTOFF_LAND, first_hill_owner = -1;
    ar_ants_count_ants(v, pos, counts);
    for (int p = 0; p < v->players; p++)
        if (counts[p]) {
            pop[p] += counts[p];
            present[p] = 1;
        }
    for (int i = 0; i < v->nhills; i++)
        if (ANTS_HILL_BY(v, pos)[i] < 0) {
            int o = v->hill_owner[i];
            pop[o] += h->hive[o]; /* once per hill left, as ants.py counts */
            present[o] = 1;
            if (first_hill_owner < 0)
                first_hill_owner = o;
        }
    for (int sq = 0; sq < v->n; sq++)
        nfood += food[sq];
    for (int p = 0; p < v->players; p++)
        total += pop[p];
    total += nfood;
    if (total == 0)
        found = first_hill_owner >= 0 ? first_hill_owner : CUTOFF_FOOD;
    else {
        for (int p = 0; p < v->players; p++)
            if (present[p] && (double)pop[p] >= (double)total * v->cutoff_percent)
                found = p;
        if (found == CUTOFF_LAND && (double)nfood >= (double)total * v->cutoff_percent)
            found = CUTOFF_FOOD;
    }
    if (found == CUTOFF_LAND) {
        h->cutoff_bot = CUTOFF_LAND;
        h->cutoff_turns = 0;
    } else if (h->cutoff_bot == found) {
        if (!h->hill_kill)
            h->cutoff_turns++;
    } else {
        h->cutoff_bot = found;
        h->cutoff_turns = 1;
    }
}

void ar_ants_play_turn(const struct ar_variant *v, void *pos, ants_order *const *orders, const size_t *counts,
                    const ants_script *script)
{
    ants_head *h = HEAD(pos);
    uint8_t *scratch8 = malloc((size_t)v->n * 3);
    int *scratch = malloc(sizeof(int) * (size_t)v->n * 2 + sizeof(int) * (size_t)v->nhills);
    double *key = malloc(sizeof(double) * (size_t)(v->nhills + 1));
    int over;
    if (!scratch8 || !scratch || !key)
        abort();
    if (h->ended) {
        free(scratch8);
        free(scratch);
        free(key);
        return;
    }
    /* players taken out before this turn's orders may have ended the game:
     * then nobody's orders count (the contest engine's order of checks) */
    if (ar_ants_check_over(v, pos))
        orders = NULL;
    h->turn++;
    h->ndead = 0;
    h->hill_kill = 0;
    do_orders(v, pos, orders, counts, scratch8, scratch8 + v->n, scratch8 + 2 * v->n);
    do_attack(v, pos, scratch, scratch + v->n);
    do_raze(v, pos);
    do_spawn(v, pos, script, scratch, key);
    do_gather(v, pos);
    h->food_extra += (int64_t)v->food_rate * v->players;
    {
        int food_now = (int)(h->food_extra / v->food_turn), left = food_now;
        if (script) {
            for (size_t i = 0; i < script->nfood; i++)
                add_food(v, pos, script->food[i]);
            left = 0;
        } else if (food_now > 0)
            left = food_sections(v, pos, food_now);
        h->food_extra -= (int64_t)(food_now - left) * v->food_turn;
    }
    update_revealed(v, pos);
    update_cutoff(v, pos);
    over = ar_ants_check_over(v, pos);
    if (!over && h->turn >= v->turns)
        over = END_TURNS;
    if (over)
        ar_ants_finish(v, pos, over);
    free(scratch8);
    free(scratch);
    free(key);
}

const char *ar_ants_end_text(int reason)
{
    switch (reason) {
    case END_EXTERMINATION: return "extermination";
    case END_LONE_SURVIVOR: return "lone survivor";
    case END_FOOD: return "food not being gathered";
    case END_NO_RAZING: return "ants not razing hills";
    case END_RANK: return "rank stabilized";
    case END_TURNS: return "turn limit reached";
    default: return "in play";
    }
}
