import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CardRef, CrawlSource } from '@contract/crawl';
import { ApiError } from '@/api/client';
import { canSelect, cardDialog, closeCardDialog, createFromDialog, openCardDialog } from './cardDialogs';
import { canUndo, setTriageApi, showQueue, triageList, triageState, type AnyRef, type TriageApi } from './triageModel';

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
  setTriageApi(api);
  triageState.status = 'idle';
  await showQueue('card', 1, 'new');
  await tick();
  return api;
}

describe('the create card dialog', () => {
  beforeEach(() => closeCardDialog());

  it('creates the card with the fields, closes, shows the ref created and opens the next one', async () => {
    const api = await open(
      [card(1), card(2)],
      async (_k, id) => ({ ...card(id), state: 'created', card_id: 40, last_decision_id: 9 }) as AnyRef,
    );
    openCardDialog('create');
    expect(cardDialog).toMatchObject({ open: 'create', refId: 1 });
    const saved = await createFromDialog({ name: 'Card 1 corrected', bank_id: 3 });
    expect(api.create).toHaveBeenCalledWith('card', 1, { name: 'Card 1 corrected', bank_id: 3 });
    expect(saved?.state).toBe('created');
    expect(cardDialog.open).toBeNull();
    expect(triageState.refs[0]).toMatchObject({ state: 'created', card_id: 40 });
    expect(triageList.state.cursor).toBe(2);
    // u undoes it like a decision made by key.
    expect(canUndo()).toBe(true);
  });

  it('keeps the server field errors beside the fields, the dialog open and the ref undecided', async () => {
    await open([card(1)], async () => {
      throw new ApiError(409, 'POST', {
        message: 'Taken.',
        errors: { name: ['The bank has a card named "Card 1" already.'] },
      });
    });
    openCardDialog('create');
    expect(await createFromDialog({ name: 'Card 1' })).toBeUndefined();
    expect(cardDialog).toMatchObject({
      open: 'create',
      saving: false,
      errors: { name: 'The bank has a card named "Card 1" already.' },
    });
    expect(triageState.refs[0].state).toBe('new');
  });

  it('lets other refusals go up to the runner', async () => {
    await open([card(1)], async () => {
      throw new ApiError(500, 'POST', { message: 'Boom.' });
    });
    openCardDialog('create');
    await expect(createFromDialog({})).rejects.toBeInstanceOf(ApiError);
    expect(cardDialog.saving).toBe(false);
  });
});

describe('the select card dialog', () => {
  it('opens for the checked refs even when the ref in focus is decided', async () => {
    await open([card(1), card(2)], async () => card(1));
    triageState.refs[0] = { ...card(1), state: 'skipped' };
    triageState.checked = { 2: true };
    expect(canSelect()).toBe(true);
    openCardDialog('select');
    expect(cardDialog.open).toBe('select');
  });
});
