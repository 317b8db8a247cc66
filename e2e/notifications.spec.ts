// Notifications and settings in the browser, by keyboard where the screen offers it: compose a
// notification to the holders of one card (the audience's size shown as it is chosen, the same
// the API counts), send it after "Send to N users?" (Escape sends nothing), and see it listed
// as sent with that audience size; the same one again within a minute asks first. Then change a setting with mod+s and see who changed it
// and when. NOTIFY_SHOTS=<dir> also saves screenshots (1440×900 and 1024×768, light and dark).
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiAs, mod, signIn, listNamed, rowsOf, shoot, sayYes } from './session';

type Api = Awaited<ReturnType<typeof apiAs>>;
const SHOTS = process.env.NOTIFY_SHOTS;

/** The seeded card whose holders a seeded notification went to (server/db/seed/notifications.ts). */
async function heldCard(api: Api): Promise<{ id: number; name: string; size: number }> {
  const listed = (await (await api.get('/admin/v1/notifications?audience=card&per_page=1')).json()).data as {
    audience_id: number;
    audience_name: string;
  }[];
  expect(listed.length).toBe(1);
  const { audience_id: id, audience_name: name } = listed[0];
  const size = (await (await api.get(`/admin/v1/notification_audience?audience=card&audience_id=${id}`)).json()).data
    .size as number;
  expect(size).toBeGreaterThan(0);
  return { id, name, size };
}

/** The card among the picker's choices (not a list row that names it). */
const cardChoice = (page: Page, name: string) =>
  page.getByRole('listbox', { name: 'Card', exact: true }).getByRole('option').filter({ hasText: name }).first();

test('send a notification to the holders of one card; it is listed as sent with its audience size; the same again asks first', async ({
  page,
}) => {
  await signIn(page);
  const api = await apiAs(page);
  const card = await heldCard(api);
  const title = `Card holders ${Date.now() % 100000}`;

  // g y: the notifications; n: the compose form in the pane, its title focused.
  await page.keyboard.press('g');
  await page.keyboard.press('y');
  await expect(page).toHaveURL(/\/admin\/notifications/);
  const rows = rowsOf(listNamed(page, 'Notifications'));
  await expect(rows.first()).toBeVisible();
  await shoot(page, SHOTS, 'list');
  await page.keyboard.press('n');
  await expect(page.getByLabel('Title')).toBeFocused();
  await page.keyboard.type(title);
  await page.getByLabel('Message').fill('A new dining offer for your card: 25% off at 40 restaurants this week.');
  await expect(page.getByTestId('audience-size')).toContainText('app users get it');

  // The audience: the card's holders, the card found by typing its name.
  await page.getByRole('radio', { name: 'Holders of a card' }).check();
  await expect(page.getByTestId('audience-size')).toHaveText('Choose the card to see how many people get it.');
  const picker = page.getByRole('combobox', { name: 'Card' });
  await picker.click();
  await page.keyboard.type(card.name.split(' ').slice(0, 2).join(' '));
  await cardChoice(page, card.name).click();
  await expect(page.getByTestId('audience-size')).toHaveText(
    `${card.size.toLocaleString('en')} app ${card.size === 1 ? 'user gets' : 'users get'} it.`,
  );
  await shoot(page, SHOTS, 'compose');

  // mod+enter asks first: the audience's size, counted now; Escape sends nothing.
  const people = `${card.size.toLocaleString('en')} ${card.size === 1 ? 'user' : 'users'}`;
  const sizeQuestion = page.getByRole('dialog', { name: `Send to ${people}?` });
  await page.keyboard.press(`${mod}+Enter`);
  await expect(sizeQuestion).toBeVisible();
  await expect(sizeQuestion).toContainText(`“${title}” goes to Holders of ${card.name}: ${people} at once.`);
  await shoot(page, SHOTS, 'audience-confirm');
  await page.keyboard.press('Escape');
  await expect(sizeQuestion).toBeHidden();
  expect(
    (await (await api.get(`/admin/v1/notifications?query=${encodeURIComponent(title)}`)).json()).pagination.total,
  ).toBe(0);
  await expect(page.getByLabel('Title')).toHaveValue(title);
  // Asked again, Enter sends; the pane follows it until it is sent.
  await page.keyboard.press(`${mod}+Enter`);
  await expect(sizeQuestion).toBeVisible();
  await sayYes(page);
  await expect(page.getByText('Notification added successfully!').first()).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/view-notification\/\d+/);
  const pane = page.locator('.pane');
  await expect(pane.locator('.ntf-status .ntf-chip')).toHaveText('Sent', { timeout: 20_000 });
  await expect(pane.locator('.ntf-figures')).toContainText(`Audience${card.size.toLocaleString()}`);
  await expect(pane.locator('.ntf-figures')).toContainText(`Sent${card.size.toLocaleString()}`);
  const id = Number(/view-notification\/(\d+)/.exec(page.url())![1]);
  // The list row says the same, and so does the API.
  const row = rows.filter({ hasText: title }).first();
  await expect(row).toContainText('Sent');
  await expect(row).toContainText(`Holders of ${card.name}`);
  await expect(row).toContainText(`${card.size.toLocaleString()}/${card.size.toLocaleString()} sent`);
  const shown = (await (await api.get(`/admin/v1/notifications/${id}`)).json()).data;
  expect(shown).toMatchObject({
    status: 'sent',
    audience: 'card',
    audience_id: card.id,
    audience_size: card.size,
    sent_count: card.size,
  });
  await shoot(page, SHOTS, 'sent');

  // The same notification again within a minute: the browser asks, Escape keeps it unsent.
  await page.keyboard.press('n');
  await page.keyboard.type(title);
  await page.getByLabel('Message').fill('A new dining offer for your card: 25% off at 40 restaurants this week.');
  await page.getByRole('radio', { name: 'Holders of a card' }).check();
  await page.getByRole('combobox', { name: 'Card' }).click();
  await page.keyboard.type(card.name.split(' ').slice(0, 2).join(' '));
  await cardChoice(page, card.name).click();
  await page.keyboard.press(`${mod}+Enter`);
  const dialog = page.getByRole('dialog', { name: 'Send it a second time?' });
  await expect(dialog).toBeVisible();
  await shoot(page, SHOTS, 'confirm');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  const twins = (await (await api.get(`/admin/v1/notifications?query=${encodeURIComponent(title)}`)).json()).pagination
    .total;
  expect(twins).toBe(1);
  // Asked again, "Send again" and the audience's size confirmed send it a second time.
  await page.keyboard.press(`${mod}+Enter`);
  await dialog.getByRole('button', { name: 'Send again' }).click();
  await sizeQuestion.getByRole('button', { name: `Send to ${people}` }).click();
  await expect(page.getByText('Notification added successfully!').first()).toBeVisible();
  await expect
    .poll(
      async () =>
        (await (await api.get(`/admin/v1/notifications?query=${encodeURIComponent(title)}`)).json()).pagination.total,
    )
    .toBe(2);
});

test('change a setting with mod+s and see who changed it and when', async ({ page }) => {
  await signIn(page);
  const api = await apiAs(page);
  const me = (await (await api.get('/admin/v1/show_user')).json()).data as { name: string };
  const before = (await (await api.get('/admin/v1/settings')).json()).data as { offers_per_section: number };
  const next = before.offers_per_section === 17 ? 18 : 17;

  await page.keyboard.press('g');
  await page.keyboard.press('s');
  await expect(page).toHaveURL(/\/admin\/settings/);
  const field = page.getByLabel('Offers per homepage section');
  await expect(field).toHaveValue(String(before.offers_per_section));
  await shoot(page, SHOTS, 'settings');
  await field.fill(String(next));
  await page.keyboard.press(`${mod}+s`);
  await expect(page.getByText('Settings updated successfully!').first()).toBeVisible();
  // Beside the field: who and when.
  const who = page.locator('.settings-field', { has: field }).getByTestId('changed-by');
  await expect(who).toContainText(`Changed by ${me.name}`);
  await expect(who).toContainText('just now');
  const after = (await (await api.get('/admin/v1/settings')).json()).data;
  expect(after.offers_per_section).toBe(next);
  expect(after.changes.offers_per_section.by_name).toBe(me.name);

  // A refused value: the server's sentence beside the field, nothing saved.
  await field.fill('99');
  await page.keyboard.press(`${mod}+s`);
  await expect(page.locator('.field', { has: field }).locator('.field-error')).toHaveText(
    'Offers per homepage section must be at most 50.',
  );
  expect((await (await api.get('/admin/v1/settings')).json()).data.offers_per_section).toBe(next);
  await shoot(page, SHOTS, 'settings-error');
});

test('every catalogue health setting shows, from the contract, and saves with mod+s', async ({ page }) => {
  await signIn(page);
  const api = await apiAs(page);
  type Health = {
    id: number;
    version: number;
    health_ending_days: number;
    health_offer_terms: boolean;
    health_duplicate_similarity: number;
  };
  const before = (await (await api.get('/admin/v1/settings')).json()).data as Health;
  expect(before.health_duplicate_similarity).toBe(0.85);

  await page.goto('/admin/settings');
  const health = page.getByRole('region', { name: 'Catalogue health' });
  const ending = health.getByLabel('Ending soon (days)');
  const similarity = health.getByLabel('Duplicate similarity');
  // The first load of the screen's chunk and the record may take a while on a busy machine.
  await expect(ending).toHaveValue(String(before.health_ending_days), { timeout: 30_000 });
  await expect(similarity).toHaveValue('0.85');
  await expect(health.getByText('0.5 to 1; higher finds fewer, closer pairs.')).toBeVisible();
  for (const flag of [
    'A complete offer has an image',
    'A complete offer has terms',
    'A complete outlet has an area',
    'A complete outlet has a location',
  ])
    await expect(health.getByLabel(flag)).toBeVisible();

  await similarity.fill('0.9');
  await ending.fill(String(before.health_ending_days + 1));
  await health.getByLabel('A complete offer has terms').setChecked(!before.health_offer_terms);
  await expect(page.getByRole('button', { name: 'Save 3 changes' })).toBeVisible();
  await page.keyboard.press(`${mod}+s`);
  await expect(page.getByText('Settings updated successfully!').first()).toBeVisible();
  const after = (await (await api.get('/admin/v1/settings')).json()).data as Health;
  expect(after.health_duplicate_similarity).toBe(0.9);
  expect(after.health_ending_days).toBe(before.health_ending_days + 1);
  expect(after.health_offer_terms).toBe(!before.health_offer_terms);

  // Out of its bounds: the server's sentence beside the field, nothing saved.
  await similarity.fill('1.5');
  await page.keyboard.press(`${mod}+s`);
  await expect(health.locator('.field-error')).toHaveText('Duplicate similarity must be at most 1.');
  expect(((await (await api.get('/admin/v1/settings')).json()).data as Health).health_duplicate_similarity).toBe(0.9);

  // The health queues of the other tests count as the seed set them.
  const { health_ending_days, health_offer_terms, health_duplicate_similarity } = before;
  const restored = await api.patch(`/admin/v1/settings/${after.id}`, {
    health_ending_days,
    health_offer_terms,
    health_duplicate_similarity,
    version: after.version,
  });
  expect(restored.status(), await restored.text()).toBe(200);
});
