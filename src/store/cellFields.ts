// What a cell of a list's table can be set to, read from the contract (not per screen): a
// column is editable when a field its resource's update takes and its records show backs it
// (contract/bulk.ts `eachFields`: no lists of links, no files, no passwords), and the field's
// schema picks the editor. Plain functions, so the table (src/screens/listTable/), the paste
// command and the tests read one answer.
import type { TSchema } from '@sinclair/typebox';
import { eachFields } from '@contract/bulk';
import type { ResourceContract } from '@contract/resource';
import { filterChoices } from '../api/resourceClient';
import type { FilterDef, Option, OptionSource } from './filters';

type EditorKind = 'text' | 'number' | 'date' | 'boolean' | 'choice';

/** How one column's cells are edited. */
export interface CellSpec {
  /** The column's key (the table's) and its head's words. */
  col: string;
  label: string;
  /** The update field it writes. */
  field: string;
  kind: EditorKind;
  /** Empty means "none" (null). */
  nullable: boolean;
  /** Choices (a reference's records, an enum's values, yes and no); values as text, as the filter bar's. */
  choices?: OptionSource;
  /** The value's type on the way out: choices are text in the URL and in the editor. */
  valueType: 'string' | 'number' | 'boolean';
  /**
   * Entity fields a choice shows besides the field itself: the name beside a reference
   * (category_id → category_name), so the cell reads the new name before the answer comes.
   */
  shows?: string;
}

/** A column as the table declares it (src/commands/resourceScreen.ts ListColumn). */
export interface CellColumn {
  key: string;
  label: string;
  /** The field behind the column when its key is another (network_type → network_id). */
  field?: string;
}

const variants = (s: TSchema | undefined): TSchema[] =>
  s ? (Array.isArray(s.anyOf) ? (s.anyOf as TSchema[]) : [s]) : [];
const valueOf = (s: TSchema | undefined) => variants(s).find((v) => v.type !== 'null');

/** The field a column writes, or null when it is read-only: the column's own key, or the reference its `_name` shows. */
export function fieldOfColumn(
  resource: Pick<ResourceContract, 'update' | 'entity' | 'files'>,
  col: CellColumn,
): string | null {
  const fields = new Set(eachFields(resource as ResourceContract));
  if (col.field) return fields.has(col.field) ? col.field : null;
  if (fields.has(col.key)) return col.key;
  const ref = /^(.*)_name$/.exec(col.key)?.[1];
  return ref && fields.has(`${ref}_id`) ? `${ref}_id` : null;
}

/**
 * How a column's cells are edited, or null (read-only): text, a number, a date
 * (YYYY-MM-DD), yes or no, or a choice. References (`<x>_id`) and enums take their choices
 * from the screen's filter of the same name (`category`, `status`), as the bulk changes do;
 * a reference with no such filter stays read-only, an enum with none lists its values.
 */
export function cellSpec(
  resource: Pick<ResourceContract, 'update' | 'entity' | 'files'>,
  col: CellColumn,
  filters: readonly FilterDef[] = [],
): CellSpec | null {
  const field = fieldOfColumn(resource, col);
  if (!field) return null;
  const schema = resource.update.properties[field] as TSchema;
  const value = valueOf(schema);
  if (!value) return null;
  const nullable = variants(schema).some((v) => v.type === 'null');
  const base = { col: col.key, label: col.label, field, nullable };
  const filter = filters.find((f) => f.key === field.replace(/_id$/, ''));
  if (value.type === 'boolean') {
    return { ...base, kind: 'boolean', valueType: 'boolean', choices: filter?.options ?? YES_NO };
  }
  if (value.type === 'integer' || value.type === 'number') {
    if (!field.endsWith('_id')) return { ...base, kind: 'number', valueType: 'number' };
    if (!filter) return null;
    const shown =
      col.key !== field && col.key in resource.entity.properties
        ? col.key
        : `${field.slice(0, -3)}_name` in resource.entity.properties
          ? `${field.slice(0, -3)}_name`
          : undefined;
    return { ...base, kind: 'choice', valueType: 'number', choices: filter.options, shows: shown };
  }
  const literals = filterChoices(value) ?? filterChoices(schema);
  if (literals)
    return {
      ...base,
      kind: 'choice',
      valueType: 'string',
      choices: filter?.options ?? literals.map((v) => ({ value: v, label: v })),
    };
  if (value.format === 'date') return { ...base, kind: 'date', valueType: 'string' };
  return { ...base, kind: 'text', valueType: 'string' };
}

const YES_NO: readonly Option[] = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

/** What an editor's text (or a pasted line) means for the field: the value to send, or why it cannot be. */
export type Parsed = { ok: true; value: unknown; label: string } | { ok: false; error: string };

/** A choice's text value as the API takes it. */
export function typedChoice(spec: Pick<CellSpec, 'valueType'>, value: string): unknown {
  return spec.valueType === 'number' ? Number(value) : spec.valueType === 'boolean' ? value === 'true' : value;
}

const BOOLEAN_WORDS: Record<string, string> = {
  yes: 'true',
  y: 'true',
  true: 'true',
  '1': 'true',
  no: 'false',
  n: 'false',
  false: 'false',
  '0': 'false',
};

/**
 * Text → the field's value. Empty is none where the field takes none. A choice is matched by
 * its name, case and surrounding spaces aside (or its own value); yes/no also as true/false,
 * y/n, 1/0. Numbers may have thousands separators; dates are YYYY-MM-DD.
 */
export function parseCell(spec: CellSpec, text: string, options: readonly Option[] = []): Parsed {
  const t = text.trim();
  const noun = spec.label.toLowerCase();
  if (t === '' && spec.nullable) return { ok: true, value: null, label: '' };
  switch (spec.kind) {
    case 'text':
      // Text is taken as typed (the server trims nothing and checks its lengths).
      return { ok: true, value: text, label: text };
    case 'number': {
      const n = Number(t.replace(/[\s,]/g, ''));
      return t !== '' && Number.isFinite(n)
        ? { ok: true, value: n, label: t }
        : { ok: false, error: `${spec.label} is a number: “${t}” is not one.` };
    }
    case 'date': {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
      const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
      return d && d.getUTCDate() === Number(m![3]) && d.getUTCMonth() === Number(m![2]) - 1
        ? { ok: true, value: t, label: t }
        : { ok: false, error: `${spec.label} is a date written YYYY-MM-DD: “${t}” is not one.` };
    }
    case 'boolean':
    case 'choice': {
      const lower = t.toLowerCase();
      const found =
        options.find((o) => o.label.trim().toLowerCase() === lower) ??
        options.find((o) => o.value.toLowerCase() === lower) ??
        (spec.kind === 'boolean' ? options.find((o) => o.value === BOOLEAN_WORDS[lower]) : undefined);
      return found
        ? { ok: true, value: typedChoice(spec, found.value), label: found.label }
        : { ok: false, error: `“${t}” is no ${noun}.` };
    }
  }
}

/** The choices of a spec, loaded. */
export const loadChoices = async (spec: Pick<CellSpec, 'choices'>): Promise<readonly Option[]> =>
  !spec.choices ? [] : typeof spec.choices === 'function' ? spec.choices() : spec.choices;

/**
 * A column copied from a spreadsheet (text/plain: one line a row, tabs between cells, a cell
 * holding a line break, tab or quote written in double quotes): its lines, or why it is not one
 * column. The last line break is the copy's own end, not an empty row.
 */
export function pastedColumn(text: string): { ok: true; lines: string[] } | { ok: false; error: string } {
  const rows = parseTsv(text);
  if (!rows.length) return { ok: false, error: 'There is nothing to paste: the clipboard holds no text.' };
  const wide = rows.findIndex((r) => r.length > 1);
  if (wide >= 0) return { ok: false, error: `Copy one column: line ${wide + 1} has ${rows[wide].length} cells.` };
  return { ok: true, lines: rows.map((r) => r[0]) };
}

/** Tab-separated text as Excel, Numbers and Google Sheets put it on the clipboard. */
export function parseTsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let i = 0;
  const s = text.replace(/\r\n?/g, '\n');
  let atCellStart = true;
  while (i < s.length) {
    const ch = s[i];
    if (atCellStart && ch === '"') {
      // A quoted cell: up to the lone closing quote ("" is one quote).
      let j = i + 1;
      let quoted = '';
      for (; j < s.length; j++) {
        if (s[j] === '"' && s[j + 1] === '"') {
          quoted += '"';
          j++;
        } else if (s[j] === '"') break;
        else quoted += s[j];
      }
      // A quote never closed, or followed by more than the cell's end, was text after all.
      if (j < s.length && (j + 1 === s.length || s[j + 1] === '\t' || s[j + 1] === '\n')) {
        cell = quoted;
        i = j + 1;
        atCellStart = false;
        continue;
      }
    }
    atCellStart = false;
    if (ch === '\t') {
      row.push(cell);
      cell = '';
      atCellStart = true;
    } else if (ch === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      atCellStart = true;
    } else cell += ch;
    i++;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
