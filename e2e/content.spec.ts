// Terms and privacy, contact messages (contract/cms.ts, contract/contact.ts), driven by the
// keyboard: save the terms with a script payload in its HTML and see the page rendered with
// nothing run (no dialog, no handler, no image); restore the version before it from the
// history; open an open contact message, reply with mod+Enter and see the reply recorded
// on it and e-mailed (the outbox).
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiAs, mod, signIn } from './session';

const PAYLOAD = '<img src=x onerror=alert(1)><script>alert(2)</script><a href="javascript:alert(3)">x</a>';
const tag = `e2e${Date.now().toString(36)}`;

/** Every dialog a page opens is a failure of the test: record them all. */
function dialogsOf(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss().catch(() => undefined);
  });
  return dialogs;
}

const preview = (page: Page) => page.getByTestId('cms-preview');

test('terms: a payload saved through the HTML is stored and shown without anything running; the previous version comes back', async ({
  page,
}) => {
  const dialogs = dialogsOf(page);
  await signIn(page);
  const api = await apiAs(page);
  const before = (await (await api.get('/admin/v1/cms_pages?type=term-condition')).json()).data as {
    version: number;
    content: string;
  };

  // g x: the terms page, its stored text in the editor and the preview.
  await page.keyboard.press('g');
  await page.keyboard.press('x');
  await expect(page).toHaveURL(/\/admin\/term-condition$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and conditions', exact: true })).toBeVisible();
  await expect(preview(page)).toContainText('Terms and Conditions');

  // shift+e: the HTML itself; the payload goes in as typed.
  await page.keyboard.press('Shift+E');
  const source = page.getByRole('textbox', { name: 'Terms and conditions: HTML' });
  await expect(source).toBeVisible();
  await source.fill(`<h1>Terms and Conditions</h1><p>Saved by ${tag}.</p>${PAYLOAD}`);
  // The preview follows the HTML through the editor, which runs nothing of it.
  await expect(preview(page)).toContainText(`Saved by ${tag}.`);

  // mod+s saves; the page is fetched again and shows what the server kept.
  await page.keyboard.press(`${mod}+s`);
  await expect(page.getByText('CMS updated successfully!').first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'The server removed' })).toContainText('<script> element');
  await expect(page.getByText(`Version ${before.version + 1}`)).toBeVisible();
  await expect(preview(page)).toContainText(`Saved by ${tag}.`);
  await expect(preview(page)).toContainText('x');
  await expect(page.locator('.cms-prose')).toContainText(`Saved by ${tag}.`);
  // Nothing that could run is on the page, and nothing ran.
  await expect(
    page.locator('[onerror], [onload], script:not([src]), [data-testid=cms-preview] img, a[href^="javascript:" i]'),
  ).toHaveCount(0);
  const stored = (await (await api.get('/admin/v1/cms_pages?type=term-condition')).json()).data as {
    version: number;
    content: string;
  };
  expect(stored.version).toBe(before.version + 1);
  expect(stored.content).not.toMatch(/<script|onerror|javascript:|<img/i);
  await page.waitForTimeout(300);
  expect(dialogs).toEqual([]);

  // h: the history; the version before is picked and compared with the current text.
  await page.keyboard.press('h');
  const versions = page.getByRole('list', { name: 'Versions, newest first' });
  await expect(versions.getByRole('button').first()).toContainText(`v${stored.version}`);
  await expect(
    page.getByRole('region', { name: `Version ${before.version} compared with the current text` }),
  ).toBeVisible();
  await expect(page.getByTestId('cms-diff').locator('ins')).toContainText([`${tag}`]);

  // r restores it: a new version with its text; the history keeps both.
  await page.keyboard.press('r');
  await expect(page.getByText('CMS updated successfully!').first()).toBeVisible();
  await expect(page.getByText(`Version ${before.version + 2}`)).toBeVisible();
  await page.keyboard.press('p');
  await expect(preview(page)).not.toContainText(tag);
  const restored = (await (await api.get('/admin/v1/cms_pages?type=term-condition')).json()).data as {
    version: number;
    content: string;
  };
  expect(restored).toMatchObject({ version: before.version + 2, content: before.content });
  const history = (await (await api.get('/admin/v1/cms_pages/term-condition/versions')).json()).data as {
    version: number;
    restored_from: number | null;
  }[];
  expect(history.slice(0, 2)).toMatchObject([
    { version: before.version + 2, restored_from: before.version },
    { version: before.version + 1 },
  ]);
  expect(dialogs).toEqual([]);
});

test('contact: open an open message, reply with mod+Enter, see the reply recorded and e-mailed', async ({
  page,
  server,
}) => {
  const dialogs = dialogsOf(page);
  await signIn(page);
  const api = await apiAs(page);

  // g m: contact messages; f shows the open ones; Enter opens the highlighted one.
  await page.keyboard.press('g');
  await page.keyboard.press('m');
  await expect(page).toHaveURL(/\/admin\/contact$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact messages', exact: true })).toBeVisible();
  await page.keyboard.press('f');
  await expect(page).toHaveURL(/handled=false/);
  const first = page.locator('.vlist-row').first();
  await expect(first).toBeVisible();
  await page.keyboard.press('j');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/view-contact\/\d+/);
  const id = Number(/view-contact\/(\d+)/.exec(page.url())![1]);
  const message = (await (await api.get(`/admin/v1/show_contact?id=${id}`)).json()).data as {
    email: string;
    handled: boolean;
    replies: unknown[];
  };
  expect(message.handled).toBe(false);

  // r: the cursor in the reply box; mod+Enter sends.
  await page.keyboard.press('r');
  const box = page.getByRole('textbox', { name: `Reply to ${message.email}` });
  await expect(box).toBeFocused();
  const text = `Thank you for writing (${tag}). We checked with the merchant: the offer is valid again.`;
  await page.keyboard.type(text);
  await page.keyboard.press(`${mod}+Enter`);
  await expect(page.getByText('Reply sent successfully!').first()).toBeVisible();

  const replies = page.getByRole('region', { name: 'Replies' });
  await expect(replies.locator('.msg-reply').last()).toContainText(text);
  await expect(replies.locator('.msg-reply').last()).toContainText('E-mailed');
  await expect(page.locator('.pane').getByText('Handled', { exact: true }).first()).toBeVisible();
  await expect(box).toHaveValue('');

  const after = (await (await api.get(`/admin/v1/show_contact?id=${id}`)).json()).data as {
    handled: boolean;
    replies: { text: string; mail_status: string }[];
  };
  expect(after.handled).toBe(true);
  expect(after.replies.at(-1)).toMatchObject({ text, mail_status: 'sent' });
  const outbox = path.join(server.dataDir, 'outbox');
  const mails = fs
    .readdirSync(outbox)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(fs.readFileSync(path.join(outbox, f), 'utf8')) as { to: string; text: string });
  expect(mails.some((m) => m.to === message.email && m.text.includes(text))).toBe(true);
  expect(dialogs).toEqual([]);
});
