// A page's HTML as plain text for comparing two versions word by word: one line per block
// (heading, paragraph, list item, quote), list items marked. Parsed with DOMParser, whose
// documents run no script and load nothing.
const BLOCKS = new Set(['P', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'LI', 'BLOCKQUOTE', 'PRE', 'UL', 'OL']);

export function htmlToText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const out: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      out.push((node.textContent ?? '').replace(/\s+/g, ' '));
      return;
    }
    if (!(node instanceof Element)) return;
    if (node.tagName === 'BR') return void out.push('\n');
    if (node.tagName === 'HR') return void out.push('\n———\n');
    // A list item's first paragraph is the item's own line (the editor writes <li><p>…</p></li>).
    const itemText =
      node.tagName === 'P' && node.parentElement?.tagName === 'LI' && node.parentElement.firstElementChild === node;
    const block = BLOCKS.has(node.tagName) && !itemText;
    if (block) out.push('\n');
    if (node.tagName === 'LI') out.push('• ');
    node.childNodes.forEach(walk);
    if (block) out.push('\n');
  };
  doc.body.childNodes.forEach(walk);
  return out
    .join('')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join('\n');
}
