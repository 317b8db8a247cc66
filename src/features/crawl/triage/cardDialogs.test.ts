import { describe, expect, it, vi } from 'vitest';
import type { CardRef, CrawlSource } from '@contract/crawl';
import { ApiError } from '@/api/client';
import { createCardDialogs, type CardDialogs } from './cardDialogs';
import { createTriageModel, type TriageModel } from './triageModel';
import type { AnyRef, TriageApi } from './triageTypes';

const card = (id: number): CardRef => ({
  id,
  card_ref_id: id,
  source_id: 1,
  from_source: 'fab-site',
  source_key: `card-${id}`,
  state: 'new',
  vanished_at: null,
  last_decision_id: null,
  claimed_by: null,
  claimed_by_name: null,
  claimed_until: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  name: `Card ${id}`,
  bank_name: 'FAB',
  network: 'Visa',
  annual_fee: 100,
  benefits: null,
  card_id: null,
  card_name: null,
  confirmed_status: null,
});

const tick = () => new Promise((r) => setTimeout(r, 0));

/** The models of the test at hand, made with its fake server. */
let m: TriageModel;
let d: CardDialogs;

async function open(refs: CardRef[], create: TriageApi['create']) {
  const api = {
    source: async () => ({ id: 1, name: 'FAB site', from_source: 'fab-site' }) as CrawlSource,
    list: async () => refs,
    claim: async (_k: unknown, id: number) => ({ ref: refs.find((r) => r.id === id)!, candidates: [] }),
    release: vi.fn(async () => undefined),
    create: vi.fn(create),
    history: vi.fn(async () => []),
    me: () => 5,
  } as unknown as TriageApi;
  m = createTriageModel(api);
  d = createCardDialogs(m);
  await m.showQueue('card', 1, 'new');
  await tick();
  return api;
}

describe('the create card dialog', () => {
  it('creates the card with the fields, closes, shows the ref created and opens the next one', async () => {
    const api = await open(
      [card(1), card(2)],
      async (_k, id) => ({ ...card(id), state: 'created', card_id: 40, last_decision_id: 9 }) as AnyRef,
    );
    d.openCardDialog('create');
    expect(d.state).toMatchObject({ open: 'create', refId: 1 });
    const saved = await d.createFromDialog({ name: 'Card 1 corrected', bank_id: 3 });
    expect(api.create).toHaveBeenCalledWith('card', 1, { name: 'Card 1 corrected', bank_id: 3 });
    expect(saved?.state).toBe('created');
    expect(d.state.open).toBeNull();
    expect(m.state.refs[0]).toMatchObject({ state: 'created', card_id: 40 });
    expect(m.list.state.cursor).toBe(2);
    // u undoes it like a decision made by key.
    expect(m.canUndo()).toBe(true);
  });

  it('keeps the server field errors beside the fields, the dialog open and the ref undecided', async () => {
    await open([card(1)], async () => {
      throw new ApiError(409, 'POST', {
        message: 'Taken.',
        errors: { name: ['The bank has a card named "Card 1" already.'] },
      });
    });
    d.openCardDialog('create');
    expect(await d.createFromDialog({ name: 'Card 1' })).toBeUndefined();
    expect(d.state).toMatchObject({
      open: 'create',
      saving: false,
      errors: { name: 'The bank has a card named "Card 1" already.' },
    });
    expect(m.state.refs[0].state).toBe('new');
  });

  it('lets other refusals go up to the runner', async () => {
    await open([card(1)], async () => {
      throw new ApiError(500, 'POST', { message: 'Boom.' });
    });
    d.openCardDialog('create');
    await expect(d.createFromDialog({})).rejects.toBeInstanceOf(ApiError);
    expect(d.state.saving).toBe(false);
  });
});

describe('the select card dialog', () => {
  it('opens for the checked refs even when the ref in focus is decided', async () => {
    await open([card(1), card(2)], async () => card(1));
    m.state.refs[0] = { ...card(1), state: 'skipped' };
    m.state.checked = { 2: true };
    expect(d.canSelect()).toBe(true);
    d.openCardDialog('select');
    expect(d.state.open).toBe('select');
  });
});
