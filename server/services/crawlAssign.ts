// Many crawled cards or outlets assigned to one live record at once (contract/crawl.ts
// assignRefs): the triage view's checked refs. All or nothing in the call's transaction; each
// ref gets a decision of its own, as a single assignment would (server/services/crawlReview.ts),
// all in one group, so one undo takes the whole step back. Before it, matchMany scores each
// ref against the live record (contract/crawlTriage.ts matchRefs), so the question can warn.
import type { CardRef, OutletRef } from '@contract/crawl';
import type { MatchedRef } from '@contract/crawlTriage';
import type { Tx } from '../db/connection';
import { badField } from '../errors';
import { scoresAgainst } from '../repositories/crawlCandidates';
import { newGroup } from '../repositories/crawlDecisions';
import { liveTitle } from '../repositories/crawlLive';
import { getRef } from '../repositories/crawlRefs';
import { assigning, decide, type Reviewer } from './crawlReview';

interface AssignedMany {
  title: string;
  assigned: number;
  unchanged: number;
  refs: (CardRef | OutletRef)[];
}

export async function assignMany(
  tx: Tx,
  kind: 'card' | 'outlet',
  refIds: readonly number[],
  liveId: number,
  who: Reviewer,
): Promise<AssignedMany> {
  const title = await liveTitle(tx, kind, liveId);
  if (title === null) throw badField('live_id', `${kind === 'card' ? 'Card' : 'Outlet'} ${liveId} does not exist.`);
  const refs: (CardRef | OutletRef)[] = [];
  const missing: number[] = [];
  // In id order, so two calls locking overlapping refs wait for each other instead of deadlocking.
  for (const id of [...refIds].sort((a, b) => a - b)) {
    const ref = await getRef(tx, kind, id, who.now, { lock: true });
    if (ref) refs.push(ref);
    else missing.push(id);
  }
  if (missing.length) throw badField('ref_ids', `Crawled ${kind}s not found: ${missing.join(', ')}.`);
  const held = refs.find((r) => r.claimed_by !== null && r.claimed_by !== who.id);
  if (held) {
    const name = 'name' in held ? held.name : held.merchant_name;
    throw badField(
      'ref_ids',
      `Crawled ${kind} ${held.id} (${name}) is being reviewed by ${held.claimed_by_name ?? 'another reviewer'}.`,
      409,
    );
  }
  const out: (CardRef | OutletRef)[] = [];
  let assigned = 0;
  let group: number | null = null;
  for (const ref of refs) {
    const { same, changes, detail } = assigning(kind, ref, liveId);
    if (same) {
      out.push(ref);
      continue;
    }
    group ??= await newGroup(tx);
    out.push(await decide(tx, kind, ref, 'assign', changes, detail, who, group));
    assigned++;
  }
  return { title, assigned, unchanged: refs.length - assigned, refs: out };
}

/** The refs named, in the order given, each scored against the live record; 422 naming the unknown. */
export async function matchMany(
  tx: Tx,
  kind: 'card' | 'outlet',
  refIds: readonly number[],
  liveId: number,
  now = Date.now(),
): Promise<{ live_id: number; title: string; threshold: number; refs: MatchedRef[] }> {
  const title = await liveTitle(tx, kind, liveId);
  if (title === null) throw badField('live_id', `${kind === 'card' ? 'Card' : 'Outlet'} ${liveId} does not exist.`);
  const refs = await Promise.all(refIds.map((id) => getRef(tx, kind, id, now)));
  const missing = refIds.filter((_, i) => !refs[i]);
  if (missing.length) throw badField('ref_ids', `Crawled ${kind}s not found: ${missing.join(', ')}.`);
  const found = refs as (CardRef | OutletRef)[];
  const scored = (await scoresAgainst(tx, kind, found, liveId))!;
  return {
    live_id: liveId,
    title,
    threshold: scored.threshold,
    refs: found.map((r, i) => ({
      id: r.id,
      name: 'name' in r ? r.name : [r.merchant_name, r.branch].filter(Boolean).join(' — '),
      score: scored.scores[i],
      below: scored.scores[i] < scored.threshold,
    })),
  };
}
