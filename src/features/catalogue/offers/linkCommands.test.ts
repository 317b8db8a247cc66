// The commands issue 34 added, run as the palette runs them from the dashboard: which calls they
// make, with what, and where they go. The API is a fake answering by operation id.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyOp } from '@contract/operation';
import type { Offer } from '@contract/offer';
import type { Card } from '@contract/card';
import type { AdminUser } from '@contract/user';

const calls: { op: string; input: { params?: unknown; query?: unknown; body?: unknown } }[] = [];
const answers: Record<string, (input: { params?: { id: number }; body?: Record<string, unknown> }) => unknown> = {};
vi.mock('@/api/call', async (own) => ({
  ...(await own<object>()),
  call: (op: AnyOp, input: object) => {
    calls.push({ op: op.id, input });
    const answer = answers[op.id];
    if (!answer) return Promise.reject(new Error(`no fake answer for ${op.id}`));
    return Promise.resolve({ message: 'ok', data: answer(input) });
  },
}));
const went: string[] = [];
vi.mock('@/store/navigate', () => ({ go: (path: string) => went.push(path), currentPath: () => '/' }));
const pages: (string | null)[] = [];
vi.mock('@/store/ui', async (own) => ({
  ...(await own<object>()),
  openPalette: (page: string | null) => pages.push(page),
}));

const { offerCommands } = await import('./commands');
const { cardCommands } = await import('../cards/commands');
const { userCommands } = await import('../users/commands');

const all = [...offerCommands, ...cardCommands, ...userCommands];
const cmd = (id: string) => {
  const c = all.find((x) => x.id === id);
  if (!c) throw new Error(`no command ${id}`);
  return c;
};
const dashboard = { scopes: ['global'], view: 'dashboard', mode: null, cursor: null, list: null } as const;
const ctx = { ...dashboard, scopes: [...dashboard.scopes] };
const signal = new AbortController().signal;

const offer = (o: Partial<Offer> = {}): Offer =>
  ({
    id: 5,
    title: 'Coffee',
    discount: '10%',
    card_ids: [1],
    outlet_ids: [],
    version: 3,
    bank_names: [],
    ...o,
  }) as Offer;
const card = (c: Partial<Card> = {}): Card =>
  ({
    id: 1,
    name: 'Gold',
    bank_name: 'ADCB',
    network_type: 'Visa',
    status: 'Not Discontinued',
    display: true,
    version: 2,
    ...c,
  }) as Card;

beforeEach(() => {
  calls.length = 0;
  went.length = 0;
  pages.length = 0;
  for (const k of Object.keys(answers)) delete answers[k];
});

describe('reachable from the dashboard', () => {
  it.each([
    'offer.duplicate',
    'offer.addCard',
    'offer.removeCard',
    'offer.addOutlet',
    'offer.removeOutlet',
    'card.hide',
    'card.unhide',
    'card.markDiscontinued',
    'card.markNotDiscontinued',
    'user.setRole',
    'card.filter.bank',
    'user.filter.role',
  ])('%s runs from any screen and is enabled there', (id) => {
    const c = cmd(id);
    expect(c.anywhere).toBe(true);
    expect(c.enabled?.(ctx) ?? true).toBe(true);
    expect(c.pick?.fromContext?.(ctx)).toBeUndefined(); // no record here: a palette page asks
  });

  it.each(['offer.list.expiring', 'card.list.hidden', 'user.list.admins'])('%s is global', (id) =>
    expect(cmd(id).scope).toBe('global'),
  );
});

describe('offers', () => {
  it('duplicate calls offer.duplicate with the picked offer and opens the copy', async () => {
    answers['offer.duplicate'] = () => offer({ id: 77, title: 'Coffee (copy)' });
    const res = await cmd('offer.duplicate').run(ctx, offer());
    expect(calls).toEqual([{ op: 'offer.duplicate', input: { params: { id: 5 } } }]);
    expect(went).toEqual(['/view-offer/77']);
    expect(res).toEqual({ message: 'Duplicated as “Coffee (copy)”.' });
  });

  it('add card asks for the card, then saves the links through the update with the version read; Undo sets them back', async () => {
    cmd('offer.addCard').run(ctx, offer());
    expect(pages).toEqual(['offer.addCard.pick']);
    const second = cmd('offer.addCard.pick');
    answers['card.list'] = () => [card({ id: 1 }), card({ id: 2, name: 'Platinum' })];
    // The card already on it is not offered.
    expect((await second.pick!.load('', signal)).map((r) => r.label)).toEqual(['Platinum']);
    answers['offer.show'] = () => offer({ version: 4 });
    answers['offer.update'] = (i) => offer({ card_ids: i.body!.card_ids as number[], version: 5 });
    const res = (await second.run(ctx, { id: 2, label: 'Platinum' })) as {
      message: string;
      undo: () => Promise<unknown>;
    };
    expect(calls.slice(-2)).toEqual([
      { op: 'offer.show', input: { query: { id: 5 } } },
      { op: 'offer.update', input: { params: { id: 5 }, body: { card_ids: [1, 2], version: 4 } } },
    ]);
    expect(res.message).toBe('Added card “Platinum” to “Coffee”.');
    await res.undo();
    expect(calls.at(-1)).toEqual({
      op: 'offer.update',
      input: { params: { id: 5 }, body: { card_ids: [1], version: 5 } },
    });
  });

  it('remove outlet offers only its outlets and saves without the one picked', async () => {
    cmd('offer.removeOutlet').run(ctx, offer({ outlet_ids: [8, 9] }));
    const second = cmd('offer.removeOutlet.pick');
    answers['outlet.show'] = (i) => ({
      id: (i as { query: { id: number } }).query.id,
      merchant_name: 'Cafe',
      branch: null,
    });
    expect((await second.pick!.load('', signal)).map((r) => r.key)).toEqual(['8', '9']);
    answers['offer.show'] = () => offer({ outlet_ids: [8, 9] });
    answers['offer.update'] = () => offer({ outlet_ids: [9], version: 4 });
    await second.run(ctx, { id: 8, label: 'Cafe' });
    expect(calls.at(-1)!.input.body).toEqual({ outlet_ids: [9], version: 3 });
  });

  it('"Show offers expiring within 7 days" opens the list filtered so', () => {
    cmd('offer.list.expiring').run(ctx, undefined);
    cmd('offer.list.live').run(ctx, undefined);
    expect(went).toEqual(['/offer-list?expiring=7', '/offer-list?state=live']);
  });

  it('"Sort offers by…" lists each order of the contract\'s sort keys and opens the list sorted so', async () => {
    const sort = cmd('offer.sort');
    expect(sort.anywhere).toBe(true);
    const orders = await sort.pick!.load('', signal);
    expect(orders.map((o) => o.value)).toEqual([
      'valid_to',
      '-valid_to',
      'title',
      '-title',
      '-created_at',
      'created_at',
    ]);
    expect((await sort.pick!.load('newest', signal)).map((o) => o.label)).toEqual(['Newest first']);
    sort.run(ctx, '-valid_to');
    expect(went).toEqual(['/offer-list?sort=-valid_to']);
  });
});

describe('cards', () => {
  it('discontinue offers only cards not discontinued, and sets status and display with the version', async () => {
    answers['card.list'] = () => [card({ id: 1 }), card({ id: 3, status: 'Discontinued' })];
    const rows = await cmd('card.markDiscontinued').pick!.load('gold', signal);
    expect(rows.map((r) => r.key)).toEqual(['1']);
    answers['card.update'] = () => card({ status: 'Discontinued', display: false, version: 3 });
    await cmd('card.markDiscontinued').run(ctx, rows[0].value);
    expect(calls.at(-1)).toEqual({
      op: 'card.update',
      input: { params: { id: 1 }, body: { status: 'Discontinued', display: false, version: 2 } },
    });
  });

  it('hide calls the display call with false', async () => {
    answers['card.setDisplay'] = () => card({ display: false });
    await cmd('card.hide').run(ctx, [card()]);
    expect(calls).toEqual([{ op: 'card.setDisplay', input: { params: { id: 1 }, body: { display: false } } }]);
  });

  it('"Show hidden cards" and "Filter cards by bank…" open the list filtered so', () => {
    cmd('card.list.hidden').run(ctx, undefined);
    cmd('card.filter.bank').run(ctx, '4');
    expect(went).toEqual(['/card-list?display=false', '/card-list?bank=4']);
  });
});

describe('users', () => {
  const sara = { id: 9, name: 'Sara', email: 's@x.example', role: 'editor', status: 'active', version: 6 } as AdminUser;

  it('set role asks for the role, then saves it with the version read; Undo sets the old one back', async () => {
    cmd('user.setRole').run(ctx, sara);
    expect(pages).toEqual(['user.setRole.pick']);
    const second = cmd('user.setRole.pick');
    expect((await second.pick!.load('adm', signal)).map((r) => r.value)).toEqual(['admin']);
    answers['user.show'] = () => sara;
    answers['user.update'] = () => ({ ...sara, role: 'admin', version: 7 });
    const res = (await second.run(ctx, 'admin')) as { message: string; undo: () => Promise<unknown> };
    expect(calls.slice(-2)).toEqual([
      { op: 'user.show', input: { params: { id: 9 } } },
      { op: 'user.update', input: { params: { id: 9 }, body: { role: 'admin', version: 6 } } },
    ]);
    expect(res.message).toBe('Sara is an admin now.');
    await res.undo();
    expect(calls.at(-1)!.input.body).toEqual({ role: 'editor', version: 7 });
  });
});
