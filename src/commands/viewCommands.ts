// Saved views from the palette: save the list shown as a named view, open one from anywhere,
// delete one. One set for every list screen (scope 'list'); the views themselves live in
// src/store/savedViews.ts. (The runs are async so the runner toasts what they did.)
import { go } from '../store/navigate';
import { deleteView, openView, savedViews, saveView, type SavedView } from '../store/savedViews';
import { scopeTitle } from './registry';
import type { Command, Ctx, PickItem } from './types';

const where = (v: SavedView) => scopeTitle(`view:${v.view}`);

const pickView = (placeholder: string) => ({
  placeholder,
  async load(search: string): Promise<PickItem[]> {
    const text = search.trim().toLowerCase();
    return savedViews()
      .filter((v) => !text || `${v.name} ${where(v)}`.toLowerCase().includes(text))
      .map((v) => ({ key: `${v.view}:${v.name}`, label: v.name, hint: where(v), value: v }));
  },
});

/** What the active list shows, for a view's URL. */
const argsOf = (ctx: Ctx) => {
  const { query, filters, sort } = ctx.list!.state.route;
  return { query, filters, sort };
};

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
        const taken = savedViews().some((v) => v.name.toLowerCase() === name.toLowerCase());
        return [{ key: 'save', label: taken ? `Replace the view “${name}”` : `Save as “${name}”`, value: name }];
      },
    },
    async run(ctx, name) {
      const saved = saveView(name as string, ctx.view!, ctx.list!.routes.list, argsOf(ctx));
      return { message: `Saved the view “${saved.name}”. Open it with “Open saved view…”.` };
    },
  },
  {
    id: 'views.open',
    title: 'Open saved view…',
    group: 'Saved views',
    keywords: ['bookmark', 'preset', 'filters', 'my views'],
    scope: 'global',
    enabled: () => savedViews().length > 0,
    pick: pickView('Which view?'),
    run: (_ctx, v) => go(openView(v as SavedView)),
  },
  {
    id: 'views.delete',
    title: 'Delete saved view…',
    group: 'Saved views',
    keywords: ['remove', 'forget', 'bookmark'],
    scope: 'global',
    enabled: () => savedViews().length > 0,
    pick: pickView('Delete which view?'),
    async run(_ctx, v) {
      deleteView(v as SavedView);
      return { message: `Deleted the view “${(v as SavedView).name}”.` };
    },
  },
];
