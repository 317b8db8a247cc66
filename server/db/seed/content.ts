// The demo's content and messages (migration 010_content.sql): both legal pages (the privacy
// policy with a second version), a few hundred contact messages spread over half a year (some
// handled, most of those answered) and feedback about seeded offers and cards from seeded app
// users. Drawn from the seed's PRNG, so every first start writes the same rows.
import type { Tx } from '../connection';
import { sanitizeCms } from '../../services/cmsSanitizer';
import { PRIVACY_V1, PRIVACY_V2, TERMS_V1 } from './legalPages';
import { CARD_COMMENTS, OFFER_COMMENTS, TOPICS, fill } from './messages';
import type { Random } from './random';
import { generateUsers } from './users';

const CONTENT_COUNTS = { contact: 320, feedback: 480 };
const DAY = 24 * 60;

interface Ref {
  id: number;
  name: string;
}

export async function seedContent(tx: Tx, rnd: Random): Promise<void> {
  const rows = async <T>(sql: string) => (await tx.query<T>(sql)).rows;
  const [admin] = await rows<Ref>("select id, name from users where role = 'admin' order by id limit 1");
  const users = await rows<Ref & { email: string; phone: string | null }>(
    "select id, name, email, phone from users where role = 'user' order by id",
  );
  const offers = await rows<Ref & { merchant: string | null; card: string | null; bank: string | null }>(
    `select o.id, o.title as name,
       (select ou.merchant_name from offer_outlets oo join outlets ou on ou.id = oo.outlet_id where oo.offer_id = o.id order by ou.id limit 1) as merchant,
       (select c.name from offer_cards oc join cards c on c.id = oc.card_id where oc.offer_id = o.id order by c.id limit 1) as card,
       (select b.name from offer_cards oc join cards c on c.id = oc.card_id join banks b on b.id = c.bank_id where oc.offer_id = o.id order by c.id limit 1) as bank
     from offers o order by o.id`,
  );
  const cards = await rows<Ref & { bank: string }>(
    'select c.id, c.name, b.name as bank from cards c join banks b on b.id = c.bank_id order by c.id',
  );
  if (!offers.length || !cards.length) return;

  await seedPages(tx, admin ?? null);
  await seedContacts(tx, rnd, admin ?? null, users, offers);
  await seedFeedback(tx, rnd, users, offers, cards);
}

async function seedPages(tx: Tx, admin: Ref | null) {
  const versions: [type: string, html: string, ageDays: number][] = [
    ['term-condition', TERMS_V1, 240],
    ['privacy-policy', PRIVACY_V1, 240],
    ['privacy-policy', PRIVACY_V2, 60],
  ];
  for (const [type, source, age] of versions) {
    // What the sanitizer keeps, as a save through the API would store it.
    const { html } = sanitizeCms(source);
    const page = (
      await tx.query<{ id: number; version: number }>(
        "update cms_pages set version = version + 1, content = $2, updated_by = $3, updated_at = now() - $4 * interval '1 day' where type = $1 returning id, version",
        [type, html, admin?.id ?? null, age],
      )
    ).rows[0];
    await tx.query(
      "insert into cms_page_versions (page_id, version, content, created_by, created_by_name, created_at) values ($1, $2, $3, $4, $5, now() - $6 * interval '1 day')",
      [page.id, page.version, html, admin?.id ?? null, admin?.name ?? 'Legal team', age],
    );
  }
}

/** Minutes ago, more of them recent: a message a day or two old is likelier than one of five months. */
const ageMinutes = (rnd: Random, days: number) => Math.floor(Math.pow(rnd.next(), 1.6) * days * DAY) + rnd.int(5, 600);

async function seedContacts(
  tx: Tx,
  rnd: Random,
  admin: Ref | null,
  users: (Ref & { email: string; phone: string | null })[],
  offers: { name: string; merchant: string | null; card: string | null; bank: string | null }[],
) {
  const visitors = generateUsers(rnd, 80);
  const messages: Record<string, unknown>[] = [];
  const replies: { i: number; text: string; age: number }[] = [];
  const named = offers.filter((o) => o.merchant && o.card);
  for (let i = 0; i < CONTENT_COUNTS.contact; i++) {
    const topic = rnd.weighted(TOPICS, (t) => t.weight);
    const offer = rnd.pick(named);
    const values = {
      merchant: offer.merchant ?? 'the restaurant',
      offer: offer.name,
      card: offer.card ?? 'card',
      bank: offer.bank ?? 'the bank',
    };
    const fromUser = users.length > 0 && rnd.chance(0.7);
    const who = fromUser ? rnd.pick(users) : rnd.pick(visitors);
    const age = ageMinutes(rnd, 180);
    // Older messages are mostly dealt with; the last few days' mostly not yet.
    const handled = rnd.chance(age > 7 * DAY ? 0.85 : age > DAY ? 0.45 : 0.1);
    // Handled within three days of arriving (or by now), answered a few minutes before that.
    const handledAge = handled ? Math.max(1, age - rnd.int(Math.min(30, age), Math.min(age, 3 * DAY))) : null;
    messages.push({
      user_id: fromUser ? (who as Ref).id : null,
      name: who.name,
      email: who.email,
      phone: rnd.chance(0.6) ? who.phone : null,
      subject: fill(rnd.pick(topic.subjects), values),
      message: fill(rnd.pick(topic.messages), values),
      handled,
      handled_by: handled ? (admin?.id ?? null) : null,
      age,
      handled_age: handledAge,
    });
    if (handledAge !== null && rnd.chance(0.75))
      replies.push({ i, text: fill(rnd.pick(topic.replies), values), age: Math.min(age, handledAge + rnd.int(1, 15)) });
  }
  const ids = await insertJson(
    tx,
    'contact_messages',
    'user_id, name, email, phone, subject, message, handled, handled_by, created_at, updated_at, handled_at',
    "x.user_id, x.name, x.email, x.phone, x.subject, x.message, x.handled, x.handled_by, now() - x.age * interval '1 minute', now() - coalesce(x.handled_age, x.age) * interval '1 minute', now() - x.handled_age * interval '1 minute'",
    'user_id int, name text, email text, phone text, subject text, message text, handled boolean, handled_by int, age int, handled_age int',
    messages,
  );
  await insertJson(
    tx,
    'contact_replies',
    'contact_id, text, sent_to, sent_by, sent_by_name, mail_status, created_at',
    "x.contact_id, x.text, x.sent_to, x.sent_by, x.sent_by_name, 'sent', now() - x.age * interval '1 minute'",
    'contact_id int, text text, sent_to text, sent_by int, sent_by_name text, age int',
    replies.map((r) => ({
      contact_id: ids[r.i],
      text: `${r.text}\n\nBest regards,\n${admin?.name ?? 'Support'}`,
      sent_to: messages[r.i].email,
      sent_by: admin?.id ?? null,
      sent_by_name: admin?.name ?? 'Support',
      age: r.age,
    })),
  );
}

async function seedFeedback(
  tx: Tx,
  rnd: Random,
  users: Ref[],
  offers: { id: number; merchant: string | null; card: string | null; bank: string | null }[],
  cards: (Ref & { bank: string })[],
) {
  if (!users.length) return;
  const rows: Record<string, unknown>[] = [];
  for (let i = 0; i < CONTENT_COUNTS.feedback; i++) {
    // Most people who bother to rate are pleased; the unhappy ones write more often.
    const rating = rnd.weighted([5, 4, 3, 2, 1], (r) => ({ 5: 38, 4: 27, 3: 14, 2: 9, 1: 12 })[r]!);
    const aboutOffer = rnd.chance(0.75);
    const offer = aboutOffer ? rnd.pick(offers) : null;
    const card = aboutOffer ? null : rnd.pick(cards);
    const values = {
      merchant: offer?.merchant ?? 'the merchant',
      card: offer?.card ?? card?.name ?? 'card',
      bank: card?.bank ?? offer?.bank ?? 'the bank',
    };
    const commented = rnd.chance(rating <= 2 ? 0.95 : 0.7);
    rows.push({
      rating,
      comment: commented ? fill(rnd.pick((aboutOffer ? OFFER_COMMENTS : CARD_COMMENTS)[rating]), values) : null,
      about: aboutOffer ? 'offer' : 'card',
      user_id: rnd.pick(users).id,
      offer_id: offer?.id ?? null,
      card_id: card?.id ?? null,
      age: ageMinutes(rnd, 120),
    });
  }
  await insertJson(
    tx,
    'feedback',
    'rating, comment, about, user_id, offer_id, card_id, created_at',
    "x.rating, x.comment, x.about, x.user_id, x.offer_id, x.card_id, now() - x.age * interval '1 minute'",
    'rating int, comment text, about text, user_id int, offer_id int, card_id int, age int',
    rows,
  );
}

/** One multi-row INSERT from a JSON array, in input order; returns the new ids in that order. */
async function insertJson(
  tx: Tx,
  table: string,
  columns: string,
  values: string,
  types: string,
  rows: Record<string, unknown>[],
): Promise<number[]> {
  if (!rows.length) return [];
  const sql = `insert into ${table} (${columns}) select ${values} from json_to_recordset($1::json) as x(${types}, _i int) order by x._i returning id`;
  const res = await tx.query<{ id: number }>(sql, [JSON.stringify(rows.map((r, i) => ({ ...r, _i: i })))]);
  return res.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}
