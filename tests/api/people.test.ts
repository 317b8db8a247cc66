// People's e-mail addresses and phone numbers (contract/people.ts) are read whole by a role
// holding `people.read` (admins, contract/roles.ts) and masked for every other staff role,
// wherever the API answers with one: users' list, show and search, their CSV export (the export
// call the browser builds the file from), contact messages and their replies, feedback, and the
// audit log's entries of those records. A cached answer (server/http/answerCache.ts) is kept per
// the two. Every export of a list of people leaves an audit entry: who, how many rows, which
// search, filters and sort (its search masked as the rest for a role without people.read).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAudit, type AuditEntry } from '@contract/audit';
import { contactResource, replyToContact } from '@contract/contact';
import { feedbackResource } from '@contract/feedback';
import { searchRecords } from '@contract/search';
import { userResource, type AdminUser } from '@contract/user';
import { columnsOf, toCsv } from '../../src/store/csvExport';
import { startTestServer, type TestServer } from '../helpers/app';
import { changedTables, tableChecksums } from '../helpers/checksum';
import { insertContact, insertFeedback, insertSubjects } from '../helpers/contentRows';
import { opCalls } from '../helpers/ops';
import { bearerOf, insertSession, insertUser, type Account } from '../helpers/sessions';

let s: TestServer;
const { ok, one } = opCalls(() => s);
const ROLES = ['admin', 'editor', 'reviewer', 'viewer'] as const;
type Role = (typeof ROLES)[number];
const staff = {} as Record<Role, Account>;
const auth = {} as Record<Role, Record<string, string>>;

const EMAIL = 'vera.app@example.com';
const PHONE = '+971 50 123 4567';
const MASKED = { email: 'v•••@example.com', phone: '+971 •• ••• 4567' };
let vera: number;

beforeAll(async () => {
  s = await startTestServer();
  const now = Date.now() + s.clock.offset;
  for (const role of ROLES) {
    staff[role] = await insertUser(s.db, { role, name: `People ${role}` });
    auth[role] = bearerOf(await insertSession(s.db, staff[role].id, { now }));
  }
  vera = (await insertUser(s.db, { role: 'user', email: EMAIL, name: 'Vera App' })).id;
  await s.db.query('update users set phone = $1 where id = $2', [PHONE, vera]);
});
afterAll(() => s?.close());

const { list, show, export: exportUsers } = userResource.ops;
const veraIn = (rows: AdminUser[]) => rows.find((u) => u.id === vera)!;
const whole = (role: Role) => role === 'admin';
const expected = (role: Role) => (whole(role) ? { email: EMAIL, phone: PHONE } : MASKED);

describe("an app user's e-mail and phone", () => {
  it('are whole for an admin and masked for the others in the list and show', async () => {
    // The admin reads first: its answer is kept, and must not be what the others get.
    for (const role of ROLES) {
      const page = await ok(list, { query: { query: 'Vera App', per_page: 50 } }, auth[role]);
      expect(veraIn(page.data), role).toMatchObject(expected(role));
      const one = await ok(show!, { params: { id: vera } }, auth[role]);
      expect(one.data, role).toMatchObject(expected(role));
      if (!whole(role)) expect(JSON.stringify([page, one]), role).not.toContain('vera.app@');
    }
    // And the other way round: a masked answer kept is not an admin's.
    const viewerFirst = await ok(list, { query: { query: 'vera', sort: 'email' } }, auth.viewer);
    expect(veraIn(viewerFirst.data).email).toBe(MASKED.email);
    const adminAfter = await ok(list, { query: { query: 'vera', sort: 'email' } }, auth.admin);
    expect(veraIn(adminAfter.data).email).toBe(EMAIL);
  });

  it("are masked in the palette's search answers, whole for an admin", async () => {
    for (const role of ['admin', 'viewer', 'editor'] as const) {
      const hits = (await ok(searchRecords, { query: { query: 'vera.app', types: 'user' } }, auth[role])).data as {
        id: number;
        subtitle: string;
      }[];
      const hit = hits.find((h) => h.id === vera)!;
      expect(hit.subtitle, role).toBe(`${whole(role) ? EMAIL : MASKED.email} · user`);
    }
  });

  it('are masked in the CSV a viewer exports, whole in an admin’s; each export is an audit entry', async () => {
    const where = { query: 'Vera', role: 'user' };
    for (const role of ['admin', 'viewer'] as const) {
      const before = await tableChecksums(s.db, { withAudit: true });
      const res = await ok(exportUsers!, { body: { where, sort: 'name' } }, auth[role]);
      expect(res.message).toBe('Exported 1 user.');
      const rows = res.data.rows as AdminUser[];
      expect(rows.map((u) => u.id)).toEqual([vera]);
      expect(res.data.total).toBe(1);
      // The file as the browser writes it (src/commands/resourceCommands.ts exportCsv).
      const csv = await toCsv(rows, columnsOf<AdminUser>(Object.keys(userResource.entity.properties)));
      // (A cell starting with + is written with a ' first: src/store/csvExport.ts csvCell.)
      expect(csv, role).toContain(whole(role) ? `${EMAIL},'${PHONE}` : `${MASKED.email},'${MASKED.phone}`);
      if (!whole(role)) expect(csv).not.toContain('vera.app@');
      // The export wrote its entry and nothing else.
      const changed = changedTables(before, await tableChecksums(s.db, { withAudit: true }));
      expect(changed.map((t) => t.split(':')[0])).toEqual(['audit_log']);
      const entry = (await ok(listAudit, { query: { per_page: 1 } })).data[0] as AuditEntry;
      expect(entry).toMatchObject({
        operation: 'user.export',
        kind: 'export',
        resource: 'user',
        actor_id: staff[role].id,
        actor_name: `People ${role}`,
        count: 1,
        before: null,
        after: { ...where, sort: 'name' },
        revertible: false,
      });
    }
    // Checked records: the entry names them.
    await ok(exportUsers!, { body: { ids: [vera, staff.viewer.id] } }, auth.editor);
    const byIds = (await ok(listAudit, { query: { per_page: 1 } })).data[0] as AuditEntry;
    expect(byIds).toMatchObject({ count: 2, after: { selected: 2, ids: [vera, staff.viewer.id] } });
    expect(await one("select count(*)::int from change_events where operation = 'user.export'")).toBe(0);
  });

  it('are exported past a page: every row the list matches, once, in its sort', async () => {
    await s.db.query(
      `insert into users (name, email, phone, role) select 'Pagedexport ' || n, 'paged' || n || '@example.com', '+971 50 000 ' || lpad(n::text, 4, '0'), 'user' from generate_series(1, 1101) n`,
    );
    const want = (
      await s.db.query<{ id: number }>(
        "select id from users where name like 'Pagedexport %' order by lower(name) desc, id desc",
      )
    ).rows.map((r) => r.id);
    const res = await ok(exportUsers!, { body: { where: { query: 'pagedexport' }, sort: '-name' } }, auth.reviewer);
    expect(res.data.total).toBe(1101);
    expect((res.data.rows as AdminUser[]).map((u) => u.id)).toEqual(want);
    expect((res.data.rows as AdminUser[]).every((u) => u.email.startsWith('p•••@'))).toBe(true);
  });

  it('are masked in the audit log for a role without people.read: the entries of a change and of an export', async () => {
    const v = await ok(show!, { params: { id: vera } });
    await ok(userResource.ops.update!, {
      params: { id: vera },
      body: { phone: '+971 55 765 4321', version: v.data.version },
    });
    await ok(exportUsers!, { body: { where: { query: EMAIL } } });
    for (const role of ['admin', 'viewer', 'editor'] as const) {
      const data = (await ok(listAudit, { query: { resource: 'user', per_page: 5 } }, auth[role])).data as AuditEntry[];
      const [exported, changed] = data;
      expect(exported!.after, role).toEqual({ query: whole(role) ? EMAIL : '•••' });
      expect([changed!.before, changed!.after], role).toEqual(
        whole(role)
          ? [{ phone: PHONE }, { phone: '+971 55 765 4321' }]
          : [{ phone: MASKED.phone }, { phone: '+971 •• ••• 4321' }],
      );
    }
    await s.db.query('update users set phone = $1 where id = $2', [PHONE, vera]);
  });
});

describe("contact messages' and feedback's senders", () => {
  it("are masked for a role without people.read, a reply's address too, whole for an admin", async () => {
    const id = await insertContact(s.db, { email: EMAIL, phone: PHONE, name: 'Vera App' });
    // An editor answers contact messages: the reply goes to the address, which they read masked.
    const replied = await ok(replyToContact, { params: { id }, body: { text: 'We are on it.' } }, auth.editor);
    expect(replied.data).toMatchObject({ email: MASKED.email, phone: MASKED.phone });
    expect(replied.data.replies[0].sent_to).toBe(MASKED.email);
    expect(s.outbox().at(-1)!.to).toBe(EMAIL);
    for (const role of ROLES) {
      const page = await ok(contactResource.ops.list, { query: { per_page: 50 } }, auth[role]);
      const m = page.data.find((x: { id: number }) => x.id === id);
      expect(m, role).toMatchObject(expected(role));
      expect(m.replies[0].sent_to, role).toBe(whole(role) ? EMAIL : MASKED.email);
    }
    const { offer } = await insertSubjects(s.db);
    const fb = await insertFeedback(s.db, { user_id: vera, offer_id: offer });
    for (const role of ROLES) {
      const got = await ok(feedbackResource.ops.show!, { params: { id: fb } }, auth[role]);
      expect(got.data.user_email, role).toBe(whole(role) ? EMAIL : MASKED.email);
    }
  });
});
