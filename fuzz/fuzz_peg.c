/* fuzz_peg.c — libFuzzer target for the peg-solitaire parsers (board
 * pictures, hole names, options and both move notations); see fuzz_common.h
 * for the input layout. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fuzz_puzzle("peg", data, size);
}
