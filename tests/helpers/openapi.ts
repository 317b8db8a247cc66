// Holds the API tests to the server's own OpenAPI document: every request a test sends
// and every response it gets through TestServer.call is checked against /api/openapi.json.
//
// Validation is done by openapi-backend (its OpenAPIRouter matches the path template,
// its OpenAPIValidator builds Ajv validators for path/query parameters, JSON request
// bodies and per-status response bodies, coercing query and path strings by the
// parameter's schema as a server does). This file adds only the rules that say what
// counts as a disagreement between the server and its document:
//
//   - the request does not match the document  → the server must answer 4xx;
//   - the request matches                       → the status must be declared for the
//     operation (401/403 are also allowed on operations that declare `security`), and a
//     JSON body must match that status's schema;
//   - an answer with a declared status is checked against its schema whatever the request.
//
// Routes the document does not describe (/health, /uploads/*, /api/docs/*, the HTML app)
// are skipped. A disagreement throws from `call`, so the test that made the call fails at
// that line; with OPENAPI_REPORT=1 disagreements are only recorded and printed, grouped,
// when the test server closes (and appended as JSON lines to OPENAPI_REPORT_FILE if set).
import type { InjectOptions } from 'fastify';
import type { Response as InjectResponse } from 'light-my-request';
import { OpenAPIBackend } from 'openapi-backend';
import type { ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import fs from 'node:fs';

type Json = Record<string, unknown>;

export interface Disagreement {
  /** What disagreed, in words that group well: "response schema mismatch", … */
  kind: string;
  method: string;
  url: string;
  /** "METHOD /path/{template}" of the matched operation. */
  operation: string;
  status: number;
  /** The validator's errors (or the rule that was broken), one line each. */
  errors: string[];
  request: string;
  excerpt: string;
}

/** One line for grouping: array indices and ids are folded so repeats count once. */
export function disagreementKey(d: Disagreement): string {
  const errors = d.errors.map((e) => e.replace(/\/\d+(?=\/|:|$)/g, '/*')).sort();
  return `${d.kind} | ${d.operation} → ${d.status} | ${[...new Set(errors)].join('; ')}`;
}

export function formatDisagreement(d: Disagreement): string {
  return [
    `OpenAPI disagreement (${d.kind}): ${d.method} ${d.url} → ${d.status}  [${d.operation}]`,
    ...d.errors.map((e) => `  - ${e}`),
    `  request: ${d.request}`,
    `  response: ${d.excerpt}`,
  ].join('\n');
}

// ---------------------------------------------------------------------------------------
// The document, prepared for the validator.

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/**
 * OpenAPI 3.0 Schema Objects are not quite JSON Schema draft 7, which is what Ajv (inside
 * openapi-backend) speaks. Two 3.0 forms would make Ajv refuse to compile a valid 3.0
 * document, a false positive of the library rather than of the server:
 *   - `exclusiveMinimum: true` next to `minimum` (draft 4 form) → `exclusiveMinimum: <minimum>`;
 *   - `nullable: true` without `type` (Ajv throws) → dropped: in 3.0.3 it "only" applies
 *     to an explicit `type`, so it has no effect there.
 * `nullable: true` with `type` is understood by Ajv as OpenAPI means it. `{ type: 'null' }`
 * (which a 3.0 document may not contain; openapi.test.ts reports that) is plain JSON
 * Schema to Ajv, so a null matches it: the value is judged, the document is judged apart.
 */
export function toDraft7(schema: unknown, openapi30: boolean): unknown {
  if (Array.isArray(schema)) return schema.map((s) => toDraft7(s, openapi30));
  if (!schema || typeof schema !== 'object') return schema;
  const out: Json = {};
  for (const [k, v] of Object.entries(schema))
    out[k] = k === 'enum' || k === 'default' || k === 'example' ? v : toDraft7(v, openapi30);
  if (openapi30) {
    for (const [excl, bound] of [
      ['exclusiveMinimum', 'minimum'],
      ['exclusiveMaximum', 'maximum'],
    ] as const) {
      if (typeof out[excl] !== 'boolean') continue;
      if (out[excl] === true && typeof out[bound] === 'number') {
        out[excl] = out[bound];
        delete out[bound];
      } else delete out[excl];
    }
    if ('nullable' in out && out.type === undefined) delete out.nullable;
  }
  return out;
}

function prepare(doc: Json): Json {
  const copy = structuredClone(doc) as Json & { openapi?: string; paths?: Record<string, Json> };
  const openapi30 = String(copy.openapi ?? '').startsWith('3.0');
  for (const [path, item] of Object.entries(copy.paths ?? {})) {
    for (const m of METHODS) {
      const op = item[m] as Json | undefined;
      // openapi-backend keys its validators by operationId; @fastify/swagger emits none.
      if (op) op.operationId = `${m.toUpperCase()} ${path}`;
    }
  }
  // Only the parts the validator reads are translated; the document itself is left alone.
  if (copy.paths) copy.paths = toDraft7(copy.paths, openapi30) as Record<string, Json>;
  if (copy.components) copy.components = toDraft7(copy.components, openapi30) as Json;
  return copy;
}

// ---------------------------------------------------------------------------------------
// The checker: one per document.

export interface SentRequest {
  method: string;
  url: string;
  headers?: Record<string, unknown>;
  query?: InjectOptions['query'];
  payload?: unknown;
}
export interface GotResponse {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

const mediaType = (v: unknown) =>
  String(Array.isArray(v) ? v[0] : (v ?? ''))
    .split(';')[0]
    .trim()
    .toLowerCase();
const isJsonType = (t: string) => t === 'application/json' || t.endsWith('+json');
const excerpt = (s: string, n = 300) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);

function describeError(where: string, e: ErrorObject): string {
  if (e.keyword === 'required' && !where && !e.instancePath && (e.params as Json).missingProperty === 'requestBody')
    return 'body: the operation requires a request body';
  const at = `${where}${e.instancePath}`.replace(/^\/requestBody/, 'body').replace(/^\/(query|path|header)/, '$1');
  const p = e.params as Record<string, unknown>;
  const extra =
    e.keyword === 'additionalProperties'
      ? ` ('${p.additionalProperty}')`
      : e.keyword === 'enum'
        ? ` (${JSON.stringify(p.allowedValues)})`
        : '';
  return `${at || '(root)'}: ${e.message}${extra}`;
}

export class OpenApiChecker {
  private constructor(
    private readonly api: OpenAPIBackend,
    /** Path templates of the document, as regexes, to tell "unknown route" from "wrong method". */
    private readonly templates: RegExp[],
    /** Names of the document's `http` / `bearer` security schemes. */
    private readonly bearerSchemes: Set<string>,
  ) {}

  static async create(doc: Json): Promise<OpenApiChecker> {
    const definition = prepare(doc);
    const api = new OpenAPIBackend({
      definition: definition as never,
      // quick: no validation of the document here (openapi.test.ts does that with the
      // official schema) and validators compiled when an operation is first used.
      quick: true,
      // Fastify does not treat /a/ as /a, so neither does the check.
      ignoreTrailingSlashes: false,
      coerceTypes: true,
      ajvOpts: { allErrors: true },
      // openapi-backend adds the OpenAPI formats (int32, binary, …); ajv-formats adds the
      // JSON Schema ones (email, date, uri, …) that Fastify's own Ajv checks too.
      customizeAjv: (ajv) => {
        addFormats(ajv);
        return ajv;
      },
    });
    await api.init();
    const templates = Object.keys((definition.paths as Json) ?? {}).map(
      (p) =>
        new RegExp(
          `^${p
            .split(/\{[^}]+\}/)
            .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
            .join('[^/]+')}$`,
        ),
    );
    const schemes = ((definition.components as Json | undefined)?.securitySchemes ?? {}) as Record<
      string,
      { type?: string; scheme?: string }
    >;
    const bearer = Object.keys(schemes).filter(
      (k) => schemes[k].type === 'http' && schemes[k].scheme?.toLowerCase() === 'bearer',
    );
    return new OpenApiChecker(api, templates, new Set(bearer));
  }

  /** Null when the server and the document agree on this exchange (or it is not described). */
  check(req: SentRequest, res: GotResponse): Disagreement | null {
    const method = (req.method || 'GET').toUpperCase();
    const u = new URL(req.url, 'http://test.invalid');
    const query = queryOf(u, req.query);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers ?? {}))
      if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : String(v);

    // The payload as it goes on the wire: light-my-request sends an object as JSON.
    let body: unknown;
    let hasBody = false;
    let requestText = '(no body)';
    const p = req.payload;
    if (p !== undefined && p !== null && !(typeof p === 'object' && 'pipe' in (p as object))) {
      if (typeof p === 'string' || Buffer.isBuffer(p)) {
        hasBody = p.length > 0;
        body = p.toString();
      } else {
        hasBody = true;
        body = p;
        headers['content-type'] ??= 'application/json';
      }
    }
    const contentType = mediaType(headers['content-type']);
    if (hasBody)
      requestText = contentType.startsWith('multipart/')
        ? `multipart/form-data, ${Buffer.isBuffer(p) ? p.length : Buffer.byteLength(String(p))} bytes`
        : `${contentType || 'no content-type'} ${excerpt(typeof body === 'string' ? body : JSON.stringify(body), 200)}`;
    else if (contentType) requestText = `(no body; content-type: ${contentType})`;

    const operation = this.api.router.matchOperation({ method, path: u.pathname, headers });
    if (!operation) {
      // A documented path with an undocumented method is a request the document rejects;
      // any other path is a route the document does not describe (/health, /uploads/…).
      if (!this.templates.some((t) => t.test(u.pathname))) return null;
    }
    const opName = operation ? `${method} ${operation.path}` : `${method} ${u.pathname}`;
    const make = (kind: string, errors: string[]): Disagreement => ({
      kind,
      method,
      url: req.url,
      operation: opName,
      status: res.statusCode,
      errors,
      request: requestText,
      excerpt: excerpt(res.body),
    });

    // 1. Does the request match the document?
    let requestErrors: string[] = [];
    /** A body sent to an operation that declares none: the document says nothing about it. */
    let undescribed = false;
    if (!operation) requestErrors = [`the document has no ${method} for this path`];
    else {
      const declared = (operation.requestBody as { content?: Json } | undefined)?.content;
      if (hasBody && !declared) undescribed = true;
      if (hasBody && declared && !Object.keys(declared).some((t) => mediaType(t) === contentType))
        requestErrors.push(
          `content-type '${contentType || '(none)'}' is not one the operation declares (${Object.keys(declared).join(', ')})`,
        );
      // Multipart bodies are checked on path and query only: the server takes form fields
      // as strings ("true", "3", "1,2") and files as parts, and coerces them by the JSON
      // shape the document gives; a JSON Schema validator would reject every such string
      // field (and every file) against that shape, which says nothing about the server.
      const multipart = contentType.startsWith('multipart/');
      const result = this.api.validateRequest(
        { method, path: u.pathname, headers, query, body: multipart || undescribed ? undefined : body },
        operation,
      );
      for (const e of result.errors ?? []) {
        if (multipart || undescribed) {
          if (
            e.instancePath.startsWith('/requestBody') ||
            (e.keyword === 'required' && (e.params as Json).missingProperty === 'requestBody')
          )
            continue;
        }
        // openapi-backend forbids query parameters the operation does not list
        // (additionalProperties: false). OpenAPI gives no such rule, and servers ignore
        // unknown parameters, so that error is the library's, not the server's.
        if (e.keyword === 'additionalProperties' && e.instancePath === '/query') continue;
        requestErrors.push(describeError('', e));
      }
      // Security: an operation whose every alternative needs a bearer scheme needs a
      // bearer token (other kinds of scheme are not judged here).
      const security = (operation.security ?? []) as Record<string, string[]>[];
      const needsBearer =
        security.length > 0 && security.every((alt) => Object.keys(alt).some((name) => this.bearerSchemes.has(name)));
      if (needsBearer && !/^bearer\s+\S/i.test(headers.authorization ?? ''))
        requestErrors.push(
          `the operation declares security ${JSON.stringify(security)} and the request sends no bearer token`,
        );
    }

    const status = res.statusCode;
    const requestValid = requestErrors.length === 0;
    if (!requestValid && (status < 400 || status >= 500))
      return make(
        status < 400
          ? 'server accepted a request the document rejects'
          : 'server error on a request the document rejects',
        requestErrors,
      );
    if (!operation) return null; // answered 4xx to an undocumented method: agreed

    // 2. Is the status declared?
    const responses = (operation.responses ?? {}) as Record<string, { content?: Record<string, { schema?: unknown }> }>;
    const key = [String(status), `${Math.floor(status / 100)}XX`, 'default'].find((k) => k in responses);
    const protectedOp = ((operation.security ?? []) as unknown[]).length > 0;
    if (key === undefined) {
      if (!requestValid) return null; // any 4xx will do for a request the document rejects
      if (status >= 500)
        return make('server error', [
          `status ${status} is not declared (declared: ${Object.keys(responses).join(', ')})`,
        ]);
      if ((status === 401 || status === 403) && protectedOp) return null;
      if (undescribed && status < 500) return null;
      return make(
        status === 401 || status === 403
          ? `response ${status} on an operation that declares no security`
          : `response ${status} not declared`,
        [`status ${status} is not declared (declared: ${Object.keys(responses).join(', ')})`],
      );
    }

    // 3. Does the body match the declared content?
    const content = responses[key].content;
    if (!content || Object.keys(content).length === 0) return null;
    const got = mediaType(res.headers['content-type']);
    const jsonDeclared = Object.keys(content).find((t) => isJsonType(mediaType(t)));
    if (!Object.keys(content).some((t) => mediaType(t) === got) && !(jsonDeclared && isJsonType(got)))
      return make('response media type not declared', [
        `content-type '${got || '(none)'}' is not declared for ${key} (declared: ${Object.keys(content).join(', ')})`,
      ]);
    if (!jsonDeclared || !isJsonType(got) || content[jsonDeclared].schema === undefined) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(res.body);
    } catch {
      return make('response is not JSON', ['the body does not parse as JSON']);
    }
    let result;
    try {
      result = this.api.validateResponse(parsed, operation, status);
    } catch (err) {
      return make('document schema does not compile', [String((err as Error).message)]);
    }
    if (result.errors?.length)
      return make(
        'response schema mismatch',
        result.errors.map((e) => describeError('response', e)),
      );
    return null;
  }
}

/** The query as Fastify sees it: every value a string, a repeated key an array. */
function queryOf(u: URL, extra: InjectOptions['query']): Record<string, string | string[]> {
  const params = new URLSearchParams(u.search);
  if (typeof extra === 'string') for (const [k, v] of new URLSearchParams(extra)) params.append(k, v);
  else if (extra)
    for (const [k, v] of Object.entries(extra))
      for (const x of [v].flat()) if (x !== undefined) params.append(k, String(x));
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of params) {
    const prev = out[k];
    out[k] = prev === undefined ? v : [...[prev].flat(), v];
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// The guard TestServer.call goes through.

export const REPORT_ONLY = !!process.env.OPENAPI_REPORT && process.env.OPENAPI_REPORT !== '0';

export class OpenApiDisagreementError extends Error {
  constructor(readonly disagreement: Disagreement) {
    super(formatDisagreement(disagreement));
    this.name = 'OpenApiDisagreementError';
  }
}

export interface OpenApiGuard {
  /** Checks one exchange; throws unless OPENAPI_REPORT is set. */
  check(opts: InjectOptions | string, res: InjectResponse): Promise<void>;
  /** Every disagreement seen, in order. */
  readonly disagreements: Disagreement[];
  /** Grouped, counted summary. */
  summary(): string;
  /** Prints the summary (report mode) and appends to OPENAPI_REPORT_FILE. */
  finish(label?: string): void;
}

/**
 * @param fetchDoc fetches the document; called once, on the first check, and not checked
 *   itself.
 */
export function openApiGuard(fetchDoc: () => Promise<Json>, reportOnly = REPORT_ONLY): OpenApiGuard {
  let checker: Promise<OpenApiChecker> | undefined;
  const disagreements: Disagreement[] = [];
  const summary = () => {
    const groups = new Map<string, { n: number; first: Disagreement }>();
    for (const d of disagreements) {
      const k = disagreementKey(d);
      const g = groups.get(k);
      if (g) g.n++;
      else groups.set(k, { n: 1, first: d });
    }
    return [...groups.entries()]
      .map(
        ([k, g]) =>
          `${g.n}× ${k}\n    e.g. ${g.first.method} ${g.first.url} ${g.first.request} → ${g.first.excerpt.slice(0, 160)}`,
      )
      .join('\n');
  };
  return {
    disagreements,
    summary,
    async check(opts, res) {
      checker ??= fetchDoc().then((doc) => OpenApiChecker.create(doc));
      const o: InjectOptions = typeof opts === 'string' ? { url: opts } : opts;
      const url =
        typeof o.url === 'string'
          ? o.url
          : typeof o.path === 'string'
            ? o.path
            : o.url
              ? `${o.url.pathname}${o.url.query ? `?${new URLSearchParams(o.url.query as Record<string, string>)}` : ''}`
              : '/';
      const d = (await checker).check(
        {
          method: String(o.method ?? 'GET'),
          url,
          headers: o.headers as Record<string, unknown>,
          query: o.query,
          payload: o.payload ?? o.body,
        },
        { statusCode: res.statusCode, headers: res.headers, body: res.body },
      );
      if (!d) return;
      disagreements.push(d);
      if (!reportOnly) throw new OpenApiDisagreementError(d);
    },
    finish(label = '') {
      if (!reportOnly || disagreements.length === 0) return;
      console.log(`OpenAPI disagreements${label ? ` in ${label}` : ''}: ${disagreements.length}\n${summary()}`);
      const file = process.env.OPENAPI_REPORT_FILE;
      if (file)
        fs.appendFileSync(
          file,
          disagreements.map((d) => `${JSON.stringify({ file: label, key: disagreementKey(d), ...d })}\n`).join(''),
        );
    },
  };
}
