// People's contact details: the e-mail addresses and phone numbers of app users, staff and
// whoever wrote to support. Only a role holding `people.read` (contract/roles.ts) reads them
// whole; every other staff role reads them masked ('v•••@example.com', '+971 •• ••• 4567'),
// in every answer that carries one: the server masks them once, in registerOperation
// (server/http/handle.ts), by the fields an operation declares (`personal`), and in the audit
// log and the palette's search, whose answers are no one resource's records.
// No TypeBox here: the browser's first download reads `isMasked`.

/** What a field holds, and so how it is masked; `text`: free words (an export's search) hidden whole. */
export type PersonalKind = 'email' | 'phone' | 'text';

/** A record's fields holding people's contact details, by name; nested records' fields too. */
export type PersonalFields = Readonly<Record<string, PersonalKind>>;

/** The character a masked value shows in place of what it hides. */
export const MASK = '•';

/** 'vera@example.com' → 'v•••@example.com': enough to tell two people apart, not to write to one. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at > 0 ? `${email[0]}${MASK.repeat(3)}${email.slice(at)}` : MASK.repeat(3);
}

/**
 * '+971 50 123 4567' → '+971 •• ••• 4567': the country code (when spaced off) and the last four
 * digits stay, every other digit is hidden; a short number is hidden whole.
 */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '').length;
  const country = /^\+\d{1,3}(?=[\s-])/.exec(phone)?.[0].length ?? 0;
  let seen = 0;
  return phone.replace(/\d/g, (d, at: number) => {
    const kept = at < country || (digits > 6 && seen >= digits - 4);
    seen++;
    return kept ? d : MASK;
  });
}

const MASKS: Record<PersonalKind, (v: string) => string> = {
  email: maskEmail,
  phone: maskPhone,
  text: () => MASK.repeat(3),
};

/**
 * `value` with every `fields` field masked, at any depth (a contact message's replies' `sent_to`
 * too). Arrays and plain objects are copied; nothing else is touched.
 */
export function maskPeople<T>(value: T, fields: PersonalFields): T {
  if (Array.isArray(value)) return value.map((v: unknown) => maskPeople(v, fields)) as T;
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value))
    out[k] = typeof v === 'string' && Object.hasOwn(fields, k) ? MASKS[fields[k]!](v) : maskPeople(v, fields);
  return out as T;
}

/** A value the server masked: shown as it is, never used as an address (no mailto: link). */
export const isMasked = (v: string | null | undefined): boolean => !!v && v.includes(MASK);
