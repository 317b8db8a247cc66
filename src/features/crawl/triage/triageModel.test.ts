import { describe, expect, it, vi } from 'vitest';
import type { CardRef, CrawlSource } from '@contract/crawl';
import { ApiError } from '@/api/client';
import { createTriageModel, type TriageModel } from './triageModel';
import type { AnyRef, TriageApi } from './triageTypes';

const card = (id: number, state: CardRef['state'] = 'new'): CardRef => ({
  id,
  card_ref_id: id,
  source_id: 1,
  from_source: 'enbd-site',
  source_key: `card-${id}`,
  state,
  vanished_at: null,
  last_decision_id: null,
  claimed_by: null,
  claimed_by_name: null,
  claimed_until: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  name: `Card ${id}`,
  bank_name: 'ENBD',
  network: 'Visa',
  annual_fee: null,
  benefits: null,
  card_id: null,
  card_name: null,
  confirmed_status: null,
});

const source = { id: 1, name: 'ENBD site', from_source: 'enbd-site' } as CrawlSource;

/**
 * A fake server: decisions answer with the ref decided (decision id 100 + ref id) unless told
 * to refuse; the refs of one assignMany are one group, which an undo of any of them takes back.
 */
function fakeApi(refs: AnyRef[]) {
  const gate: { refuse: boolean; hold?: Promise<void> } = { refuse: false };
  const groups: number[][] = [];
  const decided = (id: number, state: CardRef['state']) =>
    ({ ...refs.find((r) => r.id === id)!, state, last_decision_id: 100 + id }) as AnyRef;
  const settle = async (id: number, state: CardRef['state']) => {
    await gate.hold;
    if (gate.refuse) throw new ApiError(409, 'POST', { message: 'A card was made from this ref already.' });
    return decided(id, state);
  };
  const api: TriageApi = {
    source: async () => source,
    list: async () => refs,
    claim: async (_k, id) => ({
      ref: refs.find((r) => r.id === id)!,
      candidates: [{ id: 7, title: 'Live 7', subtitle: '', score: 0.9, differs: {} }],
    }),
    release: vi.fn(async () => undefined),
    assign: vi.fn((_k, id) => settle(id, 'assigned')),
    create: vi.fn((_k, id) => settle(id, 'created')),
    skip: vi.fn((_k, id) => settle(id, 'skipped')),
    undo: vi.fn(async (decisionId: number) => {
      const ids = groups.find((g) => g.includes(decisionId - 100)) ?? [decisionId - 100];
      const back = ids.map(
        (id) => ({ ...refs.find((r) => r.id === id)!, state: 'new' as const, last_decision_id: null }) as AnyRef,
      );
      return { message: ids.length > 1 ? `Undid ${ids.length} assignments.` : 'Undone.', refs: back };
    }),
    setChecked: vi.fn(),
    confirmStatus: vi.fn(async () => {
      await gate.hold;
      if (gate.refuse) throw new ApiError(409, 'POST', { message: 'Being reviewed by Sara.' });
      return {};
    }),
    lastDecision: vi.fn(async (_k, id: number) => 100 + id),
    assignMany: vi.fn(async (_k, ids: readonly number[], liveId: number) => {
      await gate.hold;
      if (gate.refuse) throw new ApiError(409, 'POST', { message: 'Being reviewed by Sara.' });
      groups.push([...ids]);
      return {
        message: `Assigned ${ids.length} card refs to Live ${liveId}.`,
        refs: ids.map((id) => ({ ...decided(id, 'assigned'), card_id: liveId }) as AnyRef),
      };
    }),
    matchMany: vi.fn(),
    history: vi.fn(async () => []),
    updateOffer: vi.fn(),
    me: () => ME,
  };
  return { api, gate };
}

/** The signed-in reviewer of these tests; Sara (id 8) is the other one. */
const ME = 5;
const inAMinute = () => new Date(Date.now() + 60_000).toISOString();
const heldBy = (r: CardRef, by: number, until = inAMinute()): CardRef => ({
  ...r,
  claimed_by: by,
  claimed_by_name: by === ME ? 'Me' : 'Sara',
  claimed_until: until,
});

const tick = () => new Promise((r) => setTimeout(r, 0));
const stateOf = (id: number) => m.state.refs.find((r) => r.id === id)?.state;

/** The model of the test at hand, made with its fake server. */
let m: TriageModel;

async function open(refs: AnyRef[]) {
  const fake = fakeApi(refs);
  m = createTriageModel(fake.api);
  await m.showQueue('card', 1, 'new');
  await tick();
  return fake;
}

describe('the triage queue', () => {
  it('opens the first undecided ref, and the next one after a decision', async () => {
    const { api } = await open([card(1, 'skipped'), card(2), card(3)]);
    expect(m.list.state.cursor).toBe(2);
    expect(m.state.focus?.status).toBe('ready');

    const done = m.decide('assign', { liveId: 7 });
    // Shown at once: the row is assigned and the next ref has the focus before the server answers.
    expect(stateOf(2)).toBe('assigned');
    expect(m.list.state.cursor).toBe(3);
    await done;
    expect(api.assign).toHaveBeenCalledWith('card', 2, 7);
    expect(m.state.refs.find((r) => r.id === 2)?.last_decision_id).toBe(102);
  });

  it('keeps decisions asked for while the next ref opens, and makes them in order once each is ready', async () => {
    const { api } = await open([card(1), card(2), card(3), card(4)]);
    // Claims answer only when let go, as a slow network would.
    const waiting: (() => void)[] = [];
    const claim = api.claim;
    api.claim = (k, id, signal) => new Promise<void>((go) => waiting.push(go)).then(() => claim(k, id, signal));
    const skip = () => void m.decide('skip');
    skip();
    expect(m.list.state.cursor).toBe(2);
    // Ref 2 is opening: it cannot be decided yet, but a key pressed now is kept.
    expect(m.canDecide()).toBe(false);
    expect(m.opening()).toBe(true);
    expect(m.keepUntilReady(skip)).toBe(true);
    expect(m.keepUntilReady(skip)).toBe(true);
    expect(m.keptCount()).toBe(2);
    expect(api.skip).toHaveBeenCalledTimes(1);
    // Ref 2 ready: the first kept key skips it, and ref 3 opens.
    waiting.shift()!();
    await tick();
    expect(api.skip).toHaveBeenLastCalledWith('card', 2);
    expect(m.list.state.cursor).toBe(3);
    expect(m.keptCount()).toBe(1);
    waiting.shift()!();
    await tick();
    expect(api.skip).toHaveBeenLastCalledWith('card', 3);
    expect(m.keptCount()).toBe(0);
    expect([stateOf(1), stateOf(2), stateOf(3), stateOf(4)]).toEqual(['skipped', 'skipped', 'skipped', 'new']);
    // Ref 4 opening, a key kept; moving by hand drops it.
    expect(m.keepUntilReady(skip)).toBe(true);
    m.list.move(-1);
    expect(m.keptCount()).toBe(0);
    waiting.forEach((go) => go());
    await tick();
    expect(api.skip).toHaveBeenCalledTimes(3);
  });

  it('wraps round to an undecided ref before the decided one', async () => {
    await open([card(1), card(2), card(3)]);
    await m.focusRef(3);
    m.list.state.cursor = 3;
    await m.decide('skip');
    expect(m.list.state.cursor).toBe(1);
  });

  it('puts a refused decision back and returns to its ref', async () => {
    const { gate } = await open([card(1), card(2)]);
    gate.refuse = true;
    const done = m.decide('create');
    expect(stateOf(1)).toBe('created');
    await expect(done).rejects.toBeInstanceOf(ApiError);
    expect(stateOf(1)).toBe('new');
    expect(m.list.state.cursor).toBe(1);
    expect(m.canUndo()).toBe(false);
    await tick();
    expect(m.state.focus).toMatchObject({ refId: 1, status: 'ready' });
  });

  it('undoes the newest decision on the server, waiting for it when still in flight', async () => {
    const { api, gate } = await open([card(1), card(2), card(3)]);
    await m.decide('skip');
    let release!: () => void;
    gate.hold = new Promise((r) => (release = r));
    const second = m.decide('assign', { liveId: 7 });
    const undone = m.undoLast();
    release();
    await second;
    await undone;
    expect(api.undo).toHaveBeenCalledWith(102);
    expect(stateOf(2)).toBe('new');
    expect(stateOf(1)).toBe('skipped');
    expect(m.list.state.cursor).toBe(2);
    await m.undoLast();
    expect(api.undo).toHaveBeenLastCalledWith(101);
    expect(stateOf(1)).toBe('new');
    expect(m.canUndo()).toBe(false);
  });

  it('marks a ref another reviewer claimed, and clears it once they let it go, from a fresh read of the queue', async () => {
    const { api } = await open([card(1), card(2), card(3)]);
    const mine = { ...m.findRef(1)!, claimed_by: ME, claimed_by_name: 'Me', claimed_until: inAMinute() } as CardRef;
    let next: AnyRef[] = [mine, heldBy(card(2), 8), { ...card(3), name: 'Renamed meanwhile' }];
    const list = vi.fn(async () => next);
    api.list = list;
    // Sara's claim heard twice on the stream while a read is on its way: one read more, not two.
    m.refreshClaims();
    m.refreshClaims();
    m.refreshClaims();
    await m.claimsRead();
    await m.claimsRead();
    expect(list).toHaveBeenCalledTimes(2);
    expect(list).toHaveBeenLastCalledWith('card', 1, 'new');
    expect(m.heldByOther(m.findRef(2)!)).toBe(true);
    expect(m.findRef(2)).toMatchObject({ claimed_by: 8, claimed_by_name: 'Sara' });
    // Only claims are taken: the rest of a row is the queue's own business.
    expect(m.findRef(3)).toMatchObject({ name: 'Card 3', claimed_by: null });
    // The automatic advance passes her ref by.
    expect(m.nextOpen(1)?.id).toBe(3);

    next = [mine, card(2), card(3)];
    m.refreshClaims();
    await m.claimsRead();
    expect(m.heldByOther(m.findRef(2)!)).toBe(false);
    expect(m.findRef(2)?.claimed_by_name).toBeNull();
    expect(m.state.focus?.refId).toBe(1);
  });

  it('says when another reviewer has the ref', async () => {
    const fake = fakeApi([card(1)]);
    fake.api.claim = async () => {
      throw new ApiError(409, 'POST', { message: 'Being reviewed by Sara.' });
    };
    m = createTriageModel(fake.api);
    await m.showQueue('card', 2, 'new');
    await tick();
    expect(m.state.focus).toMatchObject({ refId: 1, status: 'taken', message: 'Being reviewed by Sara.' });
  });

  it('confirms the live card of an assigned ref at once, keeps the focus, and u undoes it', async () => {
    const linked = { ...card(2, 'assigned'), card_id: 9 };
    const { api, gate } = await open([card(1), linked]);
    expect(m.canConfirmStatus()).toBe(false); // ref 1 has no live card
    await m.focusRef(2);
    expect(m.canConfirmStatus()).toBe(true);
    const done = m.confirmStatus('Discontinued');
    expect(m.state.refs[1]).toMatchObject({ state: 'discontinued', confirmed_status: 'Discontinued' });
    await done;
    expect(api.confirmStatus).toHaveBeenCalledWith(9, 'Discontinued');
    expect(m.state.refs[1].last_decision_id).toBe(102);
    expect(m.state.focus?.refId).toBe(2);
    await m.undoLast();
    expect(api.undo).toHaveBeenCalledWith(102);
    expect((m.state.refs[1] as CardRef).confirmed_status).toBeNull();

    gate.refuse = true;
    await m.focusRef(2);
    await expect(m.confirmStatus('Not Discontinued')).rejects.toBeInstanceOf(ApiError);
    expect((m.state.refs[1] as CardRef).confirmed_status).toBeNull();
    expect(m.canUndo()).toBe(false);
  });

  it('checks card refs in the view and assigns them all at once; one undo takes the whole step back', async () => {
    const { api, gate } = await open([card(1), card(2), card(3)]);
    await m.list.toggle(1);
    await m.list.extend(3);
    expect(m.checkedRefs().map((r) => r.id)).toEqual([1, 2, 3]);
    await m.list.toggle(2);
    gate.refuse = true;
    await expect(m.assignChecked(7)).rejects.toBeInstanceOf(ApiError);
    expect([stateOf(1), stateOf(3)]).toEqual(['new', 'new']);
    expect(m.checkedRefs().map((r) => r.id)).toEqual([1, 3]);
    gate.refuse = false;
    const done = m.assignChecked(7);
    expect(stateOf(1)).toBe('assigned');
    expect(await done).toEqual({ message: 'Assigned 2 card refs to Live 7.' });
    expect(api.assignMany).toHaveBeenLastCalledWith('card', [1, 3], 7);
    expect(m.checkedRefs()).toEqual([]);
    expect(m.state.decided.map((d) => d.refs)).toEqual([[1, 3]]);
    expect(await m.undoLast()).toEqual({ message: 'Undid 2 assignments.' });
    expect(api.undo).toHaveBeenCalledTimes(1);
    expect([stateOf(1), stateOf(3)]).toEqual(['new', 'new']);
    expect(m.canUndo()).toBe(false);
  });

  it('passes by refs another reviewer holds when it moves on, but not mine or run-out claims', async () => {
    const past = new Date(Date.now() - 1000).toISOString();
    await open([card(1), heldBy(card(2), 8), heldBy(card(3), 8, past), card(4)]);
    expect(m.heldByOther(m.state.refs[1])).toBe(true);
    expect(m.heldByOther(m.state.refs[2])).toBe(false); // Sara's claim ran out
    expect(m.heldByOther(heldBy(card(9), ME))).toBe(false);
    await m.decide('skip');
    // 2 is Sara's: the advance lands on 3, whose claim has run out.
    expect(m.list.state.cursor).toBe(3);
    await m.decide('skip');
    expect(m.list.state.cursor).toBe(4);
    // Only Sara's ref is left undecided: nothing to move on to.
    expect(m.nextOpen(4)).toBeUndefined();
    // j/k still reach a held ref: only the automatic advance passes it by.
    m.list.move(-1);
    m.list.move(-1);
    expect(m.list.state.cursor).toBe(2);
  });

  it('opens the first ref nobody else holds, and loads the history of the ref in focus', async () => {
    const { api } = await open([heldBy(card(1), 8), card(2)]);
    expect(m.list.state.cursor).toBe(2);
    await tick();
    expect(api.history).toHaveBeenLastCalledWith('card', 2, expect.anything());
    expect(m.state.history).toMatchObject({ refId: 2, status: 'ready' });
  });
});
