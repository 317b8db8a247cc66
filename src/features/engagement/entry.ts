// Engagement (/engagement): what app users did with offers and cards, as charts. The route
// table in the first download reads this: no heavy imports (uPlot loads with the page only).
import type { ScreenEntry } from '@/screens/screenEntry';

export const ENGAGEMENT_VIEW = 'engagement';

export const entry: ScreenEntry = {
  id: ENGAGEMENT_VIEW,
  title: 'Engagement',
  nav: { path: '/engagement', shortcut: 'g e' },
  paths: ['/engagement'],
  page: () => import('./EngagementScreen'),
  commands: () =>
    Promise.all([import('./commands'), import('./recordCommands')]).then(([a, b]) => [
      ...a.engagementCommands,
      ...b.engagementRecordCommands,
    ]),
};
