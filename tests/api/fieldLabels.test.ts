// The server names a refused field as the form labels it (contract/fieldLabels.ts): the
// schema's title where it has one, else its key in words without the id, and a limit in words.
// The form's label is read from the same schema here, so the two cannot drift.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardResource } from '@contract/card';
import { inSentence, labelOf } from '@contract/fieldLabels';
import { offerResource } from '@contract/offer';
import { welcomeBoxResource } from '@contract/homepageWelcome';
import { opCalls } from '../helpers/ops';
import { startTestServer, type TestServer } from '../helpers/app';

let s: TestServer;
const ops = opCalls(() => s);
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.close());

const refusal = async (op: Parameters<typeof ops.call>[0], body: unknown) => {
  const res = await ops.call(op, { body });
  expect(res.status, res.body).toBe(422);
  return res.json.errors as Record<string, string[]>;
};

describe('field names in messages', () => {
  it('a card without a bank: "Bank is required.", as the form labels the field', async () => {
    const errors = await refusal(cardResource.ops.add!, { name: 'Nameless Bank Card' });
    expect(errors.bank_id).toEqual(['Bank is required.']);
    expect(errors.network_id).toEqual(['Network is required.']);
    expect(labelOf(cardResource.create, 'bank_id')).toBe('Bank');
  });

  it('a titled field is named by its title, without its unit; a limit is said in words', async () => {
    const errors = await refusal(cardResource.ops.add!, {
      name: 'Fee Card',
      bank_id: 1,
      network_id: 1,
      annual_fee: -1,
      min_salary: -5,
    });
    expect(errors.annual_fee).toEqual(['Annual fee must be at least 0.']);
    // A nullable field: its value's title names it, and its null branch stays quiet.
    expect(errors.min_salary).toEqual(['Minimum salary must be at least 0.']);
    expect(labelOf(cardResource.create, 'annual_fee')).toBe('Annual fee (AED)');
    expect(inSentence(labelOf(cardResource.create, 'min_salary'))).toBe('Minimum salary');
  });

  it('a list of ids is named by what it lists; a field labelled otherwise by its title', async () => {
    const errors = await refusal(offerResource.ops.add!, {
      title: 'Labels offer',
      discount: '5%',
      valid_from: '2026-01-01',
      valid_to: '2026-02-01',
      card_ids: [0],
      from_source: 'Not A Slug',
    });
    expect(errors['card_ids.0'] ?? errors.card_ids).toEqual(['Cards must be at least 1.']);
    expect(errors.from_source).toEqual(['Source has an invalid format.']);
    const welcome = await refusal(welcomeBoxResource.ops.add!, { message: 'Hello' });
    expect(welcome.title).toEqual(['Greeting is required.']);
  });
});
