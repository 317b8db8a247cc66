// Saved views from the palette: save the list shown as a named view, open one from anywhere
// (mine and those the team shares), share one of mine with the team or make it private again,
// delete one of mine. One set for every list screen (scope 'list'); the views themselves are
// kept on the server through src/features/savedViews/savedViews.ts. (The runs are async so the runner toasts
// what they did, or the server's refusal.)
import { subscribe } from 'valtio';
import { go } from '@/store/navigate';
import {
  deleteView,
  myViews,
  openView,
  savedViews,
  savedViewsState,
  saveView,
  shareView,
  type SavedView,
} from './savedViews';
import { currentCtx } from '@/commands/ctx';
import { register, scopeTitle, unregister } from '@/commands/registry';
import type { Command, Ctx, PickItem } from '@/commands/types';

const where = (v: SavedView) => scopeTitle(`view:${v.view}`);
/** 'On Offers' for mine, 'On Offers · shared by Sara' for someone else's. */
const hintOf = (v: SavedView) =>
  v.mine ? `${where(v)}${v.shared ? ' · shared' : ''}` : `${where(v)} · shared by ${v.owner_name}`;

const pickView = (placeholder: string, among: () => SavedView[]) => ({
  placeholder,
  async load(search: string): Promise<PickItem<SavedView>[]> {
    const text = search.trim().toLowerCase();
    return among()
      .filter((v) => !text || `${v.name} ${hintOf(v)}`.toLowerCase().includes(text))
      .map((v) => ({ key: String(v.id), label: v.name, hint: hintOf(v), value: v }));
  },
});

/** What the active list shows, for a view's URL. */
const argsOf = (ctx: Ctx) => {
  const { query, filters, sort } = ctx.list!.state.route;
  return { query, filters, sort };
};

const mineShared = (shared: boolean) => () => myViews().filter((v) => v.shared === shared);

export const viewCommands: Command[] = [
  {
    id: 'views.save',
    title: 'Save this view as…',
    group: 'Saved views',
    keywords: ['bookmark', 'remember', 'filters', 'preset'],
    scope: 'list',
    enabled: (ctx) => !!ctx.list && !!ctx.view && !!ctx.list.routes.list,
    pick: {
      placeholder: 'Name the view (its search, filters, sort and columns)…',
      async load(search): Promise<PickItem[]> {
        const name = search.trim();
        if (!name) return [];
        const view = currentCtx().view;
        const taken = myViews().find((v) => v.view === view && v.name.toLowerCase() === name.toLowerCase());
        const label = !taken
          ? `Save as “${name}”`
          : `Replace the view “${name}”${taken.shared ? ' (shared with the team)' : ''}`;
        return [{ key: 'save', label, value: name }];
      },
    },
    async run(ctx, name) {
      const saved = await saveView(name as string, ctx.view!, ctx.list!.routes.list, argsOf(ctx));
      return { message: `Saved the view “${saved.name}”. Open it with “Open saved view…”.` };
    },
  },
  {
    id: 'views.open',
    title: 'Open saved view…',
    group: 'Saved views',
    keywords: ['bookmark', 'preset', 'filters', 'my views', 'team views', 'shared'],
    scope: 'global',
    enabled: () => savedViews().length > 0,
    pick: pickView('Which view?', savedViews),
    run: (_ctx, v) => go(openView(v as SavedView)),
  },
  {
    id: 'views.share',
    title: 'Share this view with the team…',
    group: 'Saved views',
    keywords: ['share', 'team', 'publish', 'bookmark'],
    scope: 'global',
    enabled: () => mineShared(false)().length > 0,
    pick: pickView('Share which of your views?', mineShared(false)),
    async run(_ctx, v) {
      const saved = await shareView(v as SavedView, true);
      return { message: `Shared the view “${saved.name}” with the team.` };
    },
  },
  {
    id: 'views.unshare',
    title: 'Make view private…',
    group: 'Saved views',
    keywords: ['unshare', 'private', 'hide', 'team'],
    scope: 'global',
    enabled: () => mineShared(true)().length > 0,
    pick: pickView('Make which of your shared views private?', mineShared(true)),
    async run(_ctx, v) {
      const saved = await shareView(v as SavedView, false);
      return { message: `The view “${saved.name}” is private again.` };
    },
  },
  {
    id: 'views.delete',
    title: 'Delete saved view…',
    group: 'Saved views',
    keywords: ['remove', 'forget', 'bookmark'],
    scope: 'global',
    enabled: () => myViews().length > 0,
    pick: pickView('Delete which of your views?', myViews),
    async run(_ctx, v) {
      await deleteView(v as SavedView);
      return { message: `Deleted the view “${(v as SavedView).name}”.` };
    },
  },
];

/**
 * Each saved view as a row of its own on the palette's root page, from every screen ("Open view
 * “Expiring ADCB”"), beside "Open saved view…": typing a view's name finds it at once. Kept in
 * step with the views the store holds (mine and the shared ones); returns the stop.
 */
export function viewRows(): () => void {
  let ids: string[] = [];
  const sync = () => {
    unregister(...ids);
    const rows = savedViews().map((v): Command => ({
      id: `views.open.${v.id}`,
      title: `Open view “${v.name}”`,
      group: 'Saved views',
      keywords: [
        'saved view',
        'bookmark',
        where(v).replace(/^On /, '').toLowerCase(),
        ...(v.mine ? [] : [v.owner_name]),
      ],
      scope: 'global',
      run: () => go(openView(v)),
    }));
    ids = rows.map((c) => c.id);
    if (rows.length) register(...rows);
  };
  sync();
  const stop = subscribe(savedViewsState, sync);
  return () => {
    stop();
    unregister(...ids);
  };
}
