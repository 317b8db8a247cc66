import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { toast } from 'sonner';
import { authApi } from '../../api/auth';
import { withLoading } from '../../store/session';
import { Field } from '../../ui/Field';
import { AuthLayout } from './AuthLayout';
import { authError, fieldErrorsOf } from './authError';

/** Step 1 of the reset: ask for a code by e-mail. */
export default function SendEmail() {
  const [, navigate] = useLocation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setFields({});
    const address = email.trim();
    try {
      const res = await withLoading(() => authApi.forgotPassword(address));
      toast.success(res.message || 'Password reset instructions sent', { duration: 2000 });
      navigate(`/otp-verify?email=${encodeURIComponent(address)}`);
    } catch (err) {
      setError(authError(err, 'Failed to send password reset instructions'));
      setFields(fieldErrorsOf(err));
    }
  }

  return (
    <AuthLayout title="Reset your password" subtitle="We will e-mail you a 6-digit code.">
      <form className="auth-form" onSubmit={submit} noValidate>
        {error && (
          <div className="alert" role="alert">
            {error}
          </div>
        )}
        <Field label="Email" type="email" name="email" autoComplete="username" autoFocus required value={email} onChange={(e) => setEmail(e.target.value)} error={fields.email} />
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
