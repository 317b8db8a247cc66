import { describe, expect, it, vi } from 'vitest';
import type { HeroBanner } from '@contract/homepageBanners';
import type { WelcomeBox } from '@contract/homepageWelcome';
import type { Order } from '@contract/resource';
import { ApiError } from '@/api/client';
import { createHomepageModel, type HomepageModel } from './homepageModel';
import {
  localDay,
  previewMoment,
  tabAfter,
  type HomepageApi,
  type HomepageItem,
  type HomepageTab,
} from './homepageTypes';

const stamp = { version: 1, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' };
const banner = (id: number, position: number): HeroBanner => ({
  id,
  position,
  title: `Banner ${id}`,
  subtitle: null,
  image: null,
  is_active: true,
  starts_at: null,
  ends_at: null,
  link_type: null,
  offer_id: null,
  card_id: null,
  bank_id: null,
  url: null,
  link_name: null,
  ...stamp,
});
const box = (id: number, position: number): WelcomeBox => ({
  id,
  position,
  title: `Hello ${id}`,
  message: 'Welcome',
  is_active: true,
  starts_at: null,
  ends_at: null,
  ...stamp,
});

/**
 * A fake server over real lists: a move puts the row at `to` and answers the order, unless
 * told to refuse, to answer another order, or to wait (`hold`).
 */
function fakeServer(lists: Partial<Record<HomepageTab, HomepageItem[]>>) {
  const rows = Object.fromEntries(Object.entries(lists).map(([t, l]) => [t, l!.map((r) => ({ ...r }))])) as Record<
    HomepageTab,
    HomepageItem[]
  >;
  const gate: { refuse: boolean; answer?: Order; hold?: Promise<void> } = { refuse: false };
  const order = (tab: HomepageTab): Order => rows[tab].map((r, i) => ({ id: r.id, position: i + 1 }));
  const api: HomepageApi = {
    list: vi.fn(async (tab: HomepageTab) => (rows[tab] ?? []).map((r, i) => ({ ...r, position: i + 1 }))),
    move: vi.fn(async (tab: HomepageTab, id: number, to: number) => {
      await gate.hold;
      if (gate.refuse) throw new ApiError(404, 'POST', { message: 'Hero banner not found.' });
      if (gate.answer) return { message: 'Hero banner moved successfully!', data: gate.answer };
      const list = rows[tab];
      const [row] = list.splice(
        list.findIndex((r) => r.id === id),
        1,
      );
      list.splice(Math.min(to, list.length + 1) - 1, 0, row);
      return { message: 'Hero banner moved successfully!', data: order(tab) };
    }),
    add: vi.fn(),
    update: vi.fn(),
    remove: vi.fn(),
  };
  return { api, gate, rows };
}

const tick = () => new Promise((r) => setTimeout(r, 0));
const shownIds = (tab: HomepageTab = 'hero-banners') => m.state.lists[tab].items.map((r) => r.id);
const positions = (tab: HomepageTab = 'hero-banners') => m.state.lists[tab].items.map((r) => r.position);

/** The model of the test at hand, made with its fake server. */
let m: HomepageModel;

async function open(lists: Partial<Record<HomepageTab, HomepageItem[]>>, tab: HomepageTab = 'hero-banners') {
  const fake = fakeServer(lists);
  m = createHomepageModel(fake.api);
  m.enterHomepage(tab);
  await tick();
  return fake;
}

describe('the homepage model', () => {
  it('shows a move at once, before the server answers', async () => {
    const { gate } = await open({ 'hero-banners': [banner(1, 1), banner(2, 2), banner(3, 3)] });
    let release!: () => void;
    gate.hold = new Promise((r) => (release = r));
    const done = m.moveItem('hero-banners', 1, 3);
    expect(shownIds()).toEqual([2, 3, 1]);
    expect(positions()).toEqual([1, 2, 3]);
    expect(m.state.moving['hero-banners']).toBe(1);
    release();
    await done;
    expect(shownIds()).toEqual([2, 3, 1]);
    expect(m.state.moving['hero-banners']).toBe(0);
  });

  it('replaces the shown order with the order the server answered', async () => {
    const { gate } = await open({ 'hero-banners': [banner(1, 1), banner(2, 2), banner(3, 3)] });
    // Another admin moved 3 first meanwhile: the server's order wins.
    gate.answer = [
      { id: 3, position: 1 },
      { id: 1, position: 2 },
      { id: 2, position: 3 },
    ];
    const done = m.moveItem('hero-banners', 1, 2);
    expect(shownIds()).toEqual([2, 1, 3]);
    await expect(done).resolves.toMatchObject({ message: 'Hero banner moved successfully!' });
    expect(shownIds()).toEqual([3, 1, 2]);
    expect(positions()).toEqual([1, 2, 3]);
  });

  it('puts a refused move back and passes the refusal on', async () => {
    const { gate } = await open({ 'hero-banners': [banner(1, 1), banner(2, 2), banner(3, 3)] });
    gate.refuse = true;
    const done = m.moveItem('hero-banners', 3, 1);
    expect(shownIds()).toEqual([3, 1, 2]);
    await expect(done).rejects.toBeInstanceOf(ApiError);
    expect(shownIds()).toEqual([1, 2, 3]);
    expect(m.state.moving['hero-banners']).toBe(0);
    expect(m.state.announcement).toBe('Banner 3 is back at position 3.');
  });

  it('sends quick moves one after another, each shown at once, the cursor riding along', async () => {
    const { api, rows } = await open({ 'hero-banners': [banner(1, 1), banner(2, 2), banner(3, 3), banner(4, 4)] });
    expect(m.list.state.cursor).toBe(1);
    const moves = [m.moveBy(1), m.moveBy(1), m.moveBy(1)];
    expect(shownIds()).toEqual([2, 3, 4, 1]);
    await Promise.all(moves);
    expect(api.move).toHaveBeenNthCalledWith(1, 'hero-banners', 1, 2);
    expect(api.move).toHaveBeenNthCalledWith(3, 'hero-banners', 1, 4);
    expect(rows['hero-banners'].map((r) => r.id)).toEqual([2, 3, 4, 1]);
    expect(shownIds()).toEqual([2, 3, 4, 1]);
    expect(m.list.state.cursor).toBe(1);
    // At the end nothing moves and nothing is sent.
    await m.moveBy(1);
    expect(api.move).toHaveBeenCalledTimes(3);
  });

  it('keeps a later move shown when an earlier one is refused', async () => {
    const { api, gate } = await open({ 'hero-banners': [banner(1, 1), banner(2, 2), banner(3, 3)] });
    let release!: () => void;
    gate.hold = new Promise((r) => (release = r));
    gate.refuse = true;
    const first = m.moveItem('hero-banners', 1, 2);
    expect(shownIds()).toEqual([2, 1, 3]);
    release();
    await expect(first).rejects.toBeInstanceOf(ApiError);
    gate.refuse = false;
    gate.hold = undefined;
    await m.moveItem('hero-banners', 3, 1);
    expect(api.move).toHaveBeenLastCalledWith('hero-banners', 3, 1);
    expect(shownIds()).toEqual([3, 1, 2]);
  });

  it('cycles the tabs both ways, wrapping round, each keeping its own highlighted row', async () => {
    expect(tabAfter('hero-banners', 1)).toBe('welcome-boxes');
    expect(tabAfter('dont-miss-out', 1)).toBe('hero-banners');
    expect(tabAfter('hero-banners', -1)).toBe('dont-miss-out');

    await open({ 'hero-banners': [banner(1, 1), banner(2, 2)], 'welcome-boxes': [box(7, 1), box(8, 2)] });
    m.list.move(1);
    expect(m.list.state.cursor).toBe(2);
    expect(m.cycleTab(1)).toBe('welcome-boxes');
    expect(m.state.tab).toBe('welcome-boxes');
    expect(m.list.state.cursor).toBe(7);
    expect(m.cycleTab(-1)).toBe('hero-banners');
    expect(m.list.state.cursor).toBe(2);
    expect(m.cycleTab(-1)).toBe('dont-miss-out');
    expect(m.list.state.cursor).toBeNull();
    m.showTab('hero-banners');
    expect(m.list.state.cursor).toBe(2);
  });

  it("opens a new row's form asked for before its tab shows (from another screen), and keeps it when the lists arrive", async () => {
    const fake = fakeServer({ 'hero-banners': [banner(1, 1)], 'welcome-boxes': [box(5, 1)] });
    m = createHomepageModel(fake.api);
    m.startNewOn('welcome-boxes');
    m.enterHomepage('welcome-boxes');
    expect(m.state.form.kind).toBe('new');
    await tick();
    expect(m.state.lists['welcome-boxes'].status).toBe('ready');
    expect(m.state.form.kind).toBe('new');
    expect(m.list.state.route.mode).toBe('add');
    // Asked on the screen for another tab: it opens there, once.
    m.startNewOn('hero-banners');
    m.showTab('hero-banners');
    expect(m.state.form.kind).toBe('new');
    m.showTab('welcome-boxes');
    m.showTab('hero-banners');
    expect(m.state.form.kind).toBe('edit');
  });

  it('previews a day other than today at its noon, on Dubai’s calendar whatever the browser’s zone', () => {
    // 22:30 UTC on 9 March is already 10 March, 02:30, in Dubai.
    const now = Date.parse('2026-03-09T22:30:00Z');
    expect(localDay(now)).toBe('2026-03-10');
    expect(previewMoment('2026-03-10', now)).toBe(now);
    expect(previewMoment('2026-03-12', now)).toBe(Date.parse('2026-03-12T08:00:00Z'));
  });
});
