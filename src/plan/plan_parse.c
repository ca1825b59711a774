/* plan_parse.c — reading a planning task in the text format of plan.h, line
 * by line, with one-line errors that name the line; then grounding
 * (ar_plan_ground.c). */
#include "plan_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int patoms_push(patoms *l, const patom *a)
{
    if (l->n == l->cap) {
        unsigned cap = l->cap ? l->cap * 2 : 8;
        patom *v = realloc(l->v, cap * sizeof *v);
        if (!v)
            return -1;
        l->v = v;
        l->cap = cap;
    }
    l->v[l->n++] = *a;
    return 0;
}

typedef struct reader {
    ar_plan_task *t;
    const char *s;   /* the line being read */
    unsigned line;
    char why[200];
    schema *cur;     /* the operator pre/add/del lines belong to */
} reader;

static int fail(reader *r, const char *fmt, const char *arg)
{
    char msg[160];
    snprintf(msg, sizeof msg, fmt, arg ? arg : "");
    snprintf(r->why, sizeof r->why, "line %u: %s", r->line, msg);
    return -1;
}

static void blanks(reader *r)
{
    while (*r->s == ' ' || *r->s == '\t' || *r->s == '\r')
        r->s++;
}

static int name_start(char c) { return isalpha((unsigned char)c) || c == '_'; }
static int name_char(char c) { return isalnum((unsigned char)c) || c == '_' || c == '-'; }

/* A name into buf; -1 with the reason when there is none or it is too long. */
static int read_name(reader *r, char *buf, const char *what)
{
    size_t n = 0;
    blanks(r);
    if (!name_start(*r->s))
        return fail(r, "expected %s (a letter, then letters, digits, '_' or '-')", what);
    while (name_char(*r->s)) {
        if (n + 1 == PLAN_NAME_LEN)
            return fail(r, "%s is longer than 31 characters", what);
        buf[n++] = *r->s++;
    }
    buf[n] = '\0';
    return 0;
}

static int pred_index(reader *r, const char *name, int arity)
{
    ar_plan_task *t = r->t;
    unsigned i;
    for (i = 0; i < t->npreds; i++)
        if (strcmp(t->preds[i].name, name) == 0) {
            if (t->preds[i].arity != arity) {
                char msg[120];
                snprintf(msg, sizeof msg, "%.40s takes %d argument%s here but %d before", name, arity,
                         arity == 1 ? "" : "s", t->preds[i].arity);
                return fail(r, "%s", msg);
            }
            return (int)i;
        }
    if (t->npreds == PLAN_MAX_PREDS)
        return fail(r, "more than 256 predicates%s", NULL);
    memset(&t->preds[i], 0, sizeof t->preds[i]);
    snprintf(t->preds[i].name, PLAN_NAME_LEN, "%s", name);
    t->preds[i].arity = arity;
    t->preds[i].row = -1;
    t->npreds++;
    return (int)i;
}

static int const_index(reader *r, const char *name)
{
    ar_plan_task *t = r->t;
    unsigned i;
    for (i = 0; i < t->nconsts; i++)
        if (strcmp(t->consts[i], name) == 0)
            return (int)i;
    if (t->nconsts == PLAN_MAX_CONSTS)
        return fail(r, "more than 256 constants%s", NULL);
    snprintf(t->consts[t->nconsts], PLAN_NAME_LEN, "%s", name);
    return (int)t->nconsts++;
}

/* One atom; parameters are allowed when op is non-NULL (and must be its). */
static int read_atom(reader *r, const schema *op, patom *a)
{
    char name[PLAN_NAME_LEN], arg[PLAN_NAME_LEN];
    int p, nargs = 0;
    int16_t args[AR_PLAN_MAX_PARAMS];
    if (read_name(r, name, "a predicate"))
        return -1;
    if (*r->s == '(') {
        r->s++;
        for (;;) {
            int v;
            blanks(r);
            if (nargs == AR_PLAN_MAX_PARAMS)
                return fail(r, "an atom with more than 6 arguments%s", NULL);
            if (*r->s == '?') {
                unsigned k;
                r->s++;
                if (read_name(r, arg, "a name after '?'"))
                    return -1;
                if (!op)
                    return fail(r, "?%s: parameters belong in operators, not in init or goal", arg);
                for (k = 0; k < op->nparams && strcmp(op->params[k], arg) != 0; k++)
                    ;
                if (k == op->nparams)
                    return fail(r, "?%s is not one of this operator's parameters", arg);
                v = -(int)k - 1;
            } else {
                if (read_name(r, arg, "an argument"))
                    return -1;
                if ((v = const_index(r, arg)) < 0)
                    return -1;
            }
            args[nargs++] = (int16_t)v;
            blanks(r);
            if (*r->s == ',') {
                r->s++;
                continue;
            }
            if (*r->s == ')') {
                r->s++;
                break;
            }
            return fail(r, "expected ',' or ')' in the arguments of %s", name);
        }
    }
    if ((p = pred_index(r, name, nargs)) < 0)
        return -1;
    a->pred = (uint16_t)p;
    a->nargs = (uint8_t)nargs;
    memcpy(a->arg, args, sizeof *args * (size_t)nargs);
    return 0;
}

static int read_atoms(reader *r, const schema *op, patoms *into)
{
    int any = 0;
    for (;;) {
        patom a;
        blanks(r);
        if (!*r->s)
            return any ? 0 : fail(r, "expected at least one atom%s", NULL);
        memset(&a, 0, sizeof a);
        if (read_atom(r, op, &a) || patoms_push(into, &a))
            return r->why[0] ? -1 : fail(r, "out of memory%s", NULL);
        any = 1;
    }
}

static int read_operator(reader *r)
{
    ar_plan_task *t = r->t;
    schema *op;
    unsigned i;
    if (t->nschemas == PLAN_MAX_SCHEMAS)
        return fail(r, "more than 128 operators%s", NULL);
    op = &t->schemas[t->nschemas];
    memset(op, 0, sizeof *op);
    op->line = r->line;
    if (read_name(r, op->name, "an operator name"))
        return -1;
    for (i = 0; i < t->nschemas; i++)
        if (strcmp(t->schemas[i].name, op->name) == 0)
            return fail(r, "a second operator called %s", op->name);
    blanks(r);
    if (*r->s == '(') {
        r->s++;
        blanks(r);
        while (*r->s != ')') {
            unsigned k;
            if (op->nparams == AR_PLAN_MAX_PARAMS)
                return fail(r, "more than 6 parameters%s", NULL);
            blanks(r);
            if (*r->s++ != '?')
                return fail(r, "parameters are written ?name%s", NULL);
            if (read_name(r, op->params[op->nparams], "a name after '?'"))
                return -1;
            for (k = 0; k < op->nparams; k++)
                if (strcmp(op->params[k], op->params[op->nparams]) == 0)
                    return fail(r, "parameter ?%s twice", op->params[k]);
            op->nparams++;
            blanks(r);
            if (*r->s == ',')
                r->s++;
            else if (*r->s != ')')
                return fail(r, "expected ',' or ')' after a parameter%s", NULL);
            blanks(r);
        }
        r->s++;
    }
    blanks(r);
    if (*r->s)
        return fail(r, "unexpected text after the operator's parameters%s", NULL);
    t->nschemas++;
    r->cur = op;
    return 0;
}

/* "reduce PRED by OP OP ..." */
static int read_row(reader *r)
{
    ar_plan_task *t = r->t;
    char name[PLAN_NAME_LEN], word[PLAN_NAME_LEN];
    unsigned i;
    if (read_name(r, name, "a predicate"))
        return -1;
    for (i = 0; i < t->npreds && strcmp(t->preds[i].name, name) != 0; i++)
        ;
    if (i == t->npreds)
        return fail(r, "%s is not a predicate of the operators above", name);
    if (t->preds[i].row >= 0)
        return fail(r, "a second row for %s", name);
    t->preds[i].row = (int)t->nrows;
    t->row_first[t->nrows] = (uint32_t)t->row_ops.n;
    if (read_name(r, word, "'by'") || strcmp(word, "by") != 0)
        return fail(r, "write: reduce PREDICATE by OPERATOR ...%s", NULL);
    blanks(r);
    if (!*r->s)
        return fail(r, "no operator reduces %s", name);
    while (blanks(r), *r->s) {
        unsigned k;
        if (read_name(r, word, "an operator"))
            return -1;
        for (k = 0; k < t->nschemas && strcmp(t->schemas[k].name, word) != 0; k++)
            ;
        if (k == t->nschemas)
            return fail(r, "%s is not an operator defined above", word);
        if (ulist_push(&t->row_ops, k))
            return fail(r, "out of memory%s", NULL);
    }
    t->row_count[t->nrows] = (uint32_t)(t->row_ops.n - t->row_first[t->nrows]);
    t->nrows++;
    return 0;
}

static int read_line(reader *r)
{
    char word[PLAN_NAME_LEN];
    blanks(r);
    if (!*r->s)
        return 0;
    if (read_name(r, word, "a keyword"))
        return -1;
    if (strcmp(word, "operator") == 0)
        return read_operator(r);
    if (strcmp(word, "pre") == 0 || strcmp(word, "add") == 0 || strcmp(word, "del") == 0) {
        if (!r->cur)
            return fail(r, "'%s' before any operator", word);
        return read_atoms(r, r->cur, word[0] == 'p' ? &r->cur->pre : word[0] == 'a' ? &r->cur->add
                                                                                  : &r->cur->del);
    }
    if (strcmp(word, "init") == 0 || strcmp(word, "goal") == 0) {
        r->cur = NULL;
        return read_atoms(r, NULL, word[0] == 'i' ? &r->t->init : &r->t->goal);
    }
    if (strcmp(word, "reduce") == 0) {
        r->cur = NULL;
        return read_row(r);
    }
    if (strcmp(word, "objects") == 0) {
        char name[PLAN_NAME_LEN];
        r->cur = NULL;
        while (blanks(r), *r->s)
            if (read_name(r, name, "an object") || const_index(r, name) < 0)
                return -1;
        return 0;
    }
    return fail(r, "'%s' is not operator, pre, add, del, init, goal, reduce or objects", word);
}

static void free_schemas(ar_plan_task *t)
{
    unsigned i;
    for (i = 0; i < t->nschemas; i++) {
        free(t->schemas[i].pre.v);
        free(t->schemas[i].add.v);
        free(t->schemas[i].del.v);
    }
    free(t->init.v);
    free(t->goal.v);
    free(t->row_ops.v);
}

void ar_plan_free(ar_plan_task *t)
{
    unsigned i;
    if (!t)
        return;
    free_schemas(t);
    for (i = 0; t->atom_name && i < t->nfluent; i++)
        free(t->atom_name[i]);
    free(t->atom_name);
    free(t->atom_pred);
    free(t->atom_key);
    free(t->atom_val);
    free(t->op_schema);
    free(t->op_args);
    free(t->pre_first);
    free(t->pre_n);
    free(t->add_first);
    free(t->add_n);
    free(t->del_first);
    free(t->del_n);
    free(t->lists.v);
    free(t->ach_first);
    free(t->ach_n);
    free(t->achievers.v);
    free(t->initial);
    free(t->goal_atoms);
    free(t);
}

ar_status ar_plan_parse(const char *text, ar_plan_task **out, ar_error *err)
{
    ar_plan_task *t = calloc(1, sizeof *t);
    char *copy = text ? strdup(text) : NULL, *line;
    reader r;
    ar_status st;
    *out = NULL;
    if (!t || !copy) {
        free(t);
        free(copy);
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory reading the task");
    }
    memset(&r, 0, sizeof r);
    r.t = t;
    for (line = copy; line;) {
        char *end = strchr(line, '\n'), *hash;
        r.line++;
        if (end)
            *end = '\0';
        if ((hash = strchr(line, '#')) != NULL)
            *hash = '\0';
        r.s = line;
        if (read_line(&r)) {
            free(copy);
            ar_plan_free(t);
            return ar_error_set(err, AR_ERR_INPUT, "%s", r.why);
        }
        line = end ? end + 1 : NULL;
    }
    free(copy);
    if (!t->nschemas) {
        ar_plan_free(t);
        return ar_error_set(err, AR_ERR_INPUT, "the task has no operator");
    }
    if (!t->goal.n) {
        ar_plan_free(t);
        return ar_error_set(err, AR_ERR_INPUT, "the task has no goal (a line: goal ATOM ...)");
    }
    st = ar_plan_ground(t, err);
    if (st != AR_OK) {
        ar_plan_free(t);
        return st;
    }
    *out = t;
    return AR_OK;
}
