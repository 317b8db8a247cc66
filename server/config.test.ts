// The environment read once at start (README.md, "Configuration"): defaults, and a wrong
// value stops the start with a sentence naming the variable and what it got.
import { expect, it } from 'vitest';
import { loadConfig } from './config';

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

it('PG_POOL_MAX: 10 by default, a whole number of connections from 1 to 1,000 (was read unchecked in server/db/connection.ts)', () => {
  expect(loadConfig({}).pgPoolMax).toBe(10);
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
