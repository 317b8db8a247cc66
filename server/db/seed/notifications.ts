// Demo audience data and notifications (contract/notification.ts): the seeded app users get
// the cards they hold (one to three, the popular cards more often) and the Dubai area they
// live in, so every audience of the compose form has people in it; then the notifications a
// bank-offers app would have sent over the last weeks, and one scheduled for tomorrow
// morning; and two settings changed. Deterministic, like the rest of the demo data, and
// set-wise (one statement each).
import type { Tx } from '../connection';
import { countAudience } from '../../repositories/notifications';
import { fingerprintOf } from '../../services/notifications';
import { createRandom } from './random';

const SEED = 20261111;

interface Past {
  title: string;
  body: string;
  audience: 'all' | 'card' | 'area' | 'user';
  /** Days ago it went out. */
  daysAgo: number;
  link?: 'offer' | 'card' | 'url';
}

const PAST: readonly Past[] = [
  {
    title: 'Weekend dining deals are live',
    body: 'Up to 30% off at 120 restaurants across Dubai this weekend. Tap to see the ones near you.',
    audience: 'all',
    daysAgo: 27,
    link: 'url',
  },
  {
    title: 'Your card: new cinema offer',
    body: 'Buy 1 get 1 free on movie tickets every Tuesday with your card. Valid until the end of the month.',
    audience: 'card',
    daysAgo: 20,
    link: 'offer',
  },
  {
    title: 'New offers near you',
    body: 'Five cafés and two spas near you just joined. Show your card at the counter to get the discount.',
    audience: 'area',
    daysAgo: 14,
  },
  {
    title: 'Dubai Shopping Festival',
    body: 'Extra cashback at 300 stores during the Dubai Shopping Festival. See which of your cards earn the most.',
    audience: 'all',
    daysAgo: 9,
    link: 'url',
  },
  {
    title: 'Lounge access with your card',
    body: 'Your card now includes free airport lounge visits. Tap to see the lounges and the terms.',
    audience: 'card',
    daysAgo: 5,
    link: 'card',
  },
  {
    title: 'Welcome to Cards',
    body: 'Add the cards you hold to see every discount you are entitled to, in one place.',
    audience: 'user',
    daysAgo: 2,
  },
];

/** Seeds the audience data and the notifications; `cardIds` and `areaIds` are the catalogue's. */
export async function seedNotifications(tx: Tx, cardIds: readonly number[], areaIds: readonly number[]): Promise<void> {
  const rnd = createRandom(SEED);
  const users = (await tx.query<{ id: number }>("select id from users where role = 'user' order by id")).rows.map(
    (r) => r.id,
  );
  if (!users.length || !cardIds.length || !areaIds.length) return;
  // The first cards of each bank are its popular ones: a user holds them three times as often.
  const weighted = cardIds.map((id, i) => ({ id, weight: i % 4 === 0 ? 3 : 1 }));
  const holdings = users.flatMap((user) => {
    const cards = new Set<number>();
    const n = rnd.weighted([1, 2, 3], (k) => (k === 1 ? 5 : k === 2 ? 3 : 1));
    while (cards.size < n) cards.add(rnd.weighted(weighted, (c) => c.weight).id);
    return [...cards].map((card) => ({ u: user, c: card }));
  });
  await tx.query(
    'insert into user_cards (user_id, card_id) select x.u, x.c from json_to_recordset($1::json) as x(u int, c int) on conflict do nothing',
    [JSON.stringify(holdings)],
  );
  // A few popular areas hold more of the people.
  const homes = users.map((id, i) => ({
    id,
    a: i % 3 === 0 ? areaIds[i % Math.min(6, areaIds.length)] : rnd.pick(areaIds),
  }));
  await tx.query(
    'update users u set area_id = x.a from json_to_recordset($1::json) as x(id int, a int) where u.id = x.id',
    [JSON.stringify(homes)],
  );

  const admin =
    (
      await tx.query<{ id: number; name: string }>(
        "select id, name from users where role = 'admin' order by id limit 1",
      )
    ).rows[0] ?? null;
  // The shown card with the most holders, the area of the first user, the first user.
  const card = (
    await tx.query<{ id: number; name: string }>(
      'select c.id, c.name from cards_view c join user_cards uc on uc.card_id = c.id where c.display group by c.id, c.name order by count(*) desc, c.id limit 1',
    )
  ).rows[0];
  const area = (
    await tx.query<{ id: number; name: string }>('select id, name from dubai_cities where id = $1', [homes[0].a])
  ).rows[0];
  const user = (await tx.query<{ id: number; name: string }>('select id, name from users where id = $1', [users[0]]))
    .rows[0];
  const offer = (
    await tx.query<{ id: number; title: string }>(
      'select o.id, o.title from offers_view o join offer_cards oc on oc.offer_id = o.id where oc.card_id = $1 order by o.id limit 1',
      [card.id],
    )
  ).rows[0];
  const target = { all: null, card, area, user } as const;

  for (const p of PAST) {
    const t = target[p.audience];
    const size = await countAudience(tx, p.audience, t?.id ?? null);
    // A few messages a provider refuses (phones gone, apps removed) on the large sends.
    const failed = size > 50 ? rnd.int(1, Math.ceil(size / 60)) : 0;
    const link = linkOf(p.link, card, offer);
    await tx.query(
      `insert into notifications (title, body, link_type, offer_id, card_id, url, link_name, audience, audience_id, audience_name, send_at, status,
         audience_size, sent_count, failed_count, planned, fingerprint, created_by, created_by_name, started_at, finished_at, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now() - make_interval(days => $11), 'sent',
         $12, $13, $14, true, $15, $16, $17, now() - make_interval(days => $11), now() - make_interval(days => $11) + interval '40 seconds',
         now() - make_interval(days => $11) - interval '2 hours', now() - make_interval(days => $11) + interval '40 seconds')`,
      [
        p.title,
        p.body,
        link.type,
        link.offer_id,
        link.card_id,
        link.url,
        link.name,
        p.audience,
        t?.id ?? null,
        t?.name ?? null,
        p.daysAgo,
        size,
        size - failed,
        failed,
        fingerprintOf(p, t?.id ?? null),
        admin?.id ?? null,
        admin?.name ?? null,
      ],
    );
  }

  // Two settings changed by the admin (server/db/migrations/011_settings.sql wrote the row), so
  // the settings screen shows who changed what and when.
  const change = (daysAgo: number) => ({
    by_id: admin?.id ?? null,
    by_name: admin?.name ?? 'Administrator',
    at: new Date(Date.now() - daysAgo * 86_400_000).toISOString(),
  });
  await tx.query(
    `update settings set support_email = 'help@cards.example', offers_per_section = 12, changes = $1::jsonb, version = 3 where id = 1`,
    [JSON.stringify({ support_email: change(12), offers_per_section: change(3) })],
  );

  // Tomorrow at 9:00 in Dubai (05:00 UTC): waiting in the list as scheduled.
  const next = {
    title: 'Ramadan iftar offers',
    body: 'Iftar buffets from AED 99 with your card at 40 hotels. Book early: tables fill fast.',
    audience: 'all' as const,
  };
  const size = await countAudience(tx, 'all', null);
  await tx.query(
    `insert into notifications (title, body, audience, send_at, status, audience_size, fingerprint, created_by, created_by_name)
     values ($1, $2, 'all', date_trunc('day', now()) + interval '1 day 5 hours', 'scheduled', $3, $4, $5, $6)`,
    [next.title, next.body, size, fingerprintOf(next, null), admin?.id ?? null, admin?.name ?? null],
  );
}

function linkOf(
  type: Past['link'],
  card: { id: number; name: string },
  offer: { id: number; title: string } | undefined,
) {
  const none = { type: null, offer_id: null, card_id: null, url: null, name: null };
  if (type === 'url')
    return { ...none, type, url: 'https://cards.example/offers', name: 'https://cards.example/offers' };
  if (type === 'card') return { ...none, type, card_id: card.id, name: card.name };
  if (type === 'offer' && offer) return { ...none, type, offer_id: offer.id, name: offer.title };
  return none;
}
