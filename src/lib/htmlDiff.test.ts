import { describe, expect, it } from 'vitest';
import { HTML_DIFF_MAX_TOKENS, htmlDiff } from './htmlDiff';

describe('htmlDiff', () => {
  it('marks the words taken out and put in, inside the new structure', () => {
    expect(htmlDiff('<p>Fees apply monthly.</p>', '<p>Fees apply yearly.</p>')).toBe(
      '<p>Fees apply <del>monthly.</del><ins>yearly.</ins></p>',
    );
  });

  it('keeps an added paragraph as a paragraph and a removed one as struck words', () => {
    expect(htmlDiff('<p>One</p><p>Two</p>', '<p>One</p><h2>Three</h2>')).toBe(
      '<p>One</p><del>Two</del><h2><ins>Three</ins></h2>',
    );
  });

  it('shows no mark where nothing changed', () => {
    expect(htmlDiff('<p>Same <strong>words</strong></p>', '<p>Same <strong>words</strong></p>')).toBe(
      '<p>Same <strong>words</strong></p>',
    );
  });

  it('writes back only the tags a page may hold, without their attributes but a safe href', () => {
    const out = htmlDiff(
      '<p>x</p>',
      '<p onclick="steal()">x <script>alert(1)</script><img src=x onerror=alert(1)> <a href="javascript:alert(1)">bad</a> <a href="https://bank.ae" onmouseover="y">ok</a></p>',
    );
    expect(out).not.toMatch(/script>|onclick|onerror|<img|javascript:|onmouseover/);
    expect(out).toContain('<a href="https://bank.ae" rel="noopener noreferrer"><ins>ok</ins></a>');
    expect(out).toContain('<a><ins>bad</ins></a>');
  });

  it('escapes a lone angle bracket rather than losing it', () => {
    expect(htmlDiff('<p>a</p>', '<p>a < b</p>')).toBe('<p>a<ins> &lt; b</ins></p>');
  });

  it('gives up (null) on a side too long to compare here', () => {
    const long = '<p>' + 'word '.repeat(HTML_DIFF_MAX_TOKENS) + '</p>';
    expect(htmlDiff(long, '<p>short</p>')).toBeNull();
  });
});
