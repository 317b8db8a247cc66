import { describe, expect, it } from 'vitest';
import { errorText, GENERIC_ERROR } from './errorText';

// Every row of the product's catalogue of error texts, as data.
const generic: Array<[method: string, text: string]> = [
  ['GET', 'Unable to fetch data. Please try again later.'],
  ['POST', 'Unable to add/update data. Please try again later.'],
  ['PUT', 'Unable to update data. Please try again later.'],
  ['PATCH', 'Unable to update data. Please try again later.'],
  ['DELETE', 'Unable to delete data. Please try again later.'],
  ['get', 'Unable to fetch data. Please try again later.'],
  ['HEAD', 'An unexpected error occurred. Please try again later.'],
  ['OPTIONS', 'An unexpected error occurred. Please try again later.'],
  ['', 'An unexpected error occurred. Please try again later.'],
];

const preference: Array<[name: string, body: unknown, text: string]> = [
  [
    'errors.name first',
    { errors: { name: ['Name taken'], type: ['T'], message: ['M'] }, message: 'top' },
    'Name taken',
  ],
  ['errors.name as a string', { errors: { name: 'Name taken' } }, 'Name taken'],
  [
    'errors.type before message.error',
    { errors: { type: ['Bad type'], message: ['M'] }, message: { error: 'E' } },
    'Bad type',
  ],
  ['message.error before errors.message', { errors: { message: ['M'] }, message: { error: 'Broken' } }, 'Broken'],
  ['errors.message before message', { errors: { message: ['From errors'] }, message: 'From message' }, 'From errors'],
  ['message last', { message: 'Only message' }, 'Only message'],
  ['message as array', { message: ['First', 'Second'] }, 'First'],
  ['errors.message array uses the first element', { errors: { message: ['One', 'Two'] } }, 'One'],
  [
    'empty strings are skipped',
    { errors: { name: [''], message: ['   '] }, message: 'Fallback message' },
    'Fallback message',
  ],
  [
    'other field errors are not preferred',
    { errors: { code: ['Code taken'] }, message: 'Validation failed' },
    'Validation failed',
  ],
];

const nothingReadable: unknown[] = [
  null,
  undefined,
  'plain text body',
  42,
  [],
  {},
  { errors: {} },
  { message: {} },
  { message: 7 },
];

describe('errorText: generic text by method', () => {
  it.each(generic)('%s → %s', (method, text) => {
    expect(errorText(method, undefined)).toBe(text);
  });
  it('covers every method of the catalogue', () => {
    const covered = new Set(generic.map(([, t]) => t));
    for (const text of Object.values(GENERIC_ERROR)) expect(covered).toContain(text);
  });
});

describe('errorText: the server sentence in preference order', () => {
  it.each(preference)('%s', (_name, body, text) => {
    expect(errorText('POST', body)).toBe(text);
  });
});

describe('errorText: falls back when the body has nothing readable', () => {
  it.each(nothingReadable.map((b) => [JSON.stringify(b) ?? 'undefined', b]))('%s', (_n, body) => {
    expect(errorText('DELETE', body)).toBe(GENERIC_ERROR.DELETE);
  });
  it('a named fallback replaces the generic text', () => {
    expect(errorText('POST', null, 'Login failed')).toBe('Login failed');
    expect(errorText('POST', { message: 'Invalid email or password.' }, 'Login failed')).toBe(
      'Invalid email or password.',
    );
  });
});
