// CSV import by keyboard (the file itself is handed to the file input, as a person would
// pick it): a file with bad rows imports its good ones and hands the bad ones back as a file
// with their reasons; fixed, they import.
import fs from 'node:fs';
import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { CSV_TARGETS, templateCsv } from '@contract/csv';
import { checkCsvNames } from '@contract/csvImport';
import { pathOf } from '@contract/operation';
import { signIn, apiAs, mod, paletteInput, shoot } from './session';

const SHOTS = process.env.E2E_SHOTS;

test('import offers from CSV: the good rows go in, the bad one comes back as a file with its reason, fixed it imports', async ({
  page,
}) => {
  if (SHOTS) test.setTimeout(240_000);
  await signIn(page);
  const api = await apiAs(page);
  const total = async () => (await (await api.post('/admin/v1/all_offer', {})).json()).pagination.total as number;
  const before = await total();

  await page.keyboard.press(`${mod}+k`);
  await expect(paletteInput(page)).toBeFocused();
  await page.keyboard.type('Import offers from CSV');
  await expect(page.locator('[cmdk-item][data-selected="true"]')).toContainText('Import offers from CSV');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/import-csv\?type=offers/);
  const input = page.getByLabel('CSV file');
  await expect(input).toBeFocused();

  const header = 'title,discount,valid_from,valid_to,category,cards,outlets\n';
  const good = (n: number) =>
    `E2E import offer ${n},15% off,2026-01-01,2027-12-31,Dining,Skywards Infinite Credit Card,\n`;
  const bad = 'E2E backwards offer,10% off,2026-05-01,2026-04-01,Dining,,\n';
  const badId = 'E2E unknown outlet offer,10% off,2026-05-01,2026-06-01,Dining,,99999\n';
  await input.setInputFiles({
    name: 'offers.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(header + good(1) + bad + good(2) + badId),
  });

  const willFail = page.getByRole('table', { name: 'Rows that will fail' });
  await expect(willFail).toContainText('valid_to must be on or after valid_from.');
  await expect(willFail).toContainText('No outlet with id 99999.');
  // The primary action imports the rows that pass.
  await expect(page.getByRole('button', { name: /^Import 2 good rows/ })).toBeVisible();
  await shoot(page, SHOTS, 'csv-preview');
  await page.keyboard.press(`${mod}+Enter`);
  await expect(page.getByText('Imported 2 offers; 2 rows were left out.').first()).toBeVisible();
  const leftOut = page.getByRole('table', { name: 'Rows left out' });
  await expect(leftOut).toContainText('valid_to');
  await expect(leftOut).toContainText('No outlet with id 99999.');
  expect(await total()).toBe(before + 2);
  await shoot(page, SHOTS, 'csv-partial');

  // The refused rows as a file: the file's columns and a reason.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /Download the 2 refused rows/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('offers-refused.csv');
  const lines = fs
    .readFileSync((await file.path())!, 'utf8')
    .trim()
    .split('\n');
  expect(lines).toEqual([
    'title,discount,valid_from,valid_to,category,cards,outlets,reason',
    'E2E backwards offer,10% off,2026-05-01,2026-04-01,Dining,,,valid_to: valid_to must be on or after valid_from.',
    'E2E unknown outlet offer,10% off,2026-05-01,2026-06-01,Dining,,99999,outlets: No outlet with id 99999.',
  ]);

  // Fixed (the reason column dropped), it imports whole.
  await page.getByLabel('CSV file').setInputFiles({
    name: 'offers-fixed.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(header + good(3) + 'E2E forwards offer,10% off,2026-04-01,2026-05-01,Dining,,\n'),
  });
  await expect(page.getByRole('button', { name: /^Upload 2 offers/ })).toBeVisible();
  await page.keyboard.press(`${mod}+Enter`);
  await expect(page.getByText('Imported 2 offers.').first()).toBeVisible();
  expect(await total()).toBe(before + 4);
  const found = await (await api.post('/admin/v1/all_offer', { query: 'e2e import offer' })).json();
  expect(found.data.map((o: { title: string }) => o.title).sort()).toEqual([
    'E2E import offer 1',
    'E2E import offer 2',
    'E2E import offer 3',
  ]);
  expect(found.data[0].bank_names).toEqual(['Emirates NBD']);
});

/** A table's body rows as their cells' texts. */
const rowsOf = (table: Locator) =>
  table
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')));

test('the preview checks names with the server: an unknown category shows before the upload, as the server then refuses it', async ({
  page,
}) => {
  await signIn(page);
  // The names' check is held until the test lets it go, to see the preview say it is checking.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let failNext = false;
  await page.route(`**${pathOf(checkCsvNames)}`, async (route) => {
    if (failNext) return route.abort();
    await held;
    return route.continue();
  });
  await page.goto('/admin/import-csv?type=offers');
  const input = page.getByLabel('CSV file');

  const header = 'title,discount,valid_from,valid_to,category,cards\n';
  const csv = `${header}E2E names offer 1,15% off,2026-01-01,2027-12-31,Dining,Skywards Infinite Credit Card\nE2E names offer 2,15% off,2026-01-01,2027-12-31,Dinning,\nx,10% off,2026-05-01,2026-06-01,dinning,\n`;
  await input.setInputFiles({ name: 'offers-names.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

  // The format checks first: only line 4's title; the names are being checked.
  const willFail = page.getByRole('table', { name: 'Rows that will fail' });
  await expect(willFail).toContainText('title must be 3–160 characters.');
  await expect(
    page.getByRole('status').filter({ hasText: 'Checking the names in category, cards and outlets with the server…' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /^Import 2 good rows/ })).toBeVisible();
  release();

  // The server's answer merged in: the unknown category on lines 3 and 4, line 4 counted once.
  await expect(willFail).toContainText('No category named "Dinning".');
  await expect(page.getByText('Checking the names')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Import 1 good row\b/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Rows that will fail/ })).toContainText('2');
  await expect(page.getByRole('table', { name: 'First rows' }).locator('td.cell-bad')).toHaveCount(3);
  const previewed = await rowsOf(willFail);
  expect(previewed).toEqual([
    ['3', 'category', 'No category named "Dinning".', 'Dinning'],
    ['4', 'title', 'title must be 3–160 characters.', 'x'],
    ['4', 'category', 'No category named "dinning".', 'dinning'],
  ]);

  // The upload of the good row: the server leaves out exactly those rows.
  await page.keyboard.press(`${mod}+Enter`);
  await expect(page.getByText('Imported 1 offer; 2 rows were left out.').first()).toBeVisible();
  expect(await rowsOf(page.getByRole('table', { name: 'Rows left out' }))).toEqual(previewed);

  // When the check cannot be made, the preview says so and the upload stays open.
  failNext = true;
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'offers-names-2.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(
    page.getByRole('status').filter({
      hasText: 'The names in category, cards and outlets could not be checked; the server checks them when you upload.',
    }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /^Import 2 good rows/ })).toBeEnabled();
});

test('each bundled template passes its own check against the demo data', async ({ page }) => {
  await signIn(page);
  for (const target of CSV_TARGETS) {
    await page.goto(`/admin/import-csv?type=${target}`);
    await page.getByLabel('CSV file').setInputFiles({
      name: `${target}-template.csv`,
      mimeType: 'text/csv',
      buffer: Buffer.from(templateCsv(target)),
    });
    await expect(page.getByRole('heading', { name: 'No problems found' }), target).toBeVisible();
    await expect(
      page.getByRole('button', { name: new RegExp(`^Upload 1 ${target.replace(/s$/, '')}\\b`) }),
      target,
    ).toBeVisible();
  }
});

test('a file without a required column is not offered for upload: the server would refuse it whole', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/admin/import-csv?type=offers');
  let uploads = 0;
  page.on('request', (r) => r.method() === 'POST' && /add_csv/.test(r.url()) && uploads++);
  await page.getByLabel('CSV file').setInputFiles({
    name: 'no-dates.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('title,discount\nE2E undated offer,5% off\n'),
  });
  await expect(page.getByRole('table', { name: 'Problems with the file' })).toContainText(
    'Missing required column "valid_from".',
  );
  await expect(page.getByRole('button', { name: 'Choose another file' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Upload/ })).toHaveCount(0);
  await page.keyboard.press(`${mod}+Enter`);
  await page.waitForTimeout(500);
  expect(uploads).toBe(0);
});
