// "Change password…" from any screen: the profile, its new password's field asked to take the focus.
import { describe, expect, it, vi } from 'vitest';

const went: string[] = [];
vi.mock('@/store/navigate', () => ({ go: (path: string) => went.push(path) }));
const { profileCommands, profileForms } = await import('./commands');

describe('change password', () => {
  it('is global and opens the profile asking for the new password’s field', () => {
    const c = profileCommands.find((x) => x.id === 'profile.changePassword')!;
    expect(c.scope).toBe('global');
    const before = profileForms.focusPassword;
    c.run({ scopes: ['global'], view: 'dashboard', mode: null, cursor: null, list: null }, undefined);
    expect(went).toEqual(['/profile']);
    expect(profileForms.focusPassword).toBe(before + 1);
  });
});
