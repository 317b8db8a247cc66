import { Type, type Static } from '@sinclair/typebox';

export const Role = Type.Union([Type.Literal('admin'), Type.Literal('user')]);

export const User = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  phone: Type.Union([Type.String(), Type.Null()]),
  avatar: Type.Union([Type.String(), Type.Null()]),
  role: Role,
  status: Type.Union([Type.Literal('active'), Type.Literal('disabled')]),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type User = Static<typeof User>;

const Email = Type.String({ format: 'email', maxLength: 254 });
export const Password = Type.String({ minLength: 8, maxLength: 200 });

export const LoginBody = Type.Object({ email: Email, password: Type.String({ minLength: 1, maxLength: 200 }) });
export const EmailBody = Type.Object({ email: Email });
export const VerifyOtpBody = Type.Object({ email: Email, otp: Type.String({ pattern: '^[0-9]{6}$' }) });
export const ResetPasswordBody = Type.Object({ password: Password, password_confirmation: Type.String({ maxLength: 200 }) });
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

/** SPEC.md §9: a session lasts 3 days. */
export const SESSION_TTL_MS = 259_200_000;
export const OTP_TTL_MS = 10 * 60_000;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_MS = 60_000;
