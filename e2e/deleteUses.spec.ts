// A delete says what it takes with it before asking (contract/bulk.ts `uses`): a category's
// question names the offers that use it and what happens to them, and a bank with cards is
// refused before any question, the toast naming why. Checked against the API.
// USES_SHOTS=<dir> saves screenshots (1440×900 and 1024×768, light and dark).
import { expect, test } from './fixtures';
import { apiAs, listNamed, mod, rowsOf, signIn, shoot, sayYes } from './session';

const SHOTS = process.env.USES_SHOTS;

test('deleting a category names the offers that use it before asking; undo gives it back', async ({ page }) => {
  await signIn(page);
  const api = await apiAs(page);
  const tag = Date.now().toString(36);
  const made = async (url: string, data: unknown) => (await (await api.post(url, data)).json()).data as { id: number };
  const category = await made('/admin/v1/add_categories', { name: `Uses ${tag}` });
  for (let i = 0; i < 3; i++)
    await made('/admin/v1/add_offer', {
      title: `Uses offer ${tag} ${i}`,
      discount: '5%',
      valid_from: '2026-01-01',
      valid_to: '2027-12-31',
      category_id: category.id,
    });
  const inCategory = async () =>
    (await (await api.post('/admin/v1/all_offer?per_page=1', { category: category.id })).json()).pagination
      .total as number;

  await page.goto(`/admin/category-list?query=${encodeURIComponent(`Uses ${tag}`)}`);
  const list = listNamed(page, 'Categories');
  await expect(rowsOf(list)).toHaveCount(1);
  await list.focus();
  await page.keyboard.press('j');
  await page.keyboard.press(`${mod}+Backspace`);
  const asked = page.getByRole('dialog', { name: `Delete category Uses ${tag}?` });
  await expect(asked).toBeVisible();
  await expect(asked).toContainText('3 offers use it; they will have no category. You can undo this.');
  await shoot(page, SHOTS, 'delete-uses');
  // Escape: nothing deleted.
  await page.keyboard.press('Escape');
  await expect(asked).toBeHidden();
  expect(await inCategory()).toBe(3);

  // Asked again, Tab to Delete and Enter deletes: the offers are left without a category; mod+z puts it back.
  await page.keyboard.press(`${mod}+Backspace`);
  await expect(asked).toBeVisible();
  await sayYes(page);
  await expect(page.getByText('categories deleted successfully!').first()).toBeVisible();
  expect((await api.get(`/admin/v1/show_categories/${category.id}`)).status()).toBe(404);
  const left = (await (await api.post('/admin/v1/all_offer?per_page=5', { query: `Uses offer ${tag}` })).json())
    .data as { category_id: number | null }[];
  expect(left.map((o) => o.category_id)).toEqual([null, null, null]);
  await list.focus();
  await page.keyboard.press(`${mod}+z`);
  await expect.poll(inCategory).toBe(3);
});

test('deleting a bank with cards is refused before any question, the toast naming why', async ({ page }) => {
  await signIn(page);
  const api = await apiAs(page);
  const banks = (await (await api.get('/admin/v1/all_bank?per_page=50')).json()).data as { id: number; name: string }[];
  // A seeded bank with cards, and how many (the card list's own count).
  let bank: { id: number; name: string } | undefined;
  let cards = 0;
  for (const b of banks) {
    cards = (await (await api.post('/admin/v1/all_card?per_page=1', { bank: b.id })).json()).pagination.total;
    if (cards > 0) {
      bank = b;
      break;
    }
  }
  expect(bank).toBeDefined();

  await page.goto(`/admin/bank-list?query=${encodeURIComponent(bank!.name)}`);
  const list = listNamed(page, 'Banks');
  await expect(rowsOf(list).first()).toBeVisible();
  await list.focus();
  await page.keyboard.press('j');
  await expect(rowsOf(list).first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press(`${mod}+Backspace`);
  const toast = page.locator('[data-sonner-toast]', {
    hasText: `${bank!.name} has ${cards} ${cards === 1 ? 'card' : 'cards'}: delete or move ${cards === 1 ? 'it' : 'them'} first.`,
  });
  await expect(toast).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await shoot(page, SHOTS, 'delete-refused');
  expect((await api.get(`/admin/v1/show_bank/${bank!.id}`)).status()).toBe(200);
  // Focus stays on the list: the keys work on.
  await expect(list).toBeFocused();
});
