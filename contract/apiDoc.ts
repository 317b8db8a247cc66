// contract/api.md, generated from the operations (contract/operations.ts), so the page and
// the API cannot disagree. `npm run api:doc` writes it; a test fails when it is out of date.
import type { TSchema } from '@sinclair/typebox';
import { homepageResources } from './homepage';
import type { AnyOp } from './operation';
import type { Resource } from './resource';

const HEADER = `# The API in one page

Generated from contract/operations.ts by \`npm run api:doc\` (a test fails when it is out of date).
The OpenAPI document at /api/openapi.json (reference at /api/docs) comes from the same operations.
The conventions, in short:

- Success: \`{ message, data }\`. Lists: \`{ data: [...], pagination }\` with page, per_page,
  current_page, total, first_page, last_page, from, to (contract/envelope.ts).
- Errors: a 4xx with \`{ message, errors: { <field>: [..], message: [..] } }\`. 401 no or expired
  token; 403 the account's role may not run the call (a sentence saying what it may not do);
  404 missing record; 409 stale \`version\` or a record still in use;
  413 too large; 422 bad input naming the field; 429 too soon. A 5xx (a server fault) also
  names \`request_id\`, the id its log line carries.
- Every answer carries \`X-Request-Id\` (the caller's own when it sends a short safe one);
  every answer under /admin/v1 and /api/v1 says \`Cache-Control: no-store\`.
- Access: *public*, *signed in* (a bearer token), or *admin* (a bearer token of a staff account:
  admin, editor, reviewer or viewer). Every staff role reads; a write needs the permission in
  brackets, which contract/roles.md shows role by role.
- Bodies are JSON; calls marked *multipart* also take multipart/form-data, where a file field
  \`f\` is uploaded as a file and \`remove_f=true\` clears it.
- Lists take \`query\` (every word must match), \`page\` (default 1), \`per_page\` (default 50,
  at most 500) and \`sort\` (a sortable field, \`-\` first for descending).
- Uploaded files are served at the URL the record holds (\`/uploads/<name>\`). \`GET /health\`
  answers 200 once the database is ready.
`;

const ACCESS = { public: 'public', user: 'signed in', admin: 'admin' } as const;

export function apiDoc(operations: readonly AnyOp[], screenResources: readonly Resource[]): string {
  // The homepage's four lists are resources too, kept apart from `resources` (one screen
  // shows all four: contract/homepage.ts); their records are documented like the others.
  const resources = [...screenResources, ...homepageResources.filter((r) => !screenResources.includes(r))];
  const out = [HEADER];
  const tags = [...new Set(operations.map((op) => op.tag))];
  for (const tag of tags) {
    out.push(`## ${tag}\n`, '| call | input | answer | access |', '|---|---|---|---|');
    for (const op of operations.filter((o) => o.tag === tag))
      out.push(
        `| ${op.method} ${op.path}<br>${op.summary} | ${inputOf(op)} | ${answerOf(op, resources)} | ${accessOf(op)} |`,
      );
    out.push('');
  }
  out.push('## Records\n');
  for (const r of resources) out.push(`- **${r.label.one}** (${r.name}): ${fields(r.entity)}`);
  out.push('');
  return out.join('\n');
}

function inputOf(op: AnyOp): string {
  const parts: string[] = [];
  if (op.params) parts.push(`path: ${Object.keys(op.params.properties).join(', ')}`);
  if (op.query) parts.push(`query: ${fields(op.query)}`);
  if (op.body) {
    const files = Object.entries(op.files ?? {}).map(([f, kind]) => `${f}? (${kind} file)`);
    parts.push(
      `body${op.multipart ? ' (JSON or multipart)' : ''}: ${[fields(op.body), ...files].filter(Boolean).join(', ')}`,
    );
    if (op.alternativeBody) parts.push(`or body: ${fields(op.alternativeBody)} alone`);
  } else if (op.files) {
    parts.push(
      `multipart: ${Object.entries(op.files)
        .map(([f, kind]) => `${f} (${kind} file)`)
        .join(', ')}`,
    );
  }
  return parts.join('<br>') || '—';
}

function answerOf(op: AnyOp, resources: readonly Resource[]): string {
  const r = resources.find((x) => x.name === op.resource);
  const props = (op.response as TSchema).properties as Record<string, TSchema> | undefined;
  const data = props?.data;
  let shape: string;
  const keyed = r?.listKey ? (data?.properties as Record<string, TSchema> | undefined)?.[r.listKey] : undefined;
  if (r && data?.type === 'array' && data.items === r.entity) shape = `list of ${r.label.one}`;
  else if (r && keyed?.items === r.entity)
    shape = `data.${r.listKey}: list of ${r.label.one}, beside the pagination fields`;
  else if (r && data === r.entity) shape = `data: ${r.label.one}`;
  else shape = props ? fields(op.response) : String((op.response as TSchema).type ?? '');
  return op.message ? `${shape}; message "${op.message}"` : shape;
}

const accessOf = (op: AnyOp) => `${ACCESS[op.access]}${op.permission ? ` (${op.permission})` : ''}`;

/** `{ name, code, website?, … }` one level deep: optional fields end in '?'. */
function fields(schema: TSchema | undefined): string {
  if (!schema) return '';
  const branches = (Array.isArray(schema.anyOf) ? schema.anyOf : [schema]) as TSchema[];
  const obj = branches.find((b) => b.type === 'object');
  if (!obj?.properties) return String(schema.type ?? '');
  const required = new Set((obj.required as string[] | undefined) ?? []);
  return Object.keys(obj.properties as object)
    .map((k) => `${k}${required.has(k) ? '' : '?'}`)
    .join(', ');
}
