// Reading crawl files: both formats give the same refs; every bad line is named and nothing passes.
import { describe, expect, it } from 'vitest';
import { parseCrawlFile } from './crawlImport';
import { HttpError } from '../errors';

const refused = (text: string) => {
  try {
    parseCrawlFile(text);
  } catch (e) {
    if (e instanceof HttpError) return { status: e.statusCode, lines: e.fields.file };
    throw e;
  }
  throw new Error('accepted');
};

describe('parseCrawlFile', () => {
  it('reads JSON lines and CSV alike (lists as arrays or with | between items)', () => {
    const jsonl = [
      { kind: 'card', key: 'c1', name: 'Visa Platinum', bank: 'FAB', network: 'Visa', annual_fee: 300 },
      { kind: 'outlet', key: 'o1', merchant: 'Shake Shack', branch: 'Dubai Mall', latitude: 25.19, longitude: 55.27 },
      {
        kind: 'offer',
        key: 'f1',
        title: '20% off',
        valid_from: '2026-01-01',
        valid_to: '2026-12-31',
        cards: ['Visa Platinum'],
        outlets: ['Shake Shack', 'Five Guys'],
      },
    ]
      .map((r) => JSON.stringify(r))
      .join('\n');
    const csv = [
      'kind,key,name,bank,network,annual_fee,merchant,branch,latitude,longitude,title,valid_from,valid_to,cards,outlets',
      'card,c1,Visa Platinum,FAB,Visa,300,,,,,,,,,',
      'outlet,o1,,,,,Shake Shack,Dubai Mall,25.19,55.27,,,,,',
      'offer,f1,,,,,,,,,20% off,2026-01-01,2026-12-31,Visa Platinum,Shake Shack|Five Guys',
    ].join('\n');
    const a = parseCrawlFile(jsonl);
    const b = parseCrawlFile(csv);
    expect(b).toEqual(a);
    expect(a[2]).toMatchObject({ kind: 'offer', cards: ['Visa Platinum'], outlets: ['Shake Shack', 'Five Guys'] });
    expect(a[0].annual_fee).toBe(300);
  });

  it('names every bad line and accepts none of the file', () => {
    const text = [
      'kind,key,name,title,valid_from,valid_to,annual_fee',
      'card,c1,,,,,',
      'coupon,x1,,,,,',
      'offer,,,,,,',
      'offer,f1,,T,2026-02-30,2026-01-01,',
      'card,c2,Gold,,,,-5',
      'card,c2,Gold,,,,',
    ].join('\n');
    const r = refused(text);
    expect(r.status).toBe(422);
    expect(r.lines[0]).toBe('6 lines have errors; nothing was imported.');
    expect(r.lines.slice(1)).toEqual([
      'Line 2: name is required for a card.',
      'Line 3: kind must be one of card, outlet, offer.',
      'Line 4: key is required: the ref’s key on the crawled site.',
      'Line 5: valid_from must be a date, YYYY-MM-DD.',
      'Line 6: annual_fee must be a number from 0 to 1000000.',
      'Line 7: The card key "c2" is already on line 6.',
    ]);
  });

  it('refuses broken JSON lines, an empty file and an offer that ends before it starts', () => {
    expect(refused('{"kind":"card","key":"a","name":"A"}\n{oops').lines[1]).toBe('Line 2: Unreadable JSON.');
    expect(refused('').lines[1]).toBe('Line 1: The file has no refs.');
    expect(
      refused('{"kind":"offer","key":"f","title":"T","valid_from":"2026-05-01","valid_to":"2026-04-01"}').lines[1],
    ).toBe('Line 1: valid_to is before valid_from.');
  });
});
