// The engagement charts (contract/engagement.ts), one query each, read from the rollups of
// migration 012 — never from the events table. Which rollup a chart reads depends on what
// it needs to know:
// - an offer filter, or a card or bank filter where the chart needs the offer: event_daily,
//   through its offer or card index (one offer's or card's rows only);
// - no offer in the chart nor the filter: event_daily_cards (~60 rows a day);
// - offers without any filter (top offers, categories): whole weeks from
//   event_weekly_offers, the days around them from event_daily.
// Banks and categories come from the card and offer as they are now (joined here).
import type {
  BankEngagement,
  CardEngagement,
  CategoryEngagement,
  EngagementDay,
  EventCounts,
  TopOffer,
} from '@contract/engagement';
import type { Tx } from '../db/connection';
import { wholeWeeks } from './engagementWeeks';

export interface EngagementRange {
  /** First and last day, both included, 'YYYY-MM-DD' (Dubai). */
  from: string;
  to: string;
}

export interface EngagementFilters {
  offer_id?: number;
  card_id?: number;
  bank_id?: number;
}

const OFFER_COUNTS = ['offer_viewed', 'offer_opened', 'offer_saved', 'offer_redeemed'] as const;
const COUNTS = [...OFFER_COUNTS, 'card_viewed'] as const;
const sums = (alias = '') => COUNTS.map((c) => `sum(${alias}${c})::int as ${c}`).join(', ');
const total = COUNTS.map((c) => `sum(${c})`).join(' + ');
const offerTotal = OFFER_COUNTS.map((c) => `sum(${c})`).join(' + ');

/** Collects query parameters: `p(3)` → '$1'. */
function params() {
  const values: unknown[] = [];
  return { values, p: (v: unknown, type = '') => (values.push(v), `$${values.length}${type}`) };
}

/** The conditions of the range and the filters on a rollup aliased `r` that has card_id (and offer_id when `offers`). */
function where(
  range: EngagementRange,
  f: EngagementFilters,
  p: (v: unknown, type?: string) => string,
  offers: boolean,
): string {
  const and = [`r.day between ${p(range.from, '::date')} and ${p(range.to, '::date')}`];
  if (f.offer_id !== undefined && offers) and.push(`r.offer_id = ${p(f.offer_id)}`);
  if (f.card_id !== undefined) and.push(`r.card_id = ${p(f.card_id)}`);
  if (f.bank_id !== undefined) and.push(`r.card_id in (select id from cards where bank_id = ${p(f.bank_id)})`);
  return and.join(' and ');
}

const hasFilter = (f: EngagementFilters) =>
  f.offer_id !== undefined || f.card_id !== undefined || f.bank_id !== undefined;
/** The rollup that has every column the filters need, without the offer unless asked. */
const source = (f: EngagementFilters) => (f.offer_id !== undefined ? 'event_daily' : 'event_daily_cards');

/**
 * Offers' rows of the range with no filter, as a subquery `(offer_id, four counts)`: whole
 * weeks from event_weekly_offers, the other days from event_daily.
 */
function offerRows(range: EngagementRange, p: (v: unknown, type?: string) => string): string {
  const cols = `offer_id, ${OFFER_COUNTS.join(', ')}`;
  const weeks = wholeWeeks(range.from, range.to);
  const days = `select ${cols} from event_daily where offer_id is not null and day between ${p(range.from, '::date')} and ${p(range.to, '::date')}`;
  if (!weeks) return days;
  const first = p(weeks.first, '::date');
  const last = p(weeks.last, '::date');
  return `select ${cols} from event_weekly_offers where week between ${first} and ${last}
    union all ${days} and not (day between ${first} and ${last} + 6)`;
}

/** Every day of the range, zeros included. */
export async function dailySeries(tx: Tx, range: EngagementRange, f: EngagementFilters): Promise<EngagementDay[]> {
  const { p, values } = params();
  const sql = `
    select d::date::text as day, ${COUNTS.map((c) => `coalesce(x.${c}, 0) as ${c}`).join(', ')}
      from generate_series(${p(range.from, '::date')}, ${p(range.to, '::date')}, interval '1 day') d
      left join (select r.day, ${sums('r.')} from ${source(f)} r where ${where(range, f, p, true)} group by r.day) x on x.day = d::date
     order by d`;
  return (await tx.query<EngagementDay>(sql, values)).rows;
}

export async function topOffers(
  tx: Tx,
  range: EngagementRange,
  f: EngagementFilters,
  limit: number,
): Promise<TopOffer[]> {
  const { p, values } = params();
  const rows = hasFilter(f)
    ? `select r.offer_id, ${OFFER_COUNTS.join(', ')} from event_daily r where r.offer_id is not null and ${where(range, f, p, true)}`
    : offerRows(range, p);
  const sql = `
    select x.*, 0 as card_viewed, coalesce(o.title, 'Offer #' || x.offer_id || ' (deleted)') as title
      from (select offer_id, ${OFFER_COUNTS.map((c) => `sum(${c})::int as ${c}`).join(', ')}, (${offerTotal})::int as total
              from (${rows}) r group by offer_id order by total desc, offer_id limit ${p(limit, '::int')}) x
      left join offers o on o.id = x.offer_id
     order by x.total desc, x.offer_id`;
  return (await tx.query<TopOffer>(sql, values)).rows;
}

export async function byBank(tx: Tx, range: EngagementRange, f: EngagementFilters): Promise<BankEngagement[]> {
  const { p, values } = params();
  const sql = `
    select b.id as bank_id, b.name, ${sums('r.')}, (${total})::int as total
      from ${source(f)} r join cards c on c.id = r.card_id join banks b on b.id = c.bank_id
     where ${where(range, f, p, true)}
     group by b.id, b.name order by total desc, b.name`;
  return (await tx.query<BankEngagement>(sql, values)).rows;
}

export async function byCard(
  tx: Tx,
  range: EngagementRange,
  f: EngagementFilters,
  limit: number,
): Promise<CardEngagement[]> {
  const { p, values } = params();
  const sql = `
    select x.*, coalesce(c.name, 'Card #' || x.card_id || ' (deleted)') as name, coalesce(b.name, '') as bank_name
      from (select r.card_id, ${sums('r.')}, (${total})::int as total from ${source(f)} r
             where r.card_id is not null and ${where(range, f, p, true)}
             group by r.card_id order by total desc, r.card_id limit ${p(limit, '::int')}) x
      left join cards c on c.id = x.card_id left join banks b on b.id = c.bank_id
     order by x.total desc, x.card_id`;
  return (await tx.query<CardEngagement>(sql, values)).rows;
}

export async function byCategory(tx: Tx, range: EngagementRange, f: EngagementFilters): Promise<CategoryEngagement[]> {
  const { p, values } = params();
  // An offer's events count for the offer's category, a card view for the card's. Offers
  // are summed per offer first, so the join to offers meets each offer once.
  const rows = hasFilter(f)
    ? `select case when r.offer_id is null then c.category_id else o.category_id end as category_id, ${COUNTS.map((k) => `r.${k}`).join(', ')}
         from event_daily r left join offers o on o.id = r.offer_id left join cards c on c.id = r.card_id
        where ${where(range, f, p, true)}`
    : `select o.category_id, x.*, 0 as card_viewed
         from (select offer_id, ${OFFER_COUNTS.map((c) => `sum(${c}) as ${c}`).join(', ')} from (${offerRows(range, p)}) r group by offer_id) x
         left join offers o on o.id = x.offer_id
       union all
       select c.category_id, null, 0, 0, 0, 0, r.card_viewed
         from event_daily_cards r join cards c on c.id = r.card_id
        where r.card_viewed > 0 and ${where(range, f, p, false)}`;
  const sql = `
    select y.category_id, coalesce(cat.name, 'No category') as name, ${COUNTS.map((c) => `y.${c}`).join(', ')}, y.total
      from (select category_id, ${COUNTS.map((c) => `sum(${c})::int as ${c}`).join(', ')}, (${total})::int as total
              from (${rows}) z group by category_id) y
      left join categories cat on cat.id = y.category_id
     order by y.total desc, name`;
  return (await tx.query<CategoryEngagement>(sql, values)).rows;
}

/** Redemptions per day of the range (the dashboard's trend), zeros included. */
export async function redemptionsPerDay(tx: Tx, range: EngagementRange): Promise<{ day: string; n: number }[]> {
  return (await dailySeries(tx, range, {})).map((d) => ({ day: d.day, n: d.offer_redeemed }));
}

/** The names the filters point at; a record deleted since keeps its events and reads "#id (deleted)". */
export async function filterNames(tx: Tx, f: EngagementFilters) {
  const { rows } = await tx.query<{ offer: string | null; card: string | null; bank: string | null }>(
    `select (select title from offers where id = $1) as offer,
            (select c.name || ' · ' || b.name from cards c join banks b on b.id = c.bank_id where c.id = $2) as card,
            (select name from banks where id = $3) as bank`,
    [f.offer_id ?? null, f.card_id ?? null, f.bank_id ?? null],
  );
  const named = (id: number | undefined, name: string | null, noun: string) =>
    id === undefined ? null : { id, name: name ?? `${noun} #${id} (deleted)` };
  return {
    offer: named(f.offer_id, rows[0].offer, 'Offer'),
    card: named(f.card_id, rows[0].card, 'Card'),
    bank: named(f.bank_id, rows[0].bank, 'Bank'),
  };
}

/** The sum of a series (the totals beside the daily chart). */
export const sumDays = (days: readonly EventCounts[]): EventCounts =>
  Object.fromEntries(COUNTS.map((c) => [c, days.reduce((s, d) => s + d[c], 0)])) as EventCounts;
