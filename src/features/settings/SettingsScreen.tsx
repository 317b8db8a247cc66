import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { SETTING_FIELDS, type SettingChange, type SettingField, type Settings } from '@contract/settings';
import { CommandButton } from '@/commands/CommandButton';
import { runCommand } from '@/commands/runner';
import { setActiveView } from '@/store/ui';
import { CheckField, Field } from '@/ui/Field';
import { TextAreaField } from '@/ui/FormFields';
import { Loader } from '@/ui/Loader';
import { formatFullDateTime, formatSince } from '@/lib/format';
import { ConflictAlert } from '@/ui/formParts';
import { draftOf, SECTIONS, SETTING_DEFS, typed, type Draft, type SettingDef } from './fields';
import { loadSettings, settingsForm, settingsState, type SettingsValues } from './state';
import './settings.css';

export default function SettingsScreen() {
  const s = useSnapshot(settingsState);
  useEffect(() => {
    setActiveView('settings');
    loadSettings().catch(() => undefined);
    return () => setActiveView(null);
  }, []);

  return (
    <div className="page settings-page">
      <div className="page-head">
        <h1>Settings</h1>
        <CommandButton id="settings.reload" label="Reload" variant="ghost" />
        <CommandButton id="settings.save" variant="primary" />
      </div>
      <p className="muted settings-intro">
        What the Cards app reads when it starts. Each field shows who changed it last and when.
      </p>
      {s.status === 'failed' && !s.record && (
        <div className="alert" role="alert">
          {s.error}
        </div>
      )}
      {s.record ? (
        <SettingsForm key={`${s.record.id}:${s.epoch}`} record={s.record as Settings} />
      ) : (
        s.status !== 'failed' && <Loader />
      )}
    </div>
  );
}

/**
 * What a setting's field says beyond the contract (./fields.ts derives label, kind and bounds):
 * a placeholder, or words after its bounds.
 */
const TWEAKS: Partial<Record<SettingField, { placeholder?: (d: Draft) => string; hint?: string }>> = {
  min_app_version_ios: { placeholder: () => '2.14.0' },
  min_app_version_android: { placeholder: () => '2.14.0' },
  maintenance_message: {
    placeholder: (d) =>
      d.maintenance_mode ? 'Required while maintenance mode is on' : 'Shown only while maintenance mode is on',
  },
  health_ending_days: { hint: 'today counts as one' },
  health_duplicate_similarity: { hint: 'higher finds fewer, closer pairs' },
};

function SettingsForm({ record }: { record: Settings }) {
  const { errors, saving, conflict } = useSnapshot(settingsState);
  const [draft, setDraft] = useState<Draft>(() => draftOf(record));
  const formRef = useRef<HTMLFormElement>(null);
  // After a save the record is the server's: start the comparison from it (typed values stay).
  const base = typed(draftOf(record));
  const now = typed(draft);
  const changed = SETTING_FIELDS.filter((f) => now[f] !== base[f]);

  useEffect(() => {
    settingsForm.submit = () => formRef.current?.requestSubmit();
    return () => {
      settingsForm.submit = null;
    };
  }, []);

  function submit(e: FormEvent) {
    e.preventDefault();
    // Only what changed goes: each such field records who and when; the rest keep theirs.
    const values: SettingsValues = Object.fromEntries(changed.map((f) => [f, now[f]]));
    void runCommand('settings.update', 'button', values);
  }

  const field = (f: SettingField) => (
    <SettingInput
      key={f}
      def={SETTING_DEFS[f]}
      draft={draft}
      onChange={(v) => setDraft((d) => ({ ...d, [f]: v }))}
      error={errors[f]}
      change={record.changes[f]}
    />
  );
  return (
    <form ref={formRef} className="settings-form" onSubmit={submit} noValidate aria-label="Settings">
      {conflict && <ConflictAlert what="settings" onReload={() => void runCommand('settings.reload', 'button')} />}
      {SECTIONS.map((s) => (
        <Section key={s.title} title={s.title} about={s.about}>
          {s.rows.map((row) =>
            typeof row === 'string' ? (
              field(row)
            ) : (
              <div key={row.join()} className="field-pair">
                {row.map(field)}
              </div>
            ),
          )}
        </Section>
      ))}
      <div className="pane-actions settings-actions">
        <button type="submit" className="btn btn-primary" disabled={saving || !changed.length}>
          {saving
            ? 'Saving…'
            : changed.length
              ? `Save ${changed.length} ${changed.length === 1 ? 'change' : 'changes'}`
              : 'No changes'}
        </button>
        <button type="button" className="btn" disabled={!changed.length} onClick={() => setDraft(draftOf(record))}>
          Discard
        </button>
      </div>
    </form>
  );
}

/** One setting's field as its kind shows it, with who changed it last. */
function SettingInput({
  def,
  draft,
  onChange,
  error,
  change,
}: {
  def: SettingDef;
  draft: Draft;
  onChange: (value: string | boolean) => void;
  error: string | undefined;
  change: SettingChange | undefined;
}) {
  const { key, label, kind } = def;
  const tweak = TWEAKS[key];
  const value = draft[key];
  if (kind === 'flag')
    return (
      <CheckField
        name={key}
        label={
          <>
            {label}
            <span className="settings-who">
              <ChangedBy change={change} />
            </span>
          </>
        }
        checked={value === true}
        onChange={(e) => onChange(e.target.checked)}
        error={error}
      />
    );
  const words = [def.bounds, tweak?.hint].filter(Boolean);
  const hint = words.length ? `${words.join('; ')}.` : undefined;
  const common = {
    label,
    name: key,
    value: String(value),
    error,
    placeholder: tweak?.placeholder?.(draft),
  };
  return (
    <Setting who={<ChangedBy change={change} />}>
      {kind === 'paragraph' ? (
        <TextAreaField
          {...common}
          rows={2}
          maxLength={def.maxLength}
          onChange={(e) => onChange(e.target.value)}
          hint={hint}
        />
      ) : (
        <Field
          {...common}
          type={kind === 'email' ? 'email' : undefined}
          inputMode={kind === 'integer' ? 'numeric' : kind === 'decimal' ? 'decimal' : undefined}
          autoComplete="off"
          onChange={(e) => onChange(e.target.value)}
          hint={hint}
        />
      )}
    </Setting>
  );
}

/** A field with who changed it last under it (shown beside an error too). */
function Setting({ who, children }: { who: ReactNode; children: ReactNode }) {
  return (
    <div className="settings-field">
      {children}
      {who}
    </div>
  );
}

function Section({ title, about, children }: { title: string; about: string; children: ReactNode }) {
  return (
    <section className="settings-section" aria-label={title}>
      <header>
        <h2>{title}</h2>
        <p className="muted">{about}</p>
      </header>
      {children}
    </section>
  );
}

/** "Changed by Sara Admin · 3 days ago", the exact time as its tooltip; "Never changed". */
function ChangedBy({ change }: { change: SettingChange | undefined }) {
  if (!change) return <span className="settings-who muted">Never changed</span>;
  return (
    <span className="settings-who" data-testid="changed-by" title={formatFullDateTime(change.at)}>
      Changed by <strong>{change.by_name}</strong> · <time dateTime={change.at}>{formatSince(change.at)}</time>
    </span>
  );
}
