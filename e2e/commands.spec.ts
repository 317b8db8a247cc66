// Issue 34, "everything a screen offers, from anywhere": from the dashboard, by keys alone, the
// palette duplicates an offer, sets a user's role, discontinues a card and opens the offers
// expiring within 7 days; each outcome is read back through the API.
import type { Page } from '@playwright/test';
import type { Card } from '@contract/card';
import type { Offer } from '@contract/offer';
import type { AdminUser } from '@contract/user';
import { expect, test } from './fixtures';
import { apiAs, listNamed, pick, rowsOf, run, shoot, signIn } from './session';

/** COMMANDS_SHOTS=<dir>: screenshots of the users list by role (1440×900, 1024×768, light and dark). */
const SHOTS = process.env.COMMANDS_SHOTS;

type Api = Awaited<ReturnType<typeof apiAs>>;

async function dashboard(page: Page) {
  await page.goto('/admin/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** A record whose name no other record of the page shares, so one typed name finds it alone. */
const unique = <T>(rows: T[], name: (r: T) => string) =>
  rows.find((r) => rows.filter((x) => name(x) === name(r)).length === 1)!;

let api: Api;
test.beforeEach(async ({ page }) => {
  await signIn(page);
  api = await apiAs(page);
});

// The offer is the test's own, made through the API with two cards and two outlets: what specs
// before it on the same worker's server left cannot change what it finds. Its title carries a
// token of this run alone, so the palette's search finds it and nothing else.
test('duplicate offer: picked by title, the copy opens, its fields and links are the original’s', async ({ page }) => {
  const made = async (url: string, data: unknown) => {
    const res = await api.post(url, data);
    expect(res.status(), url).toBe(200);
    return (await res.json()).data as Offer;
  };
  const cards = (await (await api.post('/admin/v1/all_card?per_page=2', {})).json()).data as Card[];
  const outlets = (await (await api.get('/admin/v1/outlets?per_page=2')).json()).data as { id: number }[];
  expect([cards.length, outlets.length]).toEqual([2, 2]);
  const token = Math.random().toString(36).slice(2, 10);
  const original = await made('/admin/v1/add_offer', {
    title: `Duplicated ${token}`,
    discount: '15%',
    valid_from: '2026-01-01',
    valid_to: '2027-12-31',
    card_ids: cards.map((c) => c.id),
    outlet_ids: outlets.map((o) => o.id),
  });
  expect(original.card_ids).toHaveLength(2);

  await dashboard(page);
  await run(page, 'duplicate offer', 'Duplicate offer');
  await pick(page, original.title, original.title);
  await expect(page).toHaveURL(/\/admin\/view-offer\/\d+$/);
  const id = Number(/view-offer\/(\d+)$/.exec(page.url())![1]);
  expect(id).not.toBe(original.id);
  const copy = (await (await api.get(`/admin/v1/show_offer?id=${id}`)).json()).data as Offer;
  expect(copy.title).toBe(`${original.title} (copy)`);
  expect([copy.discount, copy.valid_from, copy.valid_to, copy.category_id]).toEqual([
    original.discount,
    original.valid_from,
    original.valid_to,
    original.category_id,
  ]);
  expect([...copy.card_ids].sort()).toEqual([...original.card_ids].sort());
  expect([...copy.outlet_ids].sort()).toEqual([...original.outlet_ids].sort());
  // The original is as it was.
  const after = (await (await api.get(`/admin/v1/show_offer?id=${original.id}`)).json()).data as Offer;
  expect([after.title, after.version]).toEqual([original.title, original.version]);
});

test('set role: the person, then the role; the user has it', async ({ page }) => {
  const people = (await (await api.get('/admin/v1/all_user?role=user&per_page=50')).json()).data as AdminUser[];
  const person = unique(people, (u) => u.name);
  await dashboard(page);
  await run(page, 'set role', 'Set user role…');
  await pick(page, person.name, person.name);
  await pick(page, 'editor', 'Editor');
  await expect(page.getByText(`${person.name} is an editor now.`)).toBeVisible();
  const after = (await (await api.get(`/admin/v1/show_user/${person.id}`)).json()).data as AdminUser;
  expect(after.role).toBe('editor');
});

test('discontinue card: picked by name, it is discontinued and hidden', async ({ page }) => {
  const cards = (await (await api.post('/admin/v1/all_card?per_page=50', { status: 'Not Discontinued' })).json())
    .data as Card[];
  const card = unique(cards, (c) => c.name);
  await dashboard(page);
  await run(page, 'discontinue card', 'Mark card discontinued');
  await pick(page, card.name, card.name);
  await expect(page.getByText('Card updated successfully!')).toBeVisible();
  await expect
    .poll(async () => {
      const now = (await (await api.get(`/admin/v1/show_card?id=${card.id}`)).json()).data as Card;
      return [now.status, now.display];
    })
    .toEqual(['Discontinued', false]);
});

test('“expiring offers” opens the offers ending within 7 days', async ({ page }) => {
  const expiring = (await (await api.post('/admin/v1/all_offer?per_page=100', { expiring: 7 })).json()).data as Offer[];
  expect(expiring.length).toBeGreaterThan(0);
  await dashboard(page);
  await run(page, 'expiring offers', 'Show offers expiring within 7 days');
  await expect(page).toHaveURL(/\/admin\/offer-list\?expiring=7$/);
  const rows = rowsOf(listNamed(page, 'Offers'));
  await expect(rows.first()).toBeVisible();
  const shown = await rows.count();
  expect(shown).toBeLessThanOrEqual(expiring.length);
  const titles = new Set(expiring.map((o) => o.title));
  for (const text of (await rows.allInnerTexts()).slice(0, 5))
    expect(
      [...titles].some((t) => text.includes(t)),
      text,
    ).toBe(true);
});

test('“show admins” from the dashboard: the users list by role, its Role column saying so', async ({ page }) => {
  const admins = (await (await api.get('/admin/v1/all_user?role=admin&per_page=100')).json()).data as AdminUser[];
  expect(admins.length).toBeGreaterThan(0);
  await dashboard(page);
  await run(page, 'show admins', 'Show admins');
  await expect(page).toHaveURL(/\/admin\/user-list\?role=admin$/);
  const list = listNamed(page, 'Users');
  await expect(list.getByRole('columnheader', { name: 'Role' })).toBeVisible();
  await expect(rowsOf(list)).toHaveCount(Math.min(admins.length, 50));
  for (const text of await rowsOf(list).allInnerTexts()) expect(text).toContain('Admin');
  await shoot(page, SHOTS, 'users-by-role');
});
