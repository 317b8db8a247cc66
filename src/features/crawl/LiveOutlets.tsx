// The live outlets a crawled outlet stands for, each a link named as the outlet list names it
// (merchant — branch), not by its id: the ref answers ids only, the names come by id
// (src/ui/lookups.ts, cached and dropped when outlets change).
import { AppLink } from '@/ui/AppLink';
import { isMissing, outletOption, useOutlets } from '@/ui/lookups';

export function LiveOutlets({ ids }: { ids: readonly number[] }) {
  const loaded = useOutlets(ids);
  const byId = new Map(loaded.records.map((r) => [r.id, r]));
  return (
    <span className="triage-chips">
      {ids.map((id) => {
        const r = byId.get(id);
        const name = !r ? '…' : isMissing(r) ? `Outlet #${id} (not found)` : outletOption(r).label;
        return (
          <AppLink key={id} to={`/view-outlet/${id}`} aria-busy={!r || undefined}>
            {name}
          </AppLink>
        );
      })}
    </span>
  );
}
