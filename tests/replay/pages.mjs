// pages.mjs — drives the pages ariadne writes (web/page.html: `solve --html`,
// `replay FILE --html`, `analyse --html --visualise`) in headless Debian
// Chromium through playwright-core:
//   node pages.mjs [--shot-dir DIR] [--width W --height H] PAGE.html[=EXPECTED.txt][@vis] ...
// For every page it checks: no console error and no network request; the
// board is drawn; Step walks every frame (the turn counter and the current
// move follow), then the cells the page rebuilt from its changes equal the
// last frame's cells as written whole (finalCells), and the board's text
// equals EXPECTED.txt (the final position the command line printed); Back,
// Home and End. With @vis, the search visualiser is played to its end
// (each trace panel shows its last expansion; alpha-beta's tree its cut-offs).
// A screenshot of each page at its end goes to --shot-dir (NAME.png).
import { chromium } from 'playwright-core';
import { pathToFileURL } from 'node:url';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { boardPixels } from './board.mjs';

const args = process.argv.slice(2);
let shotDir = null, width = 1000, height = 860;
const pages = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--shot-dir') shotDir = args[++i];
  else if (args[i] === '--width') width = Number(args[++i]);
  else if (args[i] === '--height') height = Number(args[++i]);
  else {
    let spec = args[i], vis = false;
    if (spec.endsWith('@vis')) { vis = true; spec = spec.slice(0, -4); }
    const [html, expected] = spec.split('=');
    pages.push({ html, expected, vis });
  }
}
if (!pages.length) {
  console.error('usage: node pages.mjs [--shot-dir DIR] PAGE.html[=EXPECTED.txt][@vis] ...');
  process.exit(2);
}

let passed = 0;
const failures = [];
function check(cond, what) {
  if (cond) passed++;
  else { failures.push(what); console.error('FAIL: ' + what); }
}

async function testPage(p) {
  const page = await browser.newPage({ viewport: { width, height } });
  const errors = [], requests = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('request', (r) => { if (!r.url().startsWith('file:') && !r.url().startsWith('data:')) requests.push(r.url()); });
  const name = path.basename(p.html);
  await page.goto(pathToFileURL(path.resolve(p.html)).href);
  const n = await page.evaluate(() => window.AR.data.frames.length - 1);
  check(await page.evaluate(() => document.body.getAttribute('data-frame')) === '0', `${name}: opens at the start`);
  const drawn = await boardPixels(page);
  const rows = await page.evaluate(() => window.AR.data.frames[0].rows);
  const caption = await page.evaluate(() => document.getElementById('caption').textContent);
  check(drawn > 0 || (rows === 0 && caption.length > 0), `${name}: the board is drawn (or its text shown)`);
  // step through the frames (a long game: the first 60, then End; the
  // rebuilt cells below check every change up to the end)
  const steps = Math.min(n, 60);
  for (let t = 1; t <= steps; t++) {
    await page.click('#step');
    const frame = await page.evaluate(() => document.body.getAttribute('data-frame'));
    if (frame !== String(t)) { check(false, `${name}: Step shows frame ${t} (shows ${frame})`); break; }
  }
  if (steps < n) await page.click('#last');
  check(await page.evaluate(() => document.body.getAttribute('data-frame')) === String(n), `${name}: the end is frame ${n}`);
  check(await page.evaluate(() => document.getElementById('turn').textContent) === `move ${n} / ${n}`, `${name}: the counter`);
  check(await page.evaluate(() => document.querySelector('#movelist .current').dataset.frame) === String(n), `${name}: the move list follows`);
  const rebuilt = await page.evaluate(() => document.body.getAttribute('data-cells'));
  const whole = await page.evaluate(() => { const d = window.AR.data, f = d.frames[d.frames.length - 1];
    return window.AR.cellsText({ rows: f.rows === undefined ? 0 : f.rows, cols: f.cols, cells: d.finalCells }); });
  check(rebuilt === whole, `${name}: the cells rebuilt from the changes equal the last frame's`);
  const text = await page.evaluate(() => document.getElementById('board-text').textContent);
  if (p.expected) {
    // trailing newlines aside (a text ending in one, as Sarov's does, and the file's own)
    const want = readFileSync(p.expected, 'utf8').replace(/\n+$/, '');
    check(text.replace(/\n+$/, '') === want, `${name}: the final position is the command line's:\n${text}\n--- expected ---\n${want}`);
  }
  check((await page.evaluate(() => document.getElementById('status').textContent)).startsWith('Result: '), `${name}: the result is shown`);
  // back, home, keys
  if (n > 0) {
    await page.click('#back');
    check(await page.evaluate(() => document.body.getAttribute('data-frame')) === String(n - 1), `${name}: Back`);
    await page.keyboard.press('Home');
    check(await page.evaluate(() => document.body.getAttribute('data-frame')) === '0', `${name}: Home`);
    await page.keyboard.press('ArrowRight');
    check(await page.evaluate(() => document.body.getAttribute('data-frame')) === '1', `${name}: the right arrow`);
    await page.keyboard.press('End');
  }
  if (p.vis) {
    const total = await page.evaluate(() => Number(document.getElementById('vis-slider').max));
    check(total > 0, `${name}: the visualiser has steps`);
    const vsteps = Math.min(total, 60);
    for (let k = 1; k <= vsteps; k++) await page.click('#vis-step');
    check(await page.evaluate(() => document.getElementById('visualiser').getAttribute('data-step')) === String(vsteps),
          `${name}: the visualiser steps`);
    if (vsteps < total) await page.click('#vis-last');
    check(await page.evaluate(() => document.getElementById('vis-status').textContent) === 'the search has ended',
          `${name}: the visualiser plays to the end`);
    const stats = await page.evaluate(() => [...document.querySelectorAll('.vis-stats')].map((e) => e.textContent));
    const tree = await page.evaluate(() => !!window.AR.data.tree);
    if (tree) {
      const cuts = await page.evaluate(() => Number(document.getElementById('visualiser').getAttribute('data-cutoffs')));
      const want = await page.evaluate(() => window.AR.data.tree.events.filter((e) => e[0] === 'c').length);
      check(cuts === want && want > 0, `${name}: every cut-off of alpha-beta is drawn (${cuts} of ${want})`);
    } else {
      const nodes = await page.evaluate(() => window.AR.data.traces.map((t) => t.points.filter((p) => typeof p[0] !== 'string').length));
      stats.forEach((s, k) => check(s.startsWith(`expanded ${nodes[k]} / ${nodes[k]}`), `${name}: trace ${k} ends at its last expansion (${s.split('\n')[0]})`));
    }
  }
  check(errors.length === 0, `${name}: no console errors (${errors.join('; ')})`);
  check(requests.length === 0, `${name}: no network requests (${requests.join(' ')})`);
  if (shotDir) await page.screenshot({ path: path.join(shotDir, name.replace(/\.html$/, '.png')), fullPage: true });
  await page.close();
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
         '--disable-sync', '--no-first-run', '--disable-quic'],
});
try {
  for (const p of pages) {
    const before = failures.length;
    await testPage(p);
    console.log(`${p.html}: ${failures.length === before ? 'ok' : 'FAILED'}`);
  }
} finally {
  await browser.close();
}
console.log(`pages: ${passed} passed, ${failures.length} failed`);
process.exit(failures.length ? 1 : 0);
