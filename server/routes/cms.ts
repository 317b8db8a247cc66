// The legal pages' calls (contract/cms.ts). A save is sanitized before anything is written
// (server/services/cmsSanitizer.ts); the text kept becomes the page's next version. A restore
// runs the old text through the sanitizer again, so a page never gets back markup that
// today's rules would refuse.
import {
  CMS_UNCHANGED,
  CMS_UPDATED,
  listCmsVersions,
  restoreCmsVersion,
  saveCmsPage,
  showCmsPage,
  showCmsVersion,
  type CmsPage,
  type CmsType,
} from '@contract/cms';
import { DEFAULT_PAGE, DEFAULT_PER_PAGE } from '@contract/envelope';
import type { Tx } from '../db/connection';
import { HttpError, badField } from '../errors';
import { bind, type Bound, type CallContext } from '../http/handle';
import { addVersion, getPage, getVersion, listVersions } from '../repositories/cmsPages';
import { sanitizeCms } from '../services/cmsSanitizer';

/** Writes `html` as the page's next version unless it is the page's text already. */
async function write(
  tx: Tx,
  type: CmsType,
  html: string,
  ctx: CallContext,
  o: { startedFrom?: number; restoredFrom?: number } = {},
) {
  const { html: kept, removed, hasText } = sanitizeCms(html);
  if (!hasText) {
    const text = removed.length
      ? `Content has no text once unsafe markup is removed (${removed.join(', ')}).`
      : 'Content is required.';
    throw badField('content', text);
  }
  const page = await getPage(tx, type, { lock: true });
  if (o.startedFrom !== undefined && o.startedFrom !== page.version) throw stale(page);
  if (kept === page.content) return { message: CMS_UNCHANGED, data: page, removed };
  const who = { id: ctx.user!.id, name: ctx.user!.name };
  return { message: CMS_UPDATED, data: await addVersion(tx, page, kept, who, o.restoredFrom ?? null), removed };
}

function stale(page: CmsPage) {
  const by = page.updated_by_name ? ` by ${page.updated_by_name}` : '';
  const text = `This page was saved again${by} since you opened it (now version ${page.version}). Reload it to see that text, then save yours.`;
  return new HttpError(409, text, { version: [text] });
}

export function cmsHandlers(): Bound[] {
  return [
    bind(showCmsPage, async ({ query }, tx) => ({
      message: showCmsPage.message!,
      data: await getPage(tx, query.type),
    })),
    bind(saveCmsPage, ({ params, body }, tx, ctx) =>
      write(tx, params.type, body.content, ctx, { startedFrom: body.version }),
    ),
    bind(listCmsVersions, ({ params, query }, tx) =>
      listVersions(tx, params.type, query.page ?? DEFAULT_PAGE, query.per_page ?? DEFAULT_PER_PAGE),
    ),
    bind(showCmsVersion, async ({ params }, tx) => {
      const version = await getVersion(tx, params.type, params.version);
      if (!version) throw notFound(params.version);
      return { message: showCmsVersion.message!, data: version };
    }),
    bind(restoreCmsVersion, async ({ params }, tx, ctx) => {
      const version = await getVersion(tx, params.type, params.version);
      if (!version) throw notFound(params.version);
      return write(tx, params.type, version.content, ctx, { restoredFrom: version.version });
    }),
  ];
}

const notFound = (n: number) =>
  new HttpError(404, `Version ${n} of this page does not exist.`, {
    version: [`Version ${n} of this page does not exist.`],
  });
