// Bytes (issue 12, target 3): what the browser downloads for the sign-in page and for the
// signed-in shell, side by side with a minimal react-admin app built by the same Vite in the
// same run (bench/react-admin/), in Debian's Chromium against the real server.
//
//   npm run bench:bytes                (-- --no-build: measure dist/client as it is; -- --detail:
//                                       every file of each page; --quick: the same run, which
//                                       takes well under a minute anyway)
//
// What is counted, exactly:
// - The files: every response of resource type script, stylesheet or font that the page got
//   (index.html itself, API calls and images are not counted), recorded from a cold cache
//   (a fresh browser context) until the page shows what it is for and the network has been
//   quiet for 500 ms.
// - Their size: the gzip size of each response's body as Chromium decoded it, at level 9
//   (zlib.gzipSync): for our hashed assets byte for byte the .gz our build writes beside each
//   (vite.config.ts `precompress`) and our server sends to a browser that accepts gzip only;
//   /admin/theme.js (half a KB, not hashed) is counted the same though it is sent as it is.
//   Chromium itself asks for and gets brotli, smaller still: the "on the wire" line. The
//   baseline's files are measured the same way. KB = 1024 bytes.
// - The sign-in page: /admin/login until its form shows and the network is quiet. The page
//   starts fetching the signed-in shell when the browser is idle (src/app/App.tsx,
//   requestIdleCallback), for the moment the admin signs in; that prefetch is no part of the
//   sign-in page's own download, so the bench holds the page's idle callbacks until the
//   sign-in page is measured, then lets them run and reports what they fetched on a line of
//   its own. (requestIdleCallback is held, nothing else: a page that needed the file to show
//   would still fetch it before the form shows.)
// - The signed-in shell: after signing in through the form, a fresh context with only that
//   session (cold cache) opens /admin/ and waits for the dashboard's counts: everything
//   (entry, shell, its own commands, dashboard) that showing the signed-in dashboard needs.
//   Here too the idle callbacks wait until then: the shell fetches every screen's commands and
//   the palette and sonner when idle (src/app/installCommands.ts, src/app/Shell.tsx), reported
//   on a line of their own.
// - The baseline: bench/react-admin (react-admin with ra-data-fakerest, one resource listed by
//   ListGuesser), installed on first run (npm ci --prefix bench/react-admin), built with this
//   project's Vite and React plugin, served by `vite preview`, opened at / until its list
//   shows and the network is quiet. It has no sign-in page, so its one total is the baseline
//   of both lines.
// - Compressed + immutable: each hashed asset (/admin/assets/…) our pages loaded must come
//   with a content-encoding (br or gzip; unless gzip would not make it smaller) and with
//   `cache-control: …immutable`; the baseline's (vite preview) likewise, for comparison (the
//   ratio of the two shares, "inf" when the baseline has none).
// - Screen code stays on its screen: the built assets holding dnd-kit, uPlot, tiptap
//   (ProseMirror), papaparse and chrono-node (the date fields' parser), found by a string each
//   library's minified code keeps, must not be among the files of the sign-in page, the shell,
//   or what either fetches when idle.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { type Browser, type BrowserContext, type Page, type Request, type Response } from '@playwright/test';
import { preview } from 'vite';
import { startServer } from '../e2e/server';
import { isLiveStream } from '../e2e/session';
import { freePort } from '../scripts/postgres';
import { launchChromium } from './chromium';

const NO_BUILD = process.argv.includes('--no-build');
const DETAIL = process.argv.includes('--detail');
const ROOT = path.resolve(import.meta.dirname, '..');
const BASELINE = path.join(ROOT, 'bench/react-admin');
const ASSETS = path.join(ROOT, 'dist/client/assets');
const ADMIN = { email: 'bench@bench.local', password: 'bench-bytes-password' };
const KB = 1024;
/** Quiet network for this long: the page has what it asked for. */
const QUIET_MS = 500;

/** A string each screen library's minified code keeps, to find the built files holding it. */
const SCREEN_LIBRARIES = {
  'dnd-kit': 'DndDescribedBy',
  uPlot: 'u-legend',
  'tiptap (ProseMirror)': 'ProseMirror-focused',
  papaparse: 'BAD_DELIMITERS',
  'chrono-node (typed dates)': 'ENCasualDateParser',
} as const;

interface Asset {
  url: string;
  type: string;
  gzip: number;
  /** The body as it is. */
  raw: number;
  /** What Chromium received for the body (compressed when it was). */
  wire: number;
  encoding: string;
  cacheControl: string;
}

/**
 * Every script, stylesheet and font a page gets, and how many requests are still open. The
 * signed-in shell's live updates are left out of the open ones: that stream never ends, so a
 * page holding it would never be quiet, and it downloads none of what is measured.
 */
function record(page: Page) {
  const assets: Promise<Asset | null>[] = [];
  let open = 0;
  let lastChange = performance.now();
  page.on('request', (req) => {
    if (isLiveStream(req)) return;
    open++;
    lastChange = performance.now();
  });
  const done = (req: Request) => {
    if (isLiveStream(req)) return;
    open--;
    lastChange = performance.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  page.on('response', (res: Response) => {
    const type = res.request().resourceType();
    if (!['script', 'stylesheet', 'font'].includes(type)) return;
    assets.push(
      (async () => {
        const body = await res.body();
        const sizes = await res.request().sizes();
        const headers = await res.allHeaders();
        return {
          url: res.url(),
          type,
          gzip: zlib.gzipSync(body, { level: 9 }).length,
          raw: body.length,
          wire: sizes.responseBodySize,
          encoding: headers['content-encoding'] ?? '',
          cacheControl: headers['cache-control'] ?? '',
        };
      })().catch(() => null),
    );
  });
  return {
    /** Resolves once no request has been open for QUIET_MS. */
    async quiet(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (open > 0 || performance.now() - lastChange < QUIET_MS) {
        if (Date.now() > deadline)
          throw new Error(`the network did not go quiet within ${timeoutMs / 1000} s (${open} open)`);
        await page.waitForTimeout(50);
      }
    },
    /** The assets recorded so far, and a fresh start for the next part. */
    async take(): Promise<Asset[]> {
      const out = (await Promise.all(assets.splice(0))).filter((a): a is Asset => a !== null);
      return [...new Map(out.map((a) => [a.url, a])).values()];
    },
  };
}

const sum = (xs: readonly Asset[], key: 'gzip' | 'wire') => xs.reduce((n, a) => n + a[key], 0);
const kb = (n: number) => `${(n / KB).toFixed(1)}KB`;
const line = (name: string, ours: number, baseline: number) =>
  console.log(`bytes ${name}: ours=${kb(ours)} baseline=${kb(baseline)} ratio=${(ours / baseline).toFixed(2)}`);

function detail(label: string, assets: readonly Asset[]) {
  if (!DETAIL) return;
  console.log(
    `  ${label}: ${assets.length} files, ${kb(sum(assets, 'gzip'))} gzip, ${kb(sum(assets, 'wire'))} on the wire`,
  );
  for (const a of [...assets].sort((x, y) => y.gzip - x.gzip)) {
    console.log(
      `    ${kb(a.gzip).padStart(8)} gzip ${kb(a.wire).padStart(8)} ${(a.encoding || 'identity').padEnd(8)} ${new URL(a.url).pathname}`,
    );
  }
}

function run(cmd: string, args: string[], cwd = ROOT) {
  const r = spawnSync(cmd, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status})`);
}

/** Built file name → the screen libraries its code holds. */
function screenLibraryFiles(dir: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const seen = new Set<string>();
  for (const name of fs.readdirSync(dir).filter((n) => n.endsWith('.js'))) {
    const code = fs.readFileSync(path.join(dir, name), 'utf8');
    const libs = Object.entries(SCREEN_LIBRARIES).flatMap(([lib, marker]) => (code.includes(marker) ? [lib] : []));
    libs.forEach((l) => seen.add(l));
    if (libs.length) found.set(name, libs);
  }
  // A marker no built file holds has gone stale (a library updated or dropped): say so, rather than pass.
  const missing = Object.keys(SCREEN_LIBRARIES).filter((l) => !seen.has(l));
  if (missing.length)
    throw new Error(`no built asset holds ${missing.join(', ')}: update SCREEN_LIBRARIES in bench/bytes.ts`);
  return found;
}

const freshContext = (browser: Browser, storageState?: Awaited<ReturnType<BrowserContext['storageState']>>) =>
  browser.newContext({ viewport: { width: 1440, height: 900 }, storageState });

/** The page's idle callbacks wait until `releaseIdle` (see the header). */
const holdIdle = (context: BrowserContext) =>
  context.addInitScript(`
    window.__idle = [];
    window.requestIdleCallback = (cb) => window.__idle.push(cb);
    window.cancelIdleCallback = (id) => { window.__idle[id - 1] = () => {}; };
  `);
const releaseIdle = (page: Page) =>
  page.evaluate(`window.__idle.splice(0).forEach((cb) => cb({ didTimeout: false, timeRemaining: () => 50 }))`);

async function measureOurs(browser: Browser, url: string) {
  // The sign-in page, its idle-time prefetch held back.
  const signIn = await freshContext(browser);
  await holdIdle(signIn);
  const page = await signIn.newPage();
  const rec = record(page);
  await page.goto(`${url}/admin/login`);
  await page.getByLabel('Email').waitFor();
  await rec.quiet();
  const signInAssets = await rec.take();
  await releaseIdle(page);
  await rec.quiet();
  const prefetch = await rec.take();

  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/admin\/?$/);
  const session = await signIn.storageState();
  await signIn.close();

  // The signed-in shell from a cold cache: a new context holding only the session; what it
  // fetches when idle (every screen's commands, the toasts) afterwards, apart.
  const shell = await freshContext(browser, session);
  await holdIdle(shell);
  const shellPage = await shell.newPage();
  const shellRec = record(shellPage);
  await shellPage.goto(`${url}/admin/`);
  await shellPage.getByRole('heading', { name: 'Catalogue' }).waitFor();
  await shellRec.quiet();
  const shellAssets = await shellRec.take();
  await releaseIdle(shellPage);
  await shellRec.quiet();
  const shellIdle = await shellRec.take();
  await shell.close();
  return { signInAssets, prefetch, shellAssets, shellIdle };
}

async function measureBaseline(browser: Browser) {
  const port = await freePort();
  const server = await preview({
    configFile: path.join(BASELINE, 'vite.config.ts'),
    preview: { port, strictPort: true, host: '127.0.0.1' },
    logLevel: 'warn',
  });
  try {
    const context = await freshContext(browser);
    const page = await context.newPage();
    const rec = record(page);
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.getByText('Emirates NBD').waitFor();
    await rec.quiet();
    const assets = await rec.take();
    await context.close();
    return assets;
  } finally {
    await server.close();
  }
}

/** Hashed assets sent compressed (unless compression would not shrink them) and cached as immutable. */
function compressedImmutable(assets: readonly Asset[], hashed: (a: Asset) => boolean) {
  const all = assets.filter(hashed);
  const good = all.filter(
    (a) => (a.encoding === 'br' || a.encoding === 'gzip' || a.gzip >= a.raw) && /\bimmutable\b/.test(a.cacheControl),
  );
  return { good: good.length, all: all.length, bad: all.filter((a) => !good.includes(a)) };
}

async function main() {
  if (!NO_BUILD) {
    console.log('bytes: building the app (npx vite build)…');
    run('npx', ['vite', 'build', '--logLevel', 'warn']);
  }
  if (!fs.existsSync(path.join(BASELINE, 'node_modules'))) {
    console.log('bytes: installing the react-admin baseline (npm ci --prefix bench/react-admin)…');
    run('npm', ['ci', '--prefix', BASELINE, '--no-audit', '--no-fund']);
  }
  console.log('bytes: building the react-admin baseline with the same Vite…');
  run('npx', ['vite', 'build', '--config', path.join(BASELINE, 'vite.config.ts')]);
  const libraryFiles = screenLibraryFiles(ASSETS);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-admin-bench-bytes-'));
  const server = await startServer({ DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  const browser = await launchChromium();
  try {
    const ours = await measureOurs(browser, server.url);
    const baseline = await measureBaseline(browser);
    const base = sum(baseline, 'gzip');

    line('sign-in page (gzip)', sum(ours.signInAssets, 'gzip'), base);
    line('signed-in shell (gzip)', sum(ours.shellAssets, 'gzip'), base);
    line('sign-in page on the wire (as Chromium got it)', sum(ours.signInAssets, 'wire'), sum(baseline, 'wire'));
    console.log(
      `bytes sign-in page's idle prefetch of the shell (gzip, not counted above): ${kb(sum(ours.prefetch, 'gzip'))} in ${ours.prefetch.length} files`,
    );
    console.log(
      `bytes signed-in shell's idle fetch: every screen's commands, the palette, sonner (gzip, not counted above): ${kb(sum(ours.shellIdle, 'gzip'))} in ${ours.shellIdle.length} files`,
    );

    const oursHashed = compressedImmutable(
      [...ours.signInAssets, ...ours.prefetch, ...ours.shellAssets, ...ours.shellIdle],
      (a) => new URL(a.url).pathname.startsWith('/admin/assets/'),
    );
    const baseHashed = compressedImmutable(baseline, (a) => new URL(a.url).pathname.startsWith('/assets/'));
    const share = (x: { good: number; all: number }) => x.good / Math.max(1, x.all);
    const ratio = share(baseHashed) === 0 ? 'inf' : (share(oursHashed) / share(baseHashed)).toFixed(2);
    console.log(
      `bytes compressed+immutable assets: ours=${oursHashed.good}/${oursHashed.all} baseline=${baseHashed.good}/${baseHashed.all} ratio=${ratio}`,
    );
    for (const a of oursHashed.bad.slice(0, 5))
      console.log(
        `  not compressed or not immutable: ${new URL(a.url).pathname} (content-encoding: ${a.encoding || 'none'}; cache-control: ${a.cacheControl || 'none'})`,
      );
    if (oursHashed.bad.length > 5) console.log(`  … and ${oursHashed.bad.length - 5} more`);

    const leaks = (['sign-in page', 'idle prefetch', 'signed-in shell', "shell's idle fetch"] as const).flatMap(
      (label, i) =>
        [ours.signInAssets, ours.prefetch, ours.shellAssets, ours.shellIdle][i].flatMap((a) => {
          const libs = libraryFiles.get(path.basename(new URL(a.url).pathname)) ?? [];
          return libs.map((lib) => `${lib} on the ${label} (${path.basename(new URL(a.url).pathname)})`);
        }),
    );
    const libs = Object.keys(SCREEN_LIBRARIES);
    const kept = libs.filter((l) => !leaks.some((x) => x.startsWith(`${l} `)));
    console.log(
      `bytes screen code only on its screen (${libs.join(', ')}): ${kept.length}/${libs.length} kept off the sign-in page, the shell and what they fetch when idle${leaks.length ? `; loaded: ${leaks.join('; ')}` : ''}`,
    );

    detail('sign-in page', ours.signInAssets);
    detail('idle prefetch', ours.prefetch);
    detail('signed-in shell', ours.shellAssets);
    detail("signed-in shell's idle fetch", ours.shellIdle);
    detail('baseline (react-admin)', baseline);
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
