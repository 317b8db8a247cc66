// Live updates (src/api/events.ts, GET /admin/v1/events): two admins in two browsers; what one
// saves through the UI shows in the other's open list without a reload.
import { test, expect } from './fixtures';
import { bankResource } from '@contract/bank';
import { userResource } from '@contract/user';
import { pathOf } from '@contract/operation';
import { apiAs, listNamed, rowsOf, signIn, signInAs } from './session';

const SARA = { name: 'Sara Live', email: 'sara.live@e2e.example', password: 'sara-live-password' };

test("one admin's edit and addition show in the other's open list, no reload", async ({ page, browser }) => {
  // Two browsers, two sign-ins and a form save: over a minute on a busy two-core machine.
  test.setTimeout(120_000);
  await signIn(page);
  const api = await apiAs(page);
  // The second admin, made through the API as the e2e admin (a second run finds her there).
  const made = await api.post(userResource.ops.add!.path, { ...SARA, role: 'admin', status: 'active' });
  expect([200, 422]).toContain(made.status());

  const other = await browser.newContext();
  const sara = await other.newPage();
  try {
    await signInAs(sara, SARA.email, SARA.password);
    await sara.goto('/admin/bank-list');
    const list = listNamed(sara, 'Banks');
    await expect(rowsOf(list).first()).toBeVisible();
    const loads: string[] = [];
    sara.on('framenavigated', (f) => f === sara.mainFrame() && loads.push(f.url()));

    const first = (await (await api.get(`${bankResource.ops.list.path}?per_page=1&sort=name`)).json()).data[0] as {
      id: number;
      name: string;
    };
    await expect(list).toContainText(first.name);
    // The first admin edits it through the form.
    await page.goto(`/admin/edit-bank/${first.id}`);
    const name = page.getByLabel('Name');
    await expect(name).toBeFocused();
    await page.keyboard.press('End');
    await page.keyboard.type(' Live');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/admin/view-bank/${first.id}$`));
    await expect(list).toContainText(`${first.name} Live`, { timeout: 5000 });

    // A bank added (by the API, as the first admin) appears, and the total follows.
    const added = await api.post(bankResource.ops.add!.path, { name: 'Aardvark Live Bank', code: 'AALV' });
    expect(added.status()).toBe(200);
    await expect(list).toContainText('Aardvark Live Bank', { timeout: 5000 });
    expect(loads, 'the list changed without a reload').toEqual([]);

    // Put things back for the other specs.
    const bank = (await added.json()).data as { id: number };
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const gone = await page.request.delete(`${bankResource.ops.remove!.path}?bank_id=${bank.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(gone.status()).toBe(200);
    const now = (await (await api.get(pathOf(bankResource.ops.show!, { id: first.id }))).json()).data as Record<
      string,
      unknown
    >;
    const back = await api.post(pathOf(bankResource.ops.update!, { id: first.id }), {
      name: first.name,
      code: now.code,
      version: now.version,
    });
    expect(back.status(), await back.text()).toBe(200);
    // Deletions and the other admin's renames reach the list too.
    await expect(list).not.toContainText(`${first.name} Live`, { timeout: 5000 });
    await expect(list).not.toContainText('Aardvark Live Bank', { timeout: 5000 });
  } finally {
    await other.close();
  }
});

test('a form whose record someone else saved says who and offers Reload', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page);
  const api = await apiAs(page);
  const made = await api.post(userResource.ops.add!.path, { ...SARA, role: 'admin', status: 'active' });
  expect([200, 422]).toContain(made.status());
  const bank = (await (await api.get(`${bankResource.ops.list.path}?per_page=1&sort=-name`)).json()).data[0] as {
    id: number;
    name: string;
    code: string;
  };
  const other = await browser.newContext();
  const sara = await other.newPage();
  try {
    await signInAs(sara, SARA.email, SARA.password);
    const saraApi = await apiAs(sara);
    // The first admin has the record open in its form; Sara saves it.
    await page.goto(`/admin/edit-bank/${bank.id}`);
    await expect(page.getByLabel('Name')).toBeFocused();
    const current = (await (await api.get(pathOf(bankResource.ops.show!, { id: bank.id }))).json()).data as {
      version: number;
    };
    const saved = await saraApi.post(pathOf(bankResource.ops.update!, { id: bank.id }), {
      name: `${bank.name} Sara`,
      code: bank.code,
      version: current.version,
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const note = page.getByRole('status').filter({ hasText: 'Sara Live saved this record' });
    await expect(note).toBeVisible({ timeout: 5000 });
    await note.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByLabel('Name')).toHaveValue(`${bank.name} Sara`);
    await expect(note).toBeHidden();
    // Put the name back.
    const now = (await (await api.get(pathOf(bankResource.ops.show!, { id: bank.id }))).json()).data as {
      version: number;
    };
    await api.post(pathOf(bankResource.ops.update!, { id: bank.id }), {
      name: bank.name,
      code: bank.code,
      version: now.version,
    });
  } finally {
    await other.close();
  }
});
