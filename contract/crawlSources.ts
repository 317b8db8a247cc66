// Crawl review, sources (the calls; the shapes they share are in ./crawl.ts).
import * as Type from '@sinclair/typebox';
import { ListEnvelope, RecordEnvelope } from './envelope';
import { Id, Text } from './fields';
import { ADMIN_ROOT, defineOp } from './operation';
import { CRAWL_SOURCES_PER_PAGE, CrawlSource, IdInPath, SourceSlug, admin } from './crawl';

export const listSources = defineOp({
  ...admin,
  id: 'crawl.sources',
  method: 'GET',
  path: `${ADMIN_ROOT}/crawl_data`,
  summary: 'List crawl sources with their counts',
  query: Type.Object({
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
    per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: CRAWL_SOURCES_PER_PAGE })),
  }),
  response: ListEnvelope(CrawlSource),
});

export const showSource = defineOp({
  ...admin,
  id: 'crawl.source',
  method: 'GET',
  path: `${ADMIN_ROOT}/crawl_data/:id`,
  summary: 'Show one crawl source',
  params: IdInPath,
  response: RecordEnvelope(CrawlSource),
});

export const verifySource = defineOp({
  ...admin,
  id: 'crawl.verify',
  method: 'POST',
  path: `${ADMIN_ROOT}/verify-crawl-data`,
  summary: 'Mark a source reviewed once no ref is left open (else 409 saying what is left)',
  body: Type.Object({ from_source: SourceSlug }),
  response: RecordEnvelope(CrawlSource),
  touches: ['crawlSource'],
});

export const importCrawl = defineOp({
  ...admin,
  id: 'crawl.import',
  method: 'POST',
  path: `${ADMIN_ROOT}/crawl_data/import`,
  summary: "Import a source's crawl file (JSON lines or CSV); refs are updated by their key, vanished ones marked",
  body: Type.Object({ from_source: SourceSlug, name: Type.Optional(Text(120)), bank_id: Type.Optional(Id) }),
  multipart: true,
  files: { file: 'csv' },
  bodyLimit: 20 * 1024 * 1024,
  response: RecordEnvelope(
    Type.Object({ source: CrawlSource, added: Type.Integer(), updated: Type.Integer(), vanished: Type.Integer() }),
  ),
  touches: ['crawlSource', 'cardRef', 'outletRef', 'offerRef'],
});
