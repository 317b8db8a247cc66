// The live stream's reader (src/api/events.ts) against a stream made here: messages split
// anywhere, others' changes announced as touches, one's own left out, and a dropped stream
// reconnecting with the last id it read. A stream the server ends (its session signed out
// elsewhere, server/services/streamSessions.ts) is opened again, and that 401 goes to sign-in
// as any; a 429 (too many streams) is tried again.
import { afterEach, describe, expect, it } from 'vitest';
import type { ChangeEvent } from '@contract/events';
import { onTouched } from './call';
import { onUnauthorized, setTokenSource } from './client';
import { onRemoteChange, openLiveUpdates } from './events';

const change = (id: number, actor: number, touches = ['bank']): ChangeEvent => ({
  id,
  operation: 'bank.update',
  resource: 'bank',
  touches,
  ids: [7],
  version: 3,
  actor: { id: actor, name: `Admin ${actor}` },
  at: new Date(0).toISOString(),
});
const message = (e: ChangeEvent) => `id: ${e.id}\nevent: change\ndata: ${JSON.stringify(e)}\n\n`;

/** A response whose body sends `chunks` and then ends (the connection dropped). */
const streamOf = (chunks: string[]) =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(c) {
        for (const text of chunks) c.enqueue(new TextEncoder().encode(text));
        c.close();
      },
    }),
    { status: 200, headers: { 'content-type': 'text/event-stream' } },
  );

let stop: (() => void) | null = null;
const cleanups: (() => void)[] = [];
afterEach(() => {
  stop?.();
  cleanups.splice(0).forEach((fn) => fn());
});

describe('openLiveUpdates', () => {
  it("announces others' changes as touches, not one's own, and resumes after a drop from the last id", async () => {
    setTokenSource(() => 'token-1');
    const touched: { touches: readonly string[]; remote: boolean }[] = [];
    cleanups.push(onTouched((touches, _op, _out, remote) => void touched.push({ touches, remote })));
    const heard: number[] = [];
    cleanups.push(onRemoteChange((e) => void heard.push(e.id)));
    const asked: (string | null)[] = [];
    const first = message(change(11, 2)) + message(change(12, 1)) + message(change(13, 2, ['offer']));
    const bodies = [
      // split mid-message: the reader must join the pieces
      [`id: 10\nevent: ready\ndata: {}\n\n${first.slice(0, 40)}`, first.slice(40)],
      [`id: 13\nevent: ready\ndata: {}\n\n`, message(change(14, 2))],
    ];
    stop = openLiveUpdates({
      me: 1,
      fetch: async (_url, init) => {
        asked.push(new Headers(init?.headers).get('Last-Event-ID'));
        const body = bodies.shift();
        return body ? streamOf(body) : new Promise<Response>(() => undefined);
      },
    });
    await expect.poll(() => heard, { timeout: 3000 }).toEqual([11, 13, 14]);
    // Dropped again: the next try names the last id read (after its backoff).
    await expect.poll(() => asked, { timeout: 3000 }).toEqual([null, '13', '14']);
    expect(touched).toEqual([
      { touches: ['bank'], remote: true },
      { touches: ['offer'], remote: true },
      { touches: ['bank'], remote: true },
    ]);
  });

  it('a stream the server ends is opened again; a 401 then goes to sign-in, and it stops trying', async () => {
    setTokenSource(() => 'token-1');
    let unauthorized = 0;
    const reasons: unknown[] = [];
    cleanups.push(onUnauthorized((reason) => void (unauthorized++, reasons.push(reason))));
    const asked: (string | null)[] = [];
    const answers = [
      () => streamOf([`id: 20\nevent: ready\ndata: {}\n\n`]),
      () =>
        Response.json(
          { message: 'Your password was changed; sign in again.', reason: 'password_changed' },
          { status: 401 },
        ),
    ];
    stop = openLiveUpdates({
      me: 1,
      fetch: async (_url, init) => {
        asked.push(new Headers(init?.headers).get('Last-Event-ID'));
        return answers.shift()?.() ?? new Promise<Response>(() => undefined);
      },
    });
    await expect.poll(() => unauthorized, { timeout: 3000 }).toBe(1);
    expect(reasons).toEqual(['password_changed']);
    expect(asked).toEqual([null, '20']);
    await new Promise((r) => setTimeout(r, 1200)); // past the next backoff
    expect(asked).toHaveLength(2);
  });

  it('a 429 (too many streams open) is tried again after its backoff', async () => {
    setTokenSource(() => 'token-1');
    const asked: number[] = [];
    const answers = [
      () => Response.json({ message: 'This session already has 8 live update streams open' }, { status: 429 }),
      () => streamOf([`id: 30\nevent: ready\ndata: {}\n\n`]),
    ];
    stop = openLiveUpdates({
      me: 1,
      fetch: async () => {
        asked.push(Date.now());
        return answers.shift()?.() ?? new Promise<Response>(() => undefined);
      },
    });
    await expect.poll(() => asked.length, { timeout: 3000 }).toBe(3);
    expect(asked[1]! - asked[0]!).toBeGreaterThanOrEqual(400);
  });
});
