// The range: 7 / 30 / 90 days (keys 1, 2, 3) or two typed dates (c focuses the first; Enter
// applies). Every choice is a URL; the dates show the range in effect whatever chose it.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ENGAGEMENT_PRESETS, type Engagement, type EngagementQuery } from '@contract/engagement';
import { getCommand } from '@/commands/registry';
import { runCommand } from '@/commands/runner';
import { navigateTo, presetOf, withRange } from './engagement';
import { DateField } from '@/ui/DateField';
import { Kbd } from '@/ui/Kbd';
import { setCustomFocus } from './commands';

export function RangePicker({ query, range }: { query: EngagementQuery; range: Engagement['range'] | null }) {
  const preset = presetOf(query);
  const [from, setFrom] = useState(range?.from ?? '');
  const [to, setTo] = useState(range?.to ?? '');
  const fromRef = useRef<HTMLInputElement | null>(null);
  // The answer's range (a preset's dates) fills the fields; typing keeps them until applied.
  useEffect(() => {
    if (range) {
      setFrom(range.from);
      setTo(range.to);
    }
  }, [range]);
  useEffect(() => {
    setCustomFocus(() => fromRef.current?.focus());
    return () => setCustomFocus(null);
  }, []);
  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (!from || !to) return;
    navigateTo(withRange({ from, to }));
    // Applied: the keys are the screen's again (single keys are ignored inside a field).
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  };
  return (
    <div className="eng-range">
      <div className="eng-presets" role="group" aria-label="Range">
        {ENGAGEMENT_PRESETS.map((days) => {
          const id = `engagement.last${days}`;
          return (
            <button
              key={days}
              type="button"
              className="eng-preset"
              aria-pressed={preset === days}
              onClick={() => void runCommand(id, 'button')}
              title={getCommand(id)?.title}
            >
              {days} days
              <Kbd shortcut={getCommand(id)?.shortcut ?? ''} />
            </button>
          );
        })}
      </div>
      <form
        className={preset === 'custom' ? 'eng-custom is-set' : 'eng-custom'}
        onSubmit={apply}
        aria-label="Custom range"
        onKeyDown={(e) => e.key === 'Escape' && e.target instanceof HTMLElement && e.target.blur()}
      >
        <DateField label="From" hideLabel compact inputRef={fromRef} value={from} onChange={setFrom} />
        <span aria-hidden>–</span>
        <DateField label="To" hideLabel compact value={to} onChange={setTo} />
        <button
          type="submit"
          className="btn"
          disabled={!from || !to || (from === range?.from && to === range?.to && preset === 'custom')}
        >
          Apply
        </button>
      </form>
    </div>
  );
}
