// How the four tabs read, and where each one lives (the URL's ?tab=).
import { isHomepageTab, type HomepageTab } from './homepageTypes';
import { HOMEPAGE_PATH } from './entry';

export const TAB_LABEL: Record<HomepageTab, { many: string; one: string }> = {
  'hero-banners': { many: 'Hero banners', one: 'hero banner' },
  'welcome-boxes': { many: 'Welcome boxes', one: 'welcome box' },
  'selected-offers': { many: 'Selected offers', one: 'selected offer' },
  'dont-miss-out': { many: "Don't miss out", one: "don't miss out banner" },
};

export const tabPath = (tab: HomepageTab) => `${HOMEPAGE_PATH}?tab=${tab}`;

/** The URL's tab ('?tab=welcome-boxes'); the first tab when it names none. */
export const tabOf = (search: string): HomepageTab => {
  const v = new URLSearchParams(search).get('tab');
  return isHomepageTab(v) ? v : 'hero-banners';
};
