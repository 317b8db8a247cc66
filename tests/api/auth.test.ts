import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, multipart, startTestServer, type TestServer } from '../helpers/app';
import { hashPassword } from '../../server/security/passwords';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  await s.db.query(
    "insert into users (name, email, role, status, password_hash) values ('App User', 'user@test.example', 'user', 'active', $1), ('Gone User', 'gone@test.example', 'admin', 'disabled', $1)",
    [await hashPassword('user-password-1')],
  );
});
afterAll(() => s.close());

const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  s.call({ method: 'POST', url, payload, headers });
const login = (email = ADMIN.email, password = ADMIN.password) => post('/api/v1/login', { email, password });
const codeFrom = (text: string) => /\b(\d{6})\b/.exec(text)![1];
const lastMailTo = (to: string) =>
  s
    .outbox()
    .filter((m) => m.to === to)
    .at(-1)!;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('login and sessions', () => {
  it('signs in an admin with an opaque token that expires in 3 days', async () => {
    const r = await login();
    expect(r.statusCode).toBe(200);
    const { token, user_id, user, expires_at } = r.json().data;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(user).toMatchObject({ email: ADMIN.email, role: 'admin' });
    expect(user).not.toHaveProperty('password_hash');
    expect(user_id).toBe(user.id);
    const ttl = new Date(expires_at).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(259_200_000 - 60_000);
    expect(ttl).toBeLessThanOrEqual(259_200_000);
    const stored = await s.db.query<{ token_hash: string }>('select token_hash from sessions');
    expect(stored.rows.map((x) => x.token_hash)).not.toContain(token);
  });

  it('stores passwords as argon2id with m >= 19 MiB and t >= 2', async () => {
    const { rows } = await s.db.query<{ password_hash: string }>('select password_hash from users where email = $1', [
      ADMIN.email,
    ]);
    const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=\d+\$/.exec(rows[0].password_hash);
    expect(m).not.toBeNull();
    expect(Number(m![1])).toBeGreaterThanOrEqual(19456);
    expect(Number(m![2])).toBeGreaterThanOrEqual(2);
  });

  it('refuses a wrong password and an unknown e-mail alike', async () => {
    const wrong = await login(ADMIN.email, 'nope-nope');
    const unknown = await login('nobody@test.example', 'nope-nope');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('names the field on bad login input', async () => {
    const r = await post('/api/v1/login', { email: 'not-an-email', password: 'x' });
    expect(r.statusCode).toBe(422);
    expect(r.json().errors.email[0]).toBe('Email must be a valid e-mail address.');
  });

  it('refuses a disabled account, saying so once the password is right', async () => {
    const r = await login('gone@test.example', 'user-password-1');
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toBe('This account is disabled.');
    expect((await login('gone@test.example', 'wrong-password')).statusCode).toBe(401);
  });

  it('401 without a token or with an unknown one; 403 for an app user', async () => {
    const none = await s.call({ method: 'GET', url: '/admin/v1/show_user' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ reason: 'missing', message: 'Sign in to continue.' });
    const madeUp = await s.call({ method: 'GET', url: '/admin/v1/show_user', headers: bearer('made-up') });
    expect(madeUp.statusCode).toBe(401);
    expect(madeUp.json().reason).toBe('missing');
    const user = (await login('user@test.example', 'user-password-1')).json().data;
    const r = await s.call({ method: 'GET', url: '/admin/v1/all_bank', headers: bearer(user.token) });
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toBe('Only staff can do this: this account belongs to the Cards app.');
  });

  it('401 once the session has expired', async () => {
    const { token } = (await login()).json().data;
    s.clock.offset = 259_200_000 + 1000;
    try {
      const r = await s.call({ method: 'GET', url: '/admin/v1/show_user', headers: bearer(token) });
      expect(r.statusCode).toBe(401);
      expect(r.json()).toMatchObject({
        reason: 'expired',
        message: 'Your session has expired. Please sign in again.',
      });
    } finally {
      s.clock.offset = 0;
    }
  });

  it('logout ends that session only', async () => {
    const a = (await login()).json().data.token;
    const b = (await login()).json().data.token;
    expect((await post('/api/v1/logout', undefined, bearer(a))).statusCode).toBe(200);
    const gone = await s.call({ method: 'GET', url: '/admin/v1/show_user', headers: bearer(a) });
    expect(gone.statusCode).toBe(401);
    expect(gone.json().reason).toBe('signed_out');
    const me = await s.call({ method: 'GET', url: '/admin/v1/show_user', headers: bearer(b) });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.email).toBe(ADMIN.email);
  });
});

describe('one-time codes and password reset', () => {
  it('runs the whole forgot-password path: mail, verify, new password, sign in', async () => {
    const email = 'reset@test.example';
    await s.db.query("insert into users (name, email, role, password_hash) values ('Reset Me', $1, 'admin', $2)", [
      email,
      await hashPassword('old-password-1'),
    ]);
    const oldToken = (await login(email, 'old-password-1')).json().data.token;

    expect((await post('/api/v1/forgot_password', { email })).statusCode).toBe(200);
    const mail = lastMailTo(email);
    expect(mail.subject).toBe('Your password reset code');
    const verified = await post('/api/v1/verify_otp', { email, otp: codeFrom(mail.text) });
    expect(verified.statusCode).toBe(200);
    const token = verified.json().data.token;

    const mismatch = await post(
      '/api/v1/reset_password',
      { password: 'new-password-1', password_confirmation: 'other' },
      bearer(token),
    );
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.password_confirmation[0]).toBe('The passwords do not match.');

    const form = multipart({ password: 'new-password-1', password_confirmation: 'new-password-1' });
    const reset = await s.call({
      method: 'POST',
      url: '/api/v1/reset_password',
      headers: { ...bearer(token), ...form.headers },
      payload: form.payload,
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe('Password changed successfully');

    // A password change revokes every session, the old one and the one used to reset, and
    // their 401 says why (the sign-in page shows it).
    const old = await s.call({ method: 'GET', url: '/admin/v1/show_user', headers: bearer(oldToken) });
    expect(old.statusCode).toBe(401);
    expect(old.json()).toMatchObject({
      reason: 'password_changed',
      message: 'Your password was changed; sign in again.',
    });
    expect((await s.call({ method: 'GET', url: '/admin/v1/show_user', headers: bearer(token) })).statusCode).toBe(401);
    expect((await login(email, 'old-password-1')).statusCode).toBe(401);
    expect((await login(email, 'new-password-1')).statusCode).toBe(200);
  });

  it('answers the same whether or not the e-mail exists, mailing only real accounts', async () => {
    const known = await post('/api/v1/request_otp', { email: ADMIN.email });
    const unknown = await post('/api/v1/request_otp', { email: 'ghost@test.example' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(s.outbox().some((m) => m.to === 'ghost@test.example')).toBe(false);
    expect(lastMailTo(ADMIN.email).subject).toBe('Your sign-in code');
  });

  it('stores codes hashed, as 6 digits, single use', async () => {
    const email = 'single@test.example';
    await s.db.query("insert into users (name, email, role) values ('Single', $1, 'admin')", [email]);
    await post('/api/v1/request_otp', { email });
    const code = codeFrom(lastMailTo(email).text);
    const { rows } = await s.db.query<{ code_hash: string }>('select code_hash from otp_codes where email = $1', [
      email,
    ]);
    expect(rows[0].code_hash).not.toContain(code);
    expect((await post('/api/v1/verify_otp', { email, otp: code })).statusCode).toBe(200);
    const again = await post('/api/v1/verify_otp', { email, otp: code });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.otp[0]).toBe('The code is invalid or has expired.');
  });

  it('refuses a resend within 60 s, for known and unknown e-mails alike', async () => {
    for (const email of ['throttle@test.example', 'nobody-here@test.example']) {
      await s.db.query("insert into users (name, email, role) values ('T', $1, 'admin') on conflict do nothing", [
        email,
      ]);
      expect((await post('/api/v1/request_otp', { email })).statusCode).toBe(200);
      const soon = await post('/api/v1/resend_otp', { email });
      expect(soon.statusCode).toBe(429);
      expect(soon.json().errors.email[0]).toMatch(/^Please wait \d+ seconds/);
      s.clock.offset = 61_000;
      try {
        expect((await post('/api/v1/resend_otp', { email })).statusCode).toBe(200);
      } finally {
        s.clock.offset = 0;
      }
    }
  });

  it('kills a code after 5 wrong tries, even for the right code after', async () => {
    const email = 'tries@test.example';
    await s.db.query("insert into users (name, email, role) values ('Tries', $1, 'admin')", [email]);
    await post('/api/v1/request_otp', { email });
    const code = codeFrom(lastMailTo(email).text);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++)
      expect((await post('/api/v1/verify_otp', { email, otp: wrong })).json().errors.otp[0]).toBe(
        'The code is invalid or has expired.',
      );
    expect((await post('/api/v1/verify_otp', { email, otp: wrong })).json().errors.otp[0]).toBe(
      'Too many wrong codes. Ask for a new one.',
    );
    expect((await post('/api/v1/verify_otp', { email, otp: code })).statusCode).toBe(422);
  });

  it('expires a code after 10 minutes', async () => {
    const email = 'late@test.example';
    await s.db.query("insert into users (name, email, role) values ('Late', $1, 'admin')", [email]);
    await post('/api/v1/request_otp', { email });
    const code = codeFrom(lastMailTo(email).text);
    s.clock.offset = 10 * 60_000 + 1000;
    try {
      expect((await post('/api/v1/verify_otp', { email, otp: code })).statusCode).toBe(422);
    } finally {
      s.clock.offset = 0;
    }
  });

  it('checks the code format', async () => {
    const r = await post('/api/v1/verify_otp', { email: ADMIN.email, otp: '12ab' });
    expect(r.statusCode).toBe(422);
    expect(Object.keys(r.json().errors)).toContain('otp');
  });
});

describe('profile', () => {
  it('updates name, phone and avatar by multipart and shows them in show_user', async () => {
    const { token } = (await login()).json().data;
    const png = (await import('../../server/db/seed/logo')).solidPng(4, [1, 2, 3]);
    const form = multipart({
      name: 'Head Admin',
      phone: '+971 50 123 4567',
      avatar: { filename: 'me.png', type: 'image/png', data: png },
    });
    const r = await s.call({
      method: 'POST',
      url: '/api/v1/update_profile',
      headers: { ...bearer(token), ...form.headers },
      payload: form.payload,
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().message).toBe('profile updated successfully!');
    expect(r.json().data).toMatchObject({ name: 'Head Admin', phone: '+971 50 123 4567' });
    expect(r.json().data.avatar).toMatch(/^\/uploads\/.+\.png$/);
    const me = await s.call({ method: 'GET', url: '/admin/v1/show_user', headers: bearer(token) });
    expect(me.json().data.name).toBe('Head Admin');
  });

  it('rejects a bad phone naming the field', async () => {
    const { token } = (await login()).json().data;
    const r = await post('/api/v1/update_profile', { phone: 'call me' }, bearer(token));
    expect(r.statusCode).toBe(422);
    expect(r.json().errors.phone).toBeDefined();
  });
});

describe('a session checked once, kept until a write (server/services/auth.ts authenticate)', () => {
  const banks = (token: string) => s.call({ method: 'GET', url: '/admin/v1/all_bank', headers: bearer(token) });

  it('a session revoked, a user disabled or a session expired in the database is refused at the next call', async () => {
    const first = (await login()).json().data.token as string;
    expect((await banks(first)).statusCode).toBe(200);
    expect((await banks(first)).statusCode).toBe(200); // the kept check
    // Written past the app (as another process would): the kept answer is stale.
    await s.db.query('update sessions set revoked_at = now() where revoked_at is null and expires_at > now()');
    expect((await banks(first)).statusCode).toBe(401);

    const second = (await login()).json().data.token as string;
    expect((await banks(second)).statusCode).toBe(200);
    await s.db.query("update sessions set expires_at = now() - interval '1 second' where revoked_at is null");
    expect((await banks(second)).statusCode).toBe(401);

    await s.db.query(
      "insert into users (name, email, role, status, password_hash) values ('Kept User', 'kept@test.example', 'admin', 'active', $1)",
      [await hashPassword('kept-password-1')],
    );
    const third = (await login('kept@test.example', 'kept-password-1')).json().data.token as string;
    expect((await banks(third)).statusCode).toBe(200);
    await s.db.query("update users set status = 'disabled' where email = 'kept@test.example'");
    expect((await banks(third)).statusCode).toBe(401);
  });
});
