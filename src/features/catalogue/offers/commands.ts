import { OFFER_STATES } from '@contract/offer';
import { presetCommands } from '@/commands/filterCommands';
import { resourceCommands } from '@/commands/resourceCommands';
import type { Command, Ctx, PickItem } from '@/commands/types';
import { currentPath, go } from '@/store/navigate';
import { bankClient, searchCards, searchOutlets } from '@/ui/lookups';
import { offerRoutes } from '@/screens/paths';
import { offerScreen } from './screen';
import { STATE_LABELS } from './states';
import { offerLinkCommands } from './linkCommands';

/**
 * The offer list with one filter set. On the offers screen the other filters stay (bank,
 * then state: "ADCB's live offers"); from anywhere else it starts from this one alone.
 */
export function offerListWith(key: string, value: string | number): string {
  const onOffers = /^\/(offer-list|view-offer|edit-offer|add-offer)/.test(currentPath());
  const kept = new URLSearchParams(onOffers && typeof location !== 'undefined' ? location.search : '');
  kept.delete(key);
  kept.delete('new');
  // The new filter first: /offer-list?bank=3&state=live.
  const params = new URLSearchParams([[key, String(value)], ...kept]);
  return `${offerRoutes.list}?${params.toString()}`;
}

/**
 * The jumps to a filtered offer list from any other screen; on the offers screen its own
 * "Filter offers by …" commands (src/commands/filterCommands.ts) do it.
 */
const elsewhere = (ctx: Ctx) => ctx.view !== 'offers';

export const offerCommands: Command[] = [
  // Bank, state, card and outlet are reached from anywhere by the "Show offers …" below, the
  // expiring days by the presets (src/commands/actions.ts FILTERS_NOT_ANYWHERE).
  ...resourceCommands(offerScreen),
  ...offerLinkCommands,
  ...presetCommands(offerScreen, [
    { key: 'live', params: { state: 'live' } },
    { key: 'upcoming', params: { state: 'upcoming' } },
    { key: 'expired', params: { state: 'expired' } },
    { key: 'expiring', params: { expiring: '7' } },
    { key: 'expiringMonth', params: { expiring: '30' } },
  ]),
  {
    id: 'offer.filterByBank',
    title: 'Show offers of a bank…',
    group: 'Offers',
    keywords: ['bank', 'offers of', 'show offers', 'filter'],
    scope: 'global',
    enabled: elsewhere,
    pick: {
      placeholder: 'Offers of which bank?',
      async load(search, signal): Promise<PickItem[]> {
        const res = await bankClient.list({ query: search || undefined, page: 1, per_page: 50 }, { signal });
        return res.data.map((b) => ({ key: String(b.id), label: b.name, hint: b.code, value: b.id }));
      },
    },
    run: (_ctx, bankId) => go(offerListWith('bank', bankId as number)),
  },
  {
    id: 'offer.filterByState',
    title: 'Show offers by state…',
    group: 'Offers',
    keywords: ['live', 'upcoming', 'expired', 'active', 'valid', 'filter'],
    scope: 'global',
    enabled: elsewhere,
    pick: {
      placeholder: 'Live, upcoming or expired?',
      async load(search): Promise<PickItem[]> {
        const words = search.toLowerCase();
        return OFFER_STATES.filter((s) => !words || s.includes(words) || STATE_LABELS[s].hint.includes(words)).map(
          (s) => ({
            key: s,
            label: STATE_LABELS[s].label,
            hint: STATE_LABELS[s].hint,
            value: s,
          }),
        );
      },
    },
    run: (_ctx, state) => go(offerListWith('state', state as string)),
  },
  {
    id: 'offer.filterByCard',
    title: 'Show offers on a card…',
    group: 'Offers',
    keywords: ['card', 'offers on', 'show offers', 'filter'],
    scope: 'global',
    enabled: elsewhere,
    pick: {
      placeholder: 'Offers on which card? (name or bank)',
      load: (search, signal) =>
        searchCards(search, signal).then((found) =>
          found.map((c) => ({ key: String(c.id), label: c.label, hint: c.hint, value: c.id })),
        ),
    },
    run: (_ctx, cardId) => go(offerListWith('card', cardId as number)),
  },
  {
    id: 'offer.filterByOutlet',
    title: 'Show offers at an outlet…',
    group: 'Offers',
    keywords: ['outlet', 'merchant', 'shop', 'offers at', 'filter'],
    scope: 'global',
    enabled: elsewhere,
    pick: {
      placeholder: 'Offers at which outlet? (merchant or area)',
      load: (search, signal) =>
        searchOutlets(search, signal).then((found) =>
          found.map((o) => ({ key: String(o.id), label: o.label, hint: o.hint, value: o.id })),
        ),
    },
    run: (_ctx, outletId) => go(offerListWith('outlet', outletId as number)),
  },
];
