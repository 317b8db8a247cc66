import { describe, expect, it } from 'vitest';
import { readableHtml } from './cmsModel';

describe('readableHtml', () => {
  it('puts each block on a line of its own, a list item with its paragraph', () => {
    expect(readableHtml('<h1>T</h1><p>a</p><ul><li><p>one</p></li><li><p>two</p></li></ul><hr><p>b</p>')).toBe(
      '<h1>T</h1>\n<p>a</p>\n<ul><li><p>one</p></li>\n<li><p>two</p></li>\n</ul>\n<hr>\n<p>b</p>\n',
    );
  });

  it('adds nothing to HTML laid out already', () => {
    const once = readableHtml('<p>a</p><p>b</p>');
    expect(readableHtml(once)).toBe(once);
  });
});
