// `npm run api:doc`: writes contract/api.md and contract/roles.md from the operations
// (contract/apiDoc.ts, contract/rolesDoc.ts), and contract/resourceWords.ts from the resources
// (contract/resourceWordsFile.ts). The roles read the words (a catalogue entity's permission,
// contract/roles.ts): when the words change, a second run writes the documents from the new ones.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiDoc } from '@contract/apiDoc';
import { operations } from '@contract/operations';
import { resources } from '@contract/resources';
import { rolesDoc } from '@contract/rolesDoc';
import { resourceWordsFile } from '@contract/resourceWordsFile';

const contract = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'contract');
const wordsFile = path.join(contract, 'resourceWords.ts');
const words = resourceWordsFile();
if (fs.readFileSync(wordsFile, 'utf8') !== words) {
  fs.writeFileSync(wordsFile, words);
  console.log(`wrote ${path.relative(process.cwd(), wordsFile)}; again with the new words:`);
  const again = spawnSync('npx', ['tsx', fileURLToPath(import.meta.url)], { stdio: 'inherit' });
  process.exit(again.status ?? 1);
}
for (const [name, text] of [
  ['api.md', apiDoc(operations, resources)],
  ['roles.md', rolesDoc(operations)],
  ['resourceWords.ts', words],
] as const) {
  const file = path.join(contract, name);
  fs.writeFileSync(file, text);
  console.log(`wrote ${path.relative(process.cwd(), file)}: ${operations.length} calls`);
}
