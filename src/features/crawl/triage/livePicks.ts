// The live records "Assign … to…" offers on the palette page (shift+a on the outlet queue, the
// bulk assign of checked refs): typed text searches as the palette's record pages do
// (src/commands/recordPicker.ts); before anything is typed, the focused ref's candidates, best
// first, then the first live records, so the page is never an empty "Nothing found.".
import type { Candidate } from '@contract/crawl';
import type { SearchHit } from '@contract/search';
import { recordPicker } from '@/commands/recordPicker';
import type { PickItem } from '@/commands/types';
import { searchCards, searchOutlets } from '@/ui/lookups';
import type { PickerOption } from '@/ui/Combobox';

/** How many the empty page lists. */
export const FIRST_PICKS = 20;

type LiveType = 'card' | 'outlet';

/** The empty page: the candidates (with their score), then other live records, no record twice. */
export function emptyPicks(
  type: LiveType,
  candidates: readonly Candidate[],
  first: readonly PickerOption[],
  limit = FIRST_PICKS,
): PickItem<SearchHit>[] {
  const picks: PickItem<SearchHit>[] = candidates.map((c) => ({
    key: String(c.id),
    label: c.title,
    hint: `${Math.round(c.score * 100)}% match${c.subtitle ? ` · ${c.subtitle}` : ''}`,
    value: { type, id: c.id, title: c.title, subtitle: c.subtitle },
  }));
  const seen = new Set(candidates.map((c) => c.id));
  for (const o of first) {
    if (seen.has(o.id)) continue;
    seen.add(o.id);
    picks.push({
      key: String(o.id),
      label: o.label,
      hint: o.hint,
      value: { type, id: o.id, title: o.label, subtitle: o.hint ?? '' },
    });
  }
  return picks.slice(0, limit);
}

/** The page's rows for `search`: a ranked search when typed, else the empty page's. */
export async function livePicks(
  type: LiveType,
  candidates: readonly Candidate[],
  search: string,
  signal: AbortSignal,
): Promise<PickItem<SearchHit>[]> {
  if (search.trim()) return recordPicker(type, '').load(search, signal);
  const first = await (type === 'card' ? searchCards : searchOutlets)('', signal);
  return emptyPicks(type, candidates, first);
}
