// The catalogue's "today" (contract/dubaiTime.ts) at the two hours where Dubai's day and UTC's
// differ or agree: 00:30 in Dubai is 20:30 UTC of the day before; 23:30 is 19:30 UTC, same day.
import { describe, expect, it } from 'vitest';
import { addDays, dubaiDay, dubaiInstant } from './dubaiTime';

const halfPastMidnight = new Date('2026-11-27T20:30:00Z'); // 2026-11-28 00:30 in Dubai
const halfPastEleven = new Date('2026-11-28T19:30:00Z'); // 2026-11-28 23:30 in Dubai

describe('dubaiDay', () => {
  it("is Dubai's date at 00:30 there, the UTC date being the day before", () => {
    expect(halfPastMidnight.toISOString().slice(0, 10)).toBe('2026-11-27');
    expect(dubaiDay(halfPastMidnight)).toBe('2026-11-28');
  });

  it("is still Dubai's date at 23:30 there", () => {
    expect(dubaiDay(halfPastEleven)).toBe('2026-11-28');
    expect(dubaiDay(halfPastEleven.getTime() + 60 * 60_000)).toBe('2026-11-29');
  });

  it('turns a Dubai wall clock into its instant and back', () => {
    expect(dubaiInstant({ year: 2026, month: 11, day: 28, hour: 0, minute: 30 })).toEqual(halfPastMidnight);
    expect(addDays(dubaiDay(halfPastMidnight), -1)).toBe('2026-11-27');
  });
});
