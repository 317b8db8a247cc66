// Staff roles in the browser (contract/roles.ts): a viewer is offered no write (palette, keys,
// buttons, sidebar) and meets a clear refusal inside the frame on a form's address; an editor
// writes the catalogue but cannot open staff accounts or settings. What the UI shows, not the
// server's refusal (the server enforces the same rule on its own: tests/api/roles.test.ts). The
// checks need no record from the server.
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiAs, listNamed, mod, paletteInput, shoot, signIn, signInAs } from './session';

const PASSWORD = 'staff-role-password';

/** A staff account of `role`, made by the e2e admin; its id and e-mail. */
async function staff(page: Page, role: 'viewer' | 'editor') {
  const api = await apiAs(page);
  const email = `${role}.${Date.now()}@example.ae`;
  const res = await api.post('/admin/v1/add_user', { name: `Test ${role}`, email, role, password: PASSWORD });
  expect(res.status(), await res.text()).toBe(200);
  const { data } = (await res.json()) as { data: { id: number } };
  return { id: data.id, email };
}

/** A page of its own, signed in as that account. */
async function as(browser: Browser, baseURL: string | undefined, email: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInAs(page, email, PASSWORD);
  return page;
}

/** The palette's rows for what is typed, once it has answered. */
async function paletteTitles(page: Page, typed: string): Promise<string[]> {
  await page.keyboard.press(`${mod}+k`);
  await expect(paletteInput(page)).toBeFocused();
  await page.keyboard.type(typed);
  // The rows are announced 500 ms after typing pauses (src/commands/Palette.tsx ResultsAnnouncer):
  // past that, the rows for these words (and the screens' commands the palette fetched) are in.
  await page.waitForTimeout(800);
  await expect(page.getByText(/^(No results|\d+ results?)$/)).toBeAttached();
  const titles = await page.locator('[cmdk-item]').allInnerTexts();
  await page.keyboard.press('Escape');
  await expect(paletteInput(page)).toHaveCount(0);
  return titles;
}

const forbidden = (page: Page) => page.getByTestId('forbidden');

// Two sessions, several palettes and pages each: past the 60 s default on a loaded 2-core machine.
test.describe.configure({ timeout: 150_000 });

test('a viewer reads everything and is offered no write', async ({ page, browser, baseURL }) => {
  await signIn(page);
  const { email } = await staff(page, 'viewer');
  const viewer = await as(browser, baseURL, email);

  await expect(viewer.getByTestId('current-role')).toHaveText('Signed in as Viewer');
  const nav = viewer.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Offers', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Import CSV' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Settings' })).toHaveCount(0);

  for (const typed of ['delete', 'new offer', 'import']) {
    const titles = await paletteTitles(viewer, typed);
    expect(
      titles.filter((t) => /^(Delete|New|Import|Send|Save|Edit)\b/.test(t)),
      typed,
    ).toEqual([]);
  }
  // Reads stay: finding a record is not a write.
  expect(await paletteTitles(viewer, 'find offer')).toContainEqual(expect.stringMatching(/^Find offer/));

  // A list shows no write buttons (an editor's does: below), and n opens no form.
  await viewer.goto('/admin/offer-list');
  await expect(viewer.getByRole('heading', { level: 1, name: 'Offers' })).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Columns' })).toBeVisible();
  await expect(viewer.getByRole('button', { name: /New offer|Delete selected/ })).toHaveCount(0);
  await listNamed(viewer, 'Offers').focus();
  await viewer.keyboard.press('n');
  await expect(viewer).toHaveURL(/\/offer-list$/);
  await expect(viewer.getByRole('form', { name: 'New offer' })).toHaveCount(0);

  // An editor's form: the refusal, in the frame, with a way back.
  await viewer.goto('/admin/add-offer');
  await expect(forbidden(viewer)).toContainText('You can’t open this');
  await expect(forbidden(viewer)).toContainText('A viewer may not change offers.');
  await expect(viewer.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(viewer.getByRole('form', { name: 'New offer' })).toHaveCount(0);
  await shoot(viewer, process.env.ROLES_SHOTS, 'forbidden-add-offer');
  await forbidden(viewer).getByRole('link', { name: 'Back to Offers' }).click();
  await expect(viewer).toHaveURL(/\/offer-list$/);

  await viewer.goto('/admin/import-csv?type=offers');
  await expect(forbidden(viewer)).toContainText('A viewer may not import CSV files into the catalogue.');
  await expect(forbidden(viewer).getByRole('link', { name: 'Go to the dashboard' })).toBeVisible();

  await viewer.goto('/admin/profile');
  await expect(viewer.getByTestId('profile-role')).toHaveText('Viewer');

  // People's e-mail addresses and phones are not the catalogue: a viewer reads them masked
  // (contract/people.ts), as text, not as a mailto: link; an admin reads them whole.
  const address = `masked.${Date.now()}@example.ae`;
  const admin = await apiAs(page);
  const added = await admin.post('/admin/v1/add_user', {
    name: 'Masked Person',
    email: address,
    phone: '+971 50 123 4567',
  });
  expect(added.status(), await added.text()).toBe(200);
  const person = ((await added.json()) as { data: { id: number } }).data.id;
  await viewer.goto(`/admin/view-user/${person}`);
  const props = viewer.locator('.props');
  await expect(props).toContainText('m•••@example.ae');
  await expect(props).toContainText('+971 •• ••• 4567');
  await expect(props.getByRole('link')).toHaveCount(0);
  await expect(viewer.locator('body')).not.toContainText(address);
  await shoot(viewer, process.env.ROLES_SHOTS, 'viewer-user-masked');
  await page.goto(`/admin/view-user/${person}`);
  await expect(page.locator('.props').getByRole('link', { name: address })).toHaveAttribute(
    'href',
    `mailto:${address}`,
  );
  await expect(page.locator('.props')).toContainText('+971 50 123 4567');
  await viewer.context().close();
});

test('an editor writes the catalogue but cannot open staff accounts or settings', async ({
  page,
  browser,
  baseURL,
}) => {
  await signIn(page);
  const { email } = await staff(page, 'editor');
  const other = await staff(page, 'viewer');
  const editor = await as(browser, baseURL, email);
  await expect(editor.getByTestId('current-role')).toHaveText('Signed in as Editor');

  await editor.goto('/admin/offer-list');
  await expect(editor.getByRole('button', { name: /New offer/ })).toBeVisible();
  await editor.goto('/admin/add-offer');
  await expect(editor.getByRole('form', { name: 'New offer' })).toBeVisible();
  await expect(forbidden(editor)).toHaveCount(0);

  await editor.goto(`/admin/edit-user/${other.id}`);
  await expect(forbidden(editor)).toContainText('An editor may not change staff accounts and app users.');
  await editor.goto('/admin/user-list?new=1');
  await expect(forbidden(editor)).toContainText('An editor may not change staff accounts and app users.');
  await editor.goto('/admin/settings');
  await expect(forbidden(editor)).toContainText('An editor may not change settings.');
  await expect(editor.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' })).toHaveCount(0);

  // The users list opens; its writes are not offered.
  await editor.goto('/admin/user-list');
  await expect(editor.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(editor.getByRole('button', { name: 'Columns' })).toBeVisible();
  await expect(editor.getByRole('button', { name: /New user/ })).toHaveCount(0);
  const users = [...(await paletteTitles(editor, 'new user')), ...(await paletteTitles(editor, 'delete user'))];
  expect(users.filter((t) => /^(New|Delete|Edit) user/.test(t))).toEqual([]);
  // …while the catalogue's are.
  expect(await paletteTitles(editor, 'new offer')).toContainEqual(expect.stringMatching(/^New offer/));
  await editor.context().close();
});
