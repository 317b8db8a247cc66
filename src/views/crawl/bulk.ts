// Onboarding and rolling back a source's offers change many live rows at once, so both ask
// first: a dry run says what would change (counts and a sample of titles), the reviewer
// confirms, then the same call runs for real and its message is the result toast.
import { rollbackOfferRefs, transferOfferRefs, type BulkResult } from '../../../contract/crawl';
import { call } from '../../api/call';
import { confirm } from '../../ui/confirmStore';

const count = (n: number, one: string) => `${n.toLocaleString()} ${n === 1 ? one : `${one}s`}`;

export type BulkKind = 'onboard' | 'rollback';

const OPS = { onboard: transferOfferRefs, rollback: rollbackOfferRefs } as const;

/** Dry run, confirm, run. Resolves to the real call's answer, or undefined when cancelled or nothing would change. */
export async function bulkWithConfirm(kind: BulkKind, fromSource: string, checkedOnly = false): Promise<BulkResult | { message: string } | undefined> {
  const op = OPS[kind];
  const body = { from_source: fromSource, checked: checkedOnly ? (1 as const) : (0 as const) };
  const preview = await call(op, { body: { ...body, dry_run: true } });
  const d = preview.data;
  if (d.offers === 0 && d.cards === 0 && d.outlets === 0) return { message: preview.message || 'Nothing to change.' };
  const what = `${count(d.offers, 'offer')}, ${count(d.cards, 'card')} and ${count(d.outlets, 'outlet')}`;
  const ok = await confirm({
    title: kind === 'onboard' ? `Onboard ${count(d.offers, 'offer')} of ${fromSource}?` : `Roll back ${count(d.offers, 'offer')} of ${fromSource}?`,
    body: `${preview.message} This changes ${what}.`,
    list: d.sample.length < d.offers ? [...d.sample, `and ${(d.offers - d.sample.length).toLocaleString()} more`] : d.sample,
    confirmLabel: kind === 'onboard' ? 'Onboard offers' : 'Roll back offers',
    danger: kind === 'rollback',
  });
  if (!ok) return undefined;
  return call(op, { body: { ...body, dry_run: false } });
}
