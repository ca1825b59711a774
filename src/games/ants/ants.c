/* ants.c — Ants (Google AI Challenge 2011) for 2 to 10 players with fog of
 * war: the game's descriptor and its generic interface. The whole contest
 * game (every ant ordered each turn, the protocol, the bot ladder, matches
 * and replays) runs through the game's own verbs (ants-bot, match ants,
 * replay); the generic interface offers the same rules to the generic tools
 * with a reduced move: a player's move is one ant's step (or holding), the
 * other ants standing, which keeps the legal moves few enough to list.
 *
 * Moves: 0 holds every ant; 1 + 4 * square + direction steps one ant. */
#include "ants_game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/page.h"

static const ar_option_spec ants_options[] = {
    {.name = "map", .metavar = "FILE", .help = "a contest map (default: a small built-in 2-player map)"},
    {.name = "turns", .metavar = "N", .help = "turn limit (default 1500, the finals')"},
    {.name = "turntime", .metavar = "MS", .help = "milliseconds per turn (default 500)"},
    {.name = "loadtime", .metavar = "MS", .help = "milliseconds for turn 0 (default 3000)"},
    {.name = "viewradius2", .metavar = "R2", .help = "squared view radius (default 77)"},
    {.name = "attackradius2", .metavar = "R2", .help = "squared attack radius (default 5)"},
    {.name = "spawnradius2", .metavar = "R2", .help = "squared gathering radius (default 1)"},
    {.name = "cutoff-turn", .metavar = "N", .help = "turns of 85% dominance that end a game (default 150)"},
    {.name = "cutoff-percent", .metavar = "X", .help = "the dominance share (default 0.85)"},
    {.name = "food-rate", .metavar = "N", .help = "food per player per food-turn turns (default 8)"},
    {.name = "food-turn", .metavar = "N", .help = "(default 28)"},
    {.name = "food-start", .metavar = "N", .help = "one starting food per N land squares (default 125)"},
    {.name = "food-visible", .metavar = "N", .help = "starting food in sight of each player (default 4)"},
    {.name = "seed", .metavar = "N", .help = "seed of the food placement (default 1)"},
    {.name = NULL}};

static ar_status ants_create(const ar_param *params, size_t count, ar_variant **out, ar_error *err)
{
    return ar_ants_variant_create_params(params, count, out, err);
}

static void ants_destroy(ar_variant *v) { ar_ants_variant_free(v); }

static void ants_describe(const ar_variant *v, char *buf, size_t size)
{
    snprintf(buf, size, "ants on %s (%dx%d, %d players, %d hills), %d turns, view %d attack %d spawn %d", v->name,
             v->rows, v->cols, v->players, v->nhills, v->turns, v->viewradius2, v->attackradius2, v->spawnradius2);
}

static const char *ants_player_name(const ar_variant *v, int player)
{
    static const char *const names[] = {"player 0", "player 1", "player 2", "player 3", "player 4",
                                        "player 5", "player 6", "player 7", "player 8", "player 9"};
    (void)v;
    return player >= 0 && player < ANTS_MAX_PLAYERS ? names[player] : "?";
}

static size_t ants_position_size(const ar_variant *v) { return v->size; }

static void ants_initial_position(const ar_variant *v, void *pos)
{
    ar_ants_initial(v, pos);
    ar_ants_start_food(v, pos, NULL);
}

static int ants_players(const ar_variant *v) { return v->players; }

static int ants_to_move(const ar_variant *v, const void *pos)
{
    (void)v;
    return ((const ants_head *)pos)->ended ? 0 : AR_PLAYER_SIMULTANEOUS;
}

static ar_game_outcome ants_outcome(const ar_variant *v, const void *pos)
{
    const ants_head *h = pos;
    if (!h->ended)
        return AR_ONGOING;
    if (v->players > 2)
        return AR_GAME_OVER;
    return h->score[0] > h->score[1] ? AR_WIN_P0 : h->score[1] > h->score[0] ? AR_WIN_P1 : AR_DRAW;
}

static void ants_scores(const ar_variant *v, const void *pos, double *scores)
{
    for (int p = 0; p < v->players; p++)
        scores[p] = ((const ants_head *)pos)->score[p];
}

static unsigned ants_max_moves(const ar_variant *v, const void *pos)
{
    (void)pos;
    return 1 + 4 * (unsigned)v->n;
}

static unsigned ants_legal_moves(const ar_variant *v, const void *pos, int player, ar_gmove *moves)
{
    const uint8_t *map = ANTS_MAP(v, pos);
    unsigned k = 0;
    if (((const ants_head *)pos)->ended || ((const ants_head *)pos)->killed[player])
        return 0;
    moves[k++] = 0;
    for (int sq = 0; sq < v->n; sq++) {
        if (map[sq] != player)
            continue;
        for (int d = 0; d < 4; d++) {
            uint8_t t = map[ants_step(v, sq, d)];
            if (t != SQ_WATER && t != SQ_FOOD)
                moves[k++] = 1 + 4 * (ar_gmove)sq + (ar_gmove)d;
        }
    }
    if (k == 1 && !ar_ants_is_alive(v, pos, player))
        return 0;
    return k;
}

static void ants_apply_all(const ar_variant *v, void *pos, const ar_gmove *moves)
{
    ants_order one[ANTS_MAX_PLAYERS];
    ants_order *orders[ANTS_MAX_PLAYERS];
    size_t counts[ANTS_MAX_PLAYERS];
    for (int p = 0; p < v->players; p++) {
        orders[p] = &one[p];
        counts[p] = 0;
        if (moves[p] != AR_GMOVE_NONE && moves[p] > 0) {
            one[p].loc = (int32_t)((moves[p] - 1) / 4);
            one[p].dir = (int32_t)((moves[p] - 1) % 4);
            counts[p] = 1;
        }
    }
    ar_ants_play_turn(v, pos, orders, counts, NULL);
}

static void ants_apply(const ar_variant *v, void *pos, ar_gmove move)
{
    ar_gmove moves[2] = {AR_JOINT_PART(move, 0), AR_JOINT_PART(move, 1)};
    for (int p = 0; p < 2; p++)
        if (moves[p] == (ar_gmove)UINT32_MAX)
            moves[p] = AR_GMOVE_NONE;
    ants_apply_all(v, pos, moves);
}

static size_t ants_format_move(const ar_variant *v, const void *pos, int player, ar_gmove move, char *buf,
                               size_t size)
{
    int n;
    (void)pos;
    (void)player;
    if (move == 0)
        n = snprintf(buf, size, "hold");
    else {
        int sq = (int)((move - 1) / 4);
        n = snprintf(buf, size, "o %d %d %c", sq / v->cols, sq % v->cols, ar_ants_dir_letter[(move - 1) % 4]);
    }
    return n > 0 ? (size_t)n : 0;
}

static ar_status ants_parse_move(const ar_variant *v, const void *pos, int player, const char *text, size_t len,
                                 ar_gmove *out, ar_error *err)
{
    char buf[64], d;
    int r, c, n = 0;
    const char *dirs = "nesw";
    if (len >= sizeof buf)
        return ar_error_set(err, AR_ERR_INPUT, "a move is 'hold' or 'o ROW COL n|e|s|w'");
    memcpy(buf, text, len);
    buf[len] = '\0';
    if (strcmp(buf, "hold") == 0) {
        *out = 0;
        return AR_OK;
    }
    if (sscanf(buf, "o %d %d %c%n", &r, &c, &d, &n) != 3 || buf[n] || !strchr(dirs, d) || !d)
        return ar_error_set(err, AR_ERR_INPUT, "'%s': a move is 'hold' or 'o ROW COL n|e|s|w'", buf);
    if (r < 0 || r >= v->rows || c < 0 || c >= v->cols)
        return ar_error_set(err, AR_ERR_INPUT, "'%s': row %d column %d is off the %dx%d map", buf, r, c, v->rows,
                            v->cols);
    {
        int sq = r * v->cols + c, dir = (int)(strchr(dirs, d) - dirs);
        uint8_t t = ANTS_MAP(v, pos)[ants_step(v, sq, dir)];
        if (ANTS_MAP(v, pos)[sq] != player)
            return ar_error_set(err, AR_ERR_INPUT, "'%s': no ant of %s there", buf, ants_player_name(v, player));
        if (t == SQ_WATER || t == SQ_FOOD)
            return ar_error_set(err, AR_ERR_INPUT, "'%s': the move is blocked by %s", buf,
                                t == SQ_WATER ? "water" : "food");
        *out = 1 + 4 * (ar_gmove)sq + (ar_gmove)dir;
    }
    return AR_OK;
}

static void ants_draw(const ar_variant *v, const void *pos, char *buf, size_t size)
{
    const ants_head *h = pos;
    size_t k = 0;
    int n = snprintf(buf, size, "turn %d, scores", (int)h->turn);
    k = n > 0 && (size_t)n < size ? (size_t)n : 0;
    for (int p = 0; p < v->players && k + 16 < size; p++)
        k += (size_t)snprintf(buf + k, size - k, " %d", (int)h->score[p]);
    for (int sq = 0; sq < v->n && k + 3 < size; sq++) {
        char c = ar_ants_square_char(v, pos, sq);
        int hill = v->hill_at[sq];
        if (sq % v->cols == 0)
            buf[k++] = '\n';
        if (hill >= 0 && ANTS_HILL_BY(v, pos)[hill] < 0)
            c = c >= 'a' && c <= 'j' ? (char)(c - 'a' + 'A') : (char)('0' + v->hill_owner[hill]);
        buf[k++] = c;
    }
    if (k < size)
        buf[k] = '\0';
}

static const ar_tool ants_tools[] = {
    {.name = "match",
     .usage = "ariadne match ants --bots A,B[,...] --maps DIR|FILE [--games N] [--turns N] [--turntime MS] "
              "[--replay DIR] [--seed N] [--cpu-clock]",
     .help = "Plays Ants games of 2 to 10 players on contest maps: every map is played with its number\n"
             "of players, the bots seated in rotation (each game moves every bot one seat on), for\n"
             "--games rotations per map (default: one per seat). A bot is one of the ladder (random,\n"
             "hold, lefty, hunter, greedy, strong, contender) or an external program speaking the\n"
             "contest protocol, cmd:COMMAND, under the contest clock (--loadtime, --turntime): a timeout, crash or\n"
             "malformed or invalid order takes that bot out (its ants stand still), reported, as the\n"
             "contest's strict mode did. Reports each bot's games, mean score, mean rank, firsts, a\n"
             "rating (pairwise Elo over the finishing order with a 95% interval) and its turn times\n"
             "(wall clock and CPU). --cpu-clock judges the in-process bots by CPU time (a shared machine).\n"
             "--replay DIR writes a replay per game (`ariadne replay FILE [--html OUT]`). Options of\n"
             "the game (--turns, --viewradius2, ...) apply to every map. Exit status: 0 played, 2 a\n"
             "bad map, bot or option, 3 interrupted. See docs/games/ants.md.",
     .run = ar_ants_match_main},
    {.name = "ants-bot",
     .usage = "ariadne ants-bot [--bot NAME] [--seed N] [--verbose]",
     .help = "A drop-in bot for the Google AI Challenge 2011 Ants engine (playgame.py): reads the\n"
             "settings of turn 0 and answers 'go', then each turn reads 'turn N', the visible squares\n"
             "(w water, f food, h hill, a ant, d dead ant) and 'go', and answers its orders\n"
             "'o ROW COL N|E|S|W' and 'go' within the turn time less a margin. --bot: random, hold,\n"
             "lefty, hunter, greedy, strong, contender (default). Malformed lines are reported on stderr and\n"
             "skipped; 'end' or the end of input exits 0. See docs/games/ants.md.",
     .run = ar_ants_bot_main},
    {.name = NULL}};

static const ar_bench_suite ants_bench_suites[] = {
    {.name = "ants",
     .summary = "Ants: engine turns/s, bot turn times, 2-player ladder and 4-player free-for-alls",
     .run = ar_ants_bench},
    {.name = NULL}};

/* The map: water, food, hills and each player's ants in its colour (page.h). */
static void ants_picture(const ar_variant *v, const void *pos, ar_scene *scene)
{
    char *buf = malloc((size_t)v->n * 2 + 4096);
    const char *board;
    if (!buf)
        return;
    ants_draw(v, pos, buf, (size_t)v->n * 2 + 4096);
    board = strchr(buf, '\n') ? strchr(buf, '\n') + 1 : buf;
    ar_scene_text_grid(scene, board, "%=water .=empty *=coin-h ?=muted !=goal a=p1 b=p2 c=p3 d=p4 e=p5 f=p6 g=p7 "
                                     "h=p8 i=p9 j=p10 A=p1 B=p2 C=p3 D=p4 E=p5 F=p6 G=p7 H=p8 I=p9 J=p10 "
                                     "0123456789=t1");
    {
        const char *nl = strchr(buf, '\n');
        ar_scene_caption(scene, "%.*s", nl ? (int)(nl - buf) : (int)strlen(buf), buf);
    }
    free(buf);
}

static const ar_game_example ants_examples[] = {
    {.args = "match ants --bots greedy,lefty --maps data/ants/maps/example --games 1 --seed 1 --turns 100", .note = "two ladder bots for 100 turns on the tutorial map"},
    {.args = NULL}};

const ar_game ar_game_ants = {
    .name = "ants",
    .summary = "Ants (Google AI Challenge 2011): 2-10 players, fog of war, contest maps, protocol and bots",
    .help = "Each player's ants move at once, one square N, E, S or W on a map that wraps; ants that\n"
            "end on one square die; an ant dies when an enemy within the attack radius (r2 5) is\n"
            "fought by no more enemies than it (the focus rule); food next to the ants of one player\n"
            "becomes a new ant on one of its hills (food next to two players' ants is destroyed); an\n"
            "enemy ant on a hill razes it: +2 to the razer, -1 to the owner (everyone starts with\n"
            "one point per hill). Players see only what lies within r2 77 of their ants. A game ends\n"
            "at the turn limit, when one player is left (who then razes every hill left), when one\n"
            "side holds 85% of the ants and food for 150 turns, or when no rank can change.\n"
            "Options: --map FILE (contest format: rows, cols, players, m lines of . % * a-j 0-9 A-J),\n"
            "--turns, --turntime, --loadtime, --viewradius2, --attackradius2, --spawnradius2,\n"
            "--cutoff-turn, --cutoff-percent, --food-rate/-turn/-start/-visible, --seed.\n"
            "Generic moves: 'hold' or one ant's step 'o ROW COL n|e|s|w' (the game's own verbs order\n"
            "every ant). Bots of the ladder: random, hold, lefty, hunter, greedy, strong, contender.\n"
            "\n"
            "Ants' own commands (docs/games/ants.md):\n"
            "  ariadne match ants --bots A,B,C,D --maps DIR [--replay DIR] plays 2-10 player games\n"
            "      with seats rotated; bots may be external programs (cmd:COMMAND).\n"
            "  ariadne ants-bot [--bot NAME] is a drop-in bot for the contest engine.\n"
            "  ariadne replay FILE [--html OUT.html] checks a replay and shows it, or writes a page\n"
            "      with a turn slider and a per-player fog-of-war view.\n"
            "  ariadne bench ants [--quick] measures the engine and the ladder.",
    .flags = AR_GAME_SIMULTANEOUS | AR_GAME_DRAWS | AR_GAME_HIDDEN,
    .options = ants_options,
    .create = ants_create,
    .destroy = ants_destroy,
    .describe = ants_describe,
    .player_name = ants_player_name,
    .position_size = ants_position_size,
    .initial_position = ants_initial_position,
    .parse_position = ar_ants_parse_position,
    .format_position = ar_ants_format_position,
    .draw = ants_draw,
    .picture = ants_picture,
    .to_move = ants_to_move,
    .outcome = ants_outcome,
    .hash = ar_ants_hash,
    .max_moves = ants_max_moves,
    .legal_moves = ants_legal_moves,
    .apply = ants_apply,
    .format_move = ants_format_move,
    .parse_move = ants_parse_move,
    .default_bot = "mcts:time=0.5",
    .players = ants_players,
    .apply_simultaneous = ants_apply_all,
    .scores = ants_scores,
    .observe = ar_ants_observe,
    .tools = ants_tools,
    .replay_format = "ariadne-ants-replay",
    .replay = ar_ants_replay_main,
    .bench_suites = ants_bench_suites,
    .examples = ants_examples,
};
