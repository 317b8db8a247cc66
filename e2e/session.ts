// Shared steps of the browser specs: signing in by keyboard, and an API client carrying
// the signed-in admin's token (for checking what the server holds, never for driving the UI).
import fs from 'node:fs';
import { expect, type Locator, type Page, type Request } from '@playwright/test';
import { SESSION_TTL_MS, login, showMe, type Session } from '@contract/auth';
import { pathOf } from '@contract/operation';
import { E2E_ADMIN } from './globalSetup';

export const mod = process.platform === 'darwin' ? 'Meta' : 'Control';

/**
 * Signed in as the e2e admin, on the dashboard (or `landing`, a path of the app): the session
 * asked of the API and stored as the app stores it (src/store/session.ts), so a spec spends no
 * time typing its way in. Signing in by keyboard is tested once, by signInByKeyboard
 * (e2e/appUser.spec.ts).
 */
export async function signIn(page: Page, landing = '/admin') {
  await signInAs(page, E2E_ADMIN.email, E2E_ADMIN.password, landing);
}

/**
 * Signed in as any staff account (an editor, a viewer…) the same way, on the dashboard or
 * `landing`. A worker signs each account in once and its tests share that session
 * (`sessionOf`), as an admin's tabs do; the page gets it before its first script runs, so it
 * opens signed in, without a first page to reach its storage from.
 */
export async function signInAs(page: Page, email: string, password: string, landing = '/admin') {
  const session = await sessionOf(page, email, password);
  // Once per tab and session (sessionStorage outlives a reload, not the tab): a test that signs
  // out or clears the storage and reloads must not be signed in again behind its back, and a
  // second signInAs on the page must not be undone by the first one's script.
  await page.addInitScript(
    ({ s, expiry }) => {
      const applied = JSON.parse(sessionStorage.getItem('e2e-signed-in') ?? '[]') as string[];
      if (applied.includes(s.token)) return;
      sessionStorage.setItem('e2e-signed-in', JSON.stringify([...applied, s.token]));
      localStorage.setItem('token', s.token);
      localStorage.setItem('user_id', String(s.user_id));
      localStorage.setItem('expiryTime', String(expiry));
      localStorage.setItem('userDetails', JSON.stringify(s.user));
    },
    { s: session, expiry: Date.now() + SESSION_TTL_MS },
  );
  await page.goto(landing);
  await signedInFrame(page);
}

/**
 * This worker's session of an account on its server: signed in once (argon2 on the
 * server, the costly part of a sign-in), then reused while the server still takes it. A test
 * that ended it (a new password ends an account's sessions) costs the next one a sign-in.
 */
const sessions = new Map<string, Session>();
async function sessionOf(page: Page, email: string, password: string): Promise<Session> {
  // Checked before use, so a session of another server (a restarted worker's) is never taken.
  const kept = sessions.get(email);
  if (kept) {
    const me = await page.request.get(pathOf(showMe), { headers: { authorization: `Bearer ${kept.token}` } });
    if (me.ok()) return kept;
  }
  const res = await page.request.post(pathOf(login), { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  const { data } = (await res.json()) as { data: Session };
  sessions.set(email, data);
  return data;
}

/** The admin's sign-in as a person does it: the form, by keyboard, onto the dashboard. */
export async function signInByKeyboard(page: Page) {
  await page.goto('/admin/login');
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(E2E_ADMIN.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(E2E_ADMIN.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/?$/);
  await signedInFrame(page);
}

// The URL changes before the signed-in frame's chunk has arrived; keys pressed before it
// mounts (its hotkeys with it) would be lost, so wait for the frame and the dashboard.
async function signedInFrame(page: Page) {
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

export async function apiAs(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { authorization: `Bearer ${token}` };
  return {
    get: (url: string) => page.request.get(url, { headers }),
    post: (url: string, data: unknown) => page.request.post(url, { headers, data }),
    patch: (url: string, data: unknown) => page.request.patch(url, { headers, data }),
  };
}

/**
 * A list screen's list by its name: a grid while it is the full-width table (nothing open, no
 * row picked, a wide window), a listbox beside an open record, with rows picked, or narrow.
 */
export const listNamed = (page: Page, name: string) =>
  page.locator(`:is([role="grid"], [role="listbox"])[aria-label="${name}"]`);

/** A list's record rows: a listbox's options, or a grid's rows under its head. */
export const rowsOf = (list: Locator) => list.locator(':is([role="option"], [role="rowgroup"] > [role="row"])');

/** The palette's input, and its highlighted row (the one Enter runs). */
export const paletteInput = (page: Page) => page.locator('[cmdk-input]');
export const paletteSelected = (page: Page) => page.locator('[cmdk-item][data-selected="true"]');

/** mod+k, the phrase as a person types it, the command highlighted first, Enter. */
export async function run(page: Page, typed: string, title: string) {
  await page.keyboard.press(`${mod}+k`);
  await expect(paletteInput(page)).toBeFocused();
  await page.keyboard.type(typed);
  await expect(paletteSelected(page)).toContainText(title);
  await page.keyboard.press('Enter');
}

/** On a palette page (a record asked for): type, wait for the row, Enter. */
export async function pick(page: Page, typed: string, row: string | RegExp) {
  await expect(paletteInput(page)).toBeFocused();
  await page.keyboard.type(typed);
  await expect(paletteSelected(page)).toContainText(row);
  await page.keyboard.press('Enter');
  // The pick is taken once the palette moves on (its next page, or closed). An Enter pressed while
  // the answer for the whole text is still on its way waits for it (src/commands/typeAhead.ts), and
  // a key typed before it runs would drop it, as it does for a person.
  await expect
    .poll(
      () =>
        paletteInput(page)
          .inputValue({ timeout: 100 })
          .catch(() => null),
      { timeout: 15_000 },
    )
    .not.toBe(typed);
}

/** Screenshots of the page at 1440x900 and 1024x768, light and dark, into `dir` when a spec's *_SHOTS variable names one. */
export async function shoot(page: Page, dir: string | undefined, name: string) {
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
    for (const [w, h] of [
      [1440, 900],
      [1024, 768],
    ]) {
      await page.setViewportSize({ width: w, height: h });
      await page.waitForTimeout(150);
      await page.screenshot({ path: `${dir}/${name}-${w}x${h}-${theme}.png` });
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.evaluate(() => (document.documentElement.dataset.theme = 'light'));
}

/** The signed-in shell's live updates (GET /admin/v1/events, src/api/events.ts): a request that never ends. */
export const isLiveStream = (r: Request) => new URL(r.url()).pathname.endsWith('/admin/v1/events');

/**
 * Playwright's 'networkidle' for a signed-in page: the live updates' stream (GET
 * /admin/v1/events, src/api/events.ts) stays open for good, so the page is never idle by that
 * rule. Start watching when the page is made; `await settle()` waits until every other call has
 * answered and 500 ms passed quietly (10 s at most).
 */
export function watchNetwork(page: Page): (timeoutMs?: number) => Promise<void> {
  const open = new Set<Request>();
  let last = Date.now();
  page.on('request', (r) => {
    if (isLiveStream(r)) return;
    open.add(r);
    last = Date.now();
  });
  const done = (r: Request) => {
    if (open.delete(r)) last = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return async (timeoutMs = 10_000) => {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until && (open.size > 0 || Date.now() - last < 500)) await page.waitForTimeout(100);
  };
}

/**
 * Yes to a confirm (src/ui/Confirm.tsx) by keyboard: its focus starts on Cancel, so one Enter
 * would say no; Tab reaches the confirm button, then Enter.
 */
export async function sayYes(page: Page) {
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Cancel', exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
}
