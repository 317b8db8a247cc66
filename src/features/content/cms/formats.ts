// The editor's formatting actions, named once: the toolbar's buttons and the palette's
// commands (./commands.ts) run them by name; the editor (./RichEditor.tsx) knows how.
// Only what the server keeps (server/services/cmsSanitizer.ts) is offered.

export interface Format {
  name: string;
  title: string;
  /** The toolbar's face. */
  label: string;
  /** The editor's own key for it (TipTap's keymap: shown, not bound by the app). */
  keys?: string;
  /** Shown pressed when on at the cursor. */
  mark?: boolean;
}

export const FORMATS: readonly Format[] = [
  { name: 'paragraph', title: 'Normal text', label: '¶', keys: 'mod+alt+0', mark: true },
  { name: 'heading2', title: 'Heading', label: 'H2', keys: 'mod+alt+2', mark: true },
  { name: 'heading3', title: 'Subheading', label: 'H3', keys: 'mod+alt+3', mark: true },
  { name: 'bold', title: 'Bold', label: 'B', keys: 'mod+b', mark: true },
  { name: 'italic', title: 'Italic', label: 'I', keys: 'mod+i', mark: true },
  { name: 'underline', title: 'Underline', label: 'U', keys: 'mod+u', mark: true },
  { name: 'strike', title: 'Strikethrough', label: 'S', keys: 'mod+shift+s', mark: true },
  { name: 'bulletList', title: 'Bulleted list', label: '•', keys: 'mod+shift+8', mark: true },
  { name: 'orderedList', title: 'Numbered list', label: '1.', keys: 'mod+shift+7', mark: true },
  { name: 'blockquote', title: 'Quote', label: '❝', keys: 'mod+shift+b', mark: true },
  { name: 'codeBlock', title: 'Code block', label: '</>', keys: 'mod+alt+c', mark: true },
  { name: 'horizontalRule', title: 'Horizontal rule', label: '―' },
  { name: 'unsetLink', title: 'Remove link', label: 'Unlink', mark: false },
  { name: 'undo', title: 'Undo', label: '↶', keys: 'mod+z' },
  { name: 'redo', title: 'Redo', label: '↷', keys: 'mod+shift+z' },
];

/** A link the server keeps: http, https or mailto. */
export const isKeptLink = (url: string) => /^(https?:\/\/[^\s]+|mailto:[^\s@]+@[^\s@]+)$/i.test(url.trim());
