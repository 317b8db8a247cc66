// Crawled offers of every source (contract/crawlOverviews.ts CrawlOfferRow), for the crawled offer data
// screen: searched like a source's list (words of search_text), each with its source's name and
// what its card and outlet names resolved to: the crawled refs, and the live records they stand for.
import type { CrawlOfferRow } from '@contract/crawlOverviews';
import type { Pagination } from '@contract/envelope';
import type { Tx } from '../db/connection';
import { selectRefs, toRef } from './crawlRefs';
import { escapeLike, paginate, searchTerms } from './crud';

interface OfferRowParams {
  sourceId?: number;
  page: number;
  perPage: number;
  query?: string;
  state?: string;
}

const RESOLVED = `
  coalesce((select json_agg(json_build_object('ref_id', c.id, 'name', c.name, 'state', c.state, 'card_id', c.card_id, 'card_name', lc.name) order by c.id)
    from crawl_cards c left join cards lc on lc.id = c.card_id where c.id = any(q.card_ref_ids)), '[]'::json) as cards,
  coalesce((select json_agg(json_build_object('ref_id', o.id, 'name', o.merchant_name || coalesce(' — ' || o.branch, ''), 'state', o.state, 'outlet_ids', o.outlet_ids) order by o.id)
    from crawl_outlets o where o.id = any(q.outlet_ref_ids)), '[]'::json) as outlets`;

/** Newest first (the last imported on top); `now` is the server's clock, for claims. */
export async function listOfferRows(
  tx: Tx,
  p: OfferRowParams,
  now: number,
): Promise<{ data: CrawlOfferRow[]; pagination: Pagination }> {
  const values: unknown[] = [];
  const param = (v: unknown) => `$${values.push(v)}`;
  const where: string[] = [];
  if (p.sourceId !== undefined) where.push(`r.source_id = ${param(p.sourceId)}`);
  if (p.state) where.push(`r.state = ${param(p.state)}`);
  for (const term of searchTerms(p.query))
    where.push(`r.search_text like immutable_unaccent(${param(`%${escapeLike(term)}%`)})`);
  const whereSql = where.length ? `where ${where.join(' and ')}` : '';
  const total = Number(
    (await tx.query<{ n: number }>(`select count(*)::int as n from crawl_offers r ${whereSql}`, values)).rows[0].n,
  );
  const page = `${selectRefs('offer')} ${whereSql} order by r.id desc limit ${param(p.perPage)} offset ${param((p.page - 1) * p.perPage)}`;
  const rows = (
    await tx.query(
      `select q.*, s.name as source_name, ${RESOLVED} from (${page}) q join crawl_sources s on s.id = q.source_id order by q.id desc`,
      values,
    )
  ).rows;
  return {
    data: rows.map((r) => toRef<'offer'>(r, now) as CrawlOfferRow),
    pagination: paginate(total, p.page, p.perPage, rows.length),
  };
}
