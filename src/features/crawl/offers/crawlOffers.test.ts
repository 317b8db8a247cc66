import { describe, expect, it } from 'vitest';
import { paramsOf } from './crawlOffers';

describe('the crawled offers URL', () => {
  it('reads the search, the source and the state', () => {
    expect(paramsOf('?query=%20burger%20&from=3&state=onboarded')).toEqual({
      query: 'burger',
      from: 3,
      state: 'onboarded',
    });
  });

  it('leaves out what it does not know', () => {
    expect(paramsOf('from=x&state=gone')).toEqual({ query: '', from: null, state: null });
    expect(paramsOf('from=-2')).toMatchObject({ from: null });
  });
});
