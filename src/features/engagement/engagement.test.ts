import { describe, expect, it } from 'vitest';
import type { Engagement } from '@contract/engagement';
import { pathOf, presetOf, queryOf } from './engagement';
import { engagementCsv, engagementFileName } from './engagementCsv';

describe('the engagement URL', () => {
  it('reads the range and the filters, leaving out what cannot be meant', () => {
    expect(queryOf('')).toEqual({});
    expect(queryOf('days=7&offer_id=12')).toEqual({ days: 7, offer_id: 12 });
    expect(queryOf('from=2026-10-01&to=2026-10-31&bank_id=3&days=7')).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
      bank_id: 3,
    });
    expect(queryOf('days=abc&card_id=-1&offer_id=0&from=yesterday')).toEqual({});
  });

  it('writes it back, the default range left out', () => {
    expect(pathOf({})).toBe('/engagement');
    expect(pathOf({ days: 30 })).toBe('/engagement');
    expect(pathOf({ days: 90, card_id: 4 })).toBe('/engagement?days=90&card_id=4');
    expect(pathOf({ from: '2026-10-01', to: '2026-10-31', days: 7 })).toBe('/engagement?from=2026-10-01&to=2026-10-31');
    for (const search of ['days=7&offer_id=12', 'from=2026-10-01&to=2026-10-31&bank_id=3'])
      expect(pathOf(queryOf(search))).toBe(`/engagement?${search}`);
  });

  it('names the preset', () => {
    expect([
      presetOf({}),
      presetOf({ days: 7 }),
      presetOf({ days: 90 }),
      presetOf({ days: 12 }),
      presetOf({ from: '2026-01-01' }),
    ]).toEqual([30, 7, 90, 'custom', 'custom']);
  });
});

describe('the engagement CSV', () => {
  const zero = { offer_viewed: 0, offer_opened: 0, offer_saved: 0, offer_redeemed: 0, card_viewed: 0 };
  const e: Engagement = {
    range: { from: '2026-11-22', to: '2026-11-23', days: 2, time_zone: 'Asia/Dubai' },
    filters: { offer: null, card: null, bank: { id: 3, name: 'Emirates NBD' } },
    totals: { ...zero, offer_viewed: 5, offer_redeemed: 1 },
    daily: [
      { day: '2026-11-22', ...zero, offer_viewed: 2 },
      { day: '2026-11-23', ...zero, offer_viewed: 3, offer_redeemed: 1 },
    ],
    top_offers: [
      { offer_id: 9, title: '=HYPERLINK("x") 20% off', ...zero, offer_viewed: 5, offer_redeemed: 1, total: 6 },
    ],
    banks: [{ bank_id: 3, name: 'Emirates NBD', ...zero, offer_viewed: 5, offer_redeemed: 1, total: 6 }],
    cards: [],
    categories: [{ category_id: null, name: 'No category', ...zero, offer_viewed: 5, offer_redeemed: 1, total: 6 }],
  };

  it('holds every chart row with its section, the formulas defused', async () => {
    const lines = (await engagementCsv(e)).split(/\r?\n/);
    expect(lines[0]).toBe('section,id,name,offer_viewed,offer_opened,offer_saved,offer_redeemed,card_viewed,total');
    expect(lines[1]).toBe('range,2026-11-22..2026-11-23,2 days (Asia/Dubai); bank: Emirates NBD,5,0,0,1,0,6');
    expect(lines.slice(2, 4)).toEqual([
      'day,2026-11-22,2026-11-22,2,0,0,0,0,2',
      'day,2026-11-23,2026-11-23,3,0,0,1,0,4',
    ]);
    expect(lines[4]).toBe(`offer,9,"'=HYPERLINK(""x"") 20% off",5,0,0,1,0,6`);
    expect(lines.slice(5)).toEqual(['bank,3,Emirates NBD,5,0,0,1,0,6', 'category,,No category,5,0,0,1,0,6']);
    expect(engagementFileName(e)).toBe('engagement-2026-11-22-to-2026-11-23-bank-3.csv');
  });
});
