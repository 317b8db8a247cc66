// The audit log (/audit-log): every write call, filtered by record, person, operation and dates.
import type { ScreenEntry } from '@/screens/screenEntry';

export const AUDIT_VIEW = 'audit';
export const AUDIT_PATH = '/audit-log';

export const entry: ScreenEntry = {
  id: AUDIT_VIEW,
  title: 'Audit log',
  nav: { path: AUDIT_PATH, shortcut: 'g j' },
  paths: [AUDIT_PATH],
  page: () => import('./AuditScreen'),
  commands: () => import('./commands').then((m) => m.auditCommands),
};

/** A record's History panel, for the record panes' slot (src/screens/recordSlots.ts, filled in src/app/main.tsx). */
export const historyPanel = () => import('./history/HistoryPanel').then((m) => ({ default: m.HistoryPanel }));
