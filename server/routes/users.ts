import type { FastifyInstance } from 'fastify';
import { userResource, type AdminUser } from '../../contract/user';
import type { Db } from '../db/connection';
import { crudRepository } from '../repositories/crudRepository';
import { hashPassword } from '../services/passwords';
import type { Uploads } from '../services/uploads';
import { HttpError } from '../plugins/errors';
import { crudRoutes } from './crudRoutes';

export const userRepository = (db: Db) =>
  crudRepository<AdminUser>(db, {
    table: 'users',
    writable: ['name', 'email', 'phone', 'avatar', 'role', 'status', 'password_hash'],
    searchExpr: "immutable_unaccent(lower(name || ' ' || email || ' ' || coalesce(phone, '')))",
    sortable: { name: 'lower(name)', email: 'lower(email)', created_at: 'created_at' },
    filters: (f, p) => [f.role && `role = ${p(f.role)}`, f.status && `status = ${p(f.status)}`].filter(Boolean) as string[],
    async beforeWrite(_id, data) {
      if (typeof data.password === 'string') data.password_hash = await hashPassword(data.password);
    },
    async afterWrite(id, data, q) {
      // Disabling a user, or setting a new password, ends every session they have.
      if (data.status === 'disabled' || typeof data.password === 'string')
        await q.query('update sessions set revoked_at = now() where user_id = $1 and revoked_at is null', [id]);
    },
  });

export function userRoutes(app: FastifyInstance, deps: { db: Db; uploads: Uploads }) {
  crudRoutes(app, {
    contract: userResource,
    repo: userRepository(deps.db),
    uploads: deps.uploads,
    uniqueFields: { users_email_key: 'email' },
    guard(call, id, req) {
      if (id !== req.user?.id) return;
      const body = (req.body ?? {}) as Record<string, unknown>;
      if (call === 'remove') throw new HttpError(422, 'You cannot delete your own account.', { user_id: ['You cannot delete your own account.'] });
      if (call === 'update' && (body.role === 'user' || body.status === 'disabled'))
        throw new HttpError(422, 'You cannot remove your own admin access.', { [body.role === 'user' ? 'role' : 'status']: ['You cannot remove your own admin access.'] });
    },
  });
}
