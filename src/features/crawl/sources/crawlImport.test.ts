import { describe, expect, it } from 'vitest';
import { linesOf } from './crawlImport';

describe("a refused crawl file's lines", () => {
  it('keep the sentence first and list the problems in file order', () => {
    const body = {
      message: '2 lines have errors.',
      errors: { file: ['2 lines have errors.', 'Line 12: Unreadable JSON.', 'Line 3: name is required for a card.'] },
    };
    expect(linesOf(body, 'file')).toEqual([
      '2 lines have errors.',
      'Line 3: name is required for a card.',
      'Line 12: Unreadable JSON.',
    ]);
    expect(linesOf(body, 'from_source')).toEqual([]);
    expect(linesOf(null, 'file')).toEqual([]);
  });
});
