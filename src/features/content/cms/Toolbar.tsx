import { useSnapshot } from 'valtio';
import { runCommand } from '@/commands/runner';
import { cms, editorBridge } from './cmsModel';
import { shortcutText } from '@/ui/kbd';
import { FORMATS } from './formats';

/** The formatting buttons: each runs its command (./commands.ts); a pressed one is on at the cursor. */
export function Toolbar() {
  // Read so the toolbar renders again as the cursor moves, to show what is on there.
  const { selectionTick } = useSnapshot(cms);
  const editor = selectionTick >= 0 ? editorBridge() : null;
  const button = (id: string, name: string | null, title: string, label: string, keys?: string, wide = '') => (
    <button
      key={id}
      type="button"
      className={`cms-tool ${wide}`}
      title={keys ? `${title} · ${shortcutText(keys)}` : title}
      // The name starts with the visible label ('H2: Heading'), so speech input finds it by what it shows.
      aria-label={label === title ? title : `${label}: ${title}`}
      aria-pressed={editor && name ? editor.isActive(name) : undefined}
      // Keep the text's selection: the button acts on it.
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => void runCommand(id, 'button')}
    >
      {label}
    </button>
  );
  return (
    <div className="cms-toolbar" role="toolbar" aria-label="Format">
      {FORMATS.slice(0, 3).map((f) => button(`cms.format.${f.name}`, f.name, f.title, f.label, f.keys))}
      <span className="cms-tool-sep" />
      {FORMATS.slice(3, 7).map((f) => button(`cms.format.${f.name}`, f.name, f.title, f.label, f.keys))}
      <span className="cms-tool-sep" />
      {FORMATS.slice(7, 11).map((f) => button(`cms.format.${f.name}`, f.name, f.title, f.label, f.keys))}
      {button('cms.format.horizontalRule', null, 'Horizontal rule', '―')}
      <span className="cms-tool-sep" />
      {button('cms.link', 'link', 'Link the selected text…', 'Link')}
      {button('cms.format.unsetLink', null, 'Remove link', 'Unlink')}
      {/* Undo and redo are mod+z and mod+shift+z: on a narrow window their buttons give way. */}
      <span className="cms-tool-sep cms-tool-wide" />
      {FORMATS.slice(13).map((f) => button(`cms.format.${f.name}`, null, f.title, f.label, f.keys, 'cms-tool-wide'))}
    </div>
  );
}
