// The audit log's screens (issue 21): an edit made through a form shows in the record's
// History (h) as old → new, Revert sets it back (the pane and the list), and the audit log
// screen lists the edit and the revert, filtered by the record. An export of users is an entry too.
import fs from 'node:fs';
import { expect, test } from './fixtures';
import { cardResource } from '@contract/card';
import { categoryResource } from '@contract/category';
import { claimRef, releaseRef } from '@contract/crawlTriage';
import { offerResource } from '@contract/offer';
import { pathOf, type AnyOp } from '@contract/operation';
import { outletResource } from '@contract/outlet';
import { apiAs, mod, shoot, signIn } from './session';

const SHOTS = process.env.E2E_SHOTS;

test('edit a bank, see it in its History, revert it; the audit log lists both, filtered by the record', async ({
  page,
}) => {
  // Screenshots (E2E_SHOTS) take a while on a small machine: eight each time.
  if (SHOTS) test.setTimeout(240_000);
  await signIn(page);
  const api = await apiAs(page);
  const bank = (await (await api.get('/admin/v1/all_bank?query=ADCB')).json()).data[0] as { id: number; name: string };
  const renamed = `${bank.name} renamed`;

  // Edit through the form.
  await page.goto(`/admin/edit-bank/${bank.id}`);
  const name = page.getByLabel('Name', { exact: true });
  await expect(name).toHaveValue(bank.name);
  await name.fill(renamed);
  await page.keyboard.press(`${mod}+Enter`);
  const pane = page.locator('.pane');
  await expect(pane.getByRole('heading', { level: 2 })).toHaveText(renamed);

  // h opens the record's History: the edit, its field as the form labels it, old → new.
  await page.locator('body').press('h');
  const history = page.getByTestId('history-panel');
  await expect(history).toBeVisible();
  await expect(pane.getByRole('heading', { level: 2 })).toHaveText(`History of ${renamed}`);
  const edit = history.locator('.audit-entry').first();
  await expect(edit).toContainText('bank.update');
  const row = edit.locator('.field-diff-row', { hasText: 'Name' });
  await expect(row.locator('del')).toHaveText(bank.name);
  await expect(row.locator('ins')).toHaveText(renamed);
  await shoot(page, SHOTS, 'audit-history');

  // Revert: the server's message, the revert itself on top of the History, the old name back.
  await edit.getByRole('button', { name: 'Revert' }).click();
  await expect(page.getByText('Reverted.')).toBeVisible();
  await expect(history.locator('.audit-entry').first()).toContainText('audit.revert');
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();
  await expect(pane.getByRole('heading', { level: 2 })).toHaveText(bank.name);
  await expect(page.getByRole('grid').or(page.getByRole('listbox')).first()).toContainText(bank.name);
  await expect(page.getByText(renamed)).toHaveCount(0);
  const stored = (await (await api.get(`/admin/v1/show_bank/${bank.id}`)).json()).data as { name: string };
  expect(stored.name).toBe(bank.name);

  // The audit log, filtered by the record (the History's way there): the revert, then the edit; j/k move between them.
  await page.locator('body').press('h');
  await history.getByRole('button', { name: 'Open in the audit log' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/audit-log\\?resource=bank&record_id=${bank.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  // The record is named in its picker, not numbered.
  await expect(page.locator('.audit-picker').first().locator('.combo-chip')).toHaveText(new RegExp(bank.name));
  const rows = page.getByRole('listbox', { name: 'Audit log' }).getByRole('option');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('audit.revert');
  await expect(rows.nth(1)).toContainText('bank.update');
  await page.keyboard.press('j');
  const entryPane = page.locator('.pane');
  await expect(entryPane.locator('.field-diff-row', { hasText: 'Name' }).locator('ins')).toHaveText(renamed);
  await shoot(page, SHOTS, 'audit-log');

  // The time filter: both are of the last hour; none is of a day long gone.
  await page.getByLabel('When').selectOption('hour');
  await expect(page).toHaveURL(/when=hour/);
  await expect(rows).toHaveCount(2);
  await page.getByLabel('When').selectOption('days');
  await page.getByRole('textbox', { name: 'To' }).fill('01/01/2020');
  await page.getByRole('textbox', { name: 'To' }).press('Enter');
  await expect(page.getByText('No change matches these filters.')).toBeVisible();
});

test('export users to CSV: the file has what the list matches, and the audit log says who exported how many, by which search', async ({
  page,
}) => {
  await signIn(page);
  const api = await apiAs(page);
  const tag = Date.now().toString(36);
  const email = `export.${tag}@e2e.example`;
  expect((await api.post('/admin/v1/add_user', { name: `Exported ${tag}`, email })).status()).toBe(200);

  await page.goto(`/admin/user-list?query=${tag}`);
  await expect(page.getByText(`Exported ${tag}`)).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  const csv = fs
    .readFileSync((await file.path())!, 'utf8')
    .replace(/^\ufeff/, '')
    .split(/\r?\n/);
  expect(csv[0]).toBe('id,name,email,phone,avatar,role,status,created_at,updated_at');
  expect(csv.filter((l) => l.includes(email))).toHaveLength(1);
  await expect(page.getByText('Exported 1 user.')).toBeVisible();

  // The export is an entry of the log (contract/export.ts), its search as what it exported.
  await page.goto('/admin/audit-log?operation=user.export');
  const rows = page.getByRole('listbox', { name: 'Audit log' }).getByRole('option');
  await expect(rows.first()).toContainText('1 user exported');
  await expect(rows.first()).toContainText('user.export');
  await expect(page.locator('.pane')).toContainText(tag);
  await shoot(page, SHOTS, 'audit-export');
});

test('the log by keys: a record and a person picked by name, a created offer with its cards and outlets named, no claims', async ({
  page,
}) => {
  if (SHOTS) test.setTimeout(240_000);
  await signIn(page);
  const api = await apiAs(page);
  const tag = Date.now().toString(36);
  /** The first record of a list that matches `query`. */
  const first = async <T>(r: { ops: { list: AnyOp } }, query: string) => {
    const op = r.ops.list;
    const res =
      op.method === 'GET'
        ? await api.get(`${pathOf(op)}?query=${encodeURIComponent(query)}`)
        : await api.post(pathOf(op), { query });
    return (await res.json()).data[0] as T;
  };
  const card = await first<{ id: number; name: string }>(cardResource, 'Skywards');
  const category = await first<{ id: number; name: string }>(categoryResource, 'Dining');
  const outlet = await first<{ id: number; merchant_name: string }>(outletResource, 'Shake Shack');
  const title = `Audit picker offer ${tag}`;
  const added = await api.post(pathOf(offerResource.ops.add!), {
    title,
    discount: '10% off',
    valid_from: '2026-12-01',
    valid_to: '2027-03-31',
    category_id: category.id,
    card_ids: [card.id],
    outlet_ids: [outlet.id],
  });
  expect(added.status(), await added.text()).toBe(200);

  await page.goto('/admin/audit-log');
  const rows = page.getByRole('listbox', { name: 'Audit log' }).getByRole('option');
  // The record by name: typed in its picker, Enter picks the first found.
  const record = page.getByRole('combobox', { name: 'Record', exact: true });
  await record.focus();
  await page.keyboard.type(`picker offer ${tag}`);
  await expect(page.getByRole('option', { name: new RegExp(title) })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/resource=offer&record_id=\d+/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Created');
  const pane = page.locator('.pane');
  await expect(pane.locator('.field-diff-row', { hasText: 'Category' })).toContainText(category.name);
  await expect(pane.locator('.field-diff-row', { hasText: 'Cards' })).toContainText(card.name);
  await expect(pane.locator('.field-diff-row', { hasText: 'Outlets' })).toContainText(outlet.merchant_name);
  await expect(pane.locator('.field-diff-row', { hasText: 'Batch' })).toHaveCount(0);

  // The person by name, the record let go: Backspace on the empty picker removes its chip.
  await record.focus();
  await page.keyboard.press('Backspace');
  await expect(page).not.toHaveURL(/record_id=/);
  const person = page.getByRole('combobox', { name: 'Person', exact: true });
  await person.focus();
  await page.keyboard.type('admin');
  await expect(page.getByRole('listbox', { name: 'Person' }).getByRole('option').first()).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/actor=\d+/);
  await page.getByLabel('When').selectOption('hour');
  await expect(rows.first()).toBeVisible();
  await shoot(page, SHOTS, 'audit-filters');

  // A reviewer opening a crawled ref claims it: no change, so not in the log.
  // The demo data has crawled offers (server/db/seed); the first one will do.
  const claimed = await api.post(pathOf(claimRef), { kind: 'offer', ref_id: 1 });
  expect(claimed.status(), await claimed.text()).toBe(200);
  expect((await api.post(pathOf(releaseRef), { kind: 'offer', ref_id: 1 })).status()).toBe(200);
  await page.goto('/admin/audit-log?operation=crawl.claim');
  await expect(page.getByText('No change matches these filters.')).toBeVisible();
});
