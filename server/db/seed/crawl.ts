// Demo crawl sources: what three bank websites' crawls would bring, written through the
// same import as a real crawl file (server/services/crawlImport.ts). Made from the live demo
// catalogue, so review has every case to work on: refs that match a live record exactly,
// near-duplicates (a bank's name in front, "Credit Card" left off, odd spacing and case,
// "LLC", another transliteration of an Arabic name), refs with no live record yet, and cards
// the bank no longer offers. Deterministic, like the rest of the demo data.
import type { Tx } from '../connection';
import { importRefs, type CrawlRecord } from '../../services/crawlImport';
import { createRandom } from './random';
import { REFERENCE_DATE } from './offers';

const CRAWL_SOURCES = [
  {
    slug: 'enbd-site',
    name: 'Emirates NBD website',
    bank: 'ENBD',
    newCards: ['Emirates NBD Webshopper Card', 'Emirates NBD Go4it Platinum Card'],
  },
  {
    slug: 'fab-site',
    name: 'First Abu Dhabi Bank website',
    bank: 'FAB',
    newCards: ['FAB Cashback Plus Card', 'FAB Rewards Titanium Card'],
  },
  {
    slug: 'adcb-site',
    name: 'ADCB website',
    bank: 'ADCB',
    newCards: ['ADCB Lulu Titanium Card', 'ADCB Etihad Guest Infinite Card'],
  },
] as const;

/** Merchants a bank site lists that the live catalogue does not have yet (real Dubai names). */
const NEW_MERCHANTS = [
  { merchant: 'Bait Al Mandi', area: 'Al Barsha' },
  { merchant: 'Logma', area: 'Jumeirah' },
  { merchant: 'Zaroob', area: 'Trade Centre' },
  { merchant: 'Al Ustad Special Kabab', area: 'Al Karama' },
  { merchant: 'Ravi Restaurant', area: 'Al Satwa' },
];

/** The same merchant as another site spells it. */
const TRANSLITERATIONS: Record<string, string> = {
  Al: 'El',
  Mandi: 'Mendi',
  Shawarma: 'Shawerma',
  Kabab: 'Kebab',
  Qasr: 'Kasr',
};

const DISCOUNTS = ['10% off', '15% off', '20% off', '25% off', 'Buy 1 get 1', '30% off'];

/** `today`: the day of the first start, so the crawled offers are around it, as the offers are (./offers.ts). */
export async function seedCrawl(tx: Tx, today = REFERENCE_DATE): Promise<void> {
  const rnd = createRandom(20261123);
  for (const source of CRAWL_SOURCES) {
    const bank = (
      await tx.query<{ id: number; name: string }>('select id, name from banks where code = $1', [source.bank])
    ).rows[0];
    if (!bank) continue;
    const cards = (
      await tx.query<{ name: string; network: string; annual_fee: number; description: string | null }>(
        'select c.name, n.type as network, c.annual_fee, c.description from cards c join networks n on n.id = c.network_id where c.bank_id = $1 order by c.id',
        [bank.id],
      )
    ).rows;
    const outlets = (
      await tx.query<{
        id: number;
        merchant_name: string;
        branch: string | null;
        address: string | null;
        area: string | null;
        latitude: number | null;
        longitude: number | null;
      }>(
        `select o.id, o.merchant_name, o.branch, o.address, a.name as area, o.latitude, o.longitude
         from outlets o left join dubai_cities a on a.id = o.area_id order by o.id limit 14 offset $1`,
        [CRAWL_SOURCES.indexOf(source) * 14],
      )
    ).rows;

    const records: CrawlRecord[] = [];
    const cardNames: string[] = [];
    cards.forEach((c, i) => {
      const name = [
        c.name,
        `${bank.name} ${c.name.replace(/ Credit Card$/, '')}`,
        c.name.toUpperCase().replace(/ /g, '  '),
        c.name,
      ][i % 4];
      const gone = i === cards.length - 1;
      cardNames.push(name);
      records.push({
        kind: 'card',
        key: `card-${slug(c.name)}`,
        name,
        bank: bank.name,
        network: c.network,
        annual_fee: i % 3 === 1 ? Number(c.annual_fee) + 50 : Number(c.annual_fee),
        benefits: gone ? 'No longer offered to new customers.' : (c.description ?? undefined),
      });
    });
    for (const name of source.newCards) {
      cardNames.push(name);
      records.push({
        kind: 'card',
        key: `card-${slug(name)}`,
        name,
        bank: bank.name,
        network: 'Visa',
        annual_fee: rnd.pick([0, 300, 750]),
        benefits: 'Newly listed on the bank’s website.',
      });
    }

    const merchantNames: string[] = [];
    outlets.forEach((o, i) => {
      const merchant = [
        o.merchant_name,
        `${o.merchant_name} LLC`,
        o.merchant_name.replace(/ /g, ''),
        transliterate(o.merchant_name),
      ][i % 4];
      merchantNames.push(merchant);
      records.push({
        kind: 'outlet',
        key: `outlet-${o.id}`,
        merchant,
        branch: o.branch ?? undefined,
        address: o.address ?? undefined,
        area: o.area ?? undefined,
        latitude: o.latitude,
        longitude: o.longitude,
      });
    });
    for (const m of NEW_MERCHANTS.slice(0, 3 + CRAWL_SOURCES.indexOf(source))) {
      merchantNames.push(m.merchant);
      records.push({ kind: 'outlet', key: `outlet-${slug(m.merchant)}`, merchant: m.merchant, area: m.area });
    }

    for (let i = 0; i < 24; i++) {
      const merchant = merchantNames[i % merchantNames.length];
      const discount = rnd.pick(DISCOUNTS);
      const from = shiftDays(today, rnd.int(-60, 20));
      records.push({
        kind: 'offer',
        key: `offer-${i + 1}`,
        title: `${discount} at ${merchant}`,
        discount,
        valid_from: from,
        valid_to: shiftDays(from, rnd.int(30, 240)),
        terms: `Valid with ${bank.name} cards. Not valid with other promotions.`,
        cards: rnd.sample(cardNames, rnd.int(1, 2)),
        outlets: [merchant],
      });
    }
    await importRefs(tx, { from_source: source.slug, name: source.name, bank_id: bank.id }, records);
  }
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const transliterate = (s: string) =>
  s
    .split(' ')
    .map((w) => TRANSLITERATIONS[w] ?? w)
    .join(' ');
const shiftDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A big crawl to measure review at scale (`npm run seed:large -- --crawl-offers 10000`): the
 * source `large-crawl` with a card ref per live card of one bank, an outlet ref per live
 * outlet (up to 2,000), and `offers` offer refs naming them. Importing it again replaces it.
 */
export async function seedLargeCrawl(tx: Tx, offers: number): Promise<void> {
  const rnd = createRandom(offers);
  const bank = (await tx.query<{ id: number; name: string }>("select id, name from banks where code = 'ENBD'")).rows[0];
  const cards = (
    await tx.query<{ name: string; network: string }>(
      'select c.name, n.type as network from cards c join networks n on n.id = c.network_id where c.bank_id = $1 order by c.id',
      [bank?.id ?? 0],
    )
  ).rows;
  const outlets = (
    await tx.query<{ id: number; merchant_name: string; branch: string | null }>(
      'select id, merchant_name, branch from outlets order by id limit 2000',
    )
  ).rows;
  const records: CrawlRecord[] = [
    ...cards.map((c): CrawlRecord => ({
      kind: 'card',
      key: `card-${slug(c.name)}`,
      name: c.name,
      bank: bank?.name,
      network: c.network,
    })),
    ...outlets.map((o): CrawlRecord => ({
      kind: 'outlet',
      key: `outlet-${o.id}`,
      merchant: o.merchant_name,
      branch: o.branch ?? undefined,
    })),
  ];
  for (let i = 0; i < offers; i++) {
    const outlet = outlets[i % Math.max(1, outlets.length)];
    const discount = rnd.pick(DISCOUNTS);
    const from = shiftDays(REFERENCE_DATE, rnd.int(-60, 20));
    records.push({
      kind: 'offer',
      key: `offer-${i + 1}`,
      title: `${discount} at ${outlet?.merchant_name ?? 'a merchant'} (${i + 1})`,
      discount,
      valid_from: from,
      valid_to: shiftDays(from, rnd.int(30, 240)),
      cards: cards.length ? [cards[i % cards.length].name] : [],
      outlets: outlet ? [outlet.merchant_name] : [],
    });
  }
  await importRefs(
    tx,
    { from_source: 'large-crawl', name: 'Large crawl (seed:large)', bank_id: bank?.id ?? null },
    records,
  );
}
