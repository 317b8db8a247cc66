import { describe, expect, it } from 'vitest';
import { casesFor, walkOf } from './walk';

const cells = [
  { op: 'a', role: 'editor' },
  { op: 'a', role: 'viewer' },
  { op: 'b', role: 'viewer' },
  { op: 'c', role: 'editor' },
  { op: 'c', role: 'viewer' },
];

describe('walkOf', () => {
  it('keeps every item of a whole walk', () => {
    expect(walkOf(cells, (c) => c.op, 'whole')).toEqual(cells);
  });
  it("keeps each group's first item in a sample: no group untried", () => {
    expect(walkOf(cells, (c) => c.op, 'sample')).toEqual([cells[0], cells[2], cells[3]]);
  });
});

describe('casesFor', () => {
  it('gives every case to every operation of a whole walk', () => {
    expect(casesFor(['x', 'y', 'z'], 7, 'whole')).toEqual(['x', 'y', 'z']);
  });
  it('gives the cases in turn in a sample, so each meets some operation', () => {
    const taken = [0, 1, 2, 3].map((n) => casesFor(['x', 'y', 'z'], n, 'sample'));
    expect(taken).toEqual([['x'], ['y'], ['z'], ['x']]);
  });
});
