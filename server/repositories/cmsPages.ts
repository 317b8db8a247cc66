// The legal pages and their versions (migration 010_content.sql). A page row holds the
// current text; every write adds a version in the same transaction, numbered on from the
// page's, with the page's row locked first so two saves at once get 4 and 5, never 4 twice.
import type { CmsPage, CmsType, CmsVersion, CmsVersionText } from '@contract/cms';
import type { Pagination } from '@contract/envelope';
import type { Tx } from '../db/connection';
import { normalise, paginate } from './crud';

/** Who writes a version: the name is kept with it. */
interface Author {
  id: number;
  name: string;
}

const PAGE = `select p.id, p.type, p.content, p.version, p.updated_by, v.created_by_name as updated_by_name, p.updated_at
  from cms_pages p left join cms_page_versions v on v.page_id = p.id and v.version = p.version
  where p.type = $1`;

const VERSION_COLUMNS = `v.id, p.type, v.version, char_length(v.content) as length, v.created_by, v.created_by_name, v.created_at, v.restored_from`;

/** The page (both exist from the migration on). `lock`: held until the transaction ends, for a write. */
export async function getPage(tx: Tx, type: CmsType, { lock = false } = {}): Promise<CmsPage> {
  if (lock) await tx.query('select id from cms_pages where type = $1 for update', [type]);
  return normalise<CmsPage>((await tx.query(PAGE, [type])).rows[0])!;
}

/** Writes `content` as the page's next version (the page must be locked: getPage with lock). */
export async function addVersion(
  tx: Tx,
  page: CmsPage,
  content: string,
  who: Author,
  restoredFrom: number | null = null,
): Promise<CmsPage> {
  const next = page.version + 1;
  await tx.query(
    'insert into cms_page_versions (page_id, version, content, created_by, created_by_name, restored_from) values ($1, $2, $3, $4, $5, $6)',
    [page.id, next, content, who.id, who.name, restoredFrom],
  );
  await tx.query('update cms_pages set content = $2, version = $3, updated_by = $4, updated_at = now() where id = $1', [
    page.id,
    content,
    next,
    who.id,
  ]);
  return getPage(tx, page.type);
}

/** The page's versions, newest first. */
export async function listVersions(
  tx: Tx,
  type: CmsType,
  page: number,
  perPage: number,
): Promise<{ data: CmsVersion[]; pagination: Pagination }> {
  const total = Number(
    (
      await tx.query<{ n: number }>(
        'select count(*)::int as n from cms_page_versions v join cms_pages p on p.id = v.page_id where p.type = $1',
        [type],
      )
    ).rows[0].n,
  );
  const rows = (
    await tx.query(
      `select ${VERSION_COLUMNS} from cms_page_versions v join cms_pages p on p.id = v.page_id where p.type = $1 order by v.version desc limit $2 offset $3`,
      [type, perPage, (page - 1) * perPage],
    )
  ).rows;
  return { data: rows.map((r) => normalise<CmsVersion>(r)!), pagination: paginate(total, page, perPage, rows.length) };
}

/** One version with its text, or null. */
export async function getVersion(tx: Tx, type: CmsType, version: number): Promise<CmsVersionText | null> {
  const row = (
    await tx.query(
      `select ${VERSION_COLUMNS}, v.content from cms_page_versions v join cms_pages p on p.id = v.page_id where p.type = $1 and v.version = $2`,
      [type, version],
    )
  ).rows[0];
  return normalise<CmsVersionText>(row);
}
