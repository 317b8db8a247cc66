// The triage view's keys, each a command (palette, hotkey, button and cheat sheet alike):
// 1–9 assign the nth candidate, a the top one, c create a live record, s skip, d / shift+d
// confirm a crawled card's live card discontinued or not, u / mod+z undo the last decision
// made here (a decision key pressed while the next ref opens is kept for it); on offers e
// corrects the ref's fields (mod+enter saves, Escape cancels). j/k, Enter, Escape, x and
// shift+x are the list keys (src/commands/list.ts) acting on the queue's model
// (src/features/crawl/triage/triageModel.ts); checked card and outlet refs go to one live record with
// "Assign checked refs to…", after a question naming them with their match scores
// (./bulkAssign.ts), and u undoes all of it at once.
import { networkResource, type Network } from '@contract/network';
import { ApiError } from '@/api/client';
import { resourceClient } from '@/api/resourceClient';
import type { SearchHit } from '@contract/search';
import { getCommand } from '@/commands/registry';
import { canRun, CommandError, runCommand } from '@/commands/runner';
import type { Command, PickItem } from '@/commands/types';
import type { OfferEdit } from './triageTypes';
import { triage } from './model';
import { toast } from '@/ui/toast';
import { openPalette } from '@/store/ui';
import { onboardWithConfirm } from '../bulk';
import { assignCheckedAsking } from './bulkAssign';
import { livePicks } from './livePicks';
import { CRAWL_TRIAGE_VIEW } from './entry';

const scope = `view:${CRAWL_TRIAGE_VIEW}` as const;
const group = 'Crawl triage';
const CANDIDATE_KEYS = 9;
const networkClient = resourceClient<Network>(networkResource);

/** Cards and outlets are decided one by one; offers are onboarded by source. */
const decidable = () => triage.state.kind !== 'offer' && triage.canDecide();
const candidate = (n: number) => triage.state.focus?.candidates[n];
const noun = () => (triage.state.kind === 'card' ? 'card' : 'outlet');

const assign = (n: number) => {
  const c = candidate(n);
  return c ? triage.decide('assign', { liveId: c.id }) : undefined;
};

/** A card whose network the server cannot tell (422 on network_id): ask for one, then create. */
async function createCard(networkId?: number) {
  try {
    return await triage.decide('create', { networkId });
  } catch (e) {
    if (e instanceof ApiError && e.status === 422 && e.fieldErrors.network_id && networkId === undefined) {
      openPalette('crawl.triage.createWithNetwork');
      return undefined;
    }
    throw e;
  }
}

const nameOf = (r: ReturnType<typeof triage.focusedRef>) =>
  !r ? 'the next ref' : 'name' in r ? r.name : 'merchant_name' in r ? r.merchant_name : r.title;

/**
 * A decision key pressed while the next ref is still opening (its claim not answered yet) is
 * kept, not dropped: it acts on that ref once it is ready (src/features/crawl/triage/triageModel.ts
 * keepUntilReady), through the runner as if pressed then. One that no longer fits the ref
 * (no third candidate) says so.
 */
function keptWhileOpening(c: Command): Command {
  const { enabled, run } = c;
  const now = (ctx: Parameters<NonNullable<Command['enabled']>>[0]) => enabled?.(ctx) ?? true;
  c.enabled = (ctx) =>
    now(ctx) || (triage.opening() && (c.id === 'crawl.triage.skip' || triage.state.kind !== 'offer'));
  c.run = (ctx, arg) => {
    if (now(ctx)) return run(ctx, arg);
    triage.keepUntilReady(() => {
      const cmd = getCommand(c.id);
      if (cmd && canRun(cmd)) void runCommand(c.id, 'hotkey');
      else toast.error(`“${c.title}” was kept for ${nameOf(triage.focusedRef())}, but it does not apply there.`);
    });
    return undefined;
  };
  return c;
}

export const triageCommands: Command[] = [
  ...Array.from({ length: CANDIDATE_KEYS }, (_, i): Command =>
    keptWhileOpening({
      id: `crawl.triage.assign${i + 1}`,
      needs: { permission: 'crawl.review' },
      title: `Assign to candidate ${i + 1}`,
      group,
      shortcut: String(i + 1),
      scope,
      // One palette entry ("Assign to top candidate") stands for the nine keys.
      palette: false,
      enabled: () => decidable() && !!candidate(i),
      run: () => assign(i),
    }),
  ),
  keptWhileOpening({
    id: 'crawl.triage.assignTop',
    needs: { permission: 'crawl.review' },
    title: 'Assign to top candidate',
    group,
    keywords: ['link', 'match', 'best', 'first', 'existing'],
    shortcut: 'a',
    scope,
    enabled: () => decidable() && !!candidate(0),
    run: () => assign(0),
  }),
  keptWhileOpening({
    id: 'crawl.triage.create',
    needs: { permission: 'crawl.review' },
    get title() {
      return `Create live ${noun()} from ref`;
    },
    group,
    keywords: ['new', 'make', 'add', 'live', 'no match'],
    shortcut: 'c',
    scope,
    enabled: decidable,
    run: () => (triage.state.kind === 'card' ? createCard() : triage.decide('create')),
  }),
  {
    id: 'crawl.triage.createWithNetwork',
    needs: { permission: 'crawl.review' },
    title: 'Create live card with network…',
    group,
    keywords: ['network', 'visa', 'mastercard', 'new card'],
    scope,
    enabled: () => decidable() && triage.state.kind === 'card',
    pick: {
      placeholder: 'Which network is the card on?',
      async load(search, signal): Promise<PickItem[]> {
        const res = await networkClient.list({ query: search || undefined, page: 1, per_page: 50 }, { signal });
        return res.data.map((n) => ({ key: String(n.id), label: n.type, value: n.id }));
      },
    },
    run: (_ctx, networkId) => createCard(networkId as number),
  },
  keptWhileOpening({
    id: 'crawl.triage.skip',
    needs: { permission: 'crawl.review' },
    title: 'Skip ref',
    group,
    keywords: ['ignore', 'leave out', 'reject', 'pass'],
    shortcut: 's',
    scope,
    enabled: () => triage.canDecide(),
    run: () => triage.decide('skip'),
  }),
  {
    id: 'crawl.triage.discontinue',
    needs: { permission: 'crawl.review' },
    title: 'Mark card discontinued',
    group,
    keywords: ['status', 'discontinued', 'withdrawn', 'gone', 'hide', 'confirm'],
    shortcut: 'd',
    scope,
    enabled: triage.canConfirmStatus,
    run: () => triage.confirmStatus('Discontinued'),
  },
  {
    id: 'crawl.triage.notDiscontinued',
    needs: { permission: 'crawl.review' },
    title: 'Mark card not discontinued',
    group,
    keywords: ['status', 'available', 'still offered', 'confirm'],
    shortcut: 'shift+d',
    scope,
    enabled: triage.canConfirmStatus,
    run: () => triage.confirmStatus('Not Discontinued'),
  },
  {
    id: 'crawl.triage.undo',
    needs: { permission: 'crawl.review' },
    title: 'Undo last decision',
    group,
    keywords: ['revert', 'back', 'oops'],
    // mod+z reaches this too while the triage is shown (src/store/undo.ts takeOverUndo).
    shortcut: 'u',
    scope,
    enabled: triage.canUndo,
    messages: { success: 'Undone.' },
    run: () => triage.undoLast(),
  },
  {
    // The checked refs, or else the ref in focus, to the live record picked: shift+a opens it
    // on the outlet queue (./dialogCommands.ts; cards have their select dialog).
    id: 'crawl.triage.assignChecked',
    needs: { permission: 'crawl.review' },
    get title() {
      const n = triage.checkedRefs().length;
      return n ? `Assign ${n} checked ref${n === 1 ? '' : 's'} to…` : `Assign to live ${noun()}…`;
    },
    group,
    keywords: ['bulk', 'checked', 'selected', 'many', 'link', 'match', 'existing', 'select', 'search'],
    scope,
    enabled: () => triage.state.kind !== 'offer' && (triage.checkedRefs().length > 0 || triage.canDecide()),
    pick: {
      get placeholder() {
        return `Which live ${noun()}? Type to search`;
      },
      load: (search, signal) => livePicks(noun(), triage.state.focus?.candidates ?? [], search, signal),
    },
    run: (_ctx, hit) => {
      const liveId = (hit as SearchHit).id;
      return triage.checkedRefs().length ? assignCheckedAsking(liveId) : triage.decide('assign', { liveId });
    },
  },
  {
    id: 'crawl.triage.editOffer',
    needs: { permission: 'crawl.review' },
    title: 'Edit crawled offer',
    group,
    keywords: ['correct', 'fix', 'title', 'discount', 'dates', 'terms', 'change'],
    shortcut: 'e',
    scope,
    enabled: triage.canEdit,
    run: () => triage.startEditing(),
  },
  {
    // mod+enter submits the pane's form, whose submit runs crawl.triage.saveOfferFields with
    // the typed values (the pattern of the CRUD screens' save and create, src/commands/resourceCommands.ts).
    id: 'crawl.triage.saveOffer',
    needs: { permission: 'crawl.review' },
    title: 'Save crawled offer',
    group,
    keywords: ['submit', 'apply'],
    shortcut: 'mod+enter',
    scope,
    enabled: () => !!triage.state.editing && !triage.state.editing.saving,
    run: (ctx) => ctx.list?.submit(),
  },
  {
    id: 'crawl.triage.saveOfferFields',
    needs: { permission: 'crawl.review' },
    title: 'Save crawled offer fields',
    group,
    scope,
    palette: false,
    enabled: () => !!triage.state.editing && !triage.state.editing.saving,
    messages: { success: 'Offer ref updated successfully!' },
    run: (_ctx, values) => triage.saveEdit(values as OfferEdit),
  },
  {
    id: 'crawl.triage.onboardChecked',
    needs: { permission: 'crawl.review' },
    title: 'Onboard checked offers…',
    group,
    keywords: ['transfer', 'publish', 'live', 'checked', 'selected'],
    scope,
    enabled: () => triage.state.kind === 'offer' && triage.state.refs.some((r) => 'checked' in r && r.checked),
    run() {
      const source = triage.state.source;
      if (!source) throw new CommandError('The source is still loading.');
      return onboardWithConfirm(source, true);
    },
  },
];
