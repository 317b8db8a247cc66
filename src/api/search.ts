// GET /admin/v1/search: records of several types in one call, for the palette's root page.
import type { SearchHit } from '../../contract/search';
import { api } from './client';

export const searchRecords = (query: string, types: string[], limit: number, signal: AbortSignal) =>
  api
    .get<{ data: SearchHit[] }>('/admin/v1/search', { params: { query, limit, types: types.join(',') }, signal })
    .then((res) => res.data);
