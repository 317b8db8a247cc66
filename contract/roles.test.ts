import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { operations } from './operations';
import { PERMISSIONS, ROLES, STAFF_ROLES, holds, isStaff, mayRun, readsOnly, refusalFor, seesPeople } from './roles';
import { resources } from './resources';
import { rolesDoc } from './rolesDoc';

const here = path.dirname(fileURLToPath(import.meta.url));
const adminCalls = operations.filter((op) => op.access === 'admin');
const writes = adminCalls.filter((op) => !readsOnly(op));
// Every staff role keeps saved views of its own (as any account its own profile), says
// which records it has open (contract/presence.ts), and exports lists of people, masked as it
// reads them (contract/export.ts: the export's audit entry is its write).
const ownViews = writes.filter((op) => op.permission === 'savedView.own');
const presence = writes.filter((op) => op.permission === 'presence.announce');
const exports = writes.filter((op) => op.permission === 'people.export');
const othersWrites = writes.filter((op) => ![...ownViews, ...presence, ...exports].includes(op));

describe('contract/roles.ts', () => {
  it('knows every permission an operation names', () => {
    for (const op of operations.filter((o) => o.permission))
      expect(Object.keys(PERMISSIONS), op.id).toContain(op.permission);
  });

  it('lets an admin run every operation', () => {
    for (const op of operations) expect(mayRun('admin', op), op.id).toBe(true);
  });

  it('lets every staff role read every admin call', () => {
    for (const op of adminCalls.filter(readsOnly))
      for (const role of ['editor', 'reviewer', 'viewer']) expect(mayRun(role, op), `${role} ${op.id}`).toBe(true);
  });

  it('lets a viewer write nothing under /admin/v1 but their own saved views, presence and exports', () => {
    expect(othersWrites.length).toBeGreaterThan(50);
    expect(othersWrites.filter((op) => mayRun('viewer', op)).map((op) => op.id)).toEqual([]);
    expect(ownViews.length).toBeGreaterThan(0);
    for (const role of ['admin', 'editor', 'reviewer', 'viewer'])
      for (const op of ownViews) expect(mayRun(role, op), `${role} ${op.id}`).toBe(true);
  });

  it('lets every staff role export the lists of people, each resource that declares people’s data', () => {
    expect(exports.map((op) => op.id).sort()).toEqual(['contact.export', 'feedback.export', 'user.export']);
    for (const op of exports) {
      expect(op.personal, op.id).toBeDefined();
      for (const role of STAFF_ROLES) expect(mayRun(role, op), `${role} ${op.id}`).toBe(true);
      expect(mayRun('user', op)).toBe(false);
    }
  });

  it("lets admins alone see people's e-mail addresses and phone numbers whole (no call names people.read)", () => {
    expect(STAFF_ROLES.filter(seesPeople)).toEqual(['admin']);
    expect(seesPeople('user')).toBe(false);
    expect(seesPeople(null)).toBe(false);
    expect(operations.filter((op) => op.permission === 'people.read')).toEqual([]);
  });

  it('lets every staff role say which records it has open (contract/presence.ts)', () => {
    expect(presence.map((op) => op.id)).toEqual(['presence.announce']);
    for (const role of ['admin', 'editor', 'reviewer', 'viewer']) expect(mayRun(role, presence[0]!), role).toBe(true);
  });

  it("lets a reviewer write exactly the crawl review and the health queues' fixes", () => {
    const review = writes.filter((op) => op.permission === 'crawl.review');
    expect(review.length).toBeGreaterThan(10);
    // Reviewers watch what comes in; the health queues (contract/health.ts) are theirs to work too.
    const health = writes.filter((op) => op.permission === 'health.fix');
    expect(health.map((op) => op.id)).toEqual(['health.fix', 'health.undo']);
    expect(othersWrites.filter((op) => mayRun('reviewer', op))).toEqual(
      writes.filter((op) => op.permission === 'crawl.review' || op.permission === 'health.fix'),
    );
  });

  it('keeps an editor from accounts, settings and the crawl review, and lets one change the catalogue', () => {
    for (const op of writes) {
      // A write naming no permission (the audit log's revert) is admins' alone.
      const held = !!op.permission && !['user.write', 'settings.write', 'crawl.review'].includes(op.permission);
      expect(mayRun('editor', op), op.id).toBe(held);
    }
    expect(writes.filter((op) => op.permission === 'catalogue.import').length).toBeGreaterThan(0);
  });

  it("gives the catalogue's roles every catalogue entity's writes, read from its definition", () => {
    const catalogue = resources.filter((r) => r.catalogue);
    // At least these; a new catalogue entity joins them with no edit here.
    expect(catalogue.map((r) => r.name)).toEqual(
      expect.arrayContaining(['bank', 'card', 'category', 'network', 'offer', 'outlet', 'outletRadius']),
    );
    for (const r of catalogue) {
      const permission = r.permission ?? `${r.name}.write`;
      expect(Object.keys(PERMISSIONS), r.name).toContain(permission);
      expect(
        STAFF_ROLES.filter((role) => holds(role, permission)),
        r.name,
      ).toEqual(['admin', 'editor']);
      for (const op of writes.filter((o) => o.resource === r.name && o.permission === permission))
        expect(
          STAFF_ROLES.filter((role) => mayRun(role, op)),
          op.id,
        ).toEqual(['admin', 'editor']);
    }
    // The names stay what the roles' tests and e2e/roles.spec.ts know; a refusal says what differs.
    expect(PERMISSIONS['network.write']).toBe('change card networks');
    expect(PERMISSIONS['category.write']).toBe('change categories');
  });

  it('gives an app user the public calls and its own, no admin call', () => {
    for (const op of operations) expect(mayRun('user', op), op.id).toBe(op.access !== 'admin');
    expect(isStaff('user')).toBe(false);
    for (const role of ROLES.filter((r) => r !== 'user')) expect(isStaff(role)).toBe(true);
  });

  it('says in its refusal what the role may not do', () => {
    const op = writes.find((o) => o.permission === 'offer.write')!;
    expect(refusalFor('viewer', op)).toBe('A viewer may not change offers.');
    expect(
      refusalFor(
        'editor',
        writes.find((o) => o.permission === 'user.write')!,
      ),
    ).toBe('An editor may not change staff accounts and app users.');
    expect(refusalFor('user', op)).toBe('Only staff can do this: this account belongs to the Cards app.');
  });
});

describe('contract/roles.md', () => {
  it('is what the operations and roles say (run `npm run api:doc` after changing one)', () => {
    expect(fs.readFileSync(path.join(here, 'roles.md'), 'utf8')).toBe(rolesDoc(operations));
  });

  it('has a row for every call, with a mark per role', () => {
    const doc = rolesDoc(operations);
    for (const op of operations) {
      const row = doc.split('\n').find((l) => l.startsWith(`| ${op.method} ${op.path} (${op.id}) |`));
      expect(row, op.id).toBeDefined();
      expect(
        row!
          .split('|')
          .slice(3, -1)
          .map((c) => c.trim()),
      ).toEqual(ROLES.map((r) => (mayRun(r, op) ? '✓' : '—')));
    }
  });
});
