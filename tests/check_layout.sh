#!/usr/bin/env bash
# check_layout.sh — the rules that keep the tree readable (docs/architecture.md):
#   1. every folder under src/puzzles, src/games and src/reductions is
#      registered by one line of its list file, and every line names a folder's
#      descriptor;
#   2. nothing in src/core, src/search, src/local, src/gamesearch, src/csp,
#      src/cards, src/andor, src/plan, src/page, src/cli, the public headers,
#      the Python bindings (python/src, python/ariadne) or the code of
#      ariadne-mpi (mpi/) or the WebAssembly playground (wasm/, web/playground/)
#      names a registered puzzle, game or AND-OR domain
#      (code, help texts, comments; a header's or a data file's path aside);
#   3. no source file is longer than 800 lines;
#   4. no two files of the library call each other in a loop (tools/cycles.py
#      over the built objects), when python3 and objdump are there.
# Usage: bash check_layout.sh SOURCE_DIR [BUILD_DIR]
set -u
src=${1:?usage: check_layout.sh SOURCE_DIR [BUILD_DIR]}
build=${2:-}
cd "$src" || exit 2
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# 1. one folder, one line
for kind in puzzles games reductions; do
    list=src/$kind/$kind.def
    for dir in src/$kind/*/; do
        name=$(basename "$dir")
        n=$(grep -c "^AR_[A-Z]*(ar_[a-z]*_$name)" "$list")
        [ "$n" -eq 1 ] && ok || bad "$dir is listed $n times in $list (want 1)"
    done
    for sym in $(sed -n 's/^AR_[A-Z]*(\(ar_[a-z_]*\))$/\1/p' "$list"); do
        grep -rqs "^const ar_[a-z_]* $sym = {" src/$kind/*/ && ok || bad "$list names $sym, which no folder defines"
    done
done

# 2. the generic layers name no domain (a path is not a mention: a public header's own path,
#    ariadne/NAME.h, as the constraint family's header shares its name with the domain that reads
#    models, and a file under data/ that a generic verb's example reads)
names=$(find src/puzzles src/games src/reductions -mindepth 1 -maxdepth 1 -type d -printf '%f\n' | sort -u | paste -sd'|')
generic=$(ls -d src/core src/search src/local src/gamesearch src/csp src/cards src/andor src/plan src/page src/cli include/ariadne mpi/*.c mpi/*.h wasm/*.c web/playground/*.js 2>/dev/null)
hits=$(grep -rn -i -E "\b($names)\b" $generic | sed -E 's#ariadne/[a-z0-9_]+\.h|data/[A-Za-z0-9_./-]+##g' | grep -i -E ":.*\b($names)\b")
[ -z "$hits" ] && ok || bad "a generic layer names a domain:
$hits"
# the Python bindings reach every domain through the registries too
hits=$(grep -rn -i -E "\b($names)\b" python/src python/ariadne)
[ -z "$hits" ] && ok || bad "the Python bindings name a domain:
$hits"

# 3. file sizes
while read -r lines file; do
    [ "$file" = total ] && continue
    [ "$lines" -le 800 ] && ok || bad "$file has $lines lines (at most 800)"
done < <(find src include tests fuzz python/src mpi wasm -name '*.c' -o -name '*.h' | xargs wc -l)

# 4. no call loops between the library's files
if [ -n "$build" ] && command -v python3 >/dev/null && command -v objdump >/dev/null; then
    out=$(python3 tools/cycles.py "$build") && ok || bad "files call each other in a loop:
$out"
else
    echo "check_layout: call loops not checked (needs a build directory, python3 and objdump)"
fi

# 5. every symbol the libraries export starts with ar_ (both libraries: the
# static one hides nothing, and the shared one exports what the static has;
# a sanitized build adds the sanitizers' own markers of ar_ symbols)
if [ -n "$build" ] && command -v nm >/dev/null; then
    for lib in "$build/libariadne.a" "$build/libariadne.so"; do
        [ -e "$lib" ] || continue
        case $lib in
        *.a) syms=$(nm -g --defined-only "$lib" 2>/dev/null | awk 'NF == 3 { print $3 }') ;;
        *) syms=$(nm -D --defined-only "$lib" 2>/dev/null | awk 'NF == 3 { print $3 }') ;;
        esac
        [ -n "$syms" ] && ok || bad "$lib: no exported symbols read"
        others=$(printf '%s\n' "$syms" | grep -v -E '^(ar_|_init$|_fini$|_edata$|_end$|__bss_start$|__odr_asan[.]ar_|__asan|__ubsan|__sancov)' | sort -u | head -20)
        [ -z "$others" ] && ok || bad "$(basename "$lib") exports symbols without ar_: $(echo $others)"
    done
else
    echo "check_layout: exported symbols not checked (needs a build directory and nm)"
fi

echo "check_layout: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
