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
import { unstorableIn } from './storable';

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

interface SourceInput {
  from_source: string;
  name?: string;
  bank_id?: number | null;
}

interface ImportOutcome {
  source_id: number;
  added: number;
  updated: number;
  vanished: number;
}

/** The most refs one file may hold. */
const CRAWL_MAX_REFS = 50_000;

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
        if (!row || typeof row !== 'object' || Array.isArray(row))
          issues.push({ line: i + 1, message: 'Each line must be one JSON object.' });
        else raw.push({ line: i + 1, row: row as Record<string, unknown> });
      } catch {
        issues.push({ line: i + 1, message: 'Unreadable JSON.' });
      }
    });
  } else {
    const parsed = Papa.parse<Record<string, string>>(body, {
      header: true,
      skipEmptyLines: 'greedy',
      transformHeader: (h) => h.trim().toLowerCase(),
    });
    for (const e of parsed.errors.filter((x) => x.code !== 'UndetectableDelimiter').slice(0, 20))
      issues.push({ line: (e.row ?? 0) + 2, message: `Unreadable CSV: ${e.message}.` });
    parsed.data.forEach((row, i) => raw.push({ line: i + 2, row }));
  }
  if (!raw.length && !issues.length) issues.push({ line: 1, message: 'The file has no refs.' });
  if (raw.length > CRAWL_MAX_REFS)
    issues.push({
      line: CRAWL_MAX_REFS + 1,
      message: `At most ${CRAWL_MAX_REFS.toLocaleString('en-US')} refs per file.`,
    });

  const records: CrawlRecord[] = [];
  const seen = new Map<string, number>();
  for (const { line, row } of raw) {
    const r = toRecord(row, (message) => issues.push({ line, message }));
    if (!r) continue;
    const id = `${r.kind}:${r.key}`;
    if (seen.has(id))
      issues.push({ line, message: `The ${r.kind} key "${r.key}" is already on line ${seen.get(id)}.` });
    else seen.set(id, line);
    records.push(r);
  }
  if (issues.length) {
    const lines = new Set(issues.map((i) => i.line)).size;
    const message = `${lines} ${lines === 1 ? 'line has' : 'lines have'} errors; nothing was imported.`;
    throw new HttpError(422, message, {
      file: [message, ...issues.slice(0, 20).map((i) => `Line ${i.line}: ${i.message}`)],
    });
  }
  return records;
}

/** Upserts the source and its refs in `tx`, and resolves its offers' names to its refs; returns the counts. */
export async function importRefs(tx: Tx, source: SourceInput, records: CrawlRecord[]): Promise<ImportOutcome> {
  const outcome = await writeRefs(tx, source, records);
  await resolveOfferRefs(tx, outcome.source_id);
  return outcome;
}

/** The writing half of importRefs: the source and its refs, their names not yet resolved (bench/crawl.ts times each half). */
export async function writeRefs(tx: Tx, source: SourceInput, records: CrawlRecord[]): Promise<ImportOutcome> {
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
  return { source_id: sourceId, ...counts };
}

/**
 * An offer's card and outlet names → this source's refs of those names (case, accents and
 * spacing aside; an outlet also by "merchant branch"; either by the ref's key), for every
 * offer of the source, vanished ones too.
 *
 * PostgreSQL normalises the names (`norm_name`, migration 006) and this process matches them
 * in hash maps, in time linear in the source's refs. Matching them in one SQL statement left
 * the join order to the planner, which knows nothing of a source just written: it took the
 * new source for a few rows and joined every offer name with every ref, one pair at a time
 * (on PostgreSQL 2,000 offers took 8 s, 5,000 took 62 s; `npm run bench:crawl`).
 */
async function resolveOfferRefs(tx: Tx, sourceId: number): Promise<void> {
  const cards = (
    await tx.query<{ id: number; n: string; k: string }>(
      'select id, norm_name(name) as n, source_key as k from crawl_cards where source_id = $1',
      [sourceId],
    )
  ).rows;
  const outlets = (
    await tx.query<{ id: number; n: string; nb: string; k: string }>(
      `select id, norm_name(merchant_name) as n, norm_name(concat_ws(' ', merchant_name, branch)) as nb, source_key as k from crawl_outlets where source_id = $1`,
      [sourceId],
    )
  ).rows;
  const offers = (
    await tx.query<{
      id: number;
      cards: [string, string][];
      outlets: [string, string][];
      card_ref_ids: number[];
      outlet_ref_ids: number[];
    }>(
      `select id, card_ref_ids, outlet_ref_ids,
              (select coalesce(json_agg(json_build_array(x, norm_name(x)) order by i), '[]') from unnest(card_names) with ordinality u(x, i)) as cards,
              (select coalesce(json_agg(json_build_array(x, norm_name(x)) order by i), '[]') from unnest(outlet_names) with ordinality u(x, i)) as outlets
       from crawl_offers where source_id = $1`,
      [sourceId],
    )
  ).rows;
  // A name finds a ref by its normalised form or, as written, by the ref's key.
  const cardBy = { n: index(cards, (c) => [c.n]), k: index(cards, (c) => [c.k]) };
  const outletBy = { n: index(outlets, (t) => [t.n, t.nb]), k: index(outlets, (t) => [t.k]) };
  const refsOf = (names: [string, string][], by: { n: Map<string, number[]>; k: Map<string, number[]> }) => {
    const ids = new Set<number>();
    for (const [raw, n] of names) for (const id of [...(by.n.get(n) ?? []), ...(by.k.get(raw) ?? [])]) ids.add(id);
    return [...ids].sort((a, b) => a - b);
  };
  const changed: { id: number; cards: number[]; outlets: number[] }[] = [];
  for (const o of offers) {
    const found = { id: o.id, cards: refsOf(o.cards, cardBy), outlets: refsOf(o.outlets, outletBy) };
    if (!sameIds(found.cards, o.card_ref_ids) || !sameIds(found.outlets, o.outlet_ref_ids)) changed.push(found);
  }
  if (!changed.length) return;
  await tx.query(
    `update crawl_offers o set card_ref_ids = r.cards, outlet_ref_ids = r.outlets
     from json_to_recordset($2::json) as r(id integer, cards integer[], outlets integer[])
     where o.id = r.id and o.source_id = $1`,
    [sourceId, JSON.stringify(changed)],
  );
}

/** Rows by each of their names (null names left out: in SQL they equal nothing). */
function index<T extends { id: number }>(rows: T[], names: (row: T) => (string | null)[]): Map<string, number[]> {
  const map = new Map<string, number[]>();
  for (const row of rows)
    for (const name of names(row)) {
      if (name === null) continue;
      const ids = map.get(name);
      if (ids) ids.push(row.id);
      else map.set(name, [row.id]);
    }
  return map;
}

const sameIds = (a: number[], b: number[]) => a.length === b.length && a.every((x, i) => x === b[i]);

// ---------------------------------------------------------------------------------------

type Row = { key: string } & Record<string, unknown>;

/** Per kind: its table, the columns a file fills (in order), their SQL types, and what search_text holds. */
const KINDS: Record<
  CrawlRecord['kind'],
  { table: string; columns: string[]; types: string; search: string[]; row: (r: CrawlRecord) => Row }
> = {
  card: {
    table: 'crawl_cards',
    columns: ['name', 'bank_name', 'network', 'annual_fee', 'benefits'],
    types: 'name text, bank_name text, network text, annual_fee numeric, benefits text',
    search: ['name', 'bank_name', 'network'],
    row: (r) => ({
      key: r.key,
      name: r.name,
      bank_name: r.bank ?? null,
      network: r.network ?? null,
      annual_fee: r.annual_fee ?? null,
      benefits: r.benefits ?? null,
    }),
  },
  outlet: {
    table: 'crawl_outlets',
    columns: ['merchant_name', 'branch', 'address', 'area_name', 'latitude', 'longitude'],
    types:
      'merchant_name text, branch text, address text, area_name text, latitude double precision, longitude double precision',
    search: ['merchant_name', 'branch', 'area_name'],
    row: (r) => ({
      key: r.key,
      merchant_name: r.merchant,
      branch: r.branch ?? null,
      address: r.address ?? null,
      area_name: r.area ?? null,
      latitude: r.latitude ?? null,
      longitude: r.longitude ?? null,
    }),
  },
  offer: {
    table: 'crawl_offers',
    columns: ['title', 'discount', 'valid_from', 'valid_to', 'terms', 'card_names', 'outlet_names'],
    types:
      'title text, discount text, valid_from date, valid_to date, terms text, card_names text[], outlet_names text[]',
    search: ['title', 'discount'],
    row: (r) => ({
      key: r.key,
      title: r.title,
      discount: r.discount ?? null,
      valid_from: r.valid_from ?? null,
      valid_to: r.valid_to ?? null,
      terms: r.terms ?? null,
      card_names: r.cards ?? [],
      outlet_names: r.outlets ?? [],
    }),
  },
};

const KIND_NAMES = Object.keys(KINDS);
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day (2026-02-30 is not one, though Date.parse takes it). */
const isDate = (t: string) =>
  DATE.test(t) && !Number.isNaN(Date.parse(t)) && new Date(`${t}T00:00:00Z`).toISOString().slice(0, 10) === t;
/** A JSON value in words, for a refusal: "a list", "an object", "true", "a number". */
const what = (v: unknown) =>
  Array.isArray(v)
    ? 'a list'
    : typeof v === 'boolean'
      ? String(v)
      : typeof v === 'number'
        ? 'a number'
        : v !== null && typeof v === 'object'
          ? 'an object'
          : typeof v;

/**
 * Checks one file record; `say` collects what is wrong with it. Text fields must be strings
 * (JSON null or absent: no value): a list or an object is refused, never made text, so no
 * value is taken for something else and no nesting is walked (a line nested 6,000 deep once
 * overflowed the stack turning it into text). Numbers may be JSON numbers or text (CSV).
 */
function toRecord(row: Record<string, unknown>, say: (message: string) => void): CrawlRecord | null {
  // No value at all (a value of another kind, or text that cannot be stored, was named already).
  const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && !v.trim());
  const text = (field: string) => {
    const v = row[field];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'string') {
      say(`${field} must be text, not ${what(v)}.`);
      return undefined;
    }
    if (!storable(field, v)) return undefined;
    return v.trim() || undefined;
  };
  // JSON spells a NUL or half a surrogate pair ("\u0000", "\ud800"), which the database cannot hold.
  const storable = (field: string, v: string) => {
    const character = unstorableIn(v);
    if (character) say(`${field} contains a character that cannot be stored (${character}).`);
    return !character;
  };
  /** A list: a JSON array of names, or text with `|` between them (CSV). */
  const list = (field: string) => {
    const v = row[field];
    if (v === undefined || v === null) return [];
    if (typeof v === 'string')
      return (storable(field, v) ? v : '')
        .split('|')
        .map((x) => x.trim())
        .filter(Boolean);
    const odd = Array.isArray(v) ? v.find((x) => typeof x !== 'string') : v;
    if (odd === undefined)
      return (v as string[])
        .filter((x) => storable(field, x))
        .map((x) => x.trim())
        .filter(Boolean);
    say(
      Array.isArray(v)
        ? `${field} must be a list of names (text), not a list holding ${what(odd)}.`
        : `${field} must be a list of names (text), or text with | between them, not ${what(v)}.`,
    );
    return [];
  };
  const kindValue = row.kind;
  const kind = typeof kindValue === 'string' ? kindValue.trim().toLowerCase() : undefined;
  if (!kind || !KIND_NAMES.includes(kind)) {
    say(`kind must be one of ${KIND_NAMES.join(', ')}.`);
    return null;
  }
  const keyValue = row.key;
  const key = text('key');
  if (!key) {
    if (blank(keyValue)) say('key is required: the ref’s key on the crawled site.');
    return null;
  }
  if (key.length > 200) say('key is longer than 200 characters.');
  const num = (field: string, min: number, max: number) => {
    const v = row[field];
    const t =
      typeof v === 'number'
        ? v
        : typeof v === 'string'
          ? v.trim() || undefined
          : v === undefined || v === null
            ? undefined
            : NaN;
    if (t === undefined) return null;
    const n = Number(t);
    if (!Number.isFinite(n) || n < min || n > max) {
      say(`${field} must be a number from ${min} to ${max}.`);
      return null;
    }
    return n;
  };
  const required = (field: string) => {
    const v = row[field];
    const t = text(field);
    if (!t) {
      if (blank(v)) say(`${field} is required for a ${kind}.`);
    } else if (t.length > 300) say(`${field} is longer than 300 characters.`);
    return t;
  };
  let badDate = false;
  const date = (field: string) => {
    const t = text(field);
    if (t !== undefined && !isDate(t)) {
      say(`${field} must be a date, YYYY-MM-DD.`);
      badDate = true;
    }
    return t;
  };
  const base = { kind: kind as CrawlRecord['kind'], key };
  if (kind === 'card')
    return {
      ...base,
      name: required('name'),
      bank: text('bank'),
      network: text('network'),
      annual_fee: num('annual_fee', 0, 1_000_000),
      benefits: text('benefits'),
    };
  if (kind === 'outlet')
    return {
      ...base,
      merchant: required('merchant'),
      branch: text('branch'),
      address: text('address'),
      area: text('area'),
      latitude: num('latitude', -90, 90),
      longitude: num('longitude', -180, 180),
    };
  const record: CrawlRecord = {
    ...base,
    title: required('title'),
    discount: text('discount'),
    valid_from: date('valid_from'),
    valid_to: date('valid_to'),
    terms: text('terms'),
    cards: list('cards'),
    outlets: list('outlets'),
  };
  if (!badDate && record.valid_from && record.valid_to && record.valid_to < record.valid_from)
    say('valid_to is before valid_from.');
  return record;
}
