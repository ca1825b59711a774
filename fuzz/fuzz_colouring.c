/* fuzz_colouring.c — libFuzzer target for the colouring domain's parsers (DIMACS files and maps,
 * options and moves); see fuzz_common.h for the input layout. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fuzz_puzzle("colouring", data, size);
}
