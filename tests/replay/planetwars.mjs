// planetwars.mjs — drives the page `ariadne replay FILE.json --html OUT.html`
// writes for a Planet Wars replay, in headless Debian Chromium
// (playwright-core, no browser download):
//   node planetwars.mjs REPLAY.json OUT.html SCREENSHOT.png
// It replays the JSON file's orders with this file's own implementation of
// the contest engine's rules (departure, growth, advancement, battles with
// the tie rule), and checks that at every turn the slider shows, the status
// line's ship and growth totals of both players are the engine's, that the
// slider's range is the game's length, that Play advances the turn, that the
// last turn shows the result, that the canvas draws planets in both players'
// colours, that the console has no errors and that the page makes no network
// request. Exit 0 when all checks pass.
import { chromium } from 'playwright-core';
import { pathToFileURL } from 'node:url';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const [replayFile, htmlFile, shotFile] = process.argv.slice(2);
if (!shotFile) {
  console.error('usage: node planetwars.mjs REPLAY.json OUT.html SCREENSHOT.png');
  process.exit(2);
}
let passed = 0;
const failures = [];
function check(cond, what) {
  if (cond) passed++;
  else {
    failures.push(what);
    console.error('FAIL: ' + what);
  }
}

// The rules, written again here so the page is checked against an
// independent reading of them.
const R = JSON.parse(readFileSync(replayFile, 'utf8'));
const planets = R.map.planets.map((p) => ({ x: p[0], y: p[1], owner: p[2], ships: p[3], growth: p[4] }));
let fleets = [];
const dist = (a, b) => Math.ceil(Math.hypot(planets[a].x - planets[b].x, planets[a].y - planets[b].y));
function totals() {
  const ships = [0, 0, 0], grow = [0, 0, 0];
  for (const p of planets) { ships[p.owner] += p.ships; grow[p.owner] += p.growth; }
  for (const f of fleets) ships[f.owner] += f.ships;
  return { ships, grow };
}
const want = [totals()];
for (const turn of R.orders) {
  let failed = false;
  turn.forEach((list, q) => {
    for (const [s, d, n] of list) {
      if (failed) break;
      const p = planets[s];
      if (!p || !planets[d] || p.owner !== q + 1 || n < 0 || n > p.ships) { failed = true; break; }
      p.ships -= n;
      fleets.push({ owner: q + 1, ships: n, dst: d, left: dist(s, d) });
    }
  });
  if (failed) break;
  for (const p of planets) if (p.owner > 0) p.ships += p.growth;
  for (const f of fleets) if (f.left > 0) f.left--;
  planets.forEach((p, i) => {
    const force = [0, 0, 0];
    force[p.owner] = p.ships;
    for (const f of fleets) if (f.left === 0 && f.dst === i) force[f.owner] += f.ships;
    const order = [0, 1, 2].sort((a, b) => force[b] - force[a]);
    if (force[order[0]] > force[order[1]]) { p.owner = order[0]; p.ships = force[order[0]] - force[order[1]]; }
    else p.ships = 0;
  });
  fleets = fleets.filter((f) => f.left > 0);
  want.push(totals());
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
const errors = [], requests = [];
page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
page.on('pageerror', (e) => errors.push(String(e)));
page.on('request', (r) => { if (!r.url().startsWith('file:')) requests.push(r.url()); });
await page.goto(pathToFileURL(path.resolve(htmlFile)).href);
const max = Number(await page.getAttribute('#turn', 'max'));
check(max === want.length - 1, `slider range 0..${max}, the game has ${want.length - 1} turns`);
for (let t = 0; t < want.length; t++) {
  await page.evaluate((t) => { const s = document.getElementById('turn'); s.value = t; s.dispatchEvent(new Event('input')); }, t);
  const status = await page.textContent('#status');
  const w = want[t];
  const expect = `turn ${t}/${want.length - 1}: P1 ships ${w.ships[1]} (${w.grow[1]}/turn), P2 ships ${w.ships[2]} (${w.grow[2]}/turn)`;
  check(status.startsWith(expect), `turn ${t}: status '${status}', wanted '${expect}'`);
}
check((await page.textContent('#status')).includes(R.result === 'draw' ? 'draw' : `player ${R.result} wins`), 'the last turn shows the result');
// The first turn's picture has both players' colours (blue and red planets).
await page.evaluate(() => { const s = document.getElementById('turn'); s.value = 0; s.dispatchEvent(new Event('input')); });
const colours = await page.evaluate(() => {
  const c = document.getElementById('board'), d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let blue = 0, red = 0;
  for (let i = 0; i < d.length; i += 4) {
    if (d[i] === 0x2f && d[i + 1] === 0x6f && d[i + 2] === 0xdf) blue++;
    if (d[i] === 0xd9 && d[i + 1] === 0x38 && d[i + 2] === 0x2c) red++;
  }
  return { blue, red };
});
check(colours.blue > 50 && colours.red > 50, `planets in both colours (blue ${colours.blue}, red ${colours.red} pixels)`);
await page.click('#play');
await page.waitForTimeout(450);
check(Number(await page.inputValue('#turn')) > 0, 'play advances the turn');
await page.click('#play');
await page.evaluate((t) => { const s = document.getElementById('turn'); s.value = t; s.dispatchEvent(new Event('input')); }, Math.floor(max / 2));
await page.screenshot({ path: shotFile });
check(errors.length === 0, 'console errors: ' + errors.join('; '));
check(requests.length === 0, 'network requests: ' + requests.join(', '));
await browser.close();
console.log(`planetwars page: ${passed} passed, ${failures.length} failed (${want.length - 1} turns)`);
process.exit(failures.length ? 1 : 0);
