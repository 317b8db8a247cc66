// Live records ranked against a crawled ref for the triage view: pg_trgm `similarity()` of
// the words a reviewer compares (a card: name and bank; an outlet: merchant, branch and area;
// an offer: its title), best 9, with the fields whose crawled and live values differ. The
// same score, of many refs against one live record, warns before a bulk assign (`scoresAgainst`).
import type { Candidate, RefKind } from '@contract/crawl';
import type { Tx } from '../db/connection';
import type { RefOf } from './crawlRefs';

const LIMIT = 9;

type Row = { id: number; title: string; subtitle: string | null; score: number } & Record<string, unknown>;

/** The live rows' words, as SQL over each kind's view. */
const LIVE_WORDS: Record<RefKind, string> = {
  card: "c.name || ' ' || c.bank_name",
  outlet: "concat_ws(' ', o.merchant_name, o.branch, o.area_name)",
  offer: 'o.title',
};
const LIVE_FROM: Record<RefKind, string> = { card: 'cards_view c', outlet: 'outlets_view o', offer: 'offers_view o' };
/** The similarity of a live row's words to the ref's words in `words` (SQL). */
const similarityTo = (kind: RefKind, words: string) =>
  `similarity(immutable_unaccent(lower(${LIVE_WORDS[kind]})), immutable_unaccent(lower(${words})))`;

/** What the ref's words are, the live rows' columns, and the fields compared (crawled → live column). */
interface Spec<R> {
  words: (ref: R) => string;
  sql: string;
  compare: Record<string, [(ref: R) => unknown, string]>;
}

/** Per kind, typed by its ref: indexed by a kind `K`, it is the `Spec<RefOf[K]>` of that kind's ref, with no cast. */
const SPECS: { [K in RefKind]: Spec<RefOf[K]> } = {
  card: {
    words: (r) => [r.name, r.bank_name].filter(Boolean).join(' '),
    sql: `select c.id, c.name as title, concat_ws(' · ', c.bank_name, c.network_type) as subtitle, c.bank_name, c.network_type, c.annual_fee::float8::text as annual_fee,
            ${similarityTo('card', '$1')} as score
          from ${LIVE_FROM.card}`,
    compare: {
      bank: [(r) => r.bank_name, 'bank_name'],
      network: [(r) => r.network, 'network_type'],
      annual_fee: [(r) => r.annual_fee, 'annual_fee'],
    },
  },
  outlet: {
    words: (r) => [r.merchant_name, r.branch, r.area_name].filter(Boolean).join(' '),
    sql: `select o.id, o.merchant_name as title, concat_ws(' · ', o.branch, o.area_name) as subtitle, o.branch, o.address, o.area_name,
            ${similarityTo('outlet', '$1')} as score
          from ${LIVE_FROM.outlet}`,
    compare: {
      branch: [(r) => r.branch, 'branch'],
      address: [(r) => r.address, 'address'],
      area: [(r) => r.area_name, 'area_name'],
    },
  },
  offer: {
    words: (r) => r.title,
    sql: `select o.id, o.title, concat_ws(' · ', o.discount, o.valid_from::text || ' – ' || o.valid_to::text) as subtitle, o.discount, o.valid_from::text as valid_from, o.valid_to::text as valid_to,
            ${similarityTo('offer', '$1')} as score
          from ${LIVE_FROM.offer}`,
    compare: {
      discount: [(r) => r.discount, 'discount'],
      valid_from: [(r) => r.valid_from, 'valid_from'],
      valid_to: [(r) => r.valid_to, 'valid_to'],
    },
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

export async function candidatesFor<K extends RefKind>(tx: Tx, kind: K, ref: RefOf[K]): Promise<Candidate[]> {
  const spec: Spec<RefOf[K]> = SPECS[kind];
  const rows = (
    await tx.query<Row>(`select * from (${spec.sql}) x where score > 0 order by score desc, id limit ${LIMIT}`, [
      spec.words(ref),
    ])
  ).rows;
  return rows.map((row) => {
    const differs: Candidate['differs'] = {};
    for (const [field, [crawled, column]] of Object.entries(spec.compare)) {
      const mine = crawled(ref);
      // Nothing crawled is no disagreement: the site just did not say.
      if (mine === null || mine === undefined || same(mine, row[column])) continue;
      differs[field] = [String(mine), row[column] === null || row[column] === undefined ? null : String(row[column])];
    }
    return { id: row.id, title: row.title, subtitle: row.subtitle ?? '', score: rounded(row.score), differs };
  });
}

/** A similarity as the calls show it: 0..1, three decimals. */
const rounded = (score: unknown) => Math.min(1, Math.max(0, Math.round(Number(score) * 1000) / 1000));

/**
 * Each ref's score against one live record (the ranking's own similarity), in the order
 * given, with pg_trgm's similarity threshold (`show_limit()`: where its `%` calls two texts
 * alike). Null when the live record does not exist.
 */
export async function scoresAgainst<K extends RefKind>(
  tx: Tx,
  kind: K,
  refs: readonly RefOf[K][],
  liveId: number,
): Promise<{ threshold: number; scores: number[] } | null> {
  const alias = LIVE_FROM[kind].split(' ')[1];
  const spec: Spec<RefOf[K]> = SPECS[kind];
  const rows = (
    await tx.query<{ i: number | null; score: number; threshold: number }>(
      `select w.i, ${similarityTo(kind, 'w.words')} as score, show_limit() as threshold
       from ${LIVE_FROM[kind]} left join unnest($1::text[]) with ordinality as w(words, i) on true
       where ${alias}.id = $2`,
      [refs.map((r) => spec.words(r)), liveId],
    )
  ).rows;
  if (!rows.length) return null;
  const scores = refs.map(() => 0);
  for (const r of rows) if (r.i !== null) scores[Number(r.i) - 1] = rounded(r.score);
  return { threshold: rounded(rows[0].threshold), scores };
}
