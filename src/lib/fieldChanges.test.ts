import { describe, expect, it } from 'vitest';
import { fieldChanges } from './fieldChanges';

const label = (f: string) => ({ category_id: 'Category', card_ids: 'Cards', title: 'Title' })[f] ?? f;

describe('an entry’s fields as a diff', () => {
  it('names the records its ids stand for, one or a list, and keeps an unnamed id as it is', () => {
    const changes = fieldChanges({ category_id: 1 }, { category_id: 2, card_ids: [7, 8, 9] }, label, undefined, {
      category_id: { 1: 'Dining', 2: 'Travel' },
      card_ids: { 7: 'Skywards Infinite', 8: 'Go4it Platinum' },
    });
    expect(changes.map((c) => [c.label, c.before, c.after])).toEqual([
      ['Category', 'Dining', 'Travel'],
      ['Cards', '', 'Skywards Infinite, Go4it Platinum, 9'],
    ]);
  });

  it("hides the server's own fields: an import's batch, the search text, a reviewer's claim", () => {
    const changes = fieldChanges(null, { title: 'Offer', batch_id: 4, search_text: 'offer', claimed_by: 2 }, label);
    expect(changes.map((c) => c.field)).toEqual(['title']);
  });

  it('says nothing of a field a record was made or deleted with empty; an emptied field is a change', () => {
    expect(fieldChanges(null, { title: 'Offer', terms: null, image: '' }, label).map((c) => c.field)).toEqual([
      'title',
    ]);
    expect(fieldChanges({ terms: 'Old' }, { terms: null }, label).map((c) => [c.before, c.after])).toEqual([
      ['Old', '—'],
    ]);
  });
});
