/* guessit_tools.c — the command-line tools of Guess It (to be written on
 * the common option parser). */
#include "guessit_internal.h"

const ar_tool ar_guessit_tools[] = {{.name = NULL}};
const ar_bench_suite ar_guessit_bench_suites[] = {{.name = NULL}};
