// What the charts are narrowed to: one chip per filter (offer, card, bank), each opening its
// record and removable on its own.
import type { Engagement } from '@contract/engagement';
import { CommandButton } from '@/commands/CommandButton';
import { navigateTo, withoutFilter, type FilterKey } from './engagement';
import { AppLink } from '@/ui/AppLink';

const CHIPS: { key: 'offer' | 'card' | 'bank'; param: FilterKey; label: string; path: (id: number) => string }[] = [
  { key: 'offer', param: 'offer_id', label: 'Offer', path: (id) => `/view-offer/${id}` },
  { key: 'card', param: 'card_id', label: 'Card', path: (id) => `/view-card/${id}` },
  { key: 'bank', param: 'bank_id', label: 'Bank', path: (id) => `/view-bank/${id}` },
];

export function FilterChips({ filters }: { filters: Engagement['filters'] }) {
  const set = CHIPS.filter((c) => filters[c.key]);
  if (!set.length) return null;
  return (
    <div className="eng-chips" role="group" aria-label="Filters">
      <span className="muted">Only</span>
      {set.map((c) => {
        const f = filters[c.key]!;
        return (
          <span key={c.key} className="eng-chip">
            <span className="eng-chip-kind">{c.label}</span>
            <AppLink to={c.path(f.id)} className="eng-chip-name" title={`Open ${c.label.toLowerCase()} ${f.name}`}>
              {f.name}
            </AppLink>
            <button
              type="button"
              className="eng-chip-x"
              aria-label={`Remove the ${c.label.toLowerCase()} filter`}
              title="Remove this filter"
              onClick={() => navigateTo(withoutFilter(c.param))}
            >
              ×
            </button>
          </span>
        );
      })}
      {set.length > 1 && <CommandButton id="engagement.clearFilters" label="Clear all" variant="ghost" />}
    </div>
  );
}
