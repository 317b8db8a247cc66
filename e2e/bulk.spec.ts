// Bulk work on a whole filtered list (contract/bulk.ts): select all matching across pages,
// set a field of all of them from the palette, undo it with mod+z, delete them all and undo
// that from the toast. Every step is checked against the API, not just the screen.
import { expect, test } from './fixtures';
import { apiAs, signIn, listNamed, rowsOf, paletteInput } from './session';

const mod = process.platform === 'darwin' ? 'Meta' : 'Control';

test('select all 60 matching, set their category, undo by mod+z; delete all 60, undo from the toast', async ({
  page,
}) => {
  await signIn(page);
  const api = await apiAs(page);
  const tag = Date.now().toString(36);
  const made = async (url: string, data: unknown) => (await (await api.post(url, data)).json()).data as { id: number };
  const from = await made('/admin/v1/add_categories', { name: `Bulk from ${tag}` });
  const to = await made('/admin/v1/add_categories', { name: `Bulk to ${tag}` });
  for (let i = 0; i < 60; i++) {
    await made('/admin/v1/add_offer', {
      title: `Bulk offer ${tag} ${i}`,
      discount: '5%',
      valid_from: '2026-01-01',
      valid_to: '2027-12-31',
      category_id: from.id,
    });
  }
  const inCategory = async (id: number) =>
    (await (await api.post('/admin/v1/all_offer?per_page=1', { category: id })).json()).pagination.total as number;

  await page.goto(`/admin/offer-list?category=${from.id}`);
  const list = listNamed(page, 'Offers');
  await expect(rowsOf(list).first()).toBeVisible();
  await expect(page.locator('.list-count')).toHaveText('60 offers');
  await list.focus();

  // mod+a: the 50 loaded; again: all 60 matching.
  await page.keyboard.press(`${mod}+a`);
  await expect(page.locator('.selection-count')).toHaveText('50 selected');
  await expect(page.getByRole('button', { name: 'Select all 60 matching' })).toBeVisible();
  await page.keyboard.press(`${mod}+a`);
  await expect(page.locator('.selection-count')).toHaveText('All 60 matching selected');

  // The palette lists the selection's commands first; set the category of all 60.
  await page.keyboard.press(`${mod}+k`);
  await expect(paletteInput(page)).toBeFocused();
  await page.keyboard.type('set category');
  await page.getByRole('option', { name: /Set category of 60 offers/ }).click();
  await page.keyboard.type(`Bulk to ${tag}`);
  await page.getByRole('option', { name: `Bulk to ${tag}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Set category of 60 offers?' });
  await expect(dialog).toContainText(
    `Category becomes “Bulk to ${tag}” on all 60 offers the list matches. You can undo this.`,
  );
  await dialog.getByRole('button', { name: 'Set category of 60 offers' }).click();
  await expect(page.getByText('Updated 60 offers.')).toBeVisible();
  expect(await inCategory(to.id)).toBe(60);
  // The toast covers no button: not Sign out, not the list's.
  const toastBox = (await page.locator('[data-sonner-toast]').first().boundingBox())!;
  for (const button of await page.locator('header button, .list-head button').all()) {
    const b = await button.boundingBox();
    if (!b) continue;
    const overlaps =
      b.x < toastBox.x + toastBox.width &&
      toastBox.x < b.x + b.width &&
      b.y < toastBox.y + toastBox.height &&
      toastBox.y < b.y + b.height;
    expect(overlaps, `the toast covers “${await button.textContent()}”`).toBe(false);
  }
  // The list still filters by the old category: it is empty now.
  await expect(page.locator('.list-count')).toHaveText('0 offers');

  // mod+z undoes it (focus on the list, not in a field); the toast that offered it goes.
  const updated = page.locator('[data-sonner-toast]', { hasText: 'Updated 60 offers.' });
  await expect(updated).toBeVisible();
  await list.focus();
  // The pointer rests on the toasts, so sonner holds them: only the undo can take this one away.
  await updated.hover();
  await page.keyboard.press(`${mod}+z`);
  await expect(page.getByText('Undone: 60 offers as before.')).toBeVisible();
  await expect(updated).toHaveCount(0);
  expect(await inCategory(from.id)).toBe(60);
  await expect(page.locator('.list-count')).toHaveText('60 offers');

  // Delete all 60 by the selection bar; the toast's Undo brings them back.
  await list.focus();
  await page.keyboard.press(`${mod}+a`);
  await page.getByRole('button', { name: 'Select all 60 matching' }).click();
  await page.getByRole('button', { name: 'Delete selected' }).click();
  const asked = page.getByRole('dialog', { name: 'Delete 60 offers?' });
  await expect(asked).toContainText(
    "All 60 offers the list's search and filters match will be deleted. You can undo this.",
  );
  await asked.getByRole('button', { name: 'Delete 60 offers' }).click();
  const toast = page.locator('[data-sonner-toast]', { hasText: 'Deleted 60 offers.' });
  await expect(toast).toBeVisible();
  expect(await inCategory(from.id)).toBe(0);
  await toast.getByRole('button', { name: 'Undo' }).click();
  // The newest toast: the first undo's may still be showing.
  await expect(page.getByText('Undone: 60 offers as before.').last()).toBeVisible();
  // The first undo's toast says the same words, so its being there does not mean this undo has
  // answered: ask the server until it has (on a busy machine the answer comes later).
  await expect.poll(() => inCategory(from.id)).toBe(60);
  await expect(page.locator('.list-count')).toHaveText('60 offers');
});
