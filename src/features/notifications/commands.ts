// The notifications screen's commands: the list's own (find, new, export, save) from the
// resource factory, with its create replaced by the send (the global loader on while the call
// runs; the server's two questions asked: the twice-in-a-minute 409 sends again with
// `confirm`, a send to more than one user "Send to 191 users?" with `expect`), and the cancel.
import { cancelNotification, previewAudience, type Audience, type Notification } from '@contract/notification';
import { call } from '@/api/call';
import { ApiError } from '@/api/client';
import type { Payload } from '@/api/resourceClient';
import { actionWords } from '@/commands/actions';
import { resourceCommands, type SaveArg } from '@/commands/resourceCommands';
import { type Command, type Ctx, defineCommand } from '@/commands/types';
import { session } from '@/store/session';
import { confirm } from '@/ui/confirmStore';
import { displayOf } from '@/lib/dateText';
import { audienceText, cancellable, notificationScreen, notifications } from './screen';
import { formatNumber } from '@/lib/format';

const scope = 'view:notifications' as const;
const { list } = notificationScreen;

const highlighted = (ctx: Ctx): Notification | undefined =>
  ctx.cursor?.resource === 'notification' ? notifications.find(ctx.cursor.id) : undefined;
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
/** The server's answer to a send to many without the audience size confirmed (or with one no longer true). */
const isUnconfirmedSize = (e: unknown) => e instanceof ApiError && e.status === 409 && 'expect' in e.fieldErrors;

/** At most this many questions for one send (an audience changing under every answer stops asking). */
const MAX_QUESTIONS = 4;

/**
 * "Send to 191 users?": the audience counted now, named, and asked about. The server asked
 * for it (a 409 on `expect`), so every other check of the form has passed. Returns the size
 * confirmed, or null when the admin said no.
 */
async function confirmAudience(data: Payload, before: unknown): Promise<number | null> {
  const audience = data.audience as Audience;
  const id = typeof data.audience_id === 'number' ? data.audience_id : undefined;
  const { data: now } = await call(previewAudience, {
    query: { audience, ...(audience !== 'all' && id !== undefined && { audience_id: id }) },
  });
  const people = `${formatNumber(now.size)} ${now.size === 1 ? 'user' : 'users'}`;
  const later = typeof data.send_at === 'string' && data.send_at ? displayOf('datetime', data.send_at) : null;
  const changed =
    typeof before === 'number' && before !== now.size
      ? `The audience has changed: it was ${formatNumber(before)}. `
      : '';
  const ok = await confirm({
    title: later ? `Schedule for ${people}?` : `Send to ${people}?`,
    body: `${changed}“${String(data.title)}” goes to ${audienceText({ ...now, audience_id: now.audience_id ?? null }).replace(/^All/, 'all')}: ${people} ${later ? `at ${later} Dubai time` : 'at once'}. A push cannot be taken back.`,
    confirmLabel: later ? `Schedule for ${people}` : `Send to ${people}`,
  });
  return ok ? now.size : null;
}

const send = defineCommand<SaveArg>({
  id: 'notification.create',
  needs: { permission: 'notification.write' },
  title: 'Add notification',
  group: 'Notifications',
  scope,
  palette: false,
  enabled: editing,
  async run(_ctx, { data }) {
    // The form is sent as it is first: its field errors come before any question, and the
    // server says which question it needs (each answered one rides along on the next send).
    const body: Payload = { ...data };
    let res;
    for (let asked = 0; !res; asked++) {
      try {
        res = await addWithLoader(body);
      } catch (e) {
        if (asked >= MAX_QUESTIONS || !(isTwice(e) || isUnconfirmedSize(e))) throw e;
        // Not a conflict with someone's edit: the form needs no banner, the person a question.
        notifications.resetForm();
        if (isUnconfirmedSize(e)) {
          const size = await confirmAudience(body, body.expect);
          if (size === null) return undefined;
          body.expect = size;
          continue;
        }
        const again = await confirm({
          title: 'Send it a second time?',
          body: 'The same title, message and audience were sent less than a minute ago. The people in this audience will get it twice.',
          confirmLabel: 'Send again',
        });
        if (!again) return undefined;
        body.confirm = true;
      }
    }
    list.showSaved(res.data.id);
    // Newest first: page 1 again, so the new one sits at the top with its progress.
    void notifications.load().catch(() => undefined);
    return res;
  },
});

const cancel = defineCommand<Notification>({
  id: 'notification.cancel',
  needs: { permission: 'notification.write' },
  ...actionWords('notification.cancel'),
  keywords: ['stop', 'abort'],
  scope,
  anywhere: true,
  enabled: (ctx) => {
    // From another screen the palette asks which one.
    if (ctx.view !== 'notifications') return true;
    if (editing(ctx)) return false;
    const n = highlighted(ctx);
    return !n || cancellable(n);
  },
  pick: {
    placeholder: 'Cancel which notification?',
    async load(search, signal) {
      const found = await Promise.all(
        (['scheduled', 'sending'] as const).map((status) =>
          notifications.client.list(
            { query: search || undefined, filters: { status }, page: 1, per_page: 20 },
            { signal },
          ),
        ),
      );
      return found
        .flatMap((r) => r.data)
        .map((n) => ({ key: String(n.id), label: n.title, hint: notificationScreen.describe(n).hint, value: n }));
    },
    fromContext: (ctx) => {
      const n = highlighted(ctx);
      return n && cancellable(n) ? n : undefined;
    },
  },
  async run(_ctx, n) {
    const ok = await confirm({
      title: n.status === 'sending' ? 'Stop sending?' : 'Cancel this notification?',
      body:
        n.status === 'sending'
          ? `“${n.title}” has gone to ${formatNumber(n.sent_count)} of ${formatNumber(n.audience_size)} people. The rest will not get it.`
          : `“${n.title}” will not be sent.`,
      confirmLabel: n.status === 'sending' ? 'Stop sending' : 'Cancel notification',
      danger: true,
    });
    if (!ok) return undefined;
    const res = await call(cancelNotification, { params: { id: n.id } });
    notifications.replace(res.data);
    return res;
  },
});

/**
 * Notifications are sent, not made: "Send notification…" opens the compose form (from any
 * screen), whose mod+enter sends; the palette and the cheat sheet say so.
 */
function named(c: Command): Command {
  if (c.id === 'notification.save')
    return { ...c, title: 'Send notification', keywords: ['submit', 'push', 'schedule'] };
  if (c.id !== 'notification.new') return c;
  return {
    ...c,
    ...actionWords('notification.new'),
    keywords: ['message', 'schedule', 'app users'],
    // Composing already: the form is open.
    enabled: (ctx) => !(ctx.view === 'notifications' && ctx.mode === 'add'),
  };
}

export const notificationCommands: Command[] = [
  ...resourceCommands(notificationScreen)
    .filter((c) => c.id !== send.id)
    .map(named),
  send,
  cancel,
];
