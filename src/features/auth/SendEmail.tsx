import { useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { authApi } from '@/api/auth';
import { withLoading } from '@/store/session';
import { Field } from '@/ui/Field';
import { toast } from '@/ui/toast';
import { AuthLayout } from './AuthLayout';
import { useAuthStep } from './authError';

/** What the mailed code is for: resetting the password (default) or signing in with it. */
const PURPOSES = {
  reset: {
    title: 'Reset your password',
    send: authApi.forgotPassword,
    sent: 'Password reset instructions sent',
    failed: 'Failed to send password reset instructions',
  },
  login: {
    title: 'Sign in with a code',
    send: authApi.requestOtp,
    sent: 'OTP request sent successfully',
    failed: 'Failed to send OTP request',
  },
} as const;

/** Step 1: ask for a code by e-mail (`?purpose=login` signs in with it instead of resetting). */
export default function SendEmail() {
  const [, navigate] = useLocation();
  const purpose = new URLSearchParams(useSearch()).get('purpose') === 'login' ? 'login' : 'reset';
  const p = PURPOSES[purpose];
  const [email, setEmail] = useState('');
  const { error, fields, run } = useAuthStep();

  function submit(e: FormEvent) {
    e.preventDefault();
    const address = email.trim();
    return run(async () => {
      const res = await withLoading(() => p.send(address));
      toast.success(res.message || p.sent, { duration: 2000 });
      navigate(`/otp-verify?email=${encodeURIComponent(address)}${purpose === 'login' ? '&purpose=login' : ''}`);
    }, p.failed);
  }

  return (
    <AuthLayout title={p.title} subtitle="We will e-mail you a 6-digit code.">
      <form className="auth-form" onSubmit={submit} noValidate>
        {error && (
          <div className="alert" role="alert">
            {error}
          </div>
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
        <button type="submit" className="btn btn-primary btn-block">
          Send code
        </button>
      </form>
      <div className="auth-links">
        <Link href="/login">Back to sign in</Link>
      </div>
    </AuthLayout>
  );
}
