#!/usr/bin/env bash
# mpi_cli.sh — ariadne-mpi's command line under mpirun with 1, 2 and 4
# processes: bad input fails with exit 2 and one line on stderr (from rank 0
# alone, not one per process) and no result; the options are the library's
# one parser's (the same words as `ariadne`); help prints the usage.
. "$(dirname "$0")/lib_mpi.sh" "$@"

mrun 2 help
expect_rc 0 "help"
grep -q "Usage: mpirun -np N ariadne-mpi solve" "$tmp/out" && ok || bad "help: no usage"
for np in 1 2 4; do
    mrun "$np" frobnicate tiles
    expect_rc 2 "unknown verb np $np"
    one_error "unknown verb" "unknown verb np $np"
    mrun "$np" solve tiles "8 6 7 2 5 4 3 0 1" --frobnicate
    expect_rc 2 "unknown option np $np"
    one_error "frobnicate" "unknown option np $np"
    mrun "$np" solve tiles "1 2 3"
    expect_rc 2 "bad board np $np"
    one_error "square board" "bad board np $np"
done
mrun 2 solve nosuchdomain
expect_rc 2 "unknown domain"
one_error "unknown domain" "unknown domain"
mrun 2 solve
expect_rc 2 "no domain"
one_error "which domain" "no domain"
mrun 2 solve tiles "8 6 7 2 5 4 3 0 1" --algo ida --hash-group 4
expect_rc 2 "hash-group with ida"
one_error "applies to --algo hda only" "hash-group with ida"
mrun 2 solve tiles "8 6 7 2 5 4 3 0 1" --algo bfs
expect_rc 2 "unknown algorithm"
one_error "algo" "unknown algorithm"
mrun 2 bfs hanoi --discs 5 --algo ida
expect_rc 2 "algo on bfs"
one_error "does not apply" "algo on bfs"
mrun 2 solve tiles "8 6 7 2 5 4 3 0 1" --no-symmetry
expect_rc 2 "no-symmetry on solve"
one_error "does not apply" "no-symmetry on solve"
mrun 2 solve tiles "8 6 7 2 5 4 3 0 1" --time-limit -1
expect_rc 2 "negative time limit"
one_error "time-limit" "negative time limit"
mrun 2 solve tiles "8 6 7 2 5 4 3 0 1" --heuristic nosuch
expect_rc 2 "unknown heuristic"
one_error "unknown heuristic" "unknown heuristic"
mrun 2 solve tiles "8 6 7 2 5 4 3 0 1" --algo ida --heuristic nosuch
expect_rc 2 "unknown heuristic (ida)"
one_error "unknown heuristic" "unknown heuristic (ida)"
mrun 2 solve hanoi --discs 5 -f /nonexistent/file
expect_rc 2 "missing file"
one_error "cannot open" "missing file"
# --quiet: nothing on stderr for a good run; the result on stdout
mrun 2 solve tiles "8 6 7 2 5 4 3 0 1" --quiet
expect_rc 0 "quiet"
[ ! -s "$tmp/err" ] && ok || bad "quiet: stderr not empty"
grep -q "length:      27 moves" "$tmp/out" && ok || bad "quiet: no result"
finish
