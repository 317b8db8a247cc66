import { describe, expect, it } from 'vitest';
import { withArticle } from './words';

describe('withArticle', () => {
  it.each([
    ['offer', 'an offer'],
    ['outlet', 'an outlet'],
    ['area', 'an area'],
    ['engagement event', 'an engagement event'],
    ['user', 'a user'],
    ['card', 'a card'],
    ['bank', 'a bank'],
    ['category', 'a category'],
    ['network', 'a network'],
    ['unit', 'a unit'],
    ['update', 'an update'],
    ['hour', 'an hour'],
    ['one-time code', 'a one-time code'],
  ])('%s → %s', (noun, expected) => expect(withArticle(noun)).toBe(expected));
});
