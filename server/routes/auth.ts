// /api/v1: sign-in, one-time codes, password reset, profile, sign-out; and the signed-in admin.
import {
  forgotPassword,
  login,
  logout,
  requestOtp,
  resendOtp,
  resetPassword,
  showMe,
  updateProfile,
  verifyOtp,
  type User,
} from '@contract/auth';
import { badField } from '../errors';
import { bind, type Bound } from '../http/handle';
import { normalise } from '../repositories/crud';
import type { Auth } from '../services/auth';
import type { Mail, Mailer } from '../services/mail';

/** `log`: where a mail that could not be sent is told (the app's logger). */
export function authHandlers({
  auth,
  mailer,
  log,
}: {
  auth: Auth;
  mailer: Mailer;
  log: (msg: string) => void;
}): Bound[] {
  /**
   * Sends a mail after the answer has gone: afterCommit steps run before the answer, and a
   * known e-mail must not answer later than an unknown one (no mail), or the time would
   * tell which e-mails have accounts. A failure is logged; the caller was answered already.
   */
  const sendAfterAnswer = (mail: Mail) =>
    setImmediate(() => {
      mailer
        .send(mail)
        .catch((err: unknown) =>
          log(`could not send "${mail.subject}" to ${mail.to}: ${err instanceof Error ? err.message : String(err)}`),
        );
    });

  const codeHandler =
    (purpose: 'login' | 'reset', message: string) =>
    async (
      { body }: { body: { email: string } },
      tx: Parameters<Auth['issueCode']>[0],
      ctx: { afterCommit(fn: () => unknown): void; ip: string },
    ) => {
      const mail = await auth.issueCode(tx, body.email, purpose, ctx.ip);
      // Sent once the code is stored, after the answer; the answer is the same whether or not a mail goes out.
      if (mail) ctx.afterCommit(() => void sendAfterAnswer(mail));
      return { message };
    };

  return [
    bind(login, async ({ body }, tx, ctx) => ({
      message: 'Login successful',
      data: await auth.login(tx, body.email, body.password, ctx.ip),
    })),
    bind(requestOtp, codeHandler('login', requestOtp.message!)),
    bind(resendOtp, codeHandler('login', resendOtp.message!)),
    bind(forgotPassword, codeHandler('reset', forgotPassword.message!)),
    bind(verifyOtp, async ({ body }, tx, ctx) => ({
      message: verifyOtp.message!,
      data: await auth.verifyCode(tx, body.email, body.otp, ctx.ip),
    })),
    bind(resetPassword, async ({ body }, tx, ctx) => {
      if (body.password !== body.password_confirmation)
        throw badField('password_confirmation', 'The passwords do not match.');
      await auth.changePassword(tx, ctx.user!.id, body.password);
      return { message: resetPassword.message! };
    }),
    bind(updateProfile, async ({ body }, tx, ctx) => {
      const upload = ctx.files.avatar;
      const avatar = upload ? await ctx.saveImage('avatar', upload) : undefined;
      const row = (
        await tx.query(
          `update users set name = coalesce($2, name), phone = case when $3::boolean then $4 else phone end,
             avatar = coalesce($5, avatar), updated_at = now() where id = $1 returning *`,
          [ctx.user!.id, body.name ?? null, body.phone !== undefined, body.phone ?? null, avatar ?? null],
        )
      ).rows[0];
      return { message: updateProfile.message!, data: normalise<User>(row)! };
    }),
    bind(logout, async (_input, tx, ctx) => {
      await auth.logout(tx, ctx.sessionId!);
      return { message: logout.message! };
    }),
    bind(showMe, async (_input, _tx, ctx) => ({ message: showMe.message!, data: ctx.user! })),
  ];
}
