# playground.cmake — assembles the WebAssembly playground into one HTML file
# (web/playground/playground.html with its markers replaced): the pages'
# style and drawing (web/page.css, web/page.js), the playground's own
# (playground.css, playground.js), and the worker's script — emscripten's
# module (ENGINE, the .wasm inside as base64) followed by worker.js — kept as
# inert text that the page starts as a Web Worker from a Blob, so nothing is
# fetched and the file works from a file:// URL. Run by wasm/CMakeLists.txt:
#   cmake -DSRC=<source dir> -DENGINE=<ariadne.js> -DOUT=<playground.html> -P cmake/playground.cmake
file(READ ${SRC}/web/playground/playground.html page)
foreach(part PAGE_CSS:page.css PAGE_JS:page.js PLAYGROUND_CSS:playground/playground.css
             PLAYGROUND_JS:playground/playground.js)
  string(REPLACE ":" ";" kv ${part})
  list(GET kv 0 marker)
  list(GET kv 1 file)
  file(READ ${SRC}/web/${file} text)
  string(REPLACE "@${marker}@" "${text}" page "${page}")
endforeach()
file(READ ${ENGINE} engine)
file(READ ${SRC}/web/playground/worker.js worker)
string(FIND "${engine}${worker}" "</script" bad)
if(NOT bad EQUAL -1)
  message(FATAL_ERROR "the worker's script holds '</script': it cannot be carried inside the page")
endif()
string(REPLACE "@WORKER_JS@" "${engine}\n${worker}" page "${page}")
file(WRITE ${OUT} "${page}")
