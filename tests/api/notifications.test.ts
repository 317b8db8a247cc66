// Notifications (contract/notification.ts) on both databases: every call, refusals naming the
// field and writing nothing, the audience size of each kind, the twice-in-a-minute 409 and
// `confirm`, a send that completes with exactly one outbox message per audience member, a
// scheduled one that waits for its time on the server's clock, a cancel, and the sending job
// taking back a piece a dead sender held, refused messages counted and a throwing sender
// tried again, then given up. Users, cards and areas are arranged with SQL.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DUPLICATE_MESSAGE,
  addNotification,
  cancelNotification,
  listNotifications,
  previewAudience,
  showNotification,
} from '@contract/notification';
import { PIECE_SIZE } from '../../server/repositories/notificationPieces';
import { createNotificationJob } from '../../server/services/notificationJob';
import { notificationOutbox, type PushSender } from '../../server/services/push';
import { opCalls } from '../helpers/ops';
import { startTestServer, type TestServer } from '../helpers/app';
import { changedTables, tableChecksums } from '../helpers/checksum';

let s: TestServer;
const ids = { bank: 0, card: 0, otherCard: 0, offer: 0, area: 0, otherArea: 0, lone: 0, disabled: 0, admin: 0 };
/** App users: 6 hold the card, 4 of them live in the area; 2 more hold nothing. */
const appUsers: number[] = [];

const { call, ok } = opCalls(() => s);
const q = <T = { id: number }>(sql: string, params: unknown[] = []) => s.db.query<T>(sql, params).then((r) => r.rows);
let serial = 0;
/** A body no other test sends (the twice-in-a-minute rule compares title, body and audience). */
const fresh = (extra: Record<string, unknown> = {}) => ({
  title: `Weekend offers ${++serial}`,
  body: `Up to 30% off dining with your card (${serial}).`,
  audience: 'all',
  ...extra,
});
const idle = () => s.app.notificationJob.idle();
/** The audience's size now, as the preview counts it. */
async function sizeOf(body: Record<string, unknown>): Promise<number> {
  const query = { audience: body.audience, ...(body.audience_id != null && { audience_id: body.audience_id }) };
  return (await ok(previewAudience, { query })).data.size;
}
/** The body with the audience's size the admin confirmed (`expect`), as the compose form sends it. */
const sized = async <T extends Record<string, unknown>>(body: T) => ({ ...body, expect: await sizeOf(body) });

/** Every message in a notification's outbox folder (tmp files left by a kill are not messages). */
function outboxOf(id: number): { user: { id: number }; title: string; link: unknown }[] {
  const dir = notificationOutbox(s.dataDir, id);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .flatMap((f) =>
      fs
        .readFileSync(path.join(dir, f), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l)),
    );
}

beforeAll(async () => {
  s = await startTestServer();
  [{ id: ids.bank }] = await q("insert into banks (name, code) values ('Notify Bank', 'NTB') returning id");
  const [{ id: network }] = await q("insert into networks (type) values ('Notify Network') returning id");
  [{ id: ids.card }] = await q(
    "insert into cards (name, bank_id, network_id) values ('Notify Platinum', $1, $2) returning id",
    [ids.bank, network],
  );
  [{ id: ids.otherCard }] = await q(
    "insert into cards (name, bank_id, network_id) values ('Notify Classic', $1, $2) returning id",
    [ids.bank, network],
  );
  [{ id: ids.offer }] = await q(
    "insert into offers (title, discount, valid_from, valid_to) values ('Notify dinner deal', '20% off', current_date - 1, current_date + 30) returning id",
  );
  [{ id: ids.area }] = await q("insert into dubai_cities (name) values ('Notify Marina') returning id");
  [{ id: ids.otherArea }] = await q("insert into dubai_cities (name) values ('Notify Deira') returning id");
  for (let i = 0; i < 8; i++) {
    const [{ id }] = await q(
      "insert into users (name, email, role, area_id) values ($1, $2, 'user', $3) returning id",
      [`App user ${i}`, `app-${i}@notify.example`, i < 4 ? ids.area : ids.otherArea],
    );
    appUsers.push(id);
    if (i < 6) await q('insert into user_cards (user_id, card_id) values ($1, $2)', [id, ids.card]);
  }
  [{ id: ids.disabled }] = await q(
    "insert into users (name, email, role, status, area_id) values ('Gone user', 'gone@notify.example', 'user', 'disabled', $1) returning id",
    [ids.area],
  );
  await q('insert into user_cards (user_id, card_id) values ($1, $2)', [ids.disabled, ids.card]);
  [{ id: ids.admin }] = await q("select id from users where role = 'admin' limit 1");
  ids.lone = appUsers[7];
});
afterAll(() => s?.close());

describe('the audience', () => {
  it.each([
    ['all', undefined, 8, null],
    ['card', 'card', 6, 'Notify Platinum'],
    ['area', 'area', 4, 'Notify Marina'],
    ['user', 'lone', 1, 'App user 7'],
  ] as const)('previews the size of %s (active app users only)', async (audience, key, size, name) => {
    const id = key ? ids[key] : undefined;
    const res = await ok(previewAudience, { query: { audience, ...(id && { audience_id: id }) } });
    expect(res.data).toEqual({ audience, audience_id: id ?? null, audience_name: name, size });
  });

  it('counts nobody for a card nobody holds, ignores an id given with all', async () => {
    expect((await ok(previewAudience, { query: { audience: 'card', audience_id: ids.otherCard } })).data.size).toBe(0);
    expect((await ok(previewAudience, { query: { audience: 'all', audience_id: 999 } })).data).toMatchObject({
      audience_id: null,
      size: 8,
    });
  });

  it.each([
    [{ audience: 'card' }, 'audience_id', 'Audience id is required for the audience card.'],
    [{ audience: 'card', audience_id: 99999 }, 'audience_id', 'No card has the id 99999.'],
    [{ audience: 'user', audience_id: 'admin' }, 'audience_id', 'User 1 is no active app user.'],
    [{ audience: 'user', audience_id: 'disabled' }, 'audience_id', undefined],
    [{ audience: 'everyone' }, 'audience', 'Audience is not one of the accepted values.'],
  ])('refuses the preview %j naming the field', async (query, field, text) => {
    const qv: Record<string, unknown> = { ...query };
    if (qv.audience_id === 'admin') qv.audience_id = ids.admin;
    if (qv.audience_id === 'disabled') qv.audience_id = ids.disabled;
    const res = await call(previewAudience, { query: qv });
    expect(res.status).toBe(422);
    expect(Object.keys(res.json.errors)).toContain(field);
    if (text) expect(res.json.errors[field][0]).toBe(text.replace('User 1', `User ${ids.admin}`));
  });
});

describe('adding and sending', () => {
  it('sends to the holders of a card: one outbox message each, counted, listed as sent', async () => {
    const added = await ok(addNotification, {
      body: await sized(fresh({ audience: 'card', audience_id: ids.card, link_type: 'offer', offer_id: ids.offer })),
    });
    expect(added.message).toBe('Notification added successfully!');
    const n = added.data;
    expect(n).toMatchObject({
      status: 'sending',
      audience: 'card',
      audience_id: ids.card,
      audience_name: 'Notify Platinum',
      audience_size: 6,
      link_type: 'offer',
      offer_id: ids.offer,
      link_name: 'Notify dinner deal',
      created_by: ids.admin,
      sent_count: 0,
    });
    await idle();
    const shown = (await ok(showNotification, { params: { id: n.id } })).data;
    expect(shown).toMatchObject({ status: 'sent', audience_size: 6, sent_count: 6, failed_count: 0 });
    expect(shown.finished_at).toEqual(expect.any(String));
    const messages = outboxOf(n.id);
    expect(messages.map((m) => m.user.id).sort((a, b) => a - b)).toEqual(appUsers.slice(0, 6));
    expect(messages[0]).toMatchObject({ title: n.title, link: { type: 'offer', target: String(ids.offer) } });

    const listed = await ok(listNotifications, { query: { status: 'sent' } });
    expect(listed.data.map((r: { id: number }) => r.id)).toContain(n.id);
    expect(listed.data.every((r: { status: string }) => r.status === 'sent')).toBe(true);
  });

  it('sends to an area, to one user and to everyone', async () => {
    for (const [extra, want] of [
      [{ audience: 'area', audience_id: ids.area }, appUsers.slice(0, 4)],
      [{ audience: 'user', audience_id: ids.lone }, [ids.lone]],
      [{ audience: 'all', link_type: 'url', url: 'https://cards.example/ramadan' }, appUsers],
    ] as const) {
      const n = (await ok(addNotification, { body: await sized(fresh(extra)) })).data;
      await idle();
      expect((await ok(showNotification, { params: { id: n.id } })).data).toMatchObject({
        status: 'sent',
        audience_size: want.length,
        sent_count: want.length,
      });
      expect(
        outboxOf(n.id)
          .map((m) => m.user.id)
          .sort((a, b) => a - b),
      ).toEqual([...want]);
    }
  });

  it('lists newest first with the pagination envelope, searches and filters', async () => {
    const n = (
      await ok(addNotification, {
        body: await sized({ ...fresh(), title: 'Zanzibar getaway', audience: 'area', audience_id: ids.otherArea }),
      })
    ).data;
    await idle();
    const all = await ok(listNotifications, { query: { per_page: 2 } });
    expect(all.pagination).toMatchObject({ page: 1, per_page: 2, total: expect.any(Number) });
    expect(all.data[0].id).toBe(n.id);
    expect(
      (await ok(listNotifications, { query: { query: 'zanzibar' } })).data.map((r: { id: number }) => r.id),
    ).toEqual([n.id]);
    expect((await ok(listNotifications, { query: { query: 'deira' } })).data.map((r: { id: number }) => r.id)).toEqual([
      n.id,
    ]);
    expect(
      (await ok(listNotifications, { query: { audience: 'area' } })).data.every(
        (r: { audience: string }) => r.audience === 'area',
      ),
    ).toBe(true);
    const sorted = await ok(listNotifications, { query: { sort: 'title' } });
    const titles = sorted.data.map((r: { title: string }) => r.title.toLowerCase());
    expect(titles).toEqual([...titles].sort());
  });

  it('answers 409 to the same title, body and audience within a minute, and sends it with confirm', async () => {
    const body = await sized(fresh({ audience: 'card', audience_id: ids.card }));
    const first = (await ok(addNotification, { body })).data;
    await idle();
    const before = await tableChecksums(s.db);
    const twice = await call(addNotification, { body: { ...body, title: `  ${body.title} ` } });
    expect(twice.status).toBe(409);
    expect(twice.json.message).toBe(DUPLICATE_MESSAGE);
    expect(twice.json.errors.confirm).toEqual([DUPLICATE_MESSAGE]);
    expect(changedTables(before, await tableChecksums(s.db))).toEqual([]);
    // Another audience is another notification.
    expect(
      (await call(addNotification, { body: await sized({ ...body, audience: 'area', audience_id: ids.area }) })).status,
    ).toBe(200);
    const confirmed = (await ok(addNotification, { body: { ...body, confirm: true } })).data;
    expect(confirmed.id).not.toBe(first.id);
    await idle();
    // A minute later on the server's clock, the same one goes without asking.
    s.clock.offset = 61_000;
    try {
      expect((await call(addNotification, { body })).status).toBe(200);
    } finally {
      s.clock.offset = 0;
    }
    await idle();
  });

  it('keeps a scheduled one until its time on the server clock, then sends it', async () => {
    const sendAt = new Date(Date.now() + 3600_000).toISOString();
    const n = (
      await ok(addNotification, {
        body: await sized(fresh({ audience: 'area', audience_id: ids.area, send_at: sendAt })),
      })
    ).data;
    expect(n).toMatchObject({ status: 'scheduled', send_at: sendAt, audience_size: 4, started_at: null });
    s.app.notificationJob.kick();
    await idle();
    expect((await ok(showNotification, { params: { id: n.id } })).data.status).toBe('scheduled');
    expect(outboxOf(n.id)).toEqual([]);
    s.clock.offset = 3600_000 + 1_000;
    try {
      s.app.notificationJob.kick();
      await idle();
    } finally {
      s.clock.offset = 0;
    }
    expect((await ok(showNotification, { params: { id: n.id } })).data).toMatchObject({
      status: 'sent',
      sent_count: 4,
    });
    expect(outboxOf(n.id)).toHaveLength(4);
  });

  it('cancels a scheduled one (never sent); a sent one is a 409, a missing one a 404', async () => {
    const n = (
      await ok(addNotification, { body: await sized(fresh({ send_at: new Date(Date.now() + 600_000).toISOString() })) })
    ).data;
    const cancelled = await ok(cancelNotification, { params: { id: n.id } });
    expect(cancelled).toMatchObject({
      message: 'Notification cancelled successfully!',
      data: { status: 'cancelled', version: 2 },
    });
    s.clock.offset = 3600_000;
    try {
      s.app.notificationJob.kick();
      await idle();
    } finally {
      s.clock.offset = 0;
    }
    expect(outboxOf(n.id)).toEqual([]);
    const again = await call(cancelNotification, { params: { id: n.id } });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(
      'This notification is cancelled: only a scheduled one, or one being sent, can be cancelled.',
    );
    expect((await call(cancelNotification, { params: { id: 999999 } })).status).toBe(404);
    expect((await call(showNotification, { params: { id: 999999 } })).json.message).toBe('Notification not found.');
  });

  it.each([
    [{ body: 'No title here' }, 'title', 'Title is required.'],
    [{ title: 'x', body: 'Body text' }, 'title', 'Title must be at least 2 characters.'],
    [{ title: 'T'.repeat(81), body: 'Body text' }, 'title', 'Title must be at most 80 characters.'],
    [
      { title: 'Title', body: 'Body', audience: 'card' },
      'audience_id',
      'Audience id is required for the audience card.',
    ],
    [
      { title: 'Title', body: 'Body', audience: 'area', audience_id: 999999 },
      'audience_id',
      'No area has the id 999999.',
    ],
    [
      { title: 'Title', body: 'Body', audience: 'card', audience_id: 'other' },
      'audience_id',
      'No active app user is in this audience: nobody would get it.',
    ],
    [{ title: 'Title', body: 'Body', link_type: 'offer' }, 'offer_id', 'Offer is required for the link type offer.'],
    [{ title: 'Title', body: 'Body', link_type: 'offer', offer_id: 999999 }, 'offer_id', 'No offer has the id 999999.'],
    [
      { title: 'Title', body: 'Body', link_type: 'card', url: 'https://x.example' },
      'url',
      'URL is not taken with the link type card.',
    ],
    [{ title: 'Title', body: 'Body', card_id: 1 }, 'card_id', 'Card needs a link type.'],
    [
      { title: 'Title', body: 'Body', link_type: 'url', url: 'javascript:alert(1)' },
      'url',
      'Web address has an invalid format.',
    ],
    [
      { title: 'Title', body: 'Body', send_at: '2001-01-01T00:00:00Z' },
      'send_at',
      'Send at is in the past: choose a later time, or send it now.',
    ],
    [{ title: 'Title', body: 'Body', send_at: 'tomorrow' }, 'send_at', 'Send at is not a valid date-time.'],
    [{ title: 'Title', body: 'Body', confirm: 'yes' }, 'confirm', 'Confirm must be true or false.'],
  ])('refuses %j naming the field, writing nothing', async (payload, field, text) => {
    const body: Record<string, unknown> = { audience: 'all', ...payload };
    if (body.audience_id === 'other') body.audience_id = ids.otherCard;
    const before = await tableChecksums(s.db);
    const res = await call(addNotification, { body });
    expect(res.status, res.body).toBe(422);
    expect(Object.keys(res.json.errors)).toContain(field);
    expect(res.json.errors[field][0]).toBe(text);
    expect(res.json.errors.message[0]).toBe(res.json.message);
    expect(changedTables(before, await tableChecksums(s.db))).toEqual([]);
  });
});

describe('links and words that deceive', () => {
  const local = (host: string) =>
    `URL points to a private or local address (${host}): the app's users could not open it, and it must not reach inside the network.`;
  it.each([
    ['http://localhost/admin', 'localhost'],
    ['http://LOCALHOST./admin', 'localhost'],
    ['http://127.0.0.1:8080/', '127.0.0.1'],
    ['http://127.9.9.9/', '127.9.9.9'],
    ['http://2130706433/', '127.0.0.1'],
    ['http://0x7f.1/', '127.0.0.1'],
    ['http://[::1]/', '::1'],
    ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1'],
    ['https://10.0.0.5/', '10.0.0.5'],
    ['https://172.16.0.1/', '172.16.0.1'],
    ['https://172.31.255.254/', '172.31.255.254'],
    ['https://192.168.1.1/', '192.168.1.1'],
    ['http://169.254.169.254/latest/meta-data', '169.254.169.254'],
    ['http://[fc00::1]/', 'fc00::1'],
    ['http://[fd12:3456::1]/', 'fd12:3456::1'],
    ['http://[fe80::1]/', 'fe80::1'],
    ['http://0.0.0.0/', '0.0.0.0'],
    ['http://printer.local/', 'printer.local'],
    ['http://api.localhost/', 'api.localhost'],
    ['http://db.internal/', 'db.internal'],
    ['http://user@192.168.0.1/', '192.168.0.1'],
  ])('refuses a link to %s (422 on url), writing nothing', async (url, host) => {
    const before = await tableChecksums(s.db);
    const res = await call(addNotification, {
      body: fresh({ audience: 'user', audience_id: ids.lone, link_type: 'url', url }),
    });
    expect(res.status, res.body).toBe(422);
    expect(res.json.errors.url).toEqual([local(host)]);
    expect(changedTables(before, await tableChecksums(s.db))).toEqual([]);
  });

  it.each([
    'https://172.32.0.1/',
    'https://11.0.0.1/',
    'https://cards.example/local',
    'https://localhost.example.com/',
  ])('takes a public link %s', async (url) => {
    expect(
      (await ok(addNotification, { body: fresh({ audience: 'user', audience_id: ids.lone, link_type: 'url', url }) }))
        .data.url,
    ).toBe(url);
    await idle();
  });

  it.each([
    ['title', '\u202E', 'U+202E'],
    ['title', 'Win \u2066big\u2069', 'U+2066'],
    ['body', 'Pay here \u200F now', 'U+200F'],
    ['body', 'x \u202A y', 'U+202A'],
    ['url', 'https://cards.example/\u202Egpj.exe', 'U+202E'],
  ])('refuses a %s with a bidirectional control (%j), naming the field', async (field, text, code) => {
    const body: Record<string, unknown> = fresh({ audience: 'user', audience_id: ids.lone });
    if (field === 'url') Object.assign(body, { link_type: 'url', url: text });
    else body[field] = `${String(body[field])} ${text}`;
    const before = await tableChecksums(s.db);
    const res = await call(addNotification, { body });
    expect(res.status, res.body).toBe(422);
    expect(Object.keys(res.json.errors)).toEqual([field, 'message']);
    expect(res.json.errors[field][0]).toContain(code);
    expect(changedTables(before, await tableChecksums(s.db))).toEqual([]);
  });
});

describe('an audience of more than one user is confirmed by its size', () => {
  it.each([
    ['now', false],
    ['scheduled', true],
  ])(
    'refuses a send %s to many users without `expect` or with another size (409 naming expect and the size), writing nothing',
    async (_when, scheduled) => {
      const at = scheduled ? { send_at: new Date(Date.now() + 3600_000).toISOString() } : {};
      const body = fresh({ audience: 'card', audience_id: ids.card, ...at });
      const before = await tableChecksums(s.db);
      const missing = await call(addNotification, { body });
      expect(missing.status, missing.body).toBe(409);
      expect(missing.json.message).toBe(
        'This audience holds 6 app users: confirm that count (expect: 6) to send it to them.',
      );
      expect(missing.json.errors.expect).toEqual([missing.json.message]);
      // Told apart from the twice-in-a-minute 409 by its field.
      expect(missing.json.errors.confirm).toBeUndefined();
      const stale = await call(addNotification, { body: { ...body, expect: 5 } });
      expect(stale.status).toBe(409);
      expect(stale.json.errors.expect).toEqual([
        'This audience holds 6 app users now, not 5: look at it again and confirm 6.',
      ]);
      expect(changedTables(before, await tableChecksums(s.db))).toEqual([]);
      const n = (await ok(addNotification, { body: { ...body, expect: 6 } })).data;
      expect(n).toMatchObject({ audience_size: 6, status: scheduled ? 'scheduled' : 'sending' });
      if (scheduled) await ok(cancelNotification, { params: { id: n.id } });
      await idle();
    },
  );

  it('sends to one user without `expect`; a wrong `expect` is refused even then', async () => {
    const body = fresh({ audience: 'user', audience_id: ids.lone });
    expect((await call(addNotification, { body: { ...body, expect: 2 } })).status).toBe(409);
    expect((await ok(addNotification, { body })).data.audience_size).toBe(1);
    await idle();
  });

  it('keeps the twice-in-a-minute 409 apart: its field is confirm, and a send with both goes', async () => {
    const body = await sized(fresh({ audience: 'area', audience_id: ids.area }));
    await ok(addNotification, { body });
    const twice = await call(addNotification, { body });
    expect(twice.status).toBe(409);
    expect(Object.keys(twice.json.errors).sort()).toEqual(['confirm', 'message']);
    // The duplicate confirmed but not the size: the size is asked for.
    const { expect: _size, ...unsized } = body;
    const noSize = await call(addNotification, { body: { ...unsized, confirm: true } });
    expect(noSize.status).toBe(409);
    expect(Object.keys(noSize.json.errors).sort()).toEqual(['expect', 'message']);
    expect((await ok(addNotification, { body: { ...body, confirm: true } })).data.audience_size).toBe(4);
    await idle();
  });
});

describe('the sending job', () => {
  it('lists a large audience in pieces and sends each once, a piece a dead sender held included', async () => {
    const n0 = (await q<{ n: number }>('select count(*)::int as n from users')).map((r) => r.n)[0];
    // 2,500 more app users holding the card: three pieces.
    await q(
      "insert into users (name, email, role) select 'Bulk user ' || g, 'bulk-' || g || '@notify.example', 'user' from generate_series(1, 2500) g",
    );
    await q(
      "insert into user_cards (user_id, card_id) select id, $1 from users where email like 'bulk-%@notify.example'",
      [ids.card],
    );
    const size = 6 + 2500;
    expect((await q<{ n: number }>('select count(*)::int as n from users')).map((r) => r.n)[0]).toBe(n0 + 2500);
    // A scheduled one, so it can be arranged before the job sees it: its second piece looks
    // as a server killed mid-send leaves it (claimed, its file written, never marked done).
    const n = (
      await ok(addNotification, {
        body: await sized(
          fresh({ audience: 'card', audience_id: ids.card, send_at: new Date(Date.now() + 3600_000).toISOString() }),
        ),
      })
    ).data;
    expect(n.audience_size).toBe(size);
    s.clock.offset = 3600_000 + 1_000;
    try {
      s.app.notificationJob.kick();
      await idle();
    } finally {
      s.clock.offset = 0;
    }
    const pieces = await q<{ piece: number; n: number; state: string }>(
      'select piece, cardinality(user_ids) as n, state from notification_pieces where notification_id = $1 order by piece',
      [n.id],
    );
    expect(pieces.map((p) => p.n)).toEqual([PIECE_SIZE, PIECE_SIZE, size - 2 * PIECE_SIZE]);
    expect(pieces.every((p) => p.state === 'done')).toBe(true);
    const sent = outboxOf(n.id);
    expect(sent).toHaveLength(size);
    expect(new Set(sent.map((m) => m.user.id)).size).toBe(size);
    expect((await ok(showNotification, { params: { id: n.id } })).data).toMatchObject({
      status: 'sent',
      audience_size: size,
      sent_count: size,
      failed_count: 0,
    });

    // Now the dead sender: piece 1 back in a dead process's hands, the notification sending again.
    await q(
      "update notification_pieces set state = 'sending', claimed_by = 'dead-host:1:x', claimed_at = now() - interval '2 minutes', sent_count = 0 where notification_id = $1 and piece = 1",
      [n.id],
    );
    await q(
      "update notifications set status = 'sending', sent_count = sent_count - $2, finished_at = null where id = $1",
      [n.id, PIECE_SIZE],
    );
    // What the PGlite server does at start, and the PostgreSQL one every tick for claims a minute old.
    const { releaseClaims } = await import('../../server/repositories/notificationPieces');
    expect(await s.db.transaction((tx) => releaseClaims(tx, { idleMs: 60_000 }))).toBe(1);
    s.app.notificationJob.kick();
    await idle();
    const again = outboxOf(n.id);
    expect(again).toHaveLength(size);
    expect(new Set(again.map((m) => m.user.id)).size).toBe(size);
    expect((await ok(showNotification, { params: { id: n.id } })).data).toMatchObject({
      status: 'sent',
      sent_count: size,
    });
    await q("delete from users where email like 'bulk-%@notify.example'");
  });

  // Last in the file: it stops the server's own loop, so only the senders below send.
  it('stops one being sent on cancel, counts the messages a provider refuses, tries a throwing sender again and gives up after three tries', async () => {
    s.app.notificationJob.stop();
    await idle();
    const refusing: PushSender = {
      send: async (b) => ({ failed: [b.messages[0].user.id] }),
      describe: () => 'refusing one',
    };
    // One being sent is stopped by a cancel: what is left of it is never sent.
    const stopped = (
      await ok(addNotification, { body: await sized(fresh({ audience: 'card', audience_id: ids.card })) })
    ).data;
    expect(stopped.status).toBe('sending');
    expect((await ok(cancelNotification, { params: { id: stopped.id } })).data).toMatchObject({
      status: 'cancelled',
      sent_count: 0,
    });
    let job = createNotificationJob({ db: s.db, sender: refusing, now: Date.now, log: () => {} });
    await job.idle();
    expect(outboxOf(stopped.id)).toEqual([]);
    const n = (await ok(addNotification, { body: await sized(fresh({ audience: 'card', audience_id: ids.card })) }))
      .data;
    job.kick();
    await job.idle();
    job.stop();
    expect((await ok(showNotification, { params: { id: n.id } })).data).toMatchObject({
      status: 'sent',
      audience_size: 6,
      sent_count: 5,
      failed_count: 1,
    });

    let tries = 0;
    const throwing: PushSender = {
      send: async () => {
        tries++;
        throw new Error('provider down');
      },
      describe: () => 'down',
    };
    const log: string[] = [];
    job = createNotificationJob({ db: s.db, sender: throwing, now: Date.now, log: (m) => log.push(m) });
    const m = (await ok(addNotification, { body: await sized(fresh({ audience: 'area', audience_id: ids.area })) }))
      .data;
    for (let i = 0; i < 3; i++) {
      job.kick();
      await job.idle();
      expect((await ok(showNotification, { params: { id: m.id } })).data.status).toBe(i < 2 ? 'sending' : 'failed');
      // Its next try is due at once (instead of after 15 s, 30 s).
      await q('update notification_pieces set retry_at = null where notification_id = $1', [m.id]);
    }
    job.stop();
    expect(tries).toBe(3);
    expect((await ok(showNotification, { params: { id: m.id } })).data).toMatchObject({
      status: 'failed',
      sent_count: 0,
      failed_count: 4,
    });
    expect(log.some((l) => l.includes('provider down'))).toBe(true);
    expect(log.some((l) => l.startsWith(`notification ${m.id} failed`))).toBe(true);
  });
});
