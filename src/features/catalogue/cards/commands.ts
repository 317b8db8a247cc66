// Card commands: the factory's Find/New/Edit/Delete/bulk ones, plus the exceptions the product
// names: show or hide a card in the app, and mark it discontinued (or not). Each acts on the
// selection when there is one, else on the highlighted card.
import { CARD_DISPLAY_MESSAGE, setCardDisplay as setDisplayOp, type Card } from '@contract/card';
import type { RecordResponse } from '@contract/envelope';
import { call } from '@/api/call';
import { resourceCommands } from '@/commands/resourceCommands';
import { CommandError } from '@/commands/runner';
import type { Command, Ctx } from '@/commands/types';
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

export const cardCommands: Command[] = [
  ...resourceCommands(cardScreen),
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
  {
    id: 'card.markDiscontinued',
    needs: { permission: 'card.write' },
    title: 'Mark card discontinued',
    group: 'Cards',
    keywords: ['status', 'discontinue', 'retire', 'withdrawn', 'hide'],
    scope: 'view:cards',
    // A discontinued card is also hidden (display false).
    enabled: (ctx) => browsing(ctx) && targets(ctx).some((c) => c.status !== 'Discontinued'),
    messages: { failure: 'Unable to update data. Please try again later.' },
    run(ctx) {
      const list = targets(ctx).filter((c) => c.status !== 'Discontinued');
      return each(
        list,
        (c) => cards.update(c.id, { status: 'Discontinued', display: false, version: c.version }),
        (n) => `${cards_(n)} marked discontinued and hidden.`,
      );
    },
  },
  {
    id: 'card.markNotDiscontinued',
    needs: { permission: 'card.write' },
    title: 'Mark card not discontinued',
    group: 'Cards',
    keywords: ['status', 'continue', 'reinstate', 'available', 'active'],
    scope: 'view:cards',
    enabled: (ctx) => browsing(ctx) && targets(ctx).some((c) => c.status === 'Discontinued'),
    messages: { failure: 'Unable to update data. Please try again later.' },
    run(ctx) {
      const list = targets(ctx).filter((c) => c.status === 'Discontinued');
      return each(
        list,
        (c) => cards.update(c.id, { status: 'Not Discontinued', version: c.version }),
        (n) => `${cards_(n)} marked not discontinued.`,
      );
    },
  },
];
