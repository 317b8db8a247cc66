// The vocabulary's promise over the real command set (src/commands/vocabulary.ts): every phrase
// of the held-out table (src/commands/heldOutPhrases.ts), written from the verbs and nouns people
// use, finds its command first where it is typed, before the screens' commands are downloaded
// (the manifest's words stand in, for those it lists) and once every command is registered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentCtx } from '@/commands/ctx';
import { HELD_OUT } from '@/commands/heldOutPhrases';
import { paletteRows, ranked } from '@/commands/rank';
import { installCommands, installLaterCommands } from './installCommands';
import { ui } from '@/store/ui';

/** The first three rows' ids for `phrase`, typed on `screen`. */
function firstThree(phrase: string, screen = 'dashboard') {
  Object.assign(ui, { view: screen, list: null });
  return ranked(phrase, paletteRows(currentCtx()))
    .slice(0, 3)
    .map((r) => r.cmd.id);
}

const fromDashboard = HELD_OUT.filter((p) => !p.screen);
let beforeDownload: Record<string, string[]> = {};

beforeAll(async () => {
  Object.assign(ui, { view: 'dashboard', list: null });
  await installCommands();
  beforeDownload = Object.fromEntries(fromDashboard.map((p) => [p.phrase, firstThree(p.phrase)]));
  await installLaterCommands();
});
afterAll(() => Object.assign(ui, { view: 'dashboard', list: null }));

describe('the held-out phrases', () => {
  it('are many, and of every verb', () => {
    expect(HELD_OUT.length).toBeGreaterThanOrEqual(60);
    expect(new Set(HELD_OUT.map((p) => p.phrase)).size).toBe(HELD_OUT.length);
  });

  it.each(fromDashboard.map((p) => [p.phrase, p.command]))(
    '“%s” finds %s first from the dashboard before the screens’ commands are downloaded',
    (phrase, id) => {
      expect(beforeDownload[phrase][0], beforeDownload[phrase].join(', ')).toBe(id);
    },
  );

  it.each(HELD_OUT.map((p) => [p.phrase, p.command, p.screen ?? 'dashboard']))(
    '“%s” finds %s first on %s once every command is registered',
    (phrase, id, screen) => {
      const found = firstThree(phrase, screen);
      expect(found[0], found.join(', ')).toBe(id);
    },
  );
});
