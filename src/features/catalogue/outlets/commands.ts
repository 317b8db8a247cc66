import { resourceCommands } from '@/commands/resourceCommands';
import type { Command, Ctx } from '@/commands/types';
import { go } from '@/store/navigate';
import { offerRoutes } from '@/screens/paths';
import { outletScreen, outlets } from './screen';

const browsing = (ctx: Ctx) => ctx.mode !== 'edit' && ctx.mode !== 'add';
const shownOutlet = (ctx: Ctx) => (ctx.cursor?.resource === 'outlet' ? ctx.cursor.id : undefined);

/** /offer-list?outlet=12: the offers list, filtered to one outlet. */
export const offersAtOutletPath = (id: number) => `${offerRoutes.list}?outlet=${id}`;

export const outletCommands: Command[] = [
  ...resourceCommands(outletScreen),
  {
    id: 'outlet.showOffers',
    title: 'Show offers at this outlet',
    group: 'Outlets',
    keywords: ['offers', 'filter', 'deals', 'where'],
    shortcut: 'o',
    scope: `view:${outletScreen.view}`,
    enabled: browsing,
    pick: {
      placeholder: 'Offers at which outlet?',
      async load(search, signal) {
        const res = await outlets.client.list({ query: search || undefined, page: 1, per_page: 20 }, { signal });
        return res.data.map((o) => ({ key: String(o.id), ...outletScreen.describe(o), value: o.id }));
      },
      fromContext: shownOutlet,
    },
    run: (_ctx, id) => go(offersAtOutletPath(id as number)),
  },
];
