// The demo offers' dates follow the day they are seeded on (./offers.ts generateOffers' `today`):
// whatever that day, the dashboard's "expiring in 7 days" (contract/dashboard.ts EXPIRING_DAYS)
// and the lists of upcoming and just-ended offers have some, and only the dates move.
import { describe, expect, it } from 'vitest';
import { EXPIRING_DAYS } from '@contract/dashboard';
import { addDays } from '@contract/dubaiTime';
import { UAE_BANKS } from './banks';
import { CARDS } from './cards';
import { generateOffers, REFERENCE_DATE } from './offers';
import { generateOutlets } from './outlets';
import { createRandom } from './random';

const offersOn = (today?: string) => {
  const rnd = createRandom(7);
  const outlets = generateOutlets(rnd, 500);
  const bank = new Map<string, string>(UAE_BANKS.map((b) => [b.code, b.name]));
  return generateOffers(rnd, 2000, CARDS, outlets, (code) => bank.get(code)!, today);
};

describe('generateOffers on a given day', () => {
  it.each(['2026-11-28', '2031-02-01'])('on %s has offers ending within the week, upcoming and just ended', (today) => {
    const offers = offersOn(today);
    const lastExpiring = addDays(today, EXPIRING_DAYS - 1);
    const live = offers.filter((o) => o.valid_from <= today && o.valid_to >= today);
    const expiring = live.filter((o) => o.valid_to <= lastExpiring);
    const upcoming = offers.filter((o) => o.valid_from > today);
    const justEnded = offers.filter((o) => o.valid_to < today && o.valid_to >= addDays(today, -7));
    expect(expiring.length).toBeGreaterThan(0);
    expect(upcoming.length).toBeGreaterThan(0);
    expect(justEnded.length).toBeGreaterThan(0);
    expect(live.length).toBeGreaterThan(offers.length / 2);
  });

  it('moves the dates by whole days and nothing else', () => {
    const drawn = offersOn();
    const moved = offersOn(addDays(REFERENCE_DATE, 30));
    expect(moved.map((o) => ({ ...o, valid_from: '', valid_to: '' }))).toEqual(
      drawn.map((o) => ({ ...o, valid_from: '', valid_to: '' })),
    );
    expect(moved.map((o) => o.valid_from)).toEqual(drawn.map((o) => addDays(o.valid_from, 30)));
    expect(moved.map((o) => o.valid_to)).toEqual(drawn.map((o) => addDays(o.valid_to, 30)));
  });
});
