// Writes contract/resourceWords.ts (`npm run api:doc`): the few words of each resource the
// browser's shell needs before any schema (its sidebar, "Go to …" titles, the palette's
// manifest rows, the dashboard's count links) and the roles (contract/roles.ts: who writes a
// catalogue entity). The resources themselves hold TypeBox schemas that the shell leaves for
// later (src/app/installCommands.ts): a shell importing them grew by 6 KB gzip, these words
// are a few hundred bytes. contract/resourceWords.test.ts fails when
// the file and the definitions disagree.
import { labelOf } from './fieldLabels';
import { notificationResource } from './notification';
import type { Resource } from './resource';
import { resources } from './resources';

/** The resources a browser screen lists: every CRUD resource, and the notifications (their own routes). */
const listed: readonly Resource[] = [...resources, notificationResource];

const CALLS = ['show', 'add', 'update', 'remove'] as const;

export function resourceWordsFile(): string {
  // As prettier writes them (.prettierrc): single quotes unless the text holds one.
  const q = (t: string) => (t.includes("'") && !t.includes('"') ? `"${t}"` : `'${t.replace(/'/g, "\\'")}'`);
  const line = (r: Resource) => {
    const calls = CALLS.filter((c) => !r.omit?.includes(c)).map(q);
    const words = [`one: ${q(r.label.one)}`, `many: ${q(r.label.many)}`, `table: ${q(r.storage.table)}`];
    words.push(`calls: [${calls.join(', ')}]`);
    // A list's filters by the filter bar's label (the manifest's "Filter … by …" rows,
    // src/commands/actions.ts); `query` is the list's search box, no filter of the bar.
    const filters = Object.keys(r.filters?.properties ?? {}).filter((k) => k !== 'query');
    if (filters.length)
      words.push(`filters: { ${filters.map((k) => `${k}: ${q(labelOf(r.filters, k))}`).join(', ')} }`);
    // Who holds its write permission (contract/roles.ts), and the refusal's words for it.
    if (r.catalogue) {
      const does = r.catalogue === true ? `change ${r.label.many.toLowerCase()}` : r.catalogue.does;
      words.push(`catalogue: { permission: ${q(r.permission ?? `${r.name}.write`)}, does: ${q(does)} }`);
    }
    return `  ${r.name}: { ${words.join(', ')} },`;
  };
  return [
    '// Written by `npm run api:doc` from the resources (contract/resourceWordsFile.ts says why): do not edit.',
    'export const RESOURCE_WORDS = {',
    ...listed.map(line),
    '} as const;',
    '',
    'export type ResourceName = keyof typeof RESOURCE_WORDS;',
    'export type ResourceWords = (typeof RESOURCE_WORDS)[ResourceName];',
    '',
  ].join('\n');
}
