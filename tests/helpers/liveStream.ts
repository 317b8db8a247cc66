// Reads the live stream (GET /admin/v1/events) as the browser does: fetch with the bearer
// header, messages parsed as they come by the browser's reader (contract/eventStream.ts); or, as a client that
// stops reading, on a bare socket (tests/api/events.test.ts).
import net from 'node:net';
import { once } from 'node:events';
import { expect } from 'vitest';
import { streamEvents } from '@contract/events';
import { readEventStream, splitStreamMessages, type StreamMessage } from '@contract/eventStream';

export async function openLiveStream(base: string, headers: Record<string, string>) {
  const abort = new AbortController();
  const res = await fetch(base + streamEvents.path, { headers, signal: abort.signal });
  const messages: StreamMessage[] = [];
  /** When the server ended it (performance.now()), null while open. */
  let endedAt: number | null = null;
  if (res.ok)
    void (async () => {
      try {
        await readEventStream(res.body!.pipeThrough(new TextDecoderStream()).getReader(), {
          message: (m) => messages.push(m),
        });
      } catch {
        // aborted
      } finally {
        endedAt = performance.now();
      }
    })();
  return {
    res,
    messages,
    /** The data of every message of `event`, parsed. */
    of: <T>(event: string) => messages.filter((m) => m.event === event).map((m) => JSON.parse(m.data) as T),
    /** Waits for the first message (`ready`): from then on the stream hears everything. */
    ready: () => expect.poll(() => messages.length, { timeout: 5000 }).toBeGreaterThan(0),
    /** Waits for the first message (`ready` or `reload`, which names where the stream starts) and gives it. */
    first: async () => {
      await expect.poll(() => messages.length, { timeout: 5000 }).toBeGreaterThan(0);
      return messages[0]!;
    },
    ended: () => endedAt !== null,
    endedAt: () => endedAt,
    close: () => abort.abort(),
  };
}

/**
 * Sends the stream's request on a bare socket and reads nothing until `readToEnd`: a client
 * that has stopped reading (a frozen tab, a stalled network), whose unsent bytes pile up.
 */
export async function openUnreadStream(base: string, headers: Record<string, string>) {
  const { hostname, port, host } = new URL(base);
  const socket = net.connect({ host: hostname, port: Number(port) });
  socket.pause(); // before it connects: not a byte is read from the kernel
  await once(socket, 'connect');
  const lines = Object.entries({ host, ...headers }).map(([k, v]) => `${k}: ${v}\r\n`);
  socket.write(`GET ${streamEvents.path} HTTP/1.1\r\n${lines.join('')}\r\n`);
  return {
    /** Reads what reached it until the server's end: the complete messages, as a browser's reader would take them. */
    async readToEnd(): Promise<StreamMessage[]> {
      const chunks: Buffer[] = [];
      socket.on('data', (c: Buffer) => chunks.push(c));
      socket.on('error', () => undefined); // a reset ends it as well as an end
      const closed = once(socket, 'close');
      socket.resume();
      await closed;
      return splitStreamMessages(unchunk(Buffer.concat(chunks))).messages;
    },
    destroy: () => socket.destroy(),
  };
}

/** The body of a chunked HTTP/1.1 answer, as far as it came (a cut chunk gives what it held). */
function unchunk(raw: Buffer): string {
  const head = raw.indexOf('\r\n\r\n');
  expect(raw.subarray(0, head).toString('latin1')).toMatch(/^HTTP\/1\.1 200 /);
  const body: Buffer[] = [];
  let at = head + 4;
  for (;;) {
    const eol = raw.indexOf('\r\n', at);
    if (eol < 0) break;
    const size = parseInt(raw.subarray(at, eol).toString('latin1'), 16);
    if (!size) break;
    body.push(raw.subarray(eol + 2, Math.min(raw.length, eol + 2 + size)));
    at = eol + 2 + size + 2;
    if (at > raw.length) break;
  }
  return Buffer.concat(body).toString('utf8');
}
