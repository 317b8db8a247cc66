// Homepage configuration in the browser: the time from an Alt+↓ (or Alt+↑) key to the hero
// banner row painted in its new place, in Debian's Chromium against the real server, side by
// side with a baseline in the same run: a screen that waits for the server's answer before it
// moves the row (the move call, then a frame), timed in the same page over the same connection.
// Each key waits for the one before to be answered (the list head says "Order saved"),
// so every move is timed from a quiet screen. It runs twice: on this machine, and with 50 ms
// added to every request (Chromium's network emulation), the round trip of a real network.
//
//   npm run bench:homepage                   (-- --moves 50; needs /usr/bin/chromium)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { listHeroBanners, moveHeroBanner } from '@contract/homepageBanners';
import { pathOf } from '@contract/operation';
import { startServer } from '../e2e/server';
import { launchChromium, signIn, signInPage } from './chromium';

const { values } = parseArgs({ options: { moves: { type: 'string', default: '50' } } });
const N = Number(values.moves);
const ADMIN = { email: 'bench@bench.local', password: 'bench-homepage-password' };
/** The round trip added in the second half of the run. */
const LATENCY_MS = 50;

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-admin-bench-homepage-'));
  // The demo data: its homepage has six hero banners.
  const server = await startServer({ DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  const browser = await launchChromium();
  try {
    const token = await signIn(server.url, ADMIN);
    const banners = (
      (await (
        await fetch(`${server.url}${listHeroBanners.path}`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as { data: { hero_banners: { id: number }[] } }
    ).data.hero_banners;
    const n = banners.length;
    if (n < 2) throw new Error('the demo data has fewer than two hero banners');

    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInPage(page, server.url, ADMIN);
    await page.goto(`${server.url}/admin/homepage-config?tab=hero-banners`);
    const rows = page.getByRole('list', { name: 'Hero banners' }).getByRole('listitem');
    await rows.nth(n - 1).waitFor();
    await rows.first().focus();

    // Key down → the highlighted row sits at another place among its siblings → the next
    // frame: painted. (Scripts for the page are text: tsx would wrap named functions in a
    // helper the page lacks.)
    await page.evaluate(`(() => {
      window.__t0 = 0;
      const list = document.querySelector('.hp-rows');
      const place = () => {
        const row = list.querySelector('[aria-current="true"]');
        return row ? row.dataset.id + '@' + [...list.children].indexOf(row) : '';
      };
      let shown = place();
      document.addEventListener('keydown', () => { window.__t0 = performance.now(); shown = place(); }, true);
      new MutationObserver(() => {
        const now = place();
        if (!window.__t0 || now === shown) return;
        shown = now;
        const t0 = window.__t0;
        window.__t0 = 0;
        window.__dom.push(performance.now() - t0);
        requestAnimationFrame(() => window.__marks.push(performance.now() - t0));
      }).observe(list, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-current'] });
    })()`);

    // The first banner down to the end, back up to the top, and again.
    let at = 1;
    let down = true;
    const saving = page.locator('.hp-saving');
    async function ours(count: number) {
      await page.evaluate('window.__marks = []; window.__dom = []');
      for (let i = 0; i < count; i++) {
        if (at === n) down = false;
        if (at === 1) down = true;
        const marks = ((await page.evaluate('window.__marks.length')) as number) + 1;
        await page.keyboard.press(down ? 'Alt+ArrowDown' : 'Alt+ArrowUp');
        at += down ? 1 : -1;
        // (waitForFunction evaluates text with eval, which the app's CSP refuses.)
        for (
          const deadline = Date.now() + 10_000;
          ((await page.evaluate('window.__marks.length')) as number) < marks ||
          (await saving.textContent()) !== 'Order saved';
        ) {
          if (Date.now() > deadline)
            throw new Error(`move ${i + 1}: the row did not move, or the server did not answer`);
          await page.waitForTimeout(5);
        }
        await page.waitForTimeout(20);
      }
      return {
        painted: (await page.evaluate('window.__marks')) as number[],
        dom: (await page.evaluate('window.__dom')) as number[],
      };
    }

    // The baseline: the move's answer, then a frame; the same banner down and up again.
    const id = banners[0].id;
    const baseline = async (count: number) =>
      (await page.evaluate(`(async () => {
        const out = [];
        for (let i = 0; i < ${count}; i++) {
          const t0 = performance.now();
          const res = await fetch(${JSON.stringify(pathOf(moveHeroBanner, { id }))}, { method: 'POST', headers: { 'content-type': 'application/json', authorization: ${JSON.stringify(`Bearer ${token}`)} }, body: JSON.stringify({ to: i % 2 ? 1 : 2 }) });
          await res.json();
          await new Promise((r) => requestAnimationFrame(r));
          out.push(performance.now() - t0);
        }
        return out;
      })()`)) as number[];

    const report = (label: string, o: { painted: number[]; dom: number[] }, b: number[]) => {
      const [o50, o95, b50, b95] = [pct(o.painted, 50), pct(o.painted, 95), pct(b, 50), pct(b, 95)];
      console.log(
        `${label}: key→row painted p50: ours=${o50.toFixed(1)}ms baseline=${b50.toFixed(1)}ms ratio=${(b50 / o50).toFixed(1)}`,
      );
      console.log(
        `${label}: key→row painted p95: ours=${o95.toFixed(1)}ms baseline=${b95.toFixed(1)}ms ratio=${(b95 / o95).toFixed(1)}`,
      );
      console.log(
        `${label}: key→row in the DOM (before its frame): p50=${pct(o.dom, 50).toFixed(1)}ms p95=${pct(o.dom, 95).toFixed(1)}ms`,
      );
    };

    console.log(
      `homepage: ${N} hero banner moves (Alt+↓/↑ over ${n} banners) in Chromium on embedded PGlite, each against ${N} move-then-paint round trips (the baseline)`,
    );
    const local = await ours(N);
    report('same machine', local, await baseline(N));
    // The same with the round trip of a real network: Chromium adds 50 ms to every request.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: LATENCY_MS,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const remote = await ours(N);
    report(`${LATENCY_MS} ms network`, remote, await baseline(N));
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
