// Undo after later edits (server/services/undo.ts), on both databases: an undo of a delete
// puts back the links the delete cleared and nothing else, so an edit made since stays and a
// version never goes back; where a link was changed since, it refuses (409) naming the
// record. An undo of a bulk change refuses the same way when a record changed since.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryResource } from '@contract/category';
import { addHeroBanner, showHeroBanner, updateHeroBanner } from '@contract/homepageBanners';
import { addNotification, showNotification } from '@contract/notification';
import { offerResource } from '@contract/offer';
import { outletResource } from '@contract/outlet';
import { opCalls } from '../helpers/ops';
import { startTestServer, type TestServer } from '../helpers/app';

let s: TestServer;
const { call, ok, one } = opCalls(() => s);
const category = categoryResource.ops;
const outlet = outletResource.ops;
const offer = offerResource.ops;

let serial = 0;
const newOffer = (title: string) =>
  one<number>(
    "insert into offers (title, discount, valid_from, valid_to) values ($1, '10%', current_date - 1, current_date + 30) returning id",
    [`${title} ${++serial}`],
  );

beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.close());

describe('undoing a delete after later edits', () => {
  it('puts back the category of an outlet renamed since, keeping the new name and its version', async () => {
    const cat = (await ok(category.add!, { body: { name: 'Dining undo' } })).data.id as number;
    const o = (await ok(outlet.add!, { body: { merchant_name: 'Shake Shack', branch: 'Marina', category_id: cat } }))
      .data;
    // Version 2 before the delete: the form below was opened then.
    await ok(outlet.update!, { params: { id: o.id }, body: { branch: 'Marina Walk', version: 1 } });

    const res = await ok(category.remove!, { query: { category_id: cat } });
    expect(await one('select category_id from outlets where id = $1', [o.id])).toBeNull();
    const renamed = (
      await ok(outlet.update!, { params: { id: o.id }, body: { merchant_name: 'Shake Shack Renamed', version: 2 } })
    ).data;
    expect(renamed.version).toBe(3);

    await ok(category.undo!, { body: { token: res.undo } });
    const after = (
      await s.db.query('select merchant_name, branch, category_id, version from outlets where id = $1', [o.id])
    ).rows[0];
    expect(after).toEqual({
      merchant_name: 'Shake Shack Renamed',
      branch: 'Marina Walk',
      category_id: cat,
      version: 3,
    });
    // The stale form (version 2) still gets its 409.
    expect(
      (await call(outlet.update!, { params: { id: o.id }, body: { merchant_name: 'Stale form', version: 2 } })).status,
    ).toBe(409);
  });

  it("puts back a hero banner's link to its offer (type and target), keeping a title changed since", async () => {
    const target = await newOffer('Banner target');
    const banner = (await ok(addHeroBanner, { body: { title: 'Summer dining', link_type: 'offer', offer_id: target } }))
      .data;
    const res = await ok(offer.remove!, { query: { offer_id: target } });
    // The table's trigger dropped the whole link: no type, no target.
    expect((await ok(showHeroBanner, { params: { id: banner.id } })).data).toMatchObject({
      link_type: null,
      offer_id: null,
    });
    await ok(updateHeroBanner, { params: { id: banner.id }, body: { title: 'Summer dining, edited', version: 1 } });

    await ok(offer.undo!, { body: { token: res.undo } });
    expect((await ok(showHeroBanner, { params: { id: banner.id } })).data).toMatchObject({
      title: 'Summer dining, edited',
      link_type: 'offer',
      offer_id: target,
      version: 2,
    });
  });

  it('refuses (409, naming the banner) when the link was changed since, and changes nothing', async () => {
    const target = await newOffer('Relinked target');
    const banner = (
      await ok(addHeroBanner, { body: { title: 'Relinked banner', link_type: 'offer', offer_id: target } })
    ).data;
    const res = await ok(offer.remove!, { query: { offer_id: target } });
    await ok(updateHeroBanner, {
      params: { id: banner.id },
      body: { link_type: 'url', url: 'https://example.com/new', version: 1 },
    });

    const undo = await call(offer.undo!, { body: { token: res.undo } });
    expect(undo.status).toBe(409);
    expect(undo.json.message).toBe('Hero banner “Relinked banner” has changed its link since, so nothing was undone.');
    expect(await one('select count(*)::int from offers where id = $1', [target])).toBe(0);
    expect((await ok(showHeroBanner, { params: { id: banner.id } })).data).toMatchObject({
      link_type: 'url',
      url: 'https://example.com/new',
      version: 2,
    });
  });

  it('leaves a notification sent since as it is: only its link comes back', async () => {
    const target = await newOffer('Notified offer');
    const userId = await one<number>(
      "insert into users (name, email, role) values ('Undo app user', 'undo-user@test.example', 'user') returning id",
    );
    const n = (
      await ok(addNotification, {
        body: {
          title: 'Undo deal',
          body: 'A deal that goes',
          audience: 'user',
          audience_id: userId,
          link_type: 'offer',
          offer_id: target,
          send_at: new Date(Date.now() + 3600_000).toISOString(),
        },
      })
    ).data;
    const res = await ok(offer.remove!, { query: { offer_id: target } });
    s.clock.offset = 3600_000 + 1_000;
    try {
      s.app.notificationJob.kick();
      await s.app.notificationJob.idle();
    } finally {
      s.clock.offset = 0;
    }
    const sent = (await ok(showNotification, { params: { id: n.id } })).data;
    expect(sent).toMatchObject({ status: 'sent', sent_count: 1, offer_id: null });

    await ok(offer.undo!, { body: { token: res.undo } });
    const after = (await ok(showNotification, { params: { id: n.id } })).data;
    expect(after).toEqual({ ...sent, offer_id: target });
    // Nothing for the job to send again.
    s.app.notificationJob.kick();
    await s.app.notificationJob.idle();
    expect((await ok(showNotification, { params: { id: n.id } })).data).toMatchObject({
      status: 'sent',
      sent_count: 1,
    });
    expect(await one('select count(*)::int from notification_pieces where notification_id = $1', [n.id])).toBe(1);
  });
});

describe('undoing a bulk change after later edits', () => {
  it('refuses (409, naming the offer) when one changed since; otherwise each version goes up, never back', async () => {
    const a = await newOffer('Bulk dated');
    const b = await newOffer('Bulk dated');
    const res = await ok(offer.bulkUpdate!, { body: { ids: [a, b], set: { valid_to: '2030-12-31' } } });
    const edited = await ok(offer.update!, { params: { id: b }, body: { title: 'Bulk dated, edited', version: 2 } });
    expect(edited.data.version).toBe(3);
    const before = (await s.db.query('select * from offers where id = any($1) order by id', [[a, b]])).rows;
    const undo = await call(offer.undo!, { body: { token: res.data.undo } });
    expect(undo.status).toBe(409);
    expect(undo.json.message).toBe('Offer “Bulk dated, edited” has changed since, so nothing was undone.');
    expect((await s.db.query('select * from offers where id = any($1) order by id', [[a, b]])).rows).toEqual(before);

    const c = await newOffer('Bulk again');
    const again = await ok(offer.bulkUpdate!, { body: { ids: [c], set: { valid_to: '2030-12-31' } } });
    await ok(offer.undo!, { body: { token: again.data.undo } });
    expect(await one('select version from offers where id = $1', [c])).toBe(3);
    expect(await one("select valid_to <> '2030-12-31' from offers where id = $1", [c])).toBe(true);
  });
});
