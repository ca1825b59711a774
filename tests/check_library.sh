#!/usr/bin/env bash
# check_library.sh — the library as a C programmer meets it: install the build
# into a temporary prefix, compile examples/solve.c (docs/library.md) against
# the installed headers and library through pkg-config, shared and static,
# and run both; the example checks its own answers and exits 0 only when they
# are right. Usage: bash check_library.sh SOURCE_DIR BUILD_DIR
set -u
src=${1:?usage: check_library.sh SOURCE_DIR BUILD_DIR}
build=${2:?usage: check_library.sh SOURCE_DIR BUILD_DIR}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
# pkg-config is optional on a development machine (CI installs it): skipped
# without it, which CTest reports as skipped (exit 77).
command -v pkg-config >/dev/null || { echo "check_library: skipped, no pkg-config (apt-get install pkg-config)"; exit 77; }
cc=${CC:-cc}

if cmake --install "$build" --prefix "$tmp/prefix" >"$tmp/install.log" 2>&1; then ok; else bad "cmake --install failed: $(tail -3 "$tmp/install.log")"; fi
pc=$(dirname "$(find "$tmp/prefix" -name ariadne.pc | head -1)")
[ -n "$pc" ] && [ -f "$tmp/prefix/include/ariadne/ariadne.h" ] && ok || bad "ariadne.pc or ariadne/ariadne.h not installed"
export PKG_CONFIG_PATH=$pc
libdir=$(pkg-config --variable=libdir ariadne)

# shared
if $cc -std=c11 -Wall -Wextra -Wpedantic -Werror "$src/examples/solve.c" $(pkg-config --cflags --libs ariadne) \
    -o "$tmp/solve-shared" 2>"$tmp/cc.log"; then ok; else bad "compile (shared): $(cat "$tmp/cc.log")"; fi
if LD_LIBRARY_PATH=$libdir "$tmp/solve-shared" >"$tmp/out" 2>&1; then ok; else bad "run (shared): $(cat "$tmp/out")"; fi
grep -q "^verified: F2 P2-1 E1 P2-1 F2 P2-1" "$tmp/out" && ok || bad "shared run output: $(cat "$tmp/out")"

# static
if $cc -std=c11 -Wall -Wextra -Wpedantic -Werror "$src/examples/solve.c" $(pkg-config --cflags ariadne) \
    "$libdir/libariadne.a" $(pkg-config --libs-only-other --static ariadne) -lpthread -lm \
    -o "$tmp/solve-static" 2>"$tmp/cc.log"; then ok; else bad "compile (static): $(cat "$tmp/cc.log")"; fi
if "$tmp/solve-static" >"$tmp/out" 2>&1; then ok; else bad "run (static): $(cat "$tmp/out")"; fi
grep -q "^hanoi: 1048575 moves streamed (optimal)" "$tmp/out" && ok || bad "static run output: $(cat "$tmp/out")"

# a game, a bot and a match (examples/game.c), shared and static
if $cc -std=c11 -Wall -Wextra -Wpedantic -Werror "$src/examples/game.c" $(pkg-config --cflags --libs ariadne) \
    -o "$tmp/game-shared" 2>"$tmp/cc.log"; then ok; else bad "compile game.c (shared): $(cat "$tmp/cc.log")"; fi
if LD_LIBRARY_PATH=$libdir "$tmp/game-shared" >"$tmp/out" 2>&1; then ok; else bad "run game.c (shared): $(cat "$tmp/out")"; fi
if $cc -std=c11 -Wall -Wextra -Wpedantic -Werror "$src/examples/game.c" $(pkg-config --cflags ariadne) \
    "$libdir/libariadne.a" -lpthread -lm -o "$tmp/game-static" 2>"$tmp/cc.log"; then ok; else bad "compile game.c (static): $(cat "$tmp/cc.log")"; fi
if "$tmp/game-static" >"$tmp/out" 2>&1; then ok; else bad "run game.c (static): $(cat "$tmp/out")"; fi

# find_package(ariadne) from a CMake project
mkdir -p "$tmp/cmakeproj"
cat >"$tmp/cmakeproj/CMakeLists.txt" <<EOC
cmake_minimum_required(VERSION 3.20)
project(uses_ariadne C)
find_package(ariadne 0.1 REQUIRED)
add_executable(game $src/examples/game.c)
target_link_libraries(game PRIVATE ariadne::ariadne_static)
add_executable(solve $src/examples/solve.c)
target_link_libraries(solve PRIVATE ariadne::ariadne)
EOC
if cmake -S "$tmp/cmakeproj" -B "$tmp/cmakeproj/build" -DCMAKE_PREFIX_PATH="$tmp/prefix" >"$tmp/cm.log" 2>&1 &&
    cmake --build "$tmp/cmakeproj/build" >>"$tmp/cm.log" 2>&1; then ok; else bad "find_package(ariadne): $(tail -5 "$tmp/cm.log")"; fi
if "$tmp/cmakeproj/build/game" >"$tmp/out" 2>&1; then ok; else bad "run the find_package build of game.c: $(cat "$tmp/out")"; fi
if LD_LIBRARY_PATH=$libdir "$tmp/cmakeproj/build/solve" >"$tmp/out" 2>&1; then ok; else bad "run the find_package build of solve.c: $(cat "$tmp/out")"; fi

# the manual page and the shell completions are installed
[ -s "$tmp/prefix/share/man/man1/ariadne.1" ] && ok || bad "share/man/man1/ariadne.1 not installed"
[ -s "$tmp/prefix/share/bash-completion/completions/ariadne" ] && ok || bad "bash completion not installed"
[ -s "$tmp/prefix/share/zsh/site-functions/_ariadne" ] && ok || bad "zsh completion not installed"

# the data the benchmarks read is installed beside the command
[ -f "$tmp/prefix/share/ariadne/data/tiles/korf100.txt" ] && ok || bad "data/ not installed"

echo "check_library: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
