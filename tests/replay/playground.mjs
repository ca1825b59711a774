// playground.mjs — drives the WebAssembly playground (build/playground/
// playground.html, opened from a file:// URL) in headless Debian Chromium
// through playwright-core:
//   node playground.mjs PLAYGROUND.html CASES.json OUT_DIR [--shot-dir DIR]
// CASES.json lists the puzzles to solve, each {domain, options, instance,
// length} with the optimal length the command line printed. It checks:
//   - the page starts (time to interactive: navigation to the catalogue
//     shown, printed) with no console error and no network request, and its
//     list holds every registered puzzle and game, each of which opens and
//     draws its board;
//   - each case is solved in the page (a search in the worker) with the
//     optimal length of the command line, marked optimal; the recorded
//     search plays to its end in the visualiser's frame; "Play the
//     solution" replays it through the page to the goal, and the moves are
//     written to OUT_DIR/NAME.moves for `ariadne verify`;
//   - the time limit stops a long search with "stopped by time limit", and
//     Stop ends a search within a second, the position kept;
//   - tic-tac-toe against the perfect bot, the person following the hints
//     and clicking the squares, ends in a draw; its moves go to
//     OUT_DIR/tictactoe.json (a replay for `ariadne replay`) and its final
//     text to OUT_DIR/tictactoe.text;
//   - alpha-beta's tree recorded after b2 and the bot's reply, played to its
//     end in the frame (its cut-offs drawn);
//   - chess by clicking e2 then e4 (the bot answers); a turn of a simultaneous
//     game (the person's bid clicked, the bot's chosen); a phone-sized window.
import { chromium } from 'playwright-core';
import { pathToFileURL } from 'node:url';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { boardPixels } from './board.mjs';

const args = process.argv.slice(2);
let shotDir = null;
const pos = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--shot-dir') shotDir = args[++i];
  else pos.push(args[i]);
}
if (pos.length !== 3) {
  console.error('usage: node playground.mjs PLAYGROUND.html CASES.json OUT_DIR [--shot-dir DIR]');
  process.exit(2);
}
const [html, casesFile, outDir] = pos;
const cases = JSON.parse(readFileSync(casesFile, 'utf8'));

let passed = 0;
const failures = [];
function check(cond, what) {
  if (cond) passed++;
  else { failures.push(what); console.error('FAIL: ' + what); }
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
         '--disable-sync', '--no-first-run', '--disable-quic'],
});
const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
const errors = [], requests = [];
page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
page.on('pageerror', (e) => errors.push(String(e)));
page.on('request', (r) => {
  const u = r.url();
  if (!u.startsWith('file:') && !u.startsWith('data:') && !u.startsWith('blob:') && !u.startsWith('about:')) requests.push(u);
});

const attr = (sel, name) => page.getAttribute(sel, name);
const idle = (ms = 60000) => page.waitForFunction(() => document.body.getAttribute('data-busy') === '0', null, { timeout: ms });

async function openDomain(kind, name, options, instance) {
  await page.selectOption('#domain', `${kind}:${name}`);
  await page.fill('#options', options || '');
  await page.fill('#instance', instance || '');
  await page.click('#open');
  await idle();
}
// The frame showing the recorded search (the page solve --html --visualise
// writes), once its script has run.
async function searchFrame(kind = 'traces') {
  for (let k = 0; k < 100; k++) {
    for (const f of page.frames()) {
      if (f.url() !== 'about:srcdoc') continue;
      const ok = await f.evaluate((m) => !!(window.AR && window.AR.data && window.AR.data[m] &&
        !document.getElementById('visualiser').hidden), kind).catch(() => false);
      if (ok) return f;
    }
    await page.waitForTimeout(100);
  }
  return null;
}
const boardDrawn = () => boardPixels(page);

try {
  const t0 = Date.now();
  await page.goto(pathToFileURL(path.resolve(html)).href);
  await page.waitForSelector('body[data-ready]', { timeout: 30000 });
  const ready = Number(await attr('body', 'data-ready'));
  console.log(`time to interactive: ${ready} ms (navigation to the catalogue shown; ${Date.now() - t0} ms wall)`);
  check(ready > 0 && ready < 5000, `the page is ready in ${ready} ms`);
  // PLAYGROUND_STARTUP_RUNS=N: N more loads in fresh pages, for the median docs/pages.md quotes
  const runs = Number(process.env.PLAYGROUND_STARTUP_RUNS || 0), times = [];
  for (let k = 0; k < runs; k++) {
    const p2 = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    await p2.goto(pathToFileURL(path.resolve(html)).href);
    await p2.waitForSelector('body[data-ready]', { timeout: 30000 });
    times.push(Number(await p2.getAttribute('body', 'data-ready')));
    await p2.close();
  }
  if (runs) {
    times.sort((a, b) => a - b);
    console.log(`time to interactive over ${runs} loads: median ${times[Math.floor(runs / 2)]} ms, min ${times[0]}, max ${times[runs - 1]}`);
  }

  // --- every registered puzzle and game opens and draws
  const catalog = await page.evaluate(() => window.AR.playground.call('catalog'));
  const listed = await page.$$eval('#domain option', (os) => os.map((o) => o.value));
  check(listed.length === catalog.puzzles.length + catalog.games.length && listed.length > 20,
        `the list holds every registered puzzle and game (${listed.length})`);
  for (const value of listed) {
    await page.selectOption('#domain', value);
    await page.click('#open');
    await idle();
    const status = await page.textContent('#status');
    const shown = await page.isVisible('#play');
    // a board, or for the card games a caption (their picture is their text drawing)
    const drawn = shown ? await boardDrawn() + (await page.textContent('#caption')).trim().length : 0;
    check(shown && drawn > 0 && !/^(error|unknown)/i.test(status), `${value} opens and draws its board (${await page.textContent('#boot')})`);
  }

  // --- solves, checked against the command line's optimal length
  for (const c of cases) {
    await openDomain('puzzle', c.domain, c.options, c.instance);
    await page.click('#solve');
    await page.waitForFunction(() => document.getElementById('answer').getAttribute('data-outcome'), null, { timeout: 60000 });
    const outcome = await attr('#answer', 'data-outcome');
    const moves = (await attr('#answer', 'data-moves')) || '';
    const n = moves ? moves.split(' ').length : 0;
    check(outcome === 'solved', `${c.name}: solved in the page (${await page.textContent('#answer')})`);
    check(n === c.length && Number(await attr('#answer', 'data-length')) === c.length,
          `${c.name}: ${n} moves in the page, ${c.length} by the command line`);
    check(await attr('#answer', 'data-optimal') === '1', `${c.name}: the page's solution is proven optimal`);
    writeFileSync(path.join(outDir, c.name + '.moves'), moves + '\n');
    console.log(`${c.name}: ${(await page.textContent('#answer')).split('\n')[0]}`);
    // the visualiser: the same page as solve --html --visualise, in a frame
    const frame = await searchFrame();
    check(!!frame, `${c.name}: the recorded search is shown`);
    if (frame) {
      const total = await frame.evaluate(() => window.AR.data.traces[0].points.filter((p) => typeof p[0] !== 'string').length);
      // the buttons' own click (the frame is taller than its box; a person scrolls it)
      await frame.evaluate(() => document.getElementById('vis-last').click());
      const step = Number(await frame.getAttribute('#visualiser', 'data-step'));
      check(total > 0 && step === total, `${c.name}: the visualiser plays the search to its end (${step} / ${total} expansions)`);
      await frame.evaluate(() => document.getElementById('last').click());
      check(Number(await frame.getAttribute('body', 'data-frame')) === c.length, `${c.name}: the search's page steps to the solution's end`);
    }
    if (shotDir && c.shot) {
      await page.setViewportSize({ width: 1100, height: 1500 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(shotDir, 'playground.png') });
      await page.setViewportSize({ width: 1100, height: 900 });
    }
    await page.click('#play-solution');
    await page.waitForFunction(() => document.body.getAttribute('data-busy') === '0' && document.body.getAttribute('data-done') === '1',
      null, { timeout: 30000 });
    check((await page.textContent('#status')).startsWith(`Solved in ${c.length} moves`), `${c.name}: the page replays the solution to the goal`);
  }

  // --- the same limits: a time limit, and Stop
  const hard = cases[0];
  await openDomain('puzzle', 'tiles', 'size=4x4', '15 14 13 12 11 10 9 8 7 6 5 4 3 2 1 0');
  await page.selectOption('#algo', 'bfs');
  await page.fill('#time-limit', '0.5');
  await page.uncheck('#visualise');
  await page.click('#solve');
  await page.waitForFunction(() => document.getElementById('answer').getAttribute('data-outcome'), null, { timeout: 30000 });
  check(/stopped by time limit/.test(await page.textContent('#answer')), `a 0.5 s time limit stops BFS on a 15-puzzle (${await page.textContent('#answer')})`);
  const first = await page.getAttribute('#legal button', 'data-move');
  await page.click(`#legal button[data-move="${first}"]`);
  await page.fill('#time-limit', '0');
  await page.click('#solve');
  await page.waitForTimeout(400);
  check(await attr('body', 'data-busy') === '1', 'a search without a time limit runs in the worker');
  const s0 = Date.now();
  await page.click('#stop');
  await idle(5000);
  const stopMs = Date.now() - s0;
  check(stopMs < 1000, `Stop ends the search in ${stopMs} ms`);
  await page.waitForFunction(() => document.getElementById('answer').getAttribute('data-outcome') === 'stopped by you', null, { timeout: 5000 });
  check((await page.textContent('#movelist')).includes(first), `after Stop the position is kept (the move ${first} played before)`);
  void hard;

  // --- tic-tac-toe against the perfect bot, the person following the hints
  await openDomain('game', 'tictactoe', '', '');
  await page.selectOption('#side-0', 'person');
  await page.selectOption('#side-1', 'perfect');
  const played = [];
  for (let ply = 0; ply < 9 && (await attr('body', 'data-done')) !== '1'; ply++) {
    await page.evaluate(() => document.getElementById('answer').removeAttribute('data-hint'));
    await page.click('#game-hint');
    await page.waitForFunction(() => document.getElementById('answer').getAttribute('data-hint'), null, { timeout: 30000 });
    const hint = await attr('#answer', 'data-hint');
    // the person clicks the square on the board (the move buttons are the other way)
    const at = await page.evaluate((h) => window.AR.playground.squareCentre(h), hint);
    check(!!at, `tic-tac-toe: the square ${hint} is on the board`);
    if (at) await page.mouse.click(at.x, at.y);
    else await page.click(`#legal button[data-move="${hint}"]`);
    await idle();
    await page.waitForTimeout(50);
    await idle();
  }
  const history = await page.$$eval('#movelist .mv', (s) => s.map((x) => x.textContent));
  played.push(...history);
  const result = await attr('body', 'data-result');
  check((await attr('body', 'data-done')) === '1' && /draw/i.test(result), `tic-tac-toe against the perfect bot: ${result} after ${played.length} plies`);
  check(played.length === 9, `a drawn tic-tac-toe fills the board (${played.join(' ')})`);
  writeFileSync(path.join(outDir, 'tictactoe.json'), JSON.stringify({
    format: 'ariadne-replay', version: 1, game: 'tictactoe', options: {}, players: ['person', 'perfect'], moves: played }) + '\n');
  writeFileSync(path.join(outDir, 'tictactoe.text'), await page.textContent('#board-text'));
  if (shotDir) await page.screenshot({ path: path.join(shotDir, 'playground-tictactoe.png') });

  // --- alpha-beta's tree after b2 and the bot's reply, in the frame, played to its end
  await openDomain('game', 'tictactoe', '', '');
  await page.selectOption('#side-1', 'perfect');
  await page.click('#legal button[data-move="b2"]');
  await page.waitForFunction(() => document.querySelectorAll('#movelist .mv').length === 2, null, { timeout: 30000 });
  await idle();
  await page.click('#analyse');
  await page.waitForFunction(() => document.getElementById('answer').getAttribute('data-outcome'), null, { timeout: 30000 });
  check(/proven value 0/.test(await page.textContent('#answer')), `alpha-beta proves the draw (${await page.textContent('#answer')})`);
  const tree = await searchFrame('tree');
  check(!!tree, "alpha-beta's tree is shown");
  if (tree) {
    await tree.evaluate(() => document.getElementById('vis-last').click());
    const cuts = Number(await tree.getAttribute('#visualiser', 'data-cutoffs'));
    check(cuts > 0, `the tree played to its end shows its cut-offs (${cuts})`);
  }

  // --- chess by two clicks (from, then to), against the default bot
  await openDomain('game', 'chess', '', '');
  await page.fill('#think', '0.1');
  for (const sq of ['e2', 'e4']) {
    const at = await page.evaluate((h) => window.AR.playground.squareCentre(h), sq);
    check(!!at, `chess: the square ${sq} is on the board`);
    if (at) await page.mouse.click(at.x, at.y);
  }
  await page.waitForFunction(() => document.querySelectorAll('#movelist .mv').length >= 2, null, { timeout: 30000 });
  await idle();
  const chess = await page.$$eval('#movelist .mv', (s) => s.map((x) => x.textContent));
  check(/^(e2-?e4|e4)$/.test(chess[0]) && chess.length === 2, `chess: clicking e2 then e4 plays it, and the bot answers (${chess.join(' ')})`);

  // --- a phone-sized window: the board is drawn and nothing runs off the side
  await page.setViewportSize({ width: 390, height: 760 });
  await page.waitForTimeout(200);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
  check(overflow <= 400 && (await boardDrawn()) > 0, `at 390x760 the page fits (${overflow} px wide) and draws the board`);

  // --- a simultaneous game (at the phone's size): the person's move clicked, the bot's chosen at once
  const simultaneous = catalog.games.find((g) => g.name === 'goofspiel') ? 'goofspiel' : null;
  if (simultaneous) {
    await openDomain('game', simultaneous, '', '');
    await page.waitForSelector('#legal button', { timeout: 10000 });
    const before = (await page.$$('#movelist .mv')).length;
    await page.click('#legal button');
    await idle();
    await page.waitForTimeout(100);
    await idle();
    const after = await page.$$eval('#movelist .mv', (s) => s.map((x) => x.textContent));
    check(after.length > before && after.slice(before).some((m) => m.includes('\t')),
          `${simultaneous}: a clicked bid and the bot's are played as one turn (${after.slice(before).join(' | ')})`);
  }

  check(errors.length === 0, `no console errors (${errors.join(' | ')})`);
  check(requests.length === 0, `no network requests (${requests.join(' ')})`);
} finally {
  await browser.close();
}
console.log(`playground: ${passed} passed, ${failures.length} failed`);
process.exit(failures.length ? 1 : 0);
