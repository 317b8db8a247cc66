// What a test of an offer's links arranges: two cards (on a bank and a network of their own)
// and two outlets, and an offer linked to them all. tests/api/duplicateOffer.test.ts copies such
// an offer, tests/api/auditRevert.test.ts deletes one and brings it back.
import { bankResource } from '@contract/bank';
import { cardResource } from '@contract/card';
import { networkResource } from '@contract/network';
import { offerResource, type Offer } from '@contract/offer';
import { outletResource } from '@contract/outlet';
import type { opCalls } from './ops';

type Ok = ReturnType<typeof opCalls>['ok'];

export interface OfferLinks {
  cards: number[];
  outlets: number[];
}

/** Cards "<name> card one" and "… two", outlets "<name> cafe" at Marina and Downtown; `code`: the bank's. */
export async function makeOfferLinks(ok: Ok, name: string, code: string): Promise<OfferLinks> {
  const bank = (await ok(bankResource.ops.add!, { body: { name: `${name} bank`, code } })).data.id as number;
  const network = (await ok(networkResource.ops.add!, { body: { type: `${name} network` } })).data.id as number;
  const cards: number[] = [];
  for (const card of ['one', 'two'])
    cards.push(
      (await ok(cardResource.ops.add!, { body: { name: `${name} card ${card}`, bank_id: bank, network_id: network } }))
        .data.id,
    );
  const outlets: number[] = [];
  for (const branch of ['Marina', 'Downtown'])
    outlets.push((await ok(outletResource.ops.add!, { body: { merchant_name: `${name} cafe`, branch } })).data.id);
  return { cards, outlets };
}

/** A new offer titled `title`, 15% off through 2027, linked to every card and outlet of `links`; `extra` adds fields. */
export async function addLinkedOffer(
  ok: Ok,
  links: OfferLinks,
  title: string,
  extra: Record<string, unknown> = {},
): Promise<Offer> {
  const body = {
    title,
    discount: '15%',
    valid_from: '2026-01-01',
    valid_to: '2027-12-31',
    card_ids: links.cards,
    outlet_ids: links.outlets,
    ...extra,
  };
  return (await ok(offerResource.ops.add!, { body })).data as Offer;
}
