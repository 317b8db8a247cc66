// The catalogue health queues' queries and fixes (contract/health.ts defines the queues). A
// queue is a condition on its entity's table (alias `t`), read through that table's indexes:
// the count and a page of rows (by id, after the last one read) are the same condition. A fix
// first checks that every row named is still in the queue (the count the admin confirmed), then
// writes through server/services/undo.ts, the bulk change's path by hand: one audit entry for
// the call (server/http/handle.ts), and tokens that `health.undo` takes back as one step.
import { HEALTH_ENDING_DAYS, healthNoun, healthQueue, type HealthQueueId } from '../../contract/healthQueues';
import type { HealthRow, HealthUndo } from '../../contract/health';
import type { Tx } from '../db/connection';
import { badField, HttpError } from '../errors';
import { undoKept, updateKept } from './undo';

const TODAY = 'catalogue_today()';
/** An offer of a pending write batch is not shown yet (offers_view's condition). */
const SHOWN_OFFER = `(t.batch_id is null or not exists (select 1 from write_batches wb where wb.id = t.batch_id and wb.state = 'pending'))`;
/** Placements the homepage still shows (active, in their schedule if they have one). */
const placedIn = (table: string) =>
  `select p.offer_id from ${table} p where p.offer_id is not null and p.is_active and (p.ends_at is null or p.ends_at > now()) and (p.starts_at is null or p.starts_at <= now())`;
// `= any(array(…))`, not `in (…)`: the few placed ids are read once and looked up by the
// offers' key, so "ended but placed" is an index condition beside "ending soon"'s dates.
const PLACED = `t.id = any(array(${placedIn('selected_offers')} union ${placedIn('hero_banners')} union ${placedIn('dont_miss_out')}))`;
const LIVE_OFFER_OF = (link: string) =>
  `exists (select 1 from offers o where ${link} and o.valid_from <= ${TODAY} and o.valid_to >= ${TODAY})`;
/**
 * Offers no card shown or no outlet reaches, live now: kept per offer by triggers
 * (server/db/migrations/034_health_speed.sql, `offer_reach`) with copies of its dates and batch,
 * so the queue is counted from that table alone.
 */
const REACH_LIVE = `r.k_valid_from <= ${TODAY} and r.k_valid_to >= ${TODAY}
  and (r.k_batch_id is null or not exists (select 1 from write_batches wb where wb.id = r.k_batch_id and wb.state = 'pending'))`;
const day = (col: string) => `to_char(${col}, 'DD Mon YYYY')`;
const OFFER_FACTS = `jsonb_build_object('Discount', t.discount, 'Valid', ${day('t.valid_from')} || ' – ' || ${day('t.valid_to')},
  'Cards', (select string_agg(c.name || case when not c.display then ' (hidden)' when c.status = 'Discontinued' then ' (discontinued)' else '' end, ', ' order by c.name) from offer_cards oc join cards c on c.id = oc.card_id where oc.offer_id = t.id),
  'Outlets', (select count(*)::text from offer_outlets oo where oo.offer_id = t.id),
  'Image', case when t.image is null then null else 'yes' end,
  'Terms', nullif(left(t.terms, 200), ''))`;

interface QueueSql {
  table: string;
  /** The count (`n`) when not `where` counted over `table`: the same rows, read from a kept fact. */
  count?: string;
  /** The queue's condition on `t`. */
  where: string;
  /** title, reason, detail (text) and facts (jsonb) of a row of `t`. */
  title: string;
  reason: string;
  detail: string;
  facts: string;
}

const QUEUES: Record<HealthQueueId, QueueSql> = {
  ending: {
    table: 'offers',
    where: `${SHOWN_OFFER} and ((t.valid_from <= ${TODAY} and t.valid_to between ${TODAY} and ${TODAY} + ${HEALTH_ENDING_DAYS - 1})
      or (t.valid_to < ${TODAY} and ${PLACED}))`,
    title: 't.title',
    reason: `case when t.valid_to < ${TODAY} then 'Ended ' || ${day('t.valid_to')} || ', still on the homepage'
      when t.valid_to = ${TODAY} then 'Ends today'
      when t.valid_to = ${TODAY} + 1 then 'Ends tomorrow'
      else 'Ends in ' || (t.valid_to - ${TODAY}) || ' days' end
      || case when t.valid_to >= ${TODAY} and ${PLACED} then ' · on the homepage' else '' end`,
    detail: `t.discount || ' · until ' || ${day('t.valid_to')}`,
    facts: OFFER_FACTS,
  },
  unreachable: {
    table: 'offers',
    where: `exists (select 1 from offer_reach r where r.offer_id = t.id and ${REACH_LIVE})`,
    count: `select count(*)::int as n from offer_reach r where ${REACH_LIVE}`,
    title: 't.title',
    // From its kept row: an EXISTS here is planned as a hash of every link (AlternativeSubPlan).
    reason: `(select concat_ws(' · ', case when r.no_card then 'No card' when r.no_shown_card then 'Every card hidden or discontinued' end,
      case when r.no_outlet then 'No outlet' end) from offer_reach r where r.offer_id = t.id)`,
    detail: `t.discount || ' · from ' || t.from_source`,
    facts: OFFER_FACTS,
  },
  emptyCards: {
    table: 'cards',
    // From the card's links (offer_cards_card_idx) to each offer by key, stopping at the first live one.
    where: `t.display and not exists (select 1 from offer_cards oc join offers o on o.id = oc.offer_id
      where oc.card_id = t.id and o.valid_from <= ${TODAY} and o.valid_to >= ${TODAY})`,
    title: 't.name',
    // A count by index, not EXISTS: the planner stops a scan of every link at the first match it
    // expects, and an empty card has none (a full scan per row of the page).
    reason: `case when (select count(*) from offer_cards oc where oc.card_id = t.id) > 0 then 'Only ended or future offers' else 'No offer at all' end`,
    detail: `(select b.name from banks b where b.id = t.bank_id) || ' · ' || t.card_type`,
    facts: `jsonb_build_object('Bank', (select b.name from banks b where b.id = t.bank_id), 'Status', t.status,
      'Offers (any date)', (select count(*)::text from offer_cards oc where oc.card_id = t.id), 'Source', t.from_source)`,
  },
  emptyCategories: {
    table: 'categories',
    where: `t.is_active and not ${LIVE_OFFER_OF('o.category_id = t.id')}`,
    title: 't.name',
    reason: `case when (select count(*) from offers o where o.category_id = t.id) > 0 then 'Only ended or future offers' else 'No offer at all' end`,
    detail: 't.description',
    facts: `jsonb_build_object('Offers (any date)', (select count(*)::text from offers o where o.category_id = t.id),
      'Outlets', (select count(*)::text from outlets ou where ou.category_id = t.id))`,
  },
  offersIncomplete: {
    table: 'offers',
    where: `t.valid_to >= ${TODAY} and ${SHOWN_OFFER} and (t.image is null or t.terms is null or btrim(t.terms) = '')`,
    title: 't.title',
    reason: `concat_ws(' · ', case when t.image is null then 'No image' end, case when t.terms is null or btrim(t.terms) = '' then 'No terms' end)`,
    detail: `t.discount || ' · until ' || ${day('t.valid_to')}`,
    facts: OFFER_FACTS,
  },
  outletsIncomplete: {
    table: 'outlets',
    where: 't.area_id is null or t.latitude is null or t.longitude is null',
    title: `t.merchant_name || coalesce(' — ' || t.branch, '')`,
    reason: `concat_ws(' · ', case when t.area_id is null then 'No area' end, case when t.latitude is null or t.longitude is null then 'No location' end)`,
    detail: `coalesce(t.address, 'No address')`,
    facts: `jsonb_build_object('Area', (select a.name from dubai_cities a where a.id = t.area_id), 'Address', t.address,
      'Location', case when t.latitude is null or t.longitude is null then null else t.latitude || ', ' || t.longitude end,
      'Phone', t.phone, 'Source', t.from_source)`,
  },
};

/** A queue's SQL: its count (`n`), and a page of its rows after id $1 (at most $2). */
export function healthQueueSql(id: HealthQueueId): { count: string; page: string } {
  const q = QUEUES[id];
  return {
    count: q.count ?? `select count(*)::int as n from ${q.table} t where ${q.where}`,
    page: `select t.id, ${q.title} as title, ${q.reason} as reason, ${q.detail} as detail, ${q.facts} as facts
         from ${q.table} t where (${q.where}) and t.id > $1 order by t.id limit $2`,
  };
}

/** Every queue's count now, in the contract's order. */
export async function healthCounts(tx: Tx): Promise<{ id: HealthQueueId; count: number }[]> {
  const ids = Object.keys(QUEUES) as HealthQueueId[];
  const r = await tx.query<Record<string, number>>(
    `select ${ids.map((id) => `(${healthQueueSql(id).count}) as "${id}"`).join(', ')}`,
  );
  return ids.map((id) => ({ id, count: r.rows[0][id] }));
}

/** One queue's count now. */
export async function healthCount(tx: Tx, id: HealthQueueId): Promise<number> {
  return (await tx.query<{ n: number }>(healthQueueSql(id).count)).rows[0].n;
}

/** A page of a queue's rows after id `after` (at most `limit`), and whether more follow. */
export async function healthPage(
  tx: Tx,
  id: HealthQueueId,
  after: number,
  limit: number,
): Promise<{ rows: HealthRow[]; more: boolean }> {
  const page = await tx.query<HealthRow>(healthQueueSql(id).page, [after, limit + 1]);
  const rows = page.rows.slice(0, limit).map((r) => ({ ...r, reason: r.reason || 'Incomplete' }));
  return { rows, more: page.rows.length > limit };
}

/** A page of a queue's rows after id `after`, and the queue's count. */
export async function healthRows(
  tx: Tx,
  id: HealthQueueId,
  after: number,
  limit: number,
): Promise<{ count: number; rows: HealthRow[]; more: boolean }> {
  const [count, page] = await Promise.all([healthCount(tx, id), healthPage(tx, id, after, limit)]);
  return { count, ...page };
}

/** Of `ids`, those in queue `id` now. */
async function stillIn(tx: Tx, id: HealthQueueId, ids: readonly number[]): Promise<number[]> {
  const q = QUEUES[id];
  // `for update`: a fix racing another on the same rows waits, then finds them gone from the queue.
  const r = await tx.query<{ id: number }>(
    `select t.id from ${q.table} t where t.id = any($1::int[]) and (${q.where}) order by t.id for update of t`,
    [ids],
  );
  return r.rows.map((row) => row.id);
}

export interface FixInput {
  fix: string;
  ids: number[];
  expect: number;
  to?: string;
}

/** Applies `input.fix` of queue `id`; answers the rows written and the undo tokens. */
export async function applyFix(
  tx: Tx,
  id: HealthQueueId,
  input: FixInput,
  userId: number | null,
): Promise<{ count: number; undo: HealthUndo[]; message: string }> {
  const def = healthQueue(id)!;
  const fix = def.fixes.find((f) => f.id === input.fix);
  if (!fix)
    throw badField(
      'fix',
      def.fixes.length
        ? `“${def.title}” has no fix “${input.fix}”: use one of ${def.fixes.map((f) => f.id).join(', ')}.`
        : `“${def.title}” has no fixes: open its records to complete them.`,
    );
  if (input.ids.length !== input.expect)
    throw badField(
      'expect',
      `You confirmed ${healthNoun(def.entity, input.expect)} but named ${input.ids.length}: confirm the rows you name.`,
    );
  let to: string | undefined;
  if (fix.takes === 'date') {
    if (!input.to) throw badField('to', 'Give the new last day (a date such as 2026-12-31).');
    const today = (await tx.query<{ d: string }>(`select ${TODAY}::text as d`)).rows[0].d;
    if (input.to < today) throw badField('to', `Give a day from today (${today}) on: ${input.to} has passed.`);
    to = input.to;
  }
  const ids = await stillIn(tx, id, input.ids);
  if (ids.length !== input.ids.length) {
    const text = `${ids.length.toLocaleString('en')} of the ${healthNoun(def.entity, input.ids.length)} you confirmed ${ids.length === 1 ? 'is' : 'are'} still in “${def.title}”: someone has fixed the others. Look at the queue again and retry.`;
    throw new HttpError(409, text, { expect: [text] });
  }
  const undo: HealthUndo[] = [];
  const write = async (resource: string, table: string, rowIds: number[], set: Record<string, unknown>) => {
    if (!rowIds.length) return 0;
    const kept = await updateKept(tx, { resource, table, ids: rowIds, userId, set });
    undo.push({ resource, token: kept.token });
    return kept.count;
  };
  let count: number;
  const noun = healthNoun(def.entity, ids.length);
  switch (`${def.entity}.${fix.id}`) {
    case 'offer.extend': {
      const late = await tx.query<{ title: string; valid_from: string }>(
        `select title, valid_from::text from offers where id = any($1::int[]) and valid_from > $2::date order by id limit 1`,
        [ids, to],
      );
      if (late.rows.length)
        throw badField(
          'to',
          `“${late.rows[0].title}” starts on ${late.rows[0].valid_from}, after ${to}: give a later day.`,
        );
      count = await write('offer', 'offers', ids, { valid_to: to });
      return { count, undo, message: `Extended ${noun} to ${to}.` };
    }
    case 'offer.end': {
      // Yesterday is their last day; one that started today or later has only that day.
      const r = await tx.query<{ id: number; started: boolean; y: string }>(
        `select id, valid_from < ${TODAY} as started, (${TODAY} - 1)::text as y from offers where id = any($1::int[])`,
        [ids],
      );
      const y = r.rows[0]?.y;
      await write(
        'offer',
        'offers',
        r.rows.filter((o) => o.started).map((o) => o.id),
        { valid_to: y },
      );
      await write(
        'offer',
        'offers',
        r.rows.filter((o) => !o.started).map((o) => o.id),
        { valid_from: y, valid_to: y },
      );
      return { count: r.rows.length, undo, message: `Ended ${noun}: their last day was ${y}.` };
    }
    case 'offer.unplace': {
      let places = 0;
      for (const [resource, table] of [
        ['selectedOffer', 'selected_offers'],
        ['heroBanner', 'hero_banners'],
        ['dontMissOut', 'dont_miss_out'],
      ] as const) {
        const placed = await tx.query<{ id: number }>(
          `select id from ${table} where offer_id = any($1::int[]) and is_active order by id`,
          [ids],
        );
        places +=
          (await write(
            resource,
            table,
            placed.rows.map((p) => p.id),
            { is_active: false },
          )) ?? 0;
      }
      if (!places) throw badField('ids', `None of the ${noun} is on the homepage: nothing to take off.`);
      return {
        count: places,
        undo,
        message: `Took ${places === 1 ? 'one homepage place' : `${places} homepage places`} of ${noun} off.`,
      };
    }
    case 'card.hide':
      count = await write('card', 'cards', ids, { display: false });
      return { count, undo, message: `Hid ${noun}.` };
    case 'category.hide':
      count = await write('category', 'categories', ids, { is_active: false });
      return { count, undo, message: `Deactivated ${noun}.` };
  }
  // A fix listed in the contract with no write here is a bug, not bad input.
  throw new Error(`health fix ${def.entity}.${fix.id} has no write`);
}

/** Undoes every write of one fix, last first, in the caller's transaction. */
export async function undoFix(tx: Tx, undo: readonly HealthUndo[], userId: number | null): Promise<number> {
  let n = 0;
  for (const u of [...undo].reverse()) n += await undoKept(tx, u.token, u.resource, userId);
  return n;
}
