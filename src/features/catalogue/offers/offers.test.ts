import { afterEach, describe, expect, it } from 'vitest';
import { shortValidity, validity } from './OfferBits';
import { offerListWith } from './commands';

describe('offer dates', () => {
  it('read as calendar dates, whatever the time zone', () => {
    expect(validity({ valid_from: '2026-03-12', valid_to: '2027-01-12' })).toBe('12 Mar 2026 – 12 Jan 2027');
  });
  it('are shorter in a row: one year once, or two-digit years across years', () => {
    expect(shortValidity({ valid_from: '2025-01-01', valid_to: '2025-02-06' })).toBe('1 Jan – 6 Feb 2025');
    expect(shortValidity({ valid_from: '2025-08-13', valid_to: '2027-01-02' })).toBe('13 Aug 25 – 2 Jan 27');
  });
});

describe('offerListWith (the filter commands)', () => {
  const g = globalThis as { location?: unknown };
  afterEach(() => {
    delete g.location;
  });

  it('starts from that filter alone outside the offers screen', () => {
    g.location = { pathname: '/admin/outlet-list', search: '?category=1' };
    expect(offerListWith('bank', 3)).toBe('/offer-list?bank=3');
  });

  it('on the offers screen keeps the other filters, the new one first, and drops the pane flag', () => {
    g.location = { pathname: '/admin/view-offer/9', search: '?state=live&bank=1&new=1' };
    expect(offerListWith('bank', 3)).toBe('/offer-list?bank=3&state=live');
    expect(offerListWith('state', 'expired')).toBe('/offer-list?state=expired&bank=1');
  });
});
