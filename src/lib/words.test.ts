import { describe, expect, it } from 'vitest';
import { countOf, totalWords, withArticle } from './words';

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

describe('totalWords', () => {
  it('says how far a total is counted', () => {
    expect(totalWords(1234)).toBe('1,234');
    expect(totalWords(10_000, 'at_least')).toBe('10,000+');
    expect(totalWords(1_002_000, 'about')).toBe('about 1M');
    expect(totalWords(1_250_000, 'about')).toBe('about 1.3M');
  });
});

describe('countOf', () => {
  it('says one thing in the singular', () => {
    expect(countOf(1, 'outlet')).toBe('1 outlet');
    expect(countOf(2, 'outlet')).toBe('2 outlets');
    expect(countOf(0, 'outlet')).toBe('0 outlets');
    expect(countOf(1204, 'category', 'categories')).toBe('1,204 categories');
  });
});
