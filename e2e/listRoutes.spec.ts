// Every list screen of src/app/screens.ts, read from the registry (a new screen is covered with no
// edit here): its New (the button and n) opens an empty form, and each URL it answers opens
// what that URL names: the list, a record, its edit form, a new one.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { resources } from '@contract/resources';
import { screens } from '../src/app/screens';
import { signIn } from './session';

const listScreens = screens.filter((s) => s.routes);
const pane = (page: Page) => page.locator('.pane');

/** A New form: its heading, its form, no alert; its text fields' values (a default such as an offer's source 'manual' may be there). */
async function newForm(page: Page, where: string) {
  await expect(pane(page).getByRole('heading', { level: 2 }), where).toHaveText(/^New /);
  const form = pane(page).getByRole('form', { name: /^New / });
  await expect(form, where).toBeVisible();
  await expect(pane(page).getByRole('alert'), where).toHaveCount(0);
  return form
    .locator('input:is([type=text], [type=email], [type=url], [type=search], [type=tel], :not([type])), textarea')
    .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
}

test('the list screens are read from the registry', () => {
  expect(listScreens.map((s) => s.id)).toEqual(
    expect.arrayContaining(['cards', 'categories', 'networks', 'outletRadius']),
  );
});

for (const s of listScreens) {
  const routes = s.routes!;
  const ops = resources.find((r) => r.name === s.resource)?.ops;
  const answers = (pattern: string) => s.paths.includes(pattern.split('?')[0]);

  test(`${s.title}: New opens an empty form, and each route opens what it names`, async ({ page }) => {
    await signIn(page, `/admin${routes.list}`);
    const firstRow = page.locator('.vlist-row').first();
    await expect(firstRow, `${s.title} has records to open`).toBeVisible();
    const id = await firstRow.getAttribute('data-key');

    if (ops?.add) {
      expect(answers(routes.add), `${s.title} routes ${routes.add}`).toBe(true);
      // The URL itself, loaded afresh: the defaults, and the first field (the record's name) empty.
      await page.goto(`/admin${routes.add}`);
      const defaults = await newForm(page, `${s.title}: ${routes.add}`);
      expect(defaults[0], `${s.title}: ${routes.add} starts empty`).toBe('');
      // The button…
      await page.goto(`/admin${routes.list}`);
      await expect(firstRow).toBeVisible();
      await page
        .locator('.list-title')
        .getByRole('button', { name: /^New\b/ })
        .click();
      await expect(page).toHaveURL(new RegExp(`/admin${escape(routes.add)}$`, 'i'));
      expect(await newForm(page, `${s.title}: New button`)).toEqual(defaults);
      // …and n, from the list with a row highlighted.
      await page.goto(`/admin${routes.list}`);
      await expect(firstRow).toBeVisible();
      await page.locator('.vlist').focus();
      await page.keyboard.press('j');
      await page.keyboard.press('n');
      await expect(page).toHaveURL(new RegExp(`/admin${escape(routes.add)}$`, 'i'));
      expect(await newForm(page, `${s.title}: n`)).toEqual(defaults);
    }

    await page.goto(`/admin${routes.view.replace(':id', id!)}`);
    await expect(pane(page).getByRole('heading', { level: 2 }), `${s.title}: ${routes.view}`).not.toHaveText(
      /^(New |Edit )/,
    );
    await expect(pane(page).getByRole('form'), `${s.title}: ${routes.view}`).toHaveCount(0);
    await expect(pane(page).getByRole('alert'), `${s.title}: ${routes.view}`).toHaveCount(0);

    if (ops?.update) {
      expect(answers(routes.edit), `${s.title} routes ${routes.edit}`).toBe(true);
      await page.goto(`/admin${routes.edit.replace(':id', id!)}`);
      await expect(pane(page).getByRole('form', { name: /^Edit / }), `${s.title}: ${routes.edit}`).toBeVisible();
      await expect(pane(page).getByRole('alert'), `${s.title}: ${routes.edit}`).toHaveCount(0);
    }

    await page.goto(`/admin${routes.list}`);
    await expect(firstRow).toBeVisible();
    await expect(pane(page).getByRole('heading', { level: 2 })).toHaveCount(0);
  });
}

function escape(path: string) {
  return path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
