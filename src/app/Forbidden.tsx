import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import type { ScreenEntry } from '@/screens/screenEntry';
import { allows, refusal, roleLabel, type Needs } from '@/store/role';
import { session } from '@/store/session';

interface ForbiddenProps {
  /** What the page needs that the signed-in role lacks. */
  needs: Needs | undefined;
  /** The screen the page belongs to: its list is the way back when the role may read it. */
  screen?: Pick<ScreenEntry, 'title' | 'nav' | 'needs'>;
}

/**
 * A page the signed-in role may not open (a form it may not send, a screen of another role's),
 * shown inside the frame so the sidebar, the palette and the keys lead on; in the words the
 * server's refusal uses (contract/roles.ts refusalFor).
 */
export default function Forbidden({ needs, screen }: ForbiddenProps) {
  const role = useSnapshot(session).userDetails?.role ?? null;
  const back = screen?.nav && allows(screen.needs, role) ? screen.nav : undefined;
  return (
    <div className="empty forbidden" style={{ minHeight: '100%' }} data-testid="forbidden">
      <p className="muted mono">{roleLabel(role)}</p>
      <h1>You can’t open this</h1>
      <p>{refusal(needs, role)}</p>
      <p className="muted">An admin can give your account another role on the Users screen.</p>
      <p style={{ display: 'flex', gap: 16, justifyContent: 'center' }}>
        {back && <Link href={back.path}>Back to {screen!.title}</Link>}
        <Link href="/">Go to the dashboard</Link>
      </p>
    </div>
  );
}
