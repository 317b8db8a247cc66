// Who gets it: all app users, the holders of a card, the users of an area, or one user; the
// card, area or user searched; and how many people that is, counted by the server as the
// choice changes.
import { useEffect, useState } from 'react';
import { AUDIENCES, type Audience } from '@contract/notification';
import { FieldFrame } from '@/ui/FieldFrame';
import { RecordPicker, type PickerOption } from '@/ui/RecordPicker';
import { AUDIENCE_PICKERS, audienceSize } from './pickers';
import { AUDIENCE_LABELS } from './screen';
import { formatNumber } from '@/lib/format';

export interface AudienceValue {
  kind: Audience;
  target: PickerOption | null;
}

type Errors = Readonly<Record<string, string>>;

export function AudienceFields({
  value,
  onChange,
  errors,
}: {
  value: AudienceValue;
  onChange: (v: AudienceValue) => void;
  errors: Errors;
}) {
  const picker = value.kind === 'all' ? null : AUDIENCE_PICKERS[value.kind];
  return (
    <FieldFrame group label="Audience" className="ntf-fieldset">
      <FieldFrame error={errors.audience}>
        {(aria) => (
          <div {...aria} className="ntf-choices" role="radiogroup" aria-label="Audience">
            {AUDIENCES.map((a) => (
              <label key={a} className={a === value.kind ? 'ntf-choice is-on' : 'ntf-choice'}>
                <input
                  type="radio"
                  name="audience"
                  value={a}
                  checked={a === value.kind}
                  onChange={() => onChange({ kind: a, target: null })}
                />
                {AUDIENCE_LABELS[a]}
              </label>
            ))}
          </div>
        )}
      </FieldFrame>
      {picker && (
        <RecordPicker
          key={value.kind}
          label={picker.label}
          name="audience_id"
          value={value.target ? [value.target] : []}
          onChange={(next) => onChange({ ...value, target: next[0] ?? null })}
          search={picker.search}
          placeholder={picker.placeholder}
          error={errors.audience_id}
        />
      )}
      <AudienceSize kind={value.kind} id={value.target?.id ?? null} />
    </FieldFrame>
  );
}

/** "191 app users will get it", counted again (debounced) whenever the audience changes. */
function AudienceSize({ kind, id }: { kind: Audience; id: number | null }) {
  const [state, setState] = useState<{ key: string; size: number | null; failed: boolean }>({
    key: '',
    size: null,
    failed: false,
  });
  const key = `${kind}:${id ?? ''}`;
  useEffect(() => {
    const abort = new AbortController();
    const timer = setTimeout(() => {
      audienceSize(kind, id, abort.signal).then(
        (size) => setState({ key, size, failed: false }),
        () => !abort.signal.aborted && setState({ key, size: null, failed: true }),
      );
    }, 150);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [kind, id, key]);

  const needsTarget = kind !== 'all' && id === null;
  let text: string;
  if (needsTarget) text = `Choose ${kind === 'user' ? 'the user' : `the ${kind}`} to see how many people get it.`;
  else if (state.key !== key) text = 'Counting…';
  else if (state.failed) text = 'Could not count the audience.';
  else if (state.size === 0) text = 'Nobody is in this audience: no active app user would get it.';
  else text = `${formatNumber(state.size ?? 0)} app ${state.size === 1 ? 'user gets' : 'users get'} it.`;
  return (
    <p
      className={state.key === key && state.size === 0 ? 'ntf-size ntf-size-empty' : 'ntf-size'}
      aria-live="polite"
      data-testid="audience-size"
    >
      {text}
    </p>
  );
}
