import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { installLeaveGuard } from '@/store/leaveGuard';
import { startSession } from '@/store/session';
import { applyTheme } from '@/store/ui';
import { setHistoryPanel } from '@/screens/recordSlots';
import { historyPanel } from '@/features/audit/entry';
import '@/ui/base.css';

applyTheme();
startSession();
// Before the router listens: Back with unsaved edits must reach the guard first.
installLeaveGuard();
// The features' parts of every record pane: the generic kit names no feature (src/screens/recordSlots.ts).
setHistoryPanel(historyPanel);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
