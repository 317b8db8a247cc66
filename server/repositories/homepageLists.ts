// The repositories of the homepage's four lists (contract/homepage.ts): derived from their
// contracts (./crud.ts) like any resource, with what an ordered list adds. An add takes the
// list's lock and appends at n+1; a delete takes it too (the database closes the gap:
// server/db/migrations/007_homepage.sql). A write is checked against the row it changes:
// the schedule's end after its start; a banner's link to one target of its type; a selected
// offer's offer live or upcoming and not in the list already (409).
import { dontMissOutResource, heroBannerResource } from '@contract/homepageBanners';
import { LINK_TARGET, type LinkType } from '@contract/homepageFields';
import { SELECTED_OFFER_TWICE, selectedOfferResource, type SelectedOffer } from '@contract/homepageSelected';
import { welcomeBoxResource } from '@contract/homepageWelcome';
import type { Resource } from '@contract/resource';
import type { Tx } from '../db/connection';
import { DataRefusal, fieldLabel, invalidField } from '../errors';
import { crudRepository, normalise, type CrudRepository } from './crud';
import { lockList, nextPosition, type ListTable } from './homepagePositions';

type Row = Record<string, unknown>;
/** A list's own check of a write, given the row as it is (null: an add). May adjust `data`. */
type Check = (tx: Tx, id: number | null, data: Row, before: Row | null) => Promise<void> | void;

function orderedRepository<T>(resource: Resource, check?: Check): CrudRepository<T> {
  const table = resource.storage.table as ListTable;
  const base = crudRepository<T>(resource, {
    columns: ['position'],
    async beforeWrite(tx, id, data) {
      // An add locks first: the checks below (a selected offer twice) and n+1 see the list as it is.
      if (id === null) await lockList(tx, table);
      const before =
        id === null ? null : ((await tx.query(`select * from ${table} where id = $1`, [id])).rows[0] ?? null);
      checkSchedule(data, before);
      await check?.(tx, id, data, before);
      if (id === null) data.position = await nextPosition(tx, table);
    },
  });
  return {
    ...base,
    async remove(tx, id) {
      await lockList(tx, table);
      return base.remove(tx, id);
    },
  };
}

const time = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string | Date).getTime());

function checkSchedule(data: Row, before: Row | null) {
  const starts = time(data.starts_at !== undefined ? data.starts_at : before?.starts_at);
  const ends = time(data.ends_at !== undefined ? data.ends_at : before?.ends_at);
  if (starts !== null && ends !== null && ends <= starts) throw invalidField('ends_at', 'Ends must be after Starts.');
}

const TARGETS = Object.entries(LINK_TARGET) as [LinkType, string][];

/**
 * A banner's link: `link_type` (sent, or as it is) names the one target field that must be
 * set; a target of another type is refused on its field; the others are cleared.
 */
function checkLink(_tx: Tx, _id: number | null, data: Row, before: Row | null) {
  const typeSent = data.link_type !== undefined;
  if (!typeSent && !TARGETS.some(([, f]) => data[f] !== undefined)) return;
  const type = (typeSent ? data.link_type : (before?.link_type ?? null)) as LinkType | null;
  const target = type ? LINK_TARGET[type] : null;
  for (const [kind, f] of TARGETS) {
    if (f !== target && data[f] !== undefined && data[f] !== null)
      throw invalidField(f, `${fieldLabel(f)} is taken only when link_type is ${kind}.`);
  }
  if (type && target) {
    const value = data[target] !== undefined ? data[target] : before?.link_type === type ? before[target] : null;
    if (value === null || value === undefined)
      throw invalidField(target, `${fieldLabel(target)} is required when link_type is ${type}.`);
    data[target] = value;
  }
  data.link_type = type;
  for (const [, f] of TARGETS) if (f !== target) data[f] = null;
}

/** The offer exists, has not ended, and is not in the list already (the lock is held: no second add slips in). */
async function checkSelectedOffer(tx: Tx, id: number | null, data: Row) {
  if (data.offer_id === undefined) return;
  if (id !== null) await lockList(tx, 'selected_offers');
  const offer = (
    await tx.query<{ valid_to: string; expired: boolean }>(
      'select valid_to, valid_to < catalogue_today() as expired from offers_view where id = $1',
      [data.offer_id],
    )
  ).rows[0];
  if (!offer) throw invalidField('offer_id', 'Offer does not exist.');
  if (offer.expired)
    throw invalidField('offer_id', `This offer ended on ${offer.valid_to}: choose a live or upcoming offer.`);
  const twice = await tx.query('select 1 from selected_offers where offer_id = $1 and id <> $2', [
    data.offer_id,
    id ?? 0,
  ]);
  if (twice.rows.length) throw new DataRefusal('conflict', SELECTED_OFFER_TWICE, { offer_id: [SELECTED_OFFER_TWICE] });
}

export const heroBannerRepository = orderedRepository(heroBannerResource, checkLink);
export const dontMissOutRepository = orderedRepository(dontMissOutResource, checkLink);
export const welcomeBoxRepository = orderedRepository(welcomeBoxResource);
export const selectedOfferRepository = orderedRepository(selectedOfferResource, checkSelectedOffer);

/** Every selected offer, in position order (no paging: the list is a homepage's worth). */
export async function everySelectedOffer(tx: Tx): Promise<SelectedOffer[]> {
  const rows = (await tx.query('select * from selected_offers_view order by position, id')).rows;
  return rows.map((r) => normalise<SelectedOffer>(r)!);
}
