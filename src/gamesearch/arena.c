/* arena.c — playing games between bots, round-robin matches, and Elo.
 *
 * A game asks the bot of the player to move for its move; in a simultaneous
 * position every bot is asked about the same position before any move is
 * played, so none sees another's choice, and in games with hidden
 * information each bot sees only its player's view (ar_bot_choose shows it
 * that). Chance events are drawn from the game's seeded generator, and a
 * finished game is scored with ar_game_scores, for any number of players. A
 * bot that fails or answers with an illegal move loses that game (the record
 * says why), so an external program cannot crash a match. Matches (two
 * players) play every pair of bots both ways round from the same random
 * opening, which cancels most of the opening's luck; the Elo formulas are
 * documented in arena.h. */
#include "ariadne/arena.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void append(ar_game_record *rec, const char *text)
{
    size_t used = strlen(rec->moves), len = strlen(text);
    if (used + len + 2 >= sizeof rec->moves) {
        if (used + 4 < sizeof rec->moves && strcmp(rec->moves + (used >= 3 ? used - 3 : 0), "...") != 0)
            strcat(rec->moves, " ...");
        return;
    }
    if (used)
        rec->moves[used++] = ' ';
    memcpy(rec->moves + used, text, len + 1);
}

/* The move text of the record: a simultaneous turn as every player's move
 * joined by '/' ("-" for a player without a move). */
static void note_move(const ar_game *g, const ar_variant *v, const void *pos, int who,
                      const ar_gmove *moves, ar_game_record *rec)
{
    char buf[512];
    if (who == AR_PLAYER_SIMULTANEOUS) {
        size_t used = 0;
        int p;
        for (p = 0; p < rec->players && used + 45 < sizeof buf; p++) {
            if (p)
                buf[used++] = '/';
            if (moves[p] == AR_GMOVE_NONE) {
                buf[used++] = '-';
                buf[used] = '\0';
            } else {
                g->format_move(v, pos, p, moves[p], buf + used, 44);
                used += strlen(buf + used);
            }
        }
    } else {
        g->format_move(v, pos, who < 0 ? 0 : who, moves[0], buf, 96);
    }
    append(rec, buf);
}

/* A random move of every player (simultaneous), of chance by its
 * probabilities, or of the player to move, into chosen[] (one entry per
 * player when simultaneous, else chosen[0]). */
static ar_status pick_random(const ar_game *g, const ar_variant *v, const void *pos, int who,
                             int players, ar_rng *rng, ar_gmove *moves, ar_gmove *chosen)
{
    if (who == AR_PLAYER_SIMULTANEOUS) {
        int p, movers = 0;
        for (p = 0; p < players; p++) {
            unsigned n = g->legal_moves(v, pos, p, moves);
            chosen[p] = n ? moves[ar_rng_below(rng, n)] : AR_GMOVE_NONE;
            movers += n > 0;
        }
        return movers ? AR_OK : AR_ERR_INTERNAL;
    }
    if (who == AR_PLAYER_CHANCE) {
        chosen[0] = ar_game_chance_draw(g, v, pos, rng);
        return chosen[0] != AR_GMOVE_NONE ? AR_OK : AR_ERR_INTERNAL;
    }
    {
        unsigned n = g->legal_moves(v, pos, who, moves);
        if (!n)
            return AR_ERR_INTERNAL;
        chosen[0] = moves[ar_rng_below(rng, n)];
        return AR_OK;
    }
}

/* Asks bot for player's move and checks it; on failure fills rec. */
static int ask(const ar_game *g, const ar_variant *v, ar_bot *bot, const void *pos, int player,
               ar_gmove *out, ar_game_record *rec)
{
    ar_error err;
    ar_error_clear(&err);
    if (ar_bot_choose(bot, pos, player, out, NULL, &err) != AR_OK) {
        rec->forfeit = player;
        snprintf(rec->note, sizeof rec->note, "%s (%s) failed: %.150s", g->player_name(v, player),
                 ar_bot_spec(bot), err.message);
        return 0;
    }
    if (!ar_game_is_legal(g, v, pos, player, *out)) {
        rec->forfeit = player;
        snprintf(rec->note, sizeof rec->note, "%s (%s) played an illegal move",
                 g->player_name(v, player), ar_bot_spec(bot));
        return 0;
    }
    return 1;
}

/* Asks every player who has a move in a simultaneous position, in player
 * order, each about the same position; 0 at the first failure. */
static int ask_all(const ar_game *g, const ar_variant *v, ar_bot *const *bots, const void *pos,
                   ar_gmove *moves, ar_gmove *chosen, ar_game_record *rec)
{
    int p;
    for (p = 0; p < rec->players; p++) {
        /* A player without a move (eliminated) is not asked; two-player
         * games without apply_simultaneous always give both a move. */
        if (rec->players > 2 && g->legal_moves(v, pos, p, moves) == 0)
            chosen[p] = AR_GMOVE_NONE;
        else if (!ask(g, v, bots[p], pos, p, &chosen[p], rec))
            return 0;
    }
    return 1;
}

/* Fills the record's scores once the game has ended (or stopped). */
static void score_game(const ar_game *g, const ar_variant *v, const void *pos, ar_game_record *rec)
{
    int p;
    if (rec->forfeit >= 0) {
        if (rec->players == 2)
            rec->outcome = rec->forfeit == 0 ? AR_WIN_P1 : AR_WIN_P0;
        else
            rec->outcome = AR_GAME_OVER;
        for (p = 0; p < rec->players; p++)
            rec->scores[p] = p == rec->forfeit ? 0.0 : 1.0;
    } else if (rec->stopped_by_limit) {
        for (p = 0; p < rec->players; p++)
            rec->scores[p] = 0.5;
    } else {
        ar_game_scores(g, v, pos, rec->scores);
    }
}

ar_status ar_play_game(const ar_game *g, const ar_variant *v, ar_bot *const *bots,
                       const void *start, unsigned random_plies, uint64_t seed, unsigned max_plies,
                       const volatile sig_atomic_t *interrupt, ar_game_record *rec, ar_error *err)
{
    size_t psize = g->position_size(v);
    unsigned char *pos = ar_xmalloc(psize);
    ar_gmove *moves, chosen[AR_MAX_PLAYERS];
    ar_rng rng;
    unsigned cap;
    int p, q;
    memset(rec, 0, sizeof *rec);
    rec->forfeit = -1;
    rec->players = ar_game_players(g, v);
    if (rec->players < 2 || rec->players > AR_MAX_PLAYERS) {
        free(pos);
        return ar_error_set(err, AR_ERR_INTERNAL, "%s: %d players (2..%d expected)", g->name,
                            rec->players, AR_MAX_PLAYERS);
    }
    if (start)
        memcpy(pos, start, psize);
    else
        g->initial_position(v, pos);
    cap = g->max_moves(v, pos);
    moves = ar_xmalloc(sizeof(ar_gmove) * (cap ? cap : 1));
    ar_rng_seed(&rng, seed);
    if (!max_plies)
        max_plies = 1000;
    /* A bot playing several players starts its new game once. */
    for (p = 0; p < rec->players; p++) {
        for (q = 0; q < p && bots[q] != bots[p]; q++)
            ;
        if (q == p)
            ar_bot_new_game(bots[p]);
    }
    for (;;) {
        int who;
        rec->outcome = g->outcome(v, pos);
        if (rec->outcome != AR_ONGOING)
            break;
        if (rec->plies >= max_plies) {
            rec->stopped_by_limit = 1;
            snprintf(rec->note, sizeof rec->note, "stopped after %u plies (scored a draw)", max_plies);
            break;
        }
        if (interrupt && *interrupt) {
            free(pos);
            free(moves);
            return ar_error_set(err, AR_ERR_LIMIT, "interrupted");
        }
        who = g->to_move(v, pos);
        if (rec->plies < random_plies || who == AR_PLAYER_CHANCE) {
            if (pick_random(g, v, pos, who, rec->players, &rng, moves, chosen) != AR_OK) {
                free(pos);
                free(moves);
                return ar_error_set(err, AR_ERR_INTERNAL, "%s: a position in play has no moves", g->name);
            }
        } else if (who == AR_PLAYER_SIMULTANEOUS) {
            if (!ask_all(g, v, bots, pos, moves, chosen, rec))
                break;
        } else if (!ask(g, v, bots[who], pos, who, &chosen[0], rec)) {
            break;
        }
        note_move(g, v, pos, who, chosen, rec);
        if (who == AR_PLAYER_SIMULTANEOUS)
            ar_game_apply_simultaneous(g, v, pos, chosen);
        else
            g->apply(v, pos, chosen[0]);
        rec->plies++;
    }
    score_game(g, v, pos, rec);
    free(pos);
    free(moves);
    return AR_OK;
}

ar_status ar_match_run(const ar_game *g, const ar_variant *v, ar_bot *const *bots, unsigned count,
                       const ar_match_options *o, ar_match_table *out, ar_error *err)
{
    unsigned i, j, k, games = o->games + (o->games & 1u);
    memset(out, 0, sizeof *out);
    if (ar_game_players(g, v) != 2)
        return ar_error_set(err, AR_ERR_UNSUPPORTED,
                            "round-robin matches are for two players, and this %s variant has %d",
                            g->name, ar_game_players(g, v));
    if (count < 2)
        return ar_error_set(err, AR_ERR_INPUT, "a match needs at least two bots");
    out->bots = count;
    out->pairs = ar_xcalloc((size_t)count * count, sizeof *out->pairs);
    for (i = 0; i < count; i++)
        for (j = i + 1; j < count; j++)
            for (k = 0; k < games; k++) {
                ar_bot *pair[2];
                ar_game_record rec;
                ar_status st;
                int first = k % 2 == 0 ? (int)i : (int)j, second = first == (int)i ? (int)j : (int)i;
                /* Both games of a pair k/2 share an opening seed. */
                uint64_t seed = o->seed * 0x9E3779B97F4A7C15ull + (uint64_t)(i * count + j) * 100003u + k / 2;
                pair[0] = bots[first];
                pair[1] = bots[second];
                st = ar_play_game(g, v, pair, o->start, o->random_plies, seed, o->max_plies,
                                  o->interrupt, &rec, err);
                if (st == AR_ERR_LIMIT) {
                    out->interrupted = 1;
                    return AR_OK;
                }
                if (st != AR_OK)
                    return st;
                {
                    int r0 = ar_game_outcome_for(rec.outcome, 0);
                    ar_pair_result *a = &out->pairs[first * count + second];
                    ar_pair_result *b = &out->pairs[second * count + first];
                    if (r0 > 0) {
                        a->wins++;
                        b->losses++;
                    } else if (r0 < 0) {
                        a->losses++;
                        b->wins++;
                    } else {
                        a->draws++;
                        b->draws++;
                    }
                }
                out->games_played++;
                if (o->on_game)
                    o->on_game(o->ctx, (unsigned)first, (unsigned)second, k, &rec);
            }
    return AR_OK;
}

void ar_match_table_free(ar_match_table *t)
{
    free(t->pairs);
    t->pairs = NULL;
}

/* ------------------------------------------------------------------ Elo */

static double elo_of(double p)
{
    if (p <= 0)
        return -INFINITY;
    if (p >= 1)
        return INFINITY;
    return -400.0 * log10(1.0 / p - 1.0);
}

void ar_elo_from_results(unsigned wins, unsigned draws, unsigned losses, ar_elo *out)
{
    double n = (double)wins + draws + losses, p, var, se, z = 1.959964;
    memset(out, 0, sizeof *out);
    if (n == 0) {
        out->score = 0.5;
        out->low = -INFINITY;
        out->high = INFINITY;
        return;
    }
    p = (wins + 0.5 * draws) / n;
    out->score = p;
    out->diff = elo_of(p);
    var = (wins * (1 - p) * (1 - p) + draws * (0.5 - p) * (0.5 - p) + losses * p * p) / n;
    se = sqrt(var / n);
    if (p >= 1 || p <= 0) {
        /* Wilson's interval gives the finite end when every game went one way. */
        double bound = n / (n + z * z);
        if (p >= 1) {
            out->low = elo_of(bound);
            out->high = INFINITY;
        } else {
            out->low = -INFINITY;
            out->high = elo_of(1 - bound);
        }
        return;
    }
    if (var == 0) {
        /* Every game drawn: the sample shows no spread, but n games cannot
         * pin the score down; the Wilson interval around 1/2 is the honest
         * width (never zero). */
        double h = z * sqrt(0.25 / n + z * z / (4 * n * n)) / (1 + z * z / n);
        out->low = elo_of(p - h);
        out->high = elo_of(p + h);
        return;
    }
    out->low = elo_of(p - z * se);
    out->high = elo_of(p + z * se);
}

void ar_elo_ratings(const ar_match_table *t, double *rating, double *error)
{
    unsigned n = t->bots, i, j, it;
    double *gamma = ar_xcalloc(n, sizeof *gamma), *score = ar_xcalloc(n, sizeof *score);
    double *games = ar_xcalloc(n, sizeof *games);
    int *finite = ar_xcalloc(n, sizeof *finite);
    const double k = 400.0 / log(10.0);
    for (i = 0; i < n; i++) {
        for (j = 0; j < n; j++) {
            const ar_pair_result *r = &t->pairs[i * n + j];
            score[i] += r->wins + 0.5 * r->draws;
            games[i] += r->wins + r->draws + r->losses;
        }
        finite[i] = score[i] > 0 && score[i] < games[i];
        gamma[i] = 1.0;
    }
    /* Minorise-maximise iterations for Bradley-Terry (Hunter 2004), over the
     * bots whose rating is finite. */
    for (it = 0; it < 2000; it++) {
        double change = 0;
        for (i = 0; i < n; i++) {
            double denom = 0, ng;
            if (!finite[i])
                continue;
            for (j = 0; j < n; j++) {
                const ar_pair_result *r = &t->pairs[i * n + j];
                double nij = r->wins + r->draws + r->losses;
                if (j == i || nij == 0 || !finite[j])
                    continue;
                denom += nij / (gamma[i] + gamma[j]);
            }
            /* Games against unbounded bots carry no information on the
             * finite scale; drop their points too. */
            {
                double s = 0;
                for (j = 0; j < n; j++)
                    if (finite[j] && j != i)
                        s += t->pairs[i * n + j].wins + 0.5 * t->pairs[i * n + j].draws;
                ng = denom > 0 && s > 0 ? s / denom : gamma[i];
            }
            change += fabs(log(ng / gamma[i]));
            gamma[i] = ng;
        }
        if (change < 1e-10)
            break;
    }
    {
        double mean = 0;
        unsigned cnt = 0;
        for (i = 0; i < n; i++)
            if (finite[i]) {
                mean += k * log(gamma[i]);
                cnt++;
            }
        mean = cnt ? mean / cnt : 0;
        for (i = 0; i < n; i++) {
            double info = 0;
            if (!finite[i]) {
                rating[i] = score[i] >= games[i] && games[i] > 0 ? INFINITY
                            : games[i] > 0               ? -INFINITY
                                                         : 0;
                error[i] = 0;
                continue;
            }
            rating[i] = k * log(gamma[i]) - mean;
            for (j = 0; j < n; j++) {
                const ar_pair_result *r = &t->pairs[i * n + j];
                double nij = r->wins + r->draws + r->losses, p;
                if (j == i || nij == 0 || !finite[j])
                    continue;
                p = gamma[i] / (gamma[i] + gamma[j]);
                info += nij * p * (1 - p);
            }
            error[i] = info > 0 ? 1.959964 * k / sqrt(info) : INFINITY;
        }
    }
    free(gamma);
    free(score);
    free(games);
    free(finite);
}
