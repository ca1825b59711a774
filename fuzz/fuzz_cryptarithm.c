/* fuzz_cryptarithm.c — libFuzzer target for the cryptarithm domain's parsers (instance text,
 * options and moves); see fuzz_common.h for the input layout. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fuzz_puzzle("cryptarithm", data, size);
}
