// The settings calls (contract/settings.ts): one record, read whole, changed by PUT (every
// field) or PATCH (some), each through server/services/settings.ts.
import { patchSettings, putSettings, showSettings, type SettingField } from '@contract/settings';
import { HttpError } from '../errors';
import { bind, type Bound, type CallContext } from '../http/handle';
import { getSettings } from '../repositories/settings';
import { changeSettings } from '../services/settings';
import type { Tx } from '../db/connection';

const notFound = () => new HttpError(404, 'Settings not found.');

export function settingsHandlers({ now }: { now: () => number }): Bound[] {
  const save = async (
    tx: Tx,
    ctx: CallContext,
    id: number,
    body: { version: number } & Partial<Record<SettingField, unknown>>,
    message: string,
  ) => {
    const { version, ...values } = body;
    const who = { id: ctx.user?.id ?? null, name: ctx.user?.name ?? 'unknown' };
    const row = await changeSettings(tx, id, { version, values, who, now: now() });
    if (!row) throw notFound();
    return { message, data: row };
  };
  return [
    bind(showSettings, async (_input, tx) => {
      const row = await getSettings(tx);
      if (!row) throw notFound();
      return { message: showSettings.message!, data: row };
    }),
    bind(putSettings, ({ params, body }, tx, ctx) => save(tx, ctx, params.id, body, putSettings.message!)),
    bind(patchSettings, ({ params, body }, tx, ctx) => save(tx, ctx, params.id, body, patchSettings.message!)),
  ];
}
