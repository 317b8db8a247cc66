// `npm run api:doc`: writes contract/api.md and contract/roles.md from the operations
// (contract/apiDoc.ts, contract/rolesDoc.ts), and contract/resourceWords.ts from the resources
// (contract/resourceWordsFile.ts).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiDoc } from '@contract/apiDoc';
import { operations } from '@contract/operations';
import { resources } from '@contract/resources';
import { rolesDoc } from '@contract/rolesDoc';
import { resourceWordsFile } from '@contract/resourceWordsFile';

const contract = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'contract');
for (const [name, text] of [
  ['api.md', apiDoc(operations, resources)],
  ['roles.md', rolesDoc(operations)],
  ['resourceWords.ts', resourceWordsFile()],
] as const) {
  const file = path.join(contract, name);
  fs.writeFileSync(file, text);
  console.log(`wrote ${path.relative(process.cwd(), file)}: ${operations.length} calls`);
}
