import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { IdParams, defineResource } from './resource';
import { RecordEnvelope } from './envelope';
import { ADMIN_ROOT, defineOp } from './operation';
import { CARD_STATUSES } from './constants';

export { CARD_STATUSES };
import { Id, Name, Nullable, Text, Timestamps } from './fields';

export const CardStatus = Type.Union(CARD_STATUSES.map((s) => Type.Literal(s)));
export const CardType = Type.Union([Type.Literal('credit'), Type.Literal('debit'), Type.Literal('prepaid')]);

export const Card = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  bank_id: Type.Integer(),
  bank_name: Type.String(),
  network_id: Type.Integer(),
  network_type: Type.String(),
  category_id: Nullable(Type.Integer()),
  category_name: Nullable(Type.String()),
  card_type: CardType,
  annual_fee: Type.Number(),
  min_salary: Nullable(Type.Number()),
  description: Nullable(Type.String()),
  image: Nullable(Type.String()),
  status: CardStatus,
  display: Type.Boolean(),
  from_source: Type.String(),
  ...Timestamps,
});
export type Card = Static<typeof Card>;

const Money = (title: string) => Type.Number({ minimum: 0, maximum: 1_000_000, title });
const fields = {
  name: Name,
  bank_id: Id,
  network_id: Id,
  category_id: Nullable(Id),
  card_type: CardType,
  annual_fee: Money('Annual fee (AED)'),
  min_salary: Nullable(Money('Minimum salary (AED)')),
  description: Nullable(Text(2000)),
  status: CardStatus,
  display: Type.Boolean(),
};

export const CardFilters = Type.Object({
  query: Type.Optional(Type.String({ maxLength: 200 })),
  bank: Type.Optional(Id),
  network: Type.Optional(Id),
  category: Type.Optional(Id),
  status: Type.Optional(CardStatus),
  display: Type.Optional(Type.Boolean()),
});

/**
 * The update call's second body: `{ status }` and nothing else confirms a card's status as a
 * reviewer of a crawled card found it (server/services/cardStatus.ts).
 */
export const CardStatusBody = Type.Object({ status: CardStatus });
export type CardStatusBody = Static<typeof CardStatusBody>;

export const cardResource = defineResource({
  name: 'card',
  label: { one: 'Card', many: 'Cards' },
  catalogue: true,
  storage: { table: 'cards', view: 'cards_view' },
  search: {
    order: 1,
    title: 'name',
    subtitle:
      "bank_name || ' · ' || network_type || case when status = 'Discontinued' then ' · Discontinued' else '' end",
  },
  dashboard: { order: 1 },
  shows: ['bank', 'network', 'category'],
  paths: {
    list: '/all_card',
    show: '/show_card',
    add: '/add_card',
    update: '/update_card/:id',
    remove: '/delete_card',
  },
  listMethod: 'POST',
  showIdIn: 'query',
  updateMethod: 'POST',
  updateAlternative: {
    body: CardStatusBody,
    summary:
      'with { status } alone (no version), confirm its status: Discontinued also hides it (display false); a crawled card assigned to it records the decision, which crawl.undo undoes',
  },
  removeIdParam: 'card_id',
  files: { image: 'image' },
  filters: CardFilters,
  bulk: ['bank_id', 'category_id', 'status', 'display'],
  sortable: ['name', 'bank_name', 'annual_fee', 'created_at'],
  entity: Card,
  create: Type.Object({
    name: fields.name,
    bank_id: fields.bank_id,
    network_id: fields.network_id,
    category_id: Type.Optional(fields.category_id),
    card_type: Type.Optional(fields.card_type),
    annual_fee: Type.Optional(fields.annual_fee),
    min_salary: Type.Optional(fields.min_salary),
    description: Type.Optional(fields.description),
    status: Type.Optional(fields.status),
    display: Type.Optional(fields.display),
  }),
  update: Type.Object({
    ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, Type.Optional(v)])),
  }),
  messages: {
    added: 'Card added successfully!',
    updated: 'Card updated successfully!',
    deleted: 'Card deleted successfully!',
    shown: 'Card fetched successfully!',
  },
});

export const CardDisplayBody = Type.Object({ display: Type.Boolean() });
export const CARD_DISPLAY_MESSAGE = 'Card updated display successfully!';

/** Show or hide a card in the consumer app (multipart {display}). */
export const setCardDisplay = defineOp({
  id: 'card.setDisplay',
  method: 'POST',
  path: `${ADMIN_ROOT}/update_card/:id/display`,
  summary: 'Show or hide a card in the app',
  tag: 'Cards',
  access: 'admin',
  permission: 'card.write',
  resource: 'card',
  params: IdParams,
  body: CardDisplayBody,
  multipart: true,
  response: RecordEnvelope(Card),
  message: CARD_DISPLAY_MESSAGE,
  touches: ['card'],
  command: { title: 'Set card display…', shortcut: 'shift+d', keywords: ['show', 'hide', 'visible', 'app'] },
});
