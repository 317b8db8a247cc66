// Find / New / Edit / Delete / Save for any CRUD resource, plus the bulk actions on a
// selection (delete selected, export CSV), from one factory, so every entity gets the same
// words and keys (n, e, mod+backspace, mod+enter, mod+shift+backspace).
import { SEARCH_TYPES } from '@contract/search';
import { call } from '../api/call';
import type { Payload } from '../api/resourceClient';
import { columnsOf, csvFileName, downloadCsv, EXPORT_CAP, fetchAll, toCsv } from '../store/csvExport';
import { confirm } from '../ui/confirmStore';
import { go } from '../store/navigate';
import { toggleHistory } from '@/store/history';
import { toast } from '../ui/toast';
import { ACTIONS, DELETE_ALIASES, EDIT_ALIASES, FIND_ALIASES, NEW_ALIASES } from './actions';
import { bulkCommands } from './bulkCommands';
import { refuseEarly, usesOf, usesSentence } from './deleteUses';
import { filterCommands, sortCommand } from './filterCommands';
import { nounOf, pathTo, type ResourceScreen } from './resourceScreen';
import type { Command, Ctx, PickItem } from './types';
import { defineCommand } from './types';
import { withArticle } from '@/lib/words';
import { formatNumber } from '@/lib/format';

/** The argument of create/update: what the form collected. */
export interface SaveArg {
  id?: number;
  data: Payload;
}

const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

interface ResourceCommandOptions {
  /** The History panel's key: 'h' unless the screen gave 'h' to something else (null: none). */
  historyKey?: string | null;
}

export function resourceCommands<T extends { id: number }>(
  screen: ResourceScreen<T>,
  opts: ResourceCommandOptions = {},
): Command[] {
  const { resource, store, list, view } = screen;
  const { one, many } = nounOf(screen);
  const scope = `view:${view}` as const;
  const group = resource.label.many;
  const has = (call: 'show' | 'add' | 'update' | 'remove') => !resource.omit?.includes(call);
  const count = (n: number) => plural(n, one, many);

  const highlighted = (ctx: Ctx): T | undefined =>
    ctx.cursor?.resource === resource.name ? store.find(ctx.cursor.id) : undefined;

  const pickRecord = (placeholder: string, withContext: boolean) => ({
    placeholder,
    async load(search: string, signal: AbortSignal): Promise<PickItem[]> {
      const res = await store.client.list({ query: search || undefined, page: 1, per_page: 20 }, { signal });
      return res.data.map((r) => ({ key: String(r.id), ...screen.describe(r), value: r }));
    },
    fromContext: withContext ? highlighted : undefined,
  });

  const editing = (ctx: Ctx) => ctx.mode === 'edit' || ctx.mode === 'add';
  const selectedCount = () => list.selectedCount();
  // Find, New, Edit and Delete run from any screen (`anywhere`). On this one the list model
  // moves within the list, keeping its search and filters; from another screen the record's
  // own address, clean of that screen's search.
  const onScreen = (ctx: Ctx) => ctx.view === view;
  const openOn = (ctx: Ctx, id: number, route: 'view' | 'edit') => {
    if (onScreen(ctx)) return route === 'view' ? list.open(id) : list.edit(id);
    go(pathTo(screen.routes[route], id));
  };

  const commands: Command[] = [];

  if (has('show')) {
    const pick = pickRecord(`Find ${withArticle(one)} by name…`, false);
    // The palette's root page searches every type that has a Find command in one call, which
    // knows only its SEARCH_TYPES; other lists still get a Find page of their own.
    const searchable = (SEARCH_TYPES as readonly string[]).includes(resource.name);
    commands.push({
      id: `${resource.name}.find`,
      title: `Find ${one}…`,
      group,
      aliases: FIND_ALIASES,
      keywords: ['view', many],
      scope: 'global',
      pick: searchable ? pick : { ...pick, fromContext: () => undefined },
      run: (ctx, record) => openOn(ctx, (record as T).id, 'view'),
    });
  }

  if (has('add')) {
    commands.push({
      id: `${resource.name}.new`,
      title: `New ${one}`,
      group,
      // The manifest's words: a list may have more than the shared ones (users: 'invite').
      aliases: ACTIONS.find((a) => a.id === `${resource.name}.new`)?.aliases ?? NEW_ALIASES,
      shortcut: 'n',
      scope,
      anywhere: true,
      needs: { op: resource.ops.add },
      // The form, on this screen: with the list beside it as it is here, or as it opens.
      run: (ctx) => (onScreen(ctx) ? list.add() : go(screen.routes.add)),
    });
  }

  if (has('update')) {
    commands.push({
      id: `${resource.name}.edit`,
      title: `Edit ${one}`,
      group,
      aliases: EDIT_ALIASES,
      keywords: ['modify'],
      shortcut: 'e',
      scope,
      anywhere: true,
      needs: { op: resource.ops.update },
      enabled: (ctx) => !onScreen(ctx) || ctx.mode !== 'edit',
      pick: pickRecord(`Edit which ${one}?`, true),
      run: (ctx, record) => openOn(ctx, (record as T).id, 'edit'),
    });
  }

  if (has('remove')) {
    commands.push(
      {
        id: `${resource.name}.delete`,
        title: `Delete ${one}`,
        group,
        aliases: DELETE_ALIASES,
        keywords: ['destroy'],
        shortcut: 'mod+backspace, #',
        scope,
        anywhere: true,
        needs: { op: resource.ops.remove },
        pick: pickRecord(`Delete which ${one}?`, true),
        async run(ctx, record) {
          const r = record as T;
          const label = screen.describe(r).label;
          // What the delete would do to the rows using it, asked first: a delete the server
          // would refuse is refused now, and the question names what it takes with it.
          const uses = await usesOf(screen, { ids: [r.id] });
          refuseEarly(uses, () => label);
          const ok = await confirm({
            title: `Delete ${one} ${label}?`,
            body: `${usesSentence(uses) ?? `“${label}” will be deleted.`}${resource.ops.undo ? ' You can undo this.' : ' This cannot be undone.'}`,
            confirmLabel: 'Delete',
            danger: true,
          });
          if (!ok) return undefined;
          const res = (await store.remove(r.id)) as Awaited<ReturnType<typeof store.remove>> & { undo?: string };
          // The pane showed the deleted record: back to the list.
          if (onScreen(ctx)) list.closeDeleted(r.id);
          const token = res.undo;
          return token ? { message: res.message, undo: () => store.undo(token) } : res;
        },
      },
      {
        id: `${resource.name}.deleteSelected`,
        title: `Delete selected ${many}`,
        selection: (n) => `Delete ${count(n)}`,
        group,
        keywords: ['remove', 'bulk', 'selection', 'checked'],
        shortcut: 'mod+shift+backspace',
        scope,
        needs: { op: resource.ops.bulkRemove ?? resource.ops.remove },
        enabled: (ctx) => !editing(ctx) && selectedCount() > 0 && !!resource.ops.bulkRemove,
        async run() {
          const n = selectedCount();
          if (!n) return undefined;
          const target = list.target();
          const ids = target.ids ?? [];
          const names = ids.slice(0, 3).map((id) => {
            const r = store.find(id);
            return r ? `“${screen.describe(r).label}”` : `#${id}`;
          });
          const more = ids.length > 3 ? ` and ${formatNumber(ids.length - 3)} more` : '';
          const uses = await usesOf(screen, target);
          refuseEarly(uses, (id) => {
            const r = store.find(id);
            return r ? screen.describe(r).label : `${one} #${id}`;
          });
          const sentence = usesSentence(uses);
          const ok = await confirm({
            title: `Delete ${count(n)}?`,
            body: `${target.where ? `All ${count(n)} the list's search and filters match` : `${names.join(', ')}${more}`} will be deleted.${sentence ? ` ${sentence}` : ''} You can undo this.`,
            confirmLabel: `Delete ${count(n)}`,
            danger: true,
          });
          if (!ok) return undefined;
          // One call, one transaction: all of them or, when one may not go, none.
          const res = await store.bulk('bulkRemove', target);
          for (const id of ids) list.closeDeleted(id);
          list.clear();
          return { message: res.message, undo: () => store.undo(res.data.undo) };
        },
      },
    );
  }

  // The open record's changes, from the audit log (the panel in the slot of src/screens/recordSlots.ts).
  const historyKey = opts.historyKey === undefined ? 'h' : opts.historyKey;
  commands.push({
    id: `${resource.name}.history`,
    title: `Show ${one} history`,
    group,
    aliases: ['changes', 'audit', 'log', 'who changed'],
    keywords: ['revert', 'diff', 'versions', 'before'],
    ...(historyKey ? { shortcut: historyKey } : {}),
    scope,
    enabled: (ctx) => onScreen(ctx) && ctx.mode === 'view' && list.state.route.openId !== null,
    run: () => {
      const id = list.state.route.openId;
      if (id !== null) toggleHistory(resource.name, id);
    },
  });

  commands.push({
    id: `${resource.name}.export`,
    title: `Export ${many} to CSV`,
    selection: (n) => `Export ${count(n)} to CSV`,
    group,
    keywords: ['download', 'csv', 'spreadsheet', 'excel', 'selection'],
    scope,
    ownProgress: true,
    run: () => exportCsv(screen),
  });

  commands.push(...bulkCommands(screen), ...filterCommands(screen), ...sortCommand(screen));

  if (has('add') || has('update')) {
    commands.push({
      id: `${resource.name}.save`,
      title: `Save ${one}`,
      group,
      keywords: ['submit', 'apply'],
      shortcut: 'mod+enter',
      scope,
      needs: { op: resource.ops.update ?? resource.ops.add },
      enabled: editing,
      run: (ctx) => ctx.list?.submit(),
    });
  }

  if (has('add')) {
    commands.push(
      defineCommand<SaveArg>({
        id: `${resource.name}.create`,
        title: `Create ${one}`,
        group,
        scope,
        needs: { op: resource.ops.add },
        palette: false,
        enabled: editing,
        async run(_ctx, arg) {
          const res = await store.add(arg.data);
          screen.afterSave?.(res.data);
          list.showSaved(res.data.id);
          return res;
        },
      }),
    );
  }

  if (has('update')) {
    commands.push(
      defineCommand<SaveArg>({
        id: `${resource.name}.update`,
        title: `Update ${one}`,
        group,
        scope,
        needs: { op: resource.ops.update },
        palette: false,
        enabled: editing,
        // Multipart updates fail with this text unless the server says more.
        messages: { failure: 'Unable to update data. Please try again later.', noResponse: screen.updateNoResponse },
        async run(_ctx, arg) {
          const { id, data } = arg;
          const res = await store.update(id!, data);
          screen.afterSave?.(res.data);
          list.showSaved(id!);
          return res;
        },
      }),
    );
  }

  return commands;
}

/**
 * The selection when there is one, else everything the list's search and filters match
 * (all pages, up to EXPORT_CAP rows), with a progress toast while pages arrive. A list of
 * people is exported by its export call (contract/export.ts), which the audit log records.
 */
export async function exportCsv<T extends { id: number }>(
  screen: ResourceScreen<T>,
): Promise<{ message: string } | undefined> {
  const { store, resource } = screen;
  const { one, many } = nounOf(screen);
  const columns = screen.csvColumns ?? columnsOf<T>(Object.keys(resource.entity.properties));
  const fileName = csvFileName(many.toLowerCase().replace(/\s+/g, '-'));
  // "All matching" exports what the list matches, as with no selection.
  const ids = screen.list.state.matching ? [] : screen.list.selectedIds();
  const capped = (rows: readonly T[], total: number) =>
    total > rows.length ? ` (the first ${formatNumber(EXPORT_CAP)} of ${formatNumber(total)})` : '';

  if (resource.ops.export) {
    const progress = toast.loading(`Exporting ${many}…`);
    try {
      const { sort } = store.args();
      const body = ids.length ? { ids } : { where: store.where(), ...(sort && { sort }) };
      const { data } = (await call(resource.ops.export, { body } as never)) as { data: { rows: T[]; total: number } };
      downloadCsv(fileName, await toCsv(data.rows, columns));
      const which = ids.length ? ' (the selection)' : capped(data.rows, data.total);
      return { message: `Exported ${plural(data.rows.length, one, many)}${which}.` };
    } finally {
      toast.dismiss(progress);
    }
  }

  if (ids.length) {
    const rows = ids.map((id) => store.find(id)).filter((r): r is T => !!r);
    downloadCsv(fileName, await toCsv(rows, columns));
    return { message: `Exported ${plural(rows.length, one, many)} (the selection).` };
  }

  const progress = toast.loading(`Exporting ${many}…`);
  try {
    const { query, filters, sort } = store.args();
    const { rows, total } = await fetchAll(
      store.client,
      { query: query || undefined, filters, sort: sort || undefined },
      {
        cap: EXPORT_CAP,
        onProgress: ({ loaded, total: t }) =>
          toast.loading(`Exporting ${many}… ${formatNumber(loaded)} of ${formatNumber(t)}`, { id: progress }),
      },
    );
    downloadCsv(fileName, await toCsv(rows, columns));
    toast.dismiss(progress);
    return { message: `Exported ${plural(rows.length, one, many)}${capped(rows, total)}.` };
  } catch (e) {
    toast.dismiss(progress);
    throw e;
  }
}
