// Card commands: the factory's Find/New/Edit/Delete/bulk ones, plus the exceptions the product
// names: show or hide a card in the app, and mark it discontinued (or not). Each acts on the
// selection when there is one, else on the highlighted card; hide, show and the discontinued
// marks run from any screen too (`anywhere`), asking for the card on a palette page there.
import { CARD_DISPLAY_MESSAGE, setCardDisplay as setDisplayOp, type Card } from '@contract/card';
import type { RecordResponse } from '@contract/envelope';
import { call } from '@/api/call';
import { actionWords } from '@/commands/actions';
import { presetCommands } from '@/commands/filterCommands';
import { resourceCommands } from '@/commands/resourceCommands';
import { CommandError } from '@/commands/runner';
import type { Command, Ctx, PickItem } from '@/commands/types';
import { cards, cardScreen } from './screen';
import { formatNumber } from '@/lib/format';

const browsing = (ctx: Ctx) => ctx.mode !== 'edit' && ctx.mode !== 'add';

/** The checked cards, or the highlighted one. */
function targets(ctx: Ctx): Card[] {
  if (cardScreen.list.selectedCount()) return cardScreen.list.selectedIds().flatMap((id) => cards.find(id) ?? []);
  const card = ctx.cursor?.resource === 'card' ? cards.find(ctx.cursor.id) : undefined;
  return card ? [card] : [];
}

/** Show or hide one card (contract/card.ts: setCardDisplay). */
export async function setCardDisplay(id: number, display: boolean): Promise<RecordResponse<Card>> {
  const res = await call(setDisplayOp, { params: { id }, body: { display } });
  cards.replace(res.data);
  return res;
}

/** One call per card, in order; one toast at the end (or the first failure with what was done). */
async function each(
  list: Card[],
  work: (c: Card) => Promise<RecordResponse<Card>>,
  done: (n: number) => string,
): Promise<RecordResponse<Card> | { message: string }> {
  if (list.length === 1) return work(list[0]);
  let n = 0;
  for (const c of list) {
    try {
      await work(c);
      n++;
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      throw new CommandError(`${n ? `${done(n)} ` : ''}Stopped at “${c.name}”: ${why}`);
    }
  }
  return { message: done(n) };
}

const cards_ = (n: number) => `${formatNumber(n)} ${n === 1 ? 'card' : 'cards'}`;

/**
 * A change to the checked or highlighted cards on the cards screen, or, from any screen (or with
 * none highlighted), to one card found on a palette page; only cards it would change are offered.
 */
function cardChange(
  id: string,
  o: {
    applies: (c: Card) => boolean;
    placeholder: string;
    keywords: string[];
    change: (c: Card) => Promise<RecordResponse<Card>>;
    done: (n: number) => string;
    messages?: Command['messages'];
    needs: Command['needs'];
  },
): Command {
  const here = (ctx: Ctx) => (ctx.view === cardScreen.view ? targets(ctx) : []);
  return {
    id,
    ...actionWords(id),
    needs: o.needs,
    keywords: o.keywords,
    scope: 'view:cards',
    anywhere: true,
    enabled: (ctx) => browsing(ctx) && (here(ctx).length === 0 || here(ctx).some(o.applies)),
    messages: o.messages,
    pick: {
      placeholder: o.placeholder,
      async load(search, signal): Promise<PickItem<Card[]>[]> {
        const res = await cards.client.list({ query: search || undefined, page: 1, per_page: 20 }, { signal });
        return res.data.filter(o.applies).map((c) => ({ key: String(c.id), ...cardScreen.describe(c), value: [c] }));
      },
      fromContext: (ctx) => {
        const list = here(ctx).filter(o.applies);
        return list.length ? list : undefined;
      },
    },
    run: (_ctx, list) => each((list as Card[]).filter(o.applies), o.change, o.done),
  };
}

export const cardCommands: Command[] = [
  ...resourceCommands(cardScreen),
  ...presetCommands(cardScreen, [
    { key: 'hidden', params: { display: 'false' } },
    { key: 'shown', params: { display: 'true' } },
    { key: 'discontinued', params: { status: 'Discontinued' } },
  ]),
  {
    id: 'card.toggleDisplay',
    needs: { op: setDisplayOp },
    title: 'Toggle card display',
    group: 'Cards',
    keywords: ['show', 'hide', 'visible', 'display', 'app', 'publish'],
    shortcut: 'd',
    scope: 'view:cards',
    enabled: (ctx) => browsing(ctx) && targets(ctx).length > 0,
    messages: { success: CARD_DISPLAY_MESSAGE },
    run(ctx) {
      const list = targets(ctx);
      // One card flips; several all become shown when any is hidden, else all hidden.
      const display = list.length === 1 ? !list[0].display : list.some((c) => !c.display);
      return each(
        list,
        (c) => setCardDisplay(c.id, display),
        (n) => `${cards_(n)} ${display ? 'shown in' : 'hidden from'} the app.`,
      );
    },
  },
  cardChange('card.hide', {
    needs: { op: setDisplayOp },
    applies: (c) => c.display,
    placeholder: 'Hide which card from the app? (cards shown now)',
    keywords: ['display', 'hidden', 'app', 'off'],
    change: (c) => setCardDisplay(c.id, false),
    done: (n) => `${cards_(n)} hidden from the app.`,
    messages: { success: CARD_DISPLAY_MESSAGE },
  }),
  cardChange('card.unhide', {
    needs: { op: setDisplayOp },
    applies: (c) => !c.display,
    placeholder: 'Show which card in the app? (hidden cards)',
    keywords: ['display', 'visible', 'app', 'on'],
    change: (c) => setCardDisplay(c.id, true),
    done: (n) => `${cards_(n)} shown in the app.`,
    messages: { success: CARD_DISPLAY_MESSAGE },
  }),
  // A discontinued card is also hidden (display false).
  cardChange('card.markDiscontinued', {
    needs: { permission: 'card.write' },
    applies: (c) => c.status !== 'Discontinued',
    placeholder: 'Mark which card discontinued?',
    keywords: ['status', 'discontinue', 'retire', 'withdrawn', 'hide'],
    messages: { failure: 'Unable to update data. Please try again later.' },
    change: (c) => cards.update(c.id, { status: 'Discontinued', display: false, version: c.version }),
    done: (n) => `${cards_(n)} marked discontinued and hidden.`,
  }),
  cardChange('card.markNotDiscontinued', {
    needs: { permission: 'card.write' },
    applies: (c) => c.status === 'Discontinued',
    placeholder: 'Mark which discontinued card not discontinued?',
    keywords: ['status', 'continue', 'reinstate', 'available', 'active'],
    messages: { failure: 'Unable to update data. Please try again later.' },
    change: (c) => cards.update(c.id, { status: 'Not Discontinued', version: c.version }),
    done: (n) => `${cards_(n)} marked not discontinued.`,
  }),
];
