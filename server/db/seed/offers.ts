// Deterministic bank offers for the demo seed: a merchant (one to four of its branches),
// the cards of one bank, wording that fits the kind of business, and a validity window.
import type { Random } from './random';
import type { SeedCard } from './cards';
import type { SeedOutlet, Tag } from './outlets';
import type { CategoryName } from './categories';

interface SeedOffer {
  title: string;
  description: string;
  discount: string;
  valid_from: string;
  valid_to: string;
  terms: string;
  category: CategoryName;
  from_source: string;
  /** Indexes into the cards and outlets arrays given to generateOffers. */
  cards: number[];
  outlets: number[];
}

/** Dates are drawn around this day, then moved by whole days to the day of the first start
 *  (generateOffers' `today`): the same offers on every machine, and on the day it is seeded
 *  some live, some upcoming, some just ended and some ending within the week. */
export const REFERENCE_DATE = '2026-11-01';
const FIRST_DATE = '2025-01-01';
const LAST_DATE = '2028-12-31';

/** How often each bank's cards carry an offer. */
const BANK_WEIGHT: Record<string, number> = {
  ENBD: 5,
  FAB: 4,
  ADCB: 4,
  MASHREQ: 4,
  HSBC: 3,
  DIB: 2,
  RAK: 2,
  CITI: 2,
  EI: 2,
  ADIB: 2,
  CBD: 1.5,
  SCB: 1.5,
  LIV: 1.5,
  WIO: 1,
};
/** Banks whose offer pages are crawled; some of their offers come from there. */
export const CRAWLED_BANKS = ['ENBD', 'FAB', 'ADCB', 'MASHREQ', 'HSBC', 'RAK', 'DIB'];

export type Template = [title: string, discount: string];
export const PERCENT = [10, 15, 15, 20, 20, 20, 25, 25, 30, 40, 50];

export const TEMPLATES: Record<Tag, Template[]> = {
  cafe: [
    ['Buy 1 get 1 free on hot beverages at {m}', 'Buy 1 get 1'],
    ['{p}% off your order at {m}', '{p}% off'],
    ['Complimentary pastry with any large coffee at {m}', 'Free pastry'],
    ['2 for 1 on iced drinks at {m}', '2 for 1'],
  ],
  restaurant: [
    ['{p}% off your bill at {m}', '{p}% off'],
    ['{p}% off your bill at {m}', '{p}% off'],
    ['Complimentary dessert with every main course at {m}', 'Free dessert'],
    ['Buy 1 get 1 free main course at {m}', 'Buy 1 get 1'],
    ['AED {a} off when you spend AED {s} at {m}', 'AED {a} off'],
    ['{p}% off the weekend brunch at {m}', '{p}% off'],
  ],
  fastfood: [
    ['{p}% off your bill at {m}', '{p}% off'],
    ['Buy 1 get 1 free on meals at {m}', 'Buy 1 get 1'],
    ['Free regular drink with any combo meal at {m}', 'Free drink'],
    ['AED {a} off orders above AED {s} at {m}', 'AED {a} off'],
  ],
  dessert: [
    ['2 for 1 on desserts at {m}', '2 for 1'],
    ['{p}% off your order at {m}', '{p}% off'],
    ['Buy 1 get 1 free at {m}', 'Buy 1 get 1'],
  ],
  cinema: [
    ['2-for-1 movie tickets at {m}', '2 for 1'],
    ['2-for-1 movie tickets at {m}', '2 for 1'],
    ['{p}% off movie tickets at {m}', '{p}% off'],
    ['Complimentary popcorn with every ticket at {m}', 'Free popcorn'],
    ['AED {a} off premium screen tickets at {m}', 'AED {a} off'],
  ],
  attraction: [
    ['{p}% off admission at {m}', '{p}% off'],
    ['Buy 1 get 1 free tickets at {m}', 'Buy 1 get 1'],
    ['Kids go free with every paying adult at {m}', 'Kids go free'],
  ],
  kids: [
    ['{p}% off play credits at {m}', '{p}% off'],
    ['Double play credit on recharges at {m}', 'Double credit'],
    ['Buy 1 get 1 free on entry at {m}', 'Buy 1 get 1'],
  ],
  gym: [
    ['{p}% off annual membership at {m}', '{p}% off'],
    ['One month free with an annual membership at {m}', '1 month free'],
    ['Free 7-day trial pass at {m}', 'Free trial'],
    ['AED {a} off the joining fee at {m}', 'AED {a} off'],
  ],
  spa: [
    ['{p}% off massages and treatments at {m}', '{p}% off'],
    ['Complimentary 30-minute add-on with any treatment at {m}', 'Free add-on'],
    ['Buy 1 get 1 on signature treatments at {m}', 'Buy 1 get 1'],
  ],
  salon: [
    ['{p}% off manicure and pedicure at {m}', '{p}% off'],
    ['Complimentary nail art with any gel manicure at {m}', 'Free nail art'],
  ],
  pharmacy: [
    ['{p}% off vitamins and supplements at {m}', '{p}% off'],
    ['{p}% off skincare at {m}', '{p}% off'],
    ['AED {a} off when you spend AED {s} at {m}', 'AED {a} off'],
  ],
  clinic: [
    ['{p}% off health check packages at {m}', '{p}% off'],
    ['Free dental consultation at {m}', 'Free consultation'],
  ],
  grocer: [
    ['{c}% cashback on groceries at {m}', '{c}% cashback'],
    ['AED {a} off when you spend AED {s} at {m}', 'AED {a} off'],
    ['10% off fresh produce every weekend at {m}', '10% off'],
  ],
  fuel: [
    ['{c}% cashback on fuel at {m}', '{c}% cashback'],
    ['Free car wash with a full tank at {m}', 'Free car wash'],
    ['AED {a} off when you fill up AED {s} or more at {m}', 'AED {a} off'],
  ],
  hotel: [
    ['{p}% off the best available rate at {m}', '{p}% off'],
    ['Stay 3 nights, pay 2 at {m}', 'Stay 3, pay 2'],
    ['{p}% off Friday brunch at {m}', '{p}% off'],
    ['Complimentary room upgrade at {m}', 'Free upgrade'],
    ['Kids stay and eat free at {m}', 'Kids eat free'],
  ],
  rental: [
    ['{p}% off car rentals at {m}', '{p}% off'],
    ['Free additional driver at {m}', 'Free extra driver'],
    ['AED {a} off weekly rentals at {m}', 'AED {a} off'],
  ],
  lounge: [
    ['Complimentary lounge access at {m}', 'Free access'],
    ['{p}% off lounge access at {m}', '{p}% off'],
  ],
  dutyfree: [
    ['{p}% off fragrances at {m}', '{p}% off'],
    ['AED {a} off when you spend AED {s} at {m}', 'AED {a} off'],
  ],
  travel: [
    ['{p}% off holiday packages at {m}', '{p}% off'],
    ['AED {a} off flights booked at {m}', 'AED {a} off'],
    ['0% instalment plans on holidays at {m}', '0% instalments'],
  ],
  retail: [
    ['{p}% off your purchase at {m}', '{p}% off'],
    ['AED {a} off when you spend AED {s} at {m}', 'AED {a} off'],
    ['{c}% cashback at {m}', '{c}% cashback'],
    ['Buy 1 get 1 free on selected items at {m}', 'Buy 1 get 1'],
  ],
};
export const ELECTRONICS: Template[] = [
  ['{p}% off accessories at {m}', '{p}% off'],
  ['0% instalment plans for up to 12 months at {m}', '0% instalments'],
  ['AED {a} off when you spend AED {s} at {m}', 'AED {a} off'],
  ['{c}% cashback on laptops and phones at {m}', '{c}% cashback'],
];

const TERMS_COMMON = [
  'Not valid in conjunction with any other promotion, discount or loyalty programme.',
  'Limited to one redemption per cardholder per day.',
  'Supplementary cardholders are eligible.',
  'The offer cannot be exchanged for cash or transferred.',
  'Offer valid while stocks last.',
  'The merchant may withdraw or change the offer at any time without notice.',
];
const TERMS_BY_TAG: Partial<Record<Tag, string[]>> = {
  restaurant: [
    'Valid for dine-in only; excludes delivery and takeaway orders.',
    "Not valid on public holidays, New Year's Eve and other special occasions.",
    'Offer excludes beverages, service charge and set menus.',
    'Prior reservation is recommended and subject to availability.',
  ],
  cafe: ['Valid for dine-in and takeaway; excludes delivery apps.'],
  fastfood: ['Valid for dine-in and takeaway; excludes delivery apps.'],
  dessert: ['Valid for dine-in and takeaway; excludes delivery apps.'],
  cinema: [
    'Tickets must be booked at the box office or online with the eligible card.',
    'Not valid on premieres, special screenings and public holidays.',
    'Maximum of two free tickets per transaction.',
  ],
  attraction: ['Tickets must be purchased at the venue with the eligible card.', 'Children must be aged 12 or under.'],
  kids: ['Children must be accompanied by an adult.'],
  gym: ['Membership is subject to a health declaration.', 'New members only.'],
  spa: ['Prior booking is required and subject to availability.', 'Not valid on packages or gift vouchers.'],
  salon: ['Prior booking is recommended.'],
  pharmacy: ['Not valid on prescription medicines or infant formula.'],
  clinic: ['Appointments are subject to availability.', 'Not valid with insurance-covered services.'],
  grocer: ['Excludes tobacco, infant formula, gift cards and mobile recharge.'],
  fuel: ['Valid on fuel purchases only; excludes convenience store items.'],
  hotel: [
    'Bookings must be made at least 48 hours in advance.',
    'Valid on the best available rate; blackout dates apply.',
    'Subject to room availability at the time of booking.',
  ],
  rental: ['The driver must hold a valid UAE or international driving licence.', 'Valid on new bookings only.'],
  lounge: ['Valid for the primary cardholder only.', 'Subject to lounge capacity.'],
  dutyfree: ['Valid on departures only.'],
  travel: ['Valid on new bookings only.', 'Airline taxes and fees are not discounted.'],
  retail: ['Applicable on full-price merchandise only.', 'Not valid on gift cards.'],
};

/** Terms that follow from the kind of discount rather than the merchant. */
function discountTerms(discount: string, rnd: Random): string[] {
  if (/buy 1|2 for 1/i.test(discount)) return ['The lower-priced item is free.'];
  if (/cashback/i.test(discount))
    return [
      `Cashback is credited to the card account within 30 days and capped at AED ${rnd.pick([100, 150, 200, 250])} per month.`,
    ];
  if (/^AED/.test(discount)) return ['The discount is applied at the point of sale on a single transaction.'];
  if (/% off/.test(discount))
    return [`Maximum discount of AED ${rnd.pick([100, 150, 200, 250, 500])} per transaction.`];
  return [];
}

const DAY = 86_400_000;
const toDays = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY;
const fromDays = (d: number) => new Date(d * DAY).toISOString().slice(0, 10);

/** Validity windows around REFERENCE_DATE moved by `shift` days: mostly live, some expired,
 *  some upcoming. The draws are the same as ever (the PRNG sequence, and all that follows it,
 *  unchanged); the lowest draws of the live and expired windows are folded in near the day so
 *  that "ending within 7 days" and "just ended" are never empty. */
function validity(rnd: Random, shift: number): [string, string] {
  const ref = toDays(REFERENCE_DATE);
  const first = toDays(FIRST_DATE);
  const last = toDays(LAST_DATE);
  const r = rnd.next();
  let from: number;
  let to: number;
  if (r < 0.65) {
    from = ref - rnd.int(0, 540);
    const ends = rnd.int(60, 780);
    // About 4% of the live offers end within 30 days: the day they were seeded, and on.
    to = ref + (ends < 90 ? ends - 60 : ends);
  } else if (r < 0.85) {
    const ended = rnd.int(20, 640);
    to = ref - (ended < 40 ? ended - 19 : ended);
    from = to - rnd.int(14, 180);
  } else {
    from = ref + rnd.int(60, 600);
    to = from + rnd.int(30, 365);
  }
  from = Math.max(first, Math.min(from, last));
  to = Math.max(from, Math.min(to, last));
  return [fromDays(from + shift), fromDays(to + shift)];
}

const joinNames = (names: string[], and = 'and') =>
  names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} ${and} ${names[names.length - 1]}`;

export function generateOffers(
  rnd: Random,
  count: number,
  cards: readonly SeedCard[],
  outlets: readonly SeedOutlet[],
  bankName: (code: string) => string,
  /** 'YYYY-MM-DD', the catalogue's day the demo is seeded on (REFERENCE_DATE: the dates as drawn). */
  today = REFERENCE_DATE,
): SeedOffer[] {
  const shift = Number.isNaN(toDays(today)) ? 0 : toDays(today) - toDays(REFERENCE_DATE);
  const activeByBank = new Map<string, number[]>();
  cards.forEach((c, i) => {
    if (!c.discontinued) activeByBank.set(c.bank, [...(activeByBank.get(c.bank) ?? []), i]);
  });
  const banks = [...activeByBank.keys()];
  const byBrand = new Map<string, number[]>();
  outlets.forEach((o, i) => byBrand.set(o.brand.name, [...(byBrand.get(o.brand.name) ?? []), i]));

  const offers: SeedOffer[] = [];
  // Titles each bank has given each brand: a second offer of a bank at a brand takes another of
  // the brand's templates (drawing nothing more, so the rest of the demo stays as drawn), or two
  // would be the same offer twice, a "Likely duplicate" the Health screen should not find in the
  // demo but where server/db/seed/healthProblems.ts plants one.
  const titled = new Set<string>();
  for (let k = 0; k < count; k++) {
    const first = rnd.int(0, outlets.length - 1);
    const brand = outlets[first].brand;
    const siblings = byBrand.get(brand.name)!.filter((i) => i !== first);
    const nOutlets = rnd.weighted([1, 2, 3, 4], (n) => [40, 30, 20, 10][n - 1]);
    const outletIdx = [first, ...rnd.sample(siblings, nOutlets - 1)];

    const bank = rnd.weighted(banks, (b) => BANK_WEIGHT[b] ?? 1);
    const pool = activeByBank.get(bank)!;
    const nCards = rnd.weighted([1, 2, 3], (n) => [45, 35, 20][n - 1]);
    const cardIdx = rnd.sample(pool, nCards).sort((a, b) => a - b);

    const templates = brand.category === 'Electronics' ? ELECTRONICS : TEMPLATES[brand.tag];
    const drawn = rnd.pick(templates);
    const spend = rnd.pick([100, 150, 200, 250, 300, 500]);
    const vars: Record<string, string> = {
      m: brand.name,
      p: String(rnd.pick(PERCENT)),
      c: String(rnd.pick([5, 5, 7, 10, 10, 15])),
      s: String(spend),
      a: String(Math.max(10, Math.round((spend * rnd.pick([0.1, 0.15, 0.2, 0.25])) / 5) * 5)),
    };
    const fill = (t: string, p = vars.p) => t.replace(/\{(\w)\}/g, (_, v: string) => (v === 'p' ? p : vars[v]));
    const at = templates.indexOf(drawn);
    // Then, all taken, a template at another percentage (another offer, by its figures).
    const tries = [
      ...[...templates.slice(at), ...templates.slice(0, at)].map((t) => ({ t, p: vars.p })),
      ...templates.flatMap((t) => PERCENT.map((p) => ({ t, p: String(p) }))),
    ];
    const chosen = tries.find(({ t, p }) => !titled.has(`${bank}|${fill(t[0], p)}`)) ?? tries[0];
    const [tTitle, tDiscount] = chosen.t;
    vars.p = chosen.p;
    const title = fill(tTitle);
    const discount = fill(tDiscount);
    titled.add(`${bank}|${title}`);

    const bankLabel = bankName(bank);
    const cardNames = cardIdx.map((i) => cards[i].name);
    const branches = [...new Set(outletIdx.map((i) => outlets[i].branch))];
    const description =
      `Pay with your ${bankLabel} ${joinNames(cardNames, 'or')} and enjoy ${/^.[a-z]/.test(title) ? title.charAt(0).toLowerCase() : title.charAt(0)}${title.slice(1)}. ` +
      `Available at ${joinNames(branches)}.`;

    const specific = rnd.sample(TERMS_BY_TAG[brand.tag] ?? TERMS_BY_TAG.retail!, rnd.int(1, 2));
    const common = rnd.sample(TERMS_COMMON, rnd.int(1, 2));
    const terms = [
      `Offer valid on presentation of an eligible ${bankLabel} card at the time of payment.`,
      ...discountTerms(discount, rnd),
      ...specific,
      ...common,
      `The merchant's standard terms and conditions apply; ${bankLabel} is not responsible for the goods or services provided.`,
    ].join(' ');

    const [valid_from, valid_to] = validity(rnd, shift);
    const crawled = CRAWLED_BANKS.includes(bank) && rnd.chance(0.25);
    offers.push({
      title,
      description,
      discount,
      valid_from,
      valid_to,
      terms,
      category: brand.category,
      from_source: crawled ? `${bank.toLowerCase()}_crawl` : 'manual',
      cards: cardIdx,
      outlets: outletIdx.sort((a, b) => a - b),
    });
  }
  return offers;
}
