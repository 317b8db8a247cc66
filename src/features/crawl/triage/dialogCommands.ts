// The card triage's dialogs, each opened by a command (key, palette, the pane's buttons):
// i the card detail (the crawled card beside its live card or top candidate, and its
// history), shift+c a card form prefilled from the ref that creates the live card and assigns
// the ref in one call, shift+a a server search of live cards that assigns the ref, or every
// checked ref, to the one picked (on the outlet queue, the palette's page of live outlets). Inside a dialog the page's keys are quiet (src/ui/Modal.tsx):
// the dialog's own keys (arrows, Enter, mod+Enter, Escape) belong to it.
import type { CardFromRefBody } from '@contract/crawlCards';
import type { Command } from '@/commands/types';
import { triage, cardDialogs } from './model';
import { assignCheckedAsking } from './bulkAssign';
import { CRAWL_TRIAGE_VIEW } from './entry';
import { openPalette } from '@/store/ui';

const scope = `view:${CRAWL_TRIAGE_VIEW}` as const;
const group = 'Crawl triage';
const canPickOutlet = () => triage.canDecide() || triage.checkedRefs().length > 0;

export const cardDialogCommands: Command[] = [
  {
    id: 'crawl.triage.cardDetail',
    title: 'Card detail',
    group,
    keywords: ['compare', 'info', 'fields', 'differences', 'history', 'live card', 'view'],
    shortcut: 'i',
    scope,
    enabled: cardDialogs.canShowDetail,
    run: () => cardDialogs.openCardDialog('detail'),
  },
  {
    id: 'crawl.triage.createCardDialog',
    needs: { permission: 'crawl.review' },
    title: 'Create card with fields…',
    group,
    keywords: ['new card', 'form', 'edit', 'correct', 'name', 'bank', 'network', 'fee'],
    shortcut: 'shift+c',
    scope,
    enabled: cardDialogs.canCreate,
    run: () => cardDialogs.openCardDialog('create'),
  },
  {
    // shift+a on both queues: the select card dialog on cards; on outlets, the palette's page
    // of live outlets (crawl.triage.assignChecked, ./commands.ts), its candidates listed first.
    id: 'crawl.triage.selectCard',
    needs: { permission: 'crawl.review' },
    get title() {
      const n = triage.checkedRefs().length;
      const what = triage.state.kind === 'outlet' ? 'outlet' : 'card';
      return n ? `Select ${what} for ${n} checked ref${n === 1 ? '' : 's'}…` : `Select ${what}…`;
    },
    group,
    keywords: ['search', 'find', 'pick', 'choose', 'assign', 'link', 'existing', 'live card', 'live outlet'],
    shortcut: 'shift+a',
    scope,
    enabled: () => cardDialogs.canSelect() || (triage.state.kind === 'outlet' && canPickOutlet()),
    run: () =>
      triage.state.kind === 'outlet' ? openPalette('crawl.triage.assignChecked') : cardDialogs.openCardDialog('select'),
  },
  {
    // The create dialog's form submits here with its values (like crawl.triage.saveOfferFields).
    id: 'crawl.triage.createCardFields',
    needs: { permission: 'crawl.review' },
    title: 'Create card from the dialog',
    group,
    scope,
    palette: false,
    enabled: cardDialogs.canCreate,
    messages: { success: 'Card created successfully!' },
    run: (_ctx, body) => cardDialogs.createFromDialog(body as CardFromRefBody),
  },
  {
    // The select dialog's pick: the checked refs when there are, else the ref in focus.
    id: 'crawl.triage.assignToCard',
    needs: { permission: 'crawl.review' },
    title: 'Assign to the picked card',
    group,
    scope,
    palette: false,
    enabled: cardDialogs.canSelect,
    messages: { success: 'Card assigned successfully!' },
    run(_ctx, card) {
      const liveId = (card as { id: number }).id;
      cardDialogs.closeCardDialog();
      // The checked refs: named with their match scores first (./bulkAssign.ts).
      return triage.checkedRefs().length ? assignCheckedAsking(liveId) : triage.decide('assign', { liveId });
    },
  },
];
