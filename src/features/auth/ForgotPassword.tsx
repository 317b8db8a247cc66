import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { useSnapshot } from 'valtio';
import { ResetPasswordBody } from '@contract/auth';
import { labelsOf } from '@contract/fieldLabels';
import { authApi } from '@/api/auth';
import { clearSession, isSignedIn, session, withLoading } from '@/store/session';
import { Field } from '@/ui/Field';
import { toast } from '@/ui/toast';
import { AuthLayout } from './AuthLayout';
import { useAuthStep } from './authError';

/** The password fields as the contract names them: the server's messages say the same. */
const passwordLabel = labelsOf(ResetPasswordBody);

/** Step 3 of the reset: a new password, set with the session the code gave. */
export default function ForgotPassword() {
  const [, navigate] = useLocation();
  const s = useSnapshot(session);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const { error, fields, run } = useAuthStep();

  function submit(e: FormEvent) {
    e.preventDefault();
    return run(async () => {
      await withLoading(() => authApi.resetPassword(password, confirmation));
      // The server ended every session of this admin: sign in again with the new password.
      clearSession();
      navigate('/login', { replace: true });
      toast.success('Password changed successfully', { duration: 2000 });
    }, 'Failed to change password');
  }

  if (!isSignedIn(s)) {
    return (
      <AuthLayout
        title="Choose a new password"
        subtitle="Your reset session has ended. Ask for a new code to continue."
      >
        <Link href="/send-email">Request a code</Link>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Choose a new password" subtitle={s.userDetails?.email}>
      <form className="auth-form" onSubmit={submit} noValidate>
        {error && (
          <div className="alert" role="alert">
            {error}
          </div>
        )}
        <Field
          label={passwordLabel('password')}
          type="password"
          name="password"
          autoComplete="new-password"
          autoFocus
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={fields.password}
          hint="At least 8 characters."
        />
        <Field
          label={passwordLabel('password_confirmation')}
          type="password"
          name="password_confirmation"
          autoComplete="new-password"
          required
          value={confirmation}
          onChange={(e) => setConfirmation(e.target.value)}
          error={fields.password_confirmation}
        />
        <button type="submit" className="btn btn-primary btn-block">
          Change password
        </button>
      </form>
    </AuthLayout>
  );
}
