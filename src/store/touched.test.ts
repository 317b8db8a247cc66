// Copies go stale when a call touches what they show: option lists, cached records and the
// palette's recently opened records follow every write, whoever made it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bankResource } from '@contract/bank';
import { cardResource } from '@contract/card';
import { categoryResource } from '@contract/category';
import { call } from '../api/call';
import { cachedOptions } from './filters';
import { affects } from './touched';

let fetches = 0;
beforeEach(() => {
  fetches = 0;
  vi.stubGlobal('fetch', async () => {
    fetches++;
    return new Response(JSON.stringify({ message: 'ok', data: { id: 3, name: 'Renamed' } }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('affects', () => {
  it('is true for the resource itself and for one whose records show its names', () => {
    expect(affects(bankResource, ['bank'])).toBe(true);
    expect(affects(cardResource, ['bank'])).toBe(true); // a card shows its bank's name
    expect(affects(cardResource, ['offer'])).toBe(false);
    expect(affects(categoryResource, ['card'])).toBe(false);
  });
});

describe('cachedOptions', () => {
  it('keeps the options until a call changes their records, then asks again', async () => {
    let loads = 0;
    const options = cachedOptions(bankResource, async () => [{ value: String(++loads), label: `load ${loads}` }]);
    expect(await options()).toEqual([{ value: '1', label: 'load 1' }]);
    expect(await options()).toEqual([{ value: '1', label: 'load 1' }]);
    // Renaming a category touches nothing a bank list shows.
    await call(categoryResource.ops.update!, { params: { id: 3 }, body: { name: 'Dining out' } });
    expect(await options()).toEqual([{ value: '1', label: 'load 1' }]);
    // Renaming a bank does.
    await call(bankResource.ops.update!, { params: { id: 3 }, body: { name: 'Renamed' } });
    expect(await options()).toEqual([{ value: '2', label: 'load 2' }]);
    expect(fetches).toBe(2);
  });
});
