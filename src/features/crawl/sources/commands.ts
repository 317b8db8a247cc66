// Commands on one crawl source. On the sources screen they act on the highlighted source, in
// a source's triage view on that source; anywhere else the palette asks which source.
import { type CrawlSource } from '@contract/crawl';
import { removeSourceFromCard } from '@contract/crawlOffers';
import { listSources, verifySource } from '@contract/crawlSources';
import type { SearchHit } from '@contract/search';
import { call } from '@/api/call';
import { actionWords } from '@/commands/actions';
import { recordPicker } from '@/commands/recordPicker';
import { type Command, type Ctx, type PickItem, type Picker, defineCommand } from '@/commands/types';
import { confirm } from '@/ui/confirmStore';
import { currentSource, loadSources, triagePath } from '../crawlSources';
import { go } from '@/store/navigate';
import { ui } from '@/store/ui';
import { triage } from '../triage/model';
import { onboardWithConfirm, rollbackWithConfirm, type RollbackArg } from '../bulk';
import { CRAWL_SOURCES_VIEW } from './entry';
import { CRAWL_TRIAGE_VIEW } from '../triage/entry';

/** The source the screen is about, if it is about one. */
export function contextSource(ctx: Pick<Ctx, 'view'>): CrawlSource | undefined {
  if (ctx.view === CRAWL_SOURCES_VIEW) return currentSource();
  if (ctx.view === CRAWL_TRIAGE_VIEW) return triage.state.source ?? undefined;
  return undefined;
}

export const sourcePicker: Picker<CrawlSource> = {
  placeholder: 'Which source?',
  fromContext: (ctx) => contextSource(ctx),
  async load(search, signal): Promise<PickItem<CrawlSource>[]> {
    const res = await call(listSources, { query: { page: 1, per_page: 500 } }, { signal });
    const words = search.toLowerCase();
    return res.data
      .filter((s) => !words || `${s.name} ${s.from_source} ${s.bank_name ?? ''}`.toLowerCase().includes(words))
      .map((s) => ({ key: String(s.id), label: s.name, hint: s.from_source, value: s }));
  },
};

/**
 * The manifest's words (src/commands/actions.ts); with `verb`, the title names the source where
 * the screen is about one ("Onboard offers of Emirates NBD website…").
 */
function named(id: string, verb?: string) {
  const { title, aliases } = actionWords(id);
  return {
    aliases,
    title: () => {
      const s = verb ? contextSource(ui) : undefined;
      return s ? `${verb} ${s.name}…` : title;
    },
  };
}

/** The kind a source's triage opens on: the first with refs still undecided (cards, outlets, offers). */
export function firstKindToReview(s: CrawlSource): 'cards' | 'outlets' | 'offers' {
  if (s.counts.card.new > 0 || (s.counts.outlet.new === 0 && s.counts.offer.new === 0)) return 'cards';
  return s.counts.outlet.new > 0 ? 'outlets' : 'offers';
}

/** A command on one source, picked (or the one the screen is about); the rollback's may carry more (RollbackArg). */
function sourceCommand<A extends RollbackArg = CrawlSource>(
  c: Omit<Command<A>, 'title' | 'scope' | 'pick' | 'group'> & { title: () => string },
  pick: Picker<A>,
): Command<A> {
  return {
    ...c,
    group: 'Crawl review',
    scope: 'global',
    pick,
    get title() {
      return c.title();
    },
  };
}

export const sourceCommands: Command[] = [
  sourceCommand(
    {
      id: 'crawl.triageSource',
      ...named('crawl.triageSource', 'Triage'),
      keywords: ['crawl', 'refs', 'cards', 'outlets', 'offers'],
      // Its queue, on the first kind with refs still undecided.
      run: (_ctx, s) => go(triagePath(firstKindToReview(s), s.id)),
    },
    sourcePicker,
  ),
  sourceCommand(
    {
      id: 'crawl.verifySource',
      needs: { permission: 'crawl.review' },
      ...named('crawl.verifySource'),
      keywords: ['reviewed', 'done', 'finish', 'mark', 'crawl'],
      async run(_ctx, s) {
        // 409 says what is left undecided; the runner shows the server's sentence.
        return call(verifySource, { body: { from_source: s.from_source } });
      },
      messages: { success: 'Source marked reviewed.' },
    },
    sourcePicker,
  ),
  sourceCommand(
    {
      id: 'crawl.onboardOffers',
      needs: { permission: 'crawl.review' },
      ...named('crawl.onboardOffers', 'Onboard offers of'),
      keywords: ['live', 'import', 'crawl', 'offers'],
      run: (_ctx, s) => onboardWithConfirm(s),
    },
    sourcePicker,
  ),
  sourceCommand<RollbackArg>(
    {
      id: 'crawl.rollbackOffers',
      needs: { permission: 'crawl.review' },
      ...named('crawl.rollbackOffers', 'Roll back offers of'),
      keywords: ['undo', 'remove', 'crawl', 'offers'],
      run: (_ctx, s) => rollbackWithConfirm(s, s.checked_only),
    },
    sourcePicker,
  ),
  defineCommand<SearchHit>({
    id: 'crawl.removeFromCard',
    needs: { permission: 'crawl.review' },
    group: 'Crawl review',
    get title() {
      const s = contextSource(ui);
      return `Remove ${s ? s.name : 'source'} offers from card…`;
    },
    keywords: ['unlink', 'detach', 'card', 'crawl', 'offers'],
    scope: 'global',
    enabled: (ctx) => !!contextSource(ctx),
    pick: recordPicker('card', 'From which card?'),
    async run(ctx, card) {
      const source = contextSource(ctx);
      if (!source) return undefined;
      const ok = await confirm({
        title: `Remove ${source.name} offers from ${card.title}?`,
        body: `The offers ${source.from_source} onboarded stay live but are no longer linked to this card.`,
        confirmLabel: 'Remove from card',
        danger: true,
      });
      if (!ok) return undefined;
      const res = await call(removeSourceFromCard, { body: { from_source: source.from_source, card_id: card.id } });
      void loadSources();
      return res;
    },
  }),
];
