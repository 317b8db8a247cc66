import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

const toast = vi.hoisted(() => ({
  success: vi.fn(),
  error: vi.fn(),
  loading: vi.fn(() => 'loading-id'),
  message: vi.fn(),
  dismiss: vi.fn(),
}));
/** As ui/toast.tsx counts them: every toast shown or updated. */
const toastsSent = vi.hoisted(
  () => () => [toast.success, toast.error, toast.loading, toast.message].reduce((n, f) => n + f.mock.calls.length, 0),
);
vi.mock('../ui/toast', () => ({ toast, toastsSent }));

import { ApiError } from '../api/client';
import { register, unregister } from './registry';
import { CommandError, loadCoach, runCommand } from './runner';
import { HINT_AFTER_RUNS, HINT_MS, setCoachOn } from './coach';
import { session } from '../store/session';
import { answerConfirm, confirm } from '../ui/confirmStore';
import { recentCommands } from './frecency';
import { runs } from './usage';
import { ui } from '../store/ui';
import { dropRedo, dropUndo, offerUndo, takeRedo, takeUndo } from '../store/undo';
import type { Command } from './types';

const cmd = (over: Partial<Command> & Pick<Command, 'id'>): Command => ({
  title: over.id,
  group: 'Test',
  scope: 'global',
  run: () => undefined,
  ...over,
});

// The shell fetches the coach with the screens' commands (src/app/installCommands.ts).
beforeAll(() => loadCoach());

beforeEach(() => {
  vi.clearAllMocks();
  unregister(
    't.ok',
    't.any',
    't.fail',
    't.off',
    't.view',
    't.pick',
    't.silent',
    't.named',
    't.bulk',
    't.slow',
    't.offline',
    't.ask',
    't.count',
    't.undoable',
    't.other',
  );
  dropUndo();
  dropRedo();
  Object.assign(ui, { view: null, list: null, paletteOpen: false, palettePage: null });
});

describe('runCommand', () => {
  it('shows the server message of a resolved promise as a 2 s success toast', async () => {
    register(cmd({ id: 't.ok', run: async () => ({ message: 'Bank updated successfully!', data: {} }) }));
    await runCommand('t.ok', 'button');
    expect(toast.success).toHaveBeenCalledWith(
      'Bank updated successfully!',
      expect.objectContaining({ duration: 2000 }),
    );
  });

  it('shows nothing when the promise resolves to undefined (e.g. a cancelled confirm)', async () => {
    register(cmd({ id: 't.silent', run: async () => undefined }));
    await runCommand('t.silent', 'hotkey');
    expect(toast.success).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('shows the catalogue text of an ApiError as a 4 s error toast, and does not reject', async () => {
    register(cmd({ id: 't.fail', run: async () => Promise.reject(new ApiError(500, 'DELETE', null)) }));
    await expect(runCommand('t.fail', 'palette')).resolves.toBeUndefined();
    expect(toast.error).toHaveBeenCalledWith(
      'Unable to delete data. Please try again later.',
      expect.objectContaining({ duration: 4000 }),
    );
  });

  it("prefers the server's sentence, then the command's own failure text, over the generic one", async () => {
    register(
      cmd({
        id: 't.named',
        messages: { failure: 'Failed to update profile' },
        run: async () => Promise.reject(new ApiError(500, 'POST', {})),
      }),
    );
    await runCommand('t.named', 'button');
    expect(toast.error).toHaveBeenCalledWith('Failed to update profile', expect.anything());
  });

  it('shows the noResponse text when the server never answered, the failure text when it did', async () => {
    const messages = {
      failure: 'Unable to update data. Please try again later.',
      noResponse: 'Network error. Please try again.',
    };
    register(cmd({ id: 't.offline', messages, run: async () => Promise.reject(new ApiError(0, 'POST', null)) }));
    await runCommand('t.offline', 'button');
    expect(toast.error).toHaveBeenLastCalledWith('Network error. Please try again.', expect.anything());
    register(cmd({ id: 't.offline', messages, run: async () => Promise.reject(new ApiError(502, 'POST', null)) }));
    await runCommand('t.offline', 'button');
    expect(toast.error).toHaveBeenLastCalledWith('Unable to update data. Please try again later.', expect.anything());
  });

  it('does not run a disabled command or one outside the active scopes', () => {
    const run = vi.fn();
    register(cmd({ id: 't.off', enabled: () => false, run }), cmd({ id: 't.view', scope: 'view:banks', run }));
    void runCommand('t.off', 'hotkey');
    void runCommand('t.view', 'hotkey');
    expect(run).not.toHaveBeenCalled();
    ui.view = 'banks';
    void runCommand('t.view', 'hotkey');
    expect(run).toHaveBeenCalledOnce();
  });

  it('runs a command reachable from anywhere outside its scope, when it is enabled there', () => {
    const run = vi.fn();
    let on = true;
    register(cmd({ id: 't.any', scope: 'view:offers', anywhere: true, enabled: () => on, run }));
    ui.view = 'dashboard';
    void runCommand('t.any', 'palette');
    expect(run).toHaveBeenCalledOnce();
    on = false;
    void runCommand('t.any', 'palette');
    expect(run).toHaveBeenCalledOnce();
  });

  it('asks for a missing argument on the palette page of the command', () => {
    const run = vi.fn();
    register(cmd({ id: 't.pick', run, pick: { placeholder: 'Which?', load: async () => [] } }));
    void runCommand('t.pick', 'hotkey');
    expect(run).not.toHaveBeenCalled();
    expect(ui.paletteOpen).toBe(true);
    expect(ui.palettePage).toBe('t.pick');
    void runCommand('t.pick', 'palette', { id: 3 });
    expect(run).toHaveBeenCalledWith(expect.anything(), { id: 3 });
  });

  it("records every run of a listed command with its source and time, and the records opened; recents are the palette's", () => {
    const mem = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => mem.get(k) ?? null,
      setItem: (k: string, v: string) => mem.set(k, v),
      removeItem: (k: string) => mem.delete(k),
    });
    register(
      cmd({ id: 't.ok' }),
      cmd({ id: 't.silent' }),
      cmd({ id: 't.named' }),
      cmd({ id: 't.bulk', palette: false }),
    );
    void runCommand('t.silent', 'hotkey');
    void runCommand('t.ok', 'palette');
    void runCommand('t.named', 'palette');
    void runCommand('t.bulk', 'pointer');
    void runCommand('t.ok', 'button');
    void runCommand('t.ok', 'palette');
    const recorded = runs();
    expect(recorded.map((r) => `${r.id}:${r.source}`)).toEqual([
      't.silent:hotkey',
      't.ok:palette',
      't.named:palette',
      't.ok:button',
      't.ok:palette',
    ]);
    expect(recorded.every((r) => Math.abs(r.at - Date.now()) < 5000)).toBe(true);
    expect(recentCommands(recorded)).toEqual(['t.ok', 't.named']);
    // A record opened from the palette (a hidden command) is recorded with the record.
    register(cmd({ id: 'record.open', palette: false }));
    void runCommand('record.open', 'palette', { type: 'card', id: 12, title: 'Visa', subtitle: '' });
    expect(runs().at(-1)).toMatchObject({ id: 'record.open', source: 'palette', subject: 'card:12' });
    unregister('record.open');
    vi.unstubAllGlobals();
  });

  it('shows a failure once: the same command failing again replaces its toast, a success clears it', async () => {
    register(
      cmd({
        id: 't.fail',
        run: async () =>
          Promise.reject(
            new ApiError(422, 'POST', { message: 'Bank is required.', errors: { bank_id: ['Bank is required.'] } }),
          ),
      }),
    );
    await runCommand('t.fail', 'hotkey');
    await runCommand('t.fail', 'button');
    expect(toast.error).toHaveBeenCalledTimes(2);
    const [first, second] = toast.error.mock.calls.map((c) => (c as unknown as [string, { id: string }])[1].id);
    expect(first).toBeDefined();
    expect(second).toBe(first);
    register(cmd({ id: 't.fail', run: async () => ({ message: 'Card added successfully!' }) }));
    await runCommand('t.fail', 'button');
    expect(toast.dismiss).toHaveBeenCalledWith(first);
  });

  it('keeps a toast with a result (a count) or an action at least 6 s, a plain saved one 2 s', async () => {
    register(cmd({ id: 't.ok', run: async () => ({ message: 'Bank updated successfully!' }) }));
    register(cmd({ id: 't.count', run: async () => ({ message: 'Imported 3 offers.' }) }));
    register(
      cmd({
        id: 't.undoable',
        run: async () => ({ message: 'Updated 3 offers.', undo: async () => ({ message: 'Undone.' }) }),
      }),
    );
    await runCommand('t.ok', 'button');
    await runCommand('t.count', 'button');
    await runCommand('t.undoable', 'button');
    const durations = toast.success.mock.calls.map((c) => (c as unknown as [string, { duration: number }])[1].duration);
    expect(durations[0]).toBe(2000);
    expect(durations[1]).toBeGreaterThanOrEqual(6000);
    expect(durations[2]).toBeGreaterThanOrEqual(6000);
  });

  it('takes the Undo toast away once its change is undone, and when a newer change takes its place', async () => {
    register(
      cmd({
        id: 't.undoable',
        run: async () => ({ message: 'Updated 3 offers.', undo: async () => ({ message: 'Undone.' }) }),
      }),
    );
    await runCommand('t.undoable', 'button');
    const shown = (toast.success.mock.calls[0] as unknown as [string, { id: string }])[1].id;
    expect(shown).toBeDefined();
    await takeUndo()!();
    expect(toast.dismiss).toHaveBeenCalledWith(shown);

    vi.clearAllMocks();
    await runCommand('t.undoable', 'button');
    const older = (toast.success.mock.calls[0] as unknown as [string, { id: string }])[1].id;
    offerUndo(async () => undefined);
    expect(toast.dismiss).toHaveBeenCalledWith(older);
  });

  it("names every undo step in the undo's toast: the step's own sentence after 'Undid: ', or the undo's own 'Undid: …'", async () => {
    register(
      cmd({
        id: 't.undoable',
        run: async () => ({ message: 'Deleted offer “Gold dining”.', undo: async () => ({ message: 'Undone.' }) }),
      }),
      cmd({
        id: 't.other',
        run: async () => ({
          message: 'Updated 3 offers.',
          undo: async () => ({ message: 'Undid: 3 offers’ category.' }),
        }),
      }),
      cmd({ id: 't.count', run: async () => ({ message: 'CSV imported: 3 rows.', undo: async () => undefined }) }),
      cmd({
        id: 't.bulk',
        run: async () => ({
          message: 'Updated 60 offers.',
          undo: async () => ({ message: 'Undone: 60 offers as before.', data: { count: 60 } }),
        }),
      }),
    );
    await runCommand('t.undoable', 'button');
    expect(await takeUndo()!()).toMatchObject({ message: 'Undid: deleted offer “Gold dining”.' });
    await runCommand('t.other', 'button');
    expect(await takeUndo()!()).toMatchObject({ message: 'Undid: 3 offers’ category.' });
    // A capitalised word stays as it is.
    await runCommand('t.count', 'button');
    expect(await takeUndo()!()).toEqual({ message: 'Undid: CSV imported: 3 rows.' });
    // What the server's undo says stays, after the step's name.
    await runCommand('t.bulk', 'button');
    expect(await takeUndo()!()).toMatchObject({
      message: 'Undid: updated 60 offers. Undone: 60 offers as before.',
      data: { count: 60 },
    });
  });

  it("offers an undo's redo, named 'Redid: …', and a new write takes it away", async () => {
    let sets = 0;
    const step = async (): Promise<unknown> => {
      sets += 1;
      return {
        message: 'Renamed card “Titanium” to “Platinum”.',
        undo: async () => ({ message: 'Undone.', redo: step }),
      };
    };
    register(cmd({ id: 't.undoable', run: step }), cmd({ id: 't.ok', run: async () => ({ message: 'Saved.' }) }));
    await runCommand('t.undoable', 'button');
    expect(await takeUndo()!()).toEqual({ message: 'Undid: renamed card “Titanium” to “Platinum”.' });
    const redone = (await takeRedo()!()) as { message: string; undo: unknown };
    expect(redone.message).toBe('Redid: renamed card “Titanium” to “Platinum”.');
    expect(typeof redone.undo).toBe('function');
    expect(sets).toBe(2);
    expect(takeRedo()).toBeNull();

    await runCommand('t.undoable', 'button');
    await takeUndo()!();
    await runCommand('t.ok', 'button');
    await runCommand('t.undoable', 'button');
    expect(takeRedo()).toBeNull();
  });

  it('shows the sentence of a CommandError as it is (a bulk action summary)', async () => {
    register(
      cmd({
        id: 't.bulk',
        run: async () =>
          Promise.reject(
            new CommandError('Deleted 2 of 3 users; stopped at “Admin”: You cannot delete your own account.'),
          ),
      }),
    );
    await runCommand('t.bulk', 'button');
    expect(toast.error).toHaveBeenCalledWith(
      'Deleted 2 of 3 users; stopped at “Admin”: You cannot delete your own account.',
      expect.anything(),
    );
  });

  it('adds no loading toast to a command that shows its own progress', async () => {
    vi.useFakeTimers();
    register(
      cmd({
        id: 't.slow',
        ownProgress: true,
        run: () => new Promise((r) => setTimeout(() => r({ message: 'Exported 2 cards.' }), 1000)),
      }),
    );
    const done = runCommand('t.slow', 'button');
    await vi.advanceTimersByTimeAsync(1000);
    await done;
    expect(toast.loading).not.toHaveBeenCalled();
    expect(toast.success).toHaveBeenCalledWith('Exported 2 cards.', expect.anything());
    vi.useRealTimers();
  });

  it('shows its loading toast only once the confirmation is answered, not while it is asked', async () => {
    vi.useFakeTimers();
    register(
      cmd({
        id: 't.ask',
        run: async () => {
          if (!(await confirm({ title: 'Delete 1 bank?' }))) return undefined;
          return new Promise((r) => setTimeout(() => r({ message: 'Bank deleted successfully!' }), 1000));
        },
      }),
    );
    const done = runCommand('t.ask', 'button');
    await vi.advanceTimersByTimeAsync(3000);
    expect(toast.loading).not.toHaveBeenCalled();
    answerConfirm(true);
    await vi.advanceTimersByTimeAsync(500);
    expect(toast.loading).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    await done;
    expect(toast.success).toHaveBeenCalledWith(
      'Bank deleted successfully!',
      expect.objectContaining({ id: 'loading-id' }),
    );
    vi.useRealTimers();
  });
});

describe('runCommand and the shortcut coach (./coach.ts)', () => {
  const mem = new Map<string, string>();
  beforeEach(() => {
    mem.clear();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => mem.get(k) ?? null,
      setItem: (k: string, v: string) => mem.set(k, v),
      removeItem: (k: string) => mem.delete(k),
    });
    unregister('t.keys', 't.saves', 't.toasts', 't.cancels');
    session.token = `coach-test-${++sessions}`; // each test a session of its own: one hint each
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    session.token = null;
  });
  let sessions = 0;
  /** The runs without keys before the one that earns the hint. */
  const warmUp = (id: string, source: 'palette' | 'button' | 'menu') => {
    for (let i = 1; i < HINT_AFTER_RUNS; i++) void runCommand(id, source);
    expect(toast.message).not.toHaveBeenCalled();
  };

  it('shows a short plain hint with the keys on the third palette run of a command that shows no toast, once', () => {
    register(cmd({ id: 't.keys', title: 'Go somewhere', shortcut: 'g x' }));
    warmUp('t.keys', 'palette');
    void runCommand('t.keys', 'palette');
    expect(toast.message).toHaveBeenCalledExactlyOnceWith(
      'Next time: G then X',
      expect.objectContaining({ description: 'Go somewhere', duration: HINT_MS }),
    );
    void runCommand('t.keys', 'button');
    expect(toast.message).toHaveBeenCalledTimes(1);
  });

  it('says nothing for a run by the keys, and nothing once turned off', () => {
    register(cmd({ id: 't.keys', shortcut: 'g x' }));
    for (let i = 0; i < HINT_AFTER_RUNS; i++) void runCommand('t.keys', 'hotkey');
    setCoachOn(false);
    for (let i = 0; i < HINT_AFTER_RUNS; i++) void runCommand('t.keys', 'palette');
    expect(toast.message).not.toHaveBeenCalled();
  });

  it("puts the hint under the command's own message, in the same toast, not over it", async () => {
    register(cmd({ id: 't.saves', shortcut: 'mod+s', run: async () => ({ message: 'Saved.' }) }));
    for (let i = 1; i < HINT_AFTER_RUNS; i++) await runCommand('t.saves', 'button');
    expect(toast.success).not.toHaveBeenCalledWith(
      'Saved.',
      expect.objectContaining({ description: expect.anything() }),
    );
    await runCommand('t.saves', 'button');
    expect(toast.message).not.toHaveBeenCalled();
    expect(toast.success).toHaveBeenCalledWith(
      'Saved.',
      expect.objectContaining({ description: expect.stringMatching(/^Next time: (Ctrl\+S|⌘S)$/), duration: HINT_MS }),
    );
  });

  it('keeps quiet after a command that showed a toast of its own, and hints on a later run that did not', () => {
    let own = true;
    register(cmd({ id: 't.toasts', shortcut: 'u', run: () => (own ? toast.success('Nothing to undo.') : undefined) }));
    for (let i = 0; i < HINT_AFTER_RUNS; i++) void runCommand('t.toasts', 'menu');
    expect(toast.message).not.toHaveBeenCalled();
    own = false;
    void runCommand('t.toasts', 'menu');
    expect(toast.message).toHaveBeenCalledTimes(1);
  });

  it('names the screen where the keys work, for a command run from another screen', () => {
    register(cmd({ id: 't.keys', shortcut: 'n', scope: 'view:elsewhere', anywhere: true }));
    warmUp('t.keys', 'palette');
    void runCommand('t.keys', 'palette');
    expect(toast.message).toHaveBeenCalledWith('Next time on Elsewhere: N', expect.anything());
  });
});
