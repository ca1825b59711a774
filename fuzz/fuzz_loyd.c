/* fuzz_loyd.c — libFuzzer target for Loyd's Dilemma's parsers (the square as
 * five groups of five, --pattern letter groups, and u/d/l/r/t move strings);
 * see fuzz_common.h for the input layout. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fuzz_puzzle("loyd", data, size);
}
