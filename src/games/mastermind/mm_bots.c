/* mm_bots.c — Mastermind's bots: every strategy as a code-breaker, and two
 * ways of being the code-maker.
 *
 * As code-breaker a bot plays one of the one-step rules (mm_strategy.c) on
 * the codes that fit the answers so far, follows a strategy tree (the
 * optimal one of data/mastermind/ or any tree file) while the game stays on
 * it, or guesses a random code that fits (Swaszek's "randomly consistent").
 * Games too large for a rule's scan (more than MM_DENSE_MAX codes, or more
 * candidate-times-code work than a move should take) fall back to the lowest
 * code that fits, found peg by peg, and say so in the move's note.
 *
 * As code-maker every bot answers in one of two ways (maker=...):
 *   random     keeps a secret drawn at random among the codes that fit (drawn
 *              again, among those that fit, if the game was set up from a
 *              position its secret does not fit) and answers truly; this is
 *              exactly a code-maker who chose a code at random;
 *   adversary  holds no code: it gives the answer that leaves the most codes
 *              (ties: the fewest black, then white), the worst case Knuth's
 *              strategy is built against. */
#include "mm_game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/arena.h"
#include "ariadne/rng.h"
#include "ariadne/tool.h"

#define RULE_WORK 4e9 /* candidates x codes a rule may score for one move */

enum { B_RULE, B_BEST, B_TREE, B_SAMPLE };

typedef struct mm_bot {
    int kind;             /* B_* */
    mm_rule rule;         /* B_RULE, and B_BEST off the tree */
    int adversary;
    const mm_rules *r;
    mm_rule_chooser *rc;
    mm_scratch s;
    uint32_t *set;        /* the codes that fit */
    mm_node *tree;        /* B_TREE, B_BEST */
    mm_rules tree_rules;
    char tree_name[64];
    ar_rng rng;
    int has_secret;
    uint32_t secret;
} mm_bot;

static void bot_destroy(ar_bot *bot)
{
    mm_bot *b = ar_bot_state(bot);
    if (!b)
        return;
    ar_mm_rule_chooser_free(b->rc);
    ar_mm_scratch_free(&b->s);
    free(b->set);
    if (b->tree) {
        ar_mm_tree_free(b->tree);
        ar_mm_rules_free(&b->tree_rules);
    }
    free(b);
    ar_bot_set_state(bot, NULL);
}

/* Loads a tree file for the variant; AR_ERR_INPUT when it is malformed or
 * for another game. */
static ar_status load_tree(mm_bot *b, const char *path, ar_error *err)
{
    char why[300];
    char *text = ar_read_file(path, why, sizeof why);
    ar_status st;
    if (!text)
        return ar_error_set(err, AR_ERR_INPUT, "%s", why);
    st = ar_mm_tree_read(text, path, &b->tree_rules, &b->tree, err);
    free(text);
    if (st != AR_OK)
        return st;
    if (b->tree_rules.pegs != b->r->pegs || b->tree_rules.colours != b->r->colours) {
        st = ar_error_set(err, AR_ERR_INPUT, "%s is a strategy for %d pegs and %d colours, not %d and %d", path,
                          b->tree_rules.pegs, b->tree_rules.colours, b->r->pegs, b->r->colours);
        ar_mm_tree_free(b->tree);
        ar_mm_rules_free(&b->tree_rules);
        b->tree = NULL;
    }
    return st;
}

/* The options: every kind takes maker=, tree its file= as well. */
typedef struct mm_opts {
    int adversary; /* maker=adversary: the secret is chosen against the guesser */
    char file[4096];
} mm_opts;

static const char *const maker_names[] = {"random", "adversary", NULL};

static const ar_bot_option mm_options[] = {
    {.name = "maker", .type = AR_BOT_OPT_CHOICE, .offset = offsetof(mm_opts, adversary), .choices = maker_names},
    {.name = "file", .type = AR_BOT_OPT_TEXT, .offset = offsetof(mm_opts, file), .size = sizeof((mm_opts *)0)->file},
    {.name = NULL}};

static ar_status make_bot(ar_bot *bot, int kind, mm_rule rule, const char *name, const char *options,
                          ar_error *err)
{
    const ar_variant *v = ar_bot_variant(bot);
    mm_bot *b = calloc(1, sizeof *b);
    mm_opts o;
    ar_bot_option_set set = {.kind = name, .table = mm_options, .allowed = kind == B_TREE ? 3u : 1u};
    ar_status st = AR_OK;
    if (!b)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory");
    ar_bot_set_state(bot, b);
    b->kind = kind;
    b->rule = rule;
    b->r = &v->r;
    ar_rng_seed(&b->rng, ar_bot_seed(bot));
    memset(&o, 0, sizeof o);
    if ((st = ar_bot_parse_options(&set, options, &o, NULL, err)) != AR_OK)
        return st;
    b->adversary = o.adversary;
    if (kind == B_TREE) {
        if (!o.file[0])
            return ar_error_set(err, AR_ERR_INPUT, "bot tree: which strategy? give file=FILE");
        if ((st = load_tree(b, o.file, err)) != AR_OK)
            return st;
        snprintf(b->tree_name, sizeof b->tree_name, "tree");
    } else if (kind == B_BEST) {
        char rel[64], path[4096];
        ar_error ignore;
        snprintf(rel, sizeof rel, "mastermind/optimal-%dx%d.tree", b->r->pegs, b->r->colours);
        if (ar_data_path(rel, path, sizeof path) == 0 && load_tree(b, path, &ignore) == AR_OK)
            snprintf(b->tree_name, sizeof b->tree_name, "optimal tree");
    }
    if (b->r->digits && (kind == B_RULE || kind == B_BEST)) {
        b->rc = ar_mm_rule_chooser_new(b->r, rule);
        b->set = malloc(sizeof *b->set * b->r->codes);
        if (!b->rc || !b->set || ar_mm_scratch_init(&b->s, b->r, err) != AR_OK)
            return ar_error_set(err, AR_ERR_MEMORY, "bot %s: out of memory", name);
    }
    return AR_OK;
}

/* One create function per kind (the kind table gives it only the options). */
#define KIND(fn, kind, rule, name)                                                                 \
    static ar_status fn(ar_bot *bot, const char *o, ar_error *err)                                 \
    {                                                                                              \
        return make_bot(bot, kind, rule, name, o, err);                                            \
    }
KIND(knuth_create, B_RULE, MM_KNUTH, "knuth")
KIND(irving_create, B_RULE, MM_IRVING, "irving")
KIND(entropy_create, B_RULE, MM_ENTROPY, "entropy")
KIND(parts_create, B_RULE, MM_PARTS, "parts")
KIND(consistent_create, B_RULE, MM_CONSISTENT, "consistent")
KIND(best_create, B_BEST, MM_ENTROPY, "best")
KIND(tree_create, B_TREE, MM_CONSISTENT, "tree")
KIND(sample_create, B_SAMPLE, MM_CONSISTENT, "random-consistent")
#undef KIND

static void new_game(ar_bot *bot)
{
    mm_bot *b = ar_bot_state(bot);
    b->has_secret = 0;
}

/* --------------------------------------------------------- code-maker */

typedef struct pick_ctx {
    uint64_t target, seen;
    uint32_t code;
} pick_ctx;

static int pick_kth(void *ctx, uint32_t code)
{
    pick_ctx *p = ctx;
    if (p->seen++ == p->target) {
        p->code = code;
        return 1;
    }
    return 0;
}

/* A code drawn uniformly among the n >= 1 codes that fit h (the maker's
 * secret, the random-consistent breaker's guess); *n_out gets n. */
static ar_status random_fitting_code(mm_bot *b, const mm_history *h, uint32_t *code, uint64_t *n_out,
                                     ar_error *err)
{
    pick_ctx pk;
    uint64_t n = ar_mm_each_consistent(b->r, h, NULL, NULL);
    if (n == 0)
        return ar_error_set(err, AR_ERR_INPUT, "no code fits the answers so far");
    pk.target = ar_rng_below(&b->rng, n);
    pk.seen = 0;
    pk.code = 0;
    ar_mm_each_consistent(b->r, h, pick_kth, &pk);
    *code = pk.code;
    if (n_out)
        *n_out = n;
    return AR_OK;
}

typedef struct tally_ctx {
    const mm_rules *r;
    uint32_t guess;
    uint64_t count[MM_MAX_ANSWERS];
} tally_ctx;

static int tally(void *ctx, uint32_t code)
{
    tally_ctx *t = ctx;
    t->count[mm_answer(t->r, t->guess, code)]++;
    return 0;
}

static ar_status maker_choose(mm_bot *b, const mm_pos *p, ar_gmove *out, ar_bot_info *info, ar_error *err)
{
    const mm_rules *r = b->r;
    uint32_t guess = p->guess[p->rows - 1];
    mm_history h;
    ar_mm_pos_history(p, &h);
    if (b->adversary) {
        tally_ctx t;
        int a, best = -1;
        memset(&t, 0, sizeof t);
        t.r = r;
        t.guess = guess;
        ar_mm_each_consistent(r, &h, tally, &t);
        for (a = 0; a < r->answers; a++)
            if (t.count[a] && (best < 0 || t.count[a] > t.count[best]))
                best = a;
        if (best < 0)
            return ar_error_set(err, AR_ERR_INPUT, "no code fits the answers so far");
        *out = (ar_gmove)best;
        if (info)
            snprintf(info->text, sizeof info->text, "adversary: leaves %llu codes",
                     (unsigned long long)t.count[best]);
        return AR_OK;
    }
    if (!b->has_secret || !ar_mm_consistent(r, &h, b->secret)) {
        if (h.count == 0) {
            b->secret = (uint32_t)ar_rng_below(&b->rng, r->codes);
        } else {
            ar_status st = random_fitting_code(b, &h, &b->secret, NULL, err);
            if (st != AR_OK)
                return st;
        }
        b->has_secret = 1;
    }
    *out = mm_answer(r, guess, b->secret);
    if (info)
        snprintf(info->text, sizeof info->text, "answers for a secret code it keeps");
    return AR_OK;
}

/* --------------------------------------------------------- code-breaker */

/* The tree's guess for the history, or UINT32_MAX when the game left it. */
static uint32_t tree_guess(const mm_node *n, const mm_history *h)
{
    int k, i;
    for (k = 0; k < h->count && n; k++) {
        const mm_node *next = NULL;
        if (n->guess != h->guess[k])
            return UINT32_MAX;
        for (i = 0; i < n->children; i++)
            if (n->edge[i].answer == h->answer[k])
                next = n->edge[i].node;
        n = next;
    }
    return n ? n->guess : UINT32_MAX;
}

static ar_status breaker_choose(mm_bot *b, const mm_pos *p, ar_gmove *out, ar_bot_info *info, ar_error *err)
{
    const mm_rules *r = b->r;
    mm_history h;
    uint32_t guess;
    ar_mm_pos_history(p, &h);
    if (b->tree && (guess = tree_guess(b->tree, &h)) != UINT32_MAX) {
        *out = guess;
        if (info)
            snprintf(info->text, sizeof info->text, "from the %s", b->tree_name);
        return AR_OK;
    }
    if (b->kind == B_SAMPLE) {
        uint32_t code;
        uint64_t n;
        ar_status st = random_fitting_code(b, &h, &code, &n, err);
        if (st != AR_OK)
            return st;
        *out = code;
        if (info)
            snprintf(info->text, sizeof info->text, "random-consistent: one of %llu codes that fit",
                     (unsigned long long)n);
        return AR_OK;
    }
    if (b->rc && b->rule != MM_CONSISTENT) {
        uint64_t n = ar_mm_consistent_set(r, &h, b->set, r->codes);
        if (n == 0)
            return ar_error_set(err, AR_ERR_INPUT, "no code fits the answers so far");
        if ((double)n * r->codes <= RULE_WORK || h.count == 0) {
            mm_chooser ch = ar_mm_rule_chooser(b->rc);
            ar_status st = ch.choose(ch.ctx, &b->s, &h, b->set, (uint32_t)n, &guess, err);
            if (st != AR_OK)
                return st;
            *out = guess;
            if (info)
                snprintf(info->text, sizeof info->text, "%s: %llu code%s fit", ar_mm_rule_names[b->rule],
                         (unsigned long long)n, n == 1 ? "" : "s");
            return AR_OK;
        }
    }
    guess = ar_mm_first_consistent(r, &h);
    if (guess == UINT32_MAX)
        return ar_error_set(err, AR_ERR_INPUT, "no code fits the answers so far");
    *out = guess;
    if (info)
        snprintf(info->text, sizeof info->text, "%s", b->rule == MM_CONSISTENT && b->kind == B_RULE
                                                          ? "the lowest code that fits"
                                                          : "too many codes to score: the lowest code that fits");
    return AR_OK;
}

static ar_status bot_choose(ar_bot *bot, const void *pos, int player, ar_gmove *out, ar_bot_info *info,
                            ar_error *err)
{
    mm_bot *b = ar_bot_state(bot);
    const mm_pos *p = pos;
    if (info)
        memset(info, 0, sizeof *info);
    if (player == MM_MAKER) {
        if (!p->pending)
            return ar_error_set(err, AR_ERR_INPUT, "there is no guess to answer");
        return maker_choose(b, p, out, info, err);
    }
    return breaker_choose(b, p, out, info, err);
}

#define MAKER_OPTION "maker=random|adversary"

const ar_bot_kind ar_mm_bot_kinds[] = {
    {.name = "best", .summary = "the optimal strategy's tree where one is stored (4x6), else entropy",
     .options = MAKER_OPTION, .create = best_create, .choose = bot_choose, .new_game = new_game,
     .destroy = bot_destroy},
    {.name = "knuth", .summary = "Knuth's minimax: the smallest largest part", .options = MAKER_OPTION,
     .create = knuth_create, .choose = bot_choose, .new_game = new_game, .destroy = bot_destroy},
    {.name = "irving", .summary = "Irving's expected size: the smallest expected part", .options = MAKER_OPTION,
     .create = irving_create, .choose = bot_choose, .new_game = new_game, .destroy = bot_destroy},
    {.name = "entropy", .summary = "the largest entropy of the answer", .options = MAKER_OPTION,
     .create = entropy_create, .choose = bot_choose, .new_game = new_game, .destroy = bot_destroy},
    {.name = "parts", .summary = "the most possible answers (Kooi)", .options = MAKER_OPTION,
     .create = parts_create, .choose = bot_choose, .new_game = new_game, .destroy = bot_destroy},
    {.name = "consistent", .summary = "the lowest code that fits (Shapiro)", .options = MAKER_OPTION,
     .create = consistent_create, .choose = bot_choose, .new_game = new_game, .destroy = bot_destroy},
    {.name = "random-consistent", .summary = "a random code that fits (Swaszek)", .options = MAKER_OPTION,
     .create = sample_create, .choose = bot_choose, .new_game = new_game, .destroy = bot_destroy},
    {.name = "tree", .summary = "a strategy tree file, then the lowest code that fits off the tree",
     .options = "file=FILE " MAKER_OPTION, .create = tree_create, .choose = bot_choose, .new_game = new_game,
     .destroy = bot_destroy},
    {.name = NULL}};
