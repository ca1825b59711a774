/* fuzz_tiles.c — libFuzzer target for the sliding-tile domain's parsers (board
 * text, --size, --goal, --pattern, --reflect, and U/D/L/R move strings); see
 * fuzz_common.h for the input layout. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fuzz_puzzle("tiles", data, size);
}
