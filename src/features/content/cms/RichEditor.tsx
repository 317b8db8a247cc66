// The rich-text editor (TipTap), lent to the page's model (src/features/content/cms/cmsModel.ts) while
// mounted. Its schema offers only what the server keeps (server/services/cmsSanitizer.ts), so
// what is typed here survives the save; links are http, https or mailto only. Reading HTML
// into it (a page, a pasted payload, the HTML source) never runs anything: TipTap parses with
// DOMParser, whose documents run no script and load no image.
import { useRef } from 'react';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { attachEditor, cms, detachEditor, editorChanged, type EditorBridge } from './cmsModel';
import { isKeptLink } from './formats';

const extensions = [
  StarterKit.configure({
    heading: { levels: [1, 2, 3, 4, 5, 6] },
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      isAllowedUri: (url) => isKeptLink(url),
      HTMLAttributes: { rel: 'noopener noreferrer', target: null },
    },
  }),
];

function run(editor: Editor, name: string, arg?: string) {
  const c = editor.chain().focus();
  const actions: Record<string, () => boolean> = {
    paragraph: () => c.setParagraph().run(),
    heading2: () => c.toggleHeading({ level: 2 }).run(),
    heading3: () => c.toggleHeading({ level: 3 }).run(),
    bold: () => c.toggleBold().run(),
    italic: () => c.toggleItalic().run(),
    underline: () => c.toggleUnderline().run(),
    strike: () => c.toggleStrike().run(),
    bulletList: () => c.toggleBulletList().run(),
    orderedList: () => c.toggleOrderedList().run(),
    blockquote: () => c.toggleBlockquote().run(),
    codeBlock: () => c.toggleCodeBlock().run(),
    horizontalRule: () => c.setHorizontalRule().run(),
    link: () => (arg ? c.extendMarkRange('link').setLink({ href: arg }).run() : false),
    unsetLink: () => c.extendMarkRange('link').unsetLink().run(),
    undo: () => c.undo().run(),
    redo: () => c.redo().run(),
  };
  actions[name]?.();
}

function isActive(editor: Editor, name: string): boolean {
  if (name === 'heading2') return editor.isActive('heading', { level: 2 });
  if (name === 'heading3') return editor.isActive('heading', { level: 3 });
  if (name === 'unsetLink') return editor.isActive('link');
  return editor.isActive(name);
}

/** What the model may ask of this editor. */
const bridgeOf = (editor: Editor): EditorBridge => ({
  html: () => editor.getHTML(),
  load(html) {
    editor.commands.setContent(html, { emitUpdate: false });
    return editor.getHTML();
  },
  focus: () => void editor.commands.focus(),
  format: (name, arg) => run(editor, name, arg),
  isActive: (name) => isActive(editor, name),
});

export default function RichEditor({ label }: { label: string }) {
  const lent = useRef<EditorBridge | null>(null);
  const editor = useEditor({
    extensions,
    content: cms.draft,
    // Lent once TipTap has made its view (before that it has no commands), taken back when it goes.
    onCreate: ({ editor: e }) => {
      lent.current = bridgeOf(e);
      attachEditor(lent.current);
    },
    onDestroy: () => {
      if (lent.current) detachEditor(lent.current);
    },
    // The model keeps the text; the editor reports every change and selection move.
    onUpdate: ({ editor: e }) => editorChanged(e.getHTML()),
    onSelectionUpdate: () => void cms.selectionTick++,
    editorProps: {
      attributes: {
        class: 'cms-prose',
        'aria-label': label,
        'aria-multiline': 'true',
        role: 'textbox',
        spellcheck: 'true',
      },
    },
  });

  return <EditorContent editor={editor} className="cms-editor" />;
}
