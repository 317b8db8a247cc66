// `no-restricted-syntax` is one rule: in flat config a later block that sets it replaces an
// earlier block's selectors for the files both match, silently (an API path once passed in
// server/routes because the "no cast to never" block came after the "API paths" one). So each
// selector group is probed in every folder it covers, and a block that drops one fails here.
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// The probes are files not on disk: no TypeScript project holds them (see ./layers.test.ts).
const eslint = new ESLint({ overrideConfig: { files: ['**/*.{ts,tsx}'], ...tseslint.configs.disableTypeChecked } });
const syntax = async (filePath: string, code: string) =>
  (await eslint.lintText(code, { filePath }))[0].messages
    .filter((m) => m.ruleId === 'no-restricted-syntax')
    .map((m) => m.message);

const HANDLERS = ['server/routes', 'server/http', 'server/services', 'server/repositories'];

/** Each group: a probe that breaks it, what it answers, where it must hold and where it must not. */
const GROUPS = [
  {
    name: 'API paths outside contract/',
    probe: "export const a = '/admin/v1/foo';\nexport const b = `/api/v1/login?x=${1}`;\n",
    message: /^API paths live in contract\//,
    count: 2,
    covers: [
      'src/features/crawl/x.ts',
      'src/features/crawl/X.tsx',
      'src/api/x.ts',
      'src/lib/x.ts',
      'server/x.ts',
      'server/db/x.ts',
      'server/db/seed/x.ts',
      'server/security/x.ts',
      ...HANDLERS.map((f) => `${f}/x.ts`),
      'bench/x.ts',
      'scripts/x.ts',
    ],
    spares: ['contract/x.ts', 'src/api/x.test.ts', 'server/routes/x.test.ts', 'tests/api/x.ts', 'e2e/x.spec.ts'],
  },
  {
    name: 'casts to never in the handlers',
    probe: 'export const a = 1 as never;\n',
    message: /^Do not cast to never/,
    count: 1,
    covers: HANDLERS.flatMap((f) => [`${f}/x.ts`, `${f}/x.test.ts`]),
    spares: ['server/db/x.ts', 'src/lib/x.ts'],
  },
  {
    name: "TypeBox's builders by name in contract/",
    probe: "import { Object as O } from '@sinclair/typebox';\nexport const a = O({});\n",
    message: /^Import TypeBox's builders as a namespace/,
    count: 1,
    covers: ['contract/x.ts', 'contract/sub/x.ts'],
    spares: ['contract/x.test.ts', 'server/services/x.ts'],
  },
];

describe('no-restricted-syntax', () => {
  describe.each(GROUPS)('$name', ({ probe, message, count, covers, spares }) => {
    it.each(covers)('is refused in %s', async (file) => {
      const found = await syntax(file, probe);
      expect(found.filter((m) => message.test(m))).toHaveLength(count);
    });

    it.each(spares)('is allowed in %s', async (file) => {
      expect((await syntax(file, probe)).filter((m) => message.test(m))).toEqual([]);
    });
  });

  it('names every group at once where several hold', async () => {
    const code = "export const a = '/admin/v1/foo' as never;\n";
    expect(await syntax('server/routes/x.ts', code)).toEqual([
      expect.stringMatching(/^API paths live in contract\//),
      expect.stringMatching(/^Do not cast to never/),
    ]);
  });
});
