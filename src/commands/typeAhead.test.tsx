// @vitest-environment jsdom
// Keys typed ahead are kept (./typeAhead.ts): the rule alone, then the palette in jsdom with a
// search that answers late: Enter typed before the answer runs its first row once it comes, within
// TYPE_AHEAD_MS, on a command's page (a record picker, a view's name) and on the root page
// (records), and only while nothing else happens (another key, a command run, the palette closed).
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchHit } from '@contract/search';
import { closePalette, openPalette, ui } from '@/store/ui';
import { Palette } from './Palette';
import { register } from './registry';
import { runCommand } from './runner';
import { TYPE_AHEAD_MS, TypeAhead } from './typeAhead';
import type { Command, PickItem } from './types';

const ran = vi.hoisted(() => [] as { id: string; arg: unknown }[]);
/** Told of every run, as ./runner.ts tells them. */
const onRun = vi.hoisted(() => new Set<() => void>());
vi.mock('./runner', () => ({
  runCommand: (id: string, _via: string, arg: unknown) => {
    for (const told of onRun) told();
    ran.push({ id, arg });
  },
  onCommandRun: (told: () => void) => {
    onRun.add(told);
    return () => void onRun.delete(told);
  },
}));
/** How long the record search takes to answer (the server's 200–240 ms, here set per test). */
const answerAfter = vi.hoisted(() => ({ ms: 220 }));
vi.mock('../api/search', () => ({
  isSearchType: () => true,
  SEARCH_MAX_LIMIT: 20,
  searchRecords: (text: string) =>
    new Promise<SearchHit[]>((done) =>
      setTimeout(
        () => done([{ type: 'card', id: 7, title: `${text[0].toUpperCase()}${text.slice(1)} Card`, subtitle: '' }]),
        answerAfter.ms,
      ),
    ),
}));

describe('the rule', () => {
  let now = 0;
  /** The runs an answer scheduled, each run by hand (`flush`) as the next task would. */
  let queued: (() => void)[] = [];
  const flush = () => queued.splice(0).forEach((run) => run());
  const ahead = () =>
    new TypeAhead(
      () => now,
      (run) => {
        queued.push(run);
        return () => void (queued = queued.filter((r) => r !== run));
      },
    );
  let runs = 0;
  const run = () => void runs++;
  beforeEach(() => {
    queued = [];
    runs = 0;
  });

  it('keeps an Enter while the answer is on its way, and runs it when the answer for that text comes', () => {
    const a = ahead();
    a.waiting = true;
    expect(a.enter('titanium', false)).toBe(true);
    expect(a.answered('titanium', run)).toBe(false); // still waiting: an older text's answer
    a.waiting = false;
    expect(a.answered('titanium', run)).toBe(true);
    expect(a.answered('titanium', run)).toBe(false); // once
    flush();
    expect(runs).toBe(1);
  });

  it('runs what shows when nothing is on its way, or when a command is already first', () => {
    const a = ahead();
    expect(a.enter('new offer', false)).toBe(false);
    a.waiting = true;
    expect(a.enter('new offer', true)).toBe(false);
    a.waiting = false;
    expect(a.answered('new offer', run)).toBe(false);
  });

  it('drops it past the bound, or when more was typed', () => {
    const a = ahead();
    a.waiting = true;
    a.enter('titanium', false);
    now += TYPE_AHEAD_MS + 1;
    a.waiting = false;
    expect(a.answered('titanium', run)).toBe(false);
    a.waiting = true;
    a.enter('titan', false);
    a.waiting = false;
    expect(a.answered('titanium', run)).toBe(false);
    flush();
    expect(runs).toBe(0);
  });

  it('one Enter runs once: dropped between the answer and its run (a key, a command, the palette closed), it never runs', () => {
    const a = ahead();
    a.waiting = true;
    a.enter('titanium', false);
    a.waiting = false;
    expect(a.answered('titanium', run)).toBe(true);
    a.drop();
    flush();
    expect(runs).toBe(0);
  });

  it('a second Enter stands for itself: the first, kept or about to run, is gone', () => {
    const a = ahead();
    a.waiting = true;
    a.enter('titanium', false);
    a.waiting = false;
    a.answered('titanium', run);
    expect(a.enter('titanium', false)).toBe(false); // the rows shown: cmdk runs the highlighted one
    flush();
    expect(runs).toBe(0);
  });
});

// jsdom lays nothing out.
beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  Element.prototype.scrollIntoView ??= () => undefined;
  globalThis.CSS ??= { escape: (s: string) => s.replace(/["\\]/g, '\\$&') } as unknown as typeof CSS;
});

/** A command with a page whose answers come `ms` after the debounce. */
const slowPick = (id: string, ms: number): Command => ({
  id,
  title: `Pick ${id}…`,
  group: 'Test',
  scope: 'global',
  run: () => undefined,
  pick: {
    placeholder: 'Which?',
    load: (search: string) =>
      new Promise<PickItem[]>((done) =>
        setTimeout(() => done(search ? [{ key: 's', label: `Save as “${search}”`, value: search }] : []), ms),
      ),
  },
});

let unregister: () => void = () => undefined;
beforeEach(() => {
  ran.length = 0;
  unregister = register(
    slowPick('test.slow', 60),
    slowPick('test.slower', 400),
    // Later than a second, within the bound: a busy server's answer.
    slowPick('test.busy', 1500),
    slowPick('test.tooSlow', TYPE_AHEAD_MS + 200),
  );
});
afterEach(() => {
  cleanup();
  unregister();
  Object.assign(ui, { paletteOpen: false, palettePage: null });
});

/** Types `text` into the palette's input and presses Enter at once, as fast typing does. */
function typeAndEnter(text: string) {
  const input = document.querySelector<HTMLInputElement>('[cmdk-input]')!;
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter' });
}
const wait = (ms: number) => act(() => new Promise((done) => setTimeout(done, ms)));

describe('in the palette', () => {
  it('on a command’s page, an Enter typed before the answer runs its first row when it comes', async () => {
    Object.assign(ui, { paletteOpen: true, palettePage: 'test.slow' });
    render(<Palette />);
    await wait(0);
    typeAndEnter('Weekly');
    expect(ran).toEqual([]);
    await wait(400);
    expect(ran).toEqual([{ id: 'test.slow', arg: 'Weekly' }]);
  });

  it('runs nothing when the answer comes more than TYPE_AHEAD_MS after the Enter', async () => {
    Object.assign(ui, { paletteOpen: true, palettePage: 'test.tooSlow' });
    render(<Palette />);
    await wait(0);
    typeAndEnter('Weekly');
    await wait(TYPE_AHEAD_MS + 600);
    expect(ran).toEqual([]);
    expect(ui.paletteOpen).toBe(true);
  });

  it('a busy server’s answer, a second and a half after the Enter, still gets it', async () => {
    Object.assign(ui, { paletteOpen: true, palettePage: 'test.busy' });
    render(<Palette />);
    await wait(0);
    typeAndEnter('Weekly');
    await wait(1000);
    expect(ran).toEqual([]);
    await wait(1000);
    expect(ran).toEqual([{ id: 'test.busy', arg: 'Weekly' }]);
  });

  it('on the root page, a record’s name and Enter open the record once the search answers', async () => {
    answerAfter.ms = 220;
    Object.assign(ui, { paletteOpen: true, palettePage: null });
    render(<Palette />);
    await wait(0);
    typeAndEnter('titanium');
    expect(ran).toEqual([]);
    await wait(600);
    expect(ran).toEqual([{ id: 'record.open', arg: { type: 'card', id: 7, title: 'Titanium Card', subtitle: '' } }]);
  });
});

// The Enter kept is the person's Enter for the rows they saw coming, and only while nothing else
// happened: anything they do meanwhile, or a command run, drops it, and one Enter runs once.
describe('an Enter kept is dropped', () => {
  it('by any other key pressed meanwhile (an arrow moves off the first row)', async () => {
    Object.assign(ui, { paletteOpen: true, palettePage: null });
    render(<Palette />);
    await wait(0);
    typeAndEnter('titanium');
    fireEvent.keyDown(document.querySelector('[cmdk-input]')!, { key: 'ArrowDown' });
    await wait(600);
    expect(ran).toEqual([]);
    expect(ui.paletteOpen).toBe(true);
  });

  it('by a command run meanwhile (a toast’s button): that one runs, the Enter does not', async () => {
    Object.assign(ui, { paletteOpen: true, palettePage: 'test.slower' });
    render(<Palette />);
    await wait(0);
    typeAndEnter('Weekly');
    act(() => void runCommand('app.undo', 'button'));
    await wait(800);
    expect(ran).toEqual([{ id: 'app.undo', arg: undefined }]);
  });

  it('as the palette closes, though it opens again on the same page before the answer', async () => {
    Object.assign(ui, { paletteOpen: true, palettePage: 'test.slower' });
    render(<Palette />);
    await wait(0);
    typeAndEnter('Weekly');
    act(() => {
      closePalette();
      openPalette('test.slower');
    });
    await wait(800);
    expect(ran).toEqual([]);
  });
});
