// What the compose form searches: cards, areas (from the catalogue's lookups), active app
// users and live offers; and the audience's size as it is chosen (contract/notification.ts
// previewAudience).
import type { Audience } from '@contract/notification';
import { previewAudience } from '@contract/notification';
import { offerResource, type Offer } from '@contract/offer';
import { userResource, type AdminUser } from '@contract/user';
import { call } from '@/api/call';
import { resourceClient } from '@/api/resourceClient';
import type { PickerOption } from '@/ui/RecordPicker';
import { searchAreas, searchCards } from '@/ui/lookups';

const LIMIT = 20;
const userClient = resourceClient<AdminUser>(userResource);
const offerClient = resourceClient<Offer>(offerResource);

export const searchAppUsers = (query: string, signal: AbortSignal): Promise<PickerOption[]> =>
  userClient
    .list(
      { query: query || undefined, filters: { role: 'user', status: 'active' }, page: 1, per_page: LIMIT },
      { signal },
    )
    .then((r) => r.data.map((u) => ({ id: u.id, label: u.name, hint: u.email })));

export const searchOffers = (query: string, signal: AbortSignal): Promise<PickerOption[]> =>
  offerClient
    .list({ query: query || undefined, filters: { state: 'live' }, page: 1, per_page: LIMIT }, { signal })
    .then((r) => r.data.map((o) => ({ id: o.id, label: o.title, hint: o.discount })));

/** The audience's picker: what it searches and how it is named. */
export const AUDIENCE_PICKERS: Readonly<
  Record<
    Exclude<Audience, 'all'>,
    { label: string; placeholder: string; search: (q: string, s: AbortSignal) => Promise<PickerOption[]> }
  >
> = {
  card: { label: 'Card', placeholder: 'Search cards by name or bank…', search: searchCards },
  area: { label: 'Area', placeholder: 'Search Dubai areas…', search: searchAreas },
  user: { label: 'App user', placeholder: 'Search app users by name or e-mail…', search: searchAppUsers },
};

/** How many active app users the audience holds now (null: it needs its card, area or user first). */
export async function audienceSize(audience: Audience, id: number | null, signal: AbortSignal): Promise<number | null> {
  if (audience !== 'all' && id === null) return null;
  const res = await call(
    previewAudience,
    { query: { audience, ...(id !== null && audience !== 'all' && { audience_id: id }) } },
    { signal },
  );
  return res.data.size;
}
