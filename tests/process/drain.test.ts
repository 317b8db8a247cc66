// SIGTERM drains (server/main.ts, README.md "Running in production"): the server stops
// accepting, answers the calls in flight (for at most 10 s), closes the database, lets the
// data folder go, and exits 0. Real processes on embedded PGlite; the call in flight is a
// sign-in whose body arrives in two halves, the second after the SIGTERM.
import fs from 'node:fs';
import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { login } from '@contract/auth';
import { pathOf } from '@contract/operation';
import { ADMIN, killAll, sleep, spawnServer, migratedDataDir } from './server';

const dirs: string[] = [];
/** A copy of the run's migrated folder with the admin (tests/process/templateSetup.ts), one per test. */
const freshDataDir = () => {
  const dir = migratedDataDir('drain');
  dirs.push(dir);
  return dir;
};

afterAll(() => {
  killAll();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/**
 * A sign-in sent slowly: the head and half the body now, the rest when `finish()` is called
 * (never, if it is not). Resolves once the server has the head (the call is in flight).
 */
async function slowSignIn(url: string) {
  const body = JSON.stringify(ADMIN);
  const { hostname, port } = new URL(url);
  const req = http.request({
    host: hostname,
    port,
    method: 'POST',
    path: pathOf(login),
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, body: text }));
    });
    req.on('error', reject);
  });
  req.write(body.slice(0, 10));
  await sleep(300); // the head is read, the call routed: in flight
  return { answer, finish: () => req.end(body.slice(10)), abandon: () => req.destroy() };
}

const refused = (url: string) =>
  fetch(`${url}/health`, { signal: AbortSignal.timeout(2_000) }).then(
    (res) => `answered ${res.status}`,
    (err: Error & { cause?: { code?: string } }) => err.cause?.code ?? err.message,
  );

describe.concurrent('SIGTERM', () => {
  it('a call in flight is still answered, new connections are refused, the process exits 0, and the folder is free at once', async () => {
    const dir = freshDataDir();
    const s = await spawnServer({ DATA_DIR: dir });
    await s.healthy();
    const slow = await slowSignIn(s.url);
    const termAt = Date.now();
    s.proc.kill('SIGTERM');
    await sleep(500);
    expect(await refused(s.url)).toBe('ECONNREFUSED');
    expect(s.proc.exitCode, 'exited with a call in flight').toBeNull();
    slow.finish();
    const res = await slow.answer;
    expect(res.status, res.body).toBe(200);
    expect((JSON.parse(res.body) as { data: { token: string } }).data.token).toBeTruthy();
    expect(await s.exited(12_000)).toBe(0);
    const took = Date.now() - termAt;
    console.log(`[process] SIGTERM with a call in flight: exited 0 after ${took} ms`);
    expect(took).toBeLessThan(10_000);
    const out = s.output();
    expect(out).toMatch(/SIGTERM: draining: no new connections; 1 call\(s\) in flight get up to 10 s/);
    expect(out).toMatch(/calls in flight answered and background work stopped/);
    expect(out).toMatch(/database closed/);
    expect(out).toMatch(/data folder .* released/);
    expect(fs.existsSync(`${dir}/.lock`)).toBe(false);

    // A new server on the folder starts as on any free folder: nothing to take over.
    const next = await spawnServer({ DATA_DIR: dir });
    await next.healthy();
    expect(next.output()).not.toMatch(/took over the lock/);
    expect(await next.stop()).toBe(0);
  });

  it('a call that never finishes is cut after 10 s; the database is still closed, the folder released, the exit 0', async () => {
    const dir = freshDataDir();
    const s = await spawnServer({ DATA_DIR: dir });
    await s.healthy();
    const stuck = await slowSignIn(s.url);
    void stuck.answer.catch(() => undefined); // cut: its connection ends without an answer
    const termAt = Date.now();
    s.proc.kill('SIGTERM');
    expect(await s.exited(20_000)).toBe(0);
    const took = Date.now() - termAt;
    console.log(`[process] SIGTERM with a call that never ends: exited 0 after ${took} ms`);
    expect(took).toBeGreaterThanOrEqual(10_000);
    expect(took).toBeLessThan(15_000);
    expect(s.output()).toMatch(/10 s passed with 1 call\(s\) still open: cutting their connections/);
    expect(s.output()).toMatch(/data folder .* released/);
    expect(fs.existsSync(`${dir}/.lock`)).toBe(false);
    stuck.abandon();
  });
});
