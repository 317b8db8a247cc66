import type { FieldChange } from '@/lib/fieldChanges';
import { htmlDiff } from '@/lib/htmlDiff';
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
          <dd>{c.html ? <HtmlChange change={c} /> : <TextChange change={c} />}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A field's old value struck, then its new one. */
function TextChange({ change: c }: { change: FieldChange }) {
  return (
    <>
      {c.kind !== 'added' && <del className="field-diff-old">{c.before}</del>}
      {c.kind === 'changed' && (
        <span className="field-diff-arrow" aria-label="to">
          →
        </span>
      )}
      {c.kind !== 'removed' && <ins className="field-diff-new">{c.after}</ins>}
    </>
  );
}

/**
 * A rich-text field as its page reads after the change, words taken out struck and words put in
 * marked. The markup is rebuilt from an allowlist by htmlDiff, so it is safe to render; past its
 * size limit, the two texts as for any field.
 */
function HtmlChange({ change: c }: { change: FieldChange }) {
  const html = htmlDiff(c.html!.before, c.html!.after);
  if (html === null) return <TextChange change={c} />;
  return <div className="field-diff-html" data-testid="field-diff-html" dangerouslySetInnerHTML={{ __html: html }} />;
}
