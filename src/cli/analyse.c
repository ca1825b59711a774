/* analyse.c — `ariadne analyse GAME [POSITION] [--moves M]`: the value of a
 * position for the player to move and the best move.
 *
 * Alpha-beta (default where it applies; MCTS for simultaneous, chance and
 * hidden-information positions; games of more than two players are refused)
 * searches until
 * the value is proven or a limit stops it (then the value is labelled
 * heuristic, with the depth reached). The game's perfect rules, where they
 * apply, are shown beside it as an independent verdict, and a proven rule
 * wins: the search then gets one second instead of ten by default, and when
 * it proves nothing the rule's value and move are the answer. --algo mcts
 * gives visit counts and win rates instead, --algo minimax the plain search.
 * Everything that can be refused is checked before anything is printed.
 * --html OUT writes the browser page of the position and the line found
 * (page.h); --visualise adds alpha-beta's tree of the last iteration. */
#include "cli.h"
#include "game_cli.h"
#include "page_cli.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static void pv_text(const ar_game *g, const ar_variant *v, const void *pos, const ar_gmove *pv,
                    unsigned len, char *buf, size_t size)
{
    size_t psize = g->position_size(v), used = 0;
    unsigned char *p = ar_xmalloc(psize);
    unsigned i;
    memcpy(p, pos, psize);
    buf[0] = '\0';
    for (i = 0; i < len && used + 40 < size; i++) {
        char mv[64];
        int who;
        if (g->outcome(v, p) != AR_ONGOING)
            break;
        who = g->to_move(v, p);
        if (who < 0 || !ar_game_is_legal(g, v, p, who, pv[i]))
            break;
        g->format_move(v, p, who, pv[i], mv, sizeof mv);
        used += (size_t)snprintf(buf + used, size - used, "%s%s", i ? " " : "", mv);
        g->apply(v, p, pv[i]);
    }
    free(p);
}

int verb_analyse(int argc, char **argv)
{
    game_args a;
    const ar_game *g;
    unsigned char *pos = NULL;
    char *picture = NULL;
    ar_error err;
    int rc, who, rule_value = 0;
    const char *algo, *rule_name = NULL;
    const ar_game_eval *eval = NULL;
    ar_gmove rule_move = AR_GMOVE_NONE;
    ar_page *pg = NULL;
    rc = game_parse_args(&a, argc, argv,
                         "moves algo depth time-limit node-limit eval steps iters seed memory-limit json quiet html "
                         "visualise");
    if (rc)
        return rc;
    g = a.g;
    if (a.npositional > 1)
        return ar_tool_fail("analyse %s: one position at most (got '%s' too)", g->name, a.positional[1]);
    if ((rc = game_make_variant(&a)) != 0)
        return rc;
    pos = ar_xmalloc(g->position_size(a.v));
    picture = ar_xmalloc(65536);
    if ((rc = game_make_position(&a, a.npositional ? a.positional[0] : NULL, a.moves, pos)) != 0)
        goto out;
    who = g->to_move(a.v, pos);
    /* Alpha-beta where it applies, else MCTS, which searches any position. */
    algo = a.algo ? a.algo : (who < 0 || (g->flags & AR_GAME_HIDDEN)) ? "mcts" : "alphabeta";
    if (strcmp(algo, "alphabeta") && strcmp(algo, "ab") && strcmp(algo, "minimax") && strcmp(algo, "mcts")) {
        rc = ar_tool_fail("analyse: --algo '%s' is not alphabeta, minimax or mcts", algo);
        goto out;
    }
    /* Each engine's own options, refused for the other (an option that does
     * not apply is an error, not silently ignored). */
    {
        int mcts = strcmp(algo, "mcts") == 0;
        const char *wrong = mcts ? (a.depth ? "depth" : a.steps ? "steps" : NULL)
                                 : (a.iters ? "iters" : a.has_seed ? "seed" : NULL);
        if (wrong) {
            rc = ar_tool_fail("analyse %s: option --%s does not apply to --algo %s (%s)", g->name, wrong, algo,
                              mcts ? "--depth and --steps are alpha-beta's" : "--iters and --seed are mcts's");
            goto out;
        }
    }
    if (a.visualise && (!a.html || strcmp(algo, "mcts") == 0 || strcmp(algo, "minimax") == 0)) {
        rc = ar_tool_fail("analyse %s: option --visualise draws alpha-beta's tree in the page: it needs --html OUT "
                          "and --algo alphabeta", g->name);
        goto out;
    }
    if (a.html && strcmp(a.html, "-") == 0) {
        rc = ar_tool_fail("analyse %s: option --html: analyse prints its result on standard output, so give the "
                          "page a file name", g->name);
        goto out;
    }
    if (ar_game_players(g, a.v) > 2) {
        rc = ar_tool_fail("analyse %s: %d players; the search engines value two-player positions", g->name,
                          ar_game_players(g, a.v));
        goto out;
    }
    if (a.eval && !(eval = ar_game_eval_find(g, a.eval))) {
        rc = ar_tool_fail("analyse: %s has no evaluation '%s'", g->name, a.eval);
        goto out;
    }
    if (who < 0 && g->outcome(a.v, pos) == AR_ONGOING && strcmp(algo, "mcts") != 0) {
        rc = ar_tool_fail("analyse %s: %s here; use --algo mcts", g->name,
                          who == AR_PLAYER_CHANCE ? "chance moves" : "the players move at once");
        goto out;
    }
    if (!a.json) {
        if (g->draw)
            g->draw(a.v, pos, picture, 65536);
        else
            g->format_position(a.v, pos, picture, 65536);
        printf("%s\n", picture);
    }
    if (g->outcome(a.v, pos) != AR_ONGOING) {
        char res[96];
        ar_game_outcome_text(g, a.v, g->outcome(a.v, pos), res, sizeof res);
        if (a.json) {
            printf("{\"game\": \"%s\", \"over\": true, \"result\": ", g->name);
            ar_json_string(stdout, res);
            printf("}\n");
        } else {
            printf("the game is over: %s\n", res);
        }
        rc = 0;
        if (a.html) {
            pg = cli_game_page_new(g, a.v, NULL);
            rc = cli_game_page_line(pg, g, a.v, pos, NULL, 0, res, a.html, a.quiet);
        }
        goto out;
    }
    ar_tool_install_sigint();
    if (a.html) {
        /* the line is the search's, for both sides */
        const char *sides[AR_MAX_PLAYERS] = {algo, algo};
        pg = cli_game_page_new(g, a.v, sides);
    }
    /* Rules first: an independent, exact verdict where one applies. */
    if (g->strategies && who >= 0) {
        const ar_game_strategy *s;
        for (s = g->strategies; s->name; s++) {
            int value;
            ar_gmove m;
            char mv[64];
            ar_error_clear(&err);
            if (!s->value || s->value(a.v, pos, &value, &err) != AR_OK)
                continue;
            if (s->choose(a.v, pos, NULL, &m, &err) != AR_OK)
                continue;
            g->format_move(a.v, pos, who, m, mv, sizeof mv);
            if (!rule_name) {
                rule_name = s->name;
                rule_value = value;
                rule_move = m;
            }
            if (!a.json)
                printf("rule %s: %s to move %s; %s %s\n", s->name, g->player_name(a.v, who),
                       value > 0 ? "wins" : value < 0 ? "loses against perfect play" : "draws",
                       value >= 0 ? "winning move" : "best try", mv);
        }
    }
    if (strcmp(algo, "mcts") == 0) {
        ar_mcts_options mo;
        ar_mcts_result r;
        unsigned i;
        int player = who >= 0 ? who : 0;
        ar_mcts_options_init(&mo);
        mo.iterations = a.iters ? a.iters : (a.time_limit > 0 ? 0 : 100000);
        mo.limits.time_limit = a.time_limit;
        mo.limits.interrupt = &ar_tool_interrupted;
        mo.limits.memory_limit = a.memory_limit;
        mo.seed = game_seed(&a);
        if (eval) {
            mo.eval = eval;
            mo.playout = AR_PLAYOUT_EVAL;
        }
        ar_error_clear(&err);
        if (ar_mcts(g, a.v, pos, player, &mo, &r, &err) != AR_OK) {
            rc = ar_tool_error(ar_tool_exit_for(err.status), "analyse: %s", err.message);
            goto out;
        }
        if (a.json) {
            char mv[64];
            g->format_move(a.v, pos, player, r.best, mv, sizeof mv);
            printf("{\"game\": \"%s\", \"algorithm\": \"mcts\", \"best\": ", g->name);
            ar_json_string(stdout, mv);
            printf(", \"win_rate\": %.4f, \"iterations\": %" PRIu64 ", \"seed\": %" PRIu64 "}\n", r.value,
                   r.iterations, a.seed);
        } else {
            printf("MCTS (UCT) for %s: %" PRIu64 " iterations, %" PRIu64 " tree nodes, %.2f s%s\n",
                   g->player_name(a.v, player), r.iterations, r.tree_nodes, r.seconds,
                   r.stop != AR_STOP_NONE ? " (stopped by a limit)" : "");
            for (i = 0; i < r.top_count; i++) {
                char mv[64];
                g->format_move(a.v, pos, player, r.top[i].move, mv, sizeof mv);
                printf("  %-8s visits %8" PRIu64 "  win rate %.3f%s\n", mv, r.top[i].visits, r.top[i].mean,
                       i == 0 ? "   <- best" : "");
            }
        }
        rc = 0;
        if (pg) {
            char res[160];
            snprintf(res, sizeof res, "MCTS: best move for %s, win rate %.3f after %" PRIu64 " iterations",
                     g->player_name(a.v, player), r.value, r.iterations);
            rc = cli_game_page_line(pg, g, a.v, pos, &r.best, 1, res, a.html, a.quiet);
        }
        goto out;
    }
    {
        ar_gsearch_options o;
        ar_gsearch_result r;
        ar_status st;
        int by_rule;
        char sc[64], mv[64], pv[1024];
        ar_gsearch_options_init(&o);
        o.depth = a.depth;
        /* Ten seconds by default; one when a proven rule already answers. */
        o.limits.time_limit = a.time_limit > 0 ? a.time_limit : (a.depth ? 0 : rule_name ? 1.0 : 10.0);
        o.limits.node_limit = a.node_limit;
        o.limits.interrupt = &ar_tool_interrupted;
        o.limits.memory_limit = a.memory_limit;
        o.eval = eval;
        if (a.visualise) {
            ar_page_tree_begin(pg, 0);
            o.on_node = ar_page_tree_event;
            o.on_node_ctx = pg;
        }
        ar_error_clear(&err);
        if (a.steps && ar_gsearch_parse_steps(a.steps, &o.steps, &err) != AR_OK) {
            rc = ar_tool_fail("analyse: --steps: %s", err.message);
            goto out;
        }
        st = strcmp(algo, "minimax") == 0 ? ar_minimax(g, a.v, pos, &o, &r, &err)
                                         : ar_alphabeta(g, a.v, pos, &o, &r, &err);
        if (st != AR_OK && st != AR_ERR_LIMIT) {
            rc = ar_tool_error(ar_tool_exit_for(st), "analyse: %s", err.message);
            goto out;
        }
        if ((st == AR_ERR_LIMIT || r.best == AR_GMOVE_NONE) && !rule_name) {
            rc = ar_tool_error(AR_EXIT_LIMIT, "analyse: %s", err.message);
            goto out;
        }
        by_rule = rule_name && (st != AR_OK || !r.exact);
        if (by_rule) {
            /* The search proved nothing: the proven rule's verdict is the answer. */
            snprintf(sc, sizeof sc, "%s (proven by rule %s)",
                     rule_value > 0 ? "win" : rule_value < 0 ? "loss" : "draw", rule_name);
            r.exact = 1;
            r.best = rule_move;
            r.score = rule_value > 0 ? AR_SCORE_WIN : rule_value < 0 ? -AR_SCORE_WIN : 0;
            r.pv[0] = rule_move;
            r.pv_length = 1;
        } else {
            game_score_text(r.score, r.exact, sc, sizeof sc);
        }
        g->format_move(a.v, pos, who, r.best, mv, sizeof mv);
        pv_text(g, a.v, pos, r.pv, r.pv_length, pv, sizeof pv);
        if (a.json) {
            printf("{\"game\": \"%s\", \"to_move\": \"%s\", \"score\": %d, \"exact\": %s, \"value\": ", g->name,
                   g->player_name(a.v, who), (int)r.score, r.exact ? "true" : "false");
            ar_json_string(stdout, sc);
            printf(", \"best\": ");
            ar_json_string(stdout, mv);
            printf(", \"pv\": ");
            ar_json_string(stdout, pv);
            printf(", \"depth\": %d, \"nodes\": %" PRIu64 ", \"seconds\": %.3f, \"stopped\": ", r.depth, r.nodes,
                   r.seconds);
            ar_json_string(stdout, ar_stop_reason_name(r.stop));
            printf(", \"rule\": ");
            if (by_rule)
                ar_json_string(stdout, rule_name);
            else
                printf("null");
            printf("}\n");
        } else {
            printf("%s to move: value %s\n", g->player_name(a.v, who), sc);
            printf("best move: %s\n", mv);
            printf("line: %s\n", pv);
            printf("%s depth %d, %" PRIu64 " nodes, %.3f s%s\n", strcmp(algo, "minimax") == 0 ? "minimax" : "alpha-beta",
                   r.depth, r.nodes, r.seconds,
                   by_rule ? " (no proof within the limit: the rule gives the value and the move)"
                   : r.stop != AR_STOP_NONE ? " (stopped by a limit: the value is the last completed depth's)"
                                            : "");
        }
        rc = 0;
        if (pg) {
            char res[1200];
            snprintf(res, sizeof res, "%s to move: %s; the line %s", g->player_name(a.v, who), sc, pv);
            if (a.visualise)
                ar_page_tree_end(pg, res);
            rc = cli_game_page_line(pg, g, a.v, pos, r.pv, r.pv_length, res, a.html, a.quiet);
        }
    }
out:
    if (pg)
        ar_page_free(pg);
    free(pos);
    free(picture);
    game_args_free(&a);
    return rc;
}
