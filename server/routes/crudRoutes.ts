// One CRUD-routes factory: a ResourceContract (shared with the browser) plus a repository
// become SPEC.md's calls, each with a schema, so bad input is a 4xx naming the field.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type TObject } from '@sinclair/typebox';
import { ListEnvelope, ListQuery, RecordEnvelope, ErrorEnvelope } from '../../contract/envelope';
import type { ResourceContract } from '../../contract/resource';
import type { CrudRepository } from '../repositories/crudRepository';
import { StaleVersionError } from '../repositories/crudRepository';
import { HttpError } from '../plugins/errors';
import type { Uploads } from '../services/uploads';
import { multipartToBody } from './multipartBody';

export interface CrudRoutesOptions<T> {
  contract: ResourceContract;
  repo: CrudRepository<T>;
  uploads: Uploads;
  /** Maps a unique-index name to the field it concerns. */
  uniqueFields?: Record<string, string>;
  /** Maps a foreign-key constraint name to the field it concerns (a missing bank_id, say). */
  foreignFields?: Record<string, string>;
  /** Maps a check constraint to the field and sentence it concerns. */
  checks?: Record<string, [field: string, text: string]>;
  /** Refuses a call before it runs (e.g. deleting your own account); throw an HttpError. */
  guard?: (call: 'add' | 'update' | 'remove', id: number | null, req: FastifyRequest) => void;
}

const IdParam = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });

export function crudRoutes<T extends { id: number }>(app: FastifyInstance, o: CrudRoutesOptions<T>) {
  const { contract: c, repo, uploads } = o;
  const tags = [c.label.many];
  const has = (call: 'show' | 'add' | 'update' | 'remove') => !c.omit?.includes(call);
  const errors = { 400: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, 422: ErrorEnvelope };
  const one = RecordEnvelope(c.entity);
  const notFound = () => new HttpError(404, `${c.label.one} not found.`);
  const fileFields = Object.keys(c.files ?? {});
  const guarded = <R>(fn: () => Promise<R>) => withConstraints(o, fn);

  /** Moves uploaded files out of the body into their URL columns. */
  async function withFiles(body: Record<string, unknown>, before?: Record<string, unknown> | null) {
    const data = { ...body };
    const replaced: unknown[] = [];
    for (const f of fileFields) {
      const v = data[f];
      if (v === undefined) {
        if (data[`remove_${f}`] === true) {
          data[f] = null;
          replaced.push(before?.[f]);
        }
        continue;
      }
      if (!Buffer.isBuffer(v)) throw new HttpError(422, `${cap(f)} must be an uploaded file.`, { [f]: [`${cap(f)} must be an uploaded file.`] });
      data[f] = await uploads.saveImage(f, v);
      replaced.push(before?.[f]);
    }
    return { data, replaced };
  }

  // List: GET with filters in the query, or POST with the filter payload as the body.
  const filters = c.filters?.properties ?? {};
  const listSchema =
    c.listMethod === 'POST'
      ? { querystring: Type.Object({ ...ListQuery.properties, query: Type.Optional(Type.String({ maxLength: 200 })) }), body: Type.Union([Type.Null(), Type.Object({ ...filters, sort: ListQuery.properties.sort })]) }
      : { querystring: Type.Object({ ...ListQuery.properties, ...filters }) };
  app.route({
    method: c.listMethod ?? 'GET',
    url: c.paths.list,
    schema: { tags, summary: `List ${c.label.many.toLowerCase()}`, ...listSchema, response: { 200: ListEnvelope(c.entity), 422: ErrorEnvelope } },
    handler: (req) => {
      const params = { ...(req.query as object), ...((req.body as object | null) ?? {}) } as { sort?: string };
      return repo.list({ ...params, sort: params.sort ?? c.defaultSort } as never);
    },
  });

  if (has('show')) {
    const byQuery = c.showIdIn === 'query';
    app.get(c.paths.show, {
      schema: { tags, summary: `Show one ${c.label.one.toLowerCase()}`, ...(byQuery ? { querystring: IdParam } : { params: IdParam }), response: { 200: one, ...errors } },
      handler: async (req) => {
        const row = await repo.get(((byQuery ? req.query : req.params) as { id: number }).id);
        if (!row) throw notFound();
        return { message: c.messages.shown, data: row };
      },
    });
  }

  if (has('add')) {
    app.post(c.paths.add, {
      schema: { tags, summary: `Add a ${c.label.one.toLowerCase()}`, consumes: consumes(fileFields), body: bodySchema(c.create, fileFields), response: { 200: one, ...errors } },
      preValidation: multipartToBody(c.create),
      handler: async (req) => {
        o.guard?.('add', null, req);
        const { data } = await withFiles(req.body as Record<string, unknown>);
        return { message: c.messages.added, data: await guarded(() => repo.create(data)) };
      },
    });
  }

  if (has('update')) {
    app.route({
      method: c.updateMethod,
      url: c.paths.update,
      schema: { tags, summary: `Update a ${c.label.one.toLowerCase()}`, consumes: consumes(fileFields), params: IdParam, body: bodySchema(c.update, fileFields), response: { 200: one, ...errors } },
      preValidation: multipartToBody(c.update),
      handler: async (req: FastifyRequest) => {
        const id = (req.params as { id: number }).id;
        o.guard?.('update', id, req);
        const before = (await repo.get(id)) as Record<string, unknown> | null;
        if (!before) throw notFound();
        const { data, replaced } = await withFiles(req.body as Record<string, unknown>, before);
        const row = await guarded(() => repo.update(id, data));
        if (!row) throw notFound();
        await Promise.all(replaced.map((u) => uploads.remove(u as string)));
        return { message: c.messages.updated, data: row };
      },
    });
  }

  if (has('remove')) {
    const inPath = !c.removeIdParam;
    const RemoveQuery = Type.Object({ [c.removeIdParam]: IdParam.properties.id });
    app.delete(c.paths.remove, {
      schema: { tags, summary: `Delete a ${c.label.one.toLowerCase()}`, ...(inPath ? { params: IdParam } : { querystring: RemoveQuery }), response: { 200: one, ...errors } },
      handler: async (req) => {
        const id = inPath ? (req.params as { id: number }).id : (req.query as Record<string, number>)[c.removeIdParam];
        o.guard?.('remove', id, req);
        const row = (await guarded(() => repo.remove(id))) as (T & Record<string, unknown>) | null;
        if (!row) throw notFound();
        await Promise.all(fileFields.map((f) => uploads.remove(row[f] as string)));
        return { message: c.messages.deleted, data: row };
      },
    });
  }
}

/**
 * Database rules become 4xx answers naming the field: a duplicate (23505) and a reference
 * to a missing record (23503 on write) are 422; a delete blocked by dependants is 409;
 * a stale version is 409.
 */
async function withConstraints<R>(o: Pick<CrudRoutesOptions<unknown>, 'contract' | 'uniqueFields' | 'foreignFields' | 'checks'>, fn: () => Promise<R>): Promise<R> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof StaleVersionError) throw new HttpError(409, err.message, { version: [err.message] });
    const e = err as { code?: string; constraint?: string; message?: string; detail?: string };
    const where = `${e.constraint ?? ''} ${e.message ?? ''}`;
    const one = o.contract.label.one.toLowerCase();
    if (e.code === '23505') {
      const field = Object.entries(o.uniqueFields ?? {}).find(([idx]) => where.includes(idx))?.[1] ?? 'name';
      const text = `A ${one} with this ${field.replace(/_/g, ' ')} already exists.`;
      throw new HttpError(422, text, { [field]: [text] });
    }
    if (e.code === '23503' || e.code === '23001') {
      const field = Object.entries(o.foreignFields ?? {}).find(([fk]) => where.includes(fk))?.[1];
      if (field) {
        const text = `${cap(field.replace(/_id$/, ''))} does not exist.`;
        throw new HttpError(422, text, { [field]: [text] });
      }
      const text = `This ${one} is still in use by other records; remove those first.`;
      throw new HttpError(409, text, { id: [text] });
    }
    if (e.code === '23514') {
      const [field, text] = Object.entries(o.checks ?? {}).find(([ck]) => where.includes(ck))?.[1] ?? ['body', 'The values break a rule of this record.'];
      throw new HttpError(422, text, { [field]: [text] });
    }
    throw err;
  }
}

function bodySchema(schema: TObject, files: string[]) {
  if (!files.length) return schema;
  const props: Record<string, unknown> = { ...schema.properties };
  // Documented for OpenAPI; the handler checks that the value really is a file.
  for (const f of files) props[f] = { type: 'object', description: `${f} image file (PNG, JPEG, WebP or GIF)` };
  for (const f of files) props[`remove_${f}`] = { type: 'boolean', description: `true clears the ${f}` };
  return { ...schema, properties: props };
}

const consumes = (files: string[]) => (files.length ? ['multipart/form-data', 'application/json'] : ['application/json']);
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).replace(/_/g, ' ');
