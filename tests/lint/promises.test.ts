// The type-aware rules (eslint.config.js) really fire: a promise nobody awaits, catches or marks
// with `void`, an async function where a void callback is expected, an await of a value that
// is no promise, a switch that misses a member of its union. Each snippet is linted as a file
// that is not on disk, which the project service then types with tsconfig.json's options.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const SNIPPETS = ['src/lib/x.ts', 'server/services/x.ts', 'tests/api/x.ts'];
const eslint = new ESLint({
  overrideConfig: {
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: { allowDefaultProject: SNIPPETS } } },
  },
});
const messages = async (filePath: string, code: string) =>
  (await eslint.lintText(code, { filePath }))[0].messages.map((m) => `${m.line} ${m.ruleId}: ${m.message}`);

const save = 'export async function save(): Promise<void> {}\n';

// The first lint loads tsconfig.json's program (the whole tree): seconds, more on a busy machine.
describe('type-aware lint', { timeout: 240_000 }, () => {
  it.each(SNIPPETS)('%s: refuses a floating promise, and takes one awaited, caught or voided', async (file) => {
    const code = `${save}save();\nvoid save();\nsave().catch(() => undefined);\nexport const later = async () => await save();\n`;
    expect(await messages(file, code)).toEqual([
      expect.stringMatching(/^2 @typescript-eslint\/no-floating-promises: /),
    ]);
  });

  it('refuses an async function given where a void callback is expected', async () => {
    const code = `${save}export const listen = (t: EventTarget) => t.addEventListener('click', async () => save());\n`;
    expect(await messages('src/lib/x.ts', code)).toEqual([
      expect.stringMatching(/^2 @typescript-eslint\/no-misused-promises: /),
    ]);
  });

  it('refuses an await of a value that is no promise', async () => {
    expect(await messages('server/services/x.ts', 'export const f = async (n: number) => await n;\n')).toEqual([
      expect.stringMatching(/^1 @typescript-eslint\/await-thenable: /),
    ]);
  });

  it('refuses a switch that misses a member of its union, even with a default', async () => {
    const code = [
      "export function label(k: 'card' | 'offer' | 'bank'): string {",
      '  switch (k) {',
      "    case 'card':",
      "      return 'Card';",
      "    case 'offer':",
      "      return 'Offer';",
      '    default:',
      "      return '';",
      '  }',
      '}',
      '',
    ].join('\n');
    expect(await messages('src/lib/x.ts', code)).toEqual([
      expect.stringMatching(/^2 @typescript-eslint\/switch-exhaustiveness-check: .*"bank"/),
    ]);
  });

  it('lints plain JavaScript without type information', async () => {
    const code = 'async function save() {}\nsave();\n';
    expect(await messages('scripts/x.mjs', code)).toEqual([]);
  });
});
