/* web/page.js — draws ariadne's scenes and runs its pages.
 *
 * A scene (include/ariadne/page.h) is a grid of cells, each a token
 * "style|label|size" (style: palette names joined by '+'), plus points and
 * lines, a caption and the state's text. AR.drawScene paints one on a canvas;
 * the viewer steps through the frames of a page (delta-encoded: a frame has
 * either all its "cells" or the changes "d": [index, token, ...]); the
 * visualiser animates recorded searches (expanded nodes with g, h, frontier,
 * bounds; alpha-beta's tree with its cut-offs). The playground (web/
 * playground.js) uses the same drawing. Nothing here loads anything. */
"use strict";
(function () {
  var AR = (window.AR = window.AR || {});
  var PLAYER = ["#1f5fbf", "#d1495b", "#2a9d8f", "#8e44ad", "#e9a03b", "#3d5a80", "#6a994e", "#bc4b51",
                "#5e548e", "#7f5539"];
  var TRAIL = ["#a9c6f0", "#f0b0b9", "#a8ddd6", "#d5b8e3", "#f5d3a0", "#b5c3d8", "#c5dcb6", "#e3b5b7",
               "#c8c2dd", "#d8c0ae"];
  /* what each style paints: fill (square), shape (disc, bar, level, ring, glyph...), text colour */
  var PALETTE = {
    empty: { fill: "#f7f4ec", grid: true }, floor: { fill: "#f7f4ec", grid: true },
    wall: { fill: "#3a3f47" }, board: { fill: "#e8d5b0" }, water: { fill: "#7fb2e5" },
    tile: { fill: "#f2c14e", round: true, ink: "#2b2100", bold: true, edge: "#b8860b" },
    blank: { fill: "#fbfaf6", grid: true },
    pin: { fill: "#e8d5b0", shape: "disc", colour: "#7b3f12", r: 0.34 },
    hole: { fill: "#e8d5b0", shape: "ring", colour: "#7a6a50", r: 0.16 },
    light: { fill: "#f0d9b5" }, dark: { fill: "#b58863" },
    path: { fill: "#9dbff0" }, start: { fill: "#2a9d8f", ink: "#fff" }, goal: { fill: "#e76f51", ink: "#fff" },
    walker: { shape: "disc", colour: "#1f5fbf", r: 0.36, ink: "#fff" },
    visited: { fill: "#cfe3ff" }, frontier: { fill: "#ffd166" }, number: { ink: "#1d3557", bold: true },
    piece: { fill: "#f7f4ec", ink: "#222", bold: true, grid: true },
    text: { ink: "#222" }, muted: { ink: "#888" },
    disc: { shape: "bar", colour: "hue", r: 0.42 }, rod: { shape: "rod", colour: "#8d6e63" },
    base: { fill: "#8d6e63" },
    level: { shape: "level", colour: "#4a90d9" }, jug: { fill: "#eef4fb", grid: true },
    stone: { shape: "disc", colour: "#6c757d", r: 0.36 },
    "coin-h": { shape: "disc", colour: "#e0b43a", r: 0.4, ink: "#4a3500", bold: true },
    "coin-t": { shape: "disc", colour: "#b8c1c9", r: 0.4, ink: "#2a333b", bold: true },
    card: { shape: "card", colour: "#fff", ink: "#111", bold: true },
    "card-red": { shape: "card", colour: "#fff", ink: "#c1121f", bold: true },
    "card-back": { shape: "card", colour: "#3d5a80", ink: "#fff" },
    knight: { shape: "glyph", ink: "#111" },
    wp: { shape: "glyph", ink: "#fff", edge: "#111" }, bp: { shape: "glyph", ink: "#111", edge: "#111" },
    hi: { overlay: "ring", colour: "#e76f00" }, mark: { overlay: "dot", colour: "#e76f00" },
    city: { shape: "disc", colour: "#1d3557", r: 0.2 }, tour: { line: "#d1495b", width: 0.12 },
    link: { line: "#999", width: 0.06 }, neutral: { shape: "disc", colour: "#9a9a9a", r: 0.4, ink: "#fff" }
  };
  for (var i = 0; i < 10; i++) {
    PALETTE["p" + (i + 1)] = { shape: "disc", colour: PLAYER[i], r: 0.38, ink: "#fff", bold: true };
    PALETTE["t" + (i + 1)] = { fill: TRAIL[i], grid: true };
    PALETTE["x" + (i + 1)] = { ink: PLAYER[i], bold: true, big: true };
    PALETTE["l" + (i + 1)] = { line: PLAYER[i], width: 0.22 };
  }
  AR.PALETTE = PALETTE;
  AR.PLAYER = PLAYER;

  var tokenCache = {};
  function parseToken(t) {
    var c = tokenCache[t];
    if (c) return c;
    var parts = t.split("|");
    c = { styles: parts[0] === "none" ? [] : parts[0].split("+"), label: parts[1] || "",
          size: parts.length > 2 ? Number(parts[2]) : 0 };
    tokenCache[t] = c;
    return c;
  }
  AR.parseToken = parseToken;

  function hue(label) {
    var n = parseInt(label, 10);
    if (isNaN(n)) n = label.length;
    return "hsl(" + ((n * 47) % 360) + ", 62%, 55%)";
  }

  function words(s) { return s ? s.split(" ") : null; }

  /* Lays a scene out in a box of at most maxW x maxH CSS pixels: the cell
     size and the margins for the axes. */
  function layout(scene, maxW, maxH) {
    var rl = words(scene.rl), cl = words(scene.cl);
    var cols = scene.cols || (scene.space ? scene.space[0] : 1), rows = scene.rows || (scene.space ? scene.space[1] : 1);
    var left = rl ? 22 : 0, top = cl ? 20 : 0;
    var cs = Math.min((maxW - left - 2) / cols, (maxH - top - 2) / rows);
    if (scene.rows) cs = Math.max(4, Math.min(72, Math.floor(cs)));
    return { cs: cs, left: left, top: top, w: Math.ceil(left + cols * cs + 2), h: Math.ceil(top + rows * cs + 2), rl: rl, cl: cl };
  }

  function roundRect(ctx, x, y, w, h, r) {
    ctx.beginPath();
    ctx.moveTo(x + r, y);
    ctx.arcTo(x + w, y, x + w, y + h, r);
    ctx.arcTo(x + w, y + h, x, y + h, r);
    ctx.arcTo(x, y + h, x, y, r);
    ctx.arcTo(x, y, x + w, y, r);
    ctx.closePath();
  }

  function drawLabel(ctx, label, x, y, cs, spec, over) {
    if (!label || cs < 9) return;
    var big = (spec && spec.big) || (over && over.shape === "glyph");
    var size = big ? cs * 0.78 : label.length > 3 ? cs * 0.3 : label.length > 2 ? cs * 0.36 : cs * 0.48;
    ctx.font = ((spec && spec.bold) || big ? "bold " : "") + Math.round(size) + "px system-ui, 'DejaVu Sans', sans-serif";
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    var ink = (over && over.ink) || (spec && spec.ink) || "#222";
    if (over && over.edge && over.shape === "glyph") {
      ctx.lineWidth = Math.max(1, cs / 28);
      ctx.strokeStyle = over.edge;
      ctx.fillStyle = ink;
      ctx.fillText(label, x + cs / 2, y + cs / 2 + cs * 0.03);
      ctx.strokeText(label, x + cs / 2, y + cs / 2 + cs * 0.03);
      return;
    }
    ctx.fillStyle = ink;
    ctx.fillText(label, x + cs / 2, y + cs / 2 + 1);
  }

  function drawCell(ctx, tok, x, y, cs) {
    var styles = tok.styles, spec = null, over = null, k;
    if (!styles.length) return;
    for (k = 0; k < styles.length; k++) {
      var s = PALETTE[styles[k]] || PALETTE.piece;
      if (k === 0) spec = s;
      if (s.fill && (k === 0 || !spec.fill)) {
        ctx.fillStyle = s.fill;
        if (s.round) {
          roundRect(ctx, x + 1.5, y + 1.5, cs - 3, cs - 3, cs * 0.14);
          ctx.fill();
          if (s.edge) { ctx.strokeStyle = s.edge; ctx.lineWidth = 1; ctx.stroke(); }
        } else {
          ctx.fillRect(x, y, cs, cs);
        }
        if (s.grid) { ctx.strokeStyle = "rgba(0,0,0,.12)"; ctx.lineWidth = 1; ctx.strokeRect(x + 0.5, y + 0.5, cs - 1, cs - 1); }
      }
      if (s.shape) {
        var colour = s.colour === "hue" ? hue(tok.label) : s.colour, r = (tok.size || s.r || 0.4) * cs;
        ctx.fillStyle = colour;
        if (s.shape === "disc") {
          ctx.beginPath(); ctx.arc(x + cs / 2, y + cs / 2, Math.max(1.5, tok.size ? tok.size * cs / 2 : r), 0, 7); ctx.fill();
          ctx.strokeStyle = "rgba(0,0,0,.3)"; ctx.lineWidth = 1; ctx.stroke();
        } else if (s.shape === "ring") {
          ctx.strokeStyle = colour; ctx.lineWidth = Math.max(1, cs / 14);
          ctx.beginPath(); ctx.arc(x + cs / 2, y + cs / 2, r, 0, 7); ctx.stroke();
        } else if (s.shape === "bar") {
          var w = (tok.size || 0.5) * cs;
          roundRect(ctx, x + (cs - w) / 2, y + cs * 0.14, w, cs * 0.72, cs * 0.18); ctx.fill();
          ctx.strokeStyle = "rgba(0,0,0,.35)"; ctx.lineWidth = 1; ctx.stroke();
        } else if (s.shape === "rod") {
          ctx.fillRect(x + cs * 0.44, y, cs * 0.12, cs);
        } else if (s.shape === "level") {
          var h = (tok.size || 0) * cs;
          ctx.fillRect(x + 2, y + cs - h, cs - 4, h);
        } else if (s.shape === "card") {
          roundRect(ctx, x + cs * 0.1, y + cs * 0.06, cs * 0.8, cs * 0.88, cs * 0.1); ctx.fill();
          ctx.strokeStyle = "#555"; ctx.lineWidth = 1; ctx.stroke();
        }
        if (s.shape === "glyph") over = s;
        else if (k > 0) over = s;
      }
      if (s.overlay && k > 0) {
        ctx.strokeStyle = s.colour; ctx.fillStyle = s.colour;
        if (s.overlay === "ring") { ctx.lineWidth = Math.max(2, cs / 12); ctx.strokeRect(x + 2, y + 2, cs - 4, cs - 4); }
        else { ctx.beginPath(); ctx.arc(x + cs / 2, y + cs / 2, cs * 0.14, 0, 7); ctx.fill(); }
      }
    }
    drawLabel(ctx, tok.label, x, y, cs, spec, over);
  }

  /* Paints scene (rows, cols, cells as tokens, rl, cl, items, space) on
     canvas within maxW x maxH; opts.overlay(ctx, L) may paint on top (in
     the grid's pixel space). Returns the layout. */
  AR.drawScene = function (canvas, scene, maxW, maxH, opts) {
    var L = layout(scene, maxW, maxH), ctx = canvas.getContext("2d"), ratio = window.devicePixelRatio || 1;
    canvas.style.width = L.w + "px";
    canvas.style.height = L.h + "px";
    canvas.width = Math.round(L.w * ratio);
    canvas.height = Math.round(L.h * ratio);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, L.w, L.h);
    var cs = L.cs, r, c, x0 = L.left + 1, y0 = L.top + 1;
    for (r = 0; r < (scene.rows || 0); r++)
      for (c = 0; c < scene.cols; c++)
        drawCell(ctx, parseToken(scene.cells[r * scene.cols + c] || "none"), x0 + c * cs, y0 + r * cs, cs);
    ctx.fillStyle = "#555";
    ctx.font = "12px system-ui, 'DejaVu Sans', sans-serif";
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    if (L.rl) L.rl.forEach(function (t, k) { ctx.fillText(t, L.left / 2, y0 + (k + 0.5) * cs); });
    if (L.cl) L.cl.forEach(function (t, k) { ctx.fillText(t, x0 + (k + 0.5) * cs, L.top / 2 + 1); });
    (scene.items || []).forEach(function (it) {
      var spec = PALETTE[it[5]] || PALETTE.link, label = it[6];
      if (it[0] === "l") {
        ctx.strokeStyle = spec.line || spec.colour || "#555";
        ctx.lineWidth = Math.max(1.5, (spec.width || 0.08) * cs);
        ctx.lineCap = "round";
        ctx.beginPath();
        ctx.moveTo(x0 + it[1] * cs, y0 + it[2] * cs);
        ctx.lineTo(x0 + it[3] * cs, y0 + it[4] * cs);
        ctx.stroke();
        if (label && cs >= 6) {
          ctx.fillStyle = "#222";
          ctx.font = "11px system-ui, sans-serif";
          ctx.fillText(label, x0 + (it[1] + it[3]) / 2 * cs, y0 + (it[2] + it[4]) / 2 * cs - 8);
        }
      } else {
        var rad = Math.max(2.5, it[3] * cs);
        ctx.fillStyle = spec.colour || spec.fill || "#555";
        ctx.beginPath(); ctx.arc(x0 + it[1] * cs, y0 + it[2] * cs, rad, 0, 7); ctx.fill();
        ctx.strokeStyle = "rgba(0,0,0,.35)"; ctx.lineWidth = 1; ctx.stroke();
        if (label) {
          ctx.fillStyle = rad >= 9 ? spec.ink || "#fff" : "#222";
          ctx.font = "bold " + Math.max(10, Math.min(16, Math.round(rad * 0.9))) + "px system-ui, sans-serif";
          ctx.fillText(label, x0 + it[1] * cs, y0 + it[2] * cs + (rad >= 9 ? 0 : -rad - 7));
        }
      }
    });
    if (opts && opts.overlay) opts.overlay(ctx, L, x0, y0);
    return L;
  };

  /* The frames of a page: frame t as a scene (cells rebuilt from the last
     whole frame at or before t). */
  function Frames(frames) {
    this.frames = frames;
    this.t = -1;
    this.cells = null;
  }
  Frames.prototype.get = function (t) {
    var f = this.frames, k;
    if (!(this.t >= 0 && this.t <= t && f[this.t] && this.cells)) {
      for (k = t; k > 0 && !f[k].cells; k--);
      this.cells = f[k].cells.slice();
      this.t = k;
    }
    while (this.t < t) {
      this.t++;
      var fr = f[this.t];
      if (fr.cells) this.cells = fr.cells.slice();
      else for (k = 0; k < fr.d.length; k += 2) this.cells[fr.d[k]] = fr.d[k + 1];
    }
    var cur = f[t];
    return { rows: cur.rows, cols: cur.cols, cells: this.cells, rl: cur.rl, cl: cur.cl, items: cur.items,
             space: cur.space, caption: cur.caption, text: cur.text, focus: cur.focus };
  };
  AR.Frames = Frames;

  /* The board's text as a person reads it from the cells: labels, '.' for
     empty cells; the tests compare the page's own rebuilt cells with it. */
  AR.cellsText = function (scene) {
    var out = [], r, c;
    for (r = 0; r < (scene.rows || 0); r++) {
      var line = [];
      for (c = 0; c < scene.cols; c++) line.push(scene.cells[r * scene.cols + c]);
      out.push(line.join(" "));
    }
    return out.join("\n");
  };

  function el(id) { return document.getElementById(id); }
  function boxWidth() { return Math.max(220, Math.min(720, (window.innerWidth || 800) - 36)); }
  function boxHeight() { return Math.max(220, Math.min(600, (window.innerHeight || 700) - 220)); }

  /* A play/step/slider control set over 0..last calling show(t). */
  function Player(ids, last, show, speedId) {
    var self = this;
    this.t = 0; this.last = last; this.timer = null; this.show = show;
    this.go = function (t) {
      self.t = Math.max(0, Math.min(self.last, t));
      el(ids.slider).value = String(self.t);
      el(ids.first).disabled = el(ids.back).disabled = self.t === 0;
      el(ids.step).disabled = el(ids.last).disabled = self.t === self.last;
      show(self.t);
    };
    this.pause = function () {
      if (self.timer) clearInterval(self.timer);
      self.timer = null;
      el(ids.play).textContent = "Play";
    };
    this.play = function () {
      if (self.t >= self.last) self.go(0);
      el(ids.play).textContent = "Pause";
      self.timer = setInterval(function () {
        if (self.t >= self.last) { self.pause(); self.go(self.t); } else self.go(self.t + 1);
      }, 1000 / Number(el(speedId).value));
    };
    this.toggle = function () { if (self.timer) self.pause(); else self.play(); };
    el(ids.slider).max = String(last);
    el(ids.play).addEventListener("click", self.toggle);
    el(ids.step).addEventListener("click", function () { self.pause(); self.go(self.t + 1); });
    el(ids.back).addEventListener("click", function () { self.pause(); self.go(self.t - 1); });
    el(ids.first).addEventListener("click", function () { self.pause(); self.go(0); });
    el(ids.last).addEventListener("click", function () { self.pause(); self.go(self.last); });
    el(ids.slider).addEventListener("input", function () { var t = Number(el(ids.slider).value); self.pause(); self.go(t); });
    el(speedId).addEventListener("change", function () { if (self.timer) { self.pause(); self.play(); } });
  }
  AR.Player = Player;

  /* ---------------------------------------------------------------- viewer */
  function viewer(data) {
    var frames = new Frames(data.frames), n = data.frames.length - 1, game = data.kind === "game";
    var sides = data.sides || [];
    el("title").textContent = data.title || data.domain;
    el("subtitle").textContent = data.subtitle || "";
    el("summary").textContent = data.summary || "";
    document.title = (data.title || data.domain) + (data.subtitle ? " \u2014 " + data.subtitle : "");
    (data.players || []).forEach(function (name, k) {
      var d = document.createElement("span"), sw = document.createElement("span");
      d.className = "side";
      sw.className = "swatch";
      sw.style.background = PLAYER[k % 10];
      d.appendChild(sw);
      d.appendChild(document.createTextNode((sides[k] || "player " + (k + 1)) + ": " + name));
      el("players").appendChild(d);
    });
    /* the move list: one item per move, or per move number for two players
       moving in turn (chess: "1. e4 e5") */
    var list = el("movelist"), items = [];
    var pairs = game && sides.length === 2 && data.frames.every(function (f, k) { return k === 0 || f.p === (k - 1) % 2; });
    function moveSpan(k) {
      var s = document.createElement("span");
      s.className = "mv";
      s.textContent = k === 0 ? "start" : (game && !pairs && data.frames[k].p >= 0 ? (sides[data.frames[k].p] || "P" + (data.frames[k].p + 1)) + " " : "") + data.frames[k].m;
      s.dataset.frame = String(k);
      s.addEventListener("click", function () { player.pause(); player.go(k); });
      items[k] = s;
      return s;
    }
    var li = document.createElement("li");
    li.className = "start";
    li.appendChild(moveSpan(0));
    list.appendChild(li);
    for (var k = 1; k <= n; k += pairs ? 2 : 1) {
      li = document.createElement("li");
      var num = document.createElement("span");
      num.className = "num";
      num.textContent = (pairs ? (k + 1) / 2 : k) + ".";
      li.appendChild(num);
      li.appendChild(moveSpan(k));
      if (pairs && k + 1 <= n) li.appendChild(moveSpan(k + 1));
      list.appendChild(li);
    }
    var current = null;
    function show(t) {
      var scene = frames.get(t);
      AR.drawScene(el("board"), scene, boxWidth(), boxHeight());
      el("caption").textContent = scene.caption || "";
      var text = t === n ? data.finalText : scene.text;
      el("board-text").textContent = text === undefined ? "(the text of this position is shown at the end)" : text;
      el("turn").textContent = "move " + t + " / " + n;
      document.body.setAttribute("data-frame", String(t));
      document.body.setAttribute("data-cells", AR.cellsText(scene));
      el("lastmove").textContent = t === 0 ? "start position" : "move " + t + ": " + items[t].textContent;
      if (current) current.classList.remove("current");
      current = items[t];
      current.classList.add("current");
      if (current.scrollIntoView && list.scrollHeight > list.clientHeight) {
        var top = current.offsetTop - list.offsetTop;
        if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - 24) list.scrollTop = top - list.clientHeight / 2;
      }
      var st = el("status");
      if (t === n) { st.textContent = "Result: " + (data.result || "end"); st.className = "over"; }
      else { st.textContent = player && player.timer ? "playing\u2026" : "in play"; st.className = ""; }
    }
    var player = null;
    player = new Player({ first: "first", back: "back", play: "play", step: "step", last: "last", slider: "slider" }, n, show, "speed");
    document.addEventListener("keydown", function (e) {
      if (e.target && (e.target.tagName === "SELECT" || e.target.tagName === "INPUT")) return;
      if (e.key === " ") { e.preventDefault(); player.toggle(); }
      else if (e.key === "ArrowRight") { e.preventDefault(); player.pause(); player.go(player.t + 1); }
      else if (e.key === "ArrowLeft") { e.preventDefault(); player.pause(); player.go(player.t - 1); }
      else if (e.key === "Home") { e.preventDefault(); player.pause(); player.go(0); }
      else if (e.key === "End") { e.preventDefault(); player.pause(); player.go(n); }
    });
    window.addEventListener("resize", function () { player.go(player.t); });
    player.go(0);
    AR.viewer = player;
  }

  /* -------------------------------------------------------------- visualiser */
  /* A trace: points [step, g, h, frontier, bound, focus, board] for expanded
     nodes, ["iteration"|"layer", bound] events between them. */
  function prepareTrace(tr) {
    var nodes = [], events = [];
    tr.points.forEach(function (p) {
      if (typeof p[0] === "string") events.push({ at: nodes.length, kind: p[0], bound: p[1] });
      else nodes.push({ step: p[0], g: p[1], h: p[2], frontier: p[3], bound: p[4], focus: p[5], board: p[6] });
    });
    tr.nodes = nodes;
    tr.events = events;
    return tr;
  }

  function waveColour(k, total) {
    var q = total > 1 ? k / (total - 1) : 0;
    return "hsl(" + Math.round(210 - 170 * q) + ", 75%, " + Math.round(72 - 10 * q) + "%)";
  }

  function drawChart(canvas, tr, k, w) {
    var h = 150, ctx = canvas.getContext("2d"), ratio = window.devicePixelRatio || 1, nodes = tr.nodes;
    canvas.style.width = w + "px"; canvas.style.height = h + "px";
    canvas.width = Math.round(w * ratio); canvas.height = Math.round(h * ratio);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.fillStyle = "#fff"; ctx.fillRect(0, 0, w, h);
    var maxF = 1, maxQ = 1, i;
    nodes.forEach(function (n) { maxF = Math.max(maxF, n.g + n.h, n.bound); maxQ = Math.max(maxQ, n.frontier); });
    var N = Math.max(1, nodes.length), px = function (i) { return 30 + (w - 40) * i / N; };
    var py = function (v) { return h - 18 - (h - 30) * v / maxF; }, pq = function (v) { return h - 18 - (h - 30) * v / maxQ; };
    ctx.strokeStyle = "#ccc"; ctx.lineWidth = 1;
    ctx.beginPath(); ctx.moveTo(30, 8); ctx.lineTo(30, h - 18); ctx.lineTo(w - 8, h - 18); ctx.stroke();
    ctx.fillStyle = "#666"; ctx.font = "11px system-ui, sans-serif"; ctx.textAlign = "right";
    ctx.fillText(String(maxF), 27, 12); ctx.fillText("0", 27, h - 18);
    ctx.textAlign = "left"; ctx.fillText("f = g + h (dots), frontier (grey line), bound (red)", 36, 12);
    tr.events.forEach(function (e) {
      if (e.at > k) return;
      ctx.strokeStyle = "#e0a0a0"; ctx.beginPath(); ctx.moveTo(px(e.at), 16); ctx.lineTo(px(e.at), h - 18); ctx.stroke();
    });
    ctx.strokeStyle = "#999"; ctx.beginPath();
    for (i = 0; i <= k && i < nodes.length; i++) { if (i) ctx.lineTo(px(i), pq(nodes[i].frontier)); else ctx.moveTo(px(i), pq(nodes[i].frontier)); }
    ctx.stroke();
    ctx.strokeStyle = "#d1495b"; ctx.beginPath();
    for (i = 0; i <= k && i < nodes.length; i++) { if (i) ctx.lineTo(px(i), py(nodes[i].bound)); else ctx.moveTo(px(i), py(nodes[i].bound)); }
    if (tr.hasBound) ctx.stroke();
    ctx.fillStyle = "#1f5fbf";
    for (i = 0; i <= k && i < nodes.length; i++) ctx.fillRect(px(i) - 1, py(nodes[i].g + nodes[i].h) - 1, 2.5, 2.5);
  }

  function traceName(algo) {
    return { astar: "A*", idastar: "IDA*", bfs: "Breadth-first search (Lee's wave)", iddfs: "IDDFS", ucs: "Uniform-cost search",
             greedy: "Greedy best-first", wastar: "Weighted A*", dfs: "Depth-first search", bnb: "Branch and bound", beam: "Beam search" }[algo] || algo;
  }

  function visualiser(data) {
    var traces = data.traces.map(prepareTrace), panels = [], total = 0;
    el("visualiser").hidden = false;
    el("vis-title").textContent = traces.length > 1 ? "The searches, side by side" : "The search";
    traces.forEach(function (tr, k) {
      tr.hasBound = tr.nodes.some(function (n) { return n.bound > 0; }) && tr.algo !== "bfs";
      total = Math.max(total, tr.nodes.length);
      var p = document.createElement("div");
      p.className = "vis-panel";
      p.id = "vis-panel-" + k;
      p.innerHTML = "<h3></h3><canvas class='vis-board'></canvas><canvas class='vis-chart'></canvas><div class='vis-stats'></div><div class='vis-note'></div>";
      p.querySelector("h3").textContent = traceName(tr.algo) + " \u2014 " + tr.nodes.length + " nodes expanded";
      p.querySelector(".vis-note").textContent = tr.capped ? "The trace was cut after " + tr.cap +
        " expanded nodes (the cap): the search went on past what is shown." : "";
      el("vis-panels").appendChild(p);
      panels.push(p);
    });
    var base = traces.map(function (tr) { return tr.base; });
    function show(k) {
      var w = traces.length > 1 ? Math.max(240, Math.min(420, (boxWidth() - 16) / 2)) : Math.min(560, boxWidth());
      traces.forEach(function (tr, j) {
        var p = panels[j], nodes = tr.nodes, at = Math.min(k, nodes.length) - 1, cur = at >= 0 ? nodes[at] : null;
        var scene = base[j];
        if (cur && cur.board >= 0 && cur.focus < 0) {
          scene = { rows: base[j].rows, cols: base[j].cols, cells: tr.boards[cur.board], rl: base[j].rl, cl: base[j].cl };
          AR.drawScene(p.querySelector(".vis-board"), scene, w, w);
        } else {
          AR.drawScene(p.querySelector(".vis-board"), scene, w, w, { overlay: function (ctx, L, x0, y0) {
            var cs = L.cs, seen = {};
            for (var i = 0; i <= at; i++) {
              var f = nodes[i].focus;
              if (f < 0) continue;
              seen[f] = i;
            }
            Object.keys(seen).forEach(function (f) {
              var i = seen[f], r = Math.floor(f / scene.cols), c = f % scene.cols;
              ctx.globalAlpha = 0.78;
              ctx.fillStyle = waveColour(nodes[i].g, Math.max(2, nodes[Math.max(0, at)].g + 1));
              ctx.fillRect(x0 + c * cs + 1, y0 + r * cs + 1, cs - 2, cs - 2);
              ctx.globalAlpha = 1;
              if (cs >= 16) { ctx.fillStyle = "#123"; ctx.font = Math.round(cs * 0.36) + "px system-ui, sans-serif";
                ctx.textAlign = "center"; ctx.textBaseline = "middle"; ctx.fillText(String(nodes[i].g), x0 + (c + 0.5) * cs, y0 + (r + 0.5) * cs); }
            });
            if (cur && cur.focus >= 0) {
              ctx.strokeStyle = "#d1495b"; ctx.lineWidth = Math.max(2, cs / 8);
              ctx.strokeRect(x0 + (cur.focus % scene.cols) * cs + 1, y0 + Math.floor(cur.focus / scene.cols) * cs + 1, cs - 2, cs - 2);
            }
          } });
        }
        drawChart(p.querySelector(".vis-chart"), tr, at, w);
        var iter = tr.events.filter(function (e) { return e.at <= Math.max(0, at); }).length;
        var stats = cur ? "expanded " + (at + 1) + " / " + nodes.length + "\ng " + cur.g + "  h " + cur.h + "  f " + (cur.g + cur.h) +
          "  frontier " + cur.frontier + (tr.algo === "bfs" ? "  layer " + cur.g : tr.hasBound ? "  bound " + cur.bound : "") +
          (iter && tr.algo !== "bfs" ? "  iteration " + iter : "") : "before the first expansion";
        if (at === nodes.length - 1) stats += "\n" + (tr.result || "");
        p.querySelector(".vis-stats").textContent = stats;
      });
      el("vis-count").textContent = "step " + k + " / " + total;
      el("visualiser").setAttribute("data-step", String(k));
      el("vis-status").textContent = k === total ? "the search has ended" : "";
    }
    var pl = new Player({ first: "vis-first", back: "vis-back", play: "vis-play", step: "vis-step", last: "vis-last", slider: "vis-slider" }, total, show, "vis-speed");
    pl.go(0);
    AR.visual = pl;
  }

  /* Alpha-beta's tree: events ["e", depth, move, alpha, beta] (a node is
     entered), ["x", depth, value] (left with its value), ["c", depth, pruned]
     (a cut-off: `pruned` moves left unsearched). */
  function treeView(data) {
    var t = data.tree, nodes = [], stack = [], order = [], leaves = 0, maxDepth = 0;
    t.events.forEach(function (e, k) {
      if (e[0] === "e") {
        var node = { depth: e[1], move: e[2], alpha: e[3], beta: e[4], kids: [], enter: k, leave: Infinity, cut: null, value: null };
        if (stack.length) stack[stack.length - 1].kids.push(node);
        stack.push(node); nodes.push(node); maxDepth = Math.max(maxDepth, e[1]);
      } else if (e[0] === "x") {
        var n2 = stack.pop();
        if (n2) { n2.leave = k; n2.value = e[2]; }
      } else if (e[0] === "c" && stack.length) {
        stack[stack.length - 1].cut = { at: k, pruned: e[2] };
      }
    });
    function place(n) {
      if (!n.kids.length) { n.x = leaves++; return; }
      n.kids.forEach(place);
      n.x = (n.kids[0].x + n.kids[n.kids.length - 1].x) / 2;
    }
    if (nodes.length) place(nodes[0]);
    el("visualiser").hidden = false;
    el("vis-title").textContent = "Alpha-beta's tree (" + nodes.length + " nodes" + (t.capped ? ", cut at the cap" : "") + ")";
    var p = document.createElement("div");
    p.className = "vis-panel";
    p.id = "vis-panel-0";
    p.innerHTML = "<div class='tree-box'><canvas class='vis-tree'></canvas></div><div class='vis-stats'></div><div class='vis-note'></div>";
    p.querySelector(".vis-note").textContent = t.capped ? "The tree was cut after " + t.events.length + " events (the cap)." : "";
    el("vis-panels").appendChild(p);
    var canvas = p.querySelector("canvas"), total = t.events.length;
    var gap = Math.max(6, Math.min(26, 1400 / Math.max(1, leaves))), W = Math.max(300, 20 + leaves * gap), H = 40 + maxDepth * 70;
    function show(k) {
      var ctx = canvas.getContext("2d"), ratio = window.devicePixelRatio || 1;
      canvas.style.width = W + "px"; canvas.style.height = H + "px";
      canvas.width = Math.round(W * ratio); canvas.height = Math.round(H * ratio);
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      ctx.fillStyle = "#fff"; ctx.fillRect(0, 0, W, H);
      var X = function (n) { return 10 + n.x * gap + gap / 2; }, Y = function (n) { return 20 + n.depth * 70; };
      var cuts = 0, current = null;
      nodes.forEach(function (n) {
        if (n.enter >= k) return;
        n.kids.forEach(function (c) {
          if (c.enter >= k) return;
          ctx.strokeStyle = "#bbb"; ctx.lineWidth = 1;
          ctx.beginPath(); ctx.moveTo(X(n), Y(n)); ctx.lineTo(X(c), Y(c)); ctx.stroke();
          if (gap >= 14 && c.move) { ctx.fillStyle = "#777"; ctx.font = "10px system-ui"; ctx.textAlign = "center"; ctx.fillText(c.move, (X(n) + X(c)) / 2 + 6, (Y(n) + Y(c)) / 2); }
        });
        if (n.cut && n.cut.at < k) {
          cuts++;
          ctx.strokeStyle = "#d1495b"; ctx.lineWidth = 2;
          var cx = X(n) + gap * 0.6, cy = Y(n) + 30;
          ctx.beginPath(); ctx.moveTo(X(n), Y(n)); ctx.lineTo(cx, cy); ctx.stroke();
          ctx.beginPath(); ctx.moveTo(cx - 5, cy - 5); ctx.lineTo(cx + 5, cy + 5); ctx.moveTo(cx + 5, cy - 5); ctx.lineTo(cx - 5, cy + 5); ctx.stroke();
          ctx.fillStyle = "#d1495b"; ctx.font = "bold 11px system-ui"; ctx.textAlign = "left";
          ctx.fillText("\u2702" + n.cut.pruned, cx + 6, cy + 4);
        }
      });
      nodes.forEach(function (n) {
        if (n.enter >= k) return;
        var done = n.leave < k;
        if (!done) current = n;
        ctx.fillStyle = done ? (n.depth % 2 ? "#d1495b" : "#1f5fbf") : "#ffd166";
        ctx.beginPath(); ctx.arc(X(n), Y(n), Math.max(3, Math.min(9, gap / 2.5)), 0, 7); ctx.fill();
        if (done && gap >= 16) { ctx.fillStyle = "#222"; ctx.font = "10px system-ui"; ctx.textAlign = "center"; ctx.fillText(String(n.value), X(n), Y(n) + 18); }
      });
      var e = t.events[Math.max(0, k - 1)];
      p.querySelector(".vis-stats").textContent = "event " + k + " / " + total + "   cut-offs so far " + cuts +
        (current ? "\nat depth " + current.depth + (current.move ? " after " + current.move : "") + "  \u03b1 " + current.alpha + "  \u03b2 " + current.beta : "") +
        (k === total ? "\n" + (t.result || "value " + (nodes[0] && nodes[0].value)) : "");
      el("vis-count").textContent = "step " + k + " / " + total;
      el("visualiser").setAttribute("data-step", String(k));
      el("visualiser").setAttribute("data-cutoffs", String(cuts));
      el("vis-status").textContent = k === total ? "the search has ended" : "";
      void e;
    }
    var pl = new Player({ first: "vis-first", back: "vis-back", play: "vis-play", step: "vis-step", last: "vis-last", slider: "vis-slider" }, total, show, "vis-speed");
    pl.go(0);
    AR.visual = pl;
  }

  var holder = document.getElementById("page-data");
  if (holder) {
    var data = JSON.parse(holder.textContent);
    AR.data = data;
    viewer(data);
    if (data.traces && data.traces.length) visualiser(data);
    else if (data.tree) treeView(data);
  }
})();
