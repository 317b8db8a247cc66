// The catalogue health queues' queries and fixes (contract/health.ts defines the queues). A
// queue is a condition on its entity's table (alias `t`), read through that table's indexes:
// the count and a page of rows (by id, after the last one read) are the same condition. A fix
// first checks that every row named is still in the queue (the count the admin confirmed), then
// writes through server/services/undo.ts, the bulk change's path by hand: one audit entry for
// the call (server/http/handle.ts), and tokens that `health.undo` takes back as one step.
import {
  HEALTH_QUEUE_IDS,
  HEALTH_SCORE_ENTITIES,
  healthNoun,
  healthQueue,
  type HealthQueueId,
  type HealthScoreEntity,
} from '@contract/healthQueues';
import {
  HEALTH_FACTS_AHEAD,
  type HealthCandidate,
  type HealthRow,
  type HealthRowFacts,
  type HealthScore,
  type HealthUndo,
} from '@contract/health';
import type { Db, Tx } from '../db/connection';
import { badField, HttpError, StaleVersionError } from '../errors';
import { linkCandidates, offerLinks, type CandidateKind } from '../repositories/healthCandidates';
import {
  OFFER_ALIKE,
  OUTLET_ALIKE,
  PAIR_TABLE,
  recomputeMarked,
  SHARE_A_CARD,
  SIMILARITY,
  type PairKind,
} from '../repositories/healthPairs';
import { offerRepository } from '../repositories/offers';
import { CHECKED_FIELDS, RECORD_TITLE } from './mediaChecks';
import { deleteKept, insertKept, linksKept, undoKept, updateKept } from './undo';

const TODAY = 'catalogue_today()';
/** A setting of the queues (contract/settings.ts), read once per statement. */
const SETTING = (column: string) => `(select s.${column} from settings s order by s.id limit 1)`;
/**
 * A check of queue 5 that still names its record's value (an edited one waits for its next
 * check): `holds`, kept by the records' triggers (server/db/migrations/042_media_checks_holds.sql),
 * so the queue reads the partial index media_checks_broken alone.
 */
const BROKEN_NOW = (m: string) => `${m}.state = 'broken' and ${m}.holds`;
const RESOURCES_CHECKED = [...new Map(CHECKED_FIELDS.map((f) => [f.resource, f.table])).entries()];

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
 * The entities whose live offer is kept (server/db/migrations/041_live_witness.sql, a row for
 * every row since 044_live_witness_every_row.sql): `<entity>_live`, by their links.
 */
const WITNESSED = {
  card: { links: 'offer_cards' },
  outlet: { links: 'offer_outlets' },
};
/**
 * The keys of an entity's rows whose kept live offer is not live today (none, ended, not begun:
 * the test clock moves backwards too), a BitmapOr of the live table's three indexes: the few
 * such rows, not an anti-join of every row (70 ms for the outlets at a million offers).
 */
const WITNESS_NOT_LIVE = (entity: keyof typeof WITNESSED) =>
  `array(select w.${entity}_id from ${entity}_live w
    where w.offer_id is null or w.k_valid_to < ${TODAY} or w.k_valid_from > ${TODAY})`;
/**
 * Row `t` of a witnessed entity has no live offer. One whose kept live offer is live today has
 * one; only the others, looked up by key from the live table's index lookup, are probed from
 * their links (by the link table's index on the entity's key) to each offer by key, stopping at
 * the first live one: a probe for every row was 42 ms for the cards and 1.4 s for the outlets at
 * a million offers. Written as `o.id in (…)`, the planner scanned every live offer per row (5 s
 * of PGlite's one connection on the demo).
 */
const NO_LIVE_OFFER = (entity: keyof typeof WITNESSED) =>
  `t.id = any(${WITNESS_NOT_LIVE(entity)}) and not exists (select 1 from ${WITNESSED[entity].links} l join offers o on o.id = l.offer_id
      where l.${entity}_id = t.id and o.valid_from <= ${TODAY} and o.valid_to >= ${TODAY})`;
/**
 * Offers no card shown or no outlet reaches, live now: kept per offer by triggers
 * (server/db/migrations/034_health_speed.sql, `offer_reach`) with copies of its dates and batch,
 * so the queue is counted from that table alone.
 */
const REACH_LIVE = `r.k_valid_from <= ${TODAY} and r.k_valid_to >= ${TODAY}
  and (r.k_batch_id is null or not exists (select 1 from write_batches wb where wb.id = r.k_batch_id and wb.state = 'pending'))`;
const day = (col: string) => `to_char(${col}, 'DD Mon YYYY')`;
/**
 * An offer's facts as the pane shows them, of the offer aliased `a`. Its cards by key, one
 * lookup a link (the `limit 1` keeps the lateral a lookup): joined, the few hundred cards were
 * hashed again for every offer, 3.5 ms of a 50-row page on PGlite at 100,000 offers.
 */
const offerFactsOf = (
  a: string,
) => `jsonb_build_object('Discount', ${a}.discount, 'Valid', ${day(`${a}.valid_from`)} || ' – ' || ${day(`${a}.valid_to`)},
  'Cards', (select string_agg(c.name || case when not c.display then ' (hidden)' when c.status = 'Discontinued' then ' (discontinued)' else '' end, ', ' order by c.name)
    from offer_cards oc cross join lateral (select c.name, c.display, c.status from cards c where c.id = oc.card_id limit 1) c where oc.offer_id = ${a}.id),
  'Outlets', (select count(*)::text from offer_outlets oo where oo.offer_id = ${a}.id),
  'Image', case when ${a}.image is null then null else 'yes' end,
  'Terms', nullif(left(${a}.terms, 200), ''))`;
const OFFER_FACTS = offerFactsOf('t');

// "Likely duplicates": a row is the newer record of a pair (`t`), its partner (`p`) the oldest
// record like it; each pair is so shown once, lower id on the left. The pairs are kept in
// health_pairs by the background loop (./healthPairs.ts, migration 036_health_pairs.sql), read
// here by index; each kept pair is checked again as it is read (the pair condition, both records
// live and shown, no "not a duplicate" verdict, the similarity setting), so a write that unmakes
// a pair, a merge and a verdict show at once, and only a new pair waits for the loop.
const notDismissed = (entity: string) =>
  `not exists (select 1 from health_duplicate_verdicts v where v.entity = '${entity}' and v.a_id = p.id and v.b_id = t.id and v.not_duplicate)`;
const SHOWN_P = SHOWN_OFFER.replace(/\bt\./g, 'p.');
/** The kept pairs with `t` on the right: the older record as `p`. */
const pairsFrom = (kind: PairKind) =>
  `health_pairs hp join ${PAIR_TABLE[kind]} p on p.id = hp.a_id and hp.kind = '${kind}' and hp.b_id = t.id`;
/**
 * A pair queue's rows: the records on the right of some kept pair, walked in key order from the
 * pairs' own index (one lookup of the table's key each), a page stopping after its rows. Walking
 * the table's key instead and asking each record for a pair (a semi-join, or `= any(array(…))`,
 * which gathered every right-hand id first: 621 ms at 370,911 pairs) read every record up to
 * the page's last: 111 ms for the first page when 16,033 of a million offers are in the queue
 * (bench/health.ts).
 */
const RIGHT_OF_A_PAIR = (kind: PairKind) =>
  `(select distinct hp.b_id from health_pairs hp where hp.kind = '${kind}' and hp.b_id > $1) r
    join ${PAIR_TABLE[kind]} t on t.id = r.b_id`;
/**
 * The kept pair `hp` holds as the loop found it: neither of its records written since (marked
 * `by_write`, migration 043_health_pairs_trusted.sql). Only the others are checked in full.
 * `not in`, hashed once per statement: as `not exists` it is an index probe per pair, 3.4 s
 * against 0.26 s over 370,911 pairs. A `not in` whose list the planner expects too big to hash
 * is scanned once per pair instead (a count ran for half an hour in a round's first minutes):
 * ../repositories/healthPairs.ts analyzes the marks after marking every record, so the
 * estimate is never the stale one of an empty table.
 */
const AS_FOUND = (kind: PairKind) => {
  const written = `(select d.id from health_pairs_dirty d where d.kind = '${kind}' and d.by_write)`;
  return `(hp.a_id not in ${written} and hp.b_id not in ${written})`;
};
/** `p` is an older offer like `t` now, and live and shown. */
const OFFER_PAIR = `hp.similarity >= ${SIMILARITY} and p.valid_to >= ${TODAY} and ${SHOWN_P} and ${notDismissed('offer')}
  and (${AS_FOUND('offer')} or ${OFFER_ALIKE('p', 't')} and ${SHARE_A_CARD('p', 't')})`;
/** `p` is an older outlet like `t` now. */
const OUTLET_PAIR = `hp.similarity >= ${SIMILARITY} and ${notDismissed('outlet')} and (${AS_FOUND('outlet')} or ${OUTLET_ALIKE('p', 't')})`;
const batchShown = (col: string) =>
  `(${col} is null or not exists (select 1 from write_batches wb where wb.id = ${col} and wb.state = 'pending'))`;
/**
 * A pair queue's count from health_pairs alone: a pair as found is live and shown by the end
 * date and batches kept on it; a pair with a record written since is checked as the page
 * checks it (`t` and `p` read). Counted by the right-hand record, as the page lists them.
 * Today is read once (`(select …)`), not converted to Dubai's date again for every pair.
 */
const pairCount = (kind: PairKind, table: string, tWhere: string, pWhere: string, asFound: string) =>
  `select count(distinct hp.b_id)::int as n from health_pairs hp
    where hp.kind = '${kind}' and hp.similarity >= ${SIMILARITY}
      and (hp.a_id, hp.b_id) not in (select v.a_id, v.b_id from health_duplicate_verdicts v where v.entity = '${kind}' and v.not_duplicate)
      and (${AS_FOUND(kind)} ${asFound}
        or not ${AS_FOUND(kind)} and exists (select 1 from ${table} t join ${table} p on p.id = hp.a_id where t.id = hp.b_id and ${tWhere} and ${pWhere}))`;
const outletFactsOf = (a: string) => `jsonb_build_object('Merchant', ${a}.merchant_name, 'Branch', ${a}.branch,
  'Area', (select ar.name from dubai_cities ar where ar.id = ${a}.area_id), 'Address', ${a}.address,
  'Location', case when ${a}.latitude is null or ${a}.longitude is null then null else ${a}.latitude || ', ' || ${a}.longitude end,
  'Phone', ${a}.phone, 'Offers', (select count(*)::text from offer_outlets oo where oo.outlet_id = ${a}.id), 'Source', ${a}.from_source)`;
/** What a merge moves, beside an offer's own facts: its homepage places and engagement history (the daily rollup, indexed by offer). */
const dupOfferFactsOf = (a: string) => `${offerFactsOf(a)} || jsonb_build_object('Title', ${a}.title,
  'Merchant', (select string_agg(distinct ou.merchant_name, ', ') from offer_outlets oo join outlets ou on ou.id = oo.outlet_id where oo.offer_id = ${a}.id),
  'Homepage places', ((select count(*) from selected_offers x where x.offer_id = ${a}.id) + (select count(*) from hero_banners x where x.offer_id = ${a}.id)
    + (select count(*) from dont_miss_out x where x.offer_id = ${a}.id))::text,
  'Engagement events', (select coalesce(sum(d.offer_viewed + d.offer_opened + d.offer_saved + d.offer_redeemed), 0)::text from event_daily d where d.offer_id = ${a}.id))`;

interface QueueSql {
  table: string;
  /** A page's rows as `t` when not `table` walked by its key: `$1` is the key the page starts after. */
  rows?: string;
  /** The count (`n`) when not `where` counted over `table`: the same rows, read from a kept fact. */
  count?: string;
  /** The queue's condition on `t`. */
  where: string;
  /** title, reason, detail (text) and facts (jsonb) of a row of `t` (a pair queue's reason with its partner `p` and pair `hp`). */
  title: string;
  reason: string;
  detail: string;
  facts: string;
  /** The record a row is about when it is not the row itself (jsonb: resource, id, field). */
  record?: string;
  /**
   * A pair queue's: the records `p` may be (`from`), the condition that `p` is the row's partner,
   * the partner's facts and title, and the row's own condition (`where` is it and a partner).
   */
  pair?: { from: string; where: string; facts: string; title: string; own: string };
}

const PAIR_REASON = `'Like #' || p.id || ' (' || round(hp.similarity::numeric * 100) || '% similar)'`;

/**
 * A pair queue: its rows are the right-hand records `t` (own condition `own`) with a partner `p`
 * (`partner`, over the kept pairs `hp`), walked from the pairs; title and facts are written once
 * for either record (`a`).
 */
function pairQueue(
  kind: PairKind,
  d: {
    own: string;
    partner: string;
    count: string;
    title: (a: string) => string;
    detail: string;
    facts: (a: string) => string;
  },
): QueueSql {
  return {
    table: PAIR_TABLE[kind],
    rows: RIGHT_OF_A_PAIR(kind),
    where: `${d.own} and exists (select 1 from ${pairsFrom(kind)} where ${d.partner})`,
    count: d.count,
    title: d.title('t'),
    reason: PAIR_REASON,
    detail: d.detail,
    facts: d.facts('t'),
    pair: { from: pairsFrom(kind), where: d.partner, facts: d.facts('p'), title: d.title('p'), own: d.own },
  };
}

const QUEUES: Record<HealthQueueId, QueueSql> = {
  ending: {
    table: 'offers',
    where: `${SHOWN_OFFER} and ((t.valid_from <= ${TODAY} and t.valid_to between ${TODAY} and ${TODAY} + ${SETTING('health_ending_days')} - 1)
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
    where: `t.display and ${NO_LIVE_OFFER('card')}`,
    title: 't.name',
    // A count by index, not EXISTS: the planner stops a scan of every link at the first match it
    // expects, and an empty card has none (a full scan per row of the page).
    reason: `case when (select count(*) from offer_cards oc where oc.card_id = t.id) > 0 then 'Only ended or future offers' else 'No offer at all' end`,
    detail: `(select b.name from banks b where b.id = t.bank_id) || ' · ' || t.card_type`,
    facts: `jsonb_build_object('Bank', (select b.name from banks b where b.id = t.bank_id), 'Status', t.status,
      'Offers (any date)', (select count(*)::text from offer_cards oc where oc.card_id = t.id), 'Source', t.from_source)`,
  },
  emptyOutlets: {
    table: 'outlets',
    where: NO_LIVE_OFFER('outlet'),
    title: `t.merchant_name || coalesce(' — ' || t.branch, '')`,
    reason: `case when exists (select 1 from offer_outlets oo where oo.outlet_id = t.id) then 'Only ended or future offers' else 'No offer at all' end`,
    detail: `coalesce((select a.name from dubai_cities a where a.id = t.area_id), 'No area') || ' · ' || coalesce(t.address, 'No address')`,
    facts: `jsonb_build_object('Area', (select a.name from dubai_cities a where a.id = t.area_id), 'Address', t.address,
      'Offers (any date)', (select count(*)::text from offer_outlets oo where oo.outlet_id = t.id), 'Source', t.from_source)`,
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
    // Walked from the offers that lack one (`offer_gaps`, below), not every offer: 4.8 ms for
    // the first page at 100,000 offers on PGlite against 12.4 (5,525 rows in the queue).
    rows: 'offer_gaps g join offers t on t.id = g.offer_id and g.offer_id > $1',
    where: `t.valid_to >= ${TODAY} and ${SHOWN_OFFER} and ((${SETTING('health_offer_image')} and t.image is null)
      or (${SETTING('health_offer_terms')} and (t.terms is null or btrim(t.terms) = '')))`,
    // From the offers that lack one, kept by triggers (server/db/migrations/038_health_kept.sql,
    // `offer_gaps`): counted from the offers, they were ~40,000 heap pages read at a million.
    count: `select count(*)::int as n from offer_gaps r where r.k_valid_to >= ${TODAY}
      and (r.k_batch_id is null or not exists (select 1 from write_batches wb where wb.id = r.k_batch_id and wb.state = 'pending'))
      and ((${SETTING('health_offer_image')} and r.no_image) or (${SETTING('health_offer_terms')} and r.no_terms))`,
    title: 't.title',
    reason: `concat_ws(' · ', case when ${SETTING('health_offer_image')} and t.image is null then 'No image' end,
      case when ${SETTING('health_offer_terms')} and (t.terms is null or btrim(t.terms) = '') then 'No terms' end)`,
    detail: `t.discount || ' · until ' || ${day('t.valid_to')}`,
    facts: OFFER_FACTS,
  },
  outletsIncomplete: {
    table: 'outlets',
    where: `(${SETTING('health_outlet_area')} and t.area_id is null)
      or (${SETTING('health_outlet_location')} and (t.latitude is null or t.longitude is null))`,
    title: `t.merchant_name || coalesce(' — ' || t.branch, '')`,
    reason: `concat_ws(' · ', case when ${SETTING('health_outlet_area')} and t.area_id is null then 'No area' end,
      case when ${SETTING('health_outlet_location')} and (t.latitude is null or t.longitude is null) then 'No location' end)`,
    detail: `coalesce(t.address, 'No address')`,
    facts: `jsonb_build_object('Area', (select a.name from dubai_cities a where a.id = t.area_id), 'Address', t.address,
      'Location', case when t.latitude is null or t.longitude is null then null else t.latitude || ', ' || t.longitude end,
      'Phone', t.phone, 'Source', t.from_source)`,
  },
  brokenMedia: {
    table: 'media_checks',
    where: BROKEN_NOW('t'),
    title: `coalesce(case t.resource ${RESOURCES_CHECKED.map(([r, table]) => `when '${r}' then ${RECORD_TITLE(table, 't.record_id')}`).join(' ')} end, t.resource || ' #' || t.record_id)`,
    reason: `case when t.kind = 'file' then 'Image: ' else 'Link: ' end || t.reason`,
    detail: `t.resource || ' · ' || t.field || ' · checked ' || to_char(t.checked_at, 'DD Mon YYYY HH24:MI')`,
    facts: `jsonb_build_object('Record', t.resource || ' #' || t.record_id, 'Field', t.field, 'Value', t.target,
      'Status', t.status::text, 'Found', t.reason, 'Checked', to_char(t.checked_at, 'DD Mon YYYY HH24:MI'))`,
    record: `jsonb_build_object('resource', t.resource, 'id', t.record_id, 'field', t.field)`,
  },
  duplicateOffers: pairQueue('offer', {
    own: `t.valid_to >= ${TODAY} and ${SHOWN_OFFER}`,
    partner: OFFER_PAIR,
    count: pairCount(
      'offer',
      'offers',
      `t.valid_to >= ${TODAY} and ${SHOWN_OFFER}`,
      `p.valid_to >= ${TODAY} and ${SHOWN_P} and ${OFFER_ALIKE('p', 't')} and ${SHARE_A_CARD('p', 't')}`,
      `and hp.k_valid_to >= (select ${TODAY}) and ${batchShown('hp.k_batch_a')} and ${batchShown('hp.k_batch_b')}`,
    ),
    title: (a) => `${a}.title`,
    detail: `t.discount || ' · ' || ${day('t.valid_from')} || ' – ' || ${day('t.valid_to')}`,
    facts: dupOfferFactsOf,
  }),
  duplicateOutlets: pairQueue('outlet', {
    own: 'true',
    partner: OUTLET_PAIR,
    count: pairCount('outlet', 'outlets', 'true', OUTLET_ALIKE('p', 't'), ''),
    title: (a) => `${a}.merchant_name || coalesce(' — ' || ${a}.branch, '')`,
    detail: `coalesce(t.address, 'No address')`,
    facts: outletFactsOf,
  }),
};

/**
 * A queue's SQL: its count (`n`); a page of its rows after id $1 (at most $2); and the facts of
 * the rows of ids $1 still in it. A pair queue's page carries both records' facts for its first
 * rows only (the contract's HEALTH_FACTS_AHEAD); `facts` reads the others'.
 */
export function healthQueueSql(id: HealthQueueId): { count: string; page: string; facts: string } {
  const q = QUEUES[id];
  const columns = `t.id, ${q.title} as title, ${q.reason} as reason, ${q.detail} as detail`;
  return {
    count: q.count ?? `select count(*)::int as n from ${q.table} t where ${q.where}`,
    page: q.pair
      ? pairPage(q, q.pair, columns)
      : `select ${columns}, ${q.facts} as facts${q.record ? `, ${q.record} as record` : ''}
         from ${q.rows ?? `${q.table} t`} where (${q.where}) and t.id > $1 order by t.id limit $2`,
    facts: q.pair
      ? `select t.id, ${q.facts} as facts, ${pairOther(q.pair, 'true')} as other
         from ${BY_IDS} join ${q.table} t on t.id = ids.id ${pairJoin(q, q.pair)} where (${q.pair.own})`
      : `select t.id, ${q.facts} as facts from ${BY_IDS} join ${q.table} t on t.id = ids.id where (${q.where})`,
  };
}

/**
 * The ids $1 as rows: a prepared statement's plan for them is planned without the array, and
 * as `t.id = any($1)` such a generic plan took 6 ms for 8 ids where one for the literal ids took
 * 2 (PGlite, 100,000 offers); from `unnest` it is an index lookup per id either way.
 */
const BY_IDS = 'unnest($1::int[]) ids(id)';

/**
 * A pair queue's row `t` with its partner `p`, found once by a lateral join that is also the
 * queue's condition; its reason and facts are read from it. As three subqueries (the
 * condition, the reason, the partner) each row's pair was looked up and checked three times.
 */
const pairJoin = (q: QueueSql, pair: NonNullable<QueueSql['pair']>) =>
  `cross join lateral (select p.id as p_id, hp.similarity from ${pair.from} where ${pair.where} order by p.id limit 1) hp
    join ${q.table} p on p.id = hp.p_id`;
/** The partner `p` as the row's `other`, with its facts when `when` holds. */
const pairOther = (pair: NonNullable<QueueSql['pair']>, when: string) =>
  `jsonb_build_object('id', p.id, 'title', ${pair.title})
    || case when ${when} then jsonb_build_object('facts', ${pair.facts}) else '{}' end`;

/**
 * A pair queue's page: the right-hand records of the kept pairs after $1 in key order, stopping
 * after $2, then both records' facts for the first HEALTH_FACTS_AHEAD of them (`n`). Read for
 * every row, they were two thirds of the page: 36.9 ms at 100,000 offers on PGlite against 7.4
 * without them (bench/health.ts), for a pane that shows one row.
 */
function pairPage(q: QueueSql, pair: NonNullable<QueueSql['pair']>, columns: string): string {
  const ahead = `r.n <= ${HEALTH_FACTS_AHEAD}`;
  return `select r.id, r.title, r.reason, r.detail, case when ${ahead} then ${q.facts} end as facts,
      ${pairOther(pair, ahead)} as other
    from (select page.*, row_number() over (order by page.id) as n from (
      select ${columns}, p.id as p_id from ${q.rows} ${pairJoin(q, pair)}
      where (${pair.own}) and t.id > $1 order by t.id limit $2) page) r
    join ${q.table} t on t.id = r.id join ${q.table} p on p.id = r.p_id
    order by r.id`;
}

/** Every queue's count now, in the contract's order. */
export async function healthCounts(tx: Tx): Promise<{ id: HealthQueueId; count: number }[]> {
  // The contract's order, whatever the order of the definitions here.
  const ids = HEALTH_QUEUE_IDS;
  const r = await tx.query<Record<string, number>>(
    `select ${ids.map((id) => `(${healthQueueSql(id).count}) as "${id}"`).join(', ')}`,
  );
  return ids.map((id) => ({ id, count: r.rows[0][id] }));
}

/**
 * A queue's statements are prepared (planned once per connection on PostgreSQL): their plans
 * take no values but the key and the limit, and at a million offers under load the planning
 * of a count was as long as its run (25 ms of EXPLAIN ANALYZE's planning time).
 */
const PREPARED = { prepare: true };

/** One queue's count now. */
export async function healthCount(tx: Tx, id: HealthQueueId): Promise<number> {
  return (await tx.query<{ n: number }>(healthQueueSql(id).count, [], PREPARED)).rows[0].n;
}

/** A page of a queue's rows after id `after` (at most `limit`), and whether more follow. */
export async function healthPage(
  tx: Tx,
  id: HealthQueueId,
  after: number,
  limit: number,
): Promise<{ rows: HealthRow[]; more: boolean }> {
  const page = await tx.query<HealthRow & { facts: HealthRow['facts'] | null }>(
    healthQueueSql(id).page,
    [after, limit + 1],
    PREPARED,
  );
  const rows = page.rows
    .slice(0, limit)
    .map(({ facts, ...r }) => ({ ...r, reason: r.reason || 'Incomplete', ...(facts && { facts }) }));
  return { rows, more: page.rows.length > limit };
}

/** The facts of the rows of `ids` still in queue `id` (a pair queue's with its partner's). */
export async function healthFacts(tx: Tx, id: HealthQueueId, ids: readonly number[]): Promise<HealthRowFacts[]> {
  if (!ids.length) return [];
  const r = await tx.query<HealthRowFacts>(healthQueueSql(id).facts, [ids], PREPARED);
  return r.rows.sort((a, b) => a.id - b.id).map(({ other, ...f }) => ({ ...f, ...(other && { other }) }));
}

/** A page of a queue's rows after id `after`, and the queue's count. */
export async function healthRows(
  tx: Tx,
  id: HealthQueueId,
  after: number,
  limit: number,
): Promise<{ count: number; rows: HealthRow[]; more: boolean }> {
  const count = await healthCount(tx, id);
  const page = await healthPage(tx, id, after, limit);
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
  card?: number;
  outlet?: number;
  version?: number;
}

/** What an unreachable offer lacks first: a card it can be reached by, else an outlet. */
export async function candidatesOf(
  tx: Tx,
  offerId: number,
  kind?: CandidateKind,
): Promise<{ kind: CandidateKind; version: number; candidates: HealthCandidate[] }> {
  const links = await offerLinks(tx, offerId);
  if (!links)
    throw new HttpError(404, `Offer ${offerId} does not exist.`, { id: [`Offer ${offerId} does not exist.`] });
  const k = kind ?? (links.reachableByCard ? 'outlet' : 'card');
  return { kind: k, version: links.version, candidates: await linkCandidates(tx, offerId, k) };
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
  if (fix?.opens)
    throw badField('fix', `“${fix.title}” is done by hand: open the record (Enter) and change the field there.`);
  if (!fix)
    throw badField(
      'fix',
      def.fixes.length
        ? `“${def.title}” has no fix “${input.fix}”: use one of ${def.fixes.map((f) => f.id).join(', ')}.`
        : `“${def.title}” has no fixes: open its records to complete them.`,
    );
  if (fix.takes === 'source')
    throw badField('fix', `“${fix.title}” writes nothing: it opens the crawl source (health.source).`);
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
    case 'offer.link': {
      if (ids.length !== 1) throw badField('ids', 'Link one offer at a time: name one.');
      const [kind, other] =
        input.card !== undefined && input.outlet === undefined
          ? (['card', input.card] as const)
          : input.outlet !== undefined && input.card === undefined
            ? (['outlet', input.outlet] as const)
            : [null, 0];
      if (!kind) throw badField('card', 'Name the card or the outlet to link (one of them).');
      if (input.version === undefined)
        throw badField('version', "Give the offer's version the candidates were read at.");
      const found = (
        await tx.query<{ title: string; ok: boolean }>(
          kind === 'card'
            ? `select name as title, display and status = 'Not Discontinued' as ok from cards_view where id = $1`
            : `select merchant_name as title, true as ok from outlets_view where id = $1`,
          [other],
        )
      ).rows[0];
      if (!found) throw badField(kind, `${kind === 'card' ? 'Card' : 'Outlet'} ${other} does not exist.`);
      if (!found.ok) throw badField(kind, `“${found.title}” is hidden or discontinued: linking it reaches no one.`);
      const table = kind === 'card' ? 'offer_cards' : 'offer_outlets';
      const col = kind === 'card' ? 'card_id' : 'outlet_id';
      const now = (
        await tx.query<{ id: number }>(`select ${col} as id from ${table} where offer_id = $1 order by 1`, [ids[0]])
      ).rows.map((r) => r.id);
      if (now.includes(other)) throw badField(kind, `“${found.title}” is linked to this offer already.`);
      const field = kind === 'card' ? 'card_ids' : 'outlet_ids';
      // The offer's own update (server/repositories/offers.ts): version checked, its links replaced.
      const kept = await linksKept(tx, {
        resource: 'offer',
        table: 'offers',
        id: ids[0],
        links: [{ table, key: 'offer_id', col }],
        userId,
        write: async () => {
          try {
            await offerRepository.update(tx, ids[0], { [field]: [...now, other], version: input.version });
          } catch (e) {
            if (!(e instanceof StaleVersionError)) throw e;
            const text =
              'This offer was changed by someone else since its candidates were read, so nothing was linked. Look again and retry.';
            throw new HttpError(409, text, { version: [text] });
          }
        },
      });
      undo.push({ resource: 'offer', token: kept.token });
      const title = (await tx.query<{ t: string }>('select title as t from offers where id = $1', [ids[0]])).rows[0].t;
      return { count: 1, undo, message: `Linked ${kind} “${found.title}” to “${title}”.` };
    }
    case 'card.hide':
      count = await write('card', 'cards', ids, { display: false });
      return { count, undo, message: `Hid ${noun}.` };
    case 'category.hide':
      count = await write('category', 'categories', ids, { is_active: false });
      return { count, undo, message: `Deactivated ${noun}.` };
    case 'link.clear': {
      // Each record's field emptied, one undoable write per field of a kind of record.
      const checks = (
        await tx.query<{ resource: string; field: string; ids: number[] }>(
          `select resource, field, array_agg(record_id order by record_id) as ids from media_checks
            where id = any($1::int[]) group by resource, field order by resource, field`,
          [ids],
        )
      ).rows;
      count = 0;
      for (const c of checks) {
        const f = CHECKED_FIELDS.find((x) => x.resource === c.resource && x.field === c.field)!;
        // A banner's link is its type and its URL together (migration 007_homepage.sql's trigger).
        const set = f.table !== 'banks' && f.field === 'url' ? { url: null, link_type: null } : { [f.field]: null };
        count += await write(f.resource, f.table, c.ids, set);
      }
      // The checks stay: they no longer name their records' values, so the queue leaves them out,
      // and an undo that puts a value back puts its row back in the queue at once.
      return { count, undo, message: `Cleared ${count === 1 ? 'one field' : `${count} fields`}.` };
    }
    case 'offer.mergeLeft':
    case 'offer.mergeRight':
    case 'outlet.mergeLeft':
    case 'outlet.mergeRight':
      return mergePairs(tx, id, def.entity as 'offer' | 'outlet', ids, fix.id === 'mergeLeft', userId);
    case 'offer.notDuplicate':
    case 'outlet.notDuplicate': {
      const pairs = await pairsOf(tx, id, ids);
      await tx.query(
        `insert into health_duplicate_verdicts (entity, a_id, b_id) select $1, a, b from unnest($2::int[], $3::int[]) x(a, b)
         on conflict (entity, a_id, b_id) do nothing`,
        [def.entity, pairs.map((p) => p.left), pairs.map((p) => p.right)],
      );
      const verdicts = await tx.query<{ id: number }>(
        `select v.id from health_duplicate_verdicts v join unnest($2::int[], $3::int[]) x(a, b) on v.a_id = x.a and v.b_id = x.b
         where v.entity = $1 order by v.id`,
        [def.entity, pairs.map((p) => p.left), pairs.map((p) => p.right)],
      );
      await write(
        def.entity,
        'health_duplicate_verdicts',
        verdicts.rows.map((v) => v.id),
        { not_duplicate: true },
      );
      const n = pairs.length;
      return {
        count: n,
        undo,
        message: `Marked ${n === 1 ? 'one pair' : `${n} pairs`} of ${def.entity}s as not duplicates: the queue will not show ${n === 1 ? 'it' : 'them'} again.`,
      };
    }
  }
  // A fix listed in the contract with no write here is a bug, not bad input.
  throw new Error(`health fix ${def.entity}.${fix.id} has no write`);
}

interface Pair {
  /** The older record (shown on the left) and the row's (on the right). */
  left: number;
  right: number;
}

/** The pair of each row of a pair queue now: the row and its oldest partner. */
async function pairsOf(tx: Tx, id: HealthQueueId, ids: readonly number[]): Promise<Pair[]> {
  const q = QUEUES[id];
  const r = await tx.query<Pair>(
    `select (select p.id from ${q.pair!.from} where ${q.pair!.where} order by p.id limit 1) as left, t.id as right
     from ${q.table} t where t.id = any($1::int[]) order by t.id`,
    [ids],
  );
  return r.rows;
}

/**
 * Merges each row's pair into one record: the left (older) one kept, or the right. What the
 * deleted one had moves onto the kept one (an offer's cards, outlets, homepage places and
 * engagement events; an outlet's offers), then it is deleted, all undoable as one step: the
 * links added are removed, the record is put back with its own links, and what moved is set back.
 */
async function mergePairs(
  tx: Tx,
  id: HealthQueueId,
  entity: 'offer' | 'outlet',
  ids: readonly number[],
  keepLeft: boolean,
  userId: number | null,
): Promise<{ count: number; undo: HealthUndo[]; message: string }> {
  const pairs = await pairsOf(tx, id, ids);
  const seen = new Set<number>();
  for (const p of pairs) {
    for (const r of [p.left, p.right])
      if (seen.has(r))
        throw badField(
          'ids',
          `${entity === 'offer' ? 'Offer' : 'Outlet'} #${r} is in more than one of the pairs checked: merge them one at a time.`,
        );
    seen.add(p.left).add(p.right);
  }
  const keep = pairs.map((p) => (keepLeft ? p.left : p.right));
  const lose = pairs.map((p) => (keepLeft ? p.right : p.left));
  const k = 'unnest($1::int[], $2::int[]) k(keep, lose)';
  const undo: HealthUndo[] = [];
  const moved: string[] = [];
  const add = async (table: string, select: string, word: string) => {
    const rows = (await tx.query<Record<string, number>>(`${select}`, [keep, lose])).rows;
    if (!rows.length) return;
    const kept = await insertKept(tx, { resource: entity, table, rows, userId });
    undo.push({ resource: entity, token: kept.token });
    if (kept.count) moved.push(`${kept.count} ${word}${kept.count === 1 ? '' : 's'}`);
  };
  const watch: { table: string; ids: number[]; cols: string[] }[] = [];
  const writes: [string, string][] = [];
  const moveRefs = async (table: string, word: string, extra = '') => {
    const r = await tx.query<{ id: number }>(
      `select x.id::int as id from ${table} x join ${k} on x.offer_id = k.lose ${extra} order by x.id`,
      [keep, lose],
    );
    if (!r.rows.length) return;
    watch.push({ table, ids: r.rows.map((x) => x.id), cols: ['offer_id'] });
    writes.push([
      table,
      `update ${table} x set offer_id = k.keep from ${k} where x.id = any($3::bigint[]) and x.offer_id = k.lose`,
    ]);
    moved.push(`${r.rows.length} ${word}${r.rows.length === 1 ? '' : 's'}`);
  };
  if (entity === 'offer') {
    await add(
      'offer_cards',
      `select k.keep as offer_id, oc.card_id from ${k} join offer_cards oc on oc.offer_id = k.lose`,
      'card link',
    );
    await add(
      'offer_outlets',
      `select k.keep as offer_id, oo.outlet_id from ${k} join offer_outlets oo on oo.offer_id = k.lose`,
      'outlet link',
    );
    // An offer is selected once at most: the deleted one's place goes with it (and comes back with its undo) when the kept one has its own.
    await moveRefs(
      'selected_offers',
      'selected-offer place',
      'where not exists (select 1 from selected_offers s2 where s2.offer_id = k.keep)',
    );
    await moveRefs('hero_banners', 'banner');
    await moveRefs('dont_miss_out', '"don\'t miss out" place');
    // The events log has no index but its key (server/db/migrations/012_engagement.sql: an
    // index on the offer made each event's insert half as dear again), so they are looked for
    // only when the daily rollup, indexed by offer, says the deleted offers have any: a scan of
    // 500,000 events was 85 ms of a merge's 150 (bench/health.ts), and most duplicates deleted
    // are new crawled offers nobody has seen yet.
    const seen = await tx.query('select 1 from event_daily d where d.offer_id = any($1::int[]) limit 1', [lose]);
    if (seen.rows.length) await moveRefs('events', 'engagement event');
  } else {
    await add(
      'offer_outlets',
      `select oo.offer_id, k.keep as outlet_id from ${k} join offer_outlets oo on oo.outlet_id = k.lose`,
      'offer link',
    );
  }
  const deleted = await deleteKept(tx, {
    resource: entity,
    table: PAIR_TABLE[entity],
    ids: lose,
    userId,
    files: ['image'],
    along: {
      watch,
      write: async () => {
        for (const [i, [, sql]] of writes.entries()) await tx.query(sql, [keep, lose, watch[i].ids]);
      },
    },
  });
  undo.push({ resource: entity, token: deleted.token });
  const n = pairs.length;
  return {
    count: n,
    undo,
    message: `Merged ${n === 1 ? 'one pair' : `${n} pairs`} of ${entity}s: kept ${keep.map((x) => `#${x}`).join(', ')}, deleted ${lose.map((x) => `#${x}`).join(', ')}${moved.length ? `, moved ${moved.join(', ')}` : ''}.`,
  };
}

/** Records whose pairs an undo finds again itself, rather than leave to the loop. */
const UNDO_PAIRS_MAX = 100;

/**
 * Undoes every write of one fix, last first, in the caller's transaction. A merge's undo puts
 * back a record whose pairs the loop may have dropped since: the pairs of the records it wrote
 * are found again here, so the pair is in the queue at once.
 */
export async function undoFix(tx: Tx, undo: readonly HealthUndo[], userId: number | null): Promise<number> {
  let n = 0;
  for (const u of [...undo].reverse()) n += await undoKept(tx, u.token, u.resource, userId);
  for (const kind of ['offer', 'outlet'] as const) await recomputeMarked(tx, kind, UNDO_PAIRS_MAX, true);
  return n;
}

const SCORE_TABLE: Record<HealthScoreEntity, string> = {
  offer: 'offers',
  card: 'cards',
  category: 'categories',
  outlet: 'outlets',
};
/** The rows a score counts: offers that are shown and not ended (or ended but placed); every card, category and outlet. */
const SCORED: Record<HealthScoreEntity, string> = {
  offer: `${SHOWN_OFFER} and (t.valid_to >= ${TODAY} or ${PLACED})`,
  card: 'true',
  category: 'true',
  outlet: 'true',
};

/** Whether row `t` of the entity's table is in some queue: a queue of its table, or a broken image or link of it. */
function inSomeQueue(entity: HealthScoreEntity): string {
  const table = SCORE_TABLE[entity];
  // A likely duplicate is a pair, not a fault of either row, and finding it per row of the table
  // costs a similarity join per row: 9.7 s of PGlite's one connection on the load test's
  // 20,000 offers (tests/process/load.test.ts). The pair queues' counts stand on their own.
  const own = (Object.keys(QUEUES) as HealthQueueId[])
    .filter((id) => QUEUES[id].table === table && !QUEUES[id].pair)
    .map((id) => `(${QUEUES[id].where})`);
  const media = `t.id in (select m.record_id from media_checks m where m.resource = '${entity}' and ${BROKEN_NOW('m')})`;
  return [...own, media].join(' or ');
}

/**
 * Keeps today's score of every entity (Dubai's day): how many rows it counts and how many of
 * them a queue holds, one row per entity and day, rewritten by each round of the day
 * (server/services/mediaChecks.ts's loop). Rows older than 90 days go.
 */
export async function keepHealthScores(db: Db): Promise<void> {
  // The cards and outlets whose kept live offer is not live today (or that had none) found
  // again, so the empty cards and outlets queues probe only the empty ones; read from the live
  // table's indexes, not from every row (server/db/migrations/044_live_witness_every_row.sql).
  for (const entity of Object.keys(WITNESSED) as (keyof typeof WITNESSED)[])
    await db.transaction((tx) => tx.query(`select ${entity}_live_refresh(${WITNESS_NOT_LIVE(entity)})`));
  // One transaction an entity: on PGlite's one connection, calls get their turn in between.
  for (const entity of HEALTH_SCORE_ENTITIES) {
    await db.transaction((tx) =>
      tx.query(
        `insert into health_scores (entity, day, total, in_queues, at)
       select $1, ${TODAY}, count(*) filter (where (${SCORED[entity]}) or q), count(*) filter (where q), now()
         from (select t.*, (${inSomeQueue(entity)}) as q from ${SCORE_TABLE[entity]} t) t
       on conflict (entity, day) do update set total = excluded.total, in_queues = excluded.in_queues, at = excluded.at`,
        [entity],
      ),
    );
  }
  await db.transaction((tx) => tx.query(`delete from health_scores where day < ${TODAY} - 90`));
}

const score = (total: number, inQueues: number) => (total ? Math.round((1 - inQueues / total) * 1000) / 10 : null);

/** Each entity's latest score and its last 30 days, as the loop kept them. */
export async function healthScores(tx: Tx): Promise<HealthScore[]> {
  const r = await tx.query<{ entity: HealthScoreEntity; day: string; total: number; in_queues: number; at: string }>(
    `select entity, day::text as day, total, in_queues, at from health_scores
      where day > ${TODAY} - 30 order by entity, day`,
  );
  return HEALTH_SCORE_ENTITIES.map((entity) => {
    const days = r.rows.filter((x) => x.entity === entity);
    const last = days.at(-1);
    return {
      entity,
      score: last ? score(last.total, last.in_queues) : null,
      total: last?.total ?? 0,
      in_queues: last?.in_queues ?? 0,
      at: last ? new Date(last.at).toISOString() : null,
      trend: days.map((d) => ({ day: d.day, score: score(d.total, d.in_queues) })),
    };
  });
}
