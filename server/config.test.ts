// The environment read once at start (README.md, "Configuration"): defaults, and a wrong
// value stops the start with a sentence naming the variable and what it got.
import { expect, it } from 'vitest';
import { loadConfig } from './config';

it('LOG_LEVEL: info by default, any of pino\'s levels, LOG_REQUESTS=1 as debug; anything else refused', () => {
  expect(loadConfig({}).logLevel).toBe('info');
  expect(loadConfig({ LOG_LEVEL: 'WARN' }).logLevel).toBe('warn');
  expect(loadConfig({ LOG_LEVEL: 'silent' }).logLevel).toBe('silent');
  expect(loadConfig({ LOG_REQUESTS: '1' }).logLevel).toBe('debug');
  expect(loadConfig({ LOG_REQUESTS: '1', LOG_LEVEL: 'error' }).logLevel).toBe('error');
  expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).toThrow('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "verbose"');
});

it('ANSWER_CACHE_MB: 64 by default, a whole number of megabytes from 1 to 16,384', () => {
  expect(loadConfig({}).answerCacheMb).toBe(64);
  expect(loadConfig({ ANSWER_CACHE_MB: '256' }).answerCacheMb).toBe(256);
  for (const bad of ['0', '-1', '1.5', 'lots', '20000']) expect(() => loadConfig({ ANSWER_CACHE_MB: bad })).toThrow(`ANSWER_CACHE_MB must be a whole number of megabytes from 1 to 16,384, got "${bad}"`);
});
