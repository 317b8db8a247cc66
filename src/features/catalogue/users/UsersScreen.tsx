import type { AdminUser } from '@contract/user';
import { ResourceListView } from '@/screens/ResourceListView';
import { formatDateTime } from '@/lib/format';
import { Badge, EmailLink, orDash, RowLine, Thumb } from '@/ui/bits';
import { UserForm } from './UserForm';
import { ROLE_LABELS, STATUS_LABELS, userScreen } from './screen';

export default function UsersScreen() {
  return (
    <ResourceListView<AdminUser>
      screen={userScreen}
      renderRow={(u) => <UserRow user={u} />}
      renderDetail={(u) => <UserDetail user={u} />}
      renderForm={(p) => <UserForm {...p} />}
    />
  );
}

function UserRow({ user }: { user: AdminUser }) {
  return (
    <>
      <Thumb src={user.avatar} name={user.name} round />
      <RowLine
        title={user.name}
        sub={user.email}
        end={
          <>
            {user.role === 'admin' && <Badge tone="accent">Admin</Badge>}
            {user.status === 'disabled' && <Badge tone="warn">Disabled</Badge>}
          </>
        }
      />
    </>
  );
}

function UserDetail({ user }: { user: AdminUser }) {
  return (
    <div className="rec-detail">
      <div className="rec-hero">
        <Thumb src={user.avatar} name={user.name} size={56} round />
        <div>
          <div className="rec-hero-title">{user.name}</div>
          <div className="rec-hero-sub">
            <Badge tone={user.role === 'admin' ? 'accent' : 'off'}>{ROLE_LABELS[user.role]}</Badge>
            <Badge tone={user.status === 'active' ? 'on' : 'warn'}>{STATUS_LABELS[user.status]}</Badge>
          </div>
        </div>
      </div>
      <dl className="props">
        <dt>Email</dt>
        <dd>
          <EmailLink email={user.email} />
        </dd>
        <dt>Phone</dt>
        <dd>{orDash(user.phone)}</dd>
        <dt>Role</dt>
        <dd>{ROLE_LABELS[user.role]}</dd>
        <dt>Status</dt>
        <dd>{user.status === 'disabled' ? 'Disabled: cannot sign in; every session was ended.' : 'Active'}</dd>
        <dt>Updated</dt>
        <dd>{formatDateTime(user.updated_at)}</dd>
        <dt>Joined</dt>
        <dd>{formatDateTime(user.created_at)}</dd>
        <dt>Id</dt>
        <dd className="mono">{user.id}</dd>
      </dl>
    </div>
  );
}
