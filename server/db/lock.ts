// PGlite has no lock on its data folder; two processes on one folder corrupt it.
// Take one (proper-lockfile: an mkdir lock refreshed while we live, stale after a crash).
import fs from 'node:fs';
import lockfile from 'proper-lockfile';

export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  fs.mkdirSync(dir, { recursive: true });
  try {
    return await lockfile.lock(dir, { lockfilePath: `${dir}/.lock`, stale: 15_000, update: 5_000, retries: 0 });
  } catch (err) {
    if ((err as { code?: string }).code === 'ELOCKED')
      throw new Error(`DATA_DIR ${dir} is in use by another running server. Stop it first, or set DATA_DIR to another folder.`, { cause: err });
    throw err;
  }
}
