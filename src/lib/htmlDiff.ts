// A change to a rich-text field (a legal page's HTML) as the page reads after it, with the
// words it took out struck through and the words it put in marked: the History panel and the
// audit log render it (src/ui/FieldDiff.tsx) instead of two walls of text.
//
// The two versions are split into tags and words and compared word by word (the `diff`
// package's array diff). Tags of the new version are kept, so the result has its structure;
// removed words sit where they were. Only the tags the server keeps in a page
// (server/services/cmsSanitizer.ts) are written back, each rebuilt with no attribute but a
// link's http(s)/mailto href, so an old or hand-made value can put no script on the screen.
import { diffArrays } from 'diff';

const TOKEN = /<\/?[a-z][^>]*>|<!--[\s\S]*?-->|[^<\s]+|<|\s+/gi;
const TAG = /^<(\/?)([a-z][a-z0-9]*)\b([^>]*)>$/i;
const KEPT_TAGS = new Set('h1 h2 h3 h4 h5 h6 p ul ol li strong em u s a blockquote code pre br hr b i'.split(' '));
const VOID_TAGS = new Set(['br', 'hr']);
const SAFE_HREF = /^\s*(https?:|mailto:)/i;
/** Past this many tokens a side, a word diff may take long: the caller shows the text instead. */
export const HTML_DIFF_MAX_TOKENS = 20_000;

const isTag = (token: string) => /^<[!/a-z]/i.test(token);

/** A tag rebuilt from its name (and a safe link's href), or '' for a tag the page may not hold. */
function safeTag(token: string): string {
  const m = TAG.exec(token);
  if (!m) return '';
  const [, close, rawName, attrs] = m;
  const name = rawName.toLowerCase();
  if (!KEPT_TAGS.has(name)) return '';
  if (close) return VOID_TAGS.has(name) ? '' : `</${name}>`;
  if (name !== 'a') return `<${name}>`;
  const href = /\bhref\s*=\s*("([^"]*)"|'([^']*)')/i.exec(attrs);
  const url = href?.[2] ?? href?.[3];
  return url && SAFE_HREF.test(url) ? `<a href="${url.replace(/"/g, '&quot;')}" rel="noopener noreferrer">` : '<a>';
}

/** Text as HTML text: a lone '<' (no tag) escaped; entities already written stay as they are. */
const safeText = (token: string) => (token === '<' ? '&lt;' : token.replace(/>/g, '&gt;'));

/**
 * The HTML showing `after` with what changed from `before` marked: removed words in `<del>`,
 * added words in `<ins>`. Null when either side is too long to compare here.
 */
export function htmlDiff(before: string, after: string): string | null {
  const a = before.match(TOKEN) ?? [];
  const b = after.match(TOKEN) ?? [];
  if (a.length > HTML_DIFF_MAX_TOKENS || b.length > HTML_DIFF_MAX_TOKENS) return null;
  let out = '';
  for (const part of diffArrays(a, b)) {
    const mark = part.added ? 'ins' : part.removed ? 'del' : null;
    let run = '';
    const flush = () => {
      if (run) out += mark && run.trim() ? `<${mark}>${run}</${mark}>` : run;
      run = '';
    };
    for (const token of part.value) {
      if (isTag(token)) {
        flush();
        // The removed version's tags would build a structure the page no longer has.
        if (!part.removed) out += safeTag(token);
      } else run += safeText(token);
    }
    flush();
  }
  return out;
}
