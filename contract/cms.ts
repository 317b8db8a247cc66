// The app's legal pages (terms and conditions, privacy policy): rich text the app shows as
// it is stored. Every save is sanitized by the server (server/services/cmsSanitizer.ts), which
// stores only what it kept and says what it took out, and every save keeps a version: who,
// when, the text. A restore writes the old text again as a new version; history is never
// rewritten.
import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { ListEnvelope, ListQuery, RecordEnvelope } from './envelope';
import { Nullable } from './fields';
import { ADMIN_ROOT, defineOp } from './operation';

export const CMS_TYPES = ['term-condition', 'privacy-policy'] as const;
export const CmsType = Type.Union(
  CMS_TYPES.map((t) => Type.Literal(t)),
  { description: 'term-condition or privacy-policy' },
);
export type CmsType = (typeof CMS_TYPES)[number];

/** How each page is called on screen and in the app. */
export const CMS_TITLES: Readonly<Record<CmsType, string>> = {
  'term-condition': 'Terms and conditions',
  'privacy-policy': 'Privacy policy',
};

/** The product's words for a save (and a restore) that went through. */
export const CMS_UPDATED = 'CMS updated successfully!';
/** A save or restore whose text is the page's text already: no version is added. */
export const CMS_UNCHANGED = 'Nothing to save: the page already has this text.';

/**
 * The longest text a save takes, in characters. A multipart field may hold three bytes per
 * character (CMS_FIELD_BYTES), so a field the form parser would cut short is always longer
 * than this and refused, never stored cut.
 */
export const CMS_CONTENT_MAX = 200_000;
export const CMS_FIELD_BYTES = 3 * CMS_CONTENT_MAX + 3;

const tag = 'Terms and privacy';
const admin = { tag, access: 'admin' as const, resource: 'cms', permission: 'cms.write' };
const DateTime = Type.String({ format: 'date-time' });
const VersionNo = Type.Integer({
  minimum: 1,
  maximum: 2147483647,
  description: "the version's number on its page: 1, 2, 3…",
});

export const CmsPage = Type.Object({
  id: Type.Integer(),
  type: CmsType,
  /** Sanitized HTML: what the app shows. */
  content: Type.String(),
  version: Type.Integer({ minimum: 0, description: 'the number of the current version; 0: never saved' }),
  updated_by: Nullable(Type.Integer()),
  updated_by_name: Nullable(Type.String()),
  updated_at: Nullable(DateTime),
});
export type CmsPage = Static<typeof CmsPage>;

/** One saved version, without its text (the history list). */
export const CmsVersion = Type.Object({
  id: Type.Integer(),
  type: CmsType,
  version: Type.Integer(),
  /** The text's length in characters, so the list can say how big a change was. */
  length: Type.Integer(),
  created_by: Nullable(Type.Integer()),
  /** Kept with the version: the name stays when the account is gone. */
  created_by_name: Nullable(Type.String()),
  created_at: DateTime,
  /** The version this one restored, if it was a restore. */
  restored_from: Nullable(Type.Integer()),
});
export type CmsVersion = Static<typeof CmsVersion>;

export const CmsVersionText = Type.Object({ ...CmsVersion.properties, content: Type.String() });
export type CmsVersionText = Static<typeof CmsVersionText>;

/** A save's or a restore's answer: the page as stored, and what the sanitizer removed. */
export const CmsSaveAnswer = Type.Object({
  message: Type.String(),
  data: CmsPage,
  removed: Type.Array(Type.String(), {
    description: "what the sanitizer took out, one line each ('<script> element'); empty when nothing",
  }),
});
export type CmsSaveAnswer = Static<typeof CmsSaveAnswer>;

export const CmsSaveBody = Type.Object({
  content: Type.String({
    maxLength: CMS_CONTENT_MAX,
    description:
      'HTML; the server keeps headings, paragraphs, lists, bold/italic/underline/strike, links (http, https, mailto), quotes, code, line breaks and rules',
  }),
  version: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 2147483647,
      description: 'the version the edit started from; when sent, a stale one is a 409',
    }),
  ),
});
export type CmsSaveBody = Static<typeof CmsSaveBody>;

export const CmsTypeParams = Type.Object({ type: CmsType });
export const CmsVersionParams = Type.Object({ type: CmsType, version: VersionNo });
const { page, per_page } = ListQuery.properties;

export const showCmsPage = defineOp({
  ...admin,
  id: 'cms.show',
  method: 'GET',
  path: `${ADMIN_ROOT}/cms_pages`,
  summary: 'One legal page as the app shows it (sanitized HTML), with its current version',
  query: CmsTypeParams,
  response: RecordEnvelope(CmsPage),
  message: 'CMS fetched successfully!',
});

export const saveCmsPage = defineOp({
  ...admin,
  id: 'cms.save',
  method: 'POST',
  path: `${ADMIN_ROOT}/cms_pages/:type`,
  summary: "Save a legal page's text: sanitized, stored as a new version; `removed` says what was taken out",
  params: CmsTypeParams,
  body: CmsSaveBody,
  multipart: true,
  // JSON escapes may take six bytes a character; the form field's own cap is CMS_FIELD_BYTES.
  bodyLimit: 6 * CMS_CONTENT_MAX + 64 * 1024,
  fieldSize: CMS_FIELD_BYTES,
  response: CmsSaveAnswer,
  message: CMS_UPDATED,
  touches: ['cms'],
});

export const listCmsVersions = defineOp({
  ...admin,
  id: 'cms.versions',
  method: 'GET',
  path: `${ADMIN_ROOT}/cms_pages/:type/versions`,
  summary: "A legal page's saved versions, newest first (who, when; without the text)",
  params: CmsTypeParams,
  query: Type.Object({ page, per_page }),
  response: ListEnvelope(CmsVersion),
});

export const showCmsVersion = defineOp({
  ...admin,
  id: 'cms.version',
  method: 'GET',
  path: `${ADMIN_ROOT}/cms_pages/:type/versions/:version`,
  summary: 'One saved version of a legal page, with its text',
  params: CmsVersionParams,
  response: RecordEnvelope(CmsVersionText),
  message: 'Version fetched successfully!',
});

export const restoreCmsVersion = defineOp({
  ...admin,
  id: 'cms.restore',
  method: 'POST',
  path: `${ADMIN_ROOT}/cms_pages/:type/versions/:version/restore`,
  summary: "Restore a saved version: its text becomes the page's text as a new version (history is kept)",
  params: CmsVersionParams,
  response: CmsSaveAnswer,
  message: CMS_UPDATED,
  touches: ['cms'],
});
