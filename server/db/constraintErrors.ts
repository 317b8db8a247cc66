// The one place database rule violations become answers naming the field. PostgreSQL (and
// PGlite, the same engine) names the key in the error's detail, so no per-entity map is
// needed: a duplicate is 422 on the unique column, a missing reference 422 on the foreign
// key column, a delete blocked by dependants 409, a stale version 409. Check constraints
// whose sentence a person needs are listed in CHECKS.
import { DataRefusal, StaleVersionError, fieldLabel } from '../errors';

/** Check constraints (server/db/migrations) → the field and the sentence. */
const CHECKS: Record<string, [field: string, text: string]> = {
  offers_valid_range: ['valid_to', 'Valid to must be on or after valid from.'],
  outlet_radius_kilometres_check: ['kilometres', 'Kilometres must be more than 0.'],
  hero_banners_schedule: ['ends_at', 'Ends must be after Starts.'],
  dont_miss_out_schedule: ['ends_at', 'Ends must be after Starts.'],
  welcome_boxes_schedule: ['ends_at', 'Ends must be after Starts.'],
  selected_offers_schedule: ['ends_at', 'Ends must be after Starts.'],
};

interface PgError {
  code?: string;
  constraint?: string;
  detail?: string;
  table?: string;
  column?: string;
}

/** `one`: how a record of the call's resource reads inside a sentence ('bank'). */
export function refusalOf(err: unknown, one = 'record'): unknown {
  if (err instanceof StaleVersionError) return new DataRefusal('conflict', err.message, { version: [err.message] });
  const e = err as PgError;
  if (typeof e?.code !== 'string') return err;
  const key = keyColumn(e.detail);
  switch (e.code) {
    case '23505':
      return duplicate(one, key ?? 'name');
    case '23001': // restrict_violation: `on delete restrict`
    case '23503': {
      const referencedFrom = /(?:still )?referenced from table "([^"]+)"/.exec(e.detail ?? '')?.[1];
      return referencedFrom ? stillUsed(one, referencedFrom) : missingReference(key ?? 'id');
    }
    case '23514':
      return brokenCheck(e.constraint ?? '');
    case '23502': {
      const field = e.column ?? 'body';
      return new DataRefusal('invalid', `${fieldLabel(field)} is required.`, {
        [field]: [`${fieldLabel(field)} is required.`],
      });
    }
    case '22003': // numeric value out of range
    case '22P02': // invalid text representation
    case '22007': // invalid date
    case '22008': // date out of range
      return new DataRefusal('invalid', 'A value is out of range.', { body: ['A value is out of range.'] });
    default:
      return err;
  }
}

// The refusals below are also what a revert of the audit log foresees before it writes
// (server/services/revertPlan.ts), so its answer is the one the database would give.

/** A unique key already held by another row: 422 on its (last plain) column. */
export function duplicate(one: string, field: string): DataRefusal {
  const text = `A ${one} with this ${field.replace(/_/g, ' ')} already exists.`;
  return new DataRefusal('invalid', text, { [field]: [text] });
}

/** A check constraint broken: its field and sentence (CHECKS), else a general one. */
export function brokenCheck(constraint: string): DataRefusal {
  const [field, text] = CHECKS[constraint] ?? ['body', 'The values break a rule of this record.'];
  return new DataRefusal('invalid', text, { [field]: [text] });
}

/** A write naming a record that is not there: 422 on the key column ('Card does not exist.'). */
export function missingReference(field: string): DataRefusal {
  const text = `${fieldLabel(field.replace(/_id$/, ''))} does not exist.`;
  return new DataRefusal('invalid', text, { [field]: [text] });
}

/** A delete of a record (`one`: 'bank') that rows of `table` still use and may not lose: 409. */
export function stillUsed(one: string, table: string): DataRefusal {
  const text = `This ${one} is still used by ${table.replace(/_/g, ' ')}; remove those first.`;
  return new DataRefusal('conflict', text, { id: [text] });
}

/** 'Key (bank_id, lower(name::text))=(3, x) already exists.' → 'name' (the last plain column). */
export function keyColumn(detail: string | undefined): string | null {
  const m = /^Key \((.*)\)=\(/.exec(detail ?? '');
  if (!m) return null;
  const cols = [...m[1].replace(/::[a-z ]+/g, '').matchAll(/\b([a-z_][a-z0-9_]*)\b(?!\s*\()/g)].map((x) => x[1]);
  return cols.at(-1) ?? null;
}
