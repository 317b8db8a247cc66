// The app's legal pages: /term-condition and /privacy-policy, one screen (the editor, its
// preview and the page's history) with the page in the path. The editor (TipTap) loads with
// the page's chunk only. No heavy imports: the route table reads this.
import type { ScreenEntry } from '@/screens/screenEntry';

export const CMS_VIEW = 'cms';
export const CMS_PATHS = { 'term-condition': '/term-condition', 'privacy-policy': '/privacy-policy' } as const;

export const entry: ScreenEntry = {
  id: CMS_VIEW,
  title: 'Terms & privacy',
  nav: { path: CMS_PATHS['term-condition'], shortcut: 'g x' },
  paths: Object.values(CMS_PATHS),
  page: () => import('./CmsScreen'),
  commands: () => import('./commands').then((m) => m.cmsCommands),
};
