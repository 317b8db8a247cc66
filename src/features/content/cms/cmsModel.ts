// The legal pages' screen (/term-condition, /privacy-policy) as plain TypeScript (valtio):
// the page as stored, the editor's text and whether it differs, the panel beside it (preview
// or history), the versions and the one picked for comparing. Commands call these functions;
// the view renders snapshots and lends the editor (`attachEditor`), which lives with the
// page's chunk (TipTap), so this module stays light.
import { proxy, ref } from 'valtio';
import {
  listCmsVersions,
  restoreCmsVersion,
  saveCmsPage,
  showCmsPage,
  showCmsVersion,
  type CmsPage,
  type CmsSaveAnswer,
  type CmsType,
  type CmsVersion,
  type CmsVersionText,
} from '@contract/cms';
import { MAX_PER_PAGE } from '@contract/envelope';
import { call } from '@/api/call';
import { ApiError } from '@/api/client';
import { isPhone } from '@/store/ui';

/** What the view's editor does for the model. */
export interface EditorBridge {
  /** The editor's HTML now. */
  html(): string;
  /** Replace the editor's text (a page loaded, a source edit applied). Returns the editor's HTML of it. */
  load(html: string): string;
  focus(): void;
  /** A formatting action by name (src/features/content/cms/formats.ts). */
  format(name: string, arg?: string): void;
  /** Whether a mark or node is on at the cursor ('bold', 'link'). */
  isActive(name: string): boolean;
}

export type Panel = 'preview' | 'history';
type Status = 'idle' | 'loading' | 'ready' | 'failed';

export const cms = proxy({
  type: 'term-condition' as CmsType,
  page: null as CmsPage | null,
  status: 'idle' as Status,
  error: null as string | null,
  /** The editor's HTML, and what it was right after the page loaded (TipTap writes HTML its own way). */
  draft: '',
  baseline: '',
  /** Editing the HTML itself instead of the rich text. */
  source: null as string | null,
  saving: false,
  /** What the server took out of the last save. */
  removed: [] as string[],
  panel: 'preview' as Panel,
  /** A phone shows the text or the panel, one at a time: whether the panel has the screen. */
  panelShown: false,
  versions: [] as CmsVersion[],
  versionsStatus: 'idle' as Status,
  /** The version picked in the history, and its text once fetched. */
  picked: null as number | null,
  pickedText: null as CmsVersionText | null,
  /** Bumped when the editor's selection changes, so the toolbar shows what is on. */
  selectionTick: 0,
});

let editor: EditorBridge | null = null;
let loading: AbortController | null = null;

/** The view lends its editor once it is ready; the page's stored text goes into it. */
export function attachEditor(bridge: EditorBridge) {
  editor = bridge;
  if (cms.page) setBaseline(bridge.load(cms.page.content));
}

/** The editor goes (unless another one was lent since). */
export function detachEditor(bridge: EditorBridge) {
  if (editor === bridge) editor = null;
}

export const editorBridge = () => editor;

function setBaseline(html: string) {
  cms.baseline = html;
  cms.draft = html;
}

/** The text differs from the stored page (the HTML source is compared as the editor reads it, so line breaks alone are no change). */
export const isDirty = () =>
  cms.source !== null && !editor ? cms.source !== cms.baseline : cms.draft !== cms.baseline;

/** The HTML with a line after each block, to be read and edited by a person. */
export const readableHtml = (html: string) =>
  html.replace(/(<\/(?:h[1-6]|p|ul|ol|li|blockquote|pre)>|<hr\s*\/?>)(?!\n|<\/li>)/g, '$1\n');

/** The editor changed (typing, formatting). */
export function editorChanged(html: string) {
  cms.draft = html;
}

/** Show a page: its stored text in the editor, its history beside it. */
export async function openPage(type: CmsType): Promise<void> {
  // A phone opens a page on its text.
  cms.panelShown = false;
  if (cms.type !== type) {
    cms.type = type;
    cms.page = null;
    cms.source = null;
    cms.removed = [];
    cms.picked = null;
    cms.pickedText = null;
    cms.versions = [];
  }
  await Promise.all([reload(), loadVersions()]);
}

/** The page as stored now: into the editor, replacing what was typed. */
export async function reload(): Promise<CmsPage | undefined> {
  loading?.abort();
  const abort = (loading = new AbortController());
  const type = cms.type;
  cms.status = 'loading';
  try {
    const res = await call(showCmsPage, { query: { type } }, { signal: abort.signal });
    if (abort.signal.aborted || type !== cms.type) return undefined;
    cms.page = ref(res.data);
    cms.status = 'ready';
    cms.error = null;
    cms.source = null;
    setBaseline(editor ? editor.load(res.data.content) : res.data.content);
    return res.data;
  } catch (e) {
    if (abort.signal.aborted || (e instanceof ApiError && e.aborted)) return undefined;
    cms.status = 'failed';
    cms.error = e instanceof ApiError ? e.serverMessage || 'Failed to fetch data.' : 'Failed to fetch data.';
    throw e;
  }
}

export async function loadVersions(): Promise<void> {
  const type = cms.type;
  cms.versionsStatus = 'loading';
  try {
    const res = await call(listCmsVersions, { params: { type }, query: { page: 1, per_page: MAX_PER_PAGE } });
    if (type !== cms.type) return;
    cms.versions = ref(res.data);
    cms.versionsStatus = 'ready';
    // The picked version stays picked; a first look picks the one before the current.
    if (cms.picked === null || !res.data.some((v) => v.version === cms.picked))
      await pick(res.data[1]?.version ?? res.data[0]?.version ?? null);
  } catch (e) {
    if (type === cms.type) cms.versionsStatus = 'failed';
    throw e;
  }
}

/** Pick a version in the history: its text is fetched for the comparison. */
export async function pick(version: number | null): Promise<void> {
  cms.picked = version;
  if (version === null) {
    cms.pickedText = null;
    return;
  }
  if (cms.pickedText?.version === version && cms.pickedText.type === cms.type) return;
  const type = cms.type;
  const res = await call(showCmsVersion, { params: { type, version } });
  if (cms.picked === version && cms.type === type) cms.pickedText = ref(res.data);
}

/** One older (+1) or newer (-1) in the history. */
export function pickNext(step: 1 | -1): Promise<void> | undefined {
  const at = cms.versions.findIndex((v) => v.version === cms.picked);
  const next = cms.versions[Math.min(cms.versions.length - 1, Math.max(0, at + step))];
  return next && next.version !== cms.picked ? pick(next.version) : undefined;
}

/** Show the preview or the history; a phone shows it in place of the text, with Back. */
export function showPanel(panel: Panel) {
  cms.panel = panel;
  cms.panelShown = isPhone();
}

/** The text again, on a phone (Back from the panel). */
export const hidePanel = () => void (cms.panelShown = false);

/** Whether the panel is in sight: beside the text, or on a phone in its place. */
export const panelInSight = (panel: Panel) => cms.panel === panel && (cms.panelShown || !isPhone());

/** Edit the HTML itself, or go back to the rich text (the source is read into the editor). */
export function toggleSource() {
  if (cms.source === null) {
    cms.source = readableHtml(editor?.html() ?? cms.draft);
    return;
  }
  const source = cms.source;
  cms.source = null;
  if (editor) cms.draft = editor.load(source);
}

/** The source changed: the preview follows through the editor, which reads it without running anything. */
export function sourceChanged(text: string) {
  cms.source = text;
  if (editor) cms.draft = editor.load(text);
}

/**
 * Saves the text (multipart, as the product sends it): the source as typed when the HTML is
 * edited, else the editor's HTML. Then the page is fetched again, so the editor shows what the
 * server kept.
 */
export async function save(): Promise<CmsSaveAnswer> {
  const page = cms.page;
  if (!page) throw new Error('The page has not loaded yet.');
  const form = new FormData();
  form.append('content', cms.source ?? editor?.html() ?? cms.draft);
  form.append('version', String(page.version));
  cms.saving = true;
  try {
    const res = await call(saveCmsPage, { params: { type: cms.type }, body: form });
    cms.removed = res.removed;
    await Promise.all([reload(), loadVersions()]);
    return res;
  } finally {
    cms.saving = false;
  }
}

/** Restores a version: the server writes its text as a new version; then both are fetched again. */
export async function restore(version: number): Promise<CmsSaveAnswer> {
  const res = await call(restoreCmsVersion, { params: { type: cms.type, version } });
  cms.removed = res.removed;
  await Promise.all([reload(), loadVersions()]);
  return res;
}
