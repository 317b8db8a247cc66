// The list cursor of whichever list screen is active (scope 'selection'): one set of
// keys for banks today and cards, offers, outlets… later.
import type { Command, Ctx } from './types';

const browsing = (ctx: Ctx) => ctx.mode !== 'edit' && ctx.mode !== 'add';

export const listCommands: Command[] = [
  {
    id: 'list.next',
    title: 'Next in list',
    group: 'List',
    shortcut: 'j, arrowdown',
    scope: 'selection',
    palette: false,
    enabled: browsing,
    run: (ctx) => ctx.list?.move(1),
  },
  {
    id: 'list.prev',
    title: 'Previous in list',
    group: 'List',
    shortcut: 'k, arrowup',
    scope: 'selection',
    palette: false,
    enabled: browsing,
    run: (ctx) => ctx.list?.move(-1),
  },
  {
    id: 'list.open',
    title: 'Open highlighted',
    group: 'List',
    shortcut: 'enter',
    scope: 'selection',
    palette: false,
    enabled: (ctx) => browsing(ctx) && ctx.selection !== null,
    run: (ctx) => ctx.list?.open(),
  },
  {
    id: 'list.close',
    title: 'Close pane',
    group: 'List',
    keywords: ['cancel', 'back'],
    shortcut: 'escape',
    scope: 'selection',
    enabled: (ctx) => ctx.mode !== 'list',
    run: (ctx) => ctx.list?.close(),
  },
  {
    id: 'list.search',
    title: 'Search this list',
    group: 'List',
    keywords: ['filter', 'find'],
    shortcut: '/',
    scope: 'selection',
    run: (ctx) => ctx.list?.focusSearch(),
  },
];
