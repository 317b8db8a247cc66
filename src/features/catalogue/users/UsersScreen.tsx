import type { AdminUser } from '@contract/user';
import { ResourceListView } from '@/screens/ResourceListView';
import { formatDateTime } from '@/lib/format';
import { Badge, EmailLink, orDash, RowLine, Thumb } from '@/ui/bits';
import { SchemaForm, type FieldTweak } from '@/screens/SchemaForm';
import { ROLE_LABELS, STATUS_LABELS, userScreen } from './screen';

const ROLES = (['user', 'viewer', 'reviewer', 'editor', 'admin'] as const).map((r) => ({
  value: r,
  label: ROLE_LABELS[r],
}));
const STATUSES = (['active', 'disabled'] as const).map((s) => ({ value: s, label: STATUS_LABELS[s] }));

/**
 * What the user form says beyond the contract (contract/user.ts): a new user is an active app
 * user; a password is optional (new users may sign in with e-mailed codes) and an edit sets a
 * new one only when typed (SchemaForm leaves a blank one out).
 */
const userFields = (record: AdminUser | null): Readonly<Record<string, FieldTweak>> => ({
  phone: { placeholder: '+971 50 000 0000' },
  role: { options: ROLES, initial: 'user' },
  status: {
    options: STATUSES,
    initial: 'active',
    hint: (status) =>
      status === 'disabled' && record?.status !== 'disabled' ? 'Saving ends every session of this user.' : undefined,
  },
  password: {
    label: record ? 'Set a new password' : 'Password',
    input: { type: 'password', autoComplete: 'new-password' },
    hint: record
      ? 'Leave empty to keep the current one. A new password signs the user out everywhere.'
      : 'Optional, at least 8 characters. Without one the user signs in with e-mailed codes.',
  },
});
const USER_PAIRS = [['role', 'status']] as const;

export default function UsersScreen() {
  return (
    <ResourceListView<AdminUser>
      screen={userScreen}
      renderRow={(u) => <UserRow user={u} />}
      renderDetail={(u) => <UserDetail user={u} />}
      renderForm={(p) => <SchemaForm {...p} screen={userScreen} fields={userFields(p.record)} pairs={USER_PAIRS} />}
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
