// The "Likely duplicates" pairs kept in health_pairs (server/db/migrations/036_health_pairs.sql):
// the pair conditions, shared by the loop that finds pairs (server/services/healthPairs.ts) and
// the queues that read them (server/services/health.ts), and the recompute of marked records.
import type { Tx } from '../db/connection';

export type PairKind = 'offer' | 'outlet';
/** The table of each kind's records. */
export const PAIR_TABLE = { offer: 'offers', outlet: 'outlets' } as const satisfies Record<PairKind, string>;

/** The duplicates' similarity setting (contract/settings.ts), read once per statement. */
export const SIMILARITY = '(select st.health_duplicate_similarity from settings st where st.id = 1)';

export const OFFER_TITLE = (a: string) => `lower(${a}.title)`;
export const OUTLET_NAME = (a: string) => `lower(${a}.merchant_name || coalesce(' ' || ${a}.branch, ''))`;
/** The figures of a title, in order: "AED 25 off when you spend AED 100" → " 25 100". */
const figures = (a: string) => `regexp_replace(${a}.title, '[^0-9]+', ' ', 'g')`;

/**
 * Offers `p` and `t` are alike: same merchant (an outlet name in common), near-identical title
 * with the same figures (spend AED 100 and spend AED 150 are two offers), same discount, dates
 * overlapping. A card in common is what the loop looks by (with the merchant) and the read checks.
 * Whether they are live and shown is the read's: it changes with the day and a batch's state.
 */
export const OFFER_ALIKE = (p: string, t: string) => `similarity(${OFFER_TITLE(p)}, ${OFFER_TITLE(t)}) >= ${SIMILARITY}
  and ${figures(p)} = ${figures(t)} and ${p}.discount = ${t}.discount
  and ${p}.valid_from <= ${t}.valid_to and ${t}.valid_from <= ${p}.valid_to
  and exists (select 1 from offer_outlets x join outlets xo on xo.id = x.outlet_id join outlets yo on lower(yo.merchant_name) = lower(xo.merchant_name)
    join offer_outlets y on y.outlet_id = yo.id where x.offer_id = ${p}.id and y.offer_id = ${t}.id)`;
export const SHARE_A_CARD = (p: string, t: string) =>
  `exists (select 1 from offer_cards x join offer_cards y on y.card_id = x.card_id where x.offer_id = ${p}.id and y.offer_id = ${t}.id)`;
/** Outlets `p` and `t` are alike: the same area, a near-identical name (merchant and branch). */
export const OUTLET_ALIKE = (p: string, t: string) =>
  `${p}.area_id = ${t}.area_id and similarity(${OUTLET_NAME(p)}, ${OUTLET_NAME(t)}) >= ${SIMILARITY}`;

/**
 * The pairs (x, y, s) of names alike among the outlets `p` of the marked outlets' areas, x a name
 * of the marked `m` (both CTEs of FOUND.outlet): similarity at least the setting, x = y
 * included. Outlets are compared by name, not one by one: a chain's branches share a name,
 * and an area of 4,855 outlets has 350 (bench/health.ts at a million offers), so comparing
 * every two outlets of an area was 62 M similarities and never ended; this is 6 s for all.
 * Names are paired within their area only (outlets of two areas are never alike). With names
 * that are all different, as a crawled catalogue's are (bench/health.ts gives 47 outlets in 50
 * a unit number), the first round is slower: 97,544 names, 3.4 M trigrams to rank and 11 M
 * candidate pairs: 320 s for all on PostgreSQL at a million offers (docs/benchmarks.md, run 3).
 *
 * Prefix filtering (exact, not a guess): with every name's trigrams (`show_trgm`, the very sets
 * `similarity` compares) in one order, rarest first, two names whose similarity is at least t
 * share a trigram among the first `len - ceil(t * len) + 1` of each: they have at least
 * ceil(t * len) trigrams in common, more than the rest of either set holds. t is taken 0.001
 * lower, so a similarity rounded up to the setting (`similarity` is a float4) is still found;
 * the setting itself is then checked on every candidate, once a pair (a candidate pair shares
 * up to six prefix trigrams; checked in the join, it was 29.7 M similarities for 11 M pairs).
 * Lengths too: the similarity is at most the shorter set's size over the longer's, so a name
 * less than t times as long as the other is no candidate. tests/api/healthPairs.test.ts holds
 * the pairs found equal to OUTLET_ALIKE over every two outlets, at the default and lowest
 * settings.
 */
const NAMES_ALIKE = `tok as materialized (
      select d.area_id, d.name, g.tg, cardinality(t.t) as len
        from (select distinct area_id, name from p) d cross join lateral (select show_trgm(d.name) as t) t cross join unnest(t.t) g(tg)),
    ranked as (
      select tok.area_id, tok.name, tok.tg, tok.len, row_number() over (partition by tok.area_id, tok.name order by f.n, tok.tg) as r
        from tok join (select tg, count(*) as n from tok group by tg) f using (tg)),
    prefix as materialized (select area_id, name, tg, len from ranked where r <= len - ceil((${SIMILARITY} - 0.001) * len) + 1),
    candidate as materialized (
      select distinct a.area_id, a.name as x, b.name as y from prefix a join prefix b on b.area_id = a.area_id and b.tg = a.tg
         and b.len >= floor((${SIMILARITY} - 0.001) * a.len) and a.len >= floor((${SIMILARITY} - 0.001) * b.len)
       where (a.area_id, a.name) in (select area_id, name from m)),
    alike as materialized (
      select area_id, x, y, similarity(x, y) as s from candidate where similarity(x, y) >= ${SIMILARITY})`;

/**
 * The pairs of the records `$1` as they are now, either side, as (a, b, s). Offers: a pair has a
 * merchant and a card in common, so its candidates are the offers with one of the record's
 * (merchant, card) keys, a handful each, never every offer sharing a card (hundreds to thousands
 * a card at scale: a full round never ended at a million offers). A few records go through the
 * indexes (outlets_merchant_idx, offer_outlets' and offer_cards'); a big piece of a full round is
 * one hash join of every offer's keys with the piece's, the planner's choice by the array's size.
 * The definition (OFFER_ALIKE, SHARE_A_CARD) is then checked on each candidate as it is read.
 * Outlets: by name, not by outlet (NAMES_ALIKE below), then each name's outlets of the area.
 */
const FOUND: Record<PairKind, string> = {
  offer: `with mk as materialized (
      select distinct m.id, lower(o.merchant_name) as merchant, mc.card_id
        from offers m join offer_outlets mo on mo.offer_id = m.id join outlets o on o.id = mo.outlet_id
        join offer_cards mc on mc.offer_id = m.id
       where m.id = any($1::int[])),
    candidate as (
      select distinct mk.id as m_id, po.offer_id as p_id
        from offer_outlets po join outlets o on o.id = po.outlet_id join offer_cards pc on pc.offer_id = po.offer_id
        join mk on mk.merchant = lower(o.merchant_name) and mk.card_id = pc.card_id
       where po.offer_id <> mk.id)
    select least(m.id, p.id) as a, greatest(m.id, p.id) as b, similarity(${OFFER_TITLE('p')}, ${OFFER_TITLE('m')}) as s,
           least(m.valid_to, p.valid_to) as k_valid_to,
           case when m.id < p.id then m.batch_id else p.batch_id end as k_batch_a,
           case when m.id < p.id then p.batch_id else m.batch_id end as k_batch_b
      from candidate c join offers m on m.id = c.m_id join offers p on p.id = c.p_id
     where ${OFFER_ALIKE('p', 'm')} and ${SHARE_A_CARD('p', 'm')}`,
  outlet: `with m as materialized (
      select o.id, o.area_id, ${OUTLET_NAME('o')} as name from outlets o where o.id = any($1::int[]) and o.area_id is not null),
    p as materialized (
      select o.id, o.area_id, ${OUTLET_NAME('o')} as name from outlets o where o.area_id in (select area_id from m)),
    ${NAMES_ALIKE},
    mx as materialized (select m.id, m.area_id, alike.y, alike.s from alike join m on m.area_id = alike.area_id and m.name = alike.x)
    select least(mx.id, q.id) as a, greatest(mx.id, q.id) as b, mx.s,
           null::date as k_valid_to, null::int as k_batch_a, null::int as k_batch_b
      from mx join p q on q.area_id = mx.area_id and q.name = mx.y and q.id <> mx.id`,
};

/**
 * Makes the pairs of records `ids` what their rows say now: those no longer alike (or of a
 * record gone) deleted, new ones added; a pair unchanged keeps its row and `found_at`.
 */
export async function recomputePairs(tx: Tx, kind: PairKind, ids: readonly number[]): Promise<number> {
  if (!ids.length) return 0;
  const r = await tx.query<{ found: number }>(
    `with found as (select distinct on (a, b) * from (${FOUND[kind]}) f order by a, b),
     gone as (
       delete from health_pairs hp where hp.kind = $2 and (hp.a_id = any($1::int[]) or hp.b_id = any($1::int[]))
         and not exists (select 1 from found f where f.a = hp.a_id and f.b = hp.b_id)),
     kept as (
       insert into health_pairs (kind, a_id, b_id, similarity, k_valid_to, k_batch_a, k_batch_b)
       select $2, a, b, s, k_valid_to, k_batch_a, k_batch_b from found
       on conflict (kind, b_id, a_id) do update
         set similarity = excluded.similarity, k_valid_to = excluded.k_valid_to, k_batch_a = excluded.k_batch_a, k_batch_b = excluded.k_batch_b
         where (health_pairs.similarity, health_pairs.k_valid_to, health_pairs.k_batch_a, health_pairs.k_batch_b)
               is distinct from (excluded.similarity, excluded.k_valid_to, excluded.k_batch_a, excluded.k_batch_b))
     select count(*)::int as found from found`,
    [ids, kind],
  );
  return r.rows[0].found;
}

/** How many records of `kind` are marked, counted up to `upTo`; the mark of all counts as `upTo`. */
export async function countMarked(tx: Tx, kind: PairKind, upTo: number): Promise<number> {
  const r = await tx.query<{ n: number; every: boolean }>(
    `select count(*)::int as n, coalesce(bool_or(id = 0), false) as every
       from (select id from health_pairs_dirty where kind = $1 order by id limit $2) d`,
    [kind, upTo],
  );
  return r.rows[0].every ? upTo : r.rows[0].n;
}

/**
 * Every record of `kind` marked, and every one a kept pair names (a mark of id 0 asks for this):
 * not as written (migration 043_health_pairs_trusted.sql), so the queues keep reading their
 * kept pairs as they are while the round goes.
 */
export async function markAll(tx: Tx, kind: PairKind): Promise<void> {
  await tx.query(
    `select health_pairs_mark_all($1, array(select id from ${PAIR_TABLE[kind]}
       union select a_id from health_pairs where kind = $1 union select b_id from health_pairs where kind = $1))`,
    [kind],
  );
  // The queues hash the marks made by writes (../services/health.ts `AS_FOUND`) only while the
  // planner expects few: planned on the statistics of the table before this mark, a count took
  // the unhashed plan and ran for half an hour at a million offers.
  await tx.exec('analyze health_pairs_dirty');
}

/**
 * Takes up to `limit` marked records of `kind` (`own`: those this transaction marked, never the
 * mark of all) and recomputes their pairs; answers how many records, and the pairs they have.
 * Skips marks another process holds. The marks taken are one materialized set, locked once
 * whatever the plan: inside `(kind, id) in (…)` the locking subquery may be the inner side of a
 * nested loop and run again for every mark. (Eight claims written that way were seen running
 * for minutes on a crash test's database, PostgreSQL, after an import marked 10,200 offers; the
 * plan they ran was not caught.)
 */
export async function recomputeMarked(
  tx: Tx,
  kind: PairKind,
  limit: number,
  own = false,
): Promise<{ records: number; pairs: number }> {
  const taken = (
    await tx.query<{ id: number }>(
      `with taken as materialized (
         select kind, id from health_pairs_dirty where kind = $1 ${own ? 'and tx = txid_current() and id <> 0' : ''}
         order by id limit $2 for update skip locked)
       delete from health_pairs_dirty d using taken where d.kind = taken.kind and d.id = taken.id
       returning d.id`,
      [kind, limit],
    )
  ).rows.map((r) => r.id);
  if (taken.includes(0)) {
    await markAll(tx, kind);
    return recomputeMarked(tx, kind, limit, own);
  }
  return { records: taken.length, pairs: await recomputePairs(tx, kind, taken) };
}
