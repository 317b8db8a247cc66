// The settings row (server/db/migrations/011_settings.sql): read it, and write the fields that
// changed with who changed them and when.
import type { Settings, SettingChange, SettingField } from '@contract/settings';
import type { Tx } from '../db/connection';
import { normalise } from './crud';

/** The one row; `lock` holds it until the transaction ends (an update reads, then writes). */
export async function getSettings(tx: Tx, id = 1, lock = false): Promise<Settings | null> {
  return normalise<Settings>(
    (await tx.query(`select * from settings where id = $1${lock ? ' for update' : ''}`, [id])).rows[0],
  );
}

/** Writes `values` (the fields that changed), records `change` for each, and moves the version on. */
export async function writeSettings(
  tx: Tx,
  id: number,
  values: Partial<Record<SettingField, unknown>>,
  change: SettingChange,
): Promise<Settings | null> {
  const fields = Object.keys(values) as SettingField[];
  const changes = Object.fromEntries(fields.map((f) => [f, change]));
  const params: unknown[] = [id, JSON.stringify(changes), new Date(change.at), ...fields.map((f) => values[f])];
  const sets = [
    ...fields.map((f, i) => `${f} = $${i + 4}`),
    'changes = changes || $2::jsonb',
    'version = version + 1',
    'updated_at = $3',
  ];
  await tx.query(`update settings set ${sets.join(', ')} where id = $1`, params);
  return getSettings(tx, id);
}
