import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bankResource } from '@contract/bank';
import { call } from '../api/call';
import { MAX_RECENT_RECORDS, recentRecords, recordPath, rememberRecord, setRecordScreens } from './records';

// The screens the shell hands over (src/app/screens.ts), as src/screens/paths.ts has their URLs;
// a screen listing no resource (the dashboard) opens no record.
const listed = (resource: string, list: string, view: string, edit: string) => ({
  resource,
  routes: { list, view, edit },
});
setRecordScreens([
  listed('card', '/card-list', '/view-card/:id', '/edit-card/:id'),
  listed('bank', '/bank-list', '/view-bank/:id', '/edit-bank/:id'),
  listed('offer', '/offer-list', '/view-offer/:id', '/edit-offer/:id'),
  listed('user', '/user-list', '/view-user/:id', '/edit-user/:id'),
  listed('category', '/category-list', '/category-list/:id', '/category-list/:id/edit'),
  { resource: undefined },
]);

const routes = new Set([
  '/view-card/:id',
  '/edit-card/:id',
  '/view-bank/:id',
  '/edit-bank/:id',
  '/view-offer/:id',
  '/category-list/:id',
  '/category-list/:id/edit',
]);
const has = (p: string) => routes.has(p);

describe('recordPath', () => {
  it('opens the view or edit route of the type', () => {
    expect(recordPath({ type: 'card', id: 12, title: 'Skywards Infinite' }, 'view', has)).toBe('/view-card/12');
    expect(recordPath({ type: 'bank', id: 3, title: 'ENBD' }, 'edit', has)).toBe('/edit-bank/3');
  });

  it('falls back to the view for an edit, and to the list searched by title without a view', () => {
    expect(recordPath({ type: 'offer', id: 5, title: 'x' }, 'edit', has)).toBe('/view-offer/5');
    expect(recordPath({ type: 'user', id: 9, title: 'Aisha Khan' }, 'view', has)).toBe('/user-list?query=Aisha%20Khan');
    expect(recordPath({ type: 'category', id: 2, title: 'Dining' }, 'view', has)).toBe('/category-list/2');
    expect(recordPath({ type: 'category', id: 2, title: 'Dining' }, 'edit', has)).toBe('/category-list/2/edit');
  });

  it('opens a type no screen lists on the dashboard', () => {
    expect(recordPath({ type: 'spaceship', id: 1, title: 'x' }, 'view', has)).toBe('/');
  });
});

describe('recent records', () => {
  const mem = new Map<string, string>();
  beforeEach(() => {
    mem.clear();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => mem.get(k) ?? null,
      setItem: (k: string, v: string) => mem.set(k, v),
      removeItem: (k: string) => mem.delete(k),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the newest first, once each, at most ten', () => {
    for (let i = 1; i <= 12; i++) rememberRecord({ type: 'card', id: i, title: `Card ${i}`, subtitle: 'Bank · Visa' });
    rememberRecord({ type: 'card', id: 5, title: 'Card 5', subtitle: 'Bank · Visa' });
    const ids = recentRecords().map((r) => r.id);
    expect(ids).toHaveLength(MAX_RECENT_RECORDS);
    expect(ids.slice(0, 3)).toEqual([5, 12, 11]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('tells a card from an offer with the same id, and ignores junk in storage', () => {
    rememberRecord({ type: 'card', id: 1, title: 'A', subtitle: '' });
    rememberRecord({ type: 'offer', id: 1, title: 'B', subtitle: '' });
    expect(recentRecords().map((r) => r.type)).toEqual(['offer', 'card']);
    mem.set(
      'recentRecords',
      JSON.stringify([
        { type: 'spaceship', id: 1, title: 'x', subtitle: '' },
        'nope',
        { type: 'bank', id: 2, title: 'ENBD', subtitle: 'ENBD' },
      ]),
    );
    expect(recentRecords()).toEqual([{ type: 'bank', id: 2, title: 'ENBD', subtitle: 'ENBD' }]);
    mem.set('recentRecords', '{broken');
    expect(recentRecords()).toEqual([]);
  });

  it('show a record renamed or deleted by any call as it is now', async () => {
    let answer: unknown = { message: 'ok', data: { id: 2, name: 'Emirates NBD Bank', code: 'ENBD' } };
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    rememberRecord({ type: 'bank', id: 2, title: 'ENBD', subtitle: 'ENBD' });
    rememberRecord({ type: 'card', id: 2, title: 'A card', subtitle: '' });
    await call(bankResource.ops.update!, { params: { id: 2 }, body: { name: 'Emirates NBD Bank' } });
    expect(recentRecords()).toEqual([
      { type: 'card', id: 2, title: 'A card', subtitle: '' },
      { type: 'bank', id: 2, title: 'Emirates NBD Bank', subtitle: 'ENBD' },
    ]);
    answer = { message: 'gone', data: { id: 2, name: 'Emirates NBD Bank', code: 'ENBD' } };
    await call(bankResource.ops.remove!, { query: { bank_id: 2 } });
    expect(recentRecords().map((r) => `${r.type}:${r.id}`)).toEqual(['card:2']);
  });
});
