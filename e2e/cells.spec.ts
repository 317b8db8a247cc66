// Editing in place in the full-width table (src/store/cellModel.ts, src/screens/listTable/):
// a cell cursor moved by ←/→ (↑/↓ keep the column), Enter or typing opens the field's own
// editor, Tab and Enter save and move, Escape cancels; a save sends the row's version and a
// 409 shows in the cell; a column pasted from a spreadsheet into picked rows is one confirmed,
// undoable change. Every change is checked against the API.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiAs, mod, signIn } from './session';

type Api = Awaited<ReturnType<typeof apiAs>>;
interface Offer {
  id: number;
  title: string;
  discount: string;
  category_id: number | null;
  category_name: string | null;
  version: number;
}

/** Offers of this test alone, newest first (the list's own order), found by the tag in their titles. */
async function makeOffers(api: Api, tag: string, n: number, extra: Record<string, unknown> = {}): Promise<Offer[]> {
  const made: Offer[] = [];
  for (let i = 0; i < n; i++) {
    const res = await api.post('/admin/v1/add_offer', {
      title: `Cells ${tag} ${i}`,
      discount: '5%',
      valid_from: '2026-01-01',
      valid_to: '2027-12-31',
      ...extra,
    });
    expect(res.status()).toBe(200);
    made.push((await res.json()).data as Offer);
  }
  return made.reverse();
}
const offer = async (api: Api, id: number) =>
  (await (await api.get(`/admin/v1/show_offer?id=${id}`)).json()).data as Offer;

interface Card {
  id: number;
  name: string;
  display: boolean;
  status: string;
  annual_fee: number;
}

/** A card of this test alone, on the first bank and network, named `name`. */
async function makeCard(api: Api, name: string, extra: Record<string, unknown> = {}): Promise<Card> {
  const bank = (await (await api.get('/admin/v1/all_bank?per_page=1')).json()).data[0] as { id: number };
  const network = (await (await api.get('/admin/v1/all_network?per_page=1')).json()).data[0] as { id: number };
  const res = await api.post('/admin/v1/add_card', { name, bank_id: bank.id, network_id: network.id, ...extra });
  expect(res.status()).toBe(200);
  return (await res.json()).data as Card;
}
const cardOf = async (api: Api, id: number) =>
  (await (await api.get(`/admin/v1/show_card?id=${id}`)).json()).data as Card;

/** The cards table showing `name` alone, its row picked (j), and `to(column)` moving the cell cursor there. */
async function openCardRow(page: Page, name: string) {
  await page.goto(`/admin/card-list?query=${encodeURIComponent(name)}`);
  const grid = page.getByRole('grid', { name: 'Cards' });
  const row = grid.getByRole('rowgroup').getByRole('row').first();
  await expect(row).toContainText(name);
  await grid.focus();
  await page.keyboard.press('j');
  const to = async (col: string) => {
    await page.keyboard.press('Home');
    for (let i = 0; i < 14 && !(await grid.getAttribute('aria-activedescendant'))?.endsWith(`-${col}`); i++)
      await page.keyboard.press('ArrowRight');
    await expect(grid).toHaveAttribute('aria-activedescendant', new RegExp(`-${col}$`));
  };
  return { grid, row, to };
}

async function openTable(page: Page, tag: string) {
  await page.goto(`/admin/offer-list?query=${encodeURIComponent(`Cells ${tag}`)}`);
  const grid = page.getByRole('grid', { name: 'Offers' });
  await expect(grid.getByRole('rowgroup').getByRole('row').first()).toBeVisible();
  await grid.focus();
  return grid;
}

test('edits an offer by keyboard alone: arrows to the cell, Enter, type, Tab; typing opens a cell; a choice by its name; Escape cancels', async ({
  page,
}) => {
  await signIn(page);
  const api = await apiAs(page);
  const tag = Date.now().toString(36);
  const [first, second] = await makeOffers(api, tag, 2);
  const grid = await openTable(page, tag);
  const rows = grid.getByRole('rowgroup').getByRole('row');

  // j: the first row; →: its first cell (Title), which the grid now points at, ringed.
  await page.keyboard.press('j');
  await page.keyboard.press('ArrowRight');
  const firstRowId = (await rows.first().getAttribute('id'))!;
  await expect(grid).toHaveAttribute('aria-activedescendant', `${firstRowId}-title`);
  await expect(grid.locator('.vtable-td.is-active')).toHaveText(first.title);
  // Title is editable (the contract's update takes it); State is not (it is computed).
  await expect(rows.first().getByRole('gridcell').first()).not.toHaveAttribute('aria-readonly');
  await expect(rows.first().locator('[data-col="state"]')).toHaveAttribute('aria-readonly', 'true');

  // Enter opens the title's editor with its value; typing then Tab saves and moves right.
  await page.keyboard.press('Enter');
  const editor = grid.getByRole('textbox', { name: 'Title' });
  await expect(editor).toBeFocused();
  await expect(editor).toHaveValue(first.title);
  await page.keyboard.press(`${mod}+a`); // selects the input's text, not the rows: the editor has the keys
  await page.keyboard.type(`Edited ${tag} title`);
  await page.keyboard.press('Tab');
  await expect(editor).toHaveCount(0);
  await expect(rows.first().locator('[data-col="title"]')).toHaveText(`Edited ${tag} title`);
  await expect(grid).toHaveAttribute('aria-activedescendant', `${firstRowId}-discount`);
  await expect(grid).toBeFocused();
  await expect.poll(async () => (await offer(api, first.id)).title).toBe(`Edited ${tag} title`);
  await expect(page.locator('.split')).toHaveClass(/is-wide/); // nothing opened

  // Typing a character no command takes opens the cell with it (replacing the value); Enter saves and moves down.
  await page.keyboard.type('25% off');
  await expect(grid.getByRole('textbox', { name: 'Discount' })).toHaveValue('25% off');
  await page.keyboard.press('Enter');
  await expect(rows.first().locator('[data-col="discount"]')).toHaveText('25% off');
  await expect(grid).toHaveAttribute('aria-activedescendant', `${(await rows.nth(1).getAttribute('id'))!}-discount`);
  await expect.poll(async () => (await offer(api, first.id)).discount).toBe('25% off');
  // While the editor was open, j/k/x typed into it: no row moved, none picked.
  expect((await offer(api, second.id)).discount).toBe('5%');

  // Escape cancels: the cell and the record stay as they were.
  await page.keyboard.press('Enter');
  await page.keyboard.type(' and more');
  await page.keyboard.press('Escape');
  await expect(grid.getByRole('textbox', { name: 'Discount' })).toHaveCount(0);
  await expect(rows.nth(1).locator('[data-col="discount"]')).toHaveText('5%');
  await expect(grid).toBeFocused();
  expect((await offer(api, second.id)).discount).toBe('5%');

  // A choice: the category's editor lists the categories; typing narrows them, Enter takes the highlighted one.
  const category = (
    (await (await api.get('/admin/v1/all_categories?per_page=1&sort=name')).json()).data as {
      id: number;
      name: string;
    }[]
  )[0];
  await page.keyboard.press('End');
  for (let i = 0; i < 12 && !(await grid.getAttribute('aria-activedescendant'))?.endsWith('-category_name'); i++)
    await page.keyboard.press('ArrowLeft');
  await expect(grid).toHaveAttribute('aria-activedescendant', /-category_name$/);
  await page.keyboard.press('Enter');
  const combo = grid.getByRole('combobox', { name: 'Category' });
  await expect(combo).toBeFocused();
  await page.keyboard.type(category.name);
  await expect(page.getByRole('listbox', { name: 'Category' }).getByRole('option').first()).toHaveText(category.name);
  await page.keyboard.press('Enter');
  await expect(rows.nth(1).locator('[data-col="category_name"]')).toHaveText(category.name);
  await expect.poll(async () => (await offer(api, second.id)).category_id).toBe(category.id);

  // Escape leaves the cells for the rows: the grid points at the row again.
  await page.keyboard.press('Escape');
  await expect(grid).toHaveAttribute('aria-activedescendant', /-row-\d+$/);
});

test('a save refused because the row changed meanwhile shows the conflict in its cell, with the server’s value; Escape reloads the row', async ({
  page,
}) => {
  await signIn(page);
  const api = await apiAs(page);
  const tag = Date.now().toString(36);
  const [mine] = await makeOffers(api, tag, 1);
  const grid = await openTable(page, tag);
  const cell = grid.getByRole('rowgroup').getByRole('row').first().locator('[data-col="title"]');

  // Someone else renames the offer after the table loaded it.
  const theirs = await api.post(`/admin/v1/update_offer/${mine.id}`, { title: `Theirs ${tag}`, version: mine.version });
  expect(theirs.status()).toBe(200);

  await page.keyboard.press('j');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await page.keyboard.press(`${mod}+a`);
  await page.keyboard.type(`Mine ${tag}`);
  await page.keyboard.press('Enter');
  // Shown at once, then refused: the cell keeps the value typed, marked, and says why and what the server has.
  await expect(cell).toHaveAttribute('aria-invalid', 'true');
  await expect(cell).toHaveClass(/is-conflict/);
  await expect(cell).toHaveText(`Mine ${tag}`);
  await expect(cell).toHaveAttribute('title', `Changed by someone else — reload the row. Now: Theirs ${tag}.`);
  expect((await offer(api, mine.id)).title).toBe(`Theirs ${tag}`);
  await expect(grid).toBeFocused();

  // Back on the cell, its note is beside it (and describes it).
  await page.keyboard.press('k');
  const note = page.locator('.cell-note');
  await expect(note).toContainText('Changed by someone else — reload the row');
  await expect(note).toContainText(`Now: Theirs ${tag}`);
  await expect(cell).toHaveAttribute('aria-describedby', (await note.getAttribute('id'))!);

  // Escape reloads the row: the server's title, no mark.
  await page.keyboard.press('Escape');
  await expect(cell).toHaveText(`Theirs ${tag}`);
  await expect(cell).not.toHaveAttribute('aria-invalid');
});

test('pastes a category into 3 picked offers as one confirmed change, undone by mod+z; one line per row sets each its own', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page);
  const api = await apiAs(page);
  const tag = Date.now().toString(36);
  const made = async (name: string) =>
    (await (await api.post('/admin/v1/add_categories', { name })).json()).data as { id: number; name: string };
  const [from, to, other] = [
    await made(`Paste from ${tag}`),
    await made(`Paste to ${tag}`),
    await made(`Paste other ${tag}`),
  ];
  const offers = await makeOffers(api, tag, 4, { category_id: from.id });
  const categories = async () => Promise.all(offers.map(async (o) => (await offer(api, o.id)).category_id));
  const grid = await openTable(page, tag);
  const rows = grid.getByRole('rowgroup').getByRole('row');

  // The Category column, then three rows picked: the table stays a table while a cell is active.
  await page.keyboard.press('j');
  for (let i = 0; i < 12 && !(await grid.getAttribute('aria-activedescendant'))?.endsWith('-category_name'); i++)
    await page.keyboard.press('ArrowRight');
  await expect(grid).toHaveAttribute('aria-activedescendant', /-category_name$/);
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('x');
    await page.keyboard.press('j');
  }
  await expect(page.locator('.selection-count')).toHaveText('3 selected');
  await expect(grid).toHaveAttribute('aria-multiselectable', 'true');
  await expect(rows.nth(0)).toHaveAttribute('aria-selected', 'true');
  await expect(rows.nth(3)).toHaveAttribute('aria-selected', 'false');

  // A name that is no category is refused before anything is asked, naming the line.
  await page.evaluate((t) => navigator.clipboard.writeText(t), `Paste to ${tag}\nNo such category ${tag}\n`);
  await page.keyboard.press(`${mod}+v`);
  await expect(page.getByText(`Line 2: “No such category ${tag}” is no category.`)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // One value (as a spreadsheet copies one cell, with its line break): confirmed with the count and the column.
  await page.evaluate((t) => navigator.clipboard.writeText(t), `paste TO ${tag}\r\n`);
  await page.keyboard.press(`${mod}+v`);
  const dialog = page.getByRole('dialog', { name: 'Paste into Category of 3 offers?' });
  await expect(dialog).toContainText(`Category becomes “Paste to ${tag}” on 3 offers. You can undo this.`);
  await dialog.getByRole('button', { name: 'Paste into 3 offers' }).click();
  await expect(page.getByText('Set Category of 3 offers.')).toBeVisible();
  await expect.poll(categories).toEqual([to.id, to.id, to.id, from.id]);
  await expect(rows.nth(0).locator('[data-col="category_name"]')).toHaveText(`Paste to ${tag}`);

  // mod+z: one step undoes all three.
  await grid.focus();
  await page.keyboard.press(`${mod}+z`);
  await expect.poll(categories).toEqual([from.id, from.id, from.id, from.id]);

  // One line per picked row, in list order: each takes its own, still one undoable change.
  await page.evaluate((t) => navigator.clipboard.writeText(t), `Paste to ${tag}\nPaste other ${tag}\nPaste to ${tag}`);
  await grid.focus();
  await page.keyboard.press(`${mod}+v`);
  const each = page.getByRole('dialog', { name: 'Paste into Category of 3 offers?' });
  await expect(each).toContainText('Each of the 3 offers takes its own line, in list order.');
  await expect(each).toContainText(`${offers[1].title} → Paste other ${tag}`);
  await each.getByRole('button', { name: 'Paste into 3 offers' }).click();
  await expect.poll(categories).toEqual([to.id, other.id, to.id, from.id]);
  await grid.focus();
  await page.keyboard.press(`${mod}+z`);
  await expect.poll(categories).toEqual([from.id, from.id, from.id, from.id]);
});

test('cards: a yes/no switch, a status from its own list, a number with separators, and a 422 in the cell', async ({
  page,
}) => {
  await signIn(page);
  const api = await apiAs(page);
  const tag = Date.now().toString(36);
  const category = (await (await api.get('/admin/v1/all_categories?per_page=1&sort=-name')).json()).data[0] as {
    id: number;
    name: string;
  };
  const made = await makeCard(api, `Cells card ${tag}`, { category_id: category.id, display: true, annual_fee: 100 });
  const card = () => cardOf(api, made.id);
  const { grid, row, to } = await openCardRow(page, `Cells card ${tag}`);

  // Yes/no: a switch; Space flips it, Tab saves.
  await to('display');
  await page.keyboard.press('Enter');
  await expect(grid.getByRole('switch', { name: 'In the app' })).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await expect(row.locator('[data-col="display"]')).toHaveText('Hidden');
  await expect.poll(async () => (await card()).display).toBe(false);

  // A reference's choices load, then the current one is highlighted (and scrolled to); Escape leaves it unchanged.
  await to('category_name');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox', { name: 'Category' }).getByRole('option', { selected: true })).toHaveText(
    category.name,
  );
  await page.keyboard.press('Escape');
  await expect(row.locator('[data-col="category_name"]')).toHaveText(category.name);
  await expect(grid).toBeFocused();

  // An enum: its choices are known at once; the highlight moves, Enter takes it, the editor goes (and the page stays whole).
  await to('status');
  await page.keyboard.press('Enter');
  const statuses = page.getByRole('listbox', { name: 'Status' });
  await expect(statuses.getByRole('option', { selected: true })).toHaveText((await card()).status);
  await page.keyboard.type('discontinued');
  await page.keyboard.press('Enter');
  await expect(row.locator('[data-col="status"]')).toHaveText('Discontinued');
  await expect.poll(async () => (await card()).status).toBe('Discontinued');

  // A number, typed with a thousands separator; one that is none is refused in the editor, which stays open.
  await page.keyboard.press('k');
  await to('annual_fee');
  await page.keyboard.type('12,345');
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await card()).annual_fee).toBe(12345);
  await page.keyboard.press('k');
  await page.keyboard.press('Enter');
  await page.keyboard.press(`${mod}+a`);
  await page.keyboard.type('lots');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Annual fee is a number: “lots” is not one.' })).toBeVisible();
  await expect(grid.getByRole('textbox', { name: 'Annual fee' })).toBeFocused();
  await page.keyboard.press('Escape');

  // The server refuses a name too short (422): its words in the cell, the value kept for another try.
  await to('name');
  await page.keyboard.press('Enter');
  await page.keyboard.press(`${mod}+a`);
  await page.keyboard.type('x');
  await page.keyboard.press('Tab');
  const name = row.locator('[data-col="name"]');
  await expect(name).toHaveClass(/is-invalid/);
  await expect(name).toHaveText('x');
  await expect(name).toHaveAttribute('title', 'Name must be at least 2 characters.');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await expect(grid.getByRole('textbox', { name: 'Name' })).toHaveValue('x');
  await page.keyboard.type('yz card');
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await card()).name).toBe('xyz card');
  await expect(name).not.toHaveClass(/is-invalid/);
});

test('a card renamed in its cell is one undo step: mod+z puts the old name back, in the row and in the API; mod+shift+z redoes it', async ({
  page,
}) => {
  await signIn(page);
  const api = await apiAs(page);
  const tag = Date.now().toString(36);
  const made = await makeCard(api, `Undo card ${tag}`);
  const name = async () => (await cardOf(api, made.id)).name;
  const { grid, row, to } = await openCardRow(page, `Undo card ${tag}`);
  await to('name');

  await page.keyboard.press('Enter');
  await page.keyboard.press(`${mod}+a`);
  await page.keyboard.type(`Renamed card ${tag}`);
  await page.keyboard.press('Enter');
  await expect(row.locator('[data-col="name"]')).toHaveText(`Renamed card ${tag}`);
  await expect.poll(name).toBe(`Renamed card ${tag}`);
  await expect(page.getByText(`Saved Name of card “Renamed card ${tag}”.`)).toBeVisible();

  // The keys are back on the grid: mod+z is the app's undo, not the editor's.
  await expect(grid).toBeFocused();
  await page.keyboard.press(`${mod}+z`);
  await expect(page.getByText(`Undid: Name of card “Undo card ${tag}”.`)).toBeVisible();
  await expect(row.locator('[data-col="name"]')).toHaveText(`Undo card ${tag}`);
  await expect.poll(name).toBe(`Undo card ${tag}`);
  await expect(page.getByText('Nothing to undo.')).toHaveCount(0);

  // mod+shift+z redoes it, named, and that is one more step mod+z takes back.
  await page.keyboard.press(`${mod}+Shift+z`);
  await expect(page.getByText(`Redid: saved Name of card “Renamed card ${tag}”.`)).toBeVisible();
  await expect(row.locator('[data-col="name"]')).toHaveText(`Renamed card ${tag}`);
  await expect.poll(name).toBe(`Renamed card ${tag}`);
  await page.keyboard.press(`${mod}+z`);
  await expect.poll(name).toBe(`Undo card ${tag}`);
});

for (const theme of ['light', 'dark'] as const) {
  test(`axe finds nothing serious in the cells' states: active, a choice open, a conflict marked (${theme})`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ colorScheme: theme, baseURL });
    const page = await context.newPage();
    await signIn(page);
    const api = await apiAs(page);
    const tag = `${theme}${Date.now().toString(36)}`;
    const [mine] = await makeOffers(api, tag, 2);
    const grid = await openTable(page, tag);
    const found: string[] = [];
    const check = async (where: string) => {
      const { violations } = await new AxeBuilder({ page }).analyze();
      found.push(
        ...violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'color-contrast')
          .map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
      );
    };
    await page.keyboard.press('j');
    await page.keyboard.press('ArrowRight');
    await check('an active cell');
    await page.keyboard.press('End');
    for (let i = 0; i < 12 && !(await grid.getAttribute('aria-activedescendant'))?.endsWith('-category_name'); i++)
      await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('listbox', { name: 'Category' }).getByRole('option').first()).toBeVisible();
    await check('a choice open');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Home');
    await api.post(`/admin/v1/update_offer/${mine.id}`, { title: `Theirs ${tag}`, version: mine.version });
    await page.keyboard.press('Enter');
    await page.keyboard.type(' mine');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowLeft');
    await expect(page.locator('.cell-note')).toBeVisible();
    await check('a conflict marked');
    expect(found).toEqual([]);
    await context.close();
  });
}
