// Changing the settings (contract/settings.ts): PUT and PATCH alike take the fields given over
// the current row, check the rule that spans fields (a maintenance message while maintenance
// mode is on), and write only what changed, each field recording who and when. A stale
// `version` is a 409; a save that changes nothing writes nothing.
import { SETTING_FIELDS, SETTING_LABELS, type SettingField, type Settings } from '@contract/settings';
import type { Tx } from '../db/connection';
import { StaleVersionError, badField } from '../errors';
import { getSettings, writeSettings } from '../repositories/settings';

interface SettingsEdit {
  version: number;
  values: Partial<Record<SettingField, unknown>>;
  who: { id: number | null; name: string };
  now: number;
}

/** Blank text is no message: null. */
const tidy = (field: SettingField, v: unknown) =>
  field === 'maintenance_message' && typeof v === 'string'
    ? v.trim() || null
    : field === 'support_email' && typeof v === 'string'
      ? v.trim()
      : v;

export async function changeSettings(tx: Tx, id: number, edit: SettingsEdit): Promise<Settings | null> {
  const current = await getSettings(tx, id, true);
  if (!current) return null;
  if (current.version !== edit.version) throw new StaleVersionError(current);
  const next: Record<string, unknown> = { ...current };
  const changed: Partial<Record<SettingField, unknown>> = {};
  for (const field of SETTING_FIELDS) {
    if (!(field in edit.values)) continue;
    const value = tidy(field, edit.values[field]);
    next[field] = value;
    if (value !== current[field]) changed[field] = value;
  }
  if (next.maintenance_mode === true && !next.maintenance_message) {
    throw badField(
      'maintenance_message',
      `${SETTING_LABELS.maintenance_message} is required while maintenance mode is on: it is what the app shows.`,
    );
  }
  if (!Object.keys(changed).length) return current;
  return writeSettings(tx, id, changed, {
    by_id: edit.who.id,
    by_name: edit.who.name,
    at: new Date(edit.now).toISOString(),
  });
}
