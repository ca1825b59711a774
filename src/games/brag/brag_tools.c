/* brag_tools.c — the command-line tools of brag (to be written on the
 * common option parser). */
#include "brag_internal.h"

const ar_tool ar_brag_tools[] = {{.name = NULL}};
const ar_bench_suite ar_brag_bench_suites[] = {{.name = NULL}};
