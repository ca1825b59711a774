// checkers.mjs — drives the page `ariadne replay FILE.json --html OUT.html`
// writes for a checkers replay, in headless Debian Chromium (playwright-core,
// no browser download):
//   node checkers.mjs OUT.html EXPECTED.txt SCREENSHOT.png
// EXPECTED.txt holds the position after every ply, one FEN a line, as the
// program's own rules give it (`ariadne replay FILE --turn T`, in C); the
// page replays the moves with its JavaScript, so the two implementations are
// checked against each other: at every ply of the slider the page's FEN line
// must be the program's. Also: the slider's range is the game's length, Play
// advances, the last ply shows the result, the canvas draws both colours of
// pieces, no console errors, no network request. Exit 0 when all pass.
import { chromium } from 'playwright-core';
import { pathToFileURL } from 'node:url';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const [htmlFile, expectedFile, shotFile] = process.argv.slice(2);
if (!shotFile) {
  console.error('usage: node checkers.mjs OUT.html EXPECTED.txt SCREENSHOT.png');
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
const want = readFileSync(expectedFile, 'utf8').split('\n').filter((l) => l.length > 0);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
const errors = [], requests = [];
page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
page.on('pageerror', (e) => errors.push(String(e)));
page.on('request', (r) => { if (!r.url().startsWith('file:')) requests.push(r.url()); });
await page.goto(pathToFileURL(path.resolve(htmlFile)).href);
const max = Number(await page.getAttribute('#slider', 'max'));
check(max === want.length - 1, `slider range 0..${max}, the game has ${want.length - 1} plies`);
for (let t = 0; t < want.length; t++) {
  await page.evaluate((t) => { const s = document.getElementById('slider'); s.value = t; s.dispatchEvent(new Event('input')); }, t);
  const fen = (await page.textContent('#fen')).trim();
  check(fen === want[t], `ply ${t}: the page shows ${fen}, the program ${want[t]}`);
}
const status = await page.textContent('#status');
check(/wins|Draw/.test(status), `the last ply shows the result ('${status}')`);
await page.evaluate(() => { const s = document.getElementById('slider'); s.value = 0; s.dispatchEvent(new Event('input')); });
const colours = await page.evaluate(() => {
  const c = document.getElementById('board'), d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let dark = 0, light = 0;
  for (let i = 0; i < d.length; i += 4) {
    if (d[i] === 0x2b && d[i + 1] === 0x2b && d[i + 2] === 0x2b) dark++;
    if (d[i] === 0xf2 && d[i + 1] === 0xed && d[i + 2] === 0xe0) light++;
  }
  return { dark, light };
});
check(colours.dark > 200 && colours.light > 200, `pieces of both colours (${colours.dark} and ${colours.light} pixels)`);
await page.click('#play');
await page.waitForTimeout(1000);
check(Number(await page.inputValue('#slider')) > 0, 'play advances');
await page.click('#play');
await page.evaluate((t) => { const s = document.getElementById('slider'); s.value = t; s.dispatchEvent(new Event('input')); }, Math.floor(max / 2));
await page.screenshot({ path: shotFile });
check(errors.length === 0, 'console errors: ' + errors.join('; '));
check(requests.length === 0, 'network requests: ' + requests.join(', '));
await browser.close();
console.log(`checkers page: ${passed} passed, ${failures.length} failed (${want.length - 1} plies)`);
process.exit(failures.length ? 1 : 0);
