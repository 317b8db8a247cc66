// "Assign 3 checked refs to Skywards Infinite?": before a bulk assign, the checked refs named
// beside the target, each with its match score as the server computes it (crawl.matchMany, the
// candidate ranking's own similarity), and a warning for those below its threshold. Both ways
// in (the palette's "Assign checked refs to…" and the select card dialog) ask through here.
import { triage } from './model';
import { confirm, type ConfirmItem } from '@/ui/confirmStore';
import { formatNumber } from '@/lib/format';

/** Refs named in the question, at most (the weak ones first). */
const LISTED = 12;

const pct = (score: number) => `${Math.round(score * 100)}%`;

/** Asks, then assigns every checked ref to the live record `liveId`; undefined when not confirmed. */
export async function assignCheckedAsking(liveId: number): Promise<{ message: string } | undefined> {
  const kind = triage.state.kind;
  const refs = triage.checkedRefs();
  if (kind === 'offer' || !refs.length) return undefined;
  const match = await triage.api.matchMany(
    kind,
    refs.map((r) => r.id),
    liveId,
  );
  const weak = match.refs.filter((r) => r.below);
  const shown = [...weak, ...match.refs.filter((r) => !r.below)];
  const list: ConfirmItem[] = shown
    .slice(0, LISTED)
    .map((r) => ({ text: `${r.name} · ${pct(r.score)} match${r.below ? ' (weak)' : ''}`, warn: r.below }));
  if (shown.length > LISTED)
    list.push(`and ${formatNumber(shown.length - LISTED)} more, all ${pct(match.threshold)} or better`);
  const n = refs.length;
  const noun = kind === 'card' ? 'card' : 'outlet';
  const ok = await confirm({
    title: `Assign ${n} checked ref${n === 1 ? '' : 's'} to ${match.title}?`,
    body: `Each crawled ${noun} below is linked to the live ${noun} “${match.title}”. One undo (u) takes all of it back.`,
    list,
    warning: weak.length
      ? `${weak.length === n ? (n === 1 ? 'It matches' : 'None of them matches') : `${weak.length} of them ${weak.length === 1 ? 'matches' : 'match'}`} “${match.title}” less than ${pct(match.threshold)}: ${weak.length === 1 ? 'is it' : 'are they'} this ${noun}?`
      : undefined,
    confirmLabel: `Assign ${n} ref${n === 1 ? '' : 's'}`,
  });
  return ok ? triage.assignChecked(liveId) : undefined;
}
