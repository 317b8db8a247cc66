// The process itself: first-start admin, the data-folder lock, clean shutdown. The first two
// start servers of their own and read their logs; the last asks the worker's server.
import fs from 'node:fs';
import { copyOfTemplate, expect, test } from './fixtures';
import { startServer } from './server';

test('first start creates admin@example.com with a generated password, printed once in the log and as a plain block', async () => {
  // A first start seeds the demo data: seconds on an idle machine, a minute and more on a busy one.
  test.setTimeout(240_000);
  const env = { ADMIN_EMAIL: '', ADMIN_PASSWORD: '' };
  const first = await startServer(env, undefined, 180_000);
  try {
    const m = /first admin created: admin@example\.com \/ password (\S+)/.exec(first.output());
    expect(m, first.output()).not.toBeNull();
    expect(first.output()).toContain(`/admin`);
    // The same sign-in again as plain lines of their own, not inside a JSON line.
    const lines = first.output().split('\n');
    const at = lines.findIndex((l) => l.startsWith('  First sign-in'));
    expect(at, first.output()).toBeGreaterThan(0);
    expect(lines[at - 1]).toBe('='.repeat(72));
    expect(lines.slice(at + 2, at + 6)).toEqual([
      expect.stringMatching(/^ {4}open {6}http:\/\/\S+\/admin$/),
      '    e-mail    admin@example.com',
      `    password  ${m![1]}`,
      '='.repeat(72),
    ]);
    const login = await fetch(`${first.url}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: m![1] }),
    });
    expect(login.status).toBe(200);
    expect((await fetch(`${first.url}/admin/view-bank/3`)).headers.get('content-type')).toContain('text/html');
  } finally {
    await first.stop();
  }
  const again = await startServer({ ...env, DATA_DIR: first.dataDir });
  try {
    expect(again.output()).not.toContain('first admin created');
    expect(again.output()).not.toContain('First sign-in');
  } finally {
    await again.stop();
    fs.rmSync(first.dataDir, { recursive: true, force: true });
  }
});

test('a second server on the same DATA_DIR stops at once with a clear message', async () => {
  // Two starts, each seconds on an idle machine and up to a minute on a busy one.
  test.setTimeout(180_000);
  // The demo data copied, not seeded again: the lock is what this is about.
  const one = await startServer({ DATA_DIR: copyOfTemplate() }, undefined, 120_000);
  try {
    await expect(startServer({ DATA_DIR: one.dataDir })).rejects.toThrow(/is in use by another running server/);
    expect((await fetch(`${one.url}/health`)).status).toBe(200);
  } finally {
    await one.stop();
  }
  expect(one.proc.exitCode).toBe(0);
  expect(one.output()).toContain('SIGTERM: draining');
  fs.rmSync(one.dataDir, { recursive: true, force: true });
});

test('scripts and styles go compressed to a browser that accepts it (brotli, else gzip), plain otherwise', async ({
  page,
}) => {
  await page.goto('/admin/login');
  const script = await page.locator('script[type="module"][src*="/admin/assets/"]').first().getAttribute('src');
  const sizes: Record<string, number> = {};
  for (const encoding of ['br', 'gzip', 'identity']) {
    const res = await fetch(new URL(script!, page.url()), { headers: { 'accept-encoding': encoding } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding') ?? 'identity').toBe(encoding);
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    sizes[encoding] = Number(res.headers.get('content-length'));
  }
  expect(sizes.br).toBeLessThan(sizes.gzip);
  expect(sizes.gzip).toBeLessThan(sizes.identity / 2);
});
