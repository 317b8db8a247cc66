import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import type { PresenceMode, PresenceUser } from '@contract/presence';
import { presence, presenceLine } from '@/store/presence';

/** Up to two letters of a name, for its round badge. */
export const initialsOf = (name: string) =>
  (name.trim() || 'Someone')
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w.charAt(0).toUpperCase())
    .join('');

/**
 * Announces an open record while it is shown (src/store/presence.ts) and says who else has it
 * open: "Sara is editing", in a coloured badge with their initials (a faint grey line was
 * missed: an edit made over someone else's is the thing it warns of). Nothing for no one.
 */
export function PresenceNote({ resource, id, mode }: { resource: string; id: number; mode: PresenceMode }) {
  useEffect(() => presence.hold(resource, id, mode), [resource, id, mode]);
  const { byRecord } = useSnapshot(presence.state);
  const others = presence.others(resource, id, byRecord);
  const line = presenceLine(others);
  if (!line) return null;
  const editing = others.some((u) => u.mode === 'editing');
  return (
    <p className="pane-presence" role="status">
      <span className={`pane-presence-badge${editing ? ' is-editing' : ''}`}>
        <PresenceFaces users={others} />
        {line}
      </span>
    </p>
  );
}

/** Their initials in round badges (three at most, each person once): beside the words that name them. */
export function PresenceFaces({ users }: { users: readonly PresenceUser[] }) {
  const faces = [...new Map(users.map((u) => [u.id, u])).values()].slice(0, 3);
  return (
    <span className="pane-presence-faces" aria-hidden>
      {faces.map((u) => (
        <span key={u.id} className="pane-presence-face" title={u.name}>
          {initialsOf(u.name)}
        </span>
      ))}
    </span>
  );
}
