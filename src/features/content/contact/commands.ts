// The contact screen's commands: the shared list ones (find, delete, export) and its own:
// h / shift+h mark the highlighted message handled or open again, r starts a reply, mod+enter
// sends it, f steps the handled filter, u opens the app user who wrote. The reply being
// written waits here (per message), so leaving the message and coming back keeps it.
import { proxy } from 'valtio';
import { replyToContact, setContactHandled, type ContactMessage } from '@contract/contact';
import { call } from '@/api/call';
import { ApiError } from '@/api/client';
import { actionWords } from '@/commands/actions';
import { presetCommands } from '@/commands/filterCommands';
import { resourceCommands } from '@/commands/resourceCommands';
import { pathTo } from '@/commands/resourceScreen';
import { CommandError } from '@/commands/runner';
import { type Command, type Ctx, defineCommand } from '@/commands/types';
import { go } from '@/store/navigate';
import { userRoutes } from '@/screens/paths';
import { CONTACT_VIEW } from './entry';
import { contactRoutes } from '@/screens/paths';
import { contactScreen, contacts } from './screen';

export const replies = proxy({
  /** Reply text by message id. */
  drafts: {} as Record<number, string>,
  /** The message whose reply is on its way. */
  sending: null as number | null,
  /** The server's word on the last refused reply, by message id. */
  errors: {} as Record<number, string>,
  /** The message whose reply box takes the cursor once shown (`r`, or "Reply to contact message…" from anywhere). */
  focusFor: null as number | null,
});

const scope = `view:${CONTACT_VIEW}` as const;
const group = 'Contact messages';
const browsing = (ctx: Ctx) => ctx.mode === 'list' || ctx.mode === 'view';
/** The highlighted message (the open one, when one is open). */
export const messageOf = (ctx: Ctx): ContactMessage | undefined =>
  ctx.cursor?.resource === 'contact' ? contacts.find(ctx.cursor.id) : undefined;
const draftOf = (id: number) => (replies.drafts[id] ?? '').trim();

async function setHandled(m: ContactMessage, handled: boolean) {
  const res = await call(setContactHandled, { params: { id: m.id }, body: { handled } });
  contacts.replace(res.data);
  return res;
}

/** The handled filter, stepped by f: all → open → handled → all. */
const FILTER_STEPS = [null, 'false', 'true'] as const;

export const contactCommands: Command[] = [
  // 'h' marks a message handled here: its History has no key of its own (the palette finds it).
  ...resourceCommands(contactScreen, { historyKey: null }),
  ...presetCommands(contactScreen, [{ key: 'open', params: { handled: 'false' } }]),
  {
    id: 'contact.markHandled',
    needs: { permission: 'contact.write' },
    title: 'Mark handled',
    group,
    keywords: ['done', 'resolve', 'close', 'archive'],
    shortcut: 'h',
    scope,
    enabled: (ctx) => browsing(ctx) && messageOf(ctx)?.handled === false,
    run: (ctx) => setHandled(messageOf(ctx)!, true),
  },
  {
    id: 'contact.markOpen',
    needs: { permission: 'contact.write' },
    title: 'Mark not handled',
    group,
    keywords: ['open', 'reopen', 'unresolved', 'todo'],
    shortcut: 'shift+h',
    scope,
    enabled: (ctx) => browsing(ctx) && messageOf(ctx)?.handled === true,
    run: (ctx) => setHandled(messageOf(ctx)!, false),
  },
  defineCommand<ContactMessage>({
    id: 'contact.reply',
    needs: { permission: 'contact.write' },
    ...actionWords('contact.reply'),
    keywords: ['email', 'message', 'customer'],
    scope,
    anywhere: true,
    // Here: the highlighted message. From another screen the palette asks which, open ones first.
    enabled: (ctx) => ctx.view !== CONTACT_VIEW || (browsing(ctx) && !!messageOf(ctx)),
    pick: {
      placeholder: 'Reply to which message? (sender, subject)',
      async load(search, signal) {
        const res = await contacts.client.list({ query: search || undefined, page: 1, per_page: 20 }, { signal });
        const open = (m: ContactMessage) => (m.handled ? 1 : 0);
        return [...res.data]
          .sort((a, b) => open(a) - open(b))
          .map((m) => ({
            key: String(m.id),
            label: m.subject,
            hint: `${m.name} · ${m.handled ? 'handled' : 'open'}`,
            value: m,
          }));
      },
      fromContext: (ctx) => (ctx.view === CONTACT_VIEW ? messageOf(ctx) : undefined),
    },
    run: (ctx, m) => {
      replies.focusFor = m.id;
      if (ctx.view !== CONTACT_VIEW) go(pathTo(contactRoutes.view, m.id));
      else if (ctx.mode !== 'view' || ctx.list?.state.route.openId !== m.id) ctx.list?.open(m.id);
    },
  }),
  {
    id: 'contact.sendReply',
    needs: { permission: 'contact.write' },
    title: 'Send reply',
    group,
    keywords: ['email', 'answer', 'submit'],
    shortcut: 'mod+enter',
    scope,
    enabled: (ctx) => {
      const m = messageOf(ctx);
      return ctx.mode === 'view' && !!m && replies.sending === null && draftOf(m.id) !== '';
    },
    async run(ctx) {
      const m = messageOf(ctx)!;
      replies.sending = m.id;
      delete replies.errors[m.id];
      try {
        const res = await call(replyToContact, { params: { id: m.id }, body: { text: draftOf(m.id) } });
        contacts.replace(res.data);
        delete replies.drafts[m.id];
        // Recorded, but the mail did not go out: say so as a failure, not a success.
        if (res.data.replies.at(-1)?.mail_status === 'failed') throw new CommandError(res.message);
        return res;
      } catch (e) {
        if (e instanceof ApiError && e.fieldErrors.text) replies.errors[m.id] = e.fieldErrors.text;
        throw e;
      } finally {
        replies.sending = null;
      }
    },
  },
  {
    id: 'contact.cycleFilter',
    title: 'Show open, handled or all messages',
    group,
    keywords: ['filter', 'handled', 'open', 'unanswered'],
    shortcut: 'f',
    scope,
    enabled: browsing,
    run: (ctx) => {
      const now = ctx.list?.state.route.filters.handled ?? null;
      const next = FILTER_STEPS[(FILTER_STEPS.indexOf(now as (typeof FILTER_STEPS)[number]) + 1) % FILTER_STEPS.length];
      ctx.list?.setParams({ handled: next });
    },
  },
  {
    id: 'contact.openUser',
    title: 'Open the app user who wrote',
    group,
    keywords: ['sender', 'account', 'customer'],
    shortcut: 'u',
    scope,
    enabled: (ctx) => browsing(ctx) && !!messageOf(ctx)?.user_id,
    run: (ctx) => go(pathTo(userRoutes.view, messageOf(ctx)!.user_id!)),
  },
];
