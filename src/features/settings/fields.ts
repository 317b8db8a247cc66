// The settings form's fields, one per setting of the contract (contract/settings.ts
// `SettingsFields`): its label, its kind (a flag, an e-mail, a whole or decimal number, a line
// or a paragraph of text) and its bounds come from the schema, so a setting added there shows
// here with no field written by hand. The screen says only what differs (a placeholder, a
// hint's second half) and which section holds it; `SECTIONS` names every setting once
// (./fields.test.ts).
import { SETTING_FIELDS, SETTING_LABELS, SettingsFields, type SettingField, type Settings } from '@contract/settings';
import { formatNumber } from '@/lib/format';

export type SettingKind = 'flag' | 'email' | 'integer' | 'decimal' | 'text' | 'paragraph';

export interface SettingDef {
  key: SettingField;
  label: string;
  kind: SettingKind;
  /** Null allowed: an empty field saves as null. */
  nullable: boolean;
  /** '0.1 to 200': a number's bounds in words. */
  bounds?: string;
  maxLength?: number;
}

interface Schema {
  type?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  anyOf?: Schema[];
}

/** Longer than a line: a text field past this many characters is a paragraph (the maintenance message). */
const LINE = 200;

function defOf(key: SettingField): SettingDef {
  const schema = SettingsFields[key] as Schema;
  const value = schema.anyOf?.find((s) => s.type !== 'null') ?? schema;
  const nullable = !!schema.anyOf?.some((s) => s.type === 'null');
  const bounds =
    value.minimum !== undefined && value.maximum !== undefined
      ? `${formatNumber(value.minimum)} to ${formatNumber(value.maximum)}`
      : undefined;
  const kind: SettingKind =
    value.type === 'boolean'
      ? 'flag'
      : value.type === 'integer'
        ? 'integer'
        : value.type === 'number'
          ? 'decimal'
          : value.format === 'email'
            ? 'email'
            : (value.maxLength ?? 0) > LINE
              ? 'paragraph'
              : 'text';
  return { key, label: SETTING_LABELS[key], kind, nullable, bounds, maxLength: value.maxLength };
}

/** Every setting's field, in the contract's order. */
export const SETTING_DEFS: Readonly<Record<SettingField, SettingDef>> = Object.fromEntries(
  SETTING_FIELDS.map((f) => [f, defOf(f)]),
) as Record<SettingField, SettingDef>;

/** The form's sections: a title, what it is about, and its settings (a pair of them side by side). */
export interface SettingsSection {
  title: string;
  about: string;
  rows: readonly (SettingField | readonly [SettingField, SettingField])[];
}

export const SECTIONS: readonly SettingsSection[] = [
  { title: 'Support', about: 'Where the app sends people who need help.', rows: ['support_email'] },
  {
    title: 'Outlets and homepage',
    about: 'How much the app shows before a person chooses.',
    rows: [['default_outlet_radius_km', 'offers_per_section']],
  },
  {
    title: 'App versions',
    about: 'An older app asks its user to update before going on (x.y.z).',
    rows: [['min_app_version_ios', 'min_app_version_android']],
  },
  {
    title: 'Maintenance',
    about: 'While it is on, the app shows the message instead of its screens.',
    rows: ['maintenance_mode', 'maintenance_message'],
  },
  {
    title: 'Catalogue health',
    about:
      'What the Health queues count: how far ahead an offer ends soon, what a complete offer and outlet hold, and how alike two names are before they count as duplicates.',
    rows: [
      ['health_ending_days', 'health_duplicate_similarity'],
      'health_offer_image',
      'health_offer_terms',
      'health_outlet_area',
      'health_outlet_location',
    ],
  },
  { title: 'Audit log', about: 'How long the log keeps what was changed.', rows: ['audit_retention_days'] },
];

/** The settings in the sections' order. */
export const sectionFields = (s: SettingsSection): SettingField[] =>
  s.rows.flatMap((r) => (Array.isArray(r) ? r : [r]));

/** The values as the form holds them: a flag as itself, everything else as the text typed. */
export type Draft = Record<SettingField, string | boolean>;

export const draftOf = (r: Settings): Draft =>
  Object.fromEntries(
    SETTING_FIELDS.map((f) => [f, SETTING_DEFS[f].kind === 'flag' ? Boolean(r[f]) : String(r[f] ?? '')]),
  ) as Draft;

/** Text → the type the setting takes ('' and junk stay as typed, for the server to name). */
export function typed(d: Draft): Record<SettingField, unknown> {
  const num = (t: string) => (t.trim() !== '' && Number.isFinite(Number(t)) ? Number(t) : t);
  return Object.fromEntries(
    SETTING_FIELDS.map((f) => {
      const { kind, nullable } = SETTING_DEFS[f];
      const v = d[f];
      if (kind === 'flag') return [f, v];
      const text = String(v).trim();
      if (kind === 'integer' || kind === 'decimal') return [f, num(text)];
      return [f, nullable && text === '' ? null : text];
    }),
  ) as Record<SettingField, unknown>;
}
