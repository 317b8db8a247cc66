import { useState } from 'react';
import { ApiError } from '@/api/client';
import { errorText } from '@/api/errorText';

/** The server's sentence, else the product's stored fallback for this screen ('Login failed', …). */
export const authError = (e: unknown, fallback: string) =>
  e instanceof ApiError ? errorText(e.method, e.body, fallback) : fallback;

export const fieldErrorsOf = (e: unknown) => (e instanceof ApiError ? e.fieldErrors : {});

/**
 * The error state every sign-in step shares: `run(step, fallback)` clears the last error,
 * runs the step, and on failure keeps the server's sentence (else the product's fallback) and
 * its field errors for the fields to show.
 */
export function useAuthStep() {
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  // Nothing to await: a failure is the form's to show, so its submit handler returns nothing.
  function run(step: () => Promise<unknown>, fallback: string): void {
    setError(null);
    setFields({});
    step().catch((err: unknown) => {
      setError(authError(err, fallback));
      setFields(fieldErrorsOf(err));
    });
  }
  return { error, fields, run };
}
