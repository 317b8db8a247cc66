import { useId } from 'react';
import type { Candidate, RefKind } from '@contract/crawl';
import { runCommand } from '@/commands/runner';
import { DiffTable } from '@/ui/DiffTable';
import { Kbd } from '@/ui/Kbd';
import { Loader } from '@/ui/Loader';
import type { Focus } from './triageTypes';

/** The focused ref's ranked live candidates; number keys (crawl.triage.assignN) assign them. */
export function Candidates({ focus, disabled, noun }: { focus: Focus; disabled: boolean; noun: RefKind }) {
  if (focus.status === 'loading') return <Loader />;
  if (focus.status !== 'ready') return null;
  return (
    <section aria-label="Candidates">
      <h3 className="triage-section-head">
        Live {noun}s ranked <span className="muted">· number keys assign</span>
      </h3>
      {focus.candidates.length === 0 ? (
        <p className="muted">
          No live {noun} looks like this one. <Kbd shortcut="c" /> creates one from it.
        </p>
      ) : (
        <ol className="candidates">
          {focus.candidates.map((c, i) => (
            <li key={c.id}>
              <CandidateRow c={c} n={i + 1} disabled={disabled} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function CandidateRow({ c, n, disabled }: { c: Candidate; n: number; disabled: boolean }) {
  const diffs = Object.entries(c.differs);
  const pct = Math.round(c.score * 100);
  const about = useId();
  // The name is the visible title and score (a name of its own would not say what is seen,
  // which speech control needs); the subtitle and the differing fields are its description.
  return (
    <button
      type="button"
      className={c.score >= 0.999 ? 'candidate is-exact' : 'candidate'}
      disabled={disabled || n > 9}
      onClick={() => void runCommand(`crawl.triage.assign${n}`, 'button')}
      aria-describedby={about}
    >
      {n <= 9 ? <Kbd shortcut={String(n)} /> : <span />}
      <span className="candidate-title">
        <span className="visually-hidden">Assign to </span>
        {c.title}
      </span>
      <span className="candidate-score">
        <span className="crawl-progress" aria-hidden>
          <span style={{ width: `${pct}%` }} />
        </span>
        {pct}%<span className="visually-hidden"> match</span>
      </span>
      <span className="candidate-sub" id={about} aria-hidden>
        {c.subtitle}
        {diffs.length === 0 && ' · same fields'}
        {diffs.length > 0 && (
          <span className="visually-hidden">
            ; differs in{' '}
            {diffs
              .map(
                ([field, [crawled, live]]) =>
                  `${field.replace(/_/g, ' ')}: crawled ${crawled ?? 'none'}, live ${live ?? 'none'}`,
              )
              .join('; ')}
          </span>
        )}
      </span>
      {diffs.length > 0 && (
        <DiffTable
          className="candidate-diffs"
          hidden
          heads={['Differs', 'Crawled', 'Live']}
          rows={diffs.map(([field, [crawled, live]]) => ({ field, left: crawled, right: live }))}
        />
      )}
    </button>
  );
}
