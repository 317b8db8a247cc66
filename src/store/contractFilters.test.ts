import { describe, expect, it } from 'vitest';
import { cardResource } from '@contract/card';
import { outletResource } from '@contract/outlet';
import { filtersOf } from './contractFilters';

describe('filtersOf', () => {
  it("derives a card list's filter bar from the contract's filters", () => {
    const bar = filtersOf(cardResource);
    expect(bar.map((f) => [f.key, f.label, f.any])).toEqual([
      ['bank', 'Bank', 'All banks'],
      ['network', 'Network', 'All networks'],
      ['category', 'Category', 'All categories'],
      ['status', 'Status', 'Any status'],
      ['display', 'Display', 'Any display'],
    ]);
    expect(bar[3].options).toEqual([
      { value: 'Not Discontinued', label: 'Not Discontinued' },
      { value: 'Discontinued', label: 'Discontinued' },
    ]);
    expect(typeof bar[0].options).toBe('function');
  });

  it('takes what differs: words, the resource an id names, an order, a filter left out', () => {
    const bar = filtersOf(outletResource, { area: { resource: 'city', label: 'Area', any: 'All areas' } }, [
      'area',
      'category',
    ]);
    expect(bar.map((f) => [f.key, f.label, f.any])).toEqual([
      ['area', 'Area', 'All areas'],
      ['category', 'Category', 'All categories'],
    ]);
    expect(filtersOf(outletResource, { area: false }).map((f) => f.key)).toEqual(['category']);
    expect(() => filtersOf(outletResource, {}, ['nope'])).toThrow(/no filter "nope"/);
  });
});
