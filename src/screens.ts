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
import { entry as profile } from './views/profile/entry';

export const screens: readonly ScreenEntry[] = [dashboard, cards, banks, outlets, offers, categories, networks, outletRadius, cities, users, importCsv, crawlSources, crawlTriage, crawlRecord, profile];
