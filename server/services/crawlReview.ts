// Decisions on single crawled refs (contract/crawl.ts): claim and release in the triage view,
// assign, create, skip, correct an offer ref, and undo. Every decision is a crawl_decisions
// row whose `detail` holds the ref as it was and the live records the decision made, so undo
// can put both back; undo refuses (409) while a later decision on the ref stands, while the
// ref has moved on since (an offer onboarded), or while a live record it would remove is in
// use. Decisions made together (a group: many refs assigned in one call) are undone together. A ref another reviewer has claimed (and whose claim has not run out) is theirs: the
// others' decisions on it are refused with their name.
import { CLAIM_MS, type Candidate, type CardRef, type OfferRef, type OutletRef, type RefKind } from '@contract/crawl';
import type { Tx } from '../db/connection';
import { badField } from '../errors';
import { candidatesFor } from '../repositories/crawlCandidates';
import {
  decisionsOf,
  getDecision,
  groupDecisions,
  insertDecision,
  laterDecisionStands,
  markUndone,
  type Action,
  type DecisionDetail,
  type StoredDecision,
} from '../repositories/crawlDecisions';
import {
  cardExists,
  cardNamed,
  categoryExists,
  createCard,
  createOutlets,
  findBank,
  findNetwork,
  liveRecordInUse,
  outletExists,
  removeLive,
  type OutletFromRef,
} from '../repositories/crawlLive';
import { claim as setClaim, getRef, setRef, type AnyRef, type RefOf } from '../repositories/crawlRefs';
import { getSource } from '../repositories/crawlSources';
import { restoreCardStatus, type CardStatusDetail } from './cardStatus';

/** Who decides, and the server's clock (claims run out on it). */
export interface Reviewer {
  id: number;
  name: string;
  now: number;
}

const NOUN: Record<RefKind, string> = { card: 'Crawled card', outlet: 'Crawled outlet', offer: 'Crawled offer' };

/** The ref, locked for the decision; 404 naming `field` when it does not exist. */
async function refFor<K extends RefKind>(tx: Tx, kind: K, id: number, who: Reviewer, field: string): Promise<RefOf[K]> {
  const ref = await getRef(tx, kind, id, who.now, { lock: true });
  if (!ref) throw badField(field, `${NOUN[kind]} ${id} not found.`, 404);
  return ref;
}

/** Refuses when another reviewer holds a live claim on the ref. */
export function assertFree(ref: AnyRef, who: Reviewer, field = 'ref_id') {
  if (ref.claimed_by !== null && ref.claimed_by !== who.id)
    throw badField(field, `Being reviewed by ${ref.claimed_by_name ?? 'another reviewer'}.`, 409);
}

/** `groupId`: the group of decisions made in one call with this one (undone with it). */
export async function decide<K extends RefKind>(
  tx: Tx,
  kind: K,
  ref: AnyRef,
  action: Action,
  changes: Record<string, unknown>,
  detail: DecisionDetail,
  who: Reviewer,
  groupId: number | null = null,
): Promise<RefOf[K]> {
  await setRef(tx, kind, ref.id, changes);
  await insertDecision(tx, kind, ref.id, action, detail, who.id, groupId);
  return (await getRef(tx, kind, ref.id, who.now))!;
}

// ---- triage ----

export async function claimRef(
  tx: Tx,
  kind: RefKind,
  id: number,
  who: Reviewer,
): Promise<{ ref: AnyRef; candidates: Candidate[]; claimed_until: string }> {
  const ref = await refFor(tx, kind, id, who, 'ref_id');
  assertFree(ref, who);
  const until = new Date(who.now + CLAIM_MS);
  await setClaim(tx, kind, id, who.id, until);
  return {
    ref: (await getRef(tx, kind, id, who.now))!,
    candidates: await candidatesFor(tx, kind, ref),
    claimed_until: until.toISOString(),
  };
}

export async function releaseRef(tx: Tx, kind: RefKind, id: number, who: Reviewer): Promise<void> {
  const ref = await refFor(tx, kind, id, who, 'ref_id');
  assertFree(ref, who);
  await setClaim(tx, kind, id, null, null);
}

export async function skipRef(tx: Tx, kind: RefKind, id: number, who: Reviewer): Promise<AnyRef> {
  const ref = await refFor(tx, kind, id, who, 'ref_id');
  assertFree(ref, who);
  if (ref.state === 'onboarded')
    throw badField('ref_id', 'This offer is live already: roll its source back first (rollback_offer_ref).', 409);
  // Links stay on the ref (undo needs nothing else); onboarding ignores skipped refs' links.
  return decide(tx, kind, ref, 'skip', { state: 'skipped' }, { state: ref.state, state_after: 'skipped' }, who);
}

export async function history(tx: Tx, kind: RefKind, id: number, who: Reviewer) {
  if (!(await getRef(tx, kind, id, who.now))) throw badField('ref_id', `${NOUN[kind]} ${id} not found.`, 404);
  return decisionsOf(tx, kind, id);
}

// ---- cards ----

export async function assignCard(tx: Tx, refId: number, cardId: number, who: Reviewer): Promise<CardRef> {
  const ref = await refFor(tx, 'card', refId, who, 'card_ref_id');
  assertFree(ref, who, 'card_ref_id');
  if (!(await cardExists(tx, cardId))) throw badField('card_id', `Card ${cardId} does not exist.`);
  const { changes, detail } = assigning('card', ref, cardId);
  return decide(tx, 'card', ref, 'assign', changes, detail, who);
}

/**
 * What assigning a ref to a live record changes, and what undoing it needs. A crawled outlet
 * may stand for several branches: assigning adds to its outlets. `same`: it is linked to that
 * record already, so there is nothing to decide.
 */
export function assigning(
  kind: 'card' | 'outlet',
  ref: CardRef | OutletRef,
  liveId: number,
): { same: boolean; changes: Record<string, unknown>; detail: DecisionDetail } {
  if (kind === 'card') {
    const r = ref as CardRef;
    const same = r.card_id === liveId && ['assigned', 'created', 'discontinued'].includes(r.state);
    return {
      same,
      changes: { state: 'assigned', card_id: liveId },
      detail: { state: r.state, state_after: 'assigned', card_id: r.card_id },
    };
  }
  const r = ref as OutletRef;
  const outletIds = r.outlet_ids.includes(liveId) ? r.outlet_ids : [...r.outlet_ids, liveId];
  const state = r.state === 'created' ? 'created' : 'assigned';
  const same = r.outlet_ids.includes(liveId) && (r.state === 'created' || r.state === 'assigned');
  return {
    same,
    changes: { state, outlet_ids: outletIds },
    detail: { state: r.state, state_after: state, outlet_ids: r.outlet_ids },
  };
}

/** What the create card dialog may send instead of the ref's own fields (contract/crawlCards.ts createCardFromRef). */
interface CardFromRef {
  network_id?: number;
  category_id?: number;
  name?: string;
  bank_id?: number;
  card_type?: 'credit' | 'debit' | 'prepaid';
  annual_fee?: number;
  min_salary?: number | null;
  description?: string | null;
}

/**
 * A live card from the ref, hidden (display false) until someone has looked at it. Each field
 * the body sends replaces the ref's (the create card dialog); the rest come from the ref: its
 * bank the one chosen (bank_id), else the source's, else the bank the site named; its network
 * the one chosen (network_id), else the one the site named; its description the benefits.
 */
export async function createCardFromRef(tx: Tx, refId: number, body: CardFromRef, who: Reviewer): Promise<CardRef> {
  const ref = await refFor(tx, 'card', refId, who, 'id');
  assertFree(ref, who, 'id');
  if (ref.state === 'created')
    throw badField('id', `A card was made from this ref already (card ${ref.card_id}).`, 409);
  const source = (await getSource(tx, ref.source_id))!;
  const bankId = await findBank(tx, body.bank_id ?? source.bank_id, body.bank_id ? null : ref.bank_name);
  if (body.bank_id && bankId !== body.bank_id) throw badField('bank_id', `Bank ${body.bank_id} does not exist.`);
  if (!bankId)
    throw badField(
      'bank_id',
      `No bank matches "${ref.bank_name ?? ''}": give the source its bank (import it with bank_id) or add the bank first.`,
    );
  const networkId = await findNetwork(tx, body.network_id ?? null, ref.network);
  if (!networkId) {
    throw badField(
      'network_id',
      body.network_id
        ? `Network ${body.network_id} does not exist.`
        : `No network matches "${ref.network ?? ''}": choose one (network_id).`,
    );
  }
  if (body.category_id && !(await categoryExists(tx, body.category_id)))
    throw badField('category_id', `Category ${body.category_id} does not exist.`);
  const name = body.name?.trim() ?? ref.name;
  const existing = await cardNamed(tx, bankId, name);
  // Named in the dialog: the name is the field to change; else the ref is better assigned.
  if (existing && body.name !== undefined)
    throw badField(
      'name',
      `The bank has a card named "${name}" already (card ${existing}): assign the ref to it, or choose another name.`,
      409,
    );
  if (existing)
    throw badField(
      'id',
      `The bank has a card named "${name}" already (card ${existing}): assign the ref to it instead.`,
      409,
    );
  const card = await createCard(
    tx,
    {
      name,
      bank_id: bankId,
      network_id: networkId,
      category_id: body.category_id,
      card_type: body.card_type,
      annual_fee: body.annual_fee ?? ref.annual_fee ?? undefined,
      min_salary: body.min_salary ?? undefined,
      description: body.description !== undefined ? body.description : (ref.benefits ?? undefined),
      display: false,
    },
    source.from_source,
  );
  return decide(
    tx,
    'card',
    ref,
    'create',
    { state: 'created', card_id: card.id },
    { state: ref.state, state_after: 'created', card_id: ref.card_id, created_card_id: card.id },
    who,
  );
}

// ---- outlets ----

export async function assignOutlet(tx: Tx, refId: number, outletId: number, who: Reviewer): Promise<OutletRef> {
  const ref = await refFor(tx, 'outlet', refId, who, 'outlet_ref_id');
  assertFree(ref, who, 'outlet_ref_id');
  if (!(await outletExists(tx, outletId))) throw badField('outlet_id', `Outlet ${outletId} does not exist.`);
  const { changes, detail } = assigning('outlet', ref, outletId);
  return decide(tx, 'outlet', ref, 'assign', changes, detail, who);
}

export async function createOutletFromRef(tx: Tx, refId: number, who: Reviewer): Promise<OutletRef> {
  const ref = await refFor(tx, 'outlet', refId, who, 'id');
  assertFree(ref, who, 'id');
  if (ref.state === 'created') throw badField('id', 'An outlet was made from this ref already.', 409);
  return createOutletsOf(tx, [ref], who).then((r) => r[0]);
}

/**
 * Live outlets from the given refs, those still new (and not claimed by another reviewer);
 * the rest are counted as skipped. Each one made is a decision of its own, so each can be undone.
 */
export async function transferOutlets(
  tx: Tx,
  refIds: readonly number[],
  who: Reviewer,
): Promise<{ created: number; skipped: number }> {
  const refs: OutletRef[] = [];
  const missing: number[] = [];
  for (const id of refIds) {
    const ref = await getRef(tx, 'outlet', id, who.now, { lock: true });
    if (ref) refs.push(ref);
    else missing.push(id);
  }
  if (missing.length) throw badField('outlet_ids', `Crawled outlets not found: ${missing.join(', ')}.`);
  const todo = refs.filter((r) => r.state === 'new' && (r.claimed_by === null || r.claimed_by === who.id));
  await createOutletsOf(tx, todo, who);
  return { created: todo.length, skipped: refs.length - todo.length };
}

async function createOutletsOf(tx: Tx, refs: readonly OutletRef[], who: Reviewer): Promise<OutletRef[]> {
  const out: OutletRef[] = [];
  for (const slug of new Set(refs.map((r) => r.from_source))) {
    const group = refs.filter((r) => r.from_source === slug);
    const ids = await createOutlets(tx, group.map(outletFields), slug, who.id);
    for (const [i, ref] of group.entries()) {
      const detail = {
        state: ref.state,
        state_after: 'created',
        outlet_ids: ref.outlet_ids,
        created_outlet_ids: [ids[i]],
      };
      out.push(
        await decide(
          tx,
          'outlet',
          ref,
          'create',
          { state: 'created', outlet_ids: [...ref.outlet_ids, ids[i]] },
          detail,
          who,
        ),
      );
    }
  }
  return out;
}

const outletFields = (r: OutletRef): OutletFromRef => ({
  merchant_name: r.merchant_name,
  branch: r.branch,
  address: r.address,
  area_name: r.area_name,
  latitude: r.latitude,
  longitude: r.longitude,
});

// ---- offers ----

const OFFER_FIELDS = ['title', 'discount', 'valid_from', 'valid_to', 'terms', 'checked'] as const;
type OfferChanges = Partial<Pick<OfferRef, (typeof OFFER_FIELDS)[number]>>;

/** Corrects a crawled offer before onboarding; checking one is allowed after too (bulk calls with checked=1 read it). */
export async function updateOfferRef(tx: Tx, refId: number, body: OfferChanges, who: Reviewer): Promise<OfferRef> {
  const ref = await refFor(tx, 'offer', refId, who, 'id');
  assertFree(ref, who, 'id');
  const changes = Object.fromEntries(OFFER_FIELDS.filter((f) => body[f] !== undefined).map((f) => [f, body[f]]));
  if (ref.state === 'onboarded' && Object.keys(changes).some((f) => f !== 'checked')) {
    throw badField('id', 'This offer is live already: edit the live offer, or roll its source back first.', 409);
  }
  const from = (changes.valid_from ?? ref.valid_from) as string | null;
  const to = (changes.valid_to ?? ref.valid_to) as string | null;
  if ('valid_from' in changes || 'valid_to' in changes) {
    if (from && to && to < from) throw badField('valid_to', 'Valid to must be on or after valid from.');
  }
  const before = Object.fromEntries(Object.keys(changes).map((f) => [f, ref[f as keyof OfferRef]]));
  return decide(tx, 'offer', ref, 'update', changes, { state: ref.state, state_after: ref.state, fields: before }, who);
}

// ---- undo ----

/**
 * Undoes a decision, and with it every other decision of its group still standing (newest
 * first, all or none: a refusal of one refuses the call). `ref`: the named decision's ref;
 * `undone`: every ref put back.
 */
export async function undoDecision(
  tx: Tx,
  id: number,
  who: Reviewer,
): Promise<{ ref: AnyRef; undone: AnyRef[]; action: Action }> {
  const d = await getDecision(tx, id);
  if (!d) throw badField('id', `Decision ${id} not found.`, 404);
  if (d.undone_at) throw badField('id', 'This decision was undone already.', 409);
  const group = d.group_id === null ? [d] : await groupDecisions(tx, d.group_id);
  for (const g of group) {
    if (await laterDecisionStands(tx, g)) {
      throw badField(
        'id',
        group.length > 1
          ? 'A later decision on one of its refs stands: undo that one first.'
          : 'A later decision on this ref stands: undo that one first.',
        409,
      );
    }
  }
  const undone: AnyRef[] = [];
  for (const g of group) undone.push(await undoOne(tx, g, who));
  return { ref: undone.find((r) => r.id === d.ref_id)!, undone, action: d.action };
}

/** Puts one decision's ref (and the live records it made) back as they were. */
async function undoOne(tx: Tx, d: StoredDecision, who: Reviewer): Promise<AnyRef> {
  const kind = d.kind;
  const ref = await getRef(tx, kind, d.ref_id, who.now, { lock: true });
  if (!ref) throw badField('id', `${NOUN[kind]} ${d.ref_id} no longer exists.`, 409);
  assertFree(ref, who, 'id');
  const detail = d.detail;
  if (ref.state !== detail.state_after)
    throw badField(
      'id',
      `The ref has changed since (it is ${ref.state} now): this decision can no longer be undone.`,
      409,
    );
  const restore: Record<string, unknown> = { state: detail.state };
  if (kind === 'card' && 'card_id' in detail) restore.card_id = detail.card_id;
  if (kind === 'card' && 'confirmed_status' in detail) restore.confirmed_status = detail.confirmed_status;
  if (kind === 'outlet' && detail.outlet_ids) restore.outlet_ids = detail.outlet_ids;
  if (kind === 'offer' && detail.fields) Object.assign(restore, detail.fields);
  await setRef(tx, kind, ref.id, restore);
  // A confirmed status (server/services/cardStatus.ts): the card as it was too.
  if (kind === 'card' && detail.card_before && (ref as CardRef).card_id !== null) {
    const why = await restoreCardStatus(tx, (ref as CardRef).card_id!, detail as DecisionDetail & CardStatusDetail);
    if (why) throw badField('id', why, 409);
  }
  // The live records the decision made go again, unless something uses them by now.
  const made: ['card' | 'outlet', number[]] | null = detail.created_card_id
    ? ['card', [detail.created_card_id]]
    : detail.created_outlet_ids?.length
      ? ['outlet', detail.created_outlet_ids]
      : null;
  if (made) {
    for (const liveId of made[1]) {
      const why = await liveRecordInUse(tx, made[0], liveId, ref.id);
      if (why) throw badField('id', why, 409);
    }
    await removeLive(tx, made[0], made[1]);
  }
  await markUndone(tx, d.id, who.id);
  return (await getRef(tx, kind, ref.id, who.now))!;
}
