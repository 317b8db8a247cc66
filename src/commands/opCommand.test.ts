// A derived command that asks: the operation's hint names the fields, the palette asks each on
// a page of its own, and the call goes out with the answers as its body.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const call = vi.hoisted(() => vi.fn(async () => ({ message: 'Renamed.', data: {} })));
vi.mock('../api/call', () => ({ call }));

import * as Type from '@sinclair/typebox';
import { ADMIN_ROOT, defineOp } from '@contract/operation';
import { IdParams } from '@contract/resource';
import { ui } from '../store/ui';
import { derivedCommands } from './opCommand';
import type { Ctx } from './types';

const retitle = defineOp({
  id: 'offer.retitle',
  method: 'POST',
  path: `${ADMIN_ROOT}/retitle_offer/:id`,
  summary: 'Give an offer a new title and last day',
  tag: 'Offers',
  access: 'admin',
  permission: 'offer.write',
  resource: 'offer',
  params: IdParams,
  body: Type.Object({ title: Type.String(), valid_to: Type.String({ format: 'date' }) }),
  response: Type.Object({}),
  touches: ['offer'],
  command: {
    title: 'Retitle offer…',
    ask: [
      { field: 'title', label: 'New title', kind: 'text' },
      { field: 'valid_to', label: 'Last day', kind: 'date' },
    ],
  },
});

const onOffers: Ctx = {
  scopes: ['global', 'view:offers'],
  view: 'offers',
  mode: 'list',
  cursor: { resource: 'offer', id: 7 },
  list: null,
};

beforeEach(() => {
  call.mockClear();
  ui.palettePage = null;
});

describe('a derived command that asks', () => {
  const [first, second] = derivedCommands([retitle], [{ resource: 'offer', view: 'offers' }]);

  it('is one command on its screen, its further question a page the palette opens in turn', () => {
    expect([first.id, first.scope, first.title]).toEqual(['offer.retitle', 'view:offers', 'Retitle offer…']);
    expect([second.id, second.palette, second.title]).toEqual(['offer.retitle.ask1', false, 'Retitle offer: Last day']);
    expect(first.enabled?.({ ...onOffers, cursor: null })).toBe(false);
  });

  it('takes the text as typed, and a date as people type it', async () => {
    expect(await first.pick!.load('  Summer deal ', new AbortController().signal)).toMatchObject([
      { value: 'Summer deal' },
    ]);
    expect(await first.pick!.load('', new AbortController().signal)).toEqual([]);
    expect(await second.pick!.load('24/12/2026', new AbortController().signal)).toMatchObject([
      { value: '2026-12-24' },
    ]);
  });

  it('calls with the highlighted record and every answer, once all are given', async () => {
    expect(await first.run(onOffers, 'Summer deal')).toBeUndefined();
    expect(ui.palettePage).toBe('offer.retitle.ask1');
    expect(call).not.toHaveBeenCalled();
    await second.run(onOffers, '2026-12-24');
    expect(call).toHaveBeenCalledWith(retitle, {
      params: { id: 7 },
      body: { title: 'Summer deal', valid_to: '2026-12-24' },
    });
  });
});

describe('the operations’ asks', () => {
  it('name fields of their own body', async () => {
    const { operations } = await import('@contract/operations');
    for (const op of operations)
      for (const a of op.command?.ask ?? [])
        expect(Object.keys((op.body as { properties?: object } | undefined)?.properties ?? {}), op.id).toContain(
          a.field,
        );
  });
});
