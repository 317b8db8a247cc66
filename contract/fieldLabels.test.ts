import * as Type from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { cardResource } from './card';
import { humanise, inSentence, labelOf, labelsOf } from './fieldLabels';
import { Nullable } from './fields';
import { SETTING_LABELS } from './settings';

describe('field labels', () => {
  it('names a key in words, an id by what it points at', () => {
    expect(humanise('valid_to')).toBe('Valid to');
    expect(humanise('bank_id')).toBe('Bank');
    expect(humanise('card_ids')).toBe('Cards');
    expect(humanise('id')).toBe('Id');
  });

  it("takes a property's title, a nullable one's from its value", () => {
    const schema = Type.Object({
      fee: Type.Number({ title: 'Annual fee (AED)' }),
      salary: Nullable(Type.Number({ title: 'Minimum salary (AED)' })),
      bank_id: Type.Integer(),
    });
    expect(labelOf(schema, 'fee')).toBe('Annual fee (AED)');
    expect(labelOf(schema, 'salary')).toBe('Minimum salary (AED)');
    expect(labelOf(schema, 'bank_id')).toBe('Bank');
    expect(labelsOf(cardResource.create)('min_salary')).toBe('Minimum salary (AED)');
  });

  it('drops the unit inside a sentence', () => {
    expect(inSentence('Default outlet radius (km)')).toBe('Default outlet radius');
    expect(inSentence('Name')).toBe('Name');
  });

  it("gives the settings screen its labels from the schema's titles", () => {
    expect(SETTING_LABELS.default_outlet_radius_km).toBe('Default outlet radius (km)');
    expect(SETTING_LABELS.support_email).toBe('Support e-mail');
  });
});
