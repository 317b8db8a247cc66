// What a feature shows in every record pane (src/screens/RecordPane.tsx) without the generic
// kit naming the feature: a feature never imports another, and the kit sits below them all
// (eslint.config.js). The app fills each slot once at start (src/app/main.tsx) with the
// feature's loader, so the feature's code is fetched only when the slot first shows.
import type { TObject } from '@sinclair/typebox';
import type { ComponentType } from 'react';
import { lazyPage } from '@/ui/lazyPage';

/** What a record's History panel gets from the pane: the record, and the schema its form sends (for labels). */
export interface HistoryPanelProps {
  resource: string;
  id: number;
  schema: TObject;
}

type HistorySlot = ReturnType<typeof lazyPage<HistoryPanelProps>>;

let historyPanel: HistorySlot | null = null;

/** The record's History (its `h`, src/commands/resourceCommands.ts): the audit feature's panel. */
export function setHistoryPanel(load: () => Promise<{ default: ComponentType<HistoryPanelProps> }>): void {
  historyPanel = lazyPage(load);
}

/** The History panel, or null when no feature filled the slot (the pane then offers no History). */
export const historyPanelSlot = (): HistorySlot | null => historyPanel;
