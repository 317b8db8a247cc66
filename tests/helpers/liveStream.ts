// Reads the live stream (GET /admin/v1/events) as the browser does: fetch with the bearer
// header, messages parsed as they come (tests/api/presence.test.ts).
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
      }
    })();
  return {
    res,
    messages,
    /** The data of every message of `event`, parsed. */
    of: <T>(event: string) => messages.filter((m) => m.event === event).map((m) => JSON.parse(m.data) as T),
    /** Waits for the first message (`ready`): from then on the stream hears everything. */
    ready: () => expect.poll(() => messages.length, { timeout: 5000 }).toBeGreaterThan(0),
    close: () => abort.abort(),
  };
}
