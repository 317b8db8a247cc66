// Live progress: while a listed notification is sending, or scheduled and due, it is fetched
// again every 1.5 s and put in place (row and pane), until it is sent, failed or cancelled.
// Only those are asked for (their show call), not the whole list.
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import type { Notification } from '@contract/notification';
import { notifications } from './screen';

const EVERY_MS = 1500;

const live = (n: Pick<Notification, 'status' | 'send_at'>, now: number) =>
  n.status === 'sending' || (n.status === 'scheduled' && Date.parse(n.send_at) <= now);

export function useLiveProgress() {
  const s = useSnapshot(notifications.state);
  const items = s.items as readonly Notification[];
  const current = s.current as Notification | null;
  const now = Date.now();
  // The ids to follow, as one string: the effect restarts only when that set changes.
  const ids = [...new Set([...items, ...(current ? [current] : [])].filter((n) => live(n, now)).map((n) => n.id))].join(
    ',',
  );
  // Scheduled ones become due while the screen is open: look again at the next one's time.
  const nextDue = Math.min(...items.filter((n) => n.status === 'scheduled').map((n) => Date.parse(n.send_at)));

  useEffect(() => {
    if (!ids) return;
    const list = ids.split(',').map(Number);
    let stopped = false;
    const timer = setInterval(() => {
      for (const id of list) {
        notifications.client.show(id).then(
          (res) => void (!stopped && notifications.replace(res.data)),
          () => undefined,
        );
      }
    }, EVERY_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [ids]);

  useEffect(() => {
    if (!Number.isFinite(nextDue)) return;
    // A re-render at the due time puts that one among the followed (setTimeout caps at ~24.8 days).
    const wait = Math.min(Math.max(0, nextDue - Date.now()) + 500, 2 ** 31 - 1);
    const timer = setTimeout(() => void notifications.load().catch(() => undefined), wait);
    return () => clearTimeout(timer);
  }, [nextDue]);
}
