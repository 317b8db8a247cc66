// Users: the exceptions to the derived repository. A password is stored only as its hash;
// disabling a user, or setting a new password, ends every session they have.
import { userResource, type AdminUser } from '@contract/user';
import type { Tx } from '../db/connection';
import { hashPassword } from '../security/passwords';
import { crudRepository } from './crud';

export const userRepository = crudRepository<AdminUser>(userResource, {
  virtual: ['password'],
  columns: ['password_hash'],
  async beforeWrite(_tx, _id, data) {
    if (typeof data.password === 'string') data.password_hash = await hashPassword(data.password);
  },
  afterWrite: endSessionsAfter,
});

/** After a write of account `id` with `data`: disabled, or with a new password, its sessions end (a revert's too). */
export async function endSessionsAfter(tx: Tx, id: number, data: Record<string, unknown>): Promise<void> {
  if (data.status === 'disabled' || typeof data.password === 'string')
    await tx.query('update sessions set revoked_at = now() where user_id = $1 and revoked_at is null', [id]);
}
