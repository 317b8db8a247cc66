import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { OTP_RESEND_MS } from '@contract/auth';
import { authApi } from '@/api/auth';
import { signIn, withLoading } from '@/store/session';
import { Field } from '@/ui/Field';
import { toast } from '@/ui/toast';
import { AuthLayout } from './AuthLayout';
import { useAuthStep } from './authError';

/**
 * Step 2: the mailed code signs the admin in. For a reset they then choose a new password;
 * with `?purpose=login` they go straight to the dashboard.
 */
export default function OtpVerify() {
  const [, navigate] = useLocation();
  const search = new URLSearchParams(useSearch());
  const email = search.get('email') ?? '';
  const signingIn = search.get('purpose') === 'login';
  const [otp, setOtp] = useState('');
  const { error, fields, run } = useAuthStep();
  // A code was just sent to reach this page: the server refuses another for 60 s.
  const [resendAt, setResendAt] = useState(() => Date.now() + OTP_RESEND_MS);
  const wait = useCountdown(resendAt);

  function submit(e: FormEvent) {
    e.preventDefault();
    return run(async () => {
      const res = await withLoading(() => authApi.verifyOtp(email, otp.trim()));
      await signIn(res.data);
      toast.success(res.message || 'OTP verified successfully', { duration: 2000 });
      navigate(signingIn ? '/' : '/forgot-password', { replace: true });
    }, 'OTP verification failed');
  }

  const resend = () =>
    run(async () => {
      // A reset code is resent as a reset code, so the mail says what it is for.
      const res = await withLoading(() => (signingIn ? authApi.resendOtp(email) : authApi.forgotPassword(email)));
      toast.success(res.message || 'OTP re-sent successfully', { duration: 2000 });
      setResendAt(Date.now() + OTP_RESEND_MS);
    }, 'Failed to send OTP request');

  if (!email) {
    return (
      <AuthLayout title="Enter your code" subtitle="We need the e-mail address the code was sent to.">
        <Link href={signingIn ? '/send-email?purpose=login' : '/send-email'}>Request a code</Link>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Enter your code"
      subtitle={
        <>
          We sent a 6-digit code to <strong>{email}</strong>.
        </>
      }
    >
      <form className="auth-form" onSubmit={submit} noValidate>
        {error && (
          <div className="alert" role="alert">
            {error}
          </div>
        )}
        <Field
          label="Verification code"
          className="otp"
          name="otp"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          autoFocus
          required
          value={otp}
          onChange={(e) => setOtp(e.target.value.replace(/\D/g, '').slice(0, 6))}
          error={fields.otp}
        />
        <button type="submit" className="btn btn-primary btn-block">
          Verify
        </button>
      </form>
      <div className="auth-links">
        <button type="button" className="btn btn-ghost" onClick={resend} disabled={wait > 0}>
          {wait > 0 ? `Resend code (${wait}s)` : 'Resend code'}
        </button>
        <Link href={signingIn ? '/send-email?purpose=login' : '/send-email'}>Use another e-mail</Link>
      </div>
    </AuthLayout>
  );
}

/** Whole seconds until `at`, ticking down to 0. */
function useCountdown(at: number): number {
  const left = () => Math.max(0, Math.ceil((at - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    const t = setInterval(() => {
      const s = left();
      setSeconds(s);
      if (s === 0) clearInterval(t);
    }, 1000);
    return () => clearInterval(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `left` is new each render but reads only `at`
  }, [at]);
  return seconds;
}
