// Merchant brands found across Dubai, the malls they trade in, and a deterministic
// generator of outlets (one row per branch) for the demo seed.
import { DUBAI_AREAS, type Area } from './areas';
import type { CategoryName } from './categories';
import type { Random } from './random';

/** What kind of business a brand is: picks the offer wording (see offers.ts). */
export type Tag =
  | 'cafe'
  | 'restaurant'
  | 'fastfood'
  | 'dessert'
  | 'cinema'
  | 'attraction'
  | 'kids'
  | 'gym'
  | 'spa'
  | 'salon'
  | 'pharmacy'
  | 'clinic'
  | 'grocer'
  | 'fuel'
  | 'hotel'
  | 'rental'
  | 'lounge'
  | 'dutyfree'
  | 'travel'
  | 'retail';

interface Brand {
  name: string;
  category: CategoryName;
  tag: Tag;
  /** Where branches go: shopping malls, neighbourhood streets, or either. */
  kind: 'mall' | 'street' | 'both';
  /** Relative size: about how many branches the chain has (scaled to the outlet total). */
  cap: number;
  /** Fixed locations (mall or area names), for one-off venues. */
  at?: string[];
}

export interface Mall {
  name: string;
  area: string;
  lat: number;
  lon: number;
}

export const MALLS: readonly Mall[] = [
  { name: 'Dubai Mall', area: 'Downtown Dubai', lat: 25.1972, lon: 55.2796 },
  { name: 'Mall of the Emirates', area: 'Al Barsha', lat: 25.1181, lon: 55.2006 },
  { name: 'City Centre Mirdif', area: 'Mirdif', lat: 25.2163, lon: 55.4078 },
  { name: 'City Centre Deira', area: 'Port Saeed', lat: 25.2522, lon: 55.3316 },
  { name: "City Centre Me'aisem", area: 'Dubai Production City', lat: 25.0405, lon: 55.1957 },
  { name: 'Ibn Battuta Mall', area: 'Jebel Ali', lat: 25.0443, lon: 55.1179 },
  { name: 'Dubai Marina Mall', area: 'Dubai Marina', lat: 25.0766, lon: 55.1404 },
  { name: 'The Beach', area: 'JBR', lat: 25.0775, lon: 55.1321 },
  { name: 'Marina Walk', area: 'Dubai Marina', lat: 25.077, lon: 55.139 },
  { name: 'Dubai Festival City Mall', area: 'Dubai Festival City', lat: 25.2222, lon: 55.3525 },
  { name: 'Dubai Hills Mall', area: 'Dubai Hills Estate', lat: 25.1025, lon: 55.239 },
  { name: 'Nakheel Mall', area: 'Palm Jumeirah', lat: 25.1125, lon: 55.139 },
  { name: 'The Pointe', area: 'Palm Jumeirah', lat: 25.1302, lon: 55.1288 },
  { name: 'BurJuman', area: 'Bur Dubai', lat: 25.254, lon: 55.303 },
  { name: 'Al Seef', area: 'Bur Dubai', lat: 25.263, lon: 55.305 },
  { name: 'Al Ghurair Centre', area: 'Al Rigga', lat: 25.2677, lon: 55.3173 },
  { name: 'Reef Mall', area: 'Al Muraqqabat', lat: 25.266, lon: 55.329 },
  { name: 'Century Mall', area: 'Al Mamzar', lat: 25.295, lon: 55.343 },
  { name: 'Wafi Mall', area: 'Oud Metha', lat: 25.229, lon: 55.319 },
  { name: 'Lamcy Plaza', area: 'Oud Metha', lat: 25.237, lon: 55.307 },
  { name: 'Karama Centre', area: 'Al Karama', lat: 25.245, lon: 55.302 },
  { name: 'Mercato Mall', area: 'Jumeirah', lat: 25.217, lon: 55.253 },
  { name: 'Town Centre Jumeirah', area: 'Jumeirah', lat: 25.21, lon: 55.249 },
  { name: 'La Mer', area: 'Jumeirah', lat: 25.23, lon: 55.253 },
  { name: 'City Walk', area: 'Al Wasl', lat: 25.207, lon: 55.263 },
  { name: 'Box Park', area: 'Al Wasl', lat: 25.196, lon: 55.245 },
  { name: 'Galleria Mall', area: 'Al Wasl', lat: 25.203, lon: 55.256 },
  { name: 'Souk Al Bahar', area: 'Downtown Dubai', lat: 25.195, lon: 55.276 },
  { name: 'Gate Avenue', area: 'DIFC', lat: 25.212, lon: 55.279 },
  { name: 'Bay Avenue', area: 'Business Bay', lat: 25.185, lon: 55.265 },
  { name: 'Bay Square', area: 'Business Bay', lat: 25.1875, lon: 55.278 },
  { name: 'Times Square Center', area: 'Al Quoz', lat: 25.139, lon: 55.226 },
  { name: 'Oasis Centre', area: 'Al Quoz', lat: 25.157, lon: 55.233 },
  { name: 'Al Khail Mall', area: 'Al Quoz', lat: 25.131, lon: 55.239 },
  { name: 'Al Barsha Mall', area: 'Al Barsha', lat: 25.1, lon: 55.2 },
  { name: 'Souk Madinat Jumeirah', area: 'Umm Suqeim', lat: 25.133, lon: 55.186 },
  { name: 'The Springs Souk', area: 'The Springs', lat: 25.059, lon: 55.18 },
  { name: 'Circle Mall', area: 'Jumeirah Village Circle', lat: 25.065, lon: 55.217 },
  { name: 'First Avenue Mall', area: 'Motor City', lat: 25.046, lon: 55.238 },
  { name: 'Uptown Mirdif', area: 'Mirdif', lat: 25.224, lon: 55.42 },
  { name: 'Dragon Mart', area: 'International City', lat: 25.173, lon: 55.42 },
  { name: 'Silicon Central', area: 'Dubai Silicon Oasis', lat: 25.118, lon: 55.39 },
  { name: 'Dubai Outlet Mall', area: 'Dubailand', lat: 25.07, lon: 55.31 },
  { name: 'Festival Plaza', area: 'Jebel Ali', lat: 25.008, lon: 55.114 },
  { name: 'Dubai International Airport', area: 'Al Garhoud', lat: 25.2528, lon: 55.3644 },
];

const B = (name: string, category: CategoryName, tag: Tag, kind: Brand['kind'], cap: number, at?: string[]): Brand => ({
  name,
  category,
  tag,
  kind,
  cap,
  at,
});

export const BRANDS: readonly Brand[] = [
  // Dining: cafés, restaurants, quick service, desserts
  B('Tim Hortons', 'Dining', 'cafe', 'both', 10),
  B('Starbucks', 'Dining', 'cafe', 'both', 12),
  B('Costa Coffee', 'Dining', 'cafe', 'both', 10),
  B('Caribou Coffee', 'Dining', 'cafe', 'both', 5),
  B('% Arabica', 'Dining', 'cafe', 'mall', 4),
  B('Common Grounds', 'Dining', 'cafe', 'mall', 3),
  B('Arabian Tea House', 'Dining', 'cafe', 'street', 2, ['Al Ras', 'Jumeirah']),
  B('Joe & The Juice', 'Dining', 'cafe', 'mall', 4),
  B('Paul', 'Dining', 'cafe', 'mall', 6),
  B('Le Pain Quotidien', 'Dining', 'cafe', 'mall', 4),
  B('Tashas', 'Dining', 'restaurant', 'mall', 3),
  B('Shake Shack', 'Dining', 'fastfood', 'mall', 6),
  B('Five Guys', 'Dining', 'fastfood', 'mall', 5),
  B("McDonald's", 'Dining', 'fastfood', 'both', 10),
  B('KFC', 'Dining', 'fastfood', 'both', 8),
  B('Pizza Hut', 'Dining', 'fastfood', 'street', 6),
  B("Domino's Pizza", 'Dining', 'fastfood', 'street', 6),
  B('Subway', 'Dining', 'fastfood', 'street', 6),
  B('Al Baik', 'Dining', 'fastfood', 'mall', 3),
  B('Operation: Falafel', 'Dining', 'fastfood', 'both', 6),
  B('Zaatar w Zeit', 'Dining', 'fastfood', 'both', 6),
  B('Salt', 'Dining', 'fastfood', 'street', 3, ['Jumeirah', 'City Walk', 'Al Barsha']),
  B("Nando's", 'Dining', 'restaurant', 'both', 5),
  B("P.F. Chang's", 'Dining', 'restaurant', 'mall', 3),
  B('The Cheesecake Factory', 'Dining', 'restaurant', 'mall', 3),
  B('Texas Roadhouse', 'Dining', 'restaurant', 'mall', 2),
  B("Chili's", 'Dining', 'restaurant', 'both', 5),
  B("Applebee's", 'Dining', 'restaurant', 'both', 4),
  B('IHOP', 'Dining', 'restaurant', 'mall', 3),
  B('Wagamama', 'Dining', 'restaurant', 'mall', 4),
  B('Din Tai Fung', 'Dining', 'restaurant', 'mall', 2),
  B('Eataly', 'Dining', 'restaurant', 'mall', 2),
  B('Black Tap', 'Dining', 'restaurant', 'mall', 2),
  B('Gazebo', 'Dining', 'restaurant', 'both', 4),
  B('Al Safadi', 'Dining', 'restaurant', 'street', 4),
  B('Allo Beirut', 'Dining', 'restaurant', 'street', 4),
  B('Ravi Restaurant', 'Dining', 'restaurant', 'street', 1, ['Al Satwa']),
  B('Al Mallah', 'Dining', 'restaurant', 'street', 2, ['Al Satwa', 'Al Karama']),
  B('Logma', 'Dining', 'restaurant', 'mall', 3),
  B('Baskin Robbins', 'Dining', 'dessert', 'mall', 5),
  B('Krispy Kreme', 'Dining', 'dessert', 'mall', 4),
  B('Magnolia Bakery', 'Dining', 'dessert', 'mall', 2),
  B('Project Chaiwala', 'Dining', 'cafe', 'both', 4),
  // Shopping
  B('Centrepoint', 'Shopping', 'retail', 'mall', 6),
  B('Home Centre', 'Shopping', 'retail', 'mall', 5),
  B('IKEA', 'Shopping', 'retail', 'mall', 2, ['Dubai Festival City Mall', 'Festival Plaza']),
  B('Marks & Spencer', 'Shopping', 'retail', 'mall', 5),
  B('Debenhams', 'Shopping', 'retail', 'mall', 3),
  B('Galeries Lafayette', 'Shopping', 'retail', 'mall', 1, ['Dubai Mall']),
  B("Bloomingdale's", 'Shopping', 'retail', 'mall', 1, ['Dubai Mall']),
  B('Virgin Megastore', 'Shopping', 'retail', 'mall', 5),
  B("Magrudy's", 'Shopping', 'retail', 'mall', 3),
  B('Kinokuniya', 'Shopping', 'retail', 'mall', 1, ['Dubai Mall']),
  B('Miniso', 'Shopping', 'retail', 'mall', 5),
  B('Daiso Japan', 'Shopping', 'retail', 'mall', 4),
  B('Pottery Barn', 'Shopping', 'retail', 'mall', 2),
  B('THE One', 'Shopping', 'retail', 'mall', 4),
  B('Pan Emirates', 'Shopping', 'retail', 'street', 2, ['Al Quoz', 'Mirdif']),
  B('Danube Home', 'Shopping', 'retail', 'street', 3),
  B('Mothercare', 'Shopping', 'retail', 'mall', 4),
  B('Hamleys', 'Shopping', 'kids', 'mall', 2),
  B('Toys R Us', 'Shopping', 'kids', 'mall', 3),
  B('Bath & Body Works', 'Shopping', 'retail', 'mall', 5),
  B('Sephora', 'Shopping', 'retail', 'mall', 5),
  B('Faces', 'Shopping', 'retail', 'mall', 4),
  B('Kiko Milano', 'Shopping', 'retail', 'mall', 4),
  B('Ajmal Perfumes', 'Shopping', 'retail', 'mall', 4),
  // Travel
  B('dnata Travel', 'Travel', 'travel', 'both', 5),
  B('Emirates Holidays', 'Travel', 'travel', 'street', 2, ['Deira', 'Trade Centre']),
  B('Al Tayer Travel', 'Travel', 'travel', 'street', 2),
  B('Musafir', 'Travel', 'travel', 'street', 2),
  B('Dubai Duty Free', 'Travel', 'dutyfree', 'mall', 1, ['Dubai International Airport']),
  B('Marhaba Lounge', 'Travel', 'lounge', 'mall', 1, ['Dubai International Airport']),
  B('Hertz', 'Travel', 'rental', 'street', 3),
  B('Avis', 'Travel', 'rental', 'street', 3),
  B('Sixt', 'Travel', 'rental', 'street', 3),
  B('Ekar', 'Travel', 'rental', 'street', 2),
  // Entertainment
  B('Reel Cinemas', 'Entertainment', 'cinema', 'mall', 4, [
    'Dubai Mall',
    'Dubai Marina Mall',
    'The Springs Souk',
    'The Beach',
  ]),
  B('VOX Cinemas', 'Entertainment', 'cinema', 'mall', 8),
  B('Novo Cinemas', 'Entertainment', 'cinema', 'mall', 4, [
    'Dubai Festival City Mall',
    'Ibn Battuta Mall',
    'Dragon Mart',
    'Nakheel Mall',
  ]),
  B('Roxy Cinemas', 'Entertainment', 'cinema', 'mall', 3, ['City Walk', 'The Beach', 'Dubai Hills Mall']),
  B('Magic Planet', 'Entertainment', 'kids', 'mall', 5),
  B('Fun City', 'Entertainment', 'kids', 'mall', 4),
  B('KidZania', 'Entertainment', 'kids', 'mall', 1, ['Dubai Mall']),
  B('Dubai Aquarium & Underwater Zoo', 'Entertainment', 'attraction', 'mall', 1, ['Dubai Mall']),
  B('Ski Dubai', 'Entertainment', 'attraction', 'mall', 1, ['Mall of the Emirates']),
  B('iFly Dubai', 'Entertainment', 'attraction', 'mall', 1, ['City Centre Mirdif']),
  B('Hub Zero', 'Entertainment', 'attraction', 'mall', 1, ['City Walk']),
  B('The Green Planet', 'Entertainment', 'attraction', 'mall', 1, ['City Walk']),
  B('Dubai Frame', 'Entertainment', 'attraction', 'street', 1, ["Za'abeel"]),
  B('Aquaventure Waterpark', 'Entertainment', 'attraction', 'street', 1, ['Palm Jumeirah']),
  B('Wild Wadi Waterpark', 'Entertainment', 'attraction', 'street', 1, ['Umm Suqeim']),
  B('Dubai Opera', 'Entertainment', 'attraction', 'street', 1, ['Downtown Dubai']),
  B('Bowling City', 'Entertainment', 'attraction', 'mall', 1, ['Dubai Festival City Mall']),
  B('Bounce', 'Entertainment', 'kids', 'street', 2, ['Al Quoz', 'Mirdif']),
  B('The View at The Palm', 'Entertainment', 'attraction', 'mall', 1, ['The Pointe']),
  // Health & Wellness
  B('Fitness First', 'Health & Wellness', 'gym', 'both', 8),
  B('GymNation', 'Health & Wellness', 'gym', 'street', 5),
  B("Gold's Gym", 'Health & Wellness', 'gym', 'street', 4),
  B("Barry's", 'Health & Wellness', 'gym', 'street', 2, ['DIFC', 'Dubai Marina']),
  B('1Rebel', 'Health & Wellness', 'gym', 'street', 2, ['DIFC', 'JLT']),
  B('Talise Spa', 'Health & Wellness', 'spa', 'street', 1, ['Umm Suqeim']),
  B('Sensasia Urban Spa', 'Health & Wellness', 'spa', 'street', 2, ['Jumeirah', 'Palm Jumeirah']),
  B('Nstyle Nail Lounge', 'Health & Wellness', 'salon', 'mall', 4),
  B('Tips & Toes', 'Health & Wellness', 'salon', 'mall', 5),
  B('Aster Pharmacy', 'Health & Wellness', 'pharmacy', 'street', 6),
  B('Life Pharmacy', 'Health & Wellness', 'pharmacy', 'both', 6),
  B('BinSina Pharmacy', 'Health & Wellness', 'pharmacy', 'both', 5),
  B('Boots', 'Health & Wellness', 'pharmacy', 'mall', 4),
  B('Holland & Barrett', 'Health & Wellness', 'pharmacy', 'mall', 3),
  B('Aster Clinic', 'Health & Wellness', 'clinic', 'street', 3),
  // Groceries
  B('Carrefour', 'Groceries', 'grocer', 'both', 8),
  B('Spinneys', 'Groceries', 'grocer', 'both', 7),
  B('Waitrose', 'Groceries', 'grocer', 'both', 5),
  B('Lulu Hypermarket', 'Groceries', 'grocer', 'street', 5),
  B('Union Coop', 'Groceries', 'grocer', 'street', 5),
  B('Choithrams', 'Groceries', 'grocer', 'street', 5),
  B('Geant', 'Groceries', 'grocer', 'mall', 2),
  B('West Zone Supermarket', 'Groceries', 'grocer', 'street', 4),
  B('Al Maya Supermarket', 'Groceries', 'grocer', 'street', 4),
  B('Viva Supermarket', 'Groceries', 'grocer', 'street', 4),
  B('Nesto Hypermarket', 'Groceries', 'grocer', 'street', 3),
  B('Organic Foods & Café', 'Groceries', 'grocer', 'both', 2),
  B('Grandiose Supermarket', 'Groceries', 'grocer', 'street', 2),
  // Fuel
  B('ENOC', 'Fuel', 'fuel', 'street', 8),
  B('ADNOC', 'Fuel', 'fuel', 'street', 8),
  B('Emarat', 'Fuel', 'fuel', 'street', 6),
  // Electronics
  B('Sharaf DG', 'Electronics', 'retail', 'mall', 6),
  B('Jumbo Electronics', 'Electronics', 'retail', 'mall', 4),
  B('Emax', 'Electronics', 'retail', 'mall', 5),
  B('Apple', 'Electronics', 'retail', 'mall', 2, ['Dubai Mall', 'Mall of the Emirates']),
  B('Samsung Experience Store', 'Electronics', 'retail', 'mall', 2),
  B('Huawei Experience Store', 'Electronics', 'retail', 'mall', 2),
  B('Eros Digital Home', 'Electronics', 'retail', 'mall', 3),
  B('Geekay Games', 'Electronics', 'retail', 'mall', 3),
  B('Axiom Telecom', 'Electronics', 'retail', 'mall', 4),
  B('iStyle', 'Electronics', 'retail', 'mall', 3),
  // Fashion
  B('Max Fashion', 'Fashion', 'retail', 'mall', 6),
  B('Splash', 'Fashion', 'retail', 'mall', 6),
  B('H&M', 'Fashion', 'retail', 'mall', 6),
  B('Zara', 'Fashion', 'retail', 'mall', 6),
  B('Mango', 'Fashion', 'retail', 'mall', 4),
  B('Massimo Dutti', 'Fashion', 'retail', 'mall', 3),
  B('Pull&Bear', 'Fashion', 'retail', 'mall', 4),
  B('Bershka', 'Fashion', 'retail', 'mall', 4),
  B('Uniqlo', 'Fashion', 'retail', 'mall', 4),
  B('R&B Fashion', 'Fashion', 'retail', 'mall', 4),
  B('Shoe Mart', 'Fashion', 'retail', 'mall', 4),
  B('Aldo', 'Fashion', 'retail', 'mall', 4),
  B('Charles & Keith', 'Fashion', 'retail', 'mall', 3),
  B('Nike', 'Fashion', 'retail', 'mall', 4),
  B('Adidas', 'Fashion', 'retail', 'mall', 4),
  B('Skechers', 'Fashion', 'retail', 'mall', 3),
  B('Sun & Sand Sports', 'Fashion', 'retail', 'mall', 5),
  B("Levi's", 'Fashion', 'retail', 'mall', 3),
  B('Lacoste', 'Fashion', 'retail', 'mall', 2),
  B('Tommy Hilfiger', 'Fashion', 'retail', 'mall', 2),
  B('Nayomi', 'Fashion', 'retail', 'mall', 3),
  B('Brands For Less', 'Fashion', 'retail', 'street', 3),
  // Hotels & Staycations
  B('Rove Hotels', 'Hotels & Staycations', 'hotel', 'street', 5, [
    'Downtown Dubai',
    'Dubai Marina',
    'Trade Centre',
    'Al Wasl',
    'Dubai Healthcare City',
  ]),
  B('Address Hotels', 'Hotels & Staycations', 'hotel', 'street', 4, [
    'Downtown Dubai',
    'Dubai Marina',
    'JBR',
    'Dubai Creek Harbour',
  ]),
  B('Vida Hotels', 'Hotels & Staycations', 'hotel', 'street', 4, [
    'Downtown Dubai',
    'Dubai Marina',
    'Emirates Hills',
    'Dubai Creek Harbour',
  ]),
  B('Hilton Dubai', 'Hotels & Staycations', 'hotel', 'street', 3, ['JBR', 'Business Bay', 'Deira']),
  B('Sofitel Dubai', 'Hotels & Staycations', 'hotel', 'street', 3, ['Palm Jumeirah', 'JBR', 'Downtown Dubai']),
  B('Premier Inn', 'Hotels & Staycations', 'hotel', 'street', 5),
  B('Novotel', 'Hotels & Staycations', 'hotel', 'street', 3),
  B('Radisson Blu', 'Hotels & Staycations', 'hotel', 'street', 3),
  B('Atlantis The Palm', 'Hotels & Staycations', 'hotel', 'street', 1, ['Palm Jumeirah']),
  B('Jumeirah Beach Hotel', 'Hotels & Staycations', 'hotel', 'street', 1, ['Umm Suqeim']),
  B('Burj Al Arab Jumeirah', 'Hotels & Staycations', 'hotel', 'street', 1, ['Umm Suqeim']),
  B('Madinat Jumeirah', 'Hotels & Staycations', 'hotel', 'street', 1, ['Umm Suqeim']),
  B('JW Marriott Marquis', 'Hotels & Staycations', 'hotel', 'street', 1, ['Business Bay']),
  B('Raffles Dubai', 'Hotels & Staycations', 'hotel', 'street', 1, ['Oud Metha']),
  B('One&Only Royal Mirage', 'Hotels & Staycations', 'hotel', 'street', 1, ['Al Sufouh']),
  B('Four Seasons Resort Dubai', 'Hotels & Staycations', 'hotel', 'street', 1, ['Jumeirah']),
  B('Anantara The Palm', 'Hotels & Staycations', 'hotel', 'street', 1, ['Palm Jumeirah']),
  B('FIVE Palm Jumeirah', 'Hotels & Staycations', 'hotel', 'street', 1, ['Palm Jumeirah']),
  B('Le Méridien Dubai', 'Hotels & Staycations', 'hotel', 'street', 1, ['Al Garhoud']),
];

export interface SeedOutlet {
  brand: Brand;
  branch: string;
  area: string;
  address: string;
  lat: number;
  lon: number;
  phone: string;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const round = (v: number) => Math.round(v * 1e6) / 1e6;
const FLOORS = [
  ['G', 'Ground Floor'],
  ['LG', 'Lower Ground Floor'],
  ['F', 'First Floor'],
  ['S', 'Second Floor'],
] as const;

function dubaiPhone(rnd: Random): string {
  return `+971 4 ${rnd.int(2, 8)}${rnd.int(10, 99)} ${rnd.int(1000, 9999)}`;
}

/**
 * `count` outlets: every brand gets branches in proportion to its size (at least one),
 * each at a different location, in an interleaved order like real data entry.
 */
export function generateOutlets(rnd: Random, count: number): SeedOutlet[] {
  const areas = new Map(DUBAI_AREAS.map((a) => [a.name, a]));
  const malls = new Map(MALLS.map((m) => [m.name, m]));
  const shopping = MALLS.filter((m) => m.name !== 'Dubai International Airport');
  const placesFor = (b: Brand): (Mall | Area)[] => {
    if (b.at) return b.at.map((n) => malls.get(n) ?? areas.get(n) ?? fail(n));
    return rnd.shuffle<Mall | Area>(
      b.kind === 'mall' ? shopping : b.kind === 'street' ? DUBAI_AREAS : [...shopping, ...DUBAI_AREAS],
    );
  };
  const queues = BRANDS.map((b) => ({ brand: b, places: placesFor(b), take: 1 }));
  // Largest-remainder share of `count` by cap, at least one branch each.
  const totalCap = BRANDS.reduce((s, b) => s + b.cap, 0);
  const share = queues.map((q) => Math.max(1, (q.brand.cap * count) / totalCap));
  queues.forEach((q, i) => (q.take = Math.min(q.places.length, Math.floor(share[i]))));
  let left = count - queues.reduce((s, q) => s + q.take, 0);
  const byRemainder = queues.map((q, i) => ({ q, r: share[i] - Math.floor(share[i]) })).sort((a, b) => b.r - a.r);
  while (left > 0) {
    const before = left;
    for (const { q } of byRemainder) {
      if (left === 0) break;
      if (q.take < q.places.length && (q.brand.at || q.take < q.brand.cap * 2)) {
        q.take++;
        left--;
      }
    }
    if (left === before) break;
  }
  const out: SeedOutlet[] = [];
  for (let turn = 0; out.length < count; turn++) {
    let added = false;
    for (const q of queues) {
      if (turn >= q.take || out.length >= count) continue;
      out.push(makeOutlet(rnd, q.brand, q.places[turn]));
      added = true;
    }
    if (!added) break;
  }
  return out;
}

function makeOutlet(rnd: Random, brand: Brand, place: Mall | Area): SeedOutlet {
  const inMall = 'area' in place;
  const areaName = inMall ? place.area : place.name;
  const spread = inMall ? 0.0012 : 0.008;
  const lat = round(clamp(place.lat + (rnd.next() - 0.5) * 2 * spread, 24.95, 25.35));
  const lon = round(clamp(place.lon + (rnd.next() - 0.5) * 2 * spread, 55.05, 55.45));
  let address: string;
  if (inMall) {
    const [code, floor] = rnd.pick(FLOORS);
    address = `Unit ${code}-${rnd.int(1, 280)}, ${floor}, ${place.name}, ${areaName}, Dubai`;
  } else if (brand.tag === 'hotel') {
    address = `${place.road}, ${areaName}, Dubai`;
  } else if (brand.tag === 'fuel') {
    address = `${place.road}, ${areaName}, Dubai`;
  } else {
    address = `Shop ${rnd.int(1, 40)}, ${rnd.pick(['Building', 'Tower', 'Plaza', 'Residence'])} ${rnd.int(1, 120)}, ${place.road}, ${areaName}, Dubai`;
  }
  return { brand, branch: place.name, area: areaName, address, lat, lon, phone: dubaiPhone(rnd) };
}

function fail(name: string): never {
  throw new Error(`seed: unknown place "${name}"`);
}
