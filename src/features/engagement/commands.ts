// The engagement screen's keys: 1/2/3 the last 7/30/90 days, c a custom range (the dates in
// the head), shift+e the CSV of what is shown. Each changes the URL, which the screen follows.
import { ENGAGEMENT_PRESETS } from '@contract/engagement';
import type { Command } from '@/commands/types';
import { CommandError } from '@/commands/runner';
import { engagementState, FILTER_KEYS, navigateTo, withoutFilters, withRange } from './engagement';
import { downloadEngagement } from './engagementCsv';
import { ENGAGEMENT_VIEW } from './entry';
import { formatNumber } from '@/lib/format';

const scope = `view:${ENGAGEMENT_VIEW}` as const;
const group = 'Engagement';

/** The custom range's first date field: the view registers it (the DOM is the view's). */
let focusCustom: (() => void) | null = null;
export const setCustomFocus = (fn: (() => void) | null) => {
  focusCustom = fn;
};

export const engagementCommands: Command[] = [
  ...ENGAGEMENT_PRESETS.map((days, i): Command => ({
    id: `engagement.last${days}`,
    title: `Engagement of the last ${days} days`,
    group,
    keywords: ['range', 'period', `${days} days`, days === 7 ? 'week' : days === 30 ? 'month' : 'quarter'],
    shortcut: String(i + 1),
    scope,
    run: () => navigateTo(withRange({ days })),
  })),
  {
    id: 'engagement.custom',
    title: 'Engagement of a custom range…',
    group,
    keywords: ['range', 'from', 'to', 'dates', 'period'],
    shortcut: 'c',
    scope,
    run: () => focusCustom?.(),
  },
  {
    id: 'engagement.export',
    title: 'Export engagement to CSV',
    group,
    keywords: ['csv', 'download', 'spreadsheet', 'excel', 'export'],
    shortcut: 'shift+e',
    scope,
    enabled: () => engagementState.data !== null,
    async run() {
      const data = engagementState.data;
      if (!data) throw new CommandError('Nothing to export yet.');
      const rows = await downloadEngagement(data);
      return { message: `Exported ${formatNumber(rows)} rows of engagement.` };
    },
  },
  {
    id: 'engagement.clearFilters',
    title: 'Show engagement of everything',
    group,
    keywords: ['clear', 'remove filters', 'all offers', 'unfilter'],
    scope,
    enabled: () => FILTER_KEYS.some((k) => engagementState.query[k] !== undefined),
    run: () => navigateTo(withoutFilters()),
  },
];
