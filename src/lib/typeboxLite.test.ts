// The browser builds contract/'s schemas with src/lib/typeboxLite.ts (vite.config.ts), the server
// with TypeBox: every export of every contract module must come out the same both ways, down
// to TypeBox's symbol keys and the order of keys.
import { describe, expect, it, vi } from 'vitest';
import * as Lite from './typeboxLite';

const contract = import.meta.glob(['../../contract/*.ts', '!../../contract/*.test.ts']);
const loadContract = async () =>
  Object.fromEntries(
    await Promise.all(Object.entries(contract).map(async ([file, load]) => [file, await load()] as const)),
  );

/** Where two values differ ('' when they do not): keys, symbol keys and their order, recursively. */
function difference(a: unknown, b: unknown, at: string): string {
  if (typeof a === 'function' && typeof b === 'function') return ''; // builders: their results are compared where they are used
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null)
    return Object.is(a, b) ? '' : `${at}: ${String(a)} ≠ ${String(b)}`;
  if (Array.isArray(a) !== Array.isArray(b)) return `${at}: array and not`;
  const keys = (o: object) => [...Object.keys(o), ...Object.getOwnPropertySymbols(o).map(String)];
  const [ka, kb] = [keys(a), keys(b)];
  if (ka.join() !== kb.join()) return `${at}: keys ${ka.join()} ≠ ${kb.join()}`;
  for (const k of [...Object.keys(a), ...Object.getOwnPropertySymbols(a)]) {
    const d = difference(
      (a as Record<string | symbol, unknown>)[k],
      (b as Record<string | symbol, unknown>)[k],
      `${at}.${String(k)}`,
    );
    if (d) return d;
  }
  return '';
}

describe("the browser's TypeBox", () => {
  it('builds every schema of contract/ as TypeBox does', async () => {
    const real = await loadContract();
    vi.resetModules();
    let liteUsed = false;
    vi.doMock('@sinclair/typebox', () => {
      liteUsed = true;
      return import('./typeboxLite');
    });
    const lite = await loadContract();
    vi.doUnmock('@sinclair/typebox');

    let schemas = 0;
    for (const [file, exports] of Object.entries(real)) {
      for (const [name, value] of Object.entries(exports as object)) {
        expect(difference(value, (lite[file] as Record<string, unknown>)[name], `${file} ${name}`)).toBe('');
        if (typeof value === 'object' && value !== null && Lite.Kind in value) schemas++;
      }
    }
    // Not vacuous: the second time round contract/ really had the lite builder, and is all there.
    expect(liteUsed).toBe(true);
    expect(Object.keys(lite)).toEqual(Object.keys(real));
    expect(schemas).toBeGreaterThan(100);
  });

  it('refuses the shapes it does not build, rather than build them wrong', () => {
    expect(() => Lite.Record(Lite.Integer(), Lite.String())).toThrow(/typeboxLite/);
    expect(() => Lite.Partial(Lite.String())).toThrow(/typeboxLite/);
    expect(() => Lite.Composite([Lite.Object({}), Lite.Union([Lite.String(), Lite.Null()])])).toThrow(/typeboxLite/);
  });
});
