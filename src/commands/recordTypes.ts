// The palette's record groups, in their order: every resource the record search finds (its
// `search`, contract/resource.ts; contract/search.ts `searchable`), headed by its plural label.
// Read by the palette's own chunk, which brings the contract's resources; the shell's
// records.ts stays light.
import { resources } from '@contract/resources';
import { searchable } from '@contract/search';

export const RECORD_TYPES: readonly { type: string; heading: string }[] = searchable(resources).map((r) => ({
  type: r.name,
  heading: r.label.many,
}));
