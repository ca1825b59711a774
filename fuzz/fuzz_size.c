/* fuzz_size.c — libFuzzer target for ar_parse_size, the parser behind
 * --memory-limit: any text must give a size or a message, never a crash. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/memory.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    size_t bytes;
    ar_error err;
    char shown[32];
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    ar_error_clear(&err);
    if (ar_parse_size(text, &bytes, &err) == AR_OK)
        ar_format_bytes(bytes, shown, sizeof shown);
    else if (!err.message[0])
        abort();
    free(text);
    return 0;
}
