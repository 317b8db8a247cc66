// A field's name in words, written once: the form's label and the server's messages both read
// it, so "Bank is required." names the field the form calls "Bank" (not "Bank id"). A field
// whose label is more than its key in words gets a `title` on its schema property
// (`annual_fee: Type.Number({ title: 'Annual fee (AED)' })`); every other field is named by
// its key ('valid_to' → 'Valid to', 'bank_id' → 'Bank', 'card_ids' → 'Cards').

/** A key in words: underscores as spaces, a trailing id dropped ('bank_id' → 'Bank', 'card_ids' → 'Cards'). */
export function humanise(field: string): string {
  const words = field
    .replace(/_ids$/, 's')
    .replace(/(.)_id$/, '$1')
    .replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

type Schema = { title?: unknown; anyOf?: unknown; properties?: unknown };

/** A schema's title; a nullable field's union has its value's (contract/fields.ts Nullable). */
export function titleOf(schema: unknown): string | undefined {
  const s = schema as Schema | null | undefined;
  if (!s || typeof s !== 'object') return undefined;
  if (typeof s.title === 'string') return s.title;
  if (Array.isArray(s.anyOf))
    for (const branch of s.anyOf)
      if (typeof (branch as Schema)?.title === 'string') return (branch as Schema).title as string;
  return undefined;
}

/** The label of `field` of an object schema: its title, else its key in words. */
export function labelOf(schema: unknown, field: string): string {
  const props = (schema as Schema | undefined)?.properties as Record<string, unknown> | undefined;
  return titleOf(props?.[field]) ?? humanise(field);
}

/** A form's labels from the body schema it sends: `const label = labelsOf(cardResource.create); label('bank_id')`. */
export const labelsOf =
  <S extends { properties: object }>(schema: S) =>
  (field: keyof S['properties'] & string): string =>
    labelOf(schema, field);

/** The label inside a sentence: without a unit in brackets ('Annual fee (AED) must be…' reads 'Annual fee must be…'). */
export const inSentence = (label: string) => label.replace(/\s*\([^)]*\)$/, '');
