// The homepage configuration: the four ordered lists that arrange the app's homepage
// (hero banners, welcome boxes, selected offers, don't miss out), one tab each, with the
// tab in the URL (/homepage-config?tab=selected-offers). No heavy imports: the route table
// reads this, and the sortable lists (dnd-kit) load with the page only.
import type { ScreenEntry } from '@/screens/screenEntry';

export const HOMEPAGE_VIEW = 'homepage';
export const HOMEPAGE_PATH = '/homepage-config';

export const entry: ScreenEntry = {
  id: HOMEPAGE_VIEW,
  title: 'Homepage',
  nav: { path: HOMEPAGE_PATH, shortcut: 'g h' },
  paths: [HOMEPAGE_PATH],
  page: () => import('./HomepageScreen'),
  commands: () => import('./commands').then((m) => m.homepageCommands),
};
