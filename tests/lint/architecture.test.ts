// ARCHITECTURE.md is the map and docs/*.md its long pages: a path they name that is not in the
// repository sends a reader nowhere. Every path under a top folder of the repository they
// spell must exist (a pattern with `<name>`, `*` or `NNN` is a pattern, not a path), and they
// cite nothing outside the repository.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DOCS = [
  'ARCHITECTURE.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const TOP = ['contract', 'server', 'src', 'tests', 'e2e', 'scripts', 'bench', 'docs', 'public'];
const FILES = [
  'aliases.ts',
  'eslint.config.js',
  'vite.config.ts',
  'vitest.config.ts',
  'playwright.config.ts',
  'README.md',
];
const PATH = new RegExp(
  String.raw`(?<![\w/.@-])(?:(?:${TOP.join('|')})/[\w./-]*|(?:${FILES.map((f) => f.replace('.', '\\.')).join('|')})|tsconfig\.\w+\.json)(?![\w./<*…-])`,
  'g',
);

/** The repository paths a page names, with their line. */
function pathsOf(text: string): { line: number; path: string }[] {
  return text.split('\n').flatMap((line, i) =>
    [...line.matchAll(PATH)]
      .map((m) => m[0].replace(/[.,:;]+$/, ''))
      .filter((p) => !p.includes('NNN'))
      .map((p) => ({ line: i + 1, path: p })),
  );
}

describe.each(DOCS)('%s', (doc) => {
  const text = readFileSync(path.join(ROOT, doc), 'utf8');

  it('names only paths that exist', () => {
    const found = pathsOf(text);
    expect(found.length).toBeGreaterThan(doc === 'ARCHITECTURE.md' ? 50 : 0);
    expect(found.filter((p) => !existsSync(path.join(ROOT, p.path))).map((p) => `${doc}:${p.line} ${p.path}`)).toEqual(
      [],
    );
  });

  it('cites no file outside the repository', () => {
    expect(text).not.toMatch(/\b(SPEC|DESIGN)\.md\b/);
  });
});

it('ARCHITECTURE.md stays a map (at most 25 KB)', () => {
  expect(readFileSync(path.join(ROOT, 'ARCHITECTURE.md')).length).toBeLessThanOrEqual(25_000);
});

it('finds a path that is not there', () => {
  expect(pathsOf('see `server/http/dbErrors.ts` and src/api/call.ts.').map((p) => p.path)).toEqual([
    'server/http/dbErrors.ts',
    'src/api/call.ts',
  ]);
  expect(
    pathsOf('`server/db/migrations/NNN_name.sql`, `src/features/<feature>/`, `server/*`, /admin/v1/events'),
  ).toEqual([]);
});

/** Every source file under a folder of the repository, relative to it. */
const filesUnder = (dir: string): string[] =>
  readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => `${dir}/${f.split(path.sep).join('/')}`);

// Saved views and the audit log are features that reach every list and record: they live in
// their feature folder, and the generic list and record kit (src/screens, src/store, src/api,
// src/commands) shows them through a slot the app fills (src/screens/recordSlots.ts) or calls
// them by command id, never by naming them.
it.each([
  ['saved views', 'src/features/savedViews', /@contract\/savedView['/]/],
  ['the audit log', 'src/features/audit', /@contract\/audit['/]/],
])('%s: only its feature folder calls its operations', (_name, home, contract) => {
  const callers = ['src']
    .flatMap(filesUnder)
    .filter((f) => contract.test(readFileSync(path.join(ROOT, f), 'utf8')))
    .filter((f) => !f.startsWith(`${home}/`));
  expect(callers).toEqual([]);
  expect(existsSync(path.join(ROOT, home))).toBe(true);
});
