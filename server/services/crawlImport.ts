// A source's crawl file into its refs (contract/crawl.ts; README.md, "Crawl files").
//
// One file holds one crawl of one bank website: a record per line (JSON lines) or per row
// (CSV), each with its `kind` (card, outlet, offer) and its `key` on the site. Importing a
// source again updates the refs with the same key, marks the ones the site no longer shows
// (vanished_at), and brings back any that reappear; decisions already made on a ref stand.
// Offers name their cards and outlets as the site does; those names are resolved to this
// source's card and outlet refs, so onboarding can link the live records they are assigned to.
//
// The whole file goes in one transaction, written set-wise (one statement per kind), so a
// 10,000-ref file takes well under a second and is imported whole or not at all.
import Papa from 'papaparse';
import type { Tx } from '../db/connection';
import { HttpError } from '../errors';

/** A ref as the file gives it, whatever the format. */
export interface CrawlRecord {
  kind: 'card' | 'outlet' | 'offer';
  key: string;
  // card
  name?: string;
  bank?: string;
  network?: string;
  annual_fee?: number | null;
  benefits?: string;
  // outlet
  merchant?: string;
  branch?: string;
  address?: string;
  area?: string;
  latitude?: number | null;
  longitude?: number | null;
  // offer
  title?: string;
  discount?: string;
  valid_from?: string;
  valid_to?: string;
  terms?: string;
  cards?: string[];
  outlets?: string[];
}

export interface SourceInput {
  from_source: string;
  name?: string;
  bank_id?: number | null;
}

export interface ImportOutcome {
  source_id: number;
  added: number;
  updated: number;
  vanished: number;
}

/** The most refs one file may hold. */
export const CRAWL_MAX_REFS = 50_000;

interface Issue {
  line: number;
  message: string;
}

/** Reads a crawl file (JSON lines when its first character is `{`, else CSV); 422 listing bad lines. */
export function parseCrawlFile(text: string): CrawlRecord[] {
  const body = text.replace(/^\uFEFF/, '');
  const issues: Issue[] = [];
  const raw: { line: number; row: Record<string, unknown> }[] = [];
  if (/^\s*\{/.test(body)) {
    body.split(/\r?\n/).forEach((line, i) => {
      if (!line.trim()) return;
      try {
        const row: unknown = JSON.parse(line);
        if (!row || typeof row !== 'object' || Array.isArray(row)) issues.push({ line: i + 1, message: 'Each line must be one JSON object.' });
        else raw.push({ line: i + 1, row: row as Record<string, unknown> });
      } catch {
        issues.push({ line: i + 1, message: 'Unreadable JSON.' });
      }
    });
  } else {
    const parsed = Papa.parse<Record<string, string>>(body, { header: true, skipEmptyLines: 'greedy', transformHeader: (h) => h.trim().toLowerCase() });
    for (const e of parsed.errors.filter((x) => x.code !== 'UndetectableDelimiter').slice(0, 20)) issues.push({ line: (e.row ?? 0) + 2, message: `Unreadable CSV: ${e.message}.` });
    parsed.data.forEach((row, i) => raw.push({ line: i + 2, row }));
  }
  if (!raw.length && !issues.length) issues.push({ line: 1, message: 'The file has no refs.' });
  if (raw.length > CRAWL_MAX_REFS) issues.push({ line: CRAWL_MAX_REFS + 1, message: `At most ${CRAWL_MAX_REFS.toLocaleString('en-US')} refs per file.` });

  const records: CrawlRecord[] = [];
  const seen = new Map<string, number>();
  for (const { line, row } of raw) {
    const r = toRecord(row, (message) => issues.push({ line, message }));
    if (!r) continue;
    const id = `${r.kind}:${r.key}`;
    if (seen.has(id)) issues.push({ line, message: `The ${r.kind} key "${r.key}" is already on line ${seen.get(id)}.` });
    else seen.set(id, line);
    records.push(r);
  }
  if (issues.length) {
    const lines = new Set(issues.map((i) => i.line)).size;
    const message = `${lines} ${lines === 1 ? 'line has' : 'lines have'} errors; nothing was imported.`;
    throw new HttpError(422, message, { file: [message, ...issues.slice(0, 20).map((i) => `Line ${i.line}: ${i.message}`)] });
  }
  return records;
}

/** Upserts the source and its refs in `tx`; returns the counts. */
export async function importRefs(tx: Tx, source: SourceInput, records: CrawlRecord[]): Promise<ImportOutcome> {
  const src = (
    await tx.query<{ id: number }>(
      `insert into crawl_sources (name, from_source, bank_id, last_import_at) values ($1, $2, $3, now())
       on conflict (from_source) do update set
         name = coalesce($4, crawl_sources.name), bank_id = coalesce($3, crawl_sources.bank_id),
         last_import_at = now(), reviewed_at = null, reviewed_by = null, updated_at = now()
       returning id`,
      [source.name ?? source.from_source, source.from_source, source.bank_id ?? null, source.name ?? null],
    )
  ).rows[0];
  const sourceId = src.id;
  const of = (kind: CrawlRecord['kind']) => records.filter((r) => r.kind === kind);
  const counts = { added: 0, updated: 0, vanished: 0 };
  for (const kind of ['card', 'outlet', 'offer'] as const) {
    const spec = KINDS[kind];
    const rows = of(kind).map(spec.row);
    const written = rows.length
      ? (
          await tx.query<{ inserted: boolean; changed: boolean }>(
            `insert into ${spec.table} (source_id, source_key, ${spec.columns.join(', ')}, search_text)
             select $1, r.key, ${spec.columns.map((c) => `r.${c}`).join(', ')}, immutable_unaccent(lower(concat_ws(' ', ${spec.search.map((c) => `r.${c}`).join(', ')})))
             from json_to_recordset($2::json) as r(key text, ${spec.types})
             on conflict (source_id, source_key) do update set
               ${spec.columns.map((c) => `${c} = excluded.${c}`).join(', ')}, search_text = excluded.search_text, vanished_at = null,
               updated_at = case when (${spec.columns.map((c) => `${spec.table}.${c}`).join(', ')}) is distinct from (${spec.columns.map((c) => `excluded.${c}`).join(', ')})
                                   or ${spec.table}.vanished_at is not null then now() else ${spec.table}.updated_at end
             returning (xmax = 0) as inserted, updated_at = now() as changed`,
            [sourceId, JSON.stringify(rows)],
          )
        ).rows
      : [];
    counts.added += written.filter((w) => w.inserted).length;
    counts.updated += written.filter((w) => !w.inserted && w.changed).length;
    const gone = await tx.query(
      `update ${spec.table} set vanished_at = now(), updated_at = now()
       where source_id = $1 and vanished_at is null and not (source_key = any($2::text[])) returning id`,
      [sourceId, rows.map((r) => r.key)],
    );
    counts.vanished += gone.rows.length;
  }
  await resolveOfferRefs(tx, sourceId);
  return { source_id: sourceId, ...counts };
}

/**
 * An offer's card and outlet names → this source's refs of those names (case, accents and
 * spacing aside; an outlet also by "merchant branch"; either by the ref's key). Names are
 * normalised once per ref and per offer name, then matched by hash joins: 10,000 offers
 * against 2,000 outlets resolve in well under a second.
 */
async function resolveOfferRefs(tx: Tx, sourceId: number) {
  await tx.query(
    `with c as materialized (select id, norm_name(name) as n, source_key as k from crawl_cards where source_id = $1),
     t as materialized (select id, norm_name(merchant_name) as n, norm_name(concat_ws(' ', merchant_name, branch)) as nb, source_key as k
                        from crawl_outlets where source_id = $1),
     names as materialized (
       select o.id as offer_id, 'card' as kind, x as raw, norm_name(x) as n from crawl_offers o, unnest(o.card_names) x where o.source_id = $1
       union all
       select o.id, 'outlet', x, norm_name(x) from crawl_offers o, unnest(o.outlet_names) x where o.source_id = $1),
     hits as (
       select nm.offer_id, nm.kind, c.id from names nm join c on nm.kind = 'card' and c.n = nm.n
       union select nm.offer_id, nm.kind, c.id from names nm join c on nm.kind = 'card' and c.k = nm.raw
       union select nm.offer_id, nm.kind, t.id from names nm join t on nm.kind = 'outlet' and t.n = nm.n
       union select nm.offer_id, nm.kind, t.id from names nm join t on nm.kind = 'outlet' and t.nb = nm.n
       union select nm.offer_id, nm.kind, t.id from names nm join t on nm.kind = 'outlet' and t.k = nm.raw),
     found as (
       select offer_id, array_agg(id order by id) filter (where kind = 'card') as cards,
              array_agg(id order by id) filter (where kind = 'outlet') as outlets
       from hits group by offer_id)
     update crawl_offers o set card_ref_ids = coalesce(f.cards, '{}'), outlet_ref_ids = coalesce(f.outlets, '{}')
     from crawl_offers o2 left join found f on f.offer_id = o2.id
     where o.id = o2.id and o.source_id = $1`,
    [sourceId],
  );
}

// ---------------------------------------------------------------------------------------

type Row = { key: string } & Record<string, unknown>;

/** Per kind: its table, the columns a file fills (in order), their SQL types, and what search_text holds. */
const KINDS: Record<CrawlRecord['kind'], { table: string; columns: string[]; types: string; search: string[]; row: (r: CrawlRecord) => Row }> = {
  card: {
    table: 'crawl_cards',
    columns: ['name', 'bank_name', 'network', 'annual_fee', 'benefits'],
    types: 'name text, bank_name text, network text, annual_fee numeric, benefits text',
    search: ['name', 'bank_name', 'network'],
    row: (r) => ({ key: r.key, name: r.name, bank_name: r.bank ?? null, network: r.network ?? null, annual_fee: r.annual_fee ?? null, benefits: r.benefits ?? null }),
  },
  outlet: {
    table: 'crawl_outlets',
    columns: ['merchant_name', 'branch', 'address', 'area_name', 'latitude', 'longitude'],
    types: 'merchant_name text, branch text, address text, area_name text, latitude double precision, longitude double precision',
    search: ['merchant_name', 'branch', 'area_name'],
    row: (r) => ({ key: r.key, merchant_name: r.merchant, branch: r.branch ?? null, address: r.address ?? null, area_name: r.area ?? null, latitude: r.latitude ?? null, longitude: r.longitude ?? null }),
  },
  offer: {
    table: 'crawl_offers',
    columns: ['title', 'discount', 'valid_from', 'valid_to', 'terms', 'card_names', 'outlet_names'],
    types: 'title text, discount text, valid_from date, valid_to date, terms text, card_names text[], outlet_names text[]',
    search: ['title', 'discount'],
    row: (r) => ({ key: r.key, title: r.title, discount: r.discount ?? null, valid_from: r.valid_from ?? null, valid_to: r.valid_to ?? null, terms: r.terms ?? null, card_names: r.cards ?? [], outlet_names: r.outlets ?? [] }),
  },
};

const KIND_NAMES = Object.keys(KINDS);
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day (2026-02-30 is not one, though Date.parse takes it). */
const isDate = (t: string) => DATE.test(t) && !Number.isNaN(Date.parse(t)) && new Date(`${t}T00:00:00Z`).toISOString().slice(0, 10) === t;
const text = (v: unknown) => (v === undefined || v === null ? undefined : String(v).trim() || undefined);
/** A list: a JSON array, or text with `|` between the items (CSV). */
const list = (v: unknown) => (Array.isArray(v) ? v.map((x) => String(x).trim()) : (text(v) ?? '').split('|').map((x) => x.trim())).filter(Boolean);

/** Checks one file record; `say` collects what is wrong with it. */
function toRecord(row: Record<string, unknown>, say: (message: string) => void): CrawlRecord | null {
  const kind = text(row.kind)?.toLowerCase();
  const key = text(row.key);
  if (!kind || !KIND_NAMES.includes(kind)) {
    say(`kind must be one of ${KIND_NAMES.join(', ')}.`);
    return null;
  }
  if (!key) {
    say('key is required: the ref’s key on the crawled site.');
    return null;
  }
  if (key.length > 200) say('key is longer than 200 characters.');
  const num = (field: string, min: number, max: number) => {
    const t = text(row[field]);
    if (t === undefined) return null;
    const n = Number(t);
    if (!Number.isFinite(n) || n < min || n > max) {
      say(`${field} must be a number from ${min} to ${max}.`);
      return null;
    }
    return n;
  };
  const required = (field: string) => {
    const t = text(row[field]);
    if (!t) say(`${field} is required for a ${kind}.`);
    else if (t.length > 300) say(`${field} is longer than 300 characters.`);
    return t;
  };
  let badDate = false;
  const date = (field: string) => {
    const t = text(row[field]);
    if (t !== undefined && !isDate(t)) {
      say(`${field} must be a date, YYYY-MM-DD.`);
      badDate = true;
    }
    return t;
  };
  const base = { kind: kind as CrawlRecord['kind'], key };
  if (kind === 'card') return { ...base, name: required('name'), bank: text(row.bank), network: text(row.network), annual_fee: num('annual_fee', 0, 1_000_000), benefits: text(row.benefits) };
  if (kind === 'outlet')
    return { ...base, merchant: required('merchant'), branch: text(row.branch), address: text(row.address), area: text(row.area), latitude: num('latitude', -90, 90), longitude: num('longitude', -180, 180) };
  const record: CrawlRecord = { ...base, title: required('title'), discount: text(row.discount), valid_from: date('valid_from'), valid_to: date('valid_to'), terms: text(row.terms), cards: list(row.cards), outlets: list(row.outlets) };
  if (!badDate && record.valid_from && record.valid_to && record.valid_to < record.valid_from) say('valid_to is before valid_from.');
  return record;
}
