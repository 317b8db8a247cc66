// 90 days of app events for the engagement charts (migration 012), generated inside the
// database in one INSERT … SELECT over generate_series: 500,000 rows cost seconds, not the
// minutes a row-by-row JSON insert would. Every "random" choice hashes the event's number
// (hashint8extended), so a seed is the same for the same catalogue and day.
//
// What it looks like: about 5,500 events a day with a weekly rhythm (Thursday to Saturday
// busiest, Monday and Tuesday quietest) and slow growth towards today; today only up to now.
// Of every 100 events 62 are offer views, 19 opens, 7 saves, 2 redemptions and 10 card
// views. Offers are chosen with a steep power law (the rank is n·u³ for a uniform u), so a
// few offers draw most of the attention and most have a handful of events, the ones valid
// during the 90 days first; redemptions and saves are a little less concentrated. An
// offer's event carries one of its cards; a card view a card chosen by n·u².
import type { Tx } from '../connection';

/** The demo's volume (`npm start`, `npm run seed:large`); SEED_EVENTS lowers it (server/config.ts). */
export const DEMO_EVENTS = 500_000;
const SEED_DAYS = 90;

/** A uniform float in [0, 1) from `bits` bits of the event's hash, starting at bit `shift`. */
const u = (shift: number, bits = 20) => `((h >> ${shift}) & ${2 ** bits - 1}) / ${2 ** bits}.0::float8`;

const SQL = `
with
today as (
  select engagement_day(now()) as day,
         extract(epoch from (now() at time zone 'Asia/Dubai')::time)::float8 / 86400 as elapsed
),
-- Each day's weight: the day of the week, a growth of 30% over the 90 days, ±7% noise; today
-- only the part of it that has passed.
days as (
  select t.day - d as day, d, case when d = 0 then t.elapsed else 1.0::float8 end as part,
         (array[0.92, 0.9, 0.95, 1.08, 1.22, 1.25, 1.0]::float8[])[extract(isodow from t.day - d)::int]
           * (1.15 - 0.3 * d / ${SEED_DAYS - 1}.0::float8)
           * (0.93 + 0.14 * (hashint4(d + 17) & 1023) / 1023.0::float8) as w
    from today t, generate_series(0, ${SEED_DAYS - 1}) d
),
counts as (
  select day, d, part, ceil($1::int * w * part / sum(w * part) over ())::int as n from days
),
-- Offers in order of popularity: those valid at some point of the 90 days first.
offer_pick as materialized (
  select (row_number() over (order by (o.valid_to >= t.day - ${SEED_DAYS - 1} and o.valid_from <= t.day) desc, hashint4(o.id * 7919)))::int - 1 as i,
         o.id, l.card1, l.card2
    from offers o cross join today t
    left join lateral (select min(card_id) as card1, max(card_id) as card2 from offer_cards oc where oc.offer_id = o.id) l on true
),
card_pick as materialized (select (row_number() over (order by hashint4(id * 104729)))::int - 1 as i, id from cards),
user_pick as materialized (select (row_number() over (order by id))::int - 1 as i, id from users where role = 'user'),
sizes as (select (select count(*) from offer_pick)::int as offers, (select count(*) from card_pick)::int as cards, (select count(*) from user_pick)::int as users),
-- One 64-bit hash per event: user from bits 0–19, subject 20–39, type 40–49, time of day
-- 50–61 (21 s steps), which of the offer's two cards bit 62.
hashed as (
  select (c.day::timestamp at time zone 'Asia/Dubai') as start, c.part, x.h, ((x.h >> 40) & 1023) as t
    from counts c cross join lateral (select hashint8extended(c.d * 10000000 + i, 7) as h from generate_series(1, c.n) i) x
  offset 0
),
typed as (
  select start + 86400 * part * (0.25 + 0.75 * power(${u(50, 12)}, 0.7::float8)) * interval '1 second' as at,
         case when t < 102 then 'card_viewed' when t < 737 then 'offer_viewed' when t < 932 then 'offer_opened'
              when t < 1004 then 'offer_saved' else 'offer_redeemed' end as type,
         case when t >= 1004 then 2.2::float8 when t >= 932 then 2.6::float8 else 3::float8 end as skew,
         ${u(20)} as r_subject, ${u(0)} as r_user, h
    from hashed
  offset 0
),
picked as (
  select e.at, e.type, e.type = 'card_viewed' as card_view, (e.h >> 62) & 1 as second_card,
         floor(s.offers * power(e.r_subject, e.skew))::int as oi,
         floor(s.cards * e.r_subject * e.r_subject)::int as ci,
         floor(s.users * e.r_user)::int as ui
    from typed e, sizes s
)
insert into events (at, type, user_id, offer_id, card_id)
select p.at, p.type, up.id,
       case when p.card_view then null else op.id end,
       case when p.card_view then cp.id when p.second_card = 1 then op.card2 else op.card1 end
  from picked p
  left join user_pick up on up.i = p.ui
  left join offer_pick op on op.i = p.oi
  left join card_pick cp on cp.i = p.ci
 where p.card_view and cp.id is not null or not p.card_view and op.id is not null`;

/** Writes `count` events over the last 90 days (a few more: each day's share is rounded up; none without offers and cards). */
export async function seedEngagement(tx: Tx, count: number): Promise<void> {
  if (count > 0) await tx.query(SQL, [count]);
}
