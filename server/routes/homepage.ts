// The homepage lists' calls (contract/homepage.ts): each list's CRUD calls as any resource's
// (./crud.ts, with the repositories of server/repositories/homepageLists.ts), and what an
// ordered list adds: the move, the welcome box update again as PATCH, the don't-miss-out
// up/down step, every selected offer at once.
import { stepDontMissOut } from '@contract/homepageBanners';
import { homepageResources } from '@contract/homepage';
import { allSelectedOffers } from '@contract/homepageSelected';
import type { Resource } from '@contract/resource';
import { HttpError } from '../errors';
import { bind, bindDerived, type Bound } from '../http/handle';
import { everySelectedOffer } from '../repositories/homepageLists';
import type { ListTable } from '../repositories/homepagePositions';
import { moveTo, step } from '../services/homepageMoves';
import { crudHandlers, type CrudDeps } from './crud';

const tableOf = (r: Resource) => r.storage.table as ListTable;
const notFound = (r: Resource) => new HttpError(404, `${r.label.one} not found.`);

function orderedHandlers(r: Resource, deps: CrudDeps): Bound[] {
  const bound = crudHandlers(r, deps);
  const { patch, move, update } = r.ops;
  if (patch) bound.push({ op: patch, handler: bound.find((b) => b.op === update)!.handler });
  if (move) {
    bound.push(
      bindDerived(move, async ({ params, body }, tx) => {
        const order = await moveTo(tx, tableOf(r), Number(params?.id), Number(body?.to));
        if (!order) throw notFound(r);
        return { message: move.message, data: order };
      }),
    );
  }
  return bound;
}

export function homepageHandlers(deps: CrudDeps): Bound[] {
  const dontMissOut = homepageResources.find((r) => r.name === 'dontMissOut')!;
  return [
    ...homepageResources.flatMap((r) => orderedHandlers(r, deps)),
    bind(stepDontMissOut, async ({ params }, tx) => {
      const order = await step(tx, tableOf(dontMissOut), params.id, params.type);
      if (!order) throw notFound(dontMissOut);
      return { message: stepDontMissOut.message!, data: order };
    }),
    bind(allSelectedOffers, async (_input, tx) => ({
      message: allSelectedOffers.message!,
      data: await everySelectedOffer(tx),
    })),
  ];
}
