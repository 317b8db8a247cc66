// Crawl triage guardrails, by keyboard, checked against the API: a bulk assign of checked refs
// names them beside the target with their match scores and warns about the weak ones before
// it is confirmed, and one u undoes all of it; decision keys pressed while the next ref is
// still opening are kept and land in order. Each test imports a source of its own.
// GUARD_SHOTS=<dir> saves screenshots of the bulk assign question (1440×900 and 1024×768,
// light and dark).
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiAs, signIn, shoot, sayYes } from './session';

type Api = Awaited<ReturnType<typeof apiAs>>;
const SHOTS = process.env.GUARD_SHOTS;

/** Imports a crawl file of card refs as a new source; its id and its refs by name. */
async function importCards(page: Page, slug: string, cards: { name: string; bank?: string }[]) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const lines = cards
    .map((c, i) => JSON.stringify({ kind: 'card', key: `${slug}-${i}`, name: c.name, bank: c.bank, network: 'Visa' }))
    .join('\n');
  const res = await page.request.post('/admin/v1/crawl_data/import', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      from_source: slug,
      name: `Guard ${slug}`,
      file: { name: 'crawl.jsonl', mimeType: 'text/plain', buffer: Buffer.from(`${lines}\n`) },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()).data.source as { id: number }).id;
}

const cardRefs = async (api: Api, from: number) =>
  (await (await api.post('/admin/v1/all-cards-ref?per_page=100', { from })).json()).data as {
    id: number;
    name: string;
    state: string;
    card_id: number | null;
  }[];

test('a bulk assign names the checked refs with their match scores, warns about the weak one, and one u undoes it all', async ({
  page,
}) => {
  await signIn(page);
  const api = await apiAs(page);
  const slug = `guard-assign-${Date.now() % 100000}`;
  const source = await importCards(page, slug, [
    { name: 'Skywards Infinite Credit Card', bank: 'Emirates NBD' },
    { name: 'Skywards Infinite', bank: 'Emirates NBD' },
    { name: 'Noor Titanium Debit', bank: 'Noor Bank' },
  ]);
  const target = (
    (await (await api.post('/admin/v1/all_card?per_page=5', { query: 'Skywards Infinite Credit Card' })).json())
      .data as { id: number; name: string }[]
  ).find((c) => c.name === 'Skywards Infinite Credit Card')!;

  await page.goto(`/admin/crawl-data/cards/${source}`);
  const list = page.getByRole('listbox', { name: 'Crawled cards' });
  await expect(list.getByRole('option')).toHaveCount(3);
  await expect(page.getByRole('region', { name: 'Candidates' })).toBeVisible();
  await list.focus();
  // x checks the highlighted ref, j moves on: all three checked.
  for (const key of ['x', 'j', 'x', 'j', 'x']) await page.keyboard.press(key);
  await expect(list.locator('[role="option"][aria-checked="true"]')).toHaveCount(3);

  // shift+a: the select card dialog for the checked refs; Enter on the live card asks first.
  await page.keyboard.press('Shift+A');
  const select = page.getByRole('dialog', { name: 'Select a card for 3 checked refs' });
  await expect(select).toBeVisible();
  await page.keyboard.type('skywards infinite credit');
  await expect(select.getByRole('option').first()).toContainText('Skywards Infinite Credit Card');
  await page.keyboard.press('Enter');
  const asked = page.getByRole('dialog', { name: 'Assign 3 checked refs to Skywards Infinite Credit Card?' });
  await expect(asked).toBeVisible();
  const items = asked.locator('.modal-list li');
  await expect(items).toHaveCount(3);
  // The weak match first, marked, and the warning line.
  await expect(items.first()).toHaveText(/^Noor Titanium Debit · \d+% match \(weak\)$/);
  await expect(items.first()).toHaveClass(/is-warn/);
  await expect(asked.locator('.modal-list')).toContainText('Skywards Infinite Credit Card · 100% match');
  await expect(asked.getByRole('note')).toHaveText(
    '1 of them matches “Skywards Infinite Credit Card” less than 30%: is it this card?',
  );
  await shoot(page, SHOTS, 'bulk-assign');

  // Escape assigns nothing; asked again, Tab to the Assign button and Enter assign all three.
  await page.keyboard.press('Escape');
  await expect(asked).toBeHidden();
  expect((await cardRefs(api, source)).map((r) => r.state)).toEqual(['new', 'new', 'new']);
  await page.keyboard.press('Shift+A');
  await page.keyboard.type('skywards infinite credit');
  await expect(select.getByRole('option').first()).toContainText('Skywards Infinite Credit Card');
  await page.keyboard.press('Enter');
  await expect(asked).toBeVisible();
  await sayYes(page);
  await expect(page.getByText('Assigned 3 card refs to Skywards Infinite Credit Card.').first()).toBeVisible();
  await expect
    .poll(async () => (await cardRefs(api, source)).map((r) => [r.state, r.card_id]))
    .toEqual([
      ['assigned', target.id],
      ['assigned', target.id],
      ['assigned', target.id],
    ]);

  // One u: the whole bulk decision goes back, and says how many.
  await list.focus();
  await page.keyboard.press('u');
  await expect(page.getByText('Undid 3 assignments.').first()).toBeVisible();
  await expect.poll(async () => (await cardRefs(api, source)).map((r) => r.state)).toEqual(['new', 'new', 'new']);
});

test('decision keys pressed while the next ref is still opening are kept and land in order', async ({ page }) => {
  await signIn(page);
  const api = await apiAs(page);
  const slug = `guard-keys-${Date.now() % 100000}`;
  const source = await importCards(page, slug, [
    { name: 'Guard Keys One Card' },
    { name: 'Guard Keys Two Card' },
    { name: 'Guard Keys Three Card' },
    { name: 'Guard Keys Four Card' },
  ]);

  await page.goto(`/admin/crawl-data/cards/${source}`);
  const list = page.getByRole('listbox', { name: 'Crawled cards' });
  await expect(list.getByRole('option')).toHaveCount(4);
  await expect(page.locator('.pane-head h2')).toHaveText('Guard Keys One Card');
  await expect(page.getByRole('region', { name: 'Candidates' })).toBeVisible();
  await list.focus();
  // From now on every claim reaches the server 400 ms late (the real server answers it): the
  // next ref is still opening when the next key comes.
  await page.route('**/admin/v1/crawl_refs/claim', async (route) => {
    await new Promise((r) => setTimeout(r, 400));
    await route.continue();
  });
  // s skips the first; the next two s, pressed at once, are for the refs that open after it.
  await page.keyboard.press('s');
  await page.keyboard.press('s');
  await page.keyboard.press('s');
  await expect
    .poll(async () => (await cardRefs(api, source)).map((r) => r.state), { timeout: 15_000 })
    .toEqual(['skipped', 'skipped', 'skipped', 'new']);
  await expect(page.locator('.pane-head h2')).toHaveText('Guard Keys Four Card');
  // A claim may still be held back by the handler (a busy machine): wait for it to go on
  // rather than pull the route from under it ("Route is already handled").
  await page.unrouteAll({ behavior: 'wait' });
});
