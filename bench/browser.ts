// The palette and the lists in the browser (issue 12, targets 4 and 5), in Debian's Chromium
// through Playwright, each side by side with a baseline in the same run and the same browser.
//
// The palette: the real server (a fresh PGlite DATA_DIR with the demo data) and the built app
// (dist/client), signed in, on the offers list. Baseline: cmdk as it comes (its own filtering
// and sorting) over 50,000 items, styled by the same CSS, in a page built by the same Vite
// (bench/browser/palette.tsx); its records are our server's answers to the same queries.
//   - opening: Ctrl+K keydown → the palette's input is in the DOM → the next animation frame;
//   - keystroke, local commands: letters typed one at a time (the first letters of our real
//     command titles, the same letters in the baseline) → the first change inside the result
//     list → the next animation frame. Each key waits for the one before (and for its record
//     search) to settle;
//   - records: the search call's last byte (its Resource Timing responseEnd) → the frame in
//     which the record rows are first in the DOM, in ms and in frames: the frames begun after
//     the answer, that one included (1: the first frame after the answer showed them), plus
//     one for every 16.7 ms that passed with no frame at all (a blocked main thread). Keys are
//     counted in frames the same way. The body reaches the page's script a task or two after
//     responseEnd, and a frame may run in between: a second line counts from that moment
//     (the bench wraps Response.text/json to see it).
// "The next animation frame" is the time of that frame's requestAnimationFrame callback, as in
// bench/homepage.ts; a second figure adds the frame's own style, layout and paint (to a task
// posted from that callback), which matters where thousands of rows enter the DOM at once.
// A key lands anywhere within a frame, so even one that changes nothing waits 0–16.7 ms for the
// next frame: the "floor" line measures that on an idle page (its p95 is about 16 ms).
//
// Every command reachable from every screen (issue 19): the same opening and keystroke figures,
// ours beside the palette of a checkout of the commit before it (--scoped-ref, default 9e1e2a2),
// whose registry listed only the screen's and the global commands and whose filter wanted every
// typed word as a substring; built by the same Vite, served by its own server over the same demo
// data, signed in on the same offers list, the same titles typed. And the matcher alone: every
// command of the app and of the manifest scored for each prefix of the phrase table's phrases, by
// ours (src/commands/match.ts) and by that filter, in one page (bench/browser/match.tsx), per key.
//
// The list: the offers table as the offers screen draws it with nothing open (VirtualList,
// the screen's columns, head and pick boxes; bench/browser/list.tsx) over 100,000 loaded
// synthetic offers, scrolled by setting scrollTop once per animation frame: 100 px per frame
// (a fast wheel) and 800 px per frame (a page per frame, as dragging the scroll bar). A frame
// is the gap between two requestAnimationFrame timestamps; "≤16.7ms" counts the frames that
// made their vsync (gaps under 20 ms: timestamps jitter by a millisecond or two), "over 50ms"
// those over 52 ms (three frame intervals are 50.0 ms give or take the same jitter). Baseline:
// the same head, rows and cells with every row in the DOM, no virtualization: 100,000 rows
// (about 45 s to load on a 2-core machine), 10,000 with --quick; scrolled the same distances.
// Also the renderer main thread's CPU time per frame, steadier than the gaps on a busy machine.
//
// A cell edit (issue 19): in the real app's offers table, an offer's title edited in its cell
// and saved with Enter, timed from that Enter's keydown to the animation frame after the new
// title is in the cell (ours: painted optimistically, before the answer), against the first
// animation frame after the update call's answer arrived (its Resource Timing responseEnd):
// the earliest a table that waits for the server could show it (the baseline; a lower bound,
// as it would still have to render then). Each edit waits for the one before to be answered.
// It also checks that focus stayed on the grid after every save.
//
//   npm run bench:browser              ~7 minutes
//   npm run bench:browser -- --only=cells   the cell edits alone (also: palette, list)
//   npm run bench:browser -- --quick   fewer repetitions, 10,000 plain rows: ~3 minutes
//   BENCH_DEBUG=1 …                    also names the slowest keys (on stderr)
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { searchRecords } from '@contract/search';
import { startServer } from '../e2e/server';
import { freePort } from '../scripts/postgres';
import { pct } from './timing';
import { launchChromium, signIn } from './chromium';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    'scoped-ref': { type: 'string', default: '9e1e2a2' },
    only: { type: 'string' },
  },
});
const QUICK = values.quick;
/** The commit whose palette had the scoped registry (the one before issue 19). */
const SCOPED_REF = values['scoped-ref'];
/** Repetitions of each key's scoring in the matcher bench (the page's clock is coarse). */
const MATCH_REPS = QUICK ? 5 : 20;
/** One part alone (palette, list, cells), or every part. */
const PART = (name: 'palette' | 'list' | 'cells') => !values.only || values.only === name;
/** Cell edits timed (each waits for the last to be answered). */
const CELL_EDITS = QUICK ? 15 : 40;
const ADMIN = { email: 'bench@bench.local', password: 'bench-browser-password' };

const OPENS = 30;
const BASELINE_OPENS = QUICK ? 3 : 12;
/** Command titles typed, and how many of their first letters. */
const TITLES = QUICK ? 5 : 10;
const LETTERS = 7;
/** The baseline types fewer of the same titles: each of its keys takes most of a second. */
const BASELINE_TITLES = QUICK ? 2 : 5;
/** Record searches: words of the demo data (banks, merchants, places, cards). */
const QUERIES = [
  'starbucks',
  'emirates',
  'mashreq',
  'dubai mall',
  'platinum',
  'costa',
  'marina',
  'carrefour',
  'cashback',
  'visa',
  'noon',
  'jumeirah',
].slice(0, QUICK ? 6 : 12);
const BASELINE_QUERIES = QUICK ? 2 : 5;
const ITEMS = 50_000;
const FLOOR_KEYS = 60;
const LIST_ROWS = 100_000;
/** 100,000 plain rows take ~45 s to load here; --quick scrolls 10,000. */
const PLAIN_ROWS: number = QUICK ? 10_000 : 100_000;
const SCROLL_MS = QUICK ? 3_000 : 5_000;
const FRAME_MS = 1000 / 60;
/** A frame that made its vsync: rAF timestamps jitter by a millisecond or two around 16.7 ms. */
const ON_TIME_MS = 20;
/** "Over 50 ms": three frame intervals are 50.0 ms give or take the same jitter. */
const OVER_MS = 52;

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

// What the page records (text: tsx would wrap named functions in a helper the page lacks).
// `open`, `keys`: ms from the keydown to the frame after the change ({ raf, painted }).
// `recs`: when record rows first showed (performance.now() and the frame's timestamp);
// `answers`: search calls' responseEnd; `ticks`: every frame's timestamp while `__loop` is on.
const INSTRUMENT = `(() => {
  const w = window;
  w.__open = []; w.__keys = []; w.__recs = []; w.__answers = []; w.__frame = 0; w.__starts = [];
  let tOpen = 0, tKey = 0, fOpen = 0, fKey = 0, shownRecs = '';
  const mark = (t0, f0, out) => {
    const dom = performance.now() - t0;
    requestAnimationFrame(() => {
      const raf = performance.now() - t0;
      const frames = w.__frame - f0;
      const ch = new MessageChannel();
      ch.port1.onmessage = () => out.push({ dom, raf, frames, painted: performance.now() - t0 });
      ch.port2.postMessage(0);
    });
  };
  document.addEventListener('keydown', (e) => {
    if ((e.ctrlKey || e.metaKey) && e.key === 'k') { tOpen = performance.now(); fOpen = w.__frame; }
    else if (e.key.length === 1 && !e.ctrlKey && !e.metaKey) { tKey = performance.now(); fKey = w.__frame; }
  }, true);
  const recsOf = (list) => [...list.querySelectorAll('[cmdk-item][data-value^="record:"]')].map((e) => e.getAttribute('data-value')).join('|');
  new MutationObserver((records) => {
    if (tOpen && document.querySelector('[cmdk-input]')) { mark(tOpen, fOpen, w.__open); tOpen = 0; }
    const list = document.querySelector('[cmdk-list]');
    if (!list || !records.some((r) => list.contains(r.target))) return;
    if (tKey) { mark(tKey, fKey, w.__keys); tKey = 0; }
    const now = recsOf(list);
    if (now !== shownRecs) {
      shownRecs = now;
      const dom = performance.now();
      if (now) requestAnimationFrame((ts) => w.__recs.push({ dom, raf: performance.now(), ts, starts: w.__starts.slice() }));
    }
  }).observe(document.body, { childList: true, subtree: true, attributes: true });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) if (e.name.includes('search')) w.__answers.push(e.responseEnd);
  }).observe({ type: 'resource' });
  // When the page's script got the answer's body (a task after responseEnd, which a frame can precede).
  w.__bodies = [];
  for (const m of ['text', 'json']) {
    const read = Response.prototype[m];
    Response.prototype[m] = function () {
      const url = this.url;
      return read.call(this).then((v) => { if (url.includes('search')) w.__bodies.push(performance.now()); return v; });
    };
  }
  // Every frame counted (registered first in its frame, so a mark's callback sees its frame counted).
  // The last frames' start times too (their vsync), to count the frames begun after an answer.
  const loop = (ts) => { w.__frame++; w.__starts.push(ts); if (w.__starts.length > 120) w.__starts.shift(); requestAnimationFrame(loop); };
  requestAnimationFrame(loop);
})()`;

interface Mark {
  /** ms from the keydown to the change in the DOM (the work, before any frame). */
  dom: number;
  /** ms to the next animation frame's callback after the change. */
  raf: number;
  /** Frames begun since the keydown, that one included (1: the first frame after the key). */
  frames: number;
  /** ms to a task posted from that callback: after the frame's style, layout and paint. */
  painted: number;
}

async function until(page: Page, what: string, test: () => Promise<boolean>, ms = 15_000) {
  for (const deadline = Date.now() + ms; !(await test());) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await page.waitForTimeout(5);
  }
}

/** The page's queued work done (a frame, then a task after it): the next key starts from a quiet page. */
const settle = (page: Page) => page.evaluate('new Promise((r) => requestAnimationFrame(() => setTimeout(r, 30)))');
const count = async (page: Page, name: string) => (await page.evaluate(`window.${name}.length`)) as number;
const paletteShown = async (page: Page) => (await page.locator('[cmdk-input]').count()) > 0;

/** Ctrl+K `n` times, each to the input painted, then Escape and wait for it to close. */
async function opens(page: Page, n: number): Promise<Mark[]> {
  await page.evaluate('window.__open = []');
  for (let i = 0; i < n; i++) {
    await page.keyboard.press('Control+k');
    await until(page, 'the palette to open', async () => (await count(page, '__open')) > i, 60_000);
    await page.waitForTimeout(100);
    await page.keyboard.press('Escape');
    await until(page, 'the palette to close', async () => !(await paletteShown(page)), 60_000);
    await page.waitForTimeout(100);
  }
  return (await page.evaluate('window.__open')) as Mark[];
}

/**
 * The floor of any keystroke figure: keydown → the next animation frame on a page where the
 * key does nothing (the baseline page, its palette closed), keys spaced irregularly.
 */
async function keyFloor(page: Page, n: number): Promise<number[]> {
  await page.evaluate(
    `window.__floor = []; document.addEventListener('keydown', () => { const t0 = performance.now(); requestAnimationFrame(() => window.__floor.push(performance.now() - t0)); })`,
  );
  for (let i = 0; i < n; i++) {
    await page.keyboard.press('x');
    await page.waitForTimeout(40 + ((i * 37) % 50));
  }
  return (await page.evaluate('window.__floor')) as number[];
}

/** Tracks the page's record searches in flight (ours and the baseline's). */
function inFlight(page: Page) {
  let n = 0;
  const isSearch = (url: string) => url.includes('search');
  page.on('request', (r) => isSearch(r.url()) && n++);
  page.on('requestfinished', (r) => isSearch(r.url()) && n--);
  page.on('requestfailed', (r) => isSearch(r.url()) && n--);
  return () => n;
}

/** Each title's first letters typed one at a time in a fresh palette; every key waits for the last to settle. */
async function keystrokes(page: Page, titles: string[], searching: () => number): Promise<Mark[]> {
  await page.evaluate('window.__keys = []');
  let expected = 0;
  for (const title of titles) {
    await page.keyboard.press('Control+k');
    await until(page, 'the palette to open', () => paletteShown(page), 60_000);
    await page.waitForTimeout(150);
    for (const ch of title.slice(0, LETTERS).toLowerCase()) {
      await page.keyboard.press(ch === ' ' ? 'Space' : ch);
      expected++;
      await until(page, `the results for “${ch}”`, async () => (await count(page, '__keys')) >= expected, 60_000);
      // The record search goes out 150 ms after a key: let it come back before the next key.
      await page.waitForTimeout(200);
      await until(page, 'the record search', async () => searching() === 0, 30_000);
      await settle(page);
    }
    await page.keyboard.press('Escape');
    await until(page, 'the palette to close', async () => !(await paletteShown(page)), 60_000);
  }
  const marks = (await page.evaluate('window.__keys')) as Mark[];
  if (process.env.BENCH_DEBUG) {
    const typed = titles.flatMap((t) =>
      [...t.slice(0, LETTERS).toLowerCase()].map((_, i) => t.slice(0, i + 1).toLowerCase()),
    );
    const slow = marks.map((m, i) => ({ ...m, typed: typed[i] })).sort((a, b) => b.raf - a.raf);
    console.error(
      `slowest keys: ${slow
        .slice(0, 8)
        .map((m) => `“${m.typed}” ${ms(m.dom)}/${ms(m.raf)}`)
        .join(', ')}`,
    );
  }
  return marks;
}

/**
 * Each query typed into a fresh palette; after its answer, the time until the record rows were
 * in the DOM and until the frame that showed them. Queries that showed no records are left out.
 */
async function records(
  page: Page,
  queries: string[],
  searching: () => number,
): Promise<{
  dom: number[];
  raf: number[];
  frames: number[];
  inScript: number[];
  scriptRaf: number[];
  missed: string[];
}> {
  const frames: number[] = [];
  /** The same from the moment the page's script had the answer's body. */
  const inScript: number[] = [];
  const scriptRaf: number[] = [];
  const dom: number[] = [];
  const raf: number[] = [];
  const missed: string[] = [];
  for (const q of queries) {
    await page.keyboard.press('Control+k');
    await until(page, 'the palette to open', () => paletteShown(page), 60_000);
    await page.waitForTimeout(150);
    await page.evaluate('window.__recs = []; window.__answers = []; window.__bodies = []');
    await page.keyboard.type(q, { delay: 20 });
    // Every key handled (the baseline takes seconds per key), the search asked and answered.
    await until(
      page,
      'the keys to be handled',
      async () => (await page.locator('[cmdk-input]').inputValue()) === q,
      120_000,
    );
    await page.waitForTimeout(200);
    await until(page, 'the record search', async () => searching() === 0, 30_000);
    const read = async () =>
      (await page.evaluate(`({ recs: window.__recs, answers: window.__answers, bodies: window.__bodies })`)) as {
        recs: { dom: number; raf: number; ts: number; starts: number[] }[];
        answers: number[];
        bodies: number[];
      };
    const settled = async () => {
      const { recs, answers } = await read();
      return answers.length > 0 && recs.some((x) => x.dom > answers.at(-1)!);
    };
    await until(page, 'the records', settled, 20_000).catch(() => undefined); // some queries find nothing
    const r = await read();
    // The last answer is the one for the whole query; the rows that showed after it are its.
    const answer = r.answers.at(-1);
    const shown = answer === undefined ? undefined : r.recs.find((x) => x.dom > answer);
    if (answer === undefined || !shown) missed.push(`${q} (${r.answers.length} answers, ${r.recs.length} changes)`);
    else {
      dom.push(shown.dom - answer);
      raf.push(shown.raf - answer);
      // A frame begins at its vsync; one still waiting for the main thread when the answer came counts as after it.
      const begun = (after: number) =>
        Math.max(1, new Set([...shown.starts, shown.ts].filter((t) => t > after && t <= shown.ts)).size);
      frames.push(begun(answer));
      const body = r.bodies.at(-1) ?? answer;
      inScript.push(begun(body));
      scriptRaf.push(shown.raf - body);
    }
    await page.keyboard.press('Escape');
    await until(page, 'the palette to close', async () => !(await paletteShown(page)), 60_000);
  }
  return { dom, raf, frames, inScript, scriptRaf, missed };
}

/**
 * The table at `url` loaded, then scrolled `step` px per frame: the gaps between frames, and
 * the renderer main thread's CPU time per frame (Chromium's ThreadTime), which a busy machine
 * disturbs less than the gaps.
 */
async function scroll(
  page: Page,
  url: string,
  steps: number[],
): Promise<{ loadMs: number; gaps: Map<number, number[]>; cpu: Map<number, number> }> {
  await page.goto(url);
  await until(
    page,
    'the table to load',
    async () => ((await page.evaluate('window.benchMounted ?? 0')) as number) > 0,
    600_000,
  );
  const loadMs = (await page.evaluate('window.benchMounted')) as number;
  await page.waitForTimeout(500);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const threadTime = async () =>
    (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ThreadTime')?.value ?? NaN;
  const gaps = new Map<number, number[]>();
  const cpu = new Map<number, number>();
  for (const step of steps) {
    await page.evaluate(`document.querySelector('.vlist').scrollTop = 0`);
    await page.waitForTimeout(300);
    const t0 = await threadTime();
    const g = (await page.evaluate(`window.benchScroll(${step}, ${SCROLL_MS})`)) as number[];
    cpu.set(step, (((await threadTime()) - t0) * 1000) / g.length);
    gaps.set(step, g);
  }
  await cdp.detach();
  return { loadMs, gaps, cpu };
}

/**
 * The app at `ref` in `dir` (git archive, our node_modules linked), built by its own Vite config:
 * the palette as it was, to run beside ours.
 */
function checkout(ref: string, dir: string) {
  fs.mkdirSync(dir, { recursive: true });
  const tar = `${dir}.tar`;
  execFileSync('git', ['archive', '--format=tar', '-o', tar, ref]);
  execFileSync('tar', ['-xf', tar, '-C', dir]);
  fs.rmSync(tar);
  fs.symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'));
  execFileSync(path.join('node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], {
    cwd: dir,
    stdio: 'inherit',
  });
}

/** Signed in through the form, on the offers list, the page instrumented. */
async function onOffers(page: Page, url: string) {
  await page.goto(`${url}/admin/login`);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/admin\/?$/);
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  await page.goto(`${url}/admin/offer-list`);
  // Its rows: a grid's while it is the full-width table, a listbox's beside an open record.
  await page
    .locator(
      ':is([role="grid"], [role="listbox"])[aria-label="Offers"] :is([role="option"], [role="rowgroup"] > [role="row"])',
    )
    .first()
    .waitFor();
  await page.evaluate(INSTRUMENT);
}

/** The palette's rows with nothing typed (recents aside): what it lists here. */
async function rowsListed(page: Page): Promise<string[]> {
  await page.keyboard.press('Control+k');
  await until(page, 'the palette', () => paletteShown(page));
  // Every screen's commands arrive when the browser is idle or the palette opens: let them.
  await page.waitForTimeout(1000);
  const titles = await page.locator('[cmdk-item]:not([data-value^="recent:"]) .palette-title').allTextContents();
  await page.keyboard.press('Escape');
  await until(page, 'the palette to close', async () => !(await paletteShown(page)));
  return titles;
}

// What the page records for the cell edits. `__cell`: per Enter that saved a title, ms to the
// new title in the DOM (`dom`) and to the next animation frame after it (`raf`), and the role
// of the focused element then; `__answers`: the update calls' responseEnd; `__nows`: the time
// every animation frame callback ran (the first after an answer is the baseline's frame).
const CELL_INSTRUMENT = `(() => {
  const w = window;
  w.__cell = []; w.__answers = []; w.__nows = [];
  let t0 = 0, want = '';
  document.addEventListener('keydown', (e) => {
    const t = e.target;
    if (e.key === 'Enter' && t instanceof HTMLInputElement && t.closest('[role="grid"]')) { t0 = performance.now(); want = t.value; }
  }, true);
  const shown = () => [...document.querySelectorAll('[role="grid"] [data-col="title"]')].some((c) => !c.querySelector('input') && c.textContent === want);
  new MutationObserver(() => {
    if (!t0 || !shown()) return;
    const start = t0;
    const dom = performance.now() - start;
    t0 = 0;
    requestAnimationFrame(() => w.__cell.push({ start, dom, raf: performance.now() - start, focus: document.activeElement && document.activeElement.getAttribute('role') }));
  }).observe(document.body, { childList: true, subtree: true, characterData: true });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) if (e.name.includes('update_offer')) w.__answers.push(e.responseEnd);
  }).observe({ type: 'resource' });
  const loop = () => { w.__nows.push(performance.now()); if (w.__nows.length > 2000) w.__nows.shift(); requestAnimationFrame(loop); };
  requestAnimationFrame(loop);
})()`;

interface CellMark {
  start: number;
  dom: number;
  raf: number;
  focus: string | null;
}

/**
 * `n` titles edited in the offers table by keyboard (Enter, select all, type, Enter: saved,
 * the cursor a row down), each after the last was answered: ours (Enter → the frame showing
 * the new title) and the baseline (Enter → the first frame after the server's answer).
 */
async function cellEdits(
  page: Page,
  n: number,
): Promise<{ ours: number[]; baseline: number[]; dom: number[]; focused: number }> {
  const grid = page.getByRole('grid', { name: 'Offers' });
  await grid.getByRole('rowgroup').getByRole('row').first().waitFor();
  await grid.focus();
  await page.evaluate(CELL_INSTRUMENT);
  await page.keyboard.press('j');
  await page.keyboard.press('Home'); // the title: the row's first cell
  const tag = Date.now().toString(36);
  for (let i = 0; i < n; i++) {
    await page.keyboard.press('Enter');
    await grid.getByRole('textbox', { name: 'Title' }).waitFor();
    await page.keyboard.press('Control+a');
    await page.keyboard.type(`Bench cell edit ${tag} ${i}`);
    await settle(page);
    await page.keyboard.press('Enter');
    await until(
      page,
      'the edit to show and be answered',
      async () => (await count(page, '__cell')) > i && (await count(page, '__answers')) > i,
      30_000,
    );
    await settle(page);
  }
  const { cell, answers, nows } = (await page.evaluate(
    '({ cell: window.__cell, answers: window.__answers, nows: window.__nows })',
  )) as { cell: CellMark[]; answers: number[]; nows: number[] };
  const baseline = cell.map((m, i) => (nows.find((t) => t >= answers[i]) ?? NaN) - m.start);
  return {
    ours: cell.map((m) => m.raf),
    baseline,
    dom: cell.map((m) => m.dom),
    focused: cell.filter((m) => m.focus === 'grid').length,
  };
}

/** The harness pages, built by the same Vite into a temporary folder. */
function buildHarness(outDir: string) {
  execFileSync(
    path.join('node_modules', '.bin', 'vite'),
    ['build', '--config', 'bench/browser/vite.config.ts', '--outDir', outDir, '--logLevel', 'warn'],
    { stdio: 'inherit' },
  );
}

/** Serves the harness, and /search.json as our server answers the same search (each query asked once). */
async function serveHarness(dir: string, api: string, token: string) {
  const answers = new Map<string, Buffer>();
  const port = await freePort();
  const serve = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/search.json') {
      const q = url.searchParams.get('query') ?? '';
      try {
        if (!answers.has(q)) {
          const r = await fetch(`${api}${searchRecords.path}?query=${encodeURIComponent(q)}&limit=5`, {
            headers: { authorization: `Bearer ${token}` },
          });
          answers.set(q, Buffer.from(await r.arrayBuffer()));
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end(answers.get(q));
      } catch {
        res.writeHead(502).end(); // the run is over: the server has stopped
      }
      return;
    }
    const file = path.join(dir, path.normalize(url.pathname));
    if (!file.startsWith(dir) || !fs.existsSync(file) || !fs.statSync(file).isFile())
      return void res.writeHead(404).end();
    const type = file.endsWith('.html')
      ? 'text/html'
      : file.endsWith('.js')
        ? 'text/javascript'
        : file.endsWith('.css')
          ? 'text/css'
          : 'application/octet-stream';
    res.writeHead(200, { 'content-type': type }).end(fs.readFileSync(file));
  };
  // A request that fails says so in the bench's output and answers 500, instead of leaving the page waiting.
  const server = http.createServer((req, res) => {
    serve(req, res).catch((e: unknown) => {
      console.error(`harness: ${req.url}:`, e);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const ms = (x: number | undefined) =>
  x === undefined || Number.isNaN(x) ? 'n/a' : x >= 100 ? `${Math.round(x)}ms` : `${x.toFixed(1)}ms`;
const ratio = (ours: number, base: number) => (base > 0 ? (ours / base).toPrecision(2) : 'n/a');
const onTime = (gaps: number[]) => (100 * gaps.filter((g) => g < ON_TIME_MS).length) / gaps.length;
const pctText = (x: number) => `${x >= 99.95 ? 100 : x.toFixed(1)}%`;

async function main() {
  if (!fs.existsSync(path.join('dist', 'client', 'index.html'))) {
    console.log('(building the app: npx vite build)');
    execFileSync(path.join('node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], { stdio: 'inherit' });
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-admin-bench-browser-'));
  const harnessDir = path.join(tmp, 'harness');
  buildHarness(harnessDir);
  const dataDir = path.join(tmp, 'data');
  const server = await startServer({ DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  const browser = await launchChromium(CHROMIUM_ARGS);
  let harness: Awaited<ReturnType<typeof serveHarness>> | undefined;
  let scopedServer: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const token = await signIn(server.url, ADMIN);
    harness = await serveHarness(harnessDir, server.url, token);
    console.log(
      `browser: Chromium ${browser.version()}, ${os.cpus().length} cores${QUICK ? ', --quick' : ''}; the palette on the demo data (PGlite), the lists over synthetic offers`,
    );

    // ---- ours: the app, signed in, on the offers list ----
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const ourSearches = inFlight(page);
    await onOffers(page, server.url);

    const line = (name: string, o: number[], b: number[], p: number) =>
      console.log(`${name}: ours=${ms(pct(o, p))} baseline=${ms(pct(b, p))} ratio=${ratio(pct(o, p), pct(b, p))}`);
    if (PART('cells')) {
      const edits = await cellEdits(page, CELL_EDITS);
      console.log(
        `cell edit: ${edits.ours.length} titles saved with Enter in the offers table; ours: Enter → the frame showing the new title (optimistic); baseline: Enter → the first frame after the server's answer`,
      );
      line('cell edit paint p50', edits.ours, edits.baseline, 50);
      line('cell edit paint p95', edits.ours, edits.baseline, 95);
      console.log(
        `cell edit (Enter → the new title in the DOM, before its frame): ours p50=${ms(pct(edits.dom, 50))} p95=${ms(pct(edits.dom, 95))}`,
      );
      console.log(`cell edit: focus on the grid after ${edits.focused} of ${edits.ours.length} saves`);
      await page.goto(`${server.url}/admin/offer-list`);
      await page.locator(':is([role="grid"], [role="listbox"])[aria-label="Offers"]').first().waitFor();
      await page.evaluate(INSTRUMENT);
    }
    if (!PART('palette')) await page.close();
    if (PART('palette')) {
      // The titles typed: every command the palette lists here, spread over the alphabet.
      const listed = await rowsListed(page);
      const all = listed.filter((t) => t.replace(/\W/g, '').length >= LETTERS);
      const sorted = [...new Set(all)].sort();
      const titles = Array.from(
        { length: Math.min(TITLES, sorted.length) },
        (_, i) => sorted[Math.floor((i * sorted.length) / TITLES)],
      );

      const oursOpen = await opens(page, OPENS);
      const oursKeys = await keystrokes(page, titles, ourSearches);
      const oursRecs = await records(page, QUERIES, ourSearches);
      await page.close();

      // ---- the matcher alone, beside the filter it replaced ----
      const matchPage = await browser.newPage();
      await matchPage.goto(`${harness.url}/match.html`);
      await matchPage.getByText('ready').waitFor();
      const matched = (await matchPage.evaluate(`window.benchMatch(${MATCH_REPS})`)) as {
        rows: number;
        keys: number;
        ours: number[];
        base: number[];
        matchedOurs: number;
        matchedBase: number;
      };
      await matchPage.close();

      // ---- the scoped registry: the palette of SCOPED_REF, its own server, the same steps ----
      console.log(`(building the palette of ${SCOPED_REF} for the scoped-registry baseline)`);
      const scopedDir = path.join(tmp, 'scoped');
      checkout(SCOPED_REF, scopedDir);
      scopedServer = await startServer(
        { DATA_DIR: path.join(tmp, 'scoped-data'), ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
        scopedDir,
      );
      const scoped = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      const scopedSearches = inFlight(scoped);
      await onOffers(scoped, scopedServer.url);
      const scopedListed = await rowsListed(scoped);
      const scopedOpen = await opens(scoped, OPENS);
      const scopedKeys = await keystrokes(scoped, titles, scopedSearches);
      await scoped.close();

      // ---- the baseline: cmdk over 50,000 items ----
      const base = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      const baseSearches = inFlight(base);
      await base.goto(`${harness.url}/palette.html?items=${ITEMS}&titles=${encodeURIComponent(JSON.stringify(all))}`);
      await base.locator('body').waitFor();
      await base.evaluate(INSTRUMENT);
      const floor = await keyFloor(base, FLOOR_KEYS);
      const baseOpen = await opens(base, BASELINE_OPENS);
      const baseKeys = await keystrokes(base, titles.slice(0, BASELINE_TITLES), baseSearches);
      const baseRecs = await records(base, QUERIES.slice(0, BASELINE_QUERIES), baseSearches);
      await base.close();

      const of = <K extends keyof Mark>(m: Mark[], k: K) => m.map((x) => x[k]);
      /**
       * Frames from an event to the frame that showed its result: the frames begun after it, that
       * one included, and every 16.7 ms that passed with no frame at all (a blocked main thread).
       */
      const framesOf = (begun: number[], after: number[]) =>
        begun.map((n, i) => Math.max(1, n, Math.floor(after[i] / FRAME_MS)));
      const frameText = (xs: number[], p: number) => {
        const n = pct(xs, p);
        return n === undefined ? 'n/a' : `${n} frame${n === 1 ? '' : 's'}`;
      };
      const frameLine = (name: string, o: number[], b: number[], p: number) =>
        console.log(
          `${name}: ours=${frameText(o, p)} baseline=${frameText(b, p)} ratio=${ratio(pct(o, p), pct(b, p))}`,
        );
      console.log(
        `palette: ${OPENS} opens, ${oursKeys.length} keys (${titles.length} titles × ${LETTERS} letters), ${oursRecs.raf.length} record searches; baseline ${baseOpen.length} opens, ${baseKeys.length} keys, ${baseRecs.raf.length} searches over ${ITEMS.toLocaleString('en')} items`,
      );
      line('palette open p50', of(oursOpen, 'raf'), of(baseOpen, 'raf'), 50);
      line('palette open p95', of(oursOpen, 'raf'), of(baseOpen, 'raf'), 95);
      line(
        'palette open p95 (to the end of that frame: style, layout, paint)',
        of(oursOpen, 'painted'),
        of(baseOpen, 'painted'),
        95,
      );
      line('palette keystroke local p50', of(oursKeys, 'raf'), of(baseKeys, 'raf'), 50);
      line('palette keystroke local p95', of(oursKeys, 'raf'), of(baseKeys, 'raf'), 95);
      line(
        'palette keystroke local p95 (keydown → results in the DOM, before their frame)',
        of(oursKeys, 'dom'),
        of(baseKeys, 'dom'),
        95,
      );
      line(
        'palette keystroke local p95 (to the end of that frame: style, layout, paint)',
        of(oursKeys, 'painted'),
        of(baseKeys, 'painted'),
        95,
      );
      frameLine(
        'palette keystroke local p95 in frames',
        framesOf(of(oursKeys, 'frames'), of(oursKeys, 'raf')),
        framesOf(of(baseKeys, 'frames'), of(baseKeys, 'raf')),
        95,
      );
      // A key lands anywhere in a frame: with no work at all, the next frame is 0–16.7 ms away.
      console.log(
        `palette keystroke floor (keydown → next frame, nothing to do): p50=${ms(pct(floor, 50))} p95=${ms(pct(floor, 95))}`,
      );
      const [oRec, bRec] = [framesOf(oursRecs.frames, oursRecs.raf), framesOf(baseRecs.frames, baseRecs.raf)];
      console.log(
        `palette records after answer: ours=${frameText(oRec, 95)} baseline=${frameText(bRec, 95)} ratio=${ratio(pct(oRec, 95), pct(bRec, 95))} (p95; p50 ours=${frameText(oRec, 50)})`,
      );
      line('palette records after answer p50 (answer → their frame)', oursRecs.raf, baseRecs.raf, 50);
      line('palette records after answer p95 (answer → their frame)', oursRecs.raf, baseRecs.raf, 95);
      line(
        'palette records after answer p95 (answer → records in the DOM, before their frame)',
        oursRecs.dom,
        baseRecs.dom,
        95,
      );
      const [oScript, bScript] = [
        framesOf(oursRecs.inScript, oursRecs.scriptRaf),
        framesOf(baseRecs.inScript, baseRecs.scriptRaf),
      ];
      console.log(
        `palette records after the page's script got the answer: ours=${frameText(oScript, 95)} baseline=${frameText(bScript, 95)} ratio=${ratio(pct(oScript, 95), pct(bScript, 95))} (p95; ${ms(pct(oursRecs.scriptRaf, 95))} and ${ms(pct(baseRecs.scriptRaf, 95))} to their frame)`,
      );
      if (oursRecs.missed.length || baseRecs.missed.length)
        console.log(
          `  (no records shown for: ours ${oursRecs.missed.join(', ') || '—'}; baseline ${baseRecs.missed.join(', ') || '—'})`,
        );

      // Every command reachable from every screen, beside the scoped registry it replaced.
      const scopedName = `the scoped registry of ${SCOPED_REF}`;
      console.log(
        `palette reach: rows listed on the offers list with nothing typed: ours=${listed.length} baseline=${scopedListed.length} (baseline: ${scopedName}); ${scopedKeys.length} keys each`,
      );
      line(
        `palette open p50, every command reachable (baseline: ${scopedName})`,
        of(oursOpen, 'raf'),
        of(scopedOpen, 'raf'),
        50,
      );
      line(
        `palette open p95, every command reachable (baseline: ${scopedName})`,
        of(oursOpen, 'raf'),
        of(scopedOpen, 'raf'),
        95,
      );
      line(
        `palette keystroke local p50, every command reachable (baseline: ${scopedName})`,
        of(oursKeys, 'raf'),
        of(scopedKeys, 'raf'),
        50,
      );
      line(
        `palette keystroke local p95, every command reachable (baseline: ${scopedName})`,
        of(oursKeys, 'raf'),
        of(scopedKeys, 'raf'),
        95,
      );
      frameLine(
        `palette keystroke local p95 in frames, every command reachable (baseline: ${scopedName})`,
        framesOf(of(oursKeys, 'frames'), of(oursKeys, 'raf')),
        framesOf(of(scopedKeys, 'frames'), of(scopedKeys, 'raf')),
        95,
      );
      const us = (x: number | undefined) => (x === undefined ? 'n/a' : `${(x * 1000).toFixed(0)}µs`);
      for (const p of [50, 95]) {
        console.log(
          `palette match per key over ${matched.rows} commands p${p} (baseline: every word a substring, then cmdk's defaultFilter): ours=${us(pct(matched.ours, p))} baseline=${us(pct(matched.base, p))} ratio=${ratio(pct(matched.ours, p) ?? 0, pct(matched.base, p) ?? 0)}`,
        );
      }
      console.log(
        `  (${matched.keys} keys: every prefix of the phrase table's phrases, each scored ${MATCH_REPS} times; on the last key ours matched ${matched.matchedOurs} rows, the baseline ${matched.matchedBase})`,
      );
    }

    // ---- the list: 100,000 rows virtualized, against plain rows ----
    if (PART('list')) {
      const list = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      const steps = [100, 800];
      const ours = await scroll(list, `${harness.url}/list.html?mode=virtual&rows=${LIST_ROWS}`, steps);
      const plain = await scroll(list, `${harness.url}/list.html?mode=plain&rows=${PLAIN_ROWS}`, steps);
      await list.close();
      const rows = `${(LIST_ROWS / 1000).toFixed(0)}k`;
      const plainNote = PLAIN_ROWS === LIST_ROWS ? '' : ` (baseline: ${PLAIN_ROWS.toLocaleString('en')} plain rows)`;
      console.log(
        `list: ${LIST_ROWS.toLocaleString('en')} rows loaded in ${ms(ours.loadMs)}, baseline ${PLAIN_ROWS.toLocaleString('en')} plain rows in ${ms(plain.loadMs)}; scrolled ${SCROLL_MS / 1000} s at each speed`,
      );
      for (const step of steps) {
        const [o, b] = [ours.gaps.get(step)!, plain.gaps.get(step)!];
        const speed = step === steps[0] ? '' : ` (${step} px per frame)`;
        const worst = (g: number[]) => Math.max(...g);
        const over = (g: number[]) => g.filter((x) => x > OVER_MS).length;
        if (step === steps[0])
          console.log(`list scroll: ${step} px per frame unless named; frames: ours ${o.length}, baseline ${b.length}`);
        console.log(
          `list scroll ${rows}${speed} frames ≤16.7ms: ours=${pctText(onTime(o))} baseline=${pctText(onTime(b))}${plainNote}`,
        );
        console.log(
          `list scroll ${rows}${speed} worst frame: ours=${ms(worst(o))} baseline=${ms(worst(b))} ratio=${ratio(worst(o), worst(b))}`,
        );
        console.log(`list scroll ${rows}${speed} frames over 50ms: ours=${over(o)} baseline=${over(b)}`);
        line(
          `list scroll ${rows}${speed} main-thread CPU per frame`,
          [ours.cpu.get(step)!],
          [plain.cpu.get(step)!],
          50,
        );
      }
      console.log(
        `(a frame is ${FRAME_MS.toFixed(1)} ms at 60 Hz; "≤16.7ms" counts gaps under ${ON_TIME_MS} ms between animation frames, "over 50ms" gaps over ${OVER_MS} ms: timestamps jitter)`,
      );
    }
  } finally {
    await browser.close();
    await harness?.close();
    await server.stop();
    await scopedServer?.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
