/* bj_tools.c — placeholder */
#include "bj_internal.h"
const ar_tool ar_bj_tools[] = {{.name = NULL}};
const ar_bench_suite ar_bj_bench_suites[] = {{.name = NULL}};
