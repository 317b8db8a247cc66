import { describe, expect, it } from 'vitest';
import { queueTrend } from './queueTrend';

const TODAY = '2026-03-10';

describe("a queue's trend on the dashboard", () => {
  it('compares the live count with the one kept yesterday', () => {
    const days = [
      { day: '2026-03-08', count: 2 },
      { day: '2026-03-09', count: 5 },
      { day: TODAY, count: 6 },
    ];
    expect(queueTrend(days, 8, TODAY)).toEqual({ values: [2, 5, 8], note: '+3 since yesterday' });
    expect(queueTrend(days, 1, TODAY).note).toBe('−4 since yesterday');
    expect(queueTrend(days, 5, TODAY).note).toBe('same as yesterday');
  });

  it('says nothing of yesterday when it was not measured, and still draws what was', () => {
    expect(queueTrend([{ day: '2026-03-07', count: 1200 }], 1300, TODAY)).toEqual({ values: [1200, 1300], note: null });
    expect(queueTrend([], 4, TODAY)).toEqual({ values: [4], note: null });
  });
});
