import { describe, expect, it } from 'vitest';
import { HEALTH_QUEUES, healthNoun } from './healthQueues';

describe('healthNoun', () => {
  it('names one and many of every queue’s rows, an image row not as a link', () => {
    expect(healthNoun('offer', 1)).toBe('1 offer');
    expect(healthNoun('category', 12)).toBe('12 categories');
    expect(healthNoun('outlet', 1500)).toBe('1,500 outlets');
    expect(healthNoun('link', 1)).toBe('1 image or link');
    expect(healthNoun('link', 4)).toBe('4 images and links');
    for (const q of HEALTH_QUEUES) expect(healthNoun(q.entity, 2)).toMatch(/^2 [a-z ]+s$/);
  });
});
