import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { MessageEnvelope, RecordEnvelope } from './envelope';
import { Timestamps } from './fields';
import { ADMIN_ROOT, AUTH_ROOT, defineOp } from './operation';
import { ROLES } from './roles';

/** admin | editor | reviewer | viewer (staff, contract/roles.ts) | user (the Cards app's accounts). */
export const Role = Type.Union(ROLES.map((r) => Type.Literal(r)));

export const User = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  phone: Type.Union([Type.String(), Type.Null()]),
  avatar: Type.Union([Type.String(), Type.Null()]),
  role: Role,
  status: Type.Union([Type.Literal('active'), Type.Literal('disabled')]),
  version: Timestamps.version,
  created_at: Timestamps.created_at,
  updated_at: Timestamps.updated_at,
});
export type User = Static<typeof User>;

const Email = Type.String({ format: 'email', maxLength: 254 });
export const Password = Type.String({ minLength: 8, maxLength: 200 });

export const LoginBody = Type.Object({ email: Email, password: Type.String({ minLength: 1, maxLength: 200 }) });
export const EmailBody = Type.Object({ email: Email });
export const VerifyOtpBody = Type.Object({ email: Email, otp: Type.String({ pattern: '^[0-9]{6}$' }) });
export const ResetPasswordBody = Type.Object({
  password: { ...Password, title: 'New password' },
  password_confirmation: Type.String({ maxLength: 200, title: 'Confirm password' }),
});
export const UpdateProfileBody = Type.Object({
  name: Type.Optional(Type.String({ minLength: 2, maxLength: 120 })),
  phone: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 30, pattern: '^[0-9+() -]+$' })])),
});

export const Session = Type.Object({
  token: Type.String(),
  user_id: Type.Integer(),
  user: User,
  expires_at: Type.String(),
});
export type Session = Static<typeof Session>;

/**
 * Why a bearer token no longer lets its holder in: the `reason` of a 401's body, beside its
 * message, so the sign-in page can say why (another tab changed the password, say). `missing`:
 * no token, or one the server never issued.
 */
export const SESSION_END_REASONS = [
  'missing',
  'expired',
  'signed_out',
  'password_changed',
  'account_disabled',
] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];
export const SESSION_ENDED: Record<SessionEndReason, string> = {
  missing: 'Sign in to continue.',
  expired: 'Your session has expired. Please sign in again.',
  signed_out: 'You were signed out. Please sign in again.',
  password_changed: 'Your password was changed; sign in again.',
  account_disabled: 'Your account has been disabled.',
};
export const isSessionEndReason = (v: unknown): v is SessionEndReason =>
  typeof v === 'string' && (SESSION_END_REASONS as readonly string[]).includes(v);

/** A session lasts 3 days. */
export const SESSION_TTL_MS = 259_200_000;
export const OTP_TTL_MS = 10 * 60_000;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_MS = 60_000;

/**
 * Sign-in limits (README.md, "Sign-in limits"; server/services/signinLimits.ts). Per account:
 * after `accountFailures` failed sign-ins (wrong password or wrong code) every try is refused
 * for `firstPauseMs`, doubled by each further failure up to `maxPauseMs`; a success, or
 * `windowMs` without a failure or a pause, forgets the count. Per client address, per
 * `windowMs`: at most `addressFailures` failed sign-ins and `addressCodeRequests` code requests.
 */
export const SIGNIN_LIMITS = {
  accountFailures: 5,
  firstPauseMs: 30_000,
  maxPauseMs: 15 * 60_000,
  windowMs: 15 * 60_000,
  addressFailures: 30,
  addressCodeRequests: 10,
} as const;

/** 30 → '30 seconds', 60 → '1 minute', 61 → '2 minutes'. */
export const waitText = (seconds: number) =>
  seconds < 60
    ? `${seconds} second${seconds === 1 ? '' : 's'}`
    : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}`;
export const tooManyAttempts = (seconds: number) => `Too many attempts. Try again in ${waitText(seconds)}.`;
export const tooManyCodeRequests = (seconds: number) => `Too many code requests. Try again in ${waitText(seconds)}.`;

// ---- the calls (contract/api.md lists them all) ----

const tag = 'Authentication';
const SessionEnvelope = RecordEnvelope(Session);
const auth = { tag, access: 'public' as const };

export const login = defineOp({
  ...auth,
  id: 'auth.login',
  method: 'POST',
  path: `${AUTH_ROOT}/login`,
  summary: 'Sign in with e-mail and password',
  body: LoginBody,
  response: SessionEnvelope,
});

/** request_otp, resend_otp and forgot_password answer alike, whether or not the e-mail exists. */
const codeOp = (id: string, path: string, summary: string, message: string) =>
  defineOp({
    ...auth,
    id,
    method: 'POST',
    path: `${AUTH_ROOT}${path}`,
    summary,
    body: EmailBody,
    response: MessageEnvelope,
    message,
  });
export const CODE_SENT = 'If an account exists for that e-mail, a code is on its way.';
export const requestOtp = codeOp(
  'auth.requestOtp',
  '/request_otp',
  'Mail a sign-in code',
  `OTP request sent successfully. ${CODE_SENT}`,
);
export const resendOtp = codeOp(
  'auth.resendOtp',
  '/resend_otp',
  'Mail a new sign-in code',
  `OTP re-sent successfully. ${CODE_SENT}`,
);
export const forgotPassword = codeOp(
  'auth.forgotPassword',
  '/forgot_password',
  'Mail a password-reset code',
  `Password reset instructions sent. ${CODE_SENT}`,
);

export const verifyOtp = defineOp({
  ...auth,
  id: 'auth.verifyOtp',
  method: 'POST',
  path: `${AUTH_ROOT}/verify_otp`,
  summary: 'Exchange a mailed code for a session',
  body: VerifyOtpBody,
  response: SessionEnvelope,
  message: 'OTP verified successfully',
});

export const resetPassword = defineOp({
  tag,
  access: 'user',
  id: 'auth.resetPassword',
  method: 'POST',
  path: `${AUTH_ROOT}/reset_password`,
  summary: 'Set a new password (ends every session)',
  body: ResetPasswordBody,
  multipart: true,
  response: MessageEnvelope,
  message: 'Password changed successfully',
});

export const updateProfile = defineOp({
  tag,
  access: 'user',
  id: 'auth.updateProfile',
  method: 'POST',
  path: `${AUTH_ROOT}/update_profile`,
  summary: 'Update the signed-in user',
  body: UpdateProfileBody,
  multipart: true,
  files: { avatar: 'image' },
  response: RecordEnvelope(User),
  message: 'profile updated successfully!',
  touches: ['user'],
});

export const logout = defineOp({
  tag,
  access: 'user',
  id: 'auth.logout',
  method: 'POST',
  path: `${AUTH_ROOT}/logout`,
  summary: 'End this session only',
  response: MessageEnvelope,
  message: 'Signed out',
});

export const showMe = defineOp({
  tag: 'Session',
  access: 'admin',
  id: 'session.showUser',
  method: 'GET',
  path: `${ADMIN_ROOT}/show_user`,
  summary: 'The signed-in admin',
  response: RecordEnvelope(User),
  message: 'User fetched successfully!',
});
