import { useSyncExternalStore } from 'react';
import { useSnapshot } from 'valtio';
import { ui } from '../store/ui';
import { Kbd } from '../ui/Kbd';
import { shortcutText } from '../ui/kbd';
import { getCommand, getVersion, subscribe } from './registry';
import { canRun, runCommand } from './runner';

interface CommandButtonProps {
  id: string;
  /** Shorter text than the command's title, where space is tight. */
  label?: string;
  variant?: 'primary' | 'danger' | 'ghost';
  arg?: unknown;
  /** Hide the shortcut hint. */
  noKbd?: boolean;
}

/** A button that is a command: its title, its shortcut hint, its enabled state, its run. */
export function CommandButton({ id, label, variant, arg, noKbd }: CommandButtonProps) {
  useSyncExternalStore(subscribe, getVersion);
  useSnapshot(ui); // enabled() reads the ui store: re-check when it changes
  const cmd = getCommand(id);
  if (!cmd) return null;
  const enabled = canRun(cmd);
  return (
    <button
      type="button"
      className={`btn${variant ? ` btn-${variant}` : ''}`}
      disabled={!enabled}
      title={
        [label && label !== cmd.title ? cmd.title : null, cmd.shortcut ? shortcutText(cmd.shortcut) : null]
          .filter(Boolean)
          .join(' · ') || undefined
      }
      onClick={() => void runCommand(id, 'button', arg)}
    >
      {label ?? cmd.title}
      {cmd.shortcut && !noKbd && <Kbd shortcut={cmd.shortcut} />}
    </button>
  );
}
