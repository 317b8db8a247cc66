// /api/v1: sign-in, one-time codes, password reset, profile, sign-out.
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { EmailBody, LoginBody, ResetPasswordBody, Session, UpdateProfileBody, User, VerifyOtpBody } from '../../contract/auth';
import { ErrorEnvelope, MessageEnvelope, RecordEnvelope } from '../../contract/envelope';
import type { Auth } from '../services/auth';
import type { Uploads } from '../services/uploads';
import type { Db } from '../db/connection';
import { normalise } from '../repositories/crudRepository';
import { badField } from '../plugins/errors';
import { guards } from '../plugins/authGuard';
import { multipartToBody } from './multipartBody';

const tags = ['Authentication'];
const errors = { 401: ErrorEnvelope, 403: ErrorEnvelope, 422: ErrorEnvelope, 429: ErrorEnvelope };
const CODE_SENT = 'If an account exists for that e-mail, a code is on its way.';

export function authRoutes(app: FastifyInstance, deps: { db: Db; auth: Auth; uploads: Uploads }) {
  const { auth, db, uploads } = deps;
  const { requireUser } = guards(auth);
  const session = RecordEnvelope(Session);

  app.post('/login', {
    schema: { tags, summary: 'Sign in with e-mail and password', body: LoginBody, response: { 200: session, ...errors } },
    handler: async (req) => {
      const { email, password } = req.body as { email: string; password: string };
      return { message: 'Login successful', data: await auth.login(email, password) };
    },
  });

  for (const [path, purpose, message] of [
    ['/request_otp', 'login', 'OTP request sent successfully'],
    ['/resend_otp', 'login', 'OTP re-sent successfully'],
    ['/forgot_password', 'reset', 'Password reset instructions sent'],
  ] as const) {
    app.post(path, {
      schema: { tags, summary: `Mail a ${purpose === 'reset' ? 'password-reset' : 'sign-in'} code`, body: EmailBody, response: { 200: MessageEnvelope, ...errors } },
      handler: async (req) => {
        await auth.sendCode((req.body as { email: string }).email, purpose);
        return { message: `${message}. ${CODE_SENT}` };
      },
    });
  }

  app.post('/verify_otp', {
    schema: { tags, summary: 'Exchange a mailed code for a session', body: VerifyOtpBody, response: { 200: session, ...errors } },
    handler: async (req) => {
      const { email, otp } = req.body as { email: string; otp: string };
      return { message: 'OTP verified successfully', data: await auth.verifyCode(email, otp) };
    },
  });

  app.post('/reset_password', {
    schema: { tags, summary: 'Set a new password (revokes every session)', consumes: ['multipart/form-data', 'application/json'], body: ResetPasswordBody, response: { 200: MessageEnvelope, ...errors }, security: [{ bearer: [] }] },
    preValidation: multipartToBody(ResetPasswordBody),
    preHandler: requireUser,
    handler: async (req) => {
      const { password, password_confirmation } = req.body as { password: string; password_confirmation: string };
      if (password !== password_confirmation) throw badField('password_confirmation', 'The passwords do not match.');
      await auth.changePassword(req.user!.id, password);
      return { message: 'Password changed successfully' };
    },
  });

  const ProfileBody = Type.Object({ ...UpdateProfileBody.properties, avatar: Type.Optional(Type.Object({}, { description: 'image file' })) });
  app.post('/update_profile', {
    schema: { tags, summary: 'Update the signed-in user', consumes: ['multipart/form-data', 'application/json'], body: ProfileBody, response: { 200: RecordEnvelope(User), ...errors }, security: [{ bearer: [] }] },
    preValidation: multipartToBody(UpdateProfileBody),
    preHandler: requireUser,
    handler: async (req) => {
      const body = req.body as { name?: string; phone?: string | null; avatar?: unknown };
      let avatar: string | undefined;
      if (body.avatar !== undefined) {
        if (!Buffer.isBuffer(body.avatar)) throw badField('avatar', 'Avatar must be an uploaded file.');
        avatar = await uploads.saveImage('avatar', body.avatar);
      }
      const before = req.user!;
      const row = (
        await db.query(
          `update users set name = coalesce($2, name), phone = case when $3::boolean then $4 else phone end,
             avatar = coalesce($5, avatar), updated_at = now() where id = $1 returning *`,
          [before.id, body.name ?? null, body.phone !== undefined, body.phone ?? null, avatar ?? null],
        )
      ).rows[0];
      if (avatar) await uploads.remove(before.avatar);
      return { message: 'profile updated successfully!', data: normalise(row) };
    },
  });

  app.post('/logout', {
    schema: { tags, summary: 'End this session only', response: { 200: MessageEnvelope, 401: ErrorEnvelope }, security: [{ bearer: [] }] },
    preHandler: requireUser,
    handler: async (req) => {
      await auth.logout(req.sessionId!);
      return { message: 'Signed out' };
    },
  });
}
