/* web/playground/worker.js — the playground's Web Worker: it follows
 * emscripten's module (createAriadne, from wasm/CMakeLists.txt) in the one
 * script the page starts from a Blob, instantiates it, and answers the
 * page's calls of the C interface (wasm/playground.c), each a message
 * {id, fn, args} answered by {id, text} (the function's JSON). A long search
 * blocks only this worker; the page's Stop button terminates it. */
"use strict";
(function () {
  var SIGNATURES = {
    catalog: [], open: ["string", "string", "string", "string"], state: [], play: ["string"], chance: [],
    viewer: ["number"], undo: [], solve: ["string", "number", "number", "number"], bot: ["string", "number", "number"], analyse: ["number"]
  };
  var engine = createAriadne().then(function (M) {
    self.postMessage({ ready: true });
    return M;
  }, function (e) {
    self.postMessage({ failed: String(e) });
  });
  self.onmessage = function (e) {
    var q = e.data;
    engine.then(function (M) {
      var text;
      try {
        if (!SIGNATURES[q.fn]) throw new Error("no function " + q.fn);
        text = M.ccall("pg_" + q.fn, "string", SIGNATURES[q.fn], q.args || []);
      } catch (err) {
        text = JSON.stringify({ error: "the engine failed: " + err });
      }
      self.postMessage({ id: q.id, text: text });
    });
  };
})();
