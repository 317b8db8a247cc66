import type { FieldChange } from '@/lib/fieldChanges';
import './FieldDiff.css';

const KIND_WORDS = { added: 'set', changed: 'changed', removed: 'cleared' } as const;

/** A change's fields, one line each: the form's label, then old → new (a create shows only new, a delete only old). */
export function FieldDiff({ changes }: { changes: readonly FieldChange[] }) {
  if (!changes.length) return <p className="muted field-diff-none">No field changed.</p>;
  return (
    <dl className="field-diff">
      {changes.map((c) => (
        <div key={c.field} className={`field-diff-row field-diff-${c.kind}`} data-kind={c.kind}>
          <dt>
            {c.label}
            <span className="visually-hidden"> {KIND_WORDS[c.kind]}</span>
          </dt>
          <dd>
            {c.kind !== 'added' && <del className="field-diff-old">{c.before}</del>}
            {c.kind === 'changed' && (
              <span className="field-diff-arrow" aria-label="to">
                →
              </span>
            )}
            {c.kind !== 'removed' && <ins className="field-diff-new">{c.after}</ins>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
