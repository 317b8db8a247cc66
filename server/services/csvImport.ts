// CSV import: parse, check every row (the format rules shared with the browser, then the
// add call's own schema, then names resolved to records), then write the rows as one batch
// (server/services/batches.ts): in short transactions, so other calls keep answering while
// 20,000 rows go in, and all or nothing, so a file is imported whole or not at all. A row
// the add call would refuse is refused here too, naming its line. Asked for the good rows
// alone (`validOnly`), it writes those and answers the others with their reasons: nothing of
// a refused row is written, and a file with no good row is refused whole.
import Papa from 'papaparse';
import { cardResource } from '@contract/card';
import {
  CSV_MAX_ROWS,
  CSV_NAME_COLUMNS,
  checkHeader,
  checkRow,
  nameProblem,
  namesIn,
  parseBoolean,
  reasonOf,
  type CsvImportResult,
  type CsvIssue,
  type CsvRefusedRow,
  type CsvTarget,
} from '@contract/csv';
import { offerResource } from '@contract/offer';
import { outletResource } from '@contract/outlet';
import type { ResourceContract } from '@contract/resource';
import type { Tx } from '../db/connection';
import { insertMany } from '../repositories/bulk';
import { DataRefusal, HttpError } from '../errors';
import { refusalOf } from '../db/constraintErrors';
import { inBatch, type Units } from './batches';
import { loadLookups, resolveName } from './csvLookups';
import { validationFields, validatorOf } from './validate';

type Row = Record<string, string>;
/** Per name column (CSV_NAME_COLUMNS): the ids its names resolved to, the first of each name's. */
type Resolved = Record<string, number[]>;

/** Per target: the resource whose add call a row becomes, and which CSV column each API field comes from. */
const TARGETS: Record<CsvTarget, { resource: ResourceContract; columns: Record<string, string> }> = {
  offers: { resource: offerResource, columns: { category_id: 'category', card_ids: 'cards', outlet_ids: 'outlets' } },
  outlets: { resource: outletResource, columns: { category_id: 'category', area_id: 'area' } },
  cards: { resource: cardResource, columns: { bank_id: 'bank', network_id: 'network', category_id: 'category' } },
};

export async function importCsv(
  units: Units,
  target: CsvTarget,
  text: string,
  userId: number | null,
  validOnly = false,
): Promise<CsvImportResult> {
  const { resource, columns } = TARGETS[target];
  const parsed = Papa.parse<Row>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim().toLowerCase(),
  });
  const issues: CsvIssue[] = checkHeader(target, parsed.meta.fields ?? []);
  // A one-column file has no delimiter to detect; that is not an error.
  for (const e of parsed.errors.filter((x) => x.code !== 'UndetectableDelimiter').slice(0, 50))
    issues.push({ row: (e.row ?? 0) + 2, column: '', message: `Unreadable CSV: ${e.message}.` });
  if (!parsed.data.length && !issues.length) issues.push({ row: 2, column: '', message: 'The file has no rows.' });
  if (parsed.data.length > CSV_MAX_ROWS)
    issues.push({ row: CSV_MAX_ROWS + 2, column: '', message: `At most ${CSV_MAX_ROWS} rows per file.` });
  if (issues.length) return refuse(issues);

  const nameColumns = CSV_NAME_COLUMNS[target];
  const maps = await units.read((tx) =>
    loadLookups(
      tx,
      nameColumns.map((c) => c.kind),
    ),
  );
  const check = validatorOf(resource.create);
  const records: Record<string, unknown>[] = [];
  /** The line in the file of each record kept. */
  const lines: number[] = [];
  /** Per refused line, its problems. */
  const refused = new Map<number, CsvIssue[]>();
  parsed.data.forEach((row, i) => {
    const line = i + 2;
    const rowIssues = checkRow(target, row, line);
    // Names to records (csv.checkNames resolves and words them the same for the preview).
    const resolved: Resolved = {};
    for (const c of nameColumns) {
      resolved[c.column] = [];
      for (const v of namesIn(c, row[c.column])) {
        const { ids, matches } = resolveName(maps[c.kind], v);
        const problem = nameProblem(c.kind, v, matches);
        if (problem) rowIssues.push({ row: line, column: c.column, message: problem, value: v });
        if (ids) resolved[c.column].push(ids[0]);
      }
    }
    const record = dropNulls(toRecord(target, row, resolved));
    // The add call's schema, as the API would run it on this record.
    if (!rowIssues.length && !check(record)) {
      for (const [field, texts] of Object.entries(validationFields(check.errors ?? []))) {
        const column = columns[field] ?? field;
        rowIssues.push({ row: line, column, message: texts[0], value: row[column] });
      }
    }
    if (rowIssues.length) refused.set(line, rowIssues);
    else {
      records.push(record);
      lines.push(line);
    }
    issues.push(...rowIssues);
  });
  const refusedRows = (): CsvRefusedRow[] =>
    [...refused.entries()]
      .sort(([a], [b]) => a - b)
      .map(([line, rowIssues]) => ({ row: line, cells: cellsOf(parsed.data[line - 2]), reason: reasonOf(rowIssues) }));
  if (issues.length && (!validOnly || !records.length)) return refuse(issues, validOnly ? refusedRows() : undefined);

  const one = resource.label.one.toLowerCase();
  let imported = 0;
  return inBatch(units, `csv.${target}`, userId, async (batch) => {
    let size = FIRST_PIECE;
    for (let at = 0; at < records.length;) {
      const piece = records.slice(at, at + size);
      const started = performance.now();
      try {
        await batch.piece((tx) => insertMany(tx, resource, piece, batch.id));
        imported += piece.length;
      } catch (err) {
        if (validOnly) {
          // The piece was undone: its rows again one by one, the ones the database refuses left out.
          const left = await batch.piece((tx) => insertEach(tx, resource, piece, batch.id, one));
          for (const r of left) {
            const line = lines[at + r.index];
            const column = columns[r.field] ?? r.field;
            const issue = { row: line, column, message: r.message, value: parsed.data[line - 2][column] };
            refused.set(line, [issue]);
            issues.push(issue);
          }
          imported += piece.length - left.length;
          at += piece.length;
          continue;
        }
        // The piece was undone; find its first row the database refuses, and name it.
        const failure = await batch
          .piece((tx) => firstRefused(tx, resource, piece, batch.id, one))
          .catch((e: unknown) => e);
        if (!(failure instanceof RowRefused)) throw err;
        const line = lines[at + failure.index];
        const column = columns[failure.field] ?? failure.field;
        refuse([{ row: line, column, message: failure.message, value: parsed.data[line - 2][column] }]);
      }
      at += piece.length;
      size = nextPieceSize(size, performance.now() - started);
    }
    if (!imported) refuse(issues, refusedRows());
    const words = `${imported} ${imported === 1 ? one : target}`;
    return {
      result: {
        success: true,
        message: refused.size
          ? `Imported ${words}; ${refused.size} ${refused.size === 1 ? 'row was' : 'rows were'} left out.`
          : `Imported ${words}.`,
        invalid_data: issues.slice(0, 1000),
        data: { type: target, imported },
        ...(validOnly && { refused: refusedRows() }),
      },
      rows: imported,
    };
  });
}

/** A parsed row's cells as written (an over-long line's extra cells are not a column's). */
const cellsOf = (row: Row): Record<string, string> =>
  Object.fromEntries(Object.entries(row).filter((e): e is [string, string] => typeof e[1] === 'string'));

/** Rows a piece starts with; then each piece aims at PIECE_MS, so other calls wait little. */
const FIRST_PIECE = 200;
const PIECE_MS = 100;
const nextPieceSize = (size: number, ms: number) =>
  Math.max(20, Math.min(2000, Math.round(ms > PIECE_MS * 2 ? size / 2 : ms < PIECE_MS / 2 ? size * 1.5 : size)));

class RowRefused extends Error {
  constructor(
    public index: number,
    public field: string,
    message: string,
  ) {
    super(message);
  }
}

/** Inserts the rows one by one (each in a savepoint); those the database refuses are left out and returned. */
async function insertEach(
  tx: Tx,
  resource: ResourceContract,
  rows: readonly Record<string, unknown>[],
  batchId: number,
  one: string,
): Promise<{ index: number; field: string; message: string }[]> {
  const left: { index: number; field: string; message: string }[] = [];
  for (const [index, row] of rows.entries()) {
    await tx.query('savepoint row');
    try {
      await insertMany(tx, resource, [row], batchId);
      await tx.query('release savepoint row');
    } catch (err) {
      await tx.query('rollback to savepoint row');
      const e = refusalOf(err, one);
      if (!(e instanceof DataRefusal)) throw err;
      const [field = ''] = Object.keys(e.fields).filter((f) => f !== 'message');
      left.push({ index, field, message: e.message });
    }
  }
  return left;
}

/** Inserts the rows one by one (each in a savepoint) and throws RowRefused for the first refused. */
async function firstRefused(
  tx: Tx,
  resource: ResourceContract,
  rows: readonly Record<string, unknown>[],
  batchId: number,
  one: string,
): Promise<never> {
  for (const [index, row] of rows.entries()) {
    await tx.query('savepoint row');
    try {
      await insertMany(tx, resource, [row], batchId);
      await tx.query('release savepoint row');
    } catch (err) {
      const e = refusalOf(err, one);
      if (!(e instanceof DataRefusal)) throw err;
      const [field = ''] = Object.keys(e.fields).filter((f) => f !== 'message');
      throw new RowRefused(index, field, e.message);
    }
  }
  throw new Error('a piece failed, but each of its rows alone went in');
}

function toRecord(target: CsvTarget, row: Row, resolved: Resolved): Record<string, unknown> {
  const s = (k: string) => row[k]?.trim() || null;
  const n = (k: string) => (s(k) === null ? null : Number(s(k)));
  const ref = (column: string) => resolved[column][0] ?? null;
  const refs = (column: string) => [...new Set(resolved[column])];
  switch (target) {
    case 'offers':
      return {
        title: s('title'),
        discount: s('discount'),
        valid_from: s('valid_from'),
        valid_to: s('valid_to'),
        description: s('description'),
        terms: s('terms'),
        category_id: ref('category'),
        card_ids: refs('cards'),
        outlet_ids: refs('outlets'),
        from_source: s('from_source') ?? 'manual',
      };
    case 'outlets':
      return {
        merchant_name: s('merchant_name'),
        branch: s('branch'),
        category_id: ref('category'),
        area_id: ref('area'),
        address: s('address'),
        latitude: n('latitude'),
        longitude: n('longitude'),
        phone: s('phone'),
      };
    case 'cards':
      return {
        name: s('name'),
        bank_id: ref('bank'),
        network_id: ref('network'),
        category_id: ref('category'),
        card_type: s('card_type')?.toLowerCase() ?? 'credit',
        annual_fee: n('annual_fee') ?? 0,
        status: s('status')
          ? s('status')!.toLowerCase() === 'discontinued'
            ? 'Discontinued'
            : 'Not Discontinued'
          : 'Not Discontinued',
        display: s('display') === null ? true : parseBoolean(row.display),
      };
  }
}

/** An empty optional cell is a field left out, as a form would leave it out. */
const dropNulls = (r: Record<string, unknown>) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== null));

function refuse(issues: CsvIssue[], refused?: CsvRefusedRow[]): never {
  const rows = new Set(issues.map((i) => i.row)).size;
  const message = `${rows} ${rows === 1 ? 'row has' : 'rows have'} errors; nothing was imported.`;
  throw new HttpError(
    422,
    message,
    { file: [message] },
    { success: false, error: 'An error occurred', invalid_data: issues.slice(0, 1000), ...(refused && { refused }) },
  );
}
