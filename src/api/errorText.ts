// The one place that turns a failed call into the sentence a person reads.

/** Generic failure text by HTTP method, used when the server gave nothing readable. */
export const GENERIC_ERROR = {
  GET: 'Unable to fetch data. Please try again later.',
  POST: 'Unable to add/update data. Please try again later.',
  PUT: 'Unable to update data. Please try again later.',
  PATCH: 'Unable to update data. Please try again later.',
  DELETE: 'Unable to delete data. Please try again later.',
  other: 'An unexpected error occurred. Please try again later.',
} as const;

function genericErrorText(method: string | undefined): string {
  const m = (method ?? '').toUpperCase();
  return m in GENERIC_ERROR && m !== 'other' ? GENERIC_ERROR[m as keyof typeof GENERIC_ERROR] : GENERIC_ERROR.other;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A readable string out of a value the server sent: arrays give their first element. */
function readable(v: unknown): string | null {
  const first = Array.isArray(v) ? v[0] : v;
  return typeof first === 'string' && first.trim() !== '' ? first : null;
}

/**
 * The server's own sentence, in the product's preference order:
 * errors.name, errors.type, message.error, errors.message, message.
 */
function serverErrorText(body: unknown): string | null {
  if (!isRecord(body)) return null;
  const errors = isRecord(body.errors) ? body.errors : {};
  const message = body.message;
  return (
    readable(errors.name) ??
    readable(errors.type) ??
    (isRecord(message) ? readable(message.error) : null) ??
    readable(errors.message) ??
    readable(message)
  );
}

/** The toast text for a failed call; `fallback` replaces the generic text where the product names one. */
export function errorText(method: string | undefined, body: unknown, fallback?: string): string {
  return serverErrorText(body) ?? fallback ?? genericErrorText(method);
}
