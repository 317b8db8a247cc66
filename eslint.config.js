// Lint, run by `npm test`. Besides typescript-eslint's and React's hook rules, this file is
// where the layers are enforced (ARCHITECTURE.md, "Layers"):
//   browser: app → features → screens → commands → ui → store → api → lib → contract
//            (a feature never imports another feature)
//   server:  main → routes → http → services → repositories → db → contract
// the browser and the server never import each other, and contract imports neither.
// It also keeps every API path inside contract/ and casts to `never` out of the server, and has
// contract/ imported as @contract/… (aliases.ts) outside src/ too.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

/** Element → the elements it may import (its own kind is always allowed). */
const LAYERS = {
  contract: [],
  // browser
  lib: ['contract'],
  api: ['lib', 'contract'],
  store: ['api', 'lib', 'contract'],
  ui: ['store', 'api', 'lib', 'contract'],
  commands: ['ui', 'store', 'api', 'lib', 'contract'],
  screens: ['commands', 'ui', 'store', 'api', 'lib', 'contract'],
  // A feature imports the layers below it and itself, never another feature (the policy below).
  feature: ['screens', 'commands', 'ui', 'store', 'api', 'lib', 'contract'],
  app: ['feature', 'screens', 'commands', 'ui', 'store', 'api', 'lib', 'contract'],
  // server
  core: ['contract'],
  db: ['core', 'contract'],
  repositories: ['db', 'core', 'contract'],
  services: ['repositories', 'db', 'core', 'contract'],
  http: ['services', 'repositories', 'db', 'core', 'contract'],
  routes: ['http', 'services', 'repositories', 'db', 'core', 'contract'],
  // The demo data: written through the services (uploads) into the database.
  seed: ['services', 'repositories', 'db', 'core', 'contract'],
  main: ['routes', 'http', 'services', 'repositories', 'seed', 'db', 'core', 'contract'],
};

// esquery regex: the slashes escaped. Matches '/admin/v1/…' and '/api/v1/…' at the start of a string.
const API_PATH = String.raw`^\/(api|admin)\/v1\b`;
const API_PATH_MESSAGE = 'API paths live in contract/: call an operation (src/api/call.ts) or use pathOf(op).';

// The selector groups of `no-restricted-syntax`, merged per file set below.
/** A path of the API is written in contract/ only: everything else calls an operation. */
const API_PATHS = [
  { selector: `Literal[value=/${API_PATH}/]`, message: API_PATH_MESSAGE },
  { selector: `TemplateElement[value.raw=/${API_PATH}/]`, message: API_PATH_MESSAGE },
];
/** Handlers get typed input from their operation: no casting it away. */
const NO_NEVER = [
  {
    selector: 'TSAsExpression > TSNeverKeyword',
    message: 'Do not cast to never: type the value (server/http/handle.ts gives handlers typed input).',
  },
];
/**
 * The browser builds contract/'s schemas with src/lib/typeboxLite.ts (vite.config.ts), which has
 * TypeBox's builders by name and not TypeBox's `Type` object: contract/ calls them through a
 * namespace (`import * as Type from '@sinclair/typebox'`), the same code on both halves.
 */
const TYPEBOX_NAMESPACE = [
  {
    selector:
      "ImportDeclaration[source.value='@sinclair/typebox'] > ImportSpecifier[imported.name!=/^T[A-Z]|^Static$/]",
    message:
      "Import TypeBox's builders as a namespace (import * as Type from '@sinclair/typebox'); the browser's build has them from src/lib/typeboxLite.ts.",
  },
];
// The pattern groups of `no-restricted-imports`, merged per file set below (one rule, like
// `no-restricted-syntax`: a later block that sets it replaces an earlier one's patterns).
/** Across src/'s folders an import names its place from the top (@/ui/Kbd, aliases.ts). */
const SRC_CLIMB = [
  {
    group: ['../../*'],
    message: "Import across src/'s folders with the @/ alias (aliases.ts), e.g. '@/ui/Kbd'.",
  },
];
/** The server, its tests, scripts, benches and e2e name contract/ from the top, as src/ does. */
const CONTRACT_CLIMB = [
  {
    regex: String.raw`^(\.\./)+contract(/|$)`,
    message: "Import contract/ with the @contract/ alias (aliases.ts), e.g. '@contract/bank', not by a '../' climb.",
  },
];
/** The data says why it refuses without HTTP (DataRefusal, invalidField); the HTTP layer answers it. */
const DATA_REFUSALS = [
  {
    group: ['**/errors'],
    importNames: ['HttpError', 'badField'],
    message: 'The database layer and the repositories throw DataRefusal (server/errors.ts), not HTTP errors.',
  },
];
/** Everywhere outside src/ and contract/ that imports contract/. */
const CONTRACT_USERS = ['server/**/*.ts', 'tests/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.{ts,tsx}', 'e2e/**/*.ts'];
/** The database layer and the repositories (their sources; their tests are not held to DATA_REFUSALS). */
const DATA_LAYERS = ['server/db/**/*.ts', 'server/repositories/**/*.ts'];
/** The server's layers that handle calls: where a cast to never would hide a handler's input type. */
const SERVER_HANDLERS = [
  'server/routes/**/*.ts',
  'server/http/**/*.ts',
  'server/services/**/*.ts',
  'server/repositories/**/*.ts',
];

export default tseslint.config(
  // bench/react-admin, bench/peers and bench/directus: the baselines of bench/bytes.ts and
  // bench/peers.ts, with packages of their own (peers' server is CommonJS, as PostGraphile 4's
  // examples are).
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'bench/react-admin/**',
      'bench/peers/**',
      'bench/directus/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      // `void promise` marks a promise whose outcome is handled elsewhere (the runner's toast).
      'no-void': 'off',
    },
  },
  {
    // Type-aware rules: a promise is awaited, handed on, or caught where it starts (a rejection
    // nobody sees is a bug), an async function is never given where a void callback is expected
    // (onClick={async …}), and a switch over a union handles every member. Every .ts/.tsx file
    // linted is in tsconfig.json, which the project service finds for it.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
    },
  },
  {
    // Plain JavaScript (this file, the dev scripts, public/) has no types to lint with.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Plain scripts the page loads as they are (the theme before first paint).
    files: ['public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // The browser bench's harness pages: React in a browser, as in src/ (bench/browser.ts builds them).
    files: ['bench/browser/**/*.tsx'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'contract/**/*.ts'],
    plugins: { boundaries },
    settings: {
      // The TypeScript resolver knows tsconfig.base.json's aliases (@/…, @contract/…).
      'import/resolver': { typescript: { project: 'tsconfig.json' }, node: { extensions: ['.ts', '.tsx', '.js'] } },
      // Folders match from the project root. The app's and the server's top files are
      // elements of their own ('file' mode: deprecated in v7, with no replacement for files yet).
      'boundaries/elements': [
        { type: 'contract', pattern: 'contract', partialMatch: false },
        { type: 'api', pattern: 'src/api', partialMatch: false },
        { type: 'store', pattern: 'src/store', partialMatch: false },
        { type: 'ui', pattern: 'src/ui', partialMatch: false },
        { type: 'commands', pattern: 'src/commands', partialMatch: false },
        { type: 'lib', pattern: 'src/lib', partialMatch: false },
        { type: 'screens', pattern: 'src/screens', partialMatch: false },
        { type: 'feature', pattern: 'src/features/*', partialMatch: false, capture: ['feature'] },
        { type: 'app', pattern: 'src/app', partialMatch: false },
        { type: 'core', pattern: 'server/security', partialMatch: false },
        { type: 'core', pattern: 'server/{errors,config,root}.ts', mode: 'file' },
        { type: 'seed', pattern: 'server/db/seed', partialMatch: false },
        { type: 'db', pattern: 'server/db', partialMatch: false },
        { type: 'repositories', pattern: 'server/repositories', partialMatch: false },
        { type: 'services', pattern: 'server/services', partialMatch: false },
        { type: 'http', pattern: 'server/http', partialMatch: false },
        { type: 'routes', pattern: 'server/routes', partialMatch: false },
        { type: 'main', pattern: 'server/*.ts', mode: 'file' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            ...Object.entries(LAYERS).map(([from, to]) => ({
              from: { element: { type: from } },
              allow: { to: { element: { types: { anyOf: from === 'feature' ? to : [from, ...to] } } } },
            })),
            // Features talk through commands and routes (src/screens/paths.ts), so one feature's
            // folder imports only its own files.
            {
              from: { element: { type: 'feature' } },
              allow: { to: { element: { type: 'feature', captured: { feature: '{{ from.captured.feature }}' } } } },
            },
          ],
        },
      ],
    },
  },
  {
    // Across src/'s folders an import names its place from the top (@/ui/Kbd, aliases.ts):
    // a '../../' climb is refused, so a file moved keeps its imports readable.
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: SRC_CLIMB }] },
  },
  // `no-restricted-syntax` is one rule: under flat config a later block that sets it replaces
  // an earlier one's selectors for the files both match. So each file set below sets it once,
  // with every selector group that covers it (tests/lint/syntax.test.ts lints a probe per
  // group and folder, so a set that drops one fails).
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    // Tests check what goes over the wire, so they may spell it.
    ignores: ['**/*.test.{ts,tsx}', ...SERVER_HANDLERS],
    rules: { 'no-restricted-syntax': ['error', ...API_PATHS] },
  },
  {
    files: SERVER_HANDLERS,
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...API_PATHS, ...NO_NEVER] },
  },
  {
    files: SERVER_HANDLERS.map((f) => f.replace('*.ts', '*.test.ts')),
    rules: { 'no-restricted-syntax': ['error', ...NO_NEVER] },
  },
  {
    files: ['contract/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...TYPEBOX_NAMESPACE] },
  },
  // `no-restricted-imports` is set once per file set too, its pattern groups merged
  // (tests/lint/layers.test.ts probes each group in each folder).
  {
    // e2e specs set it below, with the climb among their rules.
    files: CONTRACT_USERS,
    ignores: ['e2e/**/*.spec.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: CONTRACT_CLIMB }] },
  },
  {
    files: DATA_LAYERS,
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...CONTRACT_CLIMB, ...DATA_REFUSALS] }] },
  },
  {
    // The environment is read in one place, checked, with its defaults (server/config.ts).
    files: ['server/**/*.ts'],
    ignores: ['server/config.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read the environment in server/config.ts (loadConfig), and pass the value in.',
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.ts', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // Each Playwright worker has its own server (e2e/fixtures.ts gives its baseURL): a spec that took
    // `test` from Playwright itself would have none.
    files: ['e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test', 'expect'],
              message: "Take test and expect from './fixtures' (a server per worker).",
            },
          ],
          patterns: CONTRACT_CLIMB,
        },
      ],
    },
  },
);
