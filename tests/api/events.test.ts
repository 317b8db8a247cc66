// The live stream (GET /admin/v1/events, server/http/eventStream.ts) on both databases: a
// committed write shows on an open stream with what changed and who changed it; a reconnect
// naming its last id gets exactly what it missed; on PostgreSQL another process's write
// reaches this one's stream through NOTIFY; only admins may listen.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bankResource } from '../../contract/bank';
import { streamEvents, type ChangeEvent } from '../../contract/events';
import { opCalls } from '../helpers/ops';
import { insertSession, insertUser } from '../helpers/sessions';
import { startTestServer, type TestServer } from '../helpers/app';
import { secondApp } from '../helpers/secondApp';

let s: TestServer;
let base: string;
const { ok, call } = opCalls(() => s);

beforeAll(async () => {
  s = await startTestServer();
  base = await s.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => s?.close());

interface Message {
  event: string;
  id?: string;
  data: string;
}

/** Opens the stream as the browser does (fetch, the bearer header) and parses its messages. */
async function openStream(headers: Record<string, string> = {}) {
  const abort = new AbortController();
  const res = await fetch(base + streamEvents.path, {
    headers: { ...s.adminAuth, ...headers },
    signal: abort.signal,
  });
  const messages: Message[] = [];
  const comments: string[] = [];
  let ended = false;
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
            const block = buf.slice(0, at);
            buf = buf.slice(at + 2);
            const m: Message = { event: 'message', data: '' };
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) comments.push(line);
              else if (line.startsWith('event: ')) m.event = line.slice(7);
              else if (line.startsWith('id: ')) m.id = line.slice(4);
              else if (line.startsWith('data: ')) m.data += line.slice(6);
            }
            if (block.split('\n').some((l) => !l.startsWith(':'))) messages.push(m);
          }
        }
      } catch {
        // aborted
      } finally {
        ended = true;
      }
    })();
  const changes = () => messages.filter((m) => m.event === 'change').map((m) => JSON.parse(m.data) as ChangeEvent);
  return {
    res,
    messages,
    comments,
    changes,
    ended: () => ended,
    /** Waits for the first message (`ready` or `reload`), which names where the stream starts. */
    first: async () => {
      await expect.poll(() => messages.length, { timeout: 5000 }).toBeGreaterThan(0);
      return messages[0]!;
    },
    close: () => abort.abort(),
  };
}

const me = async () =>
  (await s.db.query<{ id: number; name: string }>('select id, name from users order by id limit 1')).rows[0]!;

it('a write shows on an open stream: operation, resource, ids, actor, version', async () => {
  const stream = await openStream();
  try {
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect((await stream.first()).event).toBe('ready');
    const added = await ok(bankResource.ops.add!, { body: { name: 'Streamline Bank', code: 'STRM' } });
    const id = added.data.id as number;
    const updated = await ok(bankResource.ops.update!, {
      params: { id },
      body: { name: 'Streamline Savings', code: 'STRM', version: added.data.version },
    });
    await expect.poll(() => stream.changes().length, { timeout: 5000 }).toBe(2);
    const admin = await me();
    const [add, update] = stream.changes();
    expect(add).toMatchObject({
      operation: bankResource.ops.add!.id,
      resource: 'bank',
      ids: [id],
      actor: { id: admin.id, name: admin.name },
    });
    expect(add!.touches).toContain('bank');
    expect(update).toMatchObject({
      operation: bankResource.ops.update!.id,
      resource: 'bank',
      ids: [id],
      version: updated.data.version,
      actor: { id: admin.id },
    });
    // Each message's id is the event's, in order: what a reconnect names.
    const ids = stream.messages.filter((m) => m.event === 'change').map((m) => Number(m.id));
    expect(ids).toEqual([add!.id, update!.id]);
    expect(update!.id).toBeGreaterThan(add!.id);
  } finally {
    stream.close();
  }
});

it('a read, or a write that fails, is no event', async () => {
  const stream = await openStream();
  try {
    await stream.first();
    await ok(bankResource.ops.list, { query: { per_page: 5 } });
    const res = await call(bankResource.ops.update!, {
      params: { id: 999_999 },
      body: { name: 'Nobody', code: 'NOBD', version: 1 },
    });
    expect(res.status).toBe(404);
    await ok(bankResource.ops.add!, { body: { name: 'Marker Bank', code: 'MRKR' } });
    await expect.poll(() => stream.changes().length, { timeout: 5000 }).toBe(1);
    expect(stream.changes()[0]!.operation).toBe(bankResource.ops.add!.id);
  } finally {
    stream.close();
  }
});

it('a reconnect with Last-Event-ID gets exactly what it missed, then what comes next', async () => {
  const first = await openStream();
  await first.first();
  await ok(bankResource.ops.add!, { body: { name: 'Before Gap Bank', code: 'BGAP' } });
  await expect.poll(() => first.changes().length, { timeout: 5000 }).toBe(1);
  const last = first.messages.at(-1)!.id!;
  first.close();
  const missed = [];
  for (const [name, code] of [
    ['Gap One Bank', 'GAP1'],
    ['Gap Two Bank', 'GAP2'],
    ['Gap Three Bank', 'GAP3'],
  ])
    missed.push((await ok(bankResource.ops.add!, { body: { name, code } })).data.id as number);
  const again = await openStream({ 'last-event-id': last });
  try {
    expect((await again.first()).event).toBe('ready');
    await expect.poll(() => again.changes().length, { timeout: 5000 }).toBe(3);
    expect(again.changes().map((e) => e.ids[0])).toEqual(missed);
    const after = (await ok(bankResource.ops.add!, { body: { name: 'After Gap Bank', code: 'AGAP' } })).data.id;
    await expect.poll(() => again.changes().length, { timeout: 5000 }).toBe(4);
    expect(again.changes()[3]!.ids).toEqual([after]);
    // Nothing twice.
    const ids = again.changes().map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
  } finally {
    again.close();
  }
});

it('a reconnect from before what was pruned is told to reload', async () => {
  await ok(bankResource.ops.add!, { body: { name: 'Old News Bank', code: 'OLDN' } });
  const oldest = Number(await one('select min(id) from change_events'));
  await s.db.query(`update change_events set at = now() - interval '2 days' where id <= $1`, [oldest + 1]);
  await s.app.events.prune();
  const stream = await openStream({ 'last-event-id': String(oldest - 1 > 0 ? oldest - 1 : 0) });
  try {
    expect((await stream.first()).event).toBe('reload');
  } finally {
    stream.close();
  }
});

async function one(sql: string) {
  return Object.values((await s.db.query(sql)).rows[0] ?? {})[0];
}

it('no token is 401, an app user 403', async () => {
  const anon = await fetch(base + streamEvents.path);
  expect(anon.status).toBe(401);
  await anon.body?.cancel();
  // An app user of the consumer app: signed in, but no staff.
  const user = await insertUser(s.db, { role: 'user' });
  const token = await insertSession(s.db, user.id, { now: Date.now() });
  const res = await fetch(base + streamEvents.path, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(403);
  await res.body?.cancel();
});

it('sends a heartbeat comment and ends when the server closes', async () => {
  // A second app on the same database with a short heartbeat, closed at the end of the test.
  const other = await secondApp(s, { heartbeatMs: 50 });
  try {
    const res = await fetch(other.base + streamEvents.path, { headers: s.adminAuth });
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    while (!text.includes(': ping')) text += (await reader.read()).value ?? '';
    const closing = other.close();
    // The stream ends (done) rather than the close waiting for it forever.
    for (;;) if ((await reader.read()).done) break;
    await closing;
  } finally {
    await other.close();
  }
});

// PostgreSQL only: PGlite's folder belongs to one process (server/db/lock.ts), so no other can commit.
it.skipIf(process.env.TEST_DB !== 'postgres')(
  "on PostgreSQL, another process's write reaches this one's stream",
  async () => {
    const stream = await openStream();
    const other = await secondApp(s);
    try {
      await stream.first();
      const res = await other.app.inject({
        method: 'POST',
        url: bankResource.ops.add!.path,
        headers: { ...s.adminAuth, 'content-type': 'application/json' },
        payload: JSON.stringify({ name: 'Elsewhere Bank', code: 'ELSW' }),
      });
      expect(res.statusCode, res.body).toBe(200);
      await expect.poll(() => stream.changes().length, { timeout: 5000 }).toBe(1);
      expect(stream.changes()[0]).toMatchObject({ operation: bankResource.ops.add!.id, ids: [res.json().data.id] });
    } finally {
      stream.close();
      await other.close();
    }
  },
);
