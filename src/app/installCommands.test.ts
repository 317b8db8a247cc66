// The real command set of the app, as the signed-in shell registers it (its own, then every screen's).
import { beforeAll, describe, expect, it } from 'vitest';
import { installCommands, installLaterCommands } from './installCommands';
import { screens } from './screens';
import { allCommands, findShortcutConflicts, scopesOverlap, scopeTitle } from '@/commands/registry';
import { parseShortcut, toBinding } from '@/ui/kbd';
import type { Command } from '@/commands/types';

let real: Command[] = [];
beforeAll(async () => {
  await installCommands();
  await installLaterCommands();
  real = allCommands();
});

describe('the registered commands', () => {
  it('are all there (navigation, list cursor, banks)', () => {
    const ids = real.map((c) => c.id);
    for (const id of [
      'nav.dashboard',
      'nav.banks',
      'nav.profile',
      'app.palette',
      'app.shortcuts',
      'app.theme',
      'app.signOut',
      'list.next',
      'list.close',
      'bank.find',
      'bank.new',
      'bank.edit',
      'bank.delete',
      'bank.save',
    ]) {
      expect(ids).toContain(id);
    }
  });

  it('include the catalogue screens, the selection keys and the card exceptions', () => {
    const ids = real.map((c) => c.id);
    for (const name of ['user', 'category', 'network', 'outletRadius', 'card']) {
      for (const action of ['find', 'new', 'edit', 'delete', 'deleteSelected', 'export', 'save'])
        expect(ids).toContain(`${name}.${action}`);
    }
    for (const id of [
      'nav.cards',
      'nav.users',
      'nav.categories',
      'nav.networks',
      'nav.outletRadius',
      'nav.cities',
      'list.toggleSelect',
      'list.extendSelect',
      'list.selectAll',
      'list.clearSelection',
      'list.clearFilters',
      'city.export',
      'card.toggleDisplay',
      'card.markDiscontinued',
      'card.markNotDiscontinued',
    ]) {
      expect(ids).toContain(id);
    }
    // Dubai areas are read-only: no find (no show call), new, edit or delete.
    for (const action of ['find', 'new', 'edit', 'delete', 'deleteSelected'])
      expect(ids).not.toContain(`city.${action}`);
  });

  it('have no two commands sharing a shortcut in scopes that can be active together', () => {
    expect(findShortcutConflicts(real)).toEqual([]);
  });

  it('have unique ids and unique titles among those that can show together', () => {
    expect(new Set(real.map((c) => c.id)).size).toBe(real.length);
    for (const a of real) {
      for (const b of real) {
        if (a !== b && a.title === b.title) expect(scopesOverlap(a.scope, b.scope)).toBe(false);
      }
    }
  });

  it('have shortcuts that parse and bind', () => {
    for (const c of real.filter((c) => c.shortcut)) {
      for (const seq of parseShortcut(c.shortcut!)) expect(() => toBinding(seq)).not.toThrow();
    }
  });

  it('head their cheat-sheet sections in words: the screen titles', () => {
    const headings = new Set(real.filter((c) => c.shortcut).map((c) => scopeTitle(c.scope)));
    expect(headings).toContain('On Outlet radius');
    expect(headings).toContain('On Import CSV');
    const views = new Set(screens.map((s) => `view:${s.id}`));
    for (const c of real.filter((c) => c.shortcut && c.scope.startsWith('view:')))
      expect(views, `${c.id}: ${c.scope}`).toContain(c.scope);
    // No heading spells an id: no capital letter after the first word's.
    for (const h of headings) expect(h, h).not.toMatch(/^On \S+[a-z][A-Z]/);
  });
});
