// A banner's link (contract/homepageFields.ts LinkFields) in words, and as the form edits it.
import { LINK_TARGET, type LinkType } from '@contract/homepageFields';
import type { DontMissOut, HeroBanner } from '@contract/homepageBanners';

export const LINK_LABEL: Record<LinkType, string> = { offer: 'Offer', card: 'Card', bank: 'Bank', url: 'Web address' };

/** '→ Offer: 20% off at …', or null for a banner that links nowhere. */
export function linkText(b: Pick<HeroBanner | DontMissOut, 'link_type' | 'link_name' | 'url'>): string | null {
  if (!b.link_type) return null;
  return `→ ${LINK_LABEL[b.link_type]}: ${b.link_name ?? b.url ?? '…'}`;
}

/** The link as the form holds it: the type and one target (an id with its name, or a URL). */
export interface LinkValue {
  type: LinkType | null;
  target: { id: number; label: string } | null;
  url: string;
}

export function linkOf(
  b: Pick<HeroBanner | DontMissOut, 'link_type' | 'link_name' | 'offer_id' | 'card_id' | 'bank_id' | 'url'> | null,
): LinkValue {
  if (!b?.link_type) return { type: null, target: null, url: '' };
  if (b.link_type === 'url') return { type: 'url', target: null, url: b.url ?? '' };
  const id = b[LINK_TARGET[b.link_type] as 'offer_id' | 'card_id' | 'bank_id'];
  return { type: b.link_type, target: id === null ? null : { id, label: b.link_name ?? `#${id}` }, url: '' };
}

/**
 * What a write takes: `link_type` and its one target (the server clears the others);
 * `link_type: null` drops the link. A type with no target yet is sent as is: the server's
 * 422 names the missing field beside it.
 */
export function linkPayload(v: LinkValue): Record<string, unknown> {
  if (!v.type) return { link_type: null };
  if (v.type === 'url') return { link_type: 'url', url: v.url.trim() || null };
  return { link_type: v.type, [LINK_TARGET[v.type]]: v.target?.id ?? null };
}
