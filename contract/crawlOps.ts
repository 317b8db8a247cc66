// Every crawl review call, for contract/operations.ts.
import { importCrawl, listSources, showSource, verifySource } from './crawlSources';
import { assignCardRef, createCardFromRef, listCardRefs } from './crawlCards';
import {
  assignOutletRef,
  createOutletFromRef,
  listOutletRefs,
  showOutletRef,
  transferOutletRefs,
} from './crawlOutlets';
import {
  listOfferRefs,
  removeSourceFromCard,
  rollbackOfferRefs,
  showOfferRef,
  transferOfferRefs,
  updateOfferRef,
} from './crawlOffers';
import { assignRefs, claimRef, matchRefs, refHistory, releaseRef, skipRef, undoDecision } from './crawlTriage';
import { listAllOfferRefs, listCrawlBanks } from './crawlOverviews';

/** Every crawl review call (contract/operations.ts lists them). */
export const crawlOps = [
  listSources,
  showSource,
  verifySource,
  importCrawl,
  listCardRefs,
  assignCardRef,
  createCardFromRef,
  listOutletRefs,
  showOutletRef,
  createOutletFromRef,
  transferOutletRefs,
  assignOutletRef,
  listOfferRefs,
  showOfferRef,
  updateOfferRef,
  transferOfferRefs,
  rollbackOfferRefs,
  removeSourceFromCard,
  claimRef,
  releaseRef,
  skipRef,
  assignRefs,
  matchRefs,
  undoDecision,
  refHistory,
  listCrawlBanks,
  listAllOfferRefs,
];
