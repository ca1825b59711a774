// ants.mjs — drives the Ants replay page (`ariadne replay FILE --html OUT`)
// in headless Debian Chromium through playwright-core:
//   node ants.mjs PAGE.html SCREENSHOT.png EXPECTED_TURN5_BOARD.txt
// Checks: the page loads with no console error and no network request; the
// slider and the step/back/first/last buttons move the turn counter; the
// board at turn 5 is the one `ariadne replay --turn 5` prints; every frame's
// ants and food are where the embedded replay says; the fog toggle for a
// player hides exactly the squares out of that player's sight (recomputed
// here from the replay: within viewradius2 of its ants, on the torus) and
// keeps its own ants; the status shows the result at the last turn.
import { chromium } from 'playwright-core';
import { pathToFileURL } from 'node:url';
import { readFileSync } from 'node:fs';

const [html, shot, expectedPath] = process.argv.slice(2);
if (!html || !shot || !expectedPath) {
  console.error('usage: node ants.mjs PAGE.html SCREENSHOT.png EXPECTED_TURN5_BOARD.txt');
  process.exit(2);
}
let passed = 0;
const failures = [];
const check = (cond, what) => { if (cond) passed++; else { failures.push(what); console.error('FAIL: ' + what); } };

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ viewport: { width: 1000, height: 1000 } });
  const errors = [], requests = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('request', (r) => { if (!r.url().startsWith('file:')) requests.push(r.url()); });
  await page.goto(pathToFileURL(html).href);
  const data = JSON.parse(await page.textContent('#replay-data'));
  const R = data.map.rows, C = data.map.cols, last = data.frames.length - 1;
  const turn = async () => Number(await page.textContent('#turn'));
  const board = async () => (await page.textContent('#board-text'));

  check(await turn() === 0, 'the page opens at turn 0');
  await page.click('#step'); await page.click('#step');
  check(await turn() === 2, 'step twice gives turn 2');
  await page.click('#back');
  check(await turn() === 1, 'back gives turn 1');
  await page.fill('#slider', '5'); await page.dispatchEvent('#slider', 'input');
  check(await turn() === 5, 'the slider goes to turn 5');
  const expected = readFileSync(expectedPath, 'utf8').trimEnd();
  check((await board()) === expected, 'the board at turn 5 is the one `ariadne replay --turn 5` prints');

  // every frame: ants and food where the replay says, nothing else
  let framesOk = true;
  for (let t = 0; t <= last && framesOk; t += Math.max(1, Math.floor(last / 20))) {
    await page.fill('#slider', String(t)); await page.dispatchEvent('#slider', 'input');
    const rows = (await board()).split('\n');
    const f = data.frames[t];
    const want = new Map();
    for (let i = 0; i < f.ants.length; i += 2) want.set(f.ants[i], f.ants[i + 1]);
    for (let r = 0; r < R && framesOk; r++)
      for (let c = 0; c < C; c++) {
        const ch = rows[r][c], sq = r * C + c;
        const ant = (ch >= 'a' && ch <= 'j') ? ch.charCodeAt(0) - 97 : (ch >= 'A' && ch <= 'J') ? ch.charCodeAt(0) - 65 : -1;
        if (want.has(sq) ? ant !== want.get(sq) : ant !== -1) { framesOk = false; break; }
        if ((ch === '*') !== f.food.includes(sq)) { framesOk = false; break; }
      }
    check(framesOk, `turn ${t}: ants and food as in the replay`);
  }

  // fog of war for player 0 at the middle turn
  const mid = Math.floor(last / 2);
  await page.fill('#slider', String(mid)); await page.dispatchEvent('#slider', 'input');
  await page.selectOption('#fog', '0');
  const rows = (await board()).split('\n');
  const r2 = data.settings.viewradius2, f = data.frames[mid];
  const vis = new Uint8Array(R * C);
  for (let i = 0; i < f.ants.length; i += 2) {
    if (f.ants[i + 1] !== 0) continue;
    const r0 = Math.floor(f.ants[i] / C), c0 = f.ants[i] % C;
    for (let r = 0; r < R; r++)
      for (let c = 0; c < C; c++) {
        let dr = Math.abs(r - r0), dc = Math.abs(c - c0);
        dr = Math.min(dr, R - dr); dc = Math.min(dc, C - dc);
        if (dr * dr + dc * dc <= r2) vis[r * C + c] = 1;
      }
  }
  let fogOk = true, hidden = 0;
  for (let r = 0; r < R; r++)
    for (let c = 0; c < C; c++) {
      const ch = rows[r][c], v = vis[r * C + c];
      if (!v && ch !== '?' && ch !== '%') fogOk = false;
      if (v && ch === '?') fogOk = false;
      if (!v) hidden++;
    }
  for (let i = 0; i < f.ants.length; i += 2)
    if (f.ants[i + 1] === 0) {
      const ch = rows[Math.floor(f.ants[i] / C)][f.ants[i] % C];
      if (ch !== 'a' && ch !== 'A') fogOk = false;
    }
  check(fogOk && hidden > 0, 'player 0\'s view hides exactly what it cannot see and shows its ants');
  await page.selectOption('#fog', '-1');
  check(!(await board()).includes('?'), 'the full view hides nothing');

  await page.click('#last');
  check(await turn() === last, 'last goes to the end');
  check((await page.textContent('#status')).includes('final scores ' + data.result.scores.join(', ')), 'the status shows the final scores');
  await page.screenshot({ path: shot });
  check(errors.length === 0, 'no console errors: ' + errors.join('; '));
  check(requests.length === 0, 'no network requests: ' + requests.join(' '));
} finally {
  await browser.close();
}
console.log(`ants.mjs: ${passed} passed, ${failures.length} failed`);
process.exit(failures.length ? 1 : 0);
