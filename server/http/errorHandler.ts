// Every failure leaves in the one error shape the client reads:
// { message, errors: { <field>: [...], message: [...] } }. Bad input is a 4xx naming the field.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, asHttp, errorBody } from '../errors';
import { validationFields } from '../services/validate';
import { logRefusedUrl, noteRefusal, noteServerError } from './requestLog';
import { noStore } from './noStore';

/**
 * Requests whose body is being read: from preParsing (after the account check) to the
 * route's own preValidation (server/http/handle.ts), or preHandler on routes that are no
 * operation (a 404). Only the body parsers run in between (JSON, and @fastify/multipart's
 * hook), so a failure there is the body's fault: a 400, not a 500.
 */
const readingBody = new WeakSet<FastifyRequest>();
export const bodyReadEnds = (req: FastifyRequest) => void readingBody.delete(req);

export function registerErrorHandler(app: FastifyInstance) {
  app.addHook('preParsing', async (req) => void readingBody.add(req));
  app.addHook('preHandler', async (req) => bodyReadEnds(req));
  app.setErrorHandler((thrown: FastifyError, req, reply) => {
    // The data's refusals (DataRefusal: the database layer, the repositories) answer as HTTP ones.
    const err = asHttp(thrown) as FastifyError;
    if (err instanceof HttpError && err.statusCode < 500) {
      noteRefusal(req, err.message);
      return reply.status(err.statusCode).send({ ...err.extra, ...errorBody(err.message, err.fields) });
    }
    if (err.validation) {
      const fields = validationFields(err.validation, err.validationContext);
      const first = Object.values(fields)[0][0];
      noteRefusal(req, first);
      return reply.status(422).send(errorBody(first, fields));
    }
    // A multipart body that is no well-formed form (no boundary, cut short) fails inside
    // busboy with a plain Error: the client's mistake, not the server's.
    if (readingBody.has(req) && (err.statusCode ?? 500) >= 500) {
      const text = 'The request body could not be read: it is not well-formed form data.';
      noteRefusal(req, `${text} (${err.message})`);
      return reply.status(400).send(errorBody(text, { body: [text] }));
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      // Logged once, with its stack, by the request's line (server/http/requestLog.ts); the
      // caller gets the request id to quote, and no detail of the server's insides.
      noteServerError(req, err);
      const served =
        err instanceof HttpError
          ? { ...err.extra, ...errorBody(err.message, err.fields) }
          : errorBody('Something went wrong on the server.');
      return reply.status(err instanceof HttpError ? status : 500).send({ ...served, request_id: req.id });
    }
    // Fastify's own 4xx (bad JSON, too large, wrong content type): keep its status and words.
    const field = err.code === 'FST_REQ_FILE_TOO_LARGE' ? 'file' : 'body';
    noteRefusal(req, humanise(err));
    return reply.status(status).send(errorBody(humanise(err), { [field]: [humanise(err)] }));
  });
  app.setNotFoundHandler((req, reply) =>
    reply.status(404).send(errorBody(`No route for ${req.method} ${req.url.split('?')[0]}`)),
  );
}

/**
 * Fastify's answers to a URL it cannot route (bad percent-encoding, a path parameter past
 * maxParamLength), in the one error shape: the `frameworkErrors` option of Fastify().
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  // No hook runs for a URL that could not be routed: its headers and log line are set here.
  reply.header('X-Request-Id', req.id);
  noStore(req, reply);
  const text =
    err.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A value in the address is too long.'
      : err.code === 'FST_ERR_BAD_URL'
        ? 'The address is not a valid URL.'
        : humanise(err);
  const status = err.statusCode ?? 400;
  logRefusedUrl(req, status, text);
  // Fastify wants nothing back from this option's function: a reply is thenable (awaiting it waits for the send).
  void reply.status(status).send(errorBody(text));
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
