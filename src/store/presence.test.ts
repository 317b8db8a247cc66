import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PresenceEvent, PresenceMode, PresenceUser } from '@contract/presence';
import { createPresence, presenceLine } from './presence';

const ME = 1;
const sara: PresenceUser = { id: 2, name: 'Sara', mode: 'editing' };
const omar: PresenceUser = { id: 3, name: 'Omar', mode: 'viewing' };

/** A fake server: remembers the announcements, answers with who `others` says is there plus the caller. */
function setup(answerAfterMs = 0) {
  const sent: [string, number, PresenceMode | 'left'][] = [];
  const kept: boolean[] = [];
  const there: PresenceUser[] = [];
  let tell: ((e: PresenceEvent) => void) | null = null;
  /** What the server's list answers (everyone's open records). */
  const everyone: PresenceEvent[] = [];
  const presence = createPresence({
    announce: async (resource, record_id, mode, opts) => {
      sent.push([resource, record_id, mode]);
      kept.push(!!opts?.keepalive);
      if (answerAfterMs) await new Promise((r) => setTimeout(r, answerAfterMs));
      const users = mode === 'left' ? there : [...there, { id: ME, name: 'Me', mode }];
      return { resource, record_id, users };
    },
    me: () => ME,
    onPresence: (fn) => {
      tell = fn;
      return () => void (tell = null);
    },
    list: async () => everyone.map((e) => ({ ...e, users: [...e.users] })),
    heartbeatMs: 20_000,
  });
  const stream = (e: PresenceEvent) => tell?.(e);
  return { presence, sent, kept, there, everyone, stream, listening: () => tell !== null };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('presence store', () => {
  it('announces a record when held, renews it, and says left once released', async () => {
    const { presence, sent, listening } = setup();
    const release = presence.hold('offer', 7, 'viewing');
    expect(listening()).toBe(true);
    await vi.advanceTimersByTimeAsync(45_000);
    expect(sent).toEqual([
      ['offer', 7, 'viewing'],
      ['offer', 7, 'viewing'],
      ['offer', 7, 'viewing'],
    ]);
    release();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent.at(-1)).toEqual(['offer', 7, 'left']);
    expect(sent).toHaveLength(4);
    expect(listening()).toBe(false);
  });

  it('says left for every held record as the page goes (keepalive), and announces them again if it comes back', async () => {
    const { presence, sent, kept } = setup();
    presence.hold('offer', 7, 'editing');
    presence.hold('bank', 3, 'viewing');
    await vi.advanceTimersByTimeAsync(10);
    presence.pageHidden();
    expect(sent.slice(2)).toEqual([
      ['offer', 7, 'left'],
      ['bank', 3, 'left'],
    ]);
    expect(kept.slice(2)).toEqual([true, true]);
    presence.pageShown();
    expect(sent.slice(4)).toEqual([
      ['offer', 7, 'editing'],
      ['bank', 3, 'viewing'],
    ]);
  });

  it('going from the view to the form only changes the mode: no leave between', async () => {
    const { presence, sent } = setup();
    const view = presence.hold('offer', 7, 'viewing');
    view();
    const form = presence.hold('offer', 7, 'editing');
    await vi.advanceTimersByTimeAsync(10);
    expect(sent).toEqual([
      ['offer', 7, 'viewing'],
      ['offer', 7, 'editing'],
    ]);
    form();
    await vi.advanceTimersByTimeAsync(10);
    expect(sent.at(-1)).toEqual(['offer', 7, 'left']);
  });

  it('shows who else is there from the answer and the stream, never me; forgets it once released', async () => {
    const { presence, there, stream } = setup();
    there.push(sara);
    const release = presence.hold('offer', 7, 'viewing');
    await vi.advanceTimersByTimeAsync(0);
    expect(presence.others('offer', 7)).toEqual([sara]);
    // Omar opens it, Sara leaves: heard on the stream.
    stream({ resource: 'offer', record_id: 7, users: [{ id: ME, name: 'Me', mode: 'viewing' }, omar] });
    expect(presence.others('offer', 7)).toEqual([omar]);
    // Another record's news is not kept.
    stream({ resource: 'offer', record_id: 8, users: [sara] });
    expect(presence.others('offer', 8)).toEqual([]);
    // Everyone gone (they left, or lapsed).
    stream({ resource: 'offer', record_id: 7, users: [{ id: ME, name: 'Me', mode: 'viewing' }] });
    expect(presence.others('offer', 7)).toEqual([]);
    stream({ resource: 'offer', record_id: 7, users: [sara] });
    release();
    await vi.advanceTimersByTimeAsync(10);
    expect(presence.others('offer', 7)).toEqual([]);
  });

  it('an answer that comes after the release is not kept', async () => {
    const { presence, there, sent } = setup(500);
    there.push(sara);
    const release = presence.hold('bank', 3, 'editing');
    await vi.advanceTimersByTimeAsync(10);
    release();
    await vi.advanceTimersByTimeAsync(10);
    expect(sent.at(-1)).toEqual(['bank', 3, 'left']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(presence.state.byRecord).toEqual({});
  });
});

describe('a list watching presence (a health queue)', () => {
  it("knows every record someone else has open: the server's list first, then the stream; forgets it all once stopped", async () => {
    const { presence, everyone, stream, listening } = setup();
    everyone.push(
      { resource: 'offer', record_id: 7, users: [sara] },
      { resource: 'card', record_id: 2, users: [{ id: ME, name: 'Me', mode: 'viewing' }] },
    );
    const stop = presence.watch();
    expect(listening()).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(presence.others('offer', 7)).toEqual([sara]);
    // My own open record is nobody else's.
    expect(presence.others('card', 2)).toEqual([]);
    // Omar opens another offer; Sara leaves hers: both heard on the stream, though held by no one here.
    stream({ resource: 'offer', record_id: 9, users: [omar] });
    stream({ resource: 'offer', record_id: 7, users: [] });
    expect(presence.others('offer', 9)).toEqual([omar]);
    expect(presence.others('offer', 7)).toEqual([]);
    expect(Object.keys(presence.state.byRecord)).toEqual(['card:2', 'offer:9']);
    stop();
    expect(presence.state.byRecord).toEqual({});
    expect(listening()).toBe(false);
  });

  it('a record held here while watching (the highlighted row) is announced, and stays held after the watch stops', async () => {
    const { presence, there, sent, stream, listening } = setup();
    const stop = presence.watch();
    there.push(sara);
    const release = presence.hold('offer', 7, 'viewing');
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([['offer', 7, 'viewing']]);
    stop();
    expect(listening()).toBe(true);
    expect(presence.others('offer', 7)).toEqual([sara]);
    // Not watching: another record's news is not kept any more.
    stream({ resource: 'offer', record_id: 9, users: [omar] });
    expect(presence.others('offer', 9)).toEqual([]);
    release();
    await vi.advanceTimersByTimeAsync(10);
    expect(listening()).toBe(false);
  });
});

describe('presenceLine', () => {
  it('names who is editing, then who is viewing', () => {
    expect(presenceLine([])).toBeNull();
    expect(presenceLine([sara])).toBe('Sara is editing');
    expect(presenceLine([omar, { id: 4, name: 'Lee', mode: 'viewing' }])).toBe('Omar and Lee are viewing');
    expect(presenceLine([sara, omar])).toBe('Sara is editing · Omar is viewing');
    const many = ['A', 'B', 'C', 'D', 'E'].map((name, i) => ({ id: 10 + i, name, mode: 'viewing' as const }));
    expect(presenceLine(many.slice(0, 3))).toBe('A, B and C are viewing');
    expect(presenceLine(many)).toBe('A, B and 3 others are viewing');
  });
});
