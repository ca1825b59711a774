/* bj_tools_internal.h — what blackjack's command-line tools share
 * (bj_tools.c: the rule options, the published figures, the exact tools;
 * bj_simtools.c: the simulator's tools and the benchmark suite). */
#ifndef BJ_TOOLS_INTERNAL_H
#define BJ_TOOLS_INTERNAL_H

#include <stdio.h>
#include "bj_internal.h"

/* The rule options as a tool parses them (ar_opt destinations). */
typedef struct bj_rule_args {
    const char *decks;
    int h17, no_das, rsa, hit_split_aces, surrender, bj_pays, dbl, split_seen;
    uint64_t split_hands;
} bj_rule_args;

/* Fills out[] (room for 10 entries and the terminator) with the rule
 * options, their destinations in a. */
void ar_bj_rule_opts(bj_rule_args *a, ar_opt *out);
/* The rules the options give (decks default_decks unless --decks); 0, or
 * AR_EXIT_BAD_INPUT after printing the error. */
int ar_bj_rules_of_args(const bj_rule_args *a, int default_decks, bj_rules *r);
/* Rules from the option words "decks=1 h17 ..."; 0, or -1 with the reason. */
int ar_bj_rules_of_text(const char *text, bj_rules *r, char *why, size_t why_size);
void ar_bj_rules_json(FILE *out, const bj_rules *r);

/* A published figure (data/cards/blackjack-published.txt). */
typedef struct bj_published {
    char label[80], rules[200], source[200];
    double player_ev; /* per cent */
} bj_published;
/* Reads the file into rows; returns how many, or -1 with the reason. */
int ar_bj_published(bj_published *rows, int max, char *why, size_t why_size);

/* The basic strategy chart of the rules and (unless shoe_game) its exact
 * expectation; 0, or an exit status after printing the error. */
int ar_bj_chart_and_exact(const bj_rules *r, int shoe_game, const volatile sig_atomic_t *interrupt, bj_strategy *s,
                          double *exact, const char *verb);

/* The exact game of the rules by composition and with the basic strategy
 * chart (bj_tools.c). */
ar_status ar_bj_exact_edges(const bj_rules *r, bj_game_ev *g, double *chart_ev, const volatile sig_atomic_t *interrupt,
                            ar_error *err);
/* Simulation options for the chart s under the rules r (penetration 0.75,
 * no limits); bj_simtools.c. */
void ar_bj_sim_options(bj_sim_options *o, const bj_rules *r, const bj_strategy *s, uint64_t hands, uint64_t seed,
                       int threads, int shoe_game, int count);

int ar_bj_sim_main(int argc, char **argv);
int ar_bj_count_main(int argc, char **argv);

#endif
