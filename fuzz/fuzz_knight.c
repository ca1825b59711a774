/* fuzz_knight.c — libFuzzer target for the knight's-tour parsers (board size,
 * squares, options and moves); see fuzz_common.h for the input layout. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fuzz_puzzle("knight", data, size);
}
