import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useSnapshot } from 'valtio';
import { ui } from '../store/ui';
import { Kbd } from '../ui/Kbd';
import { DELETE_ALIASES, EDIT_ALIASES, FIND_ALIASES, NEW_ALIASES } from './actions';
import { currentCtx } from './ctx';
import { allActions, allCommands, getVersion, registerLaterCommands, scopeTitle, subscribe } from './registry';
import type { Command, Scope } from './types';
import './CheatSheet.css';

const quoted = (words: readonly string[]) => words.map((w) => `“${w}”`).join(', ');

/** Other words the palette takes for a command ('rollback', 'add'), shown under its title. */
function Aliases({ words }: { words?: readonly string[] }) {
  return words?.length ? <span className="cheatsheet-aliases">also {quoted(words)}</span> : null;
}

/** The words every list's Find, New, Edit and Delete share: said once, not under each. */
const LIST_WORDS = [
  ['Find …', FIND_ALIASES],
  ['New …', NEW_ALIASES],
  ['Edit …', EDIT_ALIASES],
  ['Delete …', DELETE_ALIASES],
] as const;
const listWords = new Set<readonly string[]>(LIST_WORDS.map(([, w]) => w));

/**
 * The sections in the order the sheet shows them: the keys of where the person is first (the
 * screen's own, then its list's, then those that work everywhere), every other screen's after.
 */
export function sheetOrder(scopes: readonly Scope[], here: readonly Scope[]): Scope[] {
  const rank = (s: Scope) => {
    if (here.includes(s)) return s.startsWith('view:') ? 0 : s === 'list' ? 1 : 2;
    return s === 'global' ? 3 : s === 'list' ? 4 : 5;
  };
  return [...scopes].sort((a, b) => rank(a) - rank(b)); // stable: registry order within a rank
}

/** '?': every shortcut there is, and the palette's words, generated from the registry so it can never go stale. */
export function CheatSheet() {
  const { cheatSheetOpen } = useSnapshot(ui);
  useSyncExternalStore(subscribe, getVersion);
  const ref = useRef<HTMLDialogElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (cheatSheetOpen) void registerLaterCommands(); // every screen's keys, if not fetched yet
    if (cheatSheetOpen && !d.open) {
      d.showModal();
      // The body scrolls on its own (CheatSheet.css), so the Close button's focus at the foot
      // no longer carries the sheet to its last section: it opens at this screen's keys.
      if (bodyRef.current) bodyRef.current.scrollTop = 0;
    }
    if (!cheatSheetOpen && d.open) d.close();
  }, [cheatSheetOpen]);

  const here = cheatSheetOpen ? currentCtx().scopes : [];
  const withKeys = allCommands().filter((c) => c.shortcut);
  const scopes = sheetOrder([...new Set(withKeys.map((c) => c.scope))], here);
  const byScope = (s: Scope): Command[] => withKeys.filter((c) => c.scope === s);
  // Reachable from any screen by name: the palette's manifest (./actions.ts), its aliases beside.
  const everywhere = allActions().filter((a) => !a.aliases || !listWords.has(a.aliases));

  return (
    <dialog
      ref={ref}
      className="modal cheatsheet"
      aria-labelledby="cheatsheet-title"
      onClose={() => (ui.cheatSheetOpen = false)}
      onClick={(e) => e.target === ref.current && (ui.cheatSheetOpen = false) /* backdrop */}
    >
      <div className="modal-body" ref={bodyRef}>
        <h2 id="cheatsheet-title">Keyboard shortcuts</h2>
        {cheatSheetOpen && (
          <div className="cheatsheet-cols">
            {scopes.map((s) => (
              <section key={s} className={here.includes(s) ? 'is-here' : undefined}>
                <h3 className="muted">
                  {scopeTitle(s)}
                  {s.startsWith('view:') && here.includes(s) && <span className="cheatsheet-here">this screen</span>}
                </h3>
                <dl>
                  {byScope(s).map((c) => (
                    <div key={c.id} className="cheatsheet-row">
                      <dt>
                        {c.title}
                        <Aliases words={c.aliases} />
                      </dt>
                      <dd>
                        <Kbd shortcut={c.shortcut!} announce />
                      </dd>
                    </div>
                  ))}
                </dl>
              </section>
            ))}
            <section className="cheatsheet-wide">
              <h3 className="muted">In the palette, from any screen</h3>
              <p className="cheatsheet-note">
                Every list: {LIST_WORDS.map(([verb, words]) => `${verb} (also ${quoted(words)})`).join(', ')}. Words in
                any order; small words and one typo are forgiven.
              </p>
              <dl>
                {everywhere.map((a) => (
                  <div key={a.id} className="cheatsheet-row">
                    <dt>
                      {a.title}
                      <Aliases words={a.aliases} />
                    </dt>
                  </div>
                ))}
              </dl>
            </section>
          </div>
        )}
      </div>
      <div className="modal-actions">
        <button type="button" className="btn" onClick={() => (ui.cheatSheetOpen = false)} autoFocus>
          Close <Kbd shortcut="escape" />
        </button>
      </div>
    </dialog>
  );
}
