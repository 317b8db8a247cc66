// Live updates (GET /admin/v1/events, src/api/events.ts): how long after another admin's
// write its change is painted in an open list, in Debian's Chromium against the real server.
// The bank list is open, signed in as one admin; the page itself sends each rename with a
// second admin's token (so the app takes it as someone else's change, and both times are on
// one clock), and a MutationObserver sees the new name in the list; the next animation frame
// is the paint. Figures: from the write's answer (its commit is just before it) to that paint,
// and from the write's start. Baseline in the same page and run: a plain HTTP round trip, the
// list call the refresh makes (GET all_bank), then a frame: what any client needs at least to
// repaint after being told, so the ratio is what the stream adds over being told for free.
//
//   npm run bench:live                   (-- --writes 40; needs /usr/bin/chromium)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { login } from '@contract/auth';
import { bankResource } from '@contract/bank';
import { userResource } from '@contract/user';
import { pathOf } from '@contract/operation';
import { startServer } from '../e2e/server';
import { pct } from './timing';
import { launchChromium } from './chromium';

const { values } = parseArgs({ options: { writes: { type: 'string', default: '40' } } });
const N = Number(values.writes);
const ADMIN = { email: 'bench@bench.local', password: 'bench-live-password' };
const OTHER = { name: 'Other Admin', email: 'other@bench.local', password: 'bench-live-other-password' };

async function post(url: string, body: unknown, token?: string) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { data: Record<string, unknown> };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-admin-bench-live-'));
  // A fresh folder seeds the demo data first: minutes on a busy machine.
  const server = await startServer(
    { DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    undefined,
    300_000,
  );
  const browser = await launchChromium();
  try {
    const token = (await post(server.url + login.path, ADMIN)).data.token as string;
    await post(server.url + userResource.ops.add!.path, { ...OTHER, role: 'admin', status: 'active' }, token);
    const other = (await post(server.url + login.path, { email: OTHER.email, password: OTHER.password })).data
      .token as string;
    const bank = (
      (await (
        await fetch(`${server.url}${bankResource.ops.list.path}?per_page=1&sort=name`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()) as { data: { id: number; name: string; code: string; version: number }[] }
    ).data[0]!;

    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${server.url}/admin/login`);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/admin\/?$/);
    await page.goto(`${server.url}/admin/bank-list?sort=name`);
    const list = page.locator('[aria-label="Banks"]');
    await list.getByText(bank.name).first().waitFor();
    await page.waitForTimeout(1000); // the stream open, the page idle

    // (Scripts for the page are text: tsx would wrap named functions in a helper the page lacks.)
    const update = pathOf(bankResource.ops.update!, { id: bank.id });
    const live = (await page.evaluate(`(async () => {
      const list = document.querySelector('[aria-label="Banks"]');
      const out = [];
      let version = ${bank.version};
      for (let i = 0; i < ${N}; i++) {
        const name = ${JSON.stringify(bank.name)} + ' ' + (i % 2 ? 'Live' : 'Now') + ' ' + i;
        const painted = new Promise((resolve) => {
          const mo = new MutationObserver(() => {
            if (!list.textContent.includes(name)) return;
            mo.disconnect();
            requestAnimationFrame(() => resolve(performance.now()));
          });
          mo.observe(list, { childList: true, subtree: true, characterData: true });
        });
        const t0 = performance.now();
        const res = await fetch(${JSON.stringify(update)}, { method: ${JSON.stringify(bankResource.ops.update!.method)}, headers: { 'content-type': 'application/json', authorization: ${JSON.stringify(`Bearer ${other}`)} }, body: JSON.stringify({ name, code: ${JSON.stringify(bank.code)}, version }) });
        const body = await res.json();
        const answered = performance.now();
        if (!res.ok) throw new Error(JSON.stringify(body));
        version = body.data.version;
        const paint = await Promise.race([painted, new Promise((r) => setTimeout(() => r(NaN), 10000))]);
        out.push({ fromAnswer: paint - answered, fromStart: paint - t0, write: answered - t0 });
        await new Promise((r) => setTimeout(r, 150));
      }
      return out;
    })()`)) as { fromAnswer: number; fromStart: number; write: number }[];

    const baseline = (await page.evaluate(`(async () => {
      const out = [];
      for (let i = 0; i < ${N}; i++) {
        const t0 = performance.now();
        const res = await fetch(${JSON.stringify(bankResource.ops.list.path)} + '?sort=name&page=1&per_page=50&i=' + i, { headers: { authorization: ${JSON.stringify(`Bearer ${token}`)} } });
        await res.json();
        await new Promise((r) => requestAnimationFrame(r));
        out.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 50));
      }
      return out;
    })()`)) as number[];

    const missed = live.filter((x) => Number.isNaN(x.fromAnswer)).length;
    const ok = live.filter((x) => !Number.isNaN(x.fromAnswer));
    const f = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(1)} ms  p95 ${pct(xs, 95).toFixed(1)} ms`;
    const fromAnswer = ok.map((x) => x.fromAnswer);
    console.log(`live updates, ${N} renames by another admin, bank list open (PGlite, this machine)`);
    console.log(`  write answered → other page painted:  ${f(fromAnswer)}   (missed: ${missed})`);
    console.log(`  write sent → other page painted:      ${f(ok.map((x) => x.fromStart))}`);
    console.log(`  the write's own round trip:           ${f(ok.map((x) => x.write))}`);
    console.log(`  baseline, list GET + frame:           ${f(baseline)}`);
    console.log(
      `  ratio (event delay / plain round trip): p50 ${(pct(fromAnswer, 50) / pct(baseline, 50)).toFixed(2)}  p95 ${(
        pct(fromAnswer, 95) / pct(baseline, 95)
      ).toFixed(2)}`,
    );
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
