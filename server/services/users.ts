// Rules about user accounts that no table constraint can hold.
import { HttpError } from '../errors';

/** Refuses a CRUD call before it runs; throw an HttpError. */
export type CrudRule = (
  call: 'add' | 'update' | 'remove',
  id: number | null,
  body: Record<string, unknown>,
  actorId: number | null,
) => void;

/** An admin cannot delete their own account or take away their own admin access. */
export const selfProtection: CrudRule = (call, id, body, actorId) => {
  if (id === null || id !== actorId) return;
  if (call === 'remove')
    throw new HttpError(422, 'You cannot delete your own account.', {
      user_id: ['You cannot delete your own account.'],
    });
  if (call === 'update' && (body.role === 'user' || body.status === 'disabled'))
    throw new HttpError(422, 'You cannot remove your own admin access.', {
      [body.role === 'user' ? 'role' : 'status']: ['You cannot remove your own admin access.'],
    });
};
