#!/bin/bash
# cli_tiles.sh — command-line tests of the tiles and loyd domains and of
# `ariadne pdb`: exit codes, error messages, solutions replayed by
# `ariadne verify`, and the pdb verbs on small databases in a temporary
# --pdb-dir. Usage: bash cli_tiles.sh ARIADNE_BINARY DATA_DIR
set -u
A=$1
DATA=${2:?usage: $0 ARIADNE DATA_DIR}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export XDG_CACHE_HOME=$T/cache   # never touch the user's cache
fail=0
n=0

check() { # check NAME EXPECTED-EXIT COMMAND... ; output in $T/out, $T/err
    local name=$1 want=$2
    shift 2
    n=$((n + 1))
    "$@" >"$T/out" 2>"$T/err"
    local rc=$?
    if [ "$rc" != "$want" ]; then
        echo "FAIL $name: exit $rc, expected $want"; sed 's/^/  out: /' "$T/out" | head -5
        sed 's/^/  err: /' "$T/err" | head -5; fail=$((fail + 1))
    fi
}
contains() { # contains NAME FILE TEXT
    n=$((n + 1))
    if ! grep -qF -- "$3" "$2"; then
        echo "FAIL $1: '$3' not in $2:"; sed 's/^/  /' "$2" | head -5; fail=$((fail + 1))
    fi
}
solve_verify() { # solve_verify NAME DOMAIN INSTANCE [options]: solve, then verify the printed moves
    local name=$1 dom=$2 inst=$3
    shift 3
    check "$name solve" 0 "$A" solve "$dom" "$inst" --quiet --json "$@"
    local mv len
    mv=$(grep -o '"moves":"[^"]*"' "$T/out" | sed 's/"moves":"//; s/"$//')
    len=$(grep -o '"length":[0-9]*' "$T/out" | sed 's/"length"://')
    # verify takes the domain's options, not the search's (those are refused there)
    local keep=() skip=0 o
    for o in "$@"; do
        if [ $skip = 1 ]; then skip=0; continue; fi
        case $o in --algo|--heuristic|--time-limit|--node-limit|--weight) skip=1 ;; *) keep+=("$o") ;; esac
    done
    check "$name verify" 0 "$A" verify "$dom" "$inst" "$mv" "${keep[@]}"
    contains "$name verify" "$T/out" "solved in $len moves"
}

# --- tiles: solving and verifying ---
solve_verify "8-puzzle" tiles '8 6 7 2 5 4 3 0 1'
contains "8-puzzle optimal" "$T/out" "solved in 27 moves"
check "8-puzzle text" 0 "$A" solve tiles '8 6 7 2 5 4 3 0 1' --quiet
contains "8-puzzle text optimal" "$T/out" "optimal:     yes (proven)"
solve_verify "korf 79 (linear)" tiles '0 1 9 7 11 13 5 3 14 12 4 2 8 6 10 15' --heuristic linear --algo ida
check "korf 79 length" 0 "$A" solve tiles '0 1 9 7 11 13 5 3 14 12 4 2 8 6 10 15' --quiet --pattern 5-5-5 --json
contains "korf 79 json" "$T/out" '"length":42'
contains "korf 79 json optimal" "$T/out" '"optimal":true'
solve_verify "2x4 goal last" tiles '7 6 5 0 3 2 4 1' --size 2x4 --goal last
solve_verify "wida" tiles '14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3' --algo wida --heuristic linear
solve_verify "anytime" tiles '0 1 9 7 11 13 5 3 14 12 4 2 8 6 10 15' --algo anytime --pattern 5-5-5
check "unsolvable" 1 "$A" solve tiles '0 2 1 3 4 5 6 7 8' --quiet
contains "unsolvable message" "$T/out" "parity"
check "solved start" 0 "$A" solve tiles '0 1 2 3 4 5 6 7 8' --quiet
contains "solved start" "$T/out" "length:      0 moves"

# --- tiles: bad input ---
check "duplicate" 2 "$A" solve tiles '1 2 3 4 5 6 7 8 8'
contains "duplicate message" "$T/err" "tile 8 appears twice"
check "missing" 2 "$A" solve tiles '0 1 2 3 4 5 6 7 9'
contains "out of range message" "$T/err" "tile 9 is out of range"
check "count" 2 "$A" solve tiles '1 2 3 4 5 6 7 8'
contains "count message" "$T/err" "do not make a square board"
check "size mismatch" 2 "$A" solve tiles '1 2 3 0' --size 2x3
contains "size message" "$T/err" "a 2x3 board has 6 cells"
check "bad size" 2 "$A" solve tiles '1 2 3 0' --size 9x9
check "bad move" 2 "$A" verify tiles '0 1 2 3 4 5 6 7 8' 'RX'
contains "bad move message" "$T/err" "move 2 ('X')"
check "illegal move" 2 "$A" verify tiles '0 1 2 3 4 5 6 7 8' 'U'
contains "illegal move message" "$T/err" "top row"
check "not solved" 1 "$A" verify tiles '0 1 2 3 4 5 6 7 8' 'RDLU'
check "unknown heuristic" 2 "$A" solve tiles '1 0 2 3 4 5 6 7 8' --algo ida --heuristic nope
check "no preset" 2 "$A" solve tiles '1 0 2 3 4 5 6 7 8' --pattern 7-8
contains "no preset message" "$T/err" "no preset partition '7-8' for a 3x3 board"

# --- loyd ---
solve_verify "loyd shifted" loyd '+ABCD GHIJE FKLMN QRSTO PUVWX'
contains "loyd shifted 24" "$T/out" "solved in 24 moves"
solve_verify "loyd fiendish" loyd 'FBCDE KAGHJ PLMIO UQRNT VWXS+'
len=$(sed -n 's/^solved in \([0-9]*\) moves/\1/p' "$T/out")
n=$((n + 1)); if [ -z "$len" ] || [ "$len" -gt 28 ]; then echo "FAIL loyd fiendish: $len > 28"; fail=$((fail + 1)); fi
check "loyd contest solution" 0 "$A" verify loyd 'FBCDE KAGHJ PLMIO UQRNT VWXS+' ddddrrrulluuurrrddddlllluuuu
contains "loyd contest 28" "$T/out" "solved in 28 moves"
solve_verify "loyd rotated (1 s)" loyd '+XWVU TSRQP ONMLK JIHGF EDCBA' --time-limit 1 --heuristic transport
check "loyd rotated bound" 0 "$A" solve loyd '+XWVU TSRQP ONMLK JIHGF EDCBA' --time-limit 1 --heuristic transport --quiet
contains "loyd rotated lower bound" "$T/out" "lower bound:"
contains "loyd rotated labelled" "$T/out" "not proven optimal"
check "loyd bad group" 2 "$A" solve loyd 'ABCDE FGHIJ KLMNO PQRST UVWX'
contains "loyd bad group message" "$T/err" "group 5 'UVWX' has 4 characters"
check "loyd duplicate" 2 "$A" solve loyd 'ABCDE FGHIJ KLMNO PQRST UVWXA'
contains "loyd duplicate message" "$T/err" "'A' appears twice"
check "loyd bad transport" 2 "$A" verify loyd 'ABCDE FGHIJ KL+NO PQRST UVWXM' t
contains "loyd transport message" "$T/err" "centre"

# --- pdb verbs in a temporary directory ---
D=$T/pdb
check "pdb build" 0 "$A" pdb build tiles --size 3x3 --pattern 4-4 --pdb-dir "$D" --quiet
contains "pdb build output" "$T/out" "built $D/tiles-3x3-1.2.3.4-4b.pdb"
check "pdb info" 0 "$A" pdb info tiles --size 3x3 --pattern 4-4 --pdb-dir "$D"
contains "pdb info pattern" "$T/out" "pattern:      1,2,3,4"
contains "pdb info entries" "$T/out" "entries:      3024 of 4 bits"
check "pdb verify" 0 "$A" pdb verify tiles --size 3x3 --pattern 4-4 --pdb-dir "$D"
contains "pdb verify ok" "$T/out" ": ok (header, checksum"
check "pdb info file" 0 "$A" pdb info "$D/tiles-3x3-1.2.3.4-4b.pdb"
check "pdb solve with it" 0 "$A" solve tiles '8 6 7 2 5 4 3 0 1' --algo ida --heuristic pdb --pattern 4-4 --pdb-dir "$D" --quiet
contains "pdb solve" "$T/out" "length:      27 moves"
printf 'x' | dd of="$D/tiles-3x3-1.2.3.4-4b.pdb" bs=1 seek=4200 conv=notrunc 2>/dev/null
check "pdb verify damaged" 1 "$A" pdb verify tiles --size 3x3 --pattern 4-4 --pdb-dir "$D"
contains "pdb damaged message" "$T/out" "checksum mismatch"
check "pdb solve damaged" 2 "$A" solve tiles '8 6 7 2 5 4 3 0 1' --algo ida --heuristic pdb --pattern 4-4 --pdb-dir "$D"
check "pdb memory refusal" 3 "$A" pdb build tiles --size 4x4 --pattern 7-8 --pdb-dir "$D" --memory-limit 20M --quiet
contains "pdb refusal message" "$T/err" "try a smaller pattern"
check "pdb loyd small" 0 "$A" pdb build loyd --pattern ABC/DEF --pdb-dir "$D" --quiet
check "pdb loyd verify" 0 "$A" pdb verify loyd --pattern ABC/DEF --pdb-dir "$D"
check "pdb bad verb" 2 "$A" pdb frobnicate tiles
check "pdb not a file" 2 "$A" pdb info "$T/nothing.pdb"
check "pdb no domain pdbs" 2 "$A" pdb build jugs '3,5 -> 4'

# --- bench suites run (quick) ---
check "bench korf100 quick" 0 env ARIADNE_DATA="$DATA" XDG_CACHE_HOME="$T/cache" "$A" bench korf100 --quick
contains "bench korf100 lengths" "$T/out" "all lengths equal to the published ones: yes"

echo "cli_tiles: $((n - fail)) of $n checks passed"
[ "$fail" = 0 ]
