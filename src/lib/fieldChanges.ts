// An audit entry's fields as a diff (contract/audit.ts): what a change added, changed and
// removed, each named as its form names it (contract/fieldLabels.ts) and written as text.
import { formatDateTime } from './format';

type ChangeKind = 'added' | 'changed' | 'removed';

export interface FieldChange {
  field: string;
  label: string;
  kind: ChangeKind;
  before: string;
  after: string;
  /** A rich-text field's two versions as stored (HTML), for a rendered diff (src/lib/htmlDiff.ts). */
  html?: { before: string; after: string };
}

type Fields = Readonly<Record<string, unknown>> | null | undefined;

/**
 * Bookkeeping every write moves, and the server's own (an import's batch, the search text, a
 * reviewer's claim): a diff of them says nothing a person changed.
 */
const UNSHOWN = new Set([
  'id',
  'version',
  'created_at',
  'updated_at',
  'batch_id',
  'search_text',
  'claimed_by',
  'claimed_until',
]);

const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const TAG = /<\/?[a-z][^>]*>/gi;
const HAS_TAG = /<\/?[a-z][^>]*>/i;

/** A stored value as a person reads it: HTML as its text, a moment in the app's words, a list joined. */
function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') {
    if (ISO_MOMENT.test(value)) return formatDateTime(value);
    if (HAS_TAG.test(value)) return htmlText(value);
    return value;
  }
  if (Array.isArray(value)) return value.length ? value.map(valueText).join(', ') : '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** HTML as the words it shows: blocks on their own lines, entities of the editor read back. */
function htmlText(html: string): string {
  return html
    .replace(/<(br|\/p|\/li|\/h\d|\/div)[^>]*>/gi, '\n')
    .replace(TAG, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields that differ between `before` and `after`, in the order the record lists them: a
 * field only after is added (a create), only before removed (a delete), in both and unequal changed.
 */
export function fieldChanges(
  before: Fields,
  after: Fields,
  label: (field: string) => string,
  /** Whether a field holds HTML (contract/audit.ts HTML_FIELDS): its change keeps the markup too. */
  isHtml: (field: string) => boolean = () => false,
  /** Per field holding ids of other records, each id's name (contract/audit.ts `names`). */
  names: Readonly<Record<string, Readonly<Record<string, string>>>> = {},
): FieldChange[] {
  /** An id shown as its record's name: 'Dining', not 1. */
  const text = (field: string, v: unknown) => {
    const of = names[field];
    if (!of) return valueText(v);
    const one = (x: unknown) => (typeof x === 'number' && of[String(x)]) || valueText(x);
    return Array.isArray(v) ? (v.length ? v.map(one).join(', ') : '—') : one(v);
  };
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields.flatMap((field): FieldChange[] => {
    if (UNSHOWN.has(field)) return [];
    const inBefore = !!before && field in before;
    const inAfter = !!after && field in after;
    const b = before?.[field];
    const a = after?.[field];
    if (inBefore && inAfter && same(a, b)) return [];
    const kind: ChangeKind = inBefore && inAfter ? 'changed' : inAfter ? 'added' : 'removed';
    // A record made or deleted with a field left empty: nothing to tell of it.
    if (kind !== 'changed' && valueText(inAfter ? a : b) === '—') return [];
    return [
      {
        field,
        label: label(field),
        kind,
        before: inBefore ? text(field, b) : '',
        after: inAfter ? text(field, a) : '',
        ...(isHtml(field) && {
          html: { before: typeof b === 'string' ? b : '', after: typeof a === 'string' ? a : '' },
        }),
      },
    ];
  });
}
