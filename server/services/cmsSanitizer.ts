// The legal pages' HTML (contract/cms.ts) is shown by the app as stored, so the server keeps
// only a small allowlist of markup and stores nothing else: headings, paragraphs, lists,
// bold/italic/underline/strike, links to http, https and mailto (rel=noopener), quotes, code,
// line breaks and rules. No script, no style, no event handler, no other URL scheme, no
// iframe, no image. What was taken out is reported in words, so the editor can say so.
import sanitizeHtml from 'sanitize-html';

const ALLOWED_TAGS = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  'u',
  's',
  'a',
  'blockquote',
  'code',
  'pre',
  'br',
  'hr',
];
/** Tags written another way for the same meaning: kept under the allowed name, not reported. */
const SYNONYMS: Readonly<Record<string, string>> = { b: 'strong', i: 'em', strike: 's', del: 's', ins: 'u' };
const SCHEMES = ['http', 'https', 'mailto'];
/** A link's `rel`, whatever was sent: the app opens it without handing over the page. */
export const LINK_REL = 'noopener noreferrer';
/** Allowed, but not shown or reported: they carry no content or meaning of their own. */
const QUIET_TAGS = new Set([
  'html',
  'head',
  'body',
  'span',
  'div',
  'font',
  'section',
  'article',
  'main',
  'header',
  'footer',
]);

export interface Sanitized {
  /** The HTML kept. */
  html: string;
  /** What was taken out, one line each ('<script> element', 'onerror attribute on <p>'). */
  removed: string[];
  /** Whether any text is left to show. */
  hasText: boolean;
}

/**
 * What is wrong with a link's target, or null when it may stay: an http, https or mailto
 * URL. Read as a browser would: entities are decoded already (by the parser), whitespace and
 * control characters inside the scheme do not hide it ('java\tscript:').
 */
export function hrefProblem(href: string): string | null {
  // Browsers drop ASCII tab and newline anywhere in a URL, and leading/trailing C0 controls and spaces.
  // eslint-disable-next-line no-control-regex
  const url = href.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (!scheme) return url.startsWith('//') ? 'link without a scheme' : 'link that is not http, https or mailto';
  return SCHEMES.includes(scheme) ? null : `${scheme}: link`;
}

export function sanitizeCms(input: string): Sanitized {
  const removed = new Map<string, number>();
  const note = (what: string) => removed.set(what, (removed.get(what) ?? 0) + 1);
  // PostgreSQL text holds no NUL, and no page needs one.
  const source = input.replace(/\0/g, '');

  const html = sanitizeHtml(source, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: { a: ['href', 'rel'] },
    allowedSchemes: SCHEMES,
    allowedSchemesAppliedToAttributes: ['href'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: {
      ...Object.fromEntries(Object.entries(SYNONYMS).map(([from, to]) => [from, to])),
      // A link to anything but http, https or mailto loses its target and stays a bare <a>
      // around its text, which links nowhere. (Renaming it to a tag that is then discarded
      // would be neater, but sanitize-html 2.18 then closes the next element at that depth
      // with the new name.)
      a: (tagName, attribs): sanitizeHtml.Tag => {
        const href = attribs.href;
        const kept: sanitizeHtml.Attributes = href === undefined || hrefProblem(href) ? {} : { href, rel: LINK_REL };
        return { tagName, attribs: kept };
      },
    },
    // Called with every tag as sent, before the rules above apply: the report.
    onOpenTag(name, attribs) {
      const tag = SYNONYMS[name] ?? name;
      if (!ALLOWED_TAGS.includes(tag)) {
        if (!QUIET_TAGS.has(tag)) note(`<${tag}> element`);
        return;
      }
      for (const attr of Object.keys(attribs)) {
        if (tag === 'a' && (attr === 'href' || attr === 'rel' || attr === 'target')) continue;
        note(`${attr} attribute on <${tag}>`);
      }
      if (tag === 'a') {
        const problem = attribs.href === undefined ? null : hrefProblem(attribs.href);
        if (problem) note(problem);
      }
    },
  });
  const lines = [...removed].map(([what, n]) => (n > 1 ? `${what} ×${n}` : what));
  return {
    html,
    removed: lines,
    hasText: /\S/.test(sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;/g, ' ')),
  };
}
