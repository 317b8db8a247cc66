// `npm run crawl:import` refuses a bad file as the API does (server/services/crawlImport.ts):
// exit code 1, every bad line named with its field, before the database is opened.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from '../server/root';

it('refuses text fields that are not text and a line nested 6,000 deep, naming line and field (no stack overflow)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-admin-crawl-cli-'));
  try {
    const file = path.join(dir, 'crawl.jsonl');
    const lines = [
      JSON.stringify({ kind: 'card', key: 'c', name: 'Gold', annual_fee: 300 }),
      JSON.stringify({ kind: 'offer', key: 'a', title: 'T', terms: ['a'] }),
      `{"kind":"offer","key":"deep","title":"T","terms":${'['.repeat(6000)}"x"${']'.repeat(6000)}}`,
    ];
    fs.writeFileSync(file, lines.join('\n'));
    const run = spawnSync(
      path.join(ROOT, 'node_modules', '.bin', 'tsx'),
      ['scripts/crawlImport.ts', '--source', 'cli-site', file],
      {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' },
      },
    );
    expect(run.status, run.stderr).toBe(1);
    expect(run.stderr).toContain(
      '[crawl:import] 2 lines have errors; nothing was imported.\n  Line 2: terms must be text, not a list.\n  Line 3: terms must be text, not a list.',
    );
    expect(fs.existsSync(path.join(dir, 'pglite'))).toBe(false);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
