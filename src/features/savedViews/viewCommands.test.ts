import { ref } from 'valtio';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SavedView } from '@contract/savedView';
import { savedViewsState } from './savedViews';
import { getCommand, setScopeTitle } from '@/commands/registry';
import type { Command, Ctx } from '@/commands/types';
import { viewCommands, viewRows } from './viewCommands';

const view = (id: number, name: string, mine: boolean, shared: boolean): SavedView => ({
  id,
  name,
  view: id % 2 ? 'offers' : 'cards',
  path: id % 2 ? '/offer-list' : '/card-list',
  search: '',
  prefs: { shown: {}, density: 'dense' },
  shared,
  owner_id: mine ? 7 : 8,
  owner_name: mine ? 'Me' : 'Sara',
  mine,
  version: 1,
  created_at: '2026-11-27T06:00:00.000Z',
  updated_at: '2026-11-27T06:00:00.000Z',
});

const command = (id: string) => viewCommands.find((c) => c.id === id)! as Command;
const rows = async (id: string) =>
  (await command(id).pick!.load('', new AbortController().signal)).map((r) => `${r.label} · ${r.hint}`);
const ctx = {} as Ctx;

beforeEach(() => {
  setScopeTitle('view:offers', 'Offers');
  setScopeTitle('view:cards', 'Cards');
  savedViewsState.items = ref([
    view(1, 'Live offers', true, false),
    view(2, 'Hidden cards', true, true),
    view(3, 'Dining', false, true),
  ]);
});

describe('saved views in the palette', () => {
  it('opens mine and the shared ones, saying whose', async () => {
    expect(await rows('views.open')).toEqual([
      'Live offers · On Offers',
      'Hidden cards · On Cards · shared',
      'Dining · On Offers · shared by Sara',
    ]);
  });

  it('shares my private ones, makes my shared ones private, deletes only mine', async () => {
    expect(await rows('views.share')).toEqual(['Live offers · On Offers']);
    expect(await rows('views.unshare')).toEqual(['Hidden cards · On Cards · shared']);
    expect(await rows('views.delete')).toEqual(['Live offers · On Offers', 'Hidden cards · On Cards · shared']);
  });

  it("offers nothing to change when none is mine; someone else's shared view still opens", () => {
    savedViewsState.items = ref([view(3, 'Dining', false, true)]);
    expect(
      ['views.open', 'views.share', 'views.unshare', 'views.delete'].map((id) => command(id).enabled!(ctx)),
    ).toEqual([true, false, false, false]);
  });
});

describe('each saved view as a row of its own', () => {
  it('is a global command named after the view, kept in step with the views', async () => {
    const stop = viewRows();
    expect(getCommand('views.open.1')).toMatchObject({ title: 'Open view “Live offers”', scope: 'global' });
    expect(getCommand('views.open.3')?.keywords).toEqual(['saved view', 'bookmark', 'offers', 'Sara']);
    savedViewsState.items = ref([view(2, 'Hidden cards', true, true)]);
    await Promise.resolve(); // valtio tells its subscribers after the change
    expect(getCommand('views.open.1')).toBeUndefined();
    expect(getCommand('views.open.2')?.title).toBe('Open view “Hidden cards”');
    stop();
    expect(getCommand('views.open.2')).toBeUndefined();
  });
});
