// Live records ranked against a crawled ref for the triage view: pg_trgm `similarity()` of
// the words a reviewer compares (a card: name and bank; an outlet: merchant, branch and area;
// an offer: its title), best 9, with the fields whose crawled and live values differ.
import type { Candidate, CardRef, OfferRef, OutletRef, RefKind } from '../../contract/crawl';
import type { Tx } from '../db/connection';
import type { AnyRef } from './crawlRefs';

const LIMIT = 9;

type Row = { id: number; title: string; subtitle: string | null; score: number } & Record<string, unknown>;

/** Per kind: what the ref's words are, the live rows' words and columns, and the fields compared (crawled → live column). */
const SPECS: Record<RefKind, { words: (ref: AnyRef) => string; sql: string; compare: Record<string, [(ref: AnyRef) => unknown, string]> }> = {
  card: {
    words: (r) => [(r as CardRef).name, (r as CardRef).bank_name].filter(Boolean).join(' '),
    sql: `select c.id, c.name as title, concat_ws(' · ', c.bank_name, c.network_type) as subtitle, c.bank_name, c.network_type, c.annual_fee::float8::text as annual_fee,
            similarity(immutable_unaccent(lower(c.name || ' ' || c.bank_name)), immutable_unaccent(lower($1))) as score
          from cards_view c`,
    compare: { bank: [(r) => (r as CardRef).bank_name, 'bank_name'], network: [(r) => (r as CardRef).network, 'network_type'], annual_fee: [(r) => (r as CardRef).annual_fee, 'annual_fee'] },
  },
  outlet: {
    words: (r) => [(r as OutletRef).merchant_name, (r as OutletRef).branch, (r as OutletRef).area_name].filter(Boolean).join(' '),
    sql: `select o.id, o.merchant_name as title, concat_ws(' · ', o.branch, o.area_name) as subtitle, o.branch, o.address, o.area_name,
            similarity(immutable_unaccent(lower(concat_ws(' ', o.merchant_name, o.branch, o.area_name))), immutable_unaccent(lower($1))) as score
          from outlets_view o`,
    compare: { branch: [(r) => (r as OutletRef).branch, 'branch'], address: [(r) => (r as OutletRef).address, 'address'], area: [(r) => (r as OutletRef).area_name, 'area_name'] },
  },
  offer: {
    words: (r) => (r as OfferRef).title,
    sql: `select o.id, o.title, concat_ws(' · ', o.discount, o.valid_from::text || ' – ' || o.valid_to::text) as subtitle, o.discount, o.valid_from::text as valid_from, o.valid_to::text as valid_to,
            similarity(immutable_unaccent(lower(o.title)), immutable_unaccent(lower($1))) as score
          from offers_view o`,
    compare: { discount: [(r) => (r as OfferRef).discount, 'discount'], valid_from: [(r) => (r as OfferRef).valid_from, 'valid_from'], valid_to: [(r) => (r as OfferRef).valid_to, 'valid_to'] },
  },
};

/** Equal as a reviewer compares them: amounts as numbers (500 = '500.00'), text without case or extra spaces. */
function same(a: unknown, b: unknown): boolean {
  if (b === null || b === undefined) return false;
  const [x, y] = [String(a).trim(), String(b).trim()];
  if (x !== '' && y !== '' && Number.isFinite(Number(x)) && Number.isFinite(Number(y))) return Number(x) === Number(y);
  const norm = (s: string) => s.replace(/\s+/g, ' ').toLowerCase();
  return norm(x) === norm(y);
}

export async function candidatesFor(tx: Tx, kind: RefKind, ref: AnyRef): Promise<Candidate[]> {
  const spec = SPECS[kind];
  const rows = (await tx.query<Row>(`select * from (${spec.sql}) x where score > 0 order by score desc, id limit ${LIMIT}`, [spec.words(ref)])).rows;
  return rows.map((row) => {
    const differs: Candidate['differs'] = {};
    for (const [field, [crawled, column]] of Object.entries(spec.compare)) {
      const mine = crawled(ref);
      // Nothing crawled is no disagreement: the site just did not say.
      if (mine === null || mine === undefined || same(mine, row[column])) continue;
      differs[field] = [String(mine), row[column] === null || row[column] === undefined ? null : String(row[column])];
    }
    return { id: row.id, title: row.title, subtitle: row.subtitle ?? '', score: Math.min(1, Math.max(0, Math.round(Number(row.score) * 1000) / 1000)), differs };
  });
}
