// Crawl triage in the browser: the time from a decision key (s skip, a assign the top
// candidate) to the next ref painted in the pane, in Debian's Chromium against the real
// server, side by side with a baseline in the same run: a screen that waits for the server
// before it moves on (the decision call, then the claim of the next ref), timed in the same
// page over the same connection.
//
//   npm run bench:triage                     (-- --decisions 60; needs /usr/bin/chromium)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { listOutletRefs } from '@contract/crawlOutlets';
import { listSources } from '@contract/crawlSources';
import { claimRef, skipRef } from '@contract/crawlTriage';
import { startServer } from '../e2e/server';
import { launchChromium, markPaints, signIn, signInPage } from './chromium';

const { values } = parseArgs({ options: { decisions: { type: 'string', default: '60' } } });
const N = Number(values.decisions);
const ADMIN = { email: 'bench@bench.local', password: 'bench-triage-password' };

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-admin-bench-triage-'));
  // The demo data plus a big source (large-crawl: an outlet ref per live outlet).
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seedLarge.ts', '--crawl-offers', '100'], {
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  if (seeded.status !== 0) throw new Error(seeded.stderr || seeded.stdout);
  const server = await startServer({ DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  const browser = await launchChromium();
  try {
    const token = await signIn(server.url, ADMIN);
    const auth = { authorization: `Bearer ${token}` };
    const sources = (
      (await (await fetch(`${server.url}${listSources.path}`, { headers: auth })).json()) as {
        data: { id: number; from_source: string }[];
      }
    ).data;
    const large = sources.find((s) => s.from_source === 'large-crawl')!;

    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInPage(page, server.url, ADMIN);
    await page.goto(`${server.url}/admin/crawl-data/outlets/${large.id}`);
    await page.getByRole('region', { name: 'Candidates' }).waitFor();

    // Key down → the pane's heading shows another ref → the next frame: painted.
    await markPaints(page, '.pane-head h2');
    for (let i = 0; i < N; i++) {
      const before = (await page.locator('.pane-head h2').textContent()) ?? '';
      // A reviewer decides once the ref is open with its candidates (the keys wait for it).
      await page.getByRole('region', { name: 'Candidates' }).waitFor();
      await page.keyboard.press(i % 2 ? 'a' : 's');
      // (waitForFunction evaluates text with eval, which the app's CSP refuses.)
      for (const deadline = Date.now() + 10_000; (await page.locator('.pane-head h2').textContent()) === before;) {
        if (Date.now() > deadline) throw new Error(`decision ${i + 1}: the next ref did not open`);
        await page.waitForTimeout(5);
      }
      await page.waitForTimeout(30);
    }
    const ours = (await page.evaluate('window.__marks')) as number[];

    // The baseline: the decision's answer, then the next ref's claim, then the screen can move on.
    // Refs the screen has not touched: the far end of the same source's queue.
    const refs = (
      (await (
        await fetch(`${server.url}${listOutletRefs.path}?from=${large.id}&state=new&per_page=500`, { headers: auth })
      ).json()) as { data: { id: number }[] }
    ).data
      .map((r) => r.id)
      .slice(-(N + 1));
    const baseline = (await page.evaluate(`(async () => {
      const refs = ${JSON.stringify(refs)};
      const post = (p, body) => fetch(p, { method: 'POST', headers: { 'content-type': 'application/json', authorization: ${JSON.stringify(`Bearer ${token}`)} }, body: JSON.stringify(body) });
      const out = [];
      for (let i = 0; i + 1 < refs.length && out.length < ${N}; i++) {
        const t0 = performance.now();
        await post(${JSON.stringify(skipRef.path)}, { kind: 'outlet', ref_id: refs[i] });
        await (await post(${JSON.stringify(claimRef.path)}, { kind: 'outlet', ref_id: refs[i + 1] })).json();
        await new Promise((r) => requestAnimationFrame(r));
        out.push(performance.now() - t0);
      }
      return out;
    })()`)) as number[];
    const [o50, o95, b50, b95] = [pct(ours, 50), pct(ours, 95), pct(baseline, 50), pct(baseline, 95)];
    console.log(
      `triage: ${ours.length} decisions in Chromium on embedded PGlite (${large.from_source}, outlet refs); baseline ${baseline.length} decide-then-claim round trips`,
    );
    console.log(
      `decision→next ref painted p50: ours=${o50.toFixed(1)}ms baseline=${b50.toFixed(1)}ms ratio=${(b50 / o50).toFixed(1)}`,
    );
    console.log(
      `decision→next ref painted p95: ours=${o95.toFixed(1)}ms baseline=${b95.toFixed(1)}ms ratio=${(b95 / o95).toFixed(1)}`,
    );
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? NaN;

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
