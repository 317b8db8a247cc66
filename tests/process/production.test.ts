// A production install (README.md, "Running in production"): `npm run build`, then
// `npm prune --omit=dev`, then `NODE_ENV=production npm start`. Made here without a network:
// a tree holding only what a production install runs (package.json, scripts/start.mjs, the
// bundles of dist/server, a browser build, the migrations; node_modules as installed) whose
// node refuses every package the prune would remove (those package-lock.json marks dev).
// So a start that reached for Vite, tsx or esbuild, or for a server source, fails here.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROOT } from '../../server/root';
import { killAll, signIn, spawnServer, tempDir } from './server';

let tree: string;
let refuse: string;
const dirs: string[] = [];
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};

/** The packages `npm prune --omit=dev` removes: package-lock.json's top-level entries marked dev. */
function prunedPackages(): string[] {
  const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { dev?: boolean }>;
  };
  return Object.entries(lock.packages)
    .filter(([where, p]) => p.dev && /^node_modules\/(@[^/]+\/)?[^/]+$/.test(where))
    .map(([where]) => where.slice('node_modules/'.length));
}

/** Node's --import: every import or require of a pruned package throws. */
const REFUSE = `
import Module, { register } from 'node:module';
const refused = ${JSON.stringify(prunedPackages())};
const nameOf = (s) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]);
const hooks = \`
  let refused;
  export function initialize(data) { refused = new Set(data); }
  export async function resolve(spec, ctx, next) {
    const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
    if (refused.has(name)) throw new Error('refused: ' + spec + ' is not in a production install');
    return next(spec, ctx);
  }\`;
register('data:text/javascript,' + encodeURIComponent(hooks), import.meta.url, { data: refused });
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (refused.includes(nameOf(request))) throw new Error('refused: ' + request + ' is not in a production install');
  return resolveFilename.call(this, request, ...rest);
};
`;

beforeAll(() => {
  execFileSync(process.execPath, ['scripts/buildServer.mjs'], { cwd: ROOT });
  tree = tempDir('production');
  dirs.push(tree);
  const copy = (rel: string) => fs.cpSync(path.join(ROOT, rel), path.join(tree, rel), { recursive: true });
  for (const rel of [
    'package.json',
    'scripts/start.mjs',
    'scripts/buildServer.mjs',
    'dist/server',
    'server/db/migrations',
  ])
    copy(rel);
  fs.mkdirSync(path.join(tree, 'dist', 'client', 'assets'), { recursive: true });
  fs.writeFileSync(path.join(tree, 'dist', 'client', 'index.html'), '<!doctype html><title>production build</title>');
  fs.writeFileSync(path.join(tree, 'dist', 'client', 'theme.js'), '');
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(tree, 'node_modules'));
  refuse = path.join(tree, 'refuse.mjs');
  fs.writeFileSync(refuse, REFUSE);
}, 60_000);
afterAll(() => {
  killAll();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

it('the bundles import only the packages of `dependencies` (Vite only from the build at start, which production never runs)', () => {
  for (const file of fs.readdirSync(path.join(ROOT, 'dist', 'server')).filter((f) => f.endsWith('.mjs'))) {
    const code = fs.readFileSync(path.join(ROOT, 'dist', 'server', file), 'utf8');
    const names = (re: RegExp) =>
      new Set(
        [...code.matchAll(re)]
          .map((m) => m[1])
          .filter((s) => !s.startsWith('node:') && !s.startsWith('.'))
          .map((s) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0])),
      );
    const outside = (set: Set<string>) => [...set].filter((n) => !(n in pkg.dependencies));
    expect(outside(names(/^\s*(?:import|export)\b[^'"]*?from\s*"([^"]+)"/gm)), file).toEqual([]);
    expect(outside(names(/\bimport\(\s*"([^"]+)"\s*\)/g)), file).toEqual(file === 'main.mjs' ? ['vite'] : []);
  }
  for (const tool of ['vite', 'tsx', 'esbuild', 'typescript', '@vitejs/plugin-react', 'react'])
    expect(pkg.dependencies, tool).not.toHaveProperty(tool);
});

it('NODE_ENV=production: the built server starts with the build tools refused, serves the app, signs in, tells /metrics, and stops with 0', async () => {
  // The refusal works: an import of Vite and a require of esbuild fail under it, in that tree.
  for (const code of [
    "await import('vite')",
    "(await import('node:module')).createRequire(import.meta.url)('esbuild')",
  ])
    expect(() =>
      execFileSync(process.execPath, ['--import', refuse, '--input-type=module', '-e', code], {
        cwd: tree,
        stdio: 'pipe',
      }),
    ).toThrow(/refused: (vite|esbuild) is not in a production install/);
  const s = await spawnServer(
    { NODE_ENV: 'production', SKIP_CLIENT_BUILD: '' },
    { cwd: tree, nodeArgs: ['--import', refuse] },
  );
  const ms = await s.healthy(150_000); // a fresh DATA_DIR: the migrations, slow on a busy machine
  console.log(`[process] production start (fresh DATA_DIR, migrations) healthy after ${ms} ms`);
  const index = await fetch(`${s.url}/admin/`);
  expect(index.status).toBe(200);
  expect(await index.text()).toContain('production build');
  await signIn(s.url);
  const metrics = await fetch(`${s.url}/metrics`);
  expect(metrics.status).toBe(200);
  expect(await metrics.text()).toMatch(/^cards_admin_process_resident_memory_bytes \d+/m);
  expect(s.output()).not.toMatch(/building|refused/);
  expect(await s.stop()).toBe(0);
});

it('NODE_ENV=production without a build stops at once, saying to run `npm run build`', async () => {
  const bare = tempDir('production-unbuilt');
  dirs.push(bare);
  for (const rel of ['package.json', 'scripts/start.mjs', 'scripts/buildServer.mjs'])
    fs.cpSync(path.join(ROOT, rel), path.join(bare, rel), { recursive: true });
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(bare, 'node_modules'));
  const s = await spawnServer({ NODE_ENV: 'production' }, { cwd: bare, nodeArgs: ['--import', refuse] });
  expect(await s.settle(30_000)).toMatchObject({ code: 1 });
  expect(s.output()).toMatch(/dist\/server\/main\.mjs is missing; run `npm run build` first/);
});
