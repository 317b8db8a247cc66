// The catalogue health problems the demo shows a newcomer (contract/healthQueues.ts), each a
// few rows, chosen by a fixed rule from rows the demo already made, relative to the day of the
// first start (`today`): the newest live offers lose their cards or outlets (unreachable), a
// card and a category are added with nothing behind them (empty shelves), the newest outlets
// lose an area or a location (missing essentials), and a few images point at files storage no
// longer holds (broken media: found by the health checker's first round, without network, as
// server/services/mediaChecks.ts checks files whatever LINK_CHECK_OUTBOUND says). Offers ending soon and a selected offer
// past its end come with the demo's dates and homepage (./offers.ts, ./homepage.ts). The
// catalogue's counts stay the demo's but for one card, one category and one outlet more, and the likely
// duplicates: three live offers imported twice (the copy's title differs in case or
// punctuation only, as a second crawl of the same page brings it) and two outlets entered twice
// without their address. The demo has no other pair at the default similarity
// (tests/api/healthDemo.test.ts counts them).
import type { Tx } from '../connection';

/** How the planted duplicate offers are spelt, one copy each: the demo has this many offers more than it generates. */
export const PLANTED_OFFER_COPIES = [`title || '!'`, 'lower(title)', 'initcap(title)'] as const;

export async function plantHealthProblems(tx: Tx, today: string): Promise<void> {
  const live = (
    await tx.query<{ id: number }>(
      `select id from offers where valid_from <= $1::date and valid_to >= $1::date + 30 order by id desc limit 6`,
      [today],
    )
  ).rows.map((r) => r.id);
  // Three with no card, two with no outlet, one whose only card is discontinued.
  await tx.query('delete from offer_cards where offer_id = any($1::int[])', [live.slice(0, 3)]);
  await tx.query('delete from offer_outlets where offer_id = any($1::int[])', [live.slice(3, 5)]);
  const gone = (
    await tx.query<{ id: number }>("select id from cards where status = 'Discontinued' order by id limit 1")
  ).rows[0];
  if (gone && live[5]) {
    await tx.query('delete from offer_cards where offer_id = $1', [live[5]]);
    await tx.query('insert into offer_cards (offer_id, card_id) values ($1, $2)', [live[5], gone.id]);
  }
  // An empty shelf of each kind: shown, with no live offer.
  await tx.query(
    `insert into cards (name, bank_id, network_id, card_type, description, display)
     select 'Horizon Travel Platinum', b.id, n.id, 'credit', 'Launched without offers yet.', true
       from banks b, networks n order by b.id, n.id limit 1`,
  );
  await tx.query(
    "insert into categories (name, description) values ('Pet care', 'Vets, grooming and pet shops.') on conflict do nothing",
  );
  // Outlets missing essentials: the newest few lose an area or a location.
  const outlets = (await tx.query<{ id: number }>('select id from outlets order by id desc limit 5')).rows.map(
    (r) => r.id,
  );
  await tx.query('update outlets set area_id = null where id = any($1::int[])', [outlets.slice(0, 3)]);
  await tx.query('update outlets set latitude = null, longitude = null where id = any($1::int[])', [outlets.slice(3)]);
  // An outlet no offer names (after the ones above, so it keeps its area and location).
  await tx.query(
    `insert into outlets (merchant_name, branch, area_id, address, latitude, longitude)
     select 'Paws & Claws Pet Spa', 'Jumeirah', a.id, 'Al Wasl Road', 25.19, 55.24 from dubai_cities a order by a.id limit 1`,
  );
  // Broken media: three live offers and one card whose image's file is gone (names no upload has:
  // uploads are random UUIDs, these end in "dead").
  const missing = (n: number) => `/uploads/00000000-0000-4000-8000-${String(n).padStart(8, '0')}dead.png`;
  const pictured = (
    await tx.query<{ id: number }>(
      `select id from offers where image is not null and valid_from <= $1::date and valid_to >= $1::date + 30
        and id <> all($2::int[]) order by id desc limit 3`,
      [today, live],
    )
  ).rows.map((r) => r.id);
  for (const [i, id] of pictured.entries())
    await tx.query('update offers set image = $2 where id = $1', [id, missing(i + 1)]);
  await tx.query(
    `update cards set image = $1 where id = (select id from cards where display and image is not null order by id desc limit 1)`,
    [missing(9)],
  );
  await plantDuplicates(tx, today);
}

/** Likely duplicates: copies of a few live offers (with their cards and outlets) and outlets, each like its original but in writing. */
async function plantDuplicates(tx: Tx, today: string): Promise<void> {
  const originals = (
    await tx.query<{ id: number }>(
      `select o.id from offers o where o.valid_from <= $1::date and o.valid_to >= $1::date + 30
         and exists (select 1 from offer_cards oc where oc.offer_id = o.id) and exists (select 1 from offer_outlets oo where oo.offer_id = o.id)
       order by o.id limit $2`,
      [today, PLANTED_OFFER_COPIES.length],
    )
  ).rows.map((r) => r.id);
  const spellings = PLANTED_OFFER_COPIES;
  for (const [i, id] of originals.entries()) {
    const [{ id: copy }] = (
      await tx.query<{ id: number }>(
        `insert into offers (title, description, discount, valid_from, valid_to, terms, image, category_id, from_source)
         select ${spellings[i]}, description, discount, greatest(valid_from, $2::date - 3), valid_to - 7, terms, image, category_id, from_source
         from offers where id = $1 returning id`,
        [id, today],
      )
    ).rows;
    await tx.query(
      'insert into offer_cards (offer_id, card_id) select $2, card_id from offer_cards where offer_id = $1',
      [id, copy],
    );
    await tx.query(
      'insert into offer_outlets (offer_id, outlet_id) select $2, outlet_id from offer_outlets where offer_id = $1',
      [id, copy],
    );
  }
  await tx.query(
    `insert into outlets (merchant_name, branch, category_id, area_id, latitude, longitude, from_source)
     select merchant_name, coalesce(branch || '.', null), category_id, area_id, latitude, longitude, from_source
     from outlets where area_id is not null and latitude is not null order by id limit 2`,
  );
}
