// Onboarding and rolling back a source's offers change many live rows at once, so both ask
// first: a dry run says what would change (counts, what to look at, a sample of titles), the
// reviewer confirms, then the same call runs for real and its message is the result toast.
// An onboarding's confirm names the offers already expired (left out unless the reviewer ticks
// them in) and those with no card or outlet link; its toast stays until dismissed and offers
// "Roll back". A rollback's toast offers Undo (mod+z too), through the offers' undo call.
import { type CrawlSource } from '@contract/crawl';
import { rollbackOfferRefs, transferOfferRefs } from '@contract/crawlOffers';
import { offerResource } from '@contract/offer';
import { call } from '@/api/call';
import type { NextStep } from '@/commands/runner';
import { loadSources } from './crawlSources';
import { confirmChoice } from '@/ui/confirmStore';
import { formatNumber } from '@/lib/format';

const count = (n: number, one: string) => `${formatNumber(n)} ${n === 1 ? one : `${one}s`}`;

/** What a confirmed onboarding or rollback resolves to (the runner's toast reads it), or a note when there was nothing to do. */
export type BulkOutcome = { message: string; next?: NextStep; undo?: () => Promise<unknown> };

/** The rollback command's argument: a source, and whether only its checked refs go back. */
export type RollbackArg = Pick<CrawlSource, 'from_source'> & { checked_only?: boolean };

/** Dry run, confirm, onboard. Resolves to the toast's content, or undefined when cancelled. */
export async function onboardWithConfirm(
  source: Pick<CrawlSource, 'from_source'>,
  checkedOnly = false,
): Promise<BulkOutcome | undefined> {
  const body = { from_source: source.from_source, checked: checkedOnly ? (1 as const) : (0 as const) };
  const preview = await call(transferOfferRefs, { body: { ...body, dry_run: true } });
  const d = preview.data;
  if (d.offers === 0 && d.expired === 0) return { message: preview.message || 'Nothing to change.' };
  const what = `${count(d.offers, 'offer')}, ${count(d.cards, 'card')} and ${count(d.outlets, 'outlet')}`;
  const answer = await confirmChoice({
    title: d.offers
      ? `Onboard ${count(d.offers, 'offer')} of ${source.from_source}?`
      : `Onboard the expired offers of ${source.from_source}?`,
    body: `${preview.message} This changes ${what}.`,
    list: d.sample.length < d.offers ? [...d.sample, `and ${formatNumber(d.offers - d.sample.length)} more`] : d.sample,
    // Nothing else to onboard: the box starts ticked, or the confirm would do nothing.
    option: d.expired
      ? { label: `Include the ${count(d.expired, 'expired offer')} too`, checked: d.offers === 0 }
      : undefined,
    confirmLabel: 'Onboard offers',
  });
  if (!answer.ok) return undefined;
  const res = await call(transferOfferRefs, { body: { ...body, dry_run: false, include_expired: answer.option } });
  if (!res.data.offers) return { message: res.message };
  // The rollback takes the same refs: the checked ones when only those were onboarded.
  const arg: RollbackArg = { ...source, checked_only: checkedOnly };
  return { message: res.message, next: { label: 'Roll back', command: 'crawl.rollbackOffers', arg, sticky: true } };
}

/** Dry run, confirm, roll back. Resolves to the toast's content (with its undo), or undefined when cancelled. */
export async function rollbackWithConfirm(
  source: Pick<CrawlSource, 'from_source'>,
  checkedOnly = false,
): Promise<BulkOutcome | undefined> {
  const body = { from_source: source.from_source, checked: checkedOnly ? (1 as const) : (0 as const) };
  const preview = await call(rollbackOfferRefs, { body: { ...body, dry_run: true } });
  const d = preview.data;
  if (d.offers === 0 && d.cards === 0 && d.outlets === 0) return { message: preview.message || 'Nothing to change.' };
  const what = `${count(d.offers, 'offer')}, ${count(d.cards, 'card')} and ${count(d.outlets, 'outlet')}`;
  const ok = (
    await confirmChoice({
      title: `Roll back ${count(d.offers, 'offer')} of ${source.from_source}?`,
      body: `${preview.message} This changes ${what}.${d.kept ? ` The ${count(d.kept, 'offer')} edited since onboarding stay live.` : ''}`,
      list:
        d.sample.length < d.offers ? [...d.sample, `and ${formatNumber(d.offers - d.sample.length)} more`] : d.sample,
      confirmLabel: 'Roll back offers',
      danger: true,
    })
  ).ok;
  if (!ok) return undefined;
  const res = await call(rollbackOfferRefs, { body: { ...body, dry_run: false } });
  const token = res.data.undo;
  if (!token) return { message: res.message };
  return {
    message: res.message,
    undo: async () => {
      const undone = await call(offerResource.ops.undo!, { body: { token } });
      void loadSources();
      return undone;
    },
  };
}
