#!/usr/bin/env bash
# starve.sh PROGRAM ARGS... — runs rank 1 of an Open MPI job at the lowest
# priority (nice 19), the others as they are: with every rank on one core
# (taskset), rank 1 then gets almost no CPU while the others run.
if [ "${OMPI_COMM_WORLD_RANK:-}" = 1 ]; then exec nice -n 19 "$@"; else exec "$@"; fi
