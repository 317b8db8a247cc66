// The card calls beyond CRUD: show or hide a card in the consumer app.
import { cardResource, setCardDisplay, type Card } from '@contract/card';
import { HttpError } from '../errors';
import { bind, type Bound } from '../http/handle';
import { repositoryFor } from '../repositories/registry';

export function cardHandlers(): Bound[] {
  const cards = repositoryFor<Card>(cardResource);
  return [
    bind(setCardDisplay, async ({ params, body }, tx) => {
      const row = await cards.update(tx, params.id, { display: body.display });
      if (!row) throw new HttpError(404, 'Card not found.');
      return { message: setCardDisplay.message!, data: row };
    }),
  ];
}
