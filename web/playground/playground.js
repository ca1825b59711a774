/* web/playground/playground.js — the WebAssembly playground's page: pick any
 * registered puzzle or game (the list is the engine's own registries), play
 * it by clicking a legal move or typing one, ask for a hint or a solution
 * computed in the browser with a time limit and a Stop button, watch the
 * search (the same page `ariadne solve --html --visualise` writes, in a
 * frame), and play against the registry's bots.
 *
 * The engine (wasm/playground.c compiled by emscripten) runs in a Web Worker
 * started from the script the page carries, so a long search never freezes
 * the page; Stop terminates the worker and starts a fresh one, which is
 * brought back to the same position by replaying the moves. The board is
 * drawn by AR.drawScene (web/page.js), as on every page. State the browser
 * test reads: body[data-ready] (ms from navigation to a usable page),
 * body[data-busy], #status, #answer[data-moves], #board-text. */
"use strict";
(function () {
  var AR = window.AR;
  function el(id) { return document.getElementById(id); }
  var source = el("worker-src").textContent, workerUrl = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  var worker = null, pending = {}, nextId = 1, readyWaiters = [];
  var catalog = null, session = null, state = null, busy = false, lastSolution = null;

  /* ------------------------------------------------------------- engine */
  function startWorker() {
    var w = new Worker(workerUrl), ready = false;
    w.onmessage = function (e) {
      var m = e.data;
      if (m.ready) { ready = true; readyWaiters.splice(0).forEach(function (f) { f(); }); return; }
      if (m.failed) { el("boot").textContent = "the engine could not start: " + m.failed; return; }
      var p = pending[m.id];
      delete pending[m.id];
      if (p) p(JSON.parse(m.text));
    };
    w.onerror = function (e) { el("boot").textContent = "the engine failed: " + (e.message || e); };
    worker = w;
    return new Promise(function (resolve) { if (ready) resolve(); else readyWaiters.push(resolve); });
  }
  function call(fn) {
    var args = Array.prototype.slice.call(arguments, 1), id = nextId++;
    return new Promise(function (resolve) { pending[id] = resolve; worker.postMessage({ id: id, fn: fn, args: args }); });
  }
  /* Stop: the worker is thrown away with its search; a new one replays the
     session's moves to the same position. */
  function stop() {
    worker.terminate();
    pending = {};
    setBusy(false, "");
    var started = startWorker();
    return started.then(function () { return session ? reopen() : null; }).then(function () {
      el("answer").textContent = "Stopped.";
      el("answer").setAttribute("data-outcome", "stopped by you");
    });
  }
  function reopen() {
    var moves = state ? state.history.slice() : [];
    return call("open", session.kind, session.name, session.options, session.start).then(function chain(r) {
      if (r.error || !moves.length) return show(r);
      return call("play", moves.shift()).then(chain);
    }).then(function () { return view(); });
  }

  function setBusy(on, what) {
    busy = on;
    document.body.setAttribute("data-busy", on ? "1" : "0");
    el("busy").textContent = on ? what : "";
    el("stop").disabled = !on;
    ["open", "play-move", "undo", "restart", "hint", "solve", "bot-move", "game-hint", "analyse", "play-solution"].forEach(function (id) { el(id).disabled = on; });
    Array.prototype.forEach.call(document.querySelectorAll("#legal button"), function (b) { b.disabled = on; });
  }
  function work(what, promise) {
    setBusy(true, what);
    return promise.then(function (r) { setBusy(false, ""); return r; });
  }

  /* ---------------------------------------------------------- chooser */
  function fillChooser() {
    var sel = el("domain");
    [["Puzzles", catalog.puzzles, "puzzle"], ["Games", catalog.games, "game"]].forEach(function (g) {
      var group = document.createElement("optgroup");
      group.label = g[0] + " (" + g[1].length + ")";
      g[1].forEach(function (d) {
        var o = document.createElement("option");
        o.value = g[2] + ":" + d.name;
        o.textContent = d.name + " \u2014 " + d.summary;
        group.appendChild(o);
      });
      sel.appendChild(group);
    });
    sel.addEventListener("change", chose);
    el("example").addEventListener("change", function () {
      var d = current(), ex = d.entry.examples ? d.entry.examples[Number(el("example").value)] : null;
      if (!ex) return;
      el("options").value = ex.options || "";
      el("instance").value = ex.instance || "";
    });
    chose();
  }
  function current() {
    var v = el("domain").value.split(":"), list = v[0] === "puzzle" ? catalog.puzzles : catalog.games;
    return { kind: v[0], entry: list.filter(function (d) { return d.name === v[1]; })[0] };
  }
  function chose() {
    var d = current(), ex = el("example");
    el("domain-summary").textContent = d.entry.summary;
    el("help").textContent = d.entry.help + (d.entry.options.length ? "\n\nOptions:\n" + d.entry.options.map(function (o) {
      return "  " + o.name + (o.metavar ? "=" + o.metavar : "") + "  " + (o.help || "");
    }).join("\n") : "");
    ex.innerHTML = "";
    var examples = d.kind === "puzzle" ? d.entry.examples : d.entry.variants.map(function (v) { return { options: v, note: v }; });
    examples.forEach(function (e, k) {
      var o = document.createElement("option");
      o.value = String(k);
      o.textContent = (e.options ? e.options + ": " : "") + e.note;
      ex.appendChild(o);
    });
    el("example-box").hidden = !examples.length;
    el("options").value = d.kind === "puzzle" && examples.length ? examples[0].options || "" : "";
    el("instance").value = d.kind === "puzzle" && examples.length ? examples[0].instance || "" : "";
  }

  function open() {
    var d = current();
    session = { kind: d.kind, name: d.entry.name, options: el("options").value.trim(), start: el("instance").value, entry: d.entry };
    lastSolution = null;
    el("answer").textContent = "";
    el("answer").removeAttribute("data-moves");
    el("answer").removeAttribute("data-outcome");
    el("solution-tools").hidden = true;
    el("search-view").hidden = true;
    return work("opening\u2026", call("open", session.kind, session.name, session.options, session.start)).then(function (r) {
      if (r.error) { el("boot").textContent = r.error; session = null; el("play").hidden = true; return; }
      el("boot").textContent = "";
      el("play").hidden = false;
      el("puzzle-tools").hidden = d.kind !== "puzzle";
      el("game-tools").hidden = d.kind !== "game";
      if (d.kind === "puzzle") fillAlgorithms(d.entry, r.default_algo);
      else fillSides(d.entry, r);
      show(r);
      return view().then(autoplay);
    });
  }

  function fillAlgorithms(entry, dflt) {
    var sel = el("algo");
    sel.innerHTML = "";
    var names = [""].concat(entry.solvers, catalog.algorithms.map(function (a) { return a.name; }));
    names.forEach(function (n) {
      if (n && names.indexOf(n) !== names.lastIndexOf(n) && entry.solvers.indexOf(n) < 0) return;
      var o = document.createElement("option");
      o.value = n;
      var a = catalog.algorithms.filter(function (x) { return x.name === n; })[0];
      o.textContent = n ? n + (a ? " \u2014 " + a.summary : " (this puzzle's own)") : "default (" + dflt + ")";
      sel.appendChild(o);
    });
  }

  function fillSides(entry, r) {
    var box = el("sides");
    box.innerHTML = "";
    r.sides.forEach(function (name, p) {
      var label = document.createElement("label"), sel = document.createElement("select");
      sel.id = "side-" + p;
      sel.setAttribute("aria-label", "who plays " + name);
      var opts = [["person", "a person (you)"]].concat(entry.bots.map(function (b) { return [b.name, "bot: " + b.name + " \u2014 " + b.summary]; }));
      opts.forEach(function (o) {
        var op = document.createElement("option");
        op.value = o[0];
        op.textContent = o[1];
        sel.appendChild(op);
      });
      /* a person against the game's default bot: the second side (and any further) */
      sel.value = p === 0 ? "person" : entry.default_bot.split(":")[0];
      if (sel.value === "") sel.value = "person";
      sel.addEventListener("change", function () { view().then(autoplay); });
      label.appendChild(document.createTextNode(name + " "));
      label.appendChild(sel);
      box.appendChild(label);
    });
  }

  /* ------------------------------------------------------------ showing */
  function boxWidth() { return Math.max(220, Math.min(640, (window.innerWidth || 800) - 40)); }
  function show(r) {
    if (r.error) { el("status").textContent = r.error; el("status").className = "error"; return r; }
    state = r;
    el("title").textContent = r.name;
    el("subtitle").textContent = r.describe;
    layout = AR.drawScene(el("board"), r.scene, boxWidth(), Math.max(220, Math.min(520, (window.innerHeight || 700) - 260)));
    fromSquare = null;
    el("caption").textContent = r.scene.caption || "";
    el("board-text").textContent = r.scene.text !== undefined ? r.scene.text : r.drawing;
    document.body.setAttribute("data-cells", AR.cellsText(r.scene));
    var st = el("status"), done = r.kind === "puzzle" ? r.goal : r.over;
    st.className = done ? "over" : "";
    if (r.kind === "puzzle") st.textContent = r.goal ? "Solved in " + r.history.length + " moves." : r.history.length + " moves played.";
    else st.textContent = r.over ? "Game over: " + r.result : r.to_move >= 0 ? r.sides[r.to_move] + " to move" :
      r.to_move === -2 ? "chance to move" : "all sides move at once";
    document.body.setAttribute("data-done", done ? "1" : "0");
    document.body.setAttribute("data-result", r.kind === "game" ? r.result : r.goal ? "solved" : "");
    /* the legal moves, to click */
    var legal = el("legal");
    legal.innerHTML = "";
    var moves = r.legal || [], count = r.legal_count || 0, mine = -1;
    if (r.legal_by_player) {
      /* all sides at once: the one person's moves; the bots choose theirs when one is clicked */
      var people = r.sides.map(function (n, p) { return p; }).filter(function (p) { return sideOf(p) === "person"; });
      mine = people.length === 1 ? people[0] : -1;
      moves = mine >= 0 ? r.legal_by_player[mine].legal : [];
      count = mine >= 0 ? r.legal_by_player[mine].legal_count : 0;
    }
    moves.forEach(function (m) {
      var b = document.createElement("button");
      b.className = "mv";
      b.textContent = m;
      b.setAttribute("data-move", m);
      b.disabled = busy;
      b.addEventListener("click", function () { enter(m); });
      legal.appendChild(b);
    });
    simPerson = mine;
    el("legal-title").textContent = done ? "" : r.legal_by_player && mine < 0 ? "All sides move at once: type one move a side, separated by tabs (\"-\" for none), or let the bots move." :
      (mine >= 0 ? r.sides[mine] + ", all sides move at once: " : "") +
      count + " legal move" + (count === 1 ? "" : "s") + (count > moves.length ? " (the first " + moves.length + " shown; type any)" : "") + ":";
    var list = el("movelist");
    list.innerHTML = "";
    r.history.forEach(function (m, k) {
      var li = document.createElement("li"), num = document.createElement("span"), s = document.createElement("span");
      num.className = "num"; num.textContent = (k + 1) + ".";
      s.className = "mv"; s.textContent = m;
      li.appendChild(num); li.appendChild(s); list.appendChild(li);
    });
    list.scrollTop = list.scrollHeight;
    return r;
  }

  /* ------------------------------------------------------------ playing */
  /* A click on a board with named rows and columns: the square's name
     ("b2"); a legal move of that name is played, else the moves from that
     square are kept and a second click on their destination plays one
     ("e2" then "e4": e2e4, e2-e4). */
  var layout = null, fromSquare = null;
  function squareAt(e) {
    var sc = state && state.scene, L = layout;
    if (!sc || !L || !L.rl || !L.cl || !sc.rows) return null;
    var box = el("board").getBoundingClientRect();
    var c = Math.floor((e.clientX - box.left - L.left - 1) / L.cs), r = Math.floor((e.clientY - box.top - L.top - 1) / L.cs);
    if (r < 0 || c < 0 || r >= sc.rows || c >= sc.cols || !L.cl[c] || !L.rl[r]) return null;
    return L.cl[c] + L.rl[r];
  }
  function showOnly(moves) {
    Array.prototype.forEach.call(document.querySelectorAll("#legal button"), function (b) {
      b.classList.toggle("picked", moves.indexOf(b.getAttribute("data-move")) >= 0);
    });
  }
  el("board").addEventListener("click", function (e) {
    var sq = squareAt(e), legal = (state && (simPerson >= 0 ? state.legal_by_player[simPerson].legal : state.legal)) || [];
    if (!sq || busy) return;
    if (fromSquare) {
      var to = legal.filter(function (m) { return m === fromSquare + sq || m === fromSquare + "-" + sq || m.indexOf(fromSquare + sq) === 0 || m.indexOf(fromSquare + "-" + sq) === 0; });
      fromSquare = null;
      showOnly([]);
      if (to.length) { enter(to[0]); return; }
    }
    if (legal.indexOf(sq) >= 0) { enter(sq); return; }
    var from = legal.filter(function (m) { return m.indexOf(sq) === 0; });
    if (from.length) { fromSquare = sq; showOnly(from); el("legal-title").textContent = "from " + sq + ": click the destination, or a move"; }
  });

  function play(move) {
    if (busy || !move) return Promise.resolve();
    return work("", call("play", move)).then(function (r) {
      if (r.error) { el("status").textContent = r.error; el("status").className = "error"; return; }
      show(r);
      return autoplay();
    });
  }
  /* Hidden information: the one person's view (everything when no side or
     several sides are people). */
  function view() {
    if (!session || session.kind !== "game" || !session.entry.hidden) return Promise.resolve();
    var people = state.sides.map(function (n, p) { return p; }).filter(function (p) { return sideOf(p) === "person"; });
    return call("viewer", people.length === 1 ? people[0] : -1).then(show);
  }
  function sideOf(p) { var s = el("side-" + p); return s ? s.value : "person"; }
  function botSpec(kind) {
    var b = session.entry.bots.filter(function (x) { return x.name === kind; })[0], t = Number(el("think").value);
    return kind + (b && /time=/.test(b.options || "") && t > 0 ? ":time=" + t : "");
  }
  /* Bots move while it is their turn; chance events are drawn. */
  function autoplay() {
    var r = state;
    if (!r || r.kind !== "game" || r.over || busy) return Promise.resolve();
    if (r.to_move === -2) return call("chance").then(function (x) { show(x); return autoplay(); });
    if (r.to_move >= 0 && sideOf(r.to_move) !== "person") return botMove(r.to_move);
    if (r.to_move === -1 && r.sides.every(function (n, p) { return sideOf(p) !== "person"; })) return botMove(-1);
    return Promise.resolve();
  }
  function botMove(who) {
    var r = state;
    if (!r || r.kind !== "game" || r.over) return Promise.resolve();
    if (r.to_move === -1) {
      /* every side's bot chooses, then the turn is played at once */
      var moves = [], chain = Promise.resolve();
      r.sides.forEach(function (n, p) {
        chain = chain.then(function () {
          return call("bot", botSpec(sideOf(p) === "person" ? "random" : sideOf(p)), p, 1 + p).then(function (b) { moves[p] = b.error ? "-" : b.move; });
        });
      });
      return work("the bots think\u2026", chain).then(function () { return play(moves.join("\t")); });
    }
    var p = who >= 0 ? who : r.to_move, kind = sideOf(p) === "person" ? session.entry.default_bot.split(":")[0] : sideOf(p);
    return work(r.sides[p] + " (" + kind + ") thinks\u2026", call("bot", botSpec(kind), p, 1)).then(function (b) {
      if (b.error) { el("status").textContent = b.error; el("status").className = "error"; return; }
      el("answer").textContent = r.sides[p] + " plays " + b.move + (b.info ? " (" + b.info + ")" : "");
      return play(b.move);
    });
  }
  /* A move a person clicked or typed: alone, or with the bots' in a simultaneous turn. */
  var simPerson = -1;
  function enter(move) { return simPerson >= 0 && move.indexOf("\t") < 0 ? withBots(simPerson, move) : play(move); }
  /* A simultaneous turn: the person's move, the bots' moves (none sees the others'), played at once. */
  function withBots(person, move) {
    var moves = [], chain = Promise.resolve();
    state.sides.forEach(function (n, p) {
      chain = chain.then(function () {
        if (p === person) { moves[p] = move; return; }
        return call("bot", botSpec(sideOf(p) === "person" ? "random" : sideOf(p)), p, 1 + p).then(function (b) { moves[p] = b.error ? "-" : b.move; });
      });
    });
    return work("the bots choose\u2026", chain).then(function () { return play(moves.join("\t")); });
  }
  function gameHint() {
    var r = state;
    if (!r || r.over || r.to_move < 0) return;
    var kind = session.entry.default_bot.split(":")[0];
    return work("thinking\u2026", call("bot", botSpec(kind), r.to_move, 1)).then(function (b) {
      el("answer").textContent = b.error ? b.error : "Hint (" + kind + "): " + b.move + (b.info ? " \u2014 " + b.info : "");
      el("answer").setAttribute("data-hint", b.error ? "" : b.move);
    });
  }

  /* Alpha-beta from here with its tree, shown as `analyse --html --visualise` shows it. */
  function analyse() {
    if (!state || state.kind !== "game" || state.over) return Promise.resolve();
    el("answer").removeAttribute("data-outcome");
    return work("alpha-beta searches\u2026", call("analyse", Number(el("think").value) || 1)).then(function (r) {
      el("answer").textContent = r.error || r.line;
      if (r.page) { el("search-view").hidden = false; el("search-page").srcdoc = r.page; }
      el("answer").setAttribute("data-outcome", r.error ? "error" : "analysed");
    });
  }

  /* ------------------------------------------------------------ solving */
  function solve(hintOnly) {
    var limit = Number(el("time-limit").value) || 0, vis = el("visualise").checked && !hintOnly;
    el("answer").textContent = "";
    el("answer").removeAttribute("data-moves");
    el("answer").removeAttribute("data-outcome");
    el("solution-tools").hidden = true;
    var t0 = performance.now();
    return work("searching\u2026", call("solve", el("algo").value, limit, 0, vis ? 1 : 0)).then(function (r) {
      var ms = Math.round(performance.now() - t0);
      if (r.error) { el("answer").textContent = r.error; el("answer").setAttribute("data-outcome", "error"); return; }
      if (hintOnly) {
        el("answer").textContent = r.moves.length ? "Hint: " + r.moves[0] + " (" + r.line + ")" : r.line;
        el("answer").setAttribute("data-hint", r.moves.length ? r.moves[0] : "");
        el("answer").setAttribute("data-outcome", r.outcome);
        return;
      }
      el("answer").setAttribute("data-moves", r.moves.join(" "));
      el("answer").setAttribute("data-length", String(r.length));
      el("answer").setAttribute("data-optimal", r.optimal ? "1" : "0");
      el("answer").textContent = r.line + " \u2014 " + r.expanded + " nodes expanded, " + ms + " ms in the browser" +
        (r.note ? ". " + r.note : "") + (r.moves.length ? "\n" + r.moves.join(" ") : "");
      lastSolution = r.moves;
      el("solution-tools").hidden = !r.moves.length;
      if (r.page) {
        el("search-view").hidden = false;
        el("search-page").srcdoc = r.page;
      } else {
        el("search-view").hidden = true;
      }
      el("answer").setAttribute("data-outcome", r.outcome); /* last: what the tests wait for */
    });
  }
  function playSolution() {
    var moves = (lastSolution || []).slice();
    lastSolution = null;
    el("solution-tools").hidden = true;
    setBusy(true, "playing the solution\u2026");
    return new Promise(function (resolve) {
      (function next() {
        if (!moves.length) { setBusy(false, ""); show(state); resolve(); return; }
        call("play", moves.shift()).then(function (r) {
          show(r);
          if (r.error) { moves = []; }
          setTimeout(next, moves.length > 60 ? 20 : 180);
        });
      })();
    });
  }

  /* ------------------------------------------------------------- wiring */
  el("open").addEventListener("click", open);
  el("play-move").addEventListener("click", function () { enter(el("move").value.trim()); el("move").value = ""; });
  el("move").addEventListener("keydown", function (e) { if (e.key === "Enter") { enter(el("move").value.trim()); el("move").value = ""; } });
  el("undo").addEventListener("click", function () {
    call("undo").then(function (r) {
      show(r);
      /* undo a bot's reply too, back to a person's turn */
      if (r.kind === "game" && r.history.length && r.to_move >= 0 && sideOf(r.to_move) !== "person") return call("undo").then(show);
    });
  });
  el("restart").addEventListener("click", function () { if (session) work("opening\u2026", call("open", session.kind, session.name, session.options, session.start)).then(function (r) { show(r); return view().then(autoplay); }); });
  el("hint").addEventListener("click", function () { solve(true); });
  el("solve").addEventListener("click", function () { solve(false); });
  el("play-solution").addEventListener("click", playSolution);
  el("bot-move").addEventListener("click", function () { botMove(-1); });
  el("game-hint").addEventListener("click", gameHint);
  el("analyse").addEventListener("click", analyse);
  el("stop").addEventListener("click", stop);
  window.addEventListener("resize", function () { if (state) show(state); });

  startWorker().then(function () { return call("catalog"); }).then(function (c) {
    catalog = c;
    fillChooser();
    el("boot").textContent = catalog.puzzles.length + " puzzles and " + catalog.games.length + " games, ready (searches may use " +
      Math.round(catalog.memory_limit / 1048576) + " MiB).";
    document.body.setAttribute("data-ready", String(Math.round(performance.now())));
  });
  /* where a square is on the screen (the browser test clicks there) */
  function squareCentre(name) {
    var L = layout, box = el("board").getBoundingClientRect(), r, c;
    if (!L || !L.rl || !L.cl) return null;
    for (r = 0; r < L.rl.length; r++)
      for (c = 0; c < L.cl.length; c++)
        if (L.cl[c] + L.rl[r] === name)
          return { x: box.left + L.left + 1 + (c + 0.5) * L.cs, y: box.top + L.top + 1 + (r + 0.5) * L.cs };
    return null;
  }
  AR.playground = { call: call, open: open, play: play, stop: stop, solve: solve, squareCentre: squareCentre };
})();
