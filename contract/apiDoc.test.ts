import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { revertAudit } from './audit';
import { apiDoc } from './apiDoc';
import { operations } from './operations';
import { announcePresence } from './presence';
import { resources } from './resources';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('contract/api.md', () => {
  it('is what the operations say (run `npm run api:doc` after changing one)', () => {
    expect(fs.readFileSync(path.join(here, 'api.md'), 'utf8')).toBe(apiDoc(operations, resources));
  });

  it('lists every call', () => {
    const doc = apiDoc(operations, resources);
    for (const op of operations) expect(doc).toContain(`| ${op.method} ${op.path}<br>`);
  });
});

describe('the operations', () => {
  it('have unique ids and unique method + path', () => {
    expect(new Set(operations.map((o) => o.id)).size).toBe(operations.length);
    expect(new Set(operations.map((o) => `${o.method} ${o.path}`)).size).toBe(operations.length);
  });

  it('say what they touch when they write, and every admin write names a permission', () => {
    // Reverting an audit entry may undo any write: no role's permission covers it (contract/audit.ts).
    const ADMINS_ALONE = [revertAudit.id];
    // A list sent as POST (its filters in a body) reads; it answers a page ({ data, pagination }).
    const isList = (o: (typeof operations)[number]) =>
      o.id.endsWith('.list') || 'pagination' in ((o.response as { properties?: object }).properties ?? {});
    for (const op of operations.filter(
      (o) => o.method !== 'GET' && o.access === 'admin' && !isList(o) && !o.readOnly,
    )) {
      // Saying which record one has open changes none (contract/presence.ts), nor does an export
      // (its write is its audit entry, contract/export.ts): no store to refresh.
      if (op.id === announcePresence.id || op.permission === 'people.export')
        expect(op.touches ?? [], op.id).toEqual([]);
      else expect(op.touches?.length, op.id).toBeGreaterThan(0);
      // A write naming no permission is admins' alone (contract/roles.ts mayRun): only on purpose.
      if (ADMINS_ALONE.includes(op.id)) expect(op.permission, op.id).toBeUndefined();
      else expect(op.permission, op.id).toMatch(/^[a-z][A-Za-z]*\.[a-z]+$/);
    }
    // A call marked readOnly (a question too big for a URL) runs as a read: it touches nothing.
    for (const op of operations.filter((o) => o.readOnly)) expect(op.touches ?? [], op.id).toEqual([]);
  });

  it('live under /api/v1 (sign-in and the profile) or /admin/v1 (everything an admin does)', () => {
    for (const op of operations)
      expect(op.path, op.id).toMatch(op.access === 'admin' ? /^\/admin\/v1\// : /^\/api\/v1\//);
  });
});
