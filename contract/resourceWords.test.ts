import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resourceWordsFile } from './resourceWordsFile';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('contract/resourceWords.ts', () => {
  it('is what the resources say (run `npm run api:doc` after changing one)', () => {
    expect(fs.readFileSync(path.join(here, 'resourceWords.ts'), 'utf8')).toBe(resourceWordsFile());
  });
});
