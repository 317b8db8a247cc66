// The palette's promise over the real command set: every phrase of src/commands/phrases.ts finds
// its command first from the dashboard (the browser test, e2e/palette.spec.ts, asks for the first
// three), whether the screens' commands are downloaded yet (the manifest's words stand in) or
// not; and the manifest says what the commands say (src/commands/actions.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { manifest } from '@/commands/actions';
import { currentCtx } from '@/commands/ctx';
import { PHRASES } from '@/commands/phrases';
import { paletteRows, ranked } from '@/commands/rank';
import { allCommands, getCommand } from '@/commands/registry';
import { installCommands, installLaterCommands } from './installCommands';
import { screens } from './screens';
import { type HomepageTab } from '@/features/homepage/homepageTypes';
import { homepage } from '@/features/homepage/model';
import { ui } from '@/store/ui';

/** The palette's manifest, as the app installs it. */
const MANIFEST = manifest(screens);

/** The first three rows' ids for `phrase`, from the dashboard. */
const firstThree = (phrase: string) =>
  ranked(phrase, paletteRows(currentCtx()))
    .slice(0, 3)
    .map((r) => r.cmd.id);

let beforeDownload: Record<string, string[]> = {};

beforeAll(async () => {
  Object.assign(ui, { view: 'dashboard', list: null });
  await installCommands();
  // The shell's first download: its own commands and the manifest, no screen's commands yet.
  const goTo = screens.flatMap((s) => (s.nav ? [`go to ${s.title}`] : []));
  beforeDownload = Object.fromEntries([...PHRASES.map(([phrase]) => phrase), ...goTo].map((p) => [p, firstThree(p)]));
  await installLaterCommands();
});

describe('the phrase table, from the dashboard', () => {
  it.each(PHRASES)('“%s” finds %s first before the screens’ commands are downloaded', (phrase, id) => {
    expect(beforeDownload[phrase][0], beforeDownload[phrase].join(', ')).toBe(id);
  });

  it.each(PHRASES)('“%s” finds %s first once every command is registered', (phrase, id) => {
    const found = firstThree(phrase);
    expect(found[0], found.join(', ')).toBe(id);
  });

  it('names only commands the palette lists from the dashboard', () => {
    const listed = new Set(paletteRows(currentCtx()).map((r) => r.cmd.id));
    for (const [, id] of PHRASES) expect(listed, id).toContain(id);
  });
});

describe('"Go to …"', () => {
  // Two dozen screens, 26 letters: a new screen may have no g-keys, and is found by name instead.
  it.each(screens.filter((s) => s.nav).map((s) => [s.title, s.id]))(
    '“go to %s” finds the screen first, before the screens’ commands are downloaded and after',
    (title, id) => {
      expect(beforeDownload[`go to ${title}`][0], title).toBe(`nav.${id}`);
      expect(firstThree(`go to ${title}`)[0], title).toBe(`nav.${id}`);
    },
  );
});

describe('the manifest', () => {
  it('names every command reachable from anywhere, and nothing else', () => {
    const named = new Set(MANIFEST.map((a) => a.command ?? a.id));
    const anywhere = allCommands().filter((c) => c.anywhere && c.palette !== false);
    for (const c of anywhere) expect(named, c.id).toContain(c.id);
    for (const id of named) {
      const c = getCommand(id);
      expect(c, id).toBeDefined();
      expect(c!.anywhere || c!.scope === 'global', `${id} runs from anywhere`).toBe(true);
    }
    expect(new Set(MANIFEST.map((a) => a.id)).size).toBe(MANIFEST.length);
  });

  it('says what each command says: title, aliases, group, keys, scope', () => {
    for (const a of MANIFEST) {
      const c = getCommand(a.command ?? a.id)!;
      if (a.arg) homepage.state.tab = a.arg as HomepageTab; // a title that names the tab shown
      expect(
        { title: c.title, aliases: c.aliases, group: c.group, shortcut: c.shortcut, global: c.scope === 'global' },
        a.id,
      ).toEqual({
        title: a.title,
        aliases: a.aliases,
        group: a.group,
        shortcut: a.shortcut,
        global: !!a.global,
      });
    }
    homepage.state.tab = 'hero-banners';
  });

  it('names the screen whose commands define each one', async () => {
    for (const a of MANIFEST) {
      const own = await screens.find((s) => s.id === a.screen)?.commands?.();
      expect(
        own?.map((c) => c.id),
        a.id,
      ).toContain(a.command ?? a.id);
    }
  });

  it('lists commands that run from the dashboard', () => {
    const ctx = currentCtx();
    for (const a of MANIFEST) {
      const c = getCommand(a.command ?? a.id)!;
      expect(c.enabled?.(ctx) ?? true, a.id).toBe(true);
    }
  });
});
