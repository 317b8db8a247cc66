// POST /admin/v1/crawl_data/import (multipart: from_source, name?, bank_id?, file): a source's
// crawl file into its refs, whole or not at all (server/services/crawlImport.ts).
import { importCrawl } from '@contract/crawlSources';
import { badField, HttpError } from '../errors';
import { bind, type Bound } from '../http/handle';
import { getSource } from '../repositories/crawlSources';
import { importRefs, parseCrawlFile } from '../services/crawlImport';

export function crawlImportHandlers(): Bound[] {
  return [
    bind(importCrawl, async ({ body }, tx, ctx) => {
      const file = ctx.files.file;
      if (!file) throw badField('file', 'File must be an uploaded crawl file (JSON lines or CSV).');
      const text = file.toString('utf8');
      if (text.includes('\u0000')) throw badField('file', 'File must be a text file (JSON lines or CSV).');
      const outcome = await importRefs(tx, body, parseCrawlFile(text));
      const source = await getSource(tx, outcome.source_id);
      if (!source) throw new HttpError(500, 'The imported source could not be read back.');
      const { added, updated, vanished } = outcome;
      return {
        message: `Imported ${source.name}: ${added} new, ${updated} updated, ${vanished} gone from the site.`,
        data: { source, added, updated, vanished },
      };
    }),
  ];
}
