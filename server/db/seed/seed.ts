// Deterministic demo data, written once on first start (when the banks table is empty).
import type { Db } from '../connection';
import type { Uploads } from '../../services/uploads';
import { UAE_BANKS } from './banks';
import { solidPng } from './logo';

export async function seed(db: Db, uploads: Uploads): Promise<boolean> {
  const n = Number((await db.query<{ n: number }>('select count(*)::int as n from banks')).rows[0].n);
  if (n > 0) return false;
  const logos = await Promise.all(UAE_BANKS.map((b) => uploads.saveImage('logo', solidPng(64, b.color))));
  await db.transaction(async (tx) => {
    for (const [i, b] of UAE_BANKS.entries()) {
      await tx.query('insert into banks (name, code, website, logo, is_active) values ($1, $2, $3, $4, true)', [b.name, b.code, b.website, logos[i]]);
    }
  });
  return true;
}
