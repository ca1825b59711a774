/* fuzz_tsp.c — libFuzzer target for the travelling salesman's readers
 * (TSPLIB files with every EDGE_WEIGHT_TYPE and matrix layout, inline
 * points, instance names), its options and its move notation; see
 * fuzz_common.h for the input layout. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fuzz_puzzle("tsp", data, size);
}
