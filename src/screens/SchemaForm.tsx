// A record form from the contract: one field per property of the resource's create (new) or
// update (edit) schema, in its order, then its image files (`files`). The schema says the editor
// (text, a long text, a number, a checkbox, a select of an enum's values or of another
// resource's records, several of another resource's records picked by name, a date), the field labels say its words (contract/fieldLabels.ts) and the
// create schema's required list marks the required ones; a form writes only what differs (a
// hint, a placeholder, words for an enum's values, a value that changes another field, two
// fields side by side, an editor of its own). The server checks the values and names the field
// in its messages: this form sends what was typed, and leaves out a blank text the schema lets
// be left out but not null (a password: blank on an edit keeps the current one).
import { useState, type ComponentType, type InputHTMLAttributes, type ReactNode } from 'react';
import type { TSchema } from '@sinclair/typebox';
import { labelOf } from '@contract/fieldLabels';
import { resources } from '@contract/resources';
import type { Resource } from '@contract/resource';
import type { Payload } from '@/api/resourceClient';
import { flagWords, nounOf, type ResourceScreen } from '@/commands/resourceScreen';
import { optionsOf, titleKeyOf } from '@/store/contractFilters';
import type { Option } from '@/store/filters';
import { CheckField, Field } from '@/ui/Field';
import { DateField } from '@/ui/DateField';
import { useOptions } from '@/ui/FilterBar';
import { ImageField, SelectField, TextAreaField } from '@/ui/FormFields';
import { textOrNull } from '@/ui/formParts';
import { recordPickers } from '@/ui/lookups';
import { IdsPicker } from './IdsPicker';
import { numberOrNull, numberText, ResourceForm } from './ResourceForm';
import type { FormProps } from './ResourceListView';

export type FieldKind = 'text' | 'textarea' | 'number' | 'check' | 'select' | 'ref' | 'ids' | 'date' | 'image';

/** One field of the form as the contract describes it. */
export interface FieldSpec {
  key: string;
  label: string;
  kind: FieldKind;
  required: boolean;
  /** Empty sends null (a nullable schema). */
  nullable: boolean;
  /** An enum's values (`select`). */
  options?: readonly Option[];
  /** The resource whose record an id names (`ref`: 'bank_id' → bank; `ids`: 'card_ids' → card). */
  ref?: Resource;
  /** The input's type and keyboard for text the schema describes (a URL, an e-mail, a phone), a number's bounds. */
  input?: Pick<
    InputHTMLAttributes<HTMLInputElement>,
    'type' | 'inputMode' | 'placeholder' | 'min' | 'max' | 'autoComplete'
  >;
}

/** What an editor of its own is given: the field, its value in the form, and the server's error. */
export interface EditorProps<T = unknown> {
  spec: FieldSpec;
  record: T | null;
  value: FieldValue;
  /** The new value, or how to make it from the latest one (two changes in one event). */
  onChange: (value: FieldValue | ((old: FieldValue) => FieldValue)) => void;
  error?: string;
  autoFocus: boolean;
}

/** A field's value while typed: text for text, numbers, selects and dates; a flag; ids picked; an image chosen or cleared. */
export type FieldValue = string | boolean | readonly number[] | { file: File | null; clear: boolean };

type StartValue = string | boolean | readonly number[];

/** What differs from the derived field. */
export interface FieldTweak {
  label?: string;
  /** Words under the field, or words for the value typed ('Saving ends every session' once disabled). */
  hint?: ReactNode | ((value: FieldValue) => ReactNode);
  placeholder?: string;
  className?: string;
  /** Rows of a long text; a short text given rows is drawn as a long one (an address). */
  rows?: number;
  /** The input's type where the schema does not say it (a password, its autofill). */
  input?: FieldSpec['input'];
  /** Typed text as kept ('enbd' → 'ENBD'). */
  normalise?: (text: string) => string;
  /** An enum's values in words. */
  options?: readonly Option[];
  /** A select's empty choice. */
  emptyLabel?: string;
  /** The value of a new record (a flag on by default), or how to find it as the form opens (the list's filter). */
  initial?: StartValue | (() => StartValue);
  /** Other fields a value changes as it is chosen (a discontinued card is hidden too). */
  sets?: (value: FieldValue) => Readonly<Record<string, FieldValue>> | undefined;
  /** An editor of its own; it collects through `collect` unless the value is one the kind already sends. */
  editor?: ComponentType<EditorProps>;
}

/** The fields of `resource`'s create (new) or update (edit) body, then its image files. */
export function fieldsOf(resource: Resource, editing: boolean): FieldSpec[] {
  const schema = editing ? resource.update : resource.create;
  const required = new Set(resource.create.required ?? []);
  const props = schema.properties as Record<string, TSchema>;
  const specs = Object.entries(props).map(([key, s]) => specOf(key, s, labelOf(schema, key), required.has(key)));
  for (const [key, kind] of Object.entries(resource.files ?? {}))
    if (kind === 'image' && !(key in props))
      specs.push({ key, label: labelOf(schema, key), kind: 'image', required: false, nullable: true });
  return specs;
}

type Json = {
  type?: unknown;
  items?: Json;
  anyOf?: Json[];
  const?: unknown;
  format?: unknown;
  pattern?: unknown;
  maxLength?: unknown;
  minimum?: unknown;
  maximum?: unknown;
};

function specOf(key: string, schema: TSchema, label: string, required: boolean): FieldSpec {
  const s = schema as Json;
  const branches = Array.isArray(s.anyOf) ? s.anyOf : null;
  const nullable = !!branches?.some((b) => b.type === 'null');
  const value = branches?.filter((b) => b.type !== 'null') ?? [s];
  const base = { key, label: flagWords(label), required, nullable };
  if (value.length > 1 || value[0]?.const !== undefined) {
    const values = value.map((b) => b.const).filter((v): v is string => typeof v === 'string');
    return { ...base, kind: 'select', options: values.map((v) => ({ value: v, label: v })) };
  }
  const one = value[0] ?? {};
  if (one.type === 'boolean') return { ...base, kind: 'check' };
  if (one.type === 'array' && one.items?.type === 'integer' && key.endsWith('_ids')) {
    const ref = resources.find((r) => r.name === key.slice(0, -4));
    if (ref) return { ...base, kind: 'ids', ref };
  }
  if (one.type === 'integer' || one.type === 'number') {
    const ref = key.endsWith('_id') ? resources.find((r) => r.name === key.slice(0, -3)) : undefined;
    if (ref) return { ...base, kind: 'ref', ref };
    const bounds = {
      ...(typeof one.minimum === 'number' && { min: one.minimum }),
      ...(typeof one.maximum === 'number' && { max: one.maximum }),
    };
    return Object.keys(bounds).length ? { ...base, kind: 'number', input: bounds } : { ...base, kind: 'number' };
  }
  if (one.format === 'date' || one.format === 'date-time') return { ...base, kind: 'date' };
  if (typeof one.maxLength === 'number' && one.maxLength >= 500) return { ...base, kind: 'textarea' };
  const pattern = typeof one.pattern === 'string' ? one.pattern : '';
  if (pattern.startsWith('^https?://'))
    return { ...base, kind: 'text', input: { type: 'url', inputMode: 'url', placeholder: 'https://' } };
  if (one.format === 'email') return { ...base, kind: 'text', input: { type: 'email' } };
  if (pattern.startsWith('^[0-9+')) return { ...base, kind: 'text', input: { type: 'tel' } };
  return { ...base, kind: 'text' };
}

/** A field's value in the form, from the record being edited or the new record's default. */
function startValue(spec: FieldSpec, record: Record<string, unknown> | null, tweak: FieldTweak | undefined) {
  const initial = tweak?.initial;
  const v = record ? record[spec.key] : typeof initial === 'function' ? initial() : initial;
  switch (spec.kind) {
    case 'check':
      return typeof v === 'boolean' ? v : false;
    case 'image':
      return { file: null, clear: false };
    case 'ids':
      return Array.isArray(v) ? v.filter((id): id is number => typeof id === 'number') : [];
    case 'number':
      return typeof v === 'number' ? numberText(v) : typeof v === 'string' ? v : '';
    case 'text':
    case 'textarea':
    case 'select':
    case 'ref':
    case 'date':
      return v === null || v === undefined ? '' : String(v);
  }
}

/** The values as the body the server takes: text trimmed ('' → null where the schema allows it). */
export function payloadOf(
  specs: readonly FieldSpec[],
  values: Readonly<Record<string, FieldValue>>,
  record: Record<string, unknown> | null,
): Payload {
  const data: Payload = {};
  for (const spec of specs) {
    const v = values[spec.key];
    if (isIds(v)) data[spec.key] = [...v];
    else if (typeof v === 'object') {
      if (v.file) data[spec.key] = v.file;
      else if (v.clear && record?.[spec.key]) data[`remove_${spec.key}`] = true;
    } else if (typeof v === 'boolean') data[spec.key] = v;
    else if (spec.kind === 'number') data[spec.key] = numberOrNull(v);
    else if (spec.kind === 'ref') {
      // Not chosen on a new record: left out, so the server says it is required.
      if (v) data[spec.key] = Number(v);
      else if (record || !spec.required) data[spec.key] = null;
    } else if (spec.kind === 'text' || spec.kind === 'textarea') {
      // A password is sent as typed, spaces and all.
      const text = spec.input?.type === 'password' ? v : v.trim();
      // Neither null nor required (a password): blank is left out, so an edit keeps the current one.
      if (text === '' && !spec.nullable && !spec.required) continue;
      data[spec.key] = spec.nullable ? textOrNull(v) : text;
    } else data[spec.key] = v === '' && spec.nullable ? null : v;
  }
  return data;
}

interface SchemaFormProps<T extends { id: number; version?: number }> extends FormProps<T> {
  screen: Pick<ResourceScreen<T>, 'resource' | 'describe' | 'noun'>;
  /** Per field, what differs from the contract (`{ code: { hint: '…' } }`). */
  fields?: Readonly<Record<string, FieldTweak>>;
  /** Fields shown side by side, each pair next to each other in the schema's order (`[['bank_id', 'network_id']]`). */
  pairs?: readonly (readonly [string, string])[];
}

/** Add or edit a record of `screen`; values live here, so a refused save keeps what was typed. */
export function SchemaForm<T extends { id: number; version?: number }>({
  screen,
  fields: tweaks = {},
  pairs = [],
  ...props
}: SchemaFormProps<T>) {
  const { record, errors } = props;
  const row = record as unknown as Record<string, unknown> | null;
  const [specs] = useState(() =>
    fieldsOf(screen.resource, !!record).map((s) => {
      const input = tweaks[s.key]?.input;
      return input ? { ...s, input: { ...s.input, ...input } } : s;
    }),
  );
  const [values, setValues] = useState<Record<string, FieldValue>>(() =>
    Object.fromEntries(specs.map((s) => [s.key, startValue(s, row, tweaks[s.key])])),
  );
  const what = nounOf(screen).one;
  const set = (key: string) => (v: FieldValue | ((old: FieldValue) => FieldValue)) =>
    setValues((old) => {
      const value = typeof v === 'function' ? v(old[key]) : v;
      return { ...old, [key]: value, ...tweaks[key]?.sets?.(value) };
    });
  // `?field=image`: the form opens at that field (a health queue's fix: src/features/health/healthModel.ts).
  const asked = new URLSearchParams(window.location.search).get('field');
  const focusKey = asked && specs.some((s) => s.key === asked) ? asked : null;
  const editorOf = (spec: FieldSpec, i: number) => {
    const tweak = tweaks[spec.key] ?? {};
    const editor = {
      spec: { ...spec, label: tweak.label ?? spec.label },
      record,
      value: values[spec.key],
      onChange: set(spec.key),
      error: errors[spec.key],
      autoFocus: focusKey ? spec.key === focusKey : i === 0,
    };
    const Editor = tweak.editor;
    return Editor ? <Editor key={spec.key} {...editor} /> : <DerivedEditor key={spec.key} {...editor} tweak={tweak} />;
  };
  const partner = new Map(pairs.map(([a, b]) => [a, b]));

  return (
    <ResourceForm
      {...props}
      what={what}
      editTitle={record ? `Edit ${screen.describe(record).label}` : undefined}
      createLabel={`Create ${what}`}
      fields={specs.map((s) => s.key)}
      collect={() => payloadOf(specs, values, row)}
    >
      {specs.map((spec, i) => {
        // The second of a pair is drawn with the first.
        if (i > 0 && partner.get(specs[i - 1].key) === spec.key) return null;
        const next = specs[i + 1];
        return next && partner.get(spec.key) === next.key ? (
          <div key={spec.key} className="field-pair">
            {editorOf(spec, i)}
            {editorOf(next, i + 1)}
          </div>
        ) : (
          editorOf(spec, i)
        );
      })}
    </ResourceForm>
  );
}

/** The editor the schema implies, with the form's tweaks. */
function DerivedEditor({
  spec,
  record,
  value,
  onChange,
  error,
  autoFocus,
  tweak,
}: EditorProps & { tweak: FieldTweak }) {
  const { key: name, label, required } = spec;
  const common = {
    label,
    name,
    error,
    autoFocus: autoFocus || undefined,
    hint: typeof tweak.hint === 'function' ? tweak.hint(value) : tweak.hint,
    className: tweak.className,
  };
  const text = typeof value === 'string' ? value : '';
  switch (spec.kind === 'text' && tweak.rows ? 'textarea' : spec.kind) {
    case 'check':
      return (
        <CheckField
          name={name}
          label={label}
          checked={value === true}
          onChange={(e) => onChange(e.target.checked)}
          error={error}
          autoFocus={common.autoFocus}
          className={tweak.className}
        />
      );
    case 'image': {
      const image = imageOf(value);
      const current = (record as Record<string, unknown> | null)?.[name];
      return (
        <ImageField
          label={label}
          name={name}
          current={typeof current === 'string' ? current : null}
          file={image.file}
          onFile={(file) => onChange((old) => ({ ...imageOf(old), file }))}
          clear={image.clear}
          onClear={(clear) => onChange((old) => ({ ...imageOf(old), clear }))}
          error={error}
        />
      );
    }
    case 'textarea':
      return (
        <TextAreaField
          {...common}
          required={required || undefined}
          rows={tweak.rows ?? 3}
          placeholder={tweak.placeholder}
          value={text}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'select':
      return (
        <SelectField
          {...common}
          required={required || undefined}
          value={text}
          onChange={(e) => onChange(e.target.value)}
          options={tweak.options ?? spec.options ?? []}
          emptyLabel={tweak.emptyLabel ?? `Choose a ${label.toLowerCase()}`}
        />
      );
    case 'ids': {
      const target = spec.ref as Resource;
      const source = recordPickers[target.name];
      if (!source) throw new Error(`No picker of ${target.label.many.toLowerCase()}: add one to src/ui/lookups.ts`);
      return (
        <IdsPicker
          spec={spec}
          record={record}
          value={value}
          onChange={onChange}
          error={error}
          autoFocus={autoFocus}
          source={source}
          hint={common.hint}
          placeholder={tweak.placeholder}
        />
      );
    }
    case 'ref':
      return <RefSelect spec={spec} record={record} common={common} tweak={tweak} value={text} onChange={onChange} />;
    case 'date':
      return (
        <DateField
          {...common}
          required={required || undefined}
          placeholder={tweak.placeholder}
          value={text}
          onChange={onChange}
        />
      );
    case 'text':
    case 'number':
      return (
        <Field
          {...common}
          required={required || undefined}
          autoComplete="off"
          {...spec.input}
          {...(spec.kind === 'number' && { type: 'number', inputMode: 'decimal' as const, step: 'any' })}
          placeholder={tweak.placeholder ?? spec.input?.placeholder}
          value={text}
          onChange={(e) => onChange(tweak.normalise ? tweak.normalise(e.target.value) : e.target.value)}
        />
      );
  }
}

const isIds = (v: FieldValue): v is readonly number[] => Array.isArray(v);
const imageOf = (v: FieldValue) => (typeof v === 'object' && !isIds(v) ? v : { file: null, clear: false });

/** Another resource's record, chosen from its whole list (the record's own kept if the list lacks it). */
function RefSelect({
  spec,
  record,
  common,
  tweak,
  value,
  onChange,
}: {
  spec: FieldSpec;
  record: unknown;
  common: { label: string; name: string; error?: string; autoFocus?: boolean; hint?: ReactNode; className?: string };
  tweak: FieldTweak;
  value: string;
  onChange: EditorProps['onChange'];
}) {
  const target = spec.ref as Resource;
  const loaded = useOptions(optionsOf(target));
  const own = (record as Record<string, unknown> | null)?.[spec.key];
  // The name a record shows for it: 'bank_name' for a bank, 'network_type' for a network (its title).
  const shown = (record as Record<string, unknown> | null)?.[`${target.name}_${titleKeyOf(target)}`];
  const list =
    own && !loaded.list.some((o) => o.value === String(own))
      ? [...loaded.list, { value: String(own), label: typeof shown === 'string' ? shown : `#${String(own)}` }]
      : loaded.list;
  const one = target.label.one.toLowerCase();
  return (
    <SelectField
      {...common}
      required={spec.required || undefined}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      options={list}
      emptyLabel={
        tweak.emptyLabel ??
        (loaded.loading
          ? `Loading ${target.label.many.toLowerCase()}…`
          : spec.required
            ? `Choose a ${one}`
            : `No ${one}`)
      }
    />
  );
}
