// Directus's CLI without node_modules/directus/cli.js's update check (a call to the npm
// registry at every start): `node run.mjs bootstrap`, `node run.mjs start`.
await import('@directus/api/cli/run.js');
