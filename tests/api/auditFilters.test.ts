// The audit log as a reader meets it (contract/audit.ts), on both databases: filtered by time,
// by record and by person; a reviewer's claims and releases of crawled refs are no changes and
// are not in it (not written, and any written before are neither listed nor counted); an
// entry names the records its ids stand for (server/services/auditNames.ts), a created
// offer's cards and outlets among them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAudit, type AuditEntry } from '@contract/audit';
import { claimRef, releaseRef } from '@contract/crawlTriage';
import { offerResource } from '@contract/offer';
import { startTestServer, type TestServer } from '../helpers/app';
import { opCalls } from '../helpers/ops';
import { bearerOf, insertSession, insertUser } from '../helpers/sessions';

let s: TestServer;
const { ok, one } = opCalls(() => s);
const ids: Record<string, number> = {};
let rania: { id: number; auth: Record<string, string> };

beforeAll(async () => {
  s = await startTestServer();
  ids.bank = await one("insert into banks (name, code) values ('Emirates NBD', 'ENBD') returning id");
  ids.visa = await one("insert into networks (type) values ('Visa') returning id");
  ids.dining = await one("insert into categories (name) values ('Dining') returning id");
  ids.travel = await one("insert into categories (name) values ('Travel') returning id");
  ids.card = await one(
    "insert into cards (name, bank_id, network_id) values ('Skywards Infinite', $1, $2) returning id",
    [ids.bank, ids.visa],
  );
  ids.card2 = await one(
    "insert into cards (name, bank_id, network_id) values ('Go4it Platinum', $1, $2) returning id",
    [ids.bank, ids.visa],
  );
  ids.outlet = await one(
    "insert into outlets (merchant_name, branch) values ('Shake Shack', 'Dubai Mall') returning id",
  );
  const account = await insertUser(s.db, { role: 'admin', email: 'rania@test.example', name: 'Rania Haddad' });
  rania = {
    id: account.id,
    auth: bearerOf(await insertSession(s.db, account.id, { now: Date.now() + s.clock.offset })),
  };
});
afterAll(() => s?.close());

const page = async (query: Record<string, unknown>, auth?: Record<string, string>) =>
  (await ok(listAudit, { query: { per_page: 100, ...query } }, auth)) as {
    data: AuditEntry[];
    pagination: { total: number };
  };

const addOffer = async (title: string, extra: Record<string, unknown> = {}, auth?: Record<string, string>) =>
  (
    await ok(
      offerResource.ops.add!,
      {
        body: {
          title,
          discount: '20% off',
          valid_from: '2026-12-01',
          valid_to: '2027-03-31',
          category_id: ids.dining,
          card_ids: [ids.card, ids.card2],
          outlet_ids: [ids.outlet],
          ...extra,
        },
      },
      auth,
    )
  ).data as { id: number; version: number };

describe('filters', () => {
  it('by time: an entry of two hours ago is outside the last hour, inside the day', async () => {
    const old = await addOffer('Two hours old');
    const recent = await addOffer('Just now');
    await s.db.query(
      "update audit_log set at = now() - interval '2 hours' where record_id = $1 and resource = 'offer'",
      [old.id],
    );
    const hourAgo = new Date(Date.now() + s.clock.offset - 3600_000).toISOString();
    const lastHour = (await page({ resource: 'offer', from: hourAgo })).data.map((e) => e.record_id);
    expect(lastHour).toContain(recent.id);
    expect(lastHour).not.toContain(old.id);
    const dayAgo = new Date(Date.now() + s.clock.offset - 86_400_000).toISOString();
    const lastDay = (await page({ resource: 'offer', from: dayAgo })).data.map((e) => e.record_id);
    expect(lastDay).toEqual(expect.arrayContaining([recent.id, old.id]));
    // `to` is before that moment: the older one alone.
    expect((await page({ resource: 'offer', from: dayAgo, to: hourAgo })).data.map((e) => e.record_id)).toEqual([
      old.id,
    ]);
  });

  it('by record and by person', async () => {
    const mine = await addOffer('By the admin');
    const hers = await addOffer('By Rania', {}, rania.auth);
    await ok(
      offerResource.ops.update!,
      { params: { id: hers.id }, body: { title: 'By Rania, changed', version: hers.version } },
      rania.auth,
    );
    const byRecord = await page({ resource: 'offer', record_id: hers.id });
    expect(byRecord.data.map((e) => e.kind)).toEqual(['update', 'create']);
    expect(byRecord.pagination.total).toBe(2);
    const byRania = await page({ actor: rania.id });
    expect(byRania.data.length).toBeGreaterThanOrEqual(2);
    expect(new Set(byRania.data.map((e) => e.actor_name))).toEqual(new Set(['Rania Haddad']));
    expect(byRania.data.map((e) => e.record_id)).not.toContain(mine.id);
  });
});

describe('claims', () => {
  it('a claim and a release of a crawled ref leave no entry, and old ones are neither listed nor counted', async () => {
    const source = await one(
      "insert into crawl_sources (name, from_source, bank_id) values ('enbd', 'enbd', $1) returning id",
      [ids.bank],
    );
    const ref = await one(
      "insert into crawl_cards (source_id, source_key, name, network, state, search_text) values ($1, 'k1', 'Crawled one', 'Visa', 'new', 'crawled one') returning id",
      [source],
    );
    const before = await one<number>('select count(*)::int from audit_log');
    const total = (await page({})).pagination.total;
    await ok(claimRef, { body: { kind: 'card', ref_id: ref } });
    expect(await one('select claimed_by from crawl_cards where id = $1', [ref])).not.toBeNull();
    await ok(releaseRef, { body: { kind: 'card', ref_id: ref } });
    expect(await one<number>('select count(*)::int from audit_log')).toBe(before);
    // Entries a claim left before they were left out.
    await s.db.query(
      `insert into audit_log (actor_id, actor_name, operation, resource, tbl, record_id, kind, count, tables, request_id)
       values (null, 'Old reviewer', 'crawl.claim', 'crawl_cards', 'crawl_cards', $1, 'update', 1, '{}', 'old')`,
      [ref],
    );
    const after = await page({});
    expect(after.pagination.total).toBe(total);
    expect(after.data.map((e) => e.operation)).not.toContain('crawl.claim');
    expect((await page({ operation: 'crawl.claim' })).pagination.total).toBe(0);
  });
});

describe('names', () => {
  it("a created offer's entry names its category, cards and outlets", async () => {
    const offer = await addOffer('Named links');
    const [entry] = (await page({ resource: 'offer', record_id: offer.id })).data;
    expect(entry.kind).toBe('create');
    expect(entry.after).toMatchObject({ category_id: ids.dining });
    expect([...(entry.after!.card_ids as number[])].sort()).toEqual([ids.card, ids.card2].sort());
    expect(entry.after!.outlet_ids).toEqual([ids.outlet]);
    expect(entry.names).toEqual({
      category_id: { [ids.dining]: 'Dining' },
      card_ids: { [ids.card]: 'Skywards Infinite', [ids.card2]: 'Go4it Platinum' },
      outlet_ids: { [ids.outlet]: 'Shake Shack — Dubai Mall' },
    });
  });

  it("an update names both sides of a changed key, and a deleted offer's entry its links", async () => {
    const offer = await addOffer('Moves category');
    await ok(offerResource.ops.update!, {
      params: { id: offer.id },
      body: { category_id: ids.travel, version: offer.version },
    });
    const [update] = (await page({ resource: 'offer', record_id: offer.id })).data;
    expect(update).toMatchObject({
      kind: 'update',
      before: { category_id: ids.dining },
      after: { category_id: ids.travel },
      names: { category_id: { [ids.dining]: 'Dining', [ids.travel]: 'Travel' } },
    });
    await ok(offerResource.ops.remove!, { query: { offer_id: offer.id } });
    const [deleted] = (await page({ resource: 'offer', record_id: offer.id })).data;
    expect(deleted.kind).toBe('delete');
    expect(deleted.before!.outlet_ids).toEqual([ids.outlet]);
    expect(deleted.names.outlet_ids).toEqual({ [ids.outlet]: 'Shake Shack — Dubai Mall' });
  });
});
