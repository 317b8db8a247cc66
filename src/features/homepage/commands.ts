// The homepage screen's keys, each a command (palette, hotkey, button and cheat sheet alike).
// [ and ] switch tabs, "Go to …" opens one from anywhere. Every move is a command: Alt+↑ and
// Alt+↓ on the highlighted row, "Move to position…", "Reorder banner…" (a banner, then its
// place), and a drag (homepage.move, run by the sortable list). They all end in the model's
// moveItem (src/features/homepage/homepageMoves.ts): shown at once, put back with the product's toast
// when the server refuses. j/k, Enter and Escape are the list keys (src/commands/list.ts).
import { ApiError } from '@/api/client';
import { actionWords, NEW_ALIASES } from '@/commands/actions';
import { CommandError, TOAST_MS } from '@/commands/runner';
import type { Command, Ctx, PickItem } from '@/commands/types';
import { defineCommand } from '@/commands/types';
import { go } from '@/store/navigate';
import { HOMEPAGE_TABS, isHomepageTab, titleOf, type HomepageItem, type HomepageTab } from './homepageTypes';
import { homepage } from './model';
import type { Payload } from '@/api/call';
import { openPalette } from '@/store/ui';
import { confirm } from '@/ui/confirmStore';
import { toast } from '@/ui/toast';
import { HOMEPAGE_VIEW } from './entry';
import { searchOffers } from './pickers';
import { TAB_LABEL, tabPath } from './tabs';

// "Reorder banner…" and "Add selected offer…" run from any screen: the model needs its calls
// before the screen's page is here (the page sets the same).
const scope = `view:${HOMEPAGE_VIEW}` as const;
const group = 'Homepage';
/** The product's words for any move the server refused. */
export const MOVE_FAILED = 'Failed to drag and drop item.';
/** Below this width the preview does not fit beside the form (homepage.css says the same). */
export const WIDE_ENOUGH = '(min-width: 1280px)';

/** What homepage.move takes: a drop of the sortable list. */
export interface MoveArg {
  tab: HomepageTab;
  id: number;
  to: number;
}

const idle = () => !homepage.state.dragging;
const editingNew = () => homepage.state.form.kind === 'new';
const onScreen = (ctx: Ctx) => ctx.view === HOMEPAGE_VIEW;

/** The hero banners, read from the server when this screen has not read them yet. */
async function heroBanners(signal: AbortSignal): Promise<readonly HomepageItem[]> {
  if (homepage.state.lists['hero-banners'].status !== 'ready') await homepage.load('hero-banners');
  if (signal.aborted) return [];
  return homepage.itemsOf('hero-banners');
}

/**
 * A move's answer: the server's message in one toast per list, said again in place by the
 * next move rather than stacked (a run of Alt+↓ would pile them up, and every new toast costs
 * the page a layout). Its refusal reads the same whatever the server said; the row is back
 * already, and the runner toasts the refusal.
 */
const asMove = (p: Promise<{ message: string } | undefined>) =>
  p.then(
    (answer) => {
      if (answer) toast.success(answer.message, { id: 'homepage.move', duration: TOAST_MS.success });
      return undefined;
    },
    (e: unknown) => {
      if (e instanceof ApiError && e.aborted) throw e;
      throw new CommandError(MOVE_FAILED);
    },
  );

/** Positions 1..n of a list for a palette page, each saying where the row would land. */
function positionPicks(rows: readonly HomepageItem[], id: number | null, search: string): PickItem[] {
  const moving = rows.find((r) => r.id === id);
  const others = rows.filter((r) => r.id !== id);
  const words = search.trim().toLowerCase();
  return rows
    .map((_, i): PickItem => {
      const to = i + 1;
      const where =
        moving?.position === to ? 'where it is now' : to === 1 ? 'first' : `after “${titleOf(others[to - 2])}”`;
      return {
        key: String(to),
        label: `Position ${to}`,
        hint: to === rows.length && to !== 1 && moving?.position !== to ? `last, ${where}` : where,
        value: to,
      };
    })
    .filter((p) => !words || String(p.value) === words || `${p.label} ${p.hint}`.toLowerCase().includes(words));
}

const goToTab = (tab: HomepageTab): Command => ({
  id: `homepage.goto.${tab}`,
  title: `Go to ${TAB_LABEL[tab].many.toLowerCase()}`,
  group: 'Navigation',
  keywords: ['homepage', 'tab', 'open', TAB_LABEL[tab].one],
  scope: 'global',
  run: () => go(tabPath(tab)),
});

export const homepageCommands: Command[] = [
  ...HOMEPAGE_TABS.map(goToTab),
  {
    id: 'homepage.nextTab',
    title: 'Next homepage tab',
    group,
    keywords: ['tab', 'switch', 'right'],
    shortcut: ']',
    scope,
    enabled: idle,
    run: () => go(tabPath(homepage.cycleTab(1))),
  },
  {
    id: 'homepage.prevTab',
    title: 'Previous homepage tab',
    group,
    keywords: ['tab', 'switch', 'left'],
    shortcut: '[',
    scope,
    enabled: idle,
    run: () => go(tabPath(homepage.cycleTab(-1))),
  },
  {
    id: 'homepage.moveUp',
    needs: { permission: 'homepage.write' },
    title: 'Move up',
    group,
    keywords: ['reorder', 'earlier', 'position', 'sort'],
    shortcut: 'alt+arrowup',
    scope,
    enabled: () => idle() && homepage.canMove() && (homepage.currentItem()?.position ?? 1) > 1,
    messages: { failure: MOVE_FAILED },
    run: () => asMove(homepage.moveBy(-1)),
  },
  {
    id: 'homepage.moveDown',
    needs: { permission: 'homepage.write' },
    title: 'Move down',
    group,
    keywords: ['reorder', 'later', 'position', 'sort'],
    shortcut: 'alt+arrowdown',
    scope,
    enabled: () =>
      idle() &&
      homepage.canMove() &&
      (homepage.currentItem()?.position ?? 0) < homepage.itemsOf(homepage.state.tab).length,
    messages: { failure: MOVE_FAILED },
    run: () => asMove(homepage.moveBy(1)),
  },
  {
    id: 'homepage.moveTo',
    needs: { permission: 'homepage.write' },
    title: 'Move to position…',
    group,
    keywords: ['reorder', 'place', 'position', 'sort', 'first', 'last'],
    scope,
    enabled: () => idle() && homepage.canMove(),
    pick: {
      get placeholder() {
        const row = homepage.currentItem();
        return row ? `Move “${titleOf(row)}” to which position?` : 'Which position?';
      },
      load: async (search) =>
        positionPicks(homepage.itemsOf(homepage.state.tab), homepage.currentItem()?.id ?? null, search),
    },
    messages: { failure: MOVE_FAILED },
    run: (_ctx, to) => {
      const row = homepage.currentItem();
      return row ? asMove(homepage.moveItem(homepage.state.tab, row.id, to as number)) : undefined;
    },
  },
  {
    id: 'homepage.reorderBanner',
    needs: { permission: 'homepage.write' },
    ...actionWords('homepage.reorderBanner'),
    keywords: ['hero', 'carousel', 'sort', 'homepage'],
    scope,
    anywhere: true,
    enabled: (ctx) =>
      !onScreen(ctx) ||
      (idle() &&
        homepage.state.lists['hero-banners'].status === 'ready' &&
        homepage.itemsOf('hero-banners').length > 1),
    pick: {
      placeholder: 'Which hero banner?',
      async load(search, signal): Promise<PickItem[]> {
        const words = search.trim().toLowerCase();
        return (await heroBanners(signal))
          .filter((b) => !words || titleOf(b).toLowerCase().includes(words))
          .map((b) => ({
            key: String(b.id),
            label: titleOf(b),
            hint: `position ${b.position}${b.is_active ? '' : ' · inactive'}`,
            value: b.id,
          }));
      },
    },
    // The banner is chosen: show it on its tab (from any screen), then ask where it goes (a second page).
    run: (ctx, id) => {
      homepage.state.reordering = id as number;
      if (!onScreen(ctx) || homepage.state.tab !== 'hero-banners') {
        homepage.showTab('hero-banners');
        go(tabPath('hero-banners'));
      }
      homepage.highlightRow(id as number);
      openPalette('homepage.reorderBannerTo');
    },
  },
  {
    id: 'homepage.reorderBannerTo',
    needs: { permission: 'homepage.write' },
    title: 'Move banner to position…',
    group,
    scope,
    palette: false,
    // The second step of "Reorder banner…", which may start on any screen.
    anywhere: true,
    enabled: () => homepage.state.reordering !== null && homepage.canMove('hero-banners', homepage.state.reordering),
    pick: {
      get placeholder() {
        const b = homepage.findItem(homepage.state.reordering, 'hero-banners');
        return b ? `Move “${titleOf(b)}” to which position?` : 'Which position?';
      },
      load: async (search) => positionPicks(homepage.itemsOf('hero-banners'), homepage.state.reordering, search),
    },
    messages: { failure: MOVE_FAILED },
    run: (_ctx, to) => {
      const id = homepage.state.reordering;
      homepage.state.reordering = null;
      return id === null ? undefined : asMove(homepage.moveItem('hero-banners', id, to as number));
    },
  },
  defineCommand<MoveArg | undefined>({
    // A drop of the sortable list (pointer or dnd-kit's keyboard sensor): the row and its new place.
    id: 'homepage.move',
    needs: { permission: 'homepage.write' },
    title: 'Move item',
    group,
    scope,
    palette: false,
    enabled: () => homepage.state.lists[homepage.state.tab].status === 'ready',
    messages: { failure: MOVE_FAILED },
    run: (_ctx, m) => (m ? asMove(homepage.moveItem(m.tab, m.id, m.to)) : undefined),
  }),
  {
    // A click on a row (or a drag picking it up): that row's form beside the list.
    id: 'homepage.highlight',
    title: 'Highlight homepage item',
    group,
    scope,
    palette: false,
    run: (_ctx, id) => homepage.highlightRow(id as number),
  },
  {
    id: 'homepage.new',
    needs: { permission: 'homepage.write' },
    get title() {
      return `New ${TAB_LABEL[homepage.state.tab].one}`;
    },
    group,
    aliases: NEW_ALIASES,
    shortcut: 'n',
    scope,
    // From any screen with the tab named ("New welcome box": src/commands/actions.ts).
    anywhere: true,
    enabled: (ctx) => !onScreen(ctx) || (idle() && !editingNew()),
    run: (ctx, tab) => {
      const on = isHomepageTab(tab) ? tab : homepage.state.tab;
      if (onScreen(ctx) && on === homepage.state.tab) return homepage.startNew();
      // Opened once the tab shows: the screen follows the URL to it (or opens on it).
      homepage.startNewOn(on);
      go(tabPath(on));
    },
  },
  {
    id: 'homepage.addSelectedOffer',
    needs: { permission: 'homepage.write' },
    ...actionWords('homepage.addSelectedOffer'),
    keywords: ['append', 'pick', 'homepage'],
    scope,
    anywhere: true,
    enabled: (ctx) => !onScreen(ctx) || homepage.state.lists['selected-offers'].status === 'ready',
    pick: {
      placeholder: 'Which offer? Type to search',
      async load(search, signal): Promise<PickItem[]> {
        return (await searchOffers(search, signal)).map((c) => ({
          key: String(c.id),
          label: c.label,
          hint: [c.flag, c.hint].filter(Boolean).join(' · '),
          value: c.id,
        }));
      },
    },
    run: (ctx, offerId) => {
      if (!onScreen(ctx) || homepage.state.tab !== 'selected-offers') go(tabPath('selected-offers'));
      // The reason is the offer's (already selected: 409; ended: 422): say that sentence.
      return homepage.addSelectedOffer(offerId as number).catch((e: unknown) => {
        const why = e instanceof ApiError ? e.fieldErrors.offer_id : undefined;
        throw why ? new CommandError(why) : e;
      });
    },
  },
  {
    // mod+enter submits the form beside the list, whose submit runs homepage.saveFields with
    // the typed values (the pattern of the CRUD screens' save, src/commands/resourceCommands.ts).
    id: 'homepage.save',
    needs: { permission: 'homepage.write' },
    title: 'Save homepage item',
    group,
    keywords: ['submit', 'apply'],
    shortcut: 'mod+enter',
    scope,
    enabled: () => !homepage.state.form.saving && (editingNew() || !!homepage.currentItem()),
    run: (ctx) => ctx.list?.submit(),
  },
  {
    id: 'homepage.saveFields',
    needs: { permission: 'homepage.write' },
    title: 'Save homepage item fields',
    group,
    scope,
    palette: false,
    enabled: () => !homepage.state.form.saving,
    run: (_ctx, values) => homepage.saveForm(values as Payload),
  },
  {
    id: 'homepage.delete',
    needs: { permission: 'homepage.write' },
    get title() {
      return `Delete ${TAB_LABEL[homepage.state.tab].one}`;
    },
    group,
    keywords: ['remove', 'trash'],
    shortcut: 'mod+backspace, #',
    scope,
    enabled: () => idle() && !editingNew() && !!homepage.currentItem(),
    async run() {
      const tab = homepage.state.tab;
      const row = homepage.currentItem();
      if (!row) return undefined;
      const ok = await confirm({
        title: `Delete “${titleOf(row)}”?`,
        body: `It leaves the app's homepage; the ${TAB_LABEL[tab].many.toLowerCase()} after it move up one place.`,
        confirmLabel: 'Delete',
        danger: true,
      });
      return ok ? homepage.removeItem(tab, row.id) : undefined;
    },
  },
  {
    id: 'homepage.togglePreview',
    title: 'Show or hide the phone preview',
    group,
    keywords: ['preview', 'phone', 'app', 'mobile', 'schedule'],
    shortcut: 'p',
    scope,
    run: () => homepage.togglePreview(typeof matchMedia !== 'undefined' && matchMedia(WIDE_ENOUGH).matches),
  },
];
