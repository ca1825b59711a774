# sources.cmake — the library's source files, one list for both builds that
# compile it: the native one (CMakeLists.txt) and the WebAssembly playground
# (wasm/CMakeLists.txt). Set AR_ROOT to the source tree before including.
# The layers, then every puzzle and game folder (one folder each, listed in
# src/puzzles/puzzles.def and src/games/games.def).
file(GLOB AR_LIB_SOURCES CONFIGURE_DEPENDS
     ${AR_ROOT}/src/core/*.c
     ${AR_ROOT}/src/search/*.c
     ${AR_ROOT}/src/andor/*.c
     ${AR_ROOT}/src/plan/*.c
     ${AR_ROOT}/src/reductions/*.c
     ${AR_ROOT}/src/reductions/*/*.c
     ${AR_ROOT}/src/gamesearch/*.c
     ${AR_ROOT}/src/csp/*.c
     ${AR_ROOT}/src/cards/*.c
     ${AR_ROOT}/src/local/*.c
     ${AR_ROOT}/src/page/*.c
     ${AR_ROOT}/src/puzzles/*.c
     ${AR_ROOT}/src/puzzles/*/*.c
     ${AR_ROOT}/src/games/*.c
     ${AR_ROOT}/src/games/*/*.c)
# The browser pages' template, style and script (web/), carried in the library
# (ar_page_asset, page.h) through a generated C file (cmake/embed.cmake).
set(AR_WEB_ASSETS ${AR_ROOT}/web/page.html ${AR_ROOT}/web/page.css ${AR_ROOT}/web/page.js)
