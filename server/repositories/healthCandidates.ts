// The live cards or outlets an unreachable offer could be linked to (contract/health.ts
// `health.candidates`), ranked as crawl triage ranks a crawled record's candidates
// (./crawlCandidates.ts: pg_trgm `similarity()` of the words a reviewer compares), with what a
// reviewer looks at first put first: for a card, the same bank (the crawl source's bank, or
// the bank of the offer's hidden or discontinued cards), then the similarity of its name and
// bank to the card names the crawled offer gave; for an outlet, the same merchant name (its
// similarity to the outlet names the crawled offer gave, else to the offer's title, which
// names the merchant: "20% off at Zuma"), then the same area as the crawled outlets. Only
// what would make the offer reachable is offered: cards shown and not discontinued, and none
// it is linked to already; and only what is alike (pg_trgm's threshold) or of the same bank.
import { HEALTH_CANDIDATES_MAX, type HealthCandidate } from '@contract/health';
import type { Tx } from '../db/connection';

export type CandidateKind = 'card' | 'outlet';

/** The crawled offer that last named this offer, its source's bank, and the crawled outlets' areas. */
const REF = `ref as (
  select co.card_names, co.outlet_names, co.outlet_ref_ids, cs.bank_id
  from crawl_offers co join crawl_sources cs on cs.id = co.source_id
  where co.offer_id = $1 order by co.updated_at desc, co.id desc limit 1)`;

/** pg_trgm's default threshold (`show_limit()`), where crawl triage calls two names alike (docs/crawl.md). */
const ALIKE = 0.3;

const norm = (sql: string) => `immutable_unaccent(lower(${sql}))`;

const SQL: Record<CandidateKind, string> = {
  card: `with ${REF},
    banks as (
      select bank_id from ref where bank_id is not null
      union select cs.bank_id from crawl_sources cs join offers t on t.from_source = cs.from_source
        where t.id = $1 and cs.bank_id is not null
      union select c.bank_id from offer_cards oc join cards c on c.id = oc.card_id where oc.offer_id = $1),
    words as (select coalesce(nullif(array_to_string((select card_names from ref), ' '), ''), (select title from offers where id = $1)) as w),
    scored as (
      select c.id, c.name as title, concat_ws(' · ', c.bank_name, c.network_type) as subtitle,
        c.bank_id in (select bank_id from banks) as same_bank,
        similarity(${norm("c.name || ' ' || c.bank_name")}, ${norm('words.w')}) as score
      from cards_view c cross join words
      where c.display and c.status = 'Not Discontinued'
        and not exists (select 1 from offer_cards oc where oc.offer_id = $1 and oc.card_id = c.id))
    select id, title, subtitle, score,
      array_remove(array[case when same_bank then 'Same bank' end, case when score >= ${ALIKE} then 'Similar name' end], null) as why
    from scored where same_bank or score >= ${ALIKE}
    order by same_bank desc, score desc, id limit ${HEALTH_CANDIDATES_MAX}`,
  outlet: `with ${REF},
    areas as (
      select distinct ${norm('cr.area_name')} as area from crawl_outlets cr
      join ref on cr.id = any(ref.outlet_ref_ids) where cr.area_name is not null),
    words as (select coalesce(nullif(array_to_string((select outlet_names from ref), ' '), ''), (select title from offers where id = $1)) as w),
    scored as (
      select o.id, o.merchant_name as title, concat_ws(' · ', o.branch, o.area_name) as subtitle,
        word_similarity(${norm('o.merchant_name')}, ${norm('words.w')}) as score,
        coalesce(${norm('o.area_name')} in (select area from areas), false) as same_area
      from outlets_view o cross join words
      where not exists (select 1 from offer_outlets oo where oo.offer_id = $1 and oo.outlet_id = o.id))
    select id, title, subtitle, score,
      array_remove(array[case when score >= 0.6 then 'Same merchant' end, case when same_area then 'Same area' end], null) as why
    from scored where score >= ${ALIKE}
    order by round(score::numeric, 1) desc, same_area desc, score desc, id limit ${HEALTH_CANDIDATES_MAX}`,
};

/** The offer's version and link state, or null when it does not exist. */
export async function offerLinks(
  tx: Tx,
  id: number,
): Promise<{ version: number; reachableByCard: boolean; outlets: number } | null> {
  const r = await tx.query<{ version: number; reachable: boolean; outlets: number }>(
    `select t.version,
       exists (select 1 from offer_cards oc join cards c on c.id = oc.card_id
               where oc.offer_id = t.id and c.display and c.status = 'Not Discontinued') as reachable,
       (select count(*)::int from offer_outlets oo where oo.offer_id = t.id) as outlets
     from offers t where t.id = $1`,
    [id],
  );
  const row = r.rows[0];
  return row ? { version: row.version, reachableByCard: row.reachable, outlets: row.outlets } : null;
}

export async function linkCandidates(tx: Tx, offerId: number, kind: CandidateKind): Promise<HealthCandidate[]> {
  const rows = (
    await tx.query<{ id: number; title: string; subtitle: string; score: number; why: string[] }>(SQL[kind], [offerId])
  ).rows;
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    subtitle: r.subtitle ?? '',
    why: r.why,
    score: Math.min(1, Math.max(0, Math.round(Number(r.score) * 1000) / 1000)),
  }));
}

/**
 * The crawl source whose most recent crawled record named the row: a crawled card assigned to
 * the card (or made as it), a crawled outlet standing for the outlet, a crawled offer onboarded
 * as the offer or as one of the category's offers.
 */
export async function crawlSourceOf(
  tx: Tx,
  entity: 'card' | 'outlet' | 'category' | 'offer',
  id: number,
): Promise<{ id: number; name: string; kind: 'cards' | 'outlets' | 'offers' } | null> {
  const latest: Record<typeof entity, string> = {
    card: `select source_id, 'cards' as kind from crawl_cards where card_id = $1 order by updated_at desc, id desc limit 1`,
    outlet: `select source_id, 'outlets' as kind from crawl_outlets where $1 = any(outlet_ids) order by updated_at desc, id desc limit 1`,
    category: `select co.source_id, 'offers' as kind from crawl_offers co join offers o on o.id = co.offer_id
      where o.category_id = $1 order by co.updated_at desc, co.id desc limit 1`,
    offer: `select source_id, 'offers' as kind from crawl_offers where offer_id = $1 order by updated_at desc, id desc limit 1`,
  };
  const r = await tx.query<{ id: number; name: string; kind: 'cards' | 'outlets' | 'offers' }>(
    `select s.id, s.name, l.kind from (${latest[entity]}) l join crawl_sources s on s.id = l.source_id`,
    [id],
  );
  return r.rows[0] ?? null;
}
