import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { SETTING_LABELS, type SettingChange, type SettingField, type Settings } from '@contract/settings';
import { CommandButton } from '@/commands/CommandButton';
import { runCommand } from '@/commands/runner';
import { setActiveView } from '@/store/ui';
import { CheckField, Field } from '@/ui/Field';
import { TextAreaField } from '@/ui/FormFields';
import { Loader } from '@/ui/Loader';
import { formatFullDateTime, formatSince } from '@/lib/format';
import { ConflictAlert } from '@/ui/formParts';
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

/** The typed values as the form holds them (text while typing). */
interface Draft {
  support_email: string;
  default_outlet_radius_km: string;
  min_app_version_ios: string;
  min_app_version_android: string;
  maintenance_mode: boolean;
  maintenance_message: string;
  offers_per_section: string;
  health_ending_days: string;
  health_offer_image: boolean;
  health_offer_terms: boolean;
  health_outlet_area: boolean;
  health_outlet_location: boolean;
}

const draftOf = (r: Settings): Draft => ({
  support_email: r.support_email,
  default_outlet_radius_km: String(r.default_outlet_radius_km),
  min_app_version_ios: r.min_app_version_ios,
  min_app_version_android: r.min_app_version_android,
  maintenance_mode: r.maintenance_mode,
  maintenance_message: r.maintenance_message ?? '',
  offers_per_section: String(r.offers_per_section),
  health_ending_days: String(r.health_ending_days),
  health_offer_image: r.health_offer_image,
  health_offer_terms: r.health_offer_terms,
  health_outlet_area: r.health_outlet_area,
  health_outlet_location: r.health_outlet_location,
});

/** Text → the type the field takes ('' and junk stay as typed, for the server to name). */
// The screen leaves audit_retention_days as it is (set through the API for now).
function typed(d: Draft): Partial<Record<SettingField, unknown>> {
  const num = (t: string) => (t.trim() !== '' && Number.isFinite(Number(t)) ? Number(t) : t);
  return {
    support_email: d.support_email.trim(),
    default_outlet_radius_km: num(d.default_outlet_radius_km),
    min_app_version_ios: d.min_app_version_ios.trim(),
    min_app_version_android: d.min_app_version_android.trim(),
    maintenance_mode: d.maintenance_mode,
    maintenance_message: d.maintenance_message.trim() || null,
    offers_per_section: num(d.offers_per_section),
    health_ending_days: num(d.health_ending_days),
    health_offer_image: d.health_offer_image,
    health_offer_terms: d.health_offer_terms,
    health_outlet_area: d.health_outlet_area,
    health_outlet_location: d.health_outlet_location,
  };
}

function SettingsForm({ record }: { record: Settings }) {
  const { errors, saving, conflict } = useSnapshot(settingsState);
  const [draft, setDraft] = useState<Draft>(() => draftOf(record));
  const formRef = useRef<HTMLFormElement>(null);
  // After a save the record is the server's: start the comparison from it (typed values stay).
  const base = typed(draftOf(record));
  const now = typed(draft);
  const changed = (Object.keys(now) as SettingField[]).filter((f) => now[f] !== base[f]);

  useEffect(() => {
    settingsForm.submit = () => formRef.current?.requestSubmit();
    return () => {
      settingsForm.submit = null;
    };
  }, []);

  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }));

  function submit(e: FormEvent) {
    e.preventDefault();
    // Only what changed goes: each such field records who and when; the rest keep theirs.
    const values: SettingsValues = Object.fromEntries(changed.map((f) => [f, now[f]]));
    void runCommand('settings.update', 'button', values);
  }

  const who = (f: SettingField) => <ChangedBy change={record.changes[f]} />;
  return (
    <form ref={formRef} className="settings-form" onSubmit={submit} noValidate aria-label="Settings">
      {conflict && <ConflictAlert what="settings" onReload={() => void runCommand('settings.reload', 'button')} />}
      <Section title="Support" about="Where the app sends people who need help.">
        <Setting who={who('support_email')}>
          <Field
            label={SETTING_LABELS.support_email}
            name="support_email"
            type="email"
            autoComplete="off"
            value={draft.support_email}
            onChange={(e) => set('support_email', e.target.value)}
            error={errors.support_email}
          />
        </Setting>
      </Section>
      <Section title="Outlets and homepage" about="How much the app shows before a person chooses.">
        <div className="field-pair">
          <Setting who={who('default_outlet_radius_km')}>
            <Field
              label={SETTING_LABELS.default_outlet_radius_km}
              name="default_outlet_radius_km"
              inputMode="decimal"
              autoComplete="off"
              value={draft.default_outlet_radius_km}
              onChange={(e) => set('default_outlet_radius_km', e.target.value)}
              error={errors.default_outlet_radius_km}
              hint="0.1 to 200."
            />
          </Setting>
          <Setting who={who('offers_per_section')}>
            <Field
              label={SETTING_LABELS.offers_per_section}
              name="offers_per_section"
              inputMode="numeric"
              autoComplete="off"
              value={draft.offers_per_section}
              onChange={(e) => set('offers_per_section', e.target.value)}
              error={errors.offers_per_section}
              hint="1 to 50."
            />
          </Setting>
        </div>
      </Section>
      <Section title="App versions" about="An older app asks its user to update before going on (x.y.z).">
        <div className="field-pair">
          <Setting who={who('min_app_version_ios')}>
            <Field
              label={SETTING_LABELS.min_app_version_ios}
              name="min_app_version_ios"
              autoComplete="off"
              placeholder="2.14.0"
              value={draft.min_app_version_ios}
              onChange={(e) => set('min_app_version_ios', e.target.value)}
              error={errors.min_app_version_ios}
            />
          </Setting>
          <Setting who={who('min_app_version_android')}>
            <Field
              label={SETTING_LABELS.min_app_version_android}
              name="min_app_version_android"
              autoComplete="off"
              placeholder="2.14.0"
              value={draft.min_app_version_android}
              onChange={(e) => set('min_app_version_android', e.target.value)}
              error={errors.min_app_version_android}
            />
          </Setting>
        </div>
      </Section>
      <Section title="Maintenance" about="While it is on, the app shows the message instead of its screens.">
        <CheckField
          name="maintenance_mode"
          label={
            <>
              {SETTING_LABELS.maintenance_mode}
              <span className="settings-who">{who('maintenance_mode')}</span>
            </>
          }
          checked={draft.maintenance_mode}
          onChange={(e) => set('maintenance_mode', e.target.checked)}
          error={errors.maintenance_mode}
        />
        <Setting who={who('maintenance_message')}>
          <TextAreaField
            label={SETTING_LABELS.maintenance_message}
            name="maintenance_message"
            rows={2}
            maxLength={500}
            placeholder={
              draft.maintenance_mode
                ? 'Required while maintenance mode is on'
                : 'Shown only while maintenance mode is on'
            }
            value={draft.maintenance_message}
            onChange={(e) => set('maintenance_message', e.target.value)}
            error={errors.maintenance_message}
          />
        </Setting>
      </Section>
      <Section
        title="Catalogue health"
        about="What the Health queues count: how far ahead an offer ends soon, and what a complete offer and outlet hold."
      >
        <Setting who={who('health_ending_days')}>
          <Field
            label={SETTING_LABELS.health_ending_days}
            name="health_ending_days"
            inputMode="numeric"
            autoComplete="off"
            value={draft.health_ending_days}
            onChange={(e) => set('health_ending_days', e.target.value)}
            error={errors.health_ending_days}
            hint="1 to 365; today counts as one."
          />
        </Setting>
        {(['health_offer_image', 'health_offer_terms', 'health_outlet_area', 'health_outlet_location'] as const).map(
          (f) => (
            <CheckField
              key={f}
              name={f}
              label={
                <>
                  {SETTING_LABELS[f]}
                  <span className="settings-who">{who(f)}</span>
                </>
              }
              checked={draft[f]}
              onChange={(e) => set(f, e.target.checked)}
              error={errors[f]}
            />
          ),
        )}
      </Section>
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
