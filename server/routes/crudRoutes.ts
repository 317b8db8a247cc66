// One CRUD-routes factory: a ResourceContract (shared with the browser) plus a repository
// become the five SPEC.md calls, each with a schema, so bad input is a 4xx naming the field.
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
  /** Maps a unique-index violation to the field it concerns. */
  uniqueFields?: Record<string, string>;
}

const IdParam = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });

export function crudRoutes<T extends { id: number }>(app: FastifyInstance, o: CrudRoutesOptions<T>) {
  const { contract: c, repo, uploads } = o;
  const tags = [c.label.many];
  const errors = { 400: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, 422: ErrorEnvelope };
  const one = RecordEnvelope(c.entity);
  const notFound = () => new HttpError(404, `${c.label.one} not found.`);
  const fileFields = Object.keys(c.files ?? {});

  /** Moves uploaded files out of the body into their URL columns. */
  async function withFiles(body: Record<string, unknown>, before?: Record<string, unknown> | null) {
    const data = { ...body };
    const replaced: unknown[] = [];
    for (const f of fileFields) {
      const v = data[f];
      if (v === undefined) {
        if (data[`remove_${f}`] === true || data[`remove_${f}`] === 'true') {
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

  app.get(c.paths.list, {
    schema: { tags, summary: `List ${c.label.many.toLowerCase()}`, querystring: ListQuery, response: { 200: ListEnvelope(c.entity) } },
    handler: (req) => repo.list(req.query as ListQuery),
  });

  app.get(c.paths.show, {
    schema: { tags, summary: `Show one ${c.label.one.toLowerCase()}`, params: IdParam, response: { 200: one, ...errors } },
    handler: async (req) => {
      const row = await repo.get((req.params as { id: number }).id);
      if (!row) throw notFound();
      return { message: c.messages.shown, data: row };
    },
  });

  app.post(c.paths.add, {
    schema: { tags, summary: `Add a ${c.label.one.toLowerCase()}`, consumes: consumes(fileFields), body: bodySchema(c.create, fileFields), response: { 200: one, ...errors } },
    preValidation: multipartToBody(c.create),
    handler: async (req) => {
      const { data } = await withFiles(req.body as Record<string, unknown>);
      const row = await unique(o, () => repo.create(data));
      return { message: c.messages.added, data: row };
    },
  });

  const updateOpts = {
    schema: { tags, summary: `Update a ${c.label.one.toLowerCase()}`, consumes: consumes(fileFields), params: IdParam, body: bodySchema(c.update, fileFields), response: { 200: one, ...errors } },
    preValidation: multipartToBody(c.update),
    handler: async (req: FastifyRequest) => {
      const id = (req.params as { id: number }).id;
      const before = (await repo.get(id)) as Record<string, unknown> | null;
      if (!before) throw notFound();
      const { data, replaced } = await withFiles(req.body as Record<string, unknown>, before);
      try {
        const row = await unique(o, () => repo.update(id, data));
        if (!row) throw notFound();
        await Promise.all(replaced.map((u) => uploads.remove(u as string)));
        return { message: c.messages.updated, data: row };
      } catch (err) {
        if (err instanceof StaleVersionError) throw Object.assign(new HttpError(409, err.message, { version: [err.message] }), { current: err.current });
        throw err;
      }
    },
  };
  if (c.updateMethod === 'PUT') app.put(c.paths.update, updateOpts);
  else app.post(c.paths.update, updateOpts);

  const RemoveQuery = Type.Object({ [c.removeIdParam]: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
  app.delete(c.paths.remove, {
    schema: { tags, summary: `Delete a ${c.label.one.toLowerCase()}`, querystring: RemoveQuery, response: { 200: one, ...errors } },
    handler: async (req) => {
      const id = (req.query as Record<string, number>)[c.removeIdParam];
      const row = (await repo.remove(id)) as (T & Record<string, unknown>) | null;
      if (!row) throw notFound();
      await Promise.all(fileFields.map((f) => uploads.remove(row[f] as string)));
      return { message: c.messages.deleted, data: row };
    },
  });
}

/** Unique-index violations (23505) become a 422 on the field they concern. */
async function unique<R>(o: Pick<CrudRoutesOptions<unknown>, 'contract' | 'uniqueFields'>, fn: () => Promise<R>): Promise<R> {
  try {
    return await fn();
  } catch (err) {
    const e = err as { code?: string; constraint?: string; detail?: string; message?: string };
    if (e.code !== '23505') throw err;
    const hit = Object.entries(o.uniqueFields ?? {}).find(([idx]) => (e.constraint ?? e.message ?? '').includes(idx));
    const field = hit?.[1] ?? 'name';
    const text = `A ${o.contract.label.one.toLowerCase()} with this ${field.replace(/_/g, ' ')} already exists.`;
    throw new HttpError(422, text, { [field]: [text] });
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
