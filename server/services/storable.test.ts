// The unstorable-text check of the one validator (server/services/storable.ts): what it names,
// in words, and that no body, however deep or wide, costs it more than a bounded answer.
import { describe, expect, it } from 'vitest';
import * as Type from '@sinclair/typebox';
import { validationFields, validatorOf } from './validate';

const Body = Type.Object({
  name: Type.String({ title: 'Display name' }),
  note: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 5 })])),
  tags: Type.Optional(Type.Array(Type.String())),
  shown: Type.Optional(Type.Record(Type.String(), Type.Boolean())),
});

const refusal = (data: unknown) => {
  const check = validatorOf(Body);
  const valid = check(data);
  return valid ? null : validationFields(check.errors ?? []);
};

describe('unstorable text', () => {
  it('names the field by its label, for a NUL and for either half of a surrogate pair alone', () => {
    expect(refusal({ name: 'a\u0000b' })).toEqual({
      name: ['Display name contains a character that cannot be stored (NUL).'],
    });
    expect(refusal({ name: 'x', note: '\ud800' })).toEqual({
      note: ['Note contains a character that cannot be stored (an unpaired surrogate).'],
    });
    expect(refusal({ name: '\udc00' })).toEqual({
      name: ['Display name contains a character that cannot be stored (an unpaired surrogate).'],
    });
  });

  it('takes paired surrogates (emoji), control characters and right-to-left text as they are', () => {
    for (const name of ['😀 👨‍👩‍👧', 'a\u0001\u001b\u007fb', '\u202eمرحبا', 'Z̷a̸', ''])
      expect(refusal({ name }), JSON.stringify(name)).toBeNull();
  });

  it('checks list items, free keys and fields the schema does not name; a key by its object', () => {
    expect(refusal({ name: 'x', tags: ['ok', 'b\u0000'] })).toEqual({
      'tags.1': ['Tags contains a character that cannot be stored (NUL).'],
    });
    expect(refusal({ name: 'x', shown: { 'a\u0000': true } })).toEqual({
      shown: ['Shown contains a character that cannot be stored (NUL).'],
    });
    expect(refusal({ name: 'x', extra: { deep: ['\u0000'] } })).toEqual({
      'extra.deep.0': ['Deep contains a character that cannot be stored (NUL).'],
    });
  });

  it('names a field the schema does not know by its key, whatever the key', () => {
    const fields = refusal(JSON.parse('{"name":"x","constructor":"\\u0000","__proto__":"\\ud800"}'))!;
    expect(Object.keys(fields)).toEqual(['constructor', '__proto__']);
    expect(fields.constructor).toEqual(['Constructor contains a character that cannot be stored (NUL).']);
  });

  it('names a value the schema already refused once, by the schema’s words', () => {
    expect(refusal({ name: 'x', note: 'too long\u0000' })).toEqual({ note: ['Note must be at most 5 characters.'] });
  });

  it('walks 20,000 nested arrays without recursion, names them at a bounded depth, and lists at most 20', () => {
    let deep: unknown = '\u0000';
    for (let i = 0; i < 20_000; i++) deep = [deep, '\u0000'];
    const fields = refusal({ name: 'x', extra: deep })!;
    expect(Object.keys(fields)).toHaveLength(8);
    expect(Object.keys(fields)).toContain('extra.0.0.0.0.0.0.0');
    const many = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`f${i}`, '\u0000']));
    expect(Object.keys(refusal({ name: 'x', ...many })!)).toHaveLength(20);
  });
});
