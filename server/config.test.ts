// The environment read once at start (README.md, "Configuration"): defaults, and a wrong
// value stops the start with a sentence naming the variable and what it got.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { defaultPoolMax, ENV, loadConfig } from './config';
import { ROOT } from './root';

it("LOG_LEVEL: info by default, any of pino's levels, LOG_REQUESTS=1 as debug; anything else refused", () => {
  expect(loadConfig({}).logLevel).toBe('info');
  expect(loadConfig({ LOG_LEVEL: 'WARN' }).logLevel).toBe('warn');
  expect(loadConfig({ LOG_LEVEL: 'silent' }).logLevel).toBe('silent');
  expect(loadConfig({ LOG_REQUESTS: '1' }).logLevel).toBe('debug');
  expect(loadConfig({ LOG_REQUESTS: '1', LOG_LEVEL: 'error' }).logLevel).toBe('error');
  expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).toThrow(
    'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "verbose"',
  );
});

it('ANSWER_CACHE_MB: 64 by default, a whole number of megabytes from 0 (off) to 16,384', () => {
  expect(loadConfig({}).answerCacheMb).toBe(64);
  expect(loadConfig({ ANSWER_CACHE_MB: '256' }).answerCacheMb).toBe(256);
  expect(loadConfig({ ANSWER_CACHE_MB: '0' }).answerCacheMb).toBe(0);
  for (const bad of ['-1', '1.5', 'lots', '20000'])
    expect(() => loadConfig({ ANSWER_CACHE_MB: bad })).toThrow(
      `ANSWER_CACHE_MB must be a whole number of megabytes from 0 (off) to 16,384, got "${bad}"`,
    );
});

it('PG_POOL_MAX: twice the CPUs (at least 4) by default, a whole number of connections from 1 to 1,000 (was read unchecked in server/db/connection.ts)', () => {
  expect(loadConfig({}).pgPoolMax).toBe(Math.max(4, 2 * os.availableParallelism()));
  expect(loadConfig({}).pgPoolMax).toBe(defaultPoolMax());
  expect(loadConfig({ PG_POOL_MAX: '40' }).pgPoolMax).toBe(40);
  for (const bad of ['0', 'ten', '2.5', '5000'])
    expect(() => loadConfig({ PG_POOL_MAX: bad })).toThrow(
      `PG_POOL_MAX must be a whole number of connections from 1 to 1,000, got "${bad}"`,
    );
});

it('PUSH_SENDER and SKIP_CLIENT_BUILD are read here too', () => {
  expect(loadConfig({}).pushSender).toBeUndefined();
  expect(loadConfig({ PUSH_SENDER: './push.mjs' }).pushSender).toBe('./push.mjs');
  expect(loadConfig({}).skipClientBuild).toBe(false);
  expect(loadConfig({ SKIP_CLIENT_BUILD: '1' }).skipClientBuild).toBe(true);
});

it('TEST_NOW: unset by default; an instant with its zone; refused in production and with PostgreSQL, whose clock the server cannot move', () => {
  expect(loadConfig({}).testNow).toBeUndefined();
  expect(loadConfig({ TEST_NOW: '2026-12-06T00:30:00+04:00' }).testNow).toBe(Date.parse('2026-12-05T20:30:00Z'));
  for (const bad of ['2026-12-06', '2026-12-06T00:30:00', 'tomorrow'])
    expect(() => loadConfig({ TEST_NOW: bad })).toThrow(
      `TEST_NOW must be an instant with its zone, e.g. 2026-12-06T00:30:00+04:00, got "${bad}"`,
    );
  expect(() => loadConfig({ TEST_NOW: '2026-12-06T00:30:00Z', NODE_ENV: 'production' })).toThrow(
    'TEST_NOW sets the clock for tests: it is refused with NODE_ENV=production',
  );
  expect(() => loadConfig({ TEST_NOW: '2026-12-06T00:30:00Z', DATABASE_URL: 'postgres://localhost/x' })).toThrow(
    "TEST_NOW moves embedded PGlite's clock only: it is refused with DATABASE_URL set",
  );
});

it('a wrong value stops the start with a sentence naming the variable, what it must be and what it got', () => {
  expect(() => loadConfig({ UPLOAD_MAX_BYTES: 'x' })).toThrow(
    'UPLOAD_MAX_BYTES must be a whole number of bytes from 1,024 to 1,073,741,824, got "x"',
  );
  expect(() => loadConfig({ PORT: '80000' })).toThrow('PORT must be a port number, got "80000"');
  expect(() => loadConfig({ SEED: 'yes' })).toThrow('SEED must be one of 0, 1, got "yes"');
  expect(() => loadConfig({ NODE_ENV: 'prod' })).toThrow('NODE_ENV must be one of production, development, test');
  expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(
    'DATABASE_URL must be a postgres:// or postgresql:// URL',
  );
  expect(() => loadConfig({ PUBLIC_URL: 'admin.example.com' })).toThrow(
    'PUBLIC_URL must be an http:// or https:// address',
  );
  expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow('METRICS_TOKEN must be at least 16 characters');
  expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=true would take/);
});

it('defaults: every variable unset or empty takes the default the schema gives', () => {
  const config = loadConfig({ PORT: '', SEED: ' ' });
  expect(config).toMatchObject({
    production: false,
    port: 8080,
    host: '0.0.0.0',
    databaseUrl: undefined,
    dataDir: path.resolve('data'),
    publicUrl: 'http://localhost:8080',
    uploadMaxBytes: 2 * 1024 * 1024,
    seed: true,
    seedEvents: undefined,
    trustProxy: false,
    metricsToken: undefined,
  });
  expect(
    loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://admin.example.com/', SEED_EVENTS: '20_000' }),
  ).toMatchObject({
    production: true,
    publicUrl: 'https://admin.example.com',
    seedEvents: 20_000,
  });
});

it("README.md's configuration table lists exactly the variables of the schema, each with its default", () => {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Configuration'));
  const table = section.slice(0, section.indexOf('\n\n', section.indexOf('| variable')));
  const rows = new Map(
    [...table.matchAll(/^\| `([A-Z0-9_]+)` \| ([^|]+) \|/gm)].map((m) => [m[1], m[2].trim()] as const),
  );
  expect([...rows.keys()].sort()).toEqual(Object.keys(ENV).sort());
  for (const [name, schema] of Object.entries(ENV))
    if (schema.default !== undefined) expect(rows.get(name), name).toContain(`\`${schema.default}\``);
});
