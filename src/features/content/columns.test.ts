// The contact and feedback lists' heads say what their cells hold: the sender's name under
// "Sender" (it was the subject), the person who rated under "From" (the first head was "Name"
// over the rated offer or card).
import { describe, expect, it } from 'vitest';
import type { ContactMessage } from '@contract/contact';
import type { Feedback } from '@contract/feedback';
import { columnsOf } from '@/screens/listTable/columns';
import { contactScreen } from './contact/screen';
import { feedbackScreen } from './feedback/screen';

const cellsOf = <T extends { id: number }>(cols: ReturnType<typeof columnsOf<T>>, row: T) =>
  Object.fromEntries(cols.map((c) => [c.label, c.cell(row)]));

describe('content list columns', () => {
  it('contact messages: Sender is the name, Subject the subject', () => {
    const m = {
      id: 1,
      name: 'Layla Haddad',
      email: 'layla@example.com',
      phone: null,
      subject: 'Card not showing',
      message: '…',
      handled: false,
      created_at: '2026-03-12T10:00:00Z',
    } as unknown as ContactMessage;
    const cells = cellsOf(columnsOf(contactScreen), m);
    expect(cells).toMatchObject({ Sender: 'Layla Haddad', Subject: 'Card not showing', Email: 'layla@example.com' });
    expect(columnsOf(contactScreen)[0].label).toBe('Sender');
  });

  it('feedback: From is the person, About the rated offer or card', () => {
    const f = {
      id: 2,
      rating: 4,
      comment: 'Worked at the till',
      about: 'offer',
      user_id: 9,
      user_name: 'Omar Saeed',
      user_email: 'omar@example.com',
      offer_id: 5,
      offer_title: '20% off at Bateel',
      card_id: null,
      card_name: null,
      bank_name: null,
      created_at: '2026-03-12T10:00:00Z',
    } satisfies Feedback;
    const cells = cellsOf(columnsOf(feedbackScreen), f);
    expect(cells).toMatchObject({ From: 'Omar Saeed', About: '20% off at Bateel', Rating: '★★★★☆ 4' });
    expect(cellsOf(columnsOf(feedbackScreen), { ...f, user_id: null, user_name: null }).From).toBe('A deleted user');
    expect(Object.keys(cells)).not.toContain('Name');
  });
});

describe('feedback filter bar', () => {
  it('is the contract’s rating and about, in words, best rating first', async () => {
    const [rating, about] = feedbackScreen.filters;
    expect(feedbackScreen.filters.map((f) => [f.key, f.label, f.any])).toEqual([
      ['rating', 'Rating', 'Any rating'],
      ['about', 'About', 'Any subject'],
    ]);
    const options = async (f: typeof rating) => (typeof f.options === 'function' ? await f.options() : f.options);
    expect((await options(rating))?.map((o) => o.label)).toEqual([
      '★★★★★ 5',
      '★★★★☆ 4',
      '★★★☆☆ 3',
      '★★☆☆☆ 2',
      '★☆☆☆☆ 1',
    ]);
    expect(await options(about)).toEqual([
      { value: 'offer', label: 'Offers' },
      { value: 'card', label: 'Cards' },
    ]);
  });
});
