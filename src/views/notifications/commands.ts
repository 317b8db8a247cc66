// The notifications screen's commands: the list's own (find, new, export, save) from the
// resource factory, with its create replaced by the send (the global loader on while the call
// runs; the twice-in-a-minute 409 asks, then sends again with `confirm`), and the cancel.
import { cancelNotification, type Notification } from '../../../contract/notification';
import { call } from '../../api/call';
import { ApiError } from '../../api/client';
import type { Payload } from '../../api/resourceClient';
import { resourceCommands, type SaveArg } from '../../commands/resourceCommands';
import type { Command, Ctx } from '../../commands/types';
import { session } from '../../store/session';
import { confirm } from '../../ui/confirmStore';
import { cancellable, notificationScreen, notifications } from './screen';

const scope = 'view:notifications' as const;
const { list } = notificationScreen;

const highlighted = (ctx: Ctx): Notification | undefined => (ctx.cursor?.resource === 'notification' ? notifications.find(ctx.cursor.id) : undefined);
const editing = (ctx: Ctx) => ctx.mode === 'edit' || ctx.mode === 'add';

/** The add call with the app's full-screen loader on while it runs (as the product has it). */
async function addWithLoader(data: Payload) {
  session.loading = true;
  try {
    return await notifications.add(data);
  } finally {
    session.loading = false;
  }
}

/** The server's answer to the same title, body and audience again within a minute. */
const isTwice = (e: unknown) => e instanceof ApiError && e.status === 409 && 'confirm' in e.fieldErrors;

const send: Command = {
  id: 'notification.create',
  title: 'Add notification',
  group: 'Notifications',
  scope,
  palette: false,
  enabled: editing,
  async run(_ctx, arg) {
    const { data } = arg as SaveArg;
    let res;
    try {
      res = await addWithLoader(data);
    } catch (e) {
      if (!isTwice(e)) throw e;
      // Not a conflict with someone's edit: the form needs no banner, the person a question.
      notifications.resetForm();
      const again = await confirm({
        title: 'Send it a second time?',
        body: 'The same title, message and audience were sent less than a minute ago. The people in this audience will get it twice.',
        confirmLabel: 'Send again',
      });
      if (!again) return undefined;
      res = await addWithLoader({ ...data, confirm: true });
    }
    list.showSaved(res.data.id);
    // Newest first: page 1 again, so the new one sits at the top with its progress.
    void notifications.load().catch(() => undefined);
    return res;
  },
};

const cancel: Command = {
  id: 'notification.cancel',
  title: 'Cancel notification',
  group: 'Notifications',
  keywords: ['stop', 'unschedule', 'abort'],
  shortcut: 'shift+c',
  scope,
  enabled: (ctx) => {
    if (editing(ctx)) return false;
    const n = highlighted(ctx);
    return !n || cancellable(n);
  },
  pick: {
    placeholder: 'Cancel which notification?',
    async load(search, signal) {
      const found = await Promise.all(
        (['scheduled', 'sending'] as const).map((status) => notifications.client.list({ query: search || undefined, filters: { status }, page: 1, per_page: 20 }, { signal })),
      );
      return found.flatMap((r) => r.data).map((n) => ({ key: String(n.id), label: n.title, hint: notificationScreen.describe(n).hint, value: n }));
    },
    fromContext: (ctx) => {
      const n = highlighted(ctx);
      return n && cancellable(n) ? n : undefined;
    },
  },
  async run(_ctx, arg) {
    const n = arg as Notification;
    const ok = await confirm({
      title: n.status === 'sending' ? 'Stop sending?' : 'Cancel this notification?',
      body:
        n.status === 'sending'
          ? `“${n.title}” has gone to ${n.sent_count.toLocaleString()} of ${n.audience_size.toLocaleString()} people. The rest will not get it.`
          : `“${n.title}” will not be sent.`,
      confirmLabel: n.status === 'sending' ? 'Stop sending' : 'Cancel notification',
      danger: true,
    });
    if (!ok) return undefined;
    const res = await call(cancelNotification, { params: { id: n.id } });
    notifications.replace(res.data);
    return res;
  },
};

/** The form's mod+enter sends: say so in the palette and the cheat sheet. */
const named = (c: Command): Command => (c.id === 'notification.save' ? { ...c, title: 'Send notification', keywords: ['submit', 'push', 'schedule'] } : c);

export const notificationCommands: Command[] = [...resourceCommands(notificationScreen).filter((c) => c.id !== send.id).map(named), send, cancel];
