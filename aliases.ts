// The import aliases of src/ (tsconfig.base.json's `paths` says the same for the type checker):
// '@/ui/Kbd' is src/ui/Kbd, '@contract/bank' is contract/bank. Read by vite.config.ts and
// vitest.config.ts, so the build and every test resolve what the editor resolves.
import path from 'node:path';

export const pathAliases = [
  { find: /^@\//, replacement: path.resolve(import.meta.dirname, 'src') + '/' },
  { find: /^@contract\//, replacement: path.resolve(import.meta.dirname, 'contract') + '/' },
];
