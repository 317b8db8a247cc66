// Welcome boxes: the message on the app's first screen. Several may be set up and scheduled;
// the app shows the first one (by position) that is shown at the moment (isShownAt).
import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { KeyedListEnvelope, RecordEnvelope } from './envelope';
import { HOMEPAGE_PERMISSION, HomepageListQuery, Placed, ScheduleInput, Title, partial } from './homepageFields';
import type { DefinedOp } from './operation';
import { IdParams, MoveAnswer, MoveBody, Version, defineResource } from './resource';

export const WelcomeBox = Type.Object({
  ...Placed,
  title: Type.String({ description: 'the greeting line' }),
  message: Type.String({ description: "the text shown on the app's first screen" }),
});
export type WelcomeBox = Static<typeof WelcomeBox>;

export const WelcomeBoxCreate = Type.Object({
  title: { ...Title, title: 'Greeting' },
  message: Type.String({ minLength: 1, maxLength: 1000, pattern: '\\S' }),
  ...ScheduleInput,
});

export const welcomeBoxResource = defineResource({
  name: 'welcomeBox',
  label: { one: 'Welcome box', many: 'Welcome boxes' },
  about:
    "A welcome box is the greeting on the app's first screen: title and message; the app shows the first one shown at the moment. Every item has position (1-based), is_active, and starts_at/ends_at (ISO date-times, null: open), which schedule when the app shows it",
  storage: { table: 'welcome_boxes' },
  // No show call (the product has none): the list holds every field.
  paths: {
    list: '/welcome-boxes',
    show: '/welcome-boxes/:id',
    add: '/welcome-boxes',
    update: '/welcome-boxes/:id',
    remove: '/welcome-boxes/:id',
  },
  omit: ['show'],
  listKey: 'welcome_boxes',
  ordered: { path: '/welcome-boxes/:id/direction', message: 'Welcome box moved successfully!' },
  updateMethod: 'PUT',
  patch: true,
  removeIdParam: '',
  permission: HOMEPAGE_PERMISSION,
  entity: WelcomeBox,
  create: WelcomeBoxCreate,
  update: partial(WelcomeBoxCreate),
  messages: {
    added: 'Welcome box added successfully!',
    updated: 'Welcome box updated successfully!',
    deleted: 'Welcome box deleted successfully!',
    shown: 'Welcome box fetched successfully!',
  },
});

export const WelcomeBoxUpdate = Type.Object({ ...welcomeBoxResource.update.properties, version: Version });
type Rec<B extends typeof WelcomeBoxCreate | typeof WelcomeBoxUpdate | undefined> = DefinedOp<
  B extends undefined ? typeof IdParams : B extends typeof WelcomeBoxCreate ? undefined : typeof IdParams,
  undefined,
  B,
  ReturnType<typeof RecordEnvelope<typeof WelcomeBox>>
>;

export const WelcomeBoxList = KeyedListEnvelope('welcome_boxes', WelcomeBox);
export const listWelcomeBoxes = welcomeBoxResource.ops.list as unknown as DefinedOp<
  undefined,
  typeof HomepageListQuery,
  undefined,
  typeof WelcomeBoxList
>;
export const addWelcomeBox = welcomeBoxResource.ops.add as Rec<typeof WelcomeBoxCreate>;
/** PUT; `patchWelcomeBox` is the same call as PATCH. */
export const updateWelcomeBox = welcomeBoxResource.ops.update as unknown as Rec<typeof WelcomeBoxUpdate>;
export const patchWelcomeBox = welcomeBoxResource.ops.patch as unknown as Rec<typeof WelcomeBoxUpdate>;
export const removeWelcomeBox = welcomeBoxResource.ops.remove as Rec<undefined>;
export const moveWelcomeBox = welcomeBoxResource.ops.move as DefinedOp<
  typeof IdParams,
  undefined,
  typeof MoveBody,
  typeof MoveAnswer
>;
