// The demo homepage (contract/homepage.ts): hero banners, welcome boxes, selected offers and
// don't-miss-out banners arranged as a bank-offers app would have them, some scheduled to
// start later and some already ended, one selected offer expired. Linked to the demo
// catalogue written before it; images made like the other seed images (./logo.ts), wide.
import zlib from 'node:zlib';
import type { Tx } from '../connection';
import type { Uploads } from '../../services/uploads';
import { pngChunk } from './logo';

/** A banner picture: a left-to-right blend of two colours, `width`×`height`. */
function gradientPng(width: number, height: number, from: readonly number[], to: readonly number[]): Buffer {
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) {
    const t = x / Math.max(1, width - 1);
    row.set(
      from.map((c, i) => Math.round(c + (to[i] - c) * t)),
      1 + x * 3,
    );
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Days from the seed's start, for schedules: SQL `now() + n days` (null: unscheduled). */
type Days = number | null;
interface Banner {
  title: string;
  subtitle?: string;
  colors: [number[], number[]];
  link: ['offer', number] | ['card', number] | ['bank', number] | ['url', string] | null;
  starts?: Days;
  ends?: Days;
  active?: boolean;
}

export async function seedHomepage(tx: Tx, uploads: Uploads): Promise<void> {
  const ids = async (sql: string, params: unknown[] = []) =>
    (await tx.query<{ id: number }>(sql, params)).rows.map((r) => Number(r.id));
  // Live offers spread over the catalogue (md5: a fixed shuffle), and the one that ended last.
  const live = await ids("select id from offers_view where state = 'live' order by md5(id::text) limit 16");
  const [ended] = await ids("select id from offers_view where state = 'expired' order by valid_to desc, id limit 1");
  const card = async (bankCode: string, name: string) =>
    (
      await ids('select c.id from cards c join banks b on b.id = c.bank_id where b.code = $1 and c.name = $2', [
        bankCode,
        name,
      ])
    )[0];
  const bank = async (code: string) => (await ids('select id from banks where code = $1', [code]))[0];
  // A banner about movie tickets opens a live movie-ticket offer (by its title), else any live one.
  const offer = async (title: string, i: number): Promise<Banner['link']> => {
    const [id] = await ids(
      "select id from offers_view where state = 'live' and title ilike $1 order by md5(id::text) limit 1",
      [title],
    );
    return id || live[i] ? ['offer', id ?? live[i]] : null;
  };
  const cardLink = async (bankCode: string, name: string): Promise<Banner['link']> => {
    const id = await card(bankCode, name);
    return id ? ['card', id] : null;
  };
  const bankLink = async (code: string): Promise<Banner['link']> => {
    const id = await bank(code);
    return id ? ['bank', id] : null;
  };

  const heroes: Banner[] = [
    {
      title: 'Dine out for less this weekend',
      subtitle: 'Up to 50% off at 200+ restaurants',
      colors: [
        [196, 30, 58],
        [255, 140, 66],
      ],
      link: await offer('%off your bill at%', 0),
    },
    {
      title: 'Skywards miles on every spend',
      subtitle: 'Emirates NBD Skywards Infinite',
      colors: [
        [0, 61, 121],
        [0, 155, 222],
      ],
      link: await cardLink('ENBD', 'Skywards Infinite Credit Card'),
    },
    {
      title: 'Cashback month with FAB',
      subtitle: 'Extra 5% on groceries and fuel',
      colors: [
        [0, 84, 63],
        [120, 190, 32],
      ],
      link: await bankLink('FAB'),
    },
    {
      title: 'Dubai Shopping Festival deals',
      subtitle: 'Every card, every mall',
      colors: [
        [94, 39, 140],
        [231, 76, 160],
      ],
      link: ['url', 'https://www.visitdubai.com/en/dsf'],
    },
    {
      title: 'National Day specials',
      subtitle: 'Starting next week',
      colors: [
        [0, 115, 47],
        [206, 17, 38],
      ],
      link: await offer('Buy 1 get 1%', 1),
      starts: 7,
    },
    {
      title: 'Summer cinema nights',
      subtitle: 'Ended: kept for next summer',
      colors: [
        [20, 20, 60],
        [90, 90, 160],
      ],
      link: await offer('%movie tickets%', 2),
      ends: -10,
    },
  ];
  const tiles: Banner[] = [
    {
      title: '2-for-1 movie tickets',
      colors: [
        [30, 30, 30],
        [200, 40, 40],
      ],
      link: await offer('2-for-1 movie tickets%', 3),
    },
    {
      title: 'Weekend brunch deals',
      colors: [
        [240, 150, 30],
        [250, 210, 90],
      ],
      link: await offer('%weekend brunch%', 4),
    },
    {
      title: 'Spa week',
      colors: [
        [80, 160, 150],
        [190, 230, 220],
      ],
      link: await offer('%massages and treatments%', 5),
    },
    {
      title: 'Mashreq Cashback Card',
      colors: [
        [240, 90, 40],
        [255, 170, 60],
      ],
      link: await cardLink('MASHREQ', 'Cashback Credit Card'),
    },
    {
      title: 'Ramadan iftar offers',
      colors: [
        [60, 40, 90],
        [200, 160, 80],
      ],
      link: await offer('Complimentary dessert%', 6),
      starts: 14,
    },
    {
      title: 'Back to school',
      colors: [
        [40, 110, 200],
        [120, 200, 250],
      ],
      link: ['url', 'https://www.example.com/back-to-school'],
      ends: -30,
    },
  ];
  await writeBanners(tx, uploads, 'hero_banners', heroes, true);
  await writeBanners(tx, uploads, 'dont_miss_out', tiles, false);

  const welcome: [title: string, message: string, starts: Days, ends: Days][] = [
    [
      'Welcome to Cards & Offers',
      'Every offer of every card in your wallet, in one place. Add your cards to see what they save you today.',
      null,
      null,
    ],
    ['Good to see you again', 'New offers arrived at restaurants near you this week.', null, null],
    ['Ramadan Kareem', 'Iftar and suhoor offers from your banks, gathered for the holy month.', 14, 44],
    ['Eid Mubarak', 'Celebrate with family: Eid offers on dining, gifts and travel.', -60, -50],
  ];
  for (const [i, [title, message, starts, ends]] of welcome.entries()) {
    await tx.query(
      `insert into welcome_boxes (position, title, message, starts_at, ends_at) values ($1, $2, $3, ${at(starts)}, ${at(ends)})`,
      [i + 1, title, message],
    );
  }

  // Twelve selected offers: eleven live, the expired one in seventh place (flagged, not hidden).
  const selected = [...live.slice(7, 13), ...(ended ? [ended] : []), ...live.slice(13, 16), ...live.slice(0, 2)].slice(
    0,
    12,
  );
  for (const [i, id] of selected.entries()) {
    await tx.query(
      `insert into selected_offers (position, offer_id, starts_at) values ($1, $2, ${at(i === 11 ? 3 : null)})`,
      [i + 1, id],
    );
  }
}

const at = (days: Days) => (days === null || days === undefined ? 'null' : `now() + interval '${Number(days)} days'`);

async function writeBanners(
  tx: Tx,
  uploads: Uploads,
  table: 'hero_banners' | 'dont_miss_out',
  banners: Banner[],
  hero: boolean,
) {
  for (const [i, b] of banners.entries()) {
    const image = await uploads.saveImage(
      'image',
      gradientPng(hero ? 360 : 240, hero ? 150 : 160, b.colors[0], b.colors[1]),
    );
    const [type, target] = b.link ?? [null, null];
    const cols = {
      position: i + 1,
      title: b.title,
      image,
      is_active: b.active ?? true,
      link_type: type,
      offer_id: type === 'offer' ? target : null,
      card_id: type === 'card' ? target : null,
      bank_id: type === 'bank' ? target : null,
      url: type === 'url' ? target : null,
      ...(hero && { subtitle: b.subtitle ?? null }),
    };
    const names = Object.keys(cols);
    await tx.query(
      `insert into ${table} (${names.join(', ')}, starts_at, ends_at) values (${names.map((_, k) => `$${k + 1}`).join(', ')}, ${at(b.starts ?? null)}, ${at(b.ends ?? null)})`,
      Object.values(cols),
    );
  }
}
