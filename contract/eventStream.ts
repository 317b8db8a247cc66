// The event-stream format (text/event-stream) as GET /admin/v1/events sends it (./events.ts):
// messages of `field: value` lines, each ended by a blank line; a line starting with ':' is a
// comment (the heartbeat). One reader for every client of the stream: the browser's
// (src/api/events.ts) and the tests' (tests/helpers/liveStream.ts). It takes a reader of text
// rather than a ReadableStream, so contract/ needs no DOM types.

/** One message: its `event:` ('message' when unnamed), `id:` and `data:` (lines joined by '\n'). */
export interface StreamMessage {
  event: string;
  id?: string;
  data: string;
}

/** The message of one block (the lines between blank lines), or null for a block of comments only. */
export function parseStreamMessage(block: string): StreamMessage | null {
  const m: StreamMessage = { event: 'message', data: '' };
  let fields = 0;
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    fields++;
    const colon = line.indexOf(':');
    const name = colon < 0 ? line : line.slice(0, colon);
    // One space after the colon is the format's, not the value's.
    const value = colon < 0 ? '' : line.slice(colon + (line[colon + 1] === ' ' ? 2 : 1));
    if (name === 'event') m.event = value;
    else if (name === 'id') m.id = value;
    else if (name === 'data') data.push(value);
  }
  if (!fields) return null;
  m.data = data.join('\n');
  return m;
}

/** The complete messages of `text` (each ended by a blank line), its comments, and the rest, which waits for more. */
export function splitStreamMessages(text: string): { messages: StreamMessage[]; comments: string[]; rest: string } {
  const messages: StreamMessage[] = [];
  const comments: string[] = [];
  let rest = text;
  let at: number;
  while ((at = rest.indexOf('\n\n')) >= 0) {
    const block = rest.slice(0, at);
    rest = rest.slice(at + 2);
    comments.push(...block.split('\n').filter((l) => l.startsWith(':')));
    const m = parseStreamMessage(block);
    if (m) messages.push(m);
  }
  return { messages, comments, rest };
}

/** What readEventStream reads: a ReadableStream's reader of text (`body.pipeThrough(new TextDecoderStream()).getReader()`). */
export interface TextReader {
  read(): Promise<{ done: boolean; value?: string }>;
}

export interface StreamListeners {
  /** Each message, as it completes. */
  message: (m: StreamMessage) => void;
  /** Each comment line (': ping'), as its block completes. */
  comment?: (line: string) => void;
  /** Every chunk that arrives, a heartbeat too (the browser's sign that the connection lives). */
  chunk?: () => void;
}

/** Reads the stream to its end (a rejection when aborted or cut), handing on what it says. */
export async function readEventStream(reader: TextReader, on: StreamListeners): Promise<void> {
  let buf = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    on.chunk?.();
    const { messages, comments, rest } = splitStreamMessages(buf + (value ?? ''));
    buf = rest;
    if (on.comment) comments.forEach(on.comment);
    messages.forEach(on.message);
  }
}
