// The settings record and its calls: load, save (PATCH with the fields that changed and the
// version the edit started from), the last save's field errors and 409. The form's values live
// in the form; a save runs as a command (toasts) with them as its argument.
import { proxy, ref } from 'valtio';
import { patchSettings, showSettings, type SettingField, type Settings, type SettingsPatch } from '@contract/settings';
import { call } from '@/api/call';
import { ApiError } from '@/api/client';

export const settingsState = proxy({
  record: null as Settings | null,
  status: 'idle' as 'idle' | 'loading' | 'ready' | 'failed',
  error: null as string | null,
  saving: false,
  errors: {} as Record<string, string>,
  /** The last save met a newer version: someone else saved first. */
  conflict: false,
  /** Bumped when the form must start again from the record (a reload). */
  epoch: 0,
});

/** What the DOM lends the commands: submitting the form (mod+s). */
export const settingsForm: { submit: (() => void) | null } = { submit: null };

export async function loadSettings(): Promise<void> {
  settingsState.status = settingsState.record ? 'ready' : 'loading';
  try {
    const res = await call(showSettings, {});
    settingsState.record = ref(res.data);
    settingsState.status = 'ready';
    settingsState.error = null;
  } catch (e) {
    settingsState.status = 'failed';
    settingsState.error = e instanceof ApiError ? (e.serverMessage ?? e.message) : 'Failed to fetch data.';
    throw e;
  }
}

/** Reload and start the form again from what the server holds. */
export async function reloadSettings(): Promise<void> {
  await loadSettings();
  settingsState.conflict = false;
  settingsState.errors = {};
  settingsState.epoch++;
}

export type SettingsValues = Partial<Record<SettingField, unknown>>;

export async function saveSettings(values: SettingsValues) {
  const record = settingsState.record;
  if (!record) throw new Error('The settings are not loaded yet.');
  settingsState.saving = true;
  settingsState.errors = {};
  settingsState.conflict = false;
  try {
    // Text that is no number goes as typed: the server names the field (its rule, its words).
    const res = await call(patchSettings, {
      params: { id: record.id },
      body: { ...values, version: record.version } as SettingsPatch,
    });
    settingsState.record = ref(res.data);
    return res;
  } catch (e) {
    if (e instanceof ApiError) {
      settingsState.errors = e.fieldErrors;
      settingsState.conflict = e.status === 409;
    }
    throw e;
  } finally {
    settingsState.saving = false;
  }
}
