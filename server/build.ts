// `npm start` builds the browser app when its build is missing or older than its sources.
import fs from 'node:fs';
import path from 'node:path';

const SOURCES = ['src', 'contract', 'index.html', 'vite.config.ts', 'package-lock.json'];

export function clientBuildIsStale(root: string, outDir: string): boolean {
  const built = path.join(outDir, 'index.html');
  if (!fs.existsSync(built)) return true;
  const builtAt = fs.statSync(built).mtimeMs;
  return SOURCES.some((s) => newest(path.join(root, s)) > builtAt);
}

function newest(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(0, ...fs.readdirSync(p).map((f) => newest(path.join(p, f))));
}

export async function buildClient(root: string) {
  const { build } = await import('vite');
  await build({ root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
}
