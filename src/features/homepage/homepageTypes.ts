// The homepage configuration's types: its tabs and rows, the calls the model makes
// (HomepageApi) and what the view lends it (HomepageDom); ./homepageModel.ts makes the model.
import { dubaiDay, dubaiInstant } from '@contract/dubaiTime';
import type { DontMissOut, HeroBanner } from '@contract/homepageBanners';
import type { SelectedOffer } from '@contract/homepageSelected';
import type { WelcomeBox } from '@contract/homepageWelcome';
import type { Order } from '@contract/resource';
import type { Payload } from '@/api/call';

/** The screen's tabs, in their order (the URL's ?tab=). */
export const HOMEPAGE_TABS = ['hero-banners', 'welcome-boxes', 'selected-offers', 'dont-miss-out'] as const;
export type HomepageTab = (typeof HOMEPAGE_TABS)[number];
export const isHomepageTab = (v: unknown): v is HomepageTab => (HOMEPAGE_TABS as readonly unknown[]).includes(v);

export interface TabItems {
  'hero-banners': HeroBanner;
  'welcome-boxes': WelcomeBox;
  'selected-offers': SelectedOffer;
  'dont-miss-out': DontMissOut;
}
export type HomepageItem = TabItems[HomepageTab];

/** What a call answers: the server's sentence and the record. */
export interface Answer<T> {
  message: string;
  data: T;
}

export interface HomepageApi {
  /** The whole list, in position order. */
  list(tab: HomepageTab, signal?: AbortSignal): Promise<HomepageItem[]>;
  /** Move a row to a 1-based position; answers the list's new order. */
  move(tab: HomepageTab, id: number, to: number): Promise<Answer<Order>>;
  add(tab: HomepageTab, data: Payload): Promise<Answer<HomepageItem>>;
  update(tab: HomepageTab, id: number, data: Payload): Promise<Answer<HomepageItem>>;
  remove(tab: HomepageTab, id: number): Promise<Answer<unknown>>;
}

export interface TabList {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  error: string | null;
  items: HomepageItem[];
}

/** The form beside the list: the highlighted row's, or a new one. */
export interface FormState {
  kind: 'edit' | 'new';
  saving: boolean;
  /** The server's message per field (422). */
  errors: Record<string, string>;
}

/** What only the DOM can do, lent by the view. */
export interface HomepageDom {
  focusList(): void;
  focusForm(): void;
  focusSearch(): void;
  submitForm(): void;
}

export const perTab = <T>(make: () => T) =>
  Object.fromEntries(HOMEPAGE_TABS.map((t) => [t, make()])) as Record<HomepageTab, T>;

/** 'YYYY-MM-DD' of a moment in Dubai, whose days the date fields take (src/ui/DateField.tsx). */
export const localDay = (t = Date.now()) => dubaiDay(t);

export const titleOf = (item: HomepageItem) => ('offer_title' in item ? item.offer_title : item.title);

/** The tab `delta` places after `tab`, wrapping round ([ and ]). */
export function tabAfter(tab: HomepageTab, delta: number): HomepageTab {
  const n = HOMEPAGE_TABS.length;
  return HOMEPAGE_TABS[(((HOMEPAGE_TABS.indexOf(tab) + delta) % n) + n) % n];
}

/**
 * The moment the preview shows of a day: now on today's date, else noon of the chosen day (a
 * schedule that starts or ends at some hour of that day reads as it does mid-day).
 */
export function previewMoment(day: string, now = Date.now()): number {
  if (day === localDay(now)) return now;
  const [year, month, d] = day.split('-').map(Number);
  return dubaiInstant({ year, month, day: d, hour: 12, minute: 0 }).getTime();
}
