import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import type { PresenceMode } from '@contract/presence';
import { presence, presenceLine } from '@/store/presence';

/**
 * Announces an open record while it is shown (src/store/presence.ts) and says, quietly, who
 * else has it open: "Sara is editing". Nothing for no one.
 */
export function PresenceNote({ resource, id, mode }: { resource: string; id: number; mode: PresenceMode }) {
  useEffect(() => presence.hold(resource, id, mode), [resource, id, mode]);
  const { byRecord } = useSnapshot(presence.state);
  const line = presenceLine(presence.others(resource, id, byRecord));
  return line ? (
    <p className="pane-presence" role="status">
      {line}
    </p>
  ) : null;
}
