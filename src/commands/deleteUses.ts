// Before a delete asks: what it would do to the rows that use the records (contract/bulk.ts
// `uses`, one call), so the question says it ("212 offers use it; they will have no
// category."), and a delete the server would refuse (a bank with cards) is refused here,
// before any question, naming why.
import type { BulkTarget, UsesAnswer } from '@contract/bulk';
import { call } from '../api/call';
import type { ResourceScreen } from './resourceScreen';
import { CommandError } from './runner';
import { formatNumber } from '@/lib/format';

type Uses = UsesAnswer['data'];

/** What deleting these records would do, or null for a resource whose deletes reach nothing (no `uses` call). */
export async function usesOf<T extends { id: number }>(
  screen: ResourceScreen<T>,
  target: BulkTarget,
): Promise<Uses | null> {
  const op = screen.resource.ops.uses;
  if (!op) return null;
  const body = target.ids ? { ids: target.ids } : { where: target.where };
  return ((await call(op, { body } as never)) as UsesAnswer).data;
}

/** Records named in a refusal, at most. */
const NAMED = 3;

/**
 * "Emirates NBD has 12 cards: delete or move them first." Per record the server named (most
 * used first), every refusing use it has; `nameOf` reads a record's id as the screen shows it.
 */
export function refusalOf(uses: Uses, nameOf: (id: number) => string): string {
  const refusing = uses.uses.filter((u) => u.action === 'refuse');
  const perRecord = new Map<number, string[]>();
  for (const u of refusing) for (const r of u.records) perRecord.set(r.id, [...(perRecord.get(r.id) ?? []), r.words]);
  if (!perRecord.size) return `${refusing.map((u) => u.sentence).join(' ')}`;
  const named = [...perRecord].slice(0, NAMED).map(([id, words]) => `${nameOf(id)} has ${andList(words)}`);
  const more = perRecord.size > NAMED ? ` (and ${formatNumber(perRecord.size - NAMED)} more)` : '';
  const them = perRecord.size === 1 && refusing.length === 1 && refusing[0].count === 1 ? 'it' : 'them';
  return `${named.join('; ')}${more}: delete or move ${them} first.`;
}

/** The question's words about the uses: the server's sentences, or null when nothing uses the records. */
export const usesSentence = (uses: Uses | null): string | null =>
  uses?.uses.length ? uses.uses.map((u) => u.sentence).join(' ') : null;

/** Throws the refusal when the delete would be refused: the runner shows it as an error toast. */
export function refuseEarly(uses: Uses | null, nameOf: (id: number) => string): void {
  if (uses?.refused) throw new CommandError(refusalOf(uses, nameOf));
}

const andList = (xs: string[]) => (xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}`);
