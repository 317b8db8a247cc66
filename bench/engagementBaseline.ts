// The baseline of bench/engagement.ts: every engagement chart computed the plain way, from the
// raw events table (which has no index but its key) joined to the catalogue, without the
// rollups of migration 012. Its answers must equal the repository's (the bench checks).
import type { Tx } from '../server/db/connection';
import type { EngagementFilters, EngagementRange } from '../server/repositories/engagement';

const COUNTS = `count(*) filter (where e.type = 'offer_viewed')::int as offer_viewed, count(*) filter (where e.type = 'offer_opened')::int as offer_opened,
  count(*) filter (where e.type = 'offer_saved')::int as offer_saved, count(*) filter (where e.type = 'offer_redeemed')::int as offer_redeemed,
  count(*) filter (where e.type = 'card_viewed')::int as card_viewed`;

function where(r: EngagementRange, f: EngagementFilters): [string, unknown[]] {
  const values: unknown[] = [r.from, r.to];
  const and = [`(e.at at time zone 'Asia/Dubai')::date between $1::date and $2::date`];
  if (f.offer_id !== undefined) and.push(`e.offer_id = $${values.push(f.offer_id)}`);
  if (f.card_id !== undefined) and.push(`e.card_id = $${values.push(f.card_id)}`);
  if (f.bank_id !== undefined)
    and.push(`e.card_id in (select id from cards where bank_id = $${values.push(f.bank_id)})`);
  return [and.join(' and '), values];
}

const rows = async (tx: Tx, sql: string, values: unknown[]) => (await tx.query(sql, values)).rows;

export const baseline = {
  daily(tx: Tx, r: EngagementRange, f: EngagementFilters) {
    const [w, v] = where(r, f);
    return rows(
      tx,
      `select d::date::text as day, coalesce(x.offer_viewed, 0) as offer_viewed, coalesce(x.offer_opened, 0) as offer_opened, coalesce(x.offer_saved, 0) as offer_saved,
              coalesce(x.offer_redeemed, 0) as offer_redeemed, coalesce(x.card_viewed, 0) as card_viewed
         from generate_series($1::date, $2::date, interval '1 day') d
         left join (select (e.at at time zone 'Asia/Dubai')::date as day, ${COUNTS} from events e where ${w} group by 1) x on x.day = d::date order by d`,
      v,
    );
  },
  topOffers(tx: Tx, r: EngagementRange, f: EngagementFilters, limit: number) {
    const [w, v] = where(r, f);
    return rows(
      tx,
      `select e.offer_id, ${COUNTS}, count(*)::int as total, coalesce(o.title, 'Offer #' || e.offer_id || ' (deleted)') as title
         from events e left join offers o on o.id = e.offer_id where e.offer_id is not null and ${w}
        group by e.offer_id, o.title order by total desc, e.offer_id limit ${limit}`,
      v,
    );
  },
  banks(tx: Tx, r: EngagementRange, f: EngagementFilters) {
    const [w, v] = where(r, f);
    return rows(
      tx,
      `select b.id as bank_id, b.name, ${COUNTS}, count(*)::int as total from events e join cards c on c.id = e.card_id join banks b on b.id = c.bank_id
        where ${w} group by b.id, b.name order by total desc, b.name`,
      v,
    );
  },
  cards(tx: Tx, r: EngagementRange, f: EngagementFilters, limit: number) {
    const [w, v] = where(r, f);
    return rows(
      tx,
      `select e.card_id, ${COUNTS}, count(*)::int as total, coalesce(c.name, 'Card #' || e.card_id || ' (deleted)') as name, coalesce(b.name, '') as bank_name
         from events e left join cards c on c.id = e.card_id left join banks b on b.id = c.bank_id
        where e.card_id is not null and ${w} group by e.card_id, c.name, b.name order by total desc, e.card_id limit ${limit}`,
      v,
    );
  },
  categories(tx: Tx, r: EngagementRange, f: EngagementFilters) {
    const [w, v] = where(r, f);
    return rows(
      tx,
      `select x.category_id, coalesce(cat.name, 'No category') as name, x.offer_viewed, x.offer_opened, x.offer_saved, x.offer_redeemed, x.card_viewed, x.total
         from (select case when e.offer_id is null then c.category_id else o.category_id end as category_id, ${COUNTS}, count(*)::int as total
                 from events e left join offers o on o.id = e.offer_id left join cards c on c.id = e.card_id where ${w} group by 1) x
         left join categories cat on cat.id = x.category_id order by x.total desc, name`,
      v,
    );
  },
};
