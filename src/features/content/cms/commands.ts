// The legal pages' keys, each a command (palette, hotkey, button and cheat sheet alike):
// mod+s saves, [ and ] switch page, p and h the panel beside the editor (preview, history),
// alt+↓ / alt+↑ pick an older or newer version to compare, r restores the picked one, e puts
// the cursor in the text, shift+e switches between rich text and HTML. The formatting actions
// are commands too (palette and toolbar); their keys are the editor's own.
import { CMS_TITLES, CMS_TYPES, type CmsType } from '@contract/cms';
import type { Command, PickItem } from '@/commands/types';
import {
  cms,
  editorBridge,
  hidePanel,
  isDirty,
  panelInSight,
  pickNext,
  reload,
  restore,
  save,
  showPanel,
  toggleSource,
} from './cmsModel';
import { go } from '@/store/navigate';
import { confirm } from '@/ui/confirmStore';
import { CMS_PATHS, CMS_VIEW } from './entry';
import { FORMATS, isKeptLink } from './formats';

const scope = `view:${CMS_VIEW}` as const;
const group = 'Terms & privacy';
const ready = () => cms.status === 'ready' && !!cms.page;
const richText = () => ready() && cms.source === null && !!editorBridge();

/** Unsaved text is given up only when the person says so. */
async function mayDiscard(what: string): Promise<boolean> {
  if (!isDirty()) return true;
  return confirm({
    title: 'Discard your changes?',
    body: `The text has changes that are not saved. ${what} throws them away.`,
    confirmLabel: 'Discard changes',
    danger: true,
  });
}

const showPage = (type: CmsType, shortcut: string): Command => ({
  id: `cms.show.${type}`,
  title: `Edit the ${CMS_TITLES[type].toLowerCase()}`,
  group,
  keywords: ['legal', 'page', 'cms', type === 'term-condition' ? 'terms conditions' : 'privacy gdpr data'],
  shortcut,
  scope,
  enabled: () => cms.type !== type,
  async run() {
    if (await mayDiscard(`Opening the ${CMS_TITLES[type].toLowerCase()}`)) go(CMS_PATHS[type]);
  },
});

const linkPicker = {
  placeholder: 'Paste the link: https://… or mailto:…',
  async load(search: string): Promise<PickItem[]> {
    const url = search.trim();
    return isKeptLink(url) ? [{ key: url, label: `Link to ${url}`, value: url }] : [];
  },
};

export const cmsCommands: Command[] = [
  {
    id: 'cms.save',
    needs: { permission: 'cms.write' },
    title: 'Save page',
    group,
    keywords: ['publish', 'store', 'update', 'cms'],
    shortcut: 'mod+s',
    scope,
    // Always on while the page is shown, so mod+s never opens the browser's "Save page as".
    enabled: () => true,
    messages: { failure: 'Failed to update' },
    run: () => (ready() && !cms.saving ? save() : undefined),
  },
  showPage(CMS_TYPES[0], '['),
  showPage(CMS_TYPES[1], ']'),
  {
    id: 'cms.preview',
    title: 'Show the preview',
    group,
    keywords: ['app', 'phone', 'render', 'look'],
    shortcut: 'p',
    scope,
    enabled: () => !panelInSight('preview'),
    run: () => showPanel('preview'),
  },
  {
    id: 'cms.history',
    title: 'Show the history',
    group,
    keywords: ['versions', 'diff', 'compare', 'changes', 'who'],
    shortcut: 'h',
    scope,
    enabled: () => !panelInSight('history'),
    run: () => showPanel('history'),
  },
  {
    // A phone shows the text or the panel: Back from the preview or the history.
    id: 'cms.text',
    title: 'Back to the text',
    group,
    keywords: ['editor', 'close', 'preview', 'history'],
    scope,
    enabled: () => cms.panelShown,
    run: () => hidePanel(),
  },
  {
    id: 'cms.olderVersion',
    title: 'Compare an older version',
    group,
    keywords: ['history', 'previous', 'diff'],
    shortcut: 'alt+arrowdown',
    scope,
    enabled: () => cms.versions.length > 0,
    run: () => {
      showPanel('history');
      return pickNext(1);
    },
  },
  {
    id: 'cms.newerVersion',
    title: 'Compare a newer version',
    group,
    keywords: ['history', 'next', 'diff'],
    shortcut: 'alt+arrowup',
    scope,
    enabled: () => cms.versions.length > 0,
    run: () => {
      showPanel('history');
      return pickNext(-1);
    },
  },
  {
    id: 'cms.restore',
    needs: { permission: 'cms.write' },
    title: 'Restore this version',
    group,
    keywords: ['history', 'revert', 'roll back', 'undo'],
    shortcut: 'r',
    scope,
    enabled: () => ready() && cms.picked !== null && cms.picked !== cms.page?.version,
    messages: { failure: 'Failed to update' },
    async run() {
      const version = cms.picked!;
      if (!(await mayDiscard(`Restoring version ${version}`))) return undefined;
      return restore(version);
    },
  },
  {
    id: 'cms.edit',
    title: 'Edit the text',
    group,
    keywords: ['focus', 'write', 'cursor'],
    shortcut: 'e',
    scope,
    enabled: ready,
    run: () => (cms.source !== null ? document.getElementById('cms-source')?.focus() : editorBridge()?.focus()),
  },
  {
    id: 'cms.toggleSource',
    title: 'Switch between rich text and HTML',
    group,
    keywords: ['source', 'code', 'html', 'markup', 'raw'],
    shortcut: 'shift+e',
    scope,
    enabled: ready,
    run: () => toggleSource(),
  },
  {
    id: 'cms.reload',
    title: 'Discard changes',
    group,
    keywords: ['reload', 'revert', 'reset', 'cancel'],
    scope,
    enabled: () => ready() && isDirty(),
    async run() {
      if (await mayDiscard('Reloading the page')) await reload();
    },
  },
  {
    id: 'cms.link',
    title: 'Link the selected text…',
    group,
    keywords: ['url', 'href', 'mailto', 'anchor'],
    scope,
    enabled: richText,
    pick: linkPicker,
    run: (_ctx, url) => editorBridge()?.format('link', String(url)),
  },
  ...FORMATS.map((f): Command => ({
    id: `cms.format.${f.name}`,
    title: f.title,
    group: 'Text format',
    keywords: ['format', 'style', f.label],
    scope,
    enabled: richText,
    run: () => editorBridge()?.format(f.name),
  })),
];
