// The five calls of every resource in contract/operations.ts, from its derived operations
// (contract/resource.ts) and its repository (server/repositories/registry.ts). Per-entity
// rules that refuse a call (an admin deleting their own account, the last active admin
// demoted) are listed in RULES; the
// handlers of an update call's second body (contract/resource.ts updateAlternative) in
// ALTERNATIVES.
import type { CardStatusBody } from '@contract/card';
import { takesAlternative } from '@contract/operation';
import type { Resource } from '@contract/resource';
import { recordIdOf } from '@contract/resource';
import type { Tx } from '../db/connection';
import { HttpError } from '../errors';
import { bindDerived, type Bound, type CallContext } from '../http/handle';
import { repositoryFor } from '../repositories/registry';
import { confirmCardStatus } from '../services/cardStatus';
import type { Reviewer } from '../services/crawlReview';
import { deleteKept } from '../services/undo';
import { guardedBy, userRules, type CrudRule } from '../services/users';
import { bulkHandlers, purge } from './bulk';
import { exportHandlers } from './exports';

const RULES: Record<string, CrudRule> = { user: userRules };

/** Answers the updated record, or null when it does not exist. The body has passed the alternative's schema. */
type AlternativeUpdate = (tx: Tx, id: number, body: Record<string, unknown>, who: Reviewer) => Promise<unknown>;
const ALTERNATIVES: Record<string, AlternativeUpdate> = {
  card: (tx, id, body, who) => confirmCardStatus(tx, id, body as CardStatusBody, who),
};

export interface CrudDeps {
  /** The server's clock (a crawled ref's claim runs out on it). */
  now: () => number;
}

type Row = { id: number } & Record<string, unknown>;

export function crudHandlers(resource: Resource, { now }: CrudDeps): Bound[] {
  const { ops } = resource;
  const repo = repositoryFor<Row>(resource);
  const rule = RULES[resource.name];
  const guarded = guardedBy(rule);
  const files = Object.keys(resource.files ?? {});
  const notFound = () => new HttpError(404, `${resource.label.one} not found.`);
  if (ops.update?.alternativeBody && !ALTERNATIVES[resource.name])
    throw new Error(`${ops.update.id}: a second body with no handler in ALTERNATIVES`);

  /**
   * Stores new uploads in the body's file columns; `null` clears one. A file replaced or cleared
   * stays: the call's audit entry keeps the row as it was, and its revert needs the file
   * (server/services/storageCleanup.ts removes it once nothing references it).
   */
  async function withFiles(ctx: CallContext, body: Record<string, unknown>) {
    const data = { ...body };
    for (const f of files) {
      const upload = ctx.files[f];
      if (upload === undefined) continue;
      data[f] = upload === null ? null : await ctx.saveImage(f, upload);
    }
    return data;
  }

  // A list with a `listKey` answers its rows under data[listKey], the pagination fields beside them.
  const key = resource.listKey;
  const bound: Bound[] = [
    bindDerived(ops.list, async ({ query, body }, tx) => {
      const page = await repo.list(tx, { ...query, ...body });
      return key ? { data: { [key]: page.data, ...page.pagination } } : page;
    }),
  ];
  if (ops.show) {
    bound.push(
      bindDerived(ops.show, async (input, tx) => {
        const row = await repo.get(tx, recordIdOf(input, resource, 'show'));
        if (!row) throw notFound();
        return { message: resource.messages.shown, data: row };
      }),
    );
  }
  if (ops.add) {
    bound.push(
      bindDerived(ops.add, async ({ body = {} }, tx, ctx) => {
        rule?.before?.('add', null, body ?? {}, ctx.user?.id ?? null);
        const data = await withFiles(ctx, body ?? {});
        return { message: resource.messages.added, data: await repo.create(tx, data) };
      }),
    );
  }
  if (ops.update) {
    bound.push(
      bindDerived(ops.update, async ({ params = {}, body }, tx, ctx) => {
        const id = Number(params.id);
        const alternative = ALTERNATIVES[resource.name];
        if (alternative && takesAlternative(ops.update!, body)) {
          const who = { id: ctx.user!.id, name: ctx.user!.name, now: now() };
          const row = await alternative(tx, id, body ?? {}, who);
          if (!row) throw notFound();
          return { message: resource.messages.updated, data: row };
        }
        rule?.before?.('update', id, body ?? {}, ctx.user?.id ?? null);
        const before = await repo.get(tx, id);
        if (!before) throw notFound();
        const data = await withFiles(ctx, body ?? {});
        const row = await guarded(tx, 'update', body ?? {}, () => repo.update(tx, before.id, data));
        if (!row) throw notFound();
        return { message: resource.messages.updated, data: row };
      }),
    );
  }
  if (ops.remove) {
    bound.push(
      bindDerived(ops.remove, async (input, tx, ctx) => {
        const id = recordIdOf(input, resource, 'remove');
        rule?.before?.('remove', id, {}, ctx.user?.id ?? null);
        if (resource.ordered) {
          // Its files stay for the delete's audit entry (server/services/storageCleanup.ts).
          const row = await repo.remove(tx, id);
          if (!row) throw notFound();
          return { message: resource.messages.deleted, data: row };
        }
        // Undoable: the row, what cascaded from it and its files are kept a while (contract/bulk.ts).
        const row = await repo.get(tx, id);
        if (!row) throw notFound();
        const kept = await guarded(tx, 'remove', {}, () =>
          deleteKept(tx, {
            resource: resource.name,
            table: resource.storage.table,
            ids: [id],
            userId: ctx.user?.id ?? null,
            files,
          }),
        );
        if (!kept.count) throw notFound();
        await purge(tx);
        return { message: resource.messages.deleted, data: row, undo: kept.token };
      }),
    );
  }
  return [...bound, ...bulkHandlers(resource, rule), ...exportHandlers(resource)];
}
