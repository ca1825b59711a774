/* chess_eval_tuned.c — the engine's default evaluation weights. */
#include "chess_engine.h"

const ch_eval_params *ar_chess_params_default(void) { return ar_chess_params_handset(); }
