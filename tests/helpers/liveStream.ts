// Reads the live stream (GET /admin/v1/events) as the browser does: fetch with the bearer
// header, messages parsed as they come (tests/api/presence.test.ts); or, as a client that
// stops reading, on a bare socket (tests/api/events.test.ts).
import net from 'node:net';
import { once } from 'node:events';
import { expect } from 'vitest';
import { streamEvents } from '../../contract/events';

export interface StreamMessage {
  event: string;
  id?: string;
  data: string;
}

export async function openLiveStream(base: string, headers: Record<string, string>) {
  const abort = new AbortController();
  const res = await fetch(base + streamEvents.path, { headers, signal: abort.signal });
  const messages: StreamMessage[] = [];
  /** When the server ended it (performance.now()), null while open. */
  let endedAt: number | null = null;
  if (res.ok)
    void (async () => {
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      let buf = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buf += value;
          let at: number;
          while ((at = buf.indexOf('\n\n')) >= 0) {
            const lines = buf.slice(0, at).split('\n');
            buf = buf.slice(at + 2);
            if (lines.every((l) => l.startsWith(':'))) continue; // a heartbeat comment
            const m: StreamMessage = { event: 'message', data: '' };
            for (const line of lines)
              if (line.startsWith('event: ')) m.event = line.slice(7);
              else if (line.startsWith('id: ')) m.id = line.slice(4);
              else if (line.startsWith('data: ')) m.data += line.slice(6);
            messages.push(m);
          }
        }
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
      return messagesOf(unchunk(Buffer.concat(chunks)));
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

/** The messages of an event-stream text that end in a blank line; a message cut short is no message. */
function messagesOf(text: string): StreamMessage[] {
  return text
    .split('\n\n')
    .slice(0, -1)
    .map((block) => block.split('\n').filter((l) => !l.startsWith(':')))
    .filter((lines) => lines.length)
    .map((lines) => {
      const m: StreamMessage = { event: 'message', data: '' };
      for (const line of lines)
        if (line.startsWith('event: ')) m.event = line.slice(7);
        else if (line.startsWith('id: ')) m.id = line.slice(4);
        else if (line.startsWith('data: ')) m.data += line.slice(6);
      return m;
    });
}
