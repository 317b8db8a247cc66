// Queue 5 counts a check as broken now by media_checks.holds, which the checked tables'
// triggers keep (server/db/migrations/042_media_checks_holds.sql); the checked fields are
// TypeScript (server/services/mediaChecks.ts CHECKED_FIELDS). Here, on both databases: every
// table of CHECKED_FIELDS has the triggers with its resource, condition and fields (a field
// added to the contract without them fails), and after writes of each kind the queue's rows are
// those of the old definition, the check's value looked up in its record's table.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkMedia, CHECKED_FIELDS, CURRENT_VALUE } from '../../server/services/mediaChecks';
import { healthQueueSql } from '../../server/services/health';
import { diskStore } from '../../server/services/fileStore';
import { startTestServer, type TestServer } from '../helpers/app';

let s: TestServer;
const q = async <T = { id: number }>(sql: string, params: unknown[] = []) => (await s.db.query<T>(sql, params)).rows;

interface FollowTrigger {
  table: string;
  name: string;
  args: string[];
}

/** What each table of `fields` lacks of its three triggers (resource, condition, fields as arguments). */
function triggerGaps(fields: typeof CHECKED_FIELDS, triggers: readonly FollowTrigger[]): string[] {
  const gaps: string[] = [];
  for (const table of new Set(fields.map((f) => f.table))) {
    const of = fields.filter((f) => f.table === table);
    const want = [of[0].resource, of[0].where ?? '', ...of.map((f) => f.field).sort()];
    for (const ev of ['insert', 'update', 'delete']) {
      const t = triggers.find((x) => x.table === table && x.name === `media_checks_${ev}`);
      if (!t) gaps.push(`${table}: no media_checks_${ev}`);
      else if (JSON.stringify([t.args[0], t.args[1], ...t.args.slice(2).sort()]) !== JSON.stringify(want))
        gaps.push(`${table}: media_checks_${ev} has ${JSON.stringify(t.args)}, the fields say ${JSON.stringify(want)}`);
    }
  }
  return gaps;
}

async function followTriggers(): Promise<FollowTrigger[]> {
  const rows = await q<{ tbl: string; name: string; args: Uint8Array }>(
    "select tgrelid::regclass::text as tbl, tgname as name, tgargs as args from pg_trigger where tgfoid = 'media_checks_follow'::regproc",
  );
  // tgargs: each argument ended by a NUL byte.
  return rows.map((r) => ({
    table: r.tbl,
    name: r.name,
    args: Buffer.from(r.args).toString('utf8').split('\0').slice(0, -1),
  }));
}

beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.close());

describe('the triggers', () => {
  it('are on every table of CHECKED_FIELDS, with its resource, condition and fields', async () => {
    const triggers = await followTriggers();
    expect(triggerGaps(CHECKED_FIELDS, triggers)).toEqual([]);
    expect(new Set(triggers.map((t) => t.table))).toEqual(new Set(CHECKED_FIELDS.map((f) => f.table)));
  });

  it('a field or table added to CHECKED_FIELDS without them is named', async () => {
    const triggers = await followTriggers();
    const more = [
      ...CHECKED_FIELDS,
      { resource: 'offer', table: 'offers', field: 'terms', kind: 'link' as const },
      { resource: 'area', table: 'dubai_cities', field: 'name', kind: 'link' as const },
    ];
    expect(triggerGaps(more, triggers)).toEqual([
      'offers: media_checks_insert has ["offer","","image"], the fields say ["offer","","image","terms"]',
      'offers: media_checks_update has ["offer","","image"], the fields say ["offer","","image","terms"]',
      'offers: media_checks_delete has ["offer","","image"], the fields say ["offer","","image","terms"]',
      'dubai_cities: no media_checks_insert',
      'dubai_cities: no media_checks_update',
      'dubai_cities: no media_checks_delete',
    ]);
  });
});

describe('broken now', () => {
  const ids: Record<string, number> = {};
  const queue = async () =>
    (await q(healthQueueSql('brokenMedia').page, [0, 1000])).map((r) => r.id).sort((a, b) => a - b);
  const oldDefinition = async () =>
    (
      await q(
        `select m.id from media_checks m where m.state = 'broken' and m.target = ${CURRENT_VALUE('m')} order by m.id`,
      )
    ).map((r) => r.id);
  const count = async () => (await q<{ n: number }>(healthQueueSql('brokenMedia').count))[0].n;
  /** The queue's rows (and count) are the old definition's; returns which checks they are. */
  const same = async () => {
    const rows = await queue();
    expect(rows).toEqual(await oldDefinition());
    expect(await count()).toBe(rows.length);
    const named = await q<{ k: string }>(
      "select resource || '.' || record_id || '.' || field as k from media_checks where id = any($1::int[]) order by 1",
      [rows],
    );
    return named.map((r) => r.k);
  };
  const key = (resource: string, name: string, field: string) => `${resource}.${ids[name]}.${field}`;

  beforeAll(async () => {
    const missing = (n: number) => `/uploads/0d0d0d0d-0000-4000-8000-${String(n).padStart(12, '0')}.png`;
    const uploads = path.join(s.dataDir, 'uploads');
    fs.mkdirSync(uploads, { recursive: true });
    for (const [name, logo, website] of [
      ['Bank A', missing(1), 'https://a.example/'],
      ['Bank B', missing(2), 'https://b.example/'],
      ['Bank C', missing(3), null],
    ] as const)
      ids[name] = (
        await q('insert into banks (name, code, logo, website) values ($1, $1, $2, $3) returning id', [
          name,
          logo,
          website,
        ])
      )[0].id;
    ids.banner = (
      await q(
        "insert into hero_banners (position, title, image, link_type, url) values (7, 'Banner', $1, 'url', 'https://banner.example/') returning id",
        [missing(4)],
      )
    )[0].id;
    ids.notification = (
      await q(
        `insert into notifications (title, body, link_type, url, link_name, audience, send_at, status, fingerprint)
         values ('Note', 'Body', 'url', 'https://note.example/', 'x', 'all', now() + interval '30 days', 'scheduled', 'n1') returning id`,
      )
    )[0].id;
    // The files through the checker itself (its `keep` sets holds); the links, not fetched here, as it keeps them.
    await checkMedia({
      db: s.db,
      store: diskStore(uploads),
      config: {
        everyMs: 60_000,
        recheckHours: 24,
        outbound: false,
        allowPrivate: false,
        concurrency: 1,
        timeoutMs: 300,
        perHostMs: 0,
      },
      log: { warn: () => undefined, info: () => undefined, error: () => undefined },
    });
    await q(
      `insert into media_checks (resource, record_id, field, kind, target, state, reason, holds)
       select x.resource, x.record_id, x.field, 'link', x.target, 'broken', 'HTTP 404', coalesce(x.target = ${CURRENT_VALUE('x')}, false)
         from (values ('heroBanner', $1::int, 'url', 'https://banner.example/'), ('notification', $2::int, 'url', 'https://note.example/'),
                      ('bank', $3::int, 'website', 'https://a.example/')) as x(resource, record_id, field, target)`,
      [ids.banner, ids.notification, ids['Bank A']],
    );
  });

  it('starts with every check kept', async () => {
    expect(await same()).toEqual(
      [
        key('bank', 'Bank A', 'logo'),
        key('bank', 'Bank A', 'website'),
        key('bank', 'Bank B', 'logo'),
        key('bank', 'Bank C', 'logo'),
        key('heroBanner', 'banner', 'image'),
        key('heroBanner', 'banner', 'url'),
        key('notification', 'notification', 'url'),
      ].sort(),
    );
  });

  it('follows a field changed, changed back, cleared, and the other field of the record untouched', async () => {
    await q("update banks set website = 'https://a.example/new' where id = $1", [ids['Bank A']]);
    expect(await same()).not.toContain(key('bank', 'Bank A', 'website'));
    expect(await same()).toContain(key('bank', 'Bank A', 'logo'));
    await q("update banks set website = 'https://a.example/' where id = $1", [ids['Bank A']]);
    expect(await same()).toContain(key('bank', 'Bank A', 'website'));
    await q('update banks set logo = null where id = $1', [ids['Bank B']]);
    expect(await same()).not.toContain(key('bank', 'Bank B', 'logo'));
    // One statement over several records, some of them unchanged.
    await q('update hero_banners set image = null, url = null, link_type = null where id = $1', [ids.banner]);
    await q("update banks set name = name || ' (renamed)' where id = any($1::int[])", [[ids['Bank A'], ids['Bank C']]]);
    const after = await same();
    expect(after).not.toContain(key('heroBanner', 'banner', 'url'));
    expect(after).toContain(key('bank', 'Bank C', 'logo'));
  });

  it("follows a notification's condition: cancelled, scheduled again, its link type changed", async () => {
    await q("update notifications set status = 'cancelled' where id = $1", [ids.notification]);
    expect(await same()).not.toContain(key('notification', 'notification', 'url'));
    await q("update notifications set status = 'scheduled' where id = $1", [ids.notification]);
    expect(await same()).toContain(key('notification', 'notification', 'url'));
    await q("update notifications set link_type = 'offer' where id = $1", [ids.notification]);
    expect(await same()).not.toContain(key('notification', 'notification', 'url'));
  });

  it('follows a record deleted, and put back with its id (an undo)', async () => {
    const [bank] = await q<Record<string, unknown>>('select * from banks where id = $1', [ids['Bank C']]);
    await q('delete from banks where id = $1', [ids['Bank C']]);
    expect(await same()).not.toContain(key('bank', 'Bank C', 'logo'));
    const cols = Object.keys(bank).filter((c) => c !== 'search_text');
    await q(
      `insert into banks (${cols.join(', ')}) select ${cols.join(', ')} from jsonb_populate_record(null::banks, $1::jsonb)`,
      [JSON.stringify(bank)],
    );
    expect(await same()).toContain(key('bank', 'Bank C', 'logo'));
  });
});
