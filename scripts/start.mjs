// `npm start`: the server (server/main.ts) run from its bundle, dist/server/main.mjs
// (scripts/buildServer.mjs). Node then reads one file instead of passing each of ~200 modules
// through tsx's compiler hooks: that took ~1.6 s of a 3.4 s start. The operator's tools run
// the same way, named first: `node scripts/start.mjs crawlImport …` (`npm run crawl:import`),
// `node scripts/start.mjs backup backup FILE` (`npm run backup`, `npm run restore`).
//
// NODE_ENV=production runs what `npm run build` made, as it is, with plain node: nothing is
// built, and neither esbuild nor Vite need be installed (`npm prune --omit=dev`). Otherwise a
// bundle older than its sources is made again first, and the server builds a stale browser
// app (server/build.ts). NODE_ENV is read here, before the server and its configuration
// (server/config.ts, which checks it again) are loaded, since it decides what is loaded.
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { SERVER_ENTRIES, bundleOf, buildServer, serverBuildIsStale } from './buildServer.mjs';

const name = process.argv[2] && !process.argv[2].startsWith('-') ? process.argv.splice(2, 1)[0] : 'main';
if (!(name in SERVER_ENTRIES)) {
  process.stderr.write(`[cards-admin] no such program "${name}": ${Object.keys(SERVER_ENTRIES).join(', ')}\n`);
  process.exit(1);
}
const out = bundleOf(name);
if (process.env.NODE_ENV === 'production') {
  if (!fs.existsSync(out)) {
    process.stderr.write(`[cards-admin] could not start: ${out} is missing; run \`npm run build\` first\n`);
    process.exit(1);
  }
} else if (serverBuildIsStale()) await buildServer();
await import(pathToFileURL(out).href);
