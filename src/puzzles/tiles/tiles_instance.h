/* tiles_instance.h — the sliding-tile domain's instance (puzzle.h's opaque
 * ar_instance), shared by tiles.c, which parses and formats it, and the IDA*
 * kernel of parallel IDA* (tiles_ida.c), which searches its model. Loyd's
 * Dilemma has an instance of its own. */
#ifndef ARIADNE_TILES_INSTANCE_H
#define ARIADNE_TILES_INSTANCE_H

#include "tiles_engine.h"

struct ar_instance {
    ar_tiles_model model;
    uint8_t start[AR_TILES_MAX];       /* labels by cell */
    uint8_t tile_of[AR_TILES_MAX];     /* label -> tile number shown to people */
    uint8_t label_of[AR_TILES_MAX];    /* tile number -> label */
    char goal_name[16];                /* "first", "last" or "custom" */
};

#endif
