// The import aliases (tsconfig.base.json's `paths` says the same for the type checker):
// '@/ui/Kbd' is src/ui/Kbd (the browser's), '@contract/bank' is contract/bank (the browser's
// and the server's, its tests, scripts and benches). Read by vite.config.ts and
// vitest.config.ts, so the build and every test resolve what the editor resolves; the server's
// bundle (scripts/buildServer.mjs, esbuild) and tsx read the same `paths` from the tsconfig.
import path from 'node:path';

export const pathAliases = [
  { find: /^@\//, replacement: path.resolve(import.meta.dirname, 'src') + '/' },
  { find: /^@contract\//, replacement: path.resolve(import.meta.dirname, 'contract') + '/' },
];
