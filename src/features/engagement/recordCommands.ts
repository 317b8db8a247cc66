// "Show engagement of this offer / card / bank": wherever such a record is the context (the
// highlighted row or the open record of its list), the engagement screen filtered by it.
import type { Command, Ctx } from '@/commands/types';
import { go } from '@/store/navigate';
import { pathOf } from './engagement';

const SUBJECTS = [
  { resource: 'offer', key: 'offer_id', noun: 'offer' },
  { resource: 'card', key: 'card_id', noun: 'card' },
  { resource: 'bank', key: 'bank_id', noun: 'bank' },
] as const;

const recordOf = (ctx: Ctx, resource: string) => (ctx.cursor?.resource === resource ? ctx.cursor.id : null);

export const engagementRecordCommands: Command[] = SUBJECTS.map(({ resource, key, noun }) => ({
  id: `engagement.of${noun[0].toUpperCase()}${noun.slice(1)}`,
  title: `Show engagement of this ${noun}`,
  group: 'Engagement',
  keywords: ['engagement', 'views', 'redemptions', 'charts', 'analytics', 'stats'],
  scope: 'global',
  enabled: (ctx) => recordOf(ctx, resource) !== null,
  run: (ctx) => go(pathOf({ [key]: recordOf(ctx, resource)! })),
}));
