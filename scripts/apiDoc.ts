// `npm run api:doc`: writes contract/api.md and contract/roles.md from the operations
// (contract/apiDoc.ts, contract/rolesDoc.ts).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiDoc } from '../contract/apiDoc';
import { operations } from '../contract/operations';
import { resources } from '../contract/resources';
import { rolesDoc } from '../contract/rolesDoc';

const contract = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'contract');
for (const [name, text] of [
  ['api.md', apiDoc(operations, resources)],
  ['roles.md', rolesDoc(operations)],
] as const) {
  const file = path.join(contract, name);
  fs.writeFileSync(file, text);
  console.log(`wrote ${path.relative(process.cwd(), file)}: ${operations.length} calls`);
}
