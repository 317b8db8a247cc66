// Crawled bank data (contract/crawlOverviews.ts CrawlBank): the crawl sources grouped by the bank they
// crawl, each with its refs by kind and state and how many of them the site no longer shows.
import { REF_KINDS, REF_STATES, type RefKind } from '@contract/crawl';
import { type CrawlBank, type CrawlBankSource } from '@contract/crawlOverviews';
import type { Tx } from '../db/connection';
import { REF_TABLES } from './crawlRefs';
import { allSources } from './crawlSources';

type Counts = CrawlBankSource['counts'];

/** Per source, kind and state: the refs there are, and how many of them vanished. */
const VANISHED = REF_KINDS.map(
  (k) =>
    `select source_id, '${k}' as kind, count(*)::int as n from ${REF_TABLES[k]} where vanished_at is not null group by source_id`,
).join(' union all ');

const emptyCounts = (): Counts =>
  Object.fromEntries(
    REF_KINDS.map((k) => [k, Object.fromEntries([...REF_STATES, 'vanished'].map((s) => [s, 0]))]),
  ) as Counts;

function addInto(sum: Counts, add: Counts) {
  for (const k of REF_KINDS) for (const [s, n] of Object.entries(add[k])) sum[k][s] += n;
}

const newer = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a > b ? a : b);

/** The banks that have crawl sources, by name (sources naming no bank last), a page of them. */
export async function listCrawlBanks(
  tx: Tx,
  page: number,
  perPage: number,
): Promise<{ data: CrawlBank[]; total: number }> {
  const sources = await allSources(tx);
  const vanished = new Map<string, number>();
  for (const r of (await tx.query<{ source_id: number; kind: RefKind; n: number }>(VANISHED)).rows)
    vanished.set(`${r.source_id}:${r.kind}`, Number(r.n));

  const banks = new Map<number | null, CrawlBank>();
  for (const s of sources) {
    const counts = emptyCounts();
    for (const k of REF_KINDS) Object.assign(counts[k], s.counts[k], { vanished: vanished.get(`${s.id}:${k}`) ?? 0 });
    const source: CrawlBankSource = {
      id: s.id,
      name: s.name,
      from_source: s.from_source,
      last_import_at: s.last_import_at,
      reviewed_at: s.reviewed_at,
      counts,
      live_offers: s.live_offers,
    };
    let bank = banks.get(s.bank_id);
    if (!bank) {
      bank = {
        bank_id: s.bank_id,
        bank_name: s.bank_name,
        last_import_at: null,
        sources: [],
        counts: emptyCounts(),
        live_offers: 0,
      };
      banks.set(s.bank_id, bank);
    }
    // Sources come newest import first, so each bank's list is in that order too.
    bank.sources.push(source);
    addInto(bank.counts, counts);
    bank.live_offers += s.live_offers;
    bank.last_import_at = newer(bank.last_import_at, s.last_import_at);
  }
  const all = [...banks.values()].sort((a, b) => {
    if (a.bank_name === null || b.bank_name === null) return a.bank_name === null ? (b.bank_name === null ? 0 : 1) : -1;
    return (
      a.bank_name.localeCompare(b.bank_name, undefined, { sensitivity: 'base' }) || (a.bank_id ?? 0) - (b.bank_id ?? 0)
    );
  });
  return { data: all.slice((page - 1) * perPage, page * perPage), total: all.length };
}
