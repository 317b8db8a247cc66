// Find / New / Edit / Delete / Save for any CRUD resource, from one factory, so every
// entity gets the same words and keys (n, e, mod+backspace, mod+enter).
import type { ResourceContract } from '../../contract/resource';
import type { Payload } from '../api/resourceClient';
import type { ResourceStore } from '../store/resourceStore';
import { confirm } from '../ui/confirmStore';
import { go, keepSearch } from '../navigate';
import type { Command, Ctx, PickItem } from './types';

export interface ResourceScreen<T extends { id: number }> {
  /** The view scope and URL family: 'banks' → scope 'view:banks'. */
  view: string;
  resource: ResourceContract;
  store: ResourceStore<T>;
  /** Route patterns; ':id' is the record id. */
  routes: { list: string; view: string; edit: string; add: string };
  /** How a record reads in pickers and confirmations. */
  describe(record: T): { label: string; hint?: string };
}

/** The argument of create/update: what the form collected. */
/** '/view-bank/:id' + 3 → '/view-bank/3'. */
export const pathTo = (pattern: string, id: number) => pattern.replace(':id', String(id));

export interface SaveArg {
  id?: number;
  data: Payload;
}

export function resourceCommands<T extends { id: number }>(screen: ResourceScreen<T>): Command[] {
  const { resource, store, routes, view } = screen;
  const one = resource.label.one.toLowerCase();
  const scope = `view:${view}` as const;
  const group = resource.label.many;

  const highlighted = (ctx: Ctx): T | undefined =>
    ctx.selection?.resource === resource.name ? store.find(ctx.selection.id) : undefined;

  const pickRecord = (placeholder: string, withContext: boolean) => ({
    placeholder,
    async load(search: string, signal: AbortSignal): Promise<PickItem[]> {
      const res = await store.client.list({ query: search || undefined, page: 1, per_page: 20 }, { signal });
      return res.data.map((r) => ({ key: String(r.id), ...screen.describe(r), value: r }));
    },
    fromContext: withContext ? highlighted : undefined,
  });

  const editing = (ctx: Ctx) => ctx.mode === 'edit' || ctx.mode === 'add';

  return [
    {
      id: `${resource.name}.find`,
      title: `Find ${one}…`,
      group,
      keywords: ['search', 'open', 'view', resource.label.many.toLowerCase()],
      scope: 'global',
      pick: pickRecord(`Find a ${one} by name or code…`, false),
      run: (_ctx, record) => go(pathTo(routes.view, (record as T).id)),
    },
    {
      id: `${resource.name}.new`,
      title: `New ${one}`,
      group,
      keywords: ['add', 'create'],
      shortcut: 'n',
      scope,
      run: () => go(keepSearch(routes.add)),
    },
    {
      id: `${resource.name}.edit`,
      title: `Edit ${one}`,
      group,
      keywords: ['change', 'update', 'modify'],
      shortcut: 'e',
      scope,
      enabled: (ctx) => ctx.mode !== 'edit',
      pick: pickRecord(`Edit which ${one}?`, true),
      run: (_ctx, record) => go(keepSearch(pathTo(routes.edit, (record as T).id))),
    },
    {
      id: `${resource.name}.delete`,
      title: `Delete ${one}`,
      group,
      keywords: ['remove', 'destroy'],
      shortcut: 'mod+backspace, #',
      scope,
      pick: pickRecord(`Delete which ${one}?`, true),
      async run(ctx, record) {
        const r = record as T;
        const ok = await confirm({
          title: `Delete ${one}?`,
          body: `“${screen.describe(r).label}” will be deleted. This cannot be undone.`,
          confirmLabel: 'Delete',
          danger: true,
        });
        if (!ok) return undefined;
        const res = await store.remove(r.id);
        // The pane showed the deleted record: back to the list.
        if (ctx.mode !== 'list' && ctx.selection?.id === r.id) go(keepSearch(routes.list), { replace: true });
        return res;
      },
    },
    {
      id: `${resource.name}.save`,
      title: `Save ${one}`,
      group,
      keywords: ['submit', 'apply'],
      shortcut: 'mod+enter',
      scope,
      enabled: editing,
      run: (ctx) => ctx.list?.submit(),
    },
    {
      id: `${resource.name}.create`,
      title: `Create ${one}`,
      group,
      scope,
      palette: false,
      enabled: editing,
      async run(_ctx, arg) {
        const res = await store.add((arg as SaveArg).data);
        store.select(res.data.id);
        go(keepSearch(pathTo(routes.view, res.data.id)), { replace: true });
        return res;
      },
    },
    {
      id: `${resource.name}.update`,
      title: `Update ${one}`,
      group,
      scope,
      palette: false,
      enabled: editing,
      // SPEC.md §8: multipart updates fail with this text unless the server says more.
      messages: { failure: 'Unable to update data. Please try again later.' },
      async run(_ctx, arg) {
        const { id, data } = arg as SaveArg;
        const res = await store.update(id!, data);
        go(keepSearch(pathTo(routes.view, id!)), { replace: true });
        return res;
      },
    },
  ];
}
