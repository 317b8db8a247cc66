// Presence (contract/presence.ts, server/services/presence.ts) on both databases: an admin's
// announcement reaches another admin's live stream as `event: presence`, with who has the
// record open; a leave and a lapse take them off; announcing leaves no audit entry and no
// change event; a list (a health queue) reads who has which record open, of one resource or
// all; bad input is refused naming its field; every staff role may announce; on
// PostgreSQL another process's announcement reaches this one's stream. And a triage claim,
// which the other reviewers' queues mark, reaches their streams as a change event.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimRef, releaseRef } from '@contract/crawlTriage';
import type { ChangeEvent } from '@contract/events';
import { announcePresence, listPresence, type PresenceEvent } from '@contract/presence';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDb } from '../../server/db/connection';
import { createLogger } from '../../server/logger';
import { createMailer } from '../../server/services/mail';
import { startTestServer, type TestServer } from '../helpers/app';
import { openLiveStream } from '../helpers/liveStream';
import { opCalls } from '../helpers/ops';
import { bearerOf, insertSession, insertUser } from '../helpers/sessions';

/** Short, so a lapse is seen in seconds; long enough that nothing lapses mid-step. */
const TTL_MS = 3000;

let s: TestServer;
let base: string;
const { call, ok, one } = opCalls(() => s);
const omar = { id: 0, auth: {} as Record<string, string> };
let adminId = 0;

beforeAll(async () => {
  s = await startTestServer({ presenceTtlMs: TTL_MS });
  base = await s.app.listen({ port: 0, host: '127.0.0.1' });
  adminId = await one<number>('select id from users order by id limit 1');
  omar.id = (await insertUser(s.db, { role: 'admin', name: 'Omar Presence' })).id;
  omar.auth = bearerOf(await insertSession(s.db, omar.id));
});
afterAll(() => s?.close());

const announce = (resource: string, record_id: number, mode: string, headers?: Record<string, string>) =>
  ok(announcePresence, { body: { resource, record_id, mode } }, headers) as Promise<{ data: PresenceEvent }>;

/** The presence messages `stream` got for one record. */
const about = (stream: Awaited<ReturnType<typeof openLiveStream>>, resource: string, id: number) =>
  stream.of<PresenceEvent>('presence').filter((e) => e.resource === resource && e.record_id === id);

describe('presence on the live stream', () => {
  it("an announcement reaches another admin's stream; a leave takes them off", async () => {
    const stream = await openLiveStream(base, omar.auth);
    try {
      await stream.ready();
      const answer = await announce('offer', 901, 'editing');
      expect(answer.data).toMatchObject({ resource: 'offer', record_id: 901 });
      expect(answer.data.users).toEqual([{ id: adminId, name: expect.any(String), mode: 'editing' }]);
      await expect
        .poll(
          () =>
            about(stream, 'offer', 901)
              .at(-1)
              ?.users.map((u) => [u.id, u.mode]),
          { timeout: 5000 },
        )
        .toEqual([[adminId, 'editing']]);

      // Omar opens it too: the answer names both, the one editing first.
      const both = await announce('offer', 901, 'viewing', omar.auth);
      expect(both.data.users.map((u) => [u.id, u.mode])).toEqual([
        [adminId, 'editing'],
        [omar.id, 'viewing'],
      ]);

      await announce('offer', 901, 'left');
      await expect
        .poll(
          () =>
            about(stream, 'offer', 901)
              .at(-1)
              ?.users.map((u) => u.id),
          { timeout: 5000 },
        )
        .toEqual([omar.id]);
      await announce('offer', 901, 'left', omar.auth);
      await expect.poll(() => about(stream, 'offer', 901).at(-1)?.users, { timeout: 5000 }).toEqual([]);
    } finally {
      stream.close();
    }
  });

  it('a renewal that changes nothing is no message; a change of mode is', async () => {
    const stream = await openLiveStream(base, omar.auth);
    try {
      await stream.ready();
      await announce('bank', 902, 'viewing');
      await expect.poll(() => about(stream, 'bank', 902).length, { timeout: 5000 }).toBe(1);
      await announce('bank', 902, 'viewing');
      await announce('bank', 902, 'editing');
      await expect.poll(() => about(stream, 'bank', 902).length, { timeout: 5000 }).toBe(2);
      expect(about(stream, 'bank', 902).map((e) => e.users[0]?.mode)).toEqual(['viewing', 'editing']);
      await announce('bank', 902, 'left');
    } finally {
      stream.close();
    }
  });

  it('an announcement not renewed lapses, and the stream says so without any write', async () => {
    const stream = await openLiveStream(base, omar.auth);
    try {
      await stream.ready();
      const at = Date.now();
      await announce('card', 903, 'editing');
      await expect.poll(() => about(stream, 'card', 903).length, { timeout: 5000 }).toBe(1);
      await expect.poll(() => about(stream, 'card', 903).at(-1)?.users, { timeout: 5000 }).toEqual([]);
      expect(Date.now() - at).toBeGreaterThanOrEqual(TTL_MS - 100);
      // Read again, it is gone too.
      const answer = await announce('card', 903, 'viewing', omar.auth);
      expect(answer.data.users.map((u) => u.id)).toEqual([omar.id]);
      await announce('card', 903, 'left', omar.auth);
    } finally {
      stream.close();
    }
  });

  it('leaves no audit entry and no change event', async () => {
    const stream = await openLiveStream(base, omar.auth);
    try {
      await stream.ready();
      const entries = await one<number>('select count(*)::int from audit_log');
      const events = await one<number>('select count(*)::int from change_events');
      // The hub tells states, not steps: announcements faster than its rounds may be told as
      // one. Each is awaited on the stream, so all three are told.
      const told = () =>
        about(stream, 'outlet', 904)
          .at(-1)
          ?.users.map((u) => u.mode);
      await announce('outlet', 904, 'viewing');
      await expect.poll(told, { timeout: 5000 }).toEqual(['viewing']);
      await announce('outlet', 904, 'editing');
      await expect.poll(told, { timeout: 5000 }).toEqual(['editing']);
      await announce('outlet', 904, 'left');
      await expect.poll(told, { timeout: 5000 }).toEqual([]);
      expect(about(stream, 'outlet', 904)).toHaveLength(3);
      expect(await one<number>('select count(*)::int from audit_log')).toBe(entries);
      expect(await one<number>('select count(*)::int from change_events')).toBe(events);
      expect(stream.of('change')).toEqual([]);
    } finally {
      stream.close();
    }
  });
});

describe('announcing', () => {
  it('refuses bad input naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ resource: 'offer', record_id: 1, mode: 'sleeping' }, 'mode'],
      [{ resource: 'offer', mode: 'viewing' }, 'record_id'],
      [{ resource: 'offer', record_id: 0, mode: 'viewing' }, 'record_id'],
      [{ resource: '', record_id: 1, mode: 'viewing' }, 'resource'],
      [{ resource: 'drop table', record_id: 1, mode: 'viewing' }, 'resource'],
    ];
    for (const [body, field] of cases) {
      const res = await call(announcePresence, { body });
      expect(res.status, res.body).toBe(422);
      expect(
        Object.keys(res.json.errors).filter((k) => k !== 'message'),
        res.body,
      ).toEqual([field]);
      expect(res.json.errors[field][0], res.body).toMatch(/\S/);
    }
    const empty = await call(announcePresence, { body: null });
    expect([empty.status, Object.keys(empty.json.errors)]).toEqual([422, ['body', 'message']]);
  });

  it('every staff role may announce, a viewer too; an app user may not', async () => {
    for (const role of ['editor', 'reviewer', 'viewer']) {
      const who = await insertUser(s.db, { role, name: `Presence ${role}` });
      const auth = bearerOf(await insertSession(s.db, who.id));
      await announce('category', 905, 'viewing', auth);
      await announce('category', 905, 'left', auth);
    }
    const app = await insertUser(s.db, { role: 'user' });
    const res = await call(
      announcePresence,
      { body: { resource: 'category', record_id: 905, mode: 'viewing' } },
      bearerOf(await insertSession(s.db, app.id)),
    );
    expect(res.status).toBe(403);
  });
});

describe('who has which record open', () => {
  const present = async (query: Record<string, string> = {}) =>
    ((await ok(listPresence, { query })) as { data: PresenceEvent[] }).data.filter((e) => e.record_id >= 910);

  it('answers every record someone has open, of one resource when asked, without the lapsed or left', async () => {
    await announce('offer', 911, 'viewing');
    await announce('offer', 911, 'editing', omar.auth);
    await announce('card', 912, 'viewing', omar.auth);
    const all = await present();
    expect(all.map((e) => [e.resource, e.record_id, e.users.map((u) => [u.id, u.mode])])).toEqual([
      ['card', 912, [[omar.id, 'viewing']]],
      [
        'offer',
        911,
        [
          [omar.id, 'editing'],
          [adminId, 'viewing'],
        ],
      ],
    ]);
    expect((await present({ resource: 'offer' })).map((e) => e.record_id)).toEqual([911]);
    await announce('offer', 911, 'left', omar.auth);
    await announce('card', 912, 'left', omar.auth);
    expect((await present()).map((e) => [e.record_id, e.users.map((u) => u.id)])).toEqual([[911, [adminId]]]);
    // Not renewed, it lapses: the list leaves it out by the database's clock.
    await expect.poll(() => present(), { timeout: TTL_MS + 3000, interval: 500 }).toEqual([]);
  });

  it('refuses a bad resource naming the field', async () => {
    const res = await call(listPresence, { query: { resource: 'drop table' } });
    expect(res.status, res.body).toBe(422);
    expect(Object.keys(res.json.errors)).toContain('resource');
  });
});

// Crawl triage marks refs another reviewer has (src/features/crawl/triage/triageQueue.ts
// refreshClaims) from the change events of their claims: a claim and a release are writes of
// the ref, so each is a change event touching the refs, naming who.
describe('a triage claim and its release', () => {
  it("reach another reviewer's stream as change events touching the refs", async () => {
    const source = await one<number>(
      `insert into crawl_sources (name, from_source, last_import_at) values ('presence-claims', 'presence-claims', now()) returning id`,
    );
    const ref = await one<number>(
      `insert into crawl_cards (source_id, source_key, name, state, search_text) values ($1, 'p1', 'Claimed card', 'new', 'claimed card') returning id`,
      [source],
    );
    const stream = await openLiveStream(base, omar.auth);
    try {
      await stream.ready();
      await ok(claimRef, { body: { kind: 'card', ref_id: ref } });
      await ok(releaseRef, { body: { kind: 'card', ref_id: ref } });
      await expect.poll(() => stream.of<ChangeEvent>('change').length, { timeout: 5000 }).toBe(2);
      const [claim, release] = stream.of<ChangeEvent>('change');
      expect(claim).toMatchObject({ operation: claimRef.id, actor: { id: adminId } });
      expect(claim!.touches).toContain('cardRef');
      expect(release).toMatchObject({ operation: releaseRef.id, actor: { id: adminId } });
      expect(release!.touches).toContain('cardRef');
    } finally {
      stream.close();
    }
  });
});

// PostgreSQL only: PGlite's folder belongs to one process (server/db/lock.ts), so no other can commit.
it.skipIf(process.env.TEST_DB !== 'postgres')(
  "on PostgreSQL, another process's announcement reaches this one's stream",
  async () => {
    const stream = await openLiveStream(base, omar.auth);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-admin-presence-'));
    const own = await openDb({ databaseUrl: s.databaseUrl! });
    const other = await buildApp({
      config: { ...loadConfig({}), dataDir },
      db: own,
      mailer: createMailer({ dataDir, from: 'test@example.com', log: () => {} }),
      logger: createLogger('silent'),
    });
    try {
      await stream.ready();
      const res = await other.inject({
        method: 'POST',
        url: announcePresence.path,
        headers: { ...s.adminAuth, 'content-type': 'application/json' },
        payload: JSON.stringify({ resource: 'network', record_id: 906, mode: 'editing' }),
      });
      expect(res.statusCode, res.body).toBe(200);
      await expect
        .poll(
          () =>
            about(stream, 'network', 906)
              .at(-1)
              ?.users.map((u) => u.id),
          { timeout: 5000 },
        )
        .toEqual([adminId]);
    } finally {
      stream.close();
      await other.close();
      await own.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
);
