// Content and messages (contract/cms.ts, contract/contact.ts, contract/feedback.ts): every
// call, its refusals (naming the field, changing nothing), the sanitizer on the way in, the
// versions and their restore, the reply's e-mail in the outbox.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CMS_CONTENT_MAX, CMS_UNCHANGED, CMS_UPDATED } from '@contract/cms';
import { multipart, startTestServer, type TestServer } from '../helpers/app';
import { tableChecksums, changedTables } from '../helpers/checksum';
import { insertContact, insertFeedback, insertSubjects } from '../helpers/contentRows';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const PAYLOAD = '<img src=x onerror=alert(1)><script>alert(2)</script><a href="javascript:alert(3)">x</a>';
const get = (url: string) => s.call({ method: 'GET', url, headers: s.adminAuth });
const post = (url: string, payload?: object) =>
  s.call({ method: 'POST', url, headers: s.adminAuth, ...(payload && { payload }) });
const saveCms = (type: string, payload: object) => post(`/admin/v1/cms_pages/${type}`, payload);
const page = async (type = 'term-condition') => (await get(`/admin/v1/cms_pages?type=${type}`)).json().data;
const versionCount = async () =>
  Number((await s.db.query<{ n: number }>('select count(*)::int as n from cms_page_versions')).rows[0].n);

/** A refusal changes no table at all. */
async function refusedWithoutWrites(
  send: () => Promise<{ statusCode: number; json(): { errors: Record<string, string[]>; message: string } }>,
  status: number,
  field: string,
) {
  const before = await tableChecksums(s.db);
  const r = await send();
  expect(r.statusCode).toBe(status);
  expect(Object.keys(r.json().errors)).toContain(field);
  expect(r.json().errors.message[0]).toBe(r.json().message);
  expect(changedTables(before, await tableChecksums(s.db))).toEqual([]);
  return r.json();
}

describe('CMS pages', () => {
  it('has both pages from the start, never saved', async () => {
    for (const type of ['term-condition', 'privacy-policy']) {
      const r = await get(`/admin/v1/cms_pages?type=${type}`);
      expect(r.statusCode).toBe(200);
      expect(r.json().data).toMatchObject({
        type,
        content: '',
        version: 0,
        updated_by: null,
        updated_by_name: null,
        updated_at: null,
      });
    }
  });

  it('saves as JSON: a version with who and when; the page answers it', async () => {
    const r = await saveCms('privacy-policy', { content: '<h1>Privacy</h1><p>We keep <strong>little</strong>.</p>' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      message: CMS_UPDATED,
      removed: [],
      data: { type: 'privacy-policy', version: 1, content: '<h1>Privacy</h1><p>We keep <strong>little</strong>.</p>' },
    });
    const shown = await page('privacy-policy');
    expect(shown).toMatchObject({ version: 1, updated_by_name: expect.any(String), updated_at: expect.any(String) });
    expect(shown.updated_by).toEqual(expect.any(Number));
  });

  it('sanitizes a multipart save: stores none of the payload that could run and says what it removed', async () => {
    const form = multipart({ content: `<p>Terms</p>${PAYLOAD}` });
    const r = await s.call({
      method: 'POST',
      url: '/admin/v1/cms_pages/term-condition',
      headers: { ...s.adminAuth, ...form.headers },
      payload: form.payload,
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().message).toBe('CMS updated successfully!');
    expect(r.json().removed).toEqual(['<img> element', '<script> element', 'javascript: link']);
    const stored = [
      r.json().data.content,
      (await page()).content,
      ...(
        await s.db.query<{ content: string }>(
          "select content from cms_pages where type = 'term-condition' union all select content from cms_page_versions",
        )
      ).rows.map((x) => x.content),
    ];
    for (const text of stored) {
      expect(text).not.toMatch(/<script|onerror|javascript:|<img|alert\(2\)/i);
    }
    expect(r.json().data.content).toBe('<p>Terms</p><a>x</a>');
  });

  it('refuses a stale version with 409 and keeps the newer text', async () => {
    const now = await page();
    const r = await refusedWithoutWrites(
      () => saveCms('term-condition', { content: '<p>Old edit</p>', version: now.version - 1 }),
      409,
      'version',
    );
    expect(r.message).toMatch(/saved again/);
    expect((await page()).content).toBe(now.content);
    const fresh = await saveCms('term-condition', { content: '<p>Terms, second edit</p>', version: now.version });
    expect(fresh.json().data.version).toBe(now.version + 1);
  });

  it('adds no version when the text is the same', async () => {
    const now = await page();
    const n = await versionCount();
    const r = await saveCms('term-condition', { content: now.content });
    expect(r.statusCode).toBe(200);
    expect(r.json().message).toBe(CMS_UNCHANGED);
    expect(r.json().data.version).toBe(now.version);
    expect(await versionCount()).toBe(n);
  });

  it.each([
    ['no content', { version: 1 }, 'content', 'Content is required.'],
    ['content as a number', { content: 12 }, 'content', undefined],
    ['content too long', { content: 'x'.repeat(CMS_CONTENT_MAX + 1) }, 'content', undefined],
    [
      'nothing left once sanitized',
      { content: '<script>alert(1)</script><iframe src="https://x.example"></iframe>' },
      'content',
      'Content has no text once unsafe markup is removed (<script> element, <iframe> element).',
    ],
    ['an empty page', { content: '   ' }, 'content', 'Content is required.'],
    ['a negative version', { content: '<p>x</p>', version: -1 }, 'version', undefined],
  ])('refuses %s naming the field, writing nothing', async (_name, payload, field, text) => {
    const r = await refusedWithoutWrites(() => saveCms('term-condition', payload), 422, field);
    if (text) expect(r.errors[field][0]).toBe(text);
  });

  it('refuses an unknown page type naming it', async () => {
    await refusedWithoutWrites(() => saveCms('cookies', { content: '<p>x</p>' }), 422, 'type');
    const r = await get('/admin/v1/cms_pages?type=cookies');
    expect(r.statusCode).toBe(422);
    expect(r.json().errors.type).toBeDefined();
    expect((await get('/admin/v1/cms_pages')).json().errors.type[0]).toBe('Type is required.');
  });

  it('takes a long multipart text whole, and refuses one past the limit rather than cutting it', async () => {
    // Two bytes a character: past the form parser's default field size, under the page's limit.
    const long = `<p>${'مرحبا بكم '.repeat(15_000)}</p>`;
    const form = multipart({ content: long });
    const r = await s.call({
      method: 'POST',
      url: '/admin/v1/cms_pages/privacy-policy',
      headers: { ...s.adminAuth, ...form.headers },
      payload: form.payload,
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().data.content).toBe(long);
    for (const over of ['x'.repeat(CMS_CONTENT_MAX + 1), '€'.repeat(CMS_CONTENT_MAX + 1)]) {
      const f = multipart({ content: over });
      await refusedWithoutWrites(
        () =>
          s.call({
            method: 'POST',
            url: '/admin/v1/cms_pages/privacy-policy',
            headers: { ...s.adminAuth, ...f.headers },
            payload: f.payload,
          }),
        422,
        'content',
      );
    }
  });

  it('lists versions newest first, shows one with its text, and 404s a missing one', async () => {
    const r = await get('/admin/v1/cms_pages/term-condition/versions?per_page=2');
    expect(r.statusCode).toBe(200);
    const { data, pagination } = r.json();
    expect(pagination).toMatchObject({ page: 1, per_page: 2, total: 2 });
    expect(data.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(data[0]).toMatchObject({
      type: 'term-condition',
      created_by_name: expect.any(String),
      restored_from: null,
      length: expect.any(Number),
    });
    expect(data[0]).not.toHaveProperty('content');
    const one = await get('/admin/v1/cms_pages/term-condition/versions/1');
    expect(one.json().data).toMatchObject({ version: 1, content: '<p>Terms</p><a>x</a>' });
    const missing = await get('/admin/v1/cms_pages/term-condition/versions/99');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors.version[0]).toBe('Version 99 of this page does not exist.');
    expect((await get('/admin/v1/cms_pages/term-condition/versions/0')).json().errors.version).toBeDefined();
  });

  it('restores a version as a new version, never rewriting history', async () => {
    const before = (
      await s.db.query<{ version: number; content: string }>(
        "select v.version, v.content from cms_page_versions v join cms_pages p on p.id = v.page_id where p.type = 'term-condition' order by v.version",
      )
    ).rows;
    const r = await post('/admin/v1/cms_pages/term-condition/versions/1/restore');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      message: CMS_UPDATED,
      removed: [],
      data: { version: 3, content: '<p>Terms</p><a>x</a>' },
    });
    const versions = (await get('/admin/v1/cms_pages/term-condition/versions')).json().data;
    expect(versions[0]).toMatchObject({ version: 3, restored_from: 1 });
    const after = (
      await s.db.query<{ version: number; content: string }>(
        "select v.version, v.content from cms_page_versions v join cms_pages p on p.id = v.page_id where p.type = 'term-condition' order by v.version",
      )
    ).rows;
    expect(after.slice(0, before.length)).toEqual(before);
    // Restoring the text the page has already adds nothing.
    const again = await post('/admin/v1/cms_pages/term-condition/versions/1/restore');
    expect(again.json()).toMatchObject({ message: CMS_UNCHANGED, data: { version: 3 } });
    expect((await post('/admin/v1/cms_pages/term-condition/versions/42/restore')).statusCode).toBe(404);
  });

  it('keeps a saved version as it is, whoever writes to the database', async () => {
    await expect(s.db.query("update cms_page_versions set content = 'rewritten' where version = 1")).rejects.toThrow(
      /cannot be changed/,
    );
  });
});

describe('contact messages', () => {
  let ids: number[];
  beforeAll(async () => {
    ids = [
      await insertContact(s.db, {
        name: 'Zara Whitfield',
        subject: 'Card missing from the list',
        message: 'My Skywards card is not listed.',
        age: 300,
      }),
      await insertContact(s.db, {
        name: 'Omar Haddad',
        subject: 'Offer refused at Zafran',
        message: 'The waiter refused the offer.',
        age: 200,
        phone: '+971 50 123 4567',
      }),
      await insertContact(s.db, {
        name: 'Liza Santos',
        subject: 'Delete my account',
        message: 'Please delete my data.',
        age: 100,
        handled: true,
      }),
    ];
  });

  it('lists newest first, searches, filters by handled and sorts', async () => {
    const r = await get('/admin/v1/all_contact?per_page=2');
    expect(r.statusCode).toBe(200);
    expect(r.json().pagination).toMatchObject({ total: 3, last_page: 2 });
    expect(r.json().data.map((m: { id: number }) => m.id)).toEqual([ids[2], ids[1]]);
    expect(r.json().data[0]).toMatchObject({ name: 'Liza Santos', handled: true, replies: [] });
    const found = await get('/admin/v1/all_contact?query=zafran');
    expect(found.json().data.map((m: { id: number }) => m.id)).toEqual([ids[1]]);
    const byPhone = await get('/admin/v1/all_contact?query=123 4567');
    expect(byPhone.json().data.map((m: { id: number }) => m.id)).toEqual([ids[1]]);
    const open = await get('/admin/v1/all_contact?handled=false');
    expect(
      open
        .json()
        .data.map((m: { id: number }) => m.id)
        .sort(),
    ).toEqual([ids[0], ids[1]].sort());
    const byName = await get('/admin/v1/all_contact?sort=name');
    expect(byName.json().data.map((m: { name: string }) => m.name)).toEqual([
      'Liza Santos',
      'Omar Haddad',
      'Zara Whitfield',
    ]);
    expect((await get('/admin/v1/all_contact?handled=maybe')).json().errors.handled).toBeDefined();
    expect((await get('/admin/v1/all_contact?sort=email')).json().errors.sort).toBeDefined();
  });

  it('shows one by ?id=, 404s a missing one and names a bad id', async () => {
    const r = await get(`/admin/v1/show_contact?id=${ids[1]}`);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      message: 'Contact message fetched successfully!',
      data: { id: ids[1], phone: '+971 50 123 4567', subject: 'Offer refused at Zafran' },
    });
    expect((await get('/admin/v1/show_contact?id=99999')).statusCode).toBe(404);
    const bad = await get('/admin/v1/show_contact?id=abc');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.id).toBeDefined();
  });

  it('marks handled by whom and when, and open again', async () => {
    const on = await post(`/admin/v1/contact/${ids[0]}/handled`, { handled: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({
      message: 'Contact message updated successfully!',
      data: { handled: true, handled_at: expect.any(String), handled_by_name: expect.any(String) },
    });
    const first = on.json().data.handled_at;
    // Marking it handled again keeps the first time.
    expect((await post(`/admin/v1/contact/${ids[0]}/handled`, { handled: true })).json().data.handled_at).toBe(first);
    const off = await post(`/admin/v1/contact/${ids[0]}/handled`, { handled: false });
    expect(off.json().data).toMatchObject({ handled: false, handled_at: null, handled_by_name: null });
    expect((await post('/admin/v1/contact/99999/handled', { handled: true })).statusCode).toBe(404);
    await refusedWithoutWrites(() => post(`/admin/v1/contact/${ids[0]}/handled`, { handled: 'yes' }), 422, 'handled');
    await refusedWithoutWrites(() => post(`/admin/v1/contact/${ids[0]}/handled`, {}), 422, 'handled');
  });

  it('replies: recorded on the message, e-mailed to its sender, the message handled', async () => {
    const mails = s.outbox().length;
    const r = await post(`/admin/v1/contact/${ids[1]}/reply`, {
      text: 'Thank you, we spoke to Zafran: the offer is valid again.',
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().message).toBe('Reply sent successfully!');
    const m = r.json().data;
    expect(m.handled).toBe(true);
    expect(m.replies).toHaveLength(1);
    expect(m.replies[0]).toMatchObject({
      text: 'Thank you, we spoke to Zafran: the offer is valid again.',
      sent_to: m.email,
      sent_by_name: expect.any(String),
      mail_status: 'sent',
      mail_error: null,
    });
    const outbox = s.outbox();
    expect(outbox).toHaveLength(mails + 1);
    const mail = outbox.at(-1)!;
    expect(mail).toMatchObject({ to: m.email, subject: 'Re: Offer refused at Zafran' });
    expect(mail.text).toContain('Thank you, we spoke to Zafran');
    expect(mail.text).toContain('> The waiter refused the offer.');
    // The record says so too, not only the answer.
    const shown = (await get(`/admin/v1/show_contact?id=${ids[1]}`)).json().data;
    expect(shown.replies[0].mail_status).toBe('sent');
  });

  it('refuses an empty reply naming the field, writing and sending nothing', async () => {
    const mails = s.outbox().length;
    for (const payload of [{}, { text: '' }, { text: ' \n ' }, { text: 'x'.repeat(10_001) }, { text: 'a\u0000b' }]) {
      await refusedWithoutWrites(() => post(`/admin/v1/contact/${ids[0]}/reply`, payload), 422, 'text');
    }
    expect((await post('/admin/v1/contact/99999/reply', { text: 'Hello' })).statusCode).toBe(404);
    expect(s.outbox()).toHaveLength(mails);
  });

  it.each([
    ['two addresses', 'a@one.example, b@two.example'],
    ['two addresses by semicolon', 'a@one.example; b@two.example'],
    ['a header slipped in', 'a@one.example\r\nBcc: spy@evil.example'],
    ['a line feed', 'a@one.example\nb@two.example'],
    ['a group', 'friends: a@one.example, b@two.example;'],
    ['no address', 'not an address'],
    ['an empty one', ''],
  ])('refuses a reply to a stored e-mail with %s (422 on email): nothing recorded, no mail', async (_what, email) => {
    const id = await insertContact(s.db, { email });
    const mails = s.outbox().length;
    const r = await refusedWithoutWrites(
      () => post(`/admin/v1/contact/${id}/reply`, { text: 'We are on it.' }),
      422,
      'email',
    );
    expect(r.errors.email[0]).toBe("This message's e-mail is not exactly one address, so no reply can be sent to it.");
    expect(s.outbox()).toHaveLength(mails);
  });

  it('replies to one address with a name as that one address', async () => {
    const id = await insertContact(s.db, { email: ' Rana Haddad <rana@one.example> ' });
    const r = await post(`/admin/v1/contact/${id}/reply`, { text: 'We are on it.' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.replies[0].sent_to).toBe('rana@one.example');
    expect(s.outbox().at(-1)!.to).toBe('rana@one.example');
  });

  it('keeps a reply whose e-mail could not go out, and says so', async () => {
    const id = await insertContact(s.db, { subject: 'Line\r\nBcc: someone@evil.example' });
    const outbox = path.join(s.dataDir, 'outbox');
    fs.renameSync(outbox, `${outbox}.kept`);
    fs.writeFileSync(outbox, 'not a folder');
    try {
      const r = await post(`/admin/v1/contact/${id}/reply`, { text: 'We are on it.' });
      expect(r.statusCode).toBe(200);
      expect(r.json().message).toMatch(/^The reply was saved, but its e-mail could not be sent/);
      expect(r.json().data.replies[0]).toMatchObject({ mail_status: 'failed', mail_error: expect.any(String) });
    } finally {
      fs.rmSync(outbox);
      fs.renameSync(`${outbox}.kept`, outbox);
    }
    // Sent again, the subject stays one line: no header can be slipped in.
    await post(`/admin/v1/contact/${id}/reply`, { text: 'Second try.' });
    expect(s.outbox().at(-1)!.subject).toBe('Re: Line Bcc: someone@evil.example');
  });

  it('deletes one with its replies; a second delete is a 404', async () => {
    const r = await s.call({ method: 'DELETE', url: `/admin/v1/delete_contact/${ids[1]}`, headers: s.adminAuth });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ message: 'Contact message deleted successfully!', data: { id: ids[1] } });
    expect((await get(`/admin/v1/show_contact?id=${ids[1]}`)).statusCode).toBe(404);
    expect((await s.db.query('select id from contact_replies where contact_id = $1', [ids[1]])).rows).toEqual([]);
    expect(
      (await s.call({ method: 'DELETE', url: `/admin/v1/delete_contact/${ids[1]}`, headers: s.adminAuth })).statusCode,
    ).toBe(404);
    expect(
      (await s.call({ method: 'DELETE', url: '/admin/v1/delete_contact/abc', headers: s.adminAuth })).json().errors.id,
    ).toBeDefined();
  });
});

describe('feedback', () => {
  let subjects: Awaited<ReturnType<typeof insertSubjects>>;
  let ids: number[];
  beforeAll(async () => {
    subjects = await insertSubjects(s.db, 'Quokka');
    ids = [
      await insertFeedback(s.db, {
        rating: 5,
        comment: 'Worked at the counter.',
        user_id: subjects.user,
        offer_id: subjects.offer,
        age: 30,
      }),
      await insertFeedback(s.db, {
        rating: 1,
        comment: 'Hardly any offer accepted.',
        user_id: subjects.user,
        card_id: subjects.card,
        age: 20,
      }),
      await insertFeedback(s.db, {
        rating: 4,
        comment: null,
        user_id: subjects.user,
        offer_id: subjects.offer,
        age: 10,
      }),
    ];
  });

  it('lists newest first with the names it is about, filters by rating and about, searches', async () => {
    const r = await get('/admin/v1/feedback');
    expect(r.statusCode).toBe(200);
    expect(r.json().data.map((f: { id: number }) => f.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(r.json().data[1]).toMatchObject({
      rating: 1,
      about: 'card',
      card_name: 'Quokka Card',
      bank_name: 'Quokka Bank',
      offer_id: null,
      user_name: 'Quokka User',
    });
    expect(r.json().data[2]).toMatchObject({ about: 'offer', offer_title: 'Quokka Offer', card_id: null });
    expect((await get('/admin/v1/feedback?rating=1')).json().data.map((f: { id: number }) => f.id)).toEqual([ids[1]]);
    expect((await get('/admin/v1/feedback?about=offer')).json().pagination.total).toBe(2);
    expect(
      (await get(`/admin/v1/feedback?card=${subjects.card}`)).json().data.map((f: { id: number }) => f.id),
    ).toEqual([ids[1]]);
    expect((await get('/admin/v1/feedback?query=counter')).json().data.map((f: { id: number }) => f.id)).toEqual([
      ids[0],
    ]);
    expect((await get('/admin/v1/feedback?query=quokka card')).json().data.map((f: { id: number }) => f.id)).toEqual([
      ids[1],
    ]);
    expect((await get('/admin/v1/feedback?sort=-rating')).json().data.map((f: { rating: number }) => f.rating)).toEqual(
      [5, 4, 1],
    );
    for (const bad of ['rating=6', 'rating=0', 'about=bank'])
      expect((await get(`/admin/v1/feedback?${bad}`)).statusCode).toBe(422);
  });

  it('finds feedback by the new name of what it is about', async () => {
    await s.db.query("update offers set title = 'Renamed Wombat Offer' where id = $1", [subjects.offer]);
    expect((await get('/admin/v1/feedback?query=wombat')).json().pagination.total).toBe(2);
  });

  it('shows one by id and 404s a missing one', async () => {
    const r = await get(`/admin/v1/feedback/${ids[0]}`);
    expect(r.json()).toMatchObject({
      message: 'Feedback fetched successfully!',
      data: { id: ids[0], rating: 5, comment: 'Worked at the counter.' },
    });
    expect((await get('/admin/v1/feedback/99999')).statusCode).toBe(404);
    expect((await get('/admin/v1/feedback/abc')).json().errors.id).toBeDefined();
  });

  it('keeps feedback whose offer is deleted, and drops it with its user', async () => {
    await s.db.query('delete from offers where id = $1', [subjects.offer]);
    expect((await get(`/admin/v1/feedback/${ids[0]}`)).json().data).toMatchObject({
      about: 'offer',
      offer_id: null,
      offer_title: null,
    });
    const other = await insertSubjects(s.db, 'Leaving');
    const gone = await insertFeedback(s.db, { user_id: other.user, card_id: other.card });
    await s.db.query('delete from users where id = $1', [other.user]);
    expect((await get(`/admin/v1/feedback/${gone}`)).statusCode).toBe(404);
  });

  it('deletes by ?feedback_id= and names a missing or bad id', async () => {
    const r = await s.call({ method: 'DELETE', url: `/admin/v1/feedback?feedback_id=${ids[1]}`, headers: s.adminAuth });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ message: 'Feedback deleted successfully!', data: { id: ids[1] } });
    expect((await get(`/admin/v1/feedback/${ids[1]}`)).statusCode).toBe(404);
    expect(
      (await s.call({ method: 'DELETE', url: `/admin/v1/feedback?feedback_id=${ids[1]}`, headers: s.adminAuth }))
        .statusCode,
    ).toBe(404);
    const none = await s.call({ method: 'DELETE', url: '/admin/v1/feedback', headers: s.adminAuth });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.feedback_id[0]).toBe('Feedback is required.');
  });
});
