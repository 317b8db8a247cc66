// The OpenAPI document the server serves at /api/openapi.json: valid against the official
// OpenAPI schema, with optional defaults and declared bearer security. Then the checker
// every other API test goes through (tests/helpers/openapi.ts), held to a small document
// of its own so that a false positive of the validator shows here and not as a server bug.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { ErrorObject } from 'ajv';
import { startTestServer, type TestServer } from '../helpers/app';
import { OpenApiChecker, openApiGuard, type GotResponse } from '../helpers/openapi';

type Op = {
  parameters?: { name: string; in: string; required?: boolean; schema?: { default?: unknown } }[];
  security?: Record<string, string[]>[];
};
type Doc = {
  openapi: string;
  paths: Record<string, Record<string, Op>>;
  security?: Record<string, string[]>[];
  components?: { securitySchemes?: Record<string, unknown> };
};

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const operations = (doc: Doc) =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([m]) => METHODS.has(m))
      .map(([m, op]) => ({ name: `${m.toUpperCase()} ${path}`, path, op })),
  );

describe('the served OpenAPI document', () => {
  let s: TestServer;
  let doc: Doc;
  beforeAll(async () => {
    s = await startTestServer();
    doc = (await s.call({ method: 'GET', url: '/api/openapi.json' })).json();
  });
  afterAll(() => s.close());

  it('validates against the official OpenAPI schema of its version', async () => {
    const validator = new Validator({ allErrors: true });
    const result = await validator.validate(doc as never);
    // The schema's oneOf over Reference | Schema repeats every error up the tree as
    // "must have required property '$ref'" and "must match exactly one schema in oneOf";
    // the leaf errors are the ones that say what is wrong.
    const all = Array.isArray(result.errors) ? result.errors : [];
    const leaves = all.filter(
      (e: ErrorObject) => e.keyword !== 'oneOf' && !e.schemaPath.startsWith('#/definitions/Reference/'),
    );
    const lines = (leaves.length ? leaves : all).map(
      (e) =>
        `${decodePointer(e.instancePath)}: ${e.message}${e.params && 'type' in e.params ? '' : ` ${JSON.stringify(e.params)}`}`,
    );
    const text = typeof result.errors === 'string' ? [result.errors] : [...new Set(lines)];
    expect(text, `openapi ${doc.openapi} document is invalid (checked as ${validator.version})`).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('marks no query parameter that has a default as required', () => {
    const offenders = operations(doc).flatMap(({ name, op }) =>
      (op.parameters ?? [])
        .filter((p) => p.in === 'query' && p.required && p.schema?.default !== undefined)
        .map((p) => `${name} ?${p.name} (default ${JSON.stringify(p.schema?.default)})`),
    );
    expect(offenders, 'query parameters the server defaults but the document requires').toEqual([]);
  });

  it('declares bearer security on /admin/v1 and on the signed-in /api/v1 calls', () => {
    expect(doc.components?.securitySchemes?.bearer).toEqual({ type: 'http', scheme: 'bearer' });
    const signedIn = new Set(['/api/v1/reset_password', '/api/v1/update_profile', '/api/v1/logout']);
    const offenders = operations(doc)
      .filter(({ path }) => path.startsWith('/admin/v1/') || signedIn.has(path))
      .filter(({ op }) => JSON.stringify(op.security ?? doc.security) !== JSON.stringify([{ bearer: [] }]))
      .map(({ name, op }) => `${name} (security: ${JSON.stringify(op.security ?? doc.security) ?? 'none'})`);
    expect(offenders, 'operations that do not declare security: [{ bearer: [] }]').toEqual([]);
    for (const path of signedIn) expect(Object.keys(doc.paths)).toContain(path);
  });
});

const decodePointer = (p: string) =>
  p
    .split('/')
    .filter(Boolean)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join(' › ') || '(document)';

// A document shaped like the server's (3.0, TypeBox through @fastify/swagger): path ids,
// defaulted query integers, a boolean query flag, nullable fields in the two forms a 3.0
// emitter writes, a boolean exclusiveMinimum, JSON and multipart bodies, per-status bodies.
const SMALL = {
  openapi: '3.0.3',
  info: { title: 'checker', version: '1' },
  components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
  paths: {
    '/things': {
      get: {
        security: [{ bearer: [] }],
        parameters: [
          { in: 'query', name: 'page', schema: { type: 'integer', minimum: 1, default: 1 } },
          { in: 'query', name: 'active', schema: { type: 'boolean' } },
        ],
        responses: {
          '200': {
            description: 'ok',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['data'],
                  properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Thing' } } },
                },
              },
            },
          },
        },
      },
    },
    '/things/{id}': {
      post: {
        security: [{ bearer: [] }],
        parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'integer', minimum: 1 } }],
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': { schema: { $ref: '#/components/schemas/ThingInput' } },
            'application/json': { schema: { $ref: '#/components/schemas/ThingInput' } },
          },
        },
        responses: {
          '200': {
            description: 'ok',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['data'],
                  properties: { data: { $ref: '#/components/schemas/Thing' } },
                },
              },
            },
          },
          '422': {
            description: 'bad',
            content: {
              'application/json': {
                schema: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
              },
            },
          },
        },
      },
    },
  },
} as const;
const SMALL_SCHEMAS = {
  Thing: {
    type: 'object',
    required: ['id', 'name', 'logo', 'note'],
    properties: {
      id: { type: 'integer' },
      name: { type: 'string' },
      logo: { type: 'string', nullable: true },
      // @fastify/swagger's 3.0 form of Union([Null, String]) when it cannot merge it
      note: {
        anyOf: [
          { type: 'object', nullable: true, enum: [null] },
          { type: 'string', format: 'date' },
        ],
      },
    },
  },
  ThingInput: {
    type: 'object',
    required: ['name', 'km'],
    properties: {
      name: { type: 'string', minLength: 2 },
      km: { type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 200 },
      shown: { type: 'boolean' },
      tag: { anyOf: [{ type: 'null' }, { type: 'string' }] },
    },
  },
};

describe('the request/response checker', () => {
  let check: OpenApiChecker;
  beforeAll(async () => {
    check = await OpenApiChecker.create({ ...SMALL, components: { ...SMALL.components, schemas: SMALL_SCHEMAS } });
  });
  const auth = { authorization: 'Bearer t' };
  const json = (statusCode: number, body: unknown): GotResponse => ({
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(body),
  });
  const thing = { id: 1, name: 'A', logo: null, note: null };

  it('coerces query and path strings by the parameter schema, and accepts nullable fields in both forms', () => {
    expect(
      check.check(
        { method: 'GET', url: '/things?page=2&active=true', headers: auth },
        json(200, { data: [thing, { ...thing, logo: 'x', note: '2024-05-01' }] }),
      ),
    ).toBeNull();
    expect(
      check.check({ method: 'GET', url: '/things', query: { page: '3' }, headers: auth }, json(200, { data: [] })),
    ).toBeNull();
    expect(
      check.check(
        { method: 'POST', url: '/things/7', headers: auth, payload: { name: 'Ab', km: 0.5, tag: null } },
        json(200, { data: thing }),
      ),
    ).toBeNull();
  });

  it('ignores query parameters the document does not list', () => {
    expect(check.check({ method: 'GET', url: '/things?utm=1', headers: auth }, json(200, { data: [] }))).toBeNull();
  });

  it('requires a 4xx for a request the document rejects, naming why', () => {
    const bad = check.check(
      { method: 'GET', url: '/things?page=0&active=maybe', headers: auth },
      json(200, { data: [] }),
    );
    expect(bad?.kind).toBe('server accepted a request the document rejects');
    expect(bad?.errors.join('\n')).toMatch(/query\/page: must be >= 1/);
    expect(bad?.errors.join('\n')).toMatch(/query\/active: must be boolean/);
    expect(
      check.check(
        { method: 'POST', url: '/things/abc', headers: auth, payload: { name: 'Ab', km: 1 } },
        json(200, { data: thing }),
      )?.errors,
    ).toEqual(['path/id: must be integer']);
    expect(
      check.check(
        { method: 'POST', url: '/things/1', headers: auth, payload: { name: 'Ab', km: 0 } },
        json(200, { data: thing }),
      )?.errors,
    ).toEqual(['body/km: must be > 0']);
    expect(
      check.check(
        { method: 'POST', url: '/things/1', headers: auth, payload: { name: 'Ab', km: 0 } },
        json(422, { message: 'no' }),
      ),
    ).toBeNull();
    expect(check.check({ method: 'GET', url: '/things' }, json(200, { data: [] }))?.errors[0]).toMatch(
      /no bearer token/,
    );
    expect(check.check({ method: 'DELETE', url: '/things/1', headers: auth }, json(200, {}))?.errors).toEqual([
      'the document has no DELETE for this path',
    ]);
    expect(check.check({ method: 'DELETE', url: '/things/1', headers: auth }, json(404, {}))).toBeNull();
    expect(
      check.check(
        { method: 'POST', url: '/things/1', headers: { ...auth, 'content-type': 'text/plain' }, payload: 'hi' },
        json(415, {}),
      ),
    ).toBeNull();
    expect(
      check.check(
        {
          method: 'POST',
          url: '/things/1',
          headers: { ...auth, 'content-type': 'application/json' },
          payload: '{"name":',
        },
        json(500, {}),
      )?.kind,
    ).toBe('server error on a request the document rejects');
  });

  it('checks multipart requests on path and query only', () => {
    const form = {
      method: 'POST',
      url: '/things/1',
      headers: { ...auth, 'content-type': 'multipart/form-data; boundary=x' },
      payload: Buffer.from('--x\r\nContent-Disposition: form-data; name="km"\r\n\r\n3\r\n--x--\r\n'),
    };
    expect(check.check(form, json(200, { data: thing }))).toBeNull();
    expect(check.check({ ...form, url: '/things/0' }, json(200, { data: thing }))?.errors).toEqual([
      'path/id: must be >= 1',
    ]);
  });

  it('requires a declared status (401/403 allowed where security is declared) and a body of its schema', () => {
    expect(check.check({ method: 'GET', url: '/things', headers: auth }, json(401, { message: 'no' }))).toBeNull();
    const undeclared = check.check({ method: 'GET', url: '/things', headers: auth }, json(409, { message: 'no' }));
    expect(undeclared?.kind).toBe('response 409 not declared');
    const mismatch = check.check(
      { method: 'GET', url: '/things', headers: auth },
      json(200, { data: [{ ...thing, logo: 3, note: 'soon' }] }),
    );
    expect(mismatch?.kind).toBe('response schema mismatch');
    expect(mismatch?.errors).toEqual(
      expect.arrayContaining([
        'response/data/0/logo: must be string',
        'response/data/0/note: must match format "date"',
      ]),
    );
    expect(
      check.check(
        { method: 'GET', url: '/things', headers: auth },
        { statusCode: 200, headers: { 'content-type': 'text/html' }, body: '<p>' },
      )?.kind,
    ).toBe('response media type not declared');
  });

  it('skips routes the document does not describe', () => {
    expect(
      check.check(
        { method: 'GET', url: '/health' },
        { statusCode: 200, headers: { 'content-type': 'text/html' }, body: 'ok' },
      ),
    ).toBeNull();
    expect(check.check({ method: 'GET', url: '/things/1/extra' }, json(500, {}))).toBeNull();
  });

  it('fetches the document once, throws by default and only records in report mode', async () => {
    let fetched = 0;
    const fetchDoc = async () => {
      fetched++;
      return { ...SMALL, components: { ...SMALL.components, schemas: SMALL_SCHEMAS } };
    };
    const res = (statusCode: number, body: unknown) => ({ ...json(statusCode, body), json: () => body }) as never;
    const strict = openApiGuard(fetchDoc, false);
    await strict.check({ method: 'GET', url: '/things', headers: auth }, res(200, { data: [] }));
    await expect(
      strict.check({ method: 'GET', url: '/things?page=0', headers: auth }, res(200, { data: [] })),
    ).rejects.toThrow(/GET \/things\?page=0 → 200[\s\S]*query\/page: must be >= 1[\s\S]*response: \{"data":\[\]\}/);
    expect(fetched).toBe(1);
    const survey = openApiGuard(fetchDoc, true);
    await survey.check({ method: 'GET', url: '/things?page=0', headers: auth }, res(200, { data: [] }));
    await survey.check({ method: 'GET', url: '/things?page=-1', headers: auth }, res(200, { data: [] }));
    expect(survey.disagreements).toHaveLength(2);
    expect(survey.summary()).toMatch(/^2× server accepted a request the document rejects \| GET \/things → 200/);
  });
});
