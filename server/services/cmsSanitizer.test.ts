import { describe, expect, it } from 'vitest';
import { hrefProblem, LINK_REL, sanitizeCms } from './cmsSanitizer';

const PAYLOAD = '<img src=x onerror=alert(1)><script>alert(2)</script><a href="javascript:alert(3)">x</a>';

describe('sanitizeCms', () => {
  it('keeps none of the payload that could run, and says what it removed', () => {
    const out = sanitizeCms(PAYLOAD);
    expect(out.html).toBe('<a>x</a>');
    expect(out.html).not.toMatch(/script|onerror|javascript:|<img/i);
    expect(out.removed).toEqual(['<img> element', '<script> element', 'javascript: link']);
    expect(out.hasText).toBe(true);
  });

  it('keeps the allowed markup as it is', () => {
    const html =
      '<h2>1. Scope</h2><p>These <strong>terms</strong> <em>apply</em> to <u>every</u> <s>old</s> offer.</p>' +
      '<ul><li><p>One</p></li></ul><ol><li>Two</li></ol><blockquote><p>Quote</p></blockquote>' +
      `<pre><code>code</code></pre><p>Line<br />break</p><hr /><p><a href="https://example.com/terms" rel="${LINK_REL}">link</a></p>`;
    const out = sanitizeCms(html);
    expect(out.removed).toEqual([]);
    expect(out.html).toBe(html);
  });

  it('writes synonyms the allowed way without reporting them', () => {
    const out = sanitizeCms('<p><b>bold</b> <i>it</i> <strike>gone</strike></p>');
    expect(out.html).toBe('<p><strong>bold</strong> <em>it</em> <s>gone</s></p>');
    expect(out.removed).toEqual([]);
  });

  it('takes out event handlers, styles, classes, iframes, forms and data: URLs', () => {
    const out = sanitizeCms(
      '<p onclick="alert(1)" style="color:red" class="x">a</p><iframe src="https://evil.example"></iframe><style>p{}</style>' +
        '<form action="/x"><input name="q"></form><a href="data:text/html,<script>alert(1)</script>">d</a><svg onload="alert(1)"></svg>',
    );
    expect(out.html).toBe('<p>a</p><a>d</a>');
    expect(out.removed).toEqual([
      'onclick attribute on <p>',
      'style attribute on <p>',
      'class attribute on <p>',
      '<iframe> element',
      '<style> element',
      '<form> element',
      '<input> element',
      'data: link',
      '<svg> element',
    ]);
  });

  it('sees through the usual disguises of a scheme', () => {
    for (const href of [
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java&#x09;script:alert(1)',
      '&#106;avascript:alert(1)',
      'vbscript:msgbox(1)',
    ]) {
      const out = sanitizeCms(`<a href="${href}">x</a>`);
      expect(out.html, href).toBe('<a>x</a>');
      expect(out.removed.join(), href).toMatch(/link/);
    }
  });

  it('keeps http, https and mailto links, sets rel and drops target', () => {
    const out = sanitizeCms(
      '<a href="mailto:privacy@example.com" target="_blank" rel="opener">mail</a> <a href="http://example.com">web</a>',
    );
    expect(out.html).toBe(
      `<a href="mailto:privacy@example.com" rel="${LINK_REL}">mail</a> <a href="http://example.com" rel="${LINK_REL}">web</a>`,
    );
    expect(out.removed).toEqual([]);
  });

  it('refuses relative and protocol-relative links', () => {
    expect(hrefProblem('/terms')).toBe('link that is not http, https or mailto');
    expect(hrefProblem('//evil.example')).toBe('link without a scheme');
    expect(hrefProblem('https://example.com')).toBeNull();
    expect(sanitizeCms('<a href="//evil.example/x">x</a>').html).toBe('<a>x</a>');
  });

  it('counts repeats, drops NUL and says when no text is left', () => {
    const out = sanitizeCms('<script>1</script><script>2</script>\0');
    expect(out.removed).toEqual(['<script> element ×2']);
    expect(out.html).toBe('');
    expect(out.hasText).toBe(false);
    expect(sanitizeCms('<p>&nbsp;</p><hr>').hasText).toBe(false);
  });

  it('is idempotent: what it keeps passes again unchanged', () => {
    const once = sanitizeCms(
      `<h1>T</h1>${PAYLOAD}<p onclick="x">p <a href="https://a.example?q=1&amp;r=2">a</a></p>`,
    ).html;
    const twice = sanitizeCms(once);
    expect(twice.html).toBe(once);
    expect(twice.removed).toEqual([]);
  });
});
