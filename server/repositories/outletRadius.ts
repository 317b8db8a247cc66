// Outlet radius: one default at a time. Choosing a new default clears the old one in the
// same transaction (a partial unique index keeps it so under any race).
import { outletRadiusResource, type OutletRadius } from '@contract/outletRadius';
import { crudRepository } from './crud';

export const outletRadiusRepository = crudRepository<OutletRadius>(outletRadiusResource, {
  async beforeWrite(tx, id, data) {
    if (data.is_default === true)
      await tx.query('update outlet_radius set is_default = false where is_default and id is distinct from $1', [id]);
  },
});
