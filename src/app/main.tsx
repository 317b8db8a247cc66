import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { installLeaveGuard } from '@/store/leaveGuard';
import { startSession } from '@/store/session';
import { applyTheme } from '@/store/ui';
import '@/ui/base.css';

applyTheme();
startSession();
// Before the router listens: Back with unsaved edits must reach the guard first.
installLeaveGuard();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
