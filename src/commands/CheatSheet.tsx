import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useSnapshot } from 'valtio';
import { ui } from '../store/ui';
import { Kbd } from '../ui/Kbd';
import { DELETE_ALIASES, EDIT_ALIASES, FIND_ALIASES, NEW_ALIASES } from './actions';
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

/** '?': every shortcut there is, and the palette's words, generated from the registry so it can never go stale. */
export function CheatSheet() {
  const { cheatSheetOpen } = useSnapshot(ui);
  useSyncExternalStore(subscribe, getVersion);
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (cheatSheetOpen) void registerLaterCommands(); // every screen's keys, if not fetched yet
    if (cheatSheetOpen && !d.open) d.showModal();
    if (!cheatSheetOpen && d.open) d.close();
  }, [cheatSheetOpen]);

  const withKeys = allCommands().filter((c) => c.shortcut);
  const scopes = [...new Set(withKeys.map((c) => c.scope))];
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
      <div className="modal-body">
        <h2 id="cheatsheet-title">Keyboard shortcuts</h2>
        {cheatSheetOpen && (
          <div className="cheatsheet-cols">
            {scopes.map((s) => (
              <section key={s}>
                <h3 className="muted">{scopeTitle(s)}</h3>
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
