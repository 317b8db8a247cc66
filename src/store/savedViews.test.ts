import { beforeEach, describe, expect, it } from 'vitest';
import { listPrefs, resetListPrefs, setColumnShown } from './listPrefs';
import { deleteView, openView, savedViews, saveView, searchOf } from './savedViews';
import { session } from './session';

const memory = new Map<string, string>();
globalThis.localStorage = {
  getItem: (k: string) => memory.get(k) ?? null,
  setItem: (k: string, v: string) => void memory.set(k, v),
  removeItem: (k: string) => void memory.delete(k),
} as Storage;

beforeEach(() => {
  memory.clear();
  session.user_id = 7;
  resetListPrefs('offers');
});

describe('saved views', () => {
  it('keep the search, filters, sort and columns, per admin; a name is replaced on its screen', () => {
    setColumnShown('offers', 'valid_from', true, false);
    saveView('ADCB live', 'offers', '/offer-list', {
      query: 'dinner',
      filters: { bank: '3', state: 'live' },
      sort: 'valid_to',
    });
    expect(savedViews()).toEqual([
      {
        name: 'ADCB live',
        view: 'offers',
        path: '/offer-list',
        search: '?query=dinner&bank=3&state=live&sort=valid_to',
        prefs: { shown: { valid_from: true }, density: 'dense' },
      },
    ]);
    saveView('adcb LIVE', 'offers', '/offer-list', { query: '', filters: { bank: '3' }, sort: '' });
    expect(savedViews().map((v) => [v.name, v.search])).toEqual([['adcb LIVE', '?bank=3']]);

    // Another admin has their own.
    session.user_id = 8;
    expect(savedViews()).toEqual([]);
    session.user_id = 7;
    expect(savedViews()).toHaveLength(1);
  });

  it('opening one puts its columns back and answers its address; deleting forgets it', () => {
    setColumnShown('offers', 'valid_from', true, false);
    const v = saveView('Wide', 'offers', '/offer-list', { query: '', filters: {}, sort: '-created_at' });
    resetListPrefs('offers');
    expect(openView(v)).toBe('/offer-list?sort=-created_at');
    expect(listPrefs('offers').shown).toEqual({ valid_from: true });
    deleteView(v);
    expect(savedViews()).toEqual([]);
  });

  it('an empty list is no search at all; a damaged entry is left out', () => {
    expect(searchOf({ query: '', filters: { bank: '' }, sort: '' })).toBe('');
    memory.set(
      'views:7',
      JSON.stringify([
        { name: 1 },
        { name: 'Fine', view: 'cards', path: '/card-list', search: '', prefs: { shown: {}, density: 'dense' } },
      ]),
    );
    expect(savedViews().map((v) => v.name)).toEqual(['Fine']);
  });
});
