// A resource's bulk calls and their undo (contract/bulk.ts), for every resource that has
// them: which records (checked ids, or the list's filter with the count confirmed), then one
// undoable write through server/services/undo.ts, in the call's one transaction.
import { BULK_MAX, eachFields, type BulkTarget } from '@contract/bulk';
import type { Resource } from '@contract/resource';
import type { Tx } from '../db/connection';
import { badField, HttpError, StaleVersionError } from '../errors';
import { bindDerived, type Bound, type CallContext } from '../http/handle';
import type { CrudRepository } from '../repositories/crud';
import { repositoryFor } from '../repositories/registry';
import { guardedBy, type CrudRule } from '../services/users';
import { deleteUses } from '../services/deleteUses';
import { deleteKept, purgeExpired, undoKept, updateEachKept, updateKept } from '../services/undo';

const count = (n: number, r: Resource) =>
  `${n.toLocaleString('en')} ${(n === 1 ? r.label.one : r.label.many).toLowerCase()}`;

export function bulkHandlers(resource: Resource, rule: CrudRule | undefined): Bound[] {
  const { ops } = resource;
  const repo = repositoryFor<{ id: number }>(resource);
  const { table } = resource.storage;
  const files = Object.keys(resource.files ?? {});
  const bound: Bound[] = [];
  const userId = (ctx: CallContext) => ctx.user?.id ?? null;
  const guarded = guardedBy(rule);

  if (ops.bulkRemove) {
    bound.push(
      bindDerived(ops.bulkRemove, async ({ body }, tx, ctx) => {
        const ids = await targetIds(tx, resource, repo, body as BulkTarget);
        for (const id of ids) rule?.before?.('remove', id, {}, userId(ctx));
        const kept = await guarded(tx, 'bulkRemove', {}, () =>
          deleteKept(tx, { resource: resource.name, table, ids, userId: userId(ctx), files }),
        );
        await purge(tx);
        return { message: `Deleted ${count(kept.count, resource)}.`, data: { count: kept.count, undo: kept.token } };
      }),
    );
  }
  if (ops.bulkUpdate) {
    bound.push(
      bindDerived(ops.bulkUpdate, async ({ body }, tx, ctx) => {
        const { set: sent, ...target } = body as BulkTarget & { set: Record<string, unknown> };
        // Only the bulk fields are ever written (the schema drops others); at least one must be there.
        const set = Object.fromEntries(
          Object.entries(sent).filter(([k, v]) => resource.bulk!.includes(k) && v !== undefined),
        );
        if (!Object.keys(set).length) throw badField('set', `Set one or more of ${resource.bulk!.join(', ')}.`);
        const ids = await targetIds(tx, resource, repo, target);
        for (const id of ids) rule?.before?.('update', id, set, userId(ctx));
        const kept = await guarded(tx, 'bulkUpdate', set, () =>
          updateKept(tx, { resource: resource.name, table, ids, userId: userId(ctx), set }),
        );
        await purge(tx);
        return { message: `Updated ${count(kept.count, resource)}.`, data: { count: kept.count, undo: kept.token } };
      }),
    );
  }
  if (ops.updateEach) {
    bound.push(
      bindDerived(ops.updateEach, async ({ body }, tx, ctx) => {
        const sent = (body as { rows: { id: number; version: number; set: Record<string, unknown> }[] }).rows;
        // Only the fields the contract lists are written (the schema drops others); each row sets one at least.
        const allowed = new Set(eachFields(resource));
        const rows = sent.map((row) => ({
          ...row,
          set: Object.fromEntries(Object.entries(row.set).filter(([k, v]) => allowed.has(k) && v !== undefined)),
        }));
        const seen = new Set<number>();
        for (const row of rows) {
          if (seen.has(row.id))
            throw badField('rows', `${resource.label.one} ${row.id} is named twice: name each record once.`);
          if (!Object.keys(row.set).length)
            throw badField(
              'rows',
              `Set one or more of ${[...allowed].join(', ')} on ${resource.label.one.toLowerCase()} ${row.id}.`,
            );
          seen.add(row.id);
        }
        for (const row of rows) rule?.before?.('update', row.id, row.set, userId(ctx));
        const write = async (id: number, data: Record<string, unknown>) => {
          try {
            if (!(await repo.update(tx, id, data)))
              throw new HttpError(
                404,
                `${resource.label.one} ${id} does not exist (any more), so nothing was changed.`,
                { rows: [`${resource.label.one} ${id} does not exist.`] },
              );
          } catch (e) {
            // Name the record: one stale row of many refuses them all.
            if (!(e instanceof StaleVersionError)) throw e;
            const text = `${describe(resource, e.current)} was changed by someone else since you loaded it, so nothing was changed. Reload and try again.`;
            throw new HttpError(409, text, { version: [text] });
          }
        };
        const kept = await guarded(tx, 'updateEach', {}, () =>
          updateEachKept(tx, { resource: resource.name, table, rows, userId: userId(ctx), write }),
        );
        await purge(tx);
        return { message: `Updated ${count(kept.count, resource)}.`, data: { count: kept.count, undo: kept.token } };
      }),
    );
  }
  if (ops.count) {
    bound.push(
      bindDerived(ops.count, async ({ body }, tx) => {
        const n = (await repo.matchingIds(tx, (body as { where?: Record<string, unknown> }).where ?? {}, BULK_MAX + 1))
          .length;
        return { message: `${count(n, resource)} match.`, data: { count: n } };
      }),
    );
  }
  if (ops.uses) {
    bound.push(
      bindDerived(ops.uses, async ({ body }, tx) => {
        const b = body as BulkTarget;
        if (b.ids && b.where) throw badField('ids', 'Name the records by their ids or by a filter, not both.');
        if (!b.ids && !b.where) throw badField('ids', 'Name the records: their ids, or a filter.');
        // A filter matching more than a delete takes is counted on as many as it would take.
        const ids = b.ids ?? (await repo.matchingIds(tx, b.where!, BULK_MAX));
        const data = await deleteUses(tx, table, ids);
        return {
          message: data.refused
            ? `Deleting ${count(data.count, resource)} will be refused.`
            : `${count(data.count, resource)} can be deleted.`,
          data,
        };
      }),
    );
  }
  if (ops.undo) {
    bound.push(
      bindDerived(ops.undo, async ({ body }, tx, ctx) => {
        const n = await guarded(tx, 'undo', {}, () =>
          undoKept(tx, (body as { token: string }).token, resource.name, userId(ctx)),
        );
        return { message: `Undone: ${count(n, resource)} as before.`, data: { count: n } };
      }),
    );
  }
  return bound;
}

/** 'Offer “Summer dining”' (or 'Offer 12'): a record as a refusal names it. */
function describe(resource: Resource, row: unknown): string {
  const r = (row ?? {}) as Record<string, unknown>;
  const name = ['title', 'name', 'merchant_name', 'label', 'email']
    .map((k) => r[k])
    .find((v) => typeof v === 'string' && v);
  return name ? `${resource.label.one} “${name}”` : `${resource.label.one} ${String(r.id ?? '')}`.trim();
}

/**
 * After an undoable write: the entries that ran out go. Their rows' files stay for the storage
 * clean-up (server/services/storageCleanup.ts): the delete's audit entry may still revert it.
 */
export async function purge(tx: Tx): Promise<void> {
  await purgeExpired(tx);
}

/** The ids a bulk call writes: the checked ones, or what the filter matches now when that is the count confirmed. */
async function targetIds(
  tx: Tx,
  resource: Resource,
  repo: CrudRepository<{ id: number }>,
  body: BulkTarget,
): Promise<number[]> {
  if (body.ids && body.where) throw badField('ids', 'Name the records by their ids or by a filter, not both.');
  if (body.ids) return body.ids;
  if (!body.where) throw badField('ids', 'Name the records: their ids, or a filter with the count you confirmed.');
  if (body.expect === undefined) throw badField('expect', 'With a filter, give the count of records you confirmed.');
  const ids = await repo.matchingIds(tx, body.where, BULK_MAX + 1);
  if (ids.length > BULK_MAX)
    throw badField(
      'expect',
      `More than ${BULK_MAX.toLocaleString('en')} ${resource.label.many.toLowerCase()} match: narrow the filter.`,
    );
  if (ids.length !== body.expect) {
    const text = `${count(ids.length, resource)} match now, not ${body.expect.toLocaleString('en')}: the list has changed. Look at it again and retry.`;
    throw new HttpError(409, text, { expect: [text] });
  }
  return ids;
}
