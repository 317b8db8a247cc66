import { useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { authApi } from '@/api/auth';
import { session, signIn, withLoading } from '@/store/session';
import { Field } from '@/ui/Field';
import { AuthLayout } from './AuthLayout';
import { useAuthStep } from './authError';

export default function Login() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { error, fields, run } = useAuthStep();
  // Why the last session ended, when it was not the person's choice (a 401's reason).
  const { endedWhy } = useSnapshot(session);

  function submit(e: FormEvent) {
    e.preventDefault();
    return run(async () => {
      const res = await withLoading(() => authApi.login(email.trim(), password));
      // Signed in: the public route wrapper sends us on (to ?next= or the dashboard).
      await signIn(res.data);
    }, 'Login failed');
  }

  return (
    <AuthLayout title="Sign in" subtitle="Administrators of the cards and offers catalogue.">
      <form className="auth-form" onSubmit={submit} noValidate>
        {error ? (
          <div className="alert" role="alert">
            {error}
          </div>
        ) : (
          endedWhy && (
            <div className="alert alert-note" role="status">
              {endedWhy}
            </div>
          )
        )}
        <Field
          label="Email"
          type="email"
          name="email"
          autoComplete="username"
          autoFocus
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={fields.email}
        />
        <Field
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={fields.password}
        />
        <button type="submit" className="btn btn-primary btn-block">
          Sign in
        </button>
      </form>
      <div className="auth-links">
        <Link href="/send-email">Forgot password?</Link>
        <Link href="/send-email?purpose=login">Sign in with a code</Link>
      </div>
    </AuthLayout>
  );
}
