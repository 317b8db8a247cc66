// Every failure leaves in the one error shape the client reads:
// { message, errors: { <field>: [...], message: [...] } }. Bad input is a 4xx naming the field.
import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError, errorBody, fieldLabel } from '../errors';

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof HttpError) return reply.status(err.statusCode).send({ ...err.extra, ...errorBody(err.message, err.fields) });
    if (err.validation) {
      const fields = validationFields(err.validation, err.validationContext);
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
  app.setNotFoundHandler((req, reply) => reply.status(404).send(errorBody(`No route for ${req.method} ${req.url.split('?')[0]}`)));
}

export interface ValidationIssue {
  instancePath?: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** Ajv's errors as sentences per field ('Name is required.'). Also used for CSV rows. */
export function validationFields(issues: readonly ValidationIssue[], context = 'body'): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const v of issues) {
    // A union (nullable field) reports each branch; the sentence of its last branch says it best.
    if (v.keyword === 'anyOf') continue;
    const path = (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
    const field = (v.params as { missingProperty?: string })?.missingProperty ?? (path || context);
    (fields[field] ??= []).push(describe(field, v.message ?? 'is invalid', v.keyword, v.params));
  }
  if (!Object.keys(fields).length) fields[context] = [`${fieldLabel(context)} is invalid.`];
  return fields;
}

function describe(field: string, message: string, keyword: string, params: Record<string, unknown>): string {
  const label = fieldLabel(field);
  switch (keyword) {
    case 'required':
      return `${label} is required.`;
    case 'minLength':
      return Number(params.limit) === 1 ? `${label} must not be empty.` : `${label} must be at least ${params.limit} characters.`;
    case 'maxLength':
      return `${label} must be at most ${params.limit} characters.`;
    case 'format':
      return params.format === 'email' ? `${label} must be a valid e-mail address.` : `${label} is not a valid ${params.format}.`;
    case 'pattern':
      return `${label} has an invalid format.`;
    case 'type':
      return `${label} must be ${article(String(params.type))}.`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `${label} ${message}.`;
    case 'additionalProperties':
      return `${String(params.additionalProperty)} is not an accepted field.`;
    case 'const':
    case 'enum':
      return `${label} is not one of the accepted values.`;
    default:
      return `${label} ${message}.`;
  }
}

const article = (type: string) => {
  const words: Record<string, string> = { integer: 'a whole number', number: 'a number', string: 'text', boolean: 'true or false', object: 'an object', array: 'a list', null: 'empty' };
  return type
    .split(',')
    .map((t) => words[t] ?? `a ${t}`)
    .join(' or ');
};

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
