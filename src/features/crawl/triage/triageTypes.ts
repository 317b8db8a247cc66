// The crawl triage's types: the refs, the calls the model makes (TriageApi) and the model's
// state (./triageModel.ts creates the model).
import type { CardStatusBody } from '@contract/card';
import type {
  Candidate,
  CardRef,
  CrawlSource,
  Decision as RefDecision,
  OfferRef,
  OutletRef,
  RefKind,
  RefState,
} from '@contract/crawl';
import type { CardFromRefBody } from '@contract/crawlCards';
import type { MatchedRef } from '@contract/crawlTriage';

export type AnyRef = CardRef | OutletRef | OfferRef;
export type Decision = 'assign' | 'create' | 'skip';
/** 'all': no state filter. */
export type RefFilter = RefState | 'all';

export interface TriageApi {
  source(id: number, signal?: AbortSignal): Promise<CrawlSource>;
  list(kind: RefKind, sourceId: number, state: RefState | undefined, signal?: AbortSignal): Promise<AnyRef[]>;
  claim(kind: RefKind, refId: number, signal?: AbortSignal): Promise<{ ref: AnyRef; candidates: Candidate[] }>;
  release(kind: RefKind, refId: number): Promise<unknown>;
  assign(kind: RefKind, refId: number, liveId: number): Promise<AnyRef>;
  /** For a card, the body may carry the fields the create card dialog corrected. */
  create(kind: RefKind, refId: number, body: CardFromRefBody): Promise<AnyRef>;
  skip(kind: RefKind, refId: number): Promise<AnyRef>;
  /** Undoes the decision and the others of its group: the server's message, and every ref put back. */
  undo(decisionId: number): Promise<{ message: string; refs: AnyRef[] }>;
  setChecked(refId: number, checked: boolean): Promise<AnyRef>;
  /** Confirms a live card's status (the card update with `{ status }` alone). */
  confirmStatus(cardId: number, status: CardStatusBody['status']): Promise<unknown>;
  /** The ref's newest decision still standing (what undo undoes). */
  lastDecision(kind: RefKind, refId: number): Promise<number | null>;
  /** Assigns many card or outlet refs to one live record (one decision each). */
  assignMany(
    kind: 'card' | 'outlet',
    refIds: readonly number[],
    liveId: number,
  ): Promise<{ message: string; refs: AnyRef[] }>;
  /** Scores refs against a live record before a bulk assign (crawl.matchMany). */
  matchMany(kind: 'card' | 'outlet', refIds: readonly number[], liveId: number): Promise<RefMatch>;
  /** The ref's decisions, newest first (crawl.history). */
  history(kind: RefKind, refId: number, signal?: AbortSignal): Promise<RefDecision[]>;
  /** Corrects a crawled offer's fields (crawl.updateOfferRef). */
  updateOffer(refId: number, body: OfferEdit): Promise<OfferRef>;
  /** The signed-in reviewer's user id (src/store/session.ts), to tell their claims from others'. */
  me(): number | null;
}

/** The fields of a crawled offer a reviewer may correct before onboarding. */
export interface OfferEdit {
  title: string;
  discount: string | null;
  valid_from: string | null;
  valid_to: string | null;
  terms: string | null;
}

/** Each ref's match score against the live record a bulk assign is about to use. */
export interface RefMatch {
  title: string;
  threshold: number;
  refs: MatchedRef[];
}

/** One step of this view's history: the refs one decision (or one bulk assign) decided. */
export interface Step {
  seq: number;
  refs: number[];
}

export interface History {
  refId: number;
  status: 'loading' | 'ready' | 'failed';
  items: RefDecision[];
}

export interface OfferEditState {
  refId: number;
  saving: boolean;
  /** The server's message per field (422). */
  errors: Record<string, string>;
}

export interface Focus {
  refId: number;
  /** taken: another reviewer has it (409 on claim). */
  status: 'loading' | 'ready' | 'taken' | 'failed';
  candidates: Candidate[];
  message: string | null;
}

/** A new triage model's state, before valtio's proxy wraps it. */
export const newTriageState = () => ({
  kind: 'card' as RefKind,
  sourceId: 0,
  filter: 'new' as RefFilter,
  source: null as CrawlSource | null,
  refs: [] as AnyRef[],
  status: 'idle' as 'idle' | 'loading' | 'ready' | 'failed',
  error: null as string | null,
  focus: null as Focus | null,
  /** Refs whose decision is on its way to the server. */
  pending: {} as Record<number, true>,
  /** Steps decided in this view, newest last: what u / mod+z undoes (a bulk assign is one step). */
  decided: [] as Step[],
  /**
   * Card and outlet refs checked (x, shift+x) for "Assign checked refs to…": a passing
   * selection of this view, unlike an offer ref's `checked`, which the server keeps.
   */
  checked: {} as Record<number, true>,
  /** The focused ref's decisions (the pane's History section). */
  history: null as History | null,
  /** The offer ref whose fields are being corrected in the pane, if any. */
  editing: null as OfferEditState | null,
});

export type TriageState = ReturnType<typeof newTriageState>;
