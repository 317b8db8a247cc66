import { ApiError } from '../../api/client';
import { errorText } from '../../api/errorText';

/** The server's sentence, else SPEC.md's stored fallback for this screen ('Login failed', …). */
export const authError = (e: unknown, fallback: string) =>
  e instanceof ApiError ? errorText(e.method, e.body, fallback) : fallback;

export const fieldErrorsOf = (e: unknown) => (e instanceof ApiError ? e.fieldErrors : {});
