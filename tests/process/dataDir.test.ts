// The data-folder lock attacked with real processes (embedded PGlite, one DATA_DIR):
// a holder too busy to answer (stopped with SIGSTOP) keeps its folder; a holder killed
// with kill -9 leaves a folder the next server takes at once; a server whose lock is taken
// away confirms no write and stops.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { addBank, bankNames, killAll, signIn, sleep, spawnServer, migratedDataDir } from './server';

const dirs: string[] = [];
/** A copy of the run's migrated folder with the admin (tests/process/templateSetup.ts), one per test. */
const freshDataDir = () => {
  const dir = migratedDataDir('process-pglite');
  dirs.push(dir);
  return dir;
};

afterAll(() => {
  killAll();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

// Concurrent, each on a folder of its own: the 20 s of the first overlap the others.
describe.concurrent('a DATA_DIR on embedded PGlite', () => {
  it('a second server is refused at once while the first is stopped (SIGSTOP) for 20 s, longer than any lease; the first then still serves and writes', async () => {
    const dir = freshDataDir();
    const first = await spawnServer({ DATA_DIR: dir });
    await first.healthy();
    const auth = await signIn(first.url);
    first.proc.kill('SIGSTOP');
    // A stopped process refreshes nothing: the strongest form of "too busy to answer".
    await sleep(20_000);
    const second = await spawnServer({ DATA_DIR: dir });
    const outcome = await second.settle(60_000);
    first.proc.kill('SIGCONT');
    expect(outcome, second.output()).not.toBe('healthy');
    expect(outcome).toMatchObject({ code: 1 });
    expect(second.output()).toMatch(/DATA_DIR .* is in use by another running server \(process \d+/);

    expect((await fetch(`${first.url}/health`)).status).toBe(200);
    const added = await addBank(first.url, auth, 'Stopped Not Dead Bank');
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(await bankNames(first.url, auth, 'Stopped Not Dead')).toEqual(['Stopped Not Dead Bank']);
    expect(await first.stop()).toBe(0);
    expect(first.output()).not.toMatch(/lost its hold/);
  });

  it('after kill -9 of the holder, a new server on the same DATA_DIR takes the folder over at once, with every acknowledged row', async () => {
    const dir = freshDataDir();
    const first = await spawnServer({ DATA_DIR: dir });
    // How long a start on this folder takes on this machine now: the yardstick for the restart.
    const normalStart = await first.healthy();
    const auth = await signIn(first.url);
    expect((await addBank(first.url, auth, 'Acknowledged Before Crash')).status).toBe(200);
    first.proc.kill('SIGKILL');
    await first.exited();

    const second = await spawnServer({ DATA_DIR: dir });
    const restart = await second.healthy(60_000);
    console.log(`[process] normal start ${normalStart} ms; start after kill -9 ${restart} ms`);
    // No waiting for a lease to run out (the old lock refused for 15-20 s).
    expect(restart).toBeLessThan(normalStart + 5_000);
    expect(second.output()).toMatch(/took over the lock of process \d+, which is no longer running/);
    expect(await bankNames(second.url, await signIn(second.url), 'Acknowledged Before Crash')).toEqual([
      'Acknowledged Before Crash',
    ]);
    expect(await second.stop()).toBe(0);
  });

  it('a server whose lock is taken away refuses the next write with 503, commits nothing and stops', async () => {
    const dir = freshDataDir();
    const first = await spawnServer({ DATA_DIR: dir });
    await first.healthy();
    const auth = await signIn(first.url);
    // Another party takes the folder: the lock this server made is no longer where it was.
    const taken = path.join(dir, '.lock-taken-by-test');
    fs.renameSync(path.join(dir, '.lock'), taken);
    const refused = await addBank(first.url, auth, 'Written After Loss');
    expect(refused.status, JSON.stringify(refused.body)).toBe(503);
    expect(refused.body.message).toBe('This server lost its hold on the data folder; no change was saved.');
    const code = await first.exited(15_000);
    expect(code).not.toBe(0);
    expect(first.output()).toMatch(/lost its hold on the data folder/);

    // The other party goes away; a new server finds no trace of the refused write.
    fs.rmSync(taken, { recursive: true, force: true });
    const second = await spawnServer({ DATA_DIR: dir });
    await second.healthy();
    expect(await bankNames(second.url, await signIn(second.url), 'Written After Loss')).toEqual([]);
    expect(await second.stop()).toBe(0);
  });
});
