// Crawl review, crawled cards (the calls; the shapes they share are in ./crawl.ts).
import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { Pagination, RecordEnvelope } from './envelope';
import { Id, Name, Nullable, Text } from './fields';
import { ADMIN_ROOT, defineOp } from './operation';
import { CardType } from './card';
import { CRAWL_CARDS_PER_PAGE, CardRef, IdInPath, Money, RefState, admin } from './crawl';

export const listCardRefs = defineOp({
  ...admin,
  id: 'crawl.cardRefs',
  method: 'POST',
  path: `${ADMIN_ROOT}/all-cards-ref`,
  summary: 'List the crawled cards of a source (10 a page)',
  // A list whose filters travel in a body: a read, so every staff role may run it (contract/roles.ts).
  readOnly: true,
  query: Type.Object({
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
    per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: CRAWL_CARDS_PER_PAGE })),
  }),
  body: Type.Object({
    from: Id,
    query: Type.Optional(Type.String({ maxLength: 200 })),
    state: Type.Optional(RefState),
  }),
  response: Type.Object({ data: Type.Array(CardRef), pagination: Pagination }),
});

export const assignCardRef = defineOp({
  ...admin,
  id: 'crawl.assignCard',
  method: 'POST',
  path: `${ADMIN_ROOT}/card-ref/assign`,
  summary: 'Assign a crawled card to a live card',
  body: Type.Object({ card_id: Id, card_ref_id: Id }),
  response: RecordEnvelope(CardRef),
  message: 'Card assigned successfully!',
  touches: ['cardRef', 'crawlSource'],
});

export const createCardFromRef = defineOp({
  ...admin,
  id: 'crawl.createCard',
  method: 'POST',
  path: `${ADMIN_ROOT}/card-ref/:id/create_card`,
  summary:
    "Create a live card from a crawled card (hidden until reviewed: display false); the fields sent replace the ref's own (name, bank, network, fee, benefits as description), those left out are taken from the ref",
  params: IdInPath,
  body: Type.Object({
    network_id: Type.Optional(Id),
    category_id: Type.Optional(Id),
    // The create card dialog sends the ref's fields as the reviewer corrected them; the `c`
    // key sends none. Limits as the card's own add call (contract/card.ts).
    name: Type.Optional(Name),
    bank_id: Type.Optional(Id),
    card_type: Type.Optional(CardType),
    annual_fee: Type.Optional(Money),
    min_salary: Type.Optional(Nullable(Money)),
    description: Type.Optional(Nullable(Text(2000))),
  }),
  response: RecordEnvelope(CardRef),
  message: 'Card created successfully!',
  touches: ['cardRef', 'card', 'crawlSource'],
});

export type CardFromRefBody = Static<NonNullable<typeof createCardFromRef.body>>;
