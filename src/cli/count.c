/* count.c — `ariadne count DOMAIN ...`: exact counts that a puzzle computes
 * its own way (every tour or every solution of a board). The verb only dispatches:
 * a puzzle that counts declares a tool named "count" in its descriptor
 * (tool.h), which parses its own arguments; the others are refused. */
#include "cli.h"

#include <string.h>

int verb_count(int argc, char **argv)
{
    const ar_puzzle *p;
    const ar_tool *fe;
    if (argc < 2)
        return ar_tool_fail("count: which puzzle? (`ariadne help count`)");
    if (!(p = ar_puzzle_find(argv[1])))
        return ar_tool_fail("count: unknown puzzle '%.40s' (see `ariadne list`)", argv[1]);
    if (!(fe = cli_puzzle_front_end(p, "count")))
        return ar_tool_fail("count: puzzle '%s' has no exact count of its own", p->name);
    return fe->run(argc, argv);
}
