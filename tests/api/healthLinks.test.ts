// Queue 5, "Broken media and links" (server/services/mediaChecks.ts, ./linkCheck.ts), on both
// databases: a local HTTP server plays the outside world (a page that answers, one gone, a
// redirect loop, one that never answers, an endless body behind a refused HEAD, a path
// robots.txt disallows), and the uploads folder holds a good file, an empty one and lacks
// one; a scheduled notification's web address is a link too (a cancelled one's, or one sent, is not). The checker's round keeps what it found with when; the queue lists the broken ones;
// a second round asks nothing again until LINK_RECHECK_HOURS have passed; clearing a link is
// an audited, undoable write; the fixes done by hand are refused by the API.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyHealthFix, listHealthRows, undoHealthFix, type HealthRow } from '@contract/health';
import { CHECKER_AGENT, allowed, linkChecker, parseRobots, privateAddress } from '../../server/services/linkCheck';
import { checkMedia } from '../../server/services/mediaChecks';
import { diskStore } from '../../server/services/fileStore';
import { LEVEL, startTestServer, type TestServer } from '../helpers/app';
import { changedTables, tableChecksums } from '../helpers/checksum';
import { opCalls } from '../helpers/ops';

let s: TestServer;
const { call, ok, one } = opCalls(() => s);
const q = <T = { id: number }>(sql: string, params: unknown[] = []) => s.db.query<T>(sql, params).then((r) => r.rows);

/** What the outside world was asked: method, path, agent, when. */
const asked: { method: string; path: string; agent: string; at: number }[] = [];
/** Bytes of the endless body sent before the checker hung up. */
let hugeSent = 0;
let world: http.Server;
let base: string;
const ids: Record<string, number> = {};

const TIMEOUT_MS = 300;
const PER_HOST_MS = 40;

beforeAll(async () => {
  world = http.createServer((req, res) => {
    asked.push({ method: req.method!, path: req.url!, agent: String(req.headers['user-agent']), at: Date.now() });
    switch (req.url ?? '') {
      case '/robots.txt':
        res.end('User-agent: *\nDisallow: /private\nAllow: /private/open\n');
        return;
      case '/ok':
        res.end('fine');
        return;
      case '/gone':
        res.writeHead(404).end('not here');
        return;
      case '/loop-a':
        res.writeHead(302, { location: '/loop-b' }).end();
        return;
      case '/loop-b':
        res.writeHead(301, { location: `${base}/loop-a` }).end();
        return;
      case '/slow':
        return; // never answers
      case '/huge': {
        if (req.method === 'HEAD') {
          res.writeHead(405).end();
          return;
        }
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        const chunk = Buffer.alloc(16 * 1024, 120);
        const more = () => {
          while (!res.destroyed && hugeSent < 50 * 1024 * 1024) {
            hugeSent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', more);
          }
          res.end();
        };
        res.on('close', () => undefined);
        more();
        return;
      }
      default:
        res.writeHead(404).end();
    }
  });
  await new Promise<void>((r) => world.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(world.address() as AddressInfo).port}`;

  s = await startTestServer({
    env: {
      LINK_CHECK_OUTBOUND: '1',
      // The outside world is played on 127.0.0.1, which the checker skips unless allowed.
      LINK_CHECK_PRIVATE: '1',
      LINK_CHECK_TIMEOUT_MS: String(TIMEOUT_MS),
      LINK_CHECK_PER_HOST_MS: String(PER_HOST_MS),
      LINK_CHECK_CONCURRENCY: '4',
    },
  });
  const uploads = path.join(s.dataDir, 'uploads');
  fs.mkdirSync(uploads, { recursive: true });
  const good = '0b0b0b0b-0000-4000-8000-000000000001.png';
  const empty = '0b0b0b0b-0000-4000-8000-000000000002.png';
  fs.writeFileSync(path.join(uploads, good), Buffer.from('not really a png, but bytes'));
  fs.writeFileSync(path.join(uploads, empty), Buffer.alloc(0));
  const bank = async (name: string, website: string | null, logo: string | null = null) =>
    (ids[name] = (
      await q('insert into banks (name, code, website, logo) values ($1, $1, $2, $3) returning id', [
        name,
        website,
        logo,
      ])
    )[0].id);
  await bank('Ok', `${base}/ok`, `/uploads/${good}`);
  await bank('Gone', `${base}/gone`, `/uploads/${empty}`);
  await bank('Loop', `${base}/loop-a`, '/uploads/0b0b0b0b-0000-4000-8000-00000000dead.png');
  await bank('Slow', `${base}/slow`);
  await bank('Huge', `${base}/huge`);
  await bank('Private', `${base}/private/page`);
  await bank('Open', `${base}/private/open`);
  ids.banner = (
    await q(
      "insert into hero_banners (position, title, link_type, url) values (1, 'Gone banner', 'url', $1) returning id",
      [`${base}/gone?banner`],
    )
  )[0].id;
  const notification = async (name: string, status: string, url: string) =>
    (ids[name] = (
      await q(
        `insert into notifications (title, body, link_type, url, link_name, audience, send_at, status, fingerprint)
         values ($1, 'Body', 'url', $2, $2, 'all', now() + interval '30 days', $3, $1) returning id`,
        [name, url, status],
      )
    )[0].id);
  await notification('Gone notification', 'scheduled', `${base}/gone?notification`);
  await notification('Cancelled notification', 'cancelled', `${base}/gone?cancelled`);
  await notification('Sent notification', 'sent', `${base}/gone?sent`);
  s.app.healthChecks.kick();
  await s.app.healthChecks.idle();
}, 60_000);

afterAll(async () => {
  await s?.close();
  world?.closeAllConnections();
  await new Promise((r) => world?.close(r));
});

const rows = async () =>
  ((await ok(listHealthRows, { params: { queue: 'brokenMedia' } })).data as { rows: HealthRow[] }).rows;
const byRecord = async () =>
  Object.fromEntries((await rows()).map((r) => [`${r.record!.resource}.${r.record!.id}.${r.record!.field}`, r]));
const checkOf = async (bank: string, field: string) =>
  (
    await q<{ state: string; status: number | null; reason: string; checked_at: Date }>(
      "select state, status, reason, checked_at from media_checks where resource = 'bank' and record_id = $1 and field = $2",
      [ids[bank], field],
    )
  )[0];

describe('the checker', () => {
  it('keeps what it found of each link, with the status and when', async () => {
    expect(await checkOf('Ok', 'website')).toMatchObject({ state: 'ok', status: 200, reason: '' });
    expect(await checkOf('Gone', 'website')).toMatchObject({ state: 'broken', status: 404, reason: 'HTTP 404' });
    expect((await checkOf('Loop', 'website')).reason).toMatch(/^Redirect loop at /);
    expect(await checkOf('Slow', 'website')).toMatchObject({
      state: 'broken',
      reason: `No answer in ${TIMEOUT_MS} ms`,
    });
    // HEAD refused, then a GET whose body is dropped after the first bytes: the link answers.
    expect(await checkOf('Huge', 'website')).toMatchObject({ state: 'ok', status: 200 });
    expect(hugeSent).toBeLessThan(8 * 1024 * 1024);
    expect(asked.filter((a) => a.path === '/huge').map((a) => a.method)).toEqual(['HEAD', 'GET']);
    const checked = (await checkOf('Ok', 'website')).checked_at;
    expect(Date.now() - new Date(checked).getTime()).toBeLessThan(60_000);
  });

  it("checks a scheduled notification's web address, not a cancelled or sent one's", async () => {
    const found = await q<{ record_id: number; state: string; status: number | null }>(
      "select record_id, state, status from media_checks where resource = 'notification' order by record_id",
    );
    expect(found).toEqual([{ record_id: ids['Gone notification'], state: 'broken', status: 404 }]);
    const paths = asked.map((a) => a.path);
    expect(paths).toContain('/gone?notification');
    expect(paths).not.toContain('/gone?cancelled');
    expect(paths).not.toContain('/gone?sent');
  });

  it('obeys robots.txt: a disallowed path is skipped, not fetched; an allowed one under it is', async () => {
    expect(await checkOf('Private', 'website')).toMatchObject({ state: 'skipped', status: null });
    expect(asked.some((a) => a.path === '/private/page')).toBe(false);
    expect(await checkOf('Open', 'website')).toMatchObject({ state: 'broken', status: 404 });
    expect(asked.filter((a) => a.path === '/robots.txt')).toHaveLength(1);
  });

  it('names itself and asks one host no more often than LINK_CHECK_PER_HOST_MS', () => {
    expect(new Set(asked.map((a) => a.agent))).toEqual(new Set([CHECKER_AGENT]));
    const times = asked.map((a) => a.at).sort((a, b) => a - b);
    for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(PER_HOST_MS - 5);
  });

  it("checks the images' files: there and readable, empty, missing", async () => {
    expect(await checkOf('Ok', 'logo')).toMatchObject({ state: 'ok' });
    expect(await checkOf('Gone', 'logo')).toMatchObject({ state: 'broken', reason: 'Empty file in storage' });
    expect(await checkOf('Loop', 'logo')).toMatchObject({
      state: 'broken',
      reason: 'File missing from storage (disk)',
    });
  });

  it('logs every broken one', () => {
    const lines = s.logs.filter((l) => l.level === LEVEL.warn && l.msg.startsWith('health check:'));
    // Seven of the banks and the banner, and the scheduled notification's.
    expect(lines.length).toBe(8);
    expect(lines.find((l) => l.recordId === ids.Gone && l.field === 'website')?.msg).toBe(
      `health check: bank ${ids.Gone}'s website is broken: HTTP 404`,
    );
    expect(lines.map((l) => l.msg)).toContain(
      `health check: notification ${ids['Gone notification']}'s url is broken: HTTP 404`,
    );
  });

  it('asks nothing again until LINK_RECHECK_HOURS have passed, then does', async () => {
    const before = asked.length;
    s.app.healthChecks.kick();
    await s.app.healthChecks.idle();
    expect(asked.length).toBe(before);
    await q(
      "update media_checks set checked_at = now() - interval '25 hours' where resource = 'bank' and record_id = $1",
      [ids.Ok],
    );
    s.app.healthChecks.kick();
    await s.app.healthChecks.idle();
    expect(asked.slice(before).map((a) => a.path)).toEqual(['/robots.txt', '/ok']);
  });

  it('with LINK_CHECK_OUTBOUND off, fetches no link but still checks the files', async () => {
    const [{ id }] = await q(
      "insert into banks (name, code, website, logo) values ('Quiet', 'QT', $1, $2) returning id",
      [`${base}/quiet`, '/uploads/0b0b0b0b-0000-4000-8000-00000000beef.png'],
    );
    const before = asked.length;
    await checkMedia({
      db: s.db,
      store: diskStore(path.join(s.dataDir, 'uploads')),
      config: {
        everyMs: 60_000,
        recheckHours: 24,
        outbound: false,
        allowPrivate: true,
        concurrency: 2,
        timeoutMs: 300,
        perHostMs: 0,
      },
      log: { warn: () => undefined, info: () => undefined, error: () => undefined } as never,
    });
    expect(asked.length).toBe(before);
    const found = await q<{ field: string; state: string }>(
      "select field, state from media_checks where resource = 'bank' and record_id = $1 order by field",
      [id],
    );
    expect(found).toEqual([{ field: 'logo', state: 'broken' }]);
  });

  it('names the first 20 broken values of a round in the log and counts the rest in one line', async () => {
    for (let i = 0; i < 25; i++)
      await q('insert into banks (name, code, logo) values ($1, $2, $3)', [
        `Logless ${i}`,
        `LL${i}`,
        `/uploads/0c0c0c0c-0000-4000-8000-0000000${String(i).padStart(5, '0')}.png`,
      ]);
    const warned: string[] = [];
    await checkMedia({
      db: s.db,
      store: diskStore(path.join(s.dataDir, 'uploads')),
      config: {
        everyMs: 60_000,
        recheckHours: 24,
        outbound: false,
        allowPrivate: true,
        concurrency: 2,
        timeoutMs: 300,
        perHostMs: 0,
      },
      log: { warn: (_: object, msg: string) => warned.push(msg), info: () => undefined, error: () => undefined },
    });
    const named = warned.filter((m) => / is broken: /.test(m));
    expect(named).toHaveLength(20);
    expect(warned.slice(20)).toHaveLength(1);
    const more = Number(/^health check: (\d+) more broken this round/.exec(warned[20])?.[1]);
    // The 25 missing logos, and whatever else was due (nothing here: the earlier rounds checked it).
    expect(named.length + more).toBeGreaterThanOrEqual(25);
    await q(
      "delete from media_checks where resource = 'bank' and record_id in (select id from banks where name like 'Logless %')",
    );
    await q("delete from banks where name like 'Logless %'");
  });

  it('parses robots.txt groups as RFC 9309 says: its own group over *, the longest rule, Allow on a tie', () => {
    const rules = parseRobots(
      'User-agent: *\nDisallow: /\n\nUser-agent: CardsAdminLinkChecker\nDisallow: /admin\nAllow: /admin/public$\n',
    );
    expect(allowed(rules, '/')).toBe(true);
    expect(allowed(rules, '/admin/x')).toBe(false);
    expect(allowed(rules, '/admin/public')).toBe(true);
    expect(allowed(parseRobots('User-agent: *\nDisallow: /*.pdf$'), '/a/b.pdf')).toBe(false);
    expect(allowed(parseRobots('User-agent: other\nDisallow: /'), '/x')).toBe(true);
  });
});

describe('the queue', () => {
  it('lists the broken images and links with why, and where to fix them', async () => {
    const r = await byRecord();
    expect(Object.keys(r).sort()).toEqual(
      [
        `bank.${ids.Gone}.website`,
        `bank.${ids.Gone}.logo`,
        `bank.${ids.Loop}.website`,
        `bank.${ids.Loop}.logo`,
        `bank.${ids.Slow}.website`,
        `bank.${ids.Open}.website`,
        `heroBanner.${ids.banner}.url`,
        `notification.${ids['Gone notification']}.url`,
        `bank.${(await one<number>("select id from banks where name = 'Quiet'"))!}.logo`,
      ].sort(),
    );
    expect(r[`notification.${ids['Gone notification']}.url`]).toMatchObject({
      title: 'Gone notification',
      reason: 'Link: HTTP 404',
    });
    expect(r[`bank.${ids.Gone}.website`]).toMatchObject({ title: 'Gone', reason: 'Link: HTTP 404' });
    expect(r[`bank.${ids.Gone}.website`].facts).toMatchObject({ Status: '404', Value: `${base}/gone` });
    expect(r[`heroBanner.${ids.banner}.url`].title).toBe('Gone banner');
  });

  it("leaves out a check whose record's value changed since", async () => {
    await q("update banks set website = 'https://example.invalid/new' where id = $1", [ids.Slow]);
    expect(Object.keys(await byRecord())).not.toContain(`bank.${ids.Slow}.website`);
    // A notification gone out (or cancelled) holds no link to fix any more: its row leaves too.
    await q("update notifications set status = 'cancelled' where id = $1", [ids['Gone notification']]);
    expect(Object.keys(await byRecord())).not.toContain(`notification.${ids['Gone notification']}.url`);
  });

  it('clears a link as an audited, undoable write; the undo puts its row back', async () => {
    const row = (await byRecord())[`bank.${ids.Gone}.website`];
    const banner = (await byRecord())[`heroBanner.${ids.banner}.url`];
    const entries = await one<number>('select count(*)::int from audit_log');
    const res = await ok(applyHealthFix, {
      params: { queue: 'brokenMedia' },
      body: { fix: 'clear', ids: [row.id, banner.id], expect: 2 },
    });
    expect(res.data.count).toBe(2);
    expect(await one('select website from banks where id = $1', [ids.Gone])).toBeNull();
    expect(await q('select url, link_type from hero_banners where id = $1', [ids.banner])).toEqual([
      { url: null, link_type: null },
    ]);
    expect(await one<number>('select count(*)::int from audit_log')).toBe(entries + 1);
    expect(Object.keys(await byRecord())).not.toContain(`bank.${ids.Gone}.website`);
    await ok(undoHealthFix, { body: { undo: res.data.undo } });
    expect(await one('select website from banks where id = $1', [ids.Gone])).toBe(`${base}/gone`);
    expect(await one('select link_type from hero_banners where id = $1', [ids.banner])).toBe('url');
    expect(Object.keys(await byRecord())).toContain(`bank.${ids.Gone}.website`);
  });

  it('refuses the fixes done by hand (they open the record), naming the fix, changing nothing', async () => {
    const [first] = await rows();
    const before = await tableChecksums(s.db);
    const res = await call(applyHealthFix, {
      params: { queue: 'brokenMedia' },
      body: { fix: 'upload', ids: [first.id], expect: 1 },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.json.errors)).toContain('fix');
    expect(changedTables(before, await tableChecksums(s.db))).toEqual([]);
  });
});

describe('links on private addresses (LINK_CHECK_PRIVATE unset)', () => {
  it('are skipped with the address named, and not asked', async () => {
    const check = linkChecker({ timeoutMs: TIMEOUT_MS, perHostMs: 0 });
    const before = asked.length;
    const r = await check(`${base}/ok`);
    expect(r).toMatchObject({ state: 'skipped', status: null });
    expect(r.reason).toContain('127.0.0.1 is a private address');
    expect(asked.length).toBe(before);
    // A name that resolves inside is judged by its address.
    expect((await check('http://localhost:9/x')).state).toBe('skipped');
    expect((await check('http://[::ffff:7f00:1]:9/x')).state).toBe('skipped');
  });

  it('are told from public ones, IPv4 written as IPv6 too', async () => {
    for (const inside of [
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '127.0.0.1',
      '0.0.0.0',
      '[::1]',
      '[fe80::1]',
      '[fd00::1]',
      '[::ffff:10.0.0.1]',
    ])
      expect({ inside, found: await privateAddress(inside) }).toEqual({ inside, found: expect.any(String) });
    for (const outside of ['8.8.8.8', '1.1.1.1', '[2606:4700:4700::1111]', '172.32.0.1'])
      expect({ outside, found: await privateAddress(outside) }).toEqual({ outside, found: null });
  });
});
