// From any screen: duplicate an offer, and add or remove one of its cards or outlets. Each asks
// for the offer on a palette page (on the offers list, the highlighted one), the links ask for
// the card or outlet on a second page; the change goes through the offer's own update call with
// the version just read, so a change made meanwhile is refused, not overwritten (Undo sets the
// links back the same way). The duplicate is the server's copy (contract/offer.ts duplicateOffer),
// opened once made.
import { duplicateOffer, type Offer } from '@contract/offer';
import { call } from '@/api/call';
import { actionWords } from '@/commands/actions';
import { pathTo } from '@/commands/resourceScreen';
import type { Command, Ctx, PickItem, Picker } from '@/commands/types';
import { go } from '@/store/navigate';
import { openPalette } from '@/store/ui';
import { offerRoutes } from '@/screens/paths';
import { cardClient, cardOption, outletClient, outletOption, searchCards, searchOutlets } from '@/ui/lookups';
import { offers, offerScreen } from './screen';

type Kind = 'card' | 'outlet';
interface Linked {
  id: number;
  label: string;
  hint?: string;
}

const KINDS: Record<
  Kind,
  {
    field: 'card_ids' | 'outlet_ids';
    search: (text: string, signal: AbortSignal) => Promise<Linked[]>;
    one: (id: number) => Promise<Linked>;
  }
> = {
  card: {
    field: 'card_ids',
    search: searchCards,
    one: (id) => cardClient.show(id).then((r) => cardOption(r.data)),
  },
  outlet: {
    field: 'outlet_ids',
    search: searchOutlets,
    one: (id) => outletClient.show(id).then((r) => outletOption(r.data)),
  },
};

/** The most linked records the remove page names (each read by id). */
const SHOWN = 50;

const highlighted = (ctx: Ctx): Offer | undefined =>
  ctx.view === offerScreen.view && ctx.cursor?.resource === 'offer' ? offers.find(ctx.cursor.id) : undefined;

/** Which offer: the highlighted one on the offers list, else found by title on a palette page. */
const offerPicker = (placeholder: string): Picker<Offer> => ({
  placeholder,
  async load(search, signal): Promise<PickItem<Offer>[]> {
    const res = await offers.client.list({ query: search || undefined, page: 1, per_page: 20 }, { signal });
    return res.data.map((o) => ({ key: String(o.id), ...offerScreen.describe(o), value: o }));
  },
  fromContext: highlighted,
});

/** The offer the first page picked, for the second. */
const picked = { offer: null as Offer | null };

const fresh = async (id: number) => (await offers.client.show(id)).data;

function linkCommands(kind: Kind, adding: boolean): Command[] {
  const { field, search, one } = KINDS[kind];
  const id = `offer.${adding ? 'add' : 'remove'}${kind === 'card' ? 'Card' : 'Outlet'}`;
  const needs = { op: offerScreen.resource.ops.update! };
  const title = () => picked.offer?.title ?? 'the offer';
  return [
    {
      id,
      ...actionWords(id),
      keywords: ['offer', kind, adding ? 'link' : 'unlink', 'cards', 'outlets'],
      scope: `view:${offerScreen.view}`,
      anywhere: true,
      needs,
      enabled: (ctx) => ctx.mode !== 'edit' && ctx.mode !== 'add',
      pick: offerPicker(
        `${adding ? 'Add a' : 'Remove a'}${kind === 'outlet' ? 'n' : ''} ${kind} ${adding ? 'to' : 'from'} which offer?`,
      ),
      run: (_ctx, offer) => {
        picked.offer = offer as Offer;
        openPalette(`${id}.pick`);
      },
    },
    {
      id: `${id}.pick`,
      get title() {
        return adding ? `Add a ${kind} to “${title()}”…` : `Remove a ${kind} from “${title()}”…`;
      },
      group: 'Offers',
      scope: 'global',
      palette: false,
      needs,
      enabled: () => picked.offer !== null,
      pick: {
        get placeholder() {
          return adding
            ? `Which ${kind} to add to “${title()}”? (type to search)`
            : `Which of its ${kind}s to remove from “${title()}”?`;
        },
        async load(text, signal): Promise<PickItem<Linked>[]> {
          const offer = picked.offer;
          if (!offer) return [];
          const linked = offer[field];
          const found: Linked[] = adding
            ? (await search(text, signal)).filter((r) => !linked.includes(r.id))
            : (
                await Promise.all(
                  linked.slice(0, SHOWN).map((i) => one(i).catch((): Linked => ({ id: i, label: `#${i}` }))),
                )
              ).filter((r) => !text || `${r.label} ${r.hint ?? ''}`.toLowerCase().includes(text.trim().toLowerCase()));
          return found.map((r) => ({ key: String(r.id), label: r.label, hint: r.hint, value: r }));
        },
      },
      async run(_ctx, arg) {
        const target = arg as Linked;
        const from = picked.offer;
        if (!from) return undefined;
        picked.offer = null;
        // The links as they are now, and the version they were read at.
        const offer = await fresh(from.id);
        const before = offer[field];
        if (adding === before.includes(target.id))
          return { message: `“${target.label}” is ${adding ? 'already' : 'not'} on “${offer.title}”.` };
        const after = adding ? [...before, target.id] : before.filter((i) => i !== target.id);
        const res = await offers.update(offer.id, { [field]: after, version: offer.version });
        return {
          message: adding
            ? `Added ${kind} “${target.label}” to “${offer.title}”.`
            : `Removed ${kind} “${target.label}” from “${offer.title}”.`,
          undo: () => offers.update(offer.id, { [field]: before, version: res.data.version }),
        };
      },
    },
  ];
}

export const offerLinkCommands: Command[] = [
  {
    id: 'offer.duplicate',
    ...actionWords('offer.duplicate'),
    keywords: ['offer', 'copy', 'duplicate', 'template', 'same as'],
    scope: `view:${offerScreen.view}`,
    anywhere: true,
    needs: { op: duplicateOffer },
    enabled: (ctx) => ctx.mode !== 'edit' && ctx.mode !== 'add',
    pick: offerPicker('Duplicate which offer?'),
    async run(ctx, offer) {
      const res = await call(duplicateOffer, { params: { id: (offer as Offer).id } });
      // The copy, open: on the offers list in its pane, from elsewhere at its own address.
      if (ctx.view === offerScreen.view) offerScreen.list.open(res.data.id);
      else go(pathTo(offerRoutes.view, res.data.id));
      return { message: `Duplicated as “${res.data.title}”.` };
    },
  },
  ...linkCommands('card', true),
  ...linkCommands('card', false),
  ...linkCommands('outlet', true),
  ...linkCommands('outlet', false),
];
