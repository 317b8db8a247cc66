import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { ResetPasswordBody } from '@contract/auth';
import { labelsOf } from '@contract/fieldLabels';
import { authApi } from '@/api/auth';
import { runCommand } from '@/commands/runner';
import { roleLabel } from '@/store/role';
import { session, setUserDetails } from '@/store/session';
import { setActiveView } from '@/store/ui';
import { Field } from '@/ui/Field';
import { handled } from '@/ui/handled';
import { useObjectUrl } from '@/ui/useObjectUrl';
import { profileForms } from './commands';
import { KeysCard } from './KeysCard';
import './profile.css';

/** The password fields as the contract names them: the server's messages say the same. */
const passwordLabel = labelsOf(ResetPasswordBody);

export default function Profile() {
  const { userDetails: user } = useSnapshot(session);

  useEffect(() => {
    setActiveView('profile');
    // Refresh what localStorage remembers; a failure just leaves the stored copy.
    authApi.showUser().then(
      (res) => setUserDetails(res.data),
      () => undefined,
    );
    return () => setActiveView(null);
  }, []);

  return (
    <div className="page">
      <div className="page-head">
        <h1>Profile</h1>
      </div>
      <div className="profile-grid">
        {user && <ProfileForm key={user.updated_at} />}
        <PasswordForm />
        <KeysCard />
      </div>
    </div>
  );
}

function ProfileForm() {
  const { userDetails: user } = useSnapshot(session);
  const { profileErrors: errors } = useSnapshot(profileForms);
  const [name, setName] = useState(user?.name ?? '');
  const [phone, setPhone] = useState(user?.phone ?? '');
  const [avatar, setAvatar] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const preview = useObjectUrl(avatar) ?? user?.avatar ?? null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const form = new FormData();
    form.append('name', name.trim());
    form.append('phone', phone.trim());
    if (avatar) form.append('avatar', avatar);
    setBusy(true);
    await runCommand('profile.update', 'button', form);
    setBusy(false);
  }

  return (
    <form className="card" onSubmit={handled(submit)} aria-labelledby="profile-title" noValidate>
      <h2 id="profile-title">Your details</h2>
      <div className="profile-head">
        <span className="avatar avatar-lg" aria-hidden>
          {preview ? <img src={preview} alt="" /> : (user?.name ?? '?').slice(0, 1).toUpperCase()}
        </span>
        <div>
          <div className="profile-email">{user?.email}</div>
          <div className="muted" data-testid="profile-role">
            {roleLabel(user?.role)}
          </div>
        </div>
      </div>
      <Field
        label="Name"
        name="name"
        autoComplete="name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
      />
      <Field
        label="Phone"
        name="phone"
        type="tel"
        autoComplete="tel"
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
        error={errors.phone}
      />
      <Field
        label="Avatar"
        name="avatar"
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
        onChange={(e) => setAvatar(e.target.files?.[0] ?? null)}
        error={errors.avatar}
      />
      <div className="pane-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          Save profile
        </button>
      </div>
    </form>
  );
}

function PasswordForm() {
  const { passwordErrors: errors, focusPassword } = useSnapshot(profileForms);
  const form = useRef<HTMLFormElement>(null);
  // "Change password…" (./commands.ts): the new password's field, once the palette has handed
  // the focus back (src/ui/focusReturn.ts runs as it closes).
  useEffect(() => {
    if (!focusPassword) return;
    const t = setTimeout(() => form.current?.querySelector<HTMLInputElement>('input[name="password"]')?.focus(), 50);
    return () => clearTimeout(t);
  }, [focusPassword]);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    await runCommand('profile.password', 'button', { password, confirmation });
    setBusy(false);
  }

  return (
    <form ref={form} className="card" onSubmit={handled(submit)} aria-labelledby="password-title" noValidate>
      <h2 id="password-title">Change password</h2>
      <p className="muted">You will be signed out everywhere and sign in again with the new password.</p>
      <Field
        label={passwordLabel('password')}
        type="password"
        name="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
      />
      <Field
        label={passwordLabel('password_confirmation')}
        type="password"
        name="password_confirmation"
        autoComplete="new-password"
        value={confirmation}
        onChange={(e) => setConfirmation(e.target.value)}
        error={errors.password_confirmation}
      />
      <div className="pane-actions">
        <button type="submit" className="btn" disabled={busy || !password}>
          Change password
        </button>
      </div>
    </form>
  );
}
