// The catalogue health queues as plain words and keys (no schema library): the palette's
// manifest (src/commands/actions.ts) lists every queue and fix from this before the Health
// screen is downloaded; contract/health.ts defines the calls, server/services/health.ts the
// queries and writes, keyed by the same ids.
/**
 * Live offers ending within this many days are "ending soon" (today counts as one) unless the
 * settings say otherwise (contract/settings.ts, health_ending_days).
 */
export const HEALTH_ENDING_DAYS = 7;

/** A fix: its key in the queue, its words, and whether it takes a date the admin types. */
export interface HealthFixDef {
  id: string;
  title: string;
  /** One key, bound in the queue's view; unique within the queue and clear of the list keys. */
  key: string;
  /** What the confirmation says it changes, for `n` rows. */
  changes: string;
  /**
   * 'date': the fix asks for a date (typed: "+30d", "end of month") and sends it as `to`.
   * 'candidate': the fix shows the row's ranked candidates (`health.candidates`) and 1–9 sends
   * the one picked as `card` or `outlet`, with the version the candidates were read at.
   * 'source': no write: it opens the crawl source that last fed the row (`health.source`).
   */
  takes?: 'date' | 'candidate' | 'source';
  /** The fix is done by hand: it opens the row's record at the field (the row's `record`); nothing is sent. */
  opens?: true;
  /** The confirmation comes even for one row, listing what the fix touches (a merge deletes a record). */
  confirmAlways?: boolean;
  keywords?: readonly string[];
}

/** A queue's rows are of one entity; 'link' rows are images and links of records of any kind. */
export type HealthEntity = 'offer' | 'card' | 'category' | 'outlet' | 'link';
/** The entities a health score is kept for (the dashboard's): a row's record of each. */
export const HEALTH_SCORE_ENTITIES = ['offer', 'card', 'category', 'outlet'] as const;
export type HealthScoreEntity = (typeof HEALTH_SCORE_ENTITIES)[number];

export interface HealthQueueDef {
  id: string;
  title: string;
  /** What the queue finds, in one sentence (the screen's header and the palette). */
  description: string;
  entity: HealthEntity;
  /** Words the palette also finds the queue by ("offers without cards"). */
  keywords: readonly string[];
  fixes: readonly HealthFixDef[];
  /** Each row is a pair: the record (right) and an older one like it (left), shown side by side. */
  pairs?: boolean;
}

/** A "Likely duplicates" queue's fixes: merge keeping either side, or remember they differ. */
const duplicateFixes = (entity: string, moves: string): HealthFixDef[] => [
  {
    id: 'mergeLeft',
    title: 'Merge, keep the left',
    key: 'm',
    changes: `keeps the left (older) ${entity} of each pair, moves ${moves} of the right one onto it, and deletes the right one`,
    confirmAlways: true,
    keywords: ['merge duplicates', 'dedupe', 'combine', 'keep older'],
  },
  {
    id: 'mergeRight',
    title: 'Merge, keep the right',
    key: 'shift+m',
    changes: `keeps the right (newer) ${entity} of each pair, moves ${moves} of the left one onto it, and deletes the left one`,
    confirmAlways: true,
    keywords: ['merge duplicates', 'dedupe', 'combine', 'keep newer'],
  },
  {
    id: 'notDuplicate',
    title: 'Not a duplicate',
    key: 'd',
    changes: 'remembers that each pair is two different records, so the queue never shows it again',
    keywords: ['different', 'dismiss', 'ignore', 'distinct', 'false positive'],
  },
];

/** Trigram similarity (0.5–1) from which two titles or names are "near-identical", unless settings say otherwise. */
export const HEALTH_DUPLICATE_SIMILARITY = 0.85;
const endNow: HealthFixDef = {
  id: 'end',
  title: 'End now',
  key: 'n',
  changes: 'ends them yesterday, so the app no longer shows them',
  keywords: ['hide', 'expire', 'stop', 'take down'],
};

/** Not a write: the crawl source whose crawled record last named the row, in its triage view. */
const openSource: HealthFixDef = {
  id: 'source',
  title: 'Open the crawl source that fed it',
  key: 's',
  changes: 'opens the crawl source whose crawled record last named it',
  takes: 'source',
  keywords: ['crawl source', 'crawled', 'where from', 'origin'],
};

export const HEALTH_QUEUES = [
  {
    id: 'ending',
    title: 'Ending soon or ended but still shown',
    description:
      'Live offers ending within the days the settings say (7 unless changed), and offers past their end still placed on the homepage.',
    entity: 'offer',
    keywords: ['ending soon', 'expiring', 'expired', 'ended', 'homepage', 'extend'],
    fixes: [
      {
        id: 'extend',
        title: 'Extend to a date',
        key: 'e',
        changes: 'sets their last day to the date you type',
        takes: 'date',
        keywords: ['prolong', 'renew', 'valid to', 'end date'],
      },
      endNow,
      {
        id: 'unplace',
        title: 'Take off the homepage',
        key: 'h',
        changes: 'deactivates their selected-offer, banner and "don\'t miss out" places on the homepage',
        keywords: ['remove', 'homepage', 'banner', 'selected offers', 'unfeature'],
      },
    ],
  },
  {
    id: 'unreachable',
    title: 'Unreachable offers',
    description:
      'Live offers with no card, or no outlet, or whose every card is hidden or discontinued: no one can find or use them.',
    entity: 'offer',
    keywords: ['offers without cards', 'offers without outlets', 'no card', 'no outlet', 'orphan', 'unlinked'],
    // Offers have no hidden state of their own: ending them now is what hides one.
    fixes: [
      {
        id: 'link',
        title: 'Link card / link outlet',
        key: 'l',
        changes: 'links the card or outlet you pick from the ranked candidates',
        takes: 'candidate',
        keywords: ['link card', 'link outlet', 'candidates'],
      },
      { ...endNow, title: 'Hide (end now)' },
    ],
  },
  {
    id: 'emptyCards',
    title: 'Cards with no live offer',
    description: 'Cards shown in the app that no live offer names: an empty shelf.',
    entity: 'card',
    keywords: ['empty shelves', 'empty cards', 'cards without offers'],
    fixes: [
      {
        id: 'hide',
        title: 'Hide the card',
        key: 'h',
        changes: 'stops showing them in the app',
        keywords: ['display', 'unpublish'],
      },
      openSource,
    ],
  },
  {
    id: 'emptyCategories',
    title: 'Categories with no live offer',
    description: 'Active categories no live offer is in: an empty shelf in the app.',
    entity: 'category',
    keywords: ['empty shelves', 'empty categories', 'categories without offers'],
    fixes: [
      {
        id: 'hide',
        title: 'Deactivate the category',
        key: 'h',
        changes: 'marks them inactive, so the app no longer lists them',
        keywords: ['hide', 'inactive', 'disable'],
      },
      openSource,
    ],
  },
  {
    id: 'emptyOutlets',
    title: 'Outlets with no live offer',
    description: 'Outlets no live offer names: a shop the app shows with nothing to use there.',
    entity: 'outlet',
    keywords: ['empty shelves', 'empty outlets', 'outlets without offers', 'merchants without offers'],
    // Outlets have no hidden state: the record is opened (Enter) to be linked, changed or deleted.
    fixes: [openSource],
  },
  {
    id: 'offersIncomplete',
    title: 'Offers missing essentials',
    description: 'Offers not yet ended that have no image or no terms (each a setting of what "complete" means).',
    entity: 'offer',
    keywords: ['missing image', 'missing terms', 'incomplete', 'offers without image', 'no terms'],
    fixes: [],
  },
  {
    id: 'outletsIncomplete',
    title: 'Outlets missing essentials',
    description:
      'Outlets with no area or no location (latitude and longitude), each a setting of what "complete" means.',
    entity: 'outlet',
    keywords: ['missing area', 'missing location', 'incomplete', 'outlets without area', 'no coordinates'],
    fixes: [],
  },
  {
    id: 'brokenMedia',
    title: 'Broken media and links',
    description:
      "Images whose file is missing or unreadable in storage, and websites or banner links that do not answer: the background checker's findings, with when it checked.",
    entity: 'link',
    keywords: ['broken images', 'missing files', 'dead links', 'broken links', 'website down', '404'],
    fixes: [
      {
        id: 'upload',
        title: 'Upload a new image',
        key: 'u',
        changes: "opens the record's image field",
        opens: true,
        keywords: ['replace image', 'image', 'file'],
      },
      {
        id: 'edit',
        title: 'Edit the link',
        key: 'e',
        changes: 'opens the record at the field',
        opens: true,
        keywords: ['fix link', 'website', 'url'],
      },
      {
        id: 'clear',
        title: 'Clear it',
        key: 'c',
        changes: 'empties the image or link field of their records',
        keywords: ['remove link', 'remove image', 'clear'],
      },
    ],
  },
  {
    id: 'duplicateOffers',
    title: 'Likely duplicate offers',
    description:
      'Offers of one merchant with near-identical titles, the same discount, overlapping dates and a card in common.',
    entity: 'offer',
    pairs: true,
    keywords: [
      'likely duplicates',
      'fix duplicates',
      'merge duplicate offers',
      'duplicate offers',
      'dedupe',
      'same offer twice',
    ],
    fixes: duplicateFixes('offer', 'the cards, outlets, homepage places and engagement history'),
  },
  {
    id: 'duplicateOutlets',
    title: 'Likely duplicate outlets',
    description: 'Outlets in one area with near-identical names.',
    entity: 'outlet',
    pairs: true,
    keywords: [
      'likely duplicates',
      'fix duplicates',
      'merge duplicate outlets',
      'duplicate outlets',
      'dedupe',
      'same outlet twice',
    ],
    fixes: duplicateFixes('outlet', 'the offer links'),
  },
] as const satisfies readonly HealthQueueDef[];

export type HealthQueueId = (typeof HEALTH_QUEUES)[number]['id'];
export const HEALTH_QUEUE_IDS = HEALTH_QUEUES.map((q) => q.id) as HealthQueueId[];
export const healthQueue = (id: string): HealthQueueDef | undefined =>
  (HEALTH_QUEUES as readonly HealthQueueDef[]).find((q) => q.id === id);

/** "12 offers", "1 card", "4 images and links" (a 'link' row may be an image: "4 links" misnamed them). */
export const healthNoun = (entity: HealthEntity, n: number) =>
  `${n.toLocaleString('en')} ${NOUNS[entity][n === 1 ? 0 : 1]}`;

/** Each entity's noun, one and many. */
const NOUNS: Record<HealthEntity, [string, string]> = {
  offer: ['offer', 'offers'],
  card: ['card', 'cards'],
  category: ['category', 'categories'],
  outlet: ['outlet', 'outlets'],
  link: ['image or link', 'images and links'],
};
