import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SavedView, SavedViewSave, SavedViewUpdate } from '@contract/savedView';
import { ApiError } from '@/api/client';
import { announceTouched } from '@/api/call';
import { listPrefs, resetListPrefs, setColumnShown } from '@/store/listPrefs';
import {
  deleteView,
  loadSavedViews,
  localViews,
  myViews,
  openView,
  savedViews,
  saveView,
  searchOf,
  shareView,
  startSavedViews,
} from './savedViews';
import { session } from '@/store/session';

/** The server, in memory: views per owner, a save replacing by name on its screen, the shared ones listed to all. */
const server = vi.hoisted(() => {
  const rows: (Omit<SavedView, 'mine' | 'owner_name'> & { owner_name: string })[] = [];
  const calls: string[] = [];
  let nextId = 1;
  let failSaves = false;
  const who = () => (globalThis as { __viewer?: number }).__viewer ?? 0;
  const as = (r: (typeof rows)[number]): SavedView => structuredClone({ ...r, mine: r.owner_id === who() });
  return {
    rows,
    calls,
    failSaves: (on: boolean) => void (failSaves = on),
    reset() {
      rows.length = 0;
      calls.length = 0;
      nextId = 1;
      failSaves = false;
    },
    api: {
      async list() {
        calls.push('list');
        return rows.filter((r) => r.owner_id === who() || r.shared).map(as);
      },
      async save(body: SavedViewSave) {
        calls.push(`save ${body.name}`);
        if (failSaves) throw new Error('offline');
        const same = rows.find(
          (r) => r.owner_id === who() && r.view === body.view && r.name.toLowerCase() === body.name.toLowerCase(),
        );
        const at = new Date().toISOString();
        if (same) {
          Object.assign(same, { ...body, shared: body.shared ?? same.shared, version: same.version + 1 });
          return as(same);
        }
        const row = {
          id: nextId++,
          ...body,
          shared: body.shared ?? false,
          owner_id: who(),
          owner_name: `Admin ${who()}`,
          version: 1,
          created_at: at,
          updated_at: at,
        };
        rows.push(row);
        return as(row);
      },
      async update(id: number, body: SavedViewUpdate) {
        calls.push(`update ${id}`);
        const row = rows.find((r) => r.id === id && r.owner_id === who());
        if (!row) throw new Error('no such view');
        Object.assign(
          row,
          body.name === undefined ? {} : { name: body.name },
          body.shared === undefined ? {} : { shared: body.shared },
        );
        return as(row);
      },
      async remove(id: number) {
        calls.push(`remove ${id}`);
        const at = rows.findIndex((r) => r.id === id && r.owner_id === who());
        if (at < 0) throw new ApiError(403, 'DELETE', { message: 'Not yours.', errors: { message: ['Not yours.'] } });
        rows.splice(at, 1);
      },
    },
  };
});
vi.mock('./savedViewsApi', () => ({ savedViewsApi: server.api }));

const memory = new Map<string, string>();
globalThis.localStorage = {
  getItem: (k: string) => memory.get(k) ?? null,
  setItem: (k: string, v: string) => void memory.set(k, v),
  removeItem: (k: string) => void memory.delete(k),
} as Storage;

const signInAs = async (id: number) => {
  session.user_id = id;
  (globalThis as { __viewer?: number }).__viewer = id;
  await loadSavedViews();
};

beforeEach(async () => {
  memory.clear();
  server.reset();
  resetListPrefs('offers');
  await signInAs(7);
  server.calls.length = 0;
});

describe('saved views', () => {
  it('keep the search, filters, sort and columns on the server; a name is replaced on its screen', async () => {
    setColumnShown('offers', 'valid_from', true, false);
    await saveView('ADCB live', 'offers', '/offer-list', {
      query: 'dinner',
      filters: { bank: '3', state: 'live' },
      sort: 'valid_to',
    });
    expect(savedViews()).toMatchObject([
      {
        name: 'ADCB live',
        view: 'offers',
        path: '/offer-list',
        search: '?query=dinner&bank=3&state=live&sort=valid_to',
        prefs: { shown: { valid_from: true }, density: 'dense' },
        shared: false,
        mine: true,
      },
    ]);
    await saveView('adcb LIVE', 'offers', '/offer-list', { query: '', filters: { bank: '3' }, sort: '' });
    expect(savedViews().map((v) => [v.name, v.search])).toEqual([['adcb LIVE', '?bank=3']]);
    await saveView('adcb live', 'cards', '/card-list', { query: '', filters: {}, sort: '' });
    expect(savedViews()).toHaveLength(2);
    // The store took the answers: no list read again for its own saves.
    expect(server.calls.filter((c) => c === 'list')).toEqual([]);

    // Another admin has none of them until one is shared.
    await signInAs(8);
    expect(savedViews()).toEqual([]);
    await signInAs(7);
    await shareView(savedViews()[0], true);
    await signInAs(8);
    expect(savedViews()).toMatchObject([{ name: 'adcb LIVE', mine: false, owner_name: 'Admin 7' }]);
    expect(myViews()).toEqual([]);
  });

  it('opening one puts its columns back and answers its address; deleting forgets it', async () => {
    setColumnShown('offers', 'valid_from', true, false);
    const v = await saveView('Wide', 'offers', '/offer-list', { query: '', filters: {}, sort: '-created_at' });
    resetListPrefs('offers');
    expect(openView(v)).toBe('/offer-list?sort=-created_at');
    expect(listPrefs('offers').shown).toEqual({ valid_from: true });
    await deleteView(v);
    expect(savedViews()).toEqual([]);
    expect(server.rows).toEqual([]);
  });

  it("a refusal is the client's typed error and changes nothing here", async () => {
    const v = await saveView('Kept', 'offers', '/offer-list', { query: '', filters: {}, sort: '' });
    await signInAs(8);
    await expect(deleteView(v)).rejects.toBeInstanceOf(ApiError);
    await signInAs(7);
    expect(savedViews().map((x) => x.name)).toEqual(['Kept']);
  });

  it('an empty list is no search at all', () => {
    expect(searchOf({ query: '', filters: { bank: '' }, sort: '' })).toBe('');
  });
});

describe('views kept in local storage before', () => {
  const local = (views: unknown[]) => memory.set('views:7', JSON.stringify(views));
  const prefs = { shown: {}, density: 'dense' };

  it('are uploaded once as private views and removed locally; damaged entries are left out', async () => {
    local([
      { name: 1 },
      { name: 'Fine', view: 'cards', path: '/card-list', search: '?display=false', prefs },
      { name: 'Live', view: 'offers', path: '/offer-list', search: '?state=live', prefs },
    ]);
    expect(localViews().map((v) => v.name)).toEqual(['Fine', 'Live']);
    await loadSavedViews();
    expect(savedViews()).toMatchObject([
      { name: 'Fine', view: 'cards', search: '?display=false', shared: false, mine: true },
      { name: 'Live', view: 'offers', search: '?state=live', shared: false, mine: true },
    ]);
    expect(memory.has('views:7')).toBe(false);
    server.calls.length = 0;
    await loadSavedViews();
    expect(server.calls).toEqual(['list']);
    expect(savedViews()).toHaveLength(2);
  });

  it('lose nothing: one already there is not sent again, one whose name is taken comes in as "Name (2)"', async () => {
    await saveView('Fine', 'cards', '/card-list', { query: '', filters: { display: 'false' }, sort: '' });
    await saveView('Live', 'offers', '/offer-list', { query: '', filters: { state: 'expired' }, sort: '' });
    local([
      { name: 'Fine', view: 'cards', path: '/card-list', search: '?display=false', prefs },
      { name: 'live', view: 'offers', path: '/offer-list', search: '?state=live', prefs },
    ]);
    server.calls.length = 0;
    await loadSavedViews();
    expect(server.calls).toEqual(['list', 'save live (2)', 'list']);
    expect(savedViews().map((v) => `${v.name} ${v.search}`)).toEqual([
      'Fine ?display=false',
      'Live ?state=expired',
      'live (2) ?state=live',
    ]);
  });

  it('stay in local storage when the upload fails, to be tried again', async () => {
    local([{ name: 'Fine', view: 'cards', path: '/card-list', search: '', prefs }]);
    server.failSaves(true);
    await loadSavedViews();
    expect(memory.has('views:7')).toBe(true);
    server.failSaves(false);
    await loadSavedViews();
    expect(memory.has('views:7')).toBe(false);
    expect(savedViews().map((v) => v.name)).toEqual(['Fine']);
  });
});

describe('kept fresh', () => {
  it('reads again when someone else changes a view, not after its own calls; stopping forgets them', async () => {
    const stop = startSavedViews();
    await vi.waitFor(() => expect(server.calls).toEqual(['list']));
    await saveView('Mine', 'offers', '/offer-list', { query: '', filters: {}, sort: '' });
    // Our own call, as `call` announces it: the answer is in place already.
    announceTouched(['savedView'], { id: 'savedView.save', resource: 'savedView' } as never, null, false);
    expect(server.calls).toEqual(['list', 'save Mine']);
    // Someone else shares one (the live stream announces it as remote).
    server.rows.push({ ...server.rows[0], id: 99, name: 'Theirs', owner_id: 8, owner_name: 'Sara', shared: true });
    announceTouched(['savedView'], { id: 'savedView.update', resource: 'savedView' } as never, null, true);
    await vi.waitFor(() => expect(savedViews().map((v) => v.name)).toEqual(['Mine', 'Theirs']));
    expect(savedViews()[1]).toMatchObject({ mine: false, owner_name: 'Sara' });
    stop();
    expect(savedViews()).toEqual([]);
  });
});
