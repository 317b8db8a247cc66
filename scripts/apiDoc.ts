// `npm run api:doc`: writes contract/api.md from the operations (contract/apiDoc.ts).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiDoc } from '../contract/apiDoc';
import { operations } from '../contract/operations';
import { resources } from '../contract/resources';

const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'contract', 'api.md');
fs.writeFileSync(file, apiDoc(operations, resources));
console.log(`wrote ${path.relative(process.cwd(), file)}: ${operations.length} calls`);
