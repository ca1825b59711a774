/* hanoi_instance.c — instances of Towers of Hanoi: the instance text and
 * options (--pegs, --discs, --from, --to, --pdb-dir, --pdb-group) parsed with
 * messages that say what is wrong and where, the fields every solver reads
 * (packed start and goal, the discs that move, whether it is tower to tower,
 * the Frame–Stewart table), copies from another start, and random instances.
 * The struct itself is in hanoi_internal.h. */
#include "hanoi_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Parsing positions */

static int is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

/* Parses one position (len bytes). Two notations: one character per disc
 * ('1'..'9', then 'A'..'G' or 'a'..'g' for pegs 10..16), or, when the text has
 * a comma, decimal peg numbers separated by commas ("1,12,3"). */
static ar_status parse_position(const char *text, size_t len, unsigned pegs, const char *what,
                                unsigned char *out, unsigned *count, ar_error *err)
{
    unsigned n = 0;
    size_t i;
    int shown = (int)(len < 40 ? len : 40);
    const char *dots = len > 40 ? "..." : "";
    int commas = memchr(text, ',', len) != NULL;

    if (len == 0)
        return ar_error_set(err, AR_ERR_INPUT, "%s is empty", what);
    for (i = 0; i < len;) {
        unsigned peg = 0;
        char c = text[i];
        if (commas) {
            size_t j = i, digits = 0;
            while (j < len && is_space(text[j]))
                j++;
            if (j < len && ((text[j] >= 'A' && text[j] <= 'G') || (text[j] >= 'a' && text[j] <= 'g'))) {
                peg = 10u + (unsigned)((text[j] | 0x20) - 'a'); /* a letter, as in the compact form */
                digits = 1;
                j++;
            } else {
                while (j < len && text[j] >= '0' && text[j] <= '9') {
                    if (digits < 4)
                        peg = peg * 10 + (unsigned)(text[j] - '0');
                    digits++;
                    j++;
                }
            }
            while (j < len && is_space(text[j]))
                j++;
            if (digits == 0 || (j < len && text[j] != ','))
                return ar_error_set(err, AR_ERR_INPUT,
                                    "%s '%.*s%s': item %u is not a peg number (expected a list "
                                    "like 1,12,3)",
                                    what, shown, text, dots, n + 1);
            if (digits > 3)
                peg = 9999;
            i = j + 1;
            if (j + 1 == len) /* trailing comma */
                return ar_error_set(err, AR_ERR_INPUT, "%s '%.*s%s': ends with a comma", what,
                                    shown, text, dots);
        } else {
            if (c >= '0' && c <= '9')
                peg = (unsigned)(c - '0');
            else if (c >= 'A' && c <= 'G')
                peg = 10u + (unsigned)(c - 'A');
            else if (c >= 'a' && c <= 'g')
                peg = 10u + (unsigned)(c - 'a');
            else if ((unsigned char)c >= 0x20 && (unsigned char)c < 0x7F)
                return ar_error_set(err, AR_ERR_INPUT,
                                    "%s '%.*s%s': character %zu ('%c') is not a peg (pegs are "
                                    "1-9, then A-G for 10-16)",
                                    what, shown, text, dots, i + 1, c);
            else
                return ar_error_set(err, AR_ERR_INPUT,
                                    "%s: character %zu (byte 0x%02X) is not a peg (pegs are 1-9, "
                                    "then A-G for 10-16)",
                                    what, i + 1, (unsigned)(unsigned char)c);
            i++;
        }
        if (n >= AR_HANOI_MAX_DISCS)
            return ar_error_set(err, AR_ERR_INPUT, "%s '%.*s%s' has more than %d discs", what, shown,
                                text, dots, AR_HANOI_MAX_DISCS);
        if (peg == 0)
            return ar_error_set(err, AR_ERR_INPUT,
                                "%s '%.*s%s': disc %u is on peg 0 but pegs are numbered from 1", what,
                                shown, text, dots, n + 1);
        if (peg > pegs)
            return ar_error_set(err, AR_ERR_INPUT,
                                "%s '%.*s%s': disc %u is on peg %u but there are only %u pegs%s", what,
                                shown, text, dots, n + 1, peg, pegs,
                                pegs == 3 ? " (use parameter pegs K)" : "");
        out[n++] = (unsigned char)(peg - 1);
    }
    *count = n;
    return AR_OK;
}

/* Splits the instance text into START and an optional GOAL: "START",
 * "START GOAL" or "START -> GOAL" (surrounding white space ignored). */
static ar_status split_instance(const char *text, const char **a, size_t *alen, const char **b,
                                size_t *blen, ar_error *err)
{
    const char *s = text, *e = text + strlen(text);
    const char *words[3];
    size_t lens[3];
    unsigned count = 0;
    *a = *b = NULL;
    *alen = *blen = 0;
    while (s < e) {
        const char *w;
        while (s < e && is_space(*s))
            s++;
        if (s >= e)
            break;
        if (s + 1 < e && s[0] == '-' && s[1] == '>') { /* an arrow between the two */
            s += 2;
            continue;
        }
        w = s;
        while (s < e && !is_space(*s) && !(s + 1 < e && s[0] == '-' && s[1] == '>'))
            s++;
        if (count == 2)
            return ar_error_set(err, AR_ERR_INPUT,
                                "instance: expected 'START' or 'START GOAL', found a third word '%.*s'",
                                (int)((size_t)(s - w) < 40 ? (size_t)(s - w) : 40), w);
        words[count] = w;
        lens[count] = (size_t)(s - w);
        count++;
    }
    if (count >= 1) {
        *a = words[0];
        *alen = lens[0];
    }
    if (count >= 2) {
        *b = words[1];
        *blen = lens[1];
    }
    return AR_OK;
}

/* Trims white space around an option's text. */
static void trim(const char **s, size_t *len)
{
    while (*len && is_space(**s)) {
        (*s)++;
        (*len)--;
    }
    while (*len && is_space((*s)[*len - 1]))
        (*len)--;
}

static int param_present(const ar_param *params, size_t count, const char *name)
{
    size_t i;
    for (i = 0; i < count; i++)
        if (strcmp(params[i].name, name) == 0)
            return 1;
    return 0;
}

/* ------------------------------------------------------------------ */
/* Frame-Stewart table */

static void fill_fs(ar_instance *inst)
{
    unsigned k, j, x;
    memset(inst->fs, 0, sizeof inst->fs);
    memset(inst->split, 0, sizeof inst->split);
    for (j = 0; j <= AR_HANOI_MAX_DISCS; j++)
        inst->fs[3][j] = hanoi_pow2_minus1(j);
    for (k = 4; k <= inst->pegs; k++) {
        inst->fs[k][0] = 0;
        inst->fs[k][1] = 1;
        for (j = 2; j <= AR_HANOI_MAX_DISCS; j++) {
            uint64_t best = UINT64_MAX;
            unsigned arg = 1;
            /* T_k(j) = min over 1 <= x < j of 2 T_k(x) + T_{k-1}(j-x): park the x
             * smallest discs using all k pegs, move the rest with k-1 pegs, and
             * bring the x back. Ties keep the smallest x. */
            for (x = 1; x < j; x++) {
                uint64_t v = hanoi_sat_add(hanoi_sat_add(inst->fs[k][x], inst->fs[k][x]),
                                           inst->fs[k - 1][j - x]);
                if (v < best) {
                    best = v;
                    arg = x;
                }
            }
            inst->fs[k][j] = best;
            inst->split[k][j] = (unsigned char)arg;
        }
    }
}

/* ------------------------------------------------------------------ */
/* Instances */

/* Fills in what follows from pegs, discs, start and goal. */
static void setup(ar_instance *inst)
{
    unsigned d;
    inst->bits = inst->pegs <= 4 ? 2u : 4u;
    inst->size = (inst->discs * inst->bits + 7u) / 8u;
    hanoi_pack(inst, inst->start, inst->start_packed);
    hanoi_pack(inst, inst->goal, inst->goal_packed);
    inst->active = 0;
    for (d = inst->discs; d-- > 0;)
        if (inst->start[d] != inst->goal[d]) {
            inst->active = d + 1;
            break;
        }
    inst->tower = 1;
    inst->tower_from = inst->active ? inst->start[0] : 0;
    inst->tower_to = inst->active ? inst->goal[0] : 0;
    for (d = 0; d < inst->active; d++)
        if (inst->start[d] != inst->tower_from || inst->goal[d] != inst->tower_to)
            inst->tower = 0;
    fill_fs(inst);
}

ar_status ar_hanoi_create(const char *text, const ar_param *params, size_t param_count,
                          ar_instance **out, ar_error *err)
{
    long pegs_l, discs_l, group_l;
    unsigned pegs, discs = 0;
    const char *pdb_dir;
    ar_status st;
    const char *itext_a = NULL, *itext_b = NULL;
    size_t ia_len = 0, ib_len = 0;
    unsigned char from_inst[AR_HANOI_MAX_DISCS], to_inst[AR_HANOI_MAX_DISCS];
    unsigned char from_opt[AR_HANOI_MAX_DISCS], to_opt[AR_HANOI_MAX_DISCS];
    unsigned n_from_inst = 0, n_to_inst = 0, n_from_opt = 0, n_to_opt = 0;
    const char *from_text = NULL, *to_text = NULL;
    size_t from_text_len = 0, to_text_len = 0;
    const unsigned char *start = NULL, *goal = NULL;
    unsigned n_start = 0, n_goal = 0;
    const char *start_what = NULL, *goal_what = NULL;
    ar_instance *inst;
    unsigned d;

    *out = NULL;
    st = ar_param_int(params, param_count, "pegs", AR_HANOI_MIN_PEGS, AR_HANOI_MAX_PEGS, 3, &pegs_l,
                      err);
    if (st != AR_OK)
        return st;
    pegs = (unsigned)pegs_l;
    st = ar_param_int(params, param_count, "discs", 1, AR_HANOI_MAX_DISCS, 0, &discs_l, err);
    if (st != AR_OK)
        return st;
    discs = (unsigned)discs_l;
    st = ar_param_int(params, param_count, "pdb-group", 1, AR_HANOI_MAX_DISCS, 0, &group_l, err);
    if (st != AR_OK)
        return st;
    pdb_dir = ar_param_get(params, param_count, "pdb-dir");
    if (param_present(params, param_count, "pdb-dir") && (!pdb_dir || !*pdb_dir))
        return ar_error_set(err, AR_ERR_INPUT, "parameter pdb-dir needs a directory");
    if (pdb_dir && strlen(pdb_dir) >= AR_HANOI_PDB_DIR_MAX)
        return ar_error_set(err, AR_ERR_INPUT, "parameter pdb-dir: the path is too long");

    if (text) {
        st = split_instance(text, &itext_a, &ia_len, &itext_b, &ib_len, err);
        if (st != AR_OK)
            return st;
        if (itext_a) {
            st = parse_position(itext_a, ia_len, pegs, "position", from_inst, &n_from_inst, err);
            if (st != AR_OK)
                return st;
            start = from_inst;
            n_start = n_from_inst;
            start_what = "the instance";
        }
        if (itext_b) {
            st = parse_position(itext_b, ib_len, pegs, "goal position", to_inst, &n_to_inst, err);
            if (st != AR_OK)
                return st;
            goal = to_inst;
            n_goal = n_to_inst;
            goal_what = "the instance's goal";
        }
    }
    if (param_present(params, param_count, "from")) {
        from_text = ar_param_get(params, param_count, "from");
        if (!from_text)
            return ar_error_set(err, AR_ERR_INPUT, "parameter from needs a position such as 1121");
        from_text_len = strlen(from_text);
        trim(&from_text, &from_text_len);
        st = parse_position(from_text, from_text_len, pegs, "--from", from_opt, &n_from_opt, err);
        if (st != AR_OK)
            return st;
        if (start && (n_start != n_from_opt || memcmp(start, from_opt, n_start) != 0))
            return ar_error_set(err, AR_ERR_INPUT,
                                "the instance and parameter from give different start positions ('%.*s' vs "
                                "'%.*s')",
                                (int)(ia_len < 40 ? ia_len : 40), itext_a,
                                (int)(from_text_len < 40 ? from_text_len : 40), from_text);
        start = from_opt;
        n_start = n_from_opt;
        start_what = "--from";
    }
    if (param_present(params, param_count, "to")) {
        to_text = ar_param_get(params, param_count, "to");
        if (!to_text)
            return ar_error_set(err, AR_ERR_INPUT, "parameter to needs a position such as 3333");
        to_text_len = strlen(to_text);
        trim(&to_text, &to_text_len);
        st = parse_position(to_text, to_text_len, pegs, "--to", to_opt, &n_to_opt, err);
        if (st != AR_OK)
            return st;
        if (goal && (n_goal != n_to_opt || memcmp(goal, to_opt, n_goal) != 0))
            return ar_error_set(err, AR_ERR_INPUT,
                                "the instance and parameter to give different goal positions ('%.*s' vs "
                                "'%.*s')",
                                (int)(ib_len < 40 ? ib_len : 40), itext_b,
                                (int)(to_text_len < 40 ? to_text_len : 40), to_text);
        goal = to_opt;
        n_goal = n_to_opt;
        goal_what = "--to";
    }

    /* The number of discs: --discs, else the length of a given position, else
     * the default; every source must agree. */
    if (discs) {
        if (start && n_start != discs)
            return ar_error_set(err, AR_ERR_INPUT, "%s has %u discs but parameter discs is %u", start_what,
                                n_start, discs);
        if (goal && n_goal != discs)
            return ar_error_set(err, AR_ERR_INPUT, "%s has %u discs but parameter discs is %u", goal_what,
                                n_goal, discs);
    } else if (start) {
        discs = n_start;
        if (goal && n_goal != discs)
            return ar_error_set(err, AR_ERR_INPUT, "%s has %u discs but %s has %u", goal_what, n_goal,
                                start_what, n_start);
    } else if (goal) {
        discs = n_goal;
    } else {
        discs = AR_HANOI_DEFAULT_DISCS;
    }

    inst = calloc(1, sizeof *inst);
    if (!inst)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory creating a hanoi instance");
    inst->pegs = pegs;
    inst->discs = discs;
    inst->pdb_group = (unsigned)group_l;
    if (pdb_dir)
        snprintf(inst->pdb_dir, sizeof inst->pdb_dir, "%s", pdb_dir);
    for (d = 0; d < discs; d++) {
        inst->start[d] = start ? start[d] : 0;
        inst->goal[d] = goal ? goal[d] : (unsigned char)(pegs - 1);
    }
    setup(inst);
    *out = inst;
    return AR_OK;
}

void ar_hanoi_destroy(ar_instance *inst) { free(inst); }

/* ------------------------------------------------------------------ */
/* Random instances */

ar_status ar_hanoi_generate(const ar_param *params, size_t param_count, uint64_t seed, char **text,
                            ar_error *err)
{
    long pegs, discs;
    ar_status st;
    uint64_t x = seed ^ 0x9E3779B97F4A7C15ull;
    char *out;
    long i;
    st = ar_param_int(params, param_count, "pegs", AR_HANOI_MIN_PEGS, AR_HANOI_MAX_PEGS, 3, &pegs,
                      err);
    if (st != AR_OK)
        return st;
    st = ar_param_int(params, param_count, "discs", 1, AR_HANOI_MAX_DISCS, AR_HANOI_DEFAULT_DISCS,
                      &discs, err);
    if (st != AR_OK)
        return st;
    out = malloc((size_t)discs * 2 + 2);
    if (!out)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory generating an instance");
    for (i = 0; i < 2 * discs; i++) {
        /* splitmix64 step: a few lines, deterministic for the seed */
        uint64_t z = (x += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        z ^= z >> 31;
        out[i + (i >= discs)] = hanoi_peg_char((unsigned)(z % (uint64_t)pegs));
    }
    out[discs] = ' ';
    out[2 * discs + 1] = '\0';
    *text = out;
    return AR_OK;
}

/* A copy of inst starting from state (same pegs, discs and goal). */
ar_status ar_hanoi_with_start(const ar_instance *inst, const void *state, ar_instance **out,
                              ar_error *err)
{
    ar_instance *copy = malloc(sizeof *copy);
    *out = NULL;
    if (!copy)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory copying a hanoi instance");
    memcpy(copy, inst, sizeof *copy);
    hanoi_unpack(inst, state, copy->start);
    setup(copy);
    *out = copy;
    return AR_OK;
}
