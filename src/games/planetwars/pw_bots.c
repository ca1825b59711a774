/* pw_bots.c — the contest's example strategies, reimplemented from what they
 * do (each sends half of one planet's ships at a time): random, prospector,
 * bully, dual and rage (by rating from weakest: random, bully, prospector,
 * rage, dual; rage is even with prospector and dual head to head); the
 * stronger bots are in pw_fivestep.c and pw_search.c. A bot sees itself as
 * player 1. Ties go to the first planet in map order, as the examples'
 * strict comparisons do. */
#include "planetwars_internal.h"

#include <string.h>

static int my_fleets(const pw_state *s)
{
    int i, n = 0;
    for (i = 0; i < s->nf; i++)
        n += s->fleets[i].owner == 1;
    return n;
}

static int order(pw_order *out, int cap, int n, int src, int dst, int ships)
{
    if (n < cap) {
        out[n].src = src, out[n].dst = dst, out[n].ships = ships;
        n++;
    }
    return n;
}

/* random: while none of its fleets flies, half of a random planet of its own
 * to a random planet (any, itself included). */
static int bot_random(const pw_state *s, pw_bot_ctx *ctx, pw_order *out, int cap)
{
    int mine[PW_MAX_PLANETS], nm = 0, i, src, dst;
    if (my_fleets(s) >= 1)
        return 0;
    for (i = 0; i < s->np; i++)
        if (s->planets[i].owner == 1)
            mine[nm++] = i;
    if (nm == 0)
        return 0;
    src = mine[ar_rng_below(&ctx->rng, (uint64_t)nm)];
    dst = (int)ar_rng_below(&ctx->rng, (uint64_t)s->np);
    return order(out, cap, 0, src, dst, s->planets[src].ships / 2);
}

/* The planet of its own with the most ships per unit of growth (+1), if
 * it has any ships. */
static int strongest_per_growth(const pw_state *s)
{
    int i, best = -1;
    double score = 0;
    for (i = 0; i < s->np; i++)
        if (s->planets[i].owner == 1) {
            double v = (double)s->planets[i].ships / (1 + s->planets[i].growth);
            if (v > 0 && (best < 0 || v > score))
                best = i, score = v;
        }
    return best;
}

/* The planet not its own (only the enemy's when enemy_only) with the best
 * growth (+1) per defending ship; an empty planet is best. */
static int cheapest_growth(const pw_state *s, int enemy_only)
{
    int i, best = -1;
    double score = 0;
    for (i = 0; i < s->np; i++) {
        const pw_planet *p = &s->planets[i];
        double v;
        if (p->owner == 1 || (enemy_only && p->owner != 2))
            continue;
        v = p->ships == 0 ? 1e300 : (double)(1 + p->growth) / p->ships;
        if (best < 0 || v > score)
            best = i, score = v;
    }
    return best;
}

/* prospector: while none of its fleets flies, half of the planet with the
 * most ships per growth to the planet with the best growth per ship. */
static int bot_prospector(const pw_state *s, pw_bot_ctx *ctx, pw_order *out, int cap)
{
    int src, dst;
    (void)ctx;
    if (my_fleets(s) >= 1)
        return 0;
    src = strongest_per_growth(s), dst = cheapest_growth(s, 0);
    if (src < 0 || dst < 0)
        return 0;
    return order(out, cap, 0, src, dst, s->planets[src].ships / 2);
}

/* bully: while none of its fleets flies, half of its strongest planet to the
 * weakest planet not its own. */
static int bot_bully(const pw_state *s, pw_bot_ctx *ctx, pw_order *out, int cap)
{
    int i, src = -1, dst = -1;
    (void)ctx;
    if (my_fleets(s) >= 1)
        return 0;
    for (i = 0; i < s->np; i++) {
        const pw_planet *p = &s->planets[i];
        if (p->owner == 1 && p->ships > 0 && (src < 0 || p->ships > s->planets[src].ships))
            src = i;
        if (p->owner != 1 && (dst < 0 || p->ships < s->planets[dst].ships))
            dst = i;
    }
    if (src < 0 || dst < 0)
        return 0;
    return order(out, cap, 0, src, dst, s->planets[src].ships / 2);
}

/* dual: prospector with a fleet budget that depends on who leads: ahead in
 * ships and growth it attacks only enemy planets with one fleet at a time;
 * otherwise it keeps 1, 3 or 5 fleets flying to any planet. */
static int bot_dual(const pw_state *s, pw_bot_ctx *ctx, pw_order *out, int cap)
{
    int fleets, attack = 0, src, dst;
    int ahead = ar_pw_ships(s, 1) > ar_pw_ships(s, 2), growing = ar_pw_production(s, 1) > ar_pw_production(s, 2);
    (void)ctx;
    if (ahead)
        fleets = growing ? 1 : 3, attack = growing;
    else
        fleets = growing ? 1 : 5;
    if (my_fleets(s) >= fleets)
        return 0;
    src = strongest_per_growth(s), dst = cheapest_growth(s, attack);
    if (src < 0 || dst < 0)
        return 0;
    return order(out, cap, 0, src, dst, s->planets[src].ships / 2);
}

/* rage: every planet of its own holding at least ten turns of its growth
 * sends all its ships to the nearest enemy planet. */
static int bot_rage(const pw_state *s, pw_bot_ctx *ctx, pw_order *out, int cap)
{
    int i, j, n = 0;
    (void)ctx;
    for (i = 0; i < s->np; i++) {
        int best = -1;
        if (s->planets[i].owner != 1 || s->planets[i].ships < 10 * s->planets[i].growth)
            continue;
        for (j = 0; j < s->np; j++)
            if (s->planets[j].owner == 2 && (best < 0 || s->dist[i * s->np + j] < s->dist[i * s->np + best]))
                best = j;
        if (best >= 0)
            n = order(out, cap, n, i, best, s->planets[i].ships);
    }
    return n;
}

const pw_bot_kind ar_pw_bot_kinds[] = {
    {.name = "random", .summary = "half of a random planet to a random planet, one fleet at a time", .choose = bot_random},
    {.name = "bully", .summary = "half of its strongest planet to the weakest other planet, one fleet at a time",
     .choose = bot_bully},
    {.name = "prospector", .summary = "half of its richest planet to the best growth per ship, one fleet at a time",
     .choose = bot_prospector},
    {.name = "rage", .summary = "every planet with ten turns of growth sends all to the nearest enemy planet",
     .choose = bot_rage},
    {.name = "dual", .summary = "prospector that attacks only the enemy when ahead, more fleets when behind",
     .choose = bot_dual},
    {.name = "fivestep", .summary = "the seed's five steps with exact future simulation: defend, attack, snipe, "
                                    "hunt neutrals, reinforce",
     .choose = ar_pw_bot_fivestep},
    {.name = "search", .summary = "maximin over candidate order sets of both sides, simulated ahead",
     .choose = ar_pw_bot_search},
    {.name = "contender", .summary = "decides from each planet's future against the enemy's reach: just-in-time "
                                     "defence, captures that pay back soonest, surplus to the front",
     .choose = ar_pw_bot_contender},
    {.name = "contender-search", .summary = "the contender's plan and its variations weighed by maximin against the "
                                            "opponent's replies, timed strikes included",
     .choose = ar_pw_bot_contender_search},
    {.name = "contender-search-clock", .summary = "contender-search deepened and widened while 60% of the turn's time "
                                                  "lasts (not reproducible)",
     .choose = ar_pw_bot_contender_search_clock},
    {.name = NULL}};

const pw_bot_kind *ar_pw_bot_find(const char *name)
{
    const pw_bot_kind *k;
    for (k = ar_pw_bot_kinds; k->name; k++)
        if (strcmp(k->name, name) == 0)
            return k;
    return NULL;
}
