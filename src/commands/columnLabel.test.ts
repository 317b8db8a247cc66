import { describe, expect, it } from 'vitest';
import { cardResource } from '@contract/card';
import { bankResource } from '@contract/bank';
import { columnLabel } from './resourceScreen';

describe('columnLabel', () => {
  it("names a column by the contract's field labels", () => {
    expect(columnLabel(cardResource, { key: 'annual_fee' })).toBe('Annual fee'); // title without its unit
    expect(columnLabel(cardResource, { key: 'bank_name' })).toBe('Bank'); // the reference's field
    expect(columnLabel(cardResource, { key: 'network_type', field: 'network_id' })).toBe('Network');
    expect(columnLabel(cardResource, { key: 'created_at' })).toBe('Added');
    expect(columnLabel(bankResource, { key: 'is_active' })).toBe('Active');
  });
});
