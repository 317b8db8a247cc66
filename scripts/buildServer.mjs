// The server built to JavaScript: server/main.ts and the operator's tools a production
// install runs (scripts/crawlImport.ts, server/backup/main.ts), bundled by esbuild into
// dist/server/*.mjs with the packages left outside (node_modules, as installed: a bundle
// imports only `dependencies`, tests/process/production.test.ts holds it). `npm run build`
// runs this after the browser build; scripts/start.mjs runs it when a source is newer than
// the bundle (never with NODE_ENV=production). Files read at run time (the migrations, the
// browser build) are found from the project's root (server/root.ts), not the bundle's place.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_OUT = path.join(ROOT, 'dist', 'server');
/** What a production install runs with plain node: dist/server/<name>.mjs from each. */
export const SERVER_ENTRIES = {
  main: 'server/main.ts',
  crawlImport: 'scripts/crawlImport.ts',
  backup: 'server/backup/main.ts',
  uploadsToS3: 'server/backup/uploadsToS3.ts',
};
/** Bundled beside them but not run on their own: PGlite's worker thread (server/db/pgliteThread.ts finds it there). */
const WORKER_ENTRIES = { pgliteWorker: 'server/db/pgliteWorker.ts' };
const ALL_ENTRIES = { ...SERVER_ENTRIES, ...WORKER_ENTRIES };
const SOURCES = [
  'server',
  'contract',
  'package-lock.json',
  'scripts/crawlImport.ts',
  'scripts/buildServer.mjs',
  'tsconfig.base.json',
  'tsconfig.server.json',
];

export const bundleOf = (name) => path.join(SERVER_OUT, `${name}.mjs`);

export async function buildServer() {
  const { build } = await import('esbuild');
  // Written aside, then renamed: servers starting at once never run a half-written file.
  fs.mkdirSync(path.join(ROOT, 'dist'), { recursive: true });
  const tmp = fs.mkdtempSync(path.join(ROOT, 'dist', '.server-'));
  try {
    await build({
      entryPoints: Object.fromEntries(Object.entries(ALL_ENTRIES).map(([name, src]) => [name, path.join(ROOT, src)])),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      // Its `paths` (tsconfig.base.json) turn '@contract/bank' into contract/bank.ts, bundled:
      // esbuild applies them before `packages: 'external'`, so an alias is never left as a package.
      tsconfig: path.join(ROOT, 'tsconfig.server.json'),
      outdir: tmp,
      outExtension: { '.js': '.mjs' },
      logLevel: 'warning',
    });
    fs.mkdirSync(SERVER_OUT, { recursive: true });
    for (const name of Object.keys(ALL_ENTRIES)) fs.renameSync(path.join(tmp, `${name}.mjs`), bundleOf(name));
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

export function serverBuildIsStale() {
  const built = Object.keys(ALL_ENTRIES).map(bundleOf);
  if (!built.every((f) => fs.existsSync(f))) return true;
  const builtAt = Math.min(...built.map((f) => fs.statSync(f).mtimeMs));
  return SOURCES.some((s) => newest(path.join(ROOT, s)) > builtAt);
}

function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(0, ...fs.readdirSync(p).map((f) => newest(path.join(p, f))));
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await buildServer();
