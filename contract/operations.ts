// Every call of the product, in the order of its specification. The server registers exactly these
// (server/app.ts), the OpenAPI document and contract/api.md list exactly these, and a test
// fails when one has no handler. A plain CRUD entity is one line in `resources` (./resources.ts).
import { auditOps } from './audit';
import { authOps } from './auth';
import { cardOps } from './card';
import { cmsOps } from './cms';
import { contactOps } from './contact';
import { crawlOps } from './crawlOps';
import { homepageOps } from './homepage';
import { checkCsvNames, importCsv } from './csvImport';
import { totalCounts } from './dashboard';
import { engagementOps } from './engagement';
import { healthOps } from './health';
import { streamEvents } from './events';
import { notificationOps } from './notification';
import { offerOps } from './offer';
import { announcePresence } from './presence';
import type { AnyOp } from './operation';
import { resources } from './resources';
import { savedViewOps } from './savedView';
import { searchRecords } from './search';
import { settingsOps } from './settings';

export const operations: readonly AnyOp[] = [
  ...authOps,
  totalCounts,
  ...resources.flatMap((r) => Object.values(r.ops) as AnyOp[]),
  ...cardOps,
  ...offerOps,
  importCsv,
  checkCsvNames,
  searchRecords,
  ...crawlOps,
  ...homepageOps,
  ...cmsOps,
  ...contactOps,
  ...notificationOps,
  ...settingsOps,
  ...engagementOps,
  ...auditOps,
  ...healthOps,
  ...savedViewOps,
  streamEvents,
  announcePresence,
];
