/* test_messages.c — the library speaks of parameters, the command line of
 * options: a bad parameter value is reported as "parameter NAME ..." by every
 * registered puzzle and game (never "option --NAME", which only the CLI
 * says), and ar_tool_option_words turns the one into the other. */
#include <stdio.h>
#include <string.h>

#include "ariadne/ariadne.h"
#include "ariadne/tool.h"
#include "check.h"

static void test_translation(void)
{
    char out[128];
    ar_tool_option_words("hanoi: parameter discs: 0 is out of range", out, sizeof out);
    CHECK_MSG(strcmp(out, "hanoi: option --discs: 0 is out of range") == 0, "got %s", out);
    ar_tool_option_words("parameter a and parameter pdb-dir", out, sizeof out);
    CHECK_MSG(strcmp(out, "option --a and option --pdb-dir") == 0, "got %s", out);
    ar_tool_option_words("the parameter 3 stays", out, sizeof out);
    CHECK_MSG(strcmp(out, "the parameter 3 stays") == 0, "got %s", out);
    ar_tool_option_words("parameter discs", out, 12); /* truncated, never overrun */
    CHECK(strlen(out) < 12);
}

static void expect_parameter(const char *domain, const char *text, const char *name, const char *value)
{
    const ar_puzzle *p = ar_puzzle_find(domain);
    ar_param param = {name, value};
    ar_instance *inst = NULL;
    ar_error err;
    char want[64];
    CHECK(p != NULL);
    if (!p)
        return;
    ar_error_clear(&err);
    CHECK(p->create(text, &param, 1, &inst, &err) == AR_ERR_INPUT);
    snprintf(want, sizeof want, "parameter %s", name);
    CHECK_MSG(strstr(err.message, want) != NULL, "%s --%s %s: '%s'", domain, name, value, err.message);
    if (inst)
        p->destroy(inst);
}

/* Every option of every puzzle given a value no option takes, and a
 * parameter no game has. */
static void test_no_option_words(void)
{
    const ar_puzzle *const *pp;
    const ar_game *const *gg;
    for (pp = ar_puzzles(); *pp; pp++) {
        const ar_option_spec *o;
        for (o = (*pp)->options; o && o->name; o++) {
            ar_param param = {o->name, "\x7f-1x"};
            ar_instance *inst = NULL;
            ar_error err;
            ar_error_clear(&err);
            if ((*pp)->create(NULL, &param, 1, &inst, &err) != AR_OK)
                CHECK_MSG(strstr(err.message, "option --") == NULL, "%s --%s: '%s'", (*pp)->name, o->name,
                          err.message);
            if (inst)
                (*pp)->destroy(inst);
        }
    }
    for (gg = ar_games(); *gg; gg++) {
        ar_param param = {"no-such-parameter", "1"};
        ar_variant *v = NULL;
        ar_error err;
        ar_error_clear(&err);
        CHECK(ar_game_create(*gg, &param, 1, &v, &err) != AR_OK);
        CHECK_MSG(strstr(err.message, "option --") == NULL && strstr(err.message, "parameter") != NULL,
                  "%s: '%s'", (*gg)->name, err.message);
        if (v)
            (*gg)->destroy(v);
    }
}

int main(void)
{
    test_translation();
    expect_parameter("hanoi", NULL, "discs", "0");
    expect_parameter("tiles", "1 0 2 3", "size", "9x9");
    expect_parameter("jugs", NULL, "capacities", "3");
    test_no_option_words();
    return check_report("test_messages");
}
