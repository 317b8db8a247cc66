import { describe, expect, it } from 'vitest';
import { withSearch } from './navigate';

describe('withSearch', () => {
  it('keeps the list search and filters', () => {
    expect(withSearch('/view-card/3', '?query=visa&bank=2')).toBe('/view-card/3?query=visa&bank=2');
  });
  it('drops the pane flag new', () => {
    expect(withSearch('/view-user/3', '?new=1&role=admin')).toBe('/view-user/3?role=admin');
    expect(withSearch('/user-list', '?new=1')).toBe('/user-list');
  });
  it('adds the path’s own params, which win', () => {
    expect(withSearch('/user-list?new=1', '?role=admin')).toBe('/user-list?role=admin&new=1');
    expect(withSearch('/card-list?bank=4', '?bank=2&query=x')).toBe('/card-list?bank=4&query=x');
  });
});
