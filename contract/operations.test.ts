// contract/operations.ts collects the operations of the area modules it names: a call defined
// in a module left out of `areas` would be neither served nor documented. Every module of the
// contract is read here, and each operation it exports (or a resource's, or a list's) is listed.
import { expect, it } from 'vitest';
import type { AnyOp } from './operation';
import { operations } from './operations';

const modules = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts'], { eager: true });

const isOp = (v: unknown): v is AnyOp =>
  typeof v === 'object' && v !== null && 'id' in v && typeof v.id === 'string' && 'method' in v;
const found = (v: unknown): AnyOp[] =>
  isOp(v)
    ? [v]
    : typeof v === 'object' && v !== null && 'storage' in v && 'ops' in v && typeof v.ops === 'object' && v.ops
      ? Object.values(v.ops).filter(isOp)
      : Array.isArray(v)
        ? v.flatMap(found)
        : [];

it('lists every operation any contract module exports, each once', () => {
  const exported = Object.entries(modules).flatMap(([file, m]) =>
    Object.entries(m).flatMap(([name, v]) => found(v).map((op) => ({ op, where: `${file} ${name}` }))),
  );
  expect(exported.length).toBeGreaterThan(150);
  for (const { op, where } of exported) expect(operations.includes(op), `${op.id} (${where})`).toBe(true);
  expect(new Set(operations).size).toBe(operations.length);
});
