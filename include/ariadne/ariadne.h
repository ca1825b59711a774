/* ariadne/ariadne.h — the whole public library in one include.
 *
 *     #include <ariadne/ariadne.h>
 *
 * gives the puzzle and game interfaces and their registries, single-agent
 * search (ar_solve, the run context, pattern databases, the two-bit BFS),
 * game search, bots and matches, the adapter for external programs, and the
 * core containers, errors and memory accounting. Each header also stands
 * alone; docs/architecture.md says which concern each one covers. Link with
 * `pkg-config --libs ariadne`. */
#ifndef ARIADNE_ARIADNE_H
#define ARIADNE_ARIADNE_H

#include "ariadne/error.h"
#include "ariadne/limits.h"
#include "ariadne/memory.h"
#include "ariadne/hash.h"
#include "ariadne/param.h"
#include "ariadne/rng.h"
#include "ariadne/timer.h"
#include "ariadne/progress.h"
#include "ariadne/vec.h"
#include "ariadne/heap.h"
#include "ariadne/bucketq.h"
#include "ariadne/bitarray.h"
#include "ariadne/statestore.h"
#include "ariadne/json.h"
#include "ariadne/tool.h"

#include "ariadne/puzzle.h"
#include "ariadne/search.h"
#include "ariadne/run.h"
#include "ariadne/pdb.h"
#include "ariadne/bfs2.h"

#include "ariadne/game.h"
#include "ariadne/gamesearch.h"
#include "ariadne/arena.h"
#include "ariadne/extprog.h"

#endif
