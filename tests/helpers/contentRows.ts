// Contact messages and feedback come from the app, not from a call of this API: tests write
// them straight into the database (migration 010_content.sql), as the app's backend would.
import crypto from 'node:crypto';
import type { Tx } from '../../server/db/connection';

const tag = () => crypto.randomBytes(4).toString('hex');

export interface ContactRow {
  name?: string;
  email?: string;
  phone?: string | null;
  subject?: string;
  message?: string;
  user_id?: number | null;
  handled?: boolean;
  /** Minutes ago. */
  age?: number;
}

export async function insertContact(db: Tx, o: ContactRow = {}): Promise<number> {
  const row = (
    await db.query<{ id: number }>(
      `insert into contact_messages (name, email, phone, subject, message, user_id, handled, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, now() - $8 * interval '1 minute', now() - $8 * interval '1 minute') returning id`,
      [
        o.name ?? 'Aisha Al Mansoori',
        o.email ?? `sender-${tag()}@test.example`,
        o.phone ?? null,
        o.subject ?? 'Offer refused at the restaurant',
        o.message ?? 'They said the offer ended last month.\nIs it still valid?',
        o.user_id ?? null,
        o.handled ?? false,
        o.age ?? 0,
      ],
    )
  ).rows[0];
  return Number(row.id);
}

/** A bank, a network, a card, an offer and an app user, for feedback to be about and from. */
export async function insertSubjects(db: Tx, name = `Feedback ${tag()}`) {
  const one = async (sql: string, params: unknown[]) =>
    Number((await db.query<{ id: number }>(sql, params)).rows[0].id);
  const bank = await one('insert into banks (name, code) values ($1, $2) returning id', [
    `${name} Bank`,
    `FB${tag()}`.slice(0, 12),
  ]);
  const network = await one('insert into networks (type) values ($1) returning id', [`${name} Network`]);
  const card = await one('insert into cards (name, bank_id, network_id) values ($1, $2, $3) returning id', [
    `${name} Card`,
    bank,
    network,
  ]);
  const offer = await one(
    "insert into offers (title, discount, valid_from, valid_to) values ($1, '20% off', '2026-01-01', '2027-01-01') returning id",
    [`${name} Offer`],
  );
  const user = await one("insert into users (name, email, role) values ($1, $2, 'user') returning id", [
    `${name} User`,
    `fb-${tag()}@test.example`,
  ]);
  return { bank, network, card, offer, user };
}

export interface FeedbackRow {
  rating?: number;
  comment?: string | null;
  user_id: number | null;
  offer_id?: number | null;
  card_id?: number | null;
  age?: number;
}

export async function insertFeedback(db: Tx, o: FeedbackRow): Promise<number> {
  const about = o.card_id ? 'card' : 'offer';
  const row = (
    await db.query<{ id: number }>(
      `insert into feedback (rating, comment, about, user_id, offer_id, card_id, created_at) values ($1, $2, $3, $4, $5, $6, now() - $7 * interval '1 minute') returning id`,
      [
        o.rating ?? 4,
        o.comment === undefined ? 'Worked at the counter without any questions.' : o.comment,
        about,
        o.user_id,
        o.offer_id ?? null,
        o.card_id ?? null,
        o.age ?? 0,
      ],
    )
  ).rows[0];
  return Number(row.id);
}
