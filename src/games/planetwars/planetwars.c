/* planetwars.c — Planet Wars (Google AI Challenge 2010) as an ariadne game:
 * the variant (a map and the contest's limits), a fixed-size position for
 * the generic engines, and the descriptor with its verbs.
 *
 * The real game lets each player send any number of fleets of any size every
 * turn; that move space has no useful bound, so the generic interface (`play`,
 * the generic bots, the conformance tests) sees a coarse but exact subset:
 * each turn a player passes or gives one order sending all or half of one
 * planet's ships to another planet. The rules applied are the contest
 * engine's own (pw_engine.c). The full game — any orders, external bots,
 * the contest clock — is what `planetwars-bot`, `match planetwars` and the
 * replays use (pw_match.c, pw_tools.c).
 *
 * Position bytes (canonical, unused bytes zero): the turn, the fleet count,
 * then (owner, ships) per planet and six numbers per fleet. Its text is the
 * contest's playback notation: "TURN planets,fleets" with a planet
 * "owner.ships" and a fleet "owner.ships.source.destination.total.remaining". */
#include "planetwars_internal.h"
#include "pw_cli.h"
#include "ariadne/page.h"
#include "ariadne/game.h"
#include "ariadne/memory.h"
#include "ariadne/tool.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The map used without --map: two home planets and three neutrals, point
 * symmetric (written for ariadne). */
static const char default_map[] = "P 10 10 0 20 5\n"
                                  "P 2 4 1 100 5\n"
                                  "P 18 16 2 100 5\n"
                                  "P 6 14 0 15 3\n"
                                  "P 14 6 0 15 3\n";

static const ar_option_spec pw_options[] = {
    {.name = "map", .metavar = "FILE", .help = "the map (P x y owner ships growth lines; default: a 5-planet map)"},
    {.name = "max-turns", .metavar = "N", .help = "turns before ships are counted (default 200, the contest's)"},
    {.name = NULL}};

ar_status ar_pw_variant_from_text(const char *text, const char *name, int max_turns, ar_variant **out, ar_error *err)
{
    ar_variant *v = ar_xcalloc(1, sizeof *v);
    ar_status st = ar_pw_parse(text, name, 1, &v->map, err);
    int a, b, far = 0;
    if (st != AR_OK) {
        free(v);
        return st;
    }
    snprintf(v->name, sizeof v->name, "%s", name);
    v->max_turns = max_turns;
    for (a = 0; a < v->map.np; a++)
        for (b = 0; b < v->map.np; b++)
            if (v->map.dist[a * v->map.np + b] > far)
                far = v->map.dist[a * v->map.np + b];
    /* At most one order per player per turn, each fleet alive at most `far`
     * turns: 2 * far fleets, plus room for a parsed position's. */
    v->fleet_cap = 2 * (far + 1);
    *out = v;
    return AR_OK;
}

static ar_status pw_create(const ar_param *params, size_t count, ar_variant **out, ar_error *err)
{
    const char *file = ar_param_get(params, count, "map");
    long turns;
    ar_status st = ar_param_int(params, count, "max-turns", 1, 100000, 200, &turns, err);
    size_t i;
    if (st != AR_OK)
        return st;
    for (i = 0; i < count; i++)
        if (strcmp(params[i].name, "map") != 0 && strcmp(params[i].name, "max-turns") != 0)
            return ar_error_set(err, AR_ERR_INPUT, "planetwars has no option --%s", params[i].name);
    if (file) {
        char why[256];
        char *text = ar_read_file(file, why, sizeof why);
        const char *base = strrchr(file, '/');
        if (!text)
            return ar_error_set(err, AR_ERR_INPUT, "cannot read map '%s': %s", file, why);
        st = ar_pw_variant_from_text(text, base ? base + 1 : file, (int)turns, out, err);
        free(text);
        return st;
    }
    return ar_pw_variant_from_text(default_map, "default", (int)turns, out, err);
}

void ar_pw_variant_free(ar_variant *v)
{
    if (!v)
        return;
    ar_pw_state_free(&v->map);
    free(v);
}

static void pw_describe(const ar_variant *v, char *buf, size_t size)
{
    snprintf(buf, size, "planetwars on map %s (%d planets), %d turns", v->name, v->map.np, v->max_turns);
}

static const char *pw_player_name(const ar_variant *v, int player)
{
    (void)v;
    return player == 0 ? "player 1" : "player 2";
}

/* ------------------------------------------------------------ positions */

typedef struct pw_pos {
    int32_t turn, nf;
    int32_t cells[]; /* 2 per planet, then 6 per fleet */
} pw_pos;

static size_t pw_position_size(const ar_variant *v)
{
    return sizeof(pw_pos) + ((size_t)v->map.np * 2 + (size_t)v->fleet_cap * 6) * sizeof(int32_t);
}

void ar_pw_pos_to_state(const ar_variant *v, const void *pos, pw_state *s)
{
    const pw_pos *p = pos;
    int i;
    *s = v->map;
    s->turn = p->turn;
    s->nf = 0;
    s->capf = v->fleet_cap + 2;
    s->fleets = ar_xmalloc((size_t)s->capf * sizeof *s->fleets);
    for (i = 0; i < v->map.np; i++) {
        s->planets[i].owner = p->cells[2 * i];
        s->planets[i].ships = p->cells[2 * i + 1];
    }
    for (i = 0; i < p->nf; i++) {
        const int32_t *c = p->cells + 2 * v->map.np + 6 * i;
        pw_fleet f = {c[0], c[1], c[2], c[3], c[4], c[5]};
        s->fleets[s->nf++] = f;
    }
}

static void state_to_pos(const ar_variant *v, const pw_state *s, void *pos)
{
    pw_pos *p = pos;
    int i;
    memset(p, 0, pw_position_size(v));
    p->turn = s->turn;
    p->nf = s->nf < v->fleet_cap ? s->nf : v->fleet_cap;
    for (i = 0; i < v->map.np; i++) {
        p->cells[2 * i] = s->planets[i].owner;
        p->cells[2 * i + 1] = s->planets[i].ships;
    }
    for (i = 0; i < p->nf; i++) {
        int32_t *c = p->cells + 2 * v->map.np + 6 * i;
        const pw_fleet *f = &s->fleets[i];
        c[0] = f->owner, c[1] = f->ships, c[2] = f->src, c[3] = f->dst, c[4] = f->total, c[5] = f->remaining;
    }
}

static void pw_initial(const ar_variant *v, void *pos)
{
    state_to_pos(v, &v->map, pos);
}

static void pw_format_position(const ar_variant *v, const void *pos, char *buf, size_t size)
{
    int n;
    pw_state s;
    ar_pw_pos_to_state(v, pos, &s);
    n = snprintf(buf, size, "%d ", s.turn);
    if (n > 0 && (size_t)n < size)
        ar_pw_playback(&s, buf + n, size - (size_t)n);
    ar_pw_state_copy_free(&s);
}

/* The position for a person (`ariadne play`): the totals, each planet with
 * its owner, ships and growth, and the fleets in flight with their arrival. */
static void pw_draw(const ar_variant *v, const void *pos, char *buf, size_t size)
{
    pw_state s;
    size_t used = 0;
    int i, ships[3] = {0, 0, 0}, growth[3] = {0, 0, 0};
    static const char *const who[3] = {"neutral", "player 1", "player 2"};
#define PUT(...)                                                                                  \
    do {                                                                                          \
        if (used < size)                                                                          \
            used += (size_t)snprintf(buf + used, size - used, __VA_ARGS__);                       \
    } while (0)
    ar_pw_pos_to_state(v, pos, &s);
    for (i = 0; i < s.np; i++) {
        ships[s.planets[i].owner] += s.planets[i].ships;
        growth[s.planets[i].owner] += s.planets[i].growth;
    }
    for (i = 0; i < s.nf; i++)
        ships[s.fleets[i].owner] += s.fleets[i].ships;
    PUT("turn %d of %d: player 1 %d ships (growth %d), player 2 %d ships (growth %d)\n", s.turn,
        v->max_turns, ships[1], growth[1], ships[2], growth[2]);
    PUT("planet  owner     ships growth    x     y\n");
    for (i = 0; i < s.np; i++)
        PUT("%6d  %-8s %6d %6d %5.1f %5.1f\n", i, who[s.planets[i].owner], s.planets[i].ships,
            s.planets[i].growth, s.planets[i].x, s.planets[i].y);
    if (s.nf)
        PUT("fleets: owner ships from -> to (turns left)\n");
    for (i = 0; i < s.nf; i++)
        PUT("        %-8s %6d %4d -> %-4d (%d)\n", who[s.fleets[i].owner], s.fleets[i].ships, s.fleets[i].src,
            s.fleets[i].dst, s.fleets[i].remaining);
#undef PUT
    if (size)
        buf[used < size ? used : size - 1] = '\0';
    ar_pw_state_copy_free(&s);
}

static ar_status pw_parse_position(const ar_variant *v, const char *text, void *pos, ar_error *err)
{
    pw_state s;
    char *end;
    long turn;
    ar_status st;
    errno = 0;
    turn = strtol(text, &end, 10);
    if (end == text || errno || turn < 0 || turn > 1000000 || *end != ' ')
        return ar_error_set(err, AR_ERR_INPUT, "position: expected the turn number, then a space and the planets");
    s = v->map;
    s.fleets = NULL;
    s.nf = s.capf = 0;
    st = ar_pw_parse_playback(end + 1, &s, err);
    if (st == AR_OK && s.nf > v->fleet_cap)
        st = ar_error_set(err, AR_ERR_INPUT, "position: %d fleets, more than this map's positions hold (%d)", s.nf,
                          v->fleet_cap);
    if (st == AR_OK) {
        s.turn = (int)turn;
        state_to_pos(v, &s, pos);
    }
    ar_pw_state_copy_free(&s);
    return st;
}

static int pw_to_move(const ar_variant *v, const void *pos)
{
    pw_state s;
    int w;
    ar_pw_pos_to_state(v, pos, &s);
    w = ar_pw_winner(&s, v->max_turns);
    ar_pw_state_copy_free(&s);
    return w < 0 ? AR_PLAYER_SIMULTANEOUS : 0;
}

static ar_game_outcome pw_outcome(const ar_variant *v, const void *pos)
{
    pw_state s;
    int w;
    ar_pw_pos_to_state(v, pos, &s);
    w = ar_pw_winner(&s, v->max_turns);
    ar_pw_state_copy_free(&s);
    return w < 0 ? AR_ONGOING : w == 0 ? AR_DRAW : w == 1 ? AR_WIN_P0 : AR_WIN_P1;
}

/* --------------------------------------------------------------- moves */

/* Move 0 passes; 1 + 2 * (src * np + dst) + half sends all (half 0) or
 * half (rounded down) of src's ships to dst. */
static unsigned pw_max_moves(const ar_variant *v, const void *pos)
{
    (void)pos;
    return 1 + 2u * (unsigned)(v->map.np * (v->map.np - 1));
}

static unsigned pw_legal_moves(const ar_variant *v, const void *pos, int player, ar_gmove *moves)
{
    const pw_pos *p = pos;
    unsigned n = 0;
    int a, b, np = v->map.np;
    if (pw_outcome(v, pos) != AR_ONGOING)
        return 0;
    moves[n++] = 0;
    for (a = 0; a < np; a++) {
        if (p->cells[2 * a] != player + 1 || p->cells[2 * a + 1] < 1)
            continue;
        for (b = 0; b < np; b++) {
            if (b == a)
                continue;
            moves[n++] = 1 + 2u * (unsigned)(a * np + b);
            if (p->cells[2 * a + 1] >= 2)
                moves[n++] = 2 + 2u * (unsigned)(a * np + b);
        }
    }
    return n;
}

static void decode(const ar_variant *v, const pw_state *s, ar_gmove m, pw_order *o)
{
    unsigned k = (unsigned)m - 1;
    o->src = (int)(k / 2) / v->map.np;
    o->dst = (int)(k / 2) % v->map.np;
    o->ships = s->planets[o->src].ships;
    if (k & 1)
        o->ships /= 2;
}

static void pw_apply(const ar_variant *v, void *pos, ar_gmove move)
{
    pw_state s;
    int q;
    char why[160];
    ar_pw_pos_to_state(v, pos, &s);
    for (q = 0; q < 2; q++) {
        ar_gmove m = AR_JOINT_PART(move, q);
        pw_order o;
        if (m == 0 || m == (uint32_t)AR_GMOVE_NONE)
            continue;
        decode(v, &s, m, &o);
        if (ar_pw_issue(&s, q + 1, &o, why, sizeof why) != 0)
            ar_pw_drop(&s, q + 1);
    }
    ar_pw_step(&s);
    state_to_pos(v, &s, pos);
    ar_pw_state_copy_free(&s);
}

static size_t pw_format_move(const ar_variant *v, const void *pos, int player, ar_gmove move, char *buf, size_t size)
{
    pw_state s;
    pw_order o;
    int n;
    (void)player;
    if (move == 0)
        return (size_t)snprintf(buf, size, "pass");
    ar_pw_pos_to_state(v, pos, &s);
    decode(v, &s, move, &o);
    n = snprintf(buf, size, "%d-%d%s", o.src, o.dst, (move - 1) & 1 ? "/2" : "");
    ar_pw_state_copy_free(&s);
    return n < 0 ? 0 : (size_t)n;
}

static ar_status pw_parse_move(const ar_variant *v, const void *pos, int player, const char *text, size_t len,
                               ar_gmove *out, ar_error *err)
{
    const pw_pos *p = pos;
    char buf[64];
    int a, b, half = 0, used = 0;
    if (len >= sizeof buf)
        return ar_error_set(err, AR_ERR_INPUT, "a move is 'pass', 'A-B' or 'A-B/2'");
    memcpy(buf, text, len);
    buf[len] = 0;
    if (strcmp(buf, "pass") == 0) {
        *out = 0;
        return AR_OK;
    }
    if (sscanf(buf, "%d-%d%n", &a, &b, &used) != 2 ||
        (buf[used] && !(half = strcmp(buf + used, "/2") == 0)))
        return ar_error_set(err, AR_ERR_INPUT, "'%s' is not a move ('pass', 'A-B' all ships, 'A-B/2' half)", buf);
    if (a < 0 || a >= v->map.np || b < 0 || b >= v->map.np || a == b)
        return ar_error_set(err, AR_ERR_INPUT, "'%s': planets are 0..%d and differ", buf, v->map.np - 1);
    if (p->cells[2 * a] != player + 1)
        return ar_error_set(err, AR_ERR_INPUT, "planet %d is not player %d's", a, player + 1);
    if (p->cells[2 * a + 1] < (half ? 2 : 1))
        return ar_error_set(err, AR_ERR_INPUT, "planet %d has %d ships", a, p->cells[2 * a + 1]);
    *out = 1 + 2u * (unsigned)(a * v->map.np + b) + (unsigned)half;
    return AR_OK;
}

/* Ships plus ten turns of production, from player's side. */
static int pw_eval_material(const ar_variant *v, const void *pos, int player)
{
    pw_state s;
    int me = player + 1, d;
    ar_pw_pos_to_state(v, pos, &s);
    d = ar_pw_ships(&s, me) - ar_pw_ships(&s, 3 - me) + 10 * (ar_pw_production(&s, me) - ar_pw_production(&s, 3 - me));
    ar_pw_state_copy_free(&s);
    return d > AR_EVAL_MAX ? AR_EVAL_MAX : d < -AR_EVAL_MAX ? -AR_EVAL_MAX : d;
}

static const ar_game_eval pw_evals[] = {
    {.name = "material", .summary = "ships plus ten turns of growth, mine minus the opponent's",
     .evaluate = pw_eval_material},
    {.name = NULL}};

static const ar_bench_suite pw_bench_suites[] = {
    {.name = "planetwars",
     .summary = "Planet Wars: engine turns/s, bot turn times, the bot ladder over the contest maps",
     .run = ar_pw_bench},
    {.name = NULL}};

/* The position as its text drawing, under the board (page.h). */
static void pw_picture(const ar_variant *v, const void *pos, ar_scene *scene)
{
    ar_scene_caption_drawing(scene, pw_draw, v, pos);
}

static const ar_game_example planetwars_examples[] = {
    {.args = "match planetwars --bots rage,bully --maps data/planetwars/maps/map1.txt --move-time 0.05 --seed 1", .note = "two of the contest's example bots on one official map, both sides"},
    {.args = "match planetwars --bots contender,search --maps data/planetwars/maps/map2.txt --seed 1",
     .note = "the planet-future model's bot (contender) against the search bot, both sides"},
    {.args = NULL}};

const ar_game ar_game_planetwars = {
    .name = "planetwars",
    .summary = "Planet Wars (Google AI Challenge 2010): the contest engine's exact rules, bots, protocol",
    .help = "Two players own planets that grow ships and send fleets; a fleet takes ceil(distance)\n"
            "turns. Each turn both players' orders depart at once, then owned planets grow, fleets\n"
            "advance, and each planet's battle is fought: the largest force (owner's garrison and\n"
            "arrived fleets, per player) keeps the difference to the second; a tie leaves the owner\n"
            "with 0 ships. A player owning nothing loses; after 200 turns more ships win.\n"
            "Options: --map FILE (lines 'P x y owner ships growth'), --max-turns N.\n"
            "Generic moves (play, generic bots): 'pass', 'A-B' (all of A's ships to B), 'A-B/2'.\n"
            "Position: 'TURN o.s,o.s,...,o.s.src.dst.total.left' (playback notation).\n"
            "\n"
            "Planet Wars' own commands (docs/games/planetwars.md):\n"
            "  ariadne planetwars-bot [--bot NAME] is a drop-in bot for the contest engine.\n"
            "  ariadne match planetwars --bots A,B --maps DIR|FILE [--games N] [--replay DIR]\n"
            "      plays every pair on every map from both sides, Elo ± 95%, turn times;\n"
            "      a bot may be an external program (cmd:COMMAND).\n"
            "  ariadne replay FILE [--html OUT.html] checks a replay and shows or animates it.\n"
            "  ariadne bench planetwars [--quick] measures the engine, turn times, the ladder.\n"
            "Bots, weakest first (measured): random, bully, prospector, rage, dual, fivestep, search, contender\n"
            "(decides from every planet's future against the enemy's reach), contender-search (the default of\n"
            "planetwars-bot: weighs the contender's plan and its variations against the opponent's replies,\n"
            "timed multi-planet strikes included; maximin over engine playouts, a fixed work a turn, ~60 ms);\n"
            "contender-search-clock does the same for up to 60% of each turn's time (not reproducible).",
    .flags = AR_GAME_SIMULTANEOUS | AR_GAME_DRAWS | AR_GAME_ACYCLIC,
    .options = pw_options,
    .create = pw_create,
    .destroy = ar_pw_variant_free,
    .describe = pw_describe,
    .player_name = pw_player_name,
    .position_size = pw_position_size,
    .initial_position = pw_initial,
    .parse_position = pw_parse_position,
    .format_position = pw_format_position,
    .draw = pw_draw,
    .picture = pw_picture,
    .to_move = pw_to_move,
    .outcome = pw_outcome,
    .hash = NULL, /* the bytes are canonical */
    .max_moves = pw_max_moves,
    .legal_moves = pw_legal_moves,
    .apply = pw_apply,
    .undo = NULL, /* engines copy positions */
    .format_move = pw_format_move,
    .parse_move = pw_parse_move,
    .evals = pw_evals,
    .default_bot = "mcts",
    .tools = ar_pw_tools,
    .replay_format = "ariadne-planetwars-replay",
    .replay = ar_pw_replay_main,
    .bench_suites = pw_bench_suites,
    .examples = planetwars_examples,
};
