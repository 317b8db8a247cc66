// The errors the server throws to refuse a call. The layers above the data (routes, services,
// the HTTP layer) throw HttpError; the database layer and the repositories say why the data
// refuses without HTTP (DataRefusal, lint holds it). The HTTP layer turns both into the one
// error shape the client reads (server/http/errorHandler.ts).
import { humanise } from '@contract/fieldLabels';

export class HttpError extends Error {
  constructor(
    public statusCode: number,
    message: string,
    public fields: Record<string, string[]> = {},
    /** More keys for the answer's body (add_csv's invalid_data, say). */
    public extra: Record<string, unknown> = {},
    /** keepWrites: the call is refused, but what it wrote stands (a wrong code still counts). */
    public options: { keepWrites?: boolean } = {},
  ) {
    super(message);
  }
}

/** 422 (or `status`) naming one field. */
export const badField = (field: string, text: string, status = 422) => new HttpError(status, text, { [field]: [text] });

/** Why the data refuses a write, without HTTP: the HTTP layer answers it with REFUSAL_STATUS. */
export class DataRefusal extends Error {
  constructor(
    public reason: keyof typeof REFUSAL_STATUS,
    message: string,
    public fields: Record<string, string[]> = {},
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

const REFUSAL_STATUS = { invalid: 422, conflict: 409, unavailable: 503 } as const;

/** The data refuses one field's value. */
export const invalidField = (field: string, text: string) => new DataRefusal('invalid', text, { [field]: [text] });

/** A refusal of the data as the HTTP layer answers it; anything else as it is. */
export const asHttp = (err: unknown) => {
  if (!(err instanceof DataRefusal)) return err;
  const http = new HttpError(REFUSAL_STATUS[err.reason], err.message, err.fields);
  // What made the data refuse (a lost connection) goes to the log with the 503's line.
  if (err.cause !== undefined) http.cause = err.cause;
  return http;
};

/** An update whose `version` no longer matches: someone else saved first. */
export class StaleVersionError extends Error {
  constructor(public current: unknown) {
    super('This record was changed by someone else. Reload it and try again.');
  }
}

/** { message, errors: { <field>: [...], message: [...] } }: `errors.message[0]` repeats the sentence. */
export function errorBody(message: string, fields: Record<string, string[]> = {}) {
  return { message, errors: { ...fields, message: [message] } };
}

/**
 * A field named in a message where its schema is not at hand: its key in words, as forms
 * label it ('bank_id' → 'Bank', 'valid_to' → 'Valid to'; contract/fieldLabels.ts). Messages
 * from a schema's check use its title (server/services/validate.ts).
 */
export const fieldLabel = (field: string) =>
  humanise(
    field
      .split('.')
      .filter((part) => !/^\d+$/.test(part)) // 'card_ids.0': an item is named by its list
      .pop() ?? field,
  );
