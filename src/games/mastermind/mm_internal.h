/* mm_internal.h — what the files of Mastermind share.
 *
 * The game of P pegs and C colours (P <= 8, C <= 10) has N = C^P codes. A
 * code is named by its index 0..N-1, the number whose base-C digits are the
 * colours of pegs 0..P-1 (peg 0 the most significant), so index order is the
 * order of the written codes ("1111" < "1112" < ... < "6666"). Colours are
 * 0..C-1 inside and written 1..9, 0 for the tenth.
 *
 * An answer (black, white) is one of K = (P+1)(P+2)/2 - 1 indices (the pair
 * (P-1, 1) is impossible), ordered by black then white; the winning answer
 * (P, 0) is the last, K - 1.
 *
 * Answers are computed from two packed forms of a code: its digits, four bits
 * a peg (peg i at bits 4i), and its colour counts, six bits a colour (colour
 * j at bits 6j); black pegs are the zero nibbles of the digits' XOR, black
 * plus white the lane-wise minimum of the counts, summed by one
 * multiplication (see mm_answer_packed). Games of at most MM_DENSE_MAX codes
 * keep both forms in tables; games of at most MM_TABLE_MAX codes may keep
 * every answer in an N x N byte table (ar_mm_rules_table: the exhaustive
 * search needs it, the strategies are quicker with it).
 *
 * The files: mm_codes.c (rules, notation, consistent codes), mm_symmetry.c
 * (the colour and peg permutations that leave the guesses so far unchanged,
 * and one candidate guess per class), mm_strategy.c (the one-step
 * strategies: Knuth's minimax, Irving's expected size, entropy, most parts,
 * first consistent), mm_build.c (a strategy played against every code on
 * the worker threads: its tree), mm_tree.c (trees: the check against every
 * code, the tree file), mm_optimal.c and mm_optimal_run.c (the exhaustive
 * search for the smallest total; mm_optimal.h), mastermind.c (the game;
 * mm_game.h), mm_bots.c (its bots), mm_protocol.c (the line protocol's bot
 * and code-maker), mm_tools.c and mm_bench.c (its verbs and benchmark
 * suite). Functions shared between the files are prefixed ar_mm_. */
#ifndef ARIADNE_MM_INTERNAL_H
#define ARIADNE_MM_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "ariadne/error.h"
#include "ariadne/run.h"

#define MM_MAX_PEGS 8
#define MM_MAX_COLOURS 10
#define MM_MAX_ANSWERS 44        /* K for 8 pegs */
#define MM_MAX_ROWS 30           /* the longest game (--rows) */
#define MM_DENSE_MAX (1u << 21)  /* codes with packed tables (7 pegs x 8 colours) */
#define MM_TABLE_MAX 4096u       /* codes with the full answer table (4 pegs x 8 colours) */
#define MM_NO_ANSWER 0xFFu

#define MM_LANES 0x0041041041041041ull /* bit 0 of each six-bit colour lane */

typedef struct mm_rules {
    int pegs, colours;
    uint32_t codes;                   /* N = colours^pegs */
    int answers;                      /* K */
    int win;                          /* the answer (pegs, 0): K - 1 */
    uint32_t peg_bits;                /* bit 0 of each used digit nibble */
    uint8_t answer_of[MM_MAX_PEGS + 1][MM_MAX_PEGS + 1]; /* [black][white]; MM_NO_ANSWER */
    uint8_t black[MM_MAX_ANSWERS], white[MM_MAX_ANSWERS];
    uint32_t *digits; /* packed digits of every code, or NULL (N > MM_DENSE_MAX) */
    uint64_t *counts; /* packed colour counts of every code, or NULL */
    uint8_t *table;   /* N x N answers (ar_mm_rules_table), or NULL */
} mm_rules;

/* The guesses so far and their answers. */
typedef struct mm_history {
    int count;
    uint32_t guess[MM_MAX_ROWS];
    uint8_t answer[MM_MAX_ROWS];
} mm_history;

/* ------------------------------------------------------------ mm_codes.c */

/* Sets up the rules of pegs x colours (the packed forms in tables as the
 * size allows); AR_ERR_INPUT naming the option when out of range,
 * AR_ERR_MEMORY. */
ar_status ar_mm_rules_init(mm_rules *r, int pegs, int colours, ar_error *err);
/* Adds the N x N answer table (games of at most MM_TABLE_MAX codes; a no-op
 * for others and when it is there). */
ar_status ar_mm_rules_table(mm_rules *r, ar_error *err);
void ar_mm_rules_free(mm_rules *r);

/* The packed digits and colour counts of a code (from the tables when there
 * are, else computed). */
uint32_t ar_mm_digits_of(const mm_rules *r, uint32_t code);
uint64_t ar_mm_counts_of(const mm_rules *r, uint32_t code);
/* The colours of a code, peg 0 first; and back. */
void ar_mm_colours(const mm_rules *r, uint32_t code, uint8_t *colour);
uint32_t ar_mm_code_of(const mm_rules *r, const uint8_t *colour);

/* The answer to guess a for secret b, from their packed forms. */
static inline unsigned mm_answer_packed(const mm_rules *r, uint32_t da, uint64_t ca, uint32_t db,
                                        uint64_t cb)
{
    const uint64_t high = MM_LANES << 5;
    uint32_t x = da ^ db;
    uint32_t nonzero = (x | x >> 1 | x >> 2 | x >> 3) & r->peg_bits;
    unsigned black = (unsigned)r->pegs - (unsigned)__builtin_popcount(nonzero);
    uint64_t ge = (((ca | high) - cb) & high) >> 5; /* lanes where a >= b */
    uint64_t mask = ge * 31u;
    uint64_t least = (cb & mask) | (ca & ~mask);
    unsigned total = (unsigned)((least * MM_LANES) >> 54) & 63u;
    return r->answer_of[black][total - black];
}

/* The answer to guess a for secret b. */
static inline unsigned mm_answer(const mm_rules *r, uint32_t a, uint32_t b)
{
    if (r->table)
        return r->table[(size_t)a * r->codes + b];
    if (r->digits)
        return mm_answer_packed(r, r->digits[a], r->counts[a], r->digits[b], r->counts[b]);
    return mm_answer_packed(r, ar_mm_digits_of(r, a), ar_mm_counts_of(r, a), ar_mm_digits_of(r, b),
                            ar_mm_counts_of(r, b));
}

/* Notation. A code is P colour digits ("1122"); an answer is written "2B1W".
 * format_* write a NUL-terminated string and return its length. */
size_t ar_mm_format_code(const mm_rules *r, uint32_t code, char *buf, size_t size);
size_t ar_mm_format_answer(const mm_rules *r, unsigned answer, char *buf, size_t size);
/* Parses len bytes; AR_ERR_INPUT saying what is wrong (length, colour). */
ar_status ar_mm_parse_code(const mm_rules *r, const char *text, size_t len, uint32_t *code,
                           ar_error *err);
/* Accepts "2B1W" (either part may be left out: "2B", "1W", "0"), "2 1",
 * "2,1", "2/1" and, case-insensitively, "bbw" (one letter a peg, "-" for
 * none). AR_ERR_INPUT for text that is no answer or an impossible one. */
ar_status ar_mm_parse_answer(const mm_rules *r, const char *text, size_t len, unsigned *answer,
                             ar_error *err);
/* "1122 1B0W, 1344 0B2W": the guesses of h with their answers, for
 * messages. */
void ar_mm_history_text(const mm_rules *r, const mm_history *h, char *buf, size_t size);
/* User text of len bytes quoted for a message (ar_tool_quote: control
 * characters and bytes that are not UTF-8 escaped, long text cut). */
void ar_mm_quote(const char *text, size_t len, char *buf, size_t size);

/* Whether code gives every guess of h its answer. */
int ar_mm_consistent(const mm_rules *r, const mm_history *h, uint32_t code);
/* Calls visit for every code consistent with h, in increasing order, until it
 * returns non-zero; returns how many codes were visited. Works for every
 * size: pegs are filled one at a time and a partial code is dropped as soon
 * as some guess's black or black+white count can no longer come out right. */
uint64_t ar_mm_each_consistent(const mm_rules *r, const mm_history *h,
                               int (*visit)(void *ctx, uint32_t code), void *ctx);
/* The lowest code consistent with h, or UINT32_MAX when none is. */
uint32_t ar_mm_first_consistent(const mm_rules *r, const mm_history *h);
/* The answers to `guess` that leave some code consistent with h: bit a of
 * the result for answer a. */
uint64_t ar_mm_possible_answers(const mm_rules *r, const mm_history *h, uint32_t guess);
/* Fills out with the codes consistent with h (at most cap; returns the
 * number there are, which may exceed cap). */
uint64_t ar_mm_consistent_set(const mm_rules *r, const mm_history *h, uint32_t *out, uint64_t cap);

/* --------------------------------------------------------- mm_symmetry.c */

/* The candidate guesses worth trying after h: one code of each class of
 * codes that some permutation of pegs and colours fixing every guess of h
 * maps onto each other (such guesses split the consistent codes alike),
 * the lowest code of its class. The lists of the colour-only part are
 * cached by the set of colours used so far; a cache may be shared by
 * threads. */
typedef struct mm_candidates mm_candidates;
mm_candidates *ar_mm_candidates_new(const mm_rules *r);
void ar_mm_candidates_free(mm_candidates *c);
/* Writes the candidates after h into out (room for r->codes entries) in
 * increasing order; returns how many. */
uint32_t ar_mm_candidates(mm_candidates *c, const mm_history *h, uint32_t *out);
/* The first guesses up to symmetry: one code per partition of the pegs into
 * at most C colours ("1111", "1112", "1122", "1123", "1234" for 4 x 6), the
 * lowest of its class, in increasing order. */
uint32_t ar_mm_first_guesses(const mm_rules *r, uint32_t *out, uint32_t cap);

/* ------------------------------------------------------------ mm_tree.c */

/* A strategy as a decision tree: a node is a guess; for each answer other
 * than the win, an edge leads to the next node (edges by increasing answer).
 * A code is found at the first node whose guess it is. */
typedef struct mm_node mm_node;
typedef struct mm_edge {
    unsigned answer;
    mm_node *node; /* NULL only in a tree whose building was stopped */
} mm_edge;
struct mm_node {
    uint32_t guess;
    int children;
    mm_edge *edge;
    int line;         /* its line in the tree file it was read from (0: built) */
    uint32_t reached; /* codes that reached it in the last check */
};

/* A node with room for `children` edges (answers and nodes zeroed). */
mm_node *ar_mm_node_new(uint32_t guess, int children);
void ar_mm_tree_free(mm_node *root);

/* What a strategy achieves over every code. */
typedef struct mm_stats {
    uint32_t codes;                  /* codes of the game */
    uint32_t found;                  /* codes the tree finds */
    uint64_t total;                  /* guesses, summed over the codes found */
    int worst;                       /* the most guesses any code needs */
    uint32_t with[MM_MAX_ROWS + 2];  /* codes found with exactly k guesses */
    uint32_t nodes;                  /* guesses in the tree (its nodes) */
    char why[300];                   /* the first fault, when found < codes or a node is idle */
} mm_stats;

/* Follows every code of the game down the tree and counts its guesses. The
 * tree passes when every code is found and every node is reached by some
 * code; otherwise st->why names the first fault (a code with no next guess,
 * a branch no code reaches, a game longer than MM_MAX_ROWS). Returns 1 on
 * pass, 0 on fail. */
int ar_mm_tree_check(const mm_rules *r, mm_node *root, mm_stats *st);
/* "1/6/62/533/694": the codes found with 1, 2, ... guesses. */
void ar_mm_stats_distribution(const mm_stats *st, char *buf, size_t size);

/* The tree file (docs/games/mastermind.md): comment lines "# ...", the
 * header "mastermind-tree pegs=P colours=C", the first guess alone on a
 * line, then each node on a line of its own below its parent, indented two
 * spaces a level, as "ANSWER GUESS" (the answer to the parent's guess that
 * leads to it): "  0B1W 3345". Writes comment (lines, may be NULL) first. */
ar_status ar_mm_tree_write(const mm_rules *r, const mm_node *root, const char *comment, FILE *out,
                           ar_error *err);
/* Reads a tree file (text, NUL-terminated; name for messages): sets up *r
 * from its header (the caller frees it with ar_mm_rules_free) and builds
 * the tree. AR_ERR_INPUT with "NAME:LINE: what is wrong" on a malformed
 * file. */
ar_status ar_mm_tree_read(const char *text, const char *name, mm_rules *r, mm_node **root,
                          ar_error *err);

/* -------------------------------------------------------- mm_strategy.c */

/* The one-step rules: each scores every candidate guess by how it splits
 * the consistent codes and takes the best, preferring a guess that could be
 * the code, then the lowest (Knuth's tie-break). */
typedef enum mm_rule {
    MM_KNUTH,      /* the smallest largest part (Knuth 1977) */
    MM_IRVING,     /* the smallest expected part: sum of squared sizes (Irving 1978) */
    MM_ENTROPY,    /* the most information: largest entropy of the split (Neuwirth 1982) */
    MM_PARTS,      /* the most parts (Kooi 2005) */
    MM_CONSISTENT, /* the lowest consistent code (Shapiro 1983) */
    MM_RULES
} mm_rule;

extern const char *const ar_mm_rule_names[MM_RULES];
extern const char *const ar_mm_rule_summaries[MM_RULES];
/* The rule called name, or -1. */
int ar_mm_rule_find(const char *name);

/* What a thread needs to choose guesses: room for N candidates and for the
 * packed forms of N codes. */
typedef struct mm_scratch {
    uint32_t *cand;
    uint32_t *digits;
    uint64_t *counts;
    /* cand holds the candidates after these guesses (they depend on the
     * guesses only, so the parts of one guess share them) */
    int cand_valid, cand_guesses;
    uint32_t cand_for[MM_MAX_ROWS];
    uint32_t cand_count;
} mm_scratch;
ar_status ar_mm_scratch_init(mm_scratch *s, const mm_rules *r, ar_error *err);
void ar_mm_scratch_free(mm_scratch *s);

/* How a strategy picks its guess after h, the consistent codes being set[]
 * (n >= 1, increasing). */
typedef struct mm_chooser {
    ar_status (*choose)(void *ctx, mm_scratch *s, const mm_history *h, const uint32_t *set,
                        uint32_t n, uint32_t *guess, ar_error *err);
    void *ctx;
} mm_chooser;

/* A chooser for a rule, with its candidate cache and tables. */
typedef struct mm_rule_chooser mm_rule_chooser;
mm_rule_chooser *ar_mm_rule_chooser_new(const mm_rules *r, mm_rule rule);
void ar_mm_rule_chooser_free(mm_rule_chooser *c);
mm_chooser ar_mm_rule_chooser(mm_rule_chooser *c);

typedef struct mm_build_options {
    int threads;          /* workers (>= 1) */
    int has_first;
    uint32_t first;       /* the first guess, instead of the chooser's */
    ar_run *run;          /* progress and limits (may be NULL); its expanded counts nodes */
} mm_build_options;

/* Plays the chooser against every code and returns its tree. Games of at
 * most MM_DENSE_MAX codes. A run stopped by a limit returns AR_ERR_LIMIT
 * and no tree. */
ar_status ar_mm_build(const mm_rules *r, const mm_chooser *ch, const mm_build_options *o,
                      mm_node **root, ar_error *err);

/* ------------------------------------------ mm_optimal.c, mm_optimal_run.c */

/* The strategy with the smallest total number of guesses over all codes (so
 * the smallest average), found by depth-first branch and bound over every
 * candidate guess (Koyama & Lai 1993). Games of at most MM_TABLE_MAX codes. */
typedef struct mm_optimal_options {
    int max_guesses;     /* every code must be found within this many (0: no limit) */
    int threads;         /* workers (>= 1) */
    ar_run *run;         /* progress, limits, Ctrl-C (may be NULL) */
    uint64_t upper;      /* a total some strategy is known to reach (0: none) */
    size_t memo_bytes;   /* the cache of solved sets (0: 256 MiB, less under the run's memory limit) */
} mm_optimal_options;

typedef struct mm_optimal_result {
    int complete;        /* the search ran to the end: the total is optimal */
    int found;           /* the search found a strategy (not more than upper): tree, total */
    uint64_t total;      /* its total */
    uint64_t lower;      /* proven: every strategy needs at least this many guesses */
    mm_node *tree;       /* the strategy found (the caller frees it), or NULL */
    uint64_t nodes;      /* sets searched */
    uint64_t memo_hits;
    size_t memo_bytes;
    double seconds;
} mm_optimal_result;

/* Runs the search. AR_OK with res filled whenever the result means
 * something (complete, or stopped by a limit with what was proven so far);
 * AR_ERR_UNSUPPORTED for a game too large, AR_ERR_MEMORY. */
ar_status ar_mm_optimal(const mm_rules *r, const mm_optimal_options *o, mm_optimal_result *res,
                        ar_error *err);

/* -------------------------------------------------------- mm_protocol.c */

/* One game of the line protocol (docs/games/mastermind.md), as the
 * code-breaker keeps it: the guesses and answers so far. */
typedef struct mm_session {
    const mm_rules *r;
    mm_history h;
    int won;
} mm_session;

/* Reads the code-maker's answer line to `guess` (the text of one line,
 * without its newline; "1 0", "1B0W", ...) and adds both to the session:
 * AR_ERR_INPUT when the line is no answer, or when no code fits the answers
 * any more ("no code fits your answers (...)"), or after the game was won
 * or the rows ran out. */
ar_status ar_mm_session_answer(mm_session *s, uint32_t guess, const char *line, size_t len,
                               ar_error *err);
/* Reads a code-breaker's guess line for the code-maker: one code, spaces
 * around it allowed. */
ar_status ar_mm_read_guess(const mm_rules *r, const char *line, size_t len, uint32_t *code,
                           ar_error *err);

#endif
