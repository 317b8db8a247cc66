// The real command set under each staff role (contract/roles.ts): what the registry lists for a
// viewer writes nothing, for an editor nothing of staff accounts, settings or crawl review; the
// manifest's words ask for the permission their commands write with; the routes ask the same.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, readsOnly, type Permission } from '@contract/roles';
import { manifest } from '@/commands/actions';
import { allActions, allCommands, getCommand } from '@/commands/registry';
import type { Command } from '@/commands/types';
import { needsAt } from '@/screens/screenEntry';
import { session } from '@/store/session';
import { installCommands, installLaterCommands } from './installCommands';
import { screens } from './screens';

/** The palette's manifest, as the app installs it. */
const MANIFEST = manifest(screens);

/** The permission a command writes with, if it writes. */
const writes = (c: Pick<Command, 'needs'>): string | undefined =>
  c.needs?.permission ?? (c.needs?.op && !readsOnly(c.needs.op) ? (c.needs.op.permission ?? 'admin only') : undefined);

/**
 * Commands that change what the server holds, by their names: a safety net for a hand-written
 * command that writes and forgot its `needs` (saved views, the profile, the theme, the app's own
 * undo of one's own change, and local editing of a text are not writes of the catalogue).
 */
const LOOKS_LIKE_A_WRITE =
  /\.(new|edit|delete|deleteSelected|create|update|save|saveFields|bulkSet|restore|upload|reply|sendReply|markHandled|markOpen|toggleDisplay|markDiscontinued|markNotDiscontinued|assign\w*|onboard\w*|rollback\w*|verify\w*|removeFromCard|move\w*|reorder\w*|addSelectedOffer|skip|discontinue|notDiscontinued|importFile\w*|cancel)\b/;
const NOT_WRITES =
  /^(app|views|profile|list|nav|record)\.|^cms\.(format|link|edit|toggleSource|reload)|^csv\.cancelUpload$/;

const as = (role: string | null) => {
  session.userDetails = role
    ? ({ id: 1, name: 'T', email: 't@e.ae', phone: null, avatar: null, role, status: 'active' } as never)
    : null;
};

beforeAll(async () => {
  await installCommands();
  await installLaterCommands();
});
afterAll(() => as(null));

describe('the registry under each role', () => {
  it('lists a viewer no command that writes', () => {
    as('viewer');
    const listed = allCommands();
    expect(listed.length).toBeGreaterThan(50);
    expect(listed.filter((c) => writes(c)).map((c) => c.id)).toEqual([]);
    expect(listed.filter((c) => LOOKS_LIKE_A_WRITE.test(c.id) && !NOT_WRITES.test(c.id)).map((c) => c.id)).toEqual([]);
    expect(allActions().filter((a) => a.permission)).toEqual([]);
    expect(getCommand('nav.settings')).toBeUndefined();
    expect(getCommand('nav.importCsv')).toBeUndefined();
    expect(getCommand('offer.find')).toBeDefined();
  });

  it('lists an editor the catalogue, but nothing of staff accounts, settings or crawl review', () => {
    as('editor');
    const needs = new Set(allCommands().map(writes));
    for (const p of ['user.write', 'settings.write', 'crawl.review', 'admin only']) expect(needs, p).not.toContain(p);
    for (const id of ['offer.new', 'offer.delete', 'csv.import', 'homepage.new', 'notification.new'])
      expect(getCommand(id), id).toBeDefined();
    for (const id of ['user.new', 'user.edit', 'user.delete', 'settings.save', 'crawl.assignRef'])
      expect(getCommand(id), id).toBeUndefined();
  });

  it('lists a reviewer the crawl review, and an admin everything', () => {
    as('reviewer');
    expect(getCommand('crawl.triage.skip')).toBeDefined();
    expect(getCommand('offer.new')).toBeUndefined();
    as('admin');
    expect(getCommand('user.delete')).toBeDefined();
    expect(getCommand('nav.settings')).toBeDefined();
  });
});

describe('what the words and the routes ask', () => {
  it("every write names a permission the contract knows, or is admins' alone (the audit revert)", () => {
    as(null);
    const adminsAlone: string[] = [];
    for (const c of allCommands()) {
      const p = writes(c);
      if (p === 'admin only') adminsAlone.push(c.id);
      else if (p) expect(Object.keys(PERMISSIONS), c.id).toContain(p);
    }
    expect(adminsAlone).toEqual(['audit.revert']);
  });

  it('each action of the manifest needs what its command writes with', () => {
    as(null);
    for (const a of MANIFEST) expect(a.permission, a.id).toBe(writes(getCommand(a.command ?? a.id)!));
  });

  it('a list screen’s forms need its write permission, its list and records none', () => {
    const offers = screens.find((s) => s.id === 'offers')!;
    const users = screens.find((s) => s.id === 'users')!;
    expect(needsAt(offers, '/add-offer')).toEqual({ permission: 'offer.write' });
    expect(needsAt(offers, '/edit-offer/3')).toEqual({ permission: 'offer.write' });
    expect(needsAt(offers, '/view-offer/3')).toBeUndefined();
    expect(needsAt(offers, '/offer-list')).toBeUndefined();
    expect(needsAt(users, '/user-list', '?new=1')).toEqual({ permission: 'user.write' satisfies Permission });
    expect(needsAt(users, '/user-list', '?query=ali')).toBeUndefined();
    expect(
      needsAt(
        screens.find((s) => s.id === 'settings')!,
        '/settings',
      ),
    ).toEqual({ permission: 'settings.write' });
  });
});
