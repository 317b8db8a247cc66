import { beforeEach, describe, expect, it } from 'vitest';
import { isShown, listPrefs, resetListPrefs, setColumnShown, setDensity } from './listPrefs';
import { session } from './session';

const memory = new Map<string, string>();
globalThis.localStorage = {
  getItem: (k: string) => memory.get(k) ?? null,
  setItem: (k: string, v: string) => void memory.set(k, v),
  removeItem: (k: string) => void memory.delete(k),
} as Storage;

beforeEach(() => {
  session.user_id = 7;
  resetListPrefs('banks');
});

describe('listPrefs', () => {
  it('keeps a choice only where it differs from the default, and stores it per admin and screen', () => {
    setColumnShown('banks', 'code', false, true);
    setColumnShown('banks', 'website', true, false);
    setColumnShown('banks', 'name', true, true);
    expect(listPrefs('banks').shown).toEqual({ code: false, website: true });
    expect(JSON.parse(memory.get('list:7:banks')!)).toEqual({
      shown: { code: false, website: true },
      density: 'dense',
    });
    expect(isShown(listPrefs('banks'), 'code', true)).toBe(false);
    expect(isShown(listPrefs('banks'), 'created_at', true)).toBe(true);
  });

  it('another admin in the same browser has their own', () => {
    setDensity('banks', 'comfortable');
    session.user_id = 8;
    expect(listPrefs('banks').density).toBe('dense');
    session.user_id = 7;
    expect(listPrefs('banks').density).toBe('comfortable');
  });

  it('reads a damaged entry as the defaults', () => {
    memory.set('list:9:cards', '{not json');
    session.user_id = 9;
    expect(listPrefs('cards')).toEqual({ shown: {}, density: 'dense' });
  });
});
