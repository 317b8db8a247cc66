import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { lockDataDir } from './lock';

it('refuses a second holder of the same DATA_DIR with a clear message, and frees it on release', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-'));
  const release = await lockDataDir(dir);
  await expect(lockDataDir(dir)).rejects.toThrow(/is in use by another running server/);
  await release();
  const again = await lockDataDir(dir);
  await again();
});
