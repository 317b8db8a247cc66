// Typed dates (src/ui/DateField.tsx): every date and date-time field takes '24 Nov',
// '24/11/2026', 'today', '+30d', 'tomorrow 9am', says below it the date it understood in Dubai
// time, and sends the server its value. Checked against the API: an offer made with 'today' and
// '+30d' (a text that is not a date stops the save; Escape puts the date back; ↑/↓ move a day),
// a hero banner's schedule from 'tomorrow 9am', a notification scheduled for tomorrow at 9, and
// "Set valid to" of picked offers from the palette with '+30d'.
// DATE_SHOTS=<dir> saves the offer form with a typed date (1440×900, 1024×768, light and dark).
import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { addDays, dubaiDay, dubaiInstant, parseYmd } from '@contract/dubaiTime';
import { apiAs, listNamed, mod, rowsOf, signIn, shoot, sayYes } from './session';

const SHOTS = process.env.DATE_SHOTS;

/** 'Tue 24 Nov 2026' for a 'YYYY-MM-DD', as the field writes it. */
const words = (day: string) => {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    })
      .formatToParts(Date.parse(`${day}T00:00:00Z`))
      .map((x) => [x.type, x.value]),
  );
  return `${p.weekday} ${p.day} ${p.month} ${p.year}`;
};
/** The instant of a Dubai day at a time. */
const at = (day: string, hour: number, minute = 0) => dubaiInstant({ ...parseYmd(day)!, hour, minute }).toISOString();

/** Types into a field over what it holds. */
async function retype(field: Locator, text: string) {
  await field.focus();
  await field.press(`${mod}+a`);
  await field.pressSequentially(text);
}

test('an offer made with typed dates: today and +30d are saved as Dubai days; not a date stops the save', async ({
  page,
}) => {
  await signIn(page);
  const api = await apiAs(page);
  const today = dubaiDay();
  const in30 = addDays(today, 30);
  await page.goto('/admin/offer-list');
  await expect(rowsOf(listNamed(page, 'Offers')).first()).toBeVisible();
  await page.locator('.vlist').focus();
  await page.keyboard.press('n');
  const title = `E2E typed dates ${Date.now().toString(36)}`;
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Discount').fill('10% off');

  const from = page.getByLabel('Valid from');
  const to = page.getByLabel('Valid to');
  // A new offer starts today (Dubai's), in words.
  await expect(from).toHaveValue(words(today));
  await retype(from, 'today');
  await expect(from).toHaveAccessibleDescription(words(today));
  await retype(to, '+30d');
  await expect(to).toHaveAccessibleDescription(words(in30));
  await expect(to).not.toHaveAttribute('aria-invalid');
  await shoot(page, SHOTS, 'offer-typed-date');

  // Leaving the field writes the date in words.
  await page.keyboard.press('Tab');
  await expect(to).toHaveValue(words(in30));

  // ↑/↓ a day later or earlier, shift a week.
  await to.focus();
  await page.keyboard.press('ArrowUp');
  await expect(to).toHaveValue(words(addDays(in30, 1)));
  await page.keyboard.press('Shift+ArrowDown');
  await expect(to).toHaveValue(words(addDays(in30, -6)));
  await page.keyboard.press('Shift+ArrowUp');
  await page.keyboard.press('ArrowDown');
  await expect(to).toHaveValue(words(in30));

  // Not a date: said in the error colour; mod+enter saves nothing and the field has the focus.
  await retype(to, 'soonish');
  await expect(to).toHaveAttribute('aria-invalid', 'true');
  await expect(to).toHaveAccessibleDescription('Not a date');
  await page.getByLabel('Title').focus();
  await page.keyboard.press(`${mod}+Enter`);
  await expect(to).toBeFocused();
  await expect(page).toHaveURL(/\/admin\/add-offer/);
  expect((await (await api.post('/admin/v1/all_offer', { query: title })).json()).pagination.total).toBe(0);
  await shoot(page, SHOTS, 'offer-not-a-date');

  // Escape puts back what the field held when it took the focus, and the form stays open.
  await page.keyboard.press('Escape');
  await expect(to).toHaveValue(words(in30));
  await expect(to).not.toHaveAttribute('aria-invalid');
  await expect(page).toHaveURL(/\/admin\/add-offer/);
  // With nothing left to put back, Escape is the form's: it would close it, so it asks first.
  const discard = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
  await page.keyboard.press('Escape');
  await expect(discard).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(discard).toBeHidden();

  await page.keyboard.press(`${mod}+Enter`);
  await expect(page).toHaveURL(/\/admin\/view-offer\/\d+/);
  const id = Number(/view-offer\/(\d+)/.exec(page.url())![1]);
  const saved = (await (await api.get(`/admin/v1/show_offer?id=${id}`)).json()).data;
  expect(saved).toMatchObject({ title, valid_from: today, valid_to: in30 });
});

test('a hero banner scheduled from “tomorrow 9am”, Dubai time; a day alone ends at 23:59; emptied, unscheduled again', async ({
  page,
}) => {
  await signIn(page);
  const api = await apiAs(page);
  const banners = async () =>
    (await (await api.get('/admin/v1/hero-banners?per_page=100')).json()).data.hero_banners as {
      id: number;
      title: string;
      starts_at: string | null;
      ends_at: string | null;
    }[];
  const first = (await banners())[0];
  const tomorrow = addDays(dubaiDay(), 1);

  await page.keyboard.press('g');
  await page.keyboard.press('h');
  await expect(page).toHaveURL(/\/admin\/homepage-config/);
  const starts = page.getByLabel('Starts');
  const ends = page.getByLabel('Ends');
  await retype(starts, 'tomorrow 9am');
  await expect(starts).toHaveAccessibleDescription(`${words(tomorrow)}, 09:00 Dubai time`);
  await retype(ends, '+7d');
  await expect(ends).toHaveAccessibleDescription(`${words(addDays(tomorrow, 6))}, 23:59 Dubai time`);
  await shoot(page, SHOTS, 'banner-schedule');
  await page.keyboard.press(`${mod}+Enter`);
  await expect(page.getByText('Hero banner updated successfully!').first()).toBeVisible();
  await expect
    .poll(async () => (await banners()).find((b) => b.id === first.id))
    .toMatchObject({ starts_at: at(tomorrow, 9), ends_at: at(addDays(tomorrow, 6), 23, 59) });
  await expect(starts).toHaveValue(`${words(tomorrow)}, 09:00`);

  // Emptied: no schedule, as it was.
  for (const field of [starts, ends]) {
    await field.focus();
    await field.press(`${mod}+a`);
    await field.press('Backspace');
  }
  await page.keyboard.press(`${mod}+Enter`);
  await expect
    .poll(async () => (await banners()).find((b) => b.id === first.id))
    .toMatchObject({ starts_at: null, ends_at: null });
});

test('a notification scheduled for “tomorrow 9am” goes at 09:00 Dubai time; a day alone means 09:00', async ({
  page,
}) => {
  await signIn(page);
  const api = await apiAs(page);
  const tomorrow = addDays(dubaiDay(), 1);
  const title = `Typed date ${Date.now() % 100000}`;
  await page.keyboard.press('g');
  await page.keyboard.press('y');
  await expect(page).toHaveURL(/\/admin\/notifications/);
  await expect(rowsOf(listNamed(page, 'Notifications')).first()).toBeVisible();
  await page.keyboard.press('n');
  await expect(page.getByLabel('Title')).toBeFocused();
  await page.keyboard.type(title);
  await page.getByLabel('Message').fill('Scheduled by a typed date.');
  await page.getByRole('radio', { name: 'At a date and time' }).check();
  const sendAt = page.getByLabel('Send at');
  await retype(sendAt, 'tomorrow');
  await expect(sendAt).toHaveAccessibleDescription(`${words(tomorrow)}, 09:00 Dubai time`);
  await retype(sendAt, 'tomorrow 9:30am');
  await expect(sendAt).toHaveAccessibleDescription(`${words(tomorrow)}, 09:30 Dubai time`);
  await page.keyboard.press(`${mod}+Enter`);
  // The audience's size is asked first, with the moment as it was typed: Dubai time.
  const ask = page.getByRole('dialog', { name: /^Schedule for / });
  await expect(ask).toContainText(`at ${words(tomorrow)}, 09:30 Dubai time.`);
  await sayYes(page);
  await expect(page).toHaveURL(/\/admin\/view-notification\/\d+/);
  const id = Number(/view-notification\/(\d+)/.exec(page.url())![1]);
  const shown = (await (await api.get(`/admin/v1/notifications/${id}`)).json()).data;
  expect(shown).toMatchObject({ status: 'scheduled', send_at: at(tomorrow, 9, 30) });
  // Not left to go out tomorrow.
  expect((await api.post(`/admin/v1/notifications/${id}/cancel`, {})).status()).toBe(200);
});

test('“Set valid to” of picked offers from the palette takes +30d', async ({ page }) => {
  await signIn(page);
  const api = await apiAs(page);
  const tag = Date.now().toString(36);
  const made = async (url: string, data: unknown) => (await (await api.post(url, data)).json()).data as { id: number };
  const category = await made('/admin/v1/add_categories', { name: `Typed dates ${tag}` });
  for (let i = 0; i < 3; i++)
    await made('/admin/v1/add_offer', {
      title: `Typed dates offer ${tag} ${i}`,
      discount: '5%',
      valid_from: '2026-01-01',
      valid_to: '2027-12-31',
      category_id: category.id,
    });
  const in30 = addDays(dubaiDay(), 30);

  await page.goto(`/admin/offer-list?category=${category.id}`);
  const list = listNamed(page, 'Offers');
  await expect(rowsOf(list)).toHaveCount(3);
  await list.focus();
  await page.keyboard.press(`${mod}+a`);
  await expect(page.locator('.selection-count')).toHaveText('3 selected');
  await page.keyboard.press(`${mod}+k`);
  // A letter too many hides every row; the one taken back shows them again, the better first.
  await page.keyboard.type('set valid tox');
  await expect(page.locator('[cmdk-item]')).toHaveCount(0);
  await page.keyboard.press('Backspace');
  await expect(page.locator('[cmdk-item][data-selected="true"]')).toContainText('Set valid to of 3 offers');
  await page.keyboard.press('Enter');
  await expect(page.getByPlaceholder('New valid to…')).toBeFocused();
  await page.keyboard.type('+30d');
  await page.getByRole('option', { name: words(in30) }).click();
  const dialog = page.getByRole('dialog', { name: 'Set valid to of 3 offers?' });
  await expect(dialog).toContainText(`Valid to becomes “${words(in30)}” on 3 offers.`);
  await dialog.getByRole('button', { name: 'Set valid to of 3 offers' }).click();
  await expect(page.getByText('Updated 3 offers.')).toBeVisible();
  const offers = (await (await api.post('/admin/v1/all_offer?per_page=10', { category: category.id })).json()).data as {
    valid_to: string;
  }[];
  expect(offers.map((o) => o.valid_to)).toEqual([in30, in30, in30]);
});
