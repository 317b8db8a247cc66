// Every failure leaves in the one error shape the client reads:
// { message, errors: { <field>: [...], message: [...] } }. Bad input is a 4xx naming the field.
import type { FastifyError, FastifyInstance } from 'fastify';

export class HttpError extends Error {
  constructor(
    public statusCode: number,
    message: string,
    public fields: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

export const badField = (field: string, text: string, status = 422) =>
  new HttpError(status, text, { [field]: [text] });

export function errorBody(message: string, fields: Record<string, string[]> = {}) {
  return { message, errors: { ...fields, message: [message] } };
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError & { fields?: Record<string, string[]> }, req, reply) => {
    if (err instanceof HttpError) return reply.status(err.statusCode).send(errorBody(err.message, err.fields));
    if (err.validation) {
      const fields: Record<string, string[]> = {};
      for (const v of err.validation) {
        const path = (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
        const field = (v.params as { missingProperty?: string })?.missingProperty ?? (path || err.validationContext || 'body');
        (fields[field] ??= []).push(describe(field, v.message ?? 'is invalid', v.keyword, v.params));
      }
      const first = Object.values(fields)[0][0];
      return reply.status(422).send(errorBody(first, fields));
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      req.log.error(err);
      if (process.env.DEBUG_ERRORS) console.error(err);
      return reply.status(500).send(errorBody('Something went wrong on the server.'));
    }
    // Fastify's own 4xx (bad JSON, too large, wrong content type): keep its status and words.
    const field = err.code === 'FST_REQ_FILE_TOO_LARGE' ? 'file' : 'body';
    return reply.status(status).send(errorBody(humanise(err), { [field]: [humanise(err)] }));
  });
  app.setNotFoundHandler((req, reply) =>
    reply.status(404).send(errorBody(`No route for ${req.method} ${req.url.split('?')[0]}`)),
  );
}

function describe(field: string, message: string, keyword: string, params: Record<string, unknown>): string {
  const name = field.split('.').pop()!.replace(/_/g, ' ');
  const label = name.charAt(0).toUpperCase() + name.slice(1);
  switch (keyword) {
    case 'required':
      return `${label} is required.`;
    case 'minLength':
      return `${label} must be at least ${params.limit} characters.`;
    case 'maxLength':
      return `${label} must be at most ${params.limit} characters.`;
    case 'format':
      return params.format === 'email' ? `${label} must be a valid e-mail address.` : `${label} is not a valid ${params.format}.`;
    case 'pattern':
      return `${label} has an invalid format.`;
    case 'type':
      return `${label} must be a ${params.type}.`;
    case 'minimum':
    case 'maximum':
      return `${label} ${message}.`;
    case 'additionalProperties':
      return `${String(params.additionalProperty)} is not an accepted field.`;
    default:
      return `${label} ${message}.`;
  }
}

function humanise(err: FastifyError): string {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type: send JSON or multipart form data.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return 'The upload is too large.';
    default:
      return err.message || 'Bad request.';
  }
}
