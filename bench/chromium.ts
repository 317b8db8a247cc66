// What the browser benches share: Debian's Chromium (`npx playwright install` cannot work on
// these machines; the e2e tests use the same binary) and a session on the server they drive.
import { chromium, type Browser, type Page } from '@playwright/test';
import { login } from '@contract/auth';

/** Debian's Chromium, headless, as root in a container: no sandbox, no GPU, no background calls. */
export function launchChromium(
  args = ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args });
}

/** A session token of `admin` on the server at `url` (its sign-in call). */
export async function signIn(url: string, admin: { email: string; password: string }): Promise<string> {
  const r = await fetch(url + login.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  if (!r.ok) throw new Error(`sign-in as ${admin.email}: ${r.status} ${await r.text()}`);
  return ((await r.json()) as { data: { token: string } }).data.token;
}

/** Signs `admin` in through the sign-in form of the server at `url`, as a person would. */
export async function signInPage(page: Page, url: string, admin: { email: string; password: string }): Promise<void> {
  await page.goto(`${url}/admin/login`);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/admin\/?$/);
}

/**
 * From each key pressed to the next frame after the text of `selector` changes: pushed onto
 * `window.__marks` in the page (one mark per key at most). The script is text: tsx would wrap
 * named functions in a helper the page lacks.
 */
export async function markPaints(page: Page, selector: string): Promise<void> {
  await page.evaluate(`(() => {
    window.__marks = [];
    window.__t0 = 0;
    document.addEventListener('keydown', () => { window.__t0 = performance.now(); }, true);
    const text = () => document.querySelector(${JSON.stringify(selector)})?.textContent ?? '';
    let shown = text();
    new MutationObserver(() => {
      const now = text();
      if (!window.__t0 || now === shown) return;
      shown = now;
      const t0 = window.__t0;
      window.__t0 = 0;
      requestAnimationFrame(() => window.__marks.push(performance.now() - t0));
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  })()`);
}
