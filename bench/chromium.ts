// What the browser benches share: Debian's Chromium (`npx playwright install` cannot work on
// these machines; the e2e tests use the same binary) and a session on the server they drive.
import { chromium, type Browser } from '@playwright/test';
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
