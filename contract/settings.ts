// The app's settings: one record of typed fields the consumer app reads (support e-mail,
// default outlet radius, minimum app versions, maintenance mode, offers per homepage section).
// Every field remembers who changed it last and when (`changes`), and the screen shows it.
import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { RecordEnvelope } from './envelope';
import { Nullable, Timestamps } from './fields';
import { ADMIN_ROOT, defineOp } from './operation';
import { IdParams, Version } from './resource';
import { labelOf } from './fieldLabels';

/** 'x.y.z', numbers without leading zeros: what app stores call a version. */
export const APP_VERSION_PATTERN = '^(0|[1-9][0-9]{0,3})\\.(0|[1-9][0-9]{0,3})\\.(0|[1-9][0-9]{0,3})$';
const AppVersion = Type.String({
  maxLength: 14,
  pattern: APP_VERSION_PATTERN,
  description: 'x.y.z, e.g. 2.14.0: an older app asks its user to update',
});

/** The typed fields, as a write takes them. */
export const SettingsFields = {
  support_email: Type.String({
    format: 'email',
    maxLength: 254,
    title: 'Support e-mail',
    description: 'where the app sends users who need help',
  }),
  default_outlet_radius_km: Type.Number({
    minimum: 0.1,
    maximum: 200,
    title: 'Default outlet radius (km)',
    description: 'km around a user the app searches for outlets until the user picks a radius',
  }),
  min_app_version_ios: { ...AppVersion, title: 'Minimum iOS app version' },
  min_app_version_android: { ...AppVersion, title: 'Minimum Android app version' },
  maintenance_mode: Type.Boolean({
    title: 'Maintenance mode',
    description: 'true: the app shows maintenance_message instead of its screens',
  }),
  maintenance_message: Nullable(
    Type.String({
      maxLength: 500,
      title: 'Maintenance message',
      description: 'required (not blank) while maintenance_mode is on',
    }),
  ),
  offers_per_section: Type.Integer({
    minimum: 1,
    maximum: 50,
    title: 'Offers per homepage section',
    description: "offers the app's homepage shows per section",
  }),
  audit_retention_days: Type.Integer({
    minimum: 30,
    maximum: 3650,
    title: 'Audit log retention (days)',
    description: 'days an audit log entry is kept (contract/audit.ts); older ones are deleted',
  }),
  // The catalogue health queues' settings (contract/healthQueues.ts, server/services/health.ts).
  health_ending_days: Type.Integer({
    minimum: 1,
    maximum: 365,
    title: 'Ending soon (days)',
    description: 'live offers ending within this many days (today counts as one) are in the Health queue "Ending soon"',
  }),
  health_offer_image: Type.Boolean({
    title: 'A complete offer has an image',
    description: 'true: an offer without an image is in the Health queue "Offers missing essentials"',
  }),
  health_offer_terms: Type.Boolean({
    title: 'A complete offer has terms',
    description: 'true: an offer without terms is in the Health queue "Offers missing essentials"',
  }),
  health_outlet_area: Type.Boolean({
    title: 'A complete outlet has an area',
    description: 'true: an outlet without an area is in the Health queue "Outlets missing essentials"',
  }),
  health_outlet_location: Type.Boolean({
    title: 'A complete outlet has a location',
    description: 'true: an outlet without latitude and longitude is in the Health queue "Outlets missing essentials"',
  }),
  health_duplicate_similarity: Type.Number({
    minimum: 0.5,
    maximum: 1,
    title: 'Duplicate similarity',
    description:
      'trigram similarity (0.5–1) from which two offer titles or outlet names count as near-identical in the "Likely duplicates" health queues',
  }),
};
export type SettingField = keyof typeof SettingsFields;
export const SETTING_FIELDS = Object.keys(SettingsFields) as SettingField[];

/** Who changed a field last, and when. */
export const SettingChange = Type.Object({
  by_id: Nullable(Type.Integer()),
  by_name: Type.String(),
  at: Type.String({ format: 'date-time' }),
});
export type SettingChange = Static<typeof SettingChange>;

export const Settings = Type.Object({
  id: Type.Integer(),
  support_email: Type.String(),
  default_outlet_radius_km: Type.Number(),
  min_app_version_ios: Type.String(),
  min_app_version_android: Type.String(),
  maintenance_mode: Type.Boolean(),
  maintenance_message: Nullable(Type.String()),
  offers_per_section: Type.Integer(),
  audit_retention_days: Type.Integer(),
  health_ending_days: Type.Integer(),
  health_offer_image: Type.Boolean(),
  health_offer_terms: Type.Boolean(),
  health_outlet_area: Type.Boolean(),
  health_outlet_location: Type.Boolean(),
  health_duplicate_similarity: Type.Number(),
  changes: Type.Record(Type.String(), SettingChange, {
    description: 'per field: who changed it last and when (a field never changed is absent)',
  }),
  ...Timestamps,
});
export type Settings = Static<typeof Settings>;

/** PUT: every field, and the version the edit started from (a stale one is a 409). */
export const SettingsPut = Type.Object({
  ...SettingsFields,
  // Added after the screen's PUT was written: left out, it stays as it is.
  audit_retention_days: Type.Optional(SettingsFields.audit_retention_days),
  health_ending_days: Type.Optional(SettingsFields.health_ending_days),
  health_offer_image: Type.Optional(SettingsFields.health_offer_image),
  health_offer_terms: Type.Optional(SettingsFields.health_offer_terms),
  health_outlet_area: Type.Optional(SettingsFields.health_outlet_area),
  health_outlet_location: Type.Optional(SettingsFields.health_outlet_location),
  health_duplicate_similarity: Type.Optional(SettingsFields.health_duplicate_similarity),
  version: Version,
});
/** PATCH: the fields to change, and the version. */
export const SettingsPatch = Type.Object({ ...Type.Partial(Type.Object(SettingsFields)).properties, version: Version });
export type SettingsPatch = Static<typeof SettingsPatch>;

export const SettingsRecord = RecordEnvelope(Settings);
const base = { tag: 'Settings', access: 'admin' as const, resource: 'settings' };
const write = { ...base, touches: ['settings'], permission: 'settings.write' };

export const showSettings = defineOp({
  ...base,
  id: 'settings.show',
  method: 'GET',
  path: `${ADMIN_ROOT}/settings`,
  summary: "The app's settings (one record), with who changed each field last and when",
  response: SettingsRecord,
  message: 'Settings fetched successfully!',
});

export const putSettings = defineOp({
  ...write,
  id: 'settings.update',
  method: 'PUT',
  path: `${ADMIN_ROOT}/settings/:id`,
  summary:
    'Replace every setting; the fields that changed record who and when. maintenance_message is required while maintenance_mode is on',
  params: IdParams,
  body: SettingsPut,
  response: SettingsRecord,
  message: 'Settings updated successfully!',
});

export const patchSettings = defineOp({
  ...write,
  id: 'settings.patch',
  method: 'PATCH',
  path: `${ADMIN_ROOT}/settings/:id`,
  summary:
    'Change some settings; the fields that changed record who and when. maintenance_message is required while maintenance_mode is on',
  params: IdParams,
  body: SettingsPatch,
  response: SettingsRecord,
  message: 'Settings updated successfully!',
});

/** The human name of each field (the screen's labels, the server's messages): its schema's title. */
export const SETTING_LABELS = Object.fromEntries(
  SETTING_FIELDS.map((f) => [f, labelOf(Type.Object(SettingsFields), f)]),
) as Readonly<Record<SettingField, string>>;
