// The homepage's picture lists: hero banners (the carousel at the top of the app's homepage)
// and don't-miss-out banners (the strip further down). Both: a title, an image, and what
// the banner opens (contract/homepageFields.ts LinkFields), in an order people set.
import * as Type from '@sinclair/typebox';
import type { Static, TObject } from '@sinclair/typebox';
import { KeyedListEnvelope, ListEnvelope, RecordEnvelope } from './envelope';
import { Id, Nullable } from './fields';
import {
  HOMEPAGE_PERMISSION,
  HomepageListQuery,
  LinkFields,
  LinkInput,
  Placed,
  ScheduleInput,
  Title,
  partial,
} from './homepageFields';
import { ADMIN_ROOT, defineOp, type DefinedOp } from './operation';
import { IdParams, MoveAnswer, MoveBody, Version, defineResource } from './resource';

// ---------------------------------------------------------------------------------------
// Hero banners

export const HeroBanner = Type.Object({
  ...Placed,
  title: Type.String(),
  subtitle: Nullable(Type.String({ description: 'the smaller line under the title' })),
  image: Nullable(
    Type.String({
      description: "the banner's picture (/uploads/…); null: the app shows the title on the brand colour",
    }),
  ),
  ...LinkFields,
});
export type HeroBanner = Static<typeof HeroBanner>;

export const HeroBannerCreate = Type.Object({
  title: Title,
  subtitle: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
  ...ScheduleInput,
  ...LinkInput,
});

export const heroBannerResource = defineResource({
  name: 'heroBanner',
  label: { one: 'Hero banner', many: 'Hero banners' },
  about:
    "A hero banner is a picture of the carousel at the top of the app: title, subtitle, image, and link_type (offer, card, bank or url) with its target in offer_id, card_id, bank_id or url (the others null; a deleted target drops the link); link_name is the target's name. Every item has position (1-based), is_active, and starts_at/ends_at (ISO date-times, null: open), which schedule when the app shows it",
  storage: { table: 'hero_banners', view: 'hero_banners_view' },
  paths: {
    list: '/hero-banners',
    show: '/hero-banners/:id',
    add: '/hero-banners',
    update: '/hero-banners/:id',
    remove: '/hero-banners/:id',
  },
  listKey: 'hero_banners',
  ordered: { path: '/hero-banners/:id/direction', message: 'Hero banner moved successfully!' },
  updateMethod: 'POST',
  removeIdParam: '',
  files: { image: 'image' },
  shows: ['offer', 'card', 'bank'],
  permission: HOMEPAGE_PERMISSION,
  entity: HeroBanner,
  create: HeroBannerCreate,
  update: partial(HeroBannerCreate),
  messages: {
    added: 'Hero banner added successfully!',
    updated: 'Hero banner updated successfully!',
    deleted: 'Hero banner deleted successfully!',
    shown: 'Hero banner fetched successfully!',
  },
});

// ---------------------------------------------------------------------------------------
// Don't miss out banners

export const DontMissOut = Type.Object({
  ...Placed,
  title: Type.String(),
  image: Nullable(Type.String({ description: "the banner's picture (/uploads/…)" })),
  ...LinkFields,
});
export type DontMissOut = Static<typeof DontMissOut>;

export const DontMissOutCreate = Type.Object({ title: Title, ...ScheduleInput, ...LinkInput });

export const dontMissOutResource = defineResource({
  name: 'dontMissOut',
  label: { one: "Don't miss out banner", many: "Don't miss out banners" },
  about:
    "A don't miss out banner is a tile of the strip lower on the app's homepage: title, image, and link_type (offer, card, bank or url) with its target in offer_id, card_id, bank_id or url (the others null; a deleted target drops the link); link_name is the target's name. Every item has position (1-based), is_active, and starts_at/ends_at (ISO date-times, null: open), which schedule when the app shows it",
  storage: { table: 'dont_miss_out', view: 'dont_miss_out_view' },
  paths: {
    list: '/dont-miss-out',
    show: '/dont-miss-out/:id',
    add: '/dont-miss-out',
    update: '/dont-miss-out/:id',
    remove: '/dont-miss-out/:id',
  },
  ordered: { path: '/dont-miss-out/:id/direction', message: "Don't miss out banner moved successfully!" },
  updateMethod: 'POST',
  removeIdParam: '',
  files: { image: 'image' },
  shows: ['offer', 'card', 'bank'],
  permission: HOMEPAGE_PERMISSION,
  entity: DontMissOut,
  create: DontMissOutCreate,
  update: partial(DontMissOutCreate),
  messages: {
    added: "Don't miss out banner added successfully!",
    updated: "Don't miss out banner updated successfully!",
    deleted: "Don't miss out banner deleted successfully!",
    shown: "Don't miss out banner fetched successfully!",
  },
});

export const STEP_TYPES = ['up', 'down'] as const;
export const StepParams = Type.Object({
  id: Id,
  type: Type.Union(
    STEP_TYPES.map((t) => Type.Literal(t)),
    { description: 'up: one place towards the first; down: one towards the last' },
  ),
});
export type StepType = (typeof STEP_TYPES)[number];

/** The button move of the product: one place up or down. At the first (up) or last (down) place it changes nothing. */
export const stepDontMissOut = defineOp({
  id: 'dontMissOut.step',
  method: 'POST',
  path: `${ADMIN_ROOT}/dont-miss-out/:id/:type`,
  summary: "Move a don't miss out banner one place up or down (at the edge: no change); answers the list's new order",
  tag: dontMissOutResource.label.many,
  access: 'admin',
  permission: HOMEPAGE_PERMISSION,
  resource: dontMissOutResource.name,
  params: StepParams,
  response: MoveAnswer,
  message: "Don't miss out banner moved successfully!",
  touches: [dontMissOutResource.name],
});

// ---------------------------------------------------------------------------------------
// The calls, typed for the browser (the factory types the list and the bodies loosely).

/** The update bodies (the factory adds `version` to the update fields). */
export const HeroBannerUpdate = Type.Object({ ...heroBannerResource.update.properties, version: Version });
export const DontMissOutUpdate = Type.Object({ ...dontMissOutResource.update.properties, version: Version });
type Rec<P extends TObject | undefined, B extends TObject | undefined, E extends TObject> = DefinedOp<
  P,
  undefined,
  B,
  ReturnType<typeof RecordEnvelope<E>>
>;

export const HeroBannerList = KeyedListEnvelope('hero_banners', HeroBanner);
export const listHeroBanners = heroBannerResource.ops.list as unknown as DefinedOp<
  undefined,
  typeof HomepageListQuery,
  undefined,
  typeof HeroBannerList
>;
export const showHeroBanner = heroBannerResource.ops.show as Rec<typeof IdParams, undefined, typeof HeroBanner>;
export const addHeroBanner = heroBannerResource.ops.add as Rec<undefined, typeof HeroBannerCreate, typeof HeroBanner>;
export const updateHeroBanner = heroBannerResource.ops.update as unknown as Rec<
  typeof IdParams,
  typeof HeroBannerUpdate,
  typeof HeroBanner
>;
export const removeHeroBanner = heroBannerResource.ops.remove as Rec<typeof IdParams, undefined, typeof HeroBanner>;
export const moveHeroBanner = heroBannerResource.ops.move as DefinedOp<
  typeof IdParams,
  undefined,
  typeof MoveBody,
  typeof MoveAnswer
>;

export const DontMissOutList = ListEnvelope(DontMissOut);
export const listDontMissOut = dontMissOutResource.ops.list as unknown as DefinedOp<
  undefined,
  typeof HomepageListQuery,
  undefined,
  typeof DontMissOutList
>;
export const showDontMissOut = dontMissOutResource.ops.show as Rec<typeof IdParams, undefined, typeof DontMissOut>;
export const addDontMissOut = dontMissOutResource.ops.add as Rec<
  undefined,
  typeof DontMissOutCreate,
  typeof DontMissOut
>;
export const updateDontMissOut = dontMissOutResource.ops.update as unknown as Rec<
  typeof IdParams,
  typeof DontMissOutUpdate,
  typeof DontMissOut
>;
export const removeDontMissOut = dontMissOutResource.ops.remove as Rec<typeof IdParams, undefined, typeof DontMissOut>;
export const moveDontMissOut = dontMissOutResource.ops.move as DefinedOp<
  typeof IdParams,
  undefined,
  typeof MoveBody,
  typeof MoveAnswer
>;
