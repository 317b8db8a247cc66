// PostGraphile 4 for bench/peers.ts: the connection-filter plugin with filters through
// relations (an offer's cards' bank), no mutations, no query log. Run with the database's
// URL and the port: `node server.cjs postgres://… 5400`.
const http = require('node:http');
const { postgraphile } = require('postgraphile');
const ConnectionFilterPlugin = require('postgraphile-plugin-connection-filter');

const [url, port] = process.argv.slice(2);
http
  .createServer(
    postgraphile(url, 'public', {
      appendPlugins: [ConnectionFilterPlugin],
      disableDefaultMutations: true,
      disableQueryLog: true,
      graphileBuildOptions: { connectionFilterRelations: true },
    }),
  )
  .listen(Number(port), '127.0.0.1');
