// Catalogue health: the queues of what is wrong in the live catalogue (contract/healthQueues.ts),
// each worked by keys in a split pane. The route table in the first download reads this: no
// heavy imports.
import type { ScreenEntry } from '@/screens/screenEntry';

export const HEALTH_VIEW = 'health';

export const entry: ScreenEntry = {
  id: HEALTH_VIEW,
  title: 'Catalogue health',
  // q: "queues"; the other letters of `g` are taken (src/commands/registry.test.ts).
  nav: { path: '/health-queues', shortcut: 'g q' },
  paths: ['/health-queues', '/health-queues/:queue'],
  page: () => import('./HealthScreen'),
  commands: () => import('./commands').then((m) => m.healthCommands),
};
