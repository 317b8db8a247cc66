// The browser's registry (src/app/screens.ts) and the contract's (contract/resources.ts) agree:
// forgetting a line in either fails here.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resources } from '@contract/resources';
import { sortOptions } from '@/store/filters';
import { screens } from './screens';
import { protectedRoutes } from './screenRoutes';
import { matchPath } from '@/store/router';
import { listOfTable, navigationCommands } from '@/commands/navigation';
import { RESOURCE_WORDS } from '@contract/resourceWords';

const views = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'features');
const entryFiles = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((d) =>
      d.isDirectory() ? entryFiles(path.join(dir, d.name)) : d.name === 'entry.ts' ? [path.join(dir, d.name)] : [],
    );

describe('the screens registry', () => {
  it('lists every screen folder that has an entry', async () => {
    const listed = new Set(screens);
    for (const file of entryFiles(views)) {
      const { entry } = await import(file);
      expect(listed.has(entry), `${path.relative(views, file)} is not in src/app/screens.ts`).toBe(true);
    }
  });

  it('has a screen for every resource of the contract', () => {
    for (const r of resources)
      expect(
        screens.filter((s) => s.resource === r.name).map((s) => s.resource),
        `no screen lists ${r.name}`,
      ).toEqual([r.name]);
  });

  it('gives every screen its own id and its own Go to keys, if it has any', () => {
    expect(new Set(screens.map((s) => s.id)).size).toBe(screens.length);
    const keys = screens.flatMap((s) => (s.nav?.shortcut ? [s.nav.shortcut] : []));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('gives every screen a place in the sidebar, but those that show one record (they need its id)', () => {
    for (const s of screens.filter((x) => !x.nav))
      for (const p of s.paths) expect(p, `${s.id} has no "Go to …"`).toMatch(/\/:\w+/);
  });

  it('gives a screen without keys of its own a "Go to …" command all the same', () => {
    const [cmd] = navigationCommands([{ id: 'brands', title: 'Merchant brands', nav: { path: '/brand-list' } }]);
    expect({ id: cmd.id, title: cmd.title, shortcut: cmd.shortcut }).toEqual({
      id: 'nav.brands',
      title: 'Go to Merchant brands',
      shortcut: undefined,
    });
  });

  it('links every count of the dashboard to the screen that lists it', () => {
    navigationCommands(screens);
    for (const r of resources.filter((x) => x.dashboard)) {
      const screen = listOfTable(r.storage.table);
      expect(screen?.nav?.path, `the dashboard's count of ${r.storage.table} has no screen`).toBeDefined();
      expect(screens.find((s) => s.id === screen!.id)?.resource, r.name).toBe(r.name);
    }
  });

  it("titles a resource's screen with the contract's plural label", () => {
    for (const s of screens.filter((x) => x.resource))
      expect(s.title, s.id).toBe(RESOURCE_WORDS[s.resource as keyof typeof RESOURCE_WORDS].many);
  });

  it('gives every screen of a contract resource its four list URLs', () => {
    for (const s of screens.filter((x) => x.resource)) expect(s.routes, s.id).toBeDefined();
  });

  it('routes every path to its own route: none is taken by a pattern before it ("/category-list/new" by "/category-list/:id")', () => {
    const paths = protectedRoutes.map((r) => r.path);
    paths.forEach((path, i) => {
      const sample = path.replace(/:\w+/g, '12');
      const before = paths.slice(0, i).find((p) => matchPath(p, sample));
      expect(before, `${path} is taken by ${before}`).toBeUndefined();
    });
  });

  it('loads each screen page and its commands', async () => {
    for (const s of screens) {
      expect(typeof (await s.page()).default, s.id).toBe('function');
      if (s.commands) expect((await s.commands()).length, s.id).toBeGreaterThan(0);
    }
  });
});

describe('sorting', () => {
  it('offers every sortable key of the contract up and down, and nothing else, on every list', () => {
    for (const r of resources) {
      const values = sortOptions(r.sortable ?? [])
        .map((o) => o.value)
        .sort();
      expect(values, r.name).toEqual((r.sortable ?? []).flatMap((k) => [k, `-${k}`]).sort());
    }
  });

  it('lets banks be sorted by name, code and date (the server does)', () => {
    expect(resources.find((r) => r.name === 'bank')?.sortable).toEqual(['name', 'code', 'created_at']);
  });
});
