// The Health screen's keys and the palette's way to every queue and fix from anywhere. On the
// screen: 1–6 show a queue, j/k/x/Enter are the list keys (src/commands/list.ts: Enter opens the
// row's record), and each fix its one key (contract/healthQueues.ts: e extend, n end now, h
// take off the homepage or hide, l the ranked candidates to link, s the crawl source that fed
// the row). While an offer's candidates are shown, 1–9 link the nth instead of showing a
// queue. A key command stands for whatever fix of the queue shown has
// that key; the palette lists each queue and each fix by name (src/commands/actions.ts), and a
// fix chosen on another screen opens its queue first, then applies to its first row, asking
// as the key does. Extending asks for a date on a palette page: typed ("+30d", "end of
// month", "24 Dec": src/lib/parseDate.ts) or one of three offered.
import { HEALTH_QUEUES, type HealthFixDef } from '@contract/healthQueues';
import { addDays, dubaiDay, parseYmd, ymd } from '@contract/dubaiTime';
import type { Command, PickItem } from '@/commands/types';
import { openPalette } from '@/store/ui';
import { currentPath, go } from '@/store/navigate';
import { actionWords } from '@/commands/actions';
import {
  applyFix,
  currentQueue,
  fixTargets,
  health,
  linkCandidate,
  openCandidates,
  openCrawlSource,
  openQueueAt,
  queuePath,
  queueReady,
} from './healthModel';
import { HEALTH_VIEW } from './entry';

const scope = `view:${HEALTH_VIEW}` as const;
const group = 'Catalogue health';
const needs = { permission: 'health.fix' as const };

/** The keys any fix uses, each one command on the screen. */
const FIX_KEYS = [...new Set(HEALTH_QUEUES.flatMap((q) => q.fixes.map((f: HealthFixDef) => f.key)))];

const fixWithKey = (key: string) => currentQueue()?.fixes.find((f) => f.key === key);

/** On the queue's screen, with its rows read (going there first from another screen). */
async function atQueue(queue: string): Promise<boolean> {
  if (currentPath() !== queuePath(queue)) go(queuePath(queue));
  return queueReady(queue);
}

async function dateChoices(search: string): Promise<PickItem<string>[]> {
  const typed = search.trim();
  if (typed) {
    const { parseDate } = await import('@/lib/parseDate');
    const read = parseDate(typed, new Date());
    return read ? [{ key: read.day, label: read.day, value: read.day }] : [];
  }
  const day = dubaiDay();
  const today = parseYmd(day)!;
  const item = (value: string, hint: string) => ({ key: hint, label: value, hint, value });
  return [
    item(addDays(day, 30), 'In 30 days'),
    item(ymd({ ...today, day: new Date(Date.UTC(today.year, today.month, 0)).getUTCDate() }), 'End of this month'),
    item(ymd({ ...today, month: 12, day: 31 }), 'End of this year'),
  ];
}

const openQueue = (queue: string): Command => ({
  id: `health.open.${queue}`,
  ...actionWords(`health.open.${queue}`),
  scope: 'global',
  anywhere: true,
  run: () => go(queuePath(queue)),
});

/** A fix by name, from anywhere: its queue's first row (or the checked rows there). */
const fixByName = (queue: string, fix: HealthFixDef): Command<string | undefined> => ({
  id: `health.fix.${queue}.${fix.id}`,
  ...actionWords(`health.fix.${queue}.${fix.id}`),
  scope: 'global',
  anywhere: true,
  needs,
  ...(fix.takes === 'date' && {
    pick: {
      placeholder: 'New last day: "+30d", "end of month", "24 Dec"…',
      load: (search: string) => dateChoices(search),
    },
  }),
  run: async (_ctx, to) => {
    if (!(await atQueue(queue))) return undefined;
    if (!fixTargets().length) return { message: 'Nothing left in this queue.' };
    if (fix.takes === 'candidate') return openCandidates();
    if (fix.takes === 'source') return openCrawlSource();
    return applyFix(fix.id, typeof to === 'string' ? to : undefined);
  },
});

export const healthCommands: Command[] = [
  ...HEALTH_QUEUES.map((q) => openQueue(q.id)),
  ...HEALTH_QUEUES.flatMap((q) => q.fixes.map((f: HealthFixDef) => fixByName(q.id, f) as Command)),
  // One key per digit: the nth candidate while an offer's are shown, else the nth queue (the
  // tenth queue's key is 0).
  ...Array.from({ length: 10 }, (_, i): Command => ({
    id: `health.queue${i + 1}`,
    get title() {
      const c = health.candidates?.list[i];
      if (health.candidates)
        return c ? `Link ${health.candidates.kind} ${i + 1}: ${c.title}` : `Link candidate ${i + 1}`;
      const q = HEALTH_QUEUES[i];
      return q ? `Show queue ${i + 1}: ${q.title}` : `Show queue ${i + 1}`;
    },
    group,
    shortcut: String((i + 1) % 10),
    scope,
    palette: false,
    enabled: () => (health.candidates ? i < 9 && i < health.candidates.list.length : i < HEALTH_QUEUES.length),
    run: () => (health.candidates ? linkCandidate(i) : openQueueAt(i)),
  })),
  ...FIX_KEYS.map((key): Command => ({
    id: `health.key.${key}`,
    get title() {
      return fixWithKey(key)?.title ?? `Fix (${key})`;
    },
    group,
    shortcut: key,
    scope,
    // The palette lists each fix by its name (above); this is the key on the queue shown.
    palette: false,
    needs,
    enabled: () => !!fixWithKey(key) && !!fixTargets().length && health.status === 'ready',
    run: () => {
      const fix = fixWithKey(key)!;
      if (fix.takes === 'candidate') return openCandidates();
      if (fix.takes === 'source') return openCrawlSource();
      const id = `health.fix.${currentQueue()!.id}.${fix.id}`;
      if (fix.takes === 'date') return openPalette(id);
      return applyFix(fix.id);
    },
  })),
];
