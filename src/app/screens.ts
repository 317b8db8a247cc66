// Every screen of the signed-in app, in sidebar order: one line each. The route table, the
// sidebar, the "Go to …" commands and the command registry all read this list; a test fails
// when a screen folder's entry or a contract resource's screen is missing from it.
import type { ScreenEntry } from '@/screens/screenEntry';
import { entry as dashboard } from '@/features/dashboard/entry';
import { entry as cards } from '@/features/catalogue/cards/entry';
import { entry as banks } from '@/features/catalogue/banks/entry';
import { entry as outlets } from '@/features/catalogue/outlets/entry';
import { entry as offers } from '@/features/catalogue/offers/entry';
import { entry as categories } from '@/features/catalogue/categories/entry';
import { entry as networks } from '@/features/catalogue/networks/entry';
import { entry as outletRadius } from '@/features/catalogue/outletRadius/entry';
import { entry as cities } from '@/features/catalogue/cities/entry';
import { entry as users } from '@/features/catalogue/users/entry';
import { entry as importCsv } from '@/features/catalogue/csv/entry';
import { entry as crawlSources } from '@/features/crawl/sources/entry';
import { entry as crawlTriage } from '@/features/crawl/triage/entry';
import { entry as crawlRecord } from '@/features/crawl/records/entry';
import { entry as homepage } from '@/features/homepage/entry';
import { entry as crawlBanks } from '@/features/crawl/banks/entry';
import { entry as crawlOffers } from '@/features/crawl/offers/entry';
import { entry as profile } from '@/features/profile/entry';
import { entry as engagement } from '@/features/engagement/entry';
import { entry as notifications } from '@/features/notifications/entry';
import { entry as settings } from '@/features/settings/entry';
import { entry as contact } from '@/features/content/contact/entry';
import { entry as feedback } from '@/features/content/feedback/entry';
import { entry as cms } from '@/features/content/cms/entry';
import { entry as audit } from '@/features/audit/entry';
import { entry as health } from '@/features/health/entry';

export const screens: readonly ScreenEntry[] = [
  dashboard,
  health,
  cards,
  banks,
  outlets,
  offers,
  categories,
  networks,
  outletRadius,
  cities,
  users,
  importCsv,
  homepage,
  contact,
  feedback,
  cms,
  notifications,
  engagement,
  crawlSources,
  crawlBanks,
  crawlOffers,
  crawlTriage,
  crawlRecord,
  settings,
  audit,
  profile,
];
