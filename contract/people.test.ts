import { describe, expect, it } from 'vitest';
import { isMasked, maskEmail, maskPeople, maskPhone } from './people';

describe('contract/people.ts', () => {
  it('masks an e-mail address to its first letter and its domain', () => {
    expect(maskEmail('vera@example.com')).toBe('v•••@example.com');
    expect(maskEmail('a@b.ae')).toBe('a•••@b.ae');
    expect(maskEmail('no-at-sign')).toBe('•••');
    expect(maskEmail('@example.com')).toBe('•••');
  });

  it('masks a phone number but its country code and last four digits; a short one whole', () => {
    expect(maskPhone('+971 50 123 4567')).toBe('+971 •• ••• 4567');
    expect(maskPhone('+971-4-123-4567')).toBe('+971-•-•••-4567');
    expect(maskPhone('050 123 4567')).toBe('••• ••• 4567');
    expect(maskPhone('+971501234567')).toBe('+••••••••4567');
    expect(maskPhone('(04) 1234')).toBe('(••) ••••');
  });

  it('masks the named fields at any depth and leaves the rest as they are', () => {
    const message = {
      id: 3,
      name: 'Vera',
      email: 'vera@example.com',
      phone: null,
      replies: [{ id: 1, sent_to: 'vera@example.com', text: 'Hello' }],
    };
    const masked = maskPeople(message, { email: 'email', phone: 'phone', sent_to: 'email' });
    expect(masked).toEqual({
      id: 3,
      name: 'Vera',
      email: 'v•••@example.com',
      phone: null,
      replies: [{ id: 1, sent_to: 'v•••@example.com', text: 'Hello' }],
    });
    expect(message.email).toBe('vera@example.com');
    expect(maskPeople({ data: [{ query: 'vera@example.com' }] }, { query: 'text' })).toEqual({
      data: [{ query: '•••' }],
    });
    expect(maskPeople(null, { email: 'email' })).toBeNull();
  });

  it('tells a masked value from a whole one', () => {
    expect(isMasked(maskEmail('vera@example.com'))).toBe(true);
    expect(isMasked('vera@example.com')).toBe(false);
    expect(isMasked(null)).toBe(false);
  });
});
