// The background loop both jobs share (./loop.ts): kicks while a round runs make one more round,
// not one each; a failed round is reported and the next kick runs again; stop ends it.
import { expect, it } from 'vitest';
import { backgroundLoop } from './loop';

it('runs once at start, once more for any number of kicks during a round, and not after stop', async () => {
  let rounds = 0;
  let release: () => void = () => undefined;
  const loop = backgroundLoop({
    run: () => {
      rounds++;
      return new Promise<void>((resolve) => (release = resolve));
    },
    onError: () => undefined,
  });
  await new Promise((r) => setImmediate(r));
  expect(rounds).toBe(1);
  loop.kick();
  loop.kick();
  loop.kick();
  release();
  await new Promise((r) => setImmediate(r));
  expect(rounds).toBe(2);
  release();
  await loop.idle();
  expect(rounds).toBe(2);
  loop.stop();
  loop.kick();
  await loop.idle();
  expect(rounds).toBe(2);
});

it('reports a failed round and runs again on the next kick; a round sees stop', async () => {
  const errors: string[] = [];
  let fail = true;
  let sawStop = false;
  const loop = backgroundLoop({
    run: async (stopped) => {
      if (fail) throw new Error('database gone');
      sawStop = stopped();
    },
    onError: (e) => errors.push((e as Error).message),
  });
  await new Promise((r) => setImmediate(r));
  await loop.idle();
  expect(errors).toEqual(['database gone']);
  fail = false;
  loop.kick();
  await loop.idle();
  expect(errors).toHaveLength(1);
  expect(sawStop).toBe(false);
  loop.stop();
});
