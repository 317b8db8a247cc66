// Every screen of the signed-in app, in sidebar order: one line each. The route table, the
// sidebar, the "Go to …" commands and the command registry all read this list; a test fails
// when a screen folder's entry or a contract resource's screen is missing from it.
import type { ScreenEntry } from './views/screenEntry';
import { entry as dashboard } from './views/dashboard/entry';
import { entry as cards } from './views/catalogue/cards/entry';
import { entry as banks } from './views/catalogue/banks/entry';
import { entry as outlets } from './views/catalogue/outlets/entry';
import { entry as offers } from './views/catalogue/offers/entry';
import { entry as categories } from './views/catalogue/categories/entry';
import { entry as networks } from './views/catalogue/networks/entry';
import { entry as outletRadius } from './views/catalogue/outletRadius/entry';
import { entry as cities } from './views/catalogue/cities/entry';
import { entry as users } from './views/catalogue/users/entry';
import { entry as importCsv } from './views/catalogue/csv/entry';
import { entry as crawlSources } from './views/crawl/sources/entry';
import { entry as crawlTriage } from './views/crawl/triage/entry';
import { entry as crawlRecord } from './views/crawl/records/entry';
import { entry as homepage } from './views/homepage/entry';
import { entry as crawlBanks } from './views/crawl/banks/entry';
import { entry as crawlOffers } from './views/crawl/offers/entry';
import { entry as profile } from './views/profile/entry';
import { entry as engagement } from './views/engagement/entry';
import { entry as notifications } from './views/notifications/entry';
import { entry as settings } from './views/settings/entry';
import { entry as contact } from './views/content/contact/entry';
import { entry as feedback } from './views/content/feedback/entry';
import { entry as cms } from './views/content/cms/entry';

export const screens: readonly ScreenEntry[] = [dashboard, cards, banks, outlets, offers, categories, networks, outletRadius, cities, users, importCsv, homepage, contact, feedback, cms, notifications, engagement, crawlSources, crawlBanks, crawlOffers, crawlTriage, crawlRecord, settings, profile];
