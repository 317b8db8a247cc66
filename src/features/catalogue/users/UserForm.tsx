import { useState } from 'react';
import type { AdminUser } from '@contract/user';
import type { Payload } from '@/api/resourceClient';
import { Field } from '@/ui/Field';
import { ImageField, SelectField } from '@/ui/FormFields';
import { ResourceForm } from '@/screens/ResourceForm';
import type { FormProps } from '@/screens/ResourceListView';
import { textOrNull } from '@/ui/formParts';
import { ROLE_LABELS, STATUS_LABELS } from './screen';

const FIELDS = ['name', 'email', 'phone', 'role', 'status', 'password', 'avatar'];
const ROLES = (['user', 'viewer', 'reviewer', 'editor', 'admin'] as const).map((r) => ({
  value: r,
  label: ROLE_LABELS[r],
}));
const STATUSES = (['active', 'disabled'] as const).map((s) => ({ value: s, label: STATUS_LABELS[s] }));

/** Add or edit a user. A password is optional: new users may sign in with codes; an edit sets a new one only when typed. */
export function UserForm(props: FormProps<AdminUser>) {
  const { record, errors } = props;
  const [name, setName] = useState(record?.name ?? '');
  const [email, setEmail] = useState(record?.email ?? '');
  const [phone, setPhone] = useState(record?.phone ?? '');
  const [role, setRole] = useState<string>(record?.role ?? 'user');
  const [status, setStatus] = useState<string>(record?.status ?? 'active');
  const [password, setPassword] = useState('');
  const [avatar, setAvatar] = useState<File | null>(null);
  const [clearAvatar, setClearAvatar] = useState(false);

  const collect = (): Payload => {
    const data: Payload = { name: name.trim(), email: email.trim(), phone: textOrNull(phone), role, status };
    if (password) data.password = password;
    if (avatar) data.avatar = avatar;
    else if (clearAvatar && record?.avatar) data.remove_avatar = true;
    return data;
  };

  return (
    <ResourceForm
      {...props}
      what="user"
      editTitle={record ? `Edit ${record.name}` : undefined}
      createLabel="Create user"
      fields={FIELDS}
      collect={collect}
    >
      <Field
        label="Name"
        name="name"
        autoFocus
        required
        autoComplete="off"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
      />
      <Field
        label="Email"
        name="email"
        type="email"
        required
        autoComplete="off"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
      />
      <Field
        label="Phone"
        name="phone"
        type="tel"
        autoComplete="off"
        placeholder="+971 50 000 0000"
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
        error={errors.phone}
      />
      <div className="field-pair">
        <SelectField
          label="Role"
          name="role"
          value={role}
          onChange={(e) => setRole(e.target.value)}
          options={ROLES}
          emptyLabel="Choose a role"
          error={errors.role}
        />
        <SelectField
          label="Status"
          name="status"
          value={status}
          onChange={(e) => setStatus(e.target.value)}
          options={STATUSES}
          emptyLabel="Choose a status"
          error={errors.status}
          hint={
            status === 'disabled' && record?.status !== 'disabled'
              ? 'Saving ends every session of this user.'
              : undefined
          }
        />
      </div>
      <Field
        label={record ? 'Set a new password' : 'Password'}
        name="password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
        hint={
          record
            ? 'Leave empty to keep the current one. A new password signs the user out everywhere.'
            : 'Optional, at least 8 characters. Without one the user signs in with e-mailed codes.'
        }
      />
      <ImageField
        label="Avatar"
        name="avatar"
        current={record?.avatar ?? null}
        file={avatar}
        onFile={setAvatar}
        clear={clearAvatar}
        onClear={setClearAvatar}
        error={errors.avatar}
      />
    </ResourceForm>
  );
}
