// Property-based fuzzing of every operation, driven by the served OpenAPI document
// (GET /api/openapi.json): fast-check builds requests from each operation's parameters and
// body schemas, then breaks them: wrong types per field, missing and extra fields, nulls,
// huge strings, deep nesting, arrays where objects go, raw numbers JSON.stringify cannot
// write (1e309, -0, 99999999999999999999), hostile query strings (repeated keys, unicode,
// broken escapes), odd path ids, multipart bodies with files where text goes and text
// where files go, broken JSON and wrong content types. Some inputs stay valid on purpose.
// Besides, each class of text (TEXT_CLASSES: NUL, lone surrogates, empty, whitespace, very
// long, right-to-left, combining, emoji, control characters) goes to every text field.
//
// What must hold, for every request:
// - never a 5xx;
// - a 4xx is the error envelope: a non-empty `message`, repeated as `errors.message[0]`;
// - the exchange agrees with the document (tests/helpers/openapi.ts): a 2xx only for a
//   request the document accepts, with an answer matching its schema;
// - a refused request changes nothing: a checksum of every table (tests/helpers/checksum.ts)
//   is the same after it as before. The checksum is taken when a count of the statements
//   that wrote to any table (writeCounter, same file) moved: a refusal that ran no write
//   cannot have committed one, and most refusals never reach the database; once per
//   operation the checksum is taken anyway, to hold the count to it;
// - the admin's session stays live (no 401/403 on a call sent with a live token).
//
// Bounded for `npm test`; FUZZ_RUNS=<n> (runs per operation, default 30 where the walk is
// whole and 3 where it is a sample, tests/helpers/walk.ts) and FUZZ_SEED=<n>
// for longer or replayed runs (`npm run test:soak`), FUZZ_SHRINK=1 to stop at the first
// problem of an operation and let fast-check shrink it to a minimal request.
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Response as InjectResponse } from 'light-my-request';
import { CSV_COLUMNS, CSV_TARGETS } from '@contract/csv';
import { showMe } from '@contract/auth';
import { openApiPath, pathOf, type AnyOp } from '@contract/operation';
import { operations } from '@contract/operations';
import { startTestServer, streamHead, type TestServer } from '../helpers/app';
import { changedTables, tableChecksums, writeCounter } from '../helpers/checksum';
import { OpenApiDisagreementError } from '../helpers/openapi';
import { asText, nextSerial, sample, type Schema } from '../helpers/samples';
import { bearerOf, insertSession, insertUser, sha256, type Account } from '../helpers/sessions';
import { WALK, casesFor } from '../helpers/walk';

const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS) || (WALK === 'whole' ? 30 : 3));
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const SHRINK = !!process.env.FUZZ_SHRINK && process.env.FUZZ_SHRINK !== '0';
/** Per operation: generous, since a soak run multiplies the requests. */
const TIMEOUT = 60_000 + RUNS * 2_000;

// ---------------------------------------------------------------------------------------
// The document's operations.

interface DocParam {
  name: string;
  in: string;
  required?: boolean;
  schema: Schema;
}
interface DocOp {
  id: string;
  method: string;
  /** '/admin/v1/update_bank/{id}' */
  template: string;
  path: DocParam[];
  query: DocParam[];
  json?: Schema;
  form?: Schema;
  /** Upload fields of the form: name → 'image' | 'csv'. */
  files: Record<string, 'image' | 'csv'>;
  secured: boolean;
  /** Its 200 is a stream that stays open (the live updates): an exchange reads the head only. */
  stream: boolean;
}

function docOperations(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }): DocOp[] {
  const out: DocOp[] = [];
  for (const [template, methods] of Object.entries(doc.paths)) {
    for (const [method, o] of Object.entries(methods)) {
      const params = (o.parameters ?? []) as DocParam[];
      const content = ((o.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)?.content ??
        {}) as Record<string, { schema?: Schema }>;
      const form = content['multipart/form-data']?.schema;
      const files = Object.fromEntries(
        Object.entries(form?.properties ?? {})
          .filter(([, s]) => s.format === 'binary')
          .map(
            ([k, s]) =>
              [k, /csv/i.test(String((s as { description?: string }).description)) ? 'csv' : 'image'] as const,
          ),
      );
      out.push({
        id: String(o.operationId ?? `${method} ${template}`),
        method: method.toUpperCase(),
        template,
        path: params.filter((p) => p.in === 'path'),
        query: params.filter((p) => p.in === 'query'),
        json: content['application/json']?.schema,
        form,
        files,
        secured: Array.isArray(o.security) && o.security.length > 0,
        stream: !!(o.responses as Record<string, { content?: Record<string, unknown> }> | undefined)?.['200']
          ?.content?.['text/event-stream'],
      });
    }
  }
  return out;
}

/** Percent-encoding that also takes lone surrogates (as the UTF-8 of U+FFFD, as a browser would). */
const enc = (text: string) =>
  encodeURIComponent(text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));

// ---------------------------------------------------------------------------------------
// JSON text the server must cope with, including what JSON.stringify cannot write.

/** A piece of JSON text written as is: `new Raw('1e309')`. */
class Raw {
  constructor(readonly text: string) {}
}

function toJson(v: unknown): string {
  if (v instanceof Raw) return v.text;
  if (Array.isArray(v)) return `[${v.map(toJson).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.entries(v)
      .map(([k, x]) => `${JSON.stringify(k)}:${toJson(x)}`)
      .join(',')}}`;
  return JSON.stringify(v) ?? 'null';
}

/** Numbers that overflow, underflow or lose precision on the way in. */
const RAW_NUMBERS = [
  '1e309',
  '-1e309',
  '99999999999999999999',
  '-99999999999999999999',
  '-0',
  '1e-400',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '1.0',
  '1E2',
  '0.1e1',
  '123456789012345678901234567890.5',
];
/** Text that looks like a number (or a nothing) to a careless coercion. */
const NUMBERISH = [
  '1e309',
  '-1e309',
  '99999999999999999999',
  '2147483648',
  '-1',
  '0',
  '-0',
  '1.5',
  '0x1F',
  '1e3',
  'NaN',
  'Infinity',
  '-Infinity',
  '',
  ' ',
  'null',
  'true',
  '١٢',
  '１２',
];
const NASTY_TEXT = [
  '\u0000',
  '%00',
  '<script>alert(1)</script>',
  "'; drop table users; --",
  '${7*7}{{7*7}}',
  '../../../etc/passwd',
  '\u202e\u0645\u0631\u062d\u0628\u0627',
  '\ud800',
  'a\udc00',
  ' \t\u00a0 ',
  '\u0001\u001b[31m\u007f',
  '😀'.repeat(60),
  'a\r\nSet-Cookie: x=1',
  'Zalgo: Z̷̡̛͍a̸l̵g̶o̷',
  '\\',
  '%',
  '_%\\_',
];

const hostileScalar: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...RAW_NUMBERS).map((t) => new Raw(t)) },
  {
    weight: 4,
    arbitrary: fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, 2147483647, ...NUMBERISH, ...NASTY_TEXT),
  },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 90n), max: 2n ** 90n }).map((b) => new Raw(String(b))) },
  // Oversized: past any field's maxLength, up to a third of the body limit.
  { weight: 1, arbitrary: fc.integer({ min: 121, max: 350_000 }).map((n) => 'x'.repeat(n)) },
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: hostileScalar },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(
      [],
      {},
      [null],
      { $gt: '' },
      ['a', 'b'],
      [1, 2, 3],
      [1, 1],
      Array.from({ length: 600 }, (_, i) => i + 1),
      [new Raw('1e309')],
      [-1, 0],
    ),
  },
  { weight: 1, arbitrary: fc.array(hostileScalar, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  // Deep nesting.
  {
    weight: 1,
    arbitrary: fc.integer({ min: 50, max: 20_000 }).map((d) => new Raw(`${'['.repeat(d)}${']'.repeat(d)}`)),
  },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 50, max: 5_000 }).map((d) => new Raw(`${'{"a":'.repeat(d)}1${'}'.repeat(d)}`)),
  },
);

/** Field names beyond the schema's: ones a careless handler might trust. */
const EXTRA_FIELDS = [
  'id',
  'role',
  'status',
  'password_hash',
  'user_id',
  'version',
  'created_at',
  'search_text',
  '__proto__',
  'constructor',
  'prototype',
  '',
  'a'.repeat(300),
  'name ',
  'NAME',
  'email\u0000',
];

// ---------------------------------------------------------------------------------------
// Requests.

interface Req {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What the request attacks, for the report. */
  kind: string;
}

const JSON_TYPES = ['application/json', 'application/json; charset=utf-8'];
const WRONG_TYPES = [
  'text/plain',
  'text/json',
  'application/x-www-form-urlencoded',
  'application/xml',
  'multipart/form-data',
  'multipart/form-data; boundary=nothing-like-it',
  'application/octet-stream',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  'application/json, text/plain',
  ';;;',
  'image/png',
];

/** Odd path segments, as they go on the wire (some deliberately not valid percent-encoding). */
const ODD_IDS = [
  '1e309',
  '2147483648',
  '-1',
  '0',
  '-0',
  'abc',
  '%00',
  '%2500',
  '1.5',
  '99999999999999999999',
  'NaN',
  'Infinity',
  '0x10',
  '1e3',
  '+1',
  '%20%31',
  '%EF%BC%91',
  '%F0%9F%98%80',
  '%',
  '%zz',
  '%E0%A4%A',
  '..',
  '%2e%2e',
  '%2F',
  'null',
  '[]',
  "1'",
  '1;drop',
  '1%27%20or%201=1',
  '1'.repeat(400),
  'x'.repeat(5000),
];
/** Odd query values, as they go on the wire. */
const ODD_QUERY = [
  ...NUMBERISH.map(encodeURIComponent),
  '%00',
  '%zz',
  '%',
  '1,2',
  '%5B1%5D',
  '[]',
  '{}',
  '-1e309',
  '0.0000001',
  '9007199254740993',
  '%E2%80%AE',
  'a%00b',
  '%ED%A0%80', // a surrogate's bytes: no UTF-8
  '%01%1B%7F',
  'x'.repeat(5000),
  '%F0%9F%98%80'.repeat(300),
];
/** The known defect: page and per_page past any number SQL takes, ids of 1e309. */
const DEFECT_QUERY = [
  ['page', '99999999999999999999'],
  ['per_page', '1e309'],
  ['page', '1e309'],
  ['per_page', '99999999999999999999'],
] as const;

const idSegment = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('1', '2', '3') },
  { weight: 6, arbitrary: fc.constantFrom(...ODD_IDS) },
  { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 30 }).map(encodeURIComponent) },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.bigInt()).map((n) => enc(String(n))) },
);

function queryValue(p: DocParam): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(null).map(() => enc(asText(sample(p.schema, p.name)))) },
    { weight: 4, arbitrary: fc.constantFrom(...ODD_QUERY) },
    { weight: 1, arbitrary: hostileScalar.map((v) => enc(v instanceof Raw ? v.text : asText(v))) },
    { weight: 1, arbitrary: fc.string({ maxLength: 20 }) }, // raw, unencoded
  );
}

/** A query string: each declared parameter left out, valid, odd or repeated; extra keys at times. */
function queryArb(op: DocOp): fc.Arbitrary<string> {
  const params = op.query.map((p) =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constant<string[]>([]) },
      { weight: 4, arbitrary: queryValue(p).map((v) => [`${p.name}=${v}`]) },
      {
        weight: 1,
        arbitrary: fc.array(queryValue(p), { minLength: 2, maxLength: 4 }).map((vs) => vs.map((v) => `${p.name}=${v}`)),
      },
      { weight: 1, arbitrary: fc.constantFrom([p.name], [`${p.name}=`], [`${p.name}[]=1`], [`${p.name}[a]=1`]) },
    ),
  );
  const extra = fc.oneof(
    { weight: 4, arbitrary: fc.constant<string[]>([]) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        ['__proto__=1'],
        ['constructor=1'],
        ['__proto__[role]=admin'],
        ['&&&'],
        ['=1'],
        ['%zz=1'],
        [`k=${'v'.repeat(20_000)}`],
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 })), { maxLength: 60 })
        .map((kv) => kv.map(([k, v]) => `${enc(k)}=${enc(v)}`)),
    },
  );
  return fc.tuple(fc.tuple(...params), extra).map(([ps, ex]) => {
    const parts = [...ps.flat(), ...ex];
    return parts.length ? `?${parts.join('&')}` : '';
  });
}

/** The path with each parameter filled (mostly oddly). */
function pathArb(op: DocOp): fc.Arbitrary<string> {
  return fc.tuple(...op.path.map(() => idSegment)).map((segs) => {
    let i = 0;
    return op.template.replace(/\{[^}]+\}/g, () => segs[i++]);
  });
}

/** A JSON body: the valid-looking sample, then broken in one of several ways. */
function jsonBodyArb(schema: Schema | undefined): fc.Arbitrary<{ kind: string; value: unknown }> {
  const base = fc.constant(null).map(() => sample(schema) as Record<string, unknown> | null);
  const names = [...Object.keys(schema?.properties ?? {}), ...EXTRA_FIELDS];
  return fc.oneof(
    { weight: 2, arbitrary: base.map((b) => ({ kind: 'json: valid-looking', value: b })) },
    {
      weight: 6,
      arbitrary: fc
        .tuple(base, fc.array(fc.tuple(fc.constantFrom(...names), hostileValue), { minLength: 1, maxLength: 3 }))
        .map(([b, sets]) => {
          const v = Object.fromEntries([...Object.entries(b ?? {}), ...sets]);
          return { kind: `json: fields ${sets.map(([k]) => JSON.stringify(k)).join(', ')} wrong`, value: v };
        }),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(base, fc.subarray(Object.keys(schema?.properties ?? {}))).map(([b, drop]) => ({
        kind: 'json: fields missing',
        value: Object.fromEntries(Object.entries(b ?? {}).filter(([k]) => !drop.includes(k))),
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          base,
          fc.subarray(Object.keys(schema?.properties ?? {}), {
            minLength: Math.min(1, Object.keys(schema?.properties ?? {}).length),
          }),
        )
        .map(([b, nulls]) => ({
          kind: 'json: fields null',
          value: Object.fromEntries(Object.entries(b ?? {}).map(([k, v]) => [k, nulls.includes(k) ? null : v])),
        })),
    },
    { weight: 2, arbitrary: hostileValue.map((v) => ({ kind: 'json: the whole body wrong', value: v })) },
    { weight: 1, arbitrary: base.map((b) => ({ kind: 'json: an array of the body', value: [b] })) },
  );
}

/** JSON text: written out, or broken on the way (truncated, BOM, duplicate keys, bad UTF-8, too large). */
function jsonTextArb(schema: Schema | undefined): fc.Arbitrary<{ kind: string; payload: string | Buffer }> {
  return fc.tuple(jsonBodyArb(schema), fc.integer({ min: 0, max: 12 }), fc.nat()).map(([{ kind, value }, how, n]) => {
    const text = toJson(value);
    switch (how) {
      case 0:
        return { kind: `${kind}, truncated`, payload: text.slice(0, n % Math.max(1, text.length)) };
      case 1:
        return { kind: `${kind}, BOM first`, payload: `\ufeff${text}` };
      case 2:
        return { kind: `${kind}, trailing junk`, payload: `${text}${[',', '}', 'x', ' null', '\u0000'][n % 5]}` };
      case 3:
        return {
          kind: `${kind}, duplicate keys`,
          payload: text.startsWith('{') && text.length > 2 ? `{"name":1,"name":{"a":[]},${text.slice(1)}` : text,
        };
      case 4:
        return {
          kind: `${kind}, invalid UTF-8`,
          payload: Buffer.concat([
            Buffer.from(text.slice(0, -1)),
            Buffer.from([0xc3, 0x28, 0xff, 0xfe]),
            Buffer.from(text.slice(-1)),
          ]),
        };
      case 5:
        return {
          kind: 'json: prototype poisoning',
          payload: [
            '{"__proto__":{"role":"admin"}}',
            '{"constructor":{"prototype":{"polluted":true}}}',
            `{"a":1,"__proto__":${text}}`,
          ][n % 3],
        };
      case 6:
        return {
          kind: 'json: not JSON',
          payload: [
            '',
            ' ',
            '{',
            '{"a":',
            'undefined',
            'NaN',
            "{'a':1}",
            '{"a":1,}',
            '[1,]',
            'tru',
            '\u0000',
            '0x10',
            '"\\ud800"',
            '{"a":"\\u00"}',
          ][n % 14],
        };
      case 7:
        return { kind: 'json: over the body limit', payload: `{"name":"${'x'.repeat(1_100_000)}"}` };
      default:
        return { kind, payload: text };
    }
  });
}

// Files for multipart bodies.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const validCsv = (target: (typeof CSV_TARGETS)[number]) =>
  Buffer.from(
    `${CSV_COLUMNS[target].map((c) => c.name).join(',')}\n${CSV_COLUMNS[target].map((c) => JSON.stringify(c.example)).join(',')}\n`,
  );
interface FilePart {
  filename: string;
  type: string;
  data: Buffer;
}
const fileArb: fc.Arbitrary<{ label: string; file: FilePart }> = fc.oneof(
  fc.constant({ label: 'a PNG', file: { filename: 'a.png', type: 'image/png', data: PNG } }),
  fc
    .constantFrom(...CSV_TARGETS)
    .map((t) => ({ label: `a ${t} CSV`, file: { filename: 'a.csv', type: 'text/csv', data: validCsv(t) } })),
  fc.constant({ label: 'an empty file', file: { filename: 'empty.png', type: 'image/png', data: Buffer.alloc(0) } }),
  fc.constant({
    label: 'a truncated PNG',
    file: { filename: 'cut.png', type: 'image/png', data: PNG.subarray(0, 20) },
  }),
  fc.constant({
    label: 'an SVG with script',
    file: {
      filename: 'x.svg',
      type: 'image/svg+xml',
      data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
    },
  }),
  fc.constant({
    label: 'HTML named .png',
    file: { filename: 'x.png', type: 'image/png', data: Buffer.from('<html><script>alert(1)</script></html>') },
  }),
  fc.constant({
    label: 'a formula CSV',
    file: {
      filename: 'f.csv',
      type: 'text/csv',
      data: Buffer.from('name,bank,network\n=cmd|calc!A1,@SUM(1),+1\n"unclosed,\u0000,x\n'),
    },
  }),
  fc.constant({
    label: 'a CSV of junk bytes',
    file: { filename: 'j.csv', type: 'text/csv', data: Buffer.from([0xff, 0xfe, 0x00, 0x41, 0x0a, 0xc3, 0x28]) },
  }),
  fc.constant({
    label: 'a PNG over the upload limit',
    file: { filename: 'big.png', type: 'image/png', data: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 10)]) },
  }),
  fc.constant({
    label: 'a CSV of 30,000 rows',
    file: {
      filename: 'big.csv',
      type: 'text/csv',
      data: Buffer.from(`name,bank,network\n${'Card,Bank,Visa\n'.repeat(30_000)}`),
    },
  }),
  fc.uint8Array({ maxLength: 3000 }).map((b) => ({
    label: 'random bytes',
    file: { filename: 'r.bin', type: 'application/octet-stream', data: Buffer.from(b) },
  })),
  fc
    .tuple(fc.string({ maxLength: 40 }), fc.string({ maxLength: 40 }))
    .map(([name, type]) => ({ label: 'a file with an odd name and type', file: { filename: name, type, data: PNG } })),
);

type Part = [name: string, value: string | FilePart];

/** A multipart body: each field left out, given valid-looking text, odd text, a file, or repeated. */
function formArb(op: DocOp): fc.Arbitrary<{ kind: string; parts: Part[]; shape: number }> {
  const schema = op.form ?? op.json ?? { type: 'object', properties: {} };
  const props = Object.entries(schema.properties ?? {});
  const oddText = fc.oneof(
    fc.constantFrom(...NUMBERISH, ...NASTY_TEXT, '1,2,abc', ',,,', '1,1,1', 'TRUE', 'yes', '2030-02-31', '9999-99-99'),
    fc.string({ maxLength: 40 }),
    fc.integer({ min: 121, max: 120_000 }).map((n) => 'x'.repeat(n)),
  );
  const field = ([name, s]: [string, Schema]): fc.Arbitrary<{ label: string; parts: Part[] }> => {
    const isFile = s.format === 'binary';
    return fc.oneof(
      { weight: 2, arbitrary: fc.constant({ label: '', parts: [] as Part[] }) },
      {
        weight: 3,
        arbitrary: isFile
          ? fileArb.map((f) => ({ label: `${name}: ${f.label}`, parts: [[name, f.file] as Part] }))
          : fc.constant(null).map(() => ({ label: '', parts: [[name, asText(sample(s, name))] as Part] })),
      },
      {
        weight: 2,
        arbitrary: oddText.map((t) => ({
          label: `${name}: ${isFile ? 'text where a file goes' : 'odd text'}`,
          parts: [[name, t] as Part],
        })),
      },
      {
        weight: 1,
        arbitrary: fileArb.map((f) => ({
          label: `${name}: ${isFile ? f.label : `${f.label} where text goes`}`,
          parts: [[name, f.file] as Part],
        })),
      },
      {
        weight: 1,
        arbitrary: fc
          .array(
            fc.oneof(
              oddText,
              fileArb.map((f) => f.file),
            ),
            { minLength: 2, maxLength: 4 },
          )
          .map((vs) => ({ label: `${name}: repeated`, parts: vs.map((v) => [name, v] as Part) })),
      },
    );
  };
  const extra = fc.oneof(
    { weight: 6, arbitrary: fc.constant({ label: '', parts: [] as Part[] }) },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 51, max: 80 })
        .map((n) => ({ label: `${n} extra fields`, parts: Array.from({ length: n }, (_, i): Part => [`f${i}`, 'x']) })),
    },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 5, max: 8 }).map((n) => ({
        label: `${n} extra files`,
        parts: Array.from({ length: n }, (_, i): Part => [
          `file${i}`,
          { filename: `${i}.png`, type: 'image/png', data: PNG },
        ]),
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom<Part[]>(
          [['__proto__', 'x']],
          [['constructor', 'x']],
          [['', 'x']],
          [['a"b', 'x']],
          [['remove_image', 'maybe']],
          [['remove_avatar', '1e309']],
        )
        .map((parts) => ({ label: 'odd field names', parts })),
    },
  );
  return fc.tuple(fc.tuple(...props.map(field)), extra, fc.integer({ min: 0, max: 9 })).map(([fields, ex, shape]) => {
    const all = [...fields, ex];
    const labels = all.map((f) => f.label).filter(Boolean);
    return {
      kind: `multipart: ${labels.join('; ') || 'valid-looking'}${shape >= 7 ? ` (${['no closing boundary', 'a different boundary', 'garbage between parts'][shape - 7]})` : ''}`,
      parts: all.flatMap((f) => f.parts),
      shape,
    };
  });
}

function multipartPayload(parts: Part[], shape: number): { payload: Buffer; type: string } {
  const boundary = `----fuzz${nextSerial().toString(36)}`;
  const chunks: Buffer[] = [];
  for (const [name, v] of parts) {
    if (shape === 9) chunks.push(Buffer.from('garbage\r\n'));
    const disposition = `Content-Disposition: form-data; name="${name.replace(/"/g, '%22')}"`;
    if (typeof v === 'string') chunks.push(Buffer.from(`--${boundary}\r\n${disposition}\r\n\r\n${v}\r\n`));
    else
      chunks.push(
        Buffer.from(
          `--${boundary}\r\n${disposition}; filename="${v.filename.replace(/["\r\n]/g, '_')}"\r\nContent-Type: ${v.type.replace(/[\r\n]/g, '') || 'application/octet-stream'}\r\n\r\n`,
        ),
        v.data,
        Buffer.from('\r\n'),
      );
  }
  if (shape !== 7) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    type: `multipart/form-data; boundary=${shape === 8 ? 'not-the-boundary' : boundary}`,
  };
}

/** One request against `op`, with its token. */
function requestArb(op: DocOp, auth: () => Record<string, string>): fc.Arbitrary<Req> {
  const url = fc.tuple(pathArb(op), queryArb(op)).map(([p, q]) => p + q);
  const hasBody = !!(op.json || op.form);
  const bodies: fc.WeightedArbitrary<{ kind: string; payload?: string | Buffer; type?: string }>[] = [
    {
      weight: 1,
      arbitrary: fc.constantFrom({ kind: 'no body' }, { kind: 'no body, JSON content type', type: 'application/json' }),
    },
  ];
  if (hasBody) {
    bodies.push({
      weight: 6,
      arbitrary: fc
        .tuple(jsonTextArb(op.json ?? op.form), fc.constantFrom(...JSON_TYPES))
        .map(([b, type]) => ({ ...b, type })),
    });
    bodies.push({
      weight: 1,
      arbitrary: fc
        .tuple(jsonTextArb(op.json ?? op.form), fc.constantFrom(...WRONG_TYPES))
        .map(([b, type]) => ({ ...b, kind: `${b.kind}, sent as ${type}`, type })),
    });
  } else {
    bodies.push({
      weight: 1,
      arbitrary: jsonTextArb(undefined).map((b) => ({
        ...b,
        kind: `${b.kind} (the call takes no body)`,
        type: 'application/json',
      })),
    });
  }
  if (op.form || hasBody) {
    bodies.push({
      weight: op.form ? 5 : 1,
      arbitrary: formArb(op).map(({ kind, parts, shape }) => {
        const { payload, type } = multipartPayload(parts, shape);
        return { kind: op.form ? kind : `${kind} (the call takes JSON only)`, payload, type };
      }),
    });
  }
  const queryOnly = !hasBody && op.query.length + op.path.length > 0;
  return fc.tuple(url, fc.oneof(...bodies), fc.boolean()).map(([u, b, plain]) => ({
    method: op.method,
    url: u,
    headers: { ...auth(), ...(b.type !== undefined && { 'content-type': b.type }) },
    payload: b.payload,
    kind: queryOnly && plain && b.payload === undefined ? 'url only' : b.kind,
  }));
}

/** The hand-picked requests every run sends first: the known defect, and each odd id and number on its own. */
function pinnedRequests(op: DocOp, auth: () => Record<string, string>): Req[] {
  const out: Req[] = [];
  const basePath = () => op.template.replace(/\{[^}]+\}/g, '1');
  const jsonType: Record<string, string> = op.json || op.form ? { 'content-type': 'application/json' } : {};
  const body = () => (op.json || op.form ? toJson(sample(op.json ?? op.form)) : undefined);
  const req = (kind: string, url: string, payload = body()): Req => ({
    method: op.method,
    url,
    headers: { ...auth(), ...(payload !== undefined ? jsonType : {}) },
    payload,
    kind,
  });
  for (const p of op.path)
    for (const id of ['1e309', '2147483648', '99999999999999999999', '-1', '0', '1.5', 'abc', '%00'])
      out.push(req(`path ${p.name}=${id}`, op.template.replace(`{${p.name}}`, id).replace(/\{[^}]+\}/g, '1')));
  for (const p of op.query) {
    for (const v of ['1e309', '99999999999999999999', '2147483648', '-1', '0', '1.5', 'abc', '']) {
      const rest = op.query
        .filter((q) => q !== p && q.required)
        .map((q) => `&${q.name}=${enc(asText(sample(q.schema, q.name)))}`);
      out.push(req(`query ${p.name}=${v}`, `${basePath()}?${p.name}=${v}${rest.join('')}`));
    }
  }
  if (op.query.some((q) => q.name === 'page'))
    for (const [k, v] of DEFECT_QUERY) out.push(req(`query ${k}=${v}`, `${basePath()}?${k}=${v}`));
  const schema = op.json ?? op.form;
  for (const [name, s] of Object.entries(schema?.properties ?? {})) {
    if (s.format === 'binary') continue;
    const numeric = [s, ...(s.anyOf ?? [])].some((b) => b.type === 'integer' || b.type === 'number');
    for (const raw of numeric ? ['1e309', '99999999999999999999', '-0', '2147483648', '"1e309"'] : ['1e309', '{}']) {
      const b = { ...(sample(schema) as Record<string, unknown>), [name]: new Raw(raw) };
      out.push(req(`json ${name}: ${raw}`, basePath(), toJson(b)));
    }
  }
  return out;
}

/**
 * Every class of text a field may meet. Each is sent on its own to every text field of every
 * part of a call (path, query string, JSON body, form field) where the walk is whole, one in
 * turn per operation where it is a sample (tests/helpers/walk.ts casesFor). Text PostgreSQL
 * cannot hold (a NUL, a surrogate without its pair) is refused naming the field
 * (tests/api/unstorable.test.ts has the words); the rest is stored as sent or refused; never a 5xx.
 * A URL or a form carries UTF-8, so a lone surrogate arrives there as U+FFFD (see `enc`).
 */
const TEXT_CLASSES: readonly (readonly [name: string, text: string])[] = [
  ['NUL', 'a\u0000b'],
  ['a lone high surrogate', 'a\ud800b'],
  ['a lone low surrogate', '\udc00b'],
  ['empty', ''],
  ['whitespace only', ' \t\n\u00a0\u3000 '],
  ['very long', 'x'.repeat(100_000)],
  ['right-to-left', '\u202e\u0645\u0631\u062d\u0628\u0627 \u05e9\u05dc\u05d5\u05dd'],
  ['combining marks', 'Z\u0337\u0321\u031b\u034da\u0338l\u0335g\u0336o\u0337 e\u0301'],
  ['emoji', '\u{1F468}\u200d\u{1F469}\u200d\u{1F467} \u{1F600} \u{1F44D}\u{1F3FD}'],
  ['control characters', 'a\u0001\u0007\u001b[31m\u007f\u0085\u2028b'],
  ['"%00" as text', '%00'],
];

const typesOf = (s: Schema) => [s, ...(s.anyOf ?? [])].flatMap((b) => (Array.isArray(b.type) ? b.type : [b.type]));
const isText = (s: Schema | undefined) => !!s && s.format !== 'binary' && typesOf(s).includes('string');
const isTextList = (s: Schema) => [s, ...(s.anyOf ?? [])].some((b) => typesOf(b).includes('array') && isText(b.items));

/** The `n`th operation's requests of each text class in each of its text fields (one, in a sample). */
function textRequests(op: DocOp, auth: () => Record<string, string>, n: number): Req[] {
  const cases: (() => Req)[] = [];
  const req = (kind: string, url: string, payload?: string | Buffer, type?: string): Req => ({
    method: op.method,
    url,
    headers: { ...auth(), ...(type && { 'content-type': type }) },
    payload,
    kind,
  });
  const query = (given: Record<string, string> = {}) => {
    const required = op.query.filter((q) => q.required).map((q) => [q.name, enc(asText(sample(q.schema, q.name)))]);
    const all = { ...Object.fromEntries(required), ...given };
    return Object.keys(all).length
      ? `?${Object.entries(all)
          .map(([k, v]) => `${k}=${v}`)
          .join('&')}`
      : '';
  };
  const path = (given: Record<string, string> = {}) =>
    op.template.replace(/\{([^}]+)\}/g, (_, name: string) => given[name] ?? '1');
  const json = () => (op.json ? toJson(sample(op.json)) : undefined);
  const jsonType = op.json ? 'application/json' : undefined;
  // Field-major, so that in a sample operation n meets class n (mod the classes) whatever its fields.
  const each = (fields: [string, Schema][], make: (name: string, s: Schema, cls: string, text: string) => Req) => {
    for (const [name, s] of fields)
      if (isText(s) || isTextList(s))
        for (const [cls, text] of TEXT_CLASSES) cases.push(() => make(name, s, cls, text));
  };
  each(
    op.path.map((p) => [p.name, p.schema]),
    (name, _s, cls, text) => req(`path ${name}: ${cls}`, path({ [name]: enc(text) }) + query(), json(), jsonType),
  );
  each(
    op.query.map((p) => [p.name, p.schema]),
    (name, _s, cls, text) => req(`query ${name}: ${cls}`, path() + query({ [name]: enc(text) }), json(), jsonType),
  );
  each(Object.entries(op.json?.properties ?? {}), (name, s, cls, text) => {
    const body = { ...(sample(op.json) as Record<string, unknown>), [name]: isText(s) ? text : [text] };
    return req(`json ${name}: ${cls}`, path() + query(), toJson(body), 'application/json');
  });
  each(Object.entries(op.form?.properties ?? {}), (name, _s, cls, text) => {
    const fields = Object.entries((sample(op.form) as Record<string, unknown> | null) ?? {});
    const parts = fields.map(([k, v]): Part => [k, k === name ? text : asText(v)]);
    const { payload, type } = multipartPayload(parts, 0);
    return req(`multipart ${name}: ${cls}`, path() + query(), payload, type);
  });
  return cases.length ? casesFor(cases, n).map((make) => make()) : [];
}

// ---------------------------------------------------------------------------------------
// The run.

let s: TestServer;
let docOps: Map<string, DocOp>;
let admin: Account;
let adminToken: string;
let appUser: Account;
let appUserToken: string;
/** The checksum of every table, taken when the write counter read `mark`; undefined after an accepted write. */
let before: Record<string, string> | undefined;
let mark: number;
let counter: { read(): Promise<number> };

/** Takes the checksum to compare the next refusal with (the count first: a write in between shows later). */
async function snapshot() {
  mark = await counter.read();
  // With the audit log: a refused call leaves no entry either.
  before = await tableChecksums(s.db, { withAudit: true });
  stats.checksums++;
}

interface Problem {
  op: string;
  what: string;
  request: string;
}
const problems: Problem[] = [];
const stats = { requests: 0, operations: 0, byStatus: new Map<number, number>(), fivexx: 0, repairs: 0, checksums: 0 };

const describeReq = (r: Req) => {
  const body =
    r.payload === undefined
      ? ''
      : ` ${r.headers['content-type'] ?? '(no content-type)'} ${Buffer.isBuffer(r.payload) ? `${r.payload.length} bytes` : r.payload.length > 160 ? `${r.payload.slice(0, 160)}… (${r.payload.length} chars)` : r.payload}`;
  const url = r.url.length > 200 ? `${r.url.slice(0, 200)}… (${r.url.length} chars)` : r.url;
  return `[${r.kind}] ${r.method} ${url}${body}`;
};

const SQL_REFUSED = 'A value is out of range.';

/**
 * Refusals that write on purpose (`keepWrites`, server/http/handle.ts): a failed sign-in, a
 * wrong code, a code request are counted although the call is refused, so that parallel
 * tries cannot share a count. The tables such a refusal may change; nothing else may.
 */
const COUNTED: Readonly<Record<string, readonly string[]>> = {
  'auth.login': ['signin_limits'],
  'auth.verifyOtp': ['signin_limits', 'otp_codes'],
  'auth.requestOtp': ['signin_limits'],
  'auth.resendOtp': ['signin_limits'],
  'auth.forgotPassword': ['signin_limits'],
};

/** What is wrong with the answer to `req`, if anything. */
function judge(op: DocOp, res: InjectResponse): string | null {
  const status = res.statusCode;
  if (status >= 500) return `${status} ${res.body.slice(0, 200)}`;
  if (status >= 200 && status < 300) return null;
  if (status < 400) return `unexpected ${status}`;
  if (op.secured && (status === 401 || status === 403))
    return `${status} with a live session: ${res.body.slice(0, 120)}`;
  let body: { message?: unknown; errors?: { message?: unknown[] } };
  try {
    body = res.json();
  } catch {
    return `${status} whose body is not JSON: ${res.body.slice(0, 120)}`;
  }
  if (typeof body.message !== 'string' || !body.message.trim())
    return `${status} without a message: ${res.body.slice(0, 200)}`;
  if (body.errors?.message?.[0] !== body.message)
    return `${status} whose errors.message[0] is not its message: ${res.body.slice(0, 200)}`;
  // The database's last-resort answer (server/db/constraintErrors.ts: a value PostgreSQL
  // could not take): a 4xx, but the value got past validation into SQL.
  if (body.message === SQL_REFUSED) return `${status}: a value reached SQL unvalidated (${res.body.slice(0, 120)})`;
  return null;
}

/**
 * Undoes what an accepted call did to the two accounts the run holds tokens of (a password
 * change or a sign-out ends sessions; update_user may disable or delete an account), so the
 * rest of the run still calls with live sessions. Returns whether anything needed undoing.
 */
async function keepSessionsAlive(): Promise<boolean> {
  const future = new Date(Date.now() + s.clock.offset + 24 * 3600_000);
  let fixed = 0;
  fixed += (
    await s.db.query(
      `update users set status = 'active', role = 'admin' where id = $1 and (status <> 'active' or role <> 'admin') returning id`,
      [admin.id],
    )
  ).rows.length;
  fixed += (
    await s.db.query(
      'update sessions set revoked_at = null, expires_at = $2 where token_hash = $1 and revoked_at is not null returning id',
      [sha256(adminToken), future],
    )
  ).rows.length;
  if (!(await s.db.query('select id from users where id = $1', [appUser.id])).rows.length) {
    appUser = await insertUser(s.db, {
      role: 'user',
      email: `fuzz-app-${nextSerial()}@test.example`,
      name: 'Fuzz app user',
    });
    appUserToken = await insertSession(s.db, appUser.id, { now: Date.now() + s.clock.offset });
    fixed++;
  }
  fixed += (
    await s.db.query(`update users set status = 'active' where id = $1 and status <> 'active' returning id`, [
      appUser.id,
    ])
  ).rows.length;
  fixed += (
    await s.db.query(
      'update sessions set revoked_at = null, expires_at = $2 where token_hash = $1 and revoked_at is not null returning id',
      [sha256(appUserToken), future],
    )
  ).rows.length;
  if (fixed) stats.repairs++;
  return fixed > 0;
}

/**
 * The request as the OpenAPI check sees it, where the check's tools would misread it:
 * - a query key `__proto__` breaks the checker's own query object (openapi-backend then
 *   throws); it is an undeclared parameter either way, so it is renamed for the check;
 * - a path that is no valid percent-encoding ('%zz') throws inside openapi-backend's router;
 *   such a request names no operation, so it is only held to the rules of `judge`;
 * - a JSON body led by a byte order mark is read by the server as JSON without it (RFC 8259
 *   allows that), while JSON.parse in the checker refuses it; the check gets it without.
 */
function checkerView<T extends { url: string; payload?: string | Buffer }>(opts: T): T | null {
  try {
    decodeURIComponent(opts.url.split('?')[0]);
  } catch {
    return null; // a path that is no valid percent-encoding matches no operation: judged above
  }
  const url = opts.url.replace(/([?&])__proto__/g, '$1x__proto__');
  const payload =
    typeof opts.payload === 'string' && opts.payload.startsWith('\ufeff') ? opts.payload.slice(1) : opts.payload;
  return { ...opts, url, payload };
}

/** Sends one request and holds the answer to the rules above; problems are collected. */
async function exchange(op: DocOp, req: Req): Promise<string | null> {
  stats.requests++;
  // Public calls come from many client addresses (app.inject only: nothing goes on a
  // network), so the per-address sign-in limits do not answer every call after the first few.
  const opts = {
    method: req.method as 'GET',
    url: req.url,
    headers: req.headers,
    payload: req.payload,
    remoteAddress: `198.51.100.${(stats.requests % 200) + 1}`,
    payloadAsStream: op.stream,
  };
  if (req.method !== 'GET' && !before) await snapshot();
  const res = op.stream ? await streamHead(await s.app.inject(opts)) : await s.app.inject(opts);
  stats.byStatus.set(res.statusCode, (stats.byStatus.get(res.statusCode) ?? 0) + 1);
  if (res.statusCode >= 500) stats.fivexx++;
  let problem = judge(op, res);
  try {
    const view = checkerView(opts);
    // A stream's 200 has no body to check: only its head was read.
    if (view && !(op.stream && res.statusCode === 200)) await s.openapi.check(view, res);
  } catch (err) {
    if (!(err instanceof OpenApiDisagreementError)) throw err;
    problem ??= `OpenAPI disagreement (${err.disagreement.kind}): ${err.disagreement.errors.join('; ')}`;
  }
  // Reads cannot write; a write that was refused must not have.
  if (req.method !== 'GET') {
    const accepted = res.statusCode < 400;
    // An added notification is sent by a background job (server/services/notificationJob.ts):
    // its writes are the accepted call's, so the next checksum waits for them.
    if (accepted) {
      await s.app.notificationJob.idle();
      await keepSessionsAlive();
      before = undefined; // taken again before the next write
    } else if ((await counter.read()) !== mark) {
      const was = before!;
      await snapshot();
      const changed = changedTables(was, before!).filter((t) => !COUNTED[op.id]?.includes(t.split(':')[0]));
      if (changed.length) problem ??= `refused with ${res.statusCode}, yet changed ${changed.join('; ')}`;
    }
  }
  if (problem) problems.push({ op: op.id, what: problem, request: describeReq(req) });
  return problem;
}

const tokenFor = (op: AnyOp) => () =>
  op.access === 'admin'
    ? bearerOf(adminToken)
    : op.access === 'user'
      ? bearerOf(appUserToken)
      : ({} as Record<string, string>);

beforeAll(async () => {
  s = await startTestServer();
  const doc = (await s.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  docOps = new Map(docOperations(doc).map((o) => [`${o.method} ${o.template}`, o]));
  adminToken = s.adminAuth.authorization.replace(/^Bearer /, '');
  admin = (
    await s.db.query<Account>(
      'select u.id, u.email from users u join sessions x on x.user_id = u.id where x.token_hash = $1',
      [sha256(adminToken)],
    )
  ).rows[0];
  appUser = await insertUser(s.db, { role: 'user', email: 'fuzz-app-user@test.example', name: 'Fuzz app user' });
  appUserToken = await insertSession(s.db, appUser.id);
  // A record of each kind, so that id 1 often names a real row (and update and delete run).
  for (const op of operations.filter((o) => o.id.endsWith('.add'))) {
    const d = docOps.get(`${op.method} ${openApiPath(op.path)}`)!;
    await s.call({
      method: op.method,
      url: d.template,
      headers: { ...s.adminAuth, 'content-type': 'application/json' },
      payload: toJson(sample(d.json)),
    });
  }
  counter = await writeCounter(s.db);
  await snapshot();
});

afterAll(async () => {
  console.log(
    `fuzz (seed ${SEED}, ${RUNS} runs an operation): ${stats.requests} requests over ${stats.operations} operations; ` +
      `statuses ${[...stats.byStatus.entries()]
        .sort(([a], [b]) => a - b)
        .map(([k, v]) => `${k}×${v}`)
        .join(' ')}; ` +
      `5xx: ${stats.fivexx}; problems: ${problems.length}; session repairs after accepted calls: ${stats.repairs}; checksums: ${stats.checksums}`,
  );
  await s?.close();
});

it('fuzzes every operation of the contract, as the document lists them', () => {
  expect(docOps.size).toBe(operations.length);
  expect([...docOps.values()].map((o) => o.id).sort()).toEqual(operations.map((o) => o.id).sort());
});

operations.forEach((op, i) => {
  it(
    `${op.id}: ${op.method} ${op.path} never fails, never writes when it refuses`,
    async () => {
      const d = docOps.get(`${op.method} ${openApiPath(op.path)}`);
      expect(d, 'the document lists the operation').toBeDefined();
      stats.operations++;
      const auth = tokenFor(op);
      const mine = () => problems.filter((p) => p.op === d!.id);
      for (const r of [...pinnedRequests(d!, auth), ...textRequests(d!, auth, i)]) await exchange(d!, r);
      await fc.assert(
        fc.asyncProperty(requestArb(d!, auth), async (r) => {
          const problem = await exchange(d!, r);
          if (SHRINK && problem) throw new Error(problem);
        }),
        { numRuns: RUNS, seed: SEED + i, endOnFailure: !SHRINK },
      );
      // The count held to the checksum: unchanged since the last checksum, the tables must be too.
      if (before && (await counter.read()) === mark) {
        const was = before;
        await snapshot();
        expect(changedTables(was, before), 'tables changed while the write counter stood still').toEqual([]);
      }
      // One line per kind of problem, with its first request.
      const grouped = new Map<string, string>();
      for (const p of mine())
        if (!grouped.has(p.what.slice(0, 80))) grouped.set(p.what.slice(0, 80), `${p.what}\n    ${p.request}`);
      expect([...grouped.values()], `problems (seed ${SEED})`).toEqual([]);
    },
    TIMEOUT,
  );
});

it('ran with live sessions throughout (else every answer was a 401 and proved little)', async () => {
  expect((await s.call({ method: 'GET', url: pathOf(showMe), headers: s.adminAuth })).statusCode).toBe(200);
  expect(problems.filter((p) => / with a live session/.test(p.what))).toEqual([]);
  expect(stats.fivexx).toBe(0);
});
