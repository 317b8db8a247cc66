import { Fragment } from 'react';
import { formatShortcut, shortcutText } from './kbd';

/**
 * A shortcut as key caps (⌘ K, G B). Decorative by default, so a button's name stays
 * "Edit bank" and not "Edit bank E"; `announce` reads it out where it is the content.
 */
export function Kbd({ shortcut, announce = false }: { shortcut: string; announce?: boolean }) {
  const text = shortcutText(shortcut);
  return (
    <span className="kbd-group" title={text}>
      <span aria-hidden className="kbd-keys">
        {formatShortcut(shortcut).map((seq, a) => (
          <Fragment key={a}>
            {a > 0 && <span className="kbd-sep">/</span>}
            {seq.map((keys, s) =>
              keys.map((k, i) => (
                <kbd key={`${s}-${i}`} className="kbd">
                  {k}
                </kbd>
              )),
            )}
          </Fragment>
        ))}
      </span>
      {announce && <span className="visually-hidden">{text}</span>}
    </span>
  );
}
