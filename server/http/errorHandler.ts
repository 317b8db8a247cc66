// Every failure leaves in the one error shape the client reads:
// { message, errors: { <field>: [...], message: [...] } }. Bad input is a 4xx naming the field.
import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError, errorBody } from '../errors';
import { validationFields } from '../services/validate';

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
