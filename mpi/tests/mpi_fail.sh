#!/usr/bin/env bash
# mpi_fail.sh — a process that dies (killed with SIGKILL) in the middle of
# HDA*, parallel IDA* or the distributed BFS (on Korf's 15-puzzle no. 17 and
# 16-disc Hanoi: long runs) makes the whole run stop within
# seconds with a clear message and a status other than 0, never hang; no
# process of the run is left behind. The ranks are mpirun's children.
. "$(dirname "$0")/lib_mpi.sh" "$@"

runs=(
    "solve|tiles|15 14 0 4 11 1 6 13 7 5 8 9 3 2 10 12|--heuristic|manhattan|--memory-limit|1G"
    "solve|tiles|15 14 0 4 11 1 6 13 7 5 8 9 3 2 10 12|--algo|ida|--heuristic|manhattan"
    "bfs|hanoi|--pegs|4|--discs|16"
)
kill_one() { # NP WHICH(index of the child to kill) ARGS...
    local np=$1 which=$2 mp kids t=0 victim
    shift 2
    "$MPIRUN" --oversubscribe -np "$np" "$AMPI" "$@" --time-limit 120 >"$tmp/out" 2>"$tmp/err" &
    mp=$!
    # wait until every rank runs, then a little more: the search is under way
    while [ "$(pgrep -P "$mp" | wc -l)" -lt "$np" ] && [ $t -lt 200 ]; do sleep 0.1; t=$((t + 1)); done
    sleep 1.5
    kids=$(pgrep -P "$mp")
    victim=$(echo "$kids" | sed -n "$((which + 1))p")
    if [ -z "$victim" ]; then
        bad "np $np: no process to kill ($*)"
        kill "$mp" 2>/dev/null
        wait "$mp"
        return
    fi
    kill -9 "$victim"
    t=0
    while kill -0 "$mp" 2>/dev/null && [ $t -lt 300 ]; do sleep 0.1; t=$((t + 1)); done
    if kill -0 "$mp" 2>/dev/null; then
        bad "np $np: the run did not stop within 30 s of a killed process ($*)"
        kill -9 $kids "$mp" 2>/dev/null
        wait "$mp"
        return
    fi
    ok
    wait "$mp"
    rc=$?
    [ "$rc" -ne 0 ] && ok || bad "np $np: exit 0 after a process was killed ($*)"
    grep -q "exited on signal 9" "$tmp/err" && ok || { bad "np $np: no message naming the killed process ($*)"; head -20 "$tmp/err" >&2; }
    sleep 0.5
    for k in $kids; do # gone, or a zombie nobody has reaped yet (its parent, mpirun, has exited)
        case "$(ps -o stat= -p "$k" 2>/dev/null)" in
        "" | Z*) ok ;;
        *) bad "np $np: process $k left running"; kill -9 "$k" ;;
        esac
    done
}
for r in "${runs[@]}"; do
    IFS='|' read -r -a args <<<"$r"
    kill_one 2 1 "${args[@]}"
    kill_one 4 2 "${args[@]}"
done
# rank 0 itself, in parallel IDA*
IFS='|' read -r -a args <<<"${runs[1]}"
kill_one 2 0 "${args[@]}"
finish
