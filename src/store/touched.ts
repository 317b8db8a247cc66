// Keeping copies fresh: every call that changes records names the resources it touches
// (contract/operation.ts `touches`), and `call` reports it (src/api/call.ts). A store or
// cache of a resource listens here and drops or refetches what the change made stale: the
// resource itself, or one whose names its records show (contract/resource.ts `shows`).
import type { AnyOp } from '@contract/operation';
import { onTouched } from '../api/call';

export interface Watched {
  name: string;
  shows?: readonly string[];
}

/** Does a change to `touched` make copies of `resource` stale? ('*': everything is, src/api/events.ts.) */
export const affects = (resource: Watched, touched: readonly string[]) =>
  touched.some((t) => t === '*' || t === resource.name || !!resource.shows?.includes(t));

/**
 * Calls `fn` after each call that makes `resource` stale, and after each such change someone
 * else made (the live stream, src/api/events.ts). `skipOwn`: leave out the resource's own calls
 * made here (its store applies their answers itself); others' it has no answer of.
 */
export function whenStale(
  resource: Watched,
  fn: (op: AnyOp, output: unknown) => void,
  { skipOwn = false } = {},
): () => void {
  return onTouched((touched, op, output, remote) => {
    if (skipOwn && !remote && op.resource === resource.name) return;
    if (affects(resource, touched)) fn(op, output);
  });
}
