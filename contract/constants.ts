// Schema-free constants, so the sign-in page and the CSV worker can import them without
// pulling TypeBox into their bundles.
export const CARD_STATUSES = ['Not Discontinued', 'Discontinued'] as const;
export const OFFER_STATES = ['live', 'upcoming', 'expired'] as const;
