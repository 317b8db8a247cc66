// The lint rules that hold the architecture (eslint.config.js) really fire: each case is a
// line that breaks a rule, linted as if it sat in the named file.
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// No TypeScript project holds a file that is not on disk: the type-aware rules are off here
// (./promises.test.ts lints its snippets with type information).
const eslint = new ESLint({ overrideConfig: { files: ['**/*.{ts,tsx}'], ...tseslint.configs.disableTypeChecked } });
const messages = async (filePath: string, code: string) =>
  (await eslint.lintText(code, { filePath }))[0].messages.map((m) => `${m.ruleId}: ${m.message}`);

describe('the layers', () => {
  it.each([
    ['src/api/x.ts', "import { ui } from '../store/ui';", 'an api module importing the store'],
    ['src/store/x.ts', "import { runCommand } from '../commands/runner';", 'the store importing commands'],
    ['src/commands/x.ts', "import { screens } from '@/app/screens';", 'commands importing the app'],
    [
      'src/screens/x.ts',
      "import { createTriage } from '@/features/crawl/triage/triageModel';",
      'the screen kit importing a feature',
    ],
    ['src/lib/x.ts', "import { ui } from '@/store/ui';", 'lib importing the store'],
    [
      'src/features/crawl/x.ts',
      "import { CardsScreen } from '@/features/catalogue/cards/CardsScreen';",
      'a feature importing another feature',
    ],
    [
      'src/features/crawl/x.ts',
      "import { CardsScreen } from '../catalogue/cards/CardsScreen';",
      'a feature importing another feature, relatively',
    ],
    ['src/ui/x.ts', "import { runCommand } from '../commands/runner';", 'a ui part importing commands'],
    ['src/features/crawl/x.ts', "import { buildApp } from '../../../server/app';", 'the browser importing the server'],
    ['server/routes/x.ts', "import { call } from '../../src/api/call';", 'the server importing the browser'],
    ['contract/x.ts', "import { errorBody } from '../server/errors';", 'the contract importing the server'],
    ['server/repositories/x.ts', "import { authHandlers } from '../routes/auth';", 'a repository importing routes'],
    [
      'server/services/x.ts',
      "import { registerOperation } from '../http/handle';",
      'a service importing the HTTP layer',
    ],
    [
      'server/db/x.ts',
      "import { repositoryFor } from '../repositories/registry';",
      'the database layer importing repositories',
    ],
  ])('%s: refuses %s (%s)', async (file, code) => {
    expect((await messages(file, `${code}\nexport {};\n`)).join('\n')).toMatch(/boundaries\/dependencies/);
  });

  it.each([
    ['src/features/crawl/x.ts', "import { call } from '@/api/call';"],
    ['src/features/crawl/x.ts', "import { triage } from './triage/triageModel';"],
    ['src/features/crawl/sources/x.ts', "import { triage } from '@/features/crawl/triage/triageModel';"],
    ['src/app/x.ts', "import { entry } from '@/features/crawl/triage/entry';"],
    ['src/commands/x.ts', "import { ui } from '../store/ui';"],
    ['server/routes/x.ts', "import { repositoryFor } from '../repositories/registry';"],
    ['server/services/x.ts', "import { repositoryFor } from '../repositories/registry';"],
  ])('%s: allows %s', async (file, code) => {
    expect((await messages(file, `${code}\nexport {};\n`)).filter((m) => m.startsWith('boundaries'))).toEqual([]);
  });
});

describe('refusals of the data', () => {
  it('are no HTTP errors in the database layer and the repositories', async () => {
    const line = "import { HttpError } from '../errors';\nexport const e = new HttpError(409, 'taken');\n";
    expect(await messages('server/repositories/x.ts', line)).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*DataRefusal/),
    ]);
    expect(
      await messages('server/db/x.ts', "import { badField } from '../errors';\nexport const e = badField('a', 'b');\n"),
    ).toEqual([expect.stringMatching(/^no-restricted-imports: /)]);
    expect(await messages('server/services/x.ts', line)).toEqual([]);
  });
});

describe('contract/ outside src/', () => {
  // One probe per folder that imports contract/: a block setting `no-restricted-imports` for a
  // folder without CONTRACT_CLIMB (eslint.config.js) would drop the rule there silently.
  const climb = "import { bankResource } from '../../contract/bank';\nexport { bankResource };\n";
  it.each([
    'server/x.ts',
    'server/routes/x.ts',
    'server/db/x.ts',
    'server/db/x.test.ts',
    'server/repositories/x.ts',
    'tests/api/x.test.ts',
    'tests/helpers/x.ts',
    'scripts/x.ts',
    'bench/x.ts',
    'e2e/x.ts',
    'e2e/x.spec.ts',
  ])('is imported by a climb nowhere: refused in %s', async (file) => {
    expect(await messages(file, climb)).toEqual([expect.stringMatching(/^no-restricted-imports: .*@contract\/ alias/)]);
  });

  it('is imported as @contract/…, and a folder of its own named contract is not mistaken for it', async () => {
    expect(
      await messages(
        'server/routes/x.ts',
        "import { bankResource } from '@contract/bank';\nexport { bankResource };\n",
      ),
    ).toEqual([]);
    expect(await messages('server/x.ts', "import { a } from './contracts/a';\nexport { a };\n")).toEqual([]);
  });

  it('is refused beside the refusals of the data in the database layer and the repositories', async () => {
    const both = `${climb}import { HttpError } from '../errors';\nexport const e = new HttpError(409, 'taken');\n`;
    for (const file of ['server/db/x.ts', 'server/repositories/x.ts'])
      expect(await messages(file, both)).toEqual([
        expect.stringMatching(/^no-restricted-imports: .*@contract\/ alias/),
        expect.stringMatching(/^no-restricted-imports: .*DataRefusal/),
      ]);
  });
});

describe('the environment', () => {
  it('is read in server/config.ts only', async () => {
    const line = 'export const max = Number(process.env.PG_POOL_MAX ?? 10);\n';
    expect(await messages('server/db/x.ts', line)).toEqual([
      expect.stringMatching(/^no-restricted-properties: .*server\/config\.ts/),
    ]);
    expect(await messages('server/config.ts', line)).toEqual([]);
  });
});

describe('API paths', () => {
  it('are refused outside contract/, in strings and templates', async () => {
    expect(
      await messages(
        'src/features/x.ts',
        "export const a = '/admin/v1/all_bank';\nexport const b = `/api/v1/login?x=${1}`;\n",
      ),
    ).toEqual([
      expect.stringMatching(/^no-restricted-syntax: API paths live in contract\//),
      expect.stringMatching(/^no-restricted-syntax: API paths live in contract\//),
    ]);
  });

  it('are fine in contract/', async () => {
    expect(await messages('contract/x.ts', "export const a = '/admin/v1/all_bank';\n")).toEqual([]);
  });
});

describe('casts to never', () => {
  it('are refused in server routes', async () => {
    expect((await messages('server/routes/x.ts', 'export const a = (1 as never);\n')).join()).toMatch(
      /Do not cast to never/,
    );
  });
});
