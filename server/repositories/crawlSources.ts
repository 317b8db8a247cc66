// Crawl sources with their counts (contract/crawl.ts CrawlSource): refs by kind and state,
// and the live offers this source's onboardings made that still exist.
import type { Tx } from '../db/connection';
import { REF_KINDS, REF_STATES, type CrawlSource } from '@contract/crawl';

const SELECT = `
  select s.id, s.name, s.from_source, s.bank_id, b.name as bank_name, s.last_import_at, s.reviewed_at,
    (select coalesce(json_object_agg(state, n), '{}') from (select state, count(*)::int as n from crawl_cards where source_id = s.id group by state) x) as card_counts,
    (select coalesce(json_object_agg(state, n), '{}') from (select state, count(*)::int as n from crawl_outlets where source_id = s.id group by state) x) as outlet_counts,
    (select coalesce(json_object_agg(state, n), '{}') from (select state, count(*)::int as n from crawl_offers where source_id = s.id group by state) x) as offer_counts,
    (select count(*)::int from crawl_transfers t join offers o on o.batch_id = t.batch_id where t.source_id = s.id and t.rolled_back_at is null) as live_offers
  from crawl_sources s left join banks b on b.id = s.bank_id`;

type Row = Omit<CrawlSource, 'counts' | 'last_import_at' | 'reviewed_at'> & {
  last_import_at: Date | string | null;
  reviewed_at: Date | string | null;
  card_counts: Record<string, number>;
  outlet_counts: Record<string, number>;
  offer_counts: Record<string, number>;
};

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function toSource(r: Row): CrawlSource {
  const all = (found: Record<string, number>) =>
    Object.fromEntries(REF_STATES.map((s) => [s, Number(found?.[s] ?? 0)]));
  const byKind = { card: r.card_counts, outlet: r.outlet_counts, offer: r.offer_counts };
  return {
    id: r.id,
    name: r.name,
    from_source: r.from_source,
    bank_id: r.bank_id,
    bank_name: r.bank_name,
    last_import_at: iso(r.last_import_at),
    reviewed_at: iso(r.reviewed_at),
    counts: Object.fromEntries(REF_KINDS.map((k) => [k, all(byKind[k])])) as CrawlSource['counts'],
    live_offers: r.live_offers,
  };
}

export async function getSource(tx: Tx, id: number): Promise<CrawlSource | null> {
  const row = (await tx.query<Row>(`${SELECT} where s.id = $1`, [id])).rows[0];
  return row ? toSource(row) : null;
}

export async function sourceBySlug(tx: Tx, slug: string): Promise<CrawlSource | null> {
  const row = (await tx.query<Row>(`${SELECT} where s.from_source = $1`, [slug])).rows[0];
  return row ? toSource(row) : null;
}

/** Newest import first. */
export async function listSources(
  tx: Tx,
  page: number,
  perPage: number,
): Promise<{ data: CrawlSource[]; total: number }> {
  const total = Number((await tx.query<{ n: number }>('select count(*)::int as n from crawl_sources')).rows[0].n);
  const rows = (
    await tx.query<Row>(`${SELECT} order by s.last_import_at desc nulls last, s.id desc limit $1 offset $2`, [
      perPage,
      (page - 1) * perPage,
    ])
  ).rows;
  return { data: rows.map(toSource), total };
}

/** Every source, newest import first (they are few: one per bank website). */
export async function allSources(tx: Tx): Promise<CrawlSource[]> {
  return (await tx.query<Row>(`${SELECT} order by s.last_import_at desc nulls last, s.id desc`)).rows.map(toSource);
}
