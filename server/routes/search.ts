// GET /admin/v1/search: the palette's record search. One call runs one small, indexed
// query per type (each uses the same trigram search the lists use) and ranks by similarity.
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { SEARCH_TYPES, SearchHit, SearchQuery, type SearchType } from '../../contract/search';
import type { Db } from '../db/connection';
import { searchTerms } from '../repositories/crudRepository';

/** Per type: the relation, its search expression, and the row's title and subtitle. */
const SOURCES: Record<SearchType, { from: string; expr: string; title: string; subtitle: string }> = {
  card: { from: 'cards_view', expr: 'search_text', title: 'name', subtitle: "bank_name || ' · ' || network_type || case when status = 'Discontinued' then ' · Discontinued' else '' end" },
  offer: { from: 'offers', expr: 'search_text', title: 'title', subtitle: "discount || ' · ' || to_char(valid_from, 'DD Mon YYYY') || ' – ' || to_char(valid_to, 'DD Mon YYYY')" },
  outlet: { from: 'outlets_view', expr: 'search_text', title: "merchant_name || coalesce(' — ' || branch, '')", subtitle: "coalesce(area_name, '') || coalesce(' · ' || category_name, '')" },
  bank: { from: 'banks', expr: "immutable_unaccent(lower(name || ' ' || code))", title: 'name', subtitle: 'code' },
  user: { from: 'users', expr: "immutable_unaccent(lower(name || ' ' || email || ' ' || coalesce(phone, '')))", title: 'name', subtitle: "email || ' · ' || role" },
  category: { from: 'categories', expr: 'immutable_unaccent(lower(name))', title: 'name', subtitle: "case when is_active then 'Category' else 'Category · inactive' end" },
};

export function searchRoutes(app: FastifyInstance, deps: { db: Db }) {
  app.get('/search', {
    schema: { tags: ['Search'], summary: 'Find records of every type (the command palette)', querystring: SearchQuery, response: { 200: Type.Object({ data: Type.Array(SearchHit) }) } },
    handler: async (req) => {
      const { query, limit, types } = req.query as { query: string; limit: number; types?: string };
      const terms = searchTerms(query);
      if (!terms.length) return { data: [] };
      const wanted = types ? SEARCH_TYPES.filter((t) => types.split(',').includes(t)) : SEARCH_TYPES;
      const data = [];
      for (const type of wanted) {
        const s = SOURCES[type];
        const params: unknown[] = terms.map((t) => `%${t.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
        const where = terms.map((_, i) => `${s.expr} like immutable_unaccent($${i + 1})`).join(' and ');
        params.push(terms.join(' '), limit);
        // Ranked among the first 200 matches, so a common word stays cheap on a million rows.
        const rows = await deps.db.query<{ id: number; title: string; subtitle: string }>(
          `select id, title, subtitle from (
             select id, ${s.title} as title, ${s.subtitle} as subtitle, similarity(${s.expr}, immutable_unaccent($${terms.length + 1})) as rank
             from ${s.from} where ${where} limit 200) m
           order by rank desc, id limit $${terms.length + 2}`,
          params,
        );
        data.push(...rows.rows.map((r) => ({ type, ...r })));
      }
      return { data };
    },
  });
}
