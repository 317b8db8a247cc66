// "Assign crawl ref…" from any screen, in three palette pages: a source; one of its crawled
// cards or outlets (searched on the server, the undecided ones first); then the live record,
// the triage's candidates first (the claim call ranks them, as when the triage opens the ref)
// and any other found by name. The assignment is the triage's own call, undoable like its
// decisions (Undo in the toast, mod+z).
import { type Candidate, type CardRef, type CrawlSource, type OutletRef } from '@contract/crawl';
import { assignCardRef, listCardRefs } from '@contract/crawlCards';
import { assignOutletRef, listOutletRefs } from '@contract/crawlOutlets';
import { claimRef, undoDecision } from '@contract/crawlTriage';
import { call } from '@/api/call';
import { actionWords } from '@/commands/actions';
import { recordPicker } from '@/commands/recordPicker';
import type { Command, PickItem } from '@/commands/types';
import { openPalette } from '@/store/ui';
import { sourcePicker } from './commands';

type RefPick = { kind: 'card'; ref: CardRef } | { kind: 'outlet'; ref: OutletRef };

/** What the pages picked so far, and the ref's candidates (asked once per ref). */
const picked = {
  source: null as CrawlSource | null,
  ref: null as RefPick | null,
  candidates: null as Promise<Candidate[]> | null,
};

const group = 'Crawl review';
/** Refs per kind and page: the undecided ones, then any. */
const PER_PAGE = 25;

const refName = (p: RefPick) =>
  p.kind === 'card' ? p.ref.name : [p.ref.merchant_name, p.ref.branch].filter(Boolean).join(' — ');
const STATE_WORDS: Record<string, string> = {
  new: 'undecided',
  assigned: 'assigned',
  created: 'created',
  skipped: 'skipped',
  onboarded: 'onboarded',
  discontinued: 'discontinued',
};

function refHint(p: RefPick): string {
  const what = p.kind === 'card' ? 'Crawled card' : 'Crawled outlet';
  const linked = p.kind === 'card' && p.ref.card_name ? ` to ${p.ref.card_name}` : '';
  const held = p.ref.claimed_by_name ? ` · being reviewed by ${p.ref.claimed_by_name}` : '';
  return `${what} · ${STATE_WORDS[p.ref.state] ?? p.ref.state}${linked}${held}`;
}

/** The source's card and outlet refs matching `search`: undecided first, each once. */
async function findRefs(source: CrawlSource, search: string, signal: AbortSignal): Promise<RefPick[]> {
  const query = search || undefined;
  const cards = (state?: 'new') =>
    call(
      listCardRefs,
      { query: { page: 1, per_page: PER_PAGE }, body: { from: source.id, query, state } },
      { signal },
    ).then((r) => r.data.map((ref): RefPick => ({ kind: 'card', ref })));
  const outlets = (state?: 'new') =>
    call(listOutletRefs, { query: { from: source.id, page: 1, per_page: PER_PAGE, query, state } }, { signal }).then(
      (r) => r.data.map((ref): RefPick => ({ kind: 'outlet', ref })),
    );
  const lists = await Promise.all([cards('new'), outlets('new'), cards(), outlets()]);
  const seen = new Set<string>();
  return lists
    .flat()
    .filter((p) => {
      const key = `${p.kind}:${p.ref.id}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => Number(a.ref.state !== 'new') - Number(b.ref.state !== 'new'));
}

/** The ref's live candidates, best first: the claim ranks them (and holds the ref for this admin a few minutes). */
function candidatesOf(p: RefPick): Promise<Candidate[]> {
  picked.candidates ??= call(claimRef, { body: { kind: p.kind, ref_id: p.ref.id } }).then(
    (r) => r.data.candidates,
    (e: unknown) => {
      picked.candidates = null;
      throw e;
    },
  );
  return picked.candidates;
}

export const assignRefCommands: Command[] = [
  {
    id: 'crawl.assignRef',
    needs: { permission: 'crawl.review' },
    ...actionWords('crawl.assignRef'),
    keywords: ['crawl', 'crawled card', 'crawled outlet', 'candidate', 'live'],
    scope: 'global',
    pick: sourcePicker,
    run: (_ctx, source) => {
      picked.source = source as CrawlSource;
      picked.ref = null;
      openPalette('crawl.assignRef.ref');
    },
  },
  {
    id: 'crawl.assignRef.ref',
    needs: { permission: 'crawl.review' },
    get title() {
      return `Assign a ref of ${picked.source?.name ?? 'the source'}…`;
    },
    group,
    scope: 'global',
    palette: false,
    enabled: () => picked.source !== null,
    pick: {
      get placeholder() {
        return `Which crawled card or outlet of ${picked.source?.name ?? 'the source'}? (undecided first)`;
      },
      async load(search, signal): Promise<PickItem[]> {
        const refs = picked.source ? await findRefs(picked.source, search, signal) : [];
        return refs.map((p) => ({ key: `${p.kind}:${p.ref.id}`, label: refName(p), hint: refHint(p), value: p }));
      },
    },
    run: (_ctx, ref) => {
      picked.ref = ref as RefPick;
      picked.candidates = null;
      openPalette('crawl.assignRef.live');
    },
  },
  {
    id: 'crawl.assignRef.live',
    needs: { permission: 'crawl.review' },
    get title() {
      return picked.ref ? `Assign “${refName(picked.ref)}” to…` : 'Assign the ref to…';
    },
    group,
    scope: 'global',
    palette: false,
    enabled: () => picked.ref !== null,
    pick: {
      get placeholder() {
        return picked.ref
          ? `Assign “${refName(picked.ref)}” to which live ${picked.ref.kind}? Best candidates first; type to search`
          : 'Which live record?';
      },
      async load(search, signal): Promise<PickItem[]> {
        const p = picked.ref;
        if (!p) return [];
        const words = search.trim().toLowerCase();
        const ranked = (await candidatesOf(p))
          .filter((c) => !words || `${c.title} ${c.subtitle}`.toLowerCase().includes(words))
          .map((c) => ({
            key: `c${c.id}`,
            label: c.title,
            hint: `${Math.round(c.score * 100)}% match${c.subtitle ? ` · ${c.subtitle}` : ''}`,
            value: c.id,
          }));
        if (!words) return ranked;
        const shown = new Set(ranked.map((r) => r.value));
        const found = await recordPicker(p.kind, '').load(search, signal);
        return [
          ...ranked,
          ...found.flatMap((f) => {
            const id = (f.value as { id: number }).id;
            return shown.has(id) ? [] : [{ key: `r${id}`, label: f.label, hint: f.hint, value: id }];
          }),
        ];
      },
    },
    messages: { success: 'Assigned.' },
    async run(_ctx, liveId) {
      const p = picked.ref;
      if (!p) return undefined;
      const res =
        p.kind === 'card'
          ? await call(assignCardRef, { body: { card_ref_id: p.ref.id, card_id: liveId as number } })
          : await call(assignOutletRef, { body: { outlet_ref_id: p.ref.id, outlet_id: liveId as number } });
      picked.ref = null;
      picked.candidates = null;
      const decision = res.data.last_decision_id;
      // Undone like a triage decision: the ref and the live record as they were.
      return decision === null
        ? res
        : { message: res.message, undo: () => call(undoDecision, { params: { id: decision } }) };
    },
  },
];
